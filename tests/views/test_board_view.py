"""What the board figure shows for known states, and the in-place update (issue 7)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import plotly.graph_objects as go
import pytest

from lotus_kit.views import board as bv
from lotus_kit.views import style as st
from lotus_kit.views.board import board_figure, highlighted, province_trace, update_board
from lotus_kit.views.geometry import load_geometry
from lotus_kit.white_lotus.actions import ChooseProvince, PlaceChip, PlaceMarker, TakeReward
from lotus_kit.white_lotus.board import iter_bits
from lotus_kit.white_lotus.engine import legal_actions, new_game
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.seats import SEAT_COLOURS
from lotus_kit.white_lotus.state import Phase, RebellionStep, State
from tests.white_lotus.helpers import lotus_owned


def trace(fig: go.Figure, meta: str) -> Any:
    return next(t for t in fig.data if t.meta == meta)


def known_position(**extra) -> State:
    """4 players; seat 2 owns FENG (R) and LUZH (V); HANZ holds a neutral temple; KUIZ is empty."""
    desc = {"players": 4, "phase": 1, "emperor": 0, "owners": lotus_owned(seats=(0, 1, 2)),
            "neutral": {"HANZ": "T", "XIAN": "P"}}
    desc.update(extra)
    return position(desc)


def legal_named(state: State) -> set[str]:
    kinds = (PlaceMarker, ChooseProvince, PlaceChip, TakeReward)
    return {a.province for a in legal_actions(state) if isinstance(a, kinds) and a.province}


def province_decision(state: State) -> bool:
    if state.phase in (Phase.CLAIMS, Phase.NEW_PROVINCES):
        return True
    if state.phase == Phase.RESOLVE:
        return state.conflict is None
    return isinstance(state.step, RebellionStep) and bool(state.step.winner)


# -- colours ----------------------------------------------------------------------------------------
def test_province_owned_by_seat_2_is_drawn_in_seat_2s_colour():
    state = known_position()
    fig = board_figure(state)
    assert state.owner("FENG") == 2
    assert province_trace(fig, "FENG").fillcolor == SEAT_COLOURS[2]
    for p in state.board.provinces:
        drawn = province_trace(fig, p.id).fillcolor
        assert (drawn == SEAT_COLOURS[2]) == (state.owner(p.id) == 2), p.id


def test_every_owned_province_takes_its_owners_colour_in_a_played_game(game5):
    state = game5[len(game5) // 2]
    fig = board_figure(state)
    owned = [i for i, o in enumerate(state.owners) if o >= 0]
    assert owned
    for i in owned:
        pid = state.board.provinces[i].id
        assert province_trace(fig, pid).fillcolor == SEAT_COLOURS[state.owners[i]]


def test_neutral_chip_is_a_light_tone_with_its_glyph_and_an_empty_province_is_plain():
    state = known_position()
    fig = board_figure(state)
    neutral, empty = province_trace(fig, "HANZ").fillcolor, province_trace(fig, "KUIZ").fillcolor
    assert neutral == st.NEUTRAL and empty == st.EMPTY_BASE and neutral != empty
    assert st.luminance(neutral) > 0.5 and st.luminance(empty) > 0.8
    assert neutral not in SEAT_COLOURS and empty not in SEAT_COLOURS
    chips = trace(fig, bv.CHIPS)
    seat = load_geometry().province("HANZ").seat
    at = {(x, y): t for x, y, t in zip(chips.x, chips.y, chips.text, strict=True)}
    assert at[seat] == "<b>T</b>"
    assert load_geometry().province("KUIZ").seat not in at          # no chip, no glyph
    assert len(chips.x) == sum(1 for i in state.board.in_play if state.chips[i])


def test_six_player_provinces_are_greyed_out_with_4_players():
    fig = board_figure(new_game(4, seed=1))
    six = [p for p in new_game(4, seed=1).board.provinces if p.six_player_only]
    assert len(six) == 8
    for p in six:
        t = province_trace(fig, p.id)
        assert t.fillcolor == st.OUT_OF_PLAY and t.fillpattern.shape == "/", p.id
    assert "not in play" in fig.layout.annotations[0].text
    lotus = trace(fig, bv.LOTUS)
    assert min(lotus.marker.opacity) < 1          # Liangzhou's lotus is greyed too


def test_six_player_provinces_are_coloured_with_6_players(game6):
    state = new_game(6, seed=1)
    fig = board_figure(state)
    for p in state.board.provinces:
        if p.six_player_only:
            t = province_trace(fig, p.id)
            assert t.fillcolor != st.OUT_OF_PLAY and t.fillpattern.shape == "", p.id
    assert province_trace(fig, "LIAN").fillcolor == st.NEUTRAL_SIX     # the north-west start chip
    late = next(s for s in reversed(game6) if any(s.owners[p.index] >= 0 for p in s.board.provinces
                                                  if p.six_player_only))
    fig = board_figure(late)
    for p in late.board.provinces:
        if p.six_player_only and late.owners[p.index] >= 0:
            assert province_trace(fig, p.id).fillcolor == SEAT_COLOURS[late.owners[p.index]]


# -- legal provinces, markers, the province being resolved ---------------------------------------------
def test_highlighted_provinces_equal_the_legal_ones(game4):
    kinds_seen = set()
    for state in game4[::3]:
        fig = board_figure(state)
        want = legal_named(state) if province_decision(state) else set()
        assert highlighted(fig) == want, (state, sorted(want))
        if want:
            kinds_seen.add(type(legal_actions(state)[0]).__name__)
    assert {"PlaceMarker", "ChooseProvince", "PlaceChip"} <= kinds_seen, kinds_seen


def test_rebellion_rewards_are_highlighted(game5):
    rewards = [s for s in game5 if isinstance(s.step, RebellionStep) and s.step.winner]
    assert rewards
    for state in rewards:
        assert highlighted(board_figure(state)) == legal_named(state)


def test_explicit_highlight_replaces_the_legal_provinces():
    state = known_position()
    assert highlighted(board_figure(state, highlight=["CHEN", "KUIZ"])) == {"CHEN", "KUIZ"}
    assert highlighted(board_figure(state, highlight=())) == set()


def test_markers_are_stacked_on_claimed_provinces_in_seat_colours():
    state = known_position(phase=2, markers={"HANZ": [0, 1, 3], "XIAN": [2]})
    fig = board_figure(state)
    markers = trace(fig, bv.MARKERS)
    want = sorted(SEAT_COLOURS[s] for i in range(len(state.markers)) for s in iter_bits(state.markers[i]))
    assert sorted(markers.marker.color) == want
    hanz = load_geometry().province("HANZ")
    on_hanz = [(x, y) for x, y, t in zip(markers.x, markers.y, markers.hovertext, strict=True) if "Hanzhong" in t]
    assert len(on_hanz) == 3 and len({y for _, y in on_hanz}) == 3          # stacked, not side by side
    assert all(hanz.contains(x, y) for x, y in on_hanz)


def test_province_being_resolved_is_outlined_and_carries_the_emperor_stone():
    state = position({"players": 4, "phase": 2, "emperor": 2,
                      "owners": {"DATO": [2, "P"], "JINA": [3, "T"], "FENG": [2, "R"], "HENA": [3, "F"],
                                 "LUZH": [1, "V"], "TIAN": [0, "V"]},
                      "neutral": {"CHEN": "P"}, "markers": {"CHEN": [0, 1]}})
    assert state.conflict is not None
    fig = board_figure(state)
    outline = trace(fig, bv.RESOLVING_T)
    xs, ys = load_geometry().province("CHEN").xy()
    assert list(outline.x) == xs and list(outline.y) == ys
    stones = trace(fig, bv.STONES)
    assert len(stones.x) == 2                                   # the panel and the province (WL-CONF-5)
    assert all(c == SEAT_COLOURS[2] for c in stones.marker.line.color)
    assert load_geometry().province("CHEN").contains(stones.x[1], stones.y[1])
    assert "Being resolved" in province_trace(fig, "CHEN").text


def test_rebel_stone_appears_while_a_rebel_leader_exists(game5):
    led = next(s for s in game5 if s.rebel_leader is not None)
    stones = trace(board_figure(led), bv.STONES)
    assert st.REBEL_DARK in stones.marker.color
    assert SEAT_COLOURS[led.rebel_leader] in stones.marker.line.color


def test_hover_text_tells_owner_building_value_claims_and_neighbours():
    state = known_position(phase=2, markers={"HANZ": [0, 1]})
    fig = board_figure(state)
    text = province_trace(fig, "FENG").text
    assert "Fengyuan" in text and "Rice field (R)" in text and "Green" in text and "Worth 1 VP" in text
    for name in ("Yan'an", "Gongchang", "Henan-fu", "Hanzhong", "Kuizhou", "Xiangyang"):
        assert name in text
    assert "Claimed by Red, Blue" in province_trace(fig, "HANZ").text
    assert "dragon +2" in province_trace(fig, "GUAN").text
    hit = trace(fig, bv.HIT)
    assert list(hit.customdata) == [p.id for p in state.board.provinces]


def test_seat_legend_names_every_seat_in_play_and_marks_the_emperor():
    state = known_position()
    fig = board_figure(state)
    shown = [t for t in fig.data if isinstance(t.meta, str) and t.meta.startswith(bv.SEAT_KEY) and t.visible]
    assert [t.name.split(" ")[0] for t in shown] == ["Red", "Blue", "Green", "Yellow"]
    assert "emperor" in shown[0].name
    assert [t.marker.color for t in shown] == list(SEAT_COLOURS[:4])


def test_largest_group_outline_is_the_outer_edge_of_the_group():
    state = known_position(owners={"DATO": [0, "P"], "JINA": [1, "T"], "FENG": [2, "R"], "HENA": [2, "F"],
                                   "CHEN": [1, "V"], "LUZH": [0, "V"], "TIAN": [1, "V"], "XIAN": [2, "V"]},
                           neutral={})
    assert bv.largest_groups(state, 2) == state.board.mask_of(["FENG", "HENA", "XIAN"])
    fig = board_figure(state, groups=True)
    outline = trace(fig, bv.GROUPS + "2")
    points = {(x, y) for x, y in zip(outline.x, outline.y, strict=True) if x is not None}
    geo = load_geometry()
    shared = set(geo.polygons("FENG")[0][0]) & set(geo.polygons("HENA")[0][0])
    inner = shared - set(geo.polygons("YANA")[0][0]) - set(geo.polygons("XIAN")[0][0]) \
        - set(geo.polygons("TAIY")[0][0]) - set(geo.polygons("BIAN")[0][0])
    assert inner and not (inner & points)                       # the inner border is not drawn
    assert len(trace(board_figure(state), bv.GROUPS + "2").x or ()) == 0   # off by default


# -- in place ---------------------------------------------------------------------------------------------
def _flat(obj: Any, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.update(_flat(v, f"{prefix}{k}."))
        return out
    out[prefix[:-1]] = tuple(obj) if isinstance(obj, list) else obj
    return out


def _trace_diff(a: go.Figure, b: go.Figure) -> set[tuple[int, str]]:
    da, db = a.to_dict()["data"], b.to_dict()["data"]
    assert len(da) == len(db)
    diff = set()
    for i, (ta, tb) in enumerate(zip(da, db, strict=True)):
        fa, fb = _flat(ta), _flat(tb)
        for key in set(fa) | set(fb):
            if key != "uid" and fa.get(key) != fb.get(key):
                diff.add((i, key))
    return diff


def _spy(widget: go.FigureWidget) -> list[dict]:
    sent: list[dict] = []
    widget.comm.send = lambda *a, **k: sent.append(k.get("data") or a[0])
    return sent


def test_update_board_sends_one_message_touching_only_what_changed(game4):
    a = next(s for s in game4 if s.phase == Phase.CLAIMS and any(s.markers))
    b = game4[game4.index(a) + 1]
    widget = go.FigureWidget(board_figure(a))
    sent = _spy(widget)
    assert update_board(widget, b) > 0
    updates = [m["state"]["_py2js_update"] for m in sent if m.get("state", {}).get("_py2js_update")]
    assert len(updates) == 1
    up = updates[0]
    touched = {(idx, prop) for prop, values in up["style_data"].items()
               for idx, v in zip(up["style_traces"], values, strict=True) if v != "_undefined_"}
    assert touched == _trace_diff(board_figure(a), board_figure(b))
    assert not any(prop == "fillcolor" for _, prop in touched)          # nobody's land changed hands
    fills = {t.meta for t in widget.data if isinstance(t.meta, str) and t.meta.startswith(bv.PROVINCE)}
    touched_fills = {widget.data[i].meta for i, _ in touched} & fills
    changed = {b.board.provinces[i].id for i in range(len(b.markers)) if a.markers[i] != b.markers[i]}
    assert touched_fills == {bv.PROVINCE + pid for pid in changed}      # only the claimed province's hover
    fresh = board_figure(b)
    for path, value in up["layout_data"].items():
        assert fresh.layout[path] == value, path
    subtitles = board_figure(a).layout.title.subtitle.text, fresh.layout.title.subtitle.text
    assert ("title.subtitle.text" in up["layout_data"]) == (subtitles[0] != subtitles[1])


def test_board_figures_pass_plotlys_schema_check(game6):
    """The state-dependent values skip per-property validation for speed; plotly re-checks them here."""
    for state in game6[::40]:
        fig = board_figure(state, groups=True)
        checked = go.Figure(fig.to_dict())                              # validating constructor
        assert checked.to_dict()["data"] == fig.to_dict()["data"]
    widget = go.FigureWidget(board_figure(game6[0]))
    for state in game6[1:200:9]:
        update_board(widget, state)
    go.Figure(widget.to_dict())


def test_update_with_the_same_state_sends_nothing(game4):
    state = game4[40]
    widget = go.FigureWidget(board_figure(state))
    sent = _spy(widget)
    assert update_board(widget, state) == 0
    assert not [m for m in sent if m.get("state", {}).get("_py2js_update")]


@pytest.mark.parametrize("groups", [False, True])
def test_a_figure_updated_from_a_to_b_equals_one_built_for_b(game5, groups):
    fig = board_figure(game5[0], groups=groups)
    for b in game5[1::7]:
        update_board(fig, b)
        assert fig.to_dict() == board_figure(b, groups=groups).to_dict(), b


def test_a_figure_widget_updated_across_a_whole_year_equals_a_fresh_one(game4):
    widget = go.FigureWidget(board_figure(game4[0]))
    for b in game4[1:60]:
        update_board(widget, b)
    fresh = go.FigureWidget(board_figure(game4[59]))
    strip = lambda d: [{k: v for k, v in t.items() if k != "uid"} for t in d["data"]]  # noqa: E731
    assert strip(widget.to_dict()) == strip(fresh.to_dict())
    assert widget.to_dict()["layout"] == fresh.to_dict()["layout"]


def test_update_board_refuses_a_figure_it_did_not_make():
    with pytest.raises(ValueError, match="board_figure"):
        update_board(go.Figure(), new_game(3, seed=1))


# -- a state shows itself -----------------------------------------------------------------------------
def test_a_state_shows_itself_as_its_board():
    bundle = new_game(4, seed=2)._repr_mimebundle_()
    assert bundle["text/plain"].startswith("<White Lotus state")
    assert any(k in bundle for k in ("application/vnd.plotly.v1+json", "text/html"))


def test_a_state_falls_back_to_a_summary_without_plotly(monkeypatch):
    monkeypatch.setitem(sys.modules, "lotus_kit.white_lotus.views.board", None)     # import now raises ImportError
    bundle = new_game(3, seed=2)._repr_mimebundle_()
    assert "<table>" in bundle["text/html"] and "Red" in bundle["text/html"]


def test_the_engine_imports_no_plotly():
    code = ("import sys, lotus_kit.white_lotus.engine, lotus_kit.white_lotus.state; "
            "print(any(m.split('.')[0] == 'plotly' for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_smaller_board_scales_names_and_symbols_with_the_map(game4):
    """Names are laid out in pixels at the default width; a smaller board must shrink them with the map."""
    state = game4[len(game4) // 2]
    big, small = board_figure(state), board_figure(state, width=600)
    big_sizes = trace(big, bv.LABELS).textfont.size
    small_sizes = trace(small, bv.LABELS).textfont.size
    map_scale = min((600 - 12) / (bv.WIDTH - 12), (round(600 * 0.95) - 118) / (round(bv.WIDTH * 0.95) - 118))
    assert small_sizes == pytest.approx([round(s * map_scale, 2) for s in big_sizes], abs=0.01)
    assert trace(small, bv.CHIPS).marker.size == pytest.approx(17 * map_scale, abs=0.01)
    assert trace(small, bv.HIT).marker.size < trace(big, bv.HIT).marker.size
    keys = [t for t in small.data if str(t.meta).startswith("key-")]
    assert keys and not any(t.showlegend for t in keys)            # no room for the key beside the map
    assert all(t.showlegend for t in big.data if str(t.meta).startswith("key-"))
    wide = board_figure(state, width=bv.WIDTH + 300)              # wider: sizes as designed, nothing grows
    assert trace(wide, bv.LABELS).textfont.size == big_sizes
