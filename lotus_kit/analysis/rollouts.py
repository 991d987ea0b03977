"""Positions by rollouts: win chances and expected scores from any state, and the mistakes of a game.

Any game of the kit: ``game=`` takes a registered name or a game object (default White Lotus; a
:class:`~lotus_kit.core.records.GameRecord` given to :func:`mistakes` names its own game), and only
the protocol is used: ``to_act``, ``legal_actions``, ``apply``, ``is_over``, ``scores``, ``winners``
and the game's bots by name (``"heuristic"`` by default where the game has one, else ``"random"``).

A *rollout* plays a state to the end with bots. Repeated with different seeds it estimates each
seat's win probability (a shared win counts as a share, as ``game.winners`` shares it) and expected
final score, with 95 % confidence intervals (Wilson for the win rate, normal for the mean score).

``information="player"`` draws every rollout from a determinised state as seen by one seat, so the
estimate uses nothing that seat could not know; the default ``"full"`` rolls out the true state (an
analyst's view after the game). The game draws it: ``game.determinise(state, seat, rng)`` when the
game has one (White Lotus: hidden card values, the pool order and unrevealed sealed commitments
resampled consistently with the public totals, see :mod:`lotus_kit.white_lotus.hidden`), else
``game.redraw_hidden(state, seat, rng)``.

Anything that may take longer than a second shows a ``tqdm.auto`` progress bar (it appears only
after one second).

>>> from lotus_kit.white_lotus.engine import new_game
>>> ev = evaluate(new_game(3, seed=4), rollouts=4, seed=1, progress=False)
>>> round(sum(ev.win_rate), 6), len(ev.frame())
(1.0, 3)
>>> from lotus_kit.core.registry import get_game
>>> ev = evaluate(get_game("ming").new_game(2, seed=3), rollouts=2, game="ming", progress=False)
>>> list(ev.frame()["name"]), round(sum(ev.win_rate), 6)
(['Black', 'White'], 1.0)
"""

from __future__ import annotations

import math
import numbers
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lotus_kit.core.bots import Bot, make_bot, play_game
from lotus_kit.core.registry import get_game

State = Any
Action = Any
BotSpec = str | Sequence[str] | Callable[[int, int], Bot]
GameSpec = str | Any
DEFAULT_GAME = "white_lotus"
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


def resolve_game(game: GameSpec | None = None) -> Any:
    """The game object of ``game``: a registered name, a game object, or None for White Lotus."""
    if game is None:
        game = DEFAULT_GAME
    return get_game(game) if isinstance(game, str) else game


def default_bots(game: Any) -> str:
    """The bot rollouts use unless told: the game's ``"heuristic"`` bot where it has one, else ``"random"``."""
    return "heuristic" if "heuristic" in game.info.bots else "random"


def seats_of(game: Any, state: State) -> int:
    """The number of seats of ``state`` (its ``players`` where the state has it, else one per score)."""
    players = getattr(state, "players", None)
    return players if isinstance(players, int) else len(game.scores(state))


def bot_factory(bots: BotSpec | None, players: int, game: GameSpec | None = None) -> Callable[[int, int], Bot]:
    """``"heuristic"``, a list of kinds per seat, or a callable (seat, seed) -> bot; kinds are names
    of ``game.info.bots`` (None: :func:`default_bots`)."""
    if callable(bots):
        return bots
    g = resolve_game(game)
    if bots is None:
        bots = default_bots(g)
    kinds = [bots] * players if isinstance(bots, str) else list(bots)
    if len(kinds) != players:
        raise ValueError(f"give one bot kind per seat ({players}), not {len(kinds)}")
    return lambda seat, seed: make_bot(g, kinds[seat], seed)


def progress_bar(total: int, desc: str, enabled: bool | None = None):
    """A tqdm.auto bar that shows itself only after one second (``enabled=False``: never)."""
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, delay=1.0, disable=enabled is False, leave=False)


def rollout_seed(seed: int, index: int) -> int:
    """The seed of rollout ``index``: the same for every candidate compared (common random numbers)."""
    return (seed * 1_000_003 + index * 7_919) % (2**31)


def determinised(game: Any, state: State, seat: int, rng: random.Random) -> State:
    """A state as ``seat`` sees it, its hidden parts drawn afresh: the game's ``determinise`` hook when
    it has one (a state the game could have reached), else its ``redraw_hidden``."""
    draw = getattr(game, "determinise", None) or game.redraw_hidden
    return draw(state, seat, rng)


def play_out(state: State, factory: Callable[[int, int], Bot], seed: int, information: str = "full",
             seat: int | None = None, game: GameSpec | None = None) -> State:
    """One rollout to the end of the game."""
    g = resolve_game(game)
    rng = random.Random(seed)
    if information == "player":
        if seat is None:
            raise ValueError("information='player' needs the seat whose view is used")
        state = determinised(g, state, seat, rng)
    bots = [factory(s, rng.randrange(2**31)) for s in range(seats_of(g, state))]
    # a game may play its own bots faster (White Lotus: random bots on its fast core), same result
    fast = getattr(g, "play_out", None)
    return fast(state, bots) if fast is not None else play_game(g, state, bots)


def _shares(game: Any, final: State) -> list[float]:
    winners = game.winners(final)
    share = 1.0 / len(winners)
    return [share if s in winners else 0.0 for s in range(seats_of(game, final))]


def _points(value: float) -> float:
    """A score as counted: a whole number stays an int (every game of the kit counts whole points)."""
    return int(value) if float(value).is_integer() else value


@dataclass
class Evaluation:
    """Win probability and expected final score of every seat, with 95 % intervals."""

    players: int
    rollouts: int
    wins: list[list[float]]
    scores: list[list[float]]
    names: tuple[str, ...] = ()         # the seats' names (the game's seat_names); empty: "Seat 1", ...

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
            name = self.names[s] if s < len(self.names) else f"Seat {s + 1}"
            rows.append({"seat": s, "name": name, "win_rate": p, "win_low": lo, "win_high": hi,
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


def evaluate(state: State, rollouts: int = 100, bots: BotSpec | None = None, seed: int = 0,
             information: str = "full", seat: int | None = None, progress: bool | None = None, *,
             game: GameSpec | None = None) -> Evaluation:
    """Roll ``state`` of ``game`` out ``rollouts`` times with ``bots`` (None: :func:`default_bots`);
    see the module doc for ``information``."""
    g = resolve_game(game)
    players = seats_of(g, state)
    factory = bot_factory(bots, players, g)
    wins: list[list[float]] = [[] for _ in range(players)]
    scores: list[list[float]] = [[] for _ in range(players)]
    with progress_bar(rollouts, "rollouts", progress) as bar:
        for k in range(rollouts):
            final = play_out(state, factory, rollout_seed(seed, k), information, seat, g)
            points = g.scores(final)
            for s, w in enumerate(_shares(g, final)):
                wins[s].append(w)
                scores[s].append(_points(points[s]))
            bar.update(1)
    return Evaluation(players, rollouts, wins, scores, tuple(g.info.seat_name(s) for s in range(players)))


def win_chance(state: State, seat: int, rollouts: int, factory: Callable[[int, int], Bot], seed: int,
               information: str = "full", game: GameSpec | None = None) -> list[float]:
    """The win shares of ``seat`` over ``rollouts`` rollouts (common seeds for a given ``seed``)."""
    g = resolve_game(game)
    out = []
    for k in range(rollouts):
        final = play_out(state, factory, rollout_seed(seed, k), information, seat, g)
        out.append(_shares(g, final)[seat])
    return out

MISTAKE_COLUMNS = ("step", "year", "phase", "seat", "kind", "decision", "win_made", "best_alternative", "win_best",
                   "swing", "std_error", "swing_std_error", "action", "alternative")
"""The columns of :func:`mistakes` (``action``/``alternative`` hold the Action objects themselves)."""


def seat_of(game: Any, state: State, action: Action) -> int:
    """Who takes ``action`` in ``state``: its ``seat`` where actions carry one (Winter's do not: then
    the one seat to act)."""
    seat = getattr(action, "seat", None)
    return seat if isinstance(seat, int) else min(game.to_act(state))


def _phase(game: Any, state: State) -> Any:
    """The phase column: the state's own phase number where it has one, else the decision's kind."""
    phase = getattr(state, "phase", None)
    return int(phase) if isinstance(phase, int) else game.decision(state).kind


def _whole(value: Any) -> bool:
    """A whole number (a numpy integer too), not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


class MistakeSearch:
    """The work of :func:`mistakes`, one decision at a time, so that a widget can show progress and
    stay responsive between decisions (:class:`lotus_kit.ui.explorer.Explorer` does).

    The arguments are those of :func:`mistakes`; a bad budget raises ``ValueError`` at once, before
    any work. ``todo`` lists the decisions to judge as ``(step, seat, action, legal actions)``;
    :meth:`step` judges the next one and returns its row; :meth:`frame` is the result so far.
    ``game`` is that of the record given, else White Lotus unless named.

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
                 max_decisions: int | None = 20, kinds: Sequence[str] | None = None, bots: BotSpec | None = None,
                 seed: int = 0, information: str = "player", *, game: GameSpec | None = None):
        for name, value, least in (("rollouts", rollouts, 1), ("alternatives", alternatives, 0)):
            if not _whole(value) or value < least:
                raise ValueError(f"{name} must be a whole number of at least {least}, not {value!r}")
        if max_decisions is not None and (not _whole(max_decisions) or max_decisions < 1):
            raise ValueError(f"max_decisions must be None or a whole number of at least 1, not {max_decisions!r}")
        if actions is None:
            record = states
            if game is None:
                game = getattr(record, "game", None)
            actions = list(record.actions)
            states = record.states()
        self.game = g = resolve_game(game)
        if kinds is None:
            # the game may leave out decisions not worth judging (White Lotus: refunds)
            kinds = getattr(g, "judged_kinds", None)
        states = list(states)
        actions = list(actions)
        if len(states) < len(actions) + 1:
            raise ValueError(f"{len(actions)} actions need {len(actions) + 1} states, not {len(states)}")
        players = seats_of(g, states[0])
        seats = list(range(players)) if seats is None else list(seats)
        self.states = states
        self.rollouts, self.alternatives, self.seed, self.information = rollouts, alternatives, seed, information
        self.factory = bot_factory(bots, players, g)
        todo = []
        for k, action in enumerate(actions):
            state = states[k]
            if g.is_over(state) or (kinds is not None and type(action).__name__ not in kinds):
                continue
            seat = seat_of(g, state, action)
            if seat not in seats:
                continue
            legal = g.legal_actions(state, seat)
            if len(legal) > 1:
                todo.append((k, seat, action, legal))
        if max_decisions is not None and len(todo) > max_decisions:
            every = len(todo) / max_decisions              # spread evenly over the game
            todo = [todo[int(i * every)] for i in range(max_decisions)]
        self.todo: list[tuple[int, int, Action, list[Action]]] = todo
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
        k, seat, action, legal = self.todo[self.done]
        state = self.states[k]
        n, seed, info = self.rollouts, self.seed, self.information
        rng = random.Random(rollout_seed(seed, k))
        others = [a for a in legal if a != action]
        picks = rng.sample(others, min(self.alternatives, len(others)))
        g = self.game
        made = win_chance(g.apply(state, action), seat, n, self.factory, seed + k, info, g)
        best, best_w, best_shares = None, -1.0, made
        for alt in picks:
            w = win_chance(g.apply(state, alt), seat, n, self.factory, seed + k, info, g)
            m = sum(w) / len(w)
            if m > best_w:
                best, best_w, best_shares = alt, m, w
        m_made = sum(made) / len(made)
        se = math.sqrt(max(m_made * (1 - m_made), 0.01) / n)
        # the swing is a paired difference (same seeds), so its error comes from the per-rollout
        # differences; one rollout cannot estimate a spread, so it gets the widest one a share has
        diffs = [b - a for a, b in zip(made, best_shares, strict=True)]
        var = statistics.variance(diffs) if n > 1 else 1.0
        row = {"step": k, "year": getattr(state, "year", None), "phase": _phase(g, state), "seat": seat,
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
             max_decisions: int | None = 20, kinds: Sequence[str] | None = None, bots: BotSpec | None = None,
             seed: int = 0, information: str = "player", progress: bool | None = None, *,
             game: GameSpec | None = None):
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
                           information, game=game)
    with progress_bar(search.total, "decisions", progress) as bar:
        while not search.finished:
            search.step()
            bar.update(1)
    return search.frame()


def play_to(state: State, bots: Sequence[Bot], stop: Callable[[State], bool], game: GameSpec | None = None) -> State:
    """Play with ``bots`` until ``stop(state)`` or the end of the game."""
    g = resolve_game(game)
    while not g.is_over(state) and not stop(state):
        seat = min(g.to_act(state))
        state = g.apply(state, bots[seat].choose(state, seat))
    return state


def next_year(year: int) -> Callable[[State], bool]:
    """A stop condition of White Lotus: the claims phase of a later year has begun."""
    from lotus_kit.white_lotus.state import Phase

    return lambda s: s.year > year and s.phase == Phase.CLAIMS


__all__ = ["MISTAKE_COLUMNS", "Evaluation", "MistakeSearch", "bot_factory", "default_bots", "determinised", "evaluate",
           "mean_ci", "mistakes", "next_year", "play_out", "play_to", "progress_bar", "resolve_game", "rollout_seed",
           "seat_of", "seats_of", "wilson", "win_chance"]
