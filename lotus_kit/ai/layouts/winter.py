"""Winter's observation tensor: the lake as grid planes, the counters, the cards, the repetition record.

The observation is the whole state but the order of the face-down deck (WIN-CLAR-3). Blocks:

- ``grid.<field>``: one plane of the 42 × 42 grid (:mod:`lotus_kit.winter.grid`, cell ``y * 42 + x``) per
  mask of the state: occupied cells, light cells, card anchors, each colour's tokens, the pending cells;
- ``fields``: every other field of the state tuple as a number (phase, turn, supplies, counters, the last
  action's world coordinates, ...), in the engine's order;
- ``lake``: per card of the deck (printed order) whether it lies in the lake, its world x and y, turned;
- ``drawn``: the cards drawn so far in the order they were drawn (card index + 1, 0 for not yet);
- ``history.length`` and ``history``: the positions at the starts of the thaw turns since a card last left
  (the repetition record of WIN-END-3), one fixed entry per thaw turn up to the loop guard's bound
  (``MAX_THAW_PLIES`` + 1 entries): occupied cells and which of them are light, each colour's token cells
  (cell + 1, 0 for none), supplies, removed counts and the player to move.

The deck's card faces and the rules are the game's parameters, the same in every state: no block.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lotus_kit.ai.encoding import Encoding
from lotus_kit.ai.layout import Block, Layout, bits, ids, number, numbers
from lotus_kit.winter import engine as e
from lotus_kit.winter.grid import NBITS, W
from lotus_kit.winter.grid import bits as set_bits

PLANES = {"occupied": e.OCC, "light": e.LIGHT, "anchors": e.ANCH, "tokens0": e.TOK0, "tokens1": e.TOK1,
          "pending": e.PEND}
FIELDS = tuple(i for i in range(e.NFIELDS) if i not in PLANES.values())
KEY_CELLS = 4 * 18            # a lake of at most 18 cards of 4 cells (WIN-CMP-1)
ENTRY = 2 * KEY_CELLS + 2 * e.TOKENS + 5


def _entry(key: tuple[int, ...], out: list[float], at: int) -> None:
    """One position of the repetition record (``position_key``: occupied, light, tokens, supplies, removed,
    turn) in ``ENTRY`` slots."""
    occ, light, tok0, tok1, *rest = key
    cells = set_bits(occ)
    if len(cells) > KEY_CELLS or (light & ~occ):
        raise ValueError("observation field history: a position beyond the layout's lake")
    for i, c in enumerate(cells):
        out[at + i] = c + 1.0
        out[at + KEY_CELLS + i] = float(light >> c & 1)
    at += 2 * KEY_CELLS
    for mask in (tok0, tok1):
        cells = set_bits(mask)
        if len(cells) > e.TOKENS:
            raise ValueError("observation field history: more tokens than a colour has")
        for i, c in enumerate(cells):
            out[at + i] = c + 1.0
        at += e.TOKENS
    for i, v in enumerate(rest):
        out[at + i] = float(v)


def layout(game: Any, players: int, flags: Sequence[str], enc: Encoding) -> Layout:
    sample = game.new_game(players, 0, flags)
    cards = len(sample.deck)
    entries = sample.rules.max_thaw_plies + 1

    def lake(o: Any) -> list[float]:
        out = [0.0] * (4 * cards)
        for x, y, card, turned in o.cards:
            out[4 * card:4 * card + 4] = (1.0, float(x), float(y), float(turned))
        return out

    def history(o: Any, out: list[float], at: int) -> None:
        if len(o.history) > entries:
            raise ValueError(f"observation field history: {len(o.history)} entries, the layout has {entries}")
        for i, key in enumerate(o.history):
            _entry(key, out, at + i * ENTRY)

    assert W * W == NBITS
    return Layout("winter", [
        *(bits(f"grid.{name}", lambda o, f=f: o.v[f], NBITS) for name, f in PLANES.items()),
        numbers("fields", lambda o: [o.v[i] for i in FIELDS], len(FIELDS)),
        numbers("lake", lake, 4 * cards),
        ids("drawn", lambda o: o.order[:o.v[e.NEXT]], cards),
        number("history.length", lambda o: len(o.history)),
        Block("history", entries * ENTRY, history),
    ])
