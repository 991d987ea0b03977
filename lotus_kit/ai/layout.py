"""A game's observation as a fixed tensor: named blocks, each one field of the observation in its own slots.

A :class:`Layout` is a list of :class:`Block` s. A block has a name, a width fixed by the game's setup (the
player count, the flags, the board), and a reader that writes the field of an observation into its slots:
one-hot over the field's values, counts over the kinds of a hand or a pile, one slot per bit of a mask, or
plain numbers (sizes, scores, grid cells). Blocks never share a slot, so two observations that differ in a
field differ in that field's block; :meth:`Layout.slices` names where each block sits (OpenSpiel's observer
``dict``). A value outside a block's declared values is an error (``ValueError`` naming the block), never a
silent collision: a game change that widens a field fails the layout's tests instead of blurring it.

The per-game layouts are in :mod:`lotus_kit.ai.layouts`. Integers in a float32 tensor are exact below
2**24; blocks hold small numbers (counts, cells, ids), masks go bit by bit.

>>> lay = Layout("toy", [onehot("phase", lambda o: o["phase"], ("bid", "play")),
...                      counts("hand", lambda o: o["hand"], ("a", "b")), number("round", lambda o: o["round"])])
>>> lay.tensor({"phase": "play", "hand": {"b": 2}, "round": 3}), lay.slices["hand"]
([0.0, 1.0, 0.0, 2.0, 3.0], slice(2, 4, None))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Block", "Layout", "bits", "counts", "ids", "number", "numbers", "onehot", "onehots"]

Reader = Callable[[Any], Any]
EXACT = 1 << 24
"""Numbers of a block stay below this: float32 holds every integer below it exactly."""


@dataclass(frozen=True)
class Block:
    """``width`` slots named ``name``; ``write(observation, out, at)`` fills ``out[at:at + width]``
    (the slots start at 0)."""

    name: str
    width: int
    write: Callable[[Any, list[float], int], None]


class Layout:
    """The fixed tensor layout of one game for one player count and flag set (see the module text)."""

    def __init__(self, game: str, blocks: Iterable[Block]):
        self.game = game
        self.blocks = tuple(blocks)
        self.slices: dict[str, slice] = {}
        at = 0
        for b in self.blocks:
            if b.name in self.slices:
                raise ValueError(f"{game}: the layout has two blocks named {b.name!r}")
            self.slices[b.name] = slice(at, at + b.width)
            at += b.width
        self.size = at

    def tensor(self, observation: Any, out: Any = None) -> Any:
        """The observation's numbers (all 0 for ``None``: nothing observed yet): a list, or written into
        ``out`` (a zeroed buffer of at least :attr:`size` numbers, a numpy array say: the blocks write only
        their non-zero slots, so a big sparse tensor costs no list of its size)."""
        if out is None:
            out = [0.0] * self.size
        if observation is not None:
            for b in self.blocks:
                b.write(observation, out, self.slices[b.name].start)
        return out

    def read(self, tensor: Sequence[float], name: str) -> list[float]:
        """The slots of block ``name`` in ``tensor``."""
        return list(tensor[self.slices[name]])


def _index(name: str, domain: Sequence[Hashable]) -> Callable[[Any], int]:
    where = {v: i for i, v in enumerate(domain)}

    def index(value: Any) -> int:
        got = where.get(value)
        if got is None:
            raise ValueError(f"observation field {name}: {value!r} is none of its {len(domain)} declared values")
        return got
    return index


def onehot(name: str, get: Reader, domain: Sequence[Hashable], none_ok: bool = True) -> Block:
    """One slot per value of ``domain``, 1 at the field's value (all 0 for ``None`` when ``none_ok``)."""
    index = _index(name, domain)

    def write(o: Any, out: list[float], at: int) -> None:
        v = get(o)
        if v is None and none_ok:
            return
        out[at + index(v)] = 1.0
    return Block(name, len(domain), write)


def onehots(name: str, get: Reader, length: int, domain: Sequence[Hashable]) -> Block:
    """A sequence of exactly ``length`` items, each one-hot over ``domain`` (a ``None`` item: all 0)."""
    index, k = _index(name, domain), len(domain)

    def write(o: Any, out: list[float], at: int) -> None:
        items = get(o)
        if len(items) != length:
            raise ValueError(f"observation field {name}: {len(items)} items, the layout has {length}")
        for i, v in enumerate(items):
            if v is not None:
                out[at + i * k + index(v)] = 1.0
    return Block(name, length * k, write)


def counts(name: str, get: Reader, keys: Sequence[Hashable]) -> Block:
    """A mapping (or an iterable of keys, each counting 1) as one count per key of ``keys``."""
    index = _index(name, keys)

    def write(o: Any, out: list[float], at: int) -> None:
        v = get(o)
        if v is None:
            return
        if isinstance(v, Mapping):
            for key, n in v.items():
                out[at + index(key)] += n
        else:
            for key in v:
                out[at + index(key)] += 1.0
    return Block(name, len(keys), write)


def number(name: str, get: Reader) -> Block:
    """One number (``None`` as 0: fields that may be missing have a one-hot or a flag beside them)."""
    def write(o: Any, out: list[float], at: int) -> None:
        v = get(o)
        if v is not None and not -EXACT < v < EXACT:
            raise ValueError(f"observation field {name}: {v} is not exact in float32 (a mask? read it as bits)")
        out[at] = 0.0 if v is None else float(v)
    return Block(name, 1, write)


def numbers(name: str, get: Reader, length: int, pad: float | None = None) -> Block:
    """A sequence of numbers in ``length`` slots; shorter sequences are padded with ``pad`` when given,
    else they must have exactly ``length`` items."""
    def write(o: Any, out: list[float], at: int) -> None:
        items = get(o)
        if len(items) > length or (pad is None and len(items) != length):
            raise ValueError(f"observation field {name}: {len(items)} items, the layout has {length}")
        for i, v in enumerate(items):
            if not -EXACT < v < EXACT:
                raise ValueError(f"observation field {name}: {v} is not exact in float32 (a mask? read it as bits)")
            out[at + i] = float(v)
        if pad is not None:
            for i in range(len(items), length):
                out[at + i] = pad
    return Block(name, length, write)


def ids(name: str, get: Reader, length: int) -> Block:
    """Small non-negative ints (cells, cards, seats) in ``length`` slots as ``value + 1``, 0 for no item."""
    def write(o: Any, out: list[float], at: int) -> None:
        items = get(o)
        if len(items) > length:
            raise ValueError(f"observation field {name}: {len(items)} items, the layout has {length}")
        for i, v in enumerate(items):
            out[at + i] = float(v + 1)
    return Block(name, length, write)


def bits(name: str, get: Reader, width: int) -> Block:
    """A non-negative int read as ``width`` bits (a set of seats, a grid mask), one slot per bit."""
    def write(o: Any, out: list[float], at: int) -> None:
        mask = get(o) or 0
        if mask >> width:
            raise ValueError(f"observation field {name}: the mask has bits beyond its {width} slots")
        while mask:
            low = mask & -mask
            out[at + low.bit_length() - 1] = 1.0
            mask ^= low
    return Block(name, width, write)
