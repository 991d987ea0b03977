"""Moved to :mod:`lotus_kit.white_lotus.screen.phases.gameover` (a White Lotus panel); this path keeps working."""

from lotus_kit.white_lotus.screen.phases import gameover as _moved
from lotus_kit.white_lotus.screen.phases.gameover import *  # noqa: F403


def __getattr__(name: str):
    return getattr(_moved, name)                # the module's other names too
