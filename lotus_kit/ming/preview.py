"""Scoring preview: what a scoring would give now, and what each placement would change.

Pure engine code (standard library): the table and chart of :mod:`lotus_kit.ming.analysis` are built
from these rows. The district step of MING-SCORE-1 is applied to the open areas as they stand
(cloister pieces never count, MING-DEP-5); a placement adds 1 to 3 of the seat's pieces to one
district's open area, as a deployment would (MING-DEP-1).

>>> from lotus_kit.ming.position import position
>>> s = position({"players": 3, "round": 2, "phase": "phase3", "seats": [
...     {"prince": "P1.T", "hand": {"HORSE": 1}, "spaces": {"RED": 3}}, {"prince": "P3.T"}, {"prince": "P5.T"}],
...     "districts": {"P1.L": {"open": {"White": 2}}}})
>>> [(r["add"], r["houses_after"], r["taken_from"], r["possible"]) for r in placement_rows(s, 0)
...  if r["district"] == "P1.L"]
[(1, 1, {}, True), (2, 1, {'White': 1}, True), (3, 2, {'White': 1}, True)]
"""

from __future__ import annotations

from typing import Any

from lotus_kit.ming.engine import district_moves
from lotus_kit.ming.moves import reachable_moves
from lotus_kit.ming.state import CITY_POINTS, MAX_DEPLOY, SCORING_ROUNDS, State, count_at


def next_scoring(round_: int) -> int:
    """The round of the next scoring (MING-RND-1: after rounds 2, 4, 6)."""
    return next(r for r in SCORING_ROUNDS if r >= round_)


def district_rows(state: State) -> list[dict[str, Any]]:
    """Per district: the open-area counts per colour and the houses each colour would fill if the
    district were scored now (MING-SCORE-1 / MING-CLAR-10)."""
    t, d = state.table, state.data
    b = t.board
    rows = []
    for x in b.districts:
        counts = [count_at(d[t.open(c)], x) for c in range(t.colours)]
        moved = district_moves(t, counts, state.start_player)
        row: dict[str, Any] = {"district": b.district_names[x], "province": b.colours[b.district_province[x]],
                               "cloister": state.cloister(b.district_names[x])}
        for c in range(t.colours):
            name = t.colour_name(c)
            row[f"{name} pieces"] = counts[c]
            row[f"{name} houses"] = moved[c]
        rows.append(row)
    return rows


def placement_rows(state: State, seat: int) -> list[dict[str, Any]]:
    """For every district and 1 to 3 more pieces of ``seat`` there: the houses the seat would fill
    before and after, the houses taken from each rival (``swing``: houses gained plus houses the
    rivals lose), the points those houses are worth at the
    next scoring if they stay in the city (MING-SCORE-5, plus one tile each, MING-SCORE-2), and
    whether the seat could do it this turn (prince can reach the district with the cards in hand,
    pieces waiting on that province space)."""
    t, d = state.table, state.data
    b = t.board
    o = t.seat(seat)
    here = d[o + t.prince] - 1
    hand = tuple(d[o + t.hand:o + t.hand + t.kinds + 1])
    others = 0
    for x in range(t.players):
        if x != seat and d[t.seat(x) + t.prince]:
            others |= 1 << (d[t.seat(x) + t.prince] - 1)
    reach = set(reachable_moves(t, here, hand)) if here >= 0 and any(hand) else set()
    if here >= 0 and any(hand):
        reach.add(here)                     # a stay costs one card too (MING-PH3-4)
    per_house = CITY_POINTS[next_scoring(state.round)] + 1
    rows = []
    for x in b.districts:
        counts = [count_at(d[t.open(c)], x) for c in range(t.colours)]
        before = district_moves(t, counts, state.start_player)
        waiting = d[o + t.space + b.district_province[x]]
        for add in range(1, MAX_DEPLOY + 1):
            more = list(counts)
            more[seat] += add
            after = district_moves(t, more, state.start_player)
            taken = {t.colour_name(c): before[c] - after[c] for c in range(t.colours)
                     if c != seat and before[c] != after[c]}
            rows.append({
                "district": b.district_names[x], "province": b.colours[b.district_province[x]], "add": add,
                "houses_before": before[seat], "houses_after": after[seat], "gain": after[seat] - before[seat],
                "taken_from": taken, "swing": after[seat] - before[seat] + sum(taken.values()),
                "points": (after[seat] - before[seat]) * per_house,
                "reachable": x in reach and not others >> x & 1, "pieces_waiting": waiting,
                "possible": x in reach and not others >> x & 1 and waiting >= add})
    return rows
