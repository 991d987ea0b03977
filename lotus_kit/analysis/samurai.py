"""Moved to :mod:`lotus_kit.samurai.analysis`; this path keeps working."""

from lotus_kit.samurai import analysis as _moved
from lotus_kit.samurai.analysis import *  # noqa: F403


def __getattr__(name: str):
    return getattr(_moved, name)
