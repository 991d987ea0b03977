"""A game the kit has never heard of, at the shared game table in a real browser (JupyterLab):
the toy auction of the tests (``tests/toygame``, no screen module) plays one bid per round from the
generic panel until the game is over; the page shows the game's own words and no White Lotus."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_in_lab

pytestmark = pytest.mark.e2e


def test_jupyterlab_toy_auction_at_the_generic_table(page: Page, lab_url, shots):
    open_in_lab(page, lab_url, "toy_table.ipynb")
    table = page.locator(".lotus-table")
    try:
        expect(table).to_contain_text("Toy auction", timeout=120_000)
        title = table.locator(".lotus-decision")
        panel = table.locator(".lotus-phase")
        # the bot has committed its sealed bid already: Red's turn, the first legal bid picked
        expect(title).to_contain_text("Red bid for a prize of", timeout=30_000)
        expect(panel.locator("select option:checked")).to_have_text("Red bids 0")
        page.screenshot(path=str(shots / "toy-lab-1-start.png"))
        for done in range(1, 4):
            # the random bot commits its sealed bid first; Red picks "Red bids 1" and plays it
            panel.locator("select").select_option(label="Red bids 1")
            panel.get_by_role("button", name="Play").click()
            expect(table.locator(".lotus-log li")).to_have_count(done, timeout=30_000)
        expect(title).to_contain_text("the game is over", timeout=30_000)
        expect(table.locator(".lotus-score")).to_contain_text("Final score")
        text = table.inner_text()
        assert "WL-" not in text and "Lotus" not in text and "emperor" not in text.lower()
        page.screenshot(path=str(shots / "toy-lab-2-over.png"))
    except Exception:
        page.screenshot(path=str(shots / "toy-lab-failed.png"))
        raise
