"""Ehre der Samurai at the hot-seat table in a real browser (Debian chromium; JupyterLab and Voilà).

``notebooks/samurai_table.ipynb`` sets up Red's turn: Red (a person) holds Noh-Theater and Daisho,
Blue (a bot) has a castle and holds Okugata 5, Green (a person) holds Save Face and Masamune, and the
dice are set so that Red wins the battle 6 to 1. By clicks: Red takes the screen, tries to play
Noh-Theater into Blue's Daimyo house (refused: SAM-PLAY-1, nothing changes), plays it into his own,
attacks Blue and wins; the Save Face window goes to Green out of turn (SAM-CLAR-11): the screen is
passed to Green, who saves Blue's house; Red takes the castle and ends the turn; after the bot's turn
the screen goes to Green. At each hand-off the test reads every widget model the browser holds
(rebuilt from the kernel's frames) and finds no card of a hand but the seat's on screen (SAM-CLAR-19).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_in_lab, open_in_voila, shot_on_failure
from tests.e2e.test_hotseat_secrets import WidgetModels

pytestmark = pytest.mark.e2e

HANDS = {"Red": "Daisho", "Blue": "Okugata 5", "Green": "Masamune"}     # a card only that seat holds


def _held(models: WidgetModels) -> set[str]:
    """The seats whose hand card is in a widget model the page holds now."""
    text = json.dumps(list(models.live().values()), ensure_ascii=False)
    return {seat for seat, card in HANDS.items() if card in text}


def _take_screen(page: Page, seat: str) -> None:
    curtain = page.locator(".lotus-curtain")
    expect(curtain).to_contain_text(f"Pass the screen to {seat}", timeout=90_000)
    page.get_by_role("button", name=f"I am {seat}: show my hand").click()
    expect(page.locator(".lotus-table")).to_contain_text(f"{seat}'s hand", timeout=60_000)


def _play(page: Page, models: WidgetModels, shots, name: str) -> None:
    table = page.locator(".lotus-table")
    turn = page.locator(".lotus-phase-samurai-turn")
    expect(page.get_by_role("button", name="I am Red: show my hand")).to_be_visible(timeout=180_000)
    assert _held(models) == set(), "behind the first curtain the page holds a hand"
    _take_screen(page, "Red")
    expect(turn).to_contain_text("card actions this turn", timeout=60_000)
    assert _held(models) == {"Red"}, "the model reader does not see Red's hand while it is shown"

    # a card, then a house Red may not use: refused in one line with the rule, nothing changes
    turn.get_by_role("button", name="Noh-Theater (H20 K3 S0)").click()
    turn.get_by_role("button", name="into Blue's Daimyo house").click()
    expect(turn).to_contain_text("SAM-PLAY-1", timeout=30_000)
    expect(turn).to_contain_text("you may not play into Blue's Daimyo house")
    expect(turn).to_contain_text("0 used, 2 left")
    page.screenshot(path=str(shots / f"samurai-{name}-1-refused.png"))
    turn.get_by_role("button", name="into your Daimyo house").click()
    expect(turn).to_contain_text("1 used, 2 left", timeout=30_000)      # Noh-Theater: Ki 6 + 3
    expect(table.locator(".lotus-log")).to_contain_text("Red plays Noh-Theater")
    # the table view follows in place: the card lies in Red's Daimyo house on the board
    expect(table.locator(".lotus-board .js-plotly-plot")).to_contain_text("Theater", timeout=60_000)

    # the attack: Red wins 6 to 1, and the Save Face window is Green's, behind the curtain
    turn.get_by_role("button", name=re.compile(r"^Attack Blue \(1:1 dice, 50%\)")).click()
    _curtain_for(page, "Green")
    page.screenshot(path=str(shots / f"samurai-{name}-2-pass-to-green.png"))
    assert _held(models) == set(), "behind the curtain for Green the page holds a hand"
    _take_screen(page, "Green")
    battle = page.locator(".lotus-phase-samurai-battle")
    expect(battle).to_contain_text("Red attacks Blue with 1 die against 1", timeout=60_000)
    expect(battle).to_contain_text("6 = 6 ✔ wins")
    expect(battle).to_contain_text("You hold 1 Save Face card")
    assert _held(models) == {"Green"}, "Green's view holds another seat's hand"
    page.screenshot(path=str(shots / f"samurai-{name}-3-save-face.png"))
    battle.get_by_role("button", name="Play Save Face for Blue").click()

    # the castle choice is public: Red decides it without a hand-off; then Red's turn goes on
    castle = battle.get_by_role("button", name="Take Blue's castle")
    expect(castle).to_be_visible(timeout=60_000)
    assert _held(models) == set(), "a public decision shows a hand"
    castle.click()
    _take_screen(page, "Red")
    expect(turn).to_contain_text("The declaration of this turn is made", timeout=60_000)
    expect(turn).to_contain_text("6 = 6 ✔ wins")                # the battle stays on show for the turn
    turn.get_by_role("button", name="End the turn").click()

    # Blue (the bot) plays its turn; then the screen goes to Green for Green's turn
    _curtain_for(page, "Green")
    # (the bot may have played its Okugata 5 by now: only Red's and Green's hands are still sure secrets)
    assert not _held(models) & {"Red", "Green"}
    expect(table.locator(".lotus-log")).to_contain_text("Green plays Save Face")
    expect(table.locator(".lotus-log")).to_contain_text("Red takes the castle")
    page.screenshot(path=str(shots / f"samurai-{name}-4-next-turn.png"), full_page=True)


def _curtain_for(page: Page, seat: str) -> None:
    expect(page.locator(".lotus-curtain")).to_contain_text(f"Pass the screen to {seat}", timeout=90_000)
    expect(page.locator(".lotus-table")).not_to_contain_text("'s hand", timeout=30_000)


def test_SAM_CLAR_11_a_turn_by_clicks_and_the_save_face_window_in_jupyterlab(page: Page, lab_url, shots):
    models = WidgetModels(page)
    open_in_lab(page, lab_url, "samurai_table.ipynb", (1280, 800))
    with shot_on_failure(page, shots, "samurai-lab"):
        _play(page, models, shots, "lab")


def test_SAM_CLAR_19_a_turn_by_clicks_and_the_save_face_window_in_voila_at_1024x768(page: Page, lab_url, shots):
    # JupyterLab's own Voilà renders the notebook (the kit's template, nothing from a CDN): one server
    models = WidgetModels(page)
    open_in_voila(page, lab_url, "samurai_table.ipynb", (1024, 768))
    with shot_on_failure(page, shots, "samurai-voila"):
        _play(page, models, shots, "voila")
