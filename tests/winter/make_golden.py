"""Write Winter's golden playthroughs: ``<name>.json`` (the record) and ``<name>.txt`` (one line per
event: the step and the event in words), in the layout of the kit's golden files."""

from __future__ import annotations

import pathlib
import tomllib

from lotus_kit.core.records import GameRecord, save
from lotus_kit.winter.bots import RandomBot
from lotus_kit.winter.game import WINTER

HERE = pathlib.Path(__file__).resolve().parent / "golden"


def playthroughs() -> dict[str, dict]:
    return tomllib.loads((HERE / "playthroughs.toml").read_text(encoding="utf-8"))


def play(seed: int, flags: tuple[str, ...]) -> GameRecord:
    bots = [RandomBot(10 * seed + k) for k in (0, 1)]
    state = WINTER.start({"players": 2, "seed": seed}, flags)
    actions = []
    while not state.is_over:
        seat = state.to_move
        action = bots[seat].choose(WINTER.observation(state, seat), seat)
        actions.append(action)
        state = WINTER.apply(state, action)
    return GameRecord("winter", {"players": 2, "seed": seed}, flags, tuple(actions))


def event_log(states) -> str:
    name = WINTER.info.seat_name
    return "".join(f"{step:4d} {ev.text(name)}\n" for step, state in enumerate(states) for ev in state.events)


def main() -> None:
    for name, p in playthroughs().items():
        record = play(int(p["seed"]), tuple(p.get("flags", ())))
        save(record, HERE / f"{name}.json")
        (HERE / f"{name}.txt").write_text(event_log(record.states()), encoding="utf-8")
        print(name, len(record.actions), "actions")


if __name__ == "__main__":
    main()
