"""Moved to :mod:`lotus_kit.white_lotus.views.board` (White Lotus's figures); this path keeps working."""

from lotus_kit.white_lotus.views import board as _moved
from lotus_kit.white_lotus.views.board import *  # noqa: F403


def __getattr__(name: str):
    return getattr(_moved, name)                # the module's other names too
