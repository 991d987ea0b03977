"""Build the province polygons of the *Der weiße Lotus* board as package data.

Writes ``lotus_kit/views/data/board_geometry.json``: one polygon (list of rings of ``[x, y]``) per
province in the board's grid coordinates (x west to east, y north to south, seats on a 0..100 grid),
a label anchor per province, the decorative Ordos desert face, and background pieces (off-board
land, coast line, land frontier, the edge of the six-player area).

The drawing agrees with the adjacency data (WL-BOARD-6, WL-BOARD-11, spec section 17.2): two
provinces share a drawn border longer than 0.5 grid units exactly when they are adjacent in
``white-lotus-board.json``; no other pair touches at all. The script refuses to write a file that
breaks this.

Method (see ``shared/recipes/board-geometry.md``):

1. Outline. Natural Earth 110m countries (public domain), read with pyshp from the
   ``geopandas==0.14.4`` wheel, are rubber-sheeted onto the seats: an affine fit of longitude and
   latitude to the seats' x/y plus a thin-plate spline that is exact at the 39 seats. China is cut
   by a hand-drawn frontier (Gobi, Manchuria, Tibet, Xinjiang stay off the board).
2. Cells. A Voronoi diagram of *star sites*: every seat plus the first part of each of its
   half-edges, a spoke along the outward bisector for each seat on the outer face, and a
   pseudo-province (the Ordos desert) for each non-triangular inner face. Graph edges are covered
   by sites of their two endpoints, so no third province can cross them. Where a border comes out
   short, the half-edges of that edge are lengthened to the midpoint (adaptive rounds).
3. Smoothing. Each shared border is one arc between two triple points; it is simplified, given a
   small deterministic wiggle, Chaikin-smoothed, and the cells are rebuilt from the arcs.

Everything is computed in the display metric (y scaled by ``Y_SCALE``), the one the map is drawn
in, and written back in grid units. The output is deterministic (no sets iterated, noise seeded by
CRC32 of the border's province pair).

Usage::

    python scripts/build_board_geometry.py                      # downloads the wheel with pip
    python scripts/build_board_geometry.py --wheel geopandas-0.14.4-py3-none-any.whl
    python scripts/build_board_geometry.py --board path/to/white-lotus-board.json --out out.json

Needs numpy, scipy, shapely>=2 and pyshp (build time only; the package reads the JSON with the
standard library).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import math
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import shapefile  # pyshp
import shapely
import shapely.affinity
from scipy.interpolate import RBFInterpolator
from scipy.spatial import Voronoi, cKDTree
from shapely.geometry import (
    LineString,
    MultiLineString,
    MultiPolygon,
    Point,
    Polygon,
    box,
)
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

GENERATOR_VERSION = "1.0.0"
GENERATOR = f"scripts/build_board_geometry.py {GENERATOR_VERSION}"

REPO = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO / "lotus_kit" / "views" / "data" / "board_geometry.json"
PACKAGED_BOARD = REPO / "lotus_kit" / "white_lotus" / "data" / "board.json"
SHARED_BOARD = REPO.parent / "shared" / "rules" / "white-lotus-board.json"

GEOPANDAS_WHEEL = "geopandas==0.14.4"
NE_BASE = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres"

#: On the ground one y unit of the grid is about 0.84 of an x unit (least-squares fit of the seats
#: to longitude/latitude: 3.34 units per degree of longitude, 4.82 per degree of latitude).
Y_SCALE = 0.84

#: Visible window in grid units: x_min, y_min, x_max, y_max.
VIEW_BOX = (-11.0, -12.0, 111.0, 111.0)

#: Decimals written for every coordinate.
DECIMALS = 2

#: A border counts as a drawn border when it is longer than this (grid units).
MIN_BORDER = 0.5

#: Approximate longitude/latitude of each seat's historical city (for the rubber sheet only).
SEAT_LONLAT: dict[str, tuple[float, float]] = {
    "LIAO": (123.20, 41.30),  # Liaoyang
    "SHAN": (116.20, 42.35),  # Shangdu (Xanadu)
    "DADU": (116.40, 39.90),  # Beijing
    "DATO": (113.30, 40.10),  # Datong
    "TAIY": (112.55, 37.87),  # Taiyuan
    "ZHEN": (114.57, 38.15),  # Zhengding
    "JINA": (117.00, 36.65),  # Jinan
    "YIDU": (118.48, 36.70),  # Qingzhou
    "YANA": (109.49, 36.60),  # Yan'an
    "GONG": (104.63, 35.00),  # Longxi
    "FENG": (108.94, 34.27),  # Xi'an
    "HENA": (112.45, 34.62),  # Luoyang
    "BIAN": (114.30, 34.80),  # Kaifeng
    "HUAI": (119.00, 33.60),  # Huai'an
    "HANZ": (107.03, 33.07),  # Hanzhong
    "CHEN": (104.07, 30.67),  # Chengdu
    "CHON": (106.55, 29.56),  # Chongqing
    "KUIZ": (109.47, 31.02),  # Fengjie
    "XIAN": (112.14, 32.04),  # Xiangyang
    "WUCH": (114.30, 30.55),  # Wuhan
    "LUZH": (117.27, 31.86),  # Hefei
    "JIQI": (118.78, 32.06),  # Nanjing
    "PING": (120.62, 31.30),  # Suzhou
    "HANG": (120.16, 30.27),  # Hangzhou
    "LONG": (115.86, 28.68),  # Nanchang
    "TIAN": (112.94, 28.23),  # Changsha
    "FUZH": (119.30, 26.08),  # Fuzhou
    "QUAN": (118.59, 24.90),  # Quanzhou
    "GUAN": (113.26, 23.13),  # Guangzhou
    "JING": (110.29, 25.27),  # Guilin
    "ZHON": (102.71, 25.04),  # Kunming
    "NING": (106.23, 38.49),  # Yinchuan
    "ETSI": (101.15, 41.76),  # Khara-Khoto
    "LIAN": (102.64, 37.93),  # Wuwei
    "GANZ": (100.45, 38.93),  # Zhangye
    "JIUQ": (98.50, 39.74),  # Jiuquan
    "SHAZ": (94.66, 40.14),  # Dunhuang
    "XINI": (101.78, 36.62),  # Xining
    "LANZ": (103.83, 36.06),  # Lanzhou
}

#: Hand-drawn frontier (grid units) that cuts China down to the board: Gobi and Mongolia in the
#: north, Manchuria in the north-east, Xinjiang and Tibet in the west. Its south-west and eastern
#: points lie far outside China, so the coast and the borders with Burma, Laos, Vietnam and Korea
#: come from Natural Earth.
FRONTIER: list[tuple[float, float]] = [
    (-8.0, 7.0), (-4.0, -1.0), (3.0, -3.0), (10.0, 0.0), (18.0, -1.0), (27.0, 0.5),
    (34.0, 4.0), (40.0, 2.5), (46.0, 6.0), (52.0, 4.0), (57.0, 1.5), (62.0, -3.0),
    (70.0, -5.0), (79.0, -4.0), (87.0, -5.5), (94.0, -3.0), (101.0, -2.5), (106.0, 0.5),
    (110.0, 6.0), (114.0, 11.0), (140.0, 20.0), (140.0, 140.0), (14.0, 140.0), (15.0, 93.0),
    (17.5, 84.0), (19.0, 76.0), (20.5, 68.0), (21.5, 60.0), (22.0, 53.0), (20.5, 46.0),
    (17.0, 39.0), (11.0, 32.5), (3.5, 27.5), (-4.0, 22.0), (-8.5, 15.0),
]  # fmt: skip

#: Names for the pseudo-provinces that fill non-triangular inner faces, keyed by the face's seats.
VOID_NAMES: dict[frozenset[str], tuple[str, str]] = {
    frozenset({"DATO", "TAIY", "YANA", "NING"}): ("ORDOS", "Ordos desert"),
}

#: Decorative place names (grid units); checked to lie on sea or off-board land.
PLACE_LABELS: list[tuple[str, str, float, float]] = [
    ("Gobi", "land", 47.0, -2.0),
    ("Manchuria", "land", 103.0, -6.5),
    ("Tibet", "land", 3.0, 50.0),
    ("Korea", "land", 106.5, 15.0),
    ("Dali / Burma", "land", 4.0, 95.0),
    ("Annam", "land", 36.0, 106.0),
    ("Yellow Sea", "sea", 100.0, 36.0),
    ("East China Sea", "sea", 100.0, 62.0),
    ("South China Sea", "sea", 78.0, 104.0),
]

# Star-site parameters (display metric).
SITE_STEP = 0.25  # spacing of the sites along half-edges and spokes
HALF_EDGE_F = 0.1  # fraction of each half-edge covered by sites
FORCE_BELOW = 3.5  # borders shorter than this (grid units) get full half-edges next round
MAX_ROUNDS = 8
VOID_REACH = 0.65  # share of each void spoke (void point to seat) that belongs to the void

# Label placement (display metric): offsets from the seat tried in turn, and the room needed.
LABEL_OFFSETS = [(0.0, 3.0), (0.0, -3.0), (0.0, 4.5), (0.0, -4.5), (5.0, 0.0), (-5.0, 0.0)]
LABEL_ROOM = 2.5

# Smoothing parameters (display metric).
ARC_SIMPLIFY = 0.25
WIGGLE_AMPLITUDE = 0.6
WIGGLE_TAPER = 2.0
CHAIKIN_ROUNDS = 3
FINAL_SIMPLIFY = 0.05
COAST_SIMPLIFY = 0.08
BACKGROUND_SIMPLIFY = 0.12


# --------------------------------------------------------------------------------------------
# Board data
# --------------------------------------------------------------------------------------------


class Board:
    """The parts of the board data the geometry needs."""

    def __init__(self, data: dict) -> None:
        provs = data["provinces"]
        self.ids: list[str] = [p["id"] for p in provs]
        self.seat: dict[str, tuple[float, float]] = {p["id"]: (float(p["x"]), float(p["y"])) for p in provs}
        self.part: dict[str, str] = {p["id"]: p["part"] for p in provs}
        self.edges: list[tuple[str, str]] = sorted(tuple(sorted(e)) for e in data["edges"])
        self.edge_set = set(self.edges)
        self.nbrs: dict[str, list[str]] = {i: [] for i in self.ids}
        for a, b in self.edges:
            self.nbrs[a].append(b)
            self.nbrs[b].append(a)


def default_board_path() -> Path:
    """The board JSON: the packaged copy if there is one, else the shared rules folder."""
    return PACKAGED_BOARD if PACKAGED_BOARD.exists() else SHARED_BOARD


# --------------------------------------------------------------------------------------------
# Small geometry helpers
# --------------------------------------------------------------------------------------------


def to_display(geom: BaseGeometry) -> BaseGeometry:
    """Grid units -> display metric (y scaled by Y_SCALE)."""
    return shapely.affinity.scale(geom, 1.0, Y_SCALE, origin=(0, 0))


def to_grid(geom: BaseGeometry) -> BaseGeometry:
    """Display metric -> grid units."""
    return shapely.affinity.scale(geom, 1.0, 1.0 / Y_SCALE, origin=(0, 0))


def disp(p: Sequence[float]) -> np.ndarray:
    return np.array([p[0], p[1] * Y_SCALE], dtype=float)


def polygons_of(geom: BaseGeometry) -> list[Polygon]:
    """The polygons inside any geometry, largest first (ties broken by position)."""
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    out: list[Polygon] = []
    for g in getattr(geom, "geoms", []):
        out.extend(polygons_of(g))
    out.sort(key=lambda p: (-round(p.area, 9), p.representative_point().x, p.representative_point().y))
    return out


def lines_of(geom: BaseGeometry) -> list[LineString]:
    """The line strings inside any geometry (boundaries of polygons included)."""
    if geom.is_empty:
        return []
    if isinstance(geom, LineString):
        return [geom]
    if isinstance(geom, Polygon):
        return lines_of(geom.boundary)
    out: list[LineString] = []
    for g in getattr(geom, "geoms", []):
        out.extend(lines_of(g))
    return out


def chaikin(coords: np.ndarray, rounds: int, closed: bool = False) -> np.ndarray:
    """Chaikin corner cutting; an open line keeps its two end points."""
    pts = np.asarray(coords, dtype=float)
    for _ in range(rounds):
        if closed:
            nxt = np.roll(pts, -1, axis=0)
            q = 0.75 * pts + 0.25 * nxt
            r = 0.25 * pts + 0.75 * nxt
            pts = np.empty((2 * len(q), 2))
            pts[0::2], pts[1::2] = q, r
        else:
            if len(pts) < 3:
                return pts
            a, b = pts[:-1], pts[1:]
            q = 0.75 * a + 0.25 * b
            r = 0.25 * a + 0.75 * b
            mid = np.empty((2 * len(q), 2))
            mid[0::2], mid[1::2] = q, r
            pts = np.vstack([pts[:1], mid[1:-1], pts[-1:]])
    return pts


def wiggle(coords: np.ndarray, seed: int, amplitude: float, taper: float, closed: bool = False) -> np.ndarray:
    """Offset a densified line along its normals by a sum of three sines (deterministic).

    An open line is tapered to zero within ``taper`` of both ends, so its end points stay put.
    """
    pts = np.asarray(coords, dtype=float)
    if len(pts) < 3:
        return pts
    seg = np.linalg.norm(np.diff(pts, axis=0), axis=1)
    s = np.concatenate([[0.0], np.cumsum(seg)])
    total = s[-1]
    if total <= 0:
        return pts
    rng = np.random.default_rng(seed)
    wave = np.zeros_like(s)
    for _ in range(3):
        wavelength = rng.uniform(4.0, 11.0)
        if closed:  # a whole number of waves around a ring
            wavelength = total / max(1, round(total / wavelength))
        wave += rng.uniform(0.5, 1.0) * np.sin(2 * math.pi * s / wavelength + rng.uniform(0, 2 * math.pi))
    wave /= 2.25
    amp = amplitude * np.ones_like(s)
    if not closed:
        amp *= min(1.0, total / 10.0)
        ramp = np.clip(np.minimum(s, total - s) / taper, 0.0, 1.0)
        amp *= ramp * ramp * (3 - 2 * ramp)
    tangent = np.roll(pts, -1, axis=0) - np.roll(pts, 1, axis=0) if closed else np.gradient(pts, axis=0)
    norm = np.linalg.norm(tangent, axis=1, keepdims=True)
    norm[norm == 0] = 1.0
    normal = np.c_[-tangent[:, 1], tangent[:, 0]] / norm
    return pts + normal * (amp * wave)[:, None]


def crc_seed(*names: str) -> int:
    return zlib.crc32("|".join(names).encode())


# --------------------------------------------------------------------------------------------
# Outline: Natural Earth, rubber-sheeted onto the seats
# --------------------------------------------------------------------------------------------


def fetch_wheel(dest: Path) -> Path:
    """Download the geopandas 0.14.4 wheel (it holds naturalearth_lowres) with pip."""
    cmd = [sys.executable, "-m", "pip", "download", GEOPANDAS_WHEEL, "--no-deps", "--only-binary", ":all:"]
    subprocess.run([*cmd, "-d", str(dest)], check=True, stdout=subprocess.DEVNULL)
    found = sorted(dest.glob("geopandas-0.14.4-*.whl"))
    if not found:
        raise SystemExit("pip did not produce the geopandas 0.14.4 wheel")
    return found[0]


def read_natural_earth(wheel: Path) -> dict[str, BaseGeometry]:
    """Country name -> (multi)polygon in longitude/latitude, read from the wheel with pyshp."""
    with zipfile.ZipFile(wheel) as z:
        parts = {ext: io.BytesIO(z.read(f"{NE_BASE}.{ext}")) for ext in ("shp", "shx", "dbf")}
    reader = shapefile.Reader(shp=parts["shp"], shx=parts["shx"], dbf=parts["dbf"], encoding="latin-1")
    out: dict[str, BaseGeometry] = {}
    for rec in reader.iterShapeRecords():
        geom = shapely.geometry.shape(rec.shape.__geo_interface__)
        out[rec.record["name"]] = shapely.make_valid(geom)
    return out


class RubberSheet:
    """Longitude/latitude -> grid: affine least squares plus a thin-plate spline exact at the seats."""

    def __init__(self, board: Board) -> None:
        unknown = [i for i in board.ids if i not in SEAT_LONLAT]
        if unknown:
            raise SystemExit(f"add longitude/latitude for {unknown} to SEAT_LONLAT")
        lonlat = np.array([SEAT_LONLAT[i] for i in board.ids])
        xy = np.array([board.seat[i] for i in board.ids])
        design = np.c_[lonlat, np.ones(len(lonlat))]
        self.affine, *_ = np.linalg.lstsq(design, xy, rcond=None)
        resid = np.linalg.norm(xy - design @ self.affine, axis=1)
        self.residual_mean = float(resid.mean())
        self.residual_max = float(resid.max())
        self.spline = RBFInterpolator(lonlat, xy, kernel="thin_plate_spline", degree=1)

    def __call__(self, geom: BaseGeometry) -> BaseGeometry:
        return shapely.transform(geom, lambda c: self.spline(c) if len(c) else c)


def frontier_polygon() -> Polygon:
    """The hand-drawn frontier, smoothed (Chaikin) and roughened a little (grid units)."""
    ring = chaikin(np.array(FRONTIER), 4, closed=True)
    line = shapely.segmentize(LineString(np.vstack([ring, ring[:1]])), 0.5)
    pts = np.asarray(line.coords)[:-1]
    pts = wiggle(pts, crc_seed("frontier"), 0.45, 0.0, closed=True)
    return shapely.make_valid(Polygon(pts)).buffer(0)


def build_outline(
    board: Board, countries: dict[str, BaseGeometry]
) -> tuple[Polygon, dict[str, BaseGeometry], RubberSheet]:
    """Board land, off-board land pieces keyed by name (grid units), and the rubber sheet."""
    sheet = RubberSheet(board)
    lonlat_window = box(80.0, 10.0, 145.0, 52.0)
    view = box(*VIEW_BOX).buffer(6.0, join_style="mitre")
    warped: dict[str, BaseGeometry] = {}
    for name in sorted(countries):
        geom = countries[name]
        if not geom.intersects(lonlat_window):
            continue
        geom = shapely.segmentize(geom.intersection(lonlat_window), 0.2)
        geom = shapely.make_valid(sheet(geom)).intersection(view)
        if not geom.is_empty and geom.area > 0:
            warped[name] = geom
    china = warped.pop("China")
    cut = china.intersection(frontier_polygon())
    land = polygons_of(cut)[0]
    land = Polygon(land.exterior)  # no lakes in 110m, but be safe
    offboard = {"China": china.difference(land)} | warped
    offboard = {k: v for k, v in offboard.items() if v.area > 1e-6}
    return land, offboard, sheet


# --------------------------------------------------------------------------------------------
# Graph faces
# --------------------------------------------------------------------------------------------


def planar_faces(board: Board) -> list[list[str]]:
    """The faces of the straight-line drawing of the board graph (each a cycle of seats)."""
    ang: dict[str, list[str]] = {}
    for v in board.ids:
        x0, y0 = disp(board.seat[v])
        ang[v] = sorted(
            board.nbrs[v],
            key=lambda w, x0=x0, y0=y0: math.atan2(disp(board.seat[w])[1] - y0, disp(board.seat[w])[0] - x0),
        )
    seen: set[tuple[str, str]] = set()
    faces: list[list[str]] = []
    for a, b in board.edges:
        for u, v in ((a, b), (b, a)):
            if (u, v) in seen:
                continue
            face = []
            cu, cv = u, v
            while (cu, cv) not in seen:
                seen.add((cu, cv))
                face.append(cu)
                order = ang[cv]
                k = order.index(cu)
                cu, cv = cv, order[(k - 1) % len(order)]
            faces.append(face)
    return faces


def signed_area(points: np.ndarray) -> float:
    x, y = points[:, 0], points[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))


class FaceInfo:
    """Outer cycle and the non-triangular inner faces (voids) of the board graph."""

    def __init__(self, board: Board) -> None:
        faces = planar_faces(board)
        areas = [signed_area(np.array([disp(board.seat[v]) for v in f])) for f in faces]
        # The outer face is traversed the other way round: the only face of opposite sign.
        signs = [a > 0 for a in areas]
        outer_sign = not (sum(signs) > len(signs) / 2)
        outer = [f for f, s in zip(faces, signs, strict=True) if s == outer_sign]
        if len(outer) != 1:
            raise SystemExit(f"expected one outer face, found {len(outer)}")
        self.outer: list[str] = outer[0]
        self.triangles = sum(1 for f, s in zip(faces, signs, strict=True) if s != outer_sign and len(f) == 3)
        self.voids: list[tuple[str, str, list[str]]] = []
        k = 0
        for f, s in zip(faces, signs, strict=True):
            if s == outer_sign or len(f) == 3:
                continue
            k += 1
            name, label = VOID_NAMES.get(frozenset(f), (f"VOID{k}", "Void"))
            self.voids.append((name, label, f))
        self.voids.sort()


# --------------------------------------------------------------------------------------------
# Star sites and the cell partition (display metric)
# --------------------------------------------------------------------------------------------


class Sites:
    """Voronoi sites with their owners (province ids or void names)."""

    def __init__(self) -> None:
        self.points: list[np.ndarray] = []
        self.owners: list[str] = []

    def segment(self, owner: str, a: np.ndarray, b: np.ndarray, include_start: bool = True) -> None:
        length = float(np.linalg.norm(b - a))
        n = max(1, math.ceil(length / SITE_STEP))
        for k in range(0 if include_start else 1, n + 1):
            self.points.append(a + (b - a) * (k / n))
            self.owners.append(owner)


def void_point(board: Board, face: list[str]) -> np.ndarray:
    """A point that sees every vertex of a void face (checked)."""
    ring = np.array([disp(board.seat[v]) for v in face])
    poly = Polygon(ring)
    c = np.asarray(poly.centroid.coords[0])
    if not poly.contains(Point(c)):
        raise SystemExit(f"void face {face} is not star-shaped from its centroid")
    for v in ring:
        spoke = LineString([c, v])
        if spoke.crosses(poly.exterior) or not poly.buffer(1e-9).contains(spoke):
            raise SystemExit(f"void face {face}: spoke leaves the face")
    return c


def outward_spoke(board: Board, faces: FaceInfo, v: str, land: Polygon) -> tuple[np.ndarray, np.ndarray]:
    """Seat of an outer-face province and the end of its spoke beyond the outline (display)."""
    cycle = faces.outer
    k = cycle.index(v)
    u, w = cycle[k - 1], cycle[(k + 1) % len(cycle)]
    p = disp(board.seat[v])
    eu = disp(board.seat[u]) - p
    ew = disp(board.seat[w]) - p
    eu /= np.linalg.norm(eu)
    ew /= np.linalg.norm(ew)
    hull = Polygon([disp(board.seat[c]) for c in cycle])
    bis = -(eu + ew)
    if np.linalg.norm(bis) < 1e-9:
        bis = np.array([-eu[1], eu[0]])
    bis /= np.linalg.norm(bis)
    if hull.contains(Point(p + 0.5 * bis)):
        bis = -bis
    ray = LineString([p, p + 200.0 * bis])
    inside = ray.intersection(land)
    first = min(lines_of(inside), key=lambda seg: Point(p).distance(seg))
    far = np.asarray(first.coords[-1]) if Point(p).distance(Point(first.coords[0])) < 1e-6 else None
    if far is None:
        far = np.asarray(first.coords[0])
    reach = float(np.linalg.norm(far - p)) + 2.0
    return p, p + reach * bis


def star_sites(
    board: Board, faces: FaceInfo, land_d: Polygon, forced: set[tuple[str, str]], f: float
) -> Sites:
    sites = Sites()
    void_edges: set[tuple[str, str]] = set()
    for _, _, face in faces.voids:
        for i, a in enumerate(face):
            void_edges.add(tuple(sorted((a, face[(i + 1) % len(face)]))))
    for a, b in board.edges:
        fa = 0.5 if (a, b) in forced or (a, b) in void_edges else f
        pa, pb = disp(board.seat[a]), disp(board.seat[b])
        sites.segment(a, pa, pa + fa * (pb - pa))
        sites.segment(b, pb, pb + fa * (pa - pb))
    for name, _, face in faces.voids:
        c = void_point(board, face)
        for v in face:
            pv = disp(board.seat[v])
            sites.segment(name, c, c + VOID_REACH * (pv - c))
            sites.segment(v, pv, pv + (1.0 - VOID_REACH) * (c - pv), include_start=False)
    for v in faces.outer:
        p, end = outward_spoke(board, faces, v, land_d)
        sites.segment(v, p, end, include_start=False)
    return sites


def partition(sites: Sites, land_d: Polygon) -> dict[str, BaseGeometry]:
    """Owner -> region: ridges between different owners, polygonized once with the outline."""
    pts = np.array(sites.points)
    owners = list(sites.owners)
    minx, miny, maxx, maxy = land_d.bounds
    span = 10.0 * max(maxx - minx, maxy - miny)
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    dummies = np.array(
        [[cx - span, cy - span], [cx + span, cy - span], [cx + span, cy + span], [cx - span, cy + span]]
    )
    allpts = np.vstack([pts, dummies])
    owners_all = [*owners, "", "", "", ""]
    vor = Voronoi(allpts)
    segs = []
    for (i, j), rv in zip(vor.ridge_points, vor.ridge_vertices, strict=True):
        if owners_all[i] == owners_all[j] or -1 in rv:
            continue
        segs.append(LineString(vor.vertices[rv]))
    # Node the whole ridge network with the outline in one go (clipping first leaves ends that miss
    # the outline by rounding error, and polygonize then merges cells).
    window = land_d.buffer(5.0).envelope
    ridges = [seg for seg in segs if seg.intersects(window)]
    noded = shapely.union_all([*ridges, land_d.exterior])
    faces = polygons_of(shapely.polygonize(lines_of(noded)))
    tree = cKDTree(pts)
    pieces: dict[str, list[Polygon]] = {}
    for face in faces:
        rp = face.representative_point()
        if not land_d.contains(rp):
            continue
        _, k = tree.query([rp.x, rp.y])
        pieces.setdefault(owners[k], []).append(face)
    return {o: shapely.union_all(ps) for o, ps in sorted(pieces.items())}


def shared_length(a: BaseGeometry, b: BaseGeometry) -> float:
    """Length of a's boundary lying within 1e-6 of b."""
    return a.boundary.intersection(b.buffer(1e-6)).length


def keep_home_parts(cells: dict[str, BaseGeometry], homes: dict[str, Point]) -> dict[str, BaseGeometry]:
    """Give stray fragments (leaks across water) to the neighbour with the longest shared border."""
    cells = dict(cells)
    for _ in range(5):
        moved = False
        for owner in sorted(cells):
            parts = polygons_of(cells[owner])
            if len(parts) <= 1:
                continue
            home = next((p for p in parts if p.buffer(1e-9).contains(homes[owner])), parts[0])
            for frag in parts:
                if frag is home:
                    continue
                best, best_len = None, 0.0
                for other in sorted(cells):
                    if other == owner:
                        continue
                    length = shared_length(frag, cells[other])
                    if length > best_len:
                        best, best_len = other, length
                if best is None:
                    continue  # an island: leave it
                cells[best] = shapely.union_all([cells[best], frag])
                cells[owner] = cells[owner].difference(frag)
                moved = True
        if not moved:
            break
    return cells


def border_table(cells: dict[str, BaseGeometry]) -> dict[tuple[str, str], float]:
    """(a, b) -> shared border length, for every pair that touches at all (-1 for a point)."""
    names = sorted(cells)
    tree = shapely.STRtree([cells[n] for n in names])
    out: dict[tuple[str, str], float] = {}
    for i, a in enumerate(names):
        for j in tree.query(cells[a], predicate="intersects"):
            j = int(j)
            if j <= i:
                continue
            b = names[j]
            length = shared_length(cells[a], cells[b])
            out[(a, b)] = length if length > 0 else -1.0
    return out


def compare(
    board: Board, borders: dict[tuple[str, str], float]
) -> tuple[list[tuple[str, str]], list[tuple[str, str, float]], float]:
    """Missing edges, spurious contacts and the shortest data border (grid units)."""
    provs = set(board.ids)
    missing, spurious = [], []
    shortest = math.inf
    for e in board.edges:
        length = borders.get(e, 0.0)
        if length <= MIN_BORDER:
            missing.append(e)
        else:
            shortest = min(shortest, length)
    for (a, b), length in sorted(borders.items()):
        if a in provs and b in provs and (a, b) not in board.edge_set:
            spurious.append((a, b, length))
    return missing, spurious, shortest


def grid_lengths(cells_d: dict[str, BaseGeometry]) -> dict[tuple[str, str], float]:
    return border_table({k: to_grid(v) for k, v in cells_d.items()})


def build_cells(board: Board, faces: FaceInfo, land_d: Polygon) -> tuple[dict[str, BaseGeometry], int, list]:
    """Adaptive star-site rounds until every data edge has a border of at least FORCE_BELOW."""
    homes = {i: Point(disp(board.seat[i])) for i in board.ids}
    for name, _, face in faces.voids:
        homes[name] = Point(void_point(board, face))
    forced: set[tuple[str, str]] = set()
    for round_no in range(1, MAX_ROUNDS + 1):
        cells = keep_home_parts(
            partition(star_sites(board, faces, land_d, forced, HALF_EDGE_F), land_d), homes
        )
        borders = grid_lengths(cells)
        missing, spurious, _ = compare(board, borders)
        short = [e for e in board.edges if borders.get(e, 0.0) < FORCE_BELOW and e not in forced]
        if not short and not missing and not spurious:
            return cells, round_no, sorted(forced)
        forced |= set(short)
    raise SystemExit(f"no exact partition after {MAX_ROUNDS} rounds: missing {missing}, spurious {spurious}")


# --------------------------------------------------------------------------------------------
# Smoothing
# --------------------------------------------------------------------------------------------


def owners_of_line(
    line: LineString, cells: dict[str, BaseGeometry], tree: shapely.STRtree, names: list[str]
) -> tuple[str, ...]:
    mid = line.interpolate(0.5, normalized=True)
    hits = tree.query(mid.buffer(1e-6), predicate="intersects")
    return tuple(sorted(names[int(j)] for j in hits if cells[names[int(j)]].boundary.distance(mid) < 1e-6))


def smooth_arc(coords: np.ndarray, seed: int, amplitude: float) -> np.ndarray:
    line = LineString(coords).simplify(ARC_SIMPLIFY)
    line = shapely.segmentize(line, 0.5)
    pts = np.asarray(line.coords)
    if amplitude > 0:
        pts = wiggle(pts, seed, amplitude, WIGGLE_TAPER)
    pts = chaikin(pts, CHAIKIN_ROUNDS)
    return np.asarray(LineString(pts).simplify(FINAL_SIMPLIFY).coords)


def smooth_cells(cells: dict[str, BaseGeometry], amplitude: float) -> dict[str, BaseGeometry]:
    """Smooth every shared border as one arc between triple points and rebuild the cells."""
    names = sorted(cells)
    tree = shapely.STRtree([cells[n] for n in names])
    linework = shapely.line_merge(shapely.union_all([cells[n].boundary for n in names]))
    by_pair: dict[tuple[str, ...], list[LineString]] = {}
    for piece in lines_of(linework):
        owners = owners_of_line(piece, cells, tree, names)
        by_pair.setdefault(owners, []).append(piece)
    arcs: list[LineString] = []
    for owners in sorted(by_pair):
        merged = lines_of(shapely.line_merge(MultiLineString(by_pair[owners])))
        merged.sort(key=lambda ln: (round(ln.coords[0][0], 6), round(ln.coords[0][1], 6)))
        for k, line in enumerate(merged):
            coords = np.asarray(line.coords)
            if len(owners) == 2 and not line.is_ring:
                coords = smooth_arc(coords, crc_seed(*owners, str(k)), amplitude)
            else:
                coords = np.asarray(line.simplify(COAST_SIMPLIFY).coords)
            arcs.append(LineString(coords))
    faces = polygons_of(shapely.polygonize(lines_of(shapely.union_all(arcs))))
    pieces: dict[str, list[Polygon]] = {}
    for face in faces:
        best, best_area = None, 0.0
        for j in tree.query(face, predicate="intersects"):
            area = face.intersection(cells[names[int(j)]]).area
            if area > best_area:
                best, best_area = names[int(j)], area
        if best is not None and best_area > 0.5 * face.area:
            pieces.setdefault(best, []).append(face)
    return {o: shapely.union_all(ps) for o, ps in sorted(pieces.items())}


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------


def rnd(v: float) -> float:
    r = round(float(v), DECIMALS)
    return 0.0 if r == 0 else r


def ring_list(ring: Iterable[Sequence[float]]) -> list[list[float]]:
    pts = [[rnd(x), rnd(y)] for x, y in ring]
    out: list[list[float]] = []
    for p in pts:
        if not out or p != out[-1]:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()  # rings are written open; readers close them
    return out


def polygon_json(poly: Polygon) -> list[list[list[float]]]:
    poly = orient(poly, sign=1.0)
    return [ring_list(poly.exterior.coords)] + [ring_list(r.coords) for r in poly.interiors]


def polygons_json(geom: BaseGeometry) -> list[list[list[list[float]]]]:
    return [polygon_json(p) for p in polygons_of(geom)]


def lines_json(geom: BaseGeometry) -> list[list[list[float]]]:
    out = []
    merged = shapely.line_merge(geom) if not geom.is_empty else geom
    for line in sorted(lines_of(merged), key=lambda ln: (-ln.length, ln.coords[0])):
        pts = [[rnd(x), rnd(y)] for x, y in line.coords]
        dedup = [p for k, p in enumerate(pts) if k == 0 or p != pts[k - 1]]
        if len(dedup) >= 2:
            out.append(dedup)
    return out


def geometry_from_json(polys: list) -> BaseGeometry:
    made = [Polygon(rings[0], rings[1:]) for rings in polys]
    return made[0] if len(made) == 1 else MultiPolygon(made)


def pole(poly: BaseGeometry) -> tuple[np.ndarray, float]:
    """Pole of inaccessibility of the largest part, and its clearance (display metric)."""
    circle = shapely.maximum_inscribed_circle(polygons_of(poly)[0], 0.01)
    return np.asarray(circle.coords[0]), float(circle.length)


def label_anchor(poly_g: BaseGeometry, seat: Sequence[float] | None) -> tuple[list[float], float]:
    """Where to write a province's name (grid units) and the free radius around it (x units).

    Just below the seat marker if there is room, else above or beside it, else the pole of
    inaccessibility (computed in the display metric).
    """
    poly = to_display(poly_g)
    centre, radius = pole(poly)
    if seat is not None:
        s = disp(seat)
        for dx, dy in LABEL_OFFSETS:
            q = Point(s[0] + dx, s[1] + dy)
            if poly.contains(q) and poly.boundary.distance(q) >= LABEL_ROOM:
                centre, radius = np.asarray(q.coords[0]), poly.boundary.distance(q)
                break
    return [rnd(centre[0]), rnd(centre[1] / Y_SCALE)], round(radius, 2)


def six_player_border(board: Board, cells_g: dict[str, BaseGeometry]) -> BaseGeometry:
    six = shapely.union_all([cells_g[i] for i in board.ids if board.part[i] != "base"])
    rest = shapely.union_all(
        [g for k, g in cells_g.items() if board.part.get(k) == "base" or k not in board.part]
    )
    return shapely.line_merge(six.boundary.intersection(rest.buffer(1e-6)))


def verify(board: Board, cells_g: dict[str, BaseGeometry], voids: dict[str, list[str]]) -> dict:
    """Re-measure the written (rounded) geometry; raise if it disagrees with the board data."""
    problems = []
    for k, g in cells_g.items():
        if not g.is_valid:
            problems.append(f"{k}: invalid polygon ({shapely.is_valid_reason(g)})")
    names = sorted(cells_g)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if cells_g[a].intersection(cells_g[b]).area > 1e-9:
                problems.append(f"{a} and {b} overlap")
    borders = border_table(cells_g)
    missing, spurious, shortest = compare(board, borders)
    problems += [f"edge {a}-{b} has no drawn border" for a, b in missing]
    problems += [f"non-edge {a}-{b} touches (border {length:.3f})" for a, b, length in spurious]
    for i in board.ids:
        if not cells_g[i].contains(Point(board.seat[i])):
            problems.append(f"seat of {i} outside its polygon")
    allowed = {(name, v) for name, face in voids.items() for v in face}
    for a, b in borders:
        for void, other in ((a, b), (b, a)):
            if void in voids and (void, other) not in allowed:
                problems.append(f"{void} touches {other}, which is not on its face")
    if problems:
        raise SystemExit("geometry disagrees with the board data:\n  " + "\n  ".join(problems))
    edges_drawn = sum(1 for e in board.edges if borders.get(e, 0.0) > MIN_BORDER)
    return {
        "edges": len(board.edges),
        "edges_drawn": edges_drawn,
        "spurious_contacts": len(spurious),
        "shortest_border": round(shortest, 2),
    }


def build(board_path: Path, wheel: Path) -> tuple[dict, dict]:
    t0 = time.perf_counter()
    raw = board_path.read_bytes()
    board = Board(json.loads(raw))
    faces = FaceInfo(board)
    countries = read_natural_earth(wheel)
    land, offboard, sheet = build_outline(board, countries)
    for i in board.ids:
        if land.exterior.distance(Point(board.seat[i])) < 0.25 or not land.contains(Point(board.seat[i])):
            raise SystemExit(f"seat of {i} is not well inside the board outline")
    for a, b in board.edges:
        if not land.contains(LineString([board.seat[a], board.seat[b]])):
            raise SystemExit(f"edge {a}-{b} leaves the board outline")
    land_d = to_display(land)
    cells_d, rounds, forced = build_cells(board, faces, land_d)
    void_names = [name for name, _, _ in faces.voids]
    void_faces = {name: face for name, _, face in faces.voids}

    smoothed, used_amplitude = None, 0.0
    for amplitude in (WIGGLE_AMPLITUDE, WIGGLE_AMPLITUDE / 2, 0.0):
        cand = keep_home_parts(
            smooth_cells(cells_d, amplitude),
            {i: Point(disp(board.seat[i])) for i in board.ids}
            | {n: cells_d[n].representative_point() for n in void_names},
        )
        cand_g = {k: to_grid(v) for k, v in cand.items()}
        rounded = {k: geometry_from_json(polygons_json(v)) for k, v in cand_g.items()}
        try:
            report = verify(board, rounded, void_faces)
        except SystemExit as exc:
            print(f"smoothing amplitude {amplitude}: {exc}", file=sys.stderr)
            continue
        smoothed, used_amplitude = rounded, amplitude
        break
    if smoothed is None:
        raise SystemExit("no smoothing level keeps the topology exact")
    cells_g = smoothed

    board_g = shapely.union_all(list(cells_g.values()))
    view = box(*VIEW_BOX)
    off_land = {
        k: shapely.make_valid(v.difference(board_g).intersection(view).simplify(BACKGROUND_SIMPLIFY))
        for k, v in offboard.items()
    }
    off_land = {k: v for k, v in off_land.items() if v.area > 0.05}
    all_off = shapely.union_all(list(off_land.values()))
    outline = board_g.boundary
    frontier = shapely.line_merge(outline.intersection(all_off.buffer(0.15)))
    coast = shapely.line_merge(outline.difference(all_off.buffer(0.15)))

    labels = []
    for text, kind, x, y in PLACE_LABELS:
        pt = Point(x, y)
        on_land = all_off.contains(pt)
        if board_g.buffer(2.0).contains(pt) or (kind == "land") != on_land or not view.contains(pt):
            raise SystemExit(f"place label {text!r} at ({x}, {y}) is not on {kind}")
        labels.append({"text": text, "kind": kind, "x": x, "y": y})

    provinces = {}
    for i in board.ids:
        anchor, room = label_anchor(cells_g[i], board.seat[i])
        centre, _ = pole(to_display(cells_g[i]))
        provinces[i] = {
            "polygons": polygons_json(cells_g[i]),
            "label": anchor,
            "label_room": room,
            "center": [rnd(centre[0]), rnd(centre[1] / Y_SCALE)],
            "seat": [rnd(board.seat[i][0]), rnd(board.seat[i][1])],
            "area": round(cells_g[i].area, 1),
        }
    decor = []
    for name, label, face in faces.voids:
        anchor, room = label_anchor(cells_g[name], None)
        decor.append(
            {
                "id": name,
                "name": label,
                "face": face,
                "polygons": polygons_json(cells_g[name]),
                "label": anchor,
                "label_room": room,
            }
        )
    data = {
        "meta": {
            "generator": GENERATOR,
            "generator_version": GENERATOR_VERSION,
            "method": "star-site Voronoi (display metric), adaptive half-edges, smoothed borders",
            "board_file": board_path.resolve().relative_to(REPO).as_posix()
            if board_path.resolve().is_relative_to(REPO)
            else board_path.name,
            "board_sha256": hashlib.sha256(raw).hexdigest(),
            "units": "board grid units: x west to east, y north to south",
            "y_scale": Y_SCALE,
            "y_scale_note": "draw with the y axis reversed and yaxis.scaleratio = y_scale "
            "(one y unit is y_scale x units on the ground)",
            "view_box": list(VIEW_BOX),
            "decimals": DECIMALS,
            "min_border": MIN_BORDER,
            "rings": "polygons are lists of rings [exterior, *holes]; rings are open (first point "
            "not repeated), exterior counter-clockwise in x/y",
            "outline_source": "Natural Earth 110m admin 0 countries (public domain), from the "
            "geopandas 0.14.4 wheel, rubber-sheeted onto the seats (affine + thin-plate spline)",
            "rubber_sheet_residual_mean": round(sheet.residual_mean, 2),
            "rubber_sheet_residual_max": round(sheet.residual_max, 2),
            "adaptive_rounds": rounds,
            "full_half_edges": [f"{a}-{b}" for a, b in forced],
            "border_wiggle": used_amplitude,
            "check": dict(report),
        },
        "provinces": provinces,
        "decor": decor,
        "background": {
            "land": [{"name": k, "polygons": polygons_json(v)} for k, v in sorted(off_land.items())],
            "board_outline": polygons_json(board_g),
            "coast": lines_json(coast),
            "frontier": lines_json(frontier),
            "six_player_border": lines_json(six_player_border(board, cells_g)),
            "place_labels": labels,
        },
    }
    report["seconds"] = round(time.perf_counter() - t0, 2)
    report["areas"] = (min(p["area"] for p in provinces.values()), max(p["area"] for p in provinces.values()))
    return data, report


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--board", type=Path, default=None, help="board JSON (default: lotus_kit/white_lotus/data/board.json)"
    )
    ap.add_argument("--wheel", type=Path, default=None, help="geopandas-0.14.4 wheel (default: pip download)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    board_path = args.board or default_board_path()
    with tempfile.TemporaryDirectory() as tmp:
        wheel = args.wheel or fetch_wheel(Path(tmp))
        data, report = build(board_path, wheel)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    args.out.write_text(text + "\n", encoding="utf-8")
    print(
        f"{args.out}: {len(text) / 1024:.0f} KB; edges {report['edges_drawn']}/{report['edges']}, "
        f"spurious contacts {report['spurious_contacts']}, shortest border {report['shortest_border']}, "
        f"areas {report['areas'][0]}..{report['areas'][1]}, {report['seconds']} s"
    )


if __name__ == "__main__":
    main()
