"""The advisor: what the analysis says about a sealed choice — the bids of a conflict, the sides of a rebellion.

:class:`Advisor` shows, for the state it is given,

- in a conflict (phase 2, WL-CONF-6..10): the equilibrium bids of every participant
  (:func:`lotus_kit.analysis.best_bids`) under an exchange rate the user sets (VP per influence
  point), a utility model (zero-sum or each his own) and a tie model; then the odds of any bid the
  user picks against each opponent model (equilibrium, heuristic bot, uniform random);
- in a rebellion (phase 4, WL-REB-3..6): who backs whom with what at equilibrium
  (:func:`lotus_kit.analysis.best_sides`), for the leader chosen (or each candidate while the
  emperor is still asking, WL-REB-2), and the odds of any side and combat the user picks.

It is an analyst's view: it uses every participant's cards. Use it on a position you set up, in a
lab notebook, or in the explorer after a game — not at a hot-seat table. Two-participant conflicts
and rebellions are solved as soon as they are shown; larger conflicts wait for "Solve" (they take
seconds). Nothing here changes the game; a failure is shown as a message, never a traceback.

>>> from lotus_kit.white_lotus.position import position
>>> s = position({"players": 3, "phase": 2, "emperor": 2,
...     "owners": {"DATO": [2, "P"], "JINA": [2, "T"], "FENG": [2, "R"], "HENA": [1, "F"],
...                "CHEN": [1, "V"], "LUZH": [0, "V"]},
...     "neutral": {"TIAN": "P"}, "markers": {"TIAN": [0, 1]}})
>>> adv = Advisor(s)
>>> adv.kind, type(adv.advice).__name__
('conflict', 'BidAdvice')
>>> frame = adv.choose(0, 0)                 # Red's first option: bid nothing
>>> list(frame["opponents"])
['equilibrium', 'heuristic', 'random']
"""

from __future__ import annotations

import logging
from typing import Any

import ipywidgets as widgets

from lotus_kit.ui.phases.text import box, linkify, seat_html
from lotus_kit.white_lotus.screen.phases.conflicts import ChartBox, _fit
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import Phase, RebellionStep, State

__all__ = ["Advisor", "EquilibriumAdvice"]

log = logging.getLogger(__name__)

TIE_MODELS = (("sends out another if he is tied, else at random", "opponent"), ("picks at random", "uniform"),
              ("leaves himself if he is tied", "self"))


class EquilibriumAdvice:
    """The screen's advisor tool (:mod:`lotus_kit.ui.advice`): an :class:`Advisor` in the explorer."""

    title = "Advice: the equilibrium of the sealed choice shown (bids, sides)"

    def view(self, game: Any, state: State) -> Advisor:
        return Advisor(state)


class Advisor(widgets.VBox):
    """Equilibrium advice and the odds of a chosen bid or side for the state shown (see the module doc).

    ``show(state)`` moves it to another state; ``solve()`` computes (the button); ``choose(seat, k)``
    gives the odds of ``seat``'s option ``k`` (the "your choice" dropdowns) as a DataFrame.
    """

    def __init__(self, state: State | None = None, *, vp_per_point: float = 0.4, auto_solve: bool = True,
                 **kwargs: Any):
        super().__init__(**kwargs)
        self.state: State | None = None
        self.advice: Any = None
        self.kind = ""
        self.auto_solve = auto_solve
        self.head = widgets.HTML()
        self.rate = widgets.FloatSlider(value=vp_per_point, min=0.0, max=1.5, step=0.05, readout_format=".2f",
                                        description="VP per card point", continuous_update=False,
                                        style={"description_width": "initial"},
                                        layout=widgets.Layout(width="340px"))
        self.model = widgets.ToggleButtons(options=[("zero-sum", "zero_sum"), ("own utility", "general_sum")],
                                           value="zero_sum", tooltips=[
                                               "each wants his utility minus the others' (only the winner counts)",
                                               "each wants his own utility"],
                                           style={"button_width": "100px"})
        self.tie = widgets.Dropdown(options=TIE_MODELS, value="opponent", description="ties: the emperor",
                                    style={"description_width": "initial"}, layout=widgets.Layout(width="330px"))
        self.leader = widgets.Dropdown(description="rebel leader", style={"description_width": "initial"},
                                       layout=widgets.Layout(width="230px"))
        self.solve_button = widgets.Button(description="Solve", icon="calculator", button_style="primary",
                                           tooltip="find the equilibrium for these settings")
        self.solve_button.on_click(lambda _b: self.solve())
        self.controls = widgets.HBox([self.rate, self.model, self.tie, self.leader, self.solve_button],
                                     layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.summary = widgets.HTML()
        self.mix_chart = ChartBox(layout=widgets.Layout(display="none", width="100%"))
        self.seat = widgets.Dropdown(description="your choice:", style={"description_width": "initial"},
                                     layout=widgets.Layout(width="200px"))
        self.option = widgets.Dropdown(layout=widgets.Layout(width="300px"))
        self.choice_box = widgets.HBox([self.seat, self.option], layout=widgets.Layout(display="none"))
        self.odds_chart = ChartBox(layout=widgets.Layout(display="none", width="100%"))
        self.message = widgets.HTML()
        self.children = (self.head, self.controls, self.message, self.summary, self.mix_chart, self.choice_box,
                         self.odds_chart)
        for w in (self.rate, self.model, self.tie, self.leader):
            w.observe(self._settings_changed, "value")
        self.seat.observe(self._seat_changed, "value")
        self.option.observe(self._option_changed, "value")
        self._quiet = False
        self.add_class("lotus-advisor")
        for name in ("head", "rate", "model", "tie", "leader", "solve_button", "summary", "seat", "option", "message"):
            getattr(self, name).add_class("lotus-advisor-" + name.replace("_", "-"))
        self.show(state)

    # -- public ------------------------------------------------------------------------------------
    def show(self, state: State | None) -> None:
        """Advise on ``state``: a conflict or a rebellion; anything else gets a short note."""
        self.state = state
        self.advice = None
        self._clear_results()
        kind = _kind(state)
        self.kind = kind
        self.model.layout.display = self.tie.layout.display = "flex" if kind == "conflict" else "none"
        self.leader.layout.display = "none"
        self.controls.layout.display = "flex" if kind else "none"
        if not kind:
            self.head.value = box("The advisor helps with the sealed choices: the bids of a conflict (phase 2, "
                                  "WL-CONF-6) and the sides of a rebellion (phase 4, WL-REB-3). "
                                  "Step to one of them.")
            return
        if kind == "conflict":
            c = state.conflict
            name = state.board.provinces[c.province].name
            who = ", ".join(seat_html(s) for s in c.remaining)
            now = ""
            if c.tied or c.refund_seat >= 0:
                now = (" The bids of this round are revealed and the "
                       + ("emperor breaks the tie" if c.tied else "leaver picks his refund")
                       + ": the advice is for the round as it stood before anyone bid.")
            self.head.value = (f"<b>Conflict for {name}</b>, round {c.round}: {who} bid "
                               f"(<i>an analyst's view: every participant's cards are used</i>).{now}")
            big = len(c.remaining) > 2
        else:
            step: RebellionStep = state.step
            with self._hush():
                if step.leader >= 0:
                    self.leader.options = [(seat_name(step.leader), step.leader)]
                    self.leader.value = step.leader
                else:
                    candidates = step.ask_order[step.asked:]
                    self.leader.options = [(seat_name(s), s) for s in candidates]
                    self.leader.value = candidates[0]
                    self.leader.layout.display = "flex"
            self.head.value = (f"<b>Rebellion</b> against emperor {seat_html(state.emperor)}: sides and combat "
                               f"(<i>an analyst's view: every player's cards are used</i>).")
            big = False
        if self.auto_solve and not big:
            self.solve()
        elif big:
            self.message.value = box("Three or more participants: choose the settings, then <b>Solve</b> "
                                     "(it takes a few seconds).")
        else:
            self.message.value = box("Choose the settings, then <b>Solve</b>.")

    def solve(self) -> tuple[bool, str]:
        """Find the equilibrium for the state and settings shown; (ok, message)."""
        if not self.kind or self.state is None:
            return False, "nothing to solve here"
        self.message.value = box("Solving…")
        try:
            if self.kind == "conflict":
                from lotus_kit.white_lotus.analysis.bidding import best_bids

                self.advice = best_bids(self.state, vp_per_influence=self.rate.value, model=self.model.value,
                                        tie=self.tie.value, progress=False)
            else:
                from lotus_kit.white_lotus.analysis.sides import best_sides

                self.advice = best_sides(self.state, leader=self.leader.value, vp_per_combat=self.rate.value,
                                         progress=False)
            self.message.value = ""
            self._show_advice()
        except Exception as exc:          # analysis failures become a message, not a traceback
            log.exception("advisor: solving failed")
            self.advice = None
            self._clear_results()
            text = f"The analysis could not answer this: {exc}"
            self.message.value = box(linkify(text), "error")
            return False, text
        return True, "solved"

    def choose(self, seat: int, option: int):
        """The odds of ``seat``'s option number ``option`` against each opponent model (a DataFrame)."""
        if self.advice is None:
            raise ValueError("solve first")
        if self.kind == "conflict":
            g = self.advice.game
            target, _ = g.options[seat][option]
            frame = self.advice.odds(seat, g.cards[seat][option], target=target)
            from lotus_kit.white_lotus.views.analysis_charts import bid_odds_chart as chart
        else:
            g = self.advice.game
            frame = self.advice.choice_odds(seat, g.options[seat][option])
            from lotus_kit.white_lotus.views.analysis_charts import side_odds_chart as chart
        self.odds_chart.show((id(self.advice), seat, option), lambda: _fit(chart(frame)))
        return frame

    # -- inside ------------------------------------------------------------------------------------
    def _show_advice(self) -> None:
        a = self.advice
        lines = a.summary().splitlines()
        self.summary.value = ("<div style='line-height:1.5'>" + "<br>".join(linkify(t) for t in lines) + "</div>")
        if self.kind == "conflict":
            from lotus_kit.white_lotus.views.analysis_charts import bid_mix_chart as chart
            seats = a.participants
        else:
            from lotus_kit.white_lotus.views.analysis_charts import sides_chart as chart
            seats = a.game.seats
        self.mix_chart.show(id(a), lambda: _fit(chart(a)))
        with self._hush():
            self.seat.options = [(seat_name(s), s) for s in seats]
            self.seat.value = seats[0]
            self._fill_options(seats[0])
        self.choice_box.layout.display = "flex"
        self._option_changed(None)

    def _fill_options(self, seat: int) -> None:
        g = self.advice.game
        if self.kind == "conflict":
            from lotus_kit.white_lotus.analysis.bidding import bid_label

            many = len(g.participants) > 2
            labels = [bid_label(g.cards[seat][k], g.options[seat][k][0] if many else None)
                      for k in range(len(g.options[seat]))]
        else:
            from lotus_kit.white_lotus.analysis.sides import choice_label

            role = self.advice.role(seat)
            labels = [choice_label(side, g.cards[seat][k], role) for k, (side, _) in enumerate(g.options[seat])]
        # the most likely equilibrium choice first selected: what the user most likely wants to check
        best = int(self.advice.strategies[seat].argmax())
        self.option.options = [(label, k) for k, label in enumerate(labels)]
        self.option.value = best

    def _clear_results(self) -> None:
        self.summary.value = ""
        self.message.value = ""
        self.mix_chart.show(None, lambda: None)
        self.odds_chart.show(None, lambda: None)
        self.choice_box.layout.display = "none"

    def _settings_changed(self, _change: dict) -> None:
        if self._quiet or not self.kind:
            return
        if self.auto_solve and (self.kind == "rebellion" or len(self.state.conflict.remaining) == 2):
            self.solve()
        else:
            self.advice = None
            self._clear_results()
            self.message.value = box("Settings changed: <b>Solve</b> again.")

    def _seat_changed(self, change: dict) -> None:
        if self._quiet or self.advice is None or change["new"] is None:
            return
        try:
            with self._hush():
                self._fill_options(change["new"])
        except Exception as exc:          # shown, not raised
            log.exception("advisor: options failed")
            self.message.value = box(linkify(f"The choices could not be listed: {exc}"), "error")
            return
        self._option_changed(None)

    def _option_changed(self, _change: dict | None) -> None:
        if self._quiet or self.advice is None or self.option.value is None:
            return
        try:
            self.choose(self.seat.value, self.option.value)
        except Exception as exc:          # shown, not raised
            log.exception("advisor: odds failed")
            self.message.value = box(linkify(f"The odds could not be computed: {exc}"), "error")

    class _Hush:
        def __init__(self, owner: Advisor):
            self.owner = owner

        def __enter__(self) -> None:
            self.owner._quiet = True

        def __exit__(self, *exc: object) -> None:
            self.owner._quiet = False

    def _hush(self) -> Advisor._Hush:
        return Advisor._Hush(self)


def _kind(state: State | None) -> str:
    if state is None or state.is_over:
        return ""
    if state.phase == Phase.RESOLVE and state.conflict is not None and len(state.conflict.remaining) >= 2:
        return "conflict"
    step = state.step
    deciding = isinstance(step, RebellionStep) and not step.winner and (step.leader >= 0 or
                                                                        bool(step.ask_order[step.asked:]))
    return "rebellion" if state.phase == Phase.REBELLION and deciding else ""
