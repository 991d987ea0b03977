"""Phase 4: the rebellion (WL-REB) — leaders asked in village order, sealed sides and combat cards,
the tally with the palace and village bonuses, then the winners' rewards."""

from __future__ import annotations

import ipywidgets as widgets

from lotus_kit.ui.phases.text import events_html, linkify, seat_html
from lotus_kit.white_lotus.actions import DeclareRebellion, JoinSide, TakeReward
from lotus_kit.white_lotus.events import RebellionResolved
from lotus_kit.white_lotus.screen.phases.base import CardPicker, PhasePanel
from lotus_kit.white_lotus.screen.phases.conflicts import ChartBox, _fit
from lotus_kit.white_lotus.state import RebellionStep, State
from lotus_kit.white_lotus.views.charts import rebellion_chart

__all__ = ["RebellionPanel"]


def _compact(fig):
    """The tally chart for a panel: the rewards are listed in words above it, so the wide box of rewards
    on its right goes and the chart takes the panel's width."""
    fig.update_layout(annotations=[], margin={"r": 20})
    return _fit(fig)


class RebellionPanel(PhasePanel):
    """Phase 4. ``ask_box``: lead or decline when asked (WL-REB-2); ``side_box``: a side (non-leaders)
    and combat cards, sealed (WL-REB-3, -4); ``reward_box``: a province of a loser next to one of yours
    (highlighted on the board; click it or pick it) or a VP chip (WL-REB-9, -10). The tally is drawn
    with :func:`lotus_kit.white_lotus.views.charts.rebellion_chart`.
    """

    phase = 4
    title = "Phase 4 · Rebellion"
    rules = ("WL-REB-1", "WL-REB-2", "WL-REB-5", "WL-REB-6", "WL-REB-9", "WL-REB-10")
    intro = ("Players with villages are asked in order of villages, most first, whether they lead a rebellion "
             "(WL-REB-2). Then everyone picks a side and commits combat cards, sealed (WL-REB-3, WL-REB-4); the "
             "emperor adds 2 per palace, the leader 1 per village (WL-REB-5); a tie goes to the emperor (WL-REB-6).")

    def _build(self) -> list[widgets.Widget]:
        self.hint = widgets.HTML()
        self.lead_button = widgets.Button(description="Lead the rebellion", button_style="danger", icon="fire",
                                          layout=widgets.Layout(width="auto"))
        self.lead_button.on_click(lambda _b: self._answer(True))
        self.decline_button = widgets.Button(description="Decline", icon="times", layout=widgets.Layout(width="auto"))
        self.decline_button.on_click(lambda _b: self._answer(False))
        self.ask_box = widgets.HBox([self.lead_button, self.decline_button])
        self.side = widgets.ToggleButtons(options=[], description="Side:", value=None, style={"button_width": "auto"})
        self.combat = CardPicker("combat", "Combat cards to commit (press to select):")
        self.join_button = widgets.Button(description="Commit (sealed)", button_style="warning", icon="lock",
                                          layout=widgets.Layout(width="auto"))
        self.join_button.on_click(lambda _b: self._join())
        self.side_box = widgets.VBox([self.side, self.combat, self.join_button])
        self.reward = widgets.Dropdown(description="Province", options=[], layout=widgets.Layout(width="280px"))
        self.take_button = widgets.Button(description="Take province", button_style="success",
                                          layout=widgets.Layout(width="auto"))
        self.take_button.on_click(lambda _b: self._take())
        self.vp_button = widgets.Button(description="Take a VP chip instead", icon="star",
                                        layout=widgets.Layout(width="auto"))
        self.vp_button.on_click(lambda _b: self._take_vp())
        self.reward_box = widgets.HBox([self.reward, self.take_button, self.vp_button],
                                       layout=widgets.Layout(flex_flow="row wrap"))
        self.controls.children = (self.hint, self.ask_box, self.side_box, self.reward_box)
        self.tally = widgets.HTML()
        self.chart = ChartBox(layout=widgets.Layout(display="none", overflow="auto", width="100%", flex="0 0 auto"))
        return [self.tally, self.chart]

    # -- views --------------------------------------------------------------------------------------
    def _status(self, state: State) -> str:
        step = state.step
        if not isinstance(step, RebellionStep):
            return ""
        order = " → ".join(f"{seat_html(s)} ({state.villages(s)} village{'s' if state.villages(s) != 1 else ''})"
                           for s in step.ask_order)
        lines = [f"Asked in village order: {order} " + linkify("(WL-REB-1, WL-REB-2).")]
        if step.leader < 0:
            asked = step.ask_order[step.asked]
            lines.append(f"Now asked: {seat_html(asked, self.session.who(asked))}.")
        else:
            lines.append(f"Emperor {seat_html(state.emperor)} (+2 per palace: {2 * state.palaces(state.emperor)}) "
                         f"against rebel leader {seat_html(step.leader)} (+1 per village: "
                         f"{state.villages(step.leader)}) " + linkify("(WL-REB-5)."))
            if not step.winner:
                done = {c.seat for c in step.commitments}
                marks = ", ".join(f"{seat_html(s)} {'✓' if s in done else '…'}" for s in range(state.players))
                lines.append(f"Sealed commitments: {marks} " + linkify("(WL-INFO-3)."))
            else:
                taker = step.reward_order[step.rewarded] if step.rewarded < len(step.reward_order) else None
                order = " → ".join(seat_html(s) for s in step.reward_order)
                lines.append(f"The {step.winner} win. Rewards in order: {order} " + linkify("(WL-REB-8)."))
                if taker is not None:
                    lines.append(f"Now choosing: {seat_html(taker, self.session.who(taker))}.")
        return "<br>".join(lines)

    def _controls(self, state: State, seat: int) -> None:
        step: RebellionStep = state.step
        for b in (self.ask_box, self.side_box, self.reward_box):
            b.layout.display = "none"
        name = self.session.name(seat)
        if step.leader < 0:
            self.ask_box.layout.display = "flex"
            self.hint.value = linkify(
                f"{name}, you own {state.villages(seat)} village(s): will you lead a rebellion against emperor "
                f"{self.session.name(state.emperor)}? (WL-REB-2)")
        elif not step.winner:
            leader = step.leader
            if seat in (state.emperor, leader):
                own = "emperor" if seat == state.emperor else "rebels"
                options = [(f"{'Emperor' if own == 'emperor' else 'Rebels'} (you lead)", own)]
            else:
                options = [(f"Emperor ({self.session.name(state.emperor)})", "emperor"),
                           (f"Rebels ({self.session.name(leader)})", "rebels")]
            if list(self.side.options) != options:
                self.side.options = options
                self.side.value = options[0][1] if len(options) == 1 else None
            self.combat.set_cards(state.hands[seat].combat_cards())
            self.side_box.layout.display = "flex"
            self.hint.value = linkify(
                f"{name}: pick a side with a dragon card (everyone but the leaders must, WL-REB-3, WL-REB-14) and "
                "commit any combat cards, sealed (WL-REB-4). All committed cards are discarded (WL-REB-7).")
        else:
            legal = self.session.legal(seat)
            places = [a.province for a in legal if isinstance(a, TakeReward) and a.province]
            board = state.board
            options = [(board.province(p).name, p) for p in places]
            if [v for _, v in options] != [v for _, v in self.reward.options]:
                self.reward.options = options
            if places and self.reward.value not in places:
                self.reward.value = places[0]
            self.reward.layout.display = self.take_button.layout.display = "flex" if places else "none"
            self.reward_box.layout.display = "flex"
            self.hint.value = linkify(
                f"{name}, your reward: a province of a losing player that borders one of yours (highlighted; no "
                "loser gives up more than one, WL-REB-10), or a VP chip (WL-REB-9).")

    def _outcome(self, state: State) -> str:
        year = self.shown_year(state)
        entries = [e for e in self.session.log_for(year, self.phase) if e.event.kind != "PhaseStarted"]
        tally = next((e for e in reversed(entries) if isinstance(e.event, RebellionResolved)), None)
        if tally is not None:
            after = [e.event for e in entries if e.index >= tally.index]
            self.tally.value = "<b>The tally</b>:" + events_html(after, max_height=None)
            self.chart.show((year, tally.index, len(after)), lambda: _compact(rebellion_chart(after)))
            entries = [e for e in entries if e.index < tally.index]
        else:
            self.tally.value = ""
            self.chart.show(None, lambda: None)
        return "<b>This year's phase 4</b>:" + events_html([e.event for e in entries], newest_first=True,
                                                          empty="Nothing yet.", max_height=150)

    # -- actions ------------------------------------------------------------------------------------
    def _answer(self, lead: bool) -> None:
        seat = self.clicker()
        if seat is not None:
            self.act(DeclareRebellion(seat, lead))

    def _join(self) -> None:
        seat = self.clicker()
        if seat is None:
            return
        step = self.session.state.step
        leader = step.leader if isinstance(step, RebellionStep) else -1
        if self.side.value is None and seat not in (self.session.state.emperor, leader):
            self.refuse("Pick a side first: the emperor's or the rebels' (WL-REB-3, WL-REB-14).")
            return
        side = None if seat in (self.session.state.emperor, leader) else self.side.value
        if self.act(JoinSide(seat, side, self.combat.selected)):
            self.combat.clear()

    def province_clicked(self, province: str) -> None:
        seat = self.clicker()
        if seat is None:
            return
        step = self.session.state.step
        if int(self.session.state.phase) == 4 and isinstance(step, RebellionStep) and not step.winner:
            self.refuse("The rebellion is not decided yet: nothing to take on the board now (WL-REB-8).")
            return
        self.act(TakeReward(seat, province))

    def _take(self) -> None:
        seat = self.clicker()
        if seat is not None and self.reward.value:
            self.act(TakeReward(seat, self.reward.value))

    def _take_vp(self) -> None:
        seat = self.clicker()
        if seat is not None:
            self.act(TakeReward(seat, None))
