"""The game table in a real browser (Debian chromium), in JupyterLab and in Voilà.

Each test opens ``notebooks/table.ipynb`` (Red human, Blue and Green heuristic bots, hot seat),
takes the screen for Red, claims three provinces by clicking them on the plotly board, commits a
sealed bid from the conflict panel and checks the reveal (text and chart). The same game is played
in this process through :class:`GameSession` to know what the page must show. Screenshots go to
``$SHOT_DIR`` (or a temporary folder).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from lotus_kit.ui.session import GameSession, name_seats
from lotus_kit.white_lotus.actions import Bid, PlaceMarker
from lotus_kit.white_lotus.events import ConflictRound
from tests.e2e.conftest import VOILA_NB, click_board, open_in_lab, open_in_voila, shot_on_failure

pytestmark = pytest.mark.e2e

# the notebook's setup (tests/e2e/notebooks/table.ipynb)
SETUP = {"players": 3, "seed": 3, "first_emperor": 1, "seats": ["human", "heuristic", "heuristic"]}

MARKERS_DRAWN = """() => {
  const gd = document.querySelector('.lotus-board .js-plotly-plot');
  const t = gd && gd.data.find(t => t.meta === 'markers');
  return t && t.x ? t.x.length : 0;
}"""


def click_province(page: Page, pid: str, markers: int) -> None:
    """Click a province's seat on the plotly board as a player would: once the board shows the
    ``markers`` of the game so far, point at the province and click once its hover label shows, on
    a board that stands still (conftest's ``click_board``)."""
    page.wait_for_function(f"() => ({MARKERS_DRAWN})() === {markers}", timeout=60_000)
    click_board(page, ".lotus-board .js-plotly-plot", ["hit"], pid, f"· {pid}")


def play_claim_and_bid(page: Page, name: str, shots) -> None:
    with shot_on_failure(page, shots, name):
        _play_claim_and_bid(page, name, shots)


def _play_claim_and_bid(page: Page, name: str, shots) -> None:
    mirror = GameSession(players=SETUP["players"], seed=SETUP["seed"], first_emperor=SETUP["first_emperor"],
                         seats=SETUP["seats"])
    mirror.run_bots()
    board = page.locator(".lotus-board .js-plotly-plot").first
    expect(board.locator("path.js-fill").first).to_be_attached(timeout=90_000)
    # hot seat: a marker is a public decision, Red may ask for his hand without a hand-off
    curtain = page.get_by_role("button", name="I am Red: show my hand")
    try:
        expect(curtain).to_be_visible(timeout=120_000)      # a loaded machine renders the table slowly
    except AssertionError:
        page.screenshot(path=str(shots / f"{name}-0-no-curtain.png"))
        raise
    expect(page.locator(".lotus-public-turn")).to_contain_text("Red to act")
    page.screenshot(path=str(shots / f"{name}-1-curtain.png"))
    curtain.click()
    claims = page.locator(".lotus-phase-1")
    expect(claims.get_by_role("button", name="Place marker")).to_be_visible(timeout=30_000)
    expect(page.locator(".lotus-table")).to_contain_text("Red's hand")

    # phase 1: three markers, each by clicking the board on a province a bot has claimed too
    names = mirror.state.board
    for k in range(3):
        legal = [a.province for a in mirror.legal(0) if isinstance(a, PlaceMarker)]
        pid = next((p for p in legal if mirror.state.markers_on(p)), legal[0])
        click_province(page, pid, sum(bin(m).count("1") for m in mirror.state.markers))
        ok, _ = mirror.act(PlaceMarker(0, pid))
        assert ok
        if k == 0:
            expect(claims).to_contain_text(f"Red claims {names.province(pid).name}", timeout=60_000)
            page.screenshot(path=str(shots / f"{name}-2-claimed.png"))
        if k < 2:
            expect(claims).to_contain_text(f"place marker {k + 2} (of 3)", timeout=60_000)

    # phase 2: Red must bid in a conflict; the panel shows the sealed-bid controls
    conflict = mirror.state.conflict
    assert conflict is not None and 0 in conflict.remaining and mirror.human_to_act() == [0]
    panel = page.locator(".lotus-phase-2")
    commit = panel.get_by_role("button", name="Commit bid (sealed)")
    expect(commit).to_be_visible(timeout=60_000)
    province = names.provinces[conflict.province].name
    expect(panel).to_contain_text(f"Conflict for {province}")
    rival = next(s for s in conflict.remaining if s != 0)
    panel.locator(".widget-toggle-buttons").get_by_role("button", name=mirror.name(rival), exact=True).click()
    panel.locator(".lotus-cards-influence").get_by_role("button", name="3", exact=True).first.click()
    expect(panel).to_contain_text("Selected: 3 = 3")
    page.screenshot(path=str(shots / f"{name}-3-bid.png"))
    commit.click()

    # the reveal: the round in words (the same as the engine's event) and the breakdown chart
    mirror.act(Bid(0, rival, (3,)))
    rnd = next(e.event for e in reversed(mirror.log) if isinstance(e.event, ConflictRound))
    pressures = name_seats(rnd.text(mirror.name)).split("Pressure: ")[1].split(".")[0]
    expect(panel).to_contain_text("Reveal", timeout=60_000)
    expect(panel).to_contain_text(f"Pressure: {pressures}")
    chart = panel.locator(".js-plotly-plot")
    expect(chart.locator(".gtitle")).to_contain_text(f"Conflict for {province}", timeout=60_000)
    expect(chart.locator(".barlayer .point path").first).to_be_attached()
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"{name}-4-reveal.png"))
    # the page and the mirror agree on the next decision
    expect(page.locator(".lotus-table")).to_contain_text(f"Year {mirror.state.year}")


def test_jupyterlab_table_claim_bid_reveal(page: Page, lab_url, shots):
    open_in_lab(page, lab_url, "table.ipynb")
    play_claim_and_bid(page, "lab", shots)


def test_voila_table_claim_bid_reveal(page: Page, voila_url, shots):
    open_in_voila(page, voila_url, f"{VOILA_NB}/table.ipynb")
    play_claim_and_bid(page, "voila", shots)
