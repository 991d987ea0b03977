"""Golden playthroughs for any game: bot games saved as records with their event logs, replayed by the
game's tests and compared event by event.

A game's goldens live in ``tests/<game>/golden/``: ``<name>.json`` (the record) and ``<name>.txt`` (one
line per event: the step and the event in words). Which games are played is listed in
``playthroughs.toml`` there (players, seed, flags, bots per seat, cycled); without that file one game
per player count is played by random bots. ``scripts/golden.py --game NAME`` writes them; regenerate
only after a deliberate rules change, then read the diff of the ``.txt`` logs.
"""

from __future__ import annotations

import pathlib
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lotus_kit.core.bots import make_bot, play_game
from lotus_kit.core.records import GameRecord, load, new_setup, save

__all__ = ["Playthrough", "check_goldens", "event_log", "playthroughs", "record_playthrough", "write_goldens"]

SPEC = "playthroughs.toml"


@dataclass(frozen=True)
class Playthrough:
    name: str
    players: int
    seed: int
    flags: tuple[str, ...] = ()
    bots: str = "random"              # a bot per seat, comma-separated, cycled over the seats


def playthroughs(game: Any, directory: pathlib.Path) -> list[Playthrough]:
    """The playthroughs listed in ``directory/playthroughs.toml``, or one per player count."""
    spec = directory / SPEC
    if spec.exists():
        table = tomllib.loads(spec.read_text(encoding="utf-8"))
        return [Playthrough(name, int(v["players"]), int(v["seed"]), tuple(v.get("flags", ())), v.get("bots", "random"))
                for name, v in table.items()]
    info = game.info
    return [Playthrough(f"{n}p-default", n, 10 + n) for n in range(info.min_players, info.max_players + 1)]


def event_log(game: Any, states: Sequence[Any], actions: Sequence[Any] = ()) -> str:
    """One line per event: the step (actions applied) and the event in words with the game's seat names.

    A game whose states keep no events (Ming) is logged by its actions instead, each in the game's own
    words (``describe``) after the step it makes, and the final scores; pass the record's ``actions``."""
    if states and not hasattr(states[0], "events"):
        if len(actions) != len(states) - 1:
            raise ValueError(f"{game.name} keeps no events: its golden log needs the record's actions")
        lines = [f"{k + 1:4d} {game.describe(a, states[k])}\n" for k, a in enumerate(actions)]
        scores = ", ".join(f"{game.info.seat_name(s)} {v:g}" for s, v in enumerate(game.scores(states[-1])))
        return "".join(lines) + f"{len(actions):4d} scores: {scores}\n"
    name = game.info.seat_name
    return "".join(f"{step:4d} {ev.text(name)}\n" for step, state in enumerate(states) for ev in state.events)


def record_playthrough(game: Any, p: Playthrough) -> GameRecord:
    """The record of ``p`` played by its bots (seat ``k`` seeded ``10 * seed + k``)."""
    kinds = (p.bots.split(",") * p.players)[: p.players]
    bots = [make_bot(game, kind.strip(), p.seed * 10 + s) for s, kind in enumerate(kinds)]
    actions: list[Any] = []
    setup = new_setup(game, p.players, p.seed)
    play_game(game, game.start(setup, p.flags), bots, on_action=lambda _before, action, _after: actions.append(action))
    return GameRecord(game.name, setup, p.flags, tuple(actions))


def write_goldens(game: Any, directory: pathlib.Path) -> list[str]:
    """Play and write every playthrough of ``game`` into ``directory``; one summary line each."""
    directory.mkdir(parents=True, exist_ok=True)
    lines = []
    for p in playthroughs(game, directory):
        record = record_playthrough(game, p)
        save(record, directory / f"{p.name}.json")
        states = record.states()
        (directory / f"{p.name}.txt").write_text(event_log(game, states, record.actions), encoding="utf-8")
        lines.append(f"{p.name}: {len(record.actions)} actions, winners {sorted(game.winners(states[-1]))}")
    return lines


def check_goldens(game: Any, directory: pathlib.Path, names: Sequence[str] | None = None) -> Mapping[str, int]:
    """Replay each golden record of ``directory`` and compare its events with its log, line by line.
    ``AssertionError`` names the first event that differs; returns the number of events per name."""
    found = sorted(p.stem for p in directory.glob("*.json")) if names is None else list(names)
    if not found:
        raise AssertionError(f"no golden playthroughs in {directory}")
    counts = {}
    for name in found:
        record = load(directory / f"{name}.json")
        states = record.states()
        got = event_log(game, states, record.actions).splitlines()
        expected = (directory / f"{name}.txt").read_text(encoding="utf-8").splitlines()
        for k, (g, e) in enumerate(zip(got, expected, strict=False)):
            if g != e:
                raise AssertionError(f"{name}: event {k} differs:\n  got      {g}\n  expected {e}")
        if len(got) != len(expected):
            raise AssertionError(f"{name}: {len(got)} events, the golden log has {len(expected)}")
        if not game.is_over(states[-1]):
            raise AssertionError(f"{name}: the golden game does not end")
        counts[name] = len(got)
    return counts
