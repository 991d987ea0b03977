"""Regenerate the golden playthroughs in tests/white_lotus/golden/ (records + event logs).

Run after a deliberate rules change, then read the diff of the .txt logs: every changed line is
a changed outcome that must be explained by the change.
"""

from __future__ import annotations

import pathlib

from lotus_kit.core.records import save
from lotus_kit.white_lotus.bots import make_bot
from lotus_kit.white_lotus.engine import apply, to_act
from lotus_kit.white_lotus.game import new_record
from lotus_kit.white_lotus.seats import seat_name

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "tests" / "white_lotus" / "golden"
GAMES = {
    "3p-default": (3, 11, (), "heuristic,heuristic,random"),
    "4p-default": (4, 12, (), "heuristic"),
    "6p-default": (6, 13, (), "heuristic,random"),
    "4p-designer": (4, 14, ("WL_DESIGNER",), "heuristic"),
    "5p-finite-supply-chip-limit": (5, 15, ("WL_FINITE_SUPPLY", "WL_ENFORCE_CHIP_LIMIT"), "heuristic"),
}


def event_log(states) -> str:
    lines = []
    for step, state in enumerate(states):
        for ev in state.events:
            lines.append(f"{step:4d} {ev.text(seat_name)}")
    return "\n".join(lines) + "\n"


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, (players, seed, flags, bots) in GAMES.items():
        kinds = (bots.split(",") * players)[:players]
        seats = [make_bot(kind, seed * 10 + s) for s, kind in enumerate(kinds)]
        record = new_record(players, seed, flags)
        state = record.start()
        actions = []
        while not state.is_over:
            seat = min(to_act(state))
            action = seats[seat].choose(state, seat)
            state = apply(state, action)
            actions.append(action)
        record = record.with_actions(actions)
        save(record, GOLDEN / f"{name}.json")
        (GOLDEN / f"{name}.txt").write_text(event_log(record.states()), encoding="utf-8")
        print(f"{name}: {len(actions)} actions, {state.year} years, winners {state.winners}")


if __name__ == "__main__":
    main()
