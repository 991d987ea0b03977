"""What every phase panel shares: the session it acts on, the acting seat, feedback, card pickers.

A panel is built once and refreshed from the session's state: it never rebuilds itself per click
(only the card buttons are remade when a hand changes). Every click goes to the engine through
:meth:`GameSession.act`, so a refused click shows the engine's reason with its rule id and changes
nothing; no click ever raises.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

from lotus_kit.ui.board import BoardWidget, SyncOnDisplay
from lotus_kit.ui.phases.text import box, cards_html, linkify, rule_link, seat_html
from lotus_kit.ui.session import GameSession
from lotus_kit.views.charts import score_rows
from lotus_kit.white_lotus.actions import Action
from lotus_kit.white_lotus.board import BUILDING_NAMES
from lotus_kit.white_lotus.cards import Hand
from lotus_kit.white_lotus.engine import to_act
from lotus_kit.white_lotus.state import PHASE_NAMES, RebellionStep, State, TerritoryStep

__all__ = ["CardPicker", "PhasePanel", "decision_text", "follow", "hand_html", "score_html"]


def decision_text(session: GameSession) -> str:
    """Who must decide what now, in words with the rule id (WL-INFO-5).

    >>> s = GameSession(players=3, seed=1, first_emperor=2)
    >>> decision_text(s)
    'Green places a marker (WL-PLACE-3)'
    """
    state = session.state
    acting = sorted(to_act(state))
    who = " and ".join(session.who(s) for s in acting) if acting else "nobody"
    phase = int(state.phase)
    step = state.step
    if state.is_over:
        won = " and ".join(session.name(s) for s in state.winners)
        return f"the game is over: {won} win{'s' if len(state.winners) == 1 else ''} (WL-SCORE-5)"
    if phase == 1:
        return f"{who} places a marker (WL-PLACE-3)"
    if phase == 2:
        c = state.conflict
        if c is None:
            return f"emperor {who} picks the next province to resolve (WL-CONF-3)"
        name = state.board.provinces[c.province].name
        if c.refund_seat >= 0:
            return f"{who} picks the card values of the refund for {name} (WL-CONF-9)"
        if c.tied:
            return f"emperor {who} breaks the tie in {name} (WL-CONF-8)"
        return f"{name}, round {c.round}: {who} commit a dragon card and influence, sealed (WL-CONF-6)"
    if phase == 4 and isinstance(step, RebellionStep):
        if step.leader < 0:
            return f"{who} is asked to lead a rebellion (WL-REB-2)"
        if not step.winner:
            return f"{who} pick a side and combat cards, sealed (WL-REB-3, WL-REB-4)"
        return f"{who} takes a reward (WL-REB-9)"
    if phase == 5:
        return f"{who} take their income (WL-CARDS-1, WL-CARDS-2)"
    if phase == 6 and isinstance(step, TerritoryStep):
        if step.asking_temple:
            return f"{who} decides on a temple's extra draw (WL-TERR-3, WL-TERR-7)"
        return f"{who} places the drawn {BUILDING_NAMES.get(step.drawn, 'chip')} (WL-TERR-2)"
    return f"{who} to act"


def follow(board: BoardWidget, session: GameSession) -> None:
    """Keep ``board`` showing the session's current state (once per board and session)."""
    followers = session.__dict__.setdefault("_board_followers", set())
    if id(board) in followers:
        return
    followers.add(id(board))
    board.show(session.state)
    session.observe(lambda s, _change: board.show(s.state))


class CardPicker(widgets.VBox):
    """One toggle button per card of a hand; the pressed ones are :attr:`selected`.

    ``kind`` is ``"influence"`` (values 0-3, the 0 is the bluff card, WL-CONF-6) or ``"combat"``
    (values 1-3). The buttons are remade only when the cards change.

    >>> p = CardPicker("influence")
    >>> p.set_cards((3, 2, 2, 0))
    >>> p.select((2, 0)); p.selected
    (2, 0)
    >>> p.total.value
    'Selected: 2+0 = <b>2</b>'
    """

    def __init__(self, kind: str, description: str = ""):
        self.kind = kind
        self.label = widgets.HTML(description)
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.total = widgets.HTML()
        self._values: tuple[int, ...] = ()
        self._toggles: list[widgets.ToggleButton] = []
        super().__init__([self.label, self.buttons, self.total])
        self.add_class(f"lotus-cards-{kind}")
        self._update_total()

    @property
    def cards(self) -> tuple[int, ...]:
        return self._values

    def set_cards(self, values: Sequence[int]) -> None:
        """Show these cards (largest first); the selection is cleared when the cards change."""
        values = tuple(sorted(values, reverse=True))
        if values == self._values and len(self._toggles) == len(values):
            return
        self._values = values
        style = "info" if self.kind == "influence" else "danger"
        toggles = []
        for v in values:
            label = "0 bluff" if v == 0 else str(v)
            tip = ("the 0 card: a bluff, it always comes back (WL-CONF-9)" if v == 0
                   else f"{self.kind} card of value {v}")
            t = widgets.ToggleButton(value=False, description=label, tooltip=tip, button_style=style,
                                     layout=widgets.Layout(width="auto", min_width="38px", margin="1px"))
            t.observe(lambda _c: self._update_total(), "value")
            toggles.append(t)
        old, self._toggles = self._toggles, toggles
        self.buttons.children = tuple(toggles)
        for button in old:      # a dropped button would keep its card in the page (WL-INFO-1)
            button.close()
        self._update_total()

    @property
    def selected(self) -> tuple[int, ...]:
        """The values of the pressed cards, largest first."""
        return tuple(sorted((v for v, t in zip(self._values, self._toggles, strict=True) if t.value), reverse=True))

    def select(self, values: Sequence[int]) -> None:
        """Press exactly the cards ``values`` (as far as the hand holds them)."""
        want = list(values)
        for v, t in zip(self._values, self._toggles, strict=True):
            if v in want:
                want.remove(v)
                t.value = True
            else:
                t.value = False

    def clear(self) -> None:
        for t in self._toggles:
            t.value = False

    def _update_total(self) -> None:
        sel = self.selected
        if not self._values:
            self.total.value = "<i>no cards in hand</i>"
        elif not sel:
            self.total.value = "Selected: <i>none</i> (0)"
        else:
            self.total.value = f"Selected: {'+'.join(map(str, sel))} = <b>{sum(sel)}</b>"


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


class PhasePanel(SyncOnDisplay, widgets.VBox):
    """Base of the phase panels: heading, status, the acting seat's choices, feedback, outcome.

    ``session``: the :class:`GameSession` it acts on. ``board``: a :class:`BoardWidget` whose
    province clicks the panel answers (and which it keeps up to date) when ``standalone``; in the
    game table the table routes clicks and refreshes instead (``standalone=False``).
    ``seat``: the seat the panel acts for; None (default) means the human seat that must act now
    (the lowest, when several must choose a sealed commitment). ``run_bots``: let the bots play on
    after each action. ``active``: whether it is on show (a hidden panel refreshes when shown again).
    ``year``: the year whose phase the panel shows (a walkthrough section keeps showing year 1 after
    the game moved on); None (default) follows the current year.

    Subclasses fill :meth:`_build` (their controls, made once), :meth:`_status` (public facts
    of the phase), :meth:`_controls` (show the legal choices of the acting seat) and
    :meth:`_outcome` (what happened, in words, with the rule ids as links).
    """

    phase: ClassVar[int] = 0
    title: ClassVar[str] = ""
    rules: ClassVar[tuple[str, ...]] = ()
    intro: ClassVar[str] = ""

    def __init__(self, session: GameSession, board: BoardWidget | None = None, *, seat: int | None = None,
                 standalone: bool = True, run_bots: bool = True, active: bool = True, year: int | None = None,
                 **kwargs: Any):
        self.session = session
        self.year = year
        self.board = board
        self._seat = seat
        self.run_bots = run_bots
        self.standalone = standalone
        self._active = active
        self._dirty = False
        self.heading = widgets.HTML(self._heading())
        self.status = widgets.HTML()
        self.controls = widgets.VBox(layout=widgets.Layout(display="none"))
        self.feedback = widgets.HTML()
        self.outcome = widgets.HTML()
        extra = self._build()
        kwargs.setdefault("layout", widgets.Layout(border="1px solid #d8cfbb", padding="6px 10px", width="100%"))
        super().__init__([self.heading, self.status, self.controls, self.feedback, *extra, self.outcome], **kwargs)
        self.add_class("lotus-phase")
        self.add_class(f"lotus-phase-{self.phase}")
        if standalone:
            session.observe(self._session_changed)
            if board is not None:
                board.on_province_click(self.province_clicked)
                follow(board, session)
        self.refresh()

    # -- layout pieces ---------------------------------------------------------------------------------
    def _heading(self) -> str:
        rules = ", ".join(rule_link(r) for r in self.rules)
        intro = f'<div style="color:#4a4036;font-size:92%">{linkify(self.intro)}</div>' if self.intro else ""
        when = f" — year {self.year}" if self.year is not None else ""
        return (f'<div style="font-size:115%;font-weight:bold;color:#1f1a14">{escape(self.title)}{when} '
                f'<span style="font-weight:normal;font-size:80%">({rules})</span></div>{intro}')

    def _build(self) -> list[widgets.Widget]:
        """Make the controls (once); return extra widgets to put above the outcome (reveals, charts)."""
        return []

    # -- who acts --------------------------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self._seat

    @seat.setter
    def seat(self, value: int | None) -> None:
        if value != self._seat:
            self._seat = value
            if self.standalone:
                self.refresh()
            else:
                self._dirty = True      # the owner (the game table) refreshes when it is done

    def acting_seat(self) -> int | None:
        """The seat this panel acts for now: the fixed ``seat``, else the first human seat to act."""
        if self._seat is not None:
            return self._seat
        humans = self.session.human_to_act()
        return humans[0] if humans else None

    def shown_year(self, state: State) -> int:
        """The year whose phase the panel shows: its ``year``, else the current one."""
        return state.year if self.year is None else self.year

    def is_current(self) -> bool:
        state = self.session.state
        return int(state.phase) == self.phase and self.shown_year(state) == state.year

    def deciding(self) -> int | None:
        """The acting seat if it must decide something in this phase now, else None."""
        seat = self.acting_seat()
        if seat is None or not self.is_current() or seat not in to_act(self.session.state):
            return None
        return seat

    # -- refresh ---------------------------------------------------------------------------------------
    def _session_changed(self, _session: GameSession, _change: str) -> None:
        self.refresh()

    @property
    def active(self) -> bool:
        """Whether the panel is on show; a hidden panel skips refreshes until it is shown again."""
        return self._active

    @active.setter
    def active(self, value: bool) -> None:
        self._active = bool(value)
        if self._active and self._dirty:
            self.refresh()

    def invalidate(self) -> None:
        """Mark the panel as out of date: it refreshes when next made :attr:`active`."""
        self._dirty = True

    def refresh(self) -> None:
        """Bring the panel to the session's state (later, when it is not :attr:`active`)."""
        if not self._active:
            self._dirty = True
            return
        self._dirty = False
        state = self.session.state
        self.status.value = self._status(state) if self.is_current() else self._not_now(state)
        seat = self.deciding()
        if seat is not None:
            self._controls(state, seat)
            self.controls.layout.display = "flex"
        else:
            self.controls.layout.display = "none"
        self.outcome.value = self._outcome(state)

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

    def _waiting(self, state: State) -> str:
        """Who the game waits for, when it is not this panel's seat."""
        if state.is_over:
            return "The game is over."
        acting = sorted(to_act(state))
        who = ", ".join(seat_html(s, self.session.who(s)) for s in acting)
        return f"Waiting for {who}."

    def _status(self, state: State) -> str:
        return ""

    def _controls(self, state: State, seat: int) -> None:
        pass

    def _outcome(self, state: State) -> str:
        return ""

    # -- acting ----------------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Send ``action`` to the session; show what happened or why it was refused."""
        ok, message = self.session.act(action, run_bots=self.run_bots)
        self.feedback.value = box(linkify(message), "ok" if ok else "error")
        if not self.standalone:
            return ok
        if not ok:
            self.refresh()
        return ok

    def refuse(self, message: str) -> None:
        """Show why a click does nothing (the game is unchanged)."""
        self.feedback.value = box(linkify(message), "error")

    def clicker(self) -> int | None:
        """The seat a click acts for, or None after saying why nobody here may act now."""
        state = self.session.state
        if state.is_over:
            self.refuse("The game is over (WL-END-2).")
            return None
        seat = self.acting_seat()
        if seat is None:
            acting = sorted(to_act(state))
            who = ", ".join(self.session.who(s) for s in acting)
            self.refuse(f"It is not a human player's turn: {who} must act now.")
            return None
        return seat

    def province_clicked(self, province: str) -> None:
        """A province was clicked on the board. Panels with a province decision override this."""
        state = self.session.state
        if self.clicker() is None:
            return
        name = state.board.province(province).name if province in state.board.index_of else province
        self.refuse(f"{name}: there is nothing to choose on the board now; {decision_text(self.session)}.")

    def seat_options(self, seats: Sequence[int]) -> list[tuple[str, int]]:
        return [(self.session.name(s), s) for s in seats]
