"""Reference points: the same random-play loop over OpenSpiel games (``pip install -e ".[bench]"``).

Each game is played to the end choosing uniformly among ``legal_actions()`` (chance nodes sample
their outcomes) and ``apply_action``; the figure is CPU µs per applied action, chance actions
included, the median over repeats. Pure-Python games (``python_*``) show what an interpreted
engine costs; the C++ games driven from Python show the floor of a Python loop around a native one.
Run alone (``python benchmarks/bench_openspiel.py``) or from ``bench_engine.py``, which prints our
µs/action as a ratio to each. Never asserted in tests.
"""

from __future__ import annotations

import contextlib
import random
import statistics
import time

GAMES = ("python_tic_tac_toe", "python_kuhn_poker", "tic_tac_toe", "kuhn_poker", "leduc_poker")


def available() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    with contextlib.suppress(ImportError):
        import open_spiel.python.games  # noqa: F401  (registers the python_* games)
    return True


def _random_play(game, rng: random.Random) -> int:
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        n += 1
    return n


def us_per_action(name: str, clock=time.process_time, min_actions: int = 20_000, repeats: int = 5) -> float:
    """Median over ``repeats`` runs of random games (at least ``min_actions`` actions each) of µs per action."""
    import pyspiel

    if name not in pyspiel.registered_names():
        raise LookupError("not registered in this OpenSpiel build")
    game = pyspiel.load_game(name)
    rng = random.Random(0)
    if name.startswith("python_"):
        min_actions //= 4       # the pure-Python games are slow; a quarter is plenty for a median
    runs = []
    for _ in range(repeats):
        n = 0
        t0 = clock()
        while n < min_actions:
            n += _random_play(game, rng)
        runs.append((clock() - t0) / n * 1e6)
    return statistics.median(runs)


def main(clock=time.process_time) -> dict[str, float]:
    if not available():
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no reference loops")
        return {}
    import pyspiel

    print(f"OpenSpiel {getattr(pyspiel, '__version__', '?')}: random play, legal actions + apply, per action")
    out = {}
    for name in GAMES:
        try:
            out[name] = us_per_action(name, clock)
        except Exception as exc:    # a game missing from this OpenSpiel build is skipped, not fatal
            print(f"  {name:20s} skipped ({exc})")
            continue
        kind = "pure Python" if name.startswith("python_") else "C++ from Python"
        print(f"  {name:20s} {out[name]:8.2f} µs/action  ({kind})")
    return out


if __name__ == "__main__":
    main()
