"""The charts draw the engine's own numbers: score parts, conflict pressures, rebellion totals."""

from __future__ import annotations

from collections import defaultdict

import pytest

from lotus_kit.views.charts import (
    SCORE_PARTS,
    conflict_chart,
    conflict_rounds,
    rebellion_chart,
    rebellion_events,
    score_chart,
    score_figure,
    score_rows,
    score_table,
    timeline_chart,
)
from lotus_kit.white_lotus.events import ConflictRound, RebellionResolved
from lotus_kit.white_lotus.scoring import score
from lotus_kit.white_lotus.seats import SEAT_COLOURS, SEAT_NAMES


def _stacks(fig, kind="bar"):
    """Sum of the stacked bar values per (x axis, category)."""
    sums: dict[tuple[str, str], float] = defaultdict(float)
    for t in fig.data:
        if t.type == kind:
            for x, y in zip(t.x, t.y, strict=True):
                sums[(t.xaxis or "x", x)] += y
    return sums


def _plain(category: str) -> str:
    """The seat name inside a coloured category label."""
    return next(n for n in SEAT_NAMES if f">{n}<" in category or category.endswith(n) or f"{n}<" in category)


# -- score ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("at", [0.0, 0.5, 1.0])
def test_score_chart_parts_sum_to_the_scoreline_totals(game5, at):
    state = game5[min(len(game5) - 1, int(at * len(game5)))]
    lines = state.scores or score(state)
    fig = score_chart(state)
    parts = [t for t in fig.data if t.type == "bar"]
    assert [t.name for t in parts] == list(SCORE_PARTS)
    for k, line in enumerate(lines):
        assert sum(t.y[k] for t in parts) == line.total
        assert [t.y[k] for t in parts] == [line.buildings, line.group_bonus, line.dragons, line.vp_chips]
    total = next(t for t in fig.data if t.name == "total")
    assert list(total.y) == [line.total for line in lines]


def test_score_table_and_figure_show_the_same_totals(game5):
    state = game5[-1]
    assert state.is_over
    rows = score_rows(state)
    table = score_table(state).data[0]
    assert [str(v) for v in table.cells.values[-1]] == [f"<b>{r['total']}</b>" for r in rows]
    assert "Final score" in score_table(state).layout.title.text
    fig = score_figure(state)
    assert fig.data[0].type == "table" and sum(1 for t in fig.data if t.type == "bar") == len(SCORE_PARTS)


# -- conflicts ---------------------------------------------------------------------------------------------
def _all_conflicts(states):
    out, current = [], []
    for s in states:
        for ev in s.events:
            if isinstance(ev, ConflictRound):
                if ev.round == 1 and current:
                    out.append(current)
                    current = []
                current.append(ev)
    if current:
        out.append(current)
    return out


def test_conflict_chart_pressures_equal_the_events_numbers(game5):
    conflicts = _all_conflicts(game5)
    assert any(len(c) > 1 for c in conflicts)
    for rounds in conflicts[:8]:
        upto = next(i for i, s in enumerate(game5) if rounds[-1] in s.events) + 1
        assert conflict_rounds(game5[:upto]) == rounds
        fig = conflict_chart(game5[:upto])
        stacks = _stacks(fig)
        axes = sorted({t.xaxis for t in fig.data if t.type == "bar"}, key=lambda a: int(a[1:] or 1))
        labels = [t for t in fig.data if t.name == "pressure"]
        assert len(labels) == len(rounds)
        for rnd, axis, label in zip(rounds, axes, labels, strict=True):
            drawn = {_plain(x): stacks.get((axis, x), 0) for x in label.x}
            assert drawn == {SEAT_NAMES[s]: p for s, p in rnd.pressures}
            assert list(label.y) == [p for _, p in rnd.pressures]
            assert label.meta["round"] == rnd.round


def test_conflict_chart_shows_who_named_whom_who_left_and_the_refund(game5):
    rounds = next(c for c in _all_conflicts(game5) if any(b.value for r in c for b in r.bids))
    upto = next(i for i, s in enumerate(game5) if rounds[-1] in s.events) + 1
    fig = conflict_chart(game5[:upto])
    first = rounds[0]
    bars = [t for t in fig.data if t.type == "bar" and t.meta["round"] == first.round]
    for bid in first.bids:
        bar = next(t for t in bars if t.meta["bidder"] == bid.seat)
        assert bar.marker.color == SEAT_COLOURS[bid.seat]
        assert f"{SEAT_NAMES[bid.seat]} names {SEAT_NAMES[bid.target]}" in bar.hovertext
    label = next(t for t in fig.data if t.name == "pressure" and t.meta["round"] == first.round)
    leaver_text = next(txt for x, txt in zip(label.x, label.text, strict=True) if _plain(x) == SEAT_NAMES[first.leaver])
    assert "leaves" in leaver_text and f"refund {first.refund}" in leaver_text


def test_conflict_chart_without_a_conflict_says_so(game5):
    assert conflict_rounds(game5[:1]) == []
    assert "No conflict" in conflict_chart(game5[:1]).layout.title.text


# -- rebellion ---------------------------------------------------------------------------------------------
def test_rebellion_chart_totals_equal_the_events(game5):
    tallies = [(i, ev) for i, s in enumerate(game5) for ev in s.events if isinstance(ev, RebellionResolved)]
    assert tallies
    for i, tally in tallies:
        fig = rebellion_chart(game5[: i + 6])
        assert rebellion_events(game5[: i + 1])[0] == tally
        stacks = _stacks(fig)
        emperor_x, rebels_x = fig.data[0].x
        assert stacks[("x", emperor_x)] == tally.emperor_total
        assert stacks[("x", rebels_x)] == tally.rebel_total
        totals = next(t for t in fig.data if t.type == "scatter")
        assert totals.meta["totals"] == [tally.emperor_total, tally.rebel_total]
        palace = next(t for t in fig.data if t.meta == {"bonus": "palace"})
        village = next(t for t in fig.data if t.meta == {"bonus": "village"})
        assert list(palace.y) == [tally.palace_bonus, 0] and list(village.y) == [0, tally.village_bonus]
        winner = "emperor" if tally.winner == "emperor" else "rebels"
        assert ("emperor's side wins" if winner == "emperor" else "rebels win") in fig.layout.title.text


def test_rebellion_chart_lists_the_rewards_in_order(game5):
    i = next(i for i, s in enumerate(game5) for ev in s.events if isinstance(ev, RebellionResolved))
    tally, _ = rebellion_events(game5[: i + 10])
    fig = rebellion_chart(game5[: i + 10])
    text = fig.layout.annotations[0].text
    positions = [text.index(f"{k}. ") for k in range(1, len(tally.reward_order) + 1)]
    assert positions == sorted(positions)
    for k, seat in enumerate(tally.reward_order, start=1):
        assert SEAT_NAMES[seat] in text.split(f"{k}. ")[1].split("<br>")[0]


def test_rebellion_chart_rewards_fit_a_700_px_chart(game6):
    # the rewards once sat in a 300 px box right of the bars: cut off wherever the chart was shown narrower
    i = next(i for i, s in enumerate(game6) for ev in s.events if isinstance(ev, RebellionResolved))
    fig = rebellion_chart(game6[: i + 10])
    box = fig.layout.annotations[0]
    assert fig.layout.width <= 700 and fig.layout.margin.r <= 40
    assert box.xref == "paper" and box.xanchor == "left" and 0 <= box.x <= 0.05
    lines = box.text.count("<br>") + 1
    assert box.yanchor == "top" and box.y == 0 and box.yshift < 0
    # the box hangs below the axis: the bottom margin holds the legend (~120 px) and every line
    assert fig.layout.margin.b >= -box.yshift + 18 * lines


# -- timeline -----------------------------------------------------------------------------------------------
def test_timeline_has_the_score_parts_of_every_player_by_year_and_the_emperors(game4):
    fig = timeline_chart(game4)
    years = sorted({s.year for s in game4})
    ends = [[s for s in game4 if s.year == y][-1] for y in years]
    for seat in range(4):
        for part in SCORE_PARTS:
            bar = next(t for t in fig.data if t.meta == {"seat": seat, "part": part})
            assert list(bar.x) == years
        totals = next(t for t in fig.data if t.meta == {"seat": seat, "part": "total"})
        assert list(totals.y) == [{ln.seat: ln for ln in (s.scores or score(s))}[seat].total for s in ends]
    strip = next(t for t in fig.data if isinstance(t.meta, dict) and "emperors" in t.meta)
    assert strip.meta["emperors"] == [s.emperor for s in ends]
    assert list(strip.marker.color) == [SEAT_COLOURS[s.emperor] for s in ends]
