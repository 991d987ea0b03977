"""Every walkthrough notebook runs top to bottom without an error; committed notebooks are clean.

The notebooks assert what their text claims, so a run without errors is a check of the text too.
"""

from __future__ import annotations

import pathlib

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
# notebooks with a test module of their own are executed there
OWN_TESTS = {"07_is_the_emperor_too_strong.ipynb"}


def execute(name: str) -> nbformat.NotebookNode:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    return nb


@pytest.mark.parametrize("name", [n for n in ALL if n not in OWN_TESTS])
def test_notebook_runs_without_errors(name):
    nb = execute(name)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.output_type == "error" or (o.output_type == "stream" and o.name == "stderr"
                                               and "Traceback" in o.text)]
    assert not errors, errors[:1]


@pytest.mark.parametrize("name", ALL)
def test_committed_notebook_has_no_outputs_or_widget_state(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    assert "widgets" not in nb.metadata
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, f"{name}: outputs committed"
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"
