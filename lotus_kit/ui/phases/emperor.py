"""Moved to :mod:`lotus_kit.white_lotus.screen.phases.emperor` (a White Lotus panel); this path keeps working."""

from lotus_kit.white_lotus.screen.phases import emperor as _moved
from lotus_kit.white_lotus.screen.phases.emperor import *  # noqa: F403


def __getattr__(name: str):
    return getattr(_moved, name)                # the module's other names too
