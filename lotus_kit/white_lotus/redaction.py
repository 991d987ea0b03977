"""Records that keep secrets: a game in progress as one seat (or nobody) may know it (WL-INFO-1/2).

A full record (setup + seed + every action) gives everything away: the seed orders the face-down
draw pool, so whoever reads it can predict every phase-6 draw, and it lists every sealed choice
and every card value a player took. :func:`redact` writes the same game as seat ``k`` knows it,
or, with ``seat=None``, as everyone at the table knows it:

- the setup is the public start as a position (start chips, first emperor, start hands) with
  **no seed**; its draw pool lists the chips drawn so far in the order they came up (they were
  shown when drawn) and the chips not drawn yet **sorted by type**: their count is public
  (``Observation.unseen_chips``), their order is not in the record;
- the other seats' sealed choices not revealed yet (bids, sides, income) are left out: the
  record ends before them, as if those seats had not chosen;
- the card values another seat chose for a refund or for its income (their totals and counts are
  public, the values are not) are replaced by stand-ins with the same totals and counts
  (WL-CARDS-6): the first, largest values first, under which that seat's later public plays (its
  revealed bids and sides) still replay; the choice never looks at the real values;
- when no stand-in lets a later action of that seat replay, the record stops before that action;
  ``meta["withheld_actions"]`` says how many actions were left out.

The result is an ordinary record: it loads and replays to a position that looks, to that seat, like
the game so far (the same observation). It is **not** the game itself: played on, the pool comes up
in sorted order and the other seats hold stand-in card values. ``meta["secrets"]`` says so.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from lotus_kit.core.errors import IllegalAction, LotusKitError
from lotus_kit.core.records import GameRecord
from lotus_kit.white_lotus.actions import Action, Bid, JoinSide, TakeIncome, TakeRefund
from lotus_kit.white_lotus.board import BUILDINGS
from lotus_kit.white_lotus.engine import apply
from lotus_kit.white_lotus.state import IncomeStep, RebellionStep, ResolveStep, State

__all__ = ["FULL_NOTE", "redact", "sealed_pending"]

_MAX_OPTIONS = 60     # stand-in splits tried per private choice (a refund has a handful, income more)
FULL_NOTE = ("full record: the seed orders the face-down draw pool (every draw can be predicted from it) "
             "and every sealed choice and card value is listed (WL-INFO-1); share it after the game or "
             "when everyone agrees")


def sealed_pending(state: State) -> tuple[Action, ...]:
    """The sealed choices made and not yet revealed in ``state`` (WL-INFO-1, WL-INFO-3)."""
    step = state.step
    if isinstance(step, ResolveStep) and step.conflict is not None and not step.conflict.tied \
            and step.conflict.refund_seat < 0:
        return tuple(step.conflict.bids)
    if isinstance(step, RebellionStep) and step.leader >= 0 and not step.winner:
        return tuple(step.commitments)
    if isinstance(step, IncomeStep):
        return tuple(step.choices)
    return ()


def _public_start(start: State) -> dict[str, Any]:
    """The start of a new game as a position description, without its seed or pool."""
    board = start.board
    neutral = {board.provinces[i].id: c for i, c in enumerate(start.chips) if c}
    desc: dict[str, Any] = {"players": start.players, "year": 1, "phase": 1, "emperor": start.emperor,
                            "neutral": neutral}
    if start.start_palace >= 0:
        desc["start_palace"] = board.provinces[start.start_palace].id
    return desc


def _splits(cards: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to take as many cards of value 3, 2 and 1 (WL-CARDS-6) with the same total as
    ``cards``, largest values first: the total is public and so is the count (hand sizes are,
    WL-INFO-2); which values they are is not."""
    total, count = sum(cards), len(cards)
    out = []
    for threes in range(min(count, total // 3), -1, -1):
        for twos in range(count - threes, -1, -1):
            ones = count - threes - twos
            if 3 * threes + 2 * twos + ones == total:
                out.append((3,) * threes + (2,) * twos + (1,) * ones)
    return out


def _stand_ins(action: Action) -> list[Action]:
    """What another seat's action may be replaced by: the same public totals and counts with other
    card values, largest values first. Actions without private card values stand for themselves."""
    if isinstance(action, TakeRefund):
        return [TakeRefund(action.seat, s) for s in _splits(action.cards)]
    if isinstance(action, TakeIncome) and action.influence is not None and action.combat is not None:
        return [dataclasses.replace(action, influence=i, combat=c)
                for i in _splits(action.influence) for c in _splits(action.combat)]
    if isinstance(action, TakeIncome) and action.influence is not None:
        return [dataclasses.replace(action, influence=i) for i in _splits(action.influence)]
    if isinstance(action, TakeIncome) and action.combat is not None:
        return [dataclasses.replace(action, combat=c) for c in _splits(action.combat)]
    return [action]


def _reach(state: State, actions: list[Action], seat: int, secret: tuple[type, ...]) -> int:
    """How many of ``actions`` replay from ``state`` when ``seat``'s later private choices take their
    default stand-ins (so only what the seat later showed in public decides)."""
    for n, action in enumerate(actions):
        if action.seat == seat and isinstance(action, secret):
            action = _stand_ins(action)[0]
        try:
            state = apply(state, action)
        except IllegalAction:
            return n
    return len(actions)


def redact(record: GameRecord, seat: int | None) -> GameRecord:
    """``record`` as ``seat`` knows it (``None``: only what is public); see the module docstring.

    Raises :class:`LotusKitError` for a record that starts from a set-up position (its setup lists
    every hand) or that does not replay.
    """
    if "position" in record.setup:
        raise LotusKitError("this record starts from a set-up position that lists every hand; "
                            "it cannot be shared without them (WL-INFO-1)")
    states = record.states()
    start, final = states[0], states[-1]
    if seat is not None and not 0 <= seat < start.players:
        raise LotusKitError(f"there is no seat {seat} in a {start.players}-player game")
    actions = list(record.actions)
    # the other seats' sealed choices still hidden at the end: the record ends before them
    pending = {a.seat for a in sealed_pending(final) if a.seat != seat}
    hidden_kinds = (Bid, JoinSide, TakeIncome)
    keep = [True] * len(actions)
    k = len(actions) - 1
    while pending and k >= 0 and isinstance(actions[k], hidden_kinds):
        if actions[k].seat in pending:
            keep[k] = False
            pending.discard(actions[k].seat)
        k -= 1
    drawn = len(start.pool) - len(final.pool)
    rest = sorted(final.pool, key=BUILDINGS.index)
    desc = {**_public_start(start), "pool": [*start.pool[:drawn], *rest]}
    public = GameRecord(record.game, {"position": desc}, record.flags)
    state = public.start()
    out: list[Action] = []
    withheld = len(actions) - sum(keep)
    kept = [a for a, k in zip(actions, keep, strict=True) if k]
    secret = (TakeRefund, TakeIncome)
    for i, action in enumerate(kept):
        shown = action
        if action.seat != seat and isinstance(action, secret):
            # the stand-in under which the rest replays furthest (the default split first): the choice
            # rests on what the seat showed later in public (bids, sides), never on its real split
            options = _stand_ins(action)[:_MAX_OPTIONS]
            shown, best = options[0], -1
            for option in options:
                try:
                    after = apply(state, option)
                except IllegalAction:
                    continue
                reach = _reach(after, kept[i + 1:], action.seat, secret)
                if reach > best:
                    shown, best = option, reach
                if reach == len(kept) - i - 1:
                    break
        try:
            state = apply(state, shown)
        except IllegalAction:
            # no stand-in split of an earlier refund or income holds the cards used here
            withheld += len(kept) - i
            break
        out.append(shown)
    who = "everyone at the table" if seat is None else f"seat {seat}"
    note = (f"redacted for {who}: no seed; chips not drawn yet are listed sorted, not in their hidden order; "
            "other seats' unrevealed sealed choices are left out and their private card values replaced by "
            "stand-ins with the same totals and counts (WL-INFO-1). It loads and replays to what that seat "
            "knows; played on, it is not the real game")
    meta = {k: v for k, v in record.meta.items() if k not in ("secrets", "hidden_chance")}
    meta.update({"secrets": note, "redacted_for": "public" if seat is None else seat,
                 "withheld_actions": withheld})     # no count of stand-ins: it would tell real from not
    return GameRecord(record.game, {"position": desc}, record.flags, tuple(out), meta)
