"""Ming at the hot-seat table in a real browser (Debian chromium), in JupyterLab and in Voilà.

``tests/e2e/notebooks/ming_table.ipynb`` (JupyterLab at 1280x800, Voilà at 1024x768) opens round 2
at its start (phase 1) with Black and White as people and Grey a bot. Everything is done by clicks
on the plotly board and the panels: each person puts five family members on province spaces one at
a time (a click on a border instead is refused with MING-PH1-2 and changes nothing), takes a card by
clicking a province space, steps the prince by clicking a border, deploys, passes; then the scoring
hands the screen to Black, who presses return card 2 and
commits it sealed. Behind the curtain for White the page's widget models (rebuilt from the kernel's
frames) hold nothing of Black's choice; White commits 1, and the reveal "Black 2, White 1" is on the
screen for everyone before the breakdown. Hands of movement cards are public in Ming
(MING-CLAR-17), so only the sealed choice is checked.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import click_board, open_in_lab, open_in_voila, shot_on_failure
from tests.e2e.test_hotseat_secrets import WidgetModels

pytestmark = pytest.mark.e2e

RETURN_LABELS = {"0", "1", "2", "3"}

BOARD = ".ming-board .js-plotly-plot"


def click_spot(page: Page, spot: str, hover: str) -> None:
    """Point at a border or a province space (the spaces sit at the foot of a tall board: scrolled
    into view) and click once its hover label shows, on a board that stands still."""
    click_board(page, BOARD, ["borders", "spaces"], spot, hover)


# phase 1 by clicks, in turn order (Grey, the bot, places after White): five pieces each
PLACES = (("Black", "YELLOW"), ("White", "RED"), ("Black", "GREEN"), ("White", "BLUE"), ("Black", "YELLOW"),
          ("White", "RED"), ("Black", "ORANGE"), ("White", "PURPLE"), ("Black", "YELLOW"), ("White", "RED"))
# left on the province spaces from round 1 (MING-RND-3), as the notebook's position says
WAITING = {"Black": {"YELLOW": 2}, "White": {"RED": 2}}


def _phase1(page: Page, shots, name: str) -> None:
    """Every person's phase-1 decision by a click on a province space; each click waits until the
    panel counts the piece before it and the board says who waits on the space clicked."""
    title = page.locator(".lotus-table .lotus-decision")
    panel = page.locator(".lotus-phase-ming-p1")
    waiting = {who: dict(spaces) for who, spaces in WAITING.items()}
    left = {"Black": 5, "White": 5, "Grey": 5}
    for k, (who, colour) in enumerate(PLACES):
        expect(title).to_contain_text(f"{who} puts a family member on a province space", timeout=60_000)
        counts = ", ".join(rf"{w[0]}\s*{w} {n}" for w, n in left.items())
        expect(panel).to_contain_text(re.compile(rf"Left to place: {counts}"), timeout=60_000)
        if k == 0:
            page.screenshot(path=str(shots / f"ming-{name}-0-phase1.png"))
            # a border is no place for a family member: refused with its rule, nothing changes
            click_spot(page, "P1.R~P2.L", "border P1.R~P2.L")
            refused = panel.locator(".lotus-error").filter(has_text="the border P1.R–P2.L (JUNK) — phase 1 puts "
                                                                    "a family member on a province space")
            expect(refused).to_be_visible(timeout=60_000)
            expect(refused).to_contain_text("MING-PH1-2")
            expect(refused).to_contain_text("Nothing changed.")
            expect(panel).to_contain_text(re.compile(rf"Left to place: {counts}"))
            expect(title).to_contain_text("Black puts a family member on a province space")
        mine = ", ".join(f"{w} {waiting[w].get(colour, 0)}" for w in ("Black", "White"))
        click_spot(page, f"space:{colour}", f"{colour} province space — waiting: {mine}")
        waiting[who][colour] = waiting[who].get(colour, 0) + 1
        left[who] -= 1
        if who == "White":
            left["Grey"] -= 1


def _play(page: Page, models: WidgetModels, shots, name: str) -> None:
    table = page.locator(".lotus-table")
    title = table.locator(".lotus-decision")
    # a loaded machine starts the kernel, runs the cell and loads plotly's module slowly
    expect(page.locator(".ming-board .js-plotly-plot path.js-fill").first).to_be_attached(timeout=240_000)
    _phase1(page, shots, name)
    expect(title).to_contain_text("Black takes a movement card", timeout=60_000)
    page.screenshot(path=str(shots / f"ming-{name}-1-phase2.png"))
    # phase 2: a card beside a province space where one has a family member (MING-PH2-2)
    click_spot(page, "space:YELLOW", "YELLOW province space — waiting: Black 5, White 0")
    expect(title).to_contain_text("White takes a movement card", timeout=60_000)
    click_spot(page, "space:RED", "RED province space — waiting: Black 0, White 5")
    # phase 3: Black steps across the JUNK border into P2.L and deploys; White steps into P1.R
    expect(title).to_contain_text("Black moves the prince", timeout=60_000)
    click_spot(page, "P1.R~P2.L", "border P1.R~P2.L")
    panel = page.locator(".lotus-phase-ming-p3")
    expect(title).to_contain_text("Black deploys", timeout=60_000)
    page.screenshot(path=str(shots / f"ming-{name}-2-deploy.png"))
    panel.get_by_role("button", name="Deploy", exact=True).click()
    expect(title).to_contain_text("White moves the prince", timeout=60_000)
    click_spot(page, "P1.R~P4.T", "border P1.R~P4.T")
    expect(title).to_contain_text("White deploys", timeout=60_000)
    panel.get_by_role("button", name="Deploy", exact=True).click()
    for who in ("Black", "White"):
        expect(title).to_contain_text(f"{who} moves the prince", timeout=60_000)
        panel.get_by_role("button", name="Pass", exact=True).click()

    # phase 4: the hand-off to Black, who commits return card 2 sealed (MING-CLAR-11)
    black = page.get_by_role("button", name="I am Black: show my hand")
    expect(black).to_be_visible(timeout=60_000)
    expect(page.locator(".lotus-curtain")).to_contain_text("Pass the screen to Black")
    page.screenshot(path=str(shots / f"ming-{name}-3-curtain-black.png"))
    black.click()
    scoring = page.locator(".lotus-phase-ming-p4")
    commit = scoring.get_by_role("button", name="Play the pressed return cards (sealed)")
    expect(commit).to_be_visible(timeout=60_000)
    scoring.get_by_role("button", name="2", exact=True).click()
    expect(scoring).to_contain_text("Pressed: 2 = 2")
    held = [m for m in models.live().values() if m.get("_model_name") == "ToggleButtonModel"
            and m.get("description") == "2" and m.get("value") is True]
    assert held, "the frames show no pressed card: the model reader reads nothing"
    page.screenshot(path=str(shots / f"ming-{name}-4-black-chooses.png"))
    commit.click()

    # behind the curtain for White: nothing of Black's choice in the page, not even hidden
    white = page.get_by_role("button", name="I am White: show my hand")
    expect(white).to_be_visible(timeout=60_000)
    expect(page.locator(".lotus-curtain")).to_contain_text("Pass the screen to White")
    live = models.live()
    cards = [m for m in live.values() if m.get("_model_name") == "ToggleButtonModel"
             and m.get("description") in RETURN_LABELS and m.get("value") is True]
    assert cards == [], cards
    state = json.dumps(list(live.values()))
    assert "Pressed: 2" not in state and "your choice: 2" not in state and "returns 2" not in state
    white.click()
    expect(commit).to_be_visible(timeout=60_000)
    expect(scoring).to_contain_text("Black has chosen (sealed)")
    expect(scoring).not_to_contain_text("Pressed: 2")
    scoring.get_by_role("button", name="1", exact=True).click()
    commit.click()

    # the reveal, for everyone, then the scoring breakdown with its rules
    banner = table.locator(".lotus-warn").filter(has_text="Return cards revealed for the city of P1")
    expect(banner.first).to_be_visible(timeout=60_000)
    expect(banner.first).to_contain_text("Black 2, White 1")
    expect(page.locator(".lotus-curtain")).to_be_hidden()
    page.screenshot(path=str(shots / f"ming-{name}-5-reveal.png"), full_page=True)
    page.get_by_role("button", name=re.compile(r"Continue")).first.click()
    # White returns 1 piece from the houses of P1.L or P1.R (Black's 2 can only leave P1.T: taken at once)
    expect(title).to_contain_text("White says which houses of P1", timeout=60_000)
    scoring.get_by_role("button", name="Return these").click()
    expect(table).to_contain_text("Scoring after round 2", timeout=60_000)
    expect(table).to_contain_text("White: 3 piece(s) left in the city of P1 x 4 = 12 points", timeout=60_000)
    expect(table.locator(".ming-score-track")).to_contain_text("White")
    page.screenshot(path=str(shots / f"ming-{name}-6-breakdown.png"), full_page=True)


def test_ming_round_by_clicks_with_sealed_return_cards_in_jupyterlab(page: Page, lab_url, shots):
    models = WidgetModels(page)
    open_in_lab(page, lab_url, "ming_table.ipynb", (1280, 800))
    with shot_on_failure(page, shots, "ming-lab"):
        _play(page, models, shots, "lab")


def test_ming_round_by_clicks_with_sealed_return_cards_in_voila(page: Page, lab_url, shots):
    models = WidgetModels(page)
    open_in_voila(page, lab_url, "ming_table.ipynb", (1024, 768))
    with shot_on_failure(page, shots, "ming-voila"):
        _play(page, models, shots, "voila")
