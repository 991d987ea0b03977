"""Ming's phase panels at the shared game table, played the way a person plays: board clicks and
panel buttons (no browser: the widgets' own click paths; the browser tests click the same things)."""

from __future__ import annotations

import json
import re

import ipywidgets as widgets
import pytest

from lotus_kit.ming.actions import ChooseReturn
from lotus_kit.ming.game import MING
from lotus_kit.ming.screen.events import ReturnsRevealed, Scored, scoring_events
from lotus_kit.ming.screen.lesson import shared_city
from lotus_kit.ui.session import GameSession
from lotus_kit.ui.table import GameTable
from tests.ming.screen_driver import play_until, press_continue


def _late_table(seats=("human", "human", "heuristic")) -> GameTable:
    session = GameSession.from_state(MING.position(shared_city()), seats=list(seats), game=MING)
    return GameTable(session)


def _tree(widget: widgets.Widget) -> list[widgets.Widget]:
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        out.append(w)
        stack.extend(c for c in (getattr(w, "children", ()) or ()) if isinstance(c, widgets.Widget))
    return out


def test_ming_rnd_1_two_rounds_played_by_clicks_reach_every_phase_and_the_breakdown_sums_to_the_score():
    table = GameTable(game="ming", players=3, seed=4, seats=["human", "human", "heuristic"])
    kinds = play_until(table, lambda s: s.round >= 3)
    assert {"place_prince", "phase1", "phase2", "phase3", "deploy", "choose_return"} <= set(kinds)
    rounds = scoring_events(table.session.log)
    assert list(rounds) == [2]                          # scoring only after round 2 so far (MING-RND-1)
    points = [0, 0, 0]
    for ev in rounds[2]:
        if isinstance(ev, Scored) and ev.seat >= 0:
            points[ev.seat] += ev.points
    # nothing scores outside phase 4: the breakdown explains every point on the track
    assert tuple(points) == table.session.state.scores and sum(points) > 0
    assert any(isinstance(ev, ReturnsRevealed) for ev in rounds[2])
    html = table.panels["score"]._outcome(table.session.state)
    assert "Scoring after round 2" in html and "MING-SCORE-1" in html and "MING-SCORE-5" in html


@pytest.mark.parametrize("spot, rule", [("space:RED", "MING-PH3-2"), ("P5.R~P5.T", "MING-PH3-2"),
                                        ("P1.R", "MING-CLAR-7"), ("P6.T", "MING-PH3-2")])
def test_an_illegal_click_in_phase_3_names_the_rule_in_one_line_and_changes_nothing(spot, rule):
    table = _late_table()
    before = table.session.state
    table.board.click(spot)
    words = table.message.value
    assert rule in words and "Traceback" not in words
    assert "\n" not in words and table.session.state == before and not table.session.actions


def test_a_click_in_phase_1_outside_a_province_space_names_ming_ph1_2():
    table = GameTable(game="ming", players=3, seed=4, seats=["human", "heuristic", "heuristic"])
    table.board.click("P2.T")                                 # the prince
    assert table.session.decision().kind == "phase1"
    before = table.session.state
    table.board.click("P3.T")
    assert "MING-PH1-2" in table.message.value and table.session.state == before


def _space_words(table: GameTable) -> dict[str, str]:
    trace = next(t for t in table.board.figure.data if t.meta == "spaces")
    return dict(zip(trace.customdata, trace.hovertext, strict=True))


def test_ming_ph1_2_a_round_from_its_start_people_place_by_clicking_spaces_and_the_board_says_who_waits():
    session = GameSession.from_state(MING.position(shared_city("phase1")), seats=["human", "human", "heuristic"],
                                     game=MING)
    table = GameTable(session, mode="hot-seat")
    state = session.state
    assert (state.round, session.decision().kind) == (2, "phase1")
    # MING-PH1-2: any province space, so all six are outlined; each says who waits there, zeros too
    assert table.board.highlighted() == {f"space:{c}" for c in state.board.colours}
    assert _space_words(table)["space:YELLOW"] == ("YELLOW province space — waiting: Black 2, White 0, Grey 0 — "
                                                   "card beside it: JUNK")
    assert "still to place in phase 1: Black 5, White 5, Grey 5" in table.board.figure.layout.annotations[-1].text
    # a border is no place for a family member: one line with the rule, nothing changes
    table.board.click("P1.R~P2.L")
    assert "MING-PH1-2" in table.message.value and "Nothing changed" in table.message.value
    assert session.state == state and not session.actions
    for colour in ("YELLOW", "RED", "GREEN", "BLUE", "YELLOW", "RED", "ORANGE", "PURPLE", "YELLOW", "RED"):
        table.board.click(f"space:{colour}")
    state = session.state
    # MING-CLAR-4: 5 x 3 turns, the bot's after White's; then phase 2 from the start player
    assert (state.phase, session.decision().kind) == ("phase2", "phase2") and min(state.to_act_seats) == 0
    assert [state.in_hand(s) for s in range(3)] == [0, 0, 0]
    assert {c: n for c, n in state.spaces(0).items() if n} == {"YELLOW": 5, "GREEN": 1, "ORANGE": 1}
    assert {c: n for c, n in state.spaces(1).items() if n} == {"RED": 5, "BLUE": 1, "PURPLE": 1}
    assert sum(state.spaces(2).values()) == 2 + 5
    assert _space_words(table)["space:YELLOW"].startswith("YELLOW province space — waiting: Black 5, White 0, Grey")
    assert "still to place" not in table.board.figure.layout.annotations[-1].text


def test_a_click_outside_a_district_at_setup_names_set_5_for_a_prince_and_two_2_for_a_neutral_piece():
    table = GameTable(game="ming", players=2, seed=4, seats=["human", "human"])
    assert table.session.decision().kind == "place_prince"
    table.board.click("space:RED")
    assert "MING-SET-5" in table.message.value and not table.session.actions
    for district in ("P2.T", "P5.R"):
        table.board.click(district)
    assert table.session.decision().kind == "place_neutral"
    before = table.session.state
    table.board.click("space:RED")
    words = table.message.value
    assert "MING-TWO-2" in words and "MING-SET-5" not in words and table.session.state == before


def test_ming_ph3_2_a_border_click_steps_across_it_paying_its_card_then_deploy_with_the_cloister():
    table = _late_table()
    table.board.click("P1.R~P2.L")                            # the JUNK border of Black's district
    s = table.session.state
    assert s.prince(0) == "P2.L" and s.hand(0) == {} and s.discards.get("JUNK") == 1
    panel = table.panels["p3"]
    assert s.phase == "deploy" and list(panel.count.options) == [0, 1, 2] and not panel.cloister.disabled
    panel.count.value, panel.cloister.value = 2, True
    panel.deploy_button.click()
    s = table.session.state
    assert s.cloister("P2.L") == "Black" and s.open_area("P2.L") == {"Black": 1}     # MING-DEP-2
    assert s.spaces(0)["YELLOW"] == 0


def test_ming_clar_11_sealed_return_cards_are_handed_seat_by_seat_and_revealed_to_everyone():
    table = _late_table()
    table.board.click("P1.R~P2.L")
    table.panels["p3"].deploy_button.click()
    table.board.click("P4.T~P1.R")                            # White steps into P1.R with PALANQUIN
    table.panels["p3"].deploy_button.click()
    for _ in range(4):                                         # everyone passes: the scoring begins
        if table.session.decision().kind == "phase3":
            table.panels["p3"].pass_button.click()
    assert table.session.decision().kind == "choose_return" and table.session.state.city_being_scored == "P1"
    # the hand-off: nothing of anybody's choice on the screen until Black says he has it
    assert table.curtain.layout.display == "flex" and "Pass the screen to" in table.curtain_text.value
    assert "Black" in table.curtain_text.value and table.panel_box.children == ()
    table.curtain_button.click()
    panel = table.panels["p4"]
    panel.cards.select((2,))
    black_widgets = _tree(panel)
    assert any(isinstance(w, widgets.ToggleButton) and w.value for w in black_widgets)   # the check can see it
    panel.commit.click()
    # White's turn: Black's panel left the page (closed), White's holds no pressed card, no value of Black's
    assert table.curtain.layout.display == "flex" and "White" in table.curtain_text.value
    assert all(w.comm is None for w in black_widgets)
    table.curtain_button.click()
    state = json.dumps([w.get_state() for w in _tree(table)], default=str)
    assert "your choice: 2" not in state and "Pressed: 2" not in state and "returns 2" not in state
    assert "has chosen (sealed)" in table.panels["p4"].status.value
    assert not any(isinstance(w, widgets.ToggleButton) and w.value for w in _tree(table))
    table.panels["p4"].cards.select((1,))
    table.panels["p4"].commit.click()
    # revealed together, to everyone (no seat's private view on the screen)
    assert table.reveal and table.screen_seat is None
    shown = re.sub(r"<[^>]+>", "", table.banner.value)
    assert "Return cards revealed for the city of P1" in shown and "Black 2, White 1" in shown
    assert press_continue(table)
    assert not table.reveal



def test_ming_two_2_the_neutral_pieces_are_placed_by_clicking_districts_in_the_two_player_game():
    table = GameTable(game="ming", players=2, seed=6, seats=["human", "human"], mode="open")
    kinds = play_until(table, lambda s: s.phase == "phase1")
    assert kinds.count("place_prince") == 2 and kinds.count("place_neutral") == 6      # MING-CLAR-14 (b)
    neutral = sum(table.session.state.open_area(d).get("Neutral", 0) for d in table.session.state.board.district_names)
    assert neutral == 6


def test_ming_clar_15_in_the_four_player_game_the_ranked_player_names_the_start_player_by_a_button():
    table = GameTable(game="ming", players=4, seed=8, seats=["human"] * 4, mode="open")
    play_until(table, lambda s: s.phase == "choose_start")
    s = table.session
    # the scoring's outcome stays on show until "Continue": its breakdown is the one of round 4
    assert table.view_phase == "p4" and "Scoring after round 4" in table.panels["p4"].outcome.value
    assert press_continue(table)
    assert s.state.round == 4 and s.decision().kind == "choose_start" and table.view_phase == "p5"
    chooser = min(s.to_act())
    buttons = table.panels["p5"].buttons.children
    assert [b.description for b in buttons] == ["Black starts", "White starts", "Grey starts", "Tan starts"]
    buttons[2].click()
    assert s.state.round == 5 and s.state.start_player == 2 and s.actions[-1].seat == chooser


def test_ming_clar_11_return_cards_summing_above_the_pieces_in_the_city_return_them_all():
    table = _late_table()
    table.board.click("P1.R~P2.L")
    table.panels["p3"].deploy_button.click()
    table.board.click("P4.T~P1.R")
    table.panels["p3"].deploy_button.click()
    for _ in range(4):
        if table.session.decision().kind == "phase3":
            table.panels["p3"].pass_button.click()
    table.curtain_button.click()
    panel = table.panels["p4"]
    seat = panel.deciding()
    pieces = max(a.value for a in panel.legal(seat))
    assert pieces == 2                                         # Black has two pieces in P1's houses
    panel.cards.select((3, 2))
    assert "all of them go back" in panel.cards.total.value
    panel.commit.click()
    assert table.session.actions[-1] == ChooseReturn(seat, pieces)   # accepted as "all", not refused
    assert table.session.state.return_chosen(seat)


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 5)])
def test_MING_SCORE_9_the_breakdowns_after_rounds_2_4_and_6_explain_every_point_of_a_whole_game(players, seed):
    from lotus_kit.ming.screen.phases import breakdown_html

    session = GameSession(game="ming", players=players, seed=seed, seats=["heuristic"] * players)
    session.run_bots()
    assert MING.is_over(session.state)
    rounds = scoring_events(session.log)
    assert list(rounds) == [2, 4, 6]                       # MING-RND-1
    points = [0] * players
    for events in rounds.values():
        for ev in events:
            if isinstance(ev, Scored) and ev.seat >= 0:    # the neutral of the 2-player game scores nothing
                points[ev.seat] += ev.points
    assert tuple(points) == session.state.scores and min(points) > 0
    final = breakdown_html(6, rounds[6])
    assert "Scoring after round 6" in final and "MING-SCORE-8" in final and "MING-SCORE-9" in final
