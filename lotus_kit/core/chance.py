"""Explicit chance: every draw and die as a node of its own, for tree search and game-AI libraries.

Seeded play (the default) keeps the generator in the state, so a game is its seed plus its actions.
Tree algorithms (OpenSpiel's MCTS, CFR) need instead to see each chance event as a node with its
outcomes and their probabilities. A game offers that with three optional methods (a mix-in here):

- ``chance_start(players, flags=())``: the game with explicit chance; the setup's own draws (deck
  order, start chips, the first player) come first, as chance nodes;
- ``chance_outcomes(state)``: ``((outcome, probability), ...)``, non-empty exactly at a chance node
  (a :class:`ChanceNode`; nobody acts there); the outcomes are ints, the probabilities sum to 1;
- ``apply_chance(state, outcome)``: the state after that outcome (maybe the next chance node);
- ``describe_chance(state, outcome)``: the outcome in words.

``apply(state, action)`` on a state of such a game returns a chance node when the step draws.

How: a draw of an engine goes through :func:`lotus_kit.core.rng.randbelow` or ``weighted`` with
the generator state carried in the game state. With explicit chance that state is a *script*, a
tuple of the outcomes chosen so far. A draw takes the next outcome from it; when the script is used
up the draw raises :class:`ChanceNeeded` with the weights of what it can draw. The interrupted step
is pure, so nothing is lost: :class:`ChanceNode` keeps the state before the step, the action and the
outcomes chosen so far, and ``apply_chance`` runs the step again with one more outcome. A step that
draws k times is run k + 1 times; steps draw rarely.

Choosing at every node the outcome the seeded generator would have drawn reproduces the seeded
game (the tests of each game check this), so the two modes are the same game.

>>> scripted((2, 0), (1, 1, 1))
(2, (0,))
>>> scripted((), (3, 0, 1))
Traceback (most recent call last):
...
lotus_kit.core.chance.ChanceNeeded: a draw with weights (3, 0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from lotus_kit.core.errors import IllegalAction, quote

__all__ = ["ChanceNeeded", "ChanceNode", "ExplicitChance", "is_chance", "scripted", "uniform"]


class ChanceNeeded(Exception):
    """Raised by a scripted draw whose script is used up: the step needs one more chance outcome."""

    def __init__(self, weights: tuple[int, ...]):
        super().__init__(f"a draw with weights {weights}")
        self.weights = weights


def scripted(script: tuple[int, ...], weights: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """The next outcome of ``script`` (an index into ``weights``) and the rest of the script."""
    if not script:
        raise ChanceNeeded(weights)
    k = script[0]
    if not 0 <= k < len(weights) or not weights[k]:
        raise ValueError(f"chance outcome {k} is impossible here (weights {weights})")
    return k, script[1:]


def uniform(script: tuple[int, ...], n: int) -> tuple[int, tuple[int, ...]]:
    """A scripted draw of one of ``n`` equally likely outcomes."""
    return scripted(script, (1,) * n)


@dataclass(frozen=True, slots=True)
class ChanceNode:
    """A moment where chance decides next: the step that drew, replayed with more outcomes.

    ``before`` is the state before the step (None for the setup of ``players`` with ``flags``),
    ``action`` the action being applied, ``drawn`` the outcomes chosen so far in this step and
    ``weights`` what the next draw can give (outcome ``k`` with probability ``weights[k] / total``).
    """

    players: int
    flags: tuple[str, ...]
    before: Any
    action: Any
    drawn: tuple[int, ...]
    weights: tuple[int, ...]

    def outcomes(self) -> tuple[tuple[int, float], ...]:
        total = sum(self.weights)
        return tuple((k, w / total) for k, w in enumerate(self.weights) if w)


def is_chance(state: Any) -> bool:
    """True at a chance node of explicit chance."""
    return type(state) is ChanceNode


class ExplicitChance:
    """Mix-in for a game object: explicit chance from two hooks the game writes.

    - ``_chance_setup(players, flags, script)``: the first state, drawing from ``script``;
    - ``_chance_step(state, action, script)``: ``apply`` with ``script`` as the state's generator
      (a game whose draws all happen at the setup need not write it).

    Both raise :class:`ChanceNeeded` when the script is used up. ``chance_rule`` is the rule id of
    the refusal of an impossible outcome.
    """

    chance_rule = "CHANCE"

    def _chance_setup(self, players: int, flags: tuple[str, ...], script: tuple[int, ...]) -> Any:
        raise NotImplementedError

    def _chance_step(self, state: Any, action: Any, script: tuple[int, ...]) -> Any:
        return self.apply(state, action)   # type: ignore[attr-defined]

    def chance_start(self, players: int, flags: Sequence[str] = ()) -> Any:
        """The game of ``players`` with explicit chance: a chance node while the setup draws."""
        return self._run(ChanceNode(players, tuple(flags), None, None, (), ()), ())

    def chance_outcomes(self, state: Any) -> tuple[tuple[int, float], ...]:
        """``((outcome, probability), ...)`` at a chance node; ``()`` anywhere else."""
        return state.outcomes() if type(state) is ChanceNode else ()

    def apply_chance(self, state: Any, outcome: int) -> Any:
        """The state after chance gave ``outcome`` at the chance node ``state``."""
        if type(state) is not ChanceNode:
            raise IllegalAction(self.chance_rule, "no chance event is due here: a player decides")
        if type(outcome) is not int or not 0 <= outcome < len(state.weights) or not state.weights[outcome]:
            raise IllegalAction(self.chance_rule, f"chance cannot give {quote(outcome)} here; possible: "
                                f"{', '.join(str(k) for k, _ in state.outcomes())}")
        return self._run(state, (*state.drawn, outcome))

    def describe_chance(self, state: Any, outcome: int) -> str:
        """The outcome in words (``"a temple chip next in the draw pool"``); the game's ``_chance_words``."""
        words = self._chance_words(state, outcome) if type(state) is ChanceNode else ""
        return words or f"chance outcome {outcome}"

    def _chance_words(self, node: ChanceNode, outcome: int) -> str:
        return ""

    def _explicit_apply(self, state: Any, action: Any, script: tuple[int, ...] = ()) -> Any:
        """``apply`` of a state with explicit chance: a chance node when the step draws."""
        return self._run(ChanceNode(0, (), state, action, (), ()), script)

    def _run(self, node: ChanceNode, drawn: tuple[int, ...]) -> Any:
        try:
            if node.before is None:
                return self._chance_setup(node.players, node.flags, drawn)
            return self._chance_step(node.before, node.action, drawn)
        except ChanceNeeded as need:
            return replace(node, drawn=drawn, weights=need.weights)
