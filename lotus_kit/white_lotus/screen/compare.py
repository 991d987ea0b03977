"""What changed between two lines of a White Lotus game: conflict winners, emperors, rebellions, scores.

Pure Python (no widgets). :func:`outcome` reads what a line decided from its events
(``ProvinceSettled`` WL-CONF-4/10, ``RebellionResolved`` WL-REB-5..8, ``GameEnded`` WL-SCORE-5)
and its states (the emperor at the end of each year, WL-EMP-1); :func:`diff` sets two outcomes
side by side, one :class:`~lotus_kit.ui.compare.DiffRow` per fact, and says which differ
(the screen's ``line_diff``, read by the explorer).

>>> from lotus_kit.core.records import load
>>> from lotus_kit.ui.tree import BranchTree
>>> from lotus_kit.white_lotus.actions import Bid
>>> tree = BranchTree(load("notebooks/data/showcase-4p.json"))
>>> node, _ = tree.add("", 12, Bid(0, 2, ()))
>>> d = diff(tree.root.line, node.line)
>>> d.first_step
12
>>> jinan = next(r for r in d.rows if r.key == "year 1 · Jinan")
>>> jinan.a, jinan.b, jinan.changed
('Blue', 'Green', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lotus_kit.ui.compare import DiffRow, LineDiff
from lotus_kit.white_lotus.board import board_view
from lotus_kit.white_lotus.events import (
    EmperorChanged,
    GameEnded,
    NoRebellion,
    PhaseStarted,
    ProvinceSettled,
    RebellionResolved,
    ScoreLine,
)
from lotus_kit.white_lotus.scoring import score
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import State

__all__ = ["TOPICS", "DiffRow", "LineDiff", "Outcome", "Settled", "diff", "outcome"]

TOPICS: dict[str, str] = {
    "conflict": "Province winners (WL-CONF-4, WL-CONF-10)",
    "emperor": "Emperor at the end of the year (WL-EMP-1, WL-EMP-2)",
    "rebellion": "Rebellions (WL-REB-5, WL-REB-6)",
    "score": "Final score (WL-SCORE-1..5)",
}
"""The topics of a diff, in the order they are shown, with the rules behind them."""

_NAMES = {p.id: p.name for p in board_view(6).provinces}


@dataclass(frozen=True)
class Settled:
    """Who took a province in phase 2 of a year, and whether it was fought over."""

    seat: int
    contested: bool
    chip: str


@dataclass(frozen=True)
class Outcome:
    """What one line decided. ``rebellions[year]`` is the tally, or None when nobody rebelled;
    ``scores`` are the final scores (or the score if the game ended now, ``over`` False)."""

    settled: dict[tuple[int, str], Settled]
    emperors: dict[int, int]
    emperor_changes: dict[int, tuple[EmperorChanged, ...]]
    rebellions: dict[int, RebellionResolved | None]
    scores: tuple[ScoreLine, ...]
    winners: tuple[int, ...]
    over: bool
    years: int


def outcome(states: Sequence[State] | object) -> Outcome:
    """The outcome of a line (a :class:`~lotus_kit.ui.tree.Line` or its list of states)."""
    states = getattr(states, "states", states)
    settled: dict[tuple[int, str], Settled] = {}
    emperors: dict[int, int] = {}
    changes: dict[int, list[EmperorChanged]] = {}
    rebellions: dict[int, RebellionResolved | None] = {}
    year = states[0].year
    for state in states:
        for ev in state.events:
            if isinstance(ev, PhaseStarted):
                year = ev.year
            elif isinstance(ev, ProvinceSettled):
                settled[(year, ev.province)] = Settled(ev.seat, ev.contested, ev.chip)
            elif isinstance(ev, EmperorChanged):
                changes.setdefault(year, []).append(ev)
            elif isinstance(ev, RebellionResolved):
                rebellions[year] = ev
            elif isinstance(ev, NoRebellion):
                rebellions.setdefault(year, None)
        emperors[state.year] = state.emperor
    final = states[-1]
    ended = next((e for e in final.events if isinstance(e, GameEnded)), None)
    scores = final.scores or (ended.scores if ended else score(final))
    return Outcome(settled, emperors, {y: tuple(v) for y, v in changes.items()}, rebellions, tuple(scores),
                   tuple(final.winners), final.is_over, final.year)


def _province(pid: str) -> str:
    return _NAMES.get(pid, pid)


def _settled_text(s: Settled | None) -> str:
    if s is None:
        return "—"
    return seat_name(s.seat) if s.contested else f"{seat_name(s.seat)} (alone)"


def _rebellion_text(year: int, o: Outcome) -> str:
    if year not in o.rebellions:
        return "—"
    t = o.rebellions[year]
    if t is None:
        return "no rebellion"
    who = "the emperor wins" if t.winner == "emperor" else "the rebels win"
    return (f"{who} {t.emperor_total}:{t.rebel_total} "
            f"({seat_name(t.emperor)} against {seat_name(t.leader)})")


def _score_text(line: ScoreLine | None, over: bool) -> str:
    if line is None:
        return "—"
    return str(line.total) if over else f"{line.total} so far"


def diff(a: Sequence[State] | object, b: Sequence[State] | object) -> LineDiff:
    """Lines ``a`` and ``b`` (lines or lists of states) side by side: who took each province in
    each year, the emperor at the end of each year, each year's rebellion, the final scores and
    the winners."""
    oa, ob = outcome(a), outcome(b)
    rows: list[DiffRow] = []
    keys = sorted(set(oa.settled) | set(ob.settled))
    for year, pid in keys:
        rows.append(DiffRow("conflict", f"year {year} · {_province(pid)}", _settled_text(oa.settled.get((year, pid))),
                            _settled_text(ob.settled.get((year, pid))), (0, year, _province(pid))))
    for year in sorted(set(oa.emperors) | set(ob.emperors)):
        ea, eb = oa.emperors.get(year), ob.emperors.get(year)
        rows.append(DiffRow("emperor", f"year {year}", seat_name(ea) if ea is not None else "—",
                            seat_name(eb) if eb is not None else "—", (1, year)))
    for year in sorted(set(oa.rebellions) | set(ob.rebellions)):
        rows.append(DiffRow("rebellion", f"year {year}", _rebellion_text(year, oa), _rebellion_text(year, ob),
                            (2, year)))
    la = {line.seat: line for line in oa.scores}
    lb = {line.seat: line for line in ob.scores}
    for seat in sorted(set(la) | set(lb)):
        rows.append(DiffRow("score", seat_name(seat), _score_text(la.get(seat), oa.over),
                            _score_text(lb.get(seat), ob.over), (3, seat)))

    def won(o: Outcome) -> str:
        if not o.over:
            return "not over"
        return " and ".join(seat_name(s) for s in o.winners)

    rows.append(DiffRow("score", "winner", won(oa), won(ob), (3, 99)))
    actions_a = getattr(getattr(a, "record", None), "actions", None)
    actions_b = getattr(getattr(b, "record", None), "actions", None)
    first = None
    if actions_a is not None and actions_b is not None:
        first = next((k for k, (x, y) in enumerate(zip(actions_a, actions_b, strict=False)) if x != y), None)
    return LineDiff(tuple(rows), first, oa, ob)
