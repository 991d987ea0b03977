"""The board of China, loaded from data (WL-BOARD-5, WL-BOARD-13: never hard-coded).

One board of 39 provinces (WL-COMP-1, WL-BOARD-1). The schematic board puts the lotus provinces
inland (WL-BOARD-2) and the dragons on the south-east coast (WL-BOARD-3); the game spreads from the
interior to the coast (WL-BOARD-4), and ``coastal`` is information only.

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
from lotus_kit.core.readonly import ReadOnlyDict

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
    """The whole board file: provinces, edges and the game parameters it carries.

    One board is shared by every game in the process, so its mappings are read-only.
    """

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


_NEAR_TABLES: dict[int, tuple[BoardView, tuple[tuple[int, ...], ...]]] = {}


def _near_tables(view: BoardView) -> tuple[tuple[int, ...], ...]:
    """For each byte of a province mask, the union of the neighbours of every value of that byte."""
    hit = _NEAR_TABLES.get(id(view))
    if hit is not None and hit[0] is view:
        return hit[1]
    tables = []
    for chunk in range((len(view.adjacency) + 7) // 8):
        row = [0] * 256
        for byte in range(1, 256):
            low = byte & -byte
            i = chunk * 8 + low.bit_length() - 1
            row[byte] = row[byte ^ low] | (view.adjacency[i] if i < len(view.adjacency) else 0)
        tables.append(tuple(row))
    _NEAR_TABLES[id(view)] = (view, tuple(tables))      # the view is kept, so its id stays its own
    return _NEAR_TABLES[id(view)][1]


def neighbourhood(view: BoardView, mask: int) -> int:
    """The in-play provinces bordering any province of ``mask``: one table look-up per byte.

    >>> v = board_view(4)
    >>> v.ids(neighbourhood(v, v.mask_of(["ZHON", "SHAZ"])))
    ['CHEN', 'CHON', 'JING']
    """
    near = 0
    for row in _near_tables(view):
        if not mask:
            break
        near |= row[mask & 255]
        mask >>= 8
    return near


def iter_bits(mask: int):
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# the indices of the set bits of each byte value, for each of the first 8 bytes of a mask
_BYTE_BITS = tuple(tuple(tuple(8 * chunk + b for b in range(8) if v >> b & 1) for v in range(256))
                   for chunk in range(8))


def bit_list(mask: int) -> list[int]:
    """The indices of the set bits of ``mask`` as a list, lowest first (a table look-up per byte).

    >>> bit_list(0b1010_0000_0001), bit_list(0)
    ([0, 9, 11], [])
    """
    out: list[int] = []
    for table in _BYTE_BITS:
        if not mask:
            return out
        byte = mask & 255
        if byte:
            out += table[byte]
        mask >>= 8
    out += [64 + i for i in iter_bits(mask)]
    return out


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
        start_chips_base=ReadOnlyDict({k: int(v) for k, v in params["start_chips_3_to_5_players"].items()}),
        start_chips_six=ReadOnlyDict({k: int(v) for k, v in params["start_chips_6_players"].items()}),
        neutral_mix=ReadOnlyDict(mix),
        building_vp=ReadOnlyDict({k: int(v) for k, v in params["building_vp"].items()}),
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
        index_of=ReadOnlyDict(index_of),
    )


def groups(view: BoardView, mask: int) -> list[int]:
    """The connected groups of the provinces in ``mask`` (bit masks), largest first."""
    adjacency = view.adjacency
    left, out = mask, []
    while left:
        group = frontier = left & -left
        while frontier:
            nxt = 0
            for i in iter_bits(frontier):
                nxt |= adjacency[i]
            frontier = nxt & left & ~group
            group |= frontier
        out.append(group)
        left &= ~group
    out.sort(key=lambda g: (-g.bit_count(), g))
    return out


def is_connected(view: BoardView, mask: int) -> bool:
    """Whether the provinces of ``mask`` form one connected group."""
    return len(groups(view, mask)) <= 1


def is_planar(data: BoardData) -> bool:
    """WL-BOARD-11: whether the adjacency graph is planar, judged on the graph alone.

    The x/y of the data are layout coordinates for drawing, not the seats the adjacency was derived
    from (WL-BOARD-13), so a crossing in that drawing proves nothing: a planar board whose layout
    draws crossing lines is accepted.
    """
    return graph_is_planar(data.edges)


def graph_is_planar(edges) -> bool:
    """Planarity of a simple graph given by its edges: every biconnected block passes the
    path-embedding test of Demoucron, Malgrange and Pertuiset (a graph is planar iff its blocks are).
    """
    adj: dict = {}
    for a, b in edges:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    for block in _blocks(adj):
        vertices = {v for e in block for v in e}
        if len(vertices) >= 5 and (len(block) > 3 * len(vertices) - 6 or not _block_is_planar(block)):
            return False
    return True


def _blocks(adj: dict) -> list[list[tuple]]:
    """The edges of each biconnected block (Tarjan), by an iterative depth-first search."""
    index: dict = {}
    low: dict = {}
    edge_stack: list[tuple] = []
    blocks: list[list[tuple]] = []
    for root in adj:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        todo = [(root, None, iter(sorted(adj[root], key=str)))]
        while todo:
            v, parent, it = todo[-1]
            w = next(it, None)
            if w is None:
                todo.pop()
                if parent is not None:
                    low[parent] = min(low[parent], low[v])
                    if low[v] >= index[parent]:
                        block = []
                        while True:
                            e = edge_stack.pop()
                            block.append(e)
                            if e == (parent, v):
                                break
                        blocks.append(block)
                continue
            if w == parent:
                continue
            if w not in index:
                edge_stack.append((v, w))
                index[w] = low[w] = len(index)
                todo.append((w, v, iter(sorted(adj[w], key=str))))
            elif index[w] < index[v]:
                edge_stack.append((v, w))
                low[v] = min(low[v], index[w])
    return blocks


def _block_is_planar(block: list[tuple]) -> bool:
    """Demoucron-Malgrange-Pertuiset on a biconnected graph: embed a cycle, then keep adding a path
    of a fragment into a face that can hold all its attachments (a fragment with a single such face
    first); the graph is planar iff no fragment is ever left without a face.
    """
    adj: dict = {}
    for a, b in block:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    # a first cycle: walk a depth-first path until it meets itself
    path, on_path = [next(iter(adj))], {}
    on_path[path[0]] = 0
    while True:
        v = path[-1]
        back = [w for w in adj[v] if w in on_path and (len(path) < 2 or w != path[-2])]
        if back:
            cycle = path[on_path[back[0]]:]
            break
        w = next(w for w in adj[v] if w not in on_path)
        on_path[w] = len(path)
        path.append(w)
    faces = [list(cycle), list(cycle)]
    done_v = set(cycle)
    done_e = {frozenset((cycle[i - 1], cycle[i])) for i in range(len(cycle))}
    total = len(block)
    while len(done_e) < total:
        fragments = []          # (attachments, a path between two attachments)
        for a, b in block:
            if a in done_v and b in done_v and frozenset((a, b)) not in done_e:
                fragments.append(({a, b}, [a, b]))
        seen: set = set()
        for start in adj:
            if start in done_v or start in seen:
                continue
            comp, todo = {start}, [start]
            while todo:
                v = todo.pop()
                for w in adj[v]:
                    if w not in done_v and w not in comp:
                        comp.add(w)
                        todo.append(w)
            seen |= comp
            attach = {w for v in comp for w in adj[v] if w in done_v}
            fragments.append((attach, comp))
        pick = None
        for attach, body in fragments:
            fits = [k for k, f in enumerate(faces) if attach <= set(f)]
            if not fits:
                return False
            if pick is None or len(fits) == 1:
                pick = (attach, body, fits[0])
                if len(fits) == 1:
                    break
        attach, body, k = pick
        if isinstance(body, list):
            route = body
        else:
            a = next(iter(attach))
            # breadth-first from a through the fragment's own vertices to another attachment
            prev = {w: a for w in adj[a] if w in body}
            todo = list(prev)
            end = None
            while end is None:
                v = todo.pop(0)
                hits = [w for w in adj[v] if w in done_v and w != a]
                if hits:
                    end = (v, hits[0])
                    break
                for w in adj[v]:
                    if w in body and w not in prev:
                        prev[w] = v
                        todo.append(w)
            v, b = end
            route = [b, v]
            while route[-1] != a:
                route.append(prev[route[-1]])
            route.reverse()
        face = faces[k]
        i = face.index(route[0])
        g = face[i:] + face[:i]
        j = g.index(route[-1])
        inner = route[1:-1]
        faces[k:k + 1] = [g[:j + 1] + inner[::-1], g[j:] + g[:1] + inner]
        done_v.update(inner)
        done_e.update(frozenset(route[m:m + 2]) for m in range(len(route) - 1))
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
