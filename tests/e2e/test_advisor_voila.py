"""The advisor in Voilà, in a real browser (Debian chromium): solved on sight, the model switched by a
click, another bid's odds chosen from the list — each redraws what it should."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import VOILA_NB, open_in_voila

pytestmark = pytest.mark.e2e


def test_voila_advisor_model_and_choice(page: Page, voila_url, shots):
    open_in_voila(page, voila_url, f"{VOILA_NB}/advisor.ipynb")
    try:
        expect(page.get_by_text("Conflict for Chengdu", exact=False).first).to_be_visible(timeout=120_000)
        expect(page.get_by_text("zero-sum model (exact LP", exact=False)).to_be_visible(timeout=60_000)
        expect(page.locator(".js-plotly-plot")).to_have_count(2, timeout=60_000)     # the mix and the odds
        expect(page.locator(".gtitle").filter(has_text="Equilibrium bids")).to_be_visible()
        page.get_by_role("button", name="own utility").click()
        expect(page.get_by_text("general-sum model (exact MIP", exact=False)).to_be_visible(timeout=60_000)
        # the re-solve redraws both charts in place: the mix, and the odds of the new likeliest bid
        expect(page.locator(".js-plotly-plot .xtick").filter(has_text="3+3+2+2")).to_have_count(0, timeout=60_000)
        expect(page.locator(".gtitle").filter(has_text="Bid 3+3: odds against each opponent model")
               ).to_be_visible(timeout=60_000)
        page.locator(".lotus-advisor-option select").select_option(label="3")
        expect(page.locator(".gtitle").filter(has_text="Bid 3: odds against each opponent model")
               ).to_be_visible(timeout=60_000)
        page.screenshot(path=str(shots / "advisor-voila.png"), full_page=True)
    except Exception:
        page.screenshot(path=str(shots / "advisor-voila-failed.png"), full_page=True)
        raise
