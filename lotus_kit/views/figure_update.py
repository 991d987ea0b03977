"""Figures updated in place: a fixed skeleton of traces, and only the differences sent to the browser.

Every game's board is drawn the same way: a *skeleton* (every trace, with the properties that never
change, each trace named by its ``meta``) and a *spec* of the state-dependent properties
(``{trace meta: {property path: value}}`` plus layout paths). :func:`build` makes a figure from the
two; :func:`apply_spec` brings an existing figure (a ``go.Figure`` or a ``go.FigureWidget``) to
another spec sending only what differs, in one ``plotly_update`` (one message for a widget);
:func:`morph` makes a figure equal to another one of the same traces (a new size or mode) in place.
Because the trace layout is the same for every state, "update A to B" and "build B" give equal
figures; each game's tests check that for its board.

>>> skeleton = go.Figure([go.Scatter(meta="dot", x=[0], y=[0], mode="markers")]).to_dict()
>>> fig = build(skeleton, {"dot": {"marker.color": "red"}}, {"title.text": "A"})
>>> apply_spec(fig, {"dot": {"marker.color": "blue"}}, {"title.text": "A"})
1
>>> fig == build(skeleton, {"dot": {"marker.color": "blue"}}, {"title.text": "A"})
True
>>> apply_spec(fig, {"dot": {"marker.color": "blue"}}, {"title.text": "A"})
0
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import plotly.graph_objects as go
from plotly.basedatatypes import Undefined  # the "leave unchanged" sentinel of plotly_update

__all__ = ["Spec", "apply_spec", "build", "leaves", "lookup", "morph", "store"]

Spec = Mapping[str, Mapping[str, Any]]
"""``{trace meta: {property path ("marker.color", "text[0]"): value}}``."""


def norm(v: Any) -> Any:
    """Lists and tuples compare alike (the figure stores lists, a spec may hold tuples)."""
    if isinstance(v, list | tuple):
        return tuple(norm(x) for x in v)
    return v


def lookup(props: Mapping, path: str) -> Any:
    """``props["a"]["b"][0]["c"]`` for the path ``a.b[0].c``; None where it is missing."""
    node: Any = props
    for key in path.split("."):
        index = None
        if key.endswith("]"):
            key, _, rest = key.partition("[")
            index = int(rest[:-1])
        node = node.get(key) if isinstance(node, dict) else None
        if index is not None:
            node = node[index] if isinstance(node, list | tuple) and index < len(node) else None
    return node


def store(node: dict, path: str, value: Any) -> None:
    """``node["a"]["b"][0]["c"] = value`` for the path ``a.b[0].c``, making dicts on the way."""
    keys = path.split(".")
    for key in keys[:-1]:
        if key.endswith("]"):
            name, _, rest = key.partition("[")
            node = node[name][int(rest[:-1])]
        else:
            node = node.setdefault(key, {})
    node[keys[-1]] = list(value) if isinstance(value, tuple) else value


def build(skeleton: Mapping[str, Any], spec: Spec, layout: Mapping[str, Any]) -> go.Figure:
    """A figure: a deep copy of ``skeleton`` (a figure dict, e.g. a cached ``fig.to_dict()``) with
    ``spec`` and ``layout`` stored in it.

    The skeleton was validated when it was made and a spec holds plain values, so the copy skips
    plotly's validation (10x faster); later changes to the figure are validated again."""
    raw = copy.deepcopy(dict(skeleton))
    by_meta = {t["meta"]: t for t in raw["data"]}
    for uid, props in spec.items():
        for path, value in props.items():
            store(by_meta[uid], path, value)
    raw.setdefault("layout", {})
    for path, value in layout.items():
        store(raw["layout"], path, value)
    fig = go.Figure(raw, _validate=False)
    fig._validate = True
    return fig


def apply_spec(fig: go.Figure, spec: Spec, layout: Mapping[str, Any]) -> int:
    """Send every property of ``spec`` and ``layout`` that differs from the figure in one
    ``plotly_update`` (one message to the browser for a ``FigureWidget``); returns how many were set.

    Current values are read from the figure's stored dicts and the new ones are set without
    per-property validation: that keeps one update at a few milliseconds. Call it inside
    ``fig.batch_update()`` when other changes go with it."""
    index = {t.meta: k for k, t in enumerate(fig.data)}
    restyle: dict[str, dict[int, Any]] = {}
    changed = 0
    for uid, props in spec.items():
        k = index[uid]
        trace = fig.data[k]
        raw = getattr(trace, "_props", None)      # the trace's stored dict: reading it skips validation
        for path, value in props.items():
            current = lookup(raw, path) if isinstance(raw, dict) else trace[path]
            if norm(current) != norm(value):
                restyle.setdefault(path, {})[k] = list(value) if isinstance(value, tuple) else value
                changed += 1
    raw = getattr(fig.layout, "_props", None)
    relayout = {}
    for path, value in layout.items():
        current = lookup(raw, path) if isinstance(raw, dict) else fig.layout[path]
        if current != value:
            relayout[path] = value
            changed += 1
    if changed:
        traces = sorted({k for values in restyle.values() for k in values})
        restyle_data = {path: [values.get(k, Undefined) for k in traces] for path, values in restyle.items()}
        fig.plotly_update(restyle_data=restyle_data, relayout_data=relayout, trace_indexes=traces)
    return changed


def morph(fig: go.Figure, new: go.Figure, *, one_message: bool = False) -> int:
    """Make ``fig`` equal to ``new`` (the same traces, e.g. another size or mode) in place; returns
    how many properties were set. ``one_message``: everything in one ``plotly_update`` (a board
    changed after every click; the size goes with the rest).

    Leaf paths (``"marker.size"``), not whole objects: plotly.js merges them into what it has, and a
    leaf the new figure lacks is reset (None) instead of leaving an object half undefined. The size
    goes first on its own, then the rest of the layout, then the traces (a resize is rare)."""
    restyle: dict[str, dict[int, Any]] = {}
    for k, (was, now) in enumerate(zip(fig._data, new._data, strict=True)):
        flat_was, flat_now = leaves(was), leaves(now)
        for path in flat_was.keys() | flat_now.keys():
            if path != "uid" and norm(flat_was.get(path)) != norm(flat_now.get(path)):
                restyle.setdefault(path, {})[k] = flat_now.get(path)
    flat_was, flat_now = leaves(fig._layout), leaves(new._layout)
    relayout = {path: flat_now.get(path) for path in flat_was.keys() | flat_now.keys()
                if not path.startswith("template") and norm(flat_was.get(path)) != norm(flat_now.get(path))}
    traces = sorted({k for values in restyle.values() for k in values})
    restyle_data = {path: [values.get(k, Undefined) for k in traces] for path, values in restyle.items()}
    size = {key: relayout.pop(key) for key in ("width", "height") if key in relayout}
    if one_message and (size or relayout or traces):
        fig.plotly_update(restyle_data=restyle_data, relayout_data={**size, **relayout}, trace_indexes=traces)
    elif size:
        fig.plotly_relayout(size)
    if relayout and not one_message:
        fig.plotly_relayout(relayout)
    if traces and not one_message:
        fig.plotly_restyle(restyle_data, trace_indexes=traces)
    return sum(len(v) for v in restyle.values()) + len(relayout) + len(size)


def leaves(node: Mapping, prefix: str = "") -> dict[str, Any]:
    """``{"marker": {"size": 3}}`` as ``{"marker.size": 3}`` (lists, of annotations too, and the
    free-form ``meta`` are leaves)."""
    out: dict[str, Any] = {}
    for key, value in node.items():
        path = prefix + key
        if isinstance(value, dict) and value and path != "meta":      # meta is free-form: one value
            out.update(leaves(value, path + "."))
        else:
            out[path] = value
    return out
