"""The lesson game of the walkthrough notebook (``notebooks/ming_learn_the_rules.ipynb``): one seeded
3-player game played by the heuristic bots, so every cell can find "the moment when ..." on its own,
whatever ran before it (each cell imports what it needs from here; nothing is kept between cells).

>>> s = at("phase3", round_=1)
>>> s.round, s.phase
(1, 'phase3')
>>> lines = scoring_lines(2)
>>> lines[0].startswith("P") and "MING-SCORE-1" in lines[0]
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from lotus_kit.ming.bots import HeuristicBot
from lotus_kit.ming.game import MING
from lotus_kit.ming.state import State

__all__ = ["PLAYERS", "SEED", "G", "at", "game_line", "scoring_lines", "shared_city", "show"]

G = MING
PLAYERS, SEED = 3, 7          # the lesson game: Black starts (MING-CLAR-1: the start player is given)


@cache
def game_line(players: int = PLAYERS, seed: int = SEED, rounds: int = 2) -> tuple[tuple[State, ...], tuple[Any, ...]]:
    """The states and actions of the lesson game through the end of round ``rounds`` (bots at every seat)."""
    state = MING.start({"players": players, "seed": seed, "start_player": 0}, ())
    bots = [HeuristicBot(seat) for seat in range(players)]
    states, actions = [state], []
    while not MING.is_over(state) and state.round <= rounds:
        seat = min(MING.to_act(state))
        action = bots[seat].choose(state, seat)
        state = MING.apply(state, action)
        states.append(state)
        actions.append(action)
    return tuple(states), tuple(actions)


def at(kind: str, round_: int = 1, *, nth: int = 0) -> State:
    """The ``nth`` state of the lesson game whose decision is ``kind`` in round ``round_``."""
    return _find(lambda s: MING.decision(s).kind == kind and s.round == round_, nth, round_)


def _find(test: Callable[[State], bool], nth: int, round_: int) -> State:
    states, _ = game_line(rounds=max(2, round_))
    found = [s for s in states if test(s)]
    if len(found) <= nth:
        raise LookupError("the lesson game has no such moment")
    return found[nth]


def scoring_lines(round_: int = 2) -> list[str]:
    """Every line of the scoring after ``round_`` (2, 4 or 6) in the lesson game, with its rule ids:
    district fills, revealed return cards, city points and bonuses, cloisters."""
    from lotus_kit.ming.screen.events import ReturnsRevealed, Scored, step_events

    states, actions = game_line(rounds=round_)
    lines = []
    for before, action, after in zip(states, actions, states[1:], strict=False):
        for ev in step_events(before, action, after):
            if isinstance(ev, Scored | ReturnsRevealed) and ev.round == round_:
                lines.append(ev.text())
    return lines


def shared_city(phase: str = "phase3") -> dict[str, Any]:
    """A position description in round 2 where Black and White both have pieces for the houses of the
    city of P1, so both choose return cards for it in the scoring (MING-CLAR-11); Grey is elsewhere.

    ``phase="phase3"``: Black to act; his prince in P1.R holds a JUNK card and can step into P2.L
    across the JUNK border, then deploy from the YELLOW space; White (P4.T, a PALANQUIN card) can step
    into P1.R. ``phase="phase2"``: one step earlier, Black and White hold four cards each and take
    their fifth, the JUNK beside the YELLOW space and the PALANQUIN beside the RED one (MING-PH2-2).
    ``phase="phase1"``: the start of that round, everyone with 5 family members to place on the
    province spaces (MING-PH1-1), the pieces left there from round 1 still waiting (MING-RND-3)."""
    four = {"HORSE": 1, "CAMEL": 1, "OXCART": 1, "RICKSHAW": 1}
    earlier = phase in ("phase1", "phase2")
    to_place = {"in_hand": 5} if phase == "phase1" else {}
    return {
        "players": 3, "round": 2, "phase": phase, "start_player": 0, "turn": 0,
        "display": {"RED": "PALANQUIN", "YELLOW": "JUNK", "GREEN": "HORSE", "BLUE": "CAMEL", "PURPLE": "OXCART",
                    "ORANGE": "RICKSHAW"},
        "seats": [
            {"prince": "P1.R", "hand": four if earlier else {"JUNK": 1}, "spaces": {"YELLOW": 2}, "boxed": 6,
             **to_place},
            {"prince": "P4.T", "hand": four if earlier else {"PALANQUIN": 1}, "spaces": {"RED": 2}, "boxed": 6,
             **to_place},
            {"prince": "P6.T", "hand": {**four, "DRAGON": 1} if earlier else {"DRAGON": 1}, "spaces": {"BLUE": 2},
             "boxed": 6, **to_place},
        ],
        "districts": {"P1.T": {"open": {"Black": 2}}, "P1.L": {"open": {"White": 2}},
                      "P2.T": {"open": {"Grey": 2}}},
    }


def show(state: State, width: int = 900) -> Any:
    """The board of ``state`` with the places the decision now can use outlined in gold."""
    from lotus_kit.ming.screen.board import board_figure
    from lotus_kit.ming.screen.widget import legal_spots

    return board_figure(state, width=width, highlight=legal_spots(state))
