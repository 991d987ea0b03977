"""Simulation sweeps: seeds x player counts x rule variants x bot mixes -> pandas DataFrames.

:func:`sweep` plays every combination and returns one row per game (:attr:`Sweep.games`) and,
with ``events=True``, every event of every game (:attr:`Sweep.events`, the columns of
:func:`lotus_kit.white_lotus.frame.events_frame` plus ``game``).

Backends: by default the games run on all local cores (``concurrent.futures.ProcessPoolExecutor``,
one worker per core); given a ``dask.distributed.Client`` the same call runs on that cluster
(``client.map`` over chunks of games). In a browser kernel (JupyterLite's Pyodide) there are no
processes: the default backend plays the games in the kernel itself, one after the other. Each game
is a pure function of its spec (seed, players, rules, bots; bot seeds are derived from the game seed
and the seat), and rows are put back in spec order, so the results are identical for the same seeds
whatever the backend.

A club with a cluster runs a million games without code changes::

    from dask.distributed import Client
    client = Client("tcp://scheduler:8786")
    result = sweep(seeds=range(250_000), players=(3, 4, 5, 6), client=client)

>>> s = sweep(seeds=range(2), players=(3,), backend="serial", progress=False)
>>> len(s.games), list(s.games.columns[:5])
(2, ['game', 'seed', 'players', 'variant', 'bots'])
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lotus_kit.core import bots as core_bots
from lotus_kit.core import frame as core_frame
from lotus_kit.core.records import new_setup
from lotus_kit.core.registry import get_game
from lotus_kit.white_lotus import bots as bots_module
from lotus_kit.white_lotus.bots import play_game
from lotus_kit.white_lotus.engine import new_game
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.state import State

PUBLISHED: dict[str, tuple[str, ...]] = {"published": ()}
SCORE_PARTS = ("buildings", "group_bonus", "dragons", "vp_chips")


@dataclass(frozen=True)
class GameSpec:
    """One game of a sweep: everything that determines it."""

    game: int
    seed: int
    players: int
    variant: str
    flags: tuple[str, ...]
    mix: str
    bots: tuple[str, ...]
    first_emperor: int | None = None
    name: str = "white_lotus"         # the game (a name of lotus_kit.games())


def bot_kinds(mix: str | Sequence[str], players: int) -> tuple[str, ...]:
    """One bot kind per seat: a kind for every seat, or a list cycled over the seats.

    >>> bot_kinds(["montecarlo", "heuristic"], 3)
    ('montecarlo', 'heuristic', 'montecarlo')
    """
    kinds = [mix] if isinstance(mix, str) else list(mix)
    return tuple(kinds[s % len(kinds)] for s in range(players))


def game_specs(seeds: Iterable[int], players: Iterable[int] | None = None,
               variants: Mapping[str, Sequence[str]] | None = None,
               bots: Mapping[str, str | Sequence[str]] | None = None,
               first_emperor: int | None = None, game: str = "white_lotus") -> list[GameSpec]:
    """Every combination, in a fixed order (variant, bots, players, seed).

    ``players`` None: 3, 4 and 5 where the game allows them, else its default count; ``bots`` None:
    the game's heuristic bot where it has one, else its random bot. A player count the game does not
    have raises ``ValueError`` in one line."""
    info = get_game(game).info
    if players is None:
        players = tuple(p for p in (3, 4, 5) if info.min_players <= p <= info.max_players) or (info.default_players,)
    players = list(players)
    for p in players:
        if isinstance(p, bool) or not isinstance(p, int) or not info.min_players <= p <= info.max_players:
            raise ValueError(f"{info.title} is played by {info.players_text()}, not {p!r}")
    variants = dict(variants or PUBLISHED)
    kind = "heuristic" if "heuristic" in info.bots else "random"
    bots = dict(bots or {kind: kind})
    seeds = list(seeds)
    out = []
    for vname, flags in variants.items():
        if game == "white_lotus":
            RuleSet.from_flags(flags)               # fail early on an unknown flag
        for flag in flags:
            info.check_flag(flag)                   # one line naming the flag (or the game's flags)
        for mname, mix in bots.items():
            for p in players:
                for seed in seeds:
                    out.append(GameSpec(len(out), seed, p, vname, tuple(flags), mname, bot_kinds(mix, p),
                                        first_emperor, game))
    return out


def make_bot(kind: str, seed: int):
    """A bot by kind: any name of :data:`lotus_kit.white_lotus.bots.BOTS` (random, heuristic, montecarlo),
    or an OpenSpiel bot of :data:`lotus_kit.core.bots.AI_BOTS` (the ``[ai]`` extra)."""
    if kind in core_bots.AI_BOTS:
        return core_bots.make_bot(get_game("white_lotus"), kind, seed)
    return bots_module.make_bot(kind, seed)


def bot_seed(seed: int, seat: int) -> int:
    return (seed * 7_919 + seat * 104_729 + 1) % (2**31)


def play(spec: GameSpec) -> list[State]:
    """Every state of the game a spec describes."""
    if spec.name != "white_lotus":
        return _play_any(spec)
    state = new_game(spec.players, spec.seed, RuleSet.from_flags(spec.flags), spec.first_emperor)
    bots = [make_bot(kind, bot_seed(spec.seed, s)) for s, kind in enumerate(spec.bots)]
    states = [state]
    play_game(state, bots, on_action=lambda before, action, after: states.append(after))
    return states


def _play_any(spec: GameSpec) -> list[Any]:
    """Every state of a game of any game (the protocol's new_setup, bots by name, play_game)."""
    game = get_game(spec.name)
    state = game.start(new_setup(game, spec.players, spec.seed), spec.flags)
    bots = [core_bots.make_bot(game, kind, bot_seed(spec.seed, s)) for s, kind in enumerate(spec.bots)]
    states = [state]
    core_bots.play_game(game, state, bots, on_action=lambda before, action, after: states.append(after))
    return states


def _any_row(spec: GameSpec, states: Sequence[Any]) -> dict[str, Any]:
    """The one-row summary of a played game of any game: winners, scores and the margin."""
    game = get_game(spec.name)
    final = states[-1]
    winners = sorted(game.winners(final))
    scores = game.scores(final)
    row: dict[str, Any] = {
        "game": spec.game, "name": spec.name, "seed": spec.seed, "players": spec.players, "variant": spec.variant,
        "bots": spec.mix, "flags": " ".join(spec.flags), "seat_bots": " ".join(spec.bots),
        "winner": winners[0], "winners": " ".join(map(str, winners)), "shared_win": len(winners) > 1,
        "winner_bot": spec.bots[winners[0]], "actions": len(states) - 1,
    }
    for s in range(game.info.max_players):
        row[f"score_{s}"] = scores[s] if s < spec.players else None
    top = sorted(scores, reverse=True)
    row["margin"] = top[0] - top[1] if len(top) > 1 else 0
    return row


def game_row(spec: GameSpec, states: Sequence[State]) -> dict[str, Any]:
    """The one-row summary of a played game."""
    if spec.name != "white_lotus":
        return _any_row(spec, states)
    final = states[-1]
    first_emperor = states[0].events[0].first_emperor if states[0].events else states[0].emperor
    attempted = succeeded = changes = contested = ties = emperor_points = 0
    emperor_vp = [0] * spec.players
    for st in states:
        for ev in st.events:
            k = ev.kind
            if k == "RebellionAnswered" and ev.lead:
                attempted += 1
            elif k == "RebellionResolved" and ev.winner == "rebels":
                succeeded += 1
            elif k == "EmperorChanged":
                changes += 1
            elif k == "ProvinceSettled" and ev.contested:
                contested += 1
            elif k == "ConflictRound" and ev.decided_by_emperor is not None:
                ties += 1
            elif k == "EmperorPoint":
                emperor_points += 1
                emperor_vp[ev.seat] += 1
    winners = final.winners
    row: dict[str, Any] = {
        "game": spec.game, "seed": spec.seed, "players": spec.players, "variant": spec.variant,
        "bots": spec.mix, "flags": " ".join(spec.flags), "seat_bots": " ".join(spec.bots),
        "first_emperor": first_emperor, "final_emperor": final.emperor,
        "winner": winners[0], "winners": " ".join(map(str, winners)), "shared_win": len(winners) > 1,
        "winner_bot": spec.bots[winners[0]],
        "first_emperor_won": first_emperor in winners, "final_emperor_won": final.emperor in winners,
        "years": final.year, "actions": len(states) - 1,
        "rebellions_attempted": attempted, "rebellions_succeeded": succeeded,
        "emperor_changes": changes, "conflicts": contested, "emperor_tie_breaks": ties,
    }
    for s in range(6):
        line = final.scores[s] if s < spec.players else None
        row[f"score_{s}"] = line.total if line else None
        for part in SCORE_PARTS:
            row[f"{part}_{s}"] = getattr(line, part) if line else None
        row[f"palaces_{s}"] = line.palaces if line else None
        row[f"emperor_vp_{s}"] = emperor_vp[s] if line else None
    top = sorted((line.total for line in final.scores), reverse=True)
    row["margin"] = top[0] - top[1]
    return row


def run_games(specs: Sequence[GameSpec], events: bool = False) -> list[tuple[dict, list[dict]]]:
    """Play a chunk of games (the unit of work a process or a Dask worker runs)."""
    from lotus_kit.white_lotus.frame import event_rows

    out = []
    for spec in specs:
        states = play(spec)
        rows = []
        if events:
            rows = event_rows(states) if spec.name == "white_lotus" else \
                core_frame.event_rows(states, get_game(spec.name).info.seat_name)
            for r in rows:
                r["game"] = spec.game
        out.append((game_row(spec, states), rows))
    return out


@dataclass
class Sweep:
    """The result of a sweep: one row per game, and (if asked) one row per event."""

    games: Any
    events: Any = None
    backend: str = ""

    def summary(self):
        """Per variant, bot mix and player count: games, mean years, rebellion rates, first emperor's wins
        (White Lotus); for another game: games, mean actions and margin, shared wins, each seat's wins."""
        g = self.games
        if "years" not in g.columns:
            out = g.groupby(["variant", "bots", "players"]).agg(
                games=("game", "size"), actions=("actions", "mean"), margin=("margin", "mean"),
                shared_wins=("shared_win", "mean"))
            keys = ["variant", "bots", "players"]
            for s in sorted(g["winner"].dropna().unique()):
                out[f"seat_{int(s)}_wins"] = g.assign(won=g["winner"] == s).groupby(keys)["won"].mean()
            out["fair_share"] = 1 / out.index.get_level_values("players")
            return out
        out = g.groupby(["variant", "bots", "players"]).agg(
            games=("game", "size"), years=("years", "mean"),
            rebellions_per_game=("rebellions_attempted", "mean"),
            rebel_success=("rebellions_succeeded", "sum"), attempts=("rebellions_attempted", "sum"),
            first_emperor_wins=("first_emperor_won", "mean"), final_emperor_wins=("final_emperor_won", "mean"),
            emperor_changes=("emperor_changes", "mean"))
        out["rebel_success"] = out["rebel_success"] / out["attempts"].where(out["attempts"] > 0)
        out["fair_share"] = 1 / out.index.get_level_values("players")
        return out.drop(columns="attempts")


def can_fork() -> bool:
    """False in a browser kernel (Pyodide, ``sys.platform == "emscripten"``): no processes there."""
    return sys.platform != "emscripten"


def _chunks(specs: Sequence[GameSpec], size: int) -> list[list[GameSpec]]:
    return [list(specs[i:i + size]) for i in range(0, len(specs), size)]


def sweep(seeds: Iterable[int] = range(100), players: Iterable[int] | None = None,
          variants: Mapping[str, Sequence[str]] | None = None,
          bots: Mapping[str, str | Sequence[str]] | None = None, *, events: bool = False, client: Any = None,
          backend: str | None = None, workers: int | None = None, chunk_size: int | None = None,
          first_emperor: int | None = None, progress: bool | None = None, game: str = "white_lotus") -> Sweep:
    """Play seeds x players x variants x bot mixes; see the module doc.

    ``variants`` maps a name to rule flags (default ``{"published": ()}``), ``bots`` a name to a bot
    kind or a per-seat list (cycled); ``players`` and ``bots`` default as in :func:`game_specs`.
    ``backend``: ``"processes"`` (default without a client),
    ``"dask"`` (default with a client) or ``"serial"``. ``workers`` defaults to every core.

    Ctrl-C stops the workers at once and raises :class:`SweepInterrupted` carrying the finished games.
    """
    import pandas  # noqa: F401  -- imported now, not after a Ctrl-C when every second counts

    from lotus_kit.analysis.rollouts import progress_bar

    specs = game_specs(seeds, players, variants, bots, first_emperor, game)
    backend = backend or ("dask" if client is not None else "processes")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1 (None: every core), not {workers}")
    workers = workers or os.cpu_count() or 1
    if backend == "processes" and (workers == 1 or len(specs) <= 2 or not can_fork()):
        backend = "serial"
    if backend not in ("serial", "processes", "dask"):
        raise ValueError("backend must be 'processes', 'dask' or 'serial'")
    if backend == "dask" and client is None:
        raise ValueError("the dask backend needs a dask.distributed.Client")
    chunk_size = chunk_size or max(1, min(16, len(specs) // (4 * workers) or 1))
    chunks = _chunks(specs, chunk_size)
    results: dict[int, list] = {}
    try:
        with progress_bar(len(specs), "games", progress) as bar:
            def done(k: int, rows: list) -> None:
                results[k] = rows
                bar.update(len(chunks[k]))

            if backend == "serial":
                for k, ch in enumerate(chunks):
                    done(k, run_games(ch, events))
            elif backend == "processes":
                _on_processes(chunks, events, workers, done)
            else:
                _on_dask(client, chunks, events, done)
    except KeyboardInterrupt:
        # Ctrl-C: the backends have already stopped their workers; hand back what finished
        raise SweepInterrupted(_collect(chunks, results, events, backend), len(specs)) from None
    return _collect(chunks, results, events, backend)


class SweepInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`sweep`. ``partial`` is a :class:`Sweep` of the games that finished, in spec
    order (whole chunks only); ``total`` is how many games the sweep was asked to play."""

    def __init__(self, partial: Sweep, total: int):
        super().__init__(f"interrupted after {len(partial.games)} of {total} games")
        self.partial = partial
        self.total = total


def _ignore_sigint() -> None:
    # A terminal's Ctrl-C reaches the whole process group: the workers leave it to the parent,
    # which stops them, instead of each printing a KeyboardInterrupt traceback.
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_processes(chunks: list[list[GameSpec]], events: bool, workers: int, done) -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    ctx = multiprocessing.get_context("forkserver" if os.name == "posix" else "spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_ignore_sigint)
    try:
        futures = {pool.submit(run_games, ch, events): k for k, ch in enumerate(chunks)}
        for fut in as_completed(futures):
            done(futures[fut], fut.result())
    except BaseException:
        # Leaving a `with ProcessPoolExecutor` would wait for the whole queue (tens of seconds):
        # drop the queue and stop the running games now.
        terminate = getattr(pool, "terminate_workers", None)          # Python 3.14+
        if terminate is not None:
            terminate()
        else:                                   # before shutdown(), which forgets the processes
            running = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in running:
                proc.terminate()
        raise
    pool.shutdown(wait=True)


def _on_dask(client: Any, chunks: list[list[GameSpec]], events: bool, done) -> None:
    from dask.distributed import as_completed as dask_completed

    futures = client.map(run_games, chunks, [events] * len(chunks), pure=False)
    index = {f.key: k for k, f in enumerate(futures)}
    try:
        for fut in dask_completed(futures):
            done(index[fut.key], fut.result())
    except BaseException:
        client.cancel(futures)
        raise


def _collect(chunks: list[list[GameSpec]], results: dict[int, list], events: bool, backend: str) -> Sweep:
    import pandas as pd

    rows, event_rows = [], []
    for k in sorted(results):
        for row, evs in results[k]:
            rows.append(row)
            event_rows.extend(evs)
    games = pd.DataFrame(rows)
    ev = None
    if events:
        from lotus_kit.white_lotus.frame import COLUMNS

        white_lotus = not chunks or chunks[0][0].name == "white_lotus"
        ev = pd.DataFrame(event_rows, columns=["game", *(COLUMNS if white_lotus else core_frame.COLUMNS)])
    return Sweep(games, ev, backend)


def detail(events_frame, kind: str):
    """The ``detail`` JSON of one kind of event, expanded into columns (plus ``game`` and ``year``)."""
    import pandas as pd

    sel = events_frame[events_frame["kind"] == kind]
    details = pd.DataFrame([json.loads(d) for d in sel["detail"]], index=sel.index)
    keep = [c for c in ("game", "year") if c in sel.columns]
    return pd.concat([sel[keep], details.drop(columns=[c for c in keep if c in details.columns])], axis=1)


__all__ = ["GameSpec", "Sweep", "SweepInterrupted", "bot_kinds", "detail", "game_row", "game_specs", "make_bot", "play",
           "run_games", "sweep"]
