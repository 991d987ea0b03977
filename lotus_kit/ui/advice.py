"""Advice at a step of a game: the host of a game's advisor (its screen's ``advisor_tool``).

A game offers advice through its screen (:meth:`lotus_kit.ui.screen.GameScreen.advisor_tool`, default
None: the explorer's advice section stays off the page). An advisor tool is small and knows its game:

- ``title``: the section's name ("Advice: the equilibrium of the sealed choice shown");
- ``view(game, state)``: the widget showing the advice on ``state``, with ``show(state)`` to move it
  to another state and ``state`` (the state shown). The explorer makes it the first time its section
  is opened and calls ``show`` while the section stays open; closed, it costs nothing.

Most advisors say something to the seat (or seats) to act: they subclass :class:`SeatAdvice` and
write ``advise(game, state, seat) -> text`` (plain words with rule ids, one line per newline) and
``why_not(game, state)`` for the steps they do not answer; its :class:`AdvicePanel` does the rest:
one block per seat to act, headed by the seat's name, a failure shown as a message and never a
traceback. White Lotus's equilibrium advisor (:mod:`lotus_kit.white_lotus.screen.advisor`) brings a
widget of its own instead (settings, charts).

Advice is an analyst's view: it may use everything in the state (every seat's cards). The explorer
is for looking at a game after it is played; a table never shows advice.
"""

from __future__ import annotations

import logging
from html import escape
from typing import Any, Protocol

import ipywidgets as widgets

from lotus_kit.ui.phases.text import box, linkify, seat_html
from lotus_kit.ui.screen import screen_for

__all__ = ["AdvicePanel", "AdvisorTool", "SeatAdvice"]

log = logging.getLogger(__name__)


class AdvisorTool(Protocol):
    title: str

    def view(self, game: Any, state: Any) -> Any: ...


class SeatAdvice:
    """An advisor that speaks to the seat(s) to act; subclass and write :meth:`advise`."""

    title = "Advice for the seat to act"
    intro = "An analyst's view: the advice may use every seat's cards."

    def why_not(self, game: Any, state: Any) -> str | None:
        """None where the advisor answers; else why not, in words with the rule id (default: the game
        is over)."""
        return "The game is over: there is no decision to advise on." if game.is_over(state) else None

    def advise(self, game: Any, state: Any, seat: int) -> str:
        """The advice to ``seat`` in ``state`` in plain words (the panel escapes it, links the rule
        ids and breaks it at newlines)."""
        raise NotImplementedError

    def view(self, game: Any, state: Any) -> AdvicePanel:
        return AdvicePanel(game, self, state)


class AdvicePanel(widgets.VBox):
    """The advice of a :class:`SeatAdvice` on one state: a block per seat to act (see the module doc)."""

    def __init__(self, game: Any, tool: SeatAdvice, state: Any = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.game = game
        self.tool = tool
        self.state: Any = None
        self.seats: tuple[int, ...] = ()
        self.head = widgets.HTML()
        self.body = widgets.HTML()
        self.children = (self.head, self.body)
        self.add_class("lotus-advice")
        self.head.add_class("lotus-advice-head")
        self.body.add_class("lotus-advice-body")
        self.show(state)

    def show(self, state: Any) -> None:
        """Advise on ``state`` (None: nothing shown)."""
        self.state = state
        self.seats = ()
        if state is None:
            self.head.value = self.body.value = ""
            return
        game = self.game
        try:
            why = self.tool.why_not(game, state)
            if why:
                self.head.value = box(linkify(why, names=False), "info")
                self.body.value = ""
                return
            seats = tuple(sorted(game.to_act(state)))
            colours = screen_for(game).seat_colours(game)
            blocks = []
            for seat in seats:
                lines = self.tool.advise(game, state, seat).splitlines()
                words = "<br>".join(linkify(t, names=False) for t in lines)
                who = seat_html(seat, game.info.seat_name(seat), colours[seat] if seat < len(colours) else None)
                blocks.append(f'<div class="lotus-advice-seat" style="margin:4px 0;line-height:1.45">'
                              f"{who}: {words}</div>")
        except Exception as exc:          # an advisor must never break the page
            log.exception("advice failed")
            self.head.value = ""
            self.body.value = box(linkify(f"The advisor could not answer this: {exc}", names=False), "error")
            return
        self.seats = seats
        self.head.value = (f'<div style="line-height:1.45"><i>{escape(self.tool.intro, quote=False)}</i> '
                           f"{escape(game.decision(state).text, quote=False)}</div>")
        self.body.value = "".join(blocks)
