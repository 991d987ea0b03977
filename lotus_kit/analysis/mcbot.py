"""Moved to :mod:`lotus_kit.white_lotus.analysis.mcbot` (White Lotus only); this path keeps working."""

from lotus_kit.white_lotus.analysis import mcbot as _moved
from lotus_kit.white_lotus.analysis.mcbot import *  # noqa: F403


def __getattr__(name: str):
    return getattr(_moved, name)                # the module's other names too (tests read a few)
