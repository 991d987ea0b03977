"""Notebook 07 runs top to bottom without an error (a smaller sweep than its default, to stay quick)."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "07_is_the_emperor_too_strong.ipynb"


@pytest.mark.slow                      # a notebook run: left out of `make test-fast`
def test_notebook_07_executes_without_errors(monkeypatch):
    monkeypatch.setenv("LOTUS_SWEEP_GAMES", os.environ.get("LOTUS_SWEEP_GAMES", "8"))
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "commit the notebook without outputs"
    client = NotebookClient(nb, timeout=600, kernel_name="python3", store_widget_state=False,
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, [f"{e.ename}: {e.evalue}" for e in errors]
    text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "players, published rules: the first emperor wins" in text
