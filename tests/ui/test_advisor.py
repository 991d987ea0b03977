"""The advisor widget: equilibrium bids (WL-CONF-6..10) and rebellion sides (WL-REB-2..6), driven as a user would."""

from __future__ import annotations

import numpy as np
import pytest

from lotus_kit.ui.advisor import Advisor
from lotus_kit.white_lotus.actions import DeclareRebellion
from lotus_kit.white_lotus.analysis import bidding
from lotus_kit.white_lotus.engine import apply, new_game
from lotus_kit.white_lotus.position import position
from tests.ui.helpers import shown

DUEL = {"players": 3, "phase": 2, "emperor": 2,
        "owners": {"DATO": [2, "P"], "JINA": [2, "T"], "FENG": [2, "R"], "HENA": [1, "F"], "CHEN": [1, "V"],
                   "LUZH": [0, "V"]},
        "neutral": {"TIAN": "P"}, "markers": {"TIAN": [0, 1]}}

THREE_WAY = {"players": 4, "phase": 2, "emperor": 3,
             "owners": {"DATO": [3, "P"], "JINA": [3, "T"], "FENG": [2, "R"], "HENA": [1, "F"], "CHEN": [1, "V"],
                        "LUZH": [0, "V"]},
             "neutral": {"TIAN": "P"}, "markers": {"TIAN": [0, 1, 2]},
             "hands": {0: {"influence": [3, 1, 0]}, 1: {"influence": [2, 2, 0]}, 2: {"influence": [3, 0]}}}

REBELLION = {"players": 4, "phase": 4, "emperor": 0,
             "owners": {"DATO": [0, "P"], "JINA": [0, "P"], "FENG": [1, "V"], "HENA": [1, "V"], "CHEN": [2, "V"],
                        "LUZH": [2, "T"], "TIAN": [3, "R"]},
             "hands": {0: {"combat": [2]}, 1: {"combat": [3]}, 2: {"combat": [3]}, 3: {"combat": [1]}}}


def test_wl_conf_6_a_duel_is_solved_on_sight_with_a_chart_and_the_odds_of_a_bid():
    adv = Advisor(position(DUEL))
    assert adv.kind == "conflict" and adv.advice is not None
    assert "Tianlin" in adv.head.value and "Red" in adv.summary.value and "Blue" in adv.summary.value
    assert shown(adv.mix_chart) and len(adv.mix_chart.figure.data) == 2          # a bar series per participant
    assert shown(adv.choice_box) and [v for _, v in adv.seat.options] == [0, 1]
    best = int(adv.advice.strategies[0].argmax())
    assert adv.option.value == best                                                 # the likeliest bid preselected
    assert shown(adv.odds_chart)
    adv.option.value = 0                                                            # Red bids nothing
    frame = adv.choose(0, 0)
    assert frame["bid"].iloc[0] in ("nothing", "bluff with the 0")
    assert (frame["influence_lost"] == 0).all()                                     # nothing bid, nothing lost
    assert "Bid " in adv.odds_chart.figure.layout.title.text


def test_wl_conf_9_the_exchange_rate_and_the_model_re_solve():
    adv = Advisor(position(DUEL))
    before = adv.advice
    adv.rate.value = 1.5                         # influence is dear: bid less
    assert adv.advice is not before and adv.advice.game.vp_per_influence == 1.5
    spent = [float(np.dot(a.strategies[0], [v for _, v in a.game.options[0]])) for a in (before, adv.advice)]
    assert spent[1] < spent[0]
    adv.model.value = "general_sum"
    assert adv.advice.model == "general_sum"
    adv.tie.value = "uniform"
    assert adv.advice.game.tie == "uniform"


def test_three_participants_wait_for_solve():
    adv = Advisor(position(THREE_WAY))
    assert adv.kind == "conflict" and adv.advice is None and "Solve" in adv.message.value
    ok, _ = adv.solve()
    assert ok and adv.advice is not None and len(adv.advice.participants) == 3
    adv.seat.value = 2
    assert [k for _, k in adv.option.options] == list(range(len(adv.advice.game.options[2])))
    assert "name " in adv.option.label                     # with three, a bid names its target (WL-CONF-6)


def test_wl_reb_2_a_rebellion_before_anyone_leads_offers_every_candidate():
    state = position(REBELLION)
    adv = Advisor(state)
    assert adv.kind == "rebellion" and shown(adv.leader)
    candidates = [v for _, v in adv.leader.options]
    assert candidates == list(state.step.ask_order)
    assert adv.advice.leader == candidates[0]
    adv.leader.value = candidates[1]
    assert adv.advice.leader == candidates[1]
    assert shown(adv.mix_chart) and "rebels win" in adv.mix_chart.figure.layout.title.text
    adv.seat.value = 3
    frame = adv.choose(3, 0)
    assert list(frame["opponents"]) == ["equilibrium", "heuristic", "random"]


def test_wl_reb_3_once_a_leader_is_chosen_only_he_is_offered():
    state = apply(position(REBELLION), DeclareRebellion(1, True))
    adv = Advisor(state)
    assert adv.kind == "rebellion" and not shown(adv.leader) and adv.advice.leader == 1


def test_other_decisions_get_a_note_and_nothing_is_solved():
    adv = Advisor(new_game(4, seed=1))
    assert adv.kind == "" and adv.advice is None and "sealed choices" in adv.head.value
    assert not shown(adv.controls) and adv.solve() == (False, "nothing to solve here")
    adv.show(position(DUEL))
    assert adv.kind == "conflict" and adv.advice is not None
    adv.show(None)
    assert adv.advice is None and not shown(adv.mix_chart) and not shown(adv.choice_box)


def test_a_failing_analysis_is_a_message_not_a_traceback(monkeypatch):
    def broken(*_args, **_kwargs):
        raise ValueError("the table would have 9,999,999 rows")

    monkeypatch.setattr(bidding, "best_bids", broken)
    adv = Advisor(position(DUEL))
    assert adv.advice is None and "lotus-error" in adv.message.value and "9,999,999" in adv.message.value
    with pytest.raises(ValueError, match="solve first"):
        adv.choose(0, 0)


def test_wl_conf_8_at_a_tie_the_advice_is_for_the_round_before_the_bids():
    from lotus_kit.white_lotus.actions import Bid

    state = apply(apply(position(DUEL), Bid(0, 1, (3,))), Bid(1, 0, (3,)))
    assert state.conflict.tied                                       # the emperor must break it (WL-CONF-8)
    adv = Advisor(state)
    assert "emperor breaks the tie" in adv.head.value and adv.advice is not None
    assert "uniformly at random: he is not involved" in adv.summary.value      # Green is emperor, not bidding


def test_without_auto_solve_the_message_says_solve_for_the_right_reason():
    adv = Advisor(position(DUEL), auto_solve=False)
    assert adv.advice is None and "Choose the settings" in adv.message.value and "Three" not in adv.message.value
    assert adv.solve()[0] and adv.advice is not None


def test_a_chart_that_fails_is_drawn_again_next_time():
    import pandas as pd

    from lotus_kit.ui.phases.conflicts import ChartBox
    from lotus_kit.views.analysis_charts import convergence_chart

    box = ChartBox()

    def broken():
        raise ValueError("no data")

    with pytest.raises(ValueError):
        box.show("k", broken)
    assert box.key is None
    assert box.show("k", lambda: convergence_chart(pd.DataFrame({"iteration": [1], "nash_conv": [0.1]})))


@pytest.mark.parametrize("second", ["same kind", "other kind"])
def test_replace_figure_leaves_the_widget_equal_to_the_new_chart(second):
    import pandas as pd

    from lotus_kit.ui.board import LiveFigureWidget
    from lotus_kit.ui.phases.conflicts import replace_figure
    from lotus_kit.views.analysis_charts import bid_mix_chart, convergence_chart

    a = bid_mix_chart(bidding.best_bids(position(DUEL)))
    b = (bid_mix_chart(bidding.best_bids(position(DUEL), vp_per_influence=1.2)) if second == "same kind"
         else convergence_chart(pd.DataFrame({"iteration": [1, 2], "nash_conv": [0.3, 0.1]})))
    w = LiveFigureWidget(a)
    replace_figure(w, b)
    strip = lambda f: [{k: v for k, v in t.items() if k != "uid"} for t in f.to_plotly_json()["data"]]  # noqa: E731
    assert strip(w) == strip(b)
    assert w.layout.title.text == b.layout.title.text
    assert list(w.layout.xaxis.categoryarray or ()) == list(b.layout.xaxis.categoryarray or ())
