"""What the core asks of a game: declarative facts (:class:`GameInfo`) and one protocol (:class:`Game`).

A game is *settings + actions*: ``start(setup, flags)`` builds the first state, ``apply`` is pure,
and actions round-trip through plain JSON dicts. Records, branching, the conformance check, the
CLI and the shared screens work on any object of this shape; the registry
(:mod:`lotus_kit.core.registry`) finds it by name without the core importing any game.

The facts are data so that generic code never asks "which game is this?": the CLI reads the player
range and the flags from :class:`GameInfo`, the table reads who decides what from :class:`Decision`.

>>> info = GameInfo(name="nim", title="Nim", min_players=2, max_players=2, default_players=2,
...                 rule_prefix="NIM", rules_document="", flags=(), seat_names=("North", "South"))
>>> info.flag_names, info.seat_name(1), info.seat_name(None)
((), 'South', 'nobody')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

__all__ = ["FLAG_KINDS", "Decision", "FlagInfo", "Game", "GameInfo", "GameRules"]


FLAG_KINDS = ("switch", "number", "text")


@dataclass(frozen=True)
class FlagInfo:
    """One variant flag of a game, as its rules specification names it.

    Most flags are switches (given = on). A flag of kind ``"number"`` or ``"text"`` carries a value,
    written ``NAME=VALUE`` in records and on the command line (``targetHonor=250``); ``default`` is what
    the rules use without it, ``example`` a value the conformance check plays.

    >>> plies = FlagInfo("MAX_THAW_PLIES", "Thaw moves before a draw", "WIN-END-3", kind="number",
    ...                  default="60", low=1, high=10_000, example="12")
    >>> plies.usage, plies.check("MAX_THAW_PLIES=40"), plies.settings
    ('MAX_THAW_PLIES=<n>', 'MAX_THAW_PLIES=40', ('MAX_THAW_PLIES=12',))
    >>> plies.check("MAX_THAW_PLIES=0")
    Traceback (most recent call last):
    ...
    ValueError: MAX_THAW_PLIES takes a whole number from 1 to 10000 (WIN-END-3; default 60), got '0'
    """

    name: str            # "SEPPUKU_NEEDS_CARDS" (as the spec writes it)
    words: str           # plain words for a person: "Seppuku needs cards in hand"
    rule: str            # the rule id the flag changes, e.g. "SAM-CLAR-10"
    note: str = ""       # the longer rule text shown on hover
    kind: str = "switch"         # "switch" (no value), "number" (a whole number), "text" (a file, a list)
    default: str = ""            # the value the rules use when the flag is not given
    low: int | None = None       # "number": the smallest and largest value allowed (None: no bound)
    high: int | None = None
    value_words: str = ""        # "text": what the value is, for the usage line ("file", "HORSE,JUNK,...")
    example: str = ""            # a value worth playing (the conformance check plays it); "" = none
    aliases: tuple[str, ...] = ()  # other ways the spec writes it ("maxThawPlies"; a switch: "REPETITION_END=off")

    def __post_init__(self) -> None:
        if self.kind not in FLAG_KINDS:
            raise ValueError(f"flag {self.name}: kind {self.kind!r} is not one of {', '.join(FLAG_KINDS)}")

    @property
    def takes_value(self) -> bool:
        return self.kind != "switch"

    @property
    def usage(self) -> str:
        """How the flag is written: ``WL_DESIGNER``, ``targetHonor=<n>``, ``DECK=<file>``."""
        if self.kind == "switch":
            return self.name
        return f"{self.name}=<{'n' if self.kind == 'number' else self.value_words or 'value'}>"

    @property
    def settings(self) -> tuple[str, ...]:
        """The written flags that a check of every flag plays: the switch, or the flag with its example."""
        if self.kind == "switch":
            return (self.name,)
        return (f"{self.name}={self.example}",) if self.example else ()

    def _wants(self) -> str:
        if self.kind == "text":
            return f"a value ({self.value_words})" if self.value_words else "a value"
        bounds = ("from " + str(self.low) if self.low is not None else "") + \
                 (" to " + str(self.high) if self.high is not None else "")
        return f"a whole number {bounds.strip()}".strip()

    def check(self, written: str) -> str:
        """``written`` (``NAME`` or ``NAME=VALUE``) if it is a good setting of this flag; otherwise a
        one-line ``ValueError`` naming the flag, its rule and what it takes."""
        if self.kind == "switch":         # its name may hold a "=" (Ming's NEUTRAL_RETURN=NONE)
            if written != self.name and written not in self.aliases:
                raise ValueError(f"{self.name} takes no value ({self.rule}): write {self.name}, not {written!r}")
            return written
        name, eq, value = written.partition("=")
        if name != self.name and name not in self.aliases:
            raise ValueError(f"{written!r} is not the flag {self.name}")
        default = f"; default {self.default}" if self.default else ""
        if not eq:
            raise ValueError(f"{self.name} takes {self._wants()} ({self.rule}{default}): write {self.usage}")
        if self.kind == "number":
            digits = value[1:] if value.startswith("-") else value
            number = int(value) if digits.isdigit() and len(digits) <= 12 else None
            if (number is None or (self.low is not None and number < self.low)
                    or (self.high is not None and number > self.high)):
                raise ValueError(f"{self.name} takes {self._wants()} ({self.rule}{default}), got {value!r}")
        elif not value.strip():
            raise ValueError(f"{self.name} takes {self._wants()} ({self.rule}{default}), got nothing")
        return written


def _frozen_map(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


@dataclass(frozen=True)
class GameInfo:
    """The facts of a game that generic code reads instead of knowing the game."""

    name: str                 # registry key: "white_lotus", "winter", "samurai", "ming"
    title: str                # "Der weiße Lotus"
    min_players: int
    max_players: int
    default_players: int
    rule_prefix: str          # "WL", "WIN", "SAM", "MING"
    rules_document: str       # file name shipped in lotus_kit/rules/: "white-lotus.md"
    flags: tuple[FlagInfo, ...] = ()
    profiles: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # named flag sets
    bots: Mapping[str, str] = field(default_factory=dict)   # bot name -> "module:Class"; "random" always there
    chance: bool = False                # dice or shuffles after the start
    hidden_information: bool = False
    sealed_choices: bool = False        # simultaneous sealed decisions exist
    seat_names: tuple[str, ...] = ()    # a name per seat for messages and logs ("Red", "Blue", ...)

    def __post_init__(self) -> None:
        if not self.min_players <= self.default_players <= self.max_players:
            raise ValueError(f"{self.name}: default_players {self.default_players} is outside "
                             f"{self.min_players}..{self.max_players}")
        if len(self.seat_names) < self.max_players:
            raise ValueError(f"{self.name}: {len(self.seat_names)} seat names for up to {self.max_players} seats")
        bots = dict(self.bots)
        bots.setdefault("random", "lotus_kit.core.bots:RandomBot")
        object.__setattr__(self, "bots", _frozen_map(bots))
        object.__setattr__(self, "profiles", _frozen_map({k: tuple(v) for k, v in self.profiles.items()}))

    @property
    def flag_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.flags)

    def flag(self, name: str) -> FlagInfo:
        """The flag called ``name``; ``KeyError`` listing the known flags otherwise."""
        for f in self.flags:
            if f.name == name:
                return f
        raise KeyError(f"{self.title} has no flag {name!r}; known: {', '.join(self.flag_names) or 'none'}")

    @property
    def flag_settings(self) -> tuple[str, ...]:
        """Every flag as a check of each flag alone plays it (switches, value flags with their example)."""
        return tuple(setting for f in self.flags for setting in f.settings)

    def check_flag(self, written: str) -> str:
        """``written`` if it is a variant flag of this game (``WL_DESIGNER``, ``targetHonor=250``); otherwise
        a one-line ``ValueError`` that names the flag (or, for an unknown one, the game's flags)."""
        if not isinstance(written, str):
            raise ValueError(f"a variant flag is a name, got {written!r}")
        # a switch whose name has "=" in it first
        exact = [f for f in self.flags if written == f.name or written in f.aliases]
        name = written.partition("=")[0]
        match = exact or [f for f in self.flags if name == f.name or name in f.aliases]
        if not match:
            known = ", ".join(f.usage for f in self.flags) or "none"
            raise ValueError(f"unknown variant flag {written!r} for {self.title}; known flags: {known}")
        return match[0].check(written)

    def players_text(self) -> str:
        """``"3 to 6 players"``, or ``"2 players"``."""
        if self.min_players == self.max_players:
            return f"{self.min_players} players"
        return f"{self.min_players} to {self.max_players} players"

    def seat_name(self, seat: int | None) -> str:
        """The name of ``seat`` for messages; ``"nobody"`` for None or a negative seat."""
        if seat is None or seat < 0:
            return "nobody"
        return self.seat_names[seat] if seat < len(self.seat_names) else f"seat {seat}"


@dataclass(frozen=True)
class Decision:
    """What must be decided now, by whom: the one answer the table, the tree and the board read."""

    kind: str                 # short machine name: "claim", "bid", "thaw_move", "save_face"; "game_over" at the end
    seats: frozenset[int]     # who decides now (== to_act(state))
    sealed: bool              # collected hidden, revealed together
    rules: tuple[str, ...]    # rule ids that govern this decision
    text: str                 # plain words: "Red places a family member (MING-DEP-2)"


@runtime_checkable
class Game(Protocol):
    """The protocol every game object provides (see ``lotus_kit.white_lotus.game:WHITE_LOTUS``).

    States are immutable values; ``apply`` never changes its input. Errors: ``IllegalAction(rule, words)``
    for a move the rules refuse, ``RecordError(field, words)`` for a bad setup or action dict,
    ``PositionError(reasons)`` for a position that cannot be.
    """

    info: GameInfo
    name: str                                     # == info.name

    def new_game(self, players: int, seed: int = 0, flags: Sequence[str] = ()) -> Any:
        """A new game of ``players`` seats; all chance comes from ``seed``."""

    def start(self, setup: Mapping[str, Any], flags: Sequence[str]) -> Any:
        """The first state from a record's setup; ``RecordError`` naming the setup field at fault."""

    def apply(self, state: Any, action: Any) -> Any:
        """The next state; raises ``IllegalAction`` and leaves ``state`` unchanged."""

    def legal_actions(self, state: Any, seat: int | None = None) -> Sequence[Any]:
        """Every action allowed now, in a fixed order: a list, or a read-only sequence that makes its
        value objects where they are read (Ming's phase 3, Samurai)."""

    def to_act(self, state: Any) -> frozenset[int]:
        """Who decides now; several seats = a sealed simultaneous choice or a reaction window."""

    def is_over(self, state: Any) -> bool: ...

    def scores(self, state: Any) -> tuple[float, ...]:
        """Per seat, meaningful at any time (the current standing)."""

    def winners(self, state: Any) -> frozenset[int]:
        """After the game (tie-breaks applied); empty before."""

    def observation(self, state: Any, seat: int | None) -> Any:
        """What ``seat`` may know; None = a spectator."""

    def describe(self, action: Any, state: Any) -> str:
        """The action in plain words with seat names: ``"Red bids 3 on Sichuan"``."""

    def decision(self, state: Any) -> Decision: ...

    def action_from_dict(self, raw: Any, where: str) -> Any:
        """Strict: ``RecordError(where, ...)`` for anything but a well-formed action."""

    def action_to_dict(self, action: Any) -> dict[str, Any]: ...

    def redact(self, record: Any, seat: int | None) -> Any:
        """The record as ``seat`` may know it."""

    def position(self, description: Mapping[str, Any]) -> Any:
        """The state described; ``PositionError(reasons)`` when it is not playable."""

    def redraw_hidden(self, state: Any, seat: int, rng: random.Random) -> Any:
        """The same state with everything ``seat`` may not know redrawn consistently."""


GameRules = Game
"""The earlier name of :class:`Game` (records and the branch tree still say ``rules``)."""
