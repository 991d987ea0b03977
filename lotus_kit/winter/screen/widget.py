"""The lake as a live widget at the table: one plotly ``FigureWidget`` brought to each state in place,
whose clicks name a grid corner.

A card is put on the lake by its centre and a token by its square's centre, so every click is read as
the nearest grid corner (``"3,1"``, :func:`~lotus_kit.winter.screen.board.spot_id`): an invisible
target sits on every corner in view (the figure's ``hit`` trace). The board also holds the
:class:`~lotus_kit.winter.screen.board.Pointer` of the person playing (the card in hand turned or
not, the card picked up in the thaw): the panels change it, the board marks the spots that fit it.

What the widget sends to the page is computed from ``observation(state, None)``: the order of the
face-down deck never reaches the browser (WIN-CLAR-3).

>>> from lotus_kit.winter.game import WINTER
>>> board = WinterBoard(WINTER.new_game(2, seed=1))
>>> got = []
>>> board.on_province_click(got.append)
>>> board.click("1,1"); got
['1,1']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from lotus_kit.ui.board import LiveFigureWidget, SyncOnDisplay
from lotus_kit.views.figure_update import morph
from lotus_kit.winter.screen.board import HIT, Pointer, board_figure

__all__ = ["WinterBoard"]

ClickCallback = Callable[[str], None]


def _height(width: int) -> int:
    return max(360, round(width * 0.78))


class WinterBoard(SyncOnDisplay, widgets.VBox):
    """The lake of ``state`` (``.figure``): :meth:`show` another state, :meth:`point` another
    pointer, :meth:`on_province_click` for the corners clicked, :meth:`click` to click one from Python."""

    def __init__(self, state: Any, *, width: int = 720, locked: bool = True, **kwargs: Any):
        from lotus_kit.winter.game import WINTER

        self.game = WINTER
        self.state = WINTER.observation(state, None)     # all the page may know (WIN-CLAR-3)
        self.pointer = Pointer()
        self.before: Any = None          # the lake before cards left it: they are drawn as leaving
        self.width = width
        self.locked = locked
        self.clicks: list[str] = []
        self._callbacks: list[ClickCallback] = []
        fig = self._figure()
        self.figure = LiveFigureWidget(fig.to_dict(), _validate=False)
        self.figure._validate = True
        self._hook_clicks()
        kwargs.setdefault("layout", widgets.Layout(align_items="flex-start"))
        super().__init__(children=[self.figure], **kwargs)
        self.add_class("lotus-board")
        self.add_class("winter-lake")

    def _figure(self) -> Any:
        return board_figure(self.state, None, size=(self.width, _height(self.width)), pointer=self.pointer,
                            before=self.before)

    def _hook_clicks(self) -> None:
        hit = next(t for t in self.figure.data if t.meta == HIT)
        hit.on_click(self._plotly_click)

    def _redraw(self) -> int:
        # one message per change, as the other boards send (plotly_update)
        changed = morph(self.figure, self._figure(), one_message=True)
        if changed:
            self.figure.sync_if_unseen()
        return changed

    # -- state ----------------------------------------------------------------------------------------
    def show(self, state: Any, highlight: Any = None) -> int:
        """Bring the lake to ``state`` in place (a new state drops what was picked up and the turn
        of a card in hand). Returns how many properties changed."""
        seen = self.game.observation(state, None)
        if seen == self.state:
            return 0
        # cards that left the lake with the last action (removed or melted, WIN-SPLIT-1) stay on
        # show as dotted ghosts until the next change
        self.before = self.state if len(seen.cards) < len(self.state.cards) else None
        self.state = seen
        self.pointer = Pointer()
        return self._redraw()

    def point(self, pointer: Pointer) -> int:
        """Mark the spots for another pointer (the card turned, a card picked up or put back)."""
        if pointer == self.pointer:
            return 0
        self.pointer = pointer
        return self._redraw()

    def reshape(self, state: Any, highlight: Any = None, *, width: int | None = None, projector: bool | None = None,
                locked: bool | None = None) -> int:
        """Another width in place (the lake is always locked against panning while playing)."""
        if width is not None and width != self.width:
            self.width = width
            seen = self.game.observation(state, None)
            if seen != self.state:
                self.state, self.pointer, self.before = seen, Pointer(), None
            return self._redraw()
        return self.show(state, highlight)

    # -- clicks ---------------------------------------------------------------------------------------
    def on_province_click(self, callback: ClickCallback, remove: bool = False) -> None:
        """Call ``callback(spot)`` with the grid corner (``"3,1"``) of each click on the lake."""
        if remove:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def _plotly_click(self, trace: Any, points: Any, _state: Any) -> None:
        if not points.point_inds:
            return
        index = points.point_inds[0]
        ids = trace.customdata
        if index is None or not 0 <= index < len(ids):
            return
        self._dispatch(str(ids[index]))

    def _dispatch(self, spot: str) -> None:
        self.clicks.append(spot)
        for callback in list(self._callbacks):
            callback(spot)

    def click(self, spot: str) -> None:
        """Send the message a browser sends when the corner ``spot`` (``"3,1"``) is clicked; a corner
        out of view is passed on as it is (the panels refuse it with the rule)."""
        k, trace = next((k, t) for k, t in enumerate(self.figure.data) if t.meta == HIT)
        ids = list(trace.customdata)
        if spot not in ids:
            self._dispatch(spot)
            return
        index = ids.index(spot)
        self.figure._handler_js2py_pointsCallback({"new": {
            "event_type": "plotly_click",
            "points": {"trace_indexes": [k], "point_indexes": [index], "xs": [trace.x[index]], "ys": [trace.y[index]]},
            "device_state": None, "selector": None}})
