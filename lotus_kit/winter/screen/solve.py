"""The thaw solver (:mod:`lotus_kit.winter.solver`) as the explorer's "solve from here" tool."""

from __future__ import annotations

from lotus_kit.ui.explorer.solve import Verdict
from lotus_kit.winter import engine as e
from lotus_kit.winter.solver import solve
from lotus_kit.winter.words import SEAT_NAMES

THAW_PHASES = (e.THAW, e.THAW_TOKEN, e.THAW_SPLIT)


def amount(value: float) -> str:
    """A difference of solver values in words: 100 per token on the lake, 1 per card of the tie-break,
    which counts only when the tokens are level (WIN-TIE-1): ``amount(100) == "1 token"``,
    ``amount(99) == "1 token"``, ``amount(2) == "2 cards on the tie-break"``."""
    tokens = round(value / 100)
    if tokens:
        return f"{tokens} token{'s' * (abs(tokens) != 1)}"
    cards = round(value)
    return f"{cards} card{'s' * (abs(cards) != 1)} on the tie-break" if cards else "nothing"


class ThawSolver:
    """Best play in the thaw, a game of perfect information once the deck is empty (WIN-PH1-3)."""

    title = "Solve the thaw"

    def why_not(self, state: e.WinterState) -> str | None:
        if state.v[e.PHASE] in THAW_PHASES:
            return None
        if state.is_over:
            return "The game is over: there is nothing left to solve (WIN-TIE-1)."
        return ("The solver answers in the thaw: in the freeze the order of the face-down deck is hidden "
                "(WIN-CLAR-3), so there is no best play to compute. Step on to the thaw (WIN-PH1-3).")

    def solve(self, state: e.WinterState, seconds: float) -> Verdict:
        r = solve(state, seconds=seconds)
        if not r.solved:
            words = f"not solved in {seconds:g} s"
        elif len(r.winners) == 2:
            words = "a draw with best play"
        else:
            seat = min(r.winners)
            cards = abs(r.tiebreak)
            how = (f"by {amount(abs(r.margin) * 100)}" if r.margin
                   else f"on the tie-break by {cards} card{'s' * (cards != 1)}")
            words = f"{SEAT_NAMES[seat]} wins {how} with best play"
        detail = f"searched {r.depth} plies, {r.nodes:,} positions"
        return Verdict(r.solved, words, r.best, (float(r.value), float(-r.value)), r.seconds, detail)

    def amount(self, value: float) -> str:
        return amount(value)
