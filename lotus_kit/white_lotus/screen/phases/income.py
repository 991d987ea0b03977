"""Phase 5: new cards (WL-CARDS) — income per building as a table, the palace choice, card values."""

from __future__ import annotations

import ipywidgets as widgets

from lotus_kit.ui.phases.text import events_html, linkify, rule_link, seat_html
from lotus_kit.white_lotus.actions import TakeIncome
from lotus_kit.white_lotus.cards import default_split
from lotus_kit.white_lotus.queries import BASE_COMBAT, BASE_INFLUENCE, income
from lotus_kit.white_lotus.screen.phases.base import PhasePanel
from lotus_kit.white_lotus.state import IncomeStep, State

__all__ = ["IncomePanel", "income_table_html", "parse_cards"]


def parse_cards(text: str) -> tuple[int, ...] | None:
    """Card values typed as ``"3, 3, 2"`` or ``"3+3+2"`` (None if it is not a list of whole numbers).

    >>> parse_cards("3+3, 2"), parse_cards(""), parse_cards("3, x")
    ((3, 3, 2), (), None)
    """
    parts = [p for p in text.replace("+", ",").replace(" ", ",").split(",") if p.strip()]
    try:
        return tuple(int(p) for p in parts)
    except ValueError:
        return None


def income_table_html(state: State, seat: int, palaces_for_combat: int = 0) -> str:
    """The income of ``seat`` per building as a table (WL-CARDS-1, WL-CARDS-2)."""
    b = state.buildings(seat)
    p, k = b["P"], palaces_for_combat
    rows = [
        ("every player", "", BASE_INFLUENCE, BASE_COMBAT, "WL-CARDS-1"),
        ("palaces", p, 2 * (p - k), k, "WL-CARDS-2"),
        ("temples", b["T"], 3 * b["T"], 0, "WL-CARDS-2"),
        ("rice fields", b["R"], b["R"], b["R"], "WL-CARDS-2"),
        ("fortresses", b["F"], 0, 2 * b["F"], "WL-CARDS-2"),
        ("villages", b["V"], 0, 0, "WL-CARDS-2"),
    ]
    inf, com = income(state, seat, k)
    body = "".join(
        f"<tr><td style='text-align:left'>{name}</td><td>{n}</td><td>{i}</td><td>{c}</td><td>{rule_link(r)}</td></tr>"
        for name, n, i, c, r in rows)
    note = f"<br><small>{p - k} palace(s) pay 2 influence, {k} pay 1 combat.</small>" if p else ""
    return ('<table style="border-collapse:collapse;text-align:center" cellpadding="3" border="1" '
            'bordercolor="#d8cfbb"><tr><th>from</th><th>owned</th><th>influence</th><th>combat</th><th>rule</th></tr>'
            f"{body}<tr><td style='text-align:left'><b>total</b></td><td></td><td><b>{inf}</b></td>"
            f"<td><b>{com}</b></td><td></td></tr></table>{note}")


class IncomePanel(PhasePanel):
    """Phase 5 (sealed, everyone at once). The acting seat sees his income per building
    (:func:`income_table_html`), chooses how many palaces pay combat instead of influence
    (``palaces``), may type the card values of each total (``influence_cards``, ``combat_cards``;
    default largest values first, WL-CARDS-6) and takes it (``take_button``).
    """

    phase = 5
    title = "Phase 5 · New cards"
    rules = ("WL-CARDS-1", "WL-CARDS-2", "WL-CARDS-3", "WL-CARDS-6")
    intro = ("Everyone takes 10 influence and 2 combat, plus income from his buildings (WL-CARDS-1, WL-CARDS-2); "
             "each palace pays 2 influence or 1 combat, as its owner chooses.")

    def _build(self) -> list[widgets.Widget]:
        self.hint = widgets.HTML()
        self.table = widgets.HTML()
        self.palaces = widgets.BoundedIntText(value=0, min=0, max=0, description="Palaces paying combat:",
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(width="230px"))
        self.palaces.observe(lambda _c: self._update_table(), "value")
        self.influence_cards = widgets.Text(description="Influence cards:", style={"description_width": "initial"},
                                            layout=widgets.Layout(width="300px"))
        self.combat_cards = widgets.Text(description="Combat cards:", style={"description_width": "initial"},
                                         layout=widgets.Layout(width="300px"))
        self.take_button = widgets.Button(description="Take income", button_style="success", icon="download",
                                          layout=widgets.Layout(width="auto"))
        self.take_button.on_click(lambda _b: self._take())
        self.controls.children = (self.hint, self.table, self.palaces, self.influence_cards, self.combat_cards,
                                  self.take_button)
        self._for: tuple[int, int, int] | None = None
        return []

    def _status(self, state: State) -> str:
        step = state.step
        if not isinstance(step, IncomeStep):
            return ""
        done = {c.seat for c in step.choices}
        rows = []
        for s in range(state.players):
            inf, com = income(state, s, 0)
            mark = "✓ taken" if s in done else "…"
            rows.append(f"{seat_html(s)} {inf} influence / {com} combat {mark}")
        return ("Income with every palace paying influence (buildings are public): " + "; ".join(rows) + ". "
                + linkify("The palace choices are sealed (WL-INFO-3)."))

    def _controls(self, state: State, seat: int) -> None:
        palaces = state.palaces(seat)
        key = (len(self.session.states), seat, palaces)
        if key != self._for:            # a new decision: reset the inputs
            self._for = key
            self.palaces.max = palaces
            self.palaces.value = 0
            self.palaces.disabled = palaces == 0
            self._update_table(reset_cards=True)
        finite = state.supply is not None
        self.influence_cards.disabled = self.combat_cards.disabled = finite
        self.hint.value = linkify(
            f"{self.session.name(seat)}, your income this year. Change the card values if you like (any split of "
            "the total into 1s, 2s and 3s, WL-CARDS-3, WL-CARDS-6)"
            + ("; with a finite supply they are paid largest first from what is there." if finite else "."))

    def _update_table(self, reset_cards: bool = True) -> None:
        state = self.session.state
        seat = self.deciding()
        if seat is None:
            return
        k = max(0, min(self.palaces.value, state.palaces(seat)))
        self.table.value = income_table_html(state, seat, k)
        inf, com = income(state, seat, k)
        if reset_cards:
            self.influence_cards.value = "+".join(map(str, default_split(inf)))
            self.combat_cards.value = "+".join(map(str, default_split(com)))

    def _outcome(self, state: State) -> str:
        log = self.session.log_for(self.shown_year(state), self.phase)
        entries = [e.event for e in log if e.event.kind != "PhaseStarted"]
        return events_html(entries, empty="Nobody has been paid yet this year.", max_height=150)

    def _take(self) -> None:
        seat = self.clicker()
        if seat is None:
            return
        state = self.session.state
        inf_cards = parse_cards(self.influence_cards.value)
        com_cards = parse_cards(self.combat_cards.value)
        if inf_cards is None or com_cards is None:
            self.refuse("Card values are whole numbers separated by commas or +, e.g. 3+3+3+1 (WL-CARDS-6).")
            return
        k = self.palaces.value
        if state.supply is not None or int(state.phase) != self.phase:
            action = TakeIncome(seat, k)
        else:
            inf, com = income(state, seat, k) if 0 <= k <= state.palaces(seat) else (None, None)
            default_inf = default_split(inf) if inf is not None else None
            default_com = default_split(com) if com is not None else None
            action = TakeIncome(seat, k, None if inf_cards == default_inf else inf_cards,
                                None if com_cards == default_com else com_cards)
        self.act(action)
