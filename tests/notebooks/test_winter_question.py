"""The Winter question notebook runs, its table is the engine's games, and its answer is stated in words.

The notebook gets a last cell, for the test only, that prints its raw results as JSON; three of its
games are replayed here and must give the same result, end and length.
"""

from __future__ import annotations

import random

import nbformat
import pytest
from nbformat.v4 import new_code_cell

from lotus_kit.winter import WINTER
from lotus_kit.winter import engine as e
from tests.notebooks.test_notebooks import NOTEBOOKS, errors, execute, facts

QUESTION = "winter_question.ipynb"

QUESTION_FACTS = r"""
import json as _json
_facts = {
    "rows": games[["profile", "players", "seed", "result", "end", "actions"]].values.tolist(),
    "games": GAMES, "solved": solved[["profile", "best-play winner", "greedy result"]].values.tolist(),
    "late": len(late),
}
print("FACTS" + _json.dumps(_facts, default=str))
"""



def texts(nb: nbformat.NotebookNode) -> str:
    """What the cells printed, each cell's stream joined as it came (a busy kernel splits a line into
    several stream messages)."""
    return "\n".join("".join(o.get("text", "") for o in c.get("outputs", []) if o.output_type == "stream")
                     for c in nb.cells if c.cell_type == "code")

@pytest.fixture(scope="module")
def question():
    def add(nb: nbformat.NotebookNode) -> None:
        nb.cells.append(new_code_cell(QUESTION_FACTS))
    return execute(QUESTION, add)


def test_winter_question_runs_without_errors(question):
    assert not errors(question), errors(question)[:1]


def test_winter_question_rows_are_the_engines_games(question):
    """Three games of the table replayed here give the same result, end and length."""
    from lotus_kit.winter.bots import rollout_code

    rows = facts(question)["rows"]
    assert len(rows) == 4 * facts(question)["games"]
    for profile, players, seed, result, end, actions in (rows[0], rows[len(rows) // 2 - 1], rows[-1]):
        flags = ("BGA_HELP",) if profile == "BGA_HELP" else ()
        rng = random.Random(seed)
        s = WINTER.new_game(2, seed=seed, flags=flags)
        n = 0
        while not s.is_over:
            c = rng.choice(e.legal_codes(s)) if players == "random" else rollout_code(s, rng)
            s = e.apply_code(s, c)
            n += 1
        won = WINTER.winners(s)
        assert n == actions
        assert result == ("draw" if len(won) == 2 else f"Player {min(won) + 1}")
        assert ("loop guard" in s.end_reason) == (end == "loop guard")


def test_winter_question_answer_is_stated_for_both_profiles(question):
    out = texts(question)
    for profile in ("DEVIR", "BGA_HELP"):
        line = next(ln for ln in out.splitlines() if ln.startswith(f"{profile}: random players"))
        assert "Player 1 wins" in line and "loop guard ends" in line and "%" in line
    # the late-thaw positions were found (how many solve within the notebook's seconds depends on the load)
    assert facts(question)["late"] >= 2


def test_winter_question_committed_reference_answer_is_filled_in():
    nb = nbformat.read(NOTEBOOKS / QUESTION, as_version=4)
    last = nb.cells[-1].source
    assert "REFERENCE_ANSWER" not in last and "Player 1" in last
