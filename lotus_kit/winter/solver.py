"""Solving the thaw: who wins phase 2 with best play, by how much, and the best move.

The thaw is a two-player game of perfect information (the deck is empty, WIN-PH1-3). The solver is
an alpha-beta search with a transposition table over canonical positions (the engine keeps the lake
normalised, so positions equal up to translation have equal keys, WIN-CLAR-15 (a)). It respects the
loop guard (WIN-END-3, WIN-CLAR-12): the thaw-turn count is part of the key, and so is the record of
positions since a card last left, because a third repetition ends the game; a search therefore never
mixes up two positions whose futures differ. The value of a finished game, from seat 0's side, is
``100 * (token margin) + (cards-removed margin)``: its sign is the result of WIN-TIE-1.

Iterative deepening: depth 1, 2, ... plies until a search completes without meeting its depth limit
anywhere (the value is then exact), or the time is up; then the answer is "not solved in N s" with
the best move of the deepest completed search (the limit scores the position as it stands).

>>> from lotus_kit.winter.game import WINTER
>>> s = WINTER.position({"lake": [{"x": 0, "y": 0, "flakes": "LL/DD"}], "colours": ["light", "dark"],
...                      "to_move": 0, "cards_removed": [0, 1]})
>>> r = solve(s, seconds=5)
>>> r.solved, r.winners, r.best
(True, frozenset({0, 1}), RemoveCard(0, 0))
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import chain

from lotus_kit.winter import engine as e
from lotus_kit.winter.actions import Action, from_code

INF = 1 << 30
EXACT, LOWER, UPPER = 0, 1, 2
_CHECK_EVERY = 256          # nodes between two looks at the clock
# the clock of "solve within N s": wall-clock time; a benchmark on a shared machine sets this
# process's CPU time instead (time.process_time), which other programs' load does not eat
clock = time.monotonic


def outcome(v) -> int:
    """Seat 0's view of a game that ends now: 100 x token margin + cards-removed margin (WIN-TIE-1)."""
    return 100 * (v[e.TOK0].bit_count() - v[e.TOK1].bit_count()) + v[e.REM0] - v[e.REM1]


def winners_of(value: int) -> frozenset[int]:
    return frozenset({0}) if value > 0 else frozenset({1}) if value < 0 else frozenset({0, 1})


@dataclass(frozen=True)
class Solution:
    """What the solver found for a thaw position."""

    solved: bool                # True: ``value`` is exact (best play by both)
    value: int                  # seat 0's view: 100 x token margin + cards-removed margin
    best: Action | None         # the best move found (None at the end of the game)
    depth: int                  # plies of the deepest completed search
    nodes: int
    seconds: float

    @property
    def winners(self) -> frozenset[int]:
        return winners_of(self.value)

    @property
    def margin(self) -> int:
        """Token margin, seat 0 minus seat 1, at the end with best play (the tie-break apart)."""
        return round(self.value / 100)

    @property
    def tiebreak(self) -> int:
        """Cards-removed margin, seat 0 minus seat 1, at the end with best play."""
        return self.value - 100 * self.margin

    def text(self, seat_names: tuple[str, str] = ("Player 1", "Player 2")) -> str:
        if not self.solved:
            return (f"not solved in {self.seconds:.0f} s (searched {self.depth} plies, {self.nodes:,} positions); "
                    f"best move so far: {self.best!r}")
        w = self.winners
        if len(w) == 2:
            result = "a draw with best play"
        else:
            seat = min(w)
            by = abs(self.margin)
            how = f"by {by} token{'s' * (by != 1)}" if by else f"on the tie-break by {abs(self.tiebreak)} card(s)"
            result = f"{seat_names[seat]} wins {how} with best play"
        return f"{result}; best move: {self.best!r}" if self.best is not None else result


class _Timeout(Exception):
    pass


class _Search:
    def __init__(self, deadline: float):
        self.tt: dict[tuple, tuple[int, int, int, int]] = {}
        self.nodes = 0
        self.deadline = deadline

    def key(self, s: e.WinterState) -> tuple:
        """The position as the future sees it. The cards-removed counts are left out: no rule reads them
        before the end, where they add to the value, so the table keeps values relative to their
        margin (positions reached by different removals share an entry). They are constant between
        two card departures, so the repetition record loses nothing without them either."""
        v = s.v
        hist = () if s.rules.no_repetition_end else tuple(sorted(h[:6] + h[8:] for h in s.history))
        return (v[e.PHASE], v[e.TURN], v[e.OCC], v[e.LIGHT], v[e.TOK0], v[e.TOK1], v[e.SUP0], v[e.SUP1],
                v[e.PEND], v[e.THAW_COUNT], hist)

    def search(self, s: e.WinterState, depth: int, alpha: int, beta: int) -> tuple[int, bool]:
        """(value for seat 0, exact): exact when no branch below met the depth limit."""
        v = s.v
        if v[e.PHASE] == e.OVER:
            return outcome(v), True
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0 and clock() > self.deadline:
            raise _Timeout
        if depth == 0:
            return outcome(v), False
        key = self.key(s)
        entry = self.tt.get(key)
        first = -1
        margin = v[e.REM0] - v[e.REM1]               # the table holds values relative to it
        if entry is not None:
            edepth, flag, val, first = entry
            val += margin
            if edepth >= depth:
                exact = edepth == INF
                if flag == EXACT:
                    return val, exact
                if flag == LOWER and val >= beta:
                    return val, exact
                if flag == UPPER and val <= alpha:
                    return val, exact
        if v[e.PHASE] == e.THAW:           # removals first, then moves card by card, then take-backs
            lazy = e.thaw_codes_lazily(v, s.rules)
            codes = chain((first,), (c for c in lazy if c != first)) if first >= 0 else lazy
        else:
            listed = e.legal_codes(s)
            codes = chain((first,), (c for c in listed if c != first)) if first in listed else iter(listed)
        maximise = v[e.TURN] == 0
        a0, b0 = alpha, beta
        best_val = -INF if maximise else INF
        best_code = -1
        all_exact = True
        seen: set[tuple] = set()
        for c in codes:
            child = e.apply_unstamped(s, c)
            ck = (child.v[e.PHASE], child.v[e.END], *e.position_key(child.v), child.v[e.PEND], child.v[e.THAW_COUNT])
            if ck in seen:                 # an identical card moved alike, a card that looks the same turned
                continue
            seen.add(ck)
            val, exact = self.search(child, depth - 1, alpha, beta)
            if best_code < 0:
                best_code = c
            if maximise:
                if val > best_val:
                    best_val, best_code = val, c
                alpha = max(alpha, val)
            else:
                if val < best_val:
                    best_val, best_code = val, c
                beta = min(beta, val)
            if alpha >= beta:
                # a cutoff: the refuting child's bound alone decides; the siblings searched before it
                # (exact or not) cannot change a value already outside the window
                all_exact = exact
                break
            all_exact &= exact
        flag = UPPER if best_val <= a0 else LOWER if best_val >= b0 else EXACT
        self.tt[key] = (INF if all_exact else depth, flag, best_val - margin, best_code)
        return best_val, all_exact


def _order(c: int) -> int:
    """Removals, tokens and part choices first: they end stretches and settle points."""
    kind = c & 15
    return 0 if kind in (e.REMOVE, e.TOKEN, e.KEEP) else 1 if kind in (e.DECLINE, e.TAKEBACK) else 2


def solve(state: e.WinterState, seconds: float = 10.0, max_depth: int = 2000) -> Solution:
    """Solve the thaw from ``state`` within ``seconds`` (see the module doc)."""
    t0 = clock()
    if state.v[e.PHASE] == e.OVER:
        return Solution(True, outcome(state.v), None, 0, 0, 0.0)
    if state.v[e.PHASE] not in (e.THAW, e.THAW_TOKEN, e.THAW_SPLIT):
        raise ValueError("the solver answers for thaw positions (phase 2); the freeze has a hidden deck")
    # the solver never reads the cards' names: a bare state is cheaper to copy
    s = e.WinterState(state.v, (), state.history, state.order, state.deck, state.rules)
    search = _Search(t0 + seconds)
    best: tuple[int, int, int] | None = None        # value, code, depth
    depth = 0
    try:
        while depth < max_depth:
            depth += 1
            value, exact = search.search(s, depth, -INF, INF)
            code = search.tt[search.key(s)][3]
            best = (value, code, depth)
            if exact:
                return Solution(True, value, from_code(code, s.v), depth, search.nodes, clock() - t0)
    except _Timeout:
        pass
    if best is None:
        code = sorted(e.legal_codes(s), key=_order)[0]
        best = (outcome(s.v), code, 0)
    value, code, d = best
    return Solution(False, value, from_code(code, s.v), d, search.nodes, clock() - t0)


@dataclass(frozen=True)
class Swing:
    """How one thaw action compares with best play: values are seat 0's view (see :func:`outcome`)."""

    index: int                  # the action's index in the record
    seat: int                   # who played it
    best: int                   # the value with best play before the action
    played: int                 # the value with best play after it
    best_move: Action | None

    @property
    def loss(self) -> int:
        """What the action cost its player (0 for a best move; 100 per token of margin)."""
        sign = 1 if self.seat == 0 else -1
        return sign * (self.best - self.played)


def swings(states: list[e.WinterState], actions: list[Action], seconds: float = 1.0) -> list[Swing]:
    """For each thaw action of a game (``states[i]`` before ``actions[i]``, ``states[i + 1]`` after),
    its swing against the solved value, where both positions solve within ``seconds`` each."""
    out = []
    for i in range(len(actions)):
        before, after = states[i], states[i + 1]
        if before.v[e.PHASE] not in (e.THAW, e.THAW_TOKEN, e.THAW_SPLIT):
            continue
        a, b = solve(before, seconds), solve(after, seconds)
        if a.solved and b.solved:
            out.append(Swing(i, before.v[e.TURN], a.value, b.value, a.best))
    return out
