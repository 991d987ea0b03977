"""Moved to :mod:`lotus_kit.ming.analysis`; this path keeps working."""

from lotus_kit.ming import analysis as _moved
from lotus_kit.ming.analysis import *  # noqa: F403


def __getattr__(name: str):
    return getattr(_moved, name)
