"""The Ming board as data (MING-BRD-1..3, MING-CLAR-19): provinces, districts, borders with transport.

The printed map was not found, so the board is a reconstruction (spec §12) loaded from
``data/board.json``; the real map can be dropped in as another file of the same shape. Loading
checks every invariant of MING-CLAR-19 and refuses data that fails with one clear line.

>>> b = standard_board()
>>> len(b.districts), len(b.borders), b.colours[:2]
(18, 27, ('RED', 'YELLOW'))
>>> b.district_names[5], b.transport_of("P1.T", "P1.L")
('P2.R', 'HORSE')
>>> load_board({"provinces": []})
Traceback (most recent call last):
...
lotus_kit.core.errors.BoardDataError: MING-CLAR-19: the board needs 'provinces', 'districts_per_province', 'borders'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from lotus_kit.core.errors import BoardDataError, quote

RULE = "MING-CLAR-19"
DRAGON = "DRAGON"
DECK_SIZE = 54            # MING-CMP-2: 54 movement cards


@dataclass(frozen=True)
class Board:
    """A checked board. Districts are numbered province by province in the order of the data
    (P1.T, P1.L, P1.R, P2.T, ... for the reconstruction), which is also the scoring order of
    MING-CLAR-10; the province spaces follow the order of ``provinces`` (MING-CLAR-19)."""

    province_ids: tuple[str, ...]            # "P1" ...
    colours: tuple[str, ...]                 # province colour, also the name of its province space
    district_names: tuple[str, ...]          # "P1.T" ...
    district_province: tuple[int, ...]       # district -> province index
    district_kinds: tuple[str, ...]          # "T", "L", "R": the districts of every province
    houses_per_district: int
    borders: tuple[tuple[int, int, int], ...]   # (district, district, transport index)
    transports: tuple[str, ...]              # movement card kinds, in deck order
    deck: tuple[int, ...]                    # cards of each transport kind
    neighbours: tuple[int, ...]              # district -> bit mask of its neighbours (any transport)
    neighbours_by: tuple[tuple[int, ...], ...]   # transport -> district -> mask of neighbours across it

    @property
    def districts(self) -> range:
        return range(len(self.district_names))

    @property
    def provinces(self) -> range:
        return range(len(self.colours))

    def district(self, name: str) -> int:
        return self.district_names.index(name)

    def districts_of(self, province: int) -> tuple[int, ...]:
        return tuple(d for d in self.districts if self.district_province[d] == province)

    def transport_of(self, a: str, b: str) -> str | None:
        """The transport symbol on the border between two districts (None if they do not touch)."""
        i, j = self.district(a), self.district(b)
        for x, y, t in self.borders:
            if {x, y} == {i, j}:
                return self.transports[t]
        return None

    def with_deck(self, transports: tuple[str, ...]) -> Board:
        """The same map with another movement deck (variant ``TRANSPORT_TYPES``): 54 cards split as
        evenly as possible, earlier kinds first; every border's transport must stay in the deck."""
        share, extra = divmod(DECK_SIZE, len(transports))
        deck = {t: share + (1 if i < extra else 0) for i, t in enumerate(transports)}
        names = self.district_names
        return load_board({
            "provinces": [{"id": p, "colour": c} for p, c in zip(self.province_ids, self.colours, strict=True)],
            "districts_per_province": list(self.district_kinds),
            "houses_per_district": self.houses_per_district,
            "borders": [[names[a], names[b], self.transports[t]] for a, b, t in self.borders],
            "movement_deck": deck,
        })


def _fail(message: str) -> BoardDataError:
    return BoardDataError(RULE, message)


def load_board(data: Mapping[str, Any]) -> Board:
    """A :class:`Board` from its JSON form; :class:`BoardDataError` (MING-CLAR-19) names the first
    invariant that fails: distinct colours, every province with its districts, every border between
    two known districts with no self-loop or repeated pair and a transport of the deck, a deck of 54,
    a connected district graph."""
    if not isinstance(data, Mapping) or not isinstance(data.get("provinces"), list) or \
            not isinstance(data.get("districts_per_province"), list) or not isinstance(data.get("borders"), list):
        raise _fail("the board needs 'provinces', 'districts_per_province', 'borders'")
    provinces, subs = data["provinces"], data["districts_per_province"]
    if not provinces or not subs:
        raise _fail("the board needs at least one province and one district per province")
    ids, colours = [], []
    for i, p in enumerate(provinces):
        if not isinstance(p, Mapping) or not isinstance(p.get("id"), str) or not isinstance(p.get("colour"), str):
            raise _fail(f"province {i} needs a text 'id' and 'colour', got {quote(p)}")
        ids.append(p["id"])
        colours.append(p["colour"])
    if len(set(colours)) != len(colours):
        raise _fail(f"province colours must be distinct, got {quote(colours)}")
    if len(set(ids)) != len(ids):
        raise _fail(f"province ids must be distinct, got {quote(ids)}")
    if not all(isinstance(s, str) and s for s in subs) or len(set(subs)) != len(subs):
        raise _fail(f"'districts_per_province' must be distinct names, got {quote(subs)}")
    names = tuple(f"{p}.{s}" for p in ids for s in subs)
    index = {n: i for i, n in enumerate(names)}
    houses = data.get("houses_per_district", 3)
    if type(houses) is not int or houses < 1:
        raise _fail(f"'houses_per_district' must be a positive whole number, got {quote(houses)}")
    deck_raw = data.get("movement_deck")
    if not isinstance(deck_raw, Mapping) or not deck_raw or \
            not all(isinstance(k, str) and type(v) is int and v > 0 for k, v in deck_raw.items()):
        raise _fail(f"'movement_deck' must map transport names to positive counts, got {quote(deck_raw)}")
    if DRAGON in deck_raw:
        raise _fail("DRAGON is the joker card, not a transport of the movement deck")
    transports = tuple(deck_raw)
    deck = tuple(deck_raw[t] for t in transports)
    if sum(deck) != DECK_SIZE:
        raise _fail(f"the movement deck must hold {DECK_SIZE} cards, got {sum(deck)}")
    borders: list[tuple[int, int, int]] = []
    seen: set[frozenset[int]] = set()
    for i, b in enumerate(data["borders"]):
        if not isinstance(b, list | tuple) or len(b) != 3 or not all(isinstance(x, str) for x in b):
            raise _fail(f"border {i} must be [district, district, transport], got {quote(b)}")
        a, c, t = b
        for d in (a, c):
            if d not in index:
                raise _fail(f"border {i} names an unknown district {quote(d)}")
        if a == c:
            raise _fail(f"border {i} joins {a} to itself")
        pair = frozenset((index[a], index[c]))
        if pair in seen:   # MING-CLAR-20 (d): borders are undirected
            raise _fail(f"border {i} repeats the pair {a}–{c}")
        seen.add(pair)
        if t not in deck_raw:
            raise _fail(f"border {i} ({a}–{c}) shows {quote(t)}, which no movement card shows")
        borders.append((index[a], index[c], transports.index(t)))
    n = len(names)
    nb = [0] * n
    by = [[0] * n for _ in transports]
    for a, c, t in borders:
        nb[a] |= 1 << c
        nb[c] |= 1 << a
        by[t][a] |= 1 << c
        by[t][c] |= 1 << a
    reached, frontier = 1, 1
    while frontier:
        nxt = 0
        for d in range(n):
            if frontier >> d & 1:
                nxt |= nb[d]
        frontier = nxt & ~reached
        reached |= nxt
    if reached != (1 << n) - 1:
        cut = [names[d] for d in range(n) if not reached >> d & 1]
        raise _fail(f"the district graph is not connected: {', '.join(cut[:6])} cannot be reached from {names[0]}")
    return Board(tuple(ids), tuple(colours), names, tuple(i // len(subs) for i in range(n)), tuple(subs), houses,
                 tuple(borders), transports, deck, tuple(nb), tuple(tuple(x) for x in by))


def load_board_file(path: str) -> Board:
    """A board from a JSON file (the printed map, once someone has it)."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as exc:
        raise _fail(f"cannot read board file {quote(path)}: {exc}") from None
    return load_board(data)


@cache
def standard_board() -> Board:
    """The reconstructed board of spec §12 (MING-BRD-3: loaded from data, not written in code)."""
    text = resources.files("lotus_kit.ming.data").joinpath("board.json").read_text(encoding="utf-8")
    return load_board(json.loads(text))
