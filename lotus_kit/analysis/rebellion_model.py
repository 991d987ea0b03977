"""Moved to :mod:`lotus_kit.white_lotus.analysis.rebellion_model` (White Lotus only); this path keeps working."""

from lotus_kit.white_lotus.analysis import rebellion_model as _moved
from lotus_kit.white_lotus.analysis.rebellion_model import *  # noqa: F403


def __getattr__(name: str):
    return getattr(_moved, name)                # the module's other names too (tests read a few)
