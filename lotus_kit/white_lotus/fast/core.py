"""The fast core: one flat list per state, actions as ints, straight-line phase transitions.

A state is a plain ``list`` laid out by the slot constants below (the same layout for every player
count: six seats are always allotted); :func:`apply` copies it once and changes the copy, so every
list handed out is treated as a value and never changed again. The variant flags and board tables
of a game are fixed once in a :class:`Table` (one per player count and rule set).

Actions are ints (see :mod:`lotus_kit.white_lotus.fast.codes`); the value-object actions of the API
map onto them one to one. Legal actions come from bit masks and from tables of card combinations
cached per hand. Events are built only when asked for: :func:`apply` and :func:`new_game` append
the engine's events (the same objects, with their full breakdowns) to ``ev`` when a list is given;
without one, as on the path of rollouts, bots and sweeps, nothing is built.

This is the engine behind the public API (:mod:`lotus_kit.white_lotus.engine`): WL-PLACE, WL-CONF,
WL-EMP, WL-REB, WL-CARDS, WL-TERR, WL-SCORE. ``tests/white_lotus/test_fast_differential.py`` plays
seeded random games under every flag and pair of flags through it and through the phase modules it
replaced (frozen in ``tests/white_lotus/oracle``) and compares legal actions, states, events and
refusals at every step.
"""

from __future__ import annotations

from lotus_kit.white_lotus.fast.codes import (
    BID,
    BREAK_TIE,
    CHOOSE,
    DECLARE,
    JOIN,
    PASS,
    PLACE_CHIP,
    PLACE_MARKER,
    REFUND,
    REWARD,
    REWARD_VP,
    TAKE_INCOME,
    TEMPLE,
    code_of,
)

# -- the slots of a state list ------------------------------------------------------------------
PH, YR, EMP, FIN, STEPON, POOL, PP, SP, SUPPLY, STOCK, SEED = range(11)
K = 11          # 5 chip masks by type P, T, R, F, V
OWN = 16        # 6 ownership masks by seat
CLM = 22        # 6 marker masks by seat
VP = 28         # 6 VP chip counts
H = 34          # 7 counts per seat: 0, influence 1..3, combat 1..3
SX = 76         # 6 per-seat step values: placed markers / bid / commitment / income choice
DONE, TURN = 82, 83                                                     # phase 1
NOCL, CPROV, REM, ROUND, _, TIED, RSEAT, ROWED = range(84, 92)          # phase 2
ASK, ASKED, LEADER, _, WINNER, RORDER, REWARDED, LOSERS, LOSTONE = range(92, 101)   # phase 4
TIDX, DRAWN, TLEFT, ASKT = range(102, 106)                               # phase 6
SCORES, WINNERS = 106, 107
PEND = 108      # the seats still to give a sealed choice (bids, sides, income)
SIZE = 109

_NONE6 = (None,) * 6
_ZERO6 = (0,) * 6
CLAIMS, RESOLVE, EMPEROR_POINT, REBELLION, NEW_CARDS, NEW_PROVINCES, GAME_OVER = range(1, 8)
KIDX = {"P": 0, "T": 1, "R": 2, "F": 3, "V": 4}
MAX_YEARS = 30
BASE_INFLUENCE, BASE_COMBAT = 10, 2          # WL-CARDS-1


class Table:
    """What one player count and rule set fix for a whole game: flags, board masks, caches."""

    def __init__(self, players: int, rules) -> None:
        # the board data is read on the first game of a player count, not when the core is imported
        from lotus_kit.white_lotus.board import board_view, neighbourhood

        self.players = n = players
        self.rules = rules
        view = self.view = board_view(players)
        self.in_play = view.in_play
        self.in_play_mask = view.in_play_mask
        self.adjacency = view.adjacency
        self.lotus_mask = view.lotus_mask
        self.dragon_mask = view.dragon_mask
        data = view.data
        self.ids = tuple(p.id for p in data.provinces)
        self.building_vp = tuple(data.building_vp[k] for k in "PTRFV")
        self.dragon_bonus = data.dragon_bonus
        self.group_bonus = data.largest_group_bonus
        self.designer = rules.designer
        self.optional = rules.optional_placement
        self.finite = rules.finite_supply
        self.limit = rules.enforce_chip_limit
        self.floor_half = rules.loser_keeps_floor_half
        self.reward_noadj = rules.reward_no_adjacency
        self.reward_combat = rules.reward_requires_combat
        self.adj_owned = rules.newterr_adj_owned
        self.emp_end = rules.emperor_check_end_of_phase
        self.chain_none = rules.chain_tie_none
        self.all_seats = (1 << n) - 1
        # clockwise order from each seat (WL-SETUP-1)
        rows = []
        for chunk in range(5):
            row = [0] * 256
            for byte in range(1, 256):
                row[byte] = neighbourhood(view, byte << 8 * chunk)
            rows.append(tuple(row))
        self.near_rows = tuple(rows)
        # the seats after each seat clockwise, ending with himself (WL-PLACE-3)
        self.after = tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n))
        self.clockwise = tuple(tuple((s + k) % n for k in range(n)) for s in range(n))
        # the published placement rules: no designer blocks, no chip limit (the common fast path)
        self.plain = not self.designer and not self.limit
        self.bids: dict = {}
        self.joins: dict = {}
        self.decoded: tuple = (None,) * 6          # codec.decode's last board tuples
        self.marks: dict = {}
        self.places: dict = {}

    def near(self, mask: int) -> int:
        """The in-play provinces bordering ``mask``: one table look-up per byte."""
        r0, r1, r2, r3, r4 = self.near_rows
        return r0[mask & 255] | r1[mask >> 8 & 255] | r2[mask >> 16 & 255] | r3[mask >> 24 & 255] | r4[mask >> 32]


_TABLES: dict = {}


def table(players: int, rules) -> Table:
    """The shared :class:`Table` of a player count and rule set."""
    t = _TABLES.get((players, rules))
    if t is None:
        t = _TABLES[(players, rules)] = Table(players, rules)
    return t


# the set bits of each byte value, for each byte of a province mask (39 provinces: 5 bytes)
_BYTE_BITS = tuple(tuple(tuple(8 * chunk + b for b in range(8) if v >> b & 1) for v in range(256))
                   for chunk in range(5))
_B0, _B1, _B2, _B3, _B4 = _BYTE_BITS
SEATS = _B0          # the seats of a seat mask, lowest first


def _bits(mask: int) -> list[int]:
    """The set bits of a province mask, lowest first."""
    if mask < 256:
        return list(_B0[mask])
    return [*_B0[mask & 255], *_B1[mask >> 8 & 255], *_B2[mask >> 16 & 255], *_B3[mask >> 24 & 255],
            *_B4[mask >> 32 & 255]]


# -- queries ----------------------------------------------------------------------------------------

def owned_any(s: list) -> int:
    return s[16] | s[17] | s[18] | s[19] | s[20] | s[21]


def chip_mask(s: list) -> int:
    return s[11] | s[12] | s[13] | s[14] | s[15]


def allowance(t: Table, s: list, seat: int) -> int:
    """WL-PLACE-1: 3 plus one per rice field, at most 5; all 5 blocks under WL_DESIGNER. Placement is
    public and sequential (WL-PLACE-6): the markers are in the state for every seat to see."""
    if t.designer:
        return 5
    return min(5, 3 + (s[OWN + seat] & s[K + 2]).bit_count())


def mandatory(t: Table, s: list, seat: int) -> int:
    """WL-PLACE-4 (WL_OPTIONAL_PLACEMENT: none; WL_DESIGNER: all). The mandatory markers are what
    brings neutral provinces into play every year (WL-PLACE-5)."""
    if t.designer:
        return allowance(t, s, seat)
    if t.optional:
        return 0
    return min(3, allowance(t, s, seat))


def marker_targets(t: Table, s: list, seat: int) -> int:
    """WL-PLACE-2, WL-PLACE-7 (WL_DESIGNER, WL-VAR-1): where ``seat`` may put a marker."""
    mine = s[CLM + seat]
    owned = owned_any(s)
    mask = chip_mask(s) & ~owned & ~mine
    if t.designer:
        if s[YR] == 1:
            mask &= t.lotus_mask
        else:
            mask &= t.near(owned)
    if t.limit:
        free = list(s[STOCK][seat])
        for k in range(5):
            free[k] -= (mine & s[K + k] & ~owned).bit_count()
        keep = 0
        for k in range(5):
            if free[k] > 0:
                keep |= s[K + k]
        mask &= keep
    return mask


def palace_first(s: list) -> int:
    """WL-CONF-2 / WL-EMP-5: the start palace, while neutral and claimed, is resolved first."""
    p = s[SP]
    if p >= 0:
        bit = 1 << p
        if (s[22] | s[23] | s[24] | s[25] | s[26] | s[27]) & bit and not owned_any(s) & bit:
            return p
    return -1


def resolve_choices(s: list) -> int:
    first = palace_first(s)
    return 1 << first if first >= 0 else s[22] | s[23] | s[24] | s[25] | s[26] | s[27]


def refund_options(s: list, owed: int) -> list:
    """WL-CONF-13: the splits of the refund (exactly K, or the most a finite supply can pay)."""
    sup = s[SUPPLY]
    if sup is None:
        return _splits(owed)
    from lotus_kit.white_lotus.cards import max_payable, splits

    supply = (sup[0], sup[1], sup[2])
    return splits(max_payable(owed, supply), supply)


_SPLITS: dict = {}


def _splits(owed: int) -> list:
    hit = _SPLITS.get(owed)
    if hit is None:
        from lotus_kit.white_lotus.cards import splits

        hit = _SPLITS[owed] = splits(owed)
    return hit


def reward_targets(t: Table, s: list, seat: int) -> int:
    """WL-REB-10: provinces of losers who lost none yet, next to one of the taker's own."""
    mask = 0
    losers = s[LOSERS] & ~s[LOSTONE]
    while losers:
        low = losers & -losers
        mask |= s[OWN + low.bit_length() - 1]
        losers ^= low
    if not t.reward_noadj:
        mask &= t.near(s[OWN + seat])
    if t.limit:
        row = s[STOCK][seat]
        keep = 0
        for k in range(5):
            if row[k] > 0:
                keep |= s[K + k]
        mask &= keep
    return mask


def chip_places(t: Table, s: list, extra: int = 0) -> int:
    """WL-TERR-2: empty in-play provinces next to a chip (WL_NEWTERR_ADJ_OWNED: next to an owned one)."""
    chips = s[11] | s[12] | s[13] | s[14] | s[15] | extra
    anchors = owned_any(s) if t.adj_owned else chips
    return t.near(anchors) & t.in_play_mask & ~chips


def to_act(t: Table, s: list) -> int:
    """The seats that must decide now, as a bit mask."""
    if not s[STEPON]:
        return 0
    ph = s[PH]
    if ph == CLAIMS:
        return 1 << s[TURN]
    if ph == RESOLVE:
        if s[CPROV] < 0 or s[TIED]:
            return 1 << s[EMP]
        if s[RSEAT] >= 0:
            return 1 << s[RSEAT]
        return s[PEND]
    if ph == REBELLION:
        if s[LEADER] < 0:
            return 1 << s[ASK][s[ASKED]]
        if not s[WINNER]:
            return s[PEND]
        return 1 << s[RORDER][s[REWARDED]]
    if ph == NEW_CARDS:
        return s[PEND]
    if ph == NEW_PROVINCES:
        return 1 << t.clockwise[s[EMP]][s[TIDX]]
    return 0


def first_to_act(t: Table, s: list) -> int:
    """The lowest seat that must decide now (-1 when nobody must)."""
    ph = s[PH]
    if ph == CLAIMS:
        return s[TURN] if s[STEPON] else -1
    if ph == RESOLVE and s[CPROV] >= 0 and not s[TIED] and s[RSEAT] < 0:
        m = s[PEND]
        return (m & -m).bit_length() - 1
    m = to_act(t, s)
    return (m & -m).bit_length() - 1


_BID_CARDS: dict = {}
_LOW: dict = {}


def _sub_hands(z: int, a: int, b: int, c: int) -> tuple[int, ...]:
    """Every sub-hand of influence cards (counts of 0s, 1s, 2s, 3s) as the card part of a Bid's
    code, the most cards of the highest value first (the order of ``cards.card_combos``). The empty
    sub-hand and the bare 0 are always among them, so a participant with no cards but his 0 still
    bids (WL-CONF-11)."""
    low = _LOW.get((z, a, b))
    if low is None:
        ones = tuple([(n0 << 3 | n1 << 4) << 7 for n1 in range(a, -1, -1) for n0 in range(z, -1, -1)])
        low = ()
        for n2 in range(b, -1, -1):
            low += tuple(map((n2 << 19).__or__, ones))
        if len(_LOW) > 20000:
            _LOW.clear()
        _LOW[(z, a, b)] = low
    out: tuple[int, ...] = ()
    for n3 in range(c, -1, -1):
        out += tuple(map((n3 << 27).__or__, low))
    return out


def legal(t: Table, s: list, seat: int) -> list[int] | tuple[int, ...]:
    """Every legal action code of ``seat``, in the order of the engine's ``legal_actions``
    (a shared tuple for card choices: never change what you get)."""
    if not s[STEPON]:
        return []
    ph = s[PH]
    base = seat << 4
    if ph == CLAIMS:
        if seat != s[TURN]:
            return []
        if t.plain:
            mask = (s[11] | s[12] | s[13] | s[14] | s[15]) & ~(s[16] | s[17] | s[18] | s[19] | s[20] | s[21]) \
                & ~s[CLM + seat]
            can_pass = t.optional or s[SX + seat] >= min(3, 3 + (s[OWN + seat] & s[K + 2]).bit_count())
        else:
            mask = marker_targets(t, s, seat)
            can_pass = s[SX + seat] >= mandatory(t, s, seat)
        key = mask | seat << 40 | can_pass << 43
        hit = t.marks.get(key)
        if hit is None:
            if len(t.marks) > 50000:
                t.marks.clear()
            hit = [PLACE_MARKER | base | i << 7 for i in _bits(mask)]
            if can_pass:
                hit.append(PASS | base)
            hit = t.marks[key] = tuple(hit)
        return hit
    if ph == RESOLVE:
        if s[CPROV] < 0:
            if seat != s[EMP]:
                return []
            return [CHOOSE | base | i << 7 for i in _bits(resolve_choices(s))]
        if s[RSEAT] >= 0:
            if seat != s[RSEAT]:
                return []
            return [REFUND | base | (c.count(1) | c.count(2) << 8 | c.count(3) << 16) << 7
                    for c in refund_options(s, s[ROWED])]
        if s[TIED]:
            if seat != s[EMP]:
                return []
            return [BREAK_TIE | base | x << 7 for x in _bits(s[TIED])]
        rem = s[REM]
        if not rem >> seat & 1 or s[SX + seat] is not None:
            return []
        h = H + 7 * seat
        hand = s[h] | s[h + 1] << 1 | s[h + 2] << 11 | s[h + 3] << 21
        key = hand << 9 | seat << 6 | rem
        hit = t.bids.get(key)
        if hit is None:
            if len(t.bids) > 50000:
                t.bids.clear()
            counts = _BID_CARDS.get(hand)
            if counts is None:
                counts = _BID_CARDS[hand] = _sub_hands(s[h], s[h + 1], s[h + 2], s[h + 3])
                if len(_BID_CARDS) > 20000:
                    _BID_CARDS.clear()
            hit = ()
            for target in SEATS[rem & ~(1 << seat)]:
                hit += tuple(map((BID | base | target << 7).__or__, counts))
            t.bids[key] = hit
        return hit
    if ph == REBELLION:
        if s[LEADER] < 0:
            if seat != s[ASK][s[ASKED]]:
                return []
            return [DECLARE | base | 1 << 7, DECLARE | base]
        if not s[WINNER]:
            if not 0 <= seat < t.players or s[SX + seat] is not None:
                return []
            lead = seat == s[EMP] or seat == s[LEADER]
            h = H + 7 * seat + 4
            key = s[h] | s[h + 1] << 10 | s[h + 2] << 20 | seat << 30 | lead << 33
            hit = t.joins.get(key)
            if hit is None:
                if len(t.joins) > 50000:
                    t.joins.clear()
                a, b, c = s[h], s[h + 1], s[h + 2]
                counts = [(n1 << 2 | n2 << 10 | n3 << 18) << 7
                          for n3 in range(c, -1, -1) for n2 in range(b, -1, -1) for n1 in range(a, -1, -1)]
                hit = ()
                for side in (0,) if lead else (1, 2):
                    hit += tuple(map((JOIN | base | side << 7).__or__, counts))
                t.joins[key] = hit
            return hit
        if seat != s[RORDER][s[REWARDED]]:
            return []
        out = [REWARD | base | i << 7 for i in _bits(reward_targets(t, s, seat))]
        out.append(REWARD | base | REWARD_VP << 7)
        return out
    if ph == NEW_CARDS:
        if not 0 <= seat < t.players or s[SX + seat] is not None:
            return []
        return [TAKE_INCOME | base | k << 7 for k in range((s[OWN + seat] & s[K]).bit_count() + 1)]
    if ph == NEW_PROVINCES:
        if seat != t.clockwise[s[EMP]][s[TIDX]]:
            return []
        if s[ASKT]:
            return (TEMPLE | base | 1 << 7, TEMPLE | base)
        mask = chip_places(t, s)
        key = mask | seat << 40
        hit = t.places.get(key)
        if hit is None:
            if len(t.places) > 50000:
                t.places.clear()
            hit = t.places[key] = tuple([PLACE_CHIP | base | i << 7 for i in _bits(mask)])
        return hit
    return []


def legal_all(t: Table, s: list) -> list[int]:
    """The legal codes of every seat that must act, seat by seat."""
    return [c for seat in _bits(to_act(t, s)) for c in legal(t, s, seat)]


# -- transitions ------------------------------------------------------------------------------------

def apply(t: Table, s: list, code: int, choice=None, ev: list | None = None) -> list:
    """The state after the action ``code`` (trusted to be legal: see :func:`accept`).

    ``choice`` is the TakeIncome object for an income choice with explicit card values; the events of
    the transition are appended to ``ev`` when it is a list.
    """
    s = s[:]
    kind = code & 15
    seat = code >> 4 & 7
    if kind == BID:
        s[SX + seat] = code
        s[PEND] &= ~(1 << seat)
        if s[PEND]:
            return s            # the other bids are still sealed (WL-CONF-6)
        _reveal_bids(t, s, ev)
        if s[CPROV] >= 0 and s[STEPON]:
            return s
        _advance(t, s, ev)
        return s
    p = code >> 7
    if kind == PLACE_MARKER:
        if ev is not None:
            _place_marker(t, s, seat, p, ev)
            if s[STEPON]:
                return s
        elif t.plain:
            # WL-PLACE-1..3, WL-PLACE-8 for the published rules, straight through
            mine = s[CLM + seat] = s[CLM + seat] | 1 << p
            placed = s[SX + seat] = s[SX + seat] + 1
            done = s[DONE]
            if placed >= min(5, 3 + (s[OWN + seat] & s[K + 2]).bit_count()) or not (
                    (s[11] | s[12] | s[13] | s[14] | s[15]) & ~(s[16] | s[17] | s[18] | s[19] | s[20] | s[21]) & ~mine):
                done = s[DONE] = done | 1 << seat
            for nxt in t.after[seat]:
                if not done >> nxt & 1:
                    s[TURN] = nxt
                    return s
            s[PH] = RESOLVE
            s[STEPON] = 0
        else:
            _place_marker(t, s, seat, p, None)
            if s[STEPON]:
                return s
    elif kind == JOIN:
        _join(t, s, seat, code, ev)
        if not s[WINNER]:
            return s
    elif kind == PASS:
        if ev is not None:
            ev.append(_E().PlacementEnded(seat, s[SX + seat], "he passes on his optional markers (WL-PLACE-4)"))
        s[DONE] |= 1 << seat
        _next_turn(t, s, (seat + 1) % t.players, ev)
    elif kind == CHOOSE:
        _resolve(t, s, p, False, ev)
    elif kind == REFUND:
        _take_refund(t, s, seat, p, ev)
    elif kind == BREAK_TIE:
        _knock_out(t, s, p, s[EMP], ev)
    elif kind == DECLARE:
        if ev is not None:
            ev.append(_E().RebellionAnswered(seat, (s[OWN + seat] & s[K + 4]).bit_count(), bool(p)))
        if p:
            s[LEADER] = seat
            return s
        s[ASKED] += 1
        if s[ASKED] == len(s[ASK]):
            if ev is not None:
                ev.append(_E().NoRebellion("every player asked declined to lead (WL-REB-2)"))
            s[STEPON] = 0
            _after_rebellion(t, s, ev)
    elif kind == REWARD:
        if p == REWARD_VP:
            if ev is not None:
                ev.append(_E().RewardTaken(seat, None, None, None, "he prefers the VP chip (WL-REB-9b)"))
            s[VP + seat] += 1
        else:
            loser = _owner(s, p)
            if ev is not None:
                ev.append(_E().RewardTaken(seat, t.ids[p], loser, _KINDS[_kind(s, p)], "WL-REB-9a"))
            _change_owner(t, s, p, seat, loser)
            s[LOSTONE] |= 1 << loser
        s[REWARDED] += 1
    elif kind == TAKE_INCOME:
        s[SX + seat] = choice if choice is not None else code
        s[PEND] &= ~(1 << seat)
        if s[PEND]:
            return s
        _pay(t, s, ev)
    elif kind == PLACE_CHIP:
        bit = 1 << p
        drawn = s[DRAWN]
        if ev is not None:
            ev.append(_E().ChipPlaced(seat, t.ids[p], drawn))
        if s[TLEFT] > 0 and s[PP] < len(s[POOL]) and chip_places(t, s, bit):   # another draw is possible
            s[DRAWN] = ""
            s[ASKT] = 1
            s[K + KIDX[drawn]] |= bit
            return s
        s[DRAWN] = ""
        s[TIDX] += 1
        s[TLEFT] = 0
        s[K + KIDX[drawn]] |= bit
    elif kind == TEMPLE:
        if p:
            if ev is not None:
                ev.append(_E().ChipDrawn(seat, s[POOL][s[PP]], True))
            s[DRAWN] = s[POOL][s[PP]]
            s[PP] += 1
            s[ASKT] = 0
            s[TLEFT] -= 1
            return s
        if ev is not None:
            ev.append(_E().TempleDeclined(seat))
        s[TIDX] += 1
        s[ASKT] = 0
        s[TLEFT] = 0
    _advance(t, s, ev)
    return s


_KINDS = "PTRFV"
_EVENTS: list = []


def _E():
    """The events module, imported when the first event is built (never on the path without events)."""
    if not _EVENTS:
        from lotus_kit.white_lotus import events

        _EVENTS.append(events)
    return _EVENTS[0]


def _owner(s: list, i: int) -> int:
    bit = 1 << i
    for seat in range(6):
        if s[OWN + seat] & bit:
            return seat
    return -1


def _advance(t: Table, s: list, ev: list | None = None) -> None:
    """Run the steps that need no decision until someone must act or the game is over."""
    while True:
        ph = s[PH]
        if ph == GAME_OVER:
            return
        if s[YR] > MAX_YEARS:
            from lotus_kit.core.errors import LotusKitError

            raise LotusKitError(f"WL-YEAR-4: the game did not end within {MAX_YEARS} years")
        if not s[STEPON]:
            if ev is not None:
                ev.append(_E().PhaseStarted(s[YR], ph))
            _begin(t, s, ph, ev)
            continue
        if ph == RESOLVE:
            if s[CPROV] >= 0:
                return
            choices = resolve_choices(s)
            if not choices:
                _end_resolve(t, s, ev)
                continue
            first = palace_first(s)
            if first >= 0:
                _resolve(t, s, first, True, ev)
                continue
            if choices & (choices - 1) == 0:      # one province left: no choice for the emperor
                _resolve(t, s, choices.bit_length() - 1, False, ev)
                continue
            return
        if ph == REBELLION:
            if not s[WINNER]:
                return
            order = s[RORDER]
            # WL-REB-10 iii: a winner with nothing to take gets the VP chip without being asked, but
            # only once nobody left in the order can take a province; until then each is asked
            # in turn (and may only take the chip), as the phase module does
            for k in range(s[REWARDED], len(order)):
                if reward_targets(t, s, order[k]):
                    return
            for k in range(s[REWARDED], len(order)):
                if ev is not None:
                    ev.append(_E().RewardTaken(order[k], None, None, None, "no province can be taken (WL-REB-10 iii)"))
                s[VP + order[k]] += 1
            s[REWARDED] = len(order)
            _emperor_check(t, s, order, "WL-REB-12", ev)
            s[STEPON] = 0
            _after_rebellion(t, s, ev)
            continue
        if ph == NEW_PROVINCES:
            if s[DRAWN] or s[ASKT]:
                return
            order = t.clockwise[s[EMP]]
            if s[TIDX] >= len(order) or s[PP] >= len(s[POOL]) or not chip_places(t, s):
                # WL-TERR-5, WL-YEAR-3
                s[YR] += 1
                s[PH] = CLAIMS
                s[STEPON] = 0
                continue
            seat = order[s[TIDX]]
            # WL-TERR-4: the base chip is drawn and must be placed
            if ev is not None:
                ev.append(_E().ChipDrawn(seat, s[POOL][s[PP]], False))
            s[DRAWN] = s[POOL][s[PP]]
            s[PP] += 1
            s[ASKT] = 0
            s[TLEFT] = (s[OWN + seat] & s[K + 1]).bit_count()
            continue
        return      # phases 1 and 5 wait for decisions


def _begin(t: Table, s: list, ph: int, ev: list | None) -> None:
    if ph == CLAIMS:
        s[SX:SX + 6] = _ZERO6
        s[DONE] = 0
        s[TURN] = s[EMP]
        s[STEPON] = 1
        _next_turn(t, s, s[EMP], ev)
    elif ph == RESOLVE:
        s[NOCL] = not (s[22] | s[23] | s[24] | s[25] | s[26] | s[27])
        s[CPROV] = -1
        s[STEPON] = 1
    elif ph == EMPEROR_POINT:
        if ev is not None:
            ev.append(_E().EmperorPoint(s[EMP]))
        s[VP + s[EMP]] += 1                 # WL-EMPVP-1
        s[PH] = REBELLION
    elif ph == REBELLION:
        emp = s[EMP]
        n = t.players
        villages = s[K + 4]
        eligible = [x for x in range(n) if x != emp and s[OWN + x] & villages]
        if not eligible:
            if ev is not None:
                ev.append(_E().NoRebellion("nobody but the emperor owns a village (WL-REB-1)"))
            _after_rebellion(t, s, ev)
            return
        eligible.sort(key=lambda x: (-(s[OWN + x] & villages).bit_count(), (x - emp) % n))
        s[ASK] = tuple(eligible)
        s[ASKED] = 0
        s[LEADER] = -1
        s[SX:SX + 6] = _NONE6
        s[PEND] = t.all_seats
        s[WINNER] = ""
        s[RORDER] = ()
        s[REWARDED] = 0
        s[LOSERS] = 0
        s[LOSTONE] = 0
        s[STEPON] = 1
    elif ph == NEW_CARDS:
        s[SX:SX + 6] = _NONE6
        s[PEND] = t.all_seats
        s[STEPON] = 1
    else:
        s[TIDX] = 0
        s[DRAWN] = ""
        s[TLEFT] = 0
        s[ASKT] = 0
        s[STEPON] = 1


# -- phase 1 ------------------------------------------------------------------------------------------

def _next_turn(t: Table, s: list, start: int, ev: list | None) -> None:
    """WL-PLACE-3, WL-PLACE-8: seats out of markers or targets are done; the next seat clockwise places."""
    done = s[DONE]
    n = t.players
    for seat in range(n):
        if done >> seat & 1:
            continue
        if s[SX + seat] >= allowance(t, s, seat):
            if ev is not None:
                ev.append(_E().PlacementEnded(seat, s[SX + seat], "all his markers are placed"))
            done |= 1 << seat
        elif not marker_targets(t, s, seat):
            if ev is not None:
                ev.append(_E().PlacementEnded(seat, s[SX + seat], "no legal province is left for him (WL-PLACE-8)"))
            done |= 1 << seat
    s[DONE] = done
    for seat in t.clockwise[start]:
        if not done >> seat & 1:
            s[TURN] = seat
            return
    s[PH] = RESOLVE
    s[STEPON] = 0


def _place_marker(t: Table, s: list, seat: int, i: int, ev: list | None) -> None:
    bit = 1 << i
    mine = s[CLM + seat] = s[CLM + seat] | bit
    placed = s[SX + seat] = s[SX + seat] + 1
    done = s[DONE]
    if ev is not None:
        E = _E()
        ev.append(E.MarkerPlaced(seat, t.ids[i]))
        out = True
        if placed >= allowance(t, s, seat):
            ev.append(E.PlacementEnded(seat, placed, "all his markers are placed"))
        elif not marker_targets(t, s, seat):
            ev.append(E.PlacementEnded(seat, placed, "no legal province is left for him (WL-PLACE-8)"))
        else:
            out = False
    elif t.plain:
        out = placed >= min(5, 3 + (s[OWN + seat] & s[K + 2]).bit_count()) or not (
            (s[11] | s[12] | s[13] | s[14] | s[15]) & ~(s[16] | s[17] | s[18] | s[19] | s[20] | s[21]) & ~mine)
    else:
        out = placed >= allowance(t, s, seat) or not marker_targets(t, s, seat)
    if out:
        done |= 1 << seat
        s[DONE] = done
    n = t.players
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if not done >> nxt & 1:
            s[TURN] = nxt
            return
    s[PH] = RESOLVE
    s[STEPON] = 0


# -- phase 2 ------------------------------------------------------------------------------------------

def _resolve(t: Table, s: list, i: int, forced: bool, ev: list | None) -> None:
    """The emperor's province ``i`` (``forced``: the start palace, WL-CONF-2): settled at once when
    one seat claims it, else its conflict begins (WL-CONF-3..5)."""
    bit = 1 << i
    mask = 0
    for seat in range(t.players):
        if s[CLM + seat] & bit:
            mask |= 1 << seat
    if ev is not None:
        ev.append(_E().ProvinceChosen(s[EMP], t.ids[i], tuple(SEATS[mask]), forced))
    if mask & (mask - 1) == 0:
        _settle(t, s, i, mask.bit_length() - 1, False, ev)
        return
    s[CPROV] = i
    s[REM] = s[PEND] = mask
    s[ROUND] = 1
    s[SX:SX + 6] = _NONE6
    s[TIED] = 0
    s[RSEAT] = -1
    s[ROWED] = 0


def _reveal_bids(t: Table, s: list, ev: list | None) -> None:
    """WL-CONF-7/8: every bid is in; pressures; the highest leaves, ties go to the emperor."""
    rem = SEATS[s[REM]]
    pressure = [0, 0, 0, 0, 0, 0]
    for x in rem:
        p = s[SX + x] >> 7
        pressure[p & 7] += (p >> 4 & 255) + 2 * (p >> 12 & 255) + 3 * (p >> 20 & 255)
    top = max([pressure[x] for x in rem])
    tied = 0
    for x in rem:
        if pressure[x] == top:
            tied |= 1 << x
    if tied & (tied - 1):
        s[TIED] = tied
        return
    _knock_out(t, s, tied.bit_length() - 1, None, ev)


def _knock_out(t: Table, s: list, leaver: int, emperor: int | None, ev: list | None) -> None:
    """WL-CONF-9: discards, the loser's marker and refund; then the next round (WL-CONF-10).
    ``emperor``: the seat that broke the tie (WL-CONF-8), None when the pressures decided."""
    if ev is not None:
        ev.append(_conflict_round(t, s, leaver, emperor))
    sup = list(s[SUPPLY]) if s[SUPPLY] is not None else None
    value = 0
    for x in SEATS[s[REM]]:
        p = s[SX + x] >> 7
        n1, n2, n3 = p >> 4 & 255, p >> 12 & 255, p >> 20 & 255
        h = H + 7 * x
        s[h + 1] -= n1
        s[h + 2] -= n2
        s[h + 3] -= n3
        if sup is not None:
            sup[0] += n1
            sup[1] += n2
            sup[2] += n3
        if x == leaver:
            value = n1 + 2 * n2 + 3 * n3
    refund = value // 2 if t.floor_half else value - value // 2
    i = s[CPROV]
    s[CLM + leaver] &= ~(1 << i)
    rem = s[REM] = s[PEND] = s[REM] & ~(1 << leaver)
    s[ROUND] += 1
    s[SX:SX + 6] = _NONE6
    s[TIED] = 0
    if refund > 0:
        if sup is None:
            options = _splits(refund)
        else:
            from lotus_kit.white_lotus.cards import max_payable, splits

            supply = (sup[0], sup[1], sup[2])
            options = splits(max_payable(refund, supply), supply)
        if len(options) > 1:
            s[SUPPLY] = tuple(sup) if sup is not None else None
            s[RSEAT] = leaver
            s[ROWED] = refund
            return
        paid = options[0] if options else ()
        if ev is not None:
            ev.append(_E().RefundTaken(leaver, paid, refund))
        c1, c2, c3 = paid.count(1), paid.count(2), paid.count(3)
        h = H + 7 * leaver
        s[h + 1] += c1
        s[h + 2] += c2
        s[h + 3] += c3
        if sup is not None:
            sup[0] -= c1
            sup[1] -= c2
            sup[2] -= c3
    if sup is not None:
        s[SUPPLY] = tuple(sup)
    if rem & (rem - 1):
        return
    _settle(t, s, i, rem.bit_length() - 1, True, ev)


def _conflict_round(t: Table, s: list, leaver: int, emperor: int | None):
    """The ConflictRound event of the bids in ``s`` (WL-CONF-6..9), before the discards."""
    E = _E()
    rem = SEATS[s[REM]]
    pressure = [0, 0, 0, 0, 0, 0]
    bids, discarded = [], []
    value = 0
    for x in rem:
        p = s[SX + x] >> 7
        n0, n1, n2, n3 = p >> 3 & 1, p >> 4 & 255, p >> 12 & 255, p >> 20 & 255
        target = p & 7
        cards = (3,) * n3 + (2,) * n2 + (1,) * n1
        bids.append(E.BidRevealed(x, target, cards + (0,) * n0))
        discarded.append((x, cards))
        pressure[target] += n1 + 2 * n2 + 3 * n3
        if x == leaver:
            value = n1 + 2 * n2 + 3 * n3
    tied = tuple(SEATS[s[TIED]]) if s[TIED] else (leaver,)
    refund = value // 2 if t.floor_half else value - value // 2
    return E.ConflictRound(
        province=t.ids[s[CPROV]], round=s[ROUND], bids=tuple(bids), pressures=tuple((x, pressure[x]) for x in rem),
        tied=tied, leaver=leaver, decided_by_emperor=emperor, discarded=tuple(discarded), refund=refund)


def _take_refund(t: Table, s: list, seat: int, p: int, ev: list | None) -> None:
    c1, c2, c3 = p & 255, p >> 8 & 255, p >> 16 & 255
    if ev is not None:
        ev.append(_E().RefundTaken(seat, (3,) * c3 + (2,) * c2 + (1,) * c1, s[ROWED]))
    h = H + 7 * seat
    s[h + 1] += c1
    s[h + 2] += c2
    s[h + 3] += c3
    sup = s[SUPPLY]
    if sup is not None:
        s[SUPPLY] = (sup[0] - c1, sup[1] - c2, sup[2] - c3, *sup[3:])
    s[RSEAT] = -1
    s[ROWED] = 0
    rem = s[REM]
    if rem & (rem - 1):
        return
    _settle(t, s, s[CPROV], rem.bit_length() - 1, True, ev)


def _change_owner(t: Table, s: list, i: int, seat: int, old: int) -> None:
    """The chip of ``i`` takes ``seat``'s colour (WL-CONF-4, WL-REB-9a); WL-VAR-1 moves stock chips."""
    bit = 1 << i
    if t.limit:
        k = _kind(s, i)
        stock = [list(row) for row in s[STOCK]]
        stock[seat][k] -= 1
        if old >= 0:
            stock[old][k] += 1
        s[STOCK] = tuple(tuple(row) for row in stock)
    if old >= 0:
        s[OWN + old] &= ~bit
    s[OWN + seat] |= bit


def _kind(s: list, i: int) -> int:
    bit = 1 << i
    for k in range(5):
        if s[K + k] & bit:
            return k
    return -1


def _settle(t: Table, s: list, i: int, seat: int, contested: bool, ev: list | None) -> None:
    """WL-CONF-4, WL-CONF-14: the chip takes the winner's colour; every marker there returns."""
    if ev is not None:
        ev.append(_E().ProvinceSettled(t.ids[i], seat, _KINDS[_kind(s, i)], contested))
    _change_owner(t, s, i, seat, -1)
    keep = ~(1 << i)
    for x in range(t.players):
        s[CLM + x] &= keep
    s[CPROV] = -1
    s[RSEAT] = -1
    if not t.emp_end:
        _emperor_check(t, s, (), "WL-EMP-2", ev)


def _emperor_check(t: Table, s: list, order: tuple, rule: str, ev: list | None) -> None:
    """WL-EMP-2, WL-EMP-3: the stone goes to the most palaces if strictly more than the emperor's;
    ties among challengers by ``order`` (WL-REB-12), then clockwise from the emperor. WL-EMP-4: it
    runs after the rebellion's rewards too."""
    palaces = s[K]
    counts = [(s[OWN + x] & palaces).bit_count() for x in range(t.players)]
    best = max(counts)
    emp = s[EMP]
    if best <= counts[emp]:
        return
    n = t.players
    tied = [x for x in range(n) if counts[x] == best]
    new = s[EMP] = min(tied, key=lambda x: (order.index(x) if x in order else len(order), (x - emp) % n))
    if ev is not None:
        ev.append(_E().EmperorChanged(old=emp, new=new, palaces_old=counts[emp], palaces_new=best, rule=rule))


def _end_resolve(t: Table, s: list, ev: list | None) -> None:
    if t.emp_end:
        _emperor_check(t, s, (), "WL-EMP-2 (WL_EMPEROR_CHECK_END_OF_PHASE)", ev)
    if t.designer and s[YR] == 1:
        # WL_DESIGNER [RECON]: one pool tile face up on every other empty in-play province
        chips = chip_mask(s)
        pool = s[POOL]
        laid = []
        for i in t.in_play:
            if not chips >> i & 1 and s[PP] < len(pool):
                s[K + KIDX[pool[s[PP]]]] |= 1 << i
                laid.append((t.ids[i], pool[s[PP]]))
                s[PP] += 1
        if ev is not None:
            ev.append(_E().TilesLaidOut(tuple(laid)))
    reason = final_year_reason(t, s)
    if reason and ev is not None:
        ev.append(_E().FinalYear(s[YR], reason))
    s[FIN] = 1 if reason else 0
    s[PH] = EMPEROR_POINT
    s[STEPON] = 0


def final_year_reason(t: Table, s: list) -> str:
    """WL-END-1 / WL-END-4 (and the 4 turns of WL_DESIGNER): why this year is the last, or ''."""
    if t.designer:
        return "the designer rules last exactly 4 turns (WL_DESIGNER)" if s[YR] >= 4 else ""
    chips = chip_mask(s)
    if not chips & ~owned_any(s):
        if not t.in_play_mask & ~chips:
            return "every province in play has an owner (WL-END-1)"
        if s[PP] >= len(s[POOL]):
            return "no neutral chip is left and the pool is empty (WL-END-4)"
        return ""
    if t.optional and s[PH] == RESOLVE and s[STEPON] and s[NOCL]:
        return "nobody placed a marker although neutral provinces remain (WL-END-4)"
    return ""


# -- phase 4 ------------------------------------------------------------------------------------------

_SIDES = (None, "emperor", "rebels")


def _join(t: Table, s: list, seat: int, code: int, ev: list | None) -> None:
    # the leaders' side is filled in, as the engine keeps it (WL-REB-3)
    if seat == s[EMP]:
        code = code & ~(3 << 7) | 1 << 7
    elif seat == s[LEADER]:
        code = code & ~(3 << 7) | 2 << 7
    s[SX + seat] = code
    s[PEND] &= ~(1 << seat)
    if s[PEND]:
        return
    # WL-REB-5..8: strengths with the leaders' bonuses, a tie to the emperor, discards, reward order
    emp, leader = s[EMP], s[LEADER]
    totals = [0, 2 * (s[OWN + emp] & s[K]).bit_count(), (s[OWN + leader] & s[K + 4]).bit_count()]
    sup = list(s[SUPPLY]) if s[SUPPLY] is not None else None
    n = t.players
    value = [0] * n
    sides = [0] * n
    for x in range(n):
        p = s[SX + x] >> 7
        n1, n2, n3 = p >> 2 & 255, p >> 10 & 255, p >> 18 & 255
        v = value[x] = n1 + 2 * n2 + 3 * n3
        sd = sides[x] = p & 3
        totals[sd] += v
        h = H + 7 * x + 4
        s[h] -= n1
        s[h + 1] -= n2
        s[h + 2] -= n3
        if sup is not None:
            sup[3] += n1
            sup[4] += n2
            sup[5] += n3
    if sup is not None:
        s[SUPPLY] = tuple(sup)
    winner = 2 if totals[2] > totals[1] else 1
    head = leader if winner == 2 else emp
    allies = [x for x in range(n) if sides[x] == winner and x != head]
    if t.reward_combat:
        allies = [x for x in allies if value[x] > 0]
    allies.sort(key=lambda x: (-value[x], (x - head) % n))
    losers = 0
    for x in range(n):
        if sides[x] != winner:
            losers |= 1 << x
    s[WINNER] = _SIDES[winner]
    s[RORDER] = (head, *allies)
    s[LOSERS] = losers
    if ev is not None:
        ev.append(_E().RebellionResolved(
            emperor=emp, leader=leader, sides=tuple((x, _SIDES[sides[x]]) for x in range(n)),
            combat=tuple((x, _combat_cards(s[SX + x] >> 7)) for x in range(n)),
            palace_bonus=2 * (s[OWN + emp] & s[K]).bit_count(), village_bonus=(s[OWN + leader] & s[K + 4]).bit_count(),
            emperor_total=totals[1], rebel_total=totals[2], winner=_SIDES[winner], reward_order=s[RORDER]))


def _combat_cards(p: int) -> tuple[int, ...]:
    return (3,) * (p >> 18 & 255) + (2,) * (p >> 10 & 255) + (1,) * (p >> 2 & 255)


def _after_rebellion(t: Table, s: list, ev: list | None) -> None:
    """WL-YEAR-2, WL-END-2: the last year ends after phase 4 with the final scoring. The rebellion
    is played in the final year too (WL-REB-13), then phase 5 is skipped (WL-CARDS-5)."""
    s[STEPON] = 0            # WL-REB-11: the rebellion step is over, the rebel stone goes back
    if not s[FIN]:
        s[PH] = NEW_CARDS
        return
    s[PH] = GAME_OVER
    parts, won = final_scores(t, s)
    s[SCORES] = parts
    s[WINNERS] = won
    if ev is not None:
        E = _E()
        lines = tuple(E.ScoreLine(x, *part) for x, part in enumerate(parts))
        ev.append(E.GameEnded(lines, won, tie_break(t, s, parts, won)))


def tie_break(t: Table, s: list, parts: tuple, won: tuple[int, ...]) -> str:
    """How WL-SCORE-5 chose ``won`` among equal totals ('' when one total was highest)."""
    totals = [b + g + d + v for b, _, g, d, v, _ in parts]
    top = max(totals)
    if totals.count(top) == 1:
        return ""
    if won == (s[EMP],) and totals[s[EMP]] == top:
        return "tie broken: the emperor wins (WL-SCORE-5)"
    if len(won) == 1:
        return "tie broken by palaces (WL-SCORE-5)"
    return "a shared win (WL-SCORE-5)"


def group_sizes(t: Table, mask: int) -> int:
    """WL-SCORE-2: the size of the largest connected group of ``mask``."""
    adjacency = t.adjacency
    left, best = mask & t.in_play_mask, 0
    while left:
        group = frontier = left & -left
        while frontier:
            nxt = 0
            while frontier:
                low = frontier & -frontier
                nxt |= adjacency[low.bit_length() - 1]
                frontier ^= low
            frontier = nxt & left & ~group
            group |= frontier
        size = group.bit_count()
        if size > best:
            best = size
        left &= ~group
    return best


def score_parts(t: Table, s: list) -> list[tuple[int, int, int, int, int, int]]:
    """Per seat (buildings, largest group, group bonus, dragons, VP chips, palaces): WL-SCORE-1..4."""
    n = t.players
    groups = [group_sizes(t, s[OWN + x]) for x in range(n)]
    top = max(groups)
    leaders = [x for x in range(n) if groups[x] == top and top > 0]
    bonus_to = () if (len(leaders) > 1 and t.chain_none) else leaders
    vp = t.building_vp
    out = []
    for x in range(n):
        mine = s[OWN + x]
        b = sum(vp[k] * (mine & s[K + k]).bit_count() for k in range(5))
        out.append((b, groups[x], t.group_bonus if x in bonus_to else 0,
                    t.dragon_bonus * (mine & t.dragon_mask).bit_count(), s[VP + x], (mine & s[K]).bit_count()))
    return out


def final_scores(t: Table, s: list) -> tuple[tuple, tuple[int, ...]]:
    """The score parts and the winners (WL-SCORE-5: ties to the emperor, then the most palaces).
    WL-SCORE-6: the emperor of the tie-break is the one after phase 4, and VP chips never run out
    (WL-COMP-7): a seat's count is a plain int."""
    parts = tuple(score_parts(t, s))
    return parts, winners_of(parts, s[EMP])


def winners_of(parts: tuple, emperor: int) -> tuple[int, ...]:
    """WL-SCORE-5: the highest total wins; ties to the emperor, then the most palaces, else shared."""
    totals = tuple(b + g + d + v for b, _, g, d, v, _ in parts)
    top = max(totals)
    tied = [x for x in range(len(parts)) if totals[x] == top]
    if len(tied) == 1:
        return (tied[0],)
    if emperor in tied:
        return (emperor,)
    most = max(parts[x][5] for x in tied)
    return tuple(x for x in tied if parts[x][5] == most)


# -- phase 5 ------------------------------------------------------------------------------------------

def income(s: list, seat: int, palaces_for_combat: int = 0) -> tuple[int, int]:
    """WL-CARDS-1/2: (influence, combat) owed to ``seat``."""
    mine = s[OWN + seat]
    p, tt, r, f = ((mine & s[K]).bit_count(), (mine & s[K + 1]).bit_count(), (mine & s[K + 2]).bit_count(),
                   (mine & s[K + 3]).bit_count())
    return (BASE_INFLUENCE + 2 * (p - palaces_for_combat) + 3 * tt + r,
            BASE_COMBAT + palaces_for_combat + r + 2 * f)


def _counts(total: int) -> tuple[int, int, int]:
    if total <= 0:
        return (0, 0, 0)
    threes, rest = divmod(total, 3)
    return (1 if rest == 1 else 0, 1 if rest == 2 else 0, threes)


def _pay(t: Table, s: list, ev: list | None) -> None:
    """Pay everyone; with a finite supply the emperor is paid first, then clockwise [RECON]."""
    sup = list(s[SUPPLY]) if s[SUPPLY] is not None else None
    for seat in t.clockwise[s[EMP]]:
        choice = s[SX + seat]
        if type(choice) is int:             # the default card values (WL-CARDS-6)
            influence, combat = income(s, seat, choice >> 7)
            inf, com = _counts(influence), _counts(combat)
        else:
            influence, combat = income(s, seat, choice.palaces_for_combat)
            inf = _card_counts(choice.influence) if choice.influence else _counts(influence)
            com = _card_counts(choice.combat) if choice.combat else _counts(combat)
        if sup is not None:
            from lotus_kit.white_lotus.cards import greedy_from_supply

            inf = greedy_from_supply(influence, (sup[0], sup[1], sup[2]))
            com = greedy_from_supply(combat, (sup[3], sup[4], sup[5]))
            for k in range(3):
                sup[k] -= inf[k]
                sup[3 + k] -= com[k]
        if ev is not None:
            got_inf, got_com = inf[0] + 2 * inf[1] + 3 * inf[2], com[0] + 2 * com[1] + 3 * com[2]
            ev.append(_E().IncomeTaken(seat, got_inf, got_com, choice >> 7 if type(choice) is int
                                       else choice.palaces_for_combat, lost=influence + combat - got_inf - got_com))
        h = H + 7 * seat
        s[h + 1] += inf[0]
        s[h + 2] += inf[1]
        s[h + 3] += inf[2]
        s[h + 4] += com[0]
        s[h + 5] += com[1]
        s[h + 6] += com[2]
    if sup is not None:
        s[SUPPLY] = tuple(sup)
    s[STEPON] = 0
    if t.designer:          # WL_DESIGNER has no phase 6
        s[PH] = CLAIMS
        s[YR] += 1
    else:
        s[PH] = NEW_PROVINCES


def _card_counts(cards: tuple) -> tuple[int, int, int]:
    return (cards.count(1), cards.count(2), cards.count(3))


# -- checking an action given as a value object ----------------------------------------------------

def accept(t: Table, s: list, action) -> tuple[int, object] | None:
    """``(code, choice)`` to :func:`apply` when ``action`` is legal here, else None.

    Everything the engine accepts is accepted: card values in any order, a leader naming his own
    side, an income with explicit card values adding up to the income (WL-CARDS-6, unlimited supply).
    """
    code = code_of(action)
    choice = None
    if code is None:
        if type(action).__name__ != "TakeIncome":
            return None
        # explicit card values: the engine accepts any split of each total (WL-CARDS-6)
        seat, k = action.seat, action.palaces_for_combat
        if type(k) is not int or not 0 <= k < 64 or type(seat) is not int or not 0 <= seat < t.players:
            return None
        code = TAKE_INCOME | seat << 4 | k << 7
        if code not in legal(t, s, seat) or s[SUPPLY] is not None:
            return None
        influence, combat = income(s, seat, k)
        for cards, total in ((action.influence, influence), (action.combat, combat)):
            if cards is None:
                continue
            if type(cards) is not tuple or any(type(v) is not int or v not in (1, 2, 3) for v in cards) \
                    or sum(cards) != total:
                return None
        return code, action
    kind, seat = code & 15, code >> 4 & 7
    if seat >= t.players:
        return None
    if kind == JOIN and s[PH] == REBELLION and s[STEPON] and s[LEADER] >= 0 and not s[WINNER]:
        own = 1 if seat == s[EMP] else 2 if seat == s[LEADER] else 0
        if own and (code >> 7 & 3) == own:
            code &= ~(3 << 7)            # a leader may name his own side (WL-REB-3)
    if code not in legal(t, s, seat):
        return None
    return code, choice


# -- a new game ----------------------------------------------------------------------------------------

def new_game(players: int, seed: int = 0, rules=None, first_emperor: int | None = None,
             ev: list | None = None, deal: tuple | None = None) -> tuple[Table, list]:
    """The :class:`Table` and first state of a game (WL-SETUP-1..7), its chance drawn from ``seed``
    by :func:`lotus_kit.white_lotus.deal.deal` or given as ``deal`` (start chips, pool, first emperor).
    The arguments are trusted: ``engine.new_game`` is where they are checked. The events of the set-up
    go to ``ev`` when it is a list."""
    from lotus_kit.white_lotus.deal import deal as draw
    from lotus_kit.white_lotus.rules import COMBAT_SUPPLY, INFLUENCE_SUPPLY, PLAYER_CHIPS, RuleSet

    rules = rules or RuleSet()
    t = table(players, rules)
    data = t.view.data
    start, pool, emperor = draw(players, seed, first_emperor) if deal is None else deal
    s: list = [0] * SIZE
    lotus = [p.index for p in data.provinces if p.lotus and t.in_play_mask >> p.index & 1]
    start_palace = -1
    for i, k in zip(lotus, start, strict=True):
        s[K + KIDX[k]] |= 1 << i
        if k == "P" and start_palace < 0:
            start_palace = i
    s[PH], s[YR], s[EMP], s[POOL], s[SP], s[SEED] = CLAIMS, 1, emperor, tuple(pool), start_palace, seed
    if rules.finite_supply:
        combat_start = 1 if rules.start_combat_single else 3
        s[SUPPLY] = (*(n - 2 * players for n in INFLUENCE_SUPPLY), COMBAT_SUPPLY[0] - combat_start * players,
                     COMBAT_SUPPLY[1], COMBAT_SUPPLY[2])
    else:
        s[SUPPLY] = None
    s[STOCK] = tuple(tuple(PLAYER_CHIPS[k] for k in "PTRFV") for _ in range(players)) \
        if rules.enforce_chip_limit else None
    hand = (1, 2, 2, 2, 1 if rules.start_combat_single else 3, 0, 0)     # WL-SETUP-5
    for x in range(players):
        s[H + 7 * x:H + 7 * x + 7] = hand
    s[CPROV] = s[RSEAT] = s[LEADER] = -1
    s[WINNER] = s[DRAWN] = ""
    s[ASK] = s[RORDER] = s[WINNERS] = ()
    s[SCORES] = None
    s[SX:SX + 6] = _NONE6
    if ev is not None:
        chips = tuple(zip([t.ids[i] for i in lotus], start, strict=True))
        ev.append(_E().GameStarted(players, seed, emperor, chips, rules.flags()))
    _advance(t, s, ev)
    return t, s
