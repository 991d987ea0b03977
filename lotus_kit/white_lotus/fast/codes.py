"""Actions as ints: ``kind | seat << 4 | payload << 7``, one to one with the value-object actions.

Payloads: a province index (PlaceMarker, ChooseProvince, TakeReward with 63 for the VP chip,
PlaceChip); ``target | zeros << 3 | ones << 4 | twos << 12 | threes << 20`` for a Bid; counts of
1s, 2s and 3s in bytes for TakeRefund; ``side | counts << 2`` for JoinSide (side 0 for a leader's
own, 1 emperor, 2 rebels); the number of palaces paid in combat for TakeIncome (default card values
only); 1/0 for DeclareRebellion and TempleDraw; the leaving seat for BreakTie.

>>> from lotus_kit.white_lotus.actions import Bid
>>> code = code_of(Bid(1, 2, (2, 3, 0)))
>>> action_of(code)
Bid(seat=1, target=2, cards=(3, 2, 0))
"""

from __future__ import annotations

PLACE_MARKER, PASS, CHOOSE, BID, BREAK_TIE, REFUND, DECLARE, JOIN, REWARD, TAKE_INCOME, PLACE_CHIP, TEMPLE = range(12)
REWARD_VP = 63

_ACTIONS: dict[int, object] = {}
_IDS: tuple[str, ...] = ()
_INDEX: dict[str, int] = {}


def _board() -> None:
    global _IDS, _INDEX
    from lotus_kit.white_lotus.board import board_view

    data = board_view(6).data
    _IDS = tuple(p.id for p in data.provinces)
    _INDEX = {pid: i for i, pid in enumerate(_IDS)}


def _cards(c1: int, c2: int, c3: int, zeros: int = 0) -> tuple[int, ...]:
    return (3,) * c3 + (2,) * c2 + (1,) * c1 + (0,) * zeros


def action_of(code: int):
    """The value-object action of ``code`` (shared instances: actions are values)."""
    hit = _ACTIONS.get(code)
    if hit is not None:
        return hit
    from lotus_kit.white_lotus import actions as A

    if not _IDS:
        _board()
    kind, seat, p = code & 15, code >> 4 & 7, code >> 7
    if kind == PLACE_MARKER:
        a = A.PlaceMarker(seat, _IDS[p])
    elif kind == PASS:
        a = A.Pass(seat)
    elif kind == CHOOSE:
        a = A.ChooseProvince(seat, _IDS[p])
    elif kind == BID:
        a = A.Bid(seat, p & 7, _cards(p >> 4 & 255, p >> 12 & 255, p >> 20 & 255, p >> 3 & 1))
    elif kind == BREAK_TIE:
        a = A.BreakTie(seat, p)
    elif kind == REFUND:
        a = A.TakeRefund(seat, _cards(p & 255, p >> 8 & 255, p >> 16 & 255))
    elif kind == DECLARE:
        a = A.DeclareRebellion(seat, bool(p))
    elif kind == JOIN:
        a = A.JoinSide(seat, (None, "emperor", "rebels")[p & 3], _cards(p >> 2 & 255, p >> 10 & 255, p >> 18 & 255))
    elif kind == REWARD:
        a = A.TakeReward(seat, None if p == REWARD_VP else _IDS[p])
    elif kind == TAKE_INCOME:
        a = A.TakeIncome(seat, p)
    elif kind == PLACE_CHIP:
        a = A.PlaceChip(seat, _IDS[p])
    elif kind == TEMPLE:
        a = A.TempleDraw(seat, bool(p))
    else:
        raise ValueError(f"no action has the code {code}")
    if len(_ACTIONS) > 200_000:         # a bound on memory; actions are remade on demand
        _ACTIONS.clear()
    _ACTIONS[code] = a
    return a


def _counts(cards: object, values: tuple[int, ...]) -> tuple[int, ...] | None:
    if type(cards) is not tuple:
        return None
    out = []
    for v in values:
        n = cards.count(v)
        if n > 255:
            return None
        out.append(n)
    return tuple(out) if sum(out) == len(cards) else None


def code_of(action) -> int | None:
    """The code of a value-object action, or None when it has none (not an action of the game, a
    province that does not exist, cards of impossible values, an income with explicit card values)."""
    encoder = _ENCODERS.get(type(action))
    if encoder is None:
        if _ENCODERS:
            return None
        _encoders()
        return code_of(action)
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < 6:
        return None
    return encoder(action, seat << 4)


_ENCODERS: dict = {}


def _province(kind: int):
    def encode(action, base: int) -> int | None:
        i = _INDEX.get(action.province) if type(action.province) is str else None
        return None if i is None else kind | base | i << 7
    return encode


def _bid(action, base: int) -> int | None:
    c = _counts(action.cards, (0, 1, 2, 3))
    t = action.target
    if c is None or type(t) is not int or not 0 <= t < 6 or c[0] > 1:
        return None
    return BID | base | (t | c[0] << 3 | c[1] << 4 | c[2] << 12 | c[3] << 20) << 7


def _break_tie(action, base: int) -> int | None:
    x = action.leaver
    return BREAK_TIE | base | x << 7 if type(x) is int and 0 <= x < 6 else None


def _refund(action, base: int) -> int | None:
    c = _counts(action.cards, (1, 2, 3))
    return None if c is None else REFUND | base | (c[0] | c[1] << 8 | c[2] << 16) << 7


def _declare(action, base: int) -> int | None:
    return DECLARE | base | (1 << 7 if action.lead else 0) if type(action.lead) is bool else None


def _join(action, base: int) -> int | None:
    c = _counts(action.cards, (1, 2, 3))
    side = _SIDE_CODES.get(action.side) if action.side is None or type(action.side) is str else None
    if c is None or side is None:
        return None
    return JOIN | base | (side | c[0] << 2 | c[1] << 10 | c[2] << 18) << 7


_SIDE_CODES = {None: 0, "emperor": 1, "rebels": 2}


def _reward(action, base: int) -> int | None:
    if action.province is None:
        return REWARD | base | REWARD_VP << 7
    i = _INDEX.get(action.province) if type(action.province) is str else None
    return None if i is None else REWARD | base | i << 7


def _income(action, base: int) -> int | None:
    k = action.palaces_for_combat
    if action.influence is not None or action.combat is not None or type(k) is not int or not 0 <= k < 64:
        return None
    return TAKE_INCOME | base | k << 7


def _temple(action, base: int) -> int | None:
    return TEMPLE | base | (1 << 7 if action.draw else 0) if type(action.draw) is bool else None


def _encoders() -> None:
    from lotus_kit.white_lotus import actions as A

    if not _IDS:
        _board()
    _ENCODERS.update({
        A.PlaceMarker: _province(PLACE_MARKER), A.ChooseProvince: _province(CHOOSE), A.PlaceChip: _province(PLACE_CHIP),
        A.Pass: lambda action, base: PASS | base, A.Bid: _bid, A.BreakTie: _break_tie, A.TakeRefund: _refund,
        A.DeclareRebellion: _declare, A.JoinSide: _join, A.TakeReward: _reward, A.TakeIncome: _income,
        A.TempleDraw: _temple})
