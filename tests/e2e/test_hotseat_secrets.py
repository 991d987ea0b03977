"""Secrets at the hot-seat table, checked in a real browser (Debian chromium, JupyterLab).

``notebooks/hotseat.ipynb`` opens a table where Red and Blue (people) must both commit a sealed bid.
Red takes the screen and commits; the table asks to pass the screen to Blue. While that curtain is
up, the test reads every widget model the page holds (rebuilt from the kernel's websocket frames:
comm_open, updates, comm_close) and finds nothing of Red's: no card picker, no dragon target, not
the seed; Save writes no sealed bid and no seed. Blue then bids, and the reveal (bids, pressures,
who leaves) is on the screen for everyone before the next hand-off. Screenshots go to
``$SHOT_DIR`` (or a temporary folder).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import VOILA_NB, open_in_lab, open_in_voila, shot_on_failure

pytestmark = pytest.mark.e2e

SEED = "246814"            # the notebook's seed (tests/e2e/notebooks/hotseat.ipynb)
CARD_LABELS = {"0 bluff", "1", "2", "3"}


def _decode(frame: str | bytes) -> dict | None:
    """One kernel websocket frame as a message dict (JSON text, the v1 binary protocol of Jupyter
    Server, or the legacy binary form with buffers)."""
    if isinstance(frame, str):
        try:
            return json.loads(frame)
        except ValueError:
            return None
    data = bytes(frame)
    n = int.from_bytes(data[:8], "little")
    if 2 <= n < 64 and len(data) >= 8 * (n + 1):
        offsets = [int.from_bytes(data[8 * (i + 1): 8 * (i + 2)], "little") for i in range(n)]
        if offsets[0] == 8 * (n + 1) and offsets == sorted(offsets) and offsets[-1] <= len(data) + 1:
            parts = [data[offsets[i]: offsets[i + 1]] for i in range(n - 1)]
            try:
                return {"channel": parts[0].decode(), "header": json.loads(parts[1]),
                        "content": json.loads(parts[4])}
            except (ValueError, IndexError, UnicodeDecodeError):
                pass
    nbufs = int.from_bytes(data[:4], "big")
    if 1 <= nbufs < 64:
        offsets = [int.from_bytes(data[4 * (i + 1): 4 * (i + 2)], "big") for i in range(nbufs)]
        end = offsets[1] if nbufs > 1 else len(data)
        try:
            return json.loads(data[offsets[0]: end])
        except ValueError:
            return None
    return None


class WidgetModels:
    """The widget models the page holds, rebuilt from every frame the kernel sent: a model opened
    (or updated) and not closed is in the browser's widget manager, shown or not."""

    def __init__(self, page: Page):
        self.frames: list[str | bytes] = []
        page.on("websocket", self._listen)

    def _listen(self, ws) -> None:
        # playwright wants a Python function as a listener (a bound builtin such as list.append fails)
        ws.on("framereceived", lambda payload: self.frames.append(payload))

    def live(self) -> dict[str, dict]:
        models: dict[str, dict] = {}
        closed: set[str] = set()
        for frame in self.frames:
            msg = _decode(frame)
            if not msg or "header" not in msg:
                continue
            kind, content = msg["header"].get("msg_type"), msg.get("content") or {}
            comm = content.get("comm_id")
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                models[comm] = dict((content.get("data") or {}).get("state") or {})
                closed.discard(comm)
            elif kind == "comm_msg" and comm:
                data = content.get("data") or {}
                if data.get("method") in ("update", "echo_update"):
                    models.setdefault(comm, {}).update(data.get("state") or {})
            elif kind == "comm_close" and comm:
                closed.add(comm)
        return {k: v for k, v in models.items() if k not in closed}

    def widget_text(self) -> str:
        """Every widget message the kernel sent (opened, updated, closed or not), as text. The
        notebook's own source comes back in other messages (execute_input) and is left out."""
        out = []
        for frame in self.frames:
            msg = _decode(frame)
            if msg and "header" in msg and msg["header"].get("msg_type", "").startswith("comm_"):
                out.append(json.dumps(msg.get("content")))
        return "\n".join(out)


def _open_table(page: Page, lab_url) -> WidgetModels:
    models = WidgetModels(page)
    open_in_lab(page, lab_url, "hotseat.ipynb")
    return models


def test_WL_INFO_1_behind_the_curtain_the_lab_page_holds_nothing_of_the_seat_before(page: Page, lab_url, shots):
    models = _open_table(page, lab_url)
    try:
        _play(page, models, shots, "lab")
    except Exception:
        page.screenshot(path=str(shots / "hotseat-lab-failed.png"))
        raise


def test_WL_INFO_1_behind_the_curtain_the_voila_page_holds_nothing_of_the_seat_before(page: Page, voila_url, shots):
    # Voilà puts the first widget state in the page itself; what changes comes in frames
    models = WidgetModels(page)
    open_in_voila(page, voila_url, f"{VOILA_NB}/hotseat.ipynb")
    with shot_on_failure(page, shots, "hotseat-voila"):
        _play(page, models, shots, "voila")


def _play(page: Page, models: WidgetModels, shots, name: str) -> None:
    table = page.locator(".lotus-table")
    # Red takes the screen and commits a sealed bid against Blue
    red = page.get_by_role("button", name="I am Red: show my hand")
    expect(red).to_be_visible(timeout=120_000)
    expect(page.locator(".lotus-curtain")).to_contain_text("Pass the screen to Red")
    red.click()
    panel = page.locator(".lotus-phase-2")
    commit = panel.get_by_role("button", name="Commit bid (sealed)")
    expect(commit).to_be_visible(timeout=60_000)
    expect(table).to_contain_text("Red's hand")
    panel.locator(".widget-toggle-buttons").get_by_role("button", name="Blue", exact=True).click()
    panel.locator(".lotus-cards-influence").get_by_role("button", name="3", exact=True).first.click()
    expect(panel).to_contain_text("Selected: 3 = 3")
    # while Red's picker is up, the page holds his cards: the check below can see them
    holding = [m for m in models.live().values() if m.get("description") in CARD_LABELS]
    assert holding, "the frames show no card buttons: the model reader reads nothing"
    commit.click()

    # the curtain for Blue: nothing of Red's in the page, not even hidden
    blue = page.get_by_role("button", name="I am Blue: show my hand")
    expect(blue).to_be_visible(timeout=60_000)
    expect(page.locator(".lotus-curtain")).to_contain_text("Pass the screen to Blue")
    expect(table).not_to_contain_text("Red's hand")
    page.screenshot(path=str(shots / f"hotseat-{name}-1-curtain-blue.png"))
    live = models.live()
    cards = [m for m in live.values() if m.get("description") in CARD_LABELS and m.get("_model_name") ==
             "ToggleButtonModel"]
    assert cards == [], cards                                # Red's card picker left the page
    targets = [m for m in live.values() if m.get("description") == "Dragon card:"]
    assert all(m.get("index") is None and not m.get("_options_labels") for m in targets), targets
    state = json.dumps(list(live.values()))
    assert "Red's hand" not in state and "Selected: 3" not in state
    assert SEED not in models.widget_text()                  # the seed never reached the page's widgets

    # Blue opens "Save / load" and presses Save: what everyone may know, no sealed bid, no seed
    page.get_by_text("Save / load the game record").click()
    page.get_by_role("button", name=re.compile(r"\bSave$")).click()
    area = page.locator(".lotus-table textarea")
    expect(area).to_have_value(re.compile(r"redacted_for"), timeout=30_000)
    saved = json.loads(area.input_value())
    assert saved["meta"]["redacted_for"] == "public" and SEED not in area.input_value()
    assert not any(a["type"] == "Bid" and a["seat"] == 0 for a in saved["actions"])
    page.get_by_text("Save / load the game record").click()

    # Blue bids; the reveal is shown to everyone before the screen moves on
    blue.click()
    expect(commit).to_be_visible(timeout=60_000)
    expect(table).to_contain_text("Blue's hand")
    panel.locator(".widget-toggle-buttons").get_by_role("button", name="Red", exact=True).click()
    panel.locator(".lotus-cards-influence").get_by_role("button", name="2", exact=True).first.click()
    commit.click()
    banner = page.locator(".lotus-table .lotus-warn, .lotus-table .widget-html").filter(has_text="Revealed")
    expect(banner.first).to_be_visible(timeout=60_000)
    expect(banner.first).to_contain_text("Pressure:")
    expect(page.locator(".lotus-curtain")).to_be_hidden()
    expect(table).not_to_contain_text("Blue's hand", timeout=60_000)
    expect(panel).to_contain_text("Reveal: the conflict for", timeout=60_000)
    expect(panel.locator(".js-plotly-plot .gtitle")).to_contain_text("Conflict for", timeout=60_000)
    page.locator(".lotus-table").first.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"hotseat-{name}-2-reveal.png"), full_page=True)
    go_on = page.get_by_role("button", name=re.compile(r"\bContinue\b"))
    expect(go_on.first).to_contain_text("then pass the screen to Red")
    go_on.first.click()
    # seen by everyone: now the hand-off to Red, whose bid comes next
    expect(page.get_by_role("button", name="I am Red: show my hand")).to_be_visible(timeout=60_000)
    expect(go_on.first).to_be_hidden()
    page.screenshot(path=str(shots / f"hotseat-{name}-3-after-reveal.png"))
