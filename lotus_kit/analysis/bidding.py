"""Moved to :mod:`lotus_kit.white_lotus.analysis.bidding` (White Lotus only); this path keeps working."""

from lotus_kit.white_lotus.analysis import bidding as _moved
from lotus_kit.white_lotus.analysis.bidding import *  # noqa: F403


def __getattr__(name: str):
    return getattr(_moved, name)                # the module's other names too (tests read a few)
