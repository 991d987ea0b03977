"""Figures changed before their view exists, drawn right after Run All in JupyterLab (Debian chromium).

``tests/e2e/notebooks/figures.ipynb`` fills a chart box twice before showing it, and makes a board,
boxes it, shows it and moves it on in one cell. Under Run All the kernel runs on while the front
end is still making the views; every view must draw the figure (traces and title), not the empty
axes a front end made from a widget whose figure was still to come.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_in_lab

pytestmark = pytest.mark.e2e

PLOTS = """() => Array.from(document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .js-plotly-plot'))
  .map(gd => ({traces: (gd.data || []).length, title: ((gd.layout || {}).title || {}).text || '',
               markers: ((gd.data || []).find(t => t.meta === 'markers') || {x: []}).x.length}))"""

DRAWN = ("(expected) => { const plots = (" + PLOTS + ")();"
         " return expected.every(title => plots.some(p => p.title.includes(title) && p.traces > 0))"
         " && plots.every(p => p.traces > 0); }")


def test_jupyterlab_run_all_draws_figures_changed_before_their_view(page: Page, lab_url, shots):
    open_in_lab(page, lab_url, "figures.ipynb")
    # the last cell's output: the province the board's claim went to
    expect(page.locator(".jp-OutputArea-output").filter(has_text=re.compile(r"^'[A-Z]{4}'$"))
           ).to_be_attached(timeout=180_000)
    titles = ["Shown whole", "Year 1"]
    try:
        page.wait_for_function(DRAWN, arg=titles, timeout=120_000)
    except Exception:
        page.screenshot(path=str(shots / "figures-lab-failed.png"))
        raise AssertionError(f"views not drawn: {page.evaluate(PLOTS)}") from None
    plots = page.evaluate(PLOTS)
    assert any(p["title"].startswith("Shown whole") and p["traces"] == 1 for p in plots), plots
    assert any("Year 1" in p["title"] and p["traces"] > 50 for p in plots), plots
    page.locator(".js-plotly-plot").first.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "figures-lab.png"))
