"""The Ming hot-seat table notebook of the browser tests (``tests/e2e/notebooks/ming_table.ipynb``)
runs in a kernel and opens where the browser tests start clicking: round 2 at phase 1, Black to
place a family member, Black and White people and Grey a bot; its phase 1 played by board clicks in
that kernel leads to phase 2 (what the browser then clicks is in ``tests/e2e/test_ming_table_browser.py``)."""

from __future__ import annotations

import json
import pathlib

import nbformat
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell

from tests.notebooks.test_notebooks import errors, texts

NOTEBOOK = pathlib.Path(__file__).resolve().parents[1] / "e2e" / "notebooks" / "ming_table.ipynb"

FACTS = r"""
import json as _json
_s = table.session
_start = {"round": _s.state.round, "phase": _s.state.phase, "decision": _s.decision_text(),
          "seats": list(_s.seats), "lit": sorted(table.board.highlighted()),
          "widget": type(table).__name__}
for _colour in ("YELLOW", "RED", "GREEN", "BLUE", "YELLOW", "RED", "ORANGE", "PURPLE", "YELLOW", "RED"):
    table.board.click("space:" + _colour)
_start["after"] = [_s.state.phase, _s.decision_text(), [_s.state.in_hand(k) for k in range(3)]]
print("FACTS" + _json.dumps(_start))
"""


def test_ming_table_notebook_opens_round_2_at_phase_1_and_its_board_clicks_lead_to_phase_2():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nb.cells.append(new_code_cell(FACTS))
    NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    assert not errors(nb), errors(nb)[:1]
    table_cell = next(c for c in nb.cells if c.cell_type == "code" and "GameTable(" in c.source)
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in table_cell.outputs)
    line = next(ln for ln in texts(nb).splitlines() if ln.startswith("FACTS"))
    facts = json.loads(line[len("FACTS"):])
    assert (facts["round"], facts["phase"]) == (2, "phase1")
    assert facts["decision"] == "Black puts a family member on a province space (MING-PH1-2)"
    assert facts["seats"] == ["human", "human", "heuristic"] and facts["widget"] == "GameTable"
    assert facts["lit"] == [f"space:{c}" for c in sorted(("RED", "YELLOW", "GREEN", "BLUE", "PURPLE", "ORANGE"))]
    # MING-CLAR-4: ten clicks of the people and five placements of the bot end phase 1
    assert facts["after"] == ["phase2", "Black takes a movement card or a dragon (MING-PH2-2)", [0, 0, 0]]
