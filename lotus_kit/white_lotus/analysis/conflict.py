"""Every way a conflict round can go: the outcome table of the sealed bids (WL-CONF-6..9, WL-CONF-14).

For a conflict position, each participant commits one dragon card naming another participant and
any subset of his influence cards (WL-CONF-6). This module enumerates **every** combination and
tabulates what happens: who leaves (or that the emperor decides a tie), what each participant
loses and the leaver's refund.

Deduplication, without losing anything: two cards of the same value are one choice (card
*multisets*, not subsets); and since pressures, discards and refunds depend only on the total a
bid commits (WL-CONF-7..9), bids of the same total (3 vs 2+1, or 3 vs 3+0) share one row, whose
``ways`` column counts the card multisets behind it. ``by="cards"`` lists the multisets instead.

Under ``WL_FINITE_SUPPLY`` the refund is what the supply can pay (WL-CONF-13): exactly K if the
supply's 1s, 2s and 3s, together with every card just discarded in the round, can make K, else the
largest total below K. :meth:`ConflictSpec.from_state` takes the supply from the state; the
``by="value"`` tables then count the canonical cards of each total (fewest, largest first) as the
discards, ``by="cards"`` the exact multisets.

Ties (WL-CONF-8, WL-CONF-14) are reported as "emperor decides"; the ``p_leave_*`` and expected
loss columns model his choice with a *tie model*: ``"opponent"`` (an involved emperor sends out
someone else; an uninvolved one picks uniformly), ``"uniform"``, ``"self"`` (the worst case for
the emperor: he leaves when tied), or a callable ``(tied, emperor) -> {seat: probability}``.

>>> from lotus_kit.white_lotus.position import position
>>> s = position({"players": 3, "phase": 2, "emperor": 2,
...     "owners": {"DATO": [2, "P"], "JINA": [2, "T"], "FENG": [2, "R"], "HENA": [1, "F"],
...                "CHEN": [1, "V"], "LUZH": [0, "V"]},
...     "neutral": {"TIAN": "P"}, "markers": {"TIAN": [0, 1]},
...     "hands": {0: {"influence": [3, 2, 0]}, 1: {"influence": [2, 1]}}})
>>> spec = ConflictSpec.from_state(s)
>>> table = outcome_table(spec)
>>> len(table), int(table["ways"].sum())          # 4 totals x 4 totals; 8 x 4 card multisets
(16, 32)
>>> row = table[(table.value_0 == 3) & (table.value_1 == 3)].iloc[0]
>>> row.outcome, float(row.p_leave_0), float(row.p_leave_1)   # the emperor (seat 2) is not involved: uniform
('tie 0, 1: emperor decides', 0.5, 0.5)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from lotus_kit.white_lotus.cards import Hand, max_payable, values_of
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.state import State

TieModel = str | Callable[[tuple[int, ...], int], Mapping[int, float]]


@dataclass(frozen=True)
class ConflictSpec:
    """A conflict round as data: participants, their hands, the emperor, the province, the rules."""

    participants: tuple[int, ...]
    hands: Mapping[int, Hand]
    emperor: int
    province: int = -1
    rules: RuleSet = field(default_factory=RuleSet)
    supply: tuple[int, int, int] | None = None
    """The 1s, 2s and 3s left in the supply under ``WL_FINITE_SUPPLY`` (None: unlimited, WL-COMP-12)."""

    @classmethod
    def from_state(cls, state: State) -> ConflictSpec:
        """The conflict being fought in ``state`` (phase 2, ``state.conflict`` set)."""
        c = state.conflict
        if c is None:
            raise ValueError("no conflict is being fought in this state (WL-CONF-5)")
        supply = None if state.supply is None else (state.supply[0], state.supply[1], state.supply[2])
        return cls(tuple(c.remaining), {s: state.hands[s] for s in c.remaining}, state.emperor, c.province,
                   state.rules, supply)

    def refund(self, value: int) -> int:
        """WL-CONF-9: what the leaver is owed for a bid of total ``value`` (D2 under the variant)."""
        return value // 2 if self.rules.loser_keeps_floor_half else value - value // 2

    def refund_paid(self, value: int, discarded: Sequence[int] = ()) -> int:
        """WL-CONF-13: what he actually gets: K, or under a finite supply the most it can pay.

        ``discarded`` are the influence cards every participant just discarded (they are available).

        >>> spec = ConflictSpec((0, 1), {}, 2, supply=(0, 0, 0))
        >>> spec.refund_paid(4, discarded=(3, 1)), spec.refund_paid(4, discarded=(2, 2)), spec.refund(4)
        (1, 2, 2)
        """
        owed = self.refund(value)
        if self.supply is None:
            return owed
        counts = (discarded.count(1), discarded.count(2), discarded.count(3))
        return max_payable(owed, tuple(a + b for a, b in zip(self.supply, counts, strict=True)))

    def targets(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in self.participants if s != seat)


def card_multisets(hand: Hand, *, zero: bool = True) -> list[tuple[int, ...]]:
    """Every distinct multiset of influence cards the hand can commit (largest first), 0-card included.

    >>> card_multisets(Hand(1, 1, 0, 1))
    [(), (0,), (1,), (1, 0), (3,), (3, 0), (3, 1), (3, 1, 0)]
    """
    out = []
    for n3 in range(hand.inf3 + 1):
        for n2 in range(hand.inf2 + 1):
            for n1 in range(hand.inf1 + 1):
                for n0 in range((hand.zero if zero else 0) + 1):
                    out.append(values_of((n0, n1, n2, n3), first=0))
    return sorted(out, key=lambda c: (sum(c), c))


def cards_for_total(hand: Hand, total: int) -> tuple[int, ...]:
    """The canonical cards for a bid of ``total``: fewest cards, then largest values; the lone 0 as a bluff.

    >>> cards_for_total(Hand(1, 2, 2, 2), 5), cards_for_total(Hand(1, 2, 2, 2), 0)
    ((3, 2), (0,))
    """
    if total == 0:
        return (0,) if hand.zero else ()
    best = None
    for c in card_multisets(hand, zero=False):
        if sum(c) == total and (best is None or (len(c), [-v for v in c]) < (len(best), [-v for v in best])):
            best = c
    if best is None:
        raise ValueError(f"the hand {hand.influence_cards()} cannot make {total}")
    return best


def reachable_totals(hand: Hand) -> list[int]:
    """Every total the hand's influence cards can make."""
    return sorted({sum(c) for c in card_multisets(hand, zero=False)})


def tie_probabilities(tied: Sequence[int], emperor: int, model: TieModel = "opponent") -> dict[int, float]:
    """How likely each tied participant is sent out by the emperor (WL-CONF-8, WL-CONF-14).

    >>> tie_probabilities((0, 1), emperor=1), tie_probabilities((0, 1, 2), emperor=1, model="uniform")[2]
    ({0: 1.0, 1: 0.0}, 0.3333333333333333)
    """
    tied = tuple(tied)
    if callable(model):
        p = {s: float(model(tied, emperor).get(s, 0.0)) for s in tied}
        total = sum(p.values())
        return {s: v / total for s, v in p.items()}
    if model == "uniform" or (model == "opponent" and emperor not in tied):
        return {s: 1 / len(tied) for s in tied}
    if model == "opponent":
        others = [s for s in tied if s != emperor]
        return {s: (1 / len(others) if s != emperor else 0.0) for s in tied}
    if model == "self":
        if emperor in tied:
            return {s: float(s == emperor) for s in tied}
        return {s: 1 / len(tied) for s in tied}
    raise ValueError(f"unknown tie model {model!r}: use 'opponent', 'uniform', 'self' or a callable")


@dataclass(frozen=True)
class _Options:
    """One participant's distinct choices: target, total value, and how many card multisets give it."""

    targets: np.ndarray
    values: np.ndarray
    ways: np.ndarray
    cards: list[tuple[int, ...]]


def _options(spec: ConflictSpec, seat: int, by: str) -> _Options:
    hand = spec.hands[seat]
    multisets = card_multisets(hand)
    if by == "cards":
        rows = [(t, sum(c), 1, c) for t in spec.targets(seat) for c in multisets]
    elif by == "value":
        counts: dict[int, int] = {}
        for c in multisets:
            counts[sum(c)] = counts.get(sum(c), 0) + 1
        rows = [(t, v, n, cards_for_total(hand, v)) for t in spec.targets(seat) for v, n in sorted(counts.items())]
    else:
        raise ValueError("by must be 'value' or 'cards'")
    return _Options(np.array([r[0] for r in rows]), np.array([r[1] for r in rows]),
                    np.array([r[2] for r in rows]), [r[3] for r in rows])


def tied_code(tied: np.ndarray) -> np.ndarray:
    """The set of participants under the highest pressure as bits (last axis: participants in order)."""
    return tied.astype(np.int64) @ (1 << np.arange(tied.shape[-1], dtype=np.int64))


def leave_table(spec: ConflictSpec, tie: TieModel = "opponent") -> np.ndarray:
    """table[code, i]: P(participant i leaves) when the set ``code`` (bits) is under the highest
    pressure: certain for a lone one (WL-CONF-8), the emperor's choice by the tie model for a tie
    (WL-CONF-8, WL-CONF-14).

    >>> leave_table(ConflictSpec((0, 1), {}, emperor=1))[0b11].tolist()     # the emperor sends out seat 0
    [1.0, 0.0]
    """
    seats = spec.participants
    n = len(seats)
    table = np.zeros((1 << n, n))
    for code in range(1, 1 << n):
        tied = [i for i in range(n) if code >> i & 1]
        if len(tied) == 1:
            table[code, tied[0]] = 1.0
        else:
            probs = tie_probabilities(tuple(seats[i] for i in tied), spec.emperor, tie)
            table[code] = [probs.get(s, 0.0) for s in seats]
    return table


@lru_cache(maxsize=8)
def payable_table(max_owed: int) -> np.ndarray:
    """paid[K, a1, a2, a3]: the most of K the 1s, 2s and 3s at hand can pay (WL-CONF-13).

    Counts beyond K, K // 2 and K // 3 never matter, so the table stays small; index it with the
    counts clipped by :func:`paid_refunds`.
    """
    paid = np.zeros((max_owed + 1, max_owed + 1, max_owed // 2 + 1, max_owed // 3 + 1))
    for k in range(max_owed + 1):
        for a1 in range(k + 1):
            for a2 in range(k // 2 + 1):
                for a3 in range(k // 3 + 1):
                    paid[k, a1, a2, a3] = max_payable(k, (a1, a2, a3))
    paid.setflags(write=False)                          # cached and shared: nobody may change it
    return paid


def paid_refunds(paid: np.ndarray, owed: np.ndarray, a1: np.ndarray, a2: np.ndarray, a3: np.ndarray) -> np.ndarray:
    """What a finite supply pays of each ``owed`` refund, the 1s, 2s and 3s available broadcast with it."""
    return paid[owed, np.minimum(a1, owed), np.minimum(a2, owed // 2), np.minimum(a3, owed // 3)]


def round_outcomes(spec: ConflictSpec, profiles: Mapping[int, Sequence[tuple[int, int]]], tie: TieModel = "opponent",
                   *, cards: Mapping[int, Sequence[Sequence[int]]] | None = None) -> dict[str, np.ndarray]:
    """Vectorised first-round outcomes of a grid of bids.

    ``profiles[seat]`` lists that seat's (target, total) choices; the result arrays have one axis per
    participant (in ``spec.participants`` order): ``pressure`` (extra last axis), ``tied`` (bool, extra
    axis), ``p_leave`` (extra axis), ``refund`` (what each would get back if he left, extra axis) and
    ``lost`` (expected influence lost, extra axis). ``cards[seat]`` gives the cards behind each choice;
    they matter only under a finite supply (WL-CONF-13) and default to the canonical cards of each total.
    """
    seats = spec.participants
    n = len(seats)
    shape = tuple(len(profiles[s]) for s in seats)
    tgt = [np.array([t for t, _ in profiles[s]]) for s in seats]
    val = [np.array([v for _, v in profiles[s]]) for s in seats]

    def along(k: int, arr: np.ndarray) -> np.ndarray:
        return arr.reshape(tuple(-1 if j == k else 1 for j in range(n)))

    pressure = np.zeros((*shape, n), dtype=np.int64)
    for k in range(n):
        for i, s in enumerate(seats):
            pressure[..., i] += along(k, np.where(tgt[k] == s, val[k], 0))
    top = pressure.max(axis=-1, keepdims=True)
    tied = pressure == top
    ntied = tied.sum(axis=-1)
    p_leave = leave_table(spec, tie)[tied_code(tied)]
    refund = _refunds(spec, profiles, shape, cards)
    lost = np.zeros((*shape, n))
    for i in range(n):
        v = along(i, val[i]).astype(float)
        lost[..., i] = v - p_leave[..., i] * refund[..., i]
    return {"pressure": pressure, "tied": tied, "ntied": ntied, "p_leave": p_leave, "refund": refund, "lost": lost}


def _refunds(spec: ConflictSpec, profiles: Mapping[int, Sequence[tuple[int, int]]], shape: tuple[int, ...],
             cards: Mapping[int, Sequence[Sequence[int]]] | None) -> np.ndarray:
    """refund[..., i]: what participant i gets back if he is the one who leaves (WL-CONF-9, WL-CONF-13)."""
    seats = spec.participants
    n = len(seats)

    def along(k: int, arr: np.ndarray) -> np.ndarray:
        return arr.reshape(tuple(-1 if j == k else 1 for j in range(n)))

    owed = [np.array([spec.refund(v) for _, v in profiles[s]], dtype=np.int64) for s in seats]
    out = np.zeros((*shape, n))
    if spec.supply is None:
        for i in range(n):
            out[..., i] = along(i, owed[i])
        return out
    # finite supply: what can be paid depends on every card discarded in the round, so on the whole profile
    avail = [np.full(shape, spec.supply[k], dtype=np.int64) for k in range(3)]
    for i, s in enumerate(seats):
        used = cards[s] if cards is not None else [cards_for_total(spec.hands[s], v) for _, v in profiles[s]]
        for k, value in enumerate((1, 2, 3)):
            avail[k] = avail[k] + along(i, np.array([list(c).count(value) for c in used], dtype=np.int64))
    paid = payable_table(max(int(o.max()) for o in owed if len(o)))
    for i in range(n):
        out[..., i] = paid_refunds(paid, along(i, owed[i]), *avail)
    return out


def outcome_table(spec: ConflictSpec | State, tie: TieModel = "opponent", by: str = "value",
                  max_rows: int = 5_000_000):
    """The outcome of every combination of bids in one conflict round, as a pandas DataFrame.

    One row per combination of (dragon target, bid) of every participant. Columns per seat ``s``:
    ``target_s``, ``value_s``, ``cards_s`` (the card multiset, or a canonical one for ``by="value"``),
    ``pressure_s``, ``p_leave_s`` and ``lost_s`` (influence lost, expected over the tie model);
    then ``ways`` (card multisets behind the row), ``tied``, ``leaver`` (-1 when the emperor decides),
    ``refund`` (the leaver's K, or -1 on a tie) and ``outcome`` in words. Refuses tables longer than
    ``max_rows`` (four participants with big hands, ``by="cards"``).
    """
    import pandas as pd

    if isinstance(spec, State):
        spec = ConflictSpec.from_state(spec)
    seats = spec.participants
    opts = {s: _options(spec, s, by) for s in seats}
    rows = int(np.prod([len(opts[s].values) for s in seats]))
    if rows > max_rows:
        raise ValueError(f"the table would have {rows:,} rows (more than max_rows={max_rows:,}); "
                         "use by='value' or raise max_rows")
    res = round_outcomes(spec, {s: list(zip(opts[s].targets.tolist(), opts[s].values.tolist(), strict=True))
                                for s in seats}, tie, cards={s: opts[s].cards for s in seats})
    n = len(seats)
    grids = np.meshgrid(*[np.arange(len(opts[s].values)) for s in seats], indexing="ij")
    idx = [g.ravel() for g in grids]
    cols: dict[str, Any] = {}
    for i, s in enumerate(seats):
        cols[f"target_{s}"] = opts[s].targets[idx[i]]
        cols[f"value_{s}"] = opts[s].values[idx[i]]
        cards = np.empty(len(opts[s].cards), dtype=object)
        cards[:] = opts[s].cards
        cols[f"cards_{s}"] = cards[idx[i]]
    ways = np.ones(len(idx[0]), dtype=np.int64)
    for i, s in enumerate(seats):
        ways *= opts[s].ways[idx[i]]
    flat = {k: v.reshape(-1, n) if k in ("pressure", "tied", "p_leave", "refund", "lost") else v.ravel()
            for k, v in res.items()}
    for i, s in enumerate(seats):
        cols[f"pressure_{s}"] = flat["pressure"][:, i]
        cols[f"p_leave_{s}"] = flat["p_leave"][:, i]
        cols[f"lost_{s}"] = flat["lost"][:, i]
    cols["ways"] = ways
    tied_rows = flat["tied"]
    code = tied_code(tied_rows)
    names = {}
    for c in np.unique(code):
        tied = tuple(s for k, s in enumerate(seats) if c >> k & 1)
        names[c] = (tied, f"seat {tied[0]} leaves" if len(tied) == 1
                    else f"tie {', '.join(map(str, tied))}: emperor decides")
    uniq = np.array(sorted(names))
    pos = np.searchsorted(uniq, code)
    tied_obj = np.empty(len(uniq), dtype=object)
    tied_obj[:] = [names[c][0] for c in uniq]
    cols["tied"] = tied_obj[pos]
    single = flat["ntied"] == 1
    leaver_idx = tied_rows.argmax(axis=1)
    cols["leaver"] = np.where(single, np.array(seats)[leaver_idx], -1)
    leaver_refund = np.take_along_axis(flat["refund"], leaver_idx[:, None], axis=1)[:, 0].astype(np.int64)
    cols["refund"] = np.where(single, leaver_refund, -1)
    cols["outcome"] = pd.Categorical.from_codes(pos, [names[c][1] for c in uniq])
    frame = pd.DataFrame(cols)
    frame.attrs["emperor"] = spec.emperor          # for readable_outcomes: who decides a tie
    return frame


def expected_outcome(table, weights=None) -> dict[str, float]:
    """Summary of a (possibly filtered) outcome table: each seat's chance to leave and expected loss.

    ``weights`` defaults to ``ways`` (every card multiset equally likely, i.e. a uniformly random bidder).
    """
    w = np.asarray(table["ways"] if weights is None else weights, dtype=float)
    w = w / w.sum()
    out = {}
    for col in table.columns:
        if col.startswith(("p_leave_", "lost_")):
            out[col] = float(np.dot(w, table[col]))
    out["p_tie"] = float(np.dot(w, table["leaver"] < 0))
    return out


def _bid_words(cards: Sequence[int]) -> str:
    return "+".join(map(str, cards)) if cards else "nothing"


def readable_outcomes(table, names: Sequence[str] | None = None):
    """An :func:`outcome_table` for people to read: seat names instead of numbers, bids as "3+1",
    who leaves in words and what he gets back (WL-CONF-8, WL-CONF-9). The numeric table stays as
    it is for the analysis code; this is its display form, row for row (same index).

    Columns: ``<name> bids`` per participant (with ``<name> names`` when there are more than two,
    since with two each can only name the other), ``outcome``, ``<name> loses`` (influence lost,
    expected over the tie model) and ``gets back``.

    >>> from lotus_kit.white_lotus.position import position
    >>> s = position({"players": 3, "phase": 2, "emperor": 2,
    ...     "owners": {"DATO": [2, "P"], "JINA": [2, "T"], "FENG": [2, "R"], "HENA": [1, "F"],
    ...                "CHEN": [1, "V"], "LUZH": [0, "V"]},
    ...     "neutral": {"TIAN": "P"}, "markers": {"TIAN": [0, 1]},
    ...     "hands": {0: {"influence": [3, 2, 0]}, 1: {"influence": [2, 1]}}})
    >>> table = outcome_table(s)
    >>> shown = readable_outcomes(table)
    >>> row = shown.loc[table[(table.value_0 == 3) & (table.value_1 == 1)].index[0]]
    >>> row["Red bids"], row["Blue bids"], row["outcome"], row["gets back"]
    ('3', '1', 'Blue leaves', 'Blue gets 1 back')
    >>> shown.loc[table[(table.value_0 == 3) & (table.value_1 == 3)].index[0], "outcome"]
    'Red and Blue tie: the emperor, Green, decides who leaves'
    """
    import pandas as pd

    from lotus_kit.white_lotus.seats import SEAT_NAMES

    names = tuple(names or SEAT_NAMES)
    seats = sorted(int(c.split("_")[1]) for c in table.columns if c.startswith("value_"))
    emperor = table.attrs.get("emperor")
    cols: dict[str, Any] = {}
    for s in seats:
        if len(seats) > 2:
            cols[f"{names[s]} names"] = [names[t] for t in table[f"target_{s}"]]
        cols[f"{names[s]} bids"] = [_bid_words(c) for c in table[f"cards_{s}"]]
    judge = f"the emperor, {names[emperor]}," if emperor is not None and emperor >= 0 else "the emperor"
    cols["outcome"] = [f"{names[leaver]} leaves" if leaver >= 0
                       else " and ".join(names[s] for s in tied) + f" tie: {judge} decides who leaves"
                       for leaver, tied in zip(table["leaver"], table["tied"], strict=True)]
    for s in seats:
        cols[f"{names[s]} loses"] = [float(x) if float(x) % 1 else int(x) for x in table[f"lost_{s}"]]
    cols["gets back"] = [f"{names[leaver]} gets {refund} back" if leaver >= 0 else "— (the emperor decides first)"
                         for leaver, refund in zip(table["leaver"], table["refund"], strict=True)]
    return pd.DataFrame(cols, index=table.index)


__all__ = ["ConflictSpec", "card_multisets", "cards_for_total", "expected_outcome", "leave_table", "outcome_table",
           "paid_refunds", "payable_table", "reachable_totals", "readable_outcomes", "round_outcomes",
           "tie_probabilities", "tied_code"]
