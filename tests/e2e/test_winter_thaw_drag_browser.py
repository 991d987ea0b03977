"""Winter's thaw by a real mouse drag (Debian chromium): a free card taken on the panel's lake, turned
180° with R while it hangs on the pointer and let go a little off a spot of its move, in JupyterLab;
the table at a 1024x768 projector-sized window in Voilà, both lakes in sight, a card picked up by a
click, then one moved with the keys alone.

The position is ``tests/e2e/notebooks/winter_thaw.ipynb``'s (``THAW``): W07 at (4, 0) and W01 at
(0, 2) are free, W11 and W12 lie under Player 2's token. The same actions are played in this process
(the bot seeded alike): after each drop the big plotly lake must show exactly the engine's lake. A
drop of W07 on W11 (no spot of it within a flake) must send it back with the rule's words and change
nothing. Screenshots go to ``$SHOT_DIR`` (or a temporary folder).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from lotus_kit.core.records import GameRecord
from lotus_kit.ui.session import GameSession
from lotus_kit.winter.actions import MoveCard
from lotus_kit.winter.screen.placer import snap
from tests.e2e.conftest import board_fitted, open_in_lab, open_in_voila, shot_on_failure
from tests.e2e.test_winter_browser import LAKE, wait_for_lake
from tests.e2e.test_winter_drag_browser import LAKE_XY, PLACER
from tests.winter.test_table_play import THAW

pytestmark = pytest.mark.e2e

ROOT = f"{PLACER} .wp-root[data-mode='move']"


def mirror_session() -> GameSession:
    return GameSession(record=GameRecord("winter", {"position": THAW}, ()), seats=["human", "random"])


def spots_of(mirror: GameSession, x: int, y: int, turned: bool) -> list[list[int]]:
    return [[a.to_x, a.to_y] for a in mirror.legal(0)
            if isinstance(a, MoveCard) and (a.x, a.y) == (x, y) and a.turn == turned]


def thaw_ready(page: Page, mirror: GameSession) -> None:
    """Until the panel's lake offers exactly the free cards of the engine (and no other card)."""
    table = page.locator(".lotus-table")
    expect(table.locator(".lotus-decision")).to_contain_text("moves or removes a free card", timeout=180_000)
    board_fitted(page, LAKE)                # the table stops moving its parts about
    wait_for_lake(page, mirror.state)
    root = page.locator(ROOT)
    expect(root).to_be_attached(timeout=60_000)
    free = sorted(mirror.state.free)
    expect(root.locator(".wp-free")).to_have_count(len(free), timeout=30_000)
    for x, y in free:
        expect(root.locator(f".wp-free[data-card='{x},{y}']")).to_be_attached()


# the boxes of the big lake and the panel's lake, once both lie whole in the window, the panel's right
# of the big one (null until then: the table and the panel's lake fit themselves to the window)
IN_SIGHT = """() => {
  const big = document.querySelector('.winter-lake .js-plotly-plot');
  const small = document.querySelector('.lotus-phase .winter-placer svg.wp-lake');
  if (!big || !small) return null;
  const a = big.getBoundingClientRect(), b = small.getBoundingClientRect();
  const whole = (r) => r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  return whole(a) && whole(b) && b.left >= a.right - 1 ? [a.toJSON(), b.toJSON()] : null;
}"""


def both_in_sight(page: Page) -> None:
    """Until both lakes lie whole in the window side by side (no scrolling to reach either)."""
    page.wait_for_function(f"() => ({IN_SIGHT})() !== null", timeout=60_000)


def take(page: Page, card: tuple[int, int], to: tuple[float, float]) -> None:
    """Press on the centre of the lake card at ``card`` and move the pointer (in steps) to the lake
    point ``to``; the card hangs there until :func:`let_go`."""
    start = page.evaluate(LAKE_XY, [card[0] + 1, card[1] + 1])
    end = page.evaluate(LAKE_XY, list(to))
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=12)
    expect(page.locator(f"{ROOT}[data-dragging='true'][data-drag-card='{card[0]},{card[1]}']")).to_be_attached(
        timeout=10_000)


def test_jupyterlab_winter_thaw_a_free_card_dragged_turned_and_snapped(page: Page, lab_url, shots):
    open_in_lab(page, lab_url, "winter_thaw.ipynb", (1024, 768))
    mirror = mirror_session()
    table = page.locator(".lotus-table")
    placer = page.locator(PLACER)
    with shot_on_failure(page, shots, "winter-thaw-drag-lab"):
        thaw_ready(page, mirror)
        expect(page.locator(f"{ROOT} .wp-free[data-card='0,0']")).to_have_count(0)   # W11: under a token
        page.locator(ROOT).scroll_into_view_if_needed()
        page.locator(f"{ROOT} .wp-held[data-card='0,0']").click()                # asked anyway: the rule says no
        expect(placer.locator(".wp-msg")).to_contain_text("W11 is held by a token (WIN-GEO-8)", timeout=60_000)
        expect(page.locator(f"{ROOT}[data-selected='']")).to_be_attached()
        logged = table.locator(".lotus-log li").count()

        # W07 let go on W11 (its centre on W11's): no spot of it within a flake, so it goes back
        for turned in (False, True):
            assert snap(spots_of(mirror, 4, 0, turned), 0.0, 0.0) is None
        take(page, (4, 0), (1.0, 1.0))
        expect(placer.locator(".wp-ghost")).to_have_attribute("visibility", "hidden")
        expect(placer.locator(".wp-hint")).to_contain_text("No place for W07 here")
        page.mouse.up()
        expect(placer.locator(".wp-msg")).to_contain_text("WIN-CLAR-7", timeout=60_000)
        expect(placer.locator(".wp-msg")).to_contain_text("back in its place")
        expect(placer.locator(".wp-name")).to_have_text("no card picked up")   # back where it was
        expect(table.locator(".lotus-phase")).to_contain_text("nothing changed")
        wait_for_lake(page, mirror.state)
        expect(table.locator(".lotus-log li")).to_have_count(logged)
        page.screenshot(path=str(shots / "winter-thaw-drag-lab-0-refused-1024x768.png"))

        # W07 taken, turned with R while held, let go 0.3 right and 0.2 up of (2, 2): it snaps there
        turned = spots_of(mirror, 4, 0, True)
        assert snap(turned, 2.3, 1.8) == (2, 2)
        take(page, (4, 0), (3.3, 2.8))                 # its centre: top-left flake + (1, 1)
        # while held, the spots of its move as it lies are marked; turned, those of the turned card
        expect(page.locator(f"{ROOT}[data-drag-turned='false']")).to_be_attached()
        expect(placer.locator(".wp-drag-spot")).to_have_count(len(spots_of(mirror, 4, 0, False)))
        expect(placer.locator(".wp-name")).to_have_text("W07 taken")     # the hand says what is carried
        page.keyboard.press("r")
        expect(page.locator(f"{ROOT}[data-drag-turned='true']")).to_be_attached(timeout=10_000)
        expect(placer.locator(".wp-name")).to_have_text("W07 taken, turned")
        expect(placer.locator(".wp-drag-spot")).to_have_count(len(turned))
        expect(placer.locator(".wp-drag-spot[data-spot='4,0']")).to_be_attached()   # turned where it lies
        page.mouse.move(*page.evaluate(LAKE_XY, [3.32, 2.8]))      # a nudge: the preview follows the turn
        expect(placer.locator(".wp-ghost")).to_have_attribute("data-spot", "2,2")
        expect(placer.locator(".wp-ghost")).to_have_attribute("visibility", "visible")
        expect(placer.locator(".wp-lifted-spot")).to_have_attribute("visibility", "visible")
        page.screenshot(path=str(shots / "winter-thaw-drag-lab-1-dragging-1024x768.png"))
        page.mouse.up()
        assert mirror.act(MoveCard(4, 0, 2, 2, turn=True))[0]      # then the bot's thaw turn
        wait_for_lake(page, mirror.state)
        expect(table.locator(".lotus-log")).to_contain_text("Player 1 moves the card at (4, 0) to (2, 2), "
                                                            "turned 180°")
        page.screenshot(path=str(shots / "winter-thaw-drag-lab-2-moved-1024x768.png"))


def test_voila_winter_thaw_both_lakes_fit_a_1024x768_window_and_a_click_picks_up(page: Page, lab_url, shots):
    open_in_voila(page, lab_url, "winter_thaw.ipynb", (1024, 768))
    mirror = mirror_session()
    with shot_on_failure(page, shots, "winter-thaw-drag-voila"):
        thaw_ready(page, mirror)
        page.evaluate("() => window.scrollTo(0, 0)")
        # board and panel side by side: the big lake and the panel's lake both whole in the window
        both_in_sight(page)
        page.screenshot(path=str(shots / "winter-thaw-drag-voila-0-table-1024x768.png"))
        # the same in projector mode (the table over the whole window, large type)
        page.get_by_role("button", name="Projector").click()
        expect(page.locator(".lotus-table.lotus-projector")).to_be_attached(timeout=60_000)
        board_fitted(page, LAKE)
        both_in_sight(page)
        page.screenshot(path=str(shots / "winter-thaw-drag-voila-1-projector-1024x768.png"))
        # a click (no drag) on W01 picks it up: its spots are marked, removal is a button beside
        page.locator(f"{ROOT} .wp-free[data-card='0,2']").click()
        root = page.locator(f"{ROOT}[data-selected='0,2'][data-card='W01']")
        expect(root).to_be_attached(timeout=60_000)
        expect(root.locator(".wp-spot")).to_have_count(len(spots_of(mirror, 0, 2, False)))
        expect(page.locator(".lotus-phase").get_by_role("button", name="Remove this card")).to_be_enabled()
        both_in_sight(page)                    # picking a card up moved neither lake out of the window
        page.screenshot(path=str(shots / "winter-thaw-drag-voila-picked-1024x768.png"))

        # without a mouse: Esc puts W01 back; on the lake the arrows walk the free cards, Enter picks
        # one up, the arrows walk its spots and Enter moves it there
        lake = page.locator(f"{ROOT} svg.wp-lake")
        lake.focus()
        page.keyboard.press("Escape")
        expect(page.locator(f"{ROOT}[data-selected='']")).to_be_attached(timeout=60_000)
        page.keyboard.press("ArrowRight")
        expect(page.locator(f"{ROOT} .wp-cursor[data-card='4,0']")).to_have_attribute("visibility", "visible")
        expect(page.locator(f"{ROOT} .wp-hint")).to_contain_text("W07 at (4, 0). Enter picks it up")
        page.keyboard.press("Enter")
        expect(page.locator(f"{ROOT}[data-selected='4,0']")).to_be_attached(timeout=60_000)
        first = sorted(spots_of(mirror, 4, 0, False), key=lambda p: (p[1], p[0]))[0]
        page.keyboard.press("ArrowRight")
        expect(page.locator(f"{ROOT} .wp-ghost")).to_have_attribute("data-spot", f"{first[0]},{first[1]}")
        page.keyboard.press("Enter")
        assert mirror.act(MoveCard(4, 0, first[0], first[1]))[0]      # then the bot's thaw turn
        wait_for_lake(page, mirror.state)
        expect(page.locator(".lotus-table .lotus-log")).to_contain_text(
            f"Player 1 moves the card at (4, 0) to ({first[0]}, {first[1]})")
