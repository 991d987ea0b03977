"""A readable facade on the engine's flat sequence of ints: a :class:`State` holds it (``_t``, a list
the engine filled and nobody changes after) and reads like the tuple of those ints — indexing, slices
(as tuples), ``len``, iteration, equality and hashing as that tuple's — an immutable, hashable value,
with named properties on top. Holding the engine's list, not being a tuple, saves the copies a tuple
subclass costs on every action (CPython builds one only by copying a tuple built first).

>>> from lotus_kit.samurai.game import SAMURAI
>>> s = SAMURAI.new_game(4, seed=1)
>>> s.players, s.active, s.honor[0] > 0, s.shogun_holder, len(s.hand(1))
(4, 0, True, None, 7)
>>> s.house(0, "daimyo").head in ("START_DAIMYO_5", "START_DAIMYO_10")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.rules import Rules

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Black", "White")


@dataclass(frozen=True)
class Event:
    """One thing that happened, in words (``text(name)`` as the kit's events have it)."""

    kind: str
    words: str

    def text(self, name: object = None) -> str:
        return self.words

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "text": self.words}


@dataclass(frozen=True)
class House:
    """One house as a person reads it: its head card, the cards in it and their sums."""

    owner: int
    which: str                    # "daimyo" or "samurai"
    head: str | None              # the Daimyo card, "SAMURAI" or "RONIN"; None: no Daimyo house
    cards: tuple[str, ...]        # every other card, by kind id
    shogun: bool                  # the Shogun card lies here
    honor: int                    # H of its cards (the Shogun card included)
    ki: int
    strength: int                 # S with the castle (it counts only in defence, SAM-BAT-1)

    @property
    def castle(self) -> str | None:
        return next((c for c in self.cards if c.startswith("CASTLE_")), None)


def house_cards(t, hb: int) -> tuple[str, ...]:
    out: list[str] = []
    m = t[hb + E.POS]
    out += [C.NAMES[k] for k in C.POSSESSIONS if m & C.POS_BIT[k]]
    for i, k in enumerate(C.WARRIORS):
        out += [C.NAMES[k]] * t[hb + 2 + i]
    if t[hb + E.WIFE]:
        out.append(C.NAMES[t[hb + E.WIFE]])
    if t[hb + E.CASTLE]:
        out.append(C.NAMES[t[hb + E.CASTLE]])
    out += ["BODYGUARD"] * t[hb + E.GUARDS]
    return tuple(out)


def ints(state):
    """The flat ints of a :class:`State` (the engine's own sequence, not to be changed); anything else
    (a plain tuple or list of the engine's) as it is."""
    return state._t if type(state) is State else state


class State:
    """A position of Ehre der Samurai (see :mod:`lotus_kit.samurai.engine` for the layout).

    ``State(ints)`` copies ``ints``; the engine's own steps hand their fresh list over with
    :func:`wrap` (no copy)."""

    __slots__ = ("_t",)

    def __init__(self, ints=()) -> None:
        State._t.__set__(self, list(ints._t if type(ints) is State else ints))

    # ---- the tuple of ints it reads as ------------------------------------------------------------
    def __getitem__(self, i):
        if type(i) is slice:
            return tuple(self._t[i])
        return self._t[i]

    def __len__(self) -> int:
        return len(self._t)

    def __iter__(self):
        return iter(self._t)

    def __contains__(self, x: object) -> bool:
        return x in self._t

    def __eq__(self, other: object) -> bool:
        if type(other) is State:
            return self._t == other._t
        if isinstance(other, tuple):
            return tuple(self._t) == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(tuple(self._t))

    def __reduce__(self):
        return State, (tuple(self._t),)

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: dict) -> State:
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a State is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a State is immutable: cannot delete {name!r}")

    def count(self, x: object) -> int:
        return self._t.count(x)

    def index(self, x: object, *args: int) -> int:
        return self._t.index(x, *args)

    @property
    def players(self) -> int:
        return self._t[E.N]

    @property
    def active(self) -> int:
        """The player whose turn it is (reactions may come from others, see ``to_act``)."""
        return self._t[E.ACTIVE]

    @property
    def mode(self) -> str:
        return E.MODE_NAMES[self._t[E.MODE]]

    @property
    def is_over(self) -> bool:
        return self._t[E.MODE] == E.OVER

    @property
    def winners(self) -> frozenset[int]:
        return frozenset(s for s in range(self._t[E.N]) if self._t[E.WIN] >> s & 1) if self.is_over else frozenset()

    @property
    def rules(self) -> Rules:
        return Rules(self._t[E.FLAGS], self._t[E.TARGET], self._t[E.MAXR])

    @property
    def turn(self) -> int:
        """Turns begun so far (1 in the first turn)."""
        return self._t[E.TURNS]

    @property
    def round(self) -> int:
        return (self._t[E.TURNS] - 1) // self._t[E.N] + 1

    @property
    def honor(self) -> tuple[int, ...]:
        return tuple(self._t[E.seat_base(s) + E.HONOR] for s in range(self._t[E.N]))

    @property
    def allies(self) -> tuple[int | None, ...]:
        return tuple(a if a >= 0 else None for a in (self._t[E.seat_base(s) + E.ALLY] for s in range(self._t[E.N])))

    @property
    def pending_breaks(self) -> tuple[int, ...]:
        """Seats that declared a break which takes effect at the start of their next turn."""
        return tuple(s for s in range(self._t[E.N]) if self._t[E.seat_base(s) + E.BREAK])

    @property
    def shogun_holder(self) -> int | None:
        return None if self._t[E.SHOGUN_AT] < 0 else self._t[E.SHOGUN_AT]

    @property
    def deck_size(self) -> int:
        return self._t[E.DECK_SIZE]

    @property
    def discard(self) -> dict[str, int]:
        return {C.NAMES[k]: self._t[E.DISCARD + k] for k in C.DECK_KINDS if self._t[E.DISCARD + k]}

    @property
    def actions_used(self) -> int:
        return self._t[E.USED]

    @property
    def actions_left(self) -> int:
        return E.remaining_actions(self._t) if self._t[E.MODE] != E.OVER else 0

    @property
    def declared(self) -> bool:
        return bool(self._t[E.DECL])

    @property
    def shogun_duty(self) -> bool:
        """SAM-CLAR-15: the active player must still declare Shogun this turn."""
        return bool(self._t[E.DUTY])

    @property
    def last_die(self) -> int:
        """The last assassin's die (0 before any)."""
        return self._t[E.LASTDIE]

    def hand(self, seat: int) -> tuple[str, ...]:
        """The hand of ``seat`` by kind id; ``"HIDDEN"`` for cards an observation does not show."""
        return tuple("HIDDEN" if k == C.HIDDEN else C.NAMES[k] for k in E.hand(self._t, seat))

    def hand_size(self, seat: int) -> int:
        return len(E.hand(self._t, seat))

    def is_ronin(self, seat: int) -> bool:
        return not E.has_daimyo(self._t, seat)

    def house(self, seat: int, which: str) -> House:
        h = E.DAIMYO_HOUSE if which == "daimyo" else E.SAMURAI_HOUSE
        hb = E.house_base(seat, h)
        shogun = h == E.DAIMYO_HOUSE and self._t[E.SHOGUN_AT] == seat
        if h == E.DAIMYO_HOUSE:
            head = C.NAMES[self._t[hb]] if self._t[hb] else None
        else:
            head = "SAMURAI" if E.has_daimyo(self._t, seat) else "RONIN"
        if head is None:
            return House(seat, which, None, (), False, 0, 0, 0)
        return House(seat, which, head, house_cards(self, hb), shogun,
                     E.house_honor(self._t, hb) + (E.shogun_value(self._t) if shogun else 0),
                     E.house_ki(self._t, hb), E.house_strength(self._t, hb, True))

    def income(self, seat: int) -> int:
        """What ``seat`` would gain in a phase 1 now (SAM-HON-1..3)."""
        return E.income(self._t, seat)

    def income_rule(self, seat: int) -> str:
        """The rule that sets ``seat``'s phase-1 income: a Daimyo owner's (SAM-HON-1), an allied Ronin's
        half share (SAM-HON-2) or a lone Ronin's nothing (SAM-HON-3)."""
        if not self.is_ronin(seat):
            return "SAM-HON-1"
        return "SAM-HON-3" if self.allies[seat] is None else "SAM-HON-2"

    @property
    def end_rule(self) -> str:
        """Why the game is over: a winner reached the target (SAM-END-1), or SAM-CLAR-17 stopped it (the
        round limit with no winner, or the dead table of ``NO_RESHUFFLE``, where the most honor wins)."""
        target = self.rules.target_honor
        return "SAM-END-1" if any(self.honor[s] >= target for s in self.winners) else "SAM-CLAR-17"

    def ki(self, seat: int) -> int:
        return E.ki(self._t, seat)

    def strength(self, seat: int, defending: bool = False) -> int:
        return E.strength(self._t, seat, defending)

    @property
    def last_battle(self) -> dict | None:
        """The last battle: sides, dice counts, the deciding roll, rerolls and the winner."""
        b = E.BATTLE
        if not self._t[b + E.B_NA] and not self._t[b + E.B_ND] and self._t[b] == self._t[b + 1]:
            return None
        na, nd = self._t[b + E.B_NA], self._t[b + E.B_ND]
        dice = tuple(self._t[b + E.B_DICE:b + E.B_DICE + 12])
        return {"attacker": self._t[b], "defender": self._t[b + 1], "attacker_dice": dice[:na],
                "defender_dice": dice[6:6 + nd], "rerolls": self._t[b + E.B_REROLLS], "winner": self._t[b + E.B_WINNER]}

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last step did, in words (derived on demand from the last action kept in the state)."""
        from lotus_kit.samurai.actions import decode
        from lotus_kit.samurai.game import SAMURAI

        c = self._t[E.LAST_ACTION]
        if c < 0:
            heads = ", ".join(f"{SEAT_NAMES[p]} {self.house(p, 'daimyo').head}" for p in range(self.players))
            out = [Event("start", f"the game begins ({heads}); {SEAT_NAMES[self.active]} starts")]
        else:
            action = decode(c)
            out = [Event(type(action).__name__, SAMURAI.describe(action, self))]
            kind = type(action).__name__
            if kind == "Attack" and self.last_battle is not None:
                b = self.last_battle
                rr = f", {b['rerolls']} reroll(s)" if b["rerolls"] else ""
                out.append(Event("battle", f"dice {list(b['attacker_dice'])} against {list(b['defender_dice'])}"
                                           f"{rr}: {SEAT_NAMES[b['winner']]} wins the battle (SAM-BAT-3)"))
            elif kind == "Assassin":
                out.append(Event("assassin_die", f"the assassin rolls {self.last_die} (SAM-EVT-9)"))
            elif kind == "EndTurn" and not (self.is_over and not self.winners):
                out.append(Event("honor", f"{SEAT_NAMES[self.active]} gains {self._t[E.LAST_INCOME]} honor in phase 1 "
                                          f"({self.income_rule(self.active)}), now {self.honor[self.active]}"))
        if self.is_over:
            who = ", ".join(SEAT_NAMES[s] for s in sorted(self.winners)) or "nobody (the round limit)"
            out.append(Event("game_over", f"game over: {who} won ({self.end_rule})"))
        return tuple(out)

    def __repr__(self) -> str:
        if self.is_over:
            who = ", ".join(SEAT_NAMES[s] for s in sorted(self.winners)) or "nobody"
            return f"<Samurai {self.players}p over: {who} won; honor {list(self.honor)}>"
        return (f"<Samurai {self.players}p turn {self.turn}: {SEAT_NAMES[self.active]} active, "
                f"{self.mode}, honor {list(self.honor)}>")


_NEW = object.__new__
_SET_INTS = State._t.__set__          # the slot's own setter (State.__setattr__ refuses)


def wrap(ints: list) -> State:
    """The state of the engine's fresh list ``ints``, which nobody may change after (no copy)."""
    s = _NEW(State)
    _SET_INTS(s, ints)
    return s
