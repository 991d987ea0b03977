"""Notebook 07 runs top to bottom as shipped (its default settings), and the figures its text quotes
from the default run are the ones that run produces."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "07_is_the_emperor_too_strong.ipynb"

# what the text says of the default run, read back from the kernel after the notebook has run
CHECKS = r'''
import json
_eq = at_equilibrium.groupby("players").mean()
print("CHECKS " + json.dumps({
    "games": GAMES, "players": list(PLAYERS),
    "rebellions": len(at_equilibrium),
    "all_converged": bool(at_equilibrium["converged"].all()),
    "max_nash_conv": float(at_equilibrium["NashConv"].max()),
    "bots_rebels_won": [round(100 * _eq["bots: rebels won"].min()), round(100 * _eq["bots: rebels won"].max())],
    "equilibrium_rebels_win": [round(100 * _eq["equilibrium: P(rebels win)"].min()),
                               round(100 * _eq["equilibrium: P(rebels win)"].max())],
    "leading": [round(_eq["leading is worth (VP)"].max(), 2), round(_eq["leading is worth (VP)"].min(), 2)],
    "lowest_equilibrium_players": int(_eq["equilibrium: P(rebels win)"].idxmin()),
}))
'''

@pytest.mark.slow                      # a notebook run: left out of `make test-fast`
def test_notebook_07_executes_as_shipped_and_its_text_matches_the_default_run(monkeypatch):
    monkeypatch.delenv("LOTUS_SWEEP_GAMES", raising=False)      # the defaults a reader runs
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "commit the notebook without outputs"
    sources = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "assert " not in sources, "checks belong in this test, not in cells a learner runs"
    nb.cells.append(nbformat.v4.new_code_cell(CHECKS))
    client = NotebookClient(nb, timeout=900, kernel_name="python3", store_widget_state=False,
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, [f"{e.ename}: {e.evalue}" for e in errors]
    text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "players, published rules: the first emperor wins" in text
    checks = json.loads(text.split("CHECKS ", 1)[1].splitlines()[0])
    prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    # the run size the introduction describes
    assert checks["games"] == 30 and checks["players"] == [3, 4, 5]
    assert "about 30 games per player count and rule set" in prose
    # "With the default settings (10 seeds per player count, 123 rebellions, every one solved to
    # NashConv 0.0001 VP or less) the rebels won 35-53 % ... and 39-46 % at equilibrium ...
    # a little worse for the rebels with 3 players ... (−0.63 to −0.88 VP ...)"
    assert checks["rebellions"] == 123 and "123 rebellions" in prose
    assert checks["all_converged"] and checks["max_nash_conv"] <= 1e-4
    assert checks["bots_rebels_won"] == [35, 53] and "won 35-53 %" in prose
    assert checks["equilibrium_rebels_win"] == [39, 46] and "39-46 %" in prose
    assert checks["lowest_equilibrium_players"] == 3
    assert checks["leading"] == [-0.63, -0.88] and "−0.63 to −0.88 VP" in prose
    assert "rebellions solved, 123 of them to the solver's tolerance" in text
