"""Shared text helpers of the panels (:mod:`lotus_kit.ui.phases.text`: rule links, seat names, message
boxes), and, under their old path, White Lotus's phase panels, which live in its screen
(:mod:`lotus_kit.white_lotus.screen.phases`). They load on first use: importing the text helpers
loads no game."""

from typing import Any


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    from lotus_kit.white_lotus.screen import phases

    return getattr(phases, name)
