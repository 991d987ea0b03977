"""Every walkthrough notebook runs top to bottom without an error; committed notebooks are clean.

The notebooks themselves check nothing a learner could trip over (he edits cells, plays himself,
reruns cells): what their text claims is checked here, from the executed kernel. Each notebook
with claims gets a last cell, added for the test only, that prints the facts as JSON; the learner's
own ways through notebook 1 (playing by hand, undoing, rerunning, skipping a widget, wrong answers
in the exercises) are run as well.
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Callable
from functools import cache

import nbformat
import pytest
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
# notebooks with a test module of their own are executed there
OWN_TESTS = {"07_is_the_emperor_too_strong.ipynb", "winter_learn_the_rules.ipynb", "winter_question.ipynb",
             "samurai_learn_the_rules.ipynb", "samurai_shogun_question.ipynb"}
LEARN, CONFLICT_LAB, VARIANTS = "01_learn_the_rules.ipynb", "03_conflict_lab.ipynb", "06_rule_variants.ipynb"
CLUB = "05_play_at_the_club.ipynb"
REBELLION_LAB = "04_rebellion_lab.ipynb"

# the facts the text of each notebook claims, read from its kernel after the last cell
FACTS = {
    LEARN: r"""
import json as _json
def _committed(ev):
    return sum(sum(b.cards) for b in ev.bids if b.seat == ev.leaver)
_facts = {
    "hand": [list(start.hand(RED).influence_cards()), list(start.hand(RED).combat_cards())],
    "owned_after_claims": [len(walk.after(1).provinces_of(s)) for s in range(4)],
    "red_markers": [p for p in LOTUS if RED in walk.after(1).markers_on(p)],
    "red_clicked": [a.province for a, who in zip(walk.sections[1].actions, walk.sections[1].actors)
                    if who == "human" and a.seat == RED and type(a).__name__ == "PlaceMarker"],
    "refunds": [[e.event.refund, _committed(e.event)] for e in walk.sections[2].log_for(1, 2)
                if e.event.kind == "ConflictRound"],
    "vp_after_phase3": list(walk.after(3).vp_chips), "emperor_after_phase3": walk.after(3).emperor,
    "after_phase6": [walk.after(6).year, int(walk.after(6).phase)],
    "final_over": final.is_over,
    "score_parts": [[ln.total, ln.buildings + ln.group_bonus + ln.dragons + ln.vp_chips] for ln in final.scores],
    "start_board": {"title": walk.start_board.figure.layout.title.text,
                    "at": [walk.start_board.state.year, int(walk.start_board.state.phase)]},
    "panels": {k: {"heading": p.heading.value, "status": p.status.value, "outcome": p.outcome.value,
                   "year": p.year, "at": [p.session.state.year, int(p.session.state.phase)],
                   "board_title": None if p.board is None else p.board.figure.layout.title.text,
                   "board_follows": p.board is None or p.board.state == p.session.state}
               for k, p in walk.panels.items()},
    "coach_messages": walk.messages,
}
print("FACTS" + _json.dumps(_facts))
""",
    CONFLICT_LAB: r"""
import json as _json
_shown = readable_outcomes(table)
_facts = {
    "row_outcome": _shown.loc[row.name, "outcome"], "engine_leaver": event.leaver,
    "deviation_gain": float(advice.deviation_gains().max()),
    "advisor": [advisor.advice is not None, advisor.kind],
    "leavers_named": all(text == f"{seat_name(leaver)} leaves" for text, leaver in zip(_shown.outcome, table.leaver)
                         if leaver >= 0),
    "refunds_named": all(text == f"{seat_name(leaver)} gets {refund} back"
                         for text, leaver, refund in zip(_shown["gets back"], table.leaver, table.refund)
                         if leaver >= 0),
    "ties": int((table.leaver < 0).sum()), "tie_rows": int(_shown.outcome.str.contains("tie: the emperor").sum()),
}
print("FACTS" + _json.dumps(_facts))
""",
    REBELLION_LAB: r"""
import json as _json
_facts = {
    "p_rebels": float(advice.odds().p_rebels),
    "green_rebels_side": float(advice.players().set_index("name").loc["Green", "p_rebels_side"]),
    "nash_conv": float(advice.nash_conv),
    "all_in_vs_heuristic": float(all_in.set_index("opponents").loc["heuristic", "p_rebels_win"]),
    "tally": [tally.emperor_total, tally.rebel_total, tally.winner],
    "code_round_trip": position(code) == editor.state(),
}
print("FACTS" + _json.dumps(_facts))
""",
    VARIANTS: r"""
import json as _json
_facts = {
    "stopped_flags": sorted(stopped["flag"]), "stopped_why": list(stopped["why"]),
    "replayed_why": sorted(set(replays[replays["replays to the end"]]["why"])),
    "designer_years": sorted(set(games[games.rules == "WL_DESIGNER"]["years"])),
    "published_min_years": int(games[games.rules == "published"]["years"].min()),
}
print("FACTS" + _json.dumps(_facts))
""",
}


def code_index(nb: nbformat.NotebookNode, text: str) -> int:
    """The index of the first code cell whose source holds ``text``."""
    return next(i for i, c in enumerate(nb.cells) if c.cell_type == "code" and text in c.source)


def execute(name: str, learner: Callable[[nbformat.NotebookNode], None] | None = None) -> nbformat.NotebookNode:
    """Run a notebook (after ``learner`` changed its cells, as a person would), with its facts cell."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    if learner is not None:
        learner(nb)
    if name in FACTS:
        nb.cells.append(new_code_cell(FACTS[name]))
    NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    return nb


def errors(nb: nbformat.NotebookNode) -> list:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
            if o.output_type == "error" or (o.output_type == "stream" and o.name == "stderr"
                                             and "Traceback" in o.text)]


def texts(nb: nbformat.NotebookNode) -> str:
    return "\n".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
                     if o.output_type == "stream")


def facts(nb: nbformat.NotebookNode) -> dict:
    line = next(ln for ln in texts(nb).splitlines() if ln.startswith("FACTS"))
    return json.loads(line[len("FACTS"):])


@cache
def shipped(name: str) -> nbformat.NotebookNode:
    """The notebook as shipped, run once for all the tests that read it."""
    return execute(name)


@pytest.mark.parametrize("name", [n for n in ALL if n not in OWN_TESTS])
def test_notebook_runs_without_errors(name):
    nb = shipped(name)
    assert not errors(nb), errors(nb)[:1]


@pytest.mark.parametrize("name", [LEARN, CONFLICT_LAB, REBELLION_LAB, CLUB, VARIANTS])
def test_committed_notebook_holds_no_assert_a_learner_can_trip(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    tripwires = [c.source for c in nb.cells if c.cell_type == "code"
                 if any(line.lstrip().startswith("assert ") for line in c.source.splitlines())]
    assert not tripwires, f"{name}: {tripwires[0][:200]}"


# -- notebook 1: what its text says -------------------------------------------------------------------
def test_learn_setup_hand_is_the_published_starting_hand_wl_setup_5():
    assert facts(shipped(LEARN))["hand"] == [[3, 3, 2, 2, 1, 1, 0], [1, 1, 1]]


def test_learn_nobody_owns_a_province_after_the_claims_of_year_1_wl_place():
    assert facts(shipped(LEARN))["owned_after_claims"] == [0, 0, 0, 0]


def test_learn_refund_is_the_bid_minus_half_rounded_down_wl_conf_9():
    refunds = facts(shipped(LEARN))["refunds"]
    assert refunds, "the year-1 game of notebook 1 has a conflict"
    for refund, committed in refunds:
        assert refund == committed - committed // 2


def test_learn_emperor_holds_the_only_vp_chip_after_phase_3_wl_empvp_1():
    f = facts(shipped(LEARN))
    assert f["vp_after_phase3"][f["emperor_after_phase3"]] == 1 and sum(f["vp_after_phase3"]) == 1


def test_learn_year_2_begins_after_phase_6_and_the_game_ends_with_summed_scores_wl_score():
    f = facts(shipped(LEARN))
    assert f["after_phase6"] == [2, 1]
    assert f["final_over"]
    assert all(total == parts for total, parts in f["score_parts"])


def test_learn_exercises_as_shipped_are_solved():
    out = texts(shipped(LEARN))
    assert "Well done: Blue leaves Chengdu and gets 2 back." in out
    assert "Emperor's side 9 (palace bonus 4) against rebels 10 (village bonus 3): the rebels win." in out
    assert "The rebels win." in out


def test_learn_run_all_leaves_each_section_on_its_own_phase():
    """After Run All each widget shows year 1 and its phase, not where the game ended."""
    f = facts(shipped(LEARN))
    assert f["start_board"]["at"] == [1, 1] and f["start_board"]["title"].startswith("<b>Year 1</b> · phase 1")
    assert sorted(f["panels"]) == [str(k) for k in range(1, 7)]
    for k, panel in f["panels"].items():
        assert panel["year"] == 1
        assert f"Phase {k} ·" in panel["heading"] and "year 1" in panel["heading"]
        assert "game is over" not in panel["status"]
        assert panel["board_follows"]
        # each section stopped right after its phase: the next phase of year 1 (phase 6: year 2 begins)
        year, phase = panel["at"]
        assert (year, phase) > (1, int(k)) and (year, phase) <= ((2, 1) if k == "6" else (1, 6)), panel["at"]
        if panel["board_title"] is not None:
            assert panel["board_title"].startswith(f"<b>Year {year}</b> · phase {phase}")
    assert "No rebellion this year" in f["panels"]["4"]["outcome"]      # the panel tells year 1's phase 4
    assert not f["coach_messages"]


# -- notebook 1: a learner who does things his own way ----------------------------------------------
def restless_learner(nb: nbformat.NotebookNode) -> None:
    """Plays phase 1 by hand on the board and takes his last marker back, reruns cells, skips the
    phase 3 widget, bids once himself in phase 2, answers the exercises wrongly."""
    i = code_index(nb, "walk.panel(1)")
    nb.cells.insert(i + 1, new_code_cell(
        "_p = walk.panels[1]\n"
        "for _ in range(3):\n"
        "    _legal = sorted(a.province for a in _p.session.legal(RED) if type(a).__name__ == 'PlaceMarker')\n"
        "    _p.board.click(_legal[-1])\n"
        "print('clicked:', _p.feedback.value)\n"
        "print('undo:', _p.session.undo())\n"))
    j = code_index(nb, "walk.play_for_me(1)")
    nb.cells.insert(j + 1, new_code_cell(nb.cells[j].source))             # the coach cell run twice
    k = code_index(nb, "walk.panel(2)")
    nb.cells.insert(k + 1, new_code_cell(nb.cells[k].source))             # the widget cell run twice
    nb.cells.insert(k + 2, new_code_cell(
        "_p = walk.panels[2]\n"
        "_mine = _p.session.legal(RED)\n"
        "if _mine:\n"
        "    _p.act(_mine[-1])\n"
        "print('bid:', _p.feedback.value)\n"))
    bid = code_index(nb, "my_bid = Bid(")
    nb.cells[bid].source = nb.cells[bid].source.replace("cards=(3, 2, 2)", "cards=(3, 2, 1)")
    nb.cells.insert(bid + 1, new_code_cell(nb.cells[bid].source.replace("cards=(3, 2, 1)", "cards=(3, 3, 3)")))
    del nb.cells[code_index(nb, "walk.panel(3")]                          # skipped the phase 3 widget
    e3 = code_index(nb, "my_commitment = JoinSide(")
    nb.cells[e3].source = nb.cells[e3].source.replace("(RED, None, (3, 1))", "(RED, None, (3,))")
    six = code_index(nb, "walk.play_for_me(6)")
    nb.cells.insert(six + 1, new_code_cell(nb.cells[six].source))


@pytest.fixture(scope="module")
def restless():
    return execute(LEARN, restless_learner)


def test_learn_a_learner_who_plays_his_own_way_meets_no_error(restless):
    assert not errors(restless), errors(restless)[:1]
    f = facts(restless)
    assert not f["coach_messages"]
    assert f["after_phase6"] == [2, 1] and f["final_over"]


def test_learn_markers_placed_by_hand_stay_and_the_coach_places_the_one_taken_back(restless):
    f = facts(restless)
    out = texts(restless)
    assert "undo: (True, \"Undid Red's marker in" in out
    assert len(f["red_clicked"]) == 2                        # three clicks, the last taken back
    assert set(f["red_clicked"]) < set(f["red_markers"]) and len(f["red_markers"]) == 3   # WL-PLACE-4


def test_learn_wrong_exercise_answers_are_explained_not_raised(restless):
    out = texts(restless)
    assert "A tie: now Yellow, the emperor, would choose who leaves (WL-CONF-8)." in out
    assert "WL-CONF" in out.split("A tie: now Yellow")[1]    # the (3, 3, 3) bid: cards Red does not hold
    assert "The emperor wins: the rebels need strictly more than 9." in out


def test_learn_sections_of_a_learner_still_show_their_phase(restless):
    f = facts(restless)
    assert sorted(f["panels"]) == ["1", "2", "4", "5", "6"]      # he skipped the phase 3 widget
    for k, panel in f["panels"].items():
        assert f"Phase {k} ·" in panel["heading"] and "game is over" not in panel["status"]
        assert tuple(panel["at"]) <= (2, 1)


# -- notebook 3 ------------------------------------------------------------------------------------------
def test_conflict_lab_table_row_agrees_with_the_engine_wl_conf_8():
    f = facts(shipped(CONFLICT_LAB))
    assert f["row_outcome"] == "Blue leaves" and f["engine_leaver"] == 1


def test_conflict_lab_best_bids_are_an_equilibrium():
    f = facts(shipped(CONFLICT_LAB))
    assert f["deviation_gain"] < 1e-6
    assert f["advisor"] == [True, "conflict"]


def test_conflict_lab_outcome_table_reads_in_player_names_wl_conf_9():
    nb = shipped(CONFLICT_LAB)
    f = facts(nb)
    assert f["leavers_named"] and f["refunds_named"] and f["ties"] == f["tie_rows"]
    shown = code_index(nb, "readable_outcomes(table).head(12)")
    html = next(o["data"]["text/html"] for o in nb.cells[shown].outputs if o.output_type == "execute_result")
    assert "Red bids" in html and "Blue bids" in html and "gets" in html and " back" in html
    assert "seat 0" not in html and "seat 1" not in html and "-1" not in html


# -- notebook 4 ------------------------------------------------------------------------------------------
def test_rebellion_lab_equilibrium_is_a_real_contest_green_sides_with_the_emperor():
    f = facts(shipped(REBELLION_LAB))
    assert 0.2 < f["p_rebels"] < 0.6
    assert f["green_rebels_side"] < 0.2
    assert f["nash_conv"] < 0.01                 # no player gains a hundredth of a VP by changing alone


def test_rebellion_lab_heuristic_bots_rally_to_the_emperor_against_red_all_in():
    assert facts(shipped(REBELLION_LAB))["all_in_vs_heuristic"] < 0.2


def test_rebellion_lab_scripted_rebellion_tallies_12_to_13_for_the_rebels_wl_reb_5_6():
    # emperor: 3+2 + 3 (Green) + 2 per palace x 2 = 12; rebels: 3+2+1 + 2+1 + 1 + 1 per village x 3 = 13
    f = facts(shipped(REBELLION_LAB))
    assert f["tally"] == [12, 13, "rebels"]
    assert f["code_round_trip"]


def test_rebellion_lab_cells_run_again_in_any_order():
    """A learner re-runs the scripted rebellion's cells and the reward cell twice, then the editor cell."""
    def rerun(nb: nbformat.NotebookNode) -> None:
        scripted, reward = code_index(nb, "DeclareRebellion(RED, True)"), code_index(nb, "TakeReward(RED")
        editor = code_index(nb, "PositionEditor(setup)")
        again = [new_code_cell(nb.cells[i].source) for i in (reward, scripted, reward, reward, editor)]
        nb.cells[editor + 1:editor + 1] = again
    nb = execute(REBELLION_LAB, rerun)
    assert not errors(nb), errors(nb)[:1]
    assert texts(nb).count("Yellow may take:") == 4


# -- notebook 6 ------------------------------------------------------------------------------------------
def test_variants_designer_rules_refuse_a_recorded_decision_naming_the_rule():
    f = facts(shipped(VARIANTS))
    assert "WL_DESIGNER" in f["stopped_flags"] and len(f["stopped_flags"]) >= 3
    assert all("WL-" in why for why in f["stopped_why"])
    assert f["replayed_why"] == ["same final scores"]


def test_variants_designer_games_last_four_turns_published_at_least_four():
    f = facts(shipped(VARIANTS))
    assert f["designer_years"] == [4]
    assert f["published_min_years"] >= 4


@pytest.mark.parametrize("name", ALL)
def test_committed_notebook_has_no_outputs_or_widget_state(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    assert "widgets" not in nb.metadata
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, f"{name}: outputs committed"
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"

