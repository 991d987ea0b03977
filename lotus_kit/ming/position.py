"""Positions from a description (for analysis, tests and the position editor), and back.

A description is plain JSON. :func:`position` checks it and says every reason it is not a playable
position (:class:`PositionError`); :func:`description` gives the description of a state, so
``position(description(s)) == s`` for the phases a description can hold (phases 1 to 3, deployment).

>>> d = {"players": 2, "round": 2, "phase": "phase3", "start_player": 0,
...      "seats": [{"prince": "P1.T", "hand": {"HORSE": 1}}, {"prince": "P1.T"}]}
>>> position(d)
Traceback (most recent call last):
...
lotus_kit.core.errors.PositionError: impossible position:
- MING-PH3-3: White's prince cannot stand in P1.T too (one prince per district)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lotus_kit.core import rng
from lotus_kit.core.errors import PositionError, quote
from lotus_kit.ming.board import DECK_SIZE
from lotus_kit.ming.engine import _pack, _unpack, check_invariants, deploy_limit
from lotus_kit.ming.rules import RuleSet
from lotus_kit.ming.state import (
    CLOISTER_BITS,
    DEPLOY,
    DRAGONS,
    G_DRAGONS,
    G_MASK,
    G_PHASE,
    G_RNG,
    G_ROUND,
    G_START,
    G_SUPPLY,
    G_SUPPLY_LEN,
    G_TURN,
    HAND_LIMIT,
    NEUTRAL_NAME,
    PHASE1,
    PHASE2,
    PHASE3,
    PHASE_NAMES,
    PIECE_BITS,
    PIECES,
    SEAT_NAMES,
    TILES_PER_COLOUR,
    State,
    cloister_at,
    count_at,
    table,
)

PHASES = {"phase1": PHASE1, "phase2": PHASE2, "phase3": PHASE3, "deploy": DEPLOY}
_SEAT_KEYS = {"hand", "score", "prince", "tiles", "spaces", "in_hand", "boxed"}
_KEYS = {"players", "flags", "round", "phase", "start_player", "turn", "seed", "display", "supply",
         "discards", "seats", "districts", "passed", "generator"}


def position(desc: Mapping[str, Any]) -> State:
    """The state a description gives; :class:`PositionError` lists every reason it cannot be one."""
    reasons: list[str] = []
    if not isinstance(desc, Mapping):
        raise PositionError([f"a position is an object, got {quote(desc)}"])
    for k in sorted(set(desc) - _KEYS, key=str):
        reasons.append(f"unknown field {quote(k)}; known: {', '.join(sorted(_KEYS))}")
    n = desc.get("players")
    if type(n) is not int or not 2 <= n <= 4:
        raise PositionError([*reasons, f"MING-CMP-2: players is 2, 3 or 4, got {quote(n)}"])
    try:
        rules = RuleSet.from_flags(desc.get("flags", ()))
    except ValueError as exc:
        raise PositionError([*reasons, str(exc)]) from None
    t = table(n, rules)
    b = t.board
    P, K = len(b.colours), t.kinds
    s = [0] * t.size

    def whole(v: Any, what: str, lo: int = 0, hi: int = 10**6) -> int:
        if type(v) is not int or not lo <= v <= hi:
            reasons.append(f"{what} must be a whole number from {lo} to {hi}, got {quote(v)}")
            return lo
        return v

    rnd = whole(desc.get("round", 1), "round", 1, 6)
    phase_name = desc.get("phase", "phase1")
    phase = PHASES.get(phase_name) if isinstance(phase_name, str) else None
    if phase is None:
        reasons.append(f"phase must be one of {', '.join(PHASES)}, got {quote(phase_name)}")
        phase = PHASE1
    start = whole(desc.get("start_player", 0), "start_player", 0, n - 1)
    turn = whole(desc.get("turn", start), "turn", 0, n - 1)
    seed = whole(desc.get("seed", 0), "seed", 0, 2**64 - 1)
    s[G_ROUND], s[G_PHASE], s[G_START], s[G_TURN] = rnd, phase, start, turn

    def card(name: Any, what: str) -> int:
        if name not in t.card_names:
            reasons.append(f"{what}: no card {quote(name)}; the cards are {', '.join(t.card_names)}")
            return -1
        return t.card_names.index(name)

    def district(name: Any, what: str) -> int:
        if name not in b.district_names:
            reasons.append(f"{what}: no district {quote(name)}")
            return -1
        return b.district_names.index(name)

    def colour_counts(raw: Any, what: str) -> dict[str, int]:
        if raw is None:
            return {}
        if not isinstance(raw, Mapping):
            reasons.append(f"{what} must map names to counts, got {quote(raw)}")
            return {}
        return {str(k): whole(v, f"{what}.{k}") for k, v in raw.items()}

    display = desc.get("display")
    used = [0] * (K + 1)
    if display is None:
        display = {}
    if not isinstance(display, Mapping):
        reasons.append(f"display must map province colours to cards, got {quote(display)}")
        display = {}
    for c in display:
        if c not in b.colours:
            reasons.append(f"display: no province space {quote(c)}")
    seats = desc.get("seats", [{} for _ in range(n)])
    if not isinstance(seats, list) or len(seats) != n or not all(isinstance(x, Mapping) for x in seats):
        reasons.append(f"seats must be a list of {n} objects, got {quote(seats)}")
        seats = [{} for _ in range(n)]
    princes: dict[int, int] = {}
    for seat, raw in enumerate(seats):
        o, who = t.seat(seat), SEAT_NAMES[seat]
        for k in sorted(set(raw) - _SEAT_KEYS, key=str):
            reasons.append(f"seats[{seat}]: unknown field {quote(k)}; known: {', '.join(sorted(_SEAT_KEYS))}")
        hand = colour_counts(raw.get("hand", {"DRAGON": 1}), f"seats[{seat}].hand")
        for name, c in hand.items():
            k = card(name, f"seats[{seat}].hand")
            if k >= 0:
                s[o + t.hand + k] = c
                used[k] += c
        if sum(hand.values()) > HAND_LIMIT:
            reasons.append(f"MING-PH2-1: {who} holds {sum(hand.values())} cards, more than 5")
        s[o + t.score] = whole(raw.get("score", 0), f"seats[{seat}].score")
        prince = raw.get("prince")
        if prince is not None:
            d = district(prince, f"seats[{seat}].prince")
            if d >= 0:
                if d in princes.values():
                    reasons.append(f"MING-PH3-3: {who}'s prince cannot stand in {prince} too (one prince per district)")
                princes[seat] = d
                s[o + t.prince] = d + 1
        else:
            reasons.append(f"MING-SET-5: {who}'s prince must stand somewhere after setup")
        for what, off in (("tiles", t.tiles), ("spaces", t.space)):
            for name, c in colour_counts(raw.get(what), f"seats[{seat}].{what}").items():
                if name not in b.colours:
                    reasons.append(f"seats[{seat}].{what}: no province colour {quote(name)}")
                else:
                    s[o + off + b.colours.index(name)] = c
        s[o + t.in_hand] = whole(raw.get("in_hand", 0), f"seats[{seat}].in_hand", 0, 5)
        s[o + t.box] = whole(raw.get("boxed", 0), f"seats[{seat}].boxed", 0, PIECES - 1)
        s[o + t.ret] = -1
    names = {SEAT_NAMES[c]: c for c in range(n)}
    if t.neutral >= 0:
        names[NEUTRAL_NAME] = t.neutral
    districts = desc.get("districts", {})
    if not isinstance(districts, Mapping):
        reasons.append(f"districts must map district names to their pieces, got {quote(districts)}")
        districts = {}
    cloisters = 0
    for dn, raw in districts.items():
        d = district(dn, "districts")
        if d < 0 or not isinstance(raw, Mapping):
            continue
        for k in sorted(set(raw) - {"open", "houses", "cloister"}, key=str):
            reasons.append(f"districts.{dn}: unknown field {quote(k)}")
        for what, at in (("open", t.open_at), ("houses", t.house_at)):
            for cname, c in colour_counts(raw.get(what), f"districts.{dn}.{what}").items():
                if cname not in names:
                    reasons.append(f"districts.{dn}.{what}: no colour {quote(cname)} in a {n}-player game")
                else:
                    s[at[names[cname]]] += min(c, 31) << (PIECE_BITS * d)
        occ = raw.get("cloister")
        if occ is not None:
            if occ not in names or names[occ] == t.neutral:
                reasons.append(f"MING-CLAR-14: districts.{dn}.cloister must be a player colour, got {quote(occ)}")
            else:
                cloisters |= (names[occ] + 1) << (CLOISTER_BITS * d)
    s[t.cloister] = cloisters
    for seat in range(n):
        if any(count_at(s[t.house_at[seat]], d) for d in b.districts):
            reasons.append(f"MING-SCORE-7: {SEAT_NAMES[seat]} has pieces in city houses outside a scoring")
    if t.neutral >= 0 and rules.neutral_return == "ALL" and s[t.house_at[t.neutral]]:
        reasons.append("MING-CLAR-20: neutral pieces stay in city houses only under NEUTRAL_RETURN=NONE|ONE_PER_CITY")
    for d in b.districts:
        if sum(count_at(s[t.house_at[c]], d) for c in range(t.colours)) > b.houses_per_district:
            reasons.append(f"MING-CMP-1: {b.district_names[d]} has {b.houses_per_district} houses")
    # the face-up display, discards, the face-down supply
    for i, c in enumerate(b.colours):
        k = card(display.get(c, b.transports[i % K]), f"display.{c}")
        if k == K:
            reasons.append(f"MING-SET-1: the display shows movement cards, not a dragon ({c})")
        elif k >= 0:
            s[t.display + i] = k
            used[k] += 1
    for name, c in colour_counts(desc.get("discards"), "discards").items():
        k = card(name, "discards")
        if 0 <= k < K:
            s[t.discards + k] = c
            used[k] += c
    deck = list(b.deck)
    left = [deck[k] - used[k] for k in range(K)]
    for k in range(K):
        if left[k] < 0:
            reasons.append(f"MING-CLAR-6: {used[k]} {t.card_names[k]} cards are in play, but the deck has {deck[k]}")
    if used[K] > DRAGONS:
        reasons.append(f"MING-CLAR-6: {used[K]} dragons in hands, but there are {DRAGONS}")
    s[G_DRAGONS] = max(0, DRAGONS - used[K])
    r = rng.seed_state(seed)
    supply = desc.get("supply")
    if supply is None:
        pile, r = rng.shuffled(r, [k for k in range(K) for _ in range(max(0, left[k]))])
    else:
        pile = [card(x, "supply") for x in supply] if isinstance(supply, list) else []
        if sorted(pile) != sorted(k for k in range(K) for _ in range(max(0, left[k]))):
            reasons.append(f"MING-CLAR-6: the supply must hold exactly the {sum(max(0, x) for x in left)} movement "
                           f"cards not displayed, discarded or in hands (all {DECK_SIZE} are somewhere)")
    if "generator" in desc:
        r = whole(desc["generator"], "generator", 0, 2**64 - 1)
    s[G_SUPPLY], s[G_SUPPLY_LEN], s[G_RNG] = _pack([max(0, k) for k in pile]), len(pile), r
    for i in range(P):
        held = sum(s[t.seat(x) + t.tiles + i] for x in range(n))
        if held > TILES_PER_COLOUR:
            reasons.append(f"MING-CMP-2: {held} {b.colours[i]} tiles held, there are 18")
        s[t.tile_supply + i] = max(0, TILES_PER_COLOUR - held)
    # personal supplies: what is left of each colour's 31 pieces (MING-CLAR-3)
    for seat in range(n):
        o = t.seat(seat)
        placed = (1 + s[o + t.in_hand] + sum(s[o + t.space:o + t.space + P]) + s[o + t.box]
                  + sum(count_at(s[t.open_at[seat]], d) for d in b.districts)
                  + sum(1 for d in b.districts if cloister_at(cloisters, d) == seat + 1))
        if placed > PIECES:
            reasons.append(f"MING-CLAR-3: {SEAT_NAMES[seat]} has {placed} pieces on the board, more than 31")
        s[o + t.personal] = max(0, PIECES - placed)
    passed = desc.get("passed", [])
    if not isinstance(passed, list) or not all(type(x) is int and 0 <= x < n for x in passed):
        reasons.append(f"passed must be a list of seats, got {quote(passed)}")
        passed = []
    if passed and phase not in (PHASE3, DEPLOY):
        reasons.append("MING-PH3-5: players pass only in phase 3")
    if phase in (PHASE3, DEPLOY):
        s[G_MASK] = sum(1 << x for x in set(passed))
        if turn in passed:
            reasons.append(f"MING-PH3-1: {SEAT_NAMES[turn]} has passed and cannot be the one to act")
    if phase == PHASE1 and s[t.seat(turn) + t.in_hand] == 0:
        reasons.append(f"MING-CLAR-4: {SEAT_NAMES[turn]} has no family member left to place in phase 1")
    if phase == PHASE2 and not (sum(s[t.seat(turn) + t.hand:t.seat(turn) + t.hand + K + 1]) < HAND_LIMIT
                                and any(s[t.seat(turn) + t.space:t.seat(turn) + t.space + P])):
        reasons.append(f"MING-CLAR-5: {SEAT_NAMES[turn]} cannot take a card (5 cards, or no piece on a province space)")
    if phase == PHASE3 and not sum(s[t.seat(turn) + t.hand:t.seat(turn) + t.hand + K + 1]):
        reasons.append(f"MING-CLAR-8: {SEAT_NAMES[turn]} has no card, so can only pass")
    if reasons:
        raise PositionError(reasons)
    state = State(tuple(s), t)
    if phase == DEPLOY and deploy_limit(t, s, turn)[0] == 0:
        raise PositionError([f"MING-CLAR-9: {SEAT_NAMES[turn]} has nothing to deploy here"])
    bad = check_invariants(state)
    if bad:
        raise PositionError(bad)
    return state


def description(state: State) -> dict[str, Any]:
    """The description of ``state`` (phases 1 to 3 and deployment; the supply order and generator
    are kept, so the description gives back the same state)."""
    t, d = state.table, state.data
    b = t.board
    phase = PHASE_NAMES[d[G_PHASE]]
    if phase not in PHASES:
        raise ValueError(f"a description holds phases {', '.join(PHASES)}, not {phase}")
    seats = []
    for seat in range(t.players):
        seats.append({
            "hand": state.hand(seat), "score": state.score(seat), "prince": state.prince(seat),
            "tiles": {c: x for c, x in state.tiles(seat).items() if x},
            "spaces": {c: x for c, x in state.spaces(seat).items() if x},
            "in_hand": state.in_hand(seat), "boxed": state.boxed(seat)})
    districts: dict[str, Any] = {}
    for dn in b.district_names:
        entry: dict[str, Any] = {}
        if state.open_area(dn):
            entry["open"] = state.open_area(dn)
        if state.houses(dn):
            entry["houses"] = state.houses(dn)
        if state.cloister(dn):
            entry["cloister"] = state.cloister(dn)
        if entry:
            districts[dn] = entry
    out: dict[str, Any] = {
        "players": t.players, "flags": list(t.rules.flags()), "round": d[G_ROUND], "phase": phase,
        "start_player": d[G_START], "turn": d[G_TURN], "display": state.display, "discards": state.discards,
        "supply": [t.card_names[k] for k in _unpack(d[G_SUPPLY], d[G_SUPPLY_LEN])],
        "seats": seats, "districts": districts, "generator": d[G_RNG]}
    if d[G_PHASE] in (PHASE3, DEPLOY):
        out["passed"] = [x for x in range(t.players) if d[G_MASK] >> x & 1]
    return out
