"""The Winter walkthrough runs top to bottom (and with every cell run twice), and what their text says holds.

Each notebook gets a last cell, for the test only, that prints the facts its text claims as JSON; they
are checked here against the engine, not against the notebook's own printouts.
"""

from __future__ import annotations

import nbformat
import pytest
from nbformat.v4 import new_code_cell

from lotus_kit.winter import WINTER, MoveCard, PlaceToken, TakeBack
from tests.notebooks.test_notebooks import errors, execute, facts

LEARN = "winter_learn_the_rules.ipynb"

LEARN_FACTS = r"""
import json as _json
_loop = [row]
for _ in range(8):
    if _loop[-1].is_over:
        break
    _loop.append(G.apply(_loop[-1], next(a for a in G.legal_actions(_loop[-1]) if type(a).__name__ == "MoveCard")))
from lotus_kit.winter import engine as _e
_facts = {
    "colours": list(setup.colours), "after_setup": G.decision(setup).kind,
    "refusals": [refused(first, Lay(2, 2)), refused(first, Lay(1, 0)), refused(first, Lay(2, 1))],
    "claim_legal": [repr(a) for a in G.legal_actions(claim_table)],
    "claimed_tokens": [list(map(list, t)) for t in claimed.tokens], "claimed_free": list(map(list, claimed.free)),
    "thaw_free": list(map(list, thaw.free)), "moved_phase": moved.phase,
    "rewarded_dark_tokens": len(rewarded.tokens[DARK]),
    "split_removed": list(split.cards_removed), "split_cards": len(split.cards),
    "cut_phase": cut.phase, "end": [sorted(G.winners(end)), list(end.cards_removed), [len(t) for t in end.tokens],
                                    end.end_reason],
    "best": [best.solved, sorted(best.winners), best.margin],
    "loop": [loop.end_reason, len(_loop) - 1,
             [_e.position_key(s.v) == _e.position_key(_loop[1].v) for s in _loop[1:]]],
    "lake_start": [[x, y, f] for x, y, _, f in row.lake],
}
print("FACTS" + _json.dumps(_facts))
"""



def _with_facts(source: str):
    def add(nb: nbformat.NotebookNode) -> None:
        nb.cells.append(new_code_cell(source))
    return add


def _twice(source: str):
    """Every code cell run a second time right after itself (a learner pressing Shift-Enter twice)."""
    def add(nb: nbformat.NotebookNode) -> None:
        cells = []
        for c in nb.cells:
            cells.append(c)
            if c.cell_type == "code":
                cells.append(new_code_cell(c.source))
        nb.cells = cells
        nb.cells.append(new_code_cell(source))
    return add



def texts(nb: nbformat.NotebookNode) -> str:
    """What the cells printed, each cell's stream joined as it came (a busy kernel splits a line into
    several stream messages)."""
    return "\n".join("".join(o.get("text", "") for o in c.get("outputs", []) if o.output_type == "stream")
                     for c in nb.cells if c.cell_type == "code")

@pytest.fixture(scope="module")
def learn():
    return execute(LEARN, _with_facts(LEARN_FACTS))


def test_winter_walkthrough_runs_without_errors(learn):
    assert not errors(learn), errors(learn)[:1]


def test_winter_walkthrough_runs_with_every_cell_run_twice():
    nb = execute(LEARN, _twice(LEARN_FACTS))
    assert not errors(nb), errors(nb)[:1]
    assert facts(nb)["end"][0] == [0]


def test_winter_walkthrough_setup_second_player_chose_dark_win_set_3(learn):
    f = facts(learn)
    assert f["colours"] == ["light", "dark"] and f["after_setup"] == "freeze_turn"


def test_winter_walkthrough_corner_and_overlap_refused_stagger_allowed_win_geo_5(learn):
    corner, overlap, stagger = facts(learn)["refusals"]
    assert corner.startswith("refused: WIN-GEO-5") and overlap.startswith("refused: WIN-GEO-5")
    assert stagger == "allowed"


def test_winter_walkthrough_claim_takes_the_two_cards_out_of_play_win_geo_8(learn):
    f = facts(learn)
    assert f["claim_legal"] == ["DrawCard()", "PlaceToken(1, 0)"]
    assert f["claimed_tokens"] == [[], [[1, 0]]]
    assert [0, 0] not in f["claimed_free"] and [2, 0] not in f["claimed_free"]


def test_winter_walkthrough_move_earns_a_token_and_removal_melts_win_clar_8_win_split_1(learn):
    f = facts(learn)
    assert f["thaw_free"] == [[4, 2], [6, 0], [8, 0]]
    assert f["moved_phase"] == "thaw_token" and f["rewarded_dark_tokens"] == 2
    assert f["split_removed"] == [0, 2] and f["split_cards"] == 4      # 6 cards: one removed, one melted


def test_winter_walkthrough_tied_split_then_tiebreak_win_clar_9_win_tie_1(learn):
    f = facts(learn)
    assert f["cut_phase"] == "thaw_split"
    winners, removed, tokens, reason = f["end"]
    assert winners == [0] and removed == [2, 1] and tokens == [0, 0] and "WIN-END-1" in reason


def test_winter_walkthrough_best_play_from_three_cards_wins_by_a_token(learn):
    # the text says: best play wins by a whole token, not on the tie-break
    assert facts(learn)["best"] == [True, [0], 1]


def test_winter_walkthrough_third_repetition_ends_the_loop_win_end_3(learn):
    reason, moves, same = facts(learn)["loop"]
    assert "third repetition" in reason and moves == 5
    assert same == [True, False, True, False, True]            # after moves 1, 3 and 5 the same position


def test_winter_walkthrough_profiles_differ_in_the_freeze_turn_win_bga_1(learn):
    out = texts(learn)
    assert "DEVIR · after laying W13 at (4, 0): Player 2 (dark) lays a card or places a token" in out
    assert "['BGA_HELP'] · after laying W13 at (4, 0): Player 1 (light) may claim a square" in out


def test_winter_walkthrough_held_position_has_different_winners_by_profile_win_bga_3():
    """The text's claim, checked by playing it: under DEVIR Player 2 must take back (WIN-CLAR-10), then
    Player 1 forms a light square and wins 1-0; under BGA_HELP the game is over and Player 2 wins."""
    held = {"colours": ["light", "dark"], "to_move": 1,
            "lake": [{"x": 0, "y": 0, "card": "W11"}, {"x": 2, "y": 0, "card": "W12", "turned": True}],
            "tokens": [{"seat": 1, "x": 1, "y": 0}]}
    devir = WINTER.position(held)
    assert WINTER.legal_actions(devir) == [TakeBack(1, 0)]
    s = WINTER.apply(devir, TakeBack(1, 0))
    s = WINTER.apply(WINTER.apply(s, MoveCard(0, 0, 4, 0)), PlaceToken(3, 0))
    assert s.is_over and WINTER.winners(s) == {0} and [len(t) for t in s.tokens] == [1, 0]
    bga = WINTER.position({**held, "flags": ["BGA_HELP"]})
    assert bga.is_over and WINTER.winners(bga) == {1}


def test_winter_walkthrough_texts_quote_the_solver_for_both_profiles(learn):
    out = texts(learn)
    assert "DEVIR    Player 2 may: [TakeBack(1, 0)] -> Player 1 wins by 1 token with best play" in out
    assert "BGA_HELP Player 2 may: nothing -> Player 2 wins by 1 token with best play" in out
