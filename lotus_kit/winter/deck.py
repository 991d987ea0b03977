"""The snowflake cards (WIN-CMP-1..3): the reconstructed deck, or a deck read from a file.

Every card shows 4 flakes in the two colours (WIN-CMP-2), modelled as a 2 x 2 block. Identical
layouts are interchangeable for every rule (WIN-CLAR-14): the engine compares flakes, never ids.

A card's flakes are written ``TL TR / BL BR`` with ``L`` light and ``D`` dark (WIN-CMP-3). Inside
the engine a layout is 4 bits, one per flake, set for a light flake: TL=1, TR=2, BL=4, BR=8.
Turning a card 180° (WIN-GEO-2) maps ``a b / c d`` to ``d c / b a``, which reverses the 4 bits.

>>> layout("LL/LD"), flakes(layout("LL/LD")), flakes(turn(layout("LL/LD")))
(7, 'LL/LD', 'DL/LL')
>>> len(standard_deck()), standard_deck().ids[:3]
(18, ('W01', 'W02', 'W03'))
>>> Deck.from_data([{"id": "A", "flakes": "LL/LX"}, {"id": "B", "flakes": "LL/DD"}])
Traceback (most recent call last):
...
ValueError: card 'A': flakes must be 4 of L/D written like 'LL/LD' (WIN-CLAR-15), got 'LL/LX'
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from lotus_kit.core.errors import quote

MAX_CARDS = 18          # the grid of the engine is sized for a lake of at most 18 cards (WIN-CMP-1)


def layout(text: str) -> int:
    """The 4-bit layout of a flake text ``"LL/LD"`` (light bits TL=1, TR=2, BL=4, BR=8)."""
    rows = text.split("/")
    if len(rows) != 2 or any(len(r) != 2 or set(r) - {"L", "D"} for r in rows):
        raise ValueError(f"flakes must be 4 of L/D written like 'LL/LD' (WIN-CLAR-15), got {quote(text)}")
    flat = rows[0] + rows[1]
    return sum(1 << i for i, f in enumerate(flat) if f == "L")


def flakes(bits: int) -> str:
    """The flake text of a 4-bit layout."""
    s = "".join("L" if bits >> i & 1 else "D" for i in range(4))
    return f"{s[:2]}/{s[2:]}"


def turn(bits: int) -> int:
    """The layout turned 180° (WIN-GEO-2): TL<->BR, TR<->BL."""
    return (bits >> 3 & 1) | (bits >> 1 & 2) | (bits << 1 & 4) | (bits << 3 & 8)


TURNED = tuple(turn(b) for b in range(16))


@dataclass(frozen=True)
class Deck:
    """The cards of a game in their printed order: ids and 4-bit layouts (WIN-CMP-3)."""

    ids: tuple[str, ...]
    layouts: tuple[int, ...]

    def __len__(self) -> int:
        return len(self.ids)

    def to_data(self) -> list[dict[str, str]]:
        return [{"id": i, "flakes": flakes(b)} for i, b in zip(self.ids, self.layouts, strict=True)]

    @classmethod
    def from_data(cls, data: Any) -> Deck:
        """A deck from its JSON form ``[{"id": "W01", "flakes": "LL/LD"}, ...]``; refused with the
        reason unless ids are unique, every card has 4 flakes of L/D, and there are 2 to 18 cards
        (WIN-CLAR-15 (d))."""
        if not isinstance(data, list):
            raise ValueError(f"a deck is a list of cards, got {quote(data)}")
        if not 2 <= len(data) <= MAX_CARDS:
            raise ValueError(f"a deck has 2 to {MAX_CARDS} cards (WIN-CLAR-15), got {len(data)}")
        ids: list[str] = []
        layouts: list[int] = []
        for n, card in enumerate(data):
            if not isinstance(card, dict) or set(card) != {"id", "flakes"}:
                raise ValueError(f"card {n}: expected {{'id': ..., 'flakes': ...}}, got {quote(card)}")
            cid, text = card["id"], card["flakes"]
            if not isinstance(cid, str) or not cid or len(cid) > 20:
                raise ValueError(f"card {n}: the id must be a short text, got {quote(cid)}")
            if cid in ids:
                raise ValueError(f"card ids must be unique (WIN-CLAR-15): {quote(cid)} appears twice")
            if not isinstance(text, str):
                raise ValueError(f"card {quote(cid)}: flakes must be a text like 'LL/LD', got {quote(text)}")
            try:
                layouts.append(layout(text))
            except ValueError as exc:
                raise ValueError(f"card {quote(cid)}: {exc}") from None
            ids.append(cid)
        return cls(tuple(ids), tuple(layouts))

    @classmethod
    def from_file(cls, path: str | pathlib.Path) -> Deck:
        """``DECK=<file>``: a JSON list of cards replaces the reconstruction (WIN-CMP-3, Q6)."""
        try:
            data = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ValueError(f"deck file {quote(str(path))} cannot be read: {exc}") from None
        return cls.from_data(data)


@cache
def standard_deck() -> Deck:
    """The reconstructed 18-card deck of WIN-CMP-3 [RECON], read from ``data/deck.json``."""
    text = resources.files("lotus_kit.winter.data").joinpath("deck.json").read_text(encoding="utf-8")
    return Deck.from_data(json.loads(text))
