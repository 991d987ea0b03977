"""The club table (notebook 5) in Voilà on real screens (Debian chromium): projector mode at
1024x768 keeps the board and the current decision on one screen without scrolling; the table
lays board and panel side by side from 1200 px and stacks them below; the board fits the space.

Screenshots of every layout go to ``$SHOT_DIR`` (or a temporary folder): ``projector-1024x768-*``,
``table-1024x768``, ``table-1280x800``, ``table-1440x900``, ``projector-1440x900``.
"""

from __future__ import annotations

import pathlib

import pytest
from playwright.sync_api import Page, expect

from lotus_kit.ui.layout import fit
from lotus_kit.ui.session import GameSession
from lotus_kit.white_lotus.actions import PlaceMarker
from tests.e2e.conftest import voila_server
from tests.e2e.test_table_browser import MARKERS_DRAWN, click_province

pytestmark = pytest.mark.e2e

NOTEBOOK = pathlib.Path(__file__).resolve().parents[2] / "notebooks" / "05_play_at_the_club.ipynb"
SETUP = {"players": 4, "seed": 2026, "seats": ["human", "human", "heuristic", "heuristic"]}

BOX = """(sel) => { const e = document.querySelector(sel); if (!e) return null;
  const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"""
BOARD = ".lotus-board .js-plotly-plot .main-svg"
TABLE_WIDTH = "() => Math.round(document.querySelector('.lotus-table').getBoundingClientRect().width)"


@pytest.fixture(scope="module")
def club_url(jupyter_env):
    with voila_server(str(NOTEBOOK), jupyter_env, "voila-projector") as url:
        yield url


def board_fitted(page: Page, height: int, projector: bool) -> list[float]:
    """Wait until the board is drawn at the width :func:`fit` gives for the table's width in this
    window, and return its box."""
    width = page.evaluate(TABLE_WIDTH)
    want = fit(width, height, projector).board_width
    page.wait_for_function(f"""() => {{ const s = document.querySelector('{BOARD}');
        return s && Math.round(s.getBoundingClientRect().width) === {want}; }}""", timeout=90_000)
    return page.evaluate(BOX, BOARD)


def on_screen(box: list[float], size: tuple[int, int]) -> bool:
    left, top, right, bottom = box
    return left >= 0 and top >= 0 and right <= size[0] + 0.5 and bottom <= size[1] + 0.5


def test_projector_at_1024x768_shows_board_and_decision_without_scrolling(page: Page, club_url, shots):
    base, token = club_url
    size = (1024, 768)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{base}/?token={token}", timeout=180_000)         # Voilà runs the notebook first
    try:
        _projector(page, size, shots)
    except Exception:
        page.screenshot(path=str(shots / "projector-failed.png"))
        raise


def _projector(page: Page, size: tuple[int, int], shots: pathlib.Path) -> None:
    expect(page.locator(".lotus-curtain")).to_be_visible(timeout=120_000)
    # "New game" is in sight, not inside the collapsed setup
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    # the plain table at this size stacks the panel under the board
    board = board_fitted(page, size[1], projector=False)
    side = page.evaluate(BOX, ".lotus-side")
    assert side[1] >= board[3] - 1                                       # below the board
    page.screenshot(path=str(shots / "table-1024x768.png"))

    page.get_by_role("button", name="Projector").click()
    expect(page.locator(".lotus-table.lotus-projector")).to_be_attached(timeout=60_000)
    board = board_fitted(page, size[1], projector=True)
    mirror = GameSession(**SETUP)
    mirror.run_bots()
    (seat,) = mirror.human_to_act()
    who = mirror.name(seat)
    curtain = page.locator(".lotus-curtain")
    expect(curtain).to_contain_text(f"Pass the screen to {who}")
    # board and the current decision (the hand-over, big, above it the decision text) on one screen
    assert page.evaluate("() => [window.scrollX, window.scrollY]") == [0, 0]
    assert on_screen(board, size), board
    assert on_screen(page.evaluate(BOX, ".lotus-curtain"), size)
    assert on_screen(page.evaluate(BOX, ".lotus-side .lotus-decision"), size)
    assert page.evaluate(BOX, ".lotus-side")[0] >= board[2] - 1          # beside the board
    font = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.lotus-decision')).fontSize)")
    assert font >= 20
    page.screenshot(path=str(shots / "projector-1024x768-curtain.png"))

    # the player takes the screen: the claims panel is the decision, still on screen with the board
    page.get_by_role("button", name=f"I am {who}: show my hand").click()
    panel = page.locator(".lotus-phase-1")
    expect(panel.get_by_role("button", name="Place marker")).to_be_visible(timeout=60_000)
    assert on_screen(page.evaluate(BOX, ".lotus-phase-1"), size), page.evaluate(BOX, ".lotus-phase-1")
    assert on_screen(page.evaluate(BOX, BOARD), size)
    assert page.evaluate("() => [window.scrollX, window.scrollY]") == [0, 0]
    page.screenshot(path=str(shots / "projector-1024x768-claims.png"))

    # dragging the board does not move the map (pan and zoom are locked for play)
    before = page.evaluate("() => document.querySelector('.lotus-board .js-plotly-plot')._fullLayout.xaxis.range")
    left, top, right, bottom = board
    page.mouse.move(left + 0.5 * (right - left), top + 0.6 * (bottom - top))
    page.mouse.down()
    page.mouse.move(left + 0.3 * (right - left), top + 0.4 * (bottom - top), steps=6)
    page.mouse.up()
    after = page.evaluate("() => document.querySelector('.lotus-board .js-plotly-plot')._fullLayout.xaxis.range")
    assert after == before

    # a claim by clicking the bigger board still works
    pid = next(a.province for a in mirror.legal(seat) if isinstance(a, PlaceMarker))
    markers = sum(bin(m).count("1") for m in mirror.state.markers)
    click_province(page, pid, markers)
    ok, _ = mirror.act(PlaceMarker(seat, pid))
    assert ok
    mirror.run_bots()
    total = sum(bin(m).count("1") for m in mirror.state.markers)
    page.wait_for_function(f"() => ({MARKERS_DRAWN})() === {total}", timeout=90_000)


@pytest.mark.parametrize("size", [(1280, 800), (1440, 900)])
def test_the_table_puts_board_and_panel_side_by_side_from_1200_px(page: Page, club_url, shots, size):
    base, token = club_url
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{base}/?token={token}", timeout=180_000)         # Voilà runs the notebook first
    expect(page.locator(".lotus-curtain")).to_be_visible(timeout=120_000)
    board = board_fitted(page, size[1], projector=False)
    side = page.evaluate(BOX, ".lotus-side")
    assert side[0] >= board[2] - 1 and abs(side[1] - board[1]) < 60      # beside it, level with it
    assert on_screen(board, size) and on_screen(page.evaluate(BOX, ".lotus-curtain"), size)
    # the board uses the screen: most of the width not taken by the panel, or the full height
    assert board[2] - board[0] >= min(size[0] - (side[2] - side[0]) - 80, (size[1] - 80) / 0.95 - 40)
    page.screenshot(path=str(shots / f"table-{size[0]}x{size[1]}.png"))
    if size == (1440, 900):
        page.get_by_role("button", name="Projector").click()
        board = board_fitted(page, size[1], projector=True)
        assert on_screen(board, size)
        page.screenshot(path=str(shots / "projector-1440x900.png"))
