"""Panels: the widgets that ask a seat for its decision, for any game of the protocol.

:class:`Panel` is the base every game's phase panels build on (heading, status, the acting seat's
choices, feedback, outcome; refreshed from the session; clicks on the board answered or refused
with the reason). :class:`ActionPanel` is the panel of a game without panels of its own: the
current decision in the game's words and one button per legal action (``game.describe``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, ClassVar

import ipywidgets as widgets

from lotus_kit.ui.board import SyncOnDisplay
from lotus_kit.ui.phases.text import box, linkify, rule_link, seat_html
from lotus_kit.ui.screen import screen_for

if TYPE_CHECKING:
    from lotus_kit.ui.session import GameSession

__all__ = ["GROUP_ABOVE", "ActionPanel", "Panel", "TextBoard", "follow", "narrowing_steps"]


def follow(board: Any, session: GameSession) -> None:
    """Keep ``board`` showing the session's current state (once per board and session)."""
    followers = session.__dict__.setdefault("_board_followers", set())
    if id(board) in followers:
        return
    followers.add(id(board))
    board.show(session.state)
    session.observe(lambda s, _change: board.show(s.state))


class Panel(SyncOnDisplay, widgets.VBox):
    """Base of the panels: heading, status, the acting seat's choices, feedback, outcome.

    ``session``: the :class:`GameSession` it acts on. ``board``: a board widget whose clicks the
    panel answers (and which it keeps up to date) when ``standalone``; in the game table the table
    routes clicks and refreshes instead (``standalone=False``). ``seat``: the seat the panel acts
    for; None (default) means the human seat that must act now (the lowest, when several must choose
    a sealed commitment). ``run_bots``: let the bots play on after each action. ``active``: whether
    it is on show (a hidden panel refreshes when shown again).

    ``kinds`` are the decision kinds (``game.decision(state).kind``) the panel answers; empty: all.
    Subclasses fill :meth:`_build` (their controls, made once), :meth:`_status` (public facts),
    :meth:`_controls` (show the legal choices of the acting seat) and :meth:`_outcome` (what
    happened, in words, with the rule ids as links).
    """

    phase: ClassVar[Any] = 0
    kinds: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    rules: ClassVar[tuple[str, ...]] = ()
    intro: ClassVar[str] = ""

    def __init__(self, session: GameSession, board: Any = None, *, seat: int | None = None,
                 standalone: bool = True, run_bots: bool = True, active: bool = True, **kwargs: Any):
        self.session = session
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
        rules = f' <span style="font-weight:normal;font-size:80%">({rules})</span>' if rules else ""
        return (f'<div style="font-size:115%;font-weight:bold;color:#1f1a14">{escape(self.title)}'
                f'{self._when()}{rules}</div>{intro}')

    def _when(self) -> str:
        """Words after the title (a walkthrough panel names its year)."""
        return ""

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

    def is_current(self) -> bool:
        """Whether the decision now is one this panel answers."""
        return not self.kinds or self.session.decision().kind in self.kinds

    def deciding(self) -> int | None:
        """The acting seat if it must decide something in this panel now, else None."""
        seat = self.acting_seat()
        if seat is None or not self.is_current() or seat not in self.session.to_act():
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

    def _deferred(self) -> bool:
        """True when the panel is not :attr:`active`: it is marked to refresh when it next is."""
        self._dirty = not self._active
        return self._dirty

    def refresh(self) -> None:
        """Bring the panel to the session's state (later, when it is not :attr:`active`)."""
        if self._deferred():
            return
        state = self.session.state
        self.status.value = self._status(state) if self.is_current() else self._not_now(state)
        seat = self.deciding()
        if seat is not None:
            self._controls(state, seat)
            self.controls.layout.display = "flex"
        else:
            self.controls.layout.display = "none"
        self.outcome.value = self._outcome(state)

    def _not_now(self, state: Any) -> str:
        if self.session.is_over:
            return "<i>The game is over.</i>"
        return f"<i>Not now: {escape(self.session.decision_text())}.</i>"

    def _waiting(self, state: Any) -> str:
        """Who the game waits for, when it is not this panel's seat."""
        if self.session.is_over:
            return "The game is over."
        acting = sorted(self.session.to_act())
        who = ", ".join(seat_html(s, self.session.who(s)) for s in acting)
        return f"Waiting for {who}."

    def _status(self, state: Any) -> str:
        return ""

    def _controls(self, state: Any, seat: int) -> None:
        pass

    def _outcome(self, state: Any) -> str:
        return ""

    # -- acting ----------------------------------------------------------------------------------------
    def act(self, action: Any) -> bool:
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

    def _over_text(self) -> str:
        return "The game is over."

    def clicker(self) -> int | None:
        """The seat a click acts for, or None after saying why nobody here may act now."""
        if self.session.is_over:
            self.refuse(self._over_text())
            return None
        seat = self.acting_seat()
        if seat is None:
            acting = sorted(self.session.to_act())
            who = ", ".join(self.session.who(s) for s in acting)
            self.refuse(f"It is not a human player's turn: {who} must act now.")
            return None
        return seat

    def _spot_name(self, spot: str) -> str:
        """A clicked spot of the board in words (a game names its provinces)."""
        return spot

    def province_clicked(self, province: str) -> None:
        """A spot of the board was clicked. Panels with a decision on the board override this."""
        if self.clicker() is None:
            return
        self.refuse(f"{self._spot_name(province)}: there is nothing to choose on the board now; "
                    f"{self.session.decision_text()}.")

    def seat_options(self, seats: Sequence[int]) -> list[tuple[str, int]]:
        return [(self.session.name(s), s) for s in seats]


GROUP_ABOVE = 24      # more legal actions than this: the generic panel narrows them down field by field


def field_label(field: str) -> str:
    """A field of ``action_to_dict`` as a dropdown's label: ``to_x`` -> ``To x``; the type field -> ``Kind``."""
    return "Kind" if field in ("type", "kind") else field.replace("_", " ").capitalize()


def value_label(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "-" if value is None else str(value)


def action_fields(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The fields of the actions' dicts in the order they first appear (the type first), without the
    acting seat (the same for every choice)."""
    seen: dict[str, None] = {}
    for row in rows:
        for key in row:
            seen.setdefault(key, None)
    return [f for f in seen if f != "seat"]


def narrowing_steps(rows: Sequence[Mapping[str, Any]], picked: Sequence[Any] = (),
                    limit: int = GROUP_ABOVE) -> tuple[list[tuple[str, list[tuple[Any, int]]]], list[int]]:
    """How to narrow many actions down: ``(steps, left)``. Each step is a field with its values among
    the actions still in question (value, how many actions have it), in the order the actions come;
    ``picked`` holds the value chosen at each step so far (the first value where none is given).
    Steps are added while more than ``limit`` actions are left and some field still tells them apart;
    ``left`` are the indices of the actions that remain.

    >>> rows = [{"kind": "move", "x": x, "to": t} for x in (2, 0, 1) for t in range(2)] + [{"kind": "pass"}]
    >>> steps, left = narrowing_steps(rows, limit=2)
    >>> [(f, [v for v, _ in values]) for f, values in steps], left
    ([('kind', ['move', 'pass']), ('x', [0, 1, 2])], [2, 3])
    >>> narrowing_steps(rows, picked=["move", 2], limit=2)[1], narrowing_steps(rows, ["pass"], limit=2)[1]
    ([0, 1], [6])
    """
    left = list(range(len(rows)))
    steps: list[tuple[str, list[tuple[Any, int]]]] = []
    fields = action_fields(rows)
    missing = object()
    while len(left) > limit:
        for field in fields:
            if field in (f for f, _ in steps):
                continue
            counts: dict[Any, int] = {}
            for k in left:
                value = rows[k].get(field, missing)
                key = (type(value).__name__, value) if value is not missing else ("", None)
                counts[key] = counts.get(key, 0) + 1
            if len(counts) > 1:
                break
        else:
            break                                   # nothing tells the rest apart: list them all
        values = [(None if t == "" else v, n) for (t, v), n in counts.items()]
        if all(t in ("int", "float") for t, _v in counts):
            values.sort(key=lambda vn: vn[0])            # numbers (a spot's x, a bid) in order
        steps.append((field, values))
        want = picked[len(steps) - 1] if len(steps) <= len(picked) else values[0][0]
        if want not in [v for v, _ in values]:
            want = values[0][0]
        left = [k for k in left if rows[k].get(field) == want and type(rows[k].get(field)) is type(want)]
    return steps, left


class ActionPanel(Panel):
    """The decision now and the acting seat's legal actions, in the game's own words
    (``game.describe``): pick one, press "Play". Any game of the protocol plays with it.

    When there are many (a Winter thaw move: about a thousand), the panel first asks for one field of
    the action at a time, as ``action_to_dict`` names them (its kind, then the card or the spot, ...),
    each with the values still possible, until a short list is left."""

    title = "Your decision"

    def _build(self) -> list[widgets.Widget]:
        self.choices = widgets.Dropdown(options=[], description="Action", layout=widgets.Layout(width="auto"))
        self.play_button = widgets.Button(description="Play", button_style="primary", icon="check")
        self.play_button.on_click(lambda _b: self.play())
        self.pickers: list[widgets.Dropdown] = []
        """The narrowing steps now on show (one dropdown per field; empty for a short list)."""
        self._rows: list[dict[str, Any]] | None = None
        self._narrowing = False
        self.picker_box = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.controls.children = (self.picker_box, widgets.HBox([self.choices, self.play_button],
                                                                layout=widgets.Layout(flex_flow="row wrap")))
        return []

    def _status(self, state: Any) -> str:
        text = self.session.decision_text()
        return linkify(text[:1].upper() + text[1:] + ".") if text else ""

    def option_words(self, action: Any, state: Any) -> str:
        """An option in words (default: the game's ``describe``)."""
        return self.session.game.describe(action, state)

    def _controls(self, state: Any, seat: int) -> None:
        game = self.session.game
        legal = self.session.legal(seat)
        rows = [dict(game.action_to_dict(a)) for a in legal] if len(legal) > GROUP_ABOVE else None
        # the same choices as before (a refresh): keep what was picked; the words are made anew
        picked = self._picked_values() if rows is not None and rows == self._rows else []
        self._legal, self._state, self._rows = legal, state, rows
        self._narrow(picked)
        self.play_button.disabled = not legal

    def _narrow(self, picked: Sequence[Any]) -> None:
        """Show the steps for ``picked`` (the values chosen so far) and the actions left."""
        rows = self._rows
        if rows is None:
            steps, left = [], list(range(len(self._legal)))
        else:
            steps, left = narrowing_steps(rows, picked)
        self._narrowing = True
        try:
            pickers = []
            for i, (field, values) in enumerate(steps):
                options = [(f"{value_label(v)} ({n})", j) for j, (v, n) in enumerate(values)]
                old = self.pickers[i] if i < len(self.pickers) else None
                if old is not None and old.description == field_label(field) and list(old.options) == options:
                    dd = old
                else:
                    dd = widgets.Dropdown(options=options, description=field_label(field),
                                          layout=widgets.Layout(width="auto"), style={"description_width": "initial"})
                    dd.observe(lambda change, step=i: self._picked(step, change["owner"]), names="value")
                want = picked[i] if i < len(picked) else values[0][0]
                dd.value = next((j for j, (v, _) in enumerate(values) if v == want), 0)
                pickers.append(dd)
            self.pickers = pickers
            self._steps = steps
            if list(self.picker_box.children) != pickers:
                self.picker_box.children = tuple(pickers)
            options = [(self.option_words(self._legal[k], self._state), k) for k in left]
            if [o for o, _ in options] != [o for o, _ in self.choices.options]:
                self.choices.options = options
            if options and self.choices.value is None:
                self.choices.value = options[0][1]     # a dropdown given new options shows none picked
        finally:
            self._narrowing = False

    def _picked_values(self, upto: int | None = None) -> list[Any]:
        steps = getattr(self, "_steps", [])
        n = min(len(steps), len(self.pickers)) if upto is None else upto
        return [steps[i][1][self.pickers[i].value][0] for i in range(n)]

    def _picked(self, step: int, picker: Any) -> None:
        """A narrowing step changed: keep the choices before it and this one, redo the rest (a
        dropdown no longer on show changes nothing)."""
        if not self._narrowing and step < len(self.pickers) and self.pickers[step] is picker:
            self._narrow(self._picked_values(step + 1))

    def choose(self, words: str) -> bool:
        """Pick the legal action described by ``words`` and play it (for tests and scripts)."""
        for label, k in self.choices.options:         # the list on show (a game's own words)
            if label == words:
                self.choices.value = k
                return self.play()
        state = getattr(self, "_state", self.session.state)
        for k, action in enumerate(getattr(self, "_legal", ())):
            if self.option_words(action, state) == words:
                if self._rows is not None:          # show the steps that lead to it
                    self._narrow([self._rows[k].get(field) for field, _ in self._steps_to(k)])
                self.choices.value = k
                return self.play()
        self.refuse(f"{words!r} is not a legal choice now.")
        return False

    def _steps_to(self, k: int) -> list[tuple[str, Any]]:
        """The narrowing steps whose values lead to action ``k``."""
        rows = self._rows or []
        picked: list[Any] = []
        while True:
            steps, _left = narrowing_steps(rows, picked)
            if len(steps) == len(picked):
                return steps
            picked.append(rows[k].get(steps[len(picked)][0]))

    def play(self) -> bool:
        seat = self.clicker()
        if seat is None:
            return False
        if self.choices.value is None:
            self.refuse("Pick an action first.")
            return False
        return self.act(self._legal[self.choices.value])


class TextBoard(widgets.HTML):
    """The board of a game with no board figure: its state in words (the current decision, the
    standing). Same methods as a board widget; there is nothing to click."""

    def __init__(self, game: Any, state: Any, **kwargs: Any):
        self.game = game
        self.state = state
        self.clicks: list[str] = []
        self._callbacks: list[Callable[[str], None]] = []
        super().__init__(**kwargs)
        self.add_class("lotus-board")
        self.show(state)

    def show(self, state: Any, highlight: Iterable[str] | None = None) -> int:
        self.state = state
        value = screen_for(self.game).board_html(self.game, state)
        changed = int(value != self.value)
        self.value = value
        return changed

    def reshape(self, state: Any, highlight: Iterable[str] | None = None, **_options: Any) -> int:
        return self.show(state, highlight)

    def on_province_click(self, callback: Callable[[str], None], remove: bool = False) -> None:
        if remove:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def click(self, spot: str) -> None:
        self.clicks.append(spot)
        for callback in list(self._callbacks):
            callback(spot)
