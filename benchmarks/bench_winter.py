"""Winter engine speed: µs per action with legal actions (uniformly random games), beside White Lotus
measured in the same process; and the thaw solver's reach (``--reach``).

Prints medians of rounds and the ratio to the target; never asserted in tests (machines are noisy).
Run: ``python benchmarks/bench_winter.py`` (``--rounds N``, ``--games N`` per round, ``--wall`` for
wall-clock time instead of this process's CPU time, ``--reach`` for the solver's reach by cards left,
``--instructions`` for instructions per action under valgrind, which a loaded machine does not skew).
"Before" is the engine kept as the differential test's oracle (``tests/winter/oracle``), measured in
the same rounds.

"with legal actions" draws each action uniformly from the legal set: in a thaw turn the set is the
lazy :class:`~lotus_kit.winter.engine.ThawLegal` (every move counted per card from its target mask,
one drawn by index); "full list" builds every action int first, as a list.

The engine takes the compiled speedups (``speedups/``, the thaw's legal set in C) when they are
installed; ``LOTUS_KIT_PURE=1`` measures the pure-Python engine. ``--instructions`` counts both.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from lotus_kit.winter import engine as e
from lotus_kit.winter import speedups
from lotus_kit.winter.game import WINTER

TARGET_US = 20.0
clock = time.process_time


def winter_round(games: int, first_seed: int, flags: tuple[str, ...], full: bool,
                 checked: bool = True, engine=e) -> tuple[float, float, int]:
    """(µs per action with legal actions, µs per action replaying the same actions, actions).
    ``checked=False`` applies the drawn action without checking it again, as the solver does.
    ``engine``: this engine, or the one kept as the differential test's oracle (the "before")."""
    step = engine.apply_code if checked else engine.apply_legal
    n = 0
    spent = 0.0
    games_played = []
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        t0 = clock()
        s = _start(engine, seed, flags)
        actions = []
        while s.v[engine.PHASE] != engine.OVER:
            legal = engine.legal_codes(s) if full else engine.legal_view(s)
            c = rng.choice(legal)
            s = step(s, c)
            actions.append(c)
        spent += clock() - t0
        n += len(actions)
        games_played.append((seed, actions))
    t0 = clock()
    for seed, actions in games_played:
        s = _start(engine, seed, flags)
        for c in actions:
            s = engine.apply_code(s, c)
    return spent / n * 1e6, (clock() - t0) / n * 1e6, n


def _start(engine, seed: int, flags: tuple[str, ...]):
    s = WINTER.new_game(2, seed=seed, flags=flags)
    return s if engine is e else engine.new_state(s.deck, s.order, s.rules)


def _oracle():
    """The engine as it was before its speed work, kept by the differential test; None outside a
    source checkout."""
    try:
        from tests.winter.oracle import engine
    except ImportError:
        return None
    return engine


def white_lotus_round(games: int, first_seed: int) -> float:
    from yardstick import white_lotus_engine
    _wl = white_lotus_engine()
    apply, legal_actions, new_game, to_act = _wl.apply, _wl.legal_actions, _wl.new_game, _wl.to_act

    n = 0
    t0 = clock()
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        state = new_game(4, seed)
        while not state.is_over:
            seat = min(to_act(state))
            state = apply(state, rng.choice(legal_actions(state, seat)))
            n += 1
    return (clock() - t0) / n * 1e6


def reach(seconds: float, positions: int) -> None:
    """How many cards left on the lake the solver solves within ``seconds``: thaw positions right after
    a card left (the thaw count at 0), taken from random games that remove cards often. The seconds are
    this process's CPU time (``--wall``: wall-clock time), so that other programs' load does not eat them."""
    from lotus_kit.winter import solver
    from lotus_kit.winter.solver import solve

    solver.clock = clock

    found: dict[int, list] = {}
    for seed in range(400):
        rng = random.Random(seed)
        s = WINTER.new_game(2, seed=seed)
        while not s.is_over:
            n = len(s.cards)
            if s.phase == "thaw" and s.thaw_turns == 0 and len(found.setdefault(n, [])) < positions:
                found[n].append(s)
            codes = e.legal_codes(s)
            quick = [c for c in codes if c & 15 in (e.REMOVE, e.KEEP, e.TOKEN)]
            s = e.apply_code(s, rng.choice(quick if quick and s.phase.startswith("thaw") else codes))
        if all(len(found.get(k, ())) >= positions for k in range(1, 7)):
            break
    for n in range(1, 8):
        results = [solve(p, seconds=seconds) for p in found.get(n, [])]
        if not results:
            continue
        solved = [r for r in results if r.solved]
        worst = max((r.seconds for r in solved), default=0.0)
        print(f"  {n:2d} cards left: solved {len(solved)}/{len(results)} within {seconds:g} s"
              f" (slowest solved {worst:.2f} s; nodes up to {max(r.nodes for r in results):,})", flush=True)
        if not solved:
            break


def _play(engine_name: str, games: int, flags: tuple[str, ...]) -> None:
    """Random games and nothing else (run under valgrind by :func:`instructions`)."""
    engine = _oracle() if engine_name == "before" else e
    n = 0
    for seed in range(games):
        rng = random.Random(seed)
        s = _start(engine, seed, flags)
        while s.v[engine.PHASE] != engine.OVER:
            s = engine.apply_code(s, rng.choice(engine.legal_view(s)))
            n += 1
    print(n)


def instructions(games: int) -> None:
    """Instructions per action with legal actions under valgrind (cachegrind, no cache simulation):
    independent of the machine's load. A run of one game is taken off a run of ``games + 1`` (the same
    first game, then ``games`` more), so the imports and what the first game does once per process
    (reading the deck's data file, making tables) are not counted, as the other games' benchmarks
    count."""
    import os
    import shutil
    import subprocess
    import sys

    if shutil.which("valgrind") is None or _oracle() is None:
        print("instructions: needs valgrind and a source checkout (the oracle engine)")
        return

    def run(engine_name: str, n: int, flags: tuple[str, ...]) -> tuple[int, int]:
        env = dict(os.environ, LOTUS_KIT_PURE="1" if engine_name != "compiled" else "")
        out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              sys.executable, __file__, "--play", engine_name, str(n), *flags],
                             capture_output=True, text=True, check=True, env=env)
        refs = next(line for line in out.stderr.splitlines() if "I   refs" in line or "I refs" in line)
        return int(out.stdout.split()[-1]), int(refs.split()[-1].replace(",", ""))

    names = ["before", "now"] + (["compiled"] if speedups.load() is not None else [])
    for profile, flags in (("DEVIR", ()), ("BGA_HELP", ("BGA_HELP",))):
        per = {}
        for name in names:
            first, base = run(name, 1, flags)
            actions, total = run(name, games + 1, flags)
            per[name] = (total - base) / (actions - first)
        print(f"Winter {profile:8s}: {per['now'] / 1e3:6.0f}k instructions/action with legal actions "
              f"(before {per['before'] / 1e3:6.0f}k; {per['before'] / per['now']:.2f}x fewer)")
        if "compiled" in per:
            print(f"  with the compiled speedups: {per['compiled'] / 1e3:6.0f}k "
                  f"({per['before'] / per['compiled']:.2f}x fewer than before, "
                  f"{per['now'] / per['compiled']:.2f}x fewer than the pure engine)")
    if "compiled" not in names:
        print("  (the compiled speedups are not installed: `make` builds them)")


def main() -> None:
    global clock
    import sys

    if len(sys.argv) > 1 and sys.argv[1] == "--play":
        _play(sys.argv[2], int(sys.argv[3]), tuple(sys.argv[4:]))
        return
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--wall", action="store_true")
    ap.add_argument("--reach", action="store_true", help="also measure the solver's reach (1 s and 10 s)")
    ap.add_argument("--instructions", action="store_true",
                    help="only instructions per action under valgrind, now and before (load-independent)")
    args = ap.parse_args()
    if args.wall:
        clock = time.perf_counter
    if args.instructions:
        instructions(args.games)
        return

    print(f"python {sys.version.split()[0]}; {'wall-clock' if args.wall else 'CPU'} time; medians of "
          f"{args.rounds} rounds of {args.games} random games; Winter "
          f"{'with the compiled speedups' if e.compiled_thaw_entries else 'on pure Python (no compiled speedups)'}")
    wl = statistics.median(white_lotus_round(args.games, 100 * r) for r in range(args.rounds))
    print(f"White Lotus (4 players), same process: {wl:7.1f} µs/action with legal actions")
    before = _oracle()
    for profile, flags in (("DEVIR", ()), ("BGA_HELP", ("BGA_HELP",))):
        rounds, old = [], []
        for r in range(args.rounds):             # interleaved: load changes hit both alike
            rounds.append(winter_round(args.games, 1000 * r, flags, full=False))
            if before is not None:
                old.append(winter_round(args.games, 1000 * r, flags, full=False, engine=before))
        lazy = statistics.median(r[0] for r in rounds)
        bare = statistics.median(r[1] for r in rounds)
        actions = sum(r[2] for r in rounds) / (args.rounds * args.games)
        full = statistics.median(winter_round(args.games, 1000 * r, flags, full=True)[0]
                                 for r in range(args.rounds))
        search = statistics.median(winter_round(args.games, 1000 * r, flags, full=False, checked=False)[0]
                                   for r in range(args.rounds))
        print(f"Winter {profile:8s}: {lazy:7.1f} µs/action with legal actions "
              f"({lazy / TARGET_US:.1f}x the {TARGET_US:g} µs aim; {lazy / wl:.1f}x White Lotus), "
              f"{search:7.1f} without checking the drawn action again, {full:7.1f} with the full list, "
              f"{bare:6.1f} apply alone; {actions:.0f} actions a game")
        if old:
            was = statistics.median(r[0] for r in old)
            was_bare = statistics.median(r[1] for r in old)
            print(f"  before (the oracle engine, same rounds): {was:7.1f} µs/action with legal actions, "
                  f"{was_bare:6.1f} apply alone; now {was / lazy:.2f}x and {was_bare / bare:.2f}x as fast")
    if args.reach:
        for seconds in (1.0, 10.0):
            print(f"solver reach, {seconds:g} s {'wall-clock' if args.wall else 'CPU'} time per position:")
            reach(seconds, positions=3)


if __name__ == "__main__":
    main()
