"""The board's layout: header without overlaps, the key clear of the provinces, projector mode,
pan and zoom locked for play, a second cue for ownership, and a palette told apart under
simulated colour-vision deficiencies."""

from __future__ import annotations

import itertools

import numpy as np
import plotly.graph_objects as go
import pytest

from lotus_kit.views import board as bv
from lotus_kit.views import style as st
from lotus_kit.views.board import board_figure, reshape_board, update_board
from lotus_kit.views.geometry import load_geometry
from lotus_kit.white_lotus.board import iter_bits


def trace(fig: go.Figure, meta: str):
    return next(t for t in fig.data if t.meta == meta)


def strip(d: dict) -> dict:
    return {"data": [{k: v for k, v in t.items() if k != "uid"} for t in d["data"]], "layout": d["layout"]}


@pytest.mark.parametrize("change", [{"width": 620}, {"projector": True}, {"locked": True},
                                    {"width": 1000, "projector": True, "locked": True}])
def test_a_board_reshaped_in_place_equals_one_built_at_that_size_and_mode(game5, change):
    state = game5[len(game5) // 2]
    widget = go.FigureWidget(board_figure(game5[3]))
    update_board(widget, state)
    assert reshape_board(widget, state, **change) > 0
    assert strip(widget.to_dict()) == strip(go.FigureWidget(board_figure(state, **change)).to_dict())
    later = game5[len(game5) // 2 + 5]
    update_board(widget, later)                       # the in-place update keeps the new size and mode
    assert strip(widget.to_dict()) == strip(go.FigureWidget(board_figure(later, **change)).to_dict())
    assert reshape_board(widget, later, **change) == 0


@pytest.mark.parametrize(("width", "projector"), [(900, False), (620, False), (480, False), (620, True), (900, True)])
def test_the_seat_legend_sits_below_the_title_and_subtitle_in_as_many_rows_as_it_needs(game6, width, projector):
    state = game6[len(game6) // 2]
    fig = board_figure(state, width=width, projector=projector)
    title, subtitle, legend = (24, 17, 16) if projector else (19, 13, 13)
    labels = [t.name for t in fig.data if str(t.meta).startswith(bv.SEAT_KEY) and t.visible]
    assert len(labels) == 6
    # every entry at its widest (text, 48 px of swatch and gaps) must fit in the rows the margin holds
    per_row = max(1, (width - 24) // (fig.layout.legend.entrywidth + 48))
    rows = -(-6 // per_row)
    assert fig.layout.legend.entrywidth >= max(len(t) for t in labels) * 0.55 * legend
    header = fig.layout.margin.t - rows * (legend + 10)
    assert header >= title * 1.3 + subtitle * 1.4                         # title and subtitle fit above it
    assert fig.layout.legend.y == 1.0 and fig.layout.legend.yanchor == "bottom"   # grows up from the map


def test_the_key_box_lies_in_the_sea_clear_of_every_province():
    fig = board_figure(_state())
    assert fig.layout.legend2.xanchor == "right" and fig.layout.legend2.yanchor == "bottom"
    geo = load_geometry()
    x0, y0, x1, y1 = geo.view_box
    # the key takes at most 17 % of the map's width and 24 % of its height at the default size
    left, top = x1 - 0.17 * (x1 - x0), y1 - 0.24 * (y1 - y0)
    for pid, shape in geo.provinces.items():
        for ring in shape.polygons:
            for x, y in ring[0]:
                assert not (x > left and y > top), pid


def _state():
    from lotus_kit.white_lotus.engine import new_game

    return new_game(4, seed=1)


def test_a_locked_board_neither_pans_nor_zooms_and_an_analysis_board_does(game4):
    play, analysis = board_figure(game4[10], locked=True), board_figure(game4[10])
    assert play.layout.dragmode is False
    assert play.layout.xaxis.fixedrange and play.layout.yaxis.fixedrange
    assert analysis.layout.dragmode == "pan" and not analysis.layout.xaxis.fixedrange


def test_projector_mode_draws_names_chips_markers_and_header_bigger(game4):
    state = game4[len(game4) // 2]
    normal, big = board_figure(state), board_figure(state, projector=True)
    # the bigger header leaves the map a little smaller: the symbols grow by a bit less than BIG
    assert trace(big, bv.MARKERS).marker.size >= 1.25 * trace(normal, bv.MARKERS).marker.size
    assert trace(big, bv.CHIPS).marker.size >= 1.25 * trace(normal, bv.CHIPS).marker.size
    names_n, names_b = trace(normal, bv.LABELS).textfont.size, trace(big, bv.LABELS).textfont.size
    # the smallest names grow most (a name too long for its province at the bigger size keeps a size
    # that fits): nothing under 11 px at the default width, where the plain board goes down to 9
    assert min(names_b) >= 11 and min(names_b) >= 1.25 * min(names_n)
    assert sum(names_b) > 1.05 * sum(names_n)
    assert big.layout.title.font.size > normal.layout.title.font.size
    assert big.layout.title.subtitle.font.size >= 17 and big.layout.legend.font.size >= 16
    assert trace(big, bv.LEGAL_T).line.width > trace(normal, bv.LEGAL_T).line.width


def test_every_owned_province_shows_its_owners_pattern_and_every_marker_its_seats_letter(game6):
    state = next(s for s in game6[len(game6) // 2:] if any(s.markers))
    fig = board_figure(state)
    owned = 0
    for i, p in enumerate(state.board.provinces):
        fill = bv.province_trace(fig, p.id)
        owner = state.owners[i]
        if owner >= 0:
            owned += 1
            assert fill.fillpattern.shape == st.SEAT_PATTERNS[owner], p.id
            assert fill.fillcolor == st.SEAT_COLOURS[owner]
        else:
            assert fill.fillpattern.shape in ("", "/")       # empty, neutral, or out-of-play hatch
    assert owned >= 6
    markers = trace(fig, bv.MARKERS)
    seats = [s for i in range(len(state.markers)) for s in iter_bits(state.markers[i])]
    assert list(markers.text) == [st.SEAT_LETTERS[s] for s in seats]
    assert len(set(st.SEAT_LETTERS)) == 6 and len(set(st.SEAT_PATTERNS)) == 6
    # and the seat legend draws each seat's swatch with its pattern
    for seat in range(6):
        assert trace(fig, bv.SEAT_KEY + str(seat)).fillpattern.shape == st.SEAT_PATTERNS[seat]


def _simulated(colour: str, cvd: str | None) -> np.ndarray:
    from colorspacious import cspace_convert

    rgb = np.array([int(colour[k:k + 2], 16) for k in (1, 3, 5)]) / 255
    if cvd is None:
        return rgb
    return np.clip(cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100}, "sRGB1"), 0, 1)


@pytest.mark.parametrize("cvd", [None, "deuteranomaly", "protanomaly", "tritanomaly"])
def test_the_six_seat_colours_stay_apart_under_simulated_colour_vision_deficiencies(cvd):
    """CAM02-UCS distance (colorspacious) between every two seats, with full-severity deficiency
    simulated: at least 11 (the palette's floor, Blue/Green seen by a tritanope); the pair that was
    reported alike for deuteranopes, Green and Purple, at least 20."""
    from colorspacious import deltaE

    sims = [_simulated(c, cvd) for c in st.SEAT_COLOURS]
    pairs = itertools.combinations(range(6), 2)
    dist = {(a, b): float(deltaE(sims[a], sims[b], input_space="sRGB1")) for a, b in pairs}
    worst = min(dist, key=dist.get)
    assert dist[worst] >= 11, (cvd, [st.SEAT_NAMES[k] for k in worst], dist[worst])
    assert dist[(2, 4)] >= 20, (cvd, dist[(2, 4)])


def test_a_projector_board_made_small_keeps_markers_chips_and_stones_at_full_size(game4):
    """Beside the panel at 1024x768 the board is ~600 px wide: in projector mode its markers, chips,
    their letters and the stones stay as big as on the plain board at its full width, the markers'
    outline is thick and no name is under 9 px (names take the size that fits their province)."""
    state = game4[len(game4) // 2]
    full, small = board_figure(state), board_figure(state, width=600, projector=True)
    for meta in (bv.MARKERS, bv.CHIPS, bv.STONES):
        assert trace(small, meta).marker.size >= 0.99 * trace(full, meta).marker.size, meta
    assert trace(small, bv.CHIPS).textfont.size >= 0.99 * trace(full, bv.CHIPS).textfont.size
    assert trace(small, bv.MARKERS).marker.line.width >= 1.8 * trace(full, bv.MARKERS).marker.line.width
    assert min(trace(small, bv.LABELS).textfont.size) >= 8.9
