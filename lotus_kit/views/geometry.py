"""Province polygons of the White Lotus board, as the board view draws them.

The shapes are package data (``lotus_kit/views/data/board_geometry.json``), generated once by
``scripts/build_board_geometry.py`` from the board data and a rubber-sheeted Natural Earth outline.
They agree with the adjacency data (spec section 17.2, WL-BOARD-6 and WL-BOARD-11): two provinces
share a drawn border exactly when they are adjacent, and no other pair touches at all.

Coordinates are the board's grid units (``x`` west to east, ``y`` north to south, seats on 0..100).
Draw with the y axis reversed and ``yaxis.scaleratio = geometry.y_scale`` (0.84): on the ground one
y unit is about 0.84 of an x unit.

Standard library only, so the engine-side packages and JupyterLite can load it.

>>> geo = load_geometry()
>>> len(geo.provinces), geo.y_scale
(39, 0.84)
>>> geo.province("FENG").contains(*geo.label_anchor("FENG"))
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

__all__ = [
    "BoardGeometry",
    "DecorShape",
    "LandPiece",
    "PlaceLabel",
    "ProvinceShape",
    "load_geometry",
    "parse_geometry",
    "rings_xy",
]

DATA_PACKAGE = "lotus_kit.views.data"
DATA_FILE = "board_geometry.json"

XY = tuple[float, float]
Ring = tuple[XY, ...]
"""An open ring: the first point is not repeated at the end."""
PolygonRings = tuple[Ring, ...]
"""One polygon: its exterior ring, then any holes."""
Line = tuple[XY, ...]


def _xy(p: Iterable[float]) -> XY:
    x, y = p
    return (float(x), float(y))


def _polygons(raw: list) -> tuple[PolygonRings, ...]:
    return tuple(tuple(tuple(_xy(p) for p in ring) for ring in rings) for rings in raw)


def _lines(raw: list) -> tuple[Line, ...]:
    return tuple(tuple(_xy(p) for p in line) for line in raw)


def _ring_contains(ring: Ring, x: float, y: float) -> bool:
    """Even-odd test of a point against one ring (points on the boundary may go either way)."""
    inside = False
    n = len(ring)
    for k in range(n):
        x1, y1 = ring[k]
        x2, y2 = ring[(k + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def polygons_contain(polygons: Iterable[PolygonRings], x: float, y: float) -> bool:
    """Whether a point lies inside any of the polygons (holes excluded)."""
    for rings in polygons:
        if _ring_contains(rings[0], x, y) and not any(_ring_contains(h, x, y) for h in rings[1:]):
            return True
    return False


def rings_xy(polygons: Iterable[PolygonRings]) -> tuple[list[float | None], list[float | None]]:
    """Flatten polygons to closed x and y lists separated by ``None``.

    This is the form a plotly ``go.Scatter(fill="toself")`` trace takes.

    >>> rings_xy([(((0.0, 0.0), (1.0, 0.0), (0.0, 1.0)),)])
    ([0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0])
    """
    xs: list[float | None] = []
    ys: list[float | None] = []
    for rings in polygons:
        for ring in rings:
            if xs:
                xs.append(None)
                ys.append(None)
            xs.extend(p[0] for p in (*ring, ring[0]))
            ys.extend(p[1] for p in (*ring, ring[0]))
    return xs, ys


@dataclass(frozen=True)
class ProvinceShape:
    """The drawn shape of one province.

    ``label`` is where the name goes (just below the seat marker when there is room, else the
    pole of inaccessibility); ``label_room`` is the free radius around it in x units.
    ``center`` is the pole of inaccessibility; ``seat`` is the province's ``x``/``y`` from the
    board data, where markers go. All three lie inside the polygon.
    """

    id: str
    polygons: tuple[PolygonRings, ...]
    label: XY
    label_room: float
    center: XY
    seat: XY
    area: float

    def contains(self, x: float, y: float) -> bool:
        """Whether the point (grid units) lies inside the province."""
        return polygons_contain(self.polygons, x, y)

    def xy(self) -> tuple[list[float | None], list[float | None]]:
        """Closed outline as x and y lists separated by ``None`` (see :func:`rings_xy`)."""
        return rings_xy(self.polygons)


@dataclass(frozen=True)
class DecorShape:
    """A drawn face that is not a province, e.g. the Ordos desert (the board graph's one
    quadrilateral face, DATO-TAIY-YANA-NING). It belongs to no one and borders only the
    provinces of ``face``."""

    id: str
    name: str
    face: tuple[str, ...]
    polygons: tuple[PolygonRings, ...]
    label: XY
    label_room: float


@dataclass(frozen=True)
class LandPiece:
    """Off-board land (neighbouring countries, the rest of China), clipped to the view box."""

    name: str
    polygons: tuple[PolygonRings, ...]


@dataclass(frozen=True)
class PlaceLabel:
    """A decorative place name; ``kind`` is ``"sea"`` or ``"land"``."""

    text: str
    kind: str
    x: float
    y: float


@dataclass(frozen=True)
class BoardGeometry:
    """Everything the board map draws, in grid units.

    ``coast`` and ``frontier`` split the board's outline into sea coast and land frontier;
    ``six_player_border`` is the edge of the six-player-only area (WL-BOARD-1), for a heavy
    dashed line.
    """

    provinces: Mapping[str, ProvinceShape]
    decor: tuple[DecorShape, ...]
    land: tuple[LandPiece, ...]
    board_outline: tuple[PolygonRings, ...]
    coast: tuple[Line, ...]
    frontier: tuple[Line, ...]
    six_player_border: tuple[Line, ...]
    place_labels: tuple[PlaceLabel, ...]
    y_scale: float
    view_box: tuple[float, float, float, float]
    meta: Mapping[str, Any]

    def province(self, pid: str) -> ProvinceShape:
        """The shape of one province by id; ``KeyError`` if the geometry has no such province."""
        return self.provinces[pid]

    def polygons(self, pid: str) -> tuple[PolygonRings, ...]:
        """The polygon(s) of one province, each as rings ``(exterior, *holes)``."""
        return self.provinces[pid].polygons

    def label_anchor(self, pid: str) -> XY:
        """Where to write the province's name (inside its polygon)."""
        return self.provinces[pid].label


def parse_geometry(data: Mapping[str, Any]) -> BoardGeometry:
    """Build a :class:`BoardGeometry` from the JSON structure written by the build script."""
    meta = data["meta"]
    provinces = {
        pid: ProvinceShape(
            id=pid,
            polygons=_polygons(p["polygons"]),
            label=_xy(p["label"]),
            label_room=float(p["label_room"]),
            center=_xy(p["center"]),
            seat=_xy(p["seat"]),
            area=float(p["area"]),
        )
        for pid, p in data["provinces"].items()
    }
    decor = tuple(
        DecorShape(
            id=d["id"],
            name=d["name"],
            face=tuple(d["face"]),
            polygons=_polygons(d["polygons"]),
            label=_xy(d["label"]),
            label_room=float(d["label_room"]),
        )
        for d in data["decor"]
    )
    bg = data["background"]
    x0, y0, x1, y1 = (float(v) for v in meta["view_box"])
    return BoardGeometry(
        provinces=MappingProxyType(provinces),
        decor=decor,
        land=tuple(LandPiece(piece["name"], _polygons(piece["polygons"])) for piece in bg["land"]),
        board_outline=_polygons(bg["board_outline"]),
        coast=_lines(bg["coast"]),
        frontier=_lines(bg["frontier"]),
        six_player_border=_lines(bg["six_player_border"]),
        place_labels=tuple(
            PlaceLabel(pl["text"], pl["kind"], float(pl["x"]), float(pl["y"])) for pl in bg["place_labels"]
        ),
        y_scale=float(meta["y_scale"]),
        view_box=(x0, y0, x1, y1),
        meta=MappingProxyType(dict(meta)),
    )


def read_geometry_json() -> dict[str, Any]:
    """The raw JSON of the packaged geometry file."""
    text = resources.files(DATA_PACKAGE).joinpath(DATA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


@cache
def load_geometry() -> BoardGeometry:
    """The packaged board geometry (read once, then cached)."""
    return parse_geometry(read_geometry_json())
