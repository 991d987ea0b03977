"""Positions from a description (a position editor's setup) and back, with every reason a setup is
not a playable position (the lichess editor's setup-vs-position split).

A description is plain JSON data; the position it gives is the start of the active player's phase 2
(his honor for the turn already received)::

    {"players": 3, "active": 0, "seed": 5, "rules": ["NO_RESHUFFLE"], "shogun": 0,
     "seats": [{"honor": 120, "daimyo": ["DAIMYO_30", "OKUGATA_10"], "samurai": ["WARRIOR_S2"],
                "hand": ["SAVE_FACE"], "ally": null, "break_pending": false}, ...],
     "discard": {"NOH": 1}, "actions_used": 0, "declared": false}

Cards not named anywhere (hands, houses, discard) are the deck. ``describe_position`` writes such a
description from a state, so ``position(describe_position(s))`` has the same table as ``s``.

>>> from lotus_kit.samurai.game import SAMURAI
>>> s = SAMURAI.new_game(3, seed=2)
>>> p = position(describe_position(s))
>>> p.honor == s.honor and p.hand(1) == s.hand(1) and p.house(2, "daimyo") == s.house(2, "daimyo")
True
>>> position({"players": 3, "seats": [{"daimyo": ["NOH"]}, {}, {}]})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lotus_kit.core.errors.PositionError: impossible position:
- seats[0].daimyo: a Daimyo house is headed by a Daimyo card, not 'NOH' (SAM-SET-0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lotus_kit.core.errors import PositionError, quote
from lotus_kit.core.rng import seed_state
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.rules import Rules
from lotus_kit.samurai.state import State, house_cards

_SEAT_KEYS = {"honor", "daimyo", "samurai", "hand", "ally", "break_pending"}
_KEYS = {"players", "active", "seed", "rules", "shogun", "seats", "discard", "actions_used", "declared", "winners"}


def describe_position(state: State, hide_from: int | None = -1) -> dict[str, Any]:
    """The description of ``state``'s table (hands of seats other than ``hide_from`` left out when it
    is not -1; the deck is never listed: it is whatever is left)."""
    n = state.players
    seats = []
    for s in range(n):
        hb = E.house_base(s, E.DAIMYO_HOUSE)
        daimyo = [C.NAMES[state[hb]], *house_cards(state, hb)] if state[hb] else []
        seat = {"honor": state.honor[s], "daimyo": daimyo,
                "samurai": list(house_cards(state, E.house_base(s, E.SAMURAI_HOUSE))),
                "ally": state.allies[s], "break_pending": s in state.pending_breaks}
        if hide_from == -1 or hide_from == s:
            seat["hand"] = list(state.hand(s))
        seats.append(seat)
    out = {"players": n, "active": state.active, "rules": list(state.rules.flags()),
           "shogun": state.shogun_holder, "seats": seats, "discard": state.discard,
           "actions_used": state.actions_used, "declared": state.declared}
    if state.is_over:
        out["winners"] = sorted(state.winners)
    return out


def _card(v: Any, where: str, reasons: list[str]) -> int:
    k = C.KIND.get(v, 0) if isinstance(v, str) else 0
    if not k or k in (C.SAMURAI, C.SHOGUN):
        reasons.append(f"{where}: {quote(v)} is no card of the deck (SAM-CMP-3)")
        return 0
    return k


def position(description: Mapping[str, Any]) -> State:
    """The state described; :class:`PositionError` listing every reason it is not playable."""
    reasons: list[str] = []
    d = description
    if not isinstance(d, Mapping):
        raise PositionError([f"a position is an object, got {quote(d)}"])
    for key in d:
        if key not in _KEYS:
            reasons.append(f"{quote(key)}: unknown field; known: {', '.join(sorted(_KEYS))}")
    try:
        rules = Rules.from_flags(d.get("rules", ()))
    except (ValueError, TypeError) as exc:
        raise PositionError([f"rules: {exc}"]) from None
    winners = d.get("winners")
    if winners is not None and (not isinstance(winners, list) or any(type(w) is not int for w in winners)):
        reasons.append(f"winners: a list of seats (a finished game) or absent, got {quote(winners)}")
        winners = None
    n = d.get("players")
    low = 2 if rules.bits & E.F_2P else 3
    if type(n) is not int or not low <= n <= 6:
        raise PositionError([*reasons, f"players: {low} to 6 players (SAM-CMP-4), got {quote(n)}"])
    seats = d.get("seats", [{}] * n)
    if not isinstance(seats, list) or len(seats) != n:
        raise PositionError([*reasons, f"seats: one entry per player ({n}), got {quote(seats)}"])
    t = [0] * (E.SEATS + E.SEAT_SIZE * n)
    t[E.N], t[E.TARGET], t[E.MAXR], t[E.FLAGS] = n, rules.target_honor, rules.max_rounds, rules.bits
    t[E.LAST_ACTION] = -1
    active = d.get("active", 0)
    if type(active) is not int or not 0 <= active < n:
        reasons.append(f"active: a seat from 0 to {n - 1}, got {quote(active)}")
        active = 0
    t[E.ACTIVE] = t[E.START] = active
    seed = d.get("seed", 0)
    if type(seed) is not int:
        reasons.append(f"seed: a whole number, got {quote(seed)}")
        seed = 0
    t[E.RNG] = seed_state(seed)
    used = [0] * C.KINDS
    for s, seat in enumerate(seats):
        w = f"seats[{s}]"
        if not isinstance(seat, Mapping):
            reasons.append(f"{w}: an object, got {quote(seat)}")
            continue
        for key in seat:
            if key not in _SEAT_KEYS:
                reasons.append(f"{w}.{quote(key)}: unknown field; known: {', '.join(sorted(_SEAT_KEYS))}")
        b = E.seat_base(s)
        honor = seat.get("honor", 0)
        if type(honor) is not int or abs(honor) > 10**6:
            reasons.append(f"{w}.honor: a whole number, got {quote(honor)}")
        else:
            t[b + E.HONOR] = honor
            if honor >= rules.target_honor and winners != [s]:
                reasons.append(f"{w}.honor: {honor} reaches the target {rules.target_honor}: the game would be "
                               "over (SAM-CLAR-16)")
        t[b + E.SH] = C.SAMURAI
        used[C.SAMURAI] += 1
        for which, h in (("daimyo", E.DAIMYO_HOUSE), ("samurai", E.SAMURAI_HOUSE)):
            names = seat.get(which, [])
            if not isinstance(names, list):
                reasons.append(f"{w}.{which}: a list of cards, got {quote(names)}")
                continue
            kinds = [_card(v, f"{w}.{which}[{i}]", reasons) for i, v in enumerate(names)]
            if h == E.DAIMYO_HOUSE and kinds:
                if kinds[0] not in C.DAIMYOS:
                    reasons.append(f"{w}.daimyo: a Daimyo house is headed by a Daimyo card, not {quote(names[0])} "
                                   "(SAM-SET-0)")
                    continue
                t[b + E.DH] = kinds[0]
                used[kinds[0]] += 1
                kinds = kinds[1:]
            for _i, k in enumerate(kinds):
                if not k:
                    continue
                used[k] += 1
                cls = E.CLASS[k]
                if cls in (E.C_DAIMYO, E.C_EVENT):
                    reasons.append(f"{w}.{which}: {C.NAMES[k]} cannot lie in a house (SAM-PLAY-1)")
                elif not E.fits(t, k, s, h):
                    reasons.append(f"{w}.{which}: {C.NAMES[k]} breaks the house limits (SAM-PLAY-2: 5 warriors, "
                                   "1 Okugata, 1 castle and only in a Daimyo house)")
                elif cls == E.C_POSSESSION and t[E.house_base(s, h) + E.POS] & C.POS_BIT[k]:
                    reasons.append(f"{w}.{which}: {C.NAMES[k]} twice (SAM-CMP-3)")
                else:
                    E._place(t, k, s, h)
        hand = seat.get("hand", [])
        if not isinstance(hand, list) or len(hand) > E.HAND_SLOTS:
            reasons.append(f"{w}.hand: a list of at most 7 cards (SAM-KI-4), got {quote(hand)}")
            hand = []
        kinds = sorted(k for k in (_card(v, f"{w}.hand[{i}]", reasons) for i, v in enumerate(hand)) if k)
        for k in kinds:
            used[k] += 1
        t[b + E.HAND:b + E.HAND + len(kinds)] = kinds
        ally = seat.get("ally")
        t[b + E.ALLY] = -1
        if ally is not None:
            if type(ally) is not int or not 0 <= ally < n or ally == s:
                reasons.append(f"{w}.ally: another seat or null, got {quote(ally)}")
            else:
                t[b + E.ALLY] = ally
        t[b + E.BREAK] = 1 if seat.get("break_pending") is True else 0
    for s in range(n):
        a = t[E.seat_base(s) + E.ALLY]
        if a >= 0:
            if t[E.seat_base(a) + E.ALLY] != s:
                reasons.append(f"seats[{s}].ally: {a} is not allied with {s} (an alliance pairs two players)")
            elif bool(t[E.seat_base(s) + E.DH]) == bool(t[E.seat_base(a) + E.DH]):
                reasons.append(f"seats[{s}].ally: an alliance pairs a Ronin with a Daimyo owner (SAM-CLAR-13)")
        elif t[E.seat_base(s) + E.BREAK]:
            reasons.append(f"seats[{s}].break_pending: no alliance to break")
    shogun = d.get("shogun")
    t[E.SHOGUN_AT] = -1
    if shogun is not None:
        if type(shogun) is not int or not 0 <= shogun < n:
            reasons.append(f"shogun: a seat or null, got {quote(shogun)}")
        elif not t[E.seat_base(shogun) + E.DH]:
            reasons.append(f"shogun: seat {shogun} has no Daimyo house to hold the Shogun card (SAM-SET-0)")
        else:
            t[E.SHOGUN_AT] = shogun
    discard = d.get("discard", {})
    if not isinstance(discard, Mapping):
        reasons.append(f"discard: an object card -> count, got {quote(discard)}")
        discard = {}
    for name, count in discard.items():
        k = _card(name, f"discard.{name}", reasons)
        if k and (type(count) is not int or count < 0):
            reasons.append(f"discard.{name}: a count, got {quote(count)}")
        elif k:
            t[E.DISCARD + k] = count
            used[k] += count
    counts = list(C.COUNT)
    if rules.bits & E.F_DECK:
        counts[C.DISHONOR], counts[C.SAVE_FACE] = 9, 4
    for k in range(1, C.SHOGUN):
        if used[k] > counts[k]:
            reasons.append(f"{C.NAMES[k]}: {used[k]} placed, the deck has {counts[k]} (SAM-CMP-3, SAM-CLAR-1)")
        elif k != C.SAMURAI:
            t[E.DECK + k] = counts[k] - used[k]
    t[E.DECK_SIZE] = sum(t[E.DECK:E.DECK + C.KINDS])
    au = d.get("actions_used", 0)
    if type(au) is not int or not 0 <= au <= 5:
        reasons.append(f"actions_used: 0 to 5 (SAM-KI-2), got {quote(au)}")
    else:
        t[E.USED] = au
    declared = d.get("declared", False)
    if type(declared) is not bool:
        reasons.append(f"declared: true or false, got {quote(declared)}")
    elif declared:
        t[E.DECL] = E.D_ATTACK          # one declaration made this turn (which kind is not needed)
    if winners is not None and any(not 0 <= w < n for w in winners):
        reasons.append(f"winners: seats from 0 to {n - 1}, got {quote(winners)}")
    if reasons:
        raise PositionError(reasons)
    t[E.TURNS] = 1
    if winners is not None:                 # a finished game: nobody acts (SAM-END-1, SAM-CLAR-17)
        t[E.MODE] = E.OVER
        t[E.WIN] = sum(1 << w for w in set(winners))
        return State(t)
    t[E.MODE] = E.MAIN
    E._check_duty(t)
    return State(t)
