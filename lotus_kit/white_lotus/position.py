"""Positions set up by hand: a plain description, validated, turned into a playable state.

The description (a JSON-friendly dict) is a *setup*; :func:`position` checks it and says every
reason it cannot be a position of the game, or returns the state with the phase begun. Keys:

- ``players`` (3-6), ``year`` (default 1), ``phase`` (1-6, default 1), ``emperor`` (default 0),
  ``seed`` (orders the draw pool, default 0)
- ``owners``: ``{"CHEN": [seat, "P"], ...}``; ``neutral``: ``{"HANZ": "T", ...}``; every other
  in-play province is empty
- ``markers``: ``{"CHEN": [0, 1]}`` (phases 1 and 2 only)
- ``hands``: ``{seat: {"influence": [3, 2, 0], "combat": [1, 1]}}`` (default: the start hand); a hand
  holds at most the cards the game has: 28 influence cards of each value 1 to 3 and one 0 (WL-COMP-8,
  WL-CARDS-6), 20 combat cards of each value (WL-COMP-9)
- ``vp_chips``: ``{seat: n}``; ``pool``: chip types, top first (default: the rest of the mix,
  shuffled by ``seed``); ``start_palace``: the lotus province whose palace is resolved first while
  neutral (WL-CONF-2; default none); ``final_year``: this year is the last (default false)

>>> s = position({"players": 4, "phase": 2, "emperor": 2,
...     "owners": {"DATO": [2, "P"], "JINA": [3, "T"], "FENG": [2, "R"], "HENA": [3, "F"],
...                "LUZH": [1, "V"], "TIAN": [0, "V"]},
...     "neutral": {"CHEN": "P"}, "markers": {"CHEN": [0, 1]}})
>>> sorted(s.conflict.remaining), s.board.provinces[s.conflict.province].name
([0, 1], 'Chengdu')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from lotus_kit.core.errors import PositionError, quote, shorten
from lotus_kit.white_lotus.board import BUILDINGS, board_view, groups, iter_bits
from lotus_kit.white_lotus.cards import Hand, counts_of
from lotus_kit.white_lotus.deal import chance
from lotus_kit.white_lotus.fast import core as C
from lotus_kit.white_lotus.rules import COMBAT_SUPPLY, INFLUENCE_SUPPLY, PLAYER_CHIPS, RuleSet
from lotus_kit.white_lotus.state import ClaimStep, Phase, State

KEYS = {"players", "year", "phase", "emperor", "seed", "owners", "neutral", "markers", "hands", "vp_chips",
        "pool", "start_palace", "final_year"}
# WL-COMP-8/9: the cards of each value in the box, the most one hand can hold (also with the
# engine's unlimited piles of WL-COMP-12: a position is a position of the real game)
BOX_INFLUENCE = 28
BOX_COMBAT = 20


def _at(where: str, key: Any) -> str:
    """The place of a key of the description, shortened: keys come from outside."""
    return f"{where}.{shorten(str(key), 40)}" if isinstance(key, str | int) else f"{where}.{quote(key, 20)}"


def _seat_key(key: Any, players: int, where: str, reasons: list[str]) -> int | None:
    try:
        seat = int(key) if isinstance(key, str) and key.strip().isdigit() else key
    except ValueError:
        seat = None
    if type(seat) is not int or not 0 <= seat < players:
        reasons.append(f"{where}: there is no seat {quote(key)} with {players} players")
        return None
    return seat


def _mapping(desc: Mapping[str, Any], key: str, reasons: list[str], most: int, what: str) -> Mapping[Any, Any]:
    """The object under ``key`` (empty when missing); anything else is a reason, not a crash.
    More than ``most`` entries (one per ``what``) cannot all be right: refused before reading them."""
    raw = desc.get(key, {})
    if not isinstance(raw, Mapping):
        reasons.append(f"{key}: expected an object, got {quote(raw)}")
        return {}
    if len(raw) > most:
        reasons.append(f"{key}: {len(raw):,} entries, but there are only {most} {what}")
        return {}
    return raw


def _seats(raw: Mapping[Any, Any], key: str, players: int, reasons: list[str]) -> list[tuple[Any, int | None]]:
    """The entries of a per-seat object with their seats; a seat named twice ("0" and 0) is a reason."""
    out, seen = [], set()
    for k in raw:
        seat = _seat_key(k, players, _at(key, k), reasons)
        if seat is not None and seat in seen:
            reasons.append(f"{_at(key, k)}: seat {seat} is given twice")
            seat = None
        seen.add(seat)
        out.append((k, seat))
    return out


def _hand(raw: Any, where: str, reasons: list[str]) -> Hand | None:
    if not isinstance(raw, Mapping) or set(raw) - {"influence", "combat"}:
        reasons.append(f"{where}: a hand is {{'influence': [...], 'combat': [...]}}")
        return None
    for kind, box, rule in (("influence", 3 * BOX_INFLUENCE + 1, f"{BOX_INFLUENCE} of each value 1 to 3 and one 0, "
                             "WL-COMP-8"), ("combat", 3 * BOX_COMBAT, f"{BOX_COMBAT} of each value, WL-COMP-9")):
        cards = raw.get(kind, [])
        if isinstance(cards, list) and len(cards) > box:
            # counted before anything else: legal card choices grow as the cube of a hand
            reasons.append(f"{where}: {len(cards):,} {kind} cards, but a hand can hold at most {box} ({rule})")
            return None
    inf = counts_of(raw.get("influence", []), (0, 1, 2, 3)) if isinstance(raw.get("influence", []), list) else None
    com = counts_of(raw.get("combat", []), (1, 2, 3)) if isinstance(raw.get("combat", []), list) else None
    if inf is None:
        reasons.append(f"{where}: influence cards have values 0 to 3")
        return None
    if com is None:
        reasons.append(f"{where}: combat cards have values 1 to 3")
        return None
    if inf[0] > 1:
        reasons.append(f"{where}: a player holds exactly one 0 card (WL-CARDS-6)")
    for value in (1, 2, 3):
        if inf[value] > BOX_INFLUENCE:
            reasons.append(f"{where}: {inf[value]} influence cards of value {value}, but the game has "
                           f"{BOX_INFLUENCE} (WL-COMP-8)")
        if com[value - 1] > BOX_COMBAT:
            reasons.append(f"{where}: {com[value - 1]} combat cards of value {value}, but the game has "
                           f"{BOX_COMBAT} (WL-COMP-9)")
    return Hand(min(inf[0], 1), inf[1], inf[2], inf[3], *com)


def validate(desc: Mapping[str, Any], rules: RuleSet | None = None) -> list[str]:
    """Every reason the description is not a possible position (empty when it is)."""
    try:
        _build(desc, rules or RuleSet())
    except PositionError as exc:
        return exc.reasons
    return []


def position(desc: Mapping[str, Any] | str, rules: RuleSet | None = None) -> State:
    """The state described by ``desc``, with its phase begun; :class:`PositionError` lists every problem.
    ``desc`` may also be a position code (:mod:`lotus_kit.white_lotus.position_code`), which carries
    its own rules: the exact state it stands for."""
    from lotus_kit.white_lotus.fast.codec import decode, encode

    if isinstance(desc, str):
        from lotus_kit.white_lotus.position_code import state_from_code

        return state_from_code(desc)

    state = _build(desc, rules or RuleSet())
    t, s = encode(state)
    s = s[:]                    # the state's own list is shared: the phase begins on a copy
    ev: list = []
    if isinstance(state.step, ClaimStep):
        # markers are out: seats out of markers or targets are done, the turn goes on (WL-PLACE-3, WL-PLACE-8)
        C._next_turn(t, s, state.step.turn, None)
    C._advance(t, s, ev)
    return decode(t, s, tuple(ev))


def _build(desc: Mapping[str, Any], rules: RuleSet) -> State:
    reasons: list[str] = []
    if not isinstance(desc, Mapping):
        raise PositionError(["a position is described by an object of fields"])
    unknown = [key for key in desc if key not in KEYS]
    for key in unknown[:3]:
        reasons.append(f"{quote(key)}: unknown field (known: {', '.join(sorted(KEYS))})")
    if len(unknown) > 3:
        reasons.append(f"and {len(unknown) - 3:,} more unknown fields")
    players = desc.get("players")
    if type(players) is not int or not 3 <= players <= 6:
        raise PositionError([*reasons, f"players: the game is for 3 to 6 players, not {quote(players)} (WL-SETUP-1)"])
    view = board_view(players)
    data = view.data
    year, phase_n = desc.get("year", 1), desc.get("phase", 1)
    emperor, seed = desc.get("emperor", 0), desc.get("seed", 0)
    if type(year) is not int or not 1 <= year <= C.MAX_YEARS:
        reasons.append(f"year: expected a year from 1 to {C.MAX_YEARS} (WL-YEAR-4), got {quote(year)}")
        year = 1
    if type(phase_n) is not int or not 1 <= phase_n <= 6:
        reasons.append(f"phase: expected a phase from 1 to 6, got {quote(phase_n)} (WL-YEAR-1)")
        phase_n = 1
    if rules.designer and phase_n == 6:
        reasons.append("phase: the designer rules have no phase 6 (WL_DESIGNER)")
    if rules.designer and year > 4:
        reasons.append("year: the designer rules last 4 turns (WL_DESIGNER)")
    if type(emperor) is not int or not 0 <= emperor < players:
        reasons.append(f"emperor: there is no seat {quote(emperor)} (WL-EMP-1)")
        emperor = 0
    if type(seed) is not int:
        reasons.append(f"seed: expected a whole number, got {quote(seed)}")
        seed = 0

    chips = [""] * len(data.provinces)
    owners = [-1] * len(data.provinces)

    def province(pid: Any, where: str) -> int | None:
        i = view.index_of.get(pid) if isinstance(pid, str) else None
        if i is None:
            reasons.append(f"{where}: there is no province {quote(pid)}")
            return None
        if not view.in_play_mask >> i & 1:
            reasons.append(f"{where}: {data.provinces[i].name} is not in play with {players} players (WL-SETUP-1)")
            return None
        return i

    provinces = len(data.provinces)
    for pid, spec in _mapping(desc, "owners", reasons, provinces, "provinces").items():
        i = province(pid, _at("owners", pid))
        if i is None:
            continue
        if not (isinstance(spec, list | tuple) and len(spec) == 2 and spec[1] in BUILDINGS):
            reasons.append(f"{_at('owners', pid)}: expected [seat, building] with a building of {'/'.join(BUILDINGS)}")
            continue
        seat = _seat_key(spec[0], players, _at("owners", pid), reasons)
        if seat is not None:
            chips[i], owners[i] = spec[1], seat
    for pid, kind in _mapping(desc, "neutral", reasons, provinces, "provinces").items():
        i = province(pid, _at("neutral", pid))
        if i is None:
            continue
        if kind not in BUILDINGS:
            reasons.append(f"{_at('neutral', pid)}: {quote(kind)} is not a building ({'/'.join(BUILDINGS)})")
        elif chips[i]:
            reasons.append(f"{_at('neutral', pid)}: {data.provinces[i].name} is also listed as owned")
        else:
            chips[i] = kind
    for i in iter_bits(view.lotus_mask):
        if not chips[i]:
            reasons.append(f"{data.provinces[i].name} is a lotus province and always holds a chip (WL-SETUP-2)")
    on_board = {k: chips.count(k) for k in BUILDINGS}
    for k in BUILDINGS:
        if on_board[k] > data.neutral_mix[k]:
            reasons.append(f"{on_board[k]} {k} chips on the board, but the game has only {data.neutral_mix[k]} "
                           "(WL-COMP-2)")
    if not rules.designer:
        _check_chips_grow_from_lotus(view, chips, reasons)

    markers = [0] * len(chips)
    for pid, seats in _mapping(desc, "markers", reasons, provinces, "provinces").items():
        where = _at("markers", pid)
        i = province(pid, where)
        if i is None:
            continue
        if phase_n not in (1, 2):
            reasons.append(f"{where}: markers are on the board only in phases 1 and 2 (WL-CONF-14)")
            continue
        if not chips[i] or owners[i] >= 0:
            reasons.append(f"{where}: markers go only on provinces holding a neutral chip (WL-PLACE-2)")
            continue
        if not isinstance(seats, list | tuple) or len(seats) > players:
            reasons.append(f"{where}: a list of seats, each at most once (WL-PLACE-2)")
            continue
        for s in seats:
            seat = _seat_key(s, players, where, reasons)
            if seat is not None and markers[i] >> seat & 1:
                reasons.append(f"{where}: a list of seats, each at most once (WL-PLACE-2)")
            elif seat is not None:
                markers[i] |= 1 << seat

    hands = [Hand.start(rules.start_combat_single)] * players
    given = _mapping(desc, "hands", reasons, players, "seats")
    for key, seat in _seats(given, "hands", players, reasons):
        hand = _hand(given[key], _at("hands", key), reasons)
        if seat is not None and hand is not None:
            hands[seat] = hand
    vp = [0] * players
    given = _mapping(desc, "vp_chips", reasons, players, "seats")
    for key, seat in _seats(given, "vp_chips", players, reasons):
        n = given[key]
        if type(n) is not int or n < 0:
            reasons.append(f"{_at('vp_chips', key)}: expected a count, got {quote(n)}")
        elif seat is not None:
            vp[seat] = n

    for seat in range(players):
        placed = sum(1 for m in markers if m >> seat & 1)
        limit = 5 if rules.designer else min(5, 3 + sum(1 for c, o in zip(chips, owners, strict=True)
                                                       if o == seat and c == "R"))
        if placed > limit:
            reasons.append(f"markers: seat {seat} has {placed} markers out but may place only {limit} (WL-PLACE-1)")

    rest = [k for k in BUILDINGS for _ in range(max(0, data.neutral_mix[k] - on_board[k]))]
    if "pool" in desc:
        pool = desc["pool"]
        if isinstance(pool, list) and len(pool) > sum(data.neutral_mix.values()):
            reasons.append(f"pool: {len(pool):,} chips, but the game has {sum(data.neutral_mix.values())} "
                           "neutral chips (WL-COMP-2)")
            pool = []
        elif not isinstance(pool, list) or any(k not in BUILDINGS for k in pool):
            reasons.append(f"pool: expected a list of chip types ({'/'.join(BUILDINGS)})")
            pool = []
        for k in BUILDINGS:
            if on_board[k] + pool.count(k) > data.neutral_mix[k]:
                reasons.append(f"pool: with the board, more {k} chips than the game has (WL-COMP-2)")
    else:
        pool = rest
        chance(seed).shuffle(pool)      # the same generator as a new game's

    start_palace = -1
    if desc.get("start_palace") is not None:
        i = province(desc["start_palace"], "start_palace")
        if i is not None and not (view.lotus_mask >> i & 1 and chips[i] == "P"):
            reasons.append("start_palace: must be a lotus province holding a palace (WL-SETUP-2)")
        elif i is not None:
            start_palace = i

    supply = stock = None
    if rules.finite_supply:
        held = [sum(getattr(h, f) for h in hands) for f in ("inf1", "inf2", "inf3", "com1", "com2", "com3")]
        supply = tuple(total - n for total, n in zip((*INFLUENCE_SUPPLY, *COMBAT_SUPPLY), held, strict=True))
        if min(supply) < 0:
            reasons.append("hands: more cards of some value than the finite supply holds (WL_FINITE_SUPPLY)")
    if rules.enforce_chip_limit:
        stock = tuple(tuple(PLAYER_CHIPS[k] - sum(1 for c, o in zip(chips, owners, strict=True) if o == s and c == k)
                            for k in BUILDINGS) for s in range(players))
        if any(n < 0 for row in stock for n in row):
            reasons.append("owners: a player owns more chips of a type than his colour has (WL_ENFORCE_CHIP_LIMIT)")
    final_year = desc.get("final_year", False)
    if type(final_year) is not bool:
        reasons.append("final_year: expected true or false")
    if reasons:
        raise PositionError(reasons)

    state = State(
        rules=rules, players=players, seed=seed, year=year, phase=Phase(phase_n), emperor=emperor,
        chips=tuple(chips), owners=tuple(owners), markers=tuple(markers), hands=tuple(hands),
        vp_chips=tuple(vp), pool=tuple(pool), start_palace=start_palace, supply=supply, stock=stock,
        final_year=bool(final_year))
    if phase_n == 1 and any(markers):
        placed = tuple(sum(1 for m in markers if m >> s & 1) for s in range(players))
        # the pass order goes on with the first seat, clockwise from the emperor, that placed fewest
        order = state.clockwise_from(emperor)
        turn = min(order, key=lambda s: (placed[s], order.index(s)))
        # position() lets the seats out of markers or targets finish (the core's turn rule)
        state = replace(state, step=ClaimStep(placed=placed, done=0, turn=turn))
    return state


def _check_chips_grow_from_lotus(view, chips: list[str], reasons: list[str]) -> None:
    """WL-TERR-2: a chip is placed next to a chip, so every chip group holds a lotus province."""
    mask = sum(1 << i for i, c in enumerate(chips) if c) & view.in_play_mask
    for group in sorted(groups(view, mask), key=lambda g: g & -g):      # in board order, as listed
        if not group & view.lotus_mask:
            names = ", ".join(view.ids(group))
            reasons.append(f"chips on {names} are cut off from every lotus province: phase 6 places chips "
                           "only next to chips (WL-TERR-2)")
