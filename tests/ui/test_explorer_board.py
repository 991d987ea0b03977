"""The explorer as an analysis board: the chart belongs to the step shown, the move list, the keys,
position codes, export and "set up from here" (headless: the messages a browser would send)."""

from __future__ import annotations

import html as htmllib
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from lotus_kit.ui.explorer import Explorer
from lotus_kit.ui.movelist import MoveList, esm_path
from lotus_kit.white_lotus.actions import Bid
from lotus_kit.white_lotus.events import RebellionResolved
from lotus_kit.white_lotus.position_code import state_from_code

SHOWCASE = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "showcase-4p.json"


@pytest.fixture(scope="module")
def ex() -> Explorer:
    return Explorer(SHOWCASE)


def text(widget) -> str:
    return htmllib.unescape(re.sub(r"<[^>]+>", "", widget.value))


def rebellion_steps(ex: Explorer) -> dict[int, int]:
    """year -> the step whose state holds that year's RebellionResolved, from the states themselves."""
    return {s.year: k for k, s in enumerate(ex.line.states) if any(isinstance(e, RebellionResolved) for e in s.events)}


def test_rebellion_chart_never_shows_an_earlier_years_rebellion(ex):
    """Year 3 in phase 4 before its rebellion is resolved: the chart is not year 2's rebellion."""
    fought = rebellion_steps(ex)
    assert 2 in fought and 3 in fought
    ex.chart_kind.value = "rebellion"
    try:
        for k in range(fought[3] - 4, fought[3]):
            ex.go(k)
            assert ex.state.year == 3
            assert ex.chart_spec()[0] is None, f"step {k} shows a rebellion"
            assert "No rebellion fought yet in year 3" in text(ex.chart_note)
            assert ex.chart_box.layout.display == "none"
        ex.go(fought[3])
        assert ex.chart_box.layout.display == "flex"
        title = ex.chart.layout.title.text
        assert title.startswith(f"<b>Step {fought[3]}</b> · year 3") and "Rebellion" in title
        assert "year 3" in text(ex.chart_note)
    finally:
        ex.chart_kind.value = "auto"


def test_chart_title_names_the_step_and_year_shown(ex):
    for k in (0, 16, 90, 200, ex.line.steps):
        ex.go(k)
        assert ex.chart.layout.title.text.startswith(f"<b>Step {k}</b> · year {ex.state.year}")


def test_conflict_chart_of_last_year_is_not_shown_in_a_new_year(ex):
    ex.chart_kind.value = "conflict"
    try:
        ex.jump(2, 1)
        assert ex.state.year == 2 and ex.chart_spec()[0] is None
        assert "last one was in year 1" in text(ex.chart_note)
    finally:
        ex.chart_kind.value = "auto"


def test_change_message_goes_when_another_step_is_shown():
    ex = Explorer(SHOWCASE)
    ex.go(12)
    ex.change(Bid(0, 2, ()))
    ex.back_to_original()
    ex.go(12)
    ok, _message = ex.change(Bid(0, 2, ()))
    assert ok and "made before" in text(ex.change_message)
    ex.jump(1, 1)
    assert ex.change_message.value == ""


def test_move_list_has_every_decision_with_phase_headings(ex):
    rows = ex.moves.rows
    assert len(rows) == ex.line.steps
    assert [r["k"] for r in rows] == list(range(ex.line.steps))
    heads = [r["head"] for r in rows if r["head"]]
    assert "year 1 · 2 resolve claims" in heads and any(h.startswith("year 3") for h in heads)
    assert rows[12]["text"] == "Red names Green with 3+2+2 = 7" and rows[12]["seat"] == 0


def test_move_list_click_and_current_step(ex):
    ex.moves.click(13)
    assert ex.step == 13 and ex.moves.current == 13
    ex.go(40)
    assert ex.moves.current == 40


def test_move_list_shows_branches_and_switches_to_them():
    ex = Explorer(SHOWCASE)
    ex.go(12)
    ex.change(Bid(0, 2, ()))
    assert ex.node.number == 1
    ex.switch(0, step=20)
    branch = ex.moves.rows[12]["branches"]
    assert branch == [{"n": 1, "text": "Red names Green with no cards"}]
    ex.moves.click_branch(1, 13)
    assert ex.node.number == 1 and ex.step == 13
    # on the branch, the original's decision is the other way at that step
    assert ex.moves.rows[12]["branches"][0]["n"] == 0
    assert ex.moves.rows[12]["origin"] == "changed"


def test_keys_step_home_end_and_next_decision_of_a_seat(ex):
    ex.go(10)
    ex.moves.press("ArrowRight")
    assert ex.step == 11
    ex.moves.press("ArrowLeft")
    ex.moves.press("ArrowLeft")
    assert ex.step == 9
    ex.moves.press("End")
    assert ex.step == ex.line.steps
    ex.moves.press("Home")
    assert ex.step == 0
    ex.key_seat.value = 2
    ex.moves.press("n")
    first = ex.step
    assert ex.line.actions[first].seat == 2 and all(a.seat != 2 for a in ex.line.actions[:first])
    ex.moves.press("n")
    second = ex.step
    assert second > first and ex.line.actions[second].seat == 2
    assert all(a.seat != 2 for a in ex.line.actions[first + 1: second])
    ex.moves.press("N")
    assert ex.step == first
    ex.moves.press("N")
    assert ex.step == first and "no decision before" in text(ex.change_message)


def test_keys_outside_the_list_are_ignored(ex):
    ex.go(5)
    ex.moves._on_message(ex.moves, {"key": "Delete"}, [])
    ex.moves._on_message(ex.moves, "garbage", [])
    assert ex.step == 5


def test_position_code_round_trips_through_the_explorer(ex):
    ex.go(137)
    code = ex.code()
    assert state_from_code(code) == ex.state
    other = Explorer(code)
    assert other.state == ex.state and other.step == other.line.steps


def test_share_link_and_opening_a_link(ex):
    ex.go(50)
    ex.moves._on_message(ex.moves, {"page": "http://127.0.0.1:8866/voila/render/x.ipynb?token=abc"}, [])
    link = ex.share_link()
    assert link.startswith("http://127.0.0.1:8866/voila/render/x.ipynb?code=WL1.")
    fresh = Explorer(SHOWCASE)
    fresh.moves._on_message(fresh.moves, {"page": link}, [])     # a page opened with the link
    assert fresh.state == ex.state and "Opened the position code" in text(fresh.code_message)


def test_copy_code_shows_the_code_and_asks_the_page(ex):
    sent = []
    ex.moves.send = lambda content, buffers=None: sent.append(content)
    try:
        ex.go(20)
        code = ex.copy_code()
        assert ex.code_text.value == code and sent[-1] == {"copy": code}
        ex.moves._on_message(ex.moves, {"copied": False, "why": "NotAllowedError"}, [])
        assert "did not allow copying" in text(ex.code_message)
        ex.go(ex.line.steps)
        assert ex.copy_code() == "" and "WL-END-2" in text(ex.code_message)
    finally:
        del ex.moves.send


def test_malformed_code_is_refused_and_changes_nothing(ex):
    ex.go(30)
    before = (ex.tree, ex.step)
    ok, message = ex.open_code("WL1.garbage!")
    assert not ok and "not position data" in message and (ex.tree, ex.step) == before
    assert "lotus-error" in ex.code_message.value


def test_set_up_from_here_opens_the_editor_with_the_position(ex):
    ex.jump(2, 2)
    editor = ex.set_up_from_here()
    assert editor is not None and editor in ex.setup_area.children
    # the editor offers the first palace (WL-CONF-2) only while it is neutral: all else is the same
    assert editor.reasons == [] and replace(editor.state(), start_palace=ex.state.start_palace) == ex.state
    ex._close_setup()
    assert ex.setup_area.children == ()


@pytest.mark.skipif(shutil.which("chromium") is None, reason="kaleido needs chromium")
def test_export_board_png_and_svg_go_to_the_browser(ex):
    sent = []
    ex.moves.send = lambda content, buffers=None: sent.append((content, buffers))
    try:
        ex.go(16)
        png = ex.export_board("png")
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert sent[-1][0] == {"download": "white-lotus-line0-step16.png", "mime": "image/png"}
        assert sent[-1][1] == [png]
        svg = ex.export_board("svg")
        assert svg.lstrip().startswith(b"<svg") and b"Jinan" in svg
        assert ex.export_board("gif") is None and "not 'gif'" in text(ex.export_message)
    finally:
        del ex.moves.send


def test_move_list_module_ships_with_the_package():
    assert esm_path("movelist.js").is_file()
    assert "export default" in MoveList._esm if isinstance(MoveList._esm, str) else True


def test_game_table_opens_at_a_position_code(ex):
    from lotus_kit.ui.table import GameTable
    from lotus_kit.white_lotus.position_code import PositionCodeError

    ex.go(137)
    table = GameTable.from_code(ex.code(), seats=["human"] * 4)
    assert table.session.state == ex.state
    with pytest.raises(PositionCodeError, match="not position data"):
        GameTable.from_code("WL1.zz")
