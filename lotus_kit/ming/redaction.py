"""Records that keep secrets (MING-CLAR-17): a game as one seat (or nobody) may know it.

A full record (seed + every action) gives away the order of the face-down movement supply and every
sealed return-card sum. :func:`redact` writes the same game without them:

- the setup is the public start: the movement deck with the cards that came up so far in the order
  they came up (the display and every refill were face up) and the cards not seen yet **sorted**,
  with generator 0 and no seed;
- the record stops before the first reshuffle of the discards (its order came from the hidden
  generator), and before any return-card choice of another seat that is not revealed yet;
- ``meta["withheld_actions"]`` says how many actions were left out, ``meta["secrets"]`` what this is.

The result is an ordinary record: it replays to a position that looks, to that seat, like the game
so far. Played on, the supply comes up in sorted order.
"""

from __future__ import annotations

from lotus_kit.core.records import GameRecord
from lotus_kit.ming.actions import ChooseReturn
from lotus_kit.ming.engine import _unpack
from lotus_kit.ming.state import G_SUPPLY, G_SUPPLY_LEN, State

NOTE = ("redacted: the unseen movement cards are listed sorted and generator 0 stands for the real "
        "one, so played on, this is not the real game (MING-CLAR-17)")


def _deck(state: State) -> list[int]:
    t, d = state.table, state.data
    return [d[t.display + i] for i in range(len(t.board.colours))] + _unpack(d[G_SUPPLY], d[G_SUPPLY_LEN])


def redact(record: GameRecord, seat: int | None) -> GameRecord:
    from lotus_kit.ming.game import MING

    state = MING.start(record.setup, record.flags)
    t = state.table
    if "position" in record.setup:     # a position record holds no hidden start; keep it as it is
        start_setup = dict(record.setup)
        order: list[int] | None = None
    else:
        order = _deck(state)
        start_setup = {"players": t.players, "start_player": state.start_player}
    seen = len(t.board.colours)
    kept = 0
    pending_from = None
    actions = [a if not isinstance(a, dict) else MING.action_from_dict(a, f"actions[{i}]")
               for i, a in enumerate(record.actions)]
    for i, a in enumerate(actions):
        nxt = MING.apply(state, a)
        if nxt.supply_size > state.supply_size:
            break                                     # a reshuffle: its order is not public
        seen += state.supply_size - nxt.supply_size
        if isinstance(a, ChooseReturn) and a.seat != seat and pending_from is None:
            pending_from = kept
        if nxt.phase != "choose_return":
            pending_from = None                       # revealed together
        state = nxt
        kept = i + 1
    if pending_from is not None:
        kept = pending_from
        seen = len(t.board.colours)
        state = MING.start(record.setup, record.flags)
        for a in actions[:kept]:
            nxt = MING.apply(state, a)
            seen += state.supply_size - nxt.supply_size
            state = nxt
    if order is not None:
        names = t.card_names
        start_setup["deck"] = [names[k] for k in order[:seen] + sorted(order[seen:])]
        start_setup["generator"] = 0
    meta = dict(record.meta)
    meta["withheld_actions"] = len(actions) - kept
    meta["secrets"] = NOTE
    return GameRecord(record.game, start_setup, tuple(record.flags), tuple(actions[:kept]), meta)
