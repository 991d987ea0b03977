"""The what-if explorer widget, driven headless through its widgets (lotus_kit.ui.explorer)."""

from __future__ import annotations

import html as htmllib
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from ipywidgets.widgets import widget as widget_module

from lotus_kit.core.errors import RecordError
from lotus_kit.ui.explorer import Explorer, describe_action
from lotus_kit.ui.phases.text import shown_text
from lotus_kit.white_lotus.actions import Bid, JoinSide, PlaceMarker
from lotus_kit.white_lotus.engine import legal_actions
from lotus_kit.white_lotus.events import RebellionResolved

SHOWCASE = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "showcase-4p.json"
JINAN_BID = 12                    # Red's sealed bid in round 1 of the year-1 palace conflict (Jinan)


@pytest.fixture
def ex() -> Explorer:
    return Explorer(SHOWCASE)


def text(widget) -> str:
    """What a reader sees in an HTML widget: tags stripped, entities decoded."""
    return htmllib.unescape(shown_text(widget.value))


def change_bid_in_the_panel(ex: Explorer, target: int, cards: tuple[int, ...]) -> None:
    ex.slider.value = JINAN_BID
    assert ex.target.layout.display != "none" and ex.cards.layout.display != "none"
    ex.target.value = target
    ex.cards.select(cards)
    ex.replay_button.click()


def upload(name: str, content: bytes) -> dict:
    """A file as the FileUpload widget holds it once the browser sent it."""
    return {"name": name, "type": "application/json", "size": len(content), "last_modified": datetime.now(UTC),
            "content": memoryview(content)}


def final_scores(ex: Explorer) -> dict[str, str]:
    return {r.key: r.b for r in ex.last_diff.topic("score")}


def test_loads_the_showcase_and_shows_the_first_step(ex):
    assert ex.step == 0 and ex.slider.max == ex.line.steps == 310
    assert "What-if explorer" in text(ex.title) and "310 recorded actions" in text(ex.title)
    assert "Step 0" in text(ex.where) and "The start of the game" in text(ex.here)
    assert "Line 0: the original record" in text(ex.line_info)
    assert ex.board.state is ex.line.states[0]
    assert ex.lines.options[0][1] == 0 and len(ex.lines.options) == 1


def test_slider_buttons_and_jump_menu_move_the_board_along(ex):
    figure = ex.board.figure
    ex.slider.value = 40
    assert ex.step == 40 and ex.board.state is ex.line.states[40] and "Step 40" in text(ex.where)
    assert f"year {ex.state.year}" in text(ex.where)
    ex.next_button.click()
    assert ex.step == 41
    ex.prev_button.click()
    ex.prev_button.click()
    assert ex.step == 39 and ex.slider.value == 39
    ex.last_button.click()
    assert ex.step == 310 and ex.state.is_over and "the game is over" in text(ex.where)
    assert ex.next_button.disabled and "Final scores" in text(ex.here)
    ex.first_button.click()
    assert ex.step == 0 and ex.prev_button.disabled
    step = next(s for label, s in ex.jump_menu.options if label.startswith("year 2 · 1 "))
    ex.jump_menu.value = step
    assert ex.step == step and ex.state.year == 2 and int(ex.state.phase) == 1
    assert ex.jump(3, 4) and ex.state.year == 3 and int(ex.state.phase) >= 4
    assert not ex.jump(9, 1) and ex.state.year == 3
    assert ex.board.figure is figure                       # updated in place, never rebuilt


def test_events_of_the_step_are_shown_with_rule_ids(ex):
    ex.go(16)                          # Yellow's bid revealed round 1 of the Jinan conflict
    assert "Yellow names Green with 3+2 = 5" in text(ex.here)
    assert "Jinan, round 1" in text(ex.here) and "WL-CONF-8" in text(ex.here) and 'class="lotus-rule"' in ex.here.value
    assert "Conflict for Jinan" in ex.chart.layout.title.text
    assert "recorded" in text(ex.here)


def test_stepping_makes_no_new_widgets(ex):
    for k in range(0, 90):                               # once: the card buttons grow to the biggest hand
        ex.go(k)
    before = len(widget_module._instances)
    for k in range(89, -1, -1):                          # bids, sides, claims, charts of every kind
        ex.go(k)
    assert len(widget_module._instances) == before


def test_change_a_bid_in_year_one_and_see_the_final_scores_change(ex):
    original = [ln.total for ln in ex.line.final.scores]
    ex.go(JINAN_BID)
    assert ex.decision == Bid(0, 2, (3, 2, 2))
    assert [v for _l, v in ex.target.options] == [1, 2, 3] and ex.target.value == 2
    assert ex.cards.selected == (3, 2, 2)
    change_bid_in_the_panel(ex, target=2, cards=())
    node = ex.node
    assert not node.is_root and node.path == "12:Bid(seat=0, target=2, cards=())" and ex.step == JINAN_BID + 1
    message = ex.change_message.value
    assert "Line 1" in message and "kept" in message and "recorded decisions" in message and "bots filled" in message
    assert "Replayed in" in message and "Changed:" in message
    assert "Line 1" in text(ex.line_info) and "branch of line 0 at step 12" in text(ex.line_info)
    assert "Red names Green with no cards" in text(ex.here) and "changed by you" in text(ex.here)
    assert "no longer fit" in text(ex.line_info)
    # the diff: original against the branch, the changes highlighted
    assert ex.compare_a.value == 0 and ex.compare_b.value == node.number
    html = ex.diff_view.value
    assert "What changed" in html and "lotus-diff-changed" in html and "Final score" in html
    assert "year 1 · Jinan" in html
    new = [ln.total for ln in ex.line.final.scores]
    assert new != original
    assert final_scores(ex) == {**{name: str(t) for name, t in zip(("Red", "Blue", "Green", "Yellow"), new,
                                                                  strict=True)},
                                "winner": " and ".join(("Red", "Blue", "Green", "Yellow")[s]
                                                       for s in ex.line.final.winners)}
    for total in new:
        assert f"<b>{total}</b>" in html or f">{total}<" in html
    # round 1 of Jinan now sends Yellow out
    ex.go(16)
    assert "Yellow has the highest pressure and leaves" in text(ex.here)
    ex.last_button.click()
    assert "Final score" in ex.chart.layout.title.text
    assert ex.timings["recompute_ms"] > 0 and ex.timings["step_ms"] > 0


def test_the_tree_reuses_branches_and_goes_back_to_the_original(ex):
    change_bid_in_the_panel(ex, target=2, cards=())
    first = ex.node
    change_bid_in_the_panel(ex, target=2, cards=())                     # the same change again
    assert ex.node is first and len(ex.tree) == 2 and "made before" in text(ex.change_message)
    change_bid_in_the_panel(ex, target=1, cards=(3, 2, 2))              # another branch at the same step
    second = ex.node
    assert second is not first and second.parent is ex.tree.root and len(ex.lines.options) == 3
    # the recorded decision is no branch: it shows the original line
    ex.go(JINAN_BID)
    ok, message = ex.change(Bid(0, 2, (3, 2, 2)))
    assert ok and ex.node.is_root and "already takes" in message
    # switch lines with the list, go back with the button
    ex.lines.value = first.number
    assert ex.node is first and "Line 1" in text(ex.line_info)
    ex.original_button.click()
    assert ex.node.is_root and "Back on the original" in text(ex.change_message)
    # compare the two branches
    d = ex.compare(first.number, second.number)
    assert "line 1" in ex.diff_view.value and "line 2" in ex.diff_view.value and d.first_step == JINAN_BID
    ex.only_changes.value = False
    assert ex.diff_view.value.count("lotus-diff-same") > 0
    labels = [label for label, _v in ex.lines.options]
    assert labels[0].startswith("0 · the original record") and labels[1].startswith("↳ 1 · step 12: Red names Green")


def test_illegal_change_is_refused_with_a_message_and_nothing_changes(ex):
    ex.go(JINAN_BID)
    for bad, rule in ((Bid(0, 2, (3, 3, 3, 3)), "WL-"), (Bid(0, 0, ()), "WL-CONF-6"),
                      (PlaceMarker(0, "FENG"), "WL-YEAR-1")):
        ok, message = ex.change(bad)
        assert not ok and rule in message and message.startswith("Not possible here")
        assert "lotus-error" in ex.change_message.value
        assert ex.node.is_root and len(ex.tree) == 1 and ex.step == JINAN_BID and len(ex.lines.options) == 1
    ex.last_button.click()
    assert ex.replay_button.disabled
    ok, message = ex.replay_choice()
    assert not ok and "no decision" in message


def test_province_click_picks_the_claim(ex):
    ex.go(1)                                           # Red places his first marker (DATO on the record)
    assert ex.choice.value == PlaceMarker(0, "DATO")
    ex.board.click("FENG")
    assert ex.choice.value == PlaceMarker(0, "FENG") and "Picked" in text(ex.change_message)
    ex.replay_button.click()
    assert ex.node.path == "1:PlaceMarker(seat=0, province='FENG')"
    ex.go(JINAN_BID)
    ex.board.click("FENG")
    assert "no province to choose" in text(ex.change_message)


def test_fill_with_my_own_choices_stops_and_waits(ex):
    ex.fill_kind.value = "ask"
    change_bid_in_the_panel(ex, target=2, cards=())
    node = ex.node
    assert node.line.waiting is not None and "waits for" in text(ex.change_message)
    assert ex.step == node.line.steps and "must decide here" in text(ex.change_title)
    seat = node.line.waiting
    legal = legal_actions(ex.state, seat)
    if ex.target.layout.display != "none":
        ex.target.value = ex.target.options[0][1]
        ex.cards.select(())
    else:
        ex.choice.value = legal[0]
    ex.replay_button.click()
    assert ex.node.parent is node and ex.node.path.startswith(node.path + "/")


def test_side_editor_for_a_rebellion(ex):
    line = ex.line
    k = next(k for k, a in enumerate(line.actions) if isinstance(a, JoinSide) and a.side is not None)
    ex.go(k)
    assert ex.side.layout.display != "none" and ex.choice.layout.display == "none"
    assert {v for _l, v in ex.side.options} == {"emperor", "rebels"}
    other = "rebels" if line.actions[k].side == "emperor" else "emperor"
    ex.side.value = other
    ex.cards.select(())
    ex.replay_button.click()
    assert ex.node.edge.action == JoinSide(line.actions[k].seat, other, ())
    tally = next(e for s in ex.line.states[k:] for e in s.events if isinstance(e, RebellionResolved))
    assert dict(tally.sides)[line.actions[k].seat] == other


def test_charts_follow_the_step_and_the_choice(ex):
    k = next(k for k, s in enumerate(ex.line.states) if any(isinstance(e, RebellionResolved) for e in s.events))
    ex.go(k)
    assert "Rebellion" in ex.chart.layout.title.text
    ex.chart_kind.value = "score"
    assert "Score" in ex.chart.layout.title.text
    ex.chart_kind.value = "timeline"
    assert "The game by year" in ex.chart.layout.title.text
    ex.chart_kind.value = "off"
    assert ex.chart_box.layout.display == "none"
    ex.chart_kind.value = "conflict"
    ex.go(0)
    assert ex.chart_box.layout.display == "none" and "No conflict" in text(ex.chart_note)


def test_broken_record_is_refused_with_a_message(ex, tmp_path):
    ex.go(30)
    tree, step = ex.tree, ex.step
    ok, message = ex.load("{ not json")
    assert not ok and "Cannot load this record" in message and "not valid JSON" in message
    assert "lotus-error" in ex.load_message.value and ex.tree is tree and ex.step == step
    raw = json.loads(SHOWCASE.read_text())
    raw["actions"][5]["seat"] = 2                       # out of turn
    ok, message = ex.load(json.dumps(raw))
    assert not ok and "actions[5]" in message and "WL-PLACE" in message and ex.tree is tree
    raw["actions"][5] = {"type": "Teleport", "seat": 0}
    ok, message = ex.load(json.dumps(raw).encode())
    assert not ok and "unknown action type" in message
    ok, message = ex.load(b"\xff\xfe")
    assert not ok and "UTF-8" in message
    ok, message = ex.load(tmp_path / "missing.json")
    assert not ok and "cannot read" in message
    # the upload button: a broken file, then a good one
    ex.upload.value = (upload("bad.json", b"[1]"),)
    assert "a record must be a JSON object" in text(ex.load_message) and ex.tree is tree
    good = SHOWCASE.read_bytes()
    ex.upload.value = (upload("good.json", good),)
    assert "Loaded a 4-player game with 310 actions" in text(ex.load_message) and ex.tree is not tree
    assert ex.step == 0 and ex.node.is_root
    with pytest.raises(RecordError):
        Explorer(tmp_path / "missing.json")


def test_empty_explorer_then_load(ex):
    empty = Explorer()
    assert empty.line.steps == 0 and empty.slider.disabled and empty.replay_button.disabled is False
    ok, _message = empty.load(SHOWCASE)
    assert ok and empty.line.steps == 310 and not empty.slider.disabled and empty.slider.max == 310


def test_describe_action_names_provinces_and_seats(ex):
    state = ex.line.states[JINAN_BID]
    assert describe_action(Bid(0, 2, (3, 2, 2)), state) == "Red names Green with 3+2+2 = 7"
    assert describe_action(PlaceMarker(1, "JINA"), state, seat=False) == "claims Jinan"
