"""White Lotus's board as a live widget: one plotly ``FigureWidget``, updated in place, with province clicks.

:class:`BoardWidget` wraps :func:`lotus_kit.white_lotus.views.board.board_figure` in a
:class:`~lotus_kit.ui.board.LiveFigureWidget` once, and brings it to each new state with
:func:`lotus_kit.white_lotus.views.board.update_board`: one ``batch_update``, only the properties that changed,
never a new figure per click.

Clicking a province in the browser calls every callback given to :meth:`BoardWidget.on_province_click`
with the province id (``"CHEN"``). Clicks reach Python through plotly's own ``plotly_click`` event
of the FigureWidget; they were checked in JupyterLab and Voilà with Chromium (see
``tests/e2e``). Each province has an invisible hit marker at its seat, its lotus or dragon symbol
and its filled outline (``hoveron="fills"``); any of them counts. Where clicks cannot reach the
kernel (a static export, a renderer without widgets), the optional province picker
(``picker=True``) does the same job, and every phase panel also lists its legal provinces.

Headless (tests, no browser), :meth:`BoardWidget.click` sends the same message a browser click
would send, so the whole path from plotly's event to the callbacks is exercised:

>>> from lotus_kit.white_lotus.engine import new_game
>>> board = BoardWidget(new_game(4, seed=3))
>>> got = []
>>> board.on_province_click(got.append)
>>> board.click("CHEN"); got
['CHEN']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import ipywidgets as widgets

from lotus_kit.ui.board import LiveFigureWidget, SyncOnDisplay
from lotus_kit.white_lotus.state import State
from lotus_kit.white_lotus.views.board import (
    DRAGONS,
    HIT,
    LOTUS,
    PROVINCE,
    board_figure,
    highlighted,
    legal_provinces,
    reshape_board,
    update_board,
)

__all__ = ["BoardWidget"]

ClickCallback = Callable[[str], None]


class BoardWidget(SyncOnDisplay, widgets.VBox):
    """The board of ``state`` as a ``go.FigureWidget`` (``.figure``), optionally with a province picker.

    - :meth:`show` brings it to another state in place (returns how many properties changed);
    - :meth:`on_province_click` registers ``callback(province_id)`` for clicks on the board and picks
      in the picker;
    - :meth:`click` simulates a browser click (for tests and scripted demos).

    ``width`` is the figure width in pixels (the height follows); ``groups`` outlines each player's
    largest connected group (WL-SCORE-2); ``hanzi`` writes the Chinese names.
    """

    def __init__(self, state: State, *, width: int = 900, groups: bool = False, hanzi: bool = True,
                 picker: bool = False, highlight: Iterable[str] | None = None, **kwargs):
        self.state = state
        self._highlight = None if highlight is None else tuple(highlight)
        fig = board_figure(state, self._highlight, groups=groups, hanzi=hanzi, width=width)
        # the figure was validated when it was built: skip plotly's second validation (~10x faster)
        self.figure = LiveFigureWidget(fig.to_dict(), _validate=False)
        self.figure._validate = True
        self._callbacks: list[ClickCallback] = []
        self._province_ids = [t.meta[len(PROVINCE):] for t in self.figure.data
                              if isinstance(t.meta, str) and t.meta.startswith(PROVINCE)]
        self._hit_index = next(k for k, t in enumerate(self.figure.data) if t.meta == HIT)
        self._hit_ids = [str(pid) for pid in self.figure.data[self._hit_index].customdata]
        # the lotus and dragon symbols sit beside the seat: a click on one is a click on its province
        provinces = state.board.provinces
        self._point_ids = {HIT: self._hit_ids,
                           LOTUS: [p.id for p in provinces if p.lotus],
                           DRAGONS: [p.id for p in provinces if p.dragon]}
        for trace in self.figure.data:
            if trace.meta in self._point_ids or (isinstance(trace.meta, str) and trace.meta.startswith(PROVINCE)):
                trace.on_click(self._plotly_click)
        self.clicks: list[str] = []          # every province clicked, in order (handy in tests)
        self.picker = widgets.Dropdown(description="Province", options=[], layout=widgets.Layout(width="260px"))
        self.pick_button = widgets.Button(description="Choose", icon="hand-pointer-o",
                                          tooltip="The same as clicking the province on the board")
        self.pick_button.on_click(lambda _b: self._picked())
        self.picker_box = widgets.HBox([self.picker, self.pick_button],
                                       layout=widgets.Layout(display="flex" if picker else "none"))
        self._refresh_picker()
        kwargs.setdefault("layout", widgets.Layout(align_items="flex-start"))
        super().__init__(children=[self.figure, self.picker_box], **kwargs)
        self.add_class("lotus-board")

    # -- state ----------------------------------------------------------------------------------------
    def show(self, state: State, highlight: Iterable[str] | None = None) -> int:
        """Bring the board to ``state`` in place; ``highlight`` names the selectable provinces
        (default: those legal for the current decision). Returns how many properties changed."""
        self.state = state
        self._highlight = None if highlight is None else tuple(highlight)
        changed = update_board(self.figure, state, self._highlight)
        if changed:
            self.figure.sync_if_unseen()
        self._refresh_picker()
        return changed

    def reshape(self, state: State, highlight: Iterable[str] | None = None, *, width: int | None = None,
                projector: bool | None = None, locked: bool | None = None) -> int:
        """Another size or mode in place (:func:`lotus_kit.white_lotus.views.board.reshape_board`); options left
        None stay. Returns how many properties were set."""
        return reshape_board(self.figure, state, highlight, width=width, projector=projector, locked=locked)

    def highlighted(self) -> set[str]:
        """The provinces drawn as selectable now."""
        return highlighted(self.figure)

    def _refresh_picker(self) -> None:
        legal = sorted(legal_provinces(self.state) if self._highlight is None else self._highlight)
        board = self.state.board
        options = [(board.province(pid).name, pid) for pid in legal]
        if [v for _, v in options] != [v for _, v in self.picker.options]:
            self.picker.options = options
        self.pick_button.disabled = not options

    # -- clicks ---------------------------------------------------------------------------------------
    def on_province_click(self, callback: ClickCallback, remove: bool = False) -> None:
        """Call ``callback(province_id)`` whenever a province is clicked (or picked)."""
        if remove:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def set_picker(self, visible: bool) -> None:
        self.picker_box.layout.display = "flex" if visible else "none"

    def _picked(self) -> None:
        if self.picker.value:
            self._dispatch(self.picker.value)

    def _plotly_click(self, trace, points, _state) -> None:
        """plotly calls this once per trace for each click; only the clicked trace has points."""
        if not points.point_inds:
            return
        if trace.meta in self._point_ids:
            ids = self._point_ids[trace.meta]
            index = points.point_inds[0]
            if index is None or not 0 <= index < len(ids):
                return
            pid = ids[index]
        else:
            pid = trace.meta[len(PROVINCE):]
        self._dispatch(pid)

    def _dispatch(self, pid: str) -> None:
        self.clicks.append(pid)
        for callback in list(self._callbacks):
            callback(pid)

    def click(self, province: str) -> None:
        """Send the message a browser sends when the province's seat is clicked (the hit marker)."""
        index = self._hit_ids.index(province)
        trace = self.figure.data[self._hit_index]
        self.figure._handler_js2py_pointsCallback({"new": {
            "event_type": "plotly_click",
            "points": {"trace_indexes": [self._hit_index], "point_indexes": [index],
                       "xs": [trace.x[index]], "ys": [trace.y[index]]},
            "device_state": None, "selector": None}})
