"""The charts of the analysis say what the results say (bid mixes, sides, odds, convergence)."""

from __future__ import annotations

import pandas as pd
import pytest

from lotus_kit.analysis import best_bids, best_sides
from lotus_kit.views.analysis_charts import (
    bid_mix_chart,
    bid_odds_chart,
    convergence_chart,
    side_odds_chart,
    sides_chart,
)
from lotus_kit.white_lotus.position import position
from tests.ui.test_advisor import DUEL, REBELLION


def test_bid_mix_chart_lists_bids_smallest_first_one_series_per_participant():
    advice = best_bids(position(DUEL))
    fig = bid_mix_chart(advice)
    assert [t.name for t in fig.data] == ["Red", "Blue"]
    for t, s in zip(fig.data, advice.participants, strict=True):
        assert sum(t.y) == pytest.approx(sum(p for _, p in advice.mix(s)))
    order = list(fig.layout.xaxis.categoryarray)
    totals = {label: sum(int(c) for c in label.split("+")) if label[0].isdigit() else 0 for label in order}
    assert [totals[label] for label in order] == sorted(totals[label] for label in order)
    assert set(order) == {label for t in fig.data for label in t.x}


def test_sides_chart_and_side_odds_chart():
    advice = best_sides(position(REBELLION), leader=1, progress=False)
    fig = sides_chart(advice)
    emperor_side, rebel_side = fig.data
    assert [a + b for a, b in zip(emperor_side.y, rebel_side.y, strict=True)] == pytest.approx([1.0] * 4)
    assert f"{advice.odds().p_rebels:.0%}" in fig.layout.title.text
    frame = advice.choice_odds(2, ("rebels", 3))
    odds = side_odds_chart(frame)
    assert list(odds.data[0].x) == ["equilibrium", "heuristic", "random"]
    assert list(odds.data[0].y) == pytest.approx(list(frame["p_side_wins"]))


def test_bid_odds_chart_stacks_to_one():
    advice = best_bids(position(DUEL))
    frame = advice.odds(0, (3, 2))
    fig = bid_odds_chart(frame)
    bars = [t for t in fig.data if t.type == "bar"]
    totals = [sum(t.y[i] for t in bars) for i in range(3)]
    assert totals == pytest.approx([1.0, 1.0, 1.0])


def test_convergence_chart_marks_estimates():
    exact = pd.DataFrame({"iteration": [20, 40], "nash_conv": [0.5, 0.01], "estimated": [False, False]})
    fig = convergence_chart(exact)
    assert len(fig.data) == 1 and fig.data[0].line.dash == "solid" and "estimated" not in fig.layout.title.text
    sampled = exact.assign(estimated=True, nash_conv_low=[0.3, 0.0])
    fig = convergence_chart(sampled)
    assert len(fig.data) == 2 and fig.data[0].line.dash == "dash" and "estimated" in fig.layout.title.text
    assert min(fig.data[1].y) > 0                                   # zero would vanish on a log axis
