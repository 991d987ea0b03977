"""Toy auction: two players bid sealed coins for three prizes; the higher bid takes the prize and
pays its bid (a tie: nobody), most points wins. Registered by the tests as ``"toy"``.

>>> s = TOY.new_game(2, seed=1)
>>> TOY.decision(s).text
'Red and Blue bid for a prize of 1 (sealed, TOY-BID-1)'
>>> s = TOY.apply(TOY.apply(s, Bid(0, 2)), Bid(1, 1))
>>> s.points, s.coins
((1, 0), (3, 5))
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from lotus_kit.core.errors import IllegalAction, PositionError, RecordError, quote
from lotus_kit.core.game import Decision, GameInfo
from lotus_kit.core.records import GameRecord

NAMES = ("Red", "Blue")
INFO = GameInfo(name="toy", title="Toy auction", min_players=2, max_players=2, default_players=2,
                rule_prefix="TOY", rules_document="toy.md", hidden_information=True, sealed_choices=True,
                seat_names=NAMES)


@dataclass(frozen=True)
class Bid:
    seat: int
    coins: int
    kind = "Bid"


@dataclass(frozen=True)
class Resolved:
    prize: int
    bids: tuple[int, int]
    winner: int | None
    kind = "Resolved"

    def text(self, name) -> str:
        who = f"{name(self.winner)} takes the prize of {self.prize}" if self.winner is not None else "Nobody wins"
        return f"{who} (bids {self.bids[0]} and {self.bids[1]}, TOY-BID-2)."


@dataclass(frozen=True)
class State:
    prizes: tuple[int, ...]
    round: int = 0
    coins: tuple[int, int] = (5, 5)
    points: tuple[int, int] = (0, 0)
    bids: tuple[int, int] = (-1, -1)        # -1: not yet bid this round (sealed until both have)
    events: tuple[Resolved, ...] = ()
    players: int = 2


class ToyAuction:
    info = INFO
    name = "toy"

    def new_game(self, players: int = 2, seed: int = 0, flags: Sequence[str] = ()) -> State:
        return self.start({"players": players, "seed": seed}, flags)

    def start(self, setup: Mapping[str, Any], flags: Sequence[str]) -> State:
        if setup.get("players", 2) != 2 or set(setup) - {"players", "seed"}:
            raise RecordError("setup", f"the toy auction takes 2 players and a seed, not {quote(dict(setup))}")
        if flags:
            raise RecordError("rules", "the toy auction has no variants")
        rng = random.Random(setup.get("seed", 0))
        return State(prizes=tuple(rng.randint(1, 3) for _ in range(3)))

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if self.is_over(state) else frozenset(s for s in (0, 1) if state.bids[s] < 0)

    def is_over(self, state: State) -> bool:
        return state.round >= len(state.prizes)

    def legal_actions(self, state: State, seat: int | None = None) -> list[Bid]:
        seats = sorted(self.to_act(state)) if seat is None else [seat] if seat in self.to_act(state) else []
        return [Bid(s, c) for s in seats for c in range(state.coins[s] + 1)]

    def apply(self, state: State, action: Bid) -> State:
        if not isinstance(action, Bid) or action.seat not in self.to_act(state):
            raise IllegalAction("TOY-BID-1", f"{quote(action)} is not a bid of a seat that must bid now")
        if not 0 <= action.coins <= state.coins[action.seat]:
            raise IllegalAction("TOY-BID-1", f"{NAMES[action.seat]} has {state.coins[action.seat]} coins")
        bids = tuple(action.coins if s == action.seat else b for s, b in enumerate(state.bids))
        if min(bids) < 0:
            return replace(state, bids=bids, events=())
        winner = None if bids[0] == bids[1] else (0 if bids[0] > bids[1] else 1)
        prize = state.prizes[state.round]
        coins = tuple(c - bids[s] if s == winner else c for s, c in enumerate(state.coins))
        points = tuple(p + prize if s == winner else p for s, p in enumerate(state.points))
        return replace(state, round=state.round + 1, coins=coins, points=points, bids=(-1, -1),
                       events=(Resolved(prize, bids, winner),))

    def scores(self, state: State) -> tuple[float, ...]:
        return tuple(float(p) for p in state.points)

    def winners(self, state: State) -> frozenset[int]:
        if not self.is_over(state):
            return frozenset()
        return frozenset(s for s in (0, 1) if state.points[s] == max(state.points))

    def observation(self, state: State, seat: int | None) -> State:
        hidden = tuple(b if s == seat or b < 0 else 0 for s, b in enumerate(state.bids))
        return replace(state, bids=hidden)

    def describe(self, action: Bid, state: State) -> str:
        return f"{NAMES[action.seat]} bids {action.coins}"

    def decision(self, state: State) -> Decision:
        if self.is_over(state):
            won = " and ".join(NAMES[s] for s in sorted(self.winners(state)))
            return Decision("game_over", frozenset(), False, ("TOY-END-1",), f"the game is over: {won} won")
        seats = self.to_act(state)
        who = " and ".join(NAMES[s] for s in sorted(seats))
        return Decision("bid", seats, True, ("TOY-BID-1",),
                        f"{who} bid for a prize of {state.prizes[state.round]} (sealed, TOY-BID-1)")

    def action_from_dict(self, raw: Any, where: str) -> Bid:
        if not isinstance(raw, dict) or raw.get("type") != "Bid" or set(raw) != {"type", "seat", "coins"} \
                or raw["seat"] not in (0, 1) or type(raw["coins"]) is not int:
            raise RecordError(where, f"expected a bid {{type, seat, coins}}, got {quote(raw)}")
        return Bid(raw["seat"], raw["coins"])

    def action_to_dict(self, action: Bid) -> dict[str, Any]:
        return {"type": "Bid", "seat": action.seat, "coins": action.coins}

    def redact(self, record: GameRecord, seat: int | None) -> GameRecord:
        """The record without a bid of another seat still sealed (the last one, when it waits)."""
        actions = record.actions
        state = record.replay()
        if min(state.bids) < 0 <= max(state.bids) and actions and actions[-1].seat != seat:
            actions = actions[:-1]
        meta = {**record.meta, "redacted_for": "public" if seat is None else seat}
        return GameRecord(record.game, record.setup, record.flags, tuple(actions), meta)

    def position(self, description: Mapping[str, Any], flags: Sequence[str] = ()) -> State:
        raise PositionError(["the toy auction has no positions"])

    def redraw_hidden(self, state: State, seat: int, rng: random.Random) -> State:
        other = 1 - seat
        if state.bids[other] < 0:
            return state
        bids = tuple(rng.randint(0, state.coins[other]) if s == other else b for s, b in enumerate(state.bids))
        return replace(state, bids=bids)


TOY = ToyAuction()
