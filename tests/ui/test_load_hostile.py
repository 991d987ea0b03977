"""The table's Load button with hostile records: one short line saying what is wrong, the game
unchanged, no traceback (the limits and checks of lotus_kit.core.records, seen from the table)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from lotus_kit.ui.phases.text import shown_text
from lotus_kit.ui.session import describe_position
from lotus_kit.ui.table import GameTable
from lotus_kit.white_lotus.engine import new_game
from lotus_kit.white_lotus.game import new_record

BASE = json.loads(new_record(3, seed=5).to_json())


def _with(**fields) -> str:
    return json.dumps({**BASE, **fields})


HOSTILE = {
    "nested 100,000 levels": ('{"meta": ' + "[" * 100_000 + "]" * 100_000 + "}", "record: lists and objects nested"),
    "a province name of a million characters": (
        _with(actions=[{"type": "PlaceMarker", "seat": 0, "province": "x" * 1_000_000}]), "record: line 1: a text of"),
    "a record over the size limit": (_with(meta={"pad": ["y" * 1_000] * 4_100}), "record: 4,1"),
    "a key twice": (_with(actions=[]).replace('"actions": []', '"actions": [{"type": "Pass", "seat": 0, "seat": 1}]'),
                    "actions[0].seat: this key appears twice"),
    "NaN in meta": (_with(meta={"score": float("nan")}), "meta.score: NaN is not a JSON number"),
    "players beside a position": (_with(setup={"position": {"players": 4}, "players": 99}),
                                  "setup.players: a setup with a position"),
    "hands larger than the game's cards": (
        _with(setup={"position": {**describe_position(new_game(3, seed=5)), "hands": {"0": {"influence": [3] * 29}}}},
              actions=[]),
        "setup.position: hands.0: 29 influence cards of value 3, but the game has 28 (WL-COMP-8)"),
}


def _text(html: str) -> str:
    return shown_text(html)                 # what a player reads, rule popovers closed


@pytest.fixture(scope="module")
def table():
    return GameTable(players=3, seed=5, first_emperor=0, seats=["human", "heuristic", "random"], mode="open")


@pytest.mark.parametrize("name", HOSTILE)
def test_load_refuses_a_hostile_record_in_one_short_line(table, name):
    text, start = HOSTILE[name]
    before = list(table.session.states)
    table.record_text.value = text
    table.load_button.click()
    shown = _text(table.load_feedback.value)
    assert shown.startswith(f"Cannot load this record: {start}"), shown[:200]
    assert "\n" not in shown and len(shown) < 400 and "Traceback" not in shown
    assert table.session.states == before


def test_upload_refuses_a_deeply_nested_file(table):
    before = list(table.session.states)
    bad = ('{"meta": ' + "[" * 100_000 + "]" * 100_000 + "}").encode()
    table.upload.value = ({"name": "deep.json", "type": "application/json", "size": len(bad),
                           "content": memoryview(bad), "last_modified": datetime.now(UTC)},)
    assert _text(table.load_feedback.value).startswith("Cannot load this record: record: lists and objects nested")
    assert table.session.states == before
