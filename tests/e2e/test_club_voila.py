"""Notebook 5 (``notebooks/05_play_at_the_club.ipynb``) in Voilà, in a real browser (Debian chromium).

Voilà serves the real notebook (four players: Red and Blue people, Green and Yellow heuristic bots,
hot seat). The test passes the screen from player to player, takes it for Red, claims provinces by
clicking the plotly board and checks that the board and the phase panel change. The same game is
played in this process through :class:`GameSession` to know what the page must show. Screenshots go
to ``$SHOT_DIR`` (or a temporary folder).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from lotus_kit.ui.session import GameSession
from lotus_kit.white_lotus.actions import PlaceMarker
from tests.e2e.conftest import open_in_voila, shot_on_failure
from tests.e2e.test_table_browser import MARKERS_DRAWN, click_province

pytestmark = pytest.mark.e2e

NOTEBOOK = "notebooks/05_play_at_the_club.ipynb"          # under the standalone Voilà (the repository)
# the notebook's setup
SETUP = {"players": 4, "seed": 2026, "seats": ["human", "human", "heuristic", "heuristic"]}


def markers_on_board(mirror: GameSession) -> int:
    return sum(bin(m).count("1") for m in mirror.state.markers)


def take_screen(page: Page, name: str) -> None:
    # a marker is a public decision: no hand-off, but the player may ask for his hand
    curtain = page.get_by_role("button", name=f"I am {name}: show my hand")
    expect(curtain).to_be_visible(timeout=90_000)
    expect(page.locator(".lotus-public-turn")).to_contain_text(f"{name} to act")
    curtain.click()
    expect(page.locator(".lotus-table")).to_contain_text(f"{name}'s hand", timeout=60_000)


def test_voila_club_hot_seat_claims(page: Page, voila_url, shots):
    open_in_voila(page, voila_url, NOTEBOOK)
    with shot_on_failure(page, shots, "club"):
        _play_claims(page, shots)


def _play_claims(page: Page, shots) -> None:
    mirror = GameSession(players=SETUP["players"], seed=SETUP["seed"], seats=SETUP["seats"])
    mirror.run_bots()
    names = mirror.state.board
    board = page.locator(".lotus-board .js-plotly-plot").first
    expect(board.locator("path.js-fill").first).to_be_attached(timeout=90_000)
    expect(page.locator(".lotus-public-turn")).to_be_visible(timeout=90_000)
    page.screenshot(path=str(shots / "club-1-public-turn.png"))
    before = page.evaluate(MARKERS_DRAWN)
    assert before == markers_on_board(mirror)
    claims = page.locator(".lotus-phase-1")

    red_claims = 0
    for _ in range(4):                          # Blue, Red, Blue, Red: two claims for Red
        (seat,) = mirror.human_to_act()
        who = mirror.name(seat)
        take_screen(page, who)
        expect(claims.get_by_role("button", name="Place marker")).to_be_visible(timeout=60_000)
        if seat == 0 and red_claims == 0:
            page.screenshot(path=str(shots / "club-2-red-screen.png"))
        legal = [a.province for a in mirror.legal(seat) if isinstance(a, PlaceMarker)]
        pid = legal[0]
        click_province(page, pid, markers_on_board(mirror))
        ok, _ = mirror.act(PlaceMarker(seat, pid))
        assert ok
        if seat == 0:
            # the table says what Red did (then Blue's public turn hides Red's hand)
            table = page.locator(".lotus-table")
            expect(table).to_contain_text(f"Red claims {names.province(pid).name}", timeout=60_000)
            red_claims += 1
            if red_claims == 1:
                page.screenshot(path=str(shots / "club-3-red-claimed.png"))
        mirror.run_bots()
        # the board draws every marker of the game so far (the claim and the bots' replies)
        page.wait_for_function(f"() => ({MARKERS_DRAWN})() === {markers_on_board(mirror)}", timeout=90_000)

    assert red_claims == 2
    after = page.evaluate(MARKERS_DRAWN)
    assert after > before
    expect(board.locator(".scatterlayer .point").first).to_be_attached()
    page.screenshot(path=str(shots / "club-4-after.png"))
