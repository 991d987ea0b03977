"""The ``lotus-kit`` command: play a bot game, replay a record, simulate many games, for any game.

    lotus-kit play [--game white_lotus] --players 4 --seed 1 [--variant WL_DESIGNER | targetHonor=250 ...]
                   [--bots heuristic,montecarlo,...] [--json] [--save game.json] [--quiet]
    lotus-kit replay game.json [--json]
    lotus-kit simulate [--game white_lotus] --games 200 --players 3,4 [--variant FLAG ...] [--baseline]
                       [--bots heuristic] [--workers N | --scheduler tcp://host:8786] [--out games.csv] [--json]

The player range, the variant flags and the bots come from the game's facts (``game.info``); the
log, the score table and the errors name seats by the game's seat names.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from lotus_kit.core import words
from lotus_kit.core.bots import make_bot
from lotus_kit.core.errors import LotusKitError
from lotus_kit.core.files import atomic_open
from lotus_kit.core.records import GameRecord, load, new_setup, save
from lotus_kit.core.registry import DEFAULT_GAME, games, get_game


def _summary(game: Any, record: GameRecord, state: Any) -> dict:
    return {"game": record.game, "setup": record.setup, "rules": list(record.flags), "actions": len(record.actions),
            **words.summary(game, state)}


def play(args: argparse.Namespace) -> int:
    game = args.game_object
    kinds = (args.bots.split(",") if args.bots else [_default_bot(game)])
    kinds = (kinds * args.players)[: args.players] if len(kinds) == 1 else kinds
    if len(kinds) != args.players:
        raise LotusKitError(f"--bots names {len(kinds)} bots for {args.players} players")
    bots = [make_bot(game, k, args.seed * 1000 + seat) for seat, k in enumerate(kinds)]
    record = GameRecord(game.name, new_setup(game, args.players, args.seed), tuple(args.variant))
    state = record.start()
    actions = []
    log = not args.json and not args.quiet

    def show(st: Any, before: Any = None, action: Any = None) -> None:
        events = getattr(st, "events", None)
        if events is None:        # a game whose states keep no events (Ming): its actions in its own words
            if action is not None:
                print(f"   {game.describe(action, before)}")
            return
        for ev in events:
            print(words.log_line(game, ev))

    if log:
        show(state)
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = bots[seat].choose(state, seat)
        before, state = state, game.apply(state, action)
        actions.append(action)
        if log:
            show(state, before, action)
    record = record.with_actions(actions)
    if args.save:
        save(record, args.save)
    if args.json:
        print(json.dumps(_summary(game, record, state), indent=1))
    else:
        print("\n" + getattr(game, "score_heading", "Final scores:"))
        print(words.score_table(game, state))
    if args.save:                              # stdout stays pure JSON with --json
        print(f"game record written to {os.path.abspath(args.save)}", file=sys.stderr if args.json else sys.stdout)
    return 0


def replay(args: argparse.Namespace) -> int:
    record = load(args.file)
    game = record.rules
    args.game_object = game                    # errors name seats as this game does
    state = record.replay()
    if args.json:
        print(json.dumps(_summary(game, record, state), indent=1))
    elif game.is_over(state):
        print(words.score_table(game, state))
    else:
        print(f"The record stops before the end: {state!r}")
    return 0


def _write_csv(games, path: str) -> None:
    with atomic_open(path, "w", newline="") as f:    # an interrupt never leaves half a file
        games.to_csv(f, index=False)


def simulate(args: argparse.Namespace) -> int:
    try:
        from lotus_kit.analysis.sweeps import SweepInterrupted, sweep
    except ImportError as e:
        raise LotusKitError(f"simulate needs the [analysis] extra (pip install 'lotus-kit[analysis]'): {e}") from None
    try:
        players = tuple(int(p) for p in args.players.split(","))
    except ValueError:
        raise LotusKitError(f"--players takes player counts like 3,4,5, not {args.players!r}") from None
    info = args.game_object.info
    if not players or any(p not in range(info.min_players, info.max_players + 1) for p in players):
        raise LotusKitError(f"--players: {info.title} is for {info.players_text()} ({info.rule_prefix}-SETUP-1)")
    if args.games < 1:
        raise LotusKitError("--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        raise LotusKitError(f"--workers must be at least 1 (leave it out to use every core), not {args.workers}")
    if args.out and not os.path.isdir(os.path.dirname(os.path.abspath(args.out))):
        raise LotusKitError(f"--out: no folder {os.path.dirname(os.path.abspath(args.out))!r} to write {args.out!r} in")
    kinds = args.bots.split(",")
    for k in kinds:
        if k not in info.bots:
            raise LotusKitError(f"unknown bot {k!r}; known: {', '.join(info.bots)}")
    variants = {"+".join(args.variant) or "published": tuple(args.variant)}
    if args.baseline and args.variant:
        variants = {"published": (), **variants}
    client = None
    if args.scheduler:
        from dask.distributed import Client

        client = Client(args.scheduler)
    total = args.games * len(players) * len(variants)
    try:
        if not args.json:
            counts, sets = ("s" if len(players) > 1 else ""), ("s" if len(variants) > 1 else "")
            print(f"playing {total} games: {args.games} seeds x {len(players)} player count{counts} ({args.players})"
                  f" x {len(variants)} rule set{sets} ({', '.join(variants)}); "
                  "Ctrl-C stops and keeps the finished games", flush=True)
        result = sweep(seeds=range(args.seed, args.seed + args.games), players=players, variants=variants,
                       bots={args.bots: kinds}, client=client, workers=args.workers, progress=not args.json,
                       game=args.game_object.name)
    except KeyboardInterrupt as stop:             # SweepInterrupted once games are under way
        partial = stop.partial if isinstance(stop, SweepInterrupted) else None
        done = 0 if partial is None else len(partial.games)
        if args.out and partial is not None and done:
            _write_csv(partial.games, args.out)
            kept = f"the {done} finished games are in {args.out}"
        elif args.out:
            kept = f"{args.out} left as it was"
        else:
            kept = "nothing written (no --out)"
        if not args.json:   # Ctrl-C can land while the progress bar is drawn: start the message on its own line
            sys.stderr.write("\r\033[K" if sys.stderr.isatty() else "\n")
        print(f"lotus-kit: interrupted after {done} of {total} games; {kept}", file=sys.stderr)
        return 130
    if args.out:
        _write_csv(result.games, args.out)
    summary = result.summary()
    if args.json:
        print(summary.reset_index().to_json(orient="records", indent=1))
    else:
        print(f"{len(result.games)} games ({result.backend}):")
        print(summary.to_string(float_format=lambda v: f"{v:.3f}"))
        if args.out:
            print(f"one row per game written to {args.out}")
    return 0


def _default_bot(game: Any) -> str:
    """The strongest plain bot a game names: its "heuristic" bot, else "random"."""
    return "heuristic" if "heuristic" in game.info.bots else "random"


def _game_name(argv: Sequence[str]) -> str:
    """The ``--game`` of the command line (before the full parser, whose choices depend on the game)."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--game", default=DEFAULT_GAME)
    known, _ = pre.parse_known_args(argv)
    return known.game


def build_parser(game: Any) -> argparse.ArgumentParser:
    info = game.info
    flags, bots = [f.usage for f in info.flags], list(info.bots)
    players = range(info.min_players, info.max_players + 1)
    parser = argparse.ArgumentParser(prog="lotus-kit", description=f"rules companion: {', '.join(games())}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a game with bots and print the log and final scores")
    p.add_argument("--game", default=DEFAULT_GAME, choices=games(), help="the game to play")
    p.add_argument("--players", type=int, default=info.default_players, choices=players)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--variant", action="append", default=[], metavar="FLAG",
                   help=f"a rule variant flag (repeatable): {', '.join(flags) or 'none'}")
    p.add_argument("--bots", help=f"comma-separated bot per seat ({'/'.join(bots)}), or one for all")
    p.add_argument("--json", action="store_true", help="print machine-readable results")
    p.add_argument("--save", help="write the game record (JSON) to this file")
    p.add_argument("--quiet", action="store_true", help="print only the final scores")
    p.set_defaults(run=play)
    r = sub.add_parser("replay", help="replay a game record and print the final scores")
    r.add_argument("file")
    r.add_argument("--game", default=DEFAULT_GAME, choices=games(), help="ignored: the record names its game")
    r.add_argument("--json", action="store_true")
    r.set_defaults(run=replay)
    m = sub.add_parser("simulate", help="play many seeded bot games and summarise them (needs [analysis])")
    m.add_argument("--game", default=DEFAULT_GAME, choices=games(), help="the game to simulate")
    m.add_argument("--games", type=int, default=100,
                   help="seeds per player count and rule set: --games 50 --players 3,4,5 --variant WL_DESIGNER "
                        "--baseline plays 50 x 3 x 2 = 300 games")
    m.add_argument("--seed", type=int, default=0, help="the first seed")
    m.add_argument("--players", default=",".join(map(str, list(players)[:3])), help="player counts, comma-separated")
    m.add_argument("--variant", action="append", default=[], metavar="FLAG",
                   help=f"a rule variant flag (repeatable): the flags together form one rule set: "
                        f"{', '.join(flags) or 'none'}")
    m.add_argument("--baseline", action="store_true", help="also play the published rules, for comparison")
    m.add_argument("--bots", default=_default_bot(game), help=f"bot per seat, cycled ({'/'.join(bots)})")
    m.add_argument("--workers", type=int, help="local processes (default: every core)")
    m.add_argument("--scheduler", help="run on this Dask cluster instead (tcp://host:8786)")
    m.add_argument("--out", help="write one row per game to this CSV file")
    m.add_argument("--json", action="store_true", help="print the summary as JSON")
    m.set_defaults(run=simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        game = get_game(_game_name(argv))
    except KeyError as exc:
        print(f"lotus-kit: --game: {exc.args[0]}", file=sys.stderr)
        return 2
    args = build_parser(game).parse_args(argv)
    args.game_object = game
    for flag in getattr(args, "variant", ()):
        try:                                  # NAME or NAME=VALUE, checked against the game's facts
            game.info.check_flag(flag)
        except ValueError as exc:
            print(f"lotus-kit: --variant: {exc}", file=sys.stderr)
            return 2
    try:
        return args.run(args)
    except BrokenPipeError:                   # the reader went away (| head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("lotus-kit: interrupted", file=sys.stderr)
        return 130
    except (LotusKitError, ValueError, OSError) as exc:
        # the log names seats by the game's names ("Blue"), so do the errors, not "seat 1"
        print(f"lotus-kit: {words.plain_words(args.game_object, str(exc))}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
