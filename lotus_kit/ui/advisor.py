"""Moved to :mod:`lotus_kit.white_lotus.screen.advisor` (White Lotus's equilibrium advisor, offered by
its screen's ``advisor_tool``); this path keeps working. The generic host is :mod:`lotus_kit.ui.advice`."""

from lotus_kit.white_lotus.screen import advisor as _moved
from lotus_kit.white_lotus.screen.advisor import *  # noqa: F403


def __getattr__(name: str):
    return getattr(_moved, name)                # the module's other names too
