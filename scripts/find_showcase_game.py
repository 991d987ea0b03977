"""Search seeded 4-player bot games for one worth walking through in notebook 2.

Wanted: a contested start palace in year 1, a successful rebellion, an emperor change, a close finish.
Writes the chosen record to notebooks/data/showcase-4p.json.
"""

from __future__ import annotations

import pathlib
import sys

from lotus_kit.core.records import save
from lotus_kit.white_lotus.bots import make_bot
from lotus_kit.white_lotus.engine import apply, to_act
from lotus_kit.white_lotus.events import ConflictRound, EmperorChanged, RebellionResolved
from lotus_kit.white_lotus.game import new_record

OUT = pathlib.Path(__file__).resolve().parents[1] / "notebooks" / "data" / "showcase-4p.json"


def play(seed: int, kinds: list[str]):
    record = new_record(4, seed)
    state = record.start()
    bots = [make_bot(k, seed * 10 + s) for s, k in enumerate(kinds)]
    actions, states = [], [state]
    while not state.is_over:
        seat = min(to_act(state))
        a = bots[seat].choose(state, seat)
        state = apply(state, a)
        actions.append(a)
        states.append(state)
    return record.with_actions(actions), states


def qualities(states) -> dict:
    palace = states[0].board.provinces[states[0].start_palace].id
    events = [(st.year, e) for st in states for e in st.events]
    contested_palace = any(isinstance(e, ConflictRound) and e.province == palace and y == 1 for y, e in events)
    rebels_won = sum(1 for _, e in events if isinstance(e, RebellionResolved) and e.winner == "rebels")
    changes = sum(1 for _, e in events if isinstance(e, EmperorChanged))
    totals = sorted((s.total for s in states[-1].scores), reverse=True)
    return {"contested_palace": contested_palace, "rebels_won": rebels_won, "emperor_changes": changes,
            "margin": totals[0] - totals[1], "years": states[-1].year}


def main(limit: int = 400) -> None:
    for seed in range(limit):
        record, states = play(seed, ["heuristic"] * 4)
        q = qualities(states)
        if q["contested_palace"] and q["rebels_won"] and q["emperor_changes"] >= 2 and q["margin"] <= 2:
            OUT.parent.mkdir(parents=True, exist_ok=True)
            record = type(record)(record.game, record.setup, record.flags, record.actions,
                                  {"title": "A full game, step by step", "players": "heuristic bots", **q})
            save(record, OUT)
            print(f"seed {seed}: {q} -> {OUT}")
            return
    print("no seed found", file=sys.stderr)


if __name__ == "__main__":
    main()
