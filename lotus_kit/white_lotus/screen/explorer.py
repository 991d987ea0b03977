"""White Lotus in the what-if explorer: the timeline by year and phase, the conflict, rebellion,
score and timeline charts, the bid and side editors, the words of each decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import plotly.graph_objects as go

from lotus_kit.ui.screen import Compose
from lotus_kit.ui.tree import Line
from lotus_kit.white_lotus.actions import Bid, JoinSide
from lotus_kit.white_lotus.events import ConflictRound, PhaseStarted, RebellionResolved, RewardTaken
from lotus_kit.white_lotus.scoring import score
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import PHASE_NAMES
from lotus_kit.white_lotus.views.charts import conflict_chart, rebellion_chart, score_figure, timeline_chart

CHART_KINDS: tuple[tuple[str, str], ...] = (
    ("auto", "auto"), ("score", "score"), ("conflict", "conflict"), ("rebellion", "rebellion"),
    ("by year", "timeline"), ("off", "off"))
"""The charts the explorer can show (label, value); ``auto`` picks the one that explains the step."""

_KIND_WORDS = {
    "claim": "a marker, WL-PLACE-2", "choose": "the next province, WL-CONF-3",
    "bid": "a sealed bid: dragon card and influence, WL-CONF-6", "tie": "a tie, WL-CONF-8",
    "refund": "the refund, WL-CONF-9", "lead": "lead a rebellion?, WL-REB-2",
    "side": "a sealed side and combat cards, WL-REB-3, WL-REB-4", "reward": "a reward, WL-REB-9",
    "income": "income, WL-CARDS-1", "temple": "a temple draw, WL-TERR-7", "place": "a chip, WL-TERR-2",
}


class _Episodes:
    """Per line, computed once: where each phase starts, and the conflict and rebellion each step
    belongs to (for the timeline menu and the charts)."""

    def __init__(self, line: Line):
        self.line = line
        self.phase_starts: list[tuple[int, int, int]] = []
        self._conflict: list[tuple[int, int, int] | None] = []
        self._rebellion: list[tuple[int, int, int] | None] = []
        self._kinds: list[str] = []
        conflict = rebellion = None
        c_start = c_n = r_start = r_n = 0
        year = line.states[0].year
        phase = int(line.states[0].phase)
        for k, state in enumerate(line.states):
            fresh = ""
            for ev in state.events:
                if isinstance(ev, PhaseStarted):
                    year, phase = ev.year, ev.phase
                    self.phase_starts.append((ev.year, ev.phase, k))
                elif isinstance(ev, ConflictRound):
                    if ev.round == 1:
                        c_start, c_n = k, 0
                    c_n += 1
                    conflict = (c_start, c_n, year)
                    fresh = "conflict"
                elif isinstance(ev, RebellionResolved):
                    r_start, r_n = k, 1
                    rebellion = (r_start, r_n, year)
                    fresh = "rebellion"
                elif isinstance(ev, RewardTaken) and rebellion is not None and rebellion[2] == year:
                    r_n += 1
                    rebellion = (r_start, r_n, year)
                    fresh = "rebellion"
            if state.is_over and (not self.phase_starts or self.phase_starts[-1][1] != 7):
                self.phase_starts.append((state.year, 7, k))
            self._conflict.append(conflict)
            self._rebellion.append(rebellion)
            if state.is_over:
                kind = "score"                  # the final score explains the last step best
            elif fresh:
                kind = fresh
            elif phase == 2 and conflict is not None and conflict[2] == year:
                kind = "conflict"
            elif phase == 4 and rebellion is not None and rebellion[2] == year:
                kind = "rebellion"
            else:
                kind = "score"
            self._kinds.append(kind)

    def conflict_at(self, k: int) -> tuple[int, int, int] | None:
        """(first step, rounds so far, year) of the latest conflict up to step ``k``."""
        return self._conflict[k]

    def rebellion_at(self, k: int) -> tuple[int, int, int] | None:
        """(first step, events so far, year) of the latest rebellion up to step ``k``."""
        return self._rebellion[k]

    def auto_kind(self, k: int) -> str:
        return self._kinds[k]


def chart_spec(line: Line, k: int, kind: str, ep: _Episodes
               ) -> tuple[tuple | None, Callable[[], go.Figure] | None, str]:
    """What the chart shows at step ``k`` of ``line``: (key, maker, note); key None hides it."""
    state = line.states[k]
    if kind == "off":
        return None, None, ""
    if kind == "auto":
        kind = ep.auto_kind(k)
    if kind == "conflict":
        c = ep.conflict_at(k)
        if c is None or c[2] != state.year:
            # a conflict of an earlier year does not explain this step: say so instead of showing it
            return None, None, (f"No conflict fought yet in year {state.year} at step {k} (WL-CONF-5)"
                                + (f"; the last one was in year {c[2]}, from step {c[0]}." if c else "."))
        start, n, year = c
        rounds = tuple(e for s in line.states[start: k + 1] for e in s.events if isinstance(e, ConflictRound))[:n]
        # keyed by the events themselves: lines that fought the same conflict share the chart
        return (("conflict", rounds), lambda: conflict_chart(list(rounds)),
                f"The conflict of year {year} from step {start} (WL-CONF-6..10)")
    if kind == "rebellion":
        r = ep.rebellion_at(k)
        if r is None or r[2] != state.year:
            return None, None, (f"No rebellion fought yet in year {state.year} at step {k} (WL-REB-2)"
                                + (f"; the last one was in year {r[2]}, at step {r[0]}." if r else "."))
        start, n, year = r
        events = tuple(e for s in line.states[start: k + 1] for e in s.events
                       if isinstance(e, RebellionResolved | RewardTaken))
        events = events[events.index(next(e for e in events if isinstance(e, RebellionResolved))):][:n]
        return (("rebellion", events), lambda: rebellion_chart(list(events)),
                f"The rebellion of year {year} at step {start} (WL-REB-5..10)")
    if kind == "timeline":
        states = line.states[: k + 1]
        return (("timeline", id(line), state.year, state.is_over), lambda: timeline_chart(states),
                "The game by year (WL-SCORE-1..4, WL-EMP-1)")
    lines = state.scores or score(state)
    key = ("score", state.year, state.emperor, state.is_over, state.winners,
           tuple((ln.buildings, ln.group_bonus, ln.largest_group, ln.dragons, ln.vp_chips) for ln in lines))
    return key, lambda: score_figure(state), "The score (WL-SCORE-1..5)"


def _score_change(a: Line, b: Line) -> str:
    """The final scores of line ``b`` against line ``a`` in words: ``"Final score: Red 10 → 8, ..."``."""
    if not b.is_over:
        return ""
    old = {ln.seat: ln.total for ln in (a.final.scores or ())}
    parts = []
    for ln in b.final.scores:
        was = old.get(ln.seat)
        parts.append(f"{seat_name(ln.seat)} {was} → {ln.total}" if was not in (None, ln.total)
                     else f"{seat_name(ln.seat)} {ln.total}")
    won = " and ".join(seat_name(s) for s in b.final.winners)
    before = " and ".join(seat_name(s) for s in a.final.winners) if a.is_over else ""
    verb = "wins" if len(b.final.winners) == 1 else "win"
    instead = f" (instead of {before})" if before and before != won else ""
    return f"Final score: {', '.join(parts)}; {won} {verb}{instead}."


def phase_label(year: int, phase: int, step: int) -> str:
    if phase == 7:
        return f"the end (step {step})"
    return f"year {year} · {phase} {PHASE_NAMES[phase]} (step {step})"


def compose(state: Any, seat: int, kind: str, legal: list[Any], current: Any) -> Compose | None:
    """The bid (dragon card + influence cards) and side (side + combat cards) editors."""
    if kind == "bid":
        targets = sorted({a.target for a in legal if isinstance(a, Bid)})
        return Compose("target", [(seat_name(s), s) for s in targets],
                       current.target if isinstance(current, Bid) else None,
                       "influence", state.hands[seat].influence_cards(),
                       current.cards if isinstance(current, Bid) else (),
                       lambda target, cards: Bid(seat, target, cards) if target is not None else None)
    if kind == "side":
        sides = []
        for a in legal:
            if isinstance(a, JoinSide) and a.side not in sides:
                sides.append(a.side)
        words = {"emperor": "the emperor", "rebels": "the rebels",
                 None: "his own (leader: the side is fixed, WL-REB-3)"}
        return Compose("side", [(words[s], s) for s in sides],
                       current.side if isinstance(current, JoinSide) else None,
                       "combat", state.hands[seat].combat_cards(),
                       current.cards if isinstance(current, JoinSide) else (),
                       lambda side, cards: JoinSide(seat, side, cards))
    return None
