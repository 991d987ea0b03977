"""White Lotus's observation tensor: the board province by province, the hands, the conflict under way.

Every field of :class:`~lotus_kit.white_lotus.observation.Observation` has its block, sized by the player
count and the board, except two: ``events`` (the log of the game so far, which grows without bound: it is
the game's history, which the information state carries) and ``legal`` (the seat's legal actions, given to
OpenSpiel by ``legal_actions`` and to PettingZoo as the action mask). A sealed commitment (the seat's own,
or the bids revealed while the emperor breaks a tie) is a count per action id of its ids in the game's
encoding: a bid's target and its cards by value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lotus_kit.ai.encoding import Encoding
from lotus_kit.ai.layout import Block, Layout, bits, counts, number, numbers, onehot, onehots
from lotus_kit.white_lotus.board import BUILDINGS
from lotus_kit.white_lotus.state import Phase

LEFT_OUT = ("events", "legal")
"""Observation fields with no block (see the module text)."""


def _seat_set(seats: Any) -> int:
    return sum(1 << s for s in seats)


def _action_counts(name: str, get: Any, game: Any, enc: Encoding, per_seat: int = 0) -> Block:
    """Sealed actions as counts of their ids; ``per_seat`` seats: one block of counts per seat."""
    n = enc.num_actions

    def write(o: Any, out: list[float], at: int) -> None:
        got = get(o)
        actions = () if got is None else (got,) if not isinstance(got, tuple) else got
        for a in actions:
            base = at + (a.seat * n if per_seat else 0)
            for i in enc.encode(game, a, None):
                out[base + i] += 1.0
    return Block(name, n * (per_seat or 1), write)


def layout(game: Any, players: int, flags: Sequence[str], enc: Encoding) -> Layout:
    sample = game.observation(game.new_game(players, 0, flags), 0)
    provinces = len(sample.chips)
    seats, seat_or_none = tuple(range(players)), tuple(range(-1, players))
    chip_kinds = ("", *BUILDINGS)
    return Layout("white_lotus", [
        onehot("seat", lambda o: o.seat, seats),
        number("players", lambda o: o.players),
        number("year", lambda o: o.year),
        onehot("phase", lambda o: o.phase, tuple(Phase)),
        onehot("emperor", lambda o: o.emperor, seats),
        onehot("rebel_leader", lambda o: o.rebel_leader, seats),
        onehots("chips", lambda o: o.chips, provinces, chip_kinds),
        onehots("owners", lambda o: o.owners, provinces, seat_or_none),
        Block("markers", provinces * players, _markers(provinces, players)),
        numbers("vp_chips", lambda o: o.vp_chips, players),
        numbers("hand", lambda o: o.hand if o.hand is not None else (0,) * 7, 7),   # Hand's seven counts
        numbers("hand_sizes", lambda o: o.hand_sizes, players),
        number("pool_size", lambda o: o.pool_size),
        counts("unseen_chips", lambda o: o.unseen_chips, BUILDINGS),
        bits("to_act", lambda o: _seat_set(o.to_act), players),
        bits("committed", lambda o: _seat_set(o.committed), players),
        _action_counts("own_commitment", lambda o: o.own_commitment, game, enc),
        onehot("conflict_province", lambda o: o.conflict_province, tuple(range(provinces))),
        # the order of the participants still in the conflict is the order they bid in
        onehots("conflict_participants", lambda o: (*o.conflict_participants,
                                                    *(None,) * (players - len(o.conflict_participants))),
                players, seats),
        onehot("drawn_chip", lambda o: o.drawn_chip, BUILDINGS),
        bits("tied", lambda o: _seat_set(o.tied), players),
        _action_counts("revealed", lambda o: tuple(o.revealed), game, enc, per_seat=players),
    ])


def _markers(provinces: int, players: int) -> Any:
    """Per province, one slot per seat: a marker of that seat there (``markers[i]`` is a mask of seats)."""
    def write(o: Any, out: list[float], at: int) -> None:
        for i, m in enumerate(o.markers):
            if m >> players:
                raise ValueError(f"observation field markers: province {i} has a seat beyond {players}")
            for s in range(players):
                if m >> s & 1:
                    out[at + i * players + s] = 1.0
    return write
