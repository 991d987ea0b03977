"""BoardWidget: one FigureWidget updated in place; province clicks reach the callbacks."""

from __future__ import annotations

import plotly.graph_objects as go

from lotus_kit.ui.board import BoardWidget, LiveFigureWidget
from lotus_kit.views.board import legal_provinces, province_trace
from lotus_kit.white_lotus.actions import PlaceMarker
from lotus_kit.white_lotus.engine import apply, new_game


def spy(fig) -> list[dict]:
    sent: list[dict] = []
    fig.comm.send = lambda *a, **k: sent.append(k.get("data") or a[0])
    return sent


def test_board_is_an_anywidget_figurewidget_with_current_state():
    state = new_game(4, seed=3)
    board = BoardWidget(state)
    assert isinstance(board.figure, go.FigureWidget) and isinstance(board.figure, LiveFigureWidget)
    s = board.figure.get_state()
    assert s["_model_module"] == "anywidget"
    after = apply(state, PlaceMarker(state.emperor, "CHEN"))
    board.show(after)
    # a front end that connects now (Voilà, a reload) gets the board as it is, not as it was built
    fresh = board.figure.get_state()
    assert fresh["_widget_layout"]["title"]["subtitle"]["text"] != s["_widget_layout"]["title"]["subtitle"]["text"]


def test_show_updates_in_place_with_one_message():
    state = new_game(4, seed=3)
    board = BoardWidget(state)
    fig = board.figure
    fig._view_count = 1                                 # on screen (the front end counts its views)
    sent = spy(fig)
    after = apply(state, PlaceMarker(state.emperor, "CHEN"))
    assert board.show(after) > 0
    updates = [m["state"]["_py2js_update"] for m in sent if m.get("state", {}).get("_py2js_update")]
    assert len(updates) == 1
    assert not any("_widget_data" in m.get("state", {}) for m in sent)
    assert board.figure is fig and board.state is after
    sent.clear()
    assert board.show(after) == 0 and sent == []        # nothing changed, nothing sent
    assert board.highlighted() == set(legal_provinces(after))


def test_before_any_view_exists_a_change_sends_the_whole_figure():
    state = new_game(4, seed=3)
    board = BoardWidget(state)
    assert board.figure._view_count == 0
    sent = spy(board.figure)
    board.show(apply(state, PlaceMarker(state.emperor, "CHEN")))
    whole = [m["state"] for m in sent if "_widget_data" in m.get("state", {})]
    assert len(whole) == 1 and len(whole[0]["_widget_data"]) == len(board.figure.data)
    # displaying the board again sends it whole too (the new view is built from that copy)
    board.figure._view_count = 1
    board.show(state)
    sent.clear()
    board._repr_mimebundle_()
    assert any("_widget_layout" in m.get("state", {}) for m in sent)


def test_clicks_on_the_seat_marker_and_on_the_province_fill_reach_callbacks():
    board = BoardWidget(new_game(3, seed=1))
    got: list[str] = []
    board.on_province_click(got.append)
    board.click("CHEN")
    # a click on the filled outline of a province (hoveron="fills"): the message names that trace
    fig = board.figure
    k = list(fig.data).index(province_trace(fig, "GONG"))
    fig._handler_js2py_pointsCallback({"new": {
        "event_type": "plotly_click", "points": {"trace_indexes": [k], "point_indexes": [0], "xs": [1.0], "ys": [2.0]},
        "device_state": None, "selector": None}})
    # a click on the lotus symbol beside Datong's seat is a click on Datong
    lotus = next(k for k, t in enumerate(fig.data) if t.meta == "lotus")
    fig._handler_js2py_pointsCallback({"new": {
        "event_type": "plotly_click", "points": {"trace_indexes": [lotus], "point_indexes": [0], "xs": [1.0],
                                                 "ys": [2.0]}, "device_state": None, "selector": None}})
    # a hover message is not a click
    fig._handler_js2py_pointsCallback({"new": {
        "event_type": "plotly_hover", "points": {"trace_indexes": [k], "point_indexes": [0], "xs": [1.0], "ys": [2.0]},
        "device_state": None, "selector": None}})
    assert got == ["CHEN", "GONG", "DATO"] and board.clicks == got
    board.on_province_click(got.append, remove=True)
    board.click("DATO")
    assert got == ["CHEN", "GONG", "DATO"]


def test_province_picker_does_what_a_click_does():
    state = new_game(3, seed=1)
    board = BoardWidget(state, picker=True)
    got: list[str] = []
    board.on_province_click(got.append)
    legal = sorted(legal_provinces(state))
    assert sorted(v for _, v in board.picker.options) == legal
    board.picker.value = legal[0]
    board.pick_button.click()
    assert got == [legal[0]]
    board.set_picker(False)
    assert board.picker_box.layout.display == "none"


def test_every_figure_shares_one_plotly_module_per_page():
    """anywidget gives a model 2 s from its creation to load and start its ``_esm``, and drops every
    later message to a model that misses it: the module it loads is a few lines, plotly's 5 MB travel
    as model data (``_plotly_module``), compiled once per page and shared, and a model's start does
    not wait for it."""
    import plotly.graph_objects as go

    from lotus_kit.ui.board import LiveFigureWidget

    a, b = LiveFigureWidget(), BoardWidget(new_game(3, seed=1)).figure
    assert a._esm == b._esm == a.get_state()["_esm"]
    bundle = go.FigureWidget._esm
    bundle = bundle.read_text(encoding="utf-8") if hasattr(bundle, "read_text") else str(bundle)
    assert len(bundle) > 4_000_000 and len(a._esm) < 10_000        # no plotly code in the started module
    assert a.get_state()["_plotly_module"] == b._plotly_module == bundle
    wrapper = a._esm
    assert "await" not in wrapper.split("export default")[0]
    assert "initialize({ model })" in wrapper and "const plotly = await loading;" in wrapper
    assert 'globalThis[KEY] ??= import(URL.createObjectURL(' in wrapper and 'model.get("_plotly_module")' in wrapper
    # edits sent before plotly is loaded are not replayed on the model's copy (plotly's model-side
    # replay left a trace's x undefined); the whole figure is sent while no view shows it
    assert "model.set(" not in wrapper and 'model.on("' not in wrapper
    # plotly's model reads edit messages decoded ("_undefined_" leaves a trace alone), and a view's
    # listeners go with the view (the browser tests of the projector mode check both at work)
    assert 'if (v === "_undefined_") return undefined;' in wrapper
    assert "shared.off(name, callback)" in wrapper
