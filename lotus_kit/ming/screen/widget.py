"""The Ming board as a live widget at the table: one plotly ``FigureWidget`` brought to each new state
in place (:func:`lotus_kit.views.figure_update.morph`: only what changed is sent), clickable where a
decision needs a place on the board.

A click gives the panel a *spot*: a district ("P2.L", from its rhombus or anything drawn in it), a
border ("P1.R~P2.L", its transport symbol) or a province space ("space:RED"). Headless,
:meth:`MingBoard.click` sends the message a browser click sends, so tests run the whole path:

>>> from lotus_kit.ming.game import MING
>>> board = MingBoard(MING.new_game(3, seed=1))
>>> got = []
>>> board.on_province_click(got.append)
>>> board.click("P2.L"); board.click("P1.L~P1.T"); board.click("space:RED"); got
['P2.L', 'P1.L~P1.T', 'space:RED']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from lotus_kit.ming.actions import Move, PlaceMember, PlaceNeutral, PlacePrince, TakeCard, TakeDragon
from lotus_kit.ming.engine import legal_actions
from lotus_kit.ming.screen.board import board_figure, border_id, space_id
from lotus_kit.ming.state import State
from lotus_kit.ui.board import LiveFigureWidget, SyncOnDisplay
from lotus_kit.views.figure_update import morph

__all__ = ["MingBoard", "legal_spots"]

DISTRICT = "district:"


def legal_spots(state: State) -> set[str]:
    """The spots the decision now can use (drawn highlighted): districts for a prince, a neutral
    piece or a move; province spaces for phases 1 and 2; the prince's district when deploying."""
    if state.is_over:
        return set()
    seat = min(state.to_act_seats)
    spots: set[str] = set()
    if state.phase == "deploy":
        here = state.prince(seat)
        return {here} if here else set()
    if state.phase not in ("place_prince", "place_neutral", "phase1", "phase2", "phase3"):
        return spots
    for a in legal_actions(state, seat):
        if isinstance(a, PlacePrince | PlaceNeutral):
            spots.add(a.district)
        elif isinstance(a, Move):
            spots.add(a.to)
        elif isinstance(a, PlaceMember | TakeCard | TakeDragon):
            spots.add(space_id(a.space))
    return spots


class MingBoard(SyncOnDisplay, widgets.VBox):
    """The board of ``state`` (``.figure``, a live ``FigureWidget``): :meth:`show` brings it to another
    state in place, :meth:`on_province_click` hears clicks on districts, borders and province spaces,
    :meth:`click` simulates one. ``highlight``: the spots drawn as usable (None: those of the decision now)."""

    def __init__(self, state: State, *, width: int = 900, highlight: Iterable[str] | None = None,
                 locked: bool = False, **kwargs: Any):
        self.state = state
        self.width = width
        self.locked = locked
        self._highlight = None if highlight is None else tuple(highlight)
        fig = self._figure(state)
        # validated when it was built: plotly's second validation is skipped (as the White Lotus board)
        self.figure = LiveFigureWidget(fig.to_dict(), _validate=False)
        self.figure._validate = True
        self._callbacks: list[Callable[[str], None]] = []
        self.clicks: list[str] = []            # every spot clicked, in order (handy in tests)
        for trace in self.figure.data:
            if (isinstance(trace.meta, str) and trace.meta.startswith(DISTRICT)) or trace.customdata is not None:
                trace.on_click(self._plotly_click)
        kwargs.setdefault("layout", widgets.Layout(align_items="flex-start"))
        super().__init__(children=[self.figure], **kwargs)
        self.add_class("lotus-board")
        self.add_class("ming-board")

    def _figure(self, state: State) -> Any:
        lit = legal_spots(state) if self._highlight is None else set(self._highlight)
        return board_figure(state, width=self.width, highlight=lit, locked=self.locked)

    # -- state ----------------------------------------------------------------------------------------
    def show(self, state: State, highlight: Iterable[str] | None = None) -> int:
        """Bring the board to ``state`` in place; returns how many properties changed."""
        self.state = state
        self._highlight = None if highlight is None else tuple(highlight)
        changed = morph(self.figure, self._figure(state))
        if changed:
            self.figure.sync_if_unseen()
        return changed

    def reshape(self, state: State, highlight: Iterable[str] | None = None, *, width: int | None = None,
                projector: bool | None = None, locked: bool | None = None) -> int:
        """Another width or pan/zoom lock in place (projector mode draws the same board)."""
        if width is not None:
            self.width = int(width)
        if locked is not None:
            self.locked = bool(locked)
        return self.show(state, highlight)

    def highlighted(self) -> set[str]:
        return legal_spots(self.state) if self._highlight is None else set(self._highlight)

    # -- clicks ---------------------------------------------------------------------------------------
    def on_province_click(self, callback: Callable[[str], None], remove: bool = False) -> None:
        """Call ``callback(spot)`` whenever a district, border or province space is clicked."""
        if remove:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def _plotly_click(self, trace: Any, points: Any, _state: Any) -> None:
        """plotly calls this once per trace for each click; only the clicked trace has points."""
        if not points.point_inds:
            return
        if isinstance(trace.meta, str) and trace.meta.startswith(DISTRICT):
            spot = trace.meta[len(DISTRICT):]
        else:
            index = points.point_inds[0]
            data = trace.customdata
            if index is None or data is None or not 0 <= index < len(data):
                return
            spot = str(data[index])
        self.clicks.append(spot)
        for callback in list(self._callbacks):
            callback(spot)

    def click(self, spot: str) -> None:
        """Send the message a browser sends when ``spot`` is clicked (a district's rhombus, a border's
        symbol, a province space)."""
        data = self.figure.data
        if "~" in spot:
            spot = border_id(*spot.split("~", 1))          # a border in either order
        if spot in self.state.board.district_names:
            k, index = next(k for k, t in enumerate(data) if t.meta == DISTRICT + spot), 0
        else:
            k = next((k for k, t in enumerate(data) if t.meta in ("borders", "spaces") and spot in t.customdata),
                     None)
            if k is None:
                raise ValueError(f"{spot!r} is not a district, border or province space of the board")
            index = list(data[k].customdata).index(spot)
        trace = data[k]
        self.figure._handler_js2py_pointsCallback({"new": {
            "event_type": "plotly_click",
            "points": {"trace_indexes": [k], "point_indexes": [index], "xs": [trace.x[index]], "ys": [trace.y[index]]},
            "device_state": None, "selector": None}})
