"""Static export: PNG/SVG through kaleido with Debian's Chromium, standalone HTML."""

from __future__ import annotations

import os
import re

import plotly.graph_objects as go
import pytest

from lotus_kit.views.board import board_figure
from lotus_kit.views.export import (
    PNG_MAGIC,
    ExportError,
    browser_path,
    image_server,
    to_html,
    to_image,
    write_html,
)
from lotus_kit.white_lotus.engine import new_game
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.seats import SEAT_COLOURS
from tests.white_lotus.helpers import lotus_owned

IN_CI = os.environ.get("CI") == "true"


@pytest.fixture(scope="module")
def needs_browser():
    """Skip without Chromium on a developer machine; in CI (CI=true) a missing browser fails.
    One browser serves every export of this module."""
    if browser_path() is None:
        if IN_CI:
            pytest.fail("CI=true but no chromium for kaleido: `apt-get install chromium` (scripts/ensure-chromium)")
        pytest.skip("no chromium for kaleido (apt-get install chromium); PNG/SVG export not tested")
    with image_server():
        yield


def test_png_export_gives_png_bytes(needs_browser):
    png = to_image(board_figure(new_game(3, seed=1)), format="png")
    assert png.startswith(PNG_MAGIC) and len(png) > 50_000


def test_png_export_of_a_figure_widget(needs_browser):
    widget = go.FigureWidget(go.Figure(go.Bar(y=[1, 2], marker_color=SEAT_COLOURS[1])))
    assert to_image(widget, format="png").startswith(PNG_MAGIC)


def test_svg_export_draws_seat_2s_province_in_seat_2s_colour(needs_browser):
    owners = lotus_owned(seats=(2,))
    state = position({"players": 4, "owners": owners})
    svg = to_image(board_figure(state), format="svg").decode("utf-8")
    assert svg.lstrip().startswith("<svg")
    r, g, b = (int(SEAT_COLOURS[2][k:k + 2], 16) for k in (1, 3, 5))
    # an owned province is filled with its seat's pattern (the second cue): the seat's colour under the
    # hatching; every one of seat 2's provinces and its legend entry use such a pattern
    ids = re.findall(rf'<pattern id="([^"]+)"[^>]*><rect[^>]*fill="rgb\({r}, {g}, {b}\)"', svg)
    assert sum(svg.count(f"#{i}") for i in ids) == len(owners) + 1


def test_export_without_a_browser_says_what_to_install(monkeypatch):
    monkeypatch.setattr("lotus_kit.views.export.browser_path", lambda: None)
    with pytest.raises(ExportError, match="apt-get install chromium"):
        to_image(go.Figure(), format="png")


def test_standalone_html_embeds_plotly_js(tmp_path):
    path = write_html(board_figure(new_game(4, seed=1)), tmp_path / "board.html")
    text = path.read_text(encoding="utf-8")
    assert 'src="https://cdn.plot.ly' not in text and len(text) > 3_000_000  # plotly.js is inside: works offline
    assert "Chengdu" in text


def test_html_can_link_plotly_js_from_the_cdn():
    text = to_html(board_figure(new_game(4, seed=1)), include_plotlyjs="cdn")
    assert "cdn.plot.ly" in text and len(text) < 1_000_000
