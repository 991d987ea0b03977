"""Phase 6: new provinces (WL-TERR) — the drawn chip, a legal empty province, temple extras."""

from __future__ import annotations

import ipywidgets as widgets

from lotus_kit.ui.phases.text import events_html, linkify, seat_html
from lotus_kit.white_lotus.actions import PlaceChip, TempleDraw
from lotus_kit.white_lotus.board import BUILDING_NAMES
from lotus_kit.white_lotus.screen.phases.base import PhasePanel
from lotus_kit.white_lotus.state import State, TerritoryStep

__all__ = ["TerritoriesPanel"]


class TerritoriesPanel(PhasePanel):
    """Phase 6. In turn from the emperor each player draws the top chip of the pool and puts it on an
    empty province next to a chip (highlighted on the board: click it, or pick it in ``province``);
    per temple he may draw once more, deciding before the draw (``temple_box``, WL-TERR-3, WL-TERR-7).
    """

    phase = 6
    title = "Phase 6 · New provinces"
    rules = ("WL-TERR-1", "WL-TERR-2", "WL-TERR-3", "WL-TERR-7")
    intro = ("From the emperor clockwise, each player draws a chip and places it on an empty province next to a "
             "chip (WL-TERR-1, WL-TERR-2); each temple allows one more draw (WL-TERR-3).")

    def _build(self) -> list[widgets.Widget]:
        self.hint = widgets.HTML()
        self.province = widgets.Dropdown(description="Province", options=[], layout=widgets.Layout(width="280px"))
        self.place_button = widgets.Button(description="Place chip", button_style="primary", icon="map-pin",
                                           layout=widgets.Layout(width="auto"))
        self.place_button.on_click(lambda _b: self._place())
        self.place_box = widgets.HBox([self.province, self.place_button])
        self.draw_button = widgets.Button(description="Draw again (temple)", button_style="info",
                                          layout=widgets.Layout(width="auto"))
        self.draw_button.on_click(lambda _b: self._temple(True))
        self.stop_button = widgets.Button(description="No more draws", layout=widgets.Layout(width="auto"))
        self.stop_button.on_click(lambda _b: self._temple(False))
        self.temple_box = widgets.HBox([self.draw_button, self.stop_button])
        self.controls.children = (self.hint, self.place_box, self.temple_box)
        return []

    def _status(self, state: State) -> str:
        step = state.step
        if not isinstance(step, TerritoryStep):
            return ""
        order = " → ".join(seat_html(s) for s in step.order)
        seat = step.order[step.index] if step.index < len(step.order) else None
        lines = [f"Order: {order} " + linkify("(WL-TERR-1).") + f" Chips left in the pool: {len(state.pool)}."]
        if seat is not None:
            who = seat_html(seat, self.session.who(seat))
            if step.drawn:
                lines.append(f"{who} drew a <b>{BUILDING_NAMES[step.drawn]} ({step.drawn})</b> and places it "
                             + linkify("(WL-TERR-2)."))
            elif step.asking_temple:
                lines.append(f"{who} may use a temple's extra draw ({step.temples_left} left) "
                             + linkify("(WL-TERR-3, WL-TERR-7)."))
        return "<br>".join(lines)

    def _controls(self, state: State, seat: int) -> None:
        step: TerritoryStep = state.step
        self.place_box.layout.display = "none"
        self.temple_box.layout.display = "none"
        name = self.session.name(seat)
        if step.asking_temple:
            self.temple_box.layout.display = "flex"
            self.hint.value = linkify(f"{name}: you own temples; draw one more chip? Decide before you see it; "
                                      "declining ends your temple draws this year (WL-TERR-7).")
            return
        places = [a.province for a in self.session.legal(seat) if isinstance(a, PlaceChip)]
        board = state.board
        options = [(board.province(p).name, p) for p in sorted(places, key=lambda p: board.province(p).name)]
        if [v for _, v in options] != [v for _, v in self.province.options]:
            self.province.options = options
        if places and self.province.value not in places:
            self.province.value = options[0][1]
        self.place_box.layout.display = "flex"
        chip = BUILDING_NAMES.get(step.drawn, "chip")
        self.hint.value = linkify(f"{name}, you drew a {chip} ({step.drawn}). Place it on an empty province next to "
                                  "a chip: click a highlighted one on the board or pick it here (WL-TERR-2). It stays "
                                  "neutral until claimed next year (WL-TERR-6).")

    def _outcome(self, state: State) -> str:
        log = self.session.log_for(self.shown_year(state), self.phase)
        entries = [e.event for e in log if e.event.kind != "PhaseStarted"]
        return events_html(entries, empty="No chip drawn yet this year.", newest_first=True, max_height=150)

    def province_clicked(self, province: str) -> None:
        seat = self.clicker()
        if seat is not None:
            self.act(PlaceChip(seat, province))

    def _place(self) -> None:
        seat = self.clicker()
        if seat is not None and self.province.value:
            self.act(PlaceChip(seat, self.province.value))

    def _temple(self, draw: bool) -> None:
        seat = self.clicker()
        if seat is not None:
            self.act(TempleDraw(seat, draw))
