"""One C module, ``lotus_kit_speedups``; the rest of the package description is in pyproject.toml."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("lotus_kit_speedups", ["lotus_kit_speedups.c"], extra_compile_args=["-O2"])])
