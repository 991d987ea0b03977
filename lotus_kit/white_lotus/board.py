"""The board of China, loaded from data (WL-BOARD-5, WL-BOARD-13: never hard-coded).

Provinces are numbered by their position in the data file; a :class:`BoardView` is the board as
it is in play for one player count (WL-SETUP-1: provinces out of play do not exist for any rule),
with adjacency precomputed as bit masks.

>>> view = board_view(4)
>>> len(view.in_play), view.province("CHEN").name
(31, 'Chengdu')
>>> sorted(view.neighbours("ZHON"))
['CHEN', 'CHON', 'JING']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from lotus_kit.core.errors import BoardDataError

BUILDINGS: tuple[str, ...] = ("P", "T", "R", "F", "V")
BUILDING_NAMES = {"P": "palace", "T": "temple", "R": "rice field", "F": "fortress", "V": "village"}


@dataclass(frozen=True, slots=True)
class Province:
    """One province of the board data (spec section 17.2)."""

    index: int
    id: str
    name: str
    hanzi: str
    modern: str
    six_player_only: bool
    lotus: bool
    dragon: bool
    coastal: bool
    x: float
    y: float
    adjacent: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BoardData:
    """The whole board file: provinces, edges and the game parameters it carries."""

    provinces: tuple[Province, ...]
    edges: tuple[tuple[str, str], ...]
    start_chips_base: dict[str, int]
    start_chips_six: dict[str, int]
    neutral_mix: dict[str, int]
    building_vp: dict[str, int]
    dragon_bonus: int
    largest_group_bonus: int

    def start_chips(self, players: int) -> dict[str, int]:
        return self.start_chips_six if players == 6 else self.start_chips_base


@dataclass(frozen=True, slots=True)
class BoardView:
    """The board in play for ``players`` seats (WL-SETUP-1).

    ``in_play`` lists province indices in play; ``adjacency[i]`` is the bit mask of in-play
    neighbours of province ``i`` (0 for provinces out of play).
    """

    data: BoardData
    players: int
    in_play: tuple[int, ...]
    in_play_mask: int
    adjacency: tuple[int, ...]
    lotus_mask: int
    dragon_mask: int
    index_of: dict[str, int]

    @property
    def provinces(self) -> tuple[Province, ...]:
        return self.data.provinces

    def province(self, pid: str | int) -> Province:
        if isinstance(pid, int):
            return self.data.provinces[pid]
        return self.data.provinces[self.index_of[pid]]

    def is_in_play(self, pid: str) -> bool:
        i = self.index_of.get(pid)
        return i is not None and bool(self.in_play_mask >> i & 1)

    def neighbours(self, pid: str) -> list[str]:
        mask = self.adjacency[self.index_of[pid]]
        return [self.data.provinces[i].id for i in iter_bits(mask)]

    def ids(self, mask: int) -> list[str]:
        return [self.data.provinces[i].id for i in iter_bits(mask)]

    def mask_of(self, ids: Any) -> int:
        m = 0
        for pid in ids:
            m |= 1 << self.index_of[pid]
        return m


def iter_bits(mask: int):
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _require(cond: bool, check: str, message: str) -> None:
    if not cond:
        raise BoardDataError(check, message)


def parse_board(raw: dict[str, Any]) -> BoardData:
    """Build :class:`BoardData` from the JSON structure of ``white-lotus-board.json``.

    Checks the structural invariants WL-BOARD-6 (symmetric, no self-loops) and WL-BOARD-7..9
    (counts); connectivity, planarity and WL-BOARD-12 are checked by :func:`check_board`.
    """
    try:
        params = raw["parameters"]
        provs = raw["provinces"]
        edges = [tuple(e) for e in raw["edges"]]
    except (KeyError, TypeError) as exc:
        raise BoardDataError("format", f"board data lacks {exc}") from None
    provinces = []
    ids = [p["id"] for p in provs]
    _require(len(set(ids)) == len(ids), "WL-BOARD-7", "province ids are not unique")
    for i, p in enumerate(provs):
        part = p["part"]
        _require(part in ("base", "six_player_only"), "format", f"{p['id']}: unknown part {part!r}")
        provinces.append(Province(
            index=i, id=p["id"], name=p["name"], hanzi=p.get("hanzi", ""), modern=p.get("modern", ""),
            six_player_only=part == "six_player_only", lotus=bool(p["lotus"]), dragon=bool(p["dragon"]),
            coastal=bool(p.get("coastal", False)), x=float(p["x"]), y=float(p["y"]),
            adjacent=tuple(p["adjacent"]),
        ))
    known = set(ids)
    edge_set = set()
    for a, b in edges:
        _require(a in known and b in known, "WL-BOARD-6", f"edge {a}-{b} names an unknown province")
        _require(a != b, "WL-BOARD-6", f"self-loop at {a}")
        edge_set.add(frozenset((a, b)))
    for p in provinces:
        for q in p.adjacent:
            _require(q in known, "WL-BOARD-6", f"{p.id} lists unknown neighbour {q}")
            _require(q != p.id, "WL-BOARD-6", f"self-loop at {p.id}")
            _require(p.id in provinces[ids.index(q)].adjacent, "WL-BOARD-6",
                     f"adjacency is not symmetric: {p.id} lists {q} but not the reverse")
            _require(frozenset((p.id, q)) in edge_set, "WL-BOARD-6", f"{p.id}-{q} is missing from edges")
    _require(len(edge_set) == len(edges), "WL-BOARD-6", "duplicate edges")
    _require(sum(len(p.adjacent) for p in provinces) == 2 * len(edge_set), "WL-BOARD-6",
             "edge list and adjacency lists differ")
    mix = {k: int(v) for k, v in params["neutral_chip_mix_RECON"].items() if k in BUILDINGS}
    return BoardData(
        provinces=tuple(provinces),
        edges=tuple((a, b) for a, b in edges),
        start_chips_base={k: int(v) for k, v in params["start_chips_3_to_5_players"].items()},
        start_chips_six={k: int(v) for k, v in params["start_chips_6_players"].items()},
        neutral_mix=mix,
        building_vp={k: int(v) for k, v in params["building_vp"].items()},
        dragon_bonus=int(params["dragon_bonus"]),
        largest_group_bonus=int(params["largest_group_bonus"]),
    )


def make_view(data: BoardData, players: int) -> BoardView:
    index_of = {p.id: p.index for p in data.provinces}
    in_play = tuple(p.index for p in data.provinces if players == 6 or not p.six_player_only)
    in_mask = sum(1 << i for i in in_play)
    adjacency = []
    for p in data.provinces:
        m = 0
        if in_mask >> p.index & 1:
            for q in p.adjacent:
                m |= 1 << index_of[q]
            m &= in_mask
        adjacency.append(m)
    return BoardView(
        data=data, players=players, in_play=in_play, in_play_mask=in_mask, adjacency=tuple(adjacency),
        lotus_mask=sum(1 << p.index for p in data.provinces if p.lotus) & in_mask,
        dragon_mask=sum(1 << p.index for p in data.provinces if p.dragon) & in_mask,
        index_of=index_of,
    )


def is_connected(view: BoardView, mask: int) -> bool:
    """Whether the provinces of ``mask`` form one connected group."""
    if not mask:
        return True
    start = mask & -mask
    seen, frontier = start, start
    while frontier:
        nxt = 0
        for i in iter_bits(frontier):
            nxt |= view.adjacency[i]
        frontier = nxt & mask & ~seen
        seen |= frontier
    return seen == mask


def is_planar(data: BoardData) -> bool:
    """WL-BOARD-11 by the edge bound plus a crossing test on the data's layout coordinates.

    A straight-line drawing without crossings proves planarity; the schematic board's x/y give one.
    """
    n, e = len(data.provinces), len(data.edges)
    if n >= 3 and e > 3 * n - 6:
        return False
    pos = {p.id: (p.x, p.y) for p in data.provinces}

    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)

    for i, (a, b) in enumerate(data.edges):
        for c, d in data.edges[i + 1:]:
            if len({a, b, c, d}) < 4:
                continue
            p1, p2, p3, p4 = pos[a], pos[b], pos[c], pos[d]
            if orient(p1, p2, p3) * orient(p1, p2, p4) < 0 and orient(p3, p4, p1) * orient(p3, p4, p2) < 0:
                return False
    return True


def check_board(data: BoardData) -> None:
    """Refuse board data that breaks WL-BOARD-7..12, naming the failed check."""
    base = [p for p in data.provinces if not p.six_player_only]
    six = [p for p in data.provinces if p.six_player_only]
    _require(len(data.provinces) == 39, "WL-BOARD-7", f"{len(data.provinces)} provinces, expected 39")
    _require(len(base) == 31 and len(six) == 8, "WL-BOARD-7",
             f"{len(base)} base and {len(six)} six-player provinces, expected 31 and 8")
    _require(sum(p.lotus for p in base) == 7, "WL-BOARD-8", "the base board needs exactly 7 lotus provinces")
    _require(sum(p.lotus for p in six) == 1, "WL-BOARD-8", "the six-player part needs exactly 1 lotus province")
    _require(sum(p.dragon for p in data.provinces) == 3 and all(not p.dragon for p in six), "WL-BOARD-9",
             "there must be exactly 3 dragon provinces, all in the base board")
    _require(is_planar(data), "WL-BOARD-11", "the adjacency graph is not planar")
    for players in (3, 6):
        view = make_view(data, players)
        _require(is_connected(view, view.in_play_mask), "WL-BOARD-10",
                 f"the board in play for {players} players is not connected")
        start = data.start_chips(players)
        lotus = view.lotus_mask.bit_count()
        _require(sum(start.values()) == lotus, "WL-BOARD-12",
                 f"{players} players: {sum(start.values())} start chips for {lotus} lotus provinces")
        for kind, n in start.items():
            _require(data.neutral_mix.get(kind, 0) >= n, "WL-BOARD-12",
                     f"{players} players: the mix has fewer {kind} chips than the start chips need")
        pool = sum(data.neutral_mix.values()) - sum(start.values())
        empty = len(view.in_play) - lotus
        _require(pool >= empty, "WL-BOARD-12",
                 f"{players} players: the pool holds {pool} chips for {empty} provinces without a lotus")


@cache
def default_board() -> BoardData:
    """The board shipped in the package (the spec's schematic board), checked once."""
    text = resources.files("lotus_kit.white_lotus.data").joinpath("board.json").read_text("utf-8")
    data = parse_board(json.loads(text))
    check_board(data)
    return data


@cache
def board_view(players: int) -> BoardView:
    return make_view(default_board(), players)
