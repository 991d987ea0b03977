"""Phase 1: claim provinces (WL-PLACE) — click the board or pick from the list; pass on optional markers."""

from __future__ import annotations

import ipywidgets as widgets

from lotus_kit.ui.phases.text import events_html, linkify, seat_html
from lotus_kit.white_lotus.actions import Pass, PlaceMarker
from lotus_kit.white_lotus.queries import allowance, mandatory
from lotus_kit.white_lotus.screen.phases.base import PhasePanel
from lotus_kit.white_lotus.state import ClaimStep, State

__all__ = ["ClaimsPanel"]


class ClaimsPanel(PhasePanel):
    """Phase 1. Shows markers left per seat, whose turn it is, and the legal provinces of the acting
    seat (also highlighted on the board); a click on the board or "Place marker" claims one; "Pass"
    appears when only optional rice-field markers are left (WL-PLACE-4).

    >>> from lotus_kit.ui.session import GameSession
    >>> s = GameSession(players=3, seed=1, first_emperor=0, seats=["human", "heuristic", "heuristic"])
    >>> panel = ClaimsPanel(s)
    >>> panel.province_clicked("CHEN")
    >>> 0 in s.state.markers_on("CHEN"), "claims Chengdu" in panel.feedback.value
    (True, True)
    """

    phase = 1
    title = "Phase 1 · Claim provinces"
    rules = ("WL-PLACE-1", "WL-PLACE-2", "WL-PLACE-3", "WL-PLACE-4")
    intro = ("In turn from the emperor, each player puts one marker on a province holding a neutral chip "
             "(WL-PLACE-2, WL-PLACE-3): 3 markers, plus one optional marker per rice field (WL-PLACE-1).")

    def _build(self) -> list[widgets.Widget]:
        self.province = widgets.Dropdown(description="Province", options=[],
                                         layout=widgets.Layout(width="280px"))
        self.place_button = widgets.Button(description="Place marker", button_style="primary", icon="map-marker",
                                           tooltip="Claim the chosen province (or click it on the board)")
        self.place_button.on_click(lambda _b: self._place())
        self.pass_button = widgets.Button(description="Pass", icon="hand-paper-o",
                                          tooltip="Stop placing optional markers for this year (WL-PLACE-4)")
        self.pass_button.on_click(lambda _b: self._pass())
        self.hint = widgets.HTML()
        self.controls.children = (self.hint, widgets.HBox([self.province, self.place_button, self.pass_button]))
        return []

    # -- views --------------------------------------------------------------------------------------
    def _status(self, state: State) -> str:
        step = state.step
        if not isinstance(step, ClaimStep):
            return ""
        rows = []
        for seat in state.clockwise_from(state.emperor):
            have = allowance(state, seat)
            placed = step.placed[seat]
            extra = have - 3 if have > 3 and not state.rules.designer else 0
            done = step.done >> seat & 1
            turn = " ◀ <b>to place</b>" if seat == step.turn else (" (done)" if done else "")
            rice = f", {extra} optional from rice fields" if extra else ""
            rows.append(f"<li>{seat_html(seat, self.session.who(seat))}: {placed} of {have} placed, "
                        f"<b>{have - placed}</b> left{rice}{turn}</li>")
        order = linkify("Order: the emperor first, then clockwise (WL-PLACE-3).")
        return f'<ul style="margin:2px 0;padding-left:18px">{"".join(rows)}</ul>{order}'

    def _controls(self, state: State, seat: int) -> None:
        legal = self.session.legal(seat)
        places = [a.province for a in legal if isinstance(a, PlaceMarker)]
        can_pass = any(isinstance(a, Pass) for a in legal)
        board = state.board
        options = [(board.province(p).name, p) for p in sorted(places, key=lambda p: board.province(p).name)]
        if [v for _, v in options] != [v for _, v in self.province.options]:
            self.province.options = options
        if options and self.province.value not in places:
            self.province.value = options[0][1]
        self.place_button.disabled = not options
        self.pass_button.layout.display = "inline-flex" if can_pass else "none"
        step: ClaimStep = state.step
        need = mandatory(state, seat)
        placed = step.placed[seat]
        if can_pass:
            why = linkify(f"{self.session.name(seat)}: your first {need} markers are placed; the rest are optional "
                          "rice-field markers: place one or pass (WL-PLACE-4).")
        else:
            why = linkify(f"{self.session.name(seat)}: place marker {placed + 1} (of {allowance(state, seat)}). "
                          "Click a highlighted province on the board or pick it here (WL-PLACE-2).")
        self.hint.value = why

    def _outcome(self, state: State) -> str:
        log = self.session.log_for(self.shown_year(state), self.phase)
        events = [e.event for e in log if e.event.kind != "PhaseStarted"]
        return events_html(events, empty="No marker placed yet this year.", newest_first=True, max_height=150)

    # -- actions ------------------------------------------------------------------------------------
    def province_clicked(self, province: str) -> None:
        seat = self.clicker()
        if seat is not None:
            self.act(PlaceMarker(seat, province))

    def _place(self) -> None:
        seat = self.clicker()
        if seat is None:
            return
        if not self.province.value:
            self.refuse("Pick a province first (WL-PLACE-2).")
            return
        self.act(PlaceMarker(seat, self.province.value))

    def _pass(self) -> None:
        seat = self.clicker()
        if seat is not None:
            self.act(Pass(seat))
