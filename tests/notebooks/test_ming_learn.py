"""The Ming walkthrough notebook: its cells run in any order (each finds its own moment of the lesson
game), and what they print is what the rules say."""

from __future__ import annotations

import nbformat

from tests.notebooks.test_notebooks import errors, execute, texts

NAME = "ming_learn_the_rules.ipynb"


def test_ming_walkthrough_cells_run_backwards_and_say_what_the_rules_say():
    def backwards(nb: nbformat.NotebookNode) -> None:
        code = [c for c in nb.cells if c.cell_type == "code"]
        nb.cells = list(reversed(code))          # the last cells first, with nothing run before them

    nb = execute(NAME, backwards)
    assert not errors(nb), errors(nb)[:1]
    out = texts(nb)
    # MING-SET-5: a second prince into an occupied district is refused with the rule's id
    assert "MING-SET-5: a prince already stands in" in out
    # MING-SCORE-1, the spec's worked example: 3/2/1 gives the most 2 houses and the sole second 1
    assert "open area {'Black': 3, 'White': 2, 'Grey': 1} -> houses {'Black': 2, 'White': 1, 'Grey': 0}" in out
    # MING-CLAR-11: White sees that Black has chosen, not what; then both sums are shown together
    assert "White sees {'Black': 'chosen', 'White': 'to choose', 'Grey': None}" in out
    assert "Return cards revealed for the city of P1 (MING-CLAR-11): Black 2, White 1" in out
    assert "(MING-SCORE-8)" in out and "(MING-SCORE-5)" in out
