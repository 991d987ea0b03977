"""Winter at the game table in a real browser (Debian chromium): cards laid by clicking the lake in
JupyterLab and in Voilà, a thaw move picked up and put down on the lake.

Each click goes where a player points (a green cross, a card's centre). The result is read back from
what the page holds (the flakes plotly draws, the event log) and compared with the same actions
played in this process (the bot seeded alike): the lake must be exactly the engine's after the
clicks. Screenshots at 1280x800 and 1024x768 go to ``$SHOT_DIR`` (or a temporary folder).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from lotus_kit.core.records import GameRecord
from lotus_kit.ui.session import GameSession
from lotus_kit.winter.actions import Lay, MoveCard
from lotus_kit.winter.screen.board import DARK_FILL, LIGHT_FILL
from tests.e2e.conftest import click_board, open_in_lab, open_in_voila, shot_on_failure
from tests.winter.test_table_play import THAW

pytestmark = pytest.mark.e2e

LAKE = ".winter-lake .js-plotly-plot"

# the flakes on the page: every cell plotly draws (x, y, fill), sorted
FLAKES = """() => {
  const gd = document.querySelector('.winter-lake .js-plotly-plot');
  if (!gd || !gd.layout || !gd.layout.shapes) return [];
  return gd.layout.shapes.filter(s => s.layer === 'below').map(s => [s.x0, s.y0, s.fillcolor])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}"""


def flakes_of(state) -> list[list]:
    """The cells of the engine's lake, worked out from each card's flakes as they lie (WIN-GEO-1):
    ``ab/cd`` puts a at (x, y), b at (x+1, y), c at (x, y+1), d at (x+1, y+1)."""
    out = []
    for x, y, _name, pattern in state.lake:
        a, b, c, d = pattern.replace("/", "")
        for (dx, dy), f in zip(((0, 0), (1, 0), (0, 1), (1, 1)), (a, b, c, d), strict=True):
            out.append([x + dx, y + dy, LIGHT_FILL if f == "L" else DARK_FILL])
    return sorted(out)            # by x, then y: as the page's list is sorted


def wait_for_lake(page: Page, state, timeout: float = 90_000) -> None:
    """Until the page draws exactly the engine's lake."""
    want = json.dumps(flakes_of(state), separators=(",", ":"))
    page.wait_for_function(f"() => JSON.stringify(({FLAKES})()) === {json.dumps(want)}", timeout=timeout)


def click_corner(page: Page, spot: str, words: str | None = None) -> None:
    """Point at the grid corner ``spot`` as a player would and click once its hover label shows
    (``words``, else the corner's name) on a lake that stands still (conftest's ``click_board``)."""
    click_board(page, LAKE, ["hit"], spot, words or f"· {spot}")


def lay_the_start_cards(page: Page, name: str, shots, size: tuple[int, int]) -> None:
    mirror = GameSession(game="winter", seed=3, seats=["human", "random"])
    table = page.locator(".lotus-table")
    with shot_on_failure(page, shots, f"winter-{name}"):
        expect(table.locator(".lotus-decision")).to_contain_text("Player 1 lays the first start card", timeout=180_000)
        expect(page.locator(LAKE).locator(".scatterlayer").first).to_be_attached(timeout=60_000)
        wait_for_lake(page, mirror.state)
        # no hand to show in Winter: the only secret is the deck order, hidden from both alike
        expect(page.get_by_role("button", name=re.compile("show my hand"))).to_have_count(0)
        first = mirror.state.card_in_hand
        click_corner(page, "1,1")                             # the first card's centre (WIN-CLAR-2)
        assert mirror.act(Lay(0, 0))[0]
        wait_for_lake(page, mirror.state)
        expect(table.locator(".lotus-log")).to_contain_text(f"Player 1 lays {first} at (0, 0)")
        second = mirror.state.card_in_hand
        panel = page.locator(".lotus-phase")
        panel.get_by_role("button", name="Turn 180°").click()
        expect(panel.locator(".winter-card")).to_contain_text(f"{second}, turned", timeout=60_000)
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.screenshot(path=str(shots / f"winter-{name}-1-turned-{size[0]}x{size[1]}.png"))
        click_corner(page, "3,1", f"lay {second} here, top-left flake at (2, 0)")
        assert mirror.act(Lay(2, 0, turned=True))[0]         # then the bot chooses its colour
        wait_for_lake(page, mirror.state)
        expect(table.locator(".lotus-log")).to_contain_text(f"Player 1 lays {second}, turned at (2, 0)")
        expect(table.locator(".lotus-decision")).to_contain_text(mirror.decision_text()[:30], timeout=60_000)
        page.screenshot(path=str(shots / f"winter-{name}-2-laid-{size[0]}x{size[1]}.png"))


def test_jupyterlab_winter_cards_laid_by_clicking_the_lake(page: Page, lab_url, shots):
    open_in_lab(page, lab_url, "winter_table.ipynb")
    lay_the_start_cards(page, "lab", shots, (1280, 800))


def test_voila_winter_cards_laid_by_clicking_the_lake(page: Page, lab_url, shots):
    open_in_voila(page, lab_url, "winter_table.ipynb", (1024, 768))
    lay_the_start_cards(page, "voila", shots, (1024, 768))


def test_jupyterlab_winter_thaw_move_by_picking_up_and_putting_down(page: Page, lab_url, shots):
    open_in_lab(page, lab_url, "winter_thaw.ipynb", (1024, 768))
    mirror = GameSession(record=GameRecord("winter", {"position": THAW}, ()), seats=["human", "random"])
    table = page.locator(".lotus-table")
    with shot_on_failure(page, shots, "winter-thaw"):
        expect(table.locator(".lotus-decision")).to_contain_text("moves or removes a free card", timeout=180_000)
        wait_for_lake(page, mirror.state)
        click_corner(page, "1,1", "held by a token")          # W11 under the dark token: refused
        expect(table).to_contain_text("is not free: a token lies on it", timeout=60_000)
        click_corner(page, "5,1", "pick it up")               # the free card at (4, 0)
        panel = page.locator(".lotus-phase")
        # the button stands there greyed from the start: enabled is what says the card is picked up
        expect(panel.get_by_role("button", name="Remove this card")).to_be_enabled(timeout=60_000)
        moves = [a for a in mirror.legal(0) if isinstance(a, MoveCard) and (a.x, a.y) == (4, 0) and not a.turn]
        move = moves[0]
        page.screenshot(path=str(shots / "winter-thaw-1-picked-up-1024x768.png"))
        click_corner(page, f"{move.to_x + 1},{move.to_y + 1}", f"move the card here, top-left flake at "
                                                                 f"({move.to_x}, {move.to_y})")
        assert mirror.act(move)[0]                            # then the bot's thaw turn
        wait_for_lake(page, mirror.state)
        expect(table.locator(".lotus-log")).to_contain_text(
            f"Player 1 moves the card at (4, 0) to ({move.to_x}, {move.to_y})")
        page.screenshot(path=str(shots / "winter-thaw-2-moved-1024x768.png"))
