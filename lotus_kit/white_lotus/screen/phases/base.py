"""What every phase panel shares: the session it acts on, the acting seat, feedback, card pickers.

A panel is built once and refreshed from the session's state: it never rebuilds itself per click
(only the card buttons are remade when a hand changes). Every click goes to the engine through
:meth:`GameSession.act`, so a refused click shows the engine's reason with its rule id and changes
nothing; no click ever raises.
"""

from __future__ import annotations

from html import escape
from typing import Any, ClassVar

from lotus_kit.ui.cards import CardHand
from lotus_kit.ui.panel import Panel, follow
from lotus_kit.ui.phases.text import cards_html, linkify, rule_link, seat_html
from lotus_kit.ui.session import GameSession
from lotus_kit.white_lotus.cards import Hand
from lotus_kit.white_lotus.decision import decision
from lotus_kit.white_lotus.screen.board import BoardWidget
from lotus_kit.white_lotus.state import PHASE_NAMES, State
from lotus_kit.white_lotus.views.charts import score_rows

__all__ = ["CardPicker", "PhasePanel", "decision_text", "follow", "hand_html", "score_html"]


def decision_text(session: GameSession) -> str:
    """Who must decide what now, in words with the rule id (WL-INFO-5), naming who plays each
    deciding seat (:func:`lotus_kit.white_lotus.decision.decision`).

    >>> s = GameSession(players=3, seed=1, first_emperor=2)
    >>> decision_text(s)
    'Green places a marker (WL-PLACE-3)'
    """
    return decision(session.state, who=session.who).text


def card_label(value: int) -> str:
    """A White Lotus card's face: the 0 influence card is the bluff (WL-CONF-6)."""
    return "0 bluff" if value == 0 else str(value)


class CardPicker(CardHand):
    """One toggle button per card of a hand; the pressed ones are :attr:`selected`.

    ``kind`` is ``"influence"`` (values 0-3, the 0 is the bluff card, WL-CONF-6) or ``"combat"``
    (values 1-3). The buttons are remade only when the cards change (:class:`~lotus_kit.ui.cards.CardHand`).

    >>> p = CardPicker("influence")
    >>> p.set_cards((3, 2, 2, 0))
    >>> p.select((2, 0)); p.selected
    (2, 0)
    >>> p.total.value
    'Selected: 2+0 = <b>2</b>'
    """

    def __init__(self, kind: str, description: str = ""):
        self.kind = kind
        super().__init__(description, style="info" if kind == "influence" else "danger", label=card_label,
                         tip=lambda v: ("the 0 card: a bluff, it always comes back (WL-CONF-9)" if v == 0
                                        else f"{kind} card of value {v}"))
        self.add_class(f"lotus-cards-{kind}")


def hand_html(hand: Hand) -> str:
    """A hand as card tiles: influence (blue) and combat (red) with their totals."""
    return (f"Influence {cards_html(hand.influence_cards(), 'influence')} = <b>{hand.influence_total}</b>"
            f"<br>Combat {cards_html(hand.combat_cards(), 'combat')} = <b>{hand.combat_total}</b>")


def score_html(state: State) -> str:
    """The score table (WL-SCORE-1..4) as HTML: final once the game is over, else "if it ended now"."""
    rows = score_rows(state)
    winners = set(state.winners)
    head = ("<tr><th>player</th><th>buildings</th><th>largest group</th><th>dragons</th><th>VP chips</th>"
            "<th>total</th></tr>")
    body = []
    for r in rows:
        crown = " ♛" if r["seat"] == state.emperor else ""
        cup = " <b>★ winner</b>" if r["seat"] in winners else ""   # DejaVu has ★; an emoji font may be missing
        body.append(
            f"<tr><td>{seat_html(r['seat'])}{crown}{cup}</td><td>{r['buildings']}</td>"
            f"<td>{r['group size']} → +{r['largest group']}</td><td>{r['dragons']}</td><td>{r['VP chips']}</td>"
            f"<td><b>{r['total']}</b></td></tr>")
    if state.is_over:
        title = "Final score " + rule_link("WL-SCORE-5")
    else:
        title = f"Score if the game ended now (year {state.year}) " + ", ".join(
            rule_link(f"WL-SCORE-{k}") for k in range(1, 5))
    return (f'<div class="lotus-score"><div style="font-weight:bold;margin-bottom:2px">{title}</div>'
            '<table style="border-collapse:collapse;text-align:center" cellpadding="3" border="1" '
            f'bordercolor="#d8cfbb">{head}{"".join(body)}</table></div>')


class PhasePanel(Panel):
    """Base of the White Lotus phase panels (see :class:`lotus_kit.ui.panel.Panel`): a panel per phase
    of a year.

    ``year``: the year whose phase the panel shows (a walkthrough section keeps showing year 1 after
    the game moved on); None (default) follows the current year.
    """

    phase: ClassVar[int] = 0

    def __init__(self, session: GameSession, board: BoardWidget | None = None, *, seat: int | None = None,
                 standalone: bool = True, run_bots: bool = True, active: bool = True, year: int | None = None,
                 **kwargs: Any):
        self.year = year
        super().__init__(session, board, seat=seat, standalone=standalone, run_bots=run_bots, active=active,
                         **kwargs)

    def _when(self) -> str:
        return f" — year {self.year}" if self.year is not None else ""

    def _heading(self) -> str:
        rules = ", ".join(rule_link(r) for r in self.rules)
        intro = f'<div style="color:#4a4036;font-size:92%">{linkify(self.intro)}</div>' if self.intro else ""
        return (f'<div style="font-size:115%;font-weight:bold;color:#1f1a14">{escape(self.title)}{self._when()} '
                f'<span style="font-weight:normal;font-size:80%">({rules})</span></div>{intro}')

    def shown_year(self, state: State) -> int:
        """The year whose phase the panel shows: its ``year``, else the current one."""
        return state.year if self.year is None else self.year

    def is_current(self) -> bool:
        state = self.session.state
        return int(state.phase) == self.phase and self.shown_year(state) == state.year

    def _not_now(self, state: State) -> str:
        now = f"it is year {state.year}, phase {int(state.phase)} ({PHASE_NAMES[int(state.phase)]})"
        if self.year is not None:
            # a panel pinned to one year says so, whatever the game did after it
            if (state.year, int(state.phase)) > (self.year, self.phase):
                return f"<i>Phase {self.phase} of year {self.year} is over; this copy of the game has moved on.</i>"
            return f"<i>Not yet: {now}.</i>"
        if state.is_over:
            return "<i>The game is over.</i>"
        if int(state.phase) > self.phase:
            return f"<i>Done for this year: {now}.</i>"
        return f"<i>Not yet: {now}.</i>"

    def _over_text(self) -> str:
        return "The game is over (WL-END-2)."

    def province_clicked(self, province: str) -> None:
        """A province was clicked on the board. Panels with a province decision override this."""
        state = self.session.state
        if self.clicker() is None:
            return
        name = state.board.province(province).name if province in state.board.index_of else province
        self.refuse(f"{name}: there is nothing to choose on the board now; {decision_text(self.session)}.")
