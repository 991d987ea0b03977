"""A readable facade on the engine's flat tuple: a :class:`State` *is* the tuple (a subclass), so it
is an immutable, hashable value and costs nothing extra, with named properties on top.

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
from lotus_kit.samurai.rules import Rules
from tests.samurai.oracle import engine as E

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


class State(tuple):
    """A position of Ehre der Samurai (see :mod:`lotus_kit.samurai.engine` for the layout)."""

    __slots__ = ()

    @property
    def players(self) -> int:
        return self[E.N]

    @property
    def active(self) -> int:
        """The player whose turn it is (reactions may come from others, see ``to_act``)."""
        return self[E.ACTIVE]

    @property
    def mode(self) -> str:
        return E.MODE_NAMES[self[E.MODE]]

    @property
    def is_over(self) -> bool:
        return self[E.MODE] == E.OVER

    @property
    def winners(self) -> frozenset[int]:
        return frozenset(s for s in range(self[E.N]) if self[E.WIN] >> s & 1) if self.is_over else frozenset()

    @property
    def rules(self) -> Rules:
        return Rules(self[E.FLAGS], self[E.TARGET], self[E.MAXR])

    @property
    def turn(self) -> int:
        """Turns begun so far (1 in the first turn)."""
        return self[E.TURNS]

    @property
    def round(self) -> int:
        return (self[E.TURNS] - 1) // self[E.N] + 1

    @property
    def honor(self) -> tuple[int, ...]:
        return tuple(self[E.seat_base(s) + E.HONOR] for s in range(self[E.N]))

    @property
    def allies(self) -> tuple[int | None, ...]:
        return tuple(a if a >= 0 else None for a in (self[E.seat_base(s) + E.ALLY] for s in range(self[E.N])))

    @property
    def pending_breaks(self) -> tuple[int, ...]:
        """Seats that declared a break which takes effect at the start of their next turn."""
        return tuple(s for s in range(self[E.N]) if self[E.seat_base(s) + E.BREAK])

    @property
    def shogun_holder(self) -> int | None:
        return None if self[E.SHOGUN_AT] < 0 else self[E.SHOGUN_AT]

    @property
    def deck_size(self) -> int:
        return self[E.DECK_SIZE]

    @property
    def discard(self) -> dict[str, int]:
        return {C.NAMES[k]: self[E.DISCARD + k] for k in C.DECK_KINDS if self[E.DISCARD + k]}

    @property
    def actions_used(self) -> int:
        return self[E.USED]

    @property
    def actions_left(self) -> int:
        return E.remaining_actions(self) if self[E.MODE] != E.OVER else 0

    @property
    def declared(self) -> bool:
        return bool(self[E.DECL])

    @property
    def shogun_duty(self) -> bool:
        """SAM-CLAR-15: the active player must still declare Shogun this turn."""
        return bool(self[E.DUTY])

    @property
    def last_die(self) -> int:
        """The last assassin's die (0 before any)."""
        return self[E.LASTDIE]

    def hand(self, seat: int) -> tuple[str, ...]:
        """The hand of ``seat`` by kind id; ``"HIDDEN"`` for cards an observation does not show."""
        return tuple("HIDDEN" if k == C.HIDDEN else C.NAMES[k] for k in E.hand(self, seat))

    def hand_size(self, seat: int) -> int:
        return len(E.hand(self, seat))

    def is_ronin(self, seat: int) -> bool:
        return not E.has_daimyo(self, seat)

    def house(self, seat: int, which: str) -> House:
        h = E.DAIMYO_HOUSE if which == "daimyo" else E.SAMURAI_HOUSE
        hb = E.house_base(seat, h)
        shogun = h == E.DAIMYO_HOUSE and self[E.SHOGUN_AT] == seat
        if h == E.DAIMYO_HOUSE:
            head = C.NAMES[self[hb]] if self[hb] else None
        else:
            head = "SAMURAI" if E.has_daimyo(self, seat) else "RONIN"
        if head is None:
            return House(seat, which, None, (), False, 0, 0, 0)
        return House(seat, which, head, house_cards(self, hb), shogun,
                     E.house_honor(self, hb) + (E.shogun_value(self) if shogun else 0),
                     E.house_ki(self, hb), E.house_strength(self, hb, True))

    def income(self, seat: int) -> int:
        """What ``seat`` would gain in a phase 1 now (SAM-HON-1..3)."""
        return E.income(self, seat)

    def ki(self, seat: int) -> int:
        return E.ki(self, seat)

    def strength(self, seat: int, defending: bool = False) -> int:
        return E.strength(self, seat, defending)

    @property
    def last_battle(self) -> dict | None:
        """The last battle: sides, dice counts, the deciding roll, rerolls and the winner."""
        b = E.BATTLE
        if not self[b + E.B_NA] and not self[b + E.B_ND] and self[b] == self[b + 1]:
            return None
        na, nd = self[b + E.B_NA], self[b + E.B_ND]
        dice = self[b + E.B_DICE:b + E.B_DICE + 12]
        return {"attacker": self[b], "defender": self[b + 1], "attacker_dice": dice[:na],
                "defender_dice": dice[6:6 + nd], "rerolls": self[b + E.B_REROLLS], "winner": self[b + E.B_WINNER]}

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last step did, in words (derived on demand from the last action kept in the state)."""
        from lotus_kit.samurai.actions import decode
        from lotus_kit.samurai.game import SAMURAI

        c = self[E.LAST_ACTION]
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
                p = self.active
                rule = "SAM-HON-1" if not self.is_ronin(p) else "SAM-HON-3" if self.allies[p] is None else "SAM-HON-2"
                out.append(Event("honor", f"{SEAT_NAMES[p]} gains {self[E.LAST_INCOME]} honor in phase 1 "
                                          f"({rule}), now {self.honor[p]}"))
        if self.is_over:
            who = ", ".join(SEAT_NAMES[s] for s in sorted(self.winners)) or "nobody (the round limit)"
            reached = any(self.honor[s] >= self.rules.target_honor for s in self.winners)
            out.append(Event("game_over", f"game over: {who} won ({'SAM-END-1' if reached else 'SAM-CLAR-17'})"))
        return tuple(out)

    def __repr__(self) -> str:
        if self.is_over:
            who = ", ".join(SEAT_NAMES[s] for s in sorted(self.winners)) or "nobody"
            return f"<Samurai {self.players}p over: {who} won; honor {list(self.honor)}>"
        return (f"<Samurai {self.players}p turn {self.turn}: {SEAT_NAMES[self.active]} active, "
                f"{self.mode}, honor {list(self.honor)}>")
