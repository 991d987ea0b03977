"""A game being played at a table: the record, every state, who plays each seat, undo, save/load.

:class:`GameSession` is pure Python (no widgets): the table, the phase panels and the what-if
explorer all drive the same object, and the tests drive it directly. Nothing it does raises into
the UI: :meth:`GameSession.act`, :meth:`~GameSession.undo` and :meth:`~GameSession.load` answer
``(ok, message)``; an illegal action leaves the game unchanged and the message names the rule
(``"WL-PLACE-3: it is Blue's turn ..."``).

>>> from lotus_kit.white_lotus.actions import PlaceMarker
>>> s = GameSession(players=3, seed=1, first_emperor=0, seats=["human", "heuristic", "heuristic"])
>>> s.human_to_act()
[0]
>>> s.act(PlaceMarker(1, "CHEN"))
(False, "WL-PLACE-3: it is Red's turn to place a marker, not Blue's")
>>> ok, message = s.act(PlaceMarker(0, "CHEN"))
>>> ok, message.startswith("Red claims Chengdu.")
(True, True)
>>> len(s.actions), s.actors[:3]          # Red's marker, then both bots placed theirs
(3, ['human', 'heuristic', 'heuristic'])
>>> s.undo()[0], len(s.actions)
(True, 0)
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from lotus_kit.core.bots import make_bot
from lotus_kit.core.errors import IllegalAction, LotusKitError, PositionError, RecordError
from lotus_kit.core.records import GameRecord, loads, redacted
from lotus_kit.core.registry import DEFAULT_GAME, get_game
from lotus_kit.ui.screen import GameScreen, screen_for

__all__ = ["SEAT_KINDS", "GameSession", "LogEntry", "describe_position", "name_seats"]

log = logging.getLogger(__name__)

Action = Any
Event = Any
State = Any
SeatKind = Literal["human", "random", "heuristic"]


def seat_kinds(game: Any) -> tuple[str, ...]:
    """Who can sit at a seat of ``game``: a person, or one of the game's bots (``game.info.bots``)."""
    return ("human", *game.info.bots)


SEAT_KINDS: tuple[str, ...] = ("human", "random", "heuristic", "montecarlo")
"""The seat kinds of White Lotus (the default game); :func:`seat_kinds` gives any game's."""

Observer = Callable[["GameSession", str], None]

_SEAT_RE = re.compile(r"\bseat (\d)\b('s)?")        # "seat 2", "seat 2's" in an engine message



def name_seats(text: str, names: Sequence[str] | None = None, game: Any = None) -> str:
    """Seat numbers and ids in an engine message, as players say them (the game screen's
    ``plain_words``; White Lotus by default).

    >>> name_seats("Red claims CHEN (WL-PLACE-2).")
    'Red claims Chengdu (WL-PLACE-2).'
    """
    game = get_game(DEFAULT_GAME) if game is None else game
    if names is not None:                     # "seat 2" by these names, then the game's own words
        text = _SEAT_RE.sub(lambda m: (names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0))
                            + (m.group(2) or ""), text)
    return screen_for(game).plain_words(game, text)


@dataclass(frozen=True)
class LogEntry:
    """One event of the game, where it happened (year and phase) and what caused it.

    ``index`` is the index of the state that the event led to (``session.states[index]``);
    ``actor`` is ``"setup"`` for the events of the first state, else who took the action.
    """

    index: int
    year: int
    phase: Any                # White Lotus: 1-7; another game may name its phases
    event: Event
    actor: str


def describe_position(state: State) -> dict[str, Any]:  # White Lotus
    """A position description (see :mod:`lotus_kit.white_lotus.position`) of ``state``: the board,
    hands, VP chips, roles, the pool and the phase. Mid-phase progress (bids made, markers placed this
    phase) is not part of a description; :meth:`GameSession.from_state` checks that nothing is lost.

    >>> from lotus_kit.white_lotus.engine import new_game
    >>> from lotus_kit.white_lotus.position import position
    >>> s = new_game(4, seed=2)
    >>> position(describe_position(s)) == s
    True
    """
    game = get_game(DEFAULT_GAME)
    return screen_for(game).describe_position(game, state)


class GameSession:
    """One game at a table: its record, every state so far, and who plays each seat.

    Build one with the setup of a new game (``players``, ``seed``, variant ``flags``,
    ``first_emperor``), or with :meth:`from_record`, :meth:`from_position`, :meth:`from_state`.
    ``seats`` says who plays each seat: ``"human"``, ``"random"`` or ``"heuristic"`` (a bot).

    Attributes the widgets read: ``states`` (every state, the last is :attr:`state`), ``actions``
    (the action that led to each next state), ``actors`` (who took each action), ``log`` (every event
    as a :class:`LogEntry`), ``seats``, ``message`` (the last answer given).

    Observers (``observe(fn)``) are called as ``fn(session, change)`` after every change, with
    ``change`` one of ``"action"``, ``"undo"``, ``"load"``, ``"seats"``. An observer that raises
    does not break the game: the error is logged and kept in ``observer_errors``.

    Bots are seeded from ``bot_seed`` and the number of actions so far, so the same position gives
    the same bot decision (after an undo too).
    """

    def __init__(self, players: int | None = None, seed: int = 0, flags: Iterable[str] = (),
                 first_emperor: int | None = None, seats: Sequence[str] | None = None, bot_seed: int = 0, *,
                 record: GameRecord | None = None, origin: State | None = None, game: Any = None,
                 setup: Mapping[str, Any] | None = None):
        if game is None:
            game = record.game if record is not None else DEFAULT_GAME
        self.game = get_game(game) if isinstance(game, str) else game
        """The game played (``lotus_kit.core.game.Game``)."""
        self.screen: GameScreen = screen_for(self.game)
        """The game's words and widgets (:mod:`lotus_kit.ui.screen`)."""
        self.bot_seed = bot_seed
        self.viewer: int | None = None
        """Whose eyes the log is for: None sees every event as it happened (an open table, the
        explorer); a seat sees the events as ``observation(state, seat)`` shows them; -1 only what
        everyone may see (WL-INFO-1/2). :meth:`log_for`, :meth:`events_since` and :meth:`act`'s
        answer follow it."""
        self._observers: list[Observer] = []
        self.observer_errors: list[BaseException] = []
        self.message = ""
        if origin is not None:
            self._origin = origin
            self._record = record
            self._set_states([origin], [], [])
        else:
            if record is None:
                players = self.game.info.default_players if players is None else players
                extra = dict(setup or {})
                if first_emperor is not None:        # White Lotus's first emperor (WL-SETUP-4)
                    extra["first_emperor"] = first_emperor
                record = GameRecord(self.game.name, {"players": players, "seed": seed, **extra}, tuple(flags))
            states = record.states()               # RecordError if the record does not replay
            self._origin = None
            self._record = record.with_actions(())
            self._set_states(states, list(record.actions), ["record"] * len(record.actions))
        self.seats: list[str] = self._check_seats(seats)

    # -- construction ----------------------------------------------------------------------------------
    @classmethod
    def from_record(cls, record: GameRecord | str, seats: Sequence[str] | None = None, bot_seed: int = 0,
                    upto: int | None = None) -> GameSession:
        """Play on from a record (or its JSON text); ``upto`` keeps only its first actions.
        Raises :class:`RecordError` if the record cannot be read or replayed."""
        if isinstance(record, str):
            record = loads(record)
        if upto is not None:
            record = record.with_actions(record.actions[:upto])
        return cls(seats=seats, bot_seed=bot_seed, record=record)

    @classmethod
    def from_position(cls, desc: Mapping[str, Any], flags: Iterable[str] = (), seats: Sequence[str] | None = None,
                      bot_seed: int = 0, game: Any = None) -> GameSession:
        """Play on from a position description of ``game`` (a name or a game object; White Lotus by
        default), e.g. the position editor's output. Raises :class:`RecordError` listing every reason
        the position is impossible."""
        game = cls._default_game() if game is None else get_game(game) if isinstance(game, str) else game
        record = GameRecord(game.name, {"position": dict(desc)}, tuple(flags))
        return cls(seats=seats, bot_seed=bot_seed, record=record, game=game)

    @staticmethod
    def _default_game() -> Any:
        return get_game(DEFAULT_GAME)

    @classmethod
    def from_state(cls, state: State, seats: Sequence[str] | None = None, bot_seed: int = 0,
                   game: Any = None) -> GameSession:
        """Play on from any state (e.g. one step of the explorer).

        When the state is a position a description can say (the start of a phase, the board, hands,
        pool), the session gets a record that saves and reloads; otherwise it plays on but cannot be
        saved (:meth:`to_json` says why).
        """
        game = cls._default_game() if game is None else get_game(game) if isinstance(game, str) else game
        record = None
        try:
            desc = screen_for(game).describe_position(game, state)
            flags = tuple(state.rules.flags()) if hasattr(state, "rules") else ()
            if desc is not None and game.position(desc, flags) == state:
                record = GameRecord(game.name, {"position": desc}, flags)
        except (LotusKitError, PositionError):
            record = None
        if record is not None:
            return cls(seats=seats, bot_seed=bot_seed, record=record, game=game)
        return cls(seats=seats, bot_seed=bot_seed, origin=state, game=game)

    def _check_seats(self, seats: Sequence[str] | None) -> list[str]:
        n = self.players
        out = list(seats) if seats is not None else ["human"] * n
        out = (out + ["human"] * n)[:n]
        kinds = self.seat_kinds
        for kind in out:
            if kind not in kinds:
                raise ValueError(f"unknown seat kind {kind!r}; known: {', '.join(kinds)}")
        return out

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        """Who can sit at a seat: ``"human"`` or one of the game's bots."""
        return seat_kinds(self.game)

    def _set_states(self, states: list[State], actions: list[Action], actors: list[str]) -> None:
        self.states = states
        self.actions = actions
        self.actors = actors
        self.log: list[LogEntry] = []
        self._where = self._start_where(states[0])
        for k, st in enumerate(states):
            self._log_state(k, st, "setup" if k == 0 else actors[k - 1])

    @staticmethod
    def _start_where(state: State) -> tuple[Any, Any]:
        # White Lotus counts phases 1-7 (an IntEnum); another game may name its phases
        phase = getattr(state, "phase", 0)
        return getattr(state, "year", 0), int(phase) if isinstance(phase, int) else phase

    def _log_state(self, index: int, state: State, actor: str) -> None:
        # a game whose events include "PhaseStarted" (with year and phase) gets its log grouped by them
        year, phase = self._where
        events = getattr(state, "events", None)
        if events is None:          # a game whose states keep no events derives them from the step
            events = self.screen.step_events(self.game, self.states[index - 1], self.actions[index - 1],
                                             state) if index else ()
        for ev in events:
            if ev.kind == "PhaseStarted":
                year, phase = getattr(ev, "year", year), getattr(ev, "phase", phase)
            self.log.append(LogEntry(index, year, phase, ev, actor))
        self._where = (year, phase)

    # -- what the UI reads -----------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current state."""
        return self.states[-1]

    @property
    def players(self) -> int:
        first = self.states[0]
        return getattr(first, "players", None) or len(self.game.scores(first))

    @property
    def rules(self) -> Any:
        """The variant rules of the game (a game's own value, e.g. White Lotus's ``RuleSet``)."""
        return getattr(self.states[0], "rules", None)

    @property
    def flags(self) -> tuple[str, ...]:
        """The variant flags in play."""
        if self._record is not None:
            return tuple(self._record.flags)
        rules = self.rules
        return tuple(rules.flags()) if rules is not None and hasattr(rules, "flags") else ()

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def record(self) -> GameRecord | None:
        """The game so far as a record (None when the session started from a state no record can say)."""
        if self._record is None:
            return None
        return self._record.with_actions(self.actions)

    def name(self, seat: int | None) -> str:
        """The display name of a seat (its colour)."""
        return self.game.info.seat_name(seat)

    def who(self, seat: int) -> str:
        """A seat's name with who plays it, e.g. ``"Blue (heuristic bot)"``."""
        kind = self.seats[seat]
        return self.name(seat) if kind == "human" else f"{self.name(seat)} ({kind} bot)"

    def to_act(self) -> frozenset[int]:
        """The seats that must decide now (several for a sealed choice)."""
        return self.game.to_act(self.state)

    def decision(self) -> Any:
        """What must be decided now (``game.decision``: kind, seats, sealed, rule ids, words)."""
        return self.game.decision(self.state)

    def decision_text(self) -> str:
        """Who must decide what now, in the game's words with the rule ids."""
        return self.game.decision(self.state).text

    def human_to_act(self) -> list[int]:
        """The human seats that must decide now, lowest first (sealed choices are asked seat by seat)."""
        return sorted(s for s in self.to_act() if self.seats[s] == "human")

    def bots_to_act(self) -> list[int]:
        return sorted(s for s in self.to_act() if self.seats[s] != "human")

    def legal(self, seat: int) -> list[Action]:
        """The legal actions of ``seat`` now (empty when it need not act)."""
        return self.game.legal_actions(self.state, seat) if seat in self.to_act() else []

    def log_for(self, year: int | None = None, phase: int | None = None) -> list[LogEntry]:
        """The log entries of one year and/or phase (the current year when ``year`` is None), as
        :attr:`viewer` may see them."""
        year = getattr(self.state, "year", 0) if year is None else year
        return self.seen([e for e in self.log if e.year == year and (phase is None or e.phase == phase)])

    def events_since(self, index: int) -> list[LogEntry]:
        """The log entries of the states after ``states[index]``, as :attr:`viewer` may see them."""
        return self.seen([e for e in self.log if e.index > index])

    def seen(self, entries: Iterable[LogEntry]) -> list[LogEntry]:
        """``entries`` as :attr:`viewer` may see them: no seed, no other seat's card values."""
        if self.viewer is None:
            return list(entries)
        viewer, game = self.viewer, self.game
        public = self.screen.public_event
        return [LogEntry(e.index, e.year, e.phase, public(game, e.event, viewer), e.actor) for e in entries]

    # -- changing the game -----------------------------------------------------------------------------
    def act(self, action: Action, *, run_bots: bool = True, actor: str = "human") -> tuple[bool, str]:
        """Take ``action`` for a seat. Returns ``(True, what happened)`` or ``(False, why not)``; an
        illegal action (wrong seat, wrong phase, cards not held, ...) leaves the game unchanged and
        the message starts with the rule id. Then the bots play on (unless ``run_bots`` is False)."""
        before = len(self.states) - 1
        try:
            after = self.game.apply(self.state, action)
        except IllegalAction as exc:
            return self._answer(False, self.words(f"{exc.rule}: {exc.message}"))
        except LotusKitError as exc:
            return self._answer(False, self.words(str(exc)))
        self._push(action, after, actor)
        text = " ".join(self.words(e.event.text(self.name)) for e in self.events_since(before)
                        if e.event.kind != "PhaseStarted")
        if not text.strip():
            seat = self._seat_of(action, self.states[-2])
            if self.game.decision(self.states[-2]).sealed:
                # a sealed choice emits nothing until everyone has chosen
                rule = f" ({self.screen.sealed_rule})" if self.screen.sealed_rule else ""
                text = (f"{self.name(seat)}'s {self.screen.action_words(self.game, action, self.states[-2])} is "
                        f"committed, sealed until everyone has chosen{rule}.")
            else:
                text = self.words(self.game.describe(action, self.states[-2])) + "."
        bots = self._run_bots() if run_bots else 0
        if bots:
            text += f" Then {bots} bot move{'s' if bots != 1 else ''}."
        self._answer(True, text.strip())
        self._notify("action")
        return True, self.message

    def words(self, text: str) -> str:
        """An engine message as players say it (seat names, the game's names for its ids)."""
        return self.screen.plain_words(self.game, text)

    def _seat_of(self, action: Action, state: State) -> int | None:
        """The seat that took ``action`` at ``state``."""
        seat = getattr(action, "seat", None)
        if seat is None:
            acting = self.game.to_act(state)
            seat = min(acting) if len(acting) == 1 else None
        return seat

    def _push(self, action: Action, after: State, actor: str) -> None:
        self.actions.append(action)
        self.actors.append(actor)
        self.states.append(after)
        self._log_state(len(self.states) - 1, after, actor)

    def _answer(self, ok: bool, message: str) -> tuple[bool, str]:
        self.message = message
        return ok, message

    def bot_action(self, seat: int) -> Action:
        """What the bot at ``seat`` would do now (seeded by the position, so it is repeatable)."""
        kind = self.seats[seat]
        if kind == "human":
            raise ValueError(f"{self.name(seat)} is played by a human")
        seed = self.bot_seed * 1_000_003 + len(self.actions) * 7 + seat
        return make_bot(self.game, kind, seed).choose(self.state, seat)

    def _run_bots(self, limit: int = 100_000) -> int:
        done = 0
        while done < limit and not self.is_over:
            bots = self.bots_to_act()
            if not bots:
                break
            seat = bots[0]                      # sealed choices are asked seat by seat
            try:
                action = self.bot_action(seat)
                after = self.game.apply(self.state, action)
            except LotusKitError as exc:        # a bot bug must not break the table
                log.exception("bot at seat %d failed", seat)
                self._answer(False, f"The {self.seats[seat]} bot of {self.name(seat)} failed: {exc}")
                break
            self._push(action, after, self.seats[seat])
            done += 1
        return done

    def run_bots(self, limit: int = 100_000) -> int:
        """Let the bots play until a human seat must act (or the game is over); returns how many
        actions they took. In a sealed choice the bots commit first, seat by seat."""
        done = self._run_bots(limit)
        if done:
            self._answer(True, f"{done} bot move{'s' if done != 1 else ''}.")
            self._notify("action")
        return done

    def step_bot(self) -> tuple[bool, str]:
        """One bot move (the lowest bot seat that must act)."""
        bots = self.bots_to_act()
        if not bots:
            if self.is_over:
                rule = f" ({self.screen.over_rule})" if self.screen.over_rule else ""
                return self._answer(False, f"The game is over{rule}.")
            who = ", ".join(self.name(s) for s in self.human_to_act())
            return self._answer(False, f"No bot must act now: {who} must decide.")
        seat = bots[0]
        return self.act(self.bot_action(seat), run_bots=False, actor=self.seats[seat])

    def undo(self) -> tuple[bool, str]:
        """Take back the last human action and the bot moves after it; without human actions, the
        last action. The game is then where that human had to decide."""
        if not self.actions:
            return self._answer(False, "Nothing to undo: this is the start of the game.")
        humans = [k for k, a in enumerate(self.actors) if a == "human"]
        k = humans[-1] if humans else len(self.actions) - 1
        undone = self.actions[k]
        what = self.screen.action_words(self.game, undone, self.states[k])
        who = self.name(self._seat_of(undone, self.states[k]))
        extra = len(self.actions) - k - 1
        self._truncate(k)
        text = f"Undid {who}'s {what}"
        text += f" and {extra} bot move{'s' if extra != 1 else ''} after it." if extra else "."
        self._answer(True, text)
        self._notify("undo")
        return True, text

    def _truncate(self, n_actions: int) -> None:
        del self.states[n_actions + 1:]
        del self.actions[n_actions:]
        del self.actors[n_actions:]
        self.log = [e for e in self.log if e.index <= n_actions]
        last = self.log[-1] if self.log else None
        self._where = (last.year, last.phase) if last else self._start_where(self.states[0])

    def set_seat(self, seat: int, kind: str, run_bots: bool = False) -> None:
        """Who plays ``seat`` from now on: ``"human"``, ``"random"`` or ``"heuristic"``."""
        if kind not in self.seat_kinds:
            raise ValueError(f"unknown seat kind {kind!r}; known: {', '.join(self.seat_kinds)}")
        self.seats[seat] = kind
        if run_bots:
            self._run_bots()
        self._notify("seats")

    def set_seats(self, seats: Sequence[str], run_bots: bool = False) -> None:
        self.seats = self._check_seats(seats)
        if run_bots:
            self._run_bots()
        self._notify("seats")

    # -- saving and loading -----------------------------------------------------------------------------
    def to_json(self, seat: int | Literal["full"] | None = "full") -> str:
        """The game so far as record JSON (setup, variant flags, one action per line).

        ``"full"`` (default) writes everything, the seed included: ``meta["secrets"]`` says that
        the seed predicts every draw and that sealed choices are in it. A seat (or None: only what
        everyone may know) writes the record redacted for it (:func:`lotus_kit.core.records.redacted`).
        Raises :class:`LotusKitError` when the session started from a state no record can describe,
        or when a record from a set-up position is to be redacted."""
        record = self.record
        if record is None:
            raise LotusKitError("this game started from a position inside a phase that a record cannot describe; "
                                "it cannot be saved (start it from the position editor or a record instead)")
        meta = dict(record.meta)
        meta["seats"] = list(self.seats)
        if seat != "full":
            return redacted(GameRecord(record.game, record.setup, record.flags, record.actions, meta), seat).to_json()
        meta["secrets"] = self.screen.full_record_note
        return GameRecord(record.game, record.setup, record.flags, record.actions, meta).to_json()

    def save(self, seat: int | Literal["full"] | None = "full") -> tuple[bool, str]:
        """``(True, record JSON)`` or ``(False, why it cannot be saved)``; ``seat`` as in :meth:`to_json`."""
        try:
            return True, self.to_json(seat)
        except LotusKitError as exc:
            return self._answer(False, str(exc))

    def load(self, text: str | bytes, run_bots: bool = False) -> tuple[bool, str]:
        """Replace the game by a saved record (JSON text). A record that cannot be read or replayed
        is refused with the field or action at fault, and the game is unchanged."""
        try:
            if isinstance(text, bytes):
                text = text.decode("utf-8")
            record = loads(text)
            if record.game != self.game.name:
                raise RecordError("game", f"this table plays {self.game.name}, not {record.game!r}")
            states = record.states()
        except UnicodeDecodeError as exc:
            return self._answer(False, f"record: not UTF-8 text ({exc.reason})")
        except RecordError as exc:
            return self._answer(False, f"Cannot load this record: {exc}")
        except LotusKitError as exc:
            return self._answer(False, f"Cannot load this record: {exc}")
        seats = record.meta.get("seats") if isinstance(record.meta, dict) else None
        old = list(self.seats)
        self._origin = None
        self._record = record.with_actions(())
        self._set_states(states, list(record.actions), ["record"] * len(record.actions))
        if isinstance(seats, list) and all(k in self.seat_kinds for k in seats):
            self.seats = self._check_seats(seats)
        else:
            self.seats = self._check_seats(old)
        if run_bots:
            self._run_bots()
        where = self.screen.position_words(self.game, self.state)
        text = (f"Loaded a {self.players}-player game with {len(record.actions)} actions"
                + (f": {where}." if where else "."))
        if isinstance(record.meta, dict) and "redacted_for" in record.meta:
            who = record.meta["redacted_for"]
            who = "everyone" if who == "public" else self.name(who) if isinstance(who, int) else str(who)
            text += (f" It is a record shared for {who}: the seed, other seats' sealed choices and card values "
                     "are stood in for, so it shows the game as that seat knew it; played on, it is not the "
                     "real game" + (f" ({self.screen.hidden_rule})." if self.screen.hidden_rule else "."))
        self._answer(True, text)
        self._notify("load")
        return True, self.message

    # -- observers ---------------------------------------------------------------------------------------
    def observe(self, callback: Observer) -> None:
        """Call ``callback(session, change)`` after every change."""
        if callback not in self._observers:
            self._observers.append(callback)

    def unobserve(self, callback: Observer) -> None:
        if callback in self._observers:
            self._observers.remove(callback)

    def _notify(self, change: str) -> None:
        for fn in list(self._observers):
            try:
                fn(self, change)
            except Exception as exc:            # a broken view must not break the game
                log.exception("observer %r failed", fn)
                self.observer_errors.append(exc)

    def __repr__(self) -> str:
        seats = ", ".join(self.who(s) for s in range(self.players))
        return f"<GameSession: {seats}; {len(self.actions)} actions; {self.state!r}>"
