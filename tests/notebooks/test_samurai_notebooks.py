"""The two Samurai notebooks run top to bottom, and what their text says holds.

Each gets a last cell, for the test only, that prints the facts its text claims as JSON; they are
checked here against the rules, not against the notebook's own printouts.
"""

from __future__ import annotations

import nbformat
import pytest
from nbformat.v4 import new_code_cell

from tests.notebooks.test_notebooks import errors, execute, facts

LEARN, SHOGUN = "samurai_learn_the_rules.ipynb", "samurai_shogun_question.ipynb"

LEARN_FACTS = r"""
import json as _json
def _refusal(state, action):
    try:
        G.apply(state, action)
    except IllegalAction as e:
        return e.rule
_facts = {
    "start": [start.ki(RED), start.actions_left, _refusal(start, Draw(RED))],
    "must_declare": _refusal(table, EndTurn(RED)),
    "income_as_shogun": shogun.income(RED), "shogun_holder": shogun.shogun_holder,
    "dishonor_to_act": sorted(G.to_act(dishonored)),
    "strengths": [s.strength(RED), s.strength(BLUE, defending=True)],
    "after_battle": [battle.is_ronin(BLUE), list(battle.house(RED, "daimyo").cards)],
}
print("FACTS" + _json.dumps(_facts))
"""

SHOGUN_FACTS = r"""
import json as _json
_facts = {
    "odds": [float(odds.loc[2, 1]), float(odds.loc[3, 2])],
    "advice": [advice["attacker_dice"], advice["defender_dice"], advice["p_win"], advice["p_defender_saved"],
               advice["advice"]],
    "strengths": [position.strength(1), position.strength(0, defending=True)],
    "holder_wins": {f"{b}/{f}": float(v) for (b, f), v in summary["holder_at_end_wins"].items()},
    "ever_held": {f"{b}/{f}": float(v) for (b, f), v in summary["winner_ever_held"].items()},
    "flags": sorted({f for _b, f in summary.index}), "bots": sorted({b for b, _f in summary.index}),
    "save_face_advice": {name: [int(r["attacker_dice"]), int(r["defender_dice"]), float(r["p_win"]),
                                float(r["p_defender_saved"]), int(r["gain_if_won"]),
                                int(r["defender_house_honor"]), int(r["loss_if_lost"]), float(r["value"]),
                                r["advice"]] for name, r in save_face_advice.iterrows()},
    "close_call": [close_call().strength(1), close_call().strength(2, defending=True),
                   close_call().hand_size(2), close_call().hand_size(3), close_call().shogun_holder,
                   close_call().allies[2], close_call(save_face_left=False).discard.get("SAVE_FACE", 0)],
    "saved": [saved.last_battle["winner"], saved.is_ronin(2), saved.house(1, "daimyo").castle,
              saved.house(2, "daimyo").castle, "SAVE_FACE" in saved.hand(3), saved.discard.get("SAVE_FACE", 0)],
}
print("FACTS" + _json.dumps(_facts))
"""


def _with(source: str):
    def add(nb: nbformat.NotebookNode) -> None:
        nb.cells.append(new_code_cell(source))
    return add


@pytest.fixture(scope="module")
def learn():
    return execute(LEARN, _with(LEARN_FACTS))


@pytest.fixture(scope="module")
def shogun():
    return execute(SHOGUN, _with(SHOGUN_FACTS))


def test_samurai_walkthrough_runs_and_says_what_the_rules_say(learn):
    assert not errors(learn), errors(learn)[:1]
    f = facts(learn)
    assert f["start"] == [6, 2, "SAM-KI-4"]                 # the Samurai card alone: Ki 6, 2 actions (SAM-KI-2)
    assert f["must_declare"] == "SAM-DEC-3"
    assert f["income_as_shogun"] == 80 and f["shogun_holder"] == 0      # 20 + 10 + 50 (3 players, SAM-CMP-4)
    assert f["dishonor_to_act"] == [1]                      # Blue answers out of turn (SAM-TURN-3)
    assert f["strengths"] == [19, 7]
    ronin, red_daimyo = f["after_battle"]                # "the winner took Blue's castle; Blue became a Ronin"
    assert ronin and "CASTLE_OSAKA" in red_daimyo


def test_shogun_notebook_runs_and_its_numbers_are_the_ones_its_text_gives(shogun):
    assert not errors(shogun), errors(shogun)[:1]
    f = facts(shogun)
    assert [round(p, 2) for p in f["odds"]] == [0.90, 0.84]          # "2 dice against 1 ... 90 %, 3 against 2 84 %"
    dice_a, dice_d, p_win, p_saved, advice = f["advice"]
    assert (dice_a, dice_d, round(p_win, 2), p_saved, advice) == (6, 4, 0.91, 0.0, "attack")
    assert f["strengths"] == [19, 12]                       # "5 + 14 = 19 ... 3 + 4 + 5 = 12 with his castle"
    assert f["bots"] == ["heuristic", "montecarlo", "random"]
    assert f["flags"] == ["DECLARATION_AFTER_ACTIONS", "SEPPUKU_NEEDS_CARDS", "default"]
    # "whatever the bots, the winner is almost always the player holding the Shogun card at the end, and
    # the winner of every finished game had held it at some time"
    assert min(f["holder_wins"].values()) >= 0.85, f["holder_wins"]
    assert min(f["ever_held"].values()) == 1.0, f["ever_held"]


def test_shogun_notebook_shows_save_face_turning_the_advice(shogun):
    f = facts(shogun)
    assert f["advice"][3] == 0.0          # "nobody can save Red's house ... p_defender_saved is 0"
    # "15 strength (5 dice) ... 12 strength with the castle (4 dice)"; "Green's five cards and Yellow's
    # six"; Red holds the Shogun card, Green is allied with Yellow; "all nine Save Face cards already played"
    assert f["close_call"] == [15, 12, 5, 6, 0, 3, 9]
    rows = f["save_face_advice"]
    assert list(rows) == ["no Save Face left", "Green or Yellow may hold one"]
    none_left, may_hold = rows["no Save Face left"], rows["Green or Yellow may hold one"]
    # "the battle is the same in both rows": 5 dice against 4, "about 77 %"; "its 5 honor a turn over the
    # 3-turn horizon" = 15, Green's house 30 a turn, Blue's own "120 over 3 turns"
    assert none_left[:3] == may_hold[:3] and none_left[:2] == [5, 4] and round(none_left[2], 2) == 0.77
    assert none_left[4:7] == may_hold[4:7] == [15, 90, 120]
    # "with no Save Face left Blue should attack"; "about 72 % ... the advice turns to do not attack"
    assert none_left[3] == 0.0 and none_left[7] > 0 and none_left[8] == "attack"
    assert round(may_hold[3], 2) == 0.72 and may_hold[7] < 0 and may_hold[8] == "do not attack"
    # "Blue wins ... Yellow saves Green's house, and Blue still takes the castle"
    winner, green_ronin, blue_castle, green_castle, yellow_still_holds, discarded = f["saved"]
    assert winner == 1 and not green_ronin and blue_castle == "CASTLE_ODAWARA" and green_castle is None
    assert not yellow_still_holds and discarded == 1
