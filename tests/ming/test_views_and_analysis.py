"""The board view (pure plotly) and the analysis tables of Ming Dynastie."""

from __future__ import annotations

import itertools

import pytest

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
    p1l = rows[(rows["district"] == "P1.L") & (rows["add"] == 3) & ~rows["cloister"]].iloc[0]
    # Black 3 against White 2 and Grey 1: Black 2 houses, White 1, Grey none; at the scoring after round 4
    # Black's 2 city pieces score 3 each (MING-SCORE-5) and, the most in the RED city, the bonus (MING-SCORE-6)
    assert (p1l["houses_before"], p1l["houses_after"], p1l["possible"]) == (0, 2, True)
    assert (p1l["points"], p1l["MING-SCORE-5 city points"], p1l["MING-SCORE-6 city bonus"]) == (10, 6, 4)
    assert p1l["rivals"] == "White -7, Grey -3"          # White loses a house and the bonus, Grey its house
    # one of the three into Grey's cloister ousts Grey's piece to the open area (MING-DEP-3): 2 against 2
    # against 2, one house each (MING-SCORE-1), and the cloister scores 4 (MING-SCORE-8)
    oust = rows[(rows["district"] == "P1.L") & (rows["add"] == 3) & rows["cloister"]].iloc[0]
    assert (oust["ousts"], oust["houses_after"], oust["MING-SCORE-8 cloisters"], oust["points"]) == ("Grey", 1, 4, 11)
    best = best_placements(s, 0)
    top = best.iloc[0]
    # better: the empty P1.T where the prince stands (a stay), 2 houses, the bonus and the cloister
    assert (top["district"], top["add"], bool(top["cloister"]), bool(top["possible"])) == ("P1.T", 3, True, True)
    assert top["points"] == top["points_after"] - top["points_before"] == 14
    fig = preview_chart(s, 0)
    assert "Black" in fig.layout.title.text and "phase 3 · princes" in fig.layout.title.text
    assert "phase3" not in fig.layout.title.text
    bars = [t for t in fig.data if t.type == "bar" and t.x[0] is not None]
    assert {t.name for t in bars} >= {"MING-SCORE-5 city points", "MING-SCORE-8 cloisters"}
    assert all(len(t.x) == 18 for t in bars)


def test_the_preview_chart_after_the_game_shows_the_final_scores():
    from lotus_kit.ming.engine import new_game
    from tests.ming.helpers import play_random
    end = play_random(new_game(3, seed=4, start_player=0), seed=4, check=False)
    fig = preview_chart(end, 1)
    assert "game is over" in fig.layout.title.text and "final scores" in fig.layout.title.text
    assert list(fig.data[0].y) == list(end.scores) and len(fig.data) == 1
    assert preview_frame(end, 1).empty and best_placements(end, 1).empty


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


def test_the_legend_explains_every_transport_word_drawn_on_a_border():
    fig = board_figure(_position(), width=740)
    words = set(_trace(fig, "borders").text)
    legend = {t.name.split(" = ")[0]: t.name for t in fig.data if str(t.meta).startswith("transport:")}
    assert words == set(legend) and len(words) == 6          # Palq, Rick, ... each with its card's name
    assert legend["Palq"] == "Palq = palanquin" and legend["Rick"] == "Rick = rickshaw"
    assert "MING-PH3-2" in fig.layout.legend.title.text


@pytest.mark.parametrize("width", [740, 1024])
def test_border_words_are_readable_and_clear_of_every_prince_cloister_and_family_member(width):
    # at the table's width (740 px in a 1024x768 window) as at full size; a prince may stand in any district
    from lotus_kit.ming.screen.board import R
    fig = board_figure(_position(), width=width)
    lay, g = fig.layout, geometry(standard_board())
    borders = _trace(fig, "borders")
    assert borders.textfont.size >= 9
    plot_h = lay.height - lay.margin.t - lay.margin.b - 60        # less the legend's rows below the map
    unit = min((lay.width - lay.margin.l - lay.margin.r) / (lay.xaxis.range[1] - lay.xaxis.range[0]),
               plot_h / (lay.yaxis.range[1] - lay.yaxis.range[0]))                  # px per map unit
    sizes = {what: _trace(fig, meta).marker.size for what, meta in
             (("prince", "princes"), ("cloister", "cloisters"), ("members", "members"))}
    spots = []
    for a in g["anchors"].values():
        spots += [(a["prince"], sizes["prince"]), (a["cloister"], sizes["cloister"])]
        mx, my = a["members"]
        spots += [((mx + dx * 0.2 * R, my + dy * 0.2 * R), sizes["members"]) for dx in (-.5, .5) for dy in (-.5, .5)]
    font, box = borders.textfont.size, borders.marker.size
    for x, y, word in zip(borders.x, borders.y, borders.text, strict=True):
        half_w, half_h = max(box, 0.55 * font * len(word)) / 2, box / 2      # the box, or the word if wider
        for (px, py), size in spots:
            gap = max(abs(px - x) * unit - half_w - size / 2, abs(py - y) * unit - half_h - size / 2)
            assert gap > 0, (word, x, y, px, py, gap)


def test_what_the_preview_notebook_says_of_its_position_is_what_the_preview_finds():
    # notebooks/ming_scoring_preview_question.ipynb: "Of what Black can do now, three pieces with one into the
    # cloister bring the most, 14 points, in P1.L, P1.R or P4.L ... White loses its 4 cloister points and Grey
    # its house in P1.L (3), `net` 21"
    import json
    from pathlib import Path
    cell = json.loads((Path(__file__).parents[2] / "notebooks/ming_scoring_preview_question.ipynb").read_text())
    source = "".join(cell["cells"][1]["source"]).split("print(")[0]
    space: dict = {}
    exec(source, space)
    best = best_placements(space["state"], 0)
    now = best[best["possible"]]
    top = now[now["points"] == now["points"].max()]
    assert sorted(top["district"]) == ["P1.L", "P1.R", "P4.L"] and set(top["points"]) == {14}
    assert top["add"].eq(3).all() and top["cloister"].all() and top["possible"].all()
    assert (top["MING-SCORE-5 city points"].eq(6) & top["MING-SCORE-6 city bonus"].eq(4)
            & top["MING-SCORE-8 cloisters"].eq(4)).all()
    p1l = top[top["district"] == "P1.L"].iloc[0]
    assert (p1l["ousts"], p1l["rivals"], p1l["net"]) == ("White", "White -4, Grey -3", 21)
