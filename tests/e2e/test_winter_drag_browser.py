"""Winter's start cards laid by a real mouse drag in JupyterLab and in Voilà (Debian chromium).

The card in hand is taken with the mouse (``page.mouse.down``), moved over the placer's lake in
steps and let go (``page.mouse.up``) a little off the spot it is meant for: it must snap there. A
drop on the first card itself (no legal spot within reach) must send the card back with the rule's
words and change nothing. After each drop the big plotly lake must show exactly the engine's lake
for the same actions played in this process. Screenshots (while dragging, after the drop) at
1024x768 in Voilà go to ``$SHOT_DIR`` (or a temporary folder).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from lotus_kit.ui.session import GameSession
from lotus_kit.winter.actions import Lay
from tests.e2e.conftest import board_fitted, open_in_lab, open_in_voila, shot_on_failure
from tests.e2e.test_winter_browser import LAKE, wait_for_lake

pytestmark = pytest.mark.e2e

PLACER = ".lotus-phase .winter-placer"

# the page point of a point of the placer's lake (lake units), from its viewBox and its box on screen
LAKE_XY = """([x, y]) => {
  const s = document.querySelector('.lotus-phase .winter-placer svg.wp-lake');
  const r = s.getBoundingClientRect();
  const [x0, y0, w, h] = s.getAttribute('viewBox').split(' ').map(Number);
  return [r.left + (x - x0) / w * r.width, r.top + (y - y0) / h * r.height];
}"""


def ready(page: Page, card: str, turned: bool, spots: list[tuple[int, int]]) -> None:
    """Until the placer shows ``card`` (turned or not) with exactly the legal ``spots`` marked."""
    root = page.locator(f"{PLACER} .wp-root[data-card='{card}'][data-turned='{str(turned).lower()}']")
    expect(root).to_be_attached(timeout=90_000)
    expect(root.locator(".wp-spot")).to_have_count(len(spots), timeout=30_000)
    for x, y in spots[:3]:
        expect(root.locator(f".wp-spot[data-spot='{x},{y}']")).to_be_attached()
    root.scroll_into_view_if_needed()


def drag_card(page: Page, to: tuple[float, float], expect_spot: str | None, shot: str | None = None) -> None:
    """Take the card in hand by its centre and let it go with its centre at the lake point ``to``;
    while it hangs there the placer must show it snapped to ``expect_spot`` (or to nothing)."""
    card = page.locator(f"{PLACER} .wp-card")
    box = card.bounding_box()
    assert box is not None
    start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    end = page.evaluate(LAKE_XY, list(to))
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=12)
    ghost = page.locator(f"{PLACER} .wp-ghost")
    expect(page.locator(f"{PLACER} .wp-root[data-dragging='true']")).to_be_attached(timeout=10_000)
    if expect_spot is None:
        expect(ghost).to_have_attribute("visibility", "hidden")
        expect(page.locator(f"{PLACER} .wp-hint")).to_contain_text("No place for the card here")
    else:
        expect(ghost).to_have_attribute("data-spot", expect_spot)
        expect(ghost).to_have_attribute("visibility", "visible")
    if shot:
        page.screenshot(path=shot)
    page.mouse.up()


def record_placer_frames(page: Page) -> list[str]:
    """The kernel's messages to the page that carry the placer's state (its ``faces`` trait), as text."""
    frames: list[str] = []

    def received(payload) -> None:
        text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else str(payload)
        if '"faces"' in text:
            frames.append(text)

    page.on("websocket", lambda ws: ws.on("framereceived", received))
    return frames


def lay_by_dragging(page: Page, name: str, shots, first_by_keys: bool = False, frames: list[str] | None = None) -> None:
    """The first start card dragged (or, with ``first_by_keys``, clicked and laid with Enter), a bad
    drop, the second card turned and dragged; then no placer message that reached the page names a
    card still in the face-down deck (WIN-CLAR-3)."""
    mirror = GameSession(game="winter", seed=3, seats=["human", "random"])
    table = page.locator(".lotus-table")
    with shot_on_failure(page, shots, f"winter-drag-{name}"):
        expect(table.locator(".lotus-decision")).to_contain_text("Player 1 lays the first start card", timeout=180_000)
        board_fitted(page, LAKE)                # the table stops moving its parts about
        wait_for_lake(page, mirror.state)
        first = mirror.state.card_in_hand
        ready(page, first, False, [(0, 0)])
        if first_by_keys:
            # a click on the card (no drag) shows the first spot; Enter lays it there
            page.locator(f"{PLACER} .wp-card").click()
            expect(page.locator(f"{PLACER} .wp-ghost")).to_have_attribute("data-spot", "0,0")
            expect(page.locator(f"{PLACER} .wp-hint")).to_contain_text("Spot 1 of 1")
            page.keyboard.press("Enter")
        else:
            # let go 0.3 flake right and 0.2 up of the only spot: it snaps to (0, 0) (WIN-CLAR-2)
            drag_card(page, (1.3, 0.8), "0,0")
        assert mirror.act(Lay(0, 0))[0]
        wait_for_lake(page, mirror.state)
        expect(table.locator(".lotus-log")).to_contain_text(f"Player 1 lays {first} at (0, 0)")

        second = mirror.state.card_in_hand
        up = sorted(((a.x, a.y) for a in mirror.legal(0) if isinstance(a, Lay) and not a.turned),
                    key=lambda p: (p[1], p[0]))
        ready(page, second, False, up)
        logged = table.locator(".lotus-log li").count()
        # on the first card: no spot within a flake, so it comes back and nothing changes (WIN-GEO-5)
        drag_card(page, (1.0, 1.0), None)
        placer = page.locator(PLACER)
        expect(placer.locator(".wp-msg")).to_contain_text("WIN-GEO-5", timeout=60_000)
        expect(placer.locator(".wp-msg")).to_contain_text("back in your hand")
        expect(table.locator(".lotus-phase")).to_contain_text("nothing changed")
        wait_for_lake(page, mirror.state)
        expect(table.locator(".lotus-log li")).to_have_count(logged)
        expect(placer.locator(".wp-card")).to_be_visible()
        size = page.viewport_size
        page.screenshot(path=str(shots / f"winter-drag-{name}-0-refused-{size['width']}x{size['height']}.png"))

        placer.get_by_role("button", name="Turn 180°").click()
        turned = sorted(((a.x, a.y) for a in mirror.legal(0) if isinstance(a, Lay) and a.turned),
                        key=lambda p: (p[1], p[0]))
        ready(page, second, True, turned)
        expect(placer.locator(".winter-card")).to_contain_text(f"{second}, turned")
        assert (2, 0) in turned
        # the centre of a card at (2, 0) is (3, 1): let go a little off it, it snaps there
        drag_card(page, (3.35, 1.25), "2,0",
                  str(shots / f"winter-drag-{name}-1-dragging-{size['width']}x{size['height']}.png"))
        assert mirror.act(Lay(2, 0, turned=True))[0]         # then the bot chooses its colour
        wait_for_lake(page, mirror.state)
        expect(table.locator(".lotus-log")).to_contain_text(f"Player 1 lays {second}, turned at (2, 0)")
        expect(table.locator(".lotus-decision")).to_contain_text(mirror.decision_text()[:30], timeout=60_000)
        page.screenshot(path=str(shots / f"winter-drag-{name}-2-dropped-{size['width']}x{size['height']}.png"))
        if frames is not None:
            unseen = [n for n in mirror.state.deck.ids if n not in (first, second)]
            assert len(unseen) == 16 and frames
            assert not [n for n in unseen if any(f'"{n}"' in f for f in frames)]
            assert any(f'"{second}"' in f for f in frames)          # the card in hand did reach it


def test_jupyterlab_winter_start_cards_laid_by_dragging_them(page: Page, lab_url, shots):
    frames = record_placer_frames(page)
    open_in_lab(page, lab_url, "winter_table.ipynb", (1280, 800))
    lay_by_dragging(page, "lab", shots, first_by_keys=True, frames=frames)


def test_voila_winter_start_cards_laid_by_dragging_them(page: Page, lab_url, shots):
    frames = record_placer_frames(page)
    open_in_voila(page, lab_url, "winter_table.ipynb", (1024, 768))
    lay_by_dragging(page, "voila", shots, frames=frames)
