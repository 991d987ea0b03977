"""The club table (notebook 5) in Voilà on real screens (Debian chromium): at 1024x768 the board is
stacked over the panel and fits the window under the current decision; from 1200 px the table lays
board and panel side by side, the board fitting the space, the board, the decision and who acts on
one screen; no button label of the table is cut.

Screenshots of every layout go to ``$SHOT_DIR`` (or a temporary folder): ``table-1024x768``,
``table-1280x800``, ``table-1440x900``.
"""

from __future__ import annotations

import pathlib

import pytest
from playwright.sync_api import Page, expect

from lotus_kit.ui.layout import fit
from lotus_kit.ui.session import GameSession
from lotus_kit.white_lotus.actions import PlaceMarker
from tests.e2e.conftest import open_in_voila
from tests.e2e.test_table_browser import MARKERS_DRAWN

pytestmark = pytest.mark.e2e

NOTEBOOK = "notebooks/05_play_at_the_club.ipynb"          # under the standalone Voilà (the repository)
SETUP = {"players": 4, "seed": 2026, "seats": ["human", "human", "heuristic", "heuristic"]}

BOX = """(sel) => { const e = Array.from(document.querySelectorAll(sel)).find(e => e.offsetParent !== null);
  if (!e) return null; const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"""
BOARD = ".lotus-board .js-plotly-plot .main-svg"
DECISION = ".lotus-table .lotus-decision"          # the line naming who decides what now
TURN = ".lotus-public-turn"                        # who acts, and the button that takes the screen
# the width the table's parts can use (what the table's screen-size widget reports to the kernel)
TABLE_WIDTH = """() => { const t = document.querySelector('.lotus-table'), css = getComputedStyle(t);
  return Math.round(t.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight)); }"""
# buttons of the table whose label does not fit (the browser cuts it with an ellipsis)
CUT_LABELS = """() => Array.from(document.querySelectorAll('.lotus-table button'))
  .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1).map(b => b.textContent.trim())"""


def first_human() -> str:
    mirror = GameSession(**SETUP)
    mirror.run_bots()
    (seat,) = mirror.human_to_act()
    return mirror.name(seat)


def open_table(page: Page, url: tuple[str, str], size: tuple[int, int]) -> None:
    open_in_voila(page, url, NOTEBOOK, size)
    expect(page.locator(TURN)).to_contain_text(f"{first_human()} to act", timeout=120_000)


def board_fitted(page: Page, height: int, projector: bool) -> list[float]:
    """Wait until the board is drawn at the width :func:`fit` gives for the table's width in this
    window, and return its box."""
    width = page.evaluate(TABLE_WIDTH)
    want = fit(width, height, projector).board_width
    page.wait_for_function(f"""() => {{ const s = document.querySelector('{BOARD}');
        return s && Math.round(s.getBoundingClientRect().width) === {want}; }}""", timeout=90_000)
    return page.evaluate(BOX, BOARD)


def on_screen(box: list[float] | None, size: tuple[int, int]) -> bool:
    assert box is not None, "not shown"
    left, top, right, bottom = box
    return left >= -1 and top >= -1 and right <= size[0] + 1 and bottom <= size[1] + 1     # within a pixel


def test_at_1024x768_the_board_fits_the_window_under_the_decision_line(page: Page, voila_url, shots):
    size = (1024, 768)
    open_table(page, voila_url, size)
    try:
        _at_1024(page, size, shots)
    except Exception:
        page.screenshot(path=str(shots / "table-1024x768-failed.png"))
        raise


def _at_1024(page: Page, size: tuple[int, int], shots: pathlib.Path) -> None:
    # "New game" is in sight, not inside the collapsed setup
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    # the plain table at this size stacks the panel under the board...
    board = board_fitted(page, size[1], projector=False)
    assert page.evaluate(BOX, ".lotus-side")[1] >= board[3] - 1
    # ...and the board fits the window under the decision line: scrolled to it, both are on screen
    page.locator(DECISION).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    assert on_screen(page.evaluate(BOX, DECISION), size), page.evaluate(BOX, DECISION)
    assert on_screen(page.evaluate(BOX, BOARD), size), page.evaluate(BOX, BOARD)
    assert page.evaluate(CUT_LABELS) == []
    page.screenshot(path=str(shots / "table-1024x768.png"))

    # the player takes the screen: the claims panel under the board, with no label cut
    page.get_by_role("button", name=f"I am {first_human()}: show my hand").click()
    expect(page.locator(".lotus-phase-1").get_by_role("button", name="Place marker")).to_be_visible(timeout=60_000)
    assert page.evaluate(CUT_LABELS) == []


@pytest.mark.parametrize("size", [(1280, 800), (1440, 900)])
def test_the_table_puts_board_and_panel_side_by_side_from_1200_px(page: Page, voila_url, shots, size):
    open_table(page, voila_url, size)
    try:
        _side_by_side(page, size, shots)
    except Exception:
        page.screenshot(path=str(shots / f"table-{size[0]}x{size[1]}-failed.png"))
        raise


def _side_by_side(page: Page, size: tuple[int, int], shots: pathlib.Path) -> None:
    board = board_fitted(page, size[1], projector=False)
    side = page.evaluate(BOX, ".lotus-side")
    assert side[0] >= board[2] - 1 and abs(side[1] - board[1]) < 60, (board, side)    # beside it, level
    # scrolled to the decision line, the board and who acts are on screen together
    page.locator(DECISION).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    for part in (DECISION, BOARD, TURN):
        assert on_screen(page.evaluate(BOX, part), size), (part, page.evaluate(BOX, part))
    # the board uses the screen: the width the panel leaves, or the full height
    board = page.evaluate(BOX, BOARD)
    assert board[2] - board[0] >= min(size[0] - (side[2] - side[0]) - 80, (size[1] - 80) / 0.95 - 40)
    assert page.evaluate(CUT_LABELS) == []
    page.screenshot(path=str(shots / f"table-{size[0]}x{size[1]}.png"))


# the board as plotly draws it in the page (``gd._fullData``: what plotly.js made of the figure it
# holds, defaults filled in), per trace named by its meta: how many texts it shows, its type and
# marker sizes and marker outline widths
DRAWN = """() => { const gd = document.querySelector('.lotus-board .js-plotly-plot');
  if (!gd || !gd._fullData || !gd._fullLayout) return null;
  const list = v => Array.isArray(v) ? v : (v === undefined || v === null ? [] : [v]);
  const traces = {};
  for (const t of gd._fullData) {
    if (typeof t.meta !== 'string') continue;
    traces[t.meta] = {texts: list(t.text).filter(s => s !== '' && s !== null && s !== undefined).length,
                      points: t.x ? t.x.length : 0, font: list(t.textfont && t.textfont.size),
                      size: list(t.marker && t.marker.size),
                      line: list(t.marker && t.marker.line && t.marker.line.width)};
  }
  return {traces, title: gd._fullLayout.title.font.size, width: gd._fullLayout.width};
}"""
PROJECTOR_TITLE = 24          # the board's title size in projector mode (19 on the plain table)


def median(values: list[float]) -> float:
    values = sorted(values)
    return values[len(values) // 2]


def drawn_sizes(page: Page) -> dict[str, float]:
    """The sizes a reader at the back of the room sees, read from the page's plotly drawing: the
    province names (median and smallest font), the claim markers, chips and stones (marker size)
    and the markers' outline."""
    d = page.evaluate(DRAWN)
    t = d["traces"]
    return {"names": median(t["labels"]["font"]), "smallest name": min(t["labels"]["font"]),
            "markers": min(t["markers"]["size"] or [0]), "chips": min(t["chips"]["size"]),
            "chip letters": min(t["chips"]["font"]), "stones": min(t["stones"]["size"]),
            "marker outline": min(t["markers"]["line"] or [0])}


def names_drawn(page: Page) -> int:
    return page.evaluate(DRAWN)["traces"]["labels"]["texts"]


def test_projector_mode_at_1024x768_large_board_and_decision_on_one_screen(page: Page, voila_url, shots):
    size = (1024, 768)
    open_table(page, voila_url, size)
    try:
        _projector(page, size, shots)
    except Exception:
        page.screenshot(path=str(shots / "projector-1024x768-failed.png"))
        raise


def _projector(page: Page, size: tuple[int, int], shots: pathlib.Path) -> None:
    mirror = GameSession(**SETUP)
    mirror.run_bots()
    provinces = len(mirror.state.board.provinces)
    board_fitted(page, size[1], projector=False)
    plain = drawn_sizes(page)
    assert names_drawn(page) == provinces

    page.get_by_role("button", name="Projector").click()
    want = fit(page.evaluate(TABLE_WIDTH), size[1], True).board_width
    # wait for the view: the board redrawn at its projector width with the projector's title
    page.wait_for_function(f"""() => {{ const d = ({DRAWN})();
        return d && d.width === {want} && d.title === {PROJECTOR_TITLE}; }}""", timeout=90_000)
    check_projector(page, size, plain, provinces)
    page.screenshot(path=str(shots / "projector-1024x768.png"))

    # a step is played (the first person claims a province, the bots answer): still the projector's look
    (seat,) = mirror.human_to_act()
    page.get_by_role("button", name=f"I am {mirror.name(seat)}: show my hand").click()
    place = page.locator(".lotus-phase-1").get_by_role("button", name="Place marker")
    expect(place).to_be_enabled(timeout=60_000)
    legal = sorted((a.province for a in mirror.legal(seat) if isinstance(a, PlaceMarker)),
                   key=lambda p: mirror.state.board.province(p).name)
    place.click()
    assert mirror.act(PlaceMarker(seat, legal[0]))[0]
    mirror.run_bots()
    markers = sum(bin(m).count("1") for m in mirror.state.markers)
    page.wait_for_function(f"() => ({MARKERS_DRAWN})() === {markers}", timeout=90_000)
    check_projector(page, size, plain, provinces)
    page.screenshot(path=str(shots / "projector-1024x768-after-a-step.png"))


def check_projector(page: Page, size: tuple[int, int], plain: dict[str, float], provinces: int) -> None:
    """Board and current decision both whole on the screen, side by side; every province named, no
    name smaller than 9 px nor than the plain table's smallest; markers, chips, their letters and
    the stones drawn clearly bigger than on the plain table, the markers' outline thicker."""
    for part in (BOARD, DECISION):
        assert on_screen(page.evaluate(BOX, part), size), (part, page.evaluate(BOX, part))
    board, side = page.evaluate(BOX, BOARD), page.evaluate(BOX, ".lotus-side")
    assert side[0] >= board[2] - 1, (board, side)
    decision_font = page.evaluate(f"() => parseFloat(getComputedStyle(document.querySelector('{DECISION}')).fontSize)")
    assert decision_font >= 22, decision_font
    assert names_drawn(page) == provinces
    big = drawn_sizes(page)
    # the map at 1024x768 is 620 px wide beside the panel: names keep sizes that fit their provinces
    # (the plain table's 740 px map has room for a median of 10 px), and none is small
    assert big["smallest name"] >= max(9, plain["smallest name"]), (big, plain)
    for what in ("markers", "chips", "chip letters", "stones"):
        assert big[what] >= 1.2 * plain[what], (what, big[what], plain[what])
    assert big["marker outline"] >= 1.5 * plain["marker outline"], (big, plain)
