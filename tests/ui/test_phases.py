"""Each phase panel driven through its widgets: legal choices only, refusals with the rule id, outcomes
in words with rule links, the reveal charts."""

from __future__ import annotations

import re

import pytest

from lotus_kit.ui.board import BoardWidget
from lotus_kit.ui.phases import (
    CardPicker,
    ClaimsPanel,
    ConflictsPanel,
    EmperorPanel,
    GameOverPanel,
    IncomePanel,
    RebellionPanel,
    TerritoriesPanel,
)
from lotus_kit.ui.phases.income import income_table_html
from lotus_kit.ui.phases.text import linkify, rule_text, shown_text
from lotus_kit.ui.session import GameSession, describe_position
from lotus_kit.white_lotus.actions import PlaceMarker
from lotus_kit.white_lotus.engine import new_game

# Red, Blue and Green own the lotus provinces; a palace for Chengdu is claimed by Red and Blue
CONFLICT = {"players": 4, "phase": 2, "emperor": 2,
            "owners": {"DATO": [2, "P"], "JINA": [3, "T"], "FENG": [2, "R"], "HENA": [3, "F"],
                       "LUZH": [1, "V"], "TIAN": [0, "V"]},
            "neutral": {"CHEN": "P"}, "markers": {"CHEN": [0, 1]}}
# Blue is emperor with a palace; Red owns two villages and three combat 3s
REBELLION = {"players": 3, "phase": 4, "emperor": 1,
             "owners": {"DATO": [1, "P"], "JINA": [1, "T"], "FENG": [2, "R"], "HENA": [2, "F"], "LUZH": [0, "V"],
                        "TIAN": [0, "V"], "CHEN": [2, "V"], "WUCH": [1, "F"]},
             "hands": {"0": {"influence": [0], "combat": [3, 3, 3]}}}
# example E4 of the rules: 1 palace, 1 temple, 2 rice fields, 1 fortress, 3 villages
INCOME = {"players": 3, "phase": 5, "owners": {
    "FENG": [0, "P"], "HENA": [0, "T"], "DATO": [0, "R"], "JINA": [0, "R"], "CHEN": [0, "F"], "TIAN": [0, "V"],
    "LUZH": [0, "V"], "TAIY": [0, "V"]}}
# Red is emperor with a temple: he draws first and may draw again
TERRITORY = {"players": 3, "phase": 6, "emperor": 0,
             "owners": {"DATO": [1, "P"], "JINA": [0, "T"], "FENG": [2, "R"], "HENA": [2, "F"], "LUZH": [0, "V"],
                        "TIAN": [0, "V"], "CHEN": [2, "V"]}}


def error(panel) -> str:
    assert "lotus-error" in panel.feedback.value, panel.feedback.value
    return shown_text(panel.feedback.value)


def text(html: str) -> str:
    return shown_text(html)


def test_rule_ids_open_their_rule_text_in_place_with_no_link_to_follow():
    html = linkify("Blue leaves (WL-CONF-8).")
    assert ">WL-CONF-8</summary>" in html and "href" not in html       # no server path to answer 403
    assert "Who leaves" in rule_text("WL-CONF-8") and 'title="WL-CONF-8. Who leaves' in html
    body = re.search(r'<span class="lotus-rule-text"[^>]*>(.*?)</span></details>', html).group(1)
    assert body.startswith("WL-CONF-8. Who leaves") and "highest pressure" in body


# -- phase 1 ------------------------------------------------------------------------------------------
def test_claims_panel_board_click_list_and_out_of_turn_refusal():
    s = GameSession(players=3, seed=1, first_emperor=0, seats=["human", "heuristic", "human"])
    board = BoardWidget(s.state)
    panel = ClaimsPanel(s, board)
    assert panel.deciding() == 0 and panel.controls.layout.display == "flex"
    legal = {a.province for a in s.legal(0)}
    assert {v for _, v in panel.province.options} == legal == board.highlighted()
    assert panel.pass_button.layout.display == "none"          # the first 3 markers are mandatory
    assert "Red" in text(panel.status.value) and "to place" in text(panel.status.value)
    board.click("CHEN")                                          # click the board
    assert 0 in s.state.markers_on("CHEN") and "claims Chengdu" in text(panel.feedback.value)
    assert "Red claims Chengdu" in text(panel.outcome.value) and "<summary" in panel.outcome.value
    # Blue (a bot) placed; now Green (the second human) must place: a click "as Red" is out of turn
    assert s.human_to_act() == [2]
    panel.seat = 0
    n = len(s.actions)
    board.click("DATO")
    assert error(panel).startswith("WL-PLACE-3: it is Green's turn") and len(s.actions) == n
    panel.seat = None
    board.click("HANZ")                                          # an empty province
    assert "WL-PLACE-2" in error(panel) and "Hanzhong is empty" in error(panel) and len(s.actions) == n
    panel.province.value = panel.province.options[0][1]
    panel.place_button.click()
    assert len(s.actions) > n and "lotus-ok" in panel.feedback.value


def test_wl_place_4_pass_is_offered_for_optional_rice_field_markers_only():
    desc = describe_position(new_game(3, seed=1))
    rice = next(pid for pid, k in desc["neutral"].items() if k == "R")
    desc["owners"][rice] = [0, desc["neutral"].pop(rice)]
    s = GameSession.from_position(desc, seats=["human"] * 3)
    panel = ClaimsPanel(s)
    assert "1 optional from rice fields" in text(panel.status.value)
    for _ in range(3):                          # three rounds of three markers
        for _seat in range(3):
            assert panel.pass_button.layout.display == "none"
            panel.place_button.click()
    assert s.human_to_act() == [0] and panel.pass_button.layout.display != "none"
    assert "optional" in text(panel.hint.value)
    panel.pass_button.click()
    assert "passes on his optional markers" in text(panel.outcome.value)
    assert int(s.state.phase) == 2                            # nobody else may place: phase 2 begins


def test_a_click_when_no_human_must_act_is_refused_in_words():
    s = GameSession(players=3, seed=1, first_emperor=1, seats=["human", "heuristic", "heuristic"])
    panel = ClaimsPanel(s, run_bots=False)
    panel.province_clicked("CHEN")
    assert error(panel).startswith("It is not a human player's turn: Blue (heuristic bot) must act")
    assert s.actions == []


# -- phase 2 ------------------------------------------------------------------------------------------
def test_conflict_bids_tie_refund_and_reveal_through_the_panel():
    s = GameSession.from_position(CONFLICT, seats=["human", "human", "human", "heuristic"])
    board = BoardWidget(s.state)
    panel = ConflictsPanel(s, board)
    assert panel.bid_box.layout.display == "flex" and panel.choose_box.layout.display == "none"
    assert "Conflict for Chengdu" in text(panel.status.value) and "Red … thinking" in text(panel.status.value)
    # a board click during a conflict is refused: bids are made with cards
    board.click("CHEN")
    assert "Finish the conflict in Chengdu first" in error(panel)
    # no dragon card chosen yet
    panel.target.value = None
    panel.cards.select((3,))
    panel.bid_button.click()
    assert "Choose whom your dragon card names" in error(panel)
    # an illegal card selection (cards Red does not hold) is refused by the engine; nothing changes
    n = len(s.actions)
    panel.target.value = 1
    panel.cards.set_cards((3, 3, 3, 3, 3))
    panel.cards.select((3, 3, 3, 3, 3))
    panel.bid_button.click()
    assert error(panel).startswith("WL-CONF-6: you do not hold the cards [3, 3, 3, 3, 3]") and len(s.actions) == n
    panel.cards.set_cards(s.state.hands[0].influence_cards())
    panel.cards.select((3,))
    panel.bid_button.click()
    assert "lotus-ok" in panel.feedback.value and s.human_to_act() == [1]
    assert "Red's bid is committed, sealed until everyone has chosen (WL-INFO-3)" in text(panel.feedback.value)
    assert "Red ✓ committed" in text(panel.status.value)
    assert panel.reveal.value == ""                              # sealed: nothing revealed yet
    # Blue names Red with 3 too: a tie, the emperor (Green) decides
    panel.cards.select((3,))
    panel.bid_button.click()
    assert s.human_to_act() == [2] and panel.tie_box.layout.display == "flex"
    assert "tie on the highest pressure" in text(panel.status.value)
    assert "Pressure: Red 3, Blue 3" in text(panel.status.value)
    panel.tie_button.click()
    assert "Choose which of the tied players leaves" in error(panel)
    panel.tied.value = 1
    panel.tie_button.click()
    # Blue leaves and takes back 3 - 1 = 2 influence, choosing the card values
    assert s.human_to_act() == [1] and panel.refund_box.layout.display == "flex"
    assert [v for _, v in panel.refund.options] == [(2,), (1, 1)]
    panel.refund.value = (1, 1)
    panel.refund_button.click()
    assert s.state.owner("CHEN") == 0
    out = text(panel.reveal.value)
    assert "emperor Green sends Blue out (WL-CONF-8)" in out
    fig = panel.chart.figure
    assert fig is not None and "Conflict for Chengdu" in fig.layout.title.text
    assert "Blue takes back 2 influence" in text(panel.outcome.value)
    assert "Red wins the conflict and takes Chengdu" in text(panel.outcome.value)


def test_the_emperor_picks_the_next_province_from_the_list_or_the_board():
    desc = dict(CONFLICT, markers={"CHEN": [0], "HANZ": [1]}, neutral={"CHEN": "P", "HANZ": "T"})
    desc["owners"] = dict(CONFLICT["owners"], GONG=[3, "V"])
    s = GameSession.from_position(desc, seats=["human", "human", "human", "human"])
    board = BoardWidget(s.state)
    panel = ConflictsPanel(s, board)
    assert panel.deciding() == 2 and panel.choose_box.layout.display == "flex"
    assert sorted(v for _, v in panel.province.options) == ["CHEN", "HANZ"]
    board.click("DATO")                                         # no marker there
    assert error(panel).startswith("WL-CONF-1: Datong carries no marker")
    board.click("HANZ")
    assert s.state.owner("HANZ") == 1 and s.state.owner("CHEN") == 0       # the last one resolves itself
    assert "Blue is alone and takes Hanzhong" in text(panel.outcome.value)


# -- phase 3 ------------------------------------------------------------------------------------------
def test_emperor_panel_says_who_gets_the_point_and_why():
    s = GameSession(players=3, seed=2, seats=["heuristic"] * 3)
    panel = EmperorPanel(s)
    assert "Not yet this year" in text(panel.outcome.value)
    s.run_bots(limit=25)
    while int(s.state.phase) < 4 and not s.is_over:
        s.run_bots(limit=1)
    out = text(panel.outcome.value)
    assert "takes a VP chip (WL-EMPVP-1)" in out and "Why " in out and "Palaces now:" in out


# -- phase 4 ------------------------------------------------------------------------------------------
def test_rebellion_lead_sides_tally_and_reward_through_the_panel():
    s = GameSession.from_position(REBELLION, seats=["human", "human", "human"])
    board = BoardWidget(s.state)
    panel = RebellionPanel(s, board)
    assert "Asked in village order: Red (2 villages) → Green (1 village)" in text(panel.status.value)
    assert panel.ask_box.layout.display == "flex"
    panel.lead_button.click()
    assert s.state.rebel_leader == 0 and panel.side_box.layout.display == "flex"
    assert [v for _, v in panel.side.options] == ["rebels"]        # the leader's side is fixed
    panel.combat.select((3, 3, 3))
    panel.join_button.click()
    assert s.human_to_act() == [1, 2]                              # sealed: asked seat by seat
    panel.join_button.click()
    assert s.human_to_act() == [2]
    panel.join_button.click()                                      # Green has not picked a side
    assert "Pick a side first" in error(panel)
    panel.side.value = "rebels"
    panel.join_button.click()
    tally = text(panel.tally.value)
    assert "the rebels win" in tally and "village bonus 2" in tally
    assert panel.chart.figure is not None and "Rebellion" in panel.chart.figure.layout.title.text
    # Red takes a reward: provinces of losers next to his own are highlighted
    assert panel.reward_box.layout.display == "flex" and board.highlighted() == {"WUCH"}
    board.click("DATO")                                            # not next to Red's provinces
    assert error(panel).startswith("WL-REB-10: Datong does not border a province you own")
    board.click("WUCH")
    assert s.state.owner("WUCH") == 0 and "Red takes Wuchang (F) from Blue" in text(panel.tally.value)


def test_rebellion_reward_can_be_a_vp_chip_and_declining_is_explained():
    s = GameSession.from_position(REBELLION, seats=["human", "human", "human"])
    panel = RebellionPanel(s)
    panel.decline_button.click()
    assert "Red (2 village(s)) declines to lead" in text(panel.outcome.value)
    panel.decline_button.click()
    assert "No rebellion this year" in text(panel.outcome.value) and int(s.state.phase) == 5


# -- phase 5 ------------------------------------------------------------------------------------------
def test_income_table_palace_choice_and_card_values():
    s = GameSession.from_position(INCOME, seats=["human", "human", "human"])
    panel = IncomePanel(s)
    table = text(panel.table.value)
    assert "17" in table and "6" in table                     # E4: 17 influence / 6 combat
    assert panel.influence_cards.value == "3+3+3+3+3+2" and panel.combat_cards.value == "3+3"
    panel.palaces.value = 1
    assert "15" in text(panel.table.value) and panel.combat_cards.value == "3+3+1"
    assert text(income_table_html(s.state, 0, 1)).count("total") == 1
    # card values that do not add up are refused with the rule
    panel.influence_cards.value = "3+3+3"
    n = len(s.actions)
    panel.take_button.click()
    assert error(panel).startswith("WL-CARDS-6: your influence is 15") and len(s.actions) == n
    panel.influence_cards.value = "3, x"
    panel.take_button.click()
    assert "whole numbers" in error(panel)
    panel.influence_cards.value = "2+2+2+2+2+2+3"
    panel.take_button.click()
    assert "lotus-ok" in panel.feedback.value and s.human_to_act() == [1, 2]
    panel.take_button.click()
    panel.take_button.click()
    assert s.state.hands[0].influence_counts()[2] >= 6            # his own split was paid
    assert "Red takes 15 influence and 7 combat" in text(panel.outcome.value)


# -- phase 6 ------------------------------------------------------------------------------------------
def test_territories_place_the_drawn_chip_and_temple_draws():
    s = GameSession.from_position(TERRITORY, seats=["human", "heuristic", "heuristic"])
    board = BoardWidget(s.state)
    panel = TerritoriesPanel(s, board, run_bots=False)
    assert "drew a" in text(panel.status.value) and panel.place_box.layout.display == "flex"
    assert {v for _, v in panel.province.options} == board.highlighted()
    board.click("FUZH")                                        # empty, but next to no chip
    assert error(panel).startswith("WL-TERR-2: Fuzhou does not border a province holding a chip")
    board.click("DATO")
    assert error(panel).startswith("WL-TERR-2: Datong already holds a chip")
    board.click("HANZ")
    assert s.state.chip("HANZ") is not None
    assert panel.temple_box.layout.display == "flex"           # Red owns a temple
    panel.draw_button.click()
    assert panel.place_box.layout.display == "flex"
    panel.place_button.click()
    assert "with a temple's extra draw" in text(panel.outcome.value)


# -- the end ------------------------------------------------------------------------------------------
def test_game_over_panel_shows_the_final_score():
    s = GameSession(players=3, seed=6, seats=["heuristic", "random", "heuristic"])
    panel = GameOverPanel(s)
    assert "not over" in text(panel.status.value)
    s.run_bots()
    out = text(panel.outcome.value)
    assert "Final scores" in out and "Final score" in out and "★ winner" in out


def test_card_picker_keeps_its_selection_until_the_cards_change():
    p = CardPicker("combat")
    p.set_cards((1, 3, 2))
    assert p.cards == (3, 2, 1)
    p.select((3, 1))
    p.set_cards((3, 2, 1))
    assert p.selected == (3, 1)
    p.set_cards((3, 2))
    assert p.selected == ()
    p.set_cards(())
    assert "no cards" in p.total.value


@pytest.mark.parametrize("panel_cls", [ClaimsPanel, ConflictsPanel, RebellionPanel, IncomePanel, TerritoriesPanel])
def test_every_panel_says_when_it_is_not_its_phase(panel_cls):
    s = GameSession(players=3, seed=1, seats=["human"] * 3)
    s.act(PlaceMarker(s.state.emperor, "CHEN"))
    panel = panel_cls(s)
    if panel_cls is ClaimsPanel:
        assert panel.controls.layout.display == "flex"
    else:
        assert "Not yet" in panel.status.value and panel.controls.layout.display == "none"


# -- walkthrough sections: each phase on its own copy of the game ------------------------------------------
def walkthrough():
    from lotus_kit.ui.phases import Walkthrough
    from lotus_kit.white_lotus.bots import HeuristicBot

    game = GameSession(players=4, seed=7, first_emperor=0, seats=["human", "heuristic", "heuristic", "heuristic"])
    return Walkthrough(game, HeuristicBot(seed=1), board_width=500)


def test_a_panel_pinned_to_year_1_keeps_showing_year_1_after_the_game_moved_on():
    from lotus_kit.white_lotus.bots import HeuristicBot

    walk = walkthrough()
    walk.panel(1)
    panel = walk.panels[1]
    walk.play_for_me(1)
    assert "year 1" in panel.heading.value
    assert "Phase 1 of year 1 is over" in panel.status.value
    # the same copy played on into year 2: the panel still lists year 1's claims, not year 2's
    session, coach = walk.section(1), HeuristicBot(seed=2)
    while session.state.year < 2:
        humans = session.human_to_act()
        session.act(coach.choose(session.state, humans[0])) if humans else session.run_bots()
    assert "Phase 1 of year 1 is over" in panel.status.value and "game is over" not in panel.status.value
    year_1 = [e for e in session.log_for(1, 1) if e.event.kind == "MarkerPlaced"]
    assert len(year_1) == 12 and panel.outcome.value.count(" claims ") == 12     # 4 seats x 3 markers


def test_walkthrough_sections_are_forks_the_setup_and_earlier_sections_stay_put():
    walk = walkthrough()
    board = walk.setup_board()
    walk.panel(1)
    walk.play_for_me(1)
    first = walk.section(1).state
    walk.panel(2)
    walk.play_for_me(2)
    walk.play_to_end()
    assert board.state == walk.start.states[0] and len(walk.start.actions) == 0
    assert walk.section(1).state == first                       # the later sections played on copies
    assert walk.panels[1].board.state == first
    assert walk.section(2).state.year == 1 and walk.section(7).is_over


def test_play_for_me_finishes_a_phase_the_learner_played_himself_or_in_part():
    walk = walkthrough()
    walk.panel(1)
    panel = walk.panels[1]
    panel.province_clicked("HENA")                              # by hand: one of his three markers
    assert "lotus-error" not in panel.feedback.value, panel.feedback.value
    session = walk.play_for_me(1)
    assert (session.state.year, int(session.state.phase)) > (1, 1)
    mine = [a.province for a, who in zip(session.actions, session.actors, strict=True) if a.seat == 0]
    assert mine[0] == "HENA" and len(mine) == 3                 # WL-PLACE-4: three markers, the first his own
    assert session.actors.count("coach") == 2
    again = walk.play_for_me(1)                                 # the coach cell run a second time: nothing to do
    assert again is session and len(again.actions) == len(session.actions)


def test_a_section_whose_phase_was_never_reached_is_played_up_to_it():
    walk = walkthrough()
    walk.panel(1)                                               # the learner left phase 1 open and went on
    assert int(walk.section(1).state.phase) == 1
    walk.panel(4)
    state = walk.section(4).state
    assert (state.year, int(state.phase)) >= (1, 4)
    assert int(walk.section(1).state.phase) == 1                # his phase 1 is still waiting for him
    assert "year 1" in walk.panels[4].heading.value
