"""The rules of Ehre der Samurai on a flat tuple of ints (see DESIGN.md "Speed").

A state is one tuple: a header, the deck and discard pile as counts per card kind, the last battle,
then one block per seat (honor, ally, pending break, the hand as 7 sorted slots, the Daimyo house
and the Samurai house as 9 ints each). An action is one int (:func:`code`); :mod:`.actions` puts
readable value objects on top and :mod:`.state` a readable facade on the tuple.

The deck is kept as counts per kind and each draw takes a card at random from it with the state's
generator: the same as drawing the top card of a shuffled deck, and the deck order (hidden, SAM-CLAR-19)
needs no storage. All chance — the start Daimyo, the deal, draws, reshuffles, the assassin's die and
the battle dice — comes from the generator in the state, so a replay is bit-exact.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import chain, repeat
from operator import itemgetter

from lotus_kit.core.errors import IllegalAction
from lotus_kit.core.rng import below, randbelow, seed_state, weighted
from lotus_kit.samurai import cards as C
from lotus_kit.samurai.rules import BIT, Rules

# ---- header -----------------------------------------------------------------------------------
N, ACTIVE, MODE, USED, DECL, DUTY, SHOGUN_AT, TARGET, MAXR, TURNS, FLAGS, RNG, WIN = range(13)
C0, C1, C2, C3, C4, C5 = range(13, 19)     # context of the decision under way (see MODE)
DECK_SIZE, START, LASTDIE = 19, 20, 21
LAST_ACTION, LAST_INCOME = 22, 23          # what happened last, for events derived on demand
DECK = 24                                  # + kind: cards of that kind in the deck
DISCARD = DECK + C.KINDS                   # + kind: cards of that kind in the discard pile
BATTLE = DISCARD + C.KINDS                 # attacker, defender, dice a, dice d, rerolls, winner, 12 dice
B_ATT, B_DEF, B_NA, B_ND, B_REROLLS, B_WINNER, B_DICE = range(7)
SEATS = BATTLE + 18
# ---- one seat ---------------------------------------------------------------------------------
HONOR, ALLY, BREAK, HAND = 0, 1, 2, 3
HAND_SLOTS = 7                             # the hand limit, SAM-KI-4
DH, SH = 10, 19                            # the Daimyo house and the Samurai house
SEAT_SIZE = 28
# ---- one house --------------------------------------------------------------------------------
HEAD, POS, W0, WIFE, CASTLE, GUARDS = 0, 1, 2, 6, 7, 8
DAIMYO_HOUSE, SAMURAI_HOUSE = 0, 1
# ---- decisions --------------------------------------------------------------------------------
MAIN, ANSWER, WINDOW, CASTLE_CHOICE, SECOND_THEFT, OFFER, OVER = range(7)
MODE_NAMES = ("card_action", "dishonor_answer", "save_face", "castle_choice", "second_theft",
              "alliance_answer", "over")
D_SHOGUN, D_ATTACK, D_ALLY, D_BREAK = 1, 2, 4, 8
assert tuple(range(ACTIVE, DUTY + 1)) == (ACTIVE, MODE, USED, DECL, DUTY), "_start_turn() sets them as one slice"
# ---- actions ----------------------------------------------------------------------------------
(DRAW, DISCARD_CARD, PLAY, DISHONOR, THIEF, ASSASSIN, SHOGUN, ATTACK, ALLY_WITH, BREAK_ALLIANCE, END_TURN,
 PAY, SAVE_FACE, SEPPUKU, PASS, CASTLE_PICK, STEAL, STOP, ACCEPT, REFUSE) = range(20)
LEAVE, TAKE, KEEP_OWN, SWAP = range(4)     # the castle choice, SAM-CLAR-12 step 5
CARD_ACTIONS = frozenset((DRAW, DISCARD_CARD, PLAY, DISHONOR, THIEF, ASSASSIN))

_B = BIT
F_DECK, F_2P, F_DHO, F_DAA, F_STEAL_W, F_NO_CASTLE_THEFT = (
    _B["DECK_DISHONOR9_SAVEFACE4"], _B["ALLOW_2P"], _B["STRENGTH_DAIMYO_HOUSE_ONLY"],
    _B["DECLARATION_AFTER_ACTIONS"], _B["STEAL_INCLUDES_WARRIORS"], _B["STEAL_EXCLUDES_CASTLES"])
F_COST_SUCCESS, F_SHOGUN_ASSASSIN, F_SWAP, F_BLOCKS, F_ALLY_KI, F_NO_RESHUFFLE, F_MULTI, F_REFUSE, F_SEPPUKU = (
    _B["NINJA_COST_ON_SUCCESS_ONLY"], _B["SHOGUN_TO_ASSASSIN"], _B["ALLOW_DAIMYO_SWAP"],
    _B["SAVE_FACE_BLOCKS_CAPTURE"], _B["ALLY_KI_ADDS"], _B["NO_RESHUFFLE"], _B["MULTI_DECLARATION"],
    _B["ALLIANCE_MAY_BE_REFUSED"], _B["SEPPUKU_NEEDS_CARDS"])

H, K, S, POS_H, POS_K, POS_S = C.H, C.K, C.S, C.POS_H, C.POS_K, C.POS_S
DAIMYOS, POS_BIT = C.DAIMYOS, C.POS_BIT
WARRIOR_FIRST = C.WARRIORS[0]
POS_LIST = tuple(tuple(k for k in C.POSSESSIONS if m & POS_BIT[k]) for m in range(32))
# every house of a table of n players as (owner, which, base index), in seat order
HOUSES_OF = tuple(tuple((o, h, SEATS + o * SEAT_SIZE + (DH if h == DAIMYO_HOUSE else SH))
                        for o in range(n) for h in (DAIMYO_HOUSE, SAMURAI_HOUSE)) for n in range(7))
# the index of each seat's castle slot, per player count (the attack targets, SAM-DEC-4)
CASTLE_SLOTS = tuple(tuple(SEATS + o * SEAT_SIZE + DH + CASTLE for o in range(n)) for n in range(7))
CASTLES_AT = tuple(itemgetter(*CASTLE_SLOTS[n]) if n >= 2 else None for n in range(7))
# per player count: the possessions and the castle slot of every house of HOUSES_OF, read in one call
# (what a thief may steal, SAM-CLAR-7; most houses hold neither)
_ZEROS = (0,) * 12
POSSESSIONS_OF = tuple(itemgetter(*(hb + POS for _o, _h, hb in HOUSES_OF[n])) if n >= 2 else None
                       for n in range(7))
CASTLES_OF = tuple(itemgetter(*(hb + CASTLE for _o, _h, hb in HOUSES_OF[n])) if n >= 2 else None
                   for n in range(7))
C_NONE, C_DAIMYO, C_POSSESSION, C_WARRIOR, C_WIFE, C_CASTLE, C_GUARD, C_EVENT = range(8)
CLASS = tuple(C_DAIMYO if k in DAIMYOS else C_POSSESSION if k in POS_BIT else C_WARRIOR if k in C.WARRIORS
              else C_WIFE if k in C.WIVES else C_CASTLE if k in C.CASTLES else C_GUARD if k == C.BODYGUARD
              else C_EVENT if k else C_NONE for k in range(32))


def code(op: int, seat: int, card: int = 0, owner: int = 0, house: int = 0, item: int = 0,
         to_owner: int = 0, to_house: int = 0) -> int:
    """One action as an int: op, seat, card, a house (owner, which), a stolen item and its new house."""
    return (op | seat << 5 | card << 8 | owner << 13 | house << 16 | item << 17 | to_owner << 22
            | to_house << 25)


def fields(c: int) -> tuple[int, int, int, int, int, int, int, int]:
    return (c & 31, c >> 5 & 7, c >> 8 & 31, c >> 13 & 7, c >> 16 & 1, c >> 17 & 31, c >> 22 & 7, c >> 25 & 1)


def seat_base(s: int) -> int:
    # written out as SEATS + s * SEAT_SIZE in the engine's hot paths, where a call costs more
    return SEATS + s * SEAT_SIZE


def house_base(s: int, h: int) -> int:
    return SEATS + s * SEAT_SIZE + (DH if h == DAIMYO_HOUSE else SH)


# ---- sums over houses (SAM-HON-1, SAM-KI-1, SAM-BAT-1) ---------------------------------------------

def house_honor(t, b: int) -> int:
    return H[t[b]] + POS_H[t[b + 1]] + H[t[b + WIFE]] + H[t[b + CASTLE]]


def house_ki(t, b: int) -> int:
    return K[t[b]] + POS_K[t[b + 1]] + t[b + 4] + K[t[b + WIFE]] + K[t[b + CASTLE]]


def house_strength(t, b: int, castle: bool) -> int:
    s = S[t[b]] + POS_S[t[b + 1]] + t[b + 2] + 2 * t[b + 3] + t[b + 4] + 3 * t[b + 5]
    return s + S[t[b + CASTLE]] if castle else s


SHOGUN_HONOR = tuple(C.shogun_honor(n) if n >= 2 else 0 for n in range(7))    # by player count


def shogun_value(t) -> int:
    return SHOGUN_HONOR[t[N]]


def income(t, s: int) -> int:
    """Honor gained in phase 1 (SAM-HON-1..3, SAM-CLAR-5); house_honor() written out (once a turn)."""
    b = SEATS + s * SEAT_SIZE
    m = b + SH
    own = H[t[m]] + POS_H[t[m + 1]] + H[t[m + WIFE]] + H[t[m + CASTLE]]
    d = b + DH
    if t[d]:
        # SAM-ALLY-3: a Daimyo owner shares nothing back
        own += H[t[d]] + POS_H[t[d + 1]] + H[t[d + WIFE]] + H[t[d + CASTLE]]
        return own + SHOGUN_HONOR[t[N]] if t[SHOGUN_AT] == s else own
    p = t[b + ALLY]
    if p < 0:
        return 0                                            # SAM-HON-3
    allied = house_honor(t, SEATS + p * SEAT_SIZE + DH) + (SHOGUN_HONOR[t[N]] if t[SHOGUN_AT] == p else 0)
    return -((-(own + allied)) // 2)                        # SAM-HON-2 / SAM-ALLY-2: ceil, also of negatives


def ki(t, s: int) -> int:
    """Ki of a player (SAM-KI-1): his own cards; his ally's too under ``ALLY_KI_ADDS``."""
    d = SEATS + s * SEAT_SIZE + DH                           # a Ronin's Daimyo block is all zeros
    m = d + SH - DH
    k = (K[t[d]] + POS_K[t[d + 1]] + t[d + 4] + K[t[d + 6]] + K[t[d + 7]]
         + K[t[m]] + POS_K[t[m + 1]] + t[m + 4] + K[t[m + 6]] + K[t[m + 7]])
    b = d - DH
    if t[FLAGS] & F_ALLY_KI and t[b + ALLY] >= 0:
        pb = seat_base(t[b + ALLY])
        k += house_ki(t, pb + SH) + (house_ki(t, pb + DH) if t[pb + DH] else 0)
    return k


def allowed_actions(t, s: int) -> int:
    """SAM-KI-2 / SAM-CLAR-3: min(5, floor(Ki / 3)), floor towards minus infinity."""
    return min(5, ki(t, s) // 3)


def remaining_actions(t) -> int:
    return max(0, min(5, ki(t, t[ACTIVE]) // 3) - t[USED])


def strength(t, s: int, defending: bool) -> int:
    """Battle strength of a side (SAM-BAT-1, SAM-CLAR-12 step 2; ``STRENGTH_DAIMYO_HOUSE_ONLY``)."""
    b = SEATS + s * SEAT_SIZE
    only_daimyo = t[FLAGS] & F_DHO
    total = house_strength(t, b + DH, defending) if t[b + DH] else 0
    if not only_daimyo:
        total += house_strength(t, b + SH, False)
    p = t[b + ALLY]
    if p >= 0:                                               # SAM-ALLY-5: allies add each other's strength
        pb = SEATS + p * SEAT_SIZE
        total += house_strength(t, pb + DH, False) if t[pb + DH] else 0
        if not only_daimyo:
            total += house_strength(t, pb + SH, False)
    return total


def dice(strength_points: int) -> int:
    """SAM-BAT-2: min(6, floor(strength / 3))."""
    return max(0, min(6, strength_points // 3))


def hand(t, s: int) -> tuple[int, ...]:
    b = SEATS + s * SEAT_SIZE + HAND
    return tuple(k for k in t[b:b + HAND_SLOTS] if k)


def has_daimyo(t, s: int) -> bool:
    return t[SEATS + s * SEAT_SIZE + DH] != 0


def usable_houses(t, s: int) -> list[tuple[int, int]]:
    """The houses ``s`` may play cards into (SAM-PLAY-1, SAM-ALLY-4, SAM-CLAR-4)."""
    b = SEATS + s * SEAT_SIZE
    out = [(s, DAIMYO_HOUSE), (s, SAMURAI_HOUSE)] if t[b + DH] else [(s, SAMURAI_HOUSE)]
    p = t[b + ALLY]
    if p >= 0:
        if t[b + DH]:
            out.append((p, SAMURAI_HOUSE))                  # the partner is the Ronin
        else:
            out += [(p, DAIMYO_HOUSE), (p, SAMURAI_HOUSE)]
    return out


def warriors(t, hb: int) -> int:
    return t[hb + 2] + t[hb + 3] + t[hb + 4] + t[hb + 5]


def fits(t, kind: int, owner: int, h: int) -> bool:
    """May a card of ``kind`` lie in that house next to what is there (SAM-PLAY-2, SAM-CLAR-4)?"""
    hb = house_base(owner, h)
    if h == DAIMYO_HOUSE and not t[hb]:
        return False
    if kind in POS_BIT or kind == C.BODYGUARD:
        return True
    if WARRIOR_FIRST <= kind <= C.WARRIORS[-1]:
        return warriors(t, hb) < 5
    if kind in C.WIVES:
        return not t[hb + WIFE]
    if kind in C.CASTLES:
        return h == DAIMYO_HOUSE and not t[hb + CASTLE]
    return False


def house_holds(t, hb: int, kind: int) -> bool:
    if kind in POS_BIT:
        return bool(t[hb + POS] & POS_BIT[kind])
    if WARRIOR_FIRST <= kind <= C.WARRIORS[-1]:
        return t[hb + 2 + kind - WARRIOR_FIRST] > 0
    if kind in C.CASTLES:
        return t[hb + CASTLE] == kind
    return False


def stealable(flags: int) -> tuple[int, ...]:
    """SAM-CLAR-7: the five possessions and the castles; ``STEAL_*`` flags change the set."""
    out = C.POSSESSIONS
    if not flags & F_NO_CASTLE_THEFT:
        out += C.CASTLES
    if flags & F_STEAL_W:
        out += C.WARRIORS
    return out


def thefts(t, s: int, op: int, card: int, skip: tuple[int, int, int] | None = None) -> list[int]:
    """Every theft open to ``s`` (SAM-EVT-7, SAM-CLAR-7): a card moved into a different usable house."""
    out = []
    flags = t[FLAGS]
    castles_too = not flags & F_NO_CASTLE_THEFT
    steal_w = flags & F_STEAL_W
    n = t[N]
    possessions = POSSESSIONS_OF[n](t)
    castles = CASTLES_OF[n](t) if castles_too else _ZEROS
    if not steal_w and not any(possessions) and not any(castles):
        return out                                          # nothing to steal anywhere (most tables)
    b = SEATS + s * SEAT_SIZE                                # usable_houses() with their bases, written out
    dests = [(s, DAIMYO_HOUSE, b + DH), (s, SAMURAI_HOUSE, b + SH)] if t[b + DH] else [(s, SAMURAI_HOUSE, b + SH)]
    p = t[b + ALLY]
    if p >= 0:
        pb = SEATS + p * SEAT_SIZE
        if t[b + DH]:
            dests.append((p, SAMURAI_HOUSE, pb + SH))        # the partner is the Ronin
        else:
            dests += [(p, DAIMYO_HOUSE, pb + DH), (p, SAMURAI_HOUSE, pb + SH)]
    head = op | s << 5 | card << 8
    for (o, h, hb), pos, castle in zip(HOUSES_OF[n], possessions, castles, strict=False):  # _ZEROS may be longer
        if not (pos or castle or steal_w):                  # nothing to steal here (most houses)
            continue
        if h == DAIMYO_HOUSE and not t[hb]:
            continue
        items = POS_LIST[pos]
        if castle:
            items += (castle,)
        if steal_w:
            items += tuple(WARRIOR_FIRST + i for i in range(4) if t[hb + 2 + i])
        for kind in items:
            if skip is not None and skip == (o, h, kind):
                continue
            cls = CLASS[kind]
            src = head | o << 13 | h << 16 | kind << 17
            for do, dh, dhb in dests:
                if dhb == hb:
                    continue
                if cls == C_CASTLE:
                    if dh or t[dhb + CASTLE]:
                        continue
                elif cls == C_WARRIOR and t[dhb + 2] + t[dhb + 3] + t[dhb + 4] + t[dhb + 5] >= 5:
                    continue
                out.append(src | do << 22 | dh << 25)
    return out


# ---- setup (SAM-SET-1..6) ------------------------------------------------------------------------

def new_game(players: int, seed: int = 0, rules: Rules | None = None, start_player: int = 0) -> tuple:
    rules = rules or Rules()
    low = 2 if rules.bits & F_2P else 3
    if not low <= players <= 6:
        raise IllegalAction("SAM-CMP-4", f"the game is for {low} to 6 players, not {players}")
    if not 0 <= start_player < players:
        raise IllegalAction("SAM-SET-6", f"the start player is a seat from 0 to {players - 1}")
    t = [0] * (SEATS + SEAT_SIZE * players)
    t[N], t[ACTIVE], t[TARGET], t[MAXR], t[FLAGS], t[START] = (players, start_player, rules.target_honor,
                                                              rules.max_rounds, rules.bits, start_player)
    t[SHOGUN_AT] = t[LAST_ACTION] = -1                       # SAM-SET-1: the Shogun card in the centre
    counts = list(C.COUNT)
    if rules.bits & F_DECK:                                  # SAM-CMP-3, §13 Q1
        counts[C.DISHONOR], counts[C.SAVE_FACE] = 9, 4
    rng = seed_state(seed)
    starts = [C.START_5] * 3 + [C.START_10] * 3              # SAM-SET-2: deal the start Daimyo face down
    for s in range(players):
        i, rng = randbelow(rng, len(starts))
        b = SEATS + s * SEAT_SIZE
        t[b + DH] = starts.pop(i)
        t[b + SH] = C.SAMURAI                                # SAM-SET-1
        t[b + ALLY] = -1
        counts[t[b + DH]] -= 1
    first, end = C.DECK_KINDS[0], C.DECK_KINDS[-1] + 1      # SAM-SET-3: everything else into one deck
    t[DECK + first:DECK + end] = counts[first:end]
    t[DECK_SIZE] = sum(t[DECK:DECK + C.KINDS])
    t[RNG] = rng
    if type(rng) is int:                                     # SAM-SET-4: deal 7 each
        # _draw() on counts kept here for the whole deal: the same draws, without reading the deck
        # out of the state for each card
        # deck order: every card of the deck by kind, so that the r-th card is cards[r] (the kind whose
        # running total passes r) and is taken out with it
        cards = list(chain.from_iterable(map(repeat, range(C.KINDS), t[DECK:DECK + C.KINDS])))
        total = len(cards)                                   # 110 less the start Daimyo: never below 2
        for s in range(players):
            got = []
            for _ in range(HAND_SLOTS):
                r, rng = below(rng, total)
                k = cards.pop(r)
                t[DECK + k] -= 1
                total -= 1
                got.append(k)
            got.sort()
            t[SEATS + s * SEAT_SIZE + HAND:SEATS + s * SEAT_SIZE + HAND + HAND_SLOTS] = got
        t[DECK_SIZE], t[RNG] = total, rng
    else:
        for s in range(players):                             # explicit chance: a chance node per card
            got = [_draw(t) for _ in range(HAND_SLOTS)]
            got.sort()
            t[SEATS + s * SEAT_SIZE + HAND:SEATS + s * SEAT_SIZE + HAND + HAND_SLOTS] = got
    _start_turn(t, start_player)                             # SAM-SET-5: honor 0; the first turn begins
    t[TURNS] = 1
    return tuple(t)


def _draw(t: list) -> int:
    """Take one card at random from the deck counts (the top card of a shuffled deck)."""
    rng = t[RNG]
    counts = t[DECK + C.START_5:DECK + C.KINDS]
    total = sum(counts)
    if type(rng) is tuple or total < 2:
        # with explicit chance (core.chance) one outcome per kind; an empty deck fails there too
        i, t[RNG] = weighted(rng, counts)
        k = C.START_5 + i
    else:
        # the r-th card of the deck is of the first kind whose running total passes r (weighted()'s
        # walk; cheaper than running totals made for a bisection)
        r, t[RNG] = below(rng, total)
        k = C.START_5
        for n in counts:
            if r < n:
                break
            r -= n
            k += 1
    t[DECK + k] -= 1
    t[DECK_SIZE] -= 1
    return k


def _roll(t: list) -> int:
    rng = t[RNG]
    r, t[RNG] = below(rng, 6) if type(rng) is int else randbelow(rng, 6)
    return r + 1


# ---- moving cards ----------------------------------------------------------------------------------

def _hand_remove(t: list, s: int, kind: int) -> None:
    b = SEATS + s * SEAT_SIZE + HAND
    del t[t.index(kind, b, b + HAND_SLOTS)]                  # the slots after it move up one
    t.insert(b + HAND_SLOTS - 1, 0)


def _hand_add(t: list, s: int, kind: int) -> None:
    """Into a hand with room (a draw needs a free slot, SAM-KI-4): hands are kept sorted, empty
    slots last, so the card goes in at its place and the last (empty) slot drops off."""
    b = SEATS + s * SEAT_SIZE + HAND
    e = b + HAND_SLOTS
    t.insert(bisect_right(t, kind, b, t.index(0, b, e)), kind)
    del t[e]                                                 # the empty slot pushed out of the hand


def _place(t: list, kind: int, owner: int, h: int) -> None:
    hb = SEATS + owner * SEAT_SIZE + (SH if h else DH)       # house_base() written out
    cls = CLASS[kind]
    if cls == C_WARRIOR:                                     # the most common card first
        t[hb + 2 + kind - WARRIOR_FIRST] += 1
    elif cls == C_POSSESSION:
        t[hb + POS] |= POS_BIT[kind]
    elif cls == C_WIFE:
        t[hb + WIFE] = kind
    elif cls == C_CASTLE:
        t[hb + CASTLE] = kind
    elif cls == C_GUARD:
        t[hb + GUARDS] += 1


def _take(t: list, kind: int, owner: int, h: int) -> None:
    hb = SEATS + owner * SEAT_SIZE + (SH if h else DH)       # house_base() written out
    if kind in POS_BIT:
        t[hb + POS] &= ~POS_BIT[kind]
    elif WARRIOR_FIRST <= kind <= C.WARRIORS[-1]:
        t[hb + 2 + kind - WARRIOR_FIRST] -= 1
    elif kind in C.CASTLES:
        t[hb + CASTLE] = 0


def _clear_house(t: list, hb: int, with_head: bool) -> None:
    """Every card of the house to the discard pile (SAM-EVT-4); the Samurai card stays (SAM-CLAR-1)."""
    d = DISCARD
    if with_head:
        t[d + t[hb]] += 1
        t[hb] = 0
    m = t[hb + POS]
    for k in C.POSSESSIONS:
        if m & POS_BIT[k]:
            t[d + k] += 1
    for i, k in enumerate(C.WARRIORS):
        t[d + k] += t[hb + 2 + i]
        t[hb + 2 + i] = 0
    if t[hb + WIFE]:
        t[d + t[hb + WIFE]] += 1
    if t[hb + CASTLE]:
        t[d + t[hb + CASTLE]] += 1
    t[d + C.BODYGUARD] += t[hb + GUARDS]
    t[hb + POS] = t[hb + WIFE] = t[hb + CASTLE] = t[hb + GUARDS] = 0


def _end_alliance(t: list, s: int) -> None:
    """The alliance of ``s`` ends (SAM-ALLY-6, SAM-CLAR-13); a pending break lapses, unrefunded; cards
    played into the partner's houses stay where they lie (SAM-ALLY-7)."""
    b = SEATS + s * SEAT_SIZE
    p = t[b + ALLY]
    if p >= 0:
        pb = SEATS + p * SEAT_SIZE
        t[b + ALLY] = t[pb + ALLY] = -1
        t[b + BREAK] = t[pb + BREAK] = 0


def _lose_daimyo_house(t: list, s: int, shogun_to: int = -1) -> None:
    """SAM-EVT-4: the Daimyo house is discarded, the Samurai turns Ronin; the alliance ends
    (SAM-CLAR-13 a); a Shogun card there goes to ``shogun_to`` (the centre by default, SAM-CLAR-14)."""
    _clear_house(t, SEATS + s * SEAT_SIZE + DH, True)
    if t[SHOGUN_AT] == s:
        t[SHOGUN_AT] = shogun_to if shogun_to >= 0 and t[SEATS + shogun_to * SEAT_SIZE + DH] else -1
    _end_alliance(t, s)


def _lose_samurai_house(t: list, s: int) -> None:
    """SAM-EVT-4: every card but the Samurai/Ronin card is discarded; a Ronin partner's alliance ends
    (SAM-CLAR-13 b, SAM-CLAR-20h)."""
    b = SEATS + s * SEAT_SIZE
    _clear_house(t, b + SH, False)
    if not t[b + DH]:
        _end_alliance(t, s)


# honor and Ki of a house's head card and possessions, and of its wife and castle, by (card, card or
# mask): two reads instead of four (SAM-HON-1, SAM-KI-1)
H_HEAD_POS = tuple(tuple(H[h] + POS_H[m] for m in range(32)) for h in range(C.KINDS))
H_WIFE_CASTLE = tuple(tuple(H[w] + H[c] for c in range(C.KINDS)) for w in range(C.KINDS))
K_HEAD_POS = tuple(tuple(K[h] + POS_K[m] for m in range(32)) for h in range(C.KINDS))
K_WIFE_CASTLE = tuple(tuple(K[w] + K[c] for c in range(C.KINDS)) for w in range(C.KINDS))


# ---- turns (SAM-TURN-1, §5) ------------------------------------------------------------------------

def _start_turn(t: list, s: int) -> None:
    """Phase 1 of ``s``: a pending break takes effect, honor is paid, the target is checked."""
    t[ACTIVE:DUTY + 1] = (s, MAIN, 0, 0, 0)                   # ACTIVE, MODE, USED, DECL, DUTY
    t[TURNS] += 1
    if t[MAXR] and t[TURNS] > t[MAXR] * t[N]:              # SAM-CLAR-17: the safety limit, no winner
        t[MODE], t[WIN] = OVER, 0
        return
    b = SEATS + s * SEAT_SIZE
    if t[b + BREAK]:                                         # SAM-ALLY-6 / SAM-CLAR-13: before phase 1
        _end_alliance(t, s)
    d = b + DH
    if t[d]:                                                 # income() of a Daimyo owner written out
        (daimyo, dpos, _, _, _, _, dwife, dcastle, _,
         samurai, spos, _, _, _, _, swife, scastle, _) = t[d:d + 18]
        gain = (H_HEAD_POS[daimyo][dpos] + H_WIFE_CASTLE[dwife][dcastle]
                + H_HEAD_POS[samurai][spos] + H_WIFE_CASTLE[swife][scastle])    # SAM-HON-1, SAM-ALLY-3
        if t[SHOGUN_AT] == s:
            gain += SHOGUN_HONOR[t[N]]
    elif t[b + ALLY] < 0:
        gain = 0                                             # SAM-HON-3: a Ronin alone gains nothing
    else:
        gain = income(t, s)
    t[LAST_INCOME] = gain
    honor = t[b + HONOR] = t[b + HONOR] + gain              # SAM-HON-4: always automatic
    if honor >= t[TARGET]:                            # SAM-END-1, SAM-HON-6, SAM-CLAR-16; only the
        # active player gains honor, so two can never reach the target together (SAM-TIE-1)
        t[MODE], t[WIN] = OVER, 1 << s
        return
    # _check_duty() written out for the start of a turn (no duty under way, nothing declared): the card
    # in the centre, a Daimyo owner with 100 honor must declare (SAM-DEC-3, SAM-CLAR-15)
    if t[SHOGUN_AT] == -1 and honor >= 100 and t[d]:
        t[DUTY] = 1


def _check_duty(t: list) -> None:
    """SAM-DEC-3 / SAM-CLAR-15: the mandatory Shogun declaration arises, stays, or lapses."""
    if t[SHOGUN_AT] != -1:                                   # the card is taken: no duty (one under way lapses)
        t[DUTY] = 0
        return
    b = SEATS + t[ACTIVE] * SEAT_SIZE
    if t[DUTY]:
        if t[b + DH]:
            return
        t[DUTY] = 0                                          # lapses only with the Daimyo (or the card gone)
    # SAM-CLAR-20d: under MULTI_DECLARATION only a Shogun declaration already made frees the turn
    if t[b + HONOR] >= 100 and t[b + DH] and (not (t[DECL] & D_SHOGUN) if t[FLAGS] & F_MULTI else not t[DECL]):
        t[DUTY] = 1


def _after_main(t: list) -> None:
    """After anything in the active player's phase 2: the duty and the dead table of ``NO_RESHUFFLE``."""
    t[MODE] = MAIN
    if t[SHOGUN_AT] != -1:                                   # _check_duty()'s usual case, without a call
        t[DUTY] = 0
    else:
        _check_duty(t)
    if t[FLAGS] & F_NO_RESHUFFLE and t[DECK_SIZE] == 0:
        _check_dead_table(t)


def _check_dead_table(t: list) -> None:
    """SAM-CLAR-17: under ``NO_RESHUFFLE`` an empty deck, no Daimyo on the table and none in any hand
    ends the game; the most honor wins, ties share."""
    n = t[N]
    for s in range(n):
        b = SEATS + s * SEAT_SIZE
        if t[b + DH] or any(k in DAIMYOS for k in t[b + HAND:b + HAND + HAND_SLOTS]):
            return
    best = max(t[SEATS + s * SEAT_SIZE + HONOR] for s in range(n))
    t[MODE] = OVER
    t[WIN] = sum(1 << s for s in range(n) if t[SEATS + s * SEAT_SIZE + HONOR] == best)


# ---- legal actions ----------------------------------------------------------------------------------

def to_act(t) -> int:
    """The one seat that decides now (SAM-CLAR-18: never simultaneous; answers and the Save Face window
    are decided out of turn, SAM-TURN-3), -1 when the game is over."""
    m = t[MODE]
    if m == MAIN:
        return t[ACTIVE]
    if m in (ANSWER, OFFER):
        return t[C1]
    if m == WINDOW:
        return t[C5]
    if m == CASTLE_CHOICE:
        return t[C2]
    if m == SECOND_THEFT:
        return t[C0]
    return -1


def legal(t) -> list[int]:
    m = t[MODE]
    if m == MAIN:
        return _legal_main(t)
    if m == ANSWER:
        s = t[C1]
        b = SEATS + s * SEAT_SIZE
        out = [code(PAY, s)]
        if C.SAVE_FACE in t[b + HAND:b + HAND + HAND_SLOTS] and t[SHOGUN_AT] != s:
            out.append(code(SAVE_FACE, s))
        if t[b + DH]:
            out.append(code(SEPPUKU, s, house=DAIMYO_HOUSE))
        if not t[FLAGS] & F_SEPPUKU or _has_cards(t, b + SH):
            out.append(code(SEPPUKU, s, house=SAMURAI_HOUSE))
        return out
    if m == WINDOW:
        s = t[C5]
        return [code(SAVE_FACE, s), code(PASS, s)]
    if m == CASTLE_CHOICE:
        w = t[C2]
        if t[SEATS + w * SEAT_SIZE + DH + CASTLE]:
            return [code(CASTLE_PICK, w, LEAVE), code(CASTLE_PICK, w, KEEP_OWN), code(CASTLE_PICK, w, SWAP)]
        return [code(CASTLE_PICK, w, LEAVE), code(CASTLE_PICK, w, TAKE)]
    if m == SECOND_THEFT:
        s = t[C0]
        return [*thefts(t, s, STEAL, 0, (t[C2], t[C3], t[C4])), code(STOP, s)]
    if m == OFFER:
        return [code(ACCEPT, t[C1]), code(REFUSE, t[C1])]
    return []


def _has_cards(t, hb: int) -> bool:
    return bool(t[hb + POS] or warriors(t, hb) or t[hb + WIFE] or t[hb + CASTLE] or t[hb + GUARDS])


def declaration_open(t, bit: int) -> bool:
    """SAM-DEC-1 / SAM-BAT-7: one declaration per turn; each kind once under ``MULTI_DECLARATION``."""
    return not (t[DECL] & bit) if t[FLAGS] & F_MULTI else not t[DECL]


# The codes the legal lists are made of, made once: a code computed from its fields is a new int object
# each time (most codes are above CPython's cached small ints), one read from a table is shared.
# PLAY_CODES[a][k][2 * owner + house]: seat a plays a card of kind k into that house.
DISCARD_CODES = tuple(tuple(code(DISCARD_CARD, a, k) for k in range(32)) for a in range(6))
PLAY_CODES = tuple(tuple(tuple(code(PLAY, a, k, o, h) for o in range(6) for h in (DAIMYO_HOUSE, SAMURAI_HOUSE))
                         for k in range(32)) for a in range(6))
DISHONOR_CODES = tuple(tuple(tuple(code(DISHONOR, a, C.DISHONOR, o) for o in range(n) if o != a) for a in range(6))
                       for n in range(7))             # [players][a]: on every other player
ASSASSIN_CODES = tuple(tuple(code(ASSASSIN, a, C.NINJA_ASSASSIN, o, h) for o in range(6)
                             for h in (DAIMYO_HOUSE, SAMURAI_HOUSE)) for a in range(6))
END_CODES = tuple(code(END_TURN, a) for a in range(6))
ATTACK_CODES = tuple(tuple(code(ATTACK, a, 0, o) for o in range(6)) for a in range(6))
ALLY_CODES = tuple(tuple(code(ALLY_WITH, a, 0, o) for o in range(6)) for a in range(6))




def _usable(a: int, p: int, daimyo: bool) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    own = ((2 * a, house_base(a, DAIMYO_HOUSE)),) if daimyo else ()
    own += ((2 * a + 1, house_base(a, SAMURAI_HOUSE)),)
    if p < 0:
        partner: tuple[tuple[int, int], ...] = ()
    elif daimyo:                                             # the partner of a Daimyo owner is a Ronin
        partner = ((2 * p + 1, house_base(p, SAMURAI_HOUSE)),)
    else:
        partner = ((2 * p, house_base(p, DAIMYO_HOUSE)), (2 * p + 1, house_base(p, SAMURAI_HOUSE)))
    return own + partner, partner


# the houses seat a may play into (SAM-PLAY-1, SAM-ALLY-4, SAM-CLAR-4) as (2 * owner + house, its base):
# USABLE[a][partner + 1][a has a Daimyo] is (every one of them, his partner's alone), made once
USABLE = tuple(tuple(tuple(_usable(a, p, daimyo) for daimyo in (False, True)) for p in range(-1, 6))
               for a in range(6))


# per player count: every seat with the index of its Daimyo card and of its partner (alliance offers)
OFFER_SLOTS = tuple(tuple((o, SEATS + o * SEAT_SIZE + DH, SEATS + o * SEAT_SIZE + ALLY) for o in range(n))
                    for n in range(7))


def _legal_main(t) -> list[int]:            # straight-line on purpose: the hot path of every game
    a = t[ACTIVE]
    b = SEATS + a * SEAT_SIZE
    d = b + DH
    flags = t[FLAGS]
    ally = t[b + ALLY]
    # both houses of the active player in one read: head, possessions, the four kinds of warriors, wife,
    # castle, bodyguards (a Ronin's Daimyo block is all zeros)
    (daimyo, dpos, dw1, dw2, dwk, dw3, dwife, dcastle, _,
     samurai, spos, sw1, sw2, swk, sw3, swife, scastle, _) = t[d:d + 18]
    if flags & F_ALLY_KI and ally >= 0:
        ki_ = ki(t, a)
    else:                                                    # ki() written out: one expression
        ki_ = (K_HEAD_POS[daimyo][dpos] + dwk + K_WIFE_CASTLE[dwife][dcastle]
               + K_HEAD_POS[samurai][spos] + swk + K_WIFE_CASTLE[swife][scastle])
    left = ki_ // 3                                          # SAM-KI-2: min(5, floor(Ki / 3)) - used
    if left > 5:
        left = 5
    left -= t[USED]
    decl = t[DECL]
    if left > 0 and not (flags & F_DAA and decl):
        h = b + HAND
        out = [DRAW | a << 5] if not t[h + 6] and (t[DECK_SIZE] or (
            not flags & F_NO_RESHUFFLE and any(t[DISCARD + C.START_5:DISCARD + C.SHOGUN]))) else []
        discards = DISCARD_CODES[a]
        plays = PLAY_CODES[a]
        houses = roomy = None
        prev = -1
        # the hand is sorted with its empty slots last: each kind once (equal cards lie side by side),
        # in order, up to the first 0
        for k in t[h:h + HAND_SLOTS]:
            if k == prev:
                continue
            if not k:
                break
            prev = k
            out.append(discards[k])
            cls = CLASS[k]
            if cls == C_DAIMYO:
                if not daimyo or flags & F_SWAP:
                    out.append(plays[k][2 * a])
            elif cls < C_EVENT:
                if houses is None:
                    houses, partner = USABLE[a][ally + 1][daimyo != 0]
                into = plays[k]
                if cls == C_WARRIOR:
                    if roomy is None:                        # houses with room for a warrior, once
                        roomy = []
                        if daimyo and dw1 + dw2 + dwk + dw3 < 5:
                            roomy.append(2 * a)
                        if sw1 + sw2 + swk + sw3 < 5:
                            roomy.append(2 * a + 1)
                        for w, hb in partner:
                            if t[hb + 2] + t[hb + 3] + t[hb + 4] + t[hb + 5] < 5:
                                roomy.append(w)
                    for w in roomy:
                        out.append(into[w])
                elif cls == C_WIFE:
                    for w, hb in houses:
                        if not t[hb + WIFE]:
                            out.append(into[w])
                elif cls == C_CASTLE:
                    for w, hb in houses:
                        if not w & 1 and not t[hb + CASTLE]:
                            out.append(into[w])
                else:
                    for w, _hb in houses:
                        out.append(into[w])
            elif k == C.DISHONOR:
                if left >= 2:
                    out += DISHONOR_CODES[t[N]][a]
            elif k == C.NINJA_ASSASSIN:                      # SAM-EVT-1: any player, the user too
                on = ASSASSIN_CODES[a]
                ob = SEATS + DH
                for o in range(t[N]):
                    if t[ob]:
                        out.append(on[2 * o])
                    out.append(on[2 * o + 1])
                    ob += SEAT_SIZE
            elif k == C.NINJA_THIEF or k == C.ELITE_NINJA_THIEF:
                out += thefts(t, a, THIEF, k)
    else:
        out = []
    if t[DUTY]:
        out.append(SHOGUN | a << 5)                          # SAM-CLAR-15: nothing else until declared
        return out
    multi = flags & F_MULTI
    if daimyo:
        if t[SHOGUN_AT] == -1 and not (decl & D_SHOGUN if multi else decl):
            out.append(SHOGUN | a << 5)
        if not (decl & D_ATTACK if multi else decl):
            sh = t[SHOGUN_AT]
            castles = CASTLES_AT[t[N]](t)
            if any(castles):
                on = ATTACK_CODES[a]
                for o, castle in enumerate(castles):
                    if (castle or sh == o) and o != a:
                        out.append(on[o])
            elif sh >= 0 and sh != a:                       # no castle out: the Shogun card's holder alone
                out.append(ATTACK_CODES[a][sh])
    elif ally < 0 and not (decl & D_ALLY if multi else decl):
        on = ALLY_CODES[a]                                   # SAM-DEC-5: to a Daimyo owner without a partner
        for o, head, partner in OFFER_SLOTS[t[N]]:          # (a, a Ronin, is never one)
            if t[head] and t[partner] < 0:
                out.append(on[o])
    if ally >= 0 and not (decl & D_BREAK if multi else decl) \
            and not (t[b + BREAK] or t[SEATS + ally * SEAT_SIZE + BREAK]):
        out.append(BREAK_ALLIANCE | a << 5)
    out.append(END_CODES[a])
    return out


# ---- apply ------------------------------------------------------------------------------------------

# the legal actions of the last state asked: a caller lists them, then applies one to the same state
# (a list: ``in`` on its dozen ints is cheaper than building a set). One (state, codes) entry, read
# and replaced whole, so threads sharing the module never pair one state with another's codes. The
# state is found by identity: a plain tuple, or the list a facade's state holds and never changes
# (:func:`step`'s result), whose ints are indexed as fast as a tuple's; a sequence of another type
# (a facade object) is listed from a plain tuple of its ints.
_last: list = [(None, [])]


def _plain(t):
    return t if type(t) is tuple or type(t) is list else tuple(t)


def legal_cached(t) -> list[int]:
    entry = _last[0]
    if entry[0] is t:
        return entry[1]
    u = t if type(t) is tuple or type(t) is list else tuple(t)      # _plain() written out
    codes = _legal_main(u) if u[MODE] == MAIN else legal(u)          # most decisions are card actions
    _last[0] = (t, codes)
    return codes


legal_set = legal_cached


def apply(t: tuple, c: int) -> tuple:
    """The state after action ``c``; ``IllegalAction`` naming the rule, ``t`` unchanged."""
    return tuple(apply_list(t, c))


def apply_list(t: tuple, c: int) -> list:
    """:func:`apply` as a fresh list, for a facade that keeps it as its state's ints."""
    entry = _last[0]
    codes = entry[1] if entry[0] is t else legal_cached(t)
    if c not in codes:
        from lotus_kit.samurai.explain import why_illegal

        raise IllegalAction(*why_illegal(_plain(t), c))
    L = list(t)
    L[LAST_ACTION] = c
    _do(L, c)
    return L


def step(t, c: int) -> list | None:
    """:func:`apply_list` for a facade: None, with nothing done, when the state's chance is explicit (a
    script, :mod:`lotus_kit.core.chance`): the facade then makes the chance node."""
    if type(t[RNG]) is tuple:
        return None
    return apply_list(t, c)


def _do(t: list, c: int) -> None:
    op = c & 31
    if op == END_TURN:                                       # SAM-TURN-1 phase 3 (a third of all actions)
        _start_turn(t, ((c >> 5 & 7) + 1) % t[N])
        return
    s = c >> 5 & 7
    b = SEATS + s * SEAT_SIZE
    if op == DRAW:                                           # SAM-KI-3a, SAM-CLAR-2
        if not t[DECK_SIZE]:                                 # SAM-KI-5: the discard pile becomes the deck
            for k in C.DECK_KINDS:
                t[DECK + k] = t[DISCARD + k]
                t[DISCARD + k] = 0
            t[DECK_SIZE] = sum(t[DECK:DECK + C.KINDS])
        _hand_add(t, s, _draw(t))
        t[USED] += 1
    elif op == DISCARD_CARD:                                 # SAM-KI-3b
        card = c >> 8 & 31
        h = b + HAND                                         # _hand_remove() written out
        del t[t.index(card, h, h + HAND_SLOTS)]
        t.insert(h + HAND_SLOTS - 1, 0)
        t[DISCARD + card] += 1
        t[USED] += 1
    elif op == PLAY:                                         # SAM-KI-3c, §7
        card = c >> 8 & 31
        h = b + HAND                                         # _hand_remove() written out
        del t[t.index(card, h, h + HAND_SLOTS)]
        t.insert(h + HAND_SLOTS - 1, 0)
        t[USED] += 1
        if card in DAIMYOS:                                  # SAM-PLAY-3, SAM-CLAR-6
            if t[b + DH]:
                _lose_daimyo_house(t, s)                     # ALLOW_DAIMYO_SWAP, SAM-CLAR-20k
            else:
                _end_alliance(t, s)                          # SAM-CLAR-13 c
            t[b + DH] = card
        else:
            _place(t, card, c >> 13 & 7, c >> 16 & 1)
    else:
        _do_other(t, c, op, s, b)
        return
    # after a draw, a discard or a play: _after_main() written out, _check_duty() too (s is the active
    # player): SAM-DEC-3 / SAM-CLAR-15, a duty arises, stays, or lapses with the card or the Daimyo
    t[MODE] = MAIN
    if t[SHOGUN_AT] != -1 or not t[b + DH]:
        t[DUTY] = 0
    elif not t[DUTY] and t[b + HONOR] >= 100 and (
            not (t[DECL] & D_SHOGUN) if t[FLAGS] & F_MULTI else not t[DECL]):    # SAM-CLAR-20d
        t[DUTY] = 1
    if t[FLAGS] & F_NO_RESHUFFLE and t[DECK_SIZE] == 0:
        _check_dead_table(t)


def _do_other(t: list, c: int, op: int, s: int, b: int) -> None:
    """:func:`_do` for everything but a draw, a discard, a play and the end of a turn."""
    card, owner, house = c >> 8 & 31, c >> 13 & 7, c >> 16 & 1
    if op == DISHONOR:                                       # SAM-EVT-3: costs two actions
        _hand_remove(t, s, card)
        t[DISCARD + card] += 1
        t[USED] += 2
        t[MODE], t[C0], t[C1] = ANSWER, s, owner
    elif op == THIEF:                                        # SAM-EVT-7/8, SAM-CLAR-7
        _hand_remove(t, s, card)
        t[DISCARD + card] += 1
        t[USED] += 1
        t[b + HONOR] -= 15 if card == C.NINJA_THIEF else 25  # SAM-EVT-2 (the effect always happens)
        item, to_o, to_h = c >> 17 & 31, c >> 22 & 7, c >> 25 & 1
        _take(t, item, owner, house)
        _place(t, item, to_o, to_h)
        if card == C.ELITE_NINJA_THIEF:
            t[C0], t[C2], t[C3], t[C4] = s, to_o, to_h, item
            if thefts(t, s, STEAL, 0, (to_o, to_h, item)):
                t[MODE] = SECOND_THEFT
                return
        _after_main(t)
    elif op == STEAL:                                        # SAM-CLAR-7: the optional second theft
        _take(t, c >> 17 & 31, owner, house)
        _place(t, c >> 17 & 31, c >> 22 & 7, c >> 25 & 1)
        _after_main(t)
    elif op == STOP:
        _after_main(t)
    elif op == ASSASSIN:
        _assassinate(t, s, owner, house)
        _after_main(t)
    elif op == SHOGUN:                                       # SAM-DEC-2
        t[DECL] |= D_SHOGUN
        t[SHOGUN_AT] = s
        t[DUTY] = 0
        _after_main(t)
    elif op == ATTACK:                                       # SAM-DEC-4, §10
        t[DECL] |= D_ATTACK
        _battle(t, s, owner)
    elif op == ALLY_WITH:                                    # SAM-DEC-5, SAM-ALLY-1
        t[DECL] |= D_ALLY
        if t[FLAGS] & F_REFUSE:
            t[MODE], t[C0], t[C1] = OFFER, s, owner
        else:
            t[b + ALLY], t[SEATS + owner * SEAT_SIZE + ALLY] = owner, s
            _after_main(t)
    elif op == ACCEPT:
        a = t[C0]
        t[SEATS + a * SEAT_SIZE + ALLY], t[b + ALLY] = s, a
        _after_main(t)
    elif op == REFUSE:
        _after_main(t)
    elif op == BREAK_ALLIANCE:                               # SAM-DEC-6, SAM-CLAR-13
        t[DECL] |= D_BREAK
        t[b + HONOR] -= 25
        t[b + BREAK] = 1
        _after_main(t)
    elif op == PAY:                                          # SAM-CLAR-10 (a); below 0 is fine (SAM-HON-5)
        t[b + HONOR] -= 75
        _dishonor_done(t, s, answered=False)
    elif op == SAVE_FACE:                                    # SAM-EVT-5, SAM-CLAR-11
        _hand_remove(t, s, C.SAVE_FACE)
        t[DISCARD + C.SAVE_FACE] += 1
        if t[MODE] == ANSWER:
            t[b + HONOR] -= 30
            _dishonor_done(t, s, answered=True)
        else:
            t[C4] = 1
            _after_window(t)
    elif op == SEPPUKU:                                      # SAM-EVT-3 (c), SAM-CLAR-10
        if house == DAIMYO_HOUSE:
            _lose_daimyo_house(t, s)
        else:
            _lose_samurai_house(t, s)
        _dishonor_done(t, s, answered=False)
    elif op == PASS:                                         # SAM-CLAR-11: next in the window
        nxt = _next_in_window(t, t[C3], (s - t[C3]) % t[N] + 1)
        if nxt < 0:
            _after_window(t)
        else:
            t[C5] = nxt
    elif op == CASTLE_PICK:                                  # SAM-BAT-5, SAM-CLAR-12 step 5
        loser = t[C3]
        lb, wb = SEATS + loser * SEAT_SIZE + DH, b + DH
        theirs, mine = t[lb + CASTLE], t[wb + CASTLE]
        if card == TAKE:
            t[lb + CASTLE], t[wb + CASTLE] = 0, theirs
        elif card == KEEP_OWN:
            t[lb + CASTLE] = 0
            t[DISCARD + theirs] += 1
        elif card == SWAP:
            t[lb + CASTLE], t[wb + CASTLE] = 0, theirs
            t[DISCARD + mine] += 1
        _finish_battle(t)


def _dishonor_done(t: list, target: int, answered: bool) -> None:
    """SAM-CLAR-13 d: Dishonor on one's ally not answered with Save Face ends the alliance."""
    user = t[C0]
    if not answered and t[SEATS + user * SEAT_SIZE + ALLY] == target:
        _end_alliance(t, user)
    _after_main(t)


def _assassinate(t: list, s: int, target: int, h: int) -> None:
    """SAM-EVT-9, SAM-EVT-6, SAM-CLAR-8/9."""
    b = SEATS + s * SEAT_SIZE
    _hand_remove(t, s, C.NINJA_ASSASSIN)
    t[DISCARD + C.NINJA_ASSASSIN] += 1
    takeover = not t[b + DH] and t[b + ALLY] == target and h == SAMURAI_HOUSE and target != s
    cost = 50 if takeover else 25
    pay_first = not t[FLAGS] & F_COST_SUCCESS
    if pay_first:
        t[b + HONOR] -= cost                                 # SAM-EVT-2: paid on play
    t[USED] += 1
    hb = house_base(target, h)
    die = _roll(t)
    t[LASTDIE] = die
    if t[hb + GUARDS]:                                       # SAM-EVT-6: one bodyguard, used up
        success = die >= 5
        t[hb + GUARDS] -= 1
        t[DISCARD + C.BODYGUARD] += 1
    else:
        success = die >= 3
    if not success:
        return
    if not pay_first:
        t[b + HONOR] -= cost                                 # NINJA_COST_ON_SUCCESS_ONLY, SAM-CLAR-20i
    if takeover:                                             # SAM-CLAR-9, in this order
        _lose_samurai_house(t, target)
        tb = SEATS + target * SEAT_SIZE
        t[b + DH:b + DH + 9] = t[tb + DH:tb + DH + 9]
        t[tb + DH:tb + DH + 9] = [0] * 9
        if t[SHOGUN_AT] == target:
            t[SHOGUN_AT] = s
        _end_alliance(t, s)
    elif h == DAIMYO_HOUSE:
        if t[FLAGS] & F_SHOGUN_ASSASSIN and target != s:     # SAM-CLAR-20c
            _lose_daimyo_house(t, target, s)
        else:
            _lose_daimyo_house(t, target)
    else:
        _lose_samurai_house(t, target)


def _battle(t: list, attacker: int, defender: int) -> None:
    """SAM-CLAR-12 steps 2-4: strength, dice, rolls (rerolled on equal totals), then the window."""
    na = dice(strength(t, attacker, False))
    nd = dice(strength(t, defender, True))
    rerolls = 0
    rolls: list[int] = []
    if na == 0 and nd == 0:                                  # SAM-BAT-3: no roll, the defender wins
        winner = defender
    else:
        while True:                                          # SAM-CLAR-20g: attacker first, die by die
            rolls = [_roll(t) for _ in range(na + nd)]
            ta, td = sum(rolls[:na]), sum(rolls[na:])
            if ta != td:
                break
            rerolls += 1
        winner = attacker if ta > td else defender
    loser = defender if winner == attacker else attacker
    bb = BATTLE
    t[bb:bb + 18] = [attacker, defender, na, nd, rerolls, winner] + rolls[:na] + [0] * (6 - na) \
        + rolls[na:] + [0] * (6 - nd)
    t[MODE], t[C0], t[C1], t[C2], t[C3], t[C4] = WINDOW, attacker, defender, winner, loser, 0
    first = _next_in_window(t, loser, 0)
    if first < 0:
        _after_window(t)
    else:
        t[C5] = first


def _next_in_window(t, loser: int, start: int) -> int:
    """SAM-CLAR-11: from the loser clockwise once round, the next holder of Save Face who does not
    hold the Shogun card; -1 when nobody is left."""
    n = t[N]
    for i in range(start, n):
        s = (loser + i) % n
        b = SEATS + s * SEAT_SIZE + HAND
        if t[SHOGUN_AT] != s and C.SAVE_FACE in t[b:b + HAND_SLOTS]:
            return s
    return -1


def _after_window(t: list) -> None:
    loser = t[C3]
    if t[SEATS + loser * SEAT_SIZE + DH + CASTLE] and not (t[C4] and t[FLAGS] & F_BLOCKS):
        t[MODE] = CASTLE_CHOICE                              # SAM-CLAR-12 step 5, even if saved
        return
    _finish_battle(t)


def _finish_battle(t: list) -> None:
    """SAM-CLAR-12 steps 6-7: the Shogun card to the winner, then the loser's house unless saved."""
    winner, loser, saved = t[C2], t[C3], t[C4]
    if t[SHOGUN_AT] == loser and not (saved and t[FLAGS] & F_BLOCKS):
        t[SHOGUN_AT] = winner                                # SAM-BAT-6
    if not saved:
        _lose_daimyo_house(t, loser)                         # SAM-BAT-4
    _after_main(t)
