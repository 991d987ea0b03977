"""Write a walkthrough notebook from a list of (kind, text) cells: clean, without outputs.

The ``nbNN.py`` scripts beside this file are the diffable source of the notebooks in notebooks/;
run one to regenerate its notebook after editing it (``python scripts/notebooks/nb06.py``).
"""

import pathlib

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook


def write(path, cells, title=None):
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for kind, text in cells:
        text = text.strip("\n")
        nb.cells.append(new_markdown_cell(text) if kind == "md" else new_code_cell(text))
    for i, c in enumerate(nb.cells):
        c["id"] = f"cell-{i:02d}"
    nbformat.write(nb, path)


NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
