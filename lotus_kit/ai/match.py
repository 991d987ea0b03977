"""A match between OpenSpiel's ISMCTS and the kit's Monte-Carlo bot, with win rates and their intervals.

Each game seats ``openspiel:ismcts`` and ``montecarlo`` (in a game for three or more, the other seats are
filler bots, ``random`` by default), the seats rotating from game to game so that no bot keeps the best
seat. :func:`summary` gives per bot the games, the wins (a shared win counts as a share), the win rate with
its Wilson 95 % interval and the mean score; and head to head how often ISMCTS finished above the
Monte-Carlo bot (ties count half). ``benchmarks/bench_ismcts_match.py`` runs it from the command line.

>>> lo, hi = wilson(5, 10)
>>> round(lo, 3), round(hi, 3)
(0.237, 0.763)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from lotus_kit.core.bots import make_bot, play_game
from lotus_kit.core.registry import get_game

__all__ = ["ISMCTS", "MC_SETTINGS", "MONTECARLO", "play_match", "summary", "wilson"]

ISMCTS, MONTECARLO = "openspiel:ismcts", "montecarlo"

# the Monte-Carlo bot's budget (attributes of the game's bot): a few hundred games should take hours, not days
MC_SETTINGS = {"white_lotus": {"determinisations": 1, "max_candidates": 3},
               "winter": {"playouts": 4, "candidates": 6},
               "samurai": {"rollouts": 3, "candidates": 4}}


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % for ``z=1.96``); (0, 1) without games."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def lineup(game: Any, players: int, filler: str) -> list[str]:
    return [ISMCTS, MONTECARLO] + [filler] * (players - 2)


def bot(game: Any, name: str, seed: int, simulations: int) -> Any:
    b = make_bot(game, name, seed)
    if name == ISMCTS:
        b.simulations = simulations
    elif name == MONTECARLO:
        for key, value in MC_SETTINGS.get(game.name, {}).items():
            setattr(b, key, value)
    return b


def play_match(name: str, games: int, players: int | None = None, simulations: int = 8, filler: str = "random",
               seed: int = 0, minutes: float | None = None, flags: Sequence[str] = (), first: int = 0,
               on_game: Callable[[list[dict[str, Any]]], None] | None = None) -> list[dict[str, Any]]:
    """One row per seat and game: game, seat, bot, score, won (a share), CPU seconds of the game.

    Games ``first`` to ``first + games - 1`` are played (game ``g`` deals from seed ``seed + g`` and rotates
    the seats by ``g``), so a match stopped part-way resumes where it stopped; ``on_game`` gets each game's
    rows as soon as it ends, so that a long run keeps what it has played.
    """
    game = get_game(name)
    players = players or game.info.min_players
    names = lineup(game, players, filler)
    rows: list[dict[str, Any]] = []
    stop = time.monotonic() + 60 * minutes if minutes else math.inf
    for g in range(first, first + games):
        if time.monotonic() > stop:
            break
        k = g % players
        order = names[k:] + names[:k]                 # rotate the seats
        start = time.process_time()
        final = play_game(game, game.new_game(players, seed + g, flags),
                          [bot(game, n, 1000 * (seed + g) + s, simulations) for s, n in enumerate(order)])
        scores, winners = game.scores(final), game.winners(final)
        cpu = time.process_time() - start
        played = [{"game": g, "seat": s, "bot": n, "score": scores[s],
                   "won": 1 / len(winners) if s in winners else 0.0, "cpu_seconds": cpu}
                  for s, n in enumerate(order)]
        rows += played
        if on_game is not None:
            on_game(played)
    return rows


def summary(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per bot: games, wins, win rate and its Wilson interval, mean score; then ISMCTS above Monte-Carlo."""
    rows = list(rows)
    out = []
    for name in dict.fromkeys(r["bot"] for r in rows):
        mine = [r for r in rows if r["bot"] == name]
        games = len({r["game"] for r in mine})
        wins = sum(r["won"] for r in mine)
        low, high = wilson(wins, games)
        out.append({"bot": name, "games": games, "wins": wins, "win_rate": wins / games if games else 0.0,
                    "low": low, "high": high, "mean_score": sum(r["score"] for r in mine) / max(1, len(mine))})
    above = 0.0
    games = sorted({r["game"] for r in rows})
    for g in games:
        score = {r["bot"]: r["score"] for r in rows if r["game"] == g and r["bot"] in (ISMCTS, MONTECARLO)}
        above += 1.0 if score[ISMCTS] > score[MONTECARLO] else 0.5 if score[ISMCTS] == score[MONTECARLO] else 0.0
    low, high = wilson(above, len(games))
    out.append({"bot": "ismcts above montecarlo", "games": len(games), "wins": above,
                "win_rate": above / len(games) if games else 0.0, "low": low, "high": high, "mean_score": math.nan})
    return out
