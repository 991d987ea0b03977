"""The board view (pure plotly) and the analysis tables of Ming Dynastie."""

from __future__ import annotations

import itertools

from lotus_kit.analysis.ming import (
    best_placements,
    district_frame,
    preview_chart,
    preview_frame,
    start_player_games,
    start_player_summary,
)
from lotus_kit.ming.board import standard_board
from lotus_kit.ming.screen import board_figure, geometry
from tests.ming.helpers import pos


def test_MING_CLAR_19_the_drawn_hexagons_share_an_edge_exactly_where_the_data_has_a_border():
    b = standard_board()
    g = geometry(b)
    touching = set()
    for a, c in itertools.combinations(b.districts, 2):
        if len(set(g["polys"][a]) & set(g["polys"][c])) == 2:
            touching.add(frozenset((a, c)))
    assert touching == {frozenset((a, c)) for a, c, _ in b.borders}
    assert len(g["edges"]) == 27


def _position():
    return pos(3, round=3, phase="phase3", seats={0: {"prince": "P1.T", "hand": {"HORSE": 1}, "spaces": {"RED": 3}}},
               districts={"P1.L": {"open": {"White": 2, "Grey": 1}, "cloister": "Grey"},
                          "P2.T": {"open": {"Black": 4}}})


def _trace(fig, meta):
    return next(t for t in fig.data if t.meta == meta)


def test_board_view_draws_every_district_border_cloister_house_prince_and_piece():
    fig = board_figure(_position())
    assert sum(1 for t in fig.data if str(t.meta).startswith("district:")) == 18
    assert len(_trace(fig, "borders").x) == 27 and "Horse" in _trace(fig, "borders").text
    cloisters = _trace(fig, "cloisters")
    assert len(cloisters.x) == 18 and list(cloisters.text).count("G") == 1      # Grey's cloister in P1.L
    assert len(_trace(fig, "houses").x) == 54                                    # 3 houses x 18 districts
    assert sorted(_trace(fig, "princes").text) == ["B", "G", "W"]
    assert sorted(_trace(fig, "members").text) == ["B4", "G1", "W2"]            # letter + count, not colour alone
    assert "RED<" in "".join(_trace(fig, "spaces").text) and "B3" in "".join(_trace(fig, "spaces").text)


def test_scoring_preview_table_and_chart_name_the_best_district():
    s = _position()
    frame = district_frame(s)
    assert frame.loc["P1.L", "White houses"] == 2 and frame.loc["P1.L", "Grey houses"] == 1   # cloister ignored
    assert frame.loc["P2.T", "Black houses"] == 2
    rows = preview_frame(s, 0)
    p1l = rows[(rows["district"] == "P1.L") & (rows["add"] == 3)].iloc[0]
    # Black 3 against White 2 and Grey 1: Black 2 houses, White 1, Grey none
    assert (p1l["houses_after"], p1l["taken_from"], p1l["possible"]) == (2, "White 1, Grey 1", True)
    assert p1l["swing"] == 2 + 2                 # Black gains 2 houses, White and Grey lose one each
    best = best_placements(s, 0)
    assert best.iloc[0]["district"] == "P1.L" and best.iloc[0]["add"] == 3 and bool(best.iloc[0]["possible"])
    fig = preview_chart(s, 0)
    assert "Black" in fig.layout.title.text and sum(len(t.x) for t in fig.data) == 18


def test_start_player_simulation_rows_and_summary():
    df = start_player_games(players=2, games=1, bot="random")
    assert len(df) == 2 * 3 and set(df["seat"]) == {-1, 0, 1}                  # the neutral as seat -1
    summary = start_player_summary(df)
    assert list(summary.index) == [0, 1] and (summary["fair_share"] == 0.5).all()


def test_the_shared_ui_finds_the_ming_screen_and_the_hand_comes_from_the_observation():
    from lotus_kit.ming.actions import ChooseReturn
    from lotus_kit.ming.game import MING
    from lotus_kit.ui.screen import screen_for
    screen = screen_for(MING)
    s = _position()
    assert type(screen).__name__ == "MingScreen" and screen.sealed_rule == "MING-CLAR-11"
    assert screen.board_figure(MING, s).layout.title.text.startswith("Ming Dynastie — round 3")
    html = screen.hand_html(MING, s, 0)
    assert "HORSE 1" in html and "RED 3" in html
    assert screen.private(MING, ChooseReturn(0, 1)) and screen.position_words(MING, s) == "round 3, phase 3 · princes"
    assert MING.position(screen.describe_position(MING, s)) == s


def test_the_table_panel_says_each_return_card_option_to_the_one_choosing():
    from lotus_kit.ming.screen import SCREEN
    from lotus_kit.ming.screen.panels import MingActionPanel, return_cards_for
    from lotus_kit.ui.session import GameSession
    assert [return_cards_for(v) for v in range(7)] == ["0", "1", "2", "3", "1 + 3", "2 + 3", "1 + 2 + 3"]
    from lotus_kit.ming.bots import HeuristicBot
    session = GameSession(game="ming", players=3, seed=3, seats=["human", "human", "human"])
    bot = HeuristicBot(1)
    while session.decision().kind != "choose_return":
        seat = min(session.to_act())
        ok, words = session.act(bot.choose(session.state, seat))
        assert ok, words
    panel = MingActionPanel(session)
    labels = [label for label, _ in panel.choices.options]
    assert labels[:2] == ["Play return cards 0: keep every piece in the city",
                          "Play return cards 1: return 1 piece to the districts"]
    assert len(set(labels)) == len(labels) >= 2            # every option says its own value
    # at the table every decision kind has its own phase panel (the generic list is the fallback)
    from lotus_kit.ming.words import DECISION_RULES
    assert set(SCREEN.phase_panels(session.game)) == (set(DECISION_RULES) - {"over"}) | {"game_over"}


def test_every_phase_has_words_for_the_title_and_the_timeline():
    # a person reads "phase 3 · princes", not the engine's name "phase3" (§5-§10)
    from lotus_kit.ming.screen.board import PHASE_WORDS
    from lotus_kit.ming.state import PHASE_NAMES
    assert set(PHASE_WORDS) == {str(p) for p in PHASE_NAMES}
    assert not any("_" in w or "phase1" in w or "phase3" in w for w in PHASE_WORDS.values())


def test_the_table_panel_narrows_a_long_ming_choice_down_and_keeps_its_words():
    import random

    from lotus_kit.ming.screen.panels import MingActionPanel
    from lotus_kit.ui.panel import GROUP_ABOVE
    from lotus_kit.ui.session import GameSession
    session = GameSession(game="ming", players=3, seed=3, seats=["human", "human", "human"])
    rng = random.Random(3)
    while len(session.legal(min(session.to_act()))) <= GROUP_ABOVE:
        assert session.act(rng.choice(session.legal(min(session.to_act()))))[0]
    legal = session.legal(min(session.to_act()))
    panel = MingActionPanel(session)
    assert panel.pickers and 0 < len(panel.choices.options) <= GROUP_ABOVE
    k = panel.choices.options[0][1]
    assert panel.choices.options[0][0] == session.game.describe(legal[k], session.state)
    assert panel.choose(panel.choices.options[0][0]) and session.actions[-1] == legal[k]
