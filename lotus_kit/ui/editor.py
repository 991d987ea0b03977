"""Moved to :mod:`lotus_kit.white_lotus.screen.editor` (White Lotus's painted position editor, offered by
its screen's ``editor_tool``); this path keeps working. The generic editor of any game's position
description is :mod:`lotus_kit.ui.position_editor`."""

from lotus_kit.white_lotus.screen import editor as _moved
from lotus_kit.white_lotus.screen.editor import *  # noqa: F403


def __getattr__(name: str):
    return getattr(_moved, name)                # the module's other names too (PLAYER_COUNTS, TOOLS)
