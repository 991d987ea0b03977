"""Samurai's observation tensor: the engine's fields by name, hands as counts per card kind.

The observation is the state tuple with the deck's contents, the generator and the other seats' cards
blanked (:meth:`~lotus_kit.samurai.game.SamuraiGame.observation`). Blocks, named after the engine's fields:
``header.<field>`` (the decision under way and its context, the deck's size, the last die and action),
``header.mode`` one-hot over the decisions, ``discard`` (a count per card kind), ``battle`` (attacker,
defender, dice and rerolls), and per seat ``seat<s>.honor``/``.ally``/``.break``, ``seat<s>.hand`` (a count
per card kind, the last slot counting cards the seat may not see) and ``seat<s>.daimyo_house`` /
``seat<s>.samurai_house`` (head, possessions, warriors, wife, castle, guards). The deck's contents and the
generator are always blank in an observation: no block.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lotus_kit.ai.encoding import Encoding
from lotus_kit.ai.layout import Block, Layout, number, numbers, onehot
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.state import ints

HEADER = {"active": E.ACTIVE, "used": E.USED, "declared": E.DECL, "duty": E.DUTY, "shogun_at": E.SHOGUN_AT,
          "target": E.TARGET, "max_rounds": E.MAXR, "turns": E.TURNS, "flags": E.FLAGS, "winner": E.WIN,
          **{f"context{i}": E.C0 + i for i in range(6)}, "deck_size": E.DECK_SIZE, "start": E.START,
          "last_die": E.LASTDIE, "last_income": E.LAST_INCOME}
HOUSE = 9                                        # head, possessions, 4 warrior counts, wife, castle, guards


def _hand(base: int) -> Any:
    """Counts per card kind 1.. of the hand's slots (kind 0 marks an empty slot), then the hidden cards."""
    def write(o: Any, out: list[float], at: int) -> None:
        for k in o[base:base + E.HAND_SLOTS]:
            if k == C.HIDDEN:
                out[at + C.KINDS - 1] += 1.0
            elif 0 < k < C.KINDS:
                out[at + k - 1] += 1.0
            elif k:
                raise ValueError(f"observation field hand: card kind {k} is unknown")
    return write


def _halves(code: int) -> tuple[int, int]:
    return (-1, -1) if code < 0 else (code & 0x1FFF, code >> 13)


def layout(game: Any, players: int, flags: Sequence[str], enc: Encoding) -> Layout:
    blocks: list[Block] = [number(f"header.{name}", lambda o, i=i: o[i]) for name, i in HEADER.items()]
    # the last action's code has 26 bits (op, seat, card, owner, house, item, target): two exact halves
    blocks.append(numbers("header.last_action", lambda o: _halves(o[E.LAST_ACTION]), 2))
    blocks.append(onehot("header.mode", lambda o: o[E.MODE], tuple(range(len(E.MODE_NAMES))), none_ok=False))
    blocks.append(numbers("discard", lambda o: o[E.DISCARD:E.DISCARD + C.KINDS], C.KINDS))
    blocks.append(numbers("battle", lambda o: o[E.BATTLE:E.SEATS], E.SEATS - E.BATTLE))
    for s in range(players):
        b = E.seat_base(s)
        blocks += [number(f"seat{s}.honor", lambda o, i=b + E.HONOR: o[i]),
                   number(f"seat{s}.ally", lambda o, i=b + E.ALLY: o[i]),
                   number(f"seat{s}.break", lambda o, i=b + E.BREAK: o[i]),
                   Block(f"seat{s}.hand", C.KINDS, _hand(b + E.HAND)),
                   numbers(f"seat{s}.daimyo_house", lambda o, i=b + E.DH: o[i:i + HOUSE], HOUSE),
                   numbers(f"seat{s}.samurai_house", lambda o, i=b + E.SH: o[i:i + HOUSE], HOUSE)]
    return _Layout("samurai", blocks)


class _Layout(Layout):
    """The blocks read the observation's ints themselves (a State's own list), not through its facade."""

    def tensor(self, observation: Any, out: Any = None) -> Any:
        return super().tensor(ints(observation), out)
