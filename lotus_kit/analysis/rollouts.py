"""Positions by rollouts: win chances and expected scores from any state, and the mistakes of a game.

A *rollout* plays a state to the end with bots. Repeated with different seeds it estimates each
seat's win probability (a shared win counts as a share, WL-SCORE-5) and expected final score, with
95 % confidence intervals (Wilson for the win rate, normal for the mean score).

``information="player"`` draws every rollout from a determinised state (hidden card values, the pool
order and unrevealed sealed commitments resampled, see :mod:`lotus_kit.analysis.hidden`) as seen by
one seat, so the estimate uses nothing that seat could not know; the default ``"full"`` rolls out the
true state (an analyst's view after the game).

Anything that may take longer than a second shows a ``tqdm.auto`` progress bar (it appears only
after one second).

>>> from lotus_kit.white_lotus.engine import new_game
>>> ev = evaluate(new_game(3, seed=4), rollouts=4, seed=1, progress=False)
>>> round(sum(ev.win_rate), 6), len(ev.frame())
(1.0, 3)
"""

from __future__ import annotations

import math
import numbers
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lotus_kit.analysis.hidden import determinise
from lotus_kit.white_lotus.actions import Action
from lotus_kit.white_lotus.bots import Bot, make_bot, play_game
from lotus_kit.white_lotus.engine import apply, legal_actions, to_act
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import Phase, State

BotSpec = str | Sequence[str] | Callable[[int, int], Bot]
Z95 = 1.959963984540054


def wilson(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion.

    >>> tuple(round(x, 3) for x in wilson(0.5, 100))
    (0.404, 0.596)
    """
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(xs: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): a normal-approximation 95 % interval of the mean."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return (m, m, m)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return (m, m - z * sd / math.sqrt(n), m + z * sd / math.sqrt(n))


def bot_factory(bots: BotSpec, players: int) -> Callable[[int, int], Bot]:
    """``"heuristic"``, a list of kinds per seat, or a callable (seat, seed) -> bot."""
    if callable(bots):
        return bots
    kinds = [bots] * players if isinstance(bots, str) else list(bots)
    if len(kinds) != players:
        raise ValueError(f"give one bot kind per seat ({players}), not {len(kinds)}")
    return lambda seat, seed: make_bot(kinds[seat], seed)


def progress_bar(total: int, desc: str, enabled: bool | None = None):
    """A tqdm.auto bar that shows itself only after one second (``enabled=False``: never)."""
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, delay=1.0, disable=enabled is False, leave=False)


def rollout_seed(seed: int, index: int) -> int:
    """The seed of rollout ``index``: the same for every candidate compared (common random numbers)."""
    return (seed * 1_000_003 + index * 7_919) % (2**31)


def play_out(state: State, factory: Callable[[int, int], Bot], seed: int, information: str = "full",
             seat: int | None = None) -> State:
    """One rollout to the end of the game."""
    rng = random.Random(seed)
    if information == "player":
        if seat is None:
            raise ValueError("information='player' needs the seat whose view is used")
        state = determinise(state, seat, rng)
    bots = [factory(s, rng.randrange(2**31)) for s in range(state.players)]
    return play_game(state, bots)


def _shares(final: State) -> list[float]:
    share = 1.0 / len(final.winners)
    return [share if s in final.winners else 0.0 for s in range(final.players)]


@dataclass
class Evaluation:
    """Win probability and expected final score of every seat, with 95 % intervals."""

    players: int
    rollouts: int
    wins: list[list[float]]
    scores: list[list[int]]

    @property
    def win_rate(self) -> list[float]:
        return [sum(w) / len(w) for w in self.wins]

    def frame(self):
        import pandas as pd

        rows = []
        for s in range(self.players):
            p = self.win_rate[s]
            lo, hi = wilson(p, self.rollouts)
            m, mlo, mhi = mean_ci(self.scores[s])
            rows.append({"seat": s, "name": seat_name(s), "win_rate": p, "win_low": lo, "win_high": hi,
                         "score": m, "score_low": mlo, "score_high": mhi})
        return pd.DataFrame(rows)

    def __str__(self) -> str:
        lines = [f"{self.rollouts} rollouts:"]
        for r in self.frame().itertuples():
            lines.append(f"  {r.name:7s} wins {r.win_rate:5.1%} [{r.win_low:.1%}, {r.win_high:.1%}], "
                         f"score {r.score:5.2f} [{r.score_low:.2f}, {r.score_high:.2f}]")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return self.frame().to_html(index=False, float_format=lambda x: f"{x:.3f}")


def evaluate(state: State, rollouts: int = 100, bots: BotSpec = "heuristic", seed: int = 0,
             information: str = "full", seat: int | None = None, progress: bool | None = None) -> Evaluation:
    """Roll ``state`` out ``rollouts`` times with ``bots``; see the module doc for ``information``."""
    factory = bot_factory(bots, state.players)
    wins: list[list[float]] = [[] for _ in range(state.players)]
    scores: list[list[int]] = [[] for _ in range(state.players)]
    with progress_bar(rollouts, "rollouts", progress) as bar:
        for k in range(rollouts):
            final = play_out(state, factory, rollout_seed(seed, k), information, seat)
            for s, w in enumerate(_shares(final)):
                wins[s].append(w)
                scores[s].append(final.scores[s].total)
            bar.update(1)
    return Evaluation(state.players, rollouts, wins, scores)


def win_chance(state: State, seat: int, rollouts: int, factory: Callable[[int, int], Bot], seed: int,
               information: str = "full") -> list[float]:
    """The win shares of ``seat`` over ``rollouts`` rollouts (common seeds for a given ``seed``)."""
    out = []
    for k in range(rollouts):
        final = play_out(state, factory, rollout_seed(seed, k), information, seat)
        out.append(_shares(final)[seat])
    return out


DECISIONS = ("PlaceMarker", "Pass", "ChooseProvince", "Bid", "BreakTie", "DeclareRebellion", "JoinSide",
             "TakeReward", "PlaceChip", "TempleDraw", "TakeIncome")

MISTAKE_COLUMNS = ("step", "year", "phase", "seat", "kind", "decision", "win_made", "best_alternative", "win_best",
                   "swing", "std_error", "swing_std_error", "action", "alternative")
"""The columns of :func:`mistakes` (``action``/``alternative`` hold the Action objects themselves)."""


def _after(state: State, action: Action) -> State:
    return apply(state, action)


def _whole(value: Any) -> bool:
    """A whole number (a numpy integer too), not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


class MistakeSearch:
    """The work of :func:`mistakes`, one decision at a time, so that a widget can show progress and
    stay responsive between decisions (:class:`lotus_kit.ui.explorer.Explorer` does).

    The arguments are those of :func:`mistakes`; a bad budget raises ``ValueError`` at once, before
    any work. ``todo`` lists the decisions to judge as ``(step, action, legal actions)``;
    :meth:`step` judges the next one and returns its row; :meth:`frame` is the result so far.

    >>> from lotus_kit.core.records import load
    >>> search = MistakeSearch(load("notebooks/data/showcase-4p.json"), seats=[0], rollouts=1,
    ...                        alternatives=1, max_decisions=2)
    >>> search.total, search.done
    (2, 0)
    >>> while not search.finished:
    ...     row = search.step()
    >>> list(search.frame().columns[-2:]), search.done
    (['action', 'alternative'], 2)
    """

    def __init__(self, states: Sequence[State] | Any, actions: Sequence[Action] | None = None,
                 seats: Sequence[int] | None = None, rollouts: int = 16, alternatives: int = 3,
                 max_decisions: int | None = 20, kinds: Sequence[str] = DECISIONS, bots: BotSpec = "heuristic",
                 seed: int = 0, information: str = "player"):
        for name, value, least in (("rollouts", rollouts, 1), ("alternatives", alternatives, 0)):
            if not _whole(value) or value < least:
                raise ValueError(f"{name} must be a whole number of at least {least}, not {value!r}")
        if max_decisions is not None and (not _whole(max_decisions) or max_decisions < 1):
            raise ValueError(f"max_decisions must be None or a whole number of at least 1, not {max_decisions!r}")
        if actions is None:
            record = states
            actions = list(record.actions)
            states = record.states()
        states = list(states)
        actions = list(actions)
        if len(states) < len(actions) + 1:
            raise ValueError(f"{len(actions)} actions need {len(actions) + 1} states, not {len(states)}")
        first = states[0]
        seats = list(range(first.players)) if seats is None else list(seats)
        self.states = states
        self.rollouts, self.alternatives, self.seed, self.information = rollouts, alternatives, seed, information
        self.factory = bot_factory(bots, first.players)
        todo = []
        for k, action in enumerate(actions):
            state = states[k]
            if action.seat not in seats or type(action).__name__ not in kinds or state.is_over:
                continue
            legal = legal_actions(state, action.seat)
            if len(legal) > 1:
                todo.append((k, action, legal))
        if max_decisions is not None and len(todo) > max_decisions:
            every = len(todo) / max_decisions              # spread evenly over the game
            todo = [todo[int(i * every)] for i in range(max_decisions)]
        self.todo: list[tuple[int, Action, list[Action]]] = todo
        self.rows: list[dict[str, Any]] = []

    @property
    def total(self) -> int:
        return len(self.todo)

    @property
    def done(self) -> int:
        return len(self.rows)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def step(self) -> dict[str, Any]:
        """Judge the next decision: it and up to ``alternatives`` other legal choices, each rolled out
        ``rollouts`` times with the same seeds (common random numbers: the difference is less noisy
        than either win chance). Returns its row (``IndexError`` when every decision is judged)."""
        if self.finished:
            raise IndexError("every decision is judged")
        k, action, legal = self.todo[self.done]
        state = self.states[k]
        n, seed, info = self.rollouts, self.seed, self.information
        rng = random.Random(rollout_seed(seed, k))
        others = [a for a in legal if a != action]
        picks = rng.sample(others, min(self.alternatives, len(others)))
        made = win_chance(_after(state, action), action.seat, n, self.factory, seed + k, info)
        best, best_w, best_shares = None, -1.0, made
        for alt in picks:
            w = win_chance(_after(state, alt), action.seat, n, self.factory, seed + k, info)
            m = sum(w) / len(w)
            if m > best_w:
                best, best_w, best_shares = alt, m, w
        m_made = sum(made) / len(made)
        se = math.sqrt(max(m_made * (1 - m_made), 0.01) / n)
        # the swing is a paired difference (same seeds), so its error comes from the per-rollout
        # differences; one rollout cannot estimate a spread, so it gets the widest one a share has
        diffs = [b - a for a, b in zip(made, best_shares, strict=True)]
        var = statistics.variance(diffs) if n > 1 else 1.0
        row = {"step": k, "year": state.year, "phase": int(state.phase), "seat": action.seat,
               "kind": type(action).__name__, "decision": repr(action), "win_made": m_made,
               "best_alternative": repr(best) if best is not None else "",
               "win_best": best_w if best is not None else m_made,
               "swing": (best_w - m_made) if best is not None else 0.0, "std_error": se,
               "swing_std_error": math.sqrt(max(var, 0.01) / n) if best is not None else 0.0,
               "action": action, "alternative": best}
        self.rows.append(row)
        return row

    def frame(self):
        """The decisions judged so far as a DataFrame, biggest swing first."""
        import pandas as pd

        df = pd.DataFrame(self.rows, columns=list(MISTAKE_COLUMNS))
        return df.sort_values("swing", ascending=False, kind="stable").reset_index(drop=True)


def mistakes(states: Sequence[State] | Any, actions: Sequence[Action] | None = None,
             seats: Sequence[int] | None = None, rollouts: int = 16, alternatives: int = 3,
             max_decisions: int | None = 20, kinds: Sequence[str] = DECISIONS, bots: BotSpec = "heuristic",
             seed: int = 0, information: str = "player", progress: bool | None = None):
    """The decisions of ``seats`` in a recorded game, judged by rollouts, biggest swing first (a DataFrame).

    ``states`` is a :class:`~lotus_kit.core.records.GameRecord` (its states and actions are used) or a
    list of states with the ``actions`` between them. For each decision (of the ``kinds`` listed, with
    more than one legal choice) the decision made and up to ``alternatives`` others drawn at random
    from the legal ones are each rolled out ``rollouts`` times with the same seeds; ``swing`` is the
    best alternative's win chance minus the decision's. With ``max_decisions`` only that many
    decisions, spread evenly over the game, are judged (the cost is decisions x (alternatives + 1) x
    rollouts games). ``information="player"`` judges from the deciding seat's knowledge.
    Columns (:data:`MISTAKE_COLUMNS`): step, year, phase, seat, kind, decision (its repr), win_made,
    best_alternative (its repr), win_best, swing, std_error (of win_made), swing_std_error (of the
    paired difference), action and alternative (the Action objects; alternative None when none was
    tried). ``rollouts`` below 1 raises ``ValueError``. :class:`MistakeSearch` does the same work one
    decision at a time.
    """
    search = MistakeSearch(states, actions, seats, rollouts, alternatives, max_decisions, kinds, bots, seed,
                           information)
    with progress_bar(search.total, "decisions", progress) as bar:
        while not search.finished:
            search.step()
            bar.update(1)
    return search.frame()


def play_to(state: State, bots: Sequence[Bot], stop: Callable[[State], bool]) -> State:
    """Play with ``bots`` until ``stop(state)`` or the end of the game."""
    while not state.is_over and not stop(state):
        seat = min(to_act(state))
        state = apply(state, bots[seat].choose(state, seat))
    return state


def next_year(year: int) -> Callable[[State], bool]:
    """A stop condition: the claims phase of a later year has begun."""
    return lambda s: s.year > year and s.phase == Phase.CLAIMS


__all__ = ["MISTAKE_COLUMNS", "Evaluation", "MistakeSearch", "bot_factory", "evaluate", "mean_ci", "mistakes",
           "next_year", "play_out", "play_to", "progress_bar", "rollout_seed", "wilson", "win_chance"]
