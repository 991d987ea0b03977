"""The rules of Ming Dynastie as pure functions on :class:`~lotus_kit.ming.state.State`.

``apply`` copies the state tuple into a list, changes it in straight-line code and freezes it again;
it validates first, so an illegal action raises :class:`IllegalAction` with its rule id and leaves
the state unchanged. Steps without a choice (phase 4's district step, points, bonuses, the neutral's
returns, a choice with exactly one option, MING-CLAR-20 (g)) run inside ``apply``.

>>> s = new_game(2, seed=3, start_player=1)
>>> s.phase, s.current_seat
('place_prince', 1)
>>> apply(s, PlacePrince(0, "P1.T"))
Traceback (most recent call last):
...
lotus_kit.core.errors.IllegalAction: MING-RND-2: it is White's turn to place a prince, not Black's
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import compress
from operator import le
from typing import Any

from lotus_kit.core import rng
from lotus_kit.core.errors import IllegalAction, quote
from lotus_kit.ming.actions import (
    Action,
    ChooseReturn,
    ChooseStart,
    Deploy,
    ExchangeSets,
    Move,
    Pass,
    PlaceMember,
    PlaceNeutral,
    PlacePrince,
    SplitReturn,
    Stay,
    TakeCard,
    TakeDragon,
)
from lotus_kit.ming.moves import (
    FIELD,
    payment_of,
    phase3_actions,
    reach,
)
from lotus_kit.ming.rules import RuleSet
from lotus_kit.ming.state import (
    CARD_BITS,
    CITY_BONUS,
    CITY_POINTS,
    CLOISTER_BITS,
    CLOISTER_POINTS,
    DEPLOY,
    DRAGONS,
    EXCHANGE,
    FIVE_SET_POINTS,
    G_AUX,
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
    MAX_DEPLOY,
    NEUTRAL_PER_ROUND,
    OVER,
    PERSONAL,
    PHASE1,
    PHASE2,
    PHASE3,
    PHASE_NAMES,
    PIECE_BITS,
    PIECE_MASK,
    PLACE_NEUTRAL,
    PLACE_PRINCE,
    RETURN,
    SCORING_ROUNDS,
    SEAT_NAMES,
    SET_POINTS,
    SPLIT,
    START_CHOICE,
    TAKE_PER_ROUND,
    TILES_PER_COLOUR,
    State,
    Table,
    _Making,
    cloister_at,
    count_at,
    make_state,
    table,
)

_CARD_MASK = (1 << CARD_BITS) - 1
_KIND_WORDS = {
    PLACE_PRINCE: "place a prince", PLACE_NEUTRAL: "place a neutral piece",
    PHASE1: "place a family member on a province space", PHASE2: "take a card",
    PHASE3: "move, stay or pass", DEPLOY: "deploy", RETURN: "choose return cards",
    SPLIT: "say where the returned pieces come from", EXCHANGE: "exchange six-colour sets",
    START_CHOICE: "choose the start player", OVER: "do nothing: the game is over"}


# --------------------------------------------------------------------------------------------- setup

def new_game(players: int, seed: int = 0, rules: RuleSet | None = None,
             start_player: int | None = None) -> State:
    """MING-SET-1..5 and MING-CLAR-1/2: shuffle the movement deck, lay out the display, deal each
    player his dragon; the first start player is given or drawn from the seeded generator."""
    rules = rules or RuleSet()
    if type(players) is not int or not 2 <= players <= 4:
        raise ValueError(f"Ming Dynastie is for 2 to 4 players, got {quote(players)}")
    t = table(players, rules)
    b = t.board
    r = rng.seed_state(seed)
    if start_player is None:   # MING-CLAR-1: drawn from the game's seeded source
        start_player, r = rng.randbelow(r, players)
    elif type(start_player) is not int or not 0 <= start_player < players:
        raise ValueError(f"the start player is a seat from 0 to {players - 1}, got {quote(start_player)}")
    deck = [k for k, count in enumerate(b.deck) for _ in range(count)]
    deck, r = rng.shuffled(r, deck)                         # MING-SET-1
    s = [0] * t.size
    P = len(b.colours)
    for i in range(P):
        s[t.display + i] = deck[i]
    s[G_SUPPLY], s[G_SUPPLY_LEN] = _pack(deck[P:]), len(deck) - P
    for i in range(P):
        s[t.tile_supply + i] = TILES_PER_COLOUR             # MING-SET-3
    s[G_DRAGONS] = DRAGONS - players                        # MING-SET-2, Q13
    for seat in range(players):                             # MING-SET-4
        o = t.seat_at[seat]
        s[o + t.hand + t.kinds] = 1
        s[o + t.personal] = PERSONAL
        s[o + t.ret] = -1
    s[G_RNG] = r
    s[G_START] = s[G_TURN] = start_player
    s[G_PHASE] = PLACE_PRINCE                               # MING-SET-5
    s[G_ROUND] = 1
    return make_state(s, t)


def _pack(cards: list[int]) -> int:
    v = 0
    for c in reversed(cards):
        v = (v << CARD_BITS) | c
    return v


def _unpack(v: int, n: int) -> list[int]:
    return [(v >> (CARD_BITS * i)) & _CARD_MASK for i in range(n)]


# ------------------------------------------------------------------------------------------- helpers

def _name(seat: int) -> str:
    return SEAT_NAMES[seat]


def _district(t: Table, name: Any, rule: str) -> int:
    try:
        return t.district_index[name]
    except (KeyError, TypeError):
        raise IllegalAction(rule, f"there is no district {quote(name)} on the board") from None


def _space(t: Table, name: Any, rule: str) -> int:
    try:
        return t.space_index[name]
    except (KeyError, TypeError):
        raise IllegalAction(rule, f"there is no province space {quote(name)}; the spaces are "
                            f"{', '.join(t.board.colours)}") from None


def _card(t: Table, name: Any, rule: str) -> int:
    try:
        return t.card_index[name]
    except (KeyError, TypeError):
        raise IllegalAction(rule, f"there is no card {quote(name)}; the cards are {', '.join(t.card_names)}") from None


def _princes(t: Table, s: tuple[int, ...] | list[int]) -> int:
    m = 0
    for o in t.prince_at:
        if s[o]:
            m |= 1 << (s[o] - 1)
    return m


def _hand_size(t: Table, s: tuple[int, ...] | list[int], seat: int) -> int:
    o = t.seat_at[seat] + t.hand
    return sum(s[o:o + t.kinds + 1])


def _city_pieces(t: Table, s: tuple[int, ...] | list[int], colour: int, province: int) -> int:
    """The pieces of ``colour`` in the houses of a province's districts (its city, MING-SCORE-4)."""
    shift, sums = _city_sums(t)[province]
    return sums[(s[t.house_at[colour]] >> shift) & (len(sums) - 1)]


def _city_sums(t: Table) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per province: (the shift of its first district's count, the table from the packed counts of
    its districts to their sum). The districts of a province are numbered one after another."""
    hit = t.city_sums
    if hit is None:
        hit = t.city_sums = tuple((PIECE_BITS * ds[0], _sums(len(ds))) for ds in t.province_districts)
        assert all(list(ds) == list(range(ds[0], ds[0] + len(ds))) for ds in t.province_districts)
    return hit


@cache
def _sums(fields: int) -> tuple[int, ...]:
    """Packed counts of ``fields`` districts -> their sum (one table for every province)."""
    sums = [0]
    for _ in range(fields):
        sums = [x + c for c in range(PIECE_MASK + 1) for x in sums]
    return tuple(sums)


# ---------------------------------------------------------------------------------------- who acts

def to_act(state: State) -> frozenset[int]:
    return state.to_act_seats


def decision_words(state: State) -> str:
    return _KIND_WORDS[state._s[G_PHASE]]


# ------------------------------------------------------------------------------------ explanations

_LOG: list[dict[str, Any]] | None = None      # set only while :func:`explain` runs


def _note(kind: str, text: str, **fields: Any) -> None:
    if _LOG is not None:
        _LOG.append({"kind": kind, "text": text, **fields})


def explain(state: State, action: Action) -> tuple[State, list[dict[str, Any]]]:
    """(the next state, what the automatic steps did): every district fill with its tiles, six-colour
    sets, city points and bonuses, cloisters, the final extras — the scoring breakdown, derived on
    demand (plain :func:`apply` records nothing). Each entry has ``kind``, ``text`` and its numbers."""
    global _LOG
    _LOG = []
    try:
        nxt = apply(state, action)
        return nxt, _LOG
    finally:
        _LOG = None


# ------------------------------------------------------------------------------------------ apply

def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`IllegalAction` (rule id + plain words) and leaves
    ``state`` unchanged when the rules do not allow it."""
    t, d = state.table, state._s
    # the common case first: the right kind of action for the phase by the seat whose turn it is
    # (a seat is an int equal to the turn's, so it is in range; no phase of one turn is RETURN or OVER)
    fast = _TURN_HANDLERS[d[G_PHASE]].get(type(action))
    if fast is not None:
        seat = action.seat
        if type(seat) is int and seat == d[G_TURN]:
            s = [*d]        # the copy, without a call of the list type
            fast(t, s, action)
            if s[G_PHASE] < RETURN:     # still a phase of a turn: the seat whose turn it is acts
                st = _Making()          # made with plain slot stores, then frozen (see state._Slots)
                st._s = s
                st.table = t
                st.is_over = False
                st.to_act_seats = t.turn_sets[s[G_TURN]]
                st.__class__ = State
                return st
            return make_state(s, t)
    phase = d[G_PHASE]
    handler = _HANDLERS.get(type(action))
    if handler is None and not isinstance(action, Action):
        raise IllegalAction("MING-RND-2", f"{quote(action)} is not a Ming action")
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < t.players:
        raise IllegalAction("MING-CLAR-1", f"there is no seat {quote(seat)} in a {t.players}-player game")
    if phase == OVER:
        raise IllegalAction("MING-END-3", "the game is over")
    if handler is None or handler[0] != phase:
        doing = action.kind.replace("_", " ")
        raise IllegalAction("MING-RND-2", f"now is the time to {_KIND_WORDS[phase]}, not to {doing}")
    if phase == RETURN:
        if not d[G_MASK] >> seat & 1:
            raise IllegalAction("MING-CLAR-11", f"{_name(seat)} has no return-card choice to make for this city"
                                if d[t.seat_at[seat] + t.ret] < 0 else f"{_name(seat)} has already chosen")
    elif seat != d[G_TURN]:
        raise IllegalAction("MING-RND-2",
                            f"it is {_name(d[G_TURN])}'s turn to {_KIND_WORDS[phase]}, not {_name(seat)}'s")
    s = [*d]
    handler[1](t, s, action)
    return make_state(s, t)


# --- setup ---

def _place_prince(t: Table, s: list[int], a: PlacePrince) -> None:
    """MING-SET-5, MING-CLAR-2: any district without a prince; take one tile of its colour."""
    d = _district(t, a.district, "MING-SET-5")
    if _princes(t, s) >> d & 1:
        raise IllegalAction("MING-SET-5", f"a prince already stands in {a.district}")
    o = t.seat_at[a.seat]
    s[o + t.prince] = d + 1
    p = t.board.district_province[d]
    if s[t.tile_supply + p]:
        s[t.tile_supply + p] -= 1
        s[o + t.tiles + p] += 1
    nxt = (a.seat + 1) % t.players
    if nxt == s[G_START]:
        _begin_round(t, s, 1)
    else:
        s[G_TURN] = nxt


def _place_neutral(t: Table, s: list[int], a: PlaceNeutral) -> None:
    """MING-TWO-2, MING-CLAR-14 (b): one neutral piece into any district's open area."""
    d = _district(t, a.district, "MING-CLAR-14")
    s[t.open_at[t.neutral]] += 1 << (PIECE_BITS * d)
    s[G_AUX] -= 1
    if s[G_AUX]:
        s[G_TURN] = (a.seat + 1) % t.players
    else:
        _begin_phase1(t, s)


# --- round structure ---

def _begin_round(t: Table, s: list[int], r: int) -> None:
    """MING-RND-1; MING-TWO-2 / MING-CLAR-14 (b): in rounds 1, 3, 5 of the 2-player game the
    neutral placements come first."""
    s[G_ROUND] = r
    if t.neutral >= 0 and r in (1, 3, 5):
        s[G_PHASE] = PLACE_NEUTRAL
        s[G_AUX] = NEUTRAL_PER_ROUND * 2
        s[G_TURN] = s[G_START]
    else:
        _begin_phase1(t, s)


def _begin_phase1(t: Table, s: list[int]) -> None:
    """MING-PH1-1: each player takes 5 family members from his supply (all he has if fewer)."""
    # hand cards and province-space pieces carry over (MING-RND-3); nothing else of the last phase
    # does, so equal positions are equal states
    s[G_MASK] = s[G_AUX] = 0
    for seat in range(t.players):
        o = t.seat_at[seat]
        take = min(TAKE_PER_ROUND, s[o + t.personal])
        s[o + t.personal] -= take
        s[o + t.in_hand] += take
    s[G_PHASE] = PHASE1
    _next_placer(t, s, s[G_START])


def _next_placer(t: Table, s: list[int], first: int) -> None:
    """MING-CLAR-4: the next seat clockwise with pieces left to place, else phase 2."""
    in_hand_at = t.in_hand_at
    for seat in t.clockwise[first]:
        if s[in_hand_at[seat]]:
            s[G_TURN] = seat
            return
    _begin_phase2(t, s)


def _place_member(t: Table, s: list[int], a: PlaceMember) -> None:
    """MING-PH1-2, MING-CLAR-4: one piece onto any province space, turns clockwise."""
    try:
        p = t.space_index[a.space]
    except (KeyError, TypeError):
        p = _space(t, a.space, "MING-PH1-2")
    seat = a.seat
    in_hand_at = t.in_hand_at
    s[in_hand_at[seat]] -= 1
    s[t.space_at[seat] + p] += 1
    for nxt in t.clockwise[seat + 1]:       # MING-CLAR-4: the next seat clockwise with pieces left
        if s[in_hand_at[nxt]]:
            s[G_TURN] = nxt
            return
    _begin_phase2(t, s)


def _begin_phase2(t: Table, s: list[int]) -> None:
    s[G_PHASE] = PHASE2
    _next_taker(t, s, s[G_START])


def _next_taker(t: Table, s: list[int], first: int) -> None:
    """MING-PH2-3, MING-CLAR-5: the next seat clockwise that can take a card (fewer than 5 cards and an
    own piece on a province space), else phase 3."""
    K1, P, hand_at, space_at = t.kinds1, t.n_spaces, t.hand_at, t.space_at
    for seat in t.clockwise[first]:
        h, o = hand_at[seat], space_at[seat]
        if sum(s[h:h + K1]) < HAND_LIMIT and any(s[o:o + P]):
            s[G_TURN] = seat
            return
    _begin_phase3(t, s)


def _take_card(t: Table, s: list[int], a: TakeCard) -> None:
    """MING-PH2-2 (a): the displayed card of a space with an own piece; the slot is refilled at once,
    reshuffling the discards when the supply is empty (MING-CLAR-6)."""
    seat = a.seat
    try:
        p = t.space_index[a.space]
    except (KeyError, TypeError):
        p = _space(t, a.space, "MING-PH2-2")
    if s[t.space_at[seat] + p] == 0:
        raise IllegalAction("MING-PH2-2", f"{_name(seat)} has no family member on the {a.space} province space")
    display = t.display + p
    s[t.hand_at[seat] + s[display]] += 1
    if s[G_SUPPLY_LEN] == 0:
        _refill(t, s, p)
    else:
        s[display] = s[G_SUPPLY] & _CARD_MASK
        s[G_SUPPLY] >>= CARD_BITS
        s[G_SUPPLY_LEN] -= 1
    _next_taker(t, s, seat + 1)


def _refill(t: Table, s: list[int], p: int) -> None:
    if s[G_SUPPLY_LEN] == 0:    # MING-CLAR-6: shuffle the discard pile into a new supply
        pile = [k for k in range(t.kinds) for _ in range(s[t.discards + k])]
        pile, s[G_RNG] = rng.shuffled(s[G_RNG], pile)
        for k in range(t.kinds):
            s[t.discards + k] = 0
        s[G_SUPPLY], s[G_SUPPLY_LEN] = _pack(pile), len(pile)
    s[t.display + p] = s[G_SUPPLY] & _CARD_MASK
    s[G_SUPPLY] >>= CARD_BITS
    s[G_SUPPLY_LEN] -= 1


def _take_dragon(t: Table, s: list[int], a: TakeDragon) -> None:
    """MING-PH2-2 (b): a dragon from the supply; one own piece from a province space to the box."""
    seat = a.seat
    try:
        p = t.space_index[a.space]
    except (KeyError, TypeError):
        p = _space(t, a.space, "MING-PH2-2")
    o = t.seat_at[seat]
    if s[o + t.space + p] == 0:
        raise IllegalAction("MING-PH2-2", f"{_name(seat)} has no family member on the {a.space} province space")
    if s[G_DRAGONS] == 0:
        raise IllegalAction("MING-CLAR-5", "the dragon supply is empty")
    s[G_DRAGONS] -= 1
    s[o + t.hand + t.kinds] += 1
    s[o + t.space + p] -= 1
    s[o + t.box] += 1
    _next_taker(t, s, seat + 1)


# --- phase 3 ---

def _begin_phase3(t: Table, s: list[int]) -> None:
    s[G_PHASE] = PHASE3
    s[G_MASK] = 0
    _next_phase3(t, s, s[G_START])


def _next_phase3(t: Table, s: list[int], first: int) -> None:
    """MING-PH3-1, MING-CLAR-8: the next player clockwise who has not passed; a player without
    cards can only pass, which the engine does for him (MING-CLAR-20 (g))."""
    K1, hand_at = t.kinds1, t.hand_at
    for seat in t.clockwise[first]:
        if s[G_MASK] >> seat & 1:
            continue
        h = hand_at[seat]
        if not any(s[h:h + K1]):
            s[G_MASK] |= 1 << seat
            continue
        s[G_PHASE] = PHASE3
        s[G_TURN] = seat
        return
    if s[G_ROUND] in SCORING_ROUNDS:
        _begin_scoring(t, s)
    else:
        _end_round(t, s)


def _pay(t: Table, s: list[int], seat: int, card: int) -> None:
    """MING-CLAR-6: a movement card goes to the discard pile, a dragon back to its supply."""
    s[t.seat_at[seat] + t.hand + card] -= 1
    if card == t.kinds:
        s[G_DRAGONS] += 1
    else:
        s[t.discards + card] += 1


def _move(t: Table, s: list[int], a: Move) -> None:
    """MING-PH3-2, MING-PH3-3, MING-CLAR-7: a destination and a payment, legal when some walk fits."""
    known = payment_of(t, a)            # a Move of a legal list: its destination and payment are known
    if known is not None:
        _, d, u, paid, paying = known
    else:
        d = _district(t, a.to, "MING-PH3-2")
        if not isinstance(a.cards, tuple) or not a.cards:
            raise IllegalAction("MING-PH3-2", "a move is paid with at least one card")
        counts = [0] * (t.kinds + 1)
        for name in a.cards:
            counts[_card(t, name, "MING-PH3-2")] += 1
        paid = tuple(counts)
        u = 0
        for k, c in enumerate(paid):
            u |= c << (FIELD * k)
        paying = tuple((k, c) for k, c in enumerate(paid) if c)
    seat = a.seat
    o = t.hand_at[seat]
    if known is None or not all(map(le, paid, s[o:o + len(paid)])):
        for k, c in enumerate(paid):
            if c > s[o + k]:
                raise IllegalAction("MING-PH3-2", f"{_name(seat)} holds {s[o + k]} {t.card_names[k]} card(s), "
                                    f"not the {c} this move pays")
    here = s[t.prince_at[seat]] - 1
    if d == here:
        raise IllegalAction("MING-CLAR-7", f"the prince is already in {a.to}; a round trip is a stay, not a move")
    if d + 1 in map(s.__getitem__, t.others_prince_at[seat]):
        raise IllegalAction("MING-PH3-3",
                            f"another prince stands in {a.to}; a prince may pass through but not end there")
    m = t.moves["board"].reach[here].get(u)     # payment_of (above) has made t.moves
    if m is None:
        m = reach(t, here, u)
    if not m >> d & 1:
        names = ", ".join(a.cards)
        raise IllegalAction("MING-CLAR-7", f"no walk from {t.board.district_names[here]} to {a.to} crosses one "
                            f"border per card with the cards {names} (each border needs its transport or a dragon)")
    dragon = t.kinds
    for k, c in paying:                 # MING-CLAR-6: movement cards to the discards, dragons to their supply
        s[o + k] -= c
        if k == dragon:
            s[G_DRAGONS] += c
        else:
            s[t.discards + k] += c
    s[t.prince_at[seat]] = d + 1
    _begin_deploy(t, s, seat)


def _stay(t: Table, s: list[int], a: Stay) -> None:
    """MING-PH3-4: discard one movement or dragon card; the prince stays."""
    k = _card(t, a.card, "MING-PH3-4")
    if s[t.seat_at[a.seat] + t.hand + k] == 0:
        raise IllegalAction("MING-PH3-4", f"{_name(a.seat)} holds no {a.card} card to discard")
    _pay(t, s, a.seat, k)
    _begin_deploy(t, s, a.seat)


def _pass(t: Table, s: list[int], a: Pass) -> None:
    """MING-PH3-5: no card, no deployment, out for the rest of the phase."""
    s[G_MASK] |= 1 << a.seat
    _next_phase3(t, s, a.seat + 1)


def deploy_limit(t: Table, s: tuple[int, ...] | list[int], seat: int) -> tuple[int, bool]:
    """MING-CLAR-9: (most pieces the seat may deploy now, whether one may go into the cloister)."""
    d = s[t.prince_at[seat]] - 1
    occupant = (s[t.cloister] >> (CLOISTER_BITS * d) & 7) - 1
    if occupant == seat and t.cloister_lock:                # MING-DEP-4
        return 0, False
    k = s[t.space_at[seat] + t.district_province[d]]
    if k > MAX_DEPLOY:                                      # MING-DEP-1
        k = MAX_DEPLOY
    return k, k > 0 and occupant != seat                    # MING-DEP-3: never oust your own piece


def _begin_deploy(t: Table, s: list[int], seat: int) -> None:
    """MING-PH3-6, MING-CLAR-8: one deployment decision follows a move or stay (skipped when
    deploying nothing is the only option, MING-CLAR-20 (g))."""
    k, _ = deploy_limit(t, s, seat)
    if k == 0:
        _next_phase3(t, s, seat + 1)
    else:
        s[G_PHASE] = DEPLOY


def _deploy(t: Table, s: list[int], a: Deploy) -> None:
    """MING-DEP-1..3, MING-CLAR-9."""
    seat, count, cloister = a.seat, a.count, a.cloister
    k, cloister_ok = deploy_limit(t, s, seat)
    d = s[t.prince_at[seat]] - 1
    if type(count) is not int or count < 0:
        raise IllegalAction("MING-DEP-1", f"deploy a number of pieces from 0 to {k}, not {quote(count)}")
    if count > k:
        if cloister_at(s[t.cloister], d) - 1 == seat and t.cloister_lock:
            raise IllegalAction("MING-DEP-4", f"{_name(seat)} has a piece in the cloister of "
                                f"{t.board.district_names[d]} and may deploy no more pieces there")
        raise IllegalAction("MING-DEP-1", f"{_name(seat)} may deploy at most {k} piece(s) here (at most 3, and only "
                            f"from the {t.board.colours[t.district_province[d]]} province space)")
    if cloister is not False and cloister is not True:
        raise IllegalAction("MING-DEP-2", f"cloister is true or false, not {quote(cloister)}")
    s[t.space_at[seat] + t.district_province[d]] -= count
    if cloister:
        if count == 0:
            raise IllegalAction("MING-DEP-2", "a piece for the cloister must be one of the pieces deployed")
        if not cloister_ok:
            raise IllegalAction("MING-DEP-3",
                                f"{_name(seat)}'s own piece is in this cloister; nobody ousts his own piece")
        count -= 1                  # the others go to the open area
        shift = CLOISTER_BITS * d
        occupant = (s[t.cloister] >> shift & 7) - 1
        if occupant >= 0:          # MING-DEP-3 / MING-CLAR-9: the ousted piece goes to the open area
            s[t.open_at[occupant]] += 1 << (PIECE_BITS * d)
        s[t.cloister] = (s[t.cloister] & ~(7 << shift)) | ((seat + 1) << shift)
    s[t.open_at[seat]] += count << (PIECE_BITS * d)
    _next_phase3(t, s, seat + 1)


# --- phase 4: scoring ---

def district_moves(t: Table, counts: list[int], start: int) -> list[int]:
    """MING-SCORE-1 / MING-CLAR-10: pieces each colour moves into the district's houses, from the
    open-area counts (neutral included as a colour)."""
    moved = [0] * len(counts)
    present = [c for c in range(len(counts)) if counts[c] > 0]
    if not present:
        return moved
    top = max(counts[c] for c in present)
    leaders = [c for c in present if counts[c] == top]
    if len(leaders) == 1:
        moved[leaders[0]] = min(2, top)
        rest = [c for c in present if c != leaders[0]]
        if rest:
            second = max(counts[c] for c in rest)
            seconds = [c for c in rest if counts[c] == second]
            if len(seconds) == 1:
                moved[seconds[0]] = 1
    elif len(leaders) <= 3:
        for c in leaders:
            moved[c] = 1
    elif t.rules.tie4_first_three:     # Q5 variant: first three in turn order from the start player
        n = t.players
        for c in sorted(leaders, key=lambda c: (c - start) % n)[:3]:
            moved[c] = 1
    return moved                        # Q5 DEFAULT: four tied, nobody moves


def _take_tile(t: Table, s: list[int], seat: int, p: int) -> None:
    """MING-SCORE-2 (none when the colour's supply is empty, MING-CLAR-10) and MING-SCORE-3's
    immediate, mandatory six-colour exchange after every single tile (DEFAULT)."""
    if s[t.tile_supply + p] == 0:
        return
    o = t.seat_at[seat] + t.tiles
    s[t.tile_supply + p] -= 1
    s[o + p] += 1
    if t.rules.set_exchange_optional:
        return
    P = len(t.board.colours)
    while all(s[o:o + P]):
        for i in range(P):
            s[o + i] -= 1
            s[t.tile_supply + i] += 1
        s[t.seat_at[seat] + t.score] += SET_POINTS[s[G_ROUND]]
        if _LOG is not None:    # the words are made only when explain() asks
            _note("six_colour_set", f"{_name(seat)} returns a set of six colours: {SET_POINTS[s[G_ROUND]]} points "
                  "(MING-SCORE-3)", seat=seat, points=SET_POINTS[s[G_ROUND]])


def _begin_scoring(t: Table, s: list[int]) -> None:
    """Phase 4 (MING-RND-1, rounds 2/4/6): districts (MING-SCORE-1/2/3, MING-CLAR-10), then the
    cities one at a time (MING-CLAR-11), then cloisters (MING-SCORE-8)."""
    b = t.board
    open_at, house_at = t.open_at, t.house_at
    occupied = housed = 0                   # a district whose open area is empty moves nothing
    for o in open_at:
        occupied |= s[o]
    for o in house_at:
        housed |= s[o]
    plans = t.caches.get("district_plans")
    if plans is None or len(plans) > 100_000:
        plans = t.caches["district_plans"] = {}
    start, H, neutral = s[G_START], b.houses_per_district, t.neutral
    for d in b.districts:                   # MING-CLAR-10: board order P1.T, P1.L, ..., P6.R
        # only the open area counts; cloister pieces never do (MING-DEP-5)
        shift = PIECE_BITS * d
        if not (occupied >> shift) & PIECE_MASK:
            continue
        key = (start, *[(s[o] >> shift) & PIECE_MASK for o in open_at])
        plan = plans.get(key)
        if plan is None:
            plan = plans[key] = _district_plan(t, key[1:], start)
        if not plan:
            continue
        # only leftover neutral pieces (NEUTRAL_RETURN=NONE|ONE_PER_CITY) can be in the houses already
        free = H - sum([(s[o] >> shift) & PIECE_MASK for o in house_at]) if (housed >> shift) & PIECE_MASK else H
        for c, moved in plan:
            m = moved if moved < free else free
            free -= m
            s[open_at[c]] -= m << shift
            s[house_at[c]] += m << shift
            if c != neutral:                # MING-CLAR-14 (d): the neutral takes no tiles
                for _ in range(m):
                    _take_tile(t, s, c, b.district_province[d])
        if _LOG is not None:
            filled = {t.colour_name(c): count_at(s[t.house_at[c]], d) for c in range(t.colours)
                      if count_at(s[t.house_at[c]], d)}
            _note("district", f"{b.district_names[d]}: " + ", ".join(f"{k} {v}" for k, v in filled.items())
                  + " into the houses (MING-SCORE-1)", district=b.district_names[d], houses=filled)
    for seat in range(t.players):
        s[t.seat_at[seat] + t.left] = 0
    _next_city(t, s, 0)


def _district_plan(t: Table, counts: tuple[int, ...], start: int) -> tuple[tuple[int, int], ...]:
    """(colour, pieces it moves into the houses) of a district with these open-area counts, in the
    order they move: MING-CLAR-20 (a), the colour that moves more first, equal colours in seat order
    from the start player (the neutral last)."""
    moved = district_moves(t, list(counts), start)
    n = t.players
    rank = [(c - start) % n if c < n else n for c in range(len(counts))]
    return tuple((c, moved[c]) for c in sorted((c for c in range(len(counts)) if moved[c]),
                                                key=lambda c: (-moved[c], rank[c])))


def _next_city(t: Table, s: list[int], p: int) -> None:
    """MING-SCORE-4, MING-CLAR-11: the next city (province order) with pieces in its houses; players
    with pieces there choose return cards in secret."""
    P, city_sums, house_at = len(t.board.colours), t.city_sums or _city_sums(t), t.house_at
    while p < P:
        shift, sums = city_sums[p]
        top = len(sums) - 1
        mask = 0
        for seat in range(t.players):
            if sums[(s[house_at[seat]] >> shift) & top]:
                mask |= 1 << seat
        if mask:
            s[G_PHASE] = RETURN
            s[G_AUX] = p
            s[G_MASK] = mask
            for seat in t.clockwise[s[G_START]]:
                if mask >> seat & 1:
                    s[G_TURN] = seat
                    break
            return
        _neutral_returns(t, s, p)
        _finish_city(t, s, p)
        p += 1
    _after_cities(t, s)


def _choose_return(t: Table, s: list[int], a: ChooseReturn) -> None:
    """MING-SCORE-4 / MING-CLAR-11: a sum r of return cards, 0 ... min(6, pieces in the city); sealed."""
    p = s[G_AUX]
    pieces = _city_pieces(t, s, a.seat, p)
    top = min(sum((0, 1, 2, 3)), pieces)
    if type(a.value) is not int or not 0 <= a.value <= top:
        raise IllegalAction("MING-SCORE-4", f"the return cards 0, 1, 2, 3 give a sum from 0 to 6; with {pieces} "
                            f"piece(s) in this city {_name(a.seat)} returns 0 to {top}, not {quote(a.value)}")
    s[t.seat_at[a.seat] + t.ret] = a.value
    s[G_MASK] &= ~(1 << a.seat)
    if s[G_MASK]:
        m = s[G_MASK]
        for seat in t.clockwise[s[G_START]]:
            if m >> seat & 1:
                s[G_TURN] = seat
                break
        return
    # all chosen: revealed together; the neutral returns without a choice (MING-CLAR-14 (e))
    _neutral_returns(t, s, p)
    _next_split(t, s, 0)


def _split_options(t: Table, s: list[int] | tuple[int, ...], seat: int, p: int) -> list[tuple[int, ...]]:
    """MING-CLAR-11: every way of taking r pieces from the houses of the city's districts."""
    ds = t.province_districts[p]
    have = [count_at(s[t.house_at[seat]], d) for d in ds]
    r = min(s[t.seat_at[seat] + t.ret], sum(have))
    if r == sum(have):          # all of them (none included): the only way
        return [tuple(have)]
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(have) - 1:
            if left <= have[i]:
                out.append((*acc, left))
            return
        for x in range(min(left, have[i]) + 1):
            rec(i + 1, left - x, (*acc, x))
    rec(0, r, ())
    return out


def _next_split(t: Table, s: list[int], i: int) -> None:
    """In seat order from the start player, each player with r > 0 says which houses the pieces leave
    (asked only when there is a choice, MING-CLAR-20 (g))."""
    p = s[G_AUX]
    order = t.clockwise[s[G_START]]
    while i < len(order):
        seat = order[i]
        if s[t.seat_at[seat] + t.ret] > 0:
            options = _split_options(t, s, seat, p)
            if len(options) == 1:
                _return_pieces(t, s, seat, p, options[0])
            else:
                s[G_PHASE] = SPLIT
                s[G_TURN] = seat
                s[G_MASK] = i           # where to go on in the order
                return
        i += 1
    _finish_city(t, s, p)
    _next_city(t, s, p + 1)


def _return_pieces(t: Table, s: list[int], colour: int, p: int, counts: tuple[int, ...]) -> None:
    """MING-SCORE-4: returned pieces go to the open area of the district whose house they left."""
    for d, c in zip(t.province_districts[p], counts, strict=True):
        s[t.house_at[colour]] -= c << (PIECE_BITS * d)
        s[t.open_at[colour]] += c << (PIECE_BITS * d)


def _split_return(t: Table, s: list[int], a: SplitReturn) -> None:
    p = s[G_AUX]
    options = _split_options(t, s, a.seat, p)
    if tuple(a.counts) not in options:
        ds = ", ".join(t.board.district_names[d] for d in t.province_districts[p])
        raise IllegalAction("MING-CLAR-11", f"{_name(a.seat)} returns {sum(options[0])} piece(s), from the houses of "
                            f"{ds} at most as many as he has in each; {quote(list(a.counts))} does not fit")
    _return_pieces(t, s, a.seat, p, tuple(a.counts))
    _next_split(t, s, s[G_MASK] + 1)


def _neutral_returns(t: Table, s: list[int], p: int) -> None:
    """MING-TWO-3 / MING-CLAR-14 (e): ALL (DEFAULT) returns every neutral city piece; NONE keeps them
    in their houses; ONE_PER_CITY returns one, from the first district in board order holding one
    (MING-CLAR-20 (e): pieces not returned stay in their houses)."""
    if t.neutral < 0:
        return
    h, op = t.house_at[t.neutral], t.open_at[t.neutral]
    mode = t.rules.neutral_return
    for d in t.province_districts[p]:
        c = count_at(s[h], d)
        if not c or mode == "NONE":
            continue
        back = (c if mode == "ALL" else 1) << (PIECE_BITS * d)
        s[h] -= back
        s[op] += back
        if mode == "ONE_PER_CITY":
            return


def _finish_city(t: Table, s: list[int], p: int) -> None:
    """MING-SCORE-5 (points per piece), MING-SCORE-6 / MING-CLAR-12 (bonus), MING-SCORE-7 (pieces
    leave the game)."""
    points = CITY_POINTS[s[G_ROUND]]
    shift, sums = (t.city_sums or _city_sums(t))[p]
    top = len(sums) - 1
    city_clear = ~(top << shift)        # the districts of a province are numbered one after another
    score, ret, left_, box = t.score, t.ret, t.left, t.box
    left = []
    for seat, o, h in t.seat_houses:
        s[o + ret] = -1
        pieces = s[h]
        k = sums[(pieces >> shift) & top]
        left.append(k)
        if k:
            s[o + score] += points * k
            s[o + left_] += k
            s[o + box] += k                 # every piece left in the city's houses leaves the game
            s[h] = pieces & city_clear
            if _LOG is not None:            # the words are made only when explain() asks
                _note("city", f"{_name(seat)}: {k} piece(s) left in the city of {t.board.province_ids[p]} x "
                      f"{points} = {points * k} points (MING-SCORE-5)", seat=seat,
                      province=t.board.province_ids[p], pieces=k, points=points * k)
    if not t.rules.city_bonus_overall:
        _bonus(t, s, left)


def _bonus(t: Table, s: list[int], left: list[int]) -> None:
    """MING-SCORE-6, MING-CLAR-12: every tied leader with at least one piece left scores 4; the
    neutral is ignored; the variants drop ties or the last scoring."""
    if t.rules.city_bonus_not_round6 and s[G_ROUND] == 6:
        return
    top = max(left)
    if top == 0:
        return
    leaders = [seat for seat in range(t.players) if left[seat] == top]
    if t.rules.city_bonus_none_on_tie and len(leaders) > 1:
        return
    for seat in leaders:
        s[t.seat_at[seat] + t.score] += CITY_BONUS
        if _LOG is not None:    # the words are made only when explain() asks
            _note("city_bonus", f"{_name(seat)} has the most pieces left: bonus {CITY_BONUS} (MING-SCORE-6)",
                  seat=seat, points=CITY_BONUS)


def _after_cities(t: Table, s: list[int]) -> None:
    if t.rules.city_bonus_overall:
        _bonus(t, s, [s[t.seat_at[seat] + t.left] for seat in range(t.players)])
    for seat in range(t.players):
        s[t.seat_at[seat] + t.left] = 0
    occupants, d = s[t.cloister], -1
    while occupants:                            # MING-SCORE-8: each cloister piece scores 4
        d += 1
        c = (occupants & 7) - 1
        occupants >>= CLOISTER_BITS
        if c >= 0:
            s[t.seat_at[c] + t.score] += CLOISTER_POINTS
            if _LOG is not None:    # the words are made only when explain() asks
                _note("cloister", f"{_name(c)}'s cloister piece in {t.board.district_names[d]}: {CLOISTER_POINTS} "
                      "points (MING-SCORE-8)", seat=c, district=t.board.district_names[d], points=CLOISTER_POINTS)
    if t.rules.set_exchange_optional:
        _next_exchange(t, s, 0)
    else:
        _end_scoring(t, s)


def full_sets(t: Table, s: list[int] | tuple[int, ...], seat: int) -> int:
    o = t.seat_at[seat] + t.tiles
    return min(s[o:o + len(t.board.colours)])


def _next_exchange(t: Table, s: list[int], i: int) -> None:
    """SET_EXCHANGE_END_OF_PHASE_OPTIONAL (MING-SCORE-3): at the end of the scoring, in seat order
    from the start player, each player holding a full set chooses how many to exchange."""
    order = t.clockwise[s[G_START]]
    while i < len(order):
        if full_sets(t, s, order[i]):
            s[G_PHASE] = EXCHANGE
            s[G_TURN] = order[i]
            s[G_MASK] = i
            return
        i += 1
    _end_scoring(t, s)


def _exchange_sets(t: Table, s: list[int], a: ExchangeSets) -> None:
    most = full_sets(t, s, a.seat)
    if type(a.count) is not int or not 0 <= a.count <= most:
        raise IllegalAction("MING-SCORE-3", f"{_name(a.seat)} holds {most} full set(s) of six colours; "
                            f"exchange 0 to {most}, not {quote(a.count)}")
    o = t.seat_at[a.seat]
    for i in range(len(t.board.colours)):
        s[o + t.tiles + i] -= a.count
        s[t.tile_supply + i] += a.count
    s[o + t.score] += SET_POINTS[s[G_ROUND]] * a.count
    _next_exchange(t, s, s[G_MASK] + 1)


def _end_scoring(t: Table, s: list[int]) -> None:
    if s[G_ROUND] == 6:
        _final_extras(t, s)
        s[G_PHASE] = OVER
        s[G_TURN] = s[G_START]
        s[G_MASK] = 0
    else:
        _end_round(t, s)


def _final_extras(t: Table, s: list[int]) -> None:
    """MING-SCORE-9 / MING-CLAR-13: five different colours score 10 per set (k = the smallest of the
    five counts, those tiles returned), then each tile left scores 1. Six colours can only be held
    under SET_EXCHANGE_END_OF_PHASE_OPTIONAL; then sets are formed from the five largest counts, one
    set at a time."""
    P = len(t.board.colours)
    for seat in range(t.players):
        o = t.seat_at[seat]
        tiles = s[o + t.tiles:o + t.tiles + P]
        while sum(1 for x in tiles if x) >= 5:
            five = sorted(range(P), key=lambda i: -tiles[i])[:5]
            k = min(tiles[i] for i in five) if sum(1 for x in tiles if x) == 5 else 1
            for i in five:
                tiles[i] -= k
                s[t.tile_supply + i] += k
            s[o + t.score] += FIVE_SET_POINTS * k
            if _LOG is not None:    # the words are made only when explain() asks
                _note("five_colour_sets", f"{_name(seat)}: {k} set(s) of five colours, {FIVE_SET_POINTS * k} points "
                      "(MING-SCORE-9)", seat=seat, points=FIVE_SET_POINTS * k)
        for i in range(P):
            s[o + t.tiles + i] = tiles[i]
        s[o + t.score] += sum(tiles)
        if sum(tiles) and _LOG is not None:    # the words are made only when explain() asks
            _note("tiles", f"{_name(seat)}: {sum(tiles)} tile(s) left, 1 point each (MING-SCORE-9)", seat=seat,
                  points=sum(tiles))


# --- phase 5 ---

def start_ranking(t: Table, s: list[int] | tuple[int, ...]) -> list[int]:
    """MING-CLAR-15: seats by points ascending; equal points in seat order clockwise from the
    outgoing start player (the earlier ranks lower)."""
    n, st = t.players, s[G_START]
    return sorted(range(n), key=lambda seat: (s[t.seat_at[seat] + t.score], (seat - st) % n))


def _end_round(t: Table, s: list[int]) -> None:
    """MING-END-1, MING-END-2 / MING-CLAR-15: the start player passes left, except that in the
    4-player game the second-ranked player (after round 4) or the first-ranked (after round 5)
    names the next start player."""
    r = s[G_ROUND]
    if t.players == 4 and r in (4, 5):
        s[G_PHASE] = START_CHOICE
        s[G_TURN] = start_ranking(t, s)[1 if r == 4 else 0]
        return
    s[G_START] = (s[G_START] + 1) % t.players
    _begin_round(t, s, r + 1)


def _choose_start(t: Table, s: list[int], a: ChooseStart) -> None:
    if type(a.start) is not int or not 0 <= a.start < t.players:
        raise IllegalAction("MING-CLAR-15", f"name a seat from 0 to {t.players - 1}, not {quote(a.start)}")
    s[G_START] = a.start
    _begin_round(t, s, s[G_ROUND] + 1)


_HANDLERS: dict[type, tuple[int, Any]] = {
    PlacePrince: (PLACE_PRINCE, _place_prince), PlaceNeutral: (PLACE_NEUTRAL, _place_neutral),
    PlaceMember: (PHASE1, _place_member), TakeCard: (PHASE2, _take_card), TakeDragon: (PHASE2, _take_dragon),
    Move: (PHASE3, _move), Stay: (PHASE3, _stay), Pass: (PHASE3, _pass), Deploy: (DEPLOY, _deploy),
    ChooseReturn: (RETURN, _choose_return), SplitReturn: (SPLIT, _split_return),
    ExchangeSets: (EXCHANGE, _exchange_sets), ChooseStart: (START_CHOICE, _choose_start),
}
# phase -> action type -> handler, for the phases where one seat acts in turn
_TURN_HANDLERS: tuple[dict[type, Any], ...] = tuple(
    {} if phase in (RETURN, OVER) else {cls: fn for cls, (ph, fn) in _HANDLERS.items() if ph == phase}
    for phase in range(OVER + 1))


# ----------------------------------------------------------------------------------- legal actions

def legal_actions(state: State, seat: int | None = None) -> Sequence[Action]:
    """Every action allowed now (for ``seat``, or for every seat to act): lists of shared action
    values looked up per situation (phase 3: a read-only ``Phase3List`` over the movement tables of
    :mod:`lotus_kit.ming.moves`, which makes an action where it is read)."""
    d, t = state._s, state.table
    phase = d[G_PHASE]
    if phase <= DEPLOY:         # the phases of a turn (numbered first), most decisions first
        who = d[G_TURN]
        if seat is not None and seat != who:
            return []
        lists = t.turn_lists or _turn_lists(t)
        if phase == PHASE1:
            return [*lists.ph1[who]]
        if phase == PHASE2:     # by the spaces the seat holds a piece on, and whether dragons are left
            o = t.space_at[who]
            return [*lists.ph2[who][sum(compress(lists.space_bits, d[o:o + t.n_spaces])) + (d[G_DRAGONS] > 0)]]
        if phase == PHASE3:     # MING-PH3-3: the other princes' districts are blocked
            return phase3_actions(t, d, who)
        if phase == DEPLOY:
            k, cl = deploy_limit(t, d, who)
            return [*lists.dep[who][k + k + cl]]
        if phase == PLACE_PRINCE:
            key: tuple[Any, ...] = ("prince", who, _princes(t, d))
            return list(t.caches.get(key) or _cached(t, key))
        return [*lists.neutral[who]]
    if phase == RETURN:
        out: list[Action] = []
        for x in range(t.players):
            if d[G_MASK] >> x & 1 and (seat is None or x == seat):
                out += _cached(t, ("ret", x, min(6, _city_pieces(t, d, x, d[G_AUX]))))
        return out
    if phase == OVER:
        return []
    who = d[G_TURN]
    if seat is not None and seat != who:
        return []
    if phase == SPLIT:
        return [SplitReturn(who, c) for c in _split_options(t, d, who, d[G_AUX])]
    if phase == EXCHANGE:
        return [ExchangeSets(who, c) for c in range(full_sets(t, d, who) + 1)]
    if phase == START_CHOICE:
        return list(_cached(t, ("start", who)))
    raise AssertionError(PHASE_NAMES[phase])


def _cached(t: Table, key: tuple[Any, ...]) -> tuple[Action, ...]:
    """The shared legal list of a situation named by ``key``, made on first use."""
    hit = t.caches.get(key)
    if hit is None:
        if len(t.caches) > 200_000:     # a long simulation: start the cache afresh
            t.caches.clear()
        hit = t.caches[key] = tuple(_make_list(t, key))
    return hit


def _make_list(t: Table, key: tuple[Any, ...]) -> list[Action]:
    b, what, who = t.board, key[0], key[1]
    if what == "ret":           # MING-SCORE-4: a sum of return cards up to the pieces in the city
        return [ChooseReturn(who, v) for v in range(key[2] + 1)]
    if what == "prince":        # MING-SET-5: a district without a prince
        return [PlacePrince(who, name) for i, name in enumerate(b.district_names) if not key[2] >> i & 1]
    if what == "start":         # MING-CLAR-15
        return [ChooseStart(who, x) for x in range(t.players)]
    raise AssertionError(key)


class _TurnLists:
    """The legal lists of the turn phases for every seat and situation of a setup, made at once
    (a few hundred short tuples of shared action values)."""

    __slots__ = ("dep", "neutral", "ph1", "ph2", "space_bits")

    def __init__(self, t: Table) -> None:
        b, n, P = t.board, t.players, t.n_spaces
        # MING-PH1-2: any province space
        self.ph1 = tuple(tuple(PlaceMember(who, c) for c in b.colours) for who in range(n))
        # MING-PH2-2: a card or a dragon beside a space with an own piece; index: spaces held * 2 + dragons left
        self.ph2 = tuple(tuple(
            tuple([TakeCard(who, c) for i, c in enumerate(b.colours) if m >> 1 >> i & 1]
                  + ([TakeDragon(who, c) for i, c in enumerate(b.colours) if m >> 1 >> i & 1] if m & 1 else []))
            for m in range(2 << P)) for who in range(n))
        # MING-DEP-1/2, MING-CLAR-9; index: most pieces * 2 + cloister allowed
        self.dep = tuple(tuple(
            tuple([Deploy(who, x, False) for x in range(k + 1)] + ([Deploy(who, x, True) for x in range(1, k + 1)]
                                                                     if cl else []))
            for k in range(MAX_DEPLOY + 1) for cl in (0, 1)) for who in range(n))
        # MING-TWO-2: any district
        self.neutral = tuple(tuple(PlaceNeutral(who, name) for name in b.district_names) for who in range(n))
        self.space_bits = tuple(2 << i for i in range(P))      # a space's bit in the index above


def _turn_lists(t: Table) -> _TurnLists:
    t.turn_lists = lists = _TurnLists(t)
    return lists


# ------------------------------------------------------------------------------------ invariants

def decision_bounds(players: int) -> dict[str, int]:
    """MING-CLAR-18: most decisions per round in each phase (exactly 5n in phase 1), for assertions."""
    n = players
    return {"phase1": 5 * n, "phase2": 5 * n, "phase3": 6 * n, "deploy": 5 * n, "place_neutral": 6}


GAME_BOUND = (163, 20)      # MING-CLAR-18: at most 163 n + 20 decisions in a game (plus n prince placements)

def check_invariants(state: State) -> list[str]:
    """What must hold in every state; [] when all does. MING-CLAR-3: each colour's 31 pieces are each
    in one place; MING-CLAR-6: 54 movement cards and 18 dragons are all somewhere; MING-PH2-1: at most
    5 cards in a hand; MING-BRD-2: at most one prince per district, houses never over-full."""
    t, d = state.table, state.data
    b = t.board
    out: list[str] = []
    D, P = len(b.district_names), len(b.colours)
    for seat in range(t.players):
        o = t.seat_at[seat]
        places = (d[o + t.personal] + 1 + d[o + t.in_hand] + sum(d[o + t.space:o + t.space + P])
                  + sum(count_at(d[t.open_at[seat]], x) + count_at(d[t.house_at[seat]], x) for x in range(D))
                  + sum(1 for x in range(D) if cloister_at(d[t.cloister], x) == seat + 1) + d[o + t.box])
        if places != 31:
            out.append(f"MING-CLAR-3: {_name(seat)} has {places} pieces, not 31")
        if _hand_size(t, d, seat) > HAND_LIMIT:
            out.append(f"MING-PH2-1: {_name(seat)} holds more than 5 cards")
        for k in range(t.kinds1):
            if d[o + t.hand + k] < 0:
                out.append(f"MING-CLAR-6: {_name(seat)} holds {d[o + t.hand + k]} {t.card_names[k]} cards")
    movement = d[G_SUPPLY_LEN] + sum(d[t.discards:t.discards + t.kinds]) + P + sum(
        d[t.seat_at[x] + t.hand + k] for x in range(t.players) for k in range(t.kinds))
    if movement != 54:
        out.append(f"MING-CLAR-6: {movement} movement cards, not 54")
    dragons = d[G_DRAGONS] + sum(d[t.seat_at[x] + t.hand + t.kinds] for x in range(t.players))
    if dragons != DRAGONS:
        out.append(f"MING-CLAR-6: {dragons} dragons, not 18")
    princes = [d[t.seat_at[x] + t.prince] for x in range(t.players) if d[t.seat_at[x] + t.prince]]
    if len(set(princes)) != len(princes):
        out.append("MING-BRD-2: two princes in one district")
    for x in range(D):
        if sum(count_at(d[t.house_at[c]], x) for c in range(t.colours)) > b.houses_per_district:
            out.append(f"MING-CMP-1: more than {b.houses_per_district} pieces in the houses of {b.district_names[x]}")
    if not t.rules.set_exchange_optional and d[G_PHASE] not in (PLACE_PRINCE,):
        for x in range(t.players):      # MING-CLAR-13: sets are exchanged at once, nobody keeps six colours
            if full_sets(t, d, x):
                out.append(f"MING-CLAR-13: {_name(x)} holds all six colours")
    for i in range(P):
        held = sum(d[t.seat_at[x] + t.tiles + i] for x in range(t.players))
        if held + d[t.tile_supply + i] != TILES_PER_COLOUR:
            out.append(f"MING-CMP-2: {held + d[t.tile_supply + i]} {b.colours[i]} tiles, not 18")
    return out
