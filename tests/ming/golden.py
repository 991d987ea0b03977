"""Golden playthroughs of Ming Dynastie: whole games as text, one line per action, compared by
``test_golden.py``. Regenerate after a deliberate rules change with ``python -m tests.ming.golden``
and read the diff before committing it."""

from __future__ import annotations

import pathlib
import random

from lotus_kit.ming.actions import ChooseReturn
from lotus_kit.ming.engine import explain
from lotus_kit.ming.game import MING
from lotus_kit.ming.words import action_words

HERE = pathlib.Path(__file__).resolve().parent / "golden"
GAMES = {"2p": (2, 21, ()), "3p": (3, 31, ()), "4p": (4, 41, ()),
         "4p_variants": (4, 42, ("SET_EXCHANGE_END_OF_PHASE_OPTIONAL", "CITY_BONUS_OVERALL", "NO_CLOISTER_LOCK")),
         "2p_neutral_one": (2, 22, ("NEUTRAL_RETURN=ONE_PER_CITY",))}


def playthrough(players: int, seed: int, flags: tuple[str, ...] = ()) -> str:
    """A uniformly random game (seeded) in words: every action, the scoring breakdown of every automatic
    step (:func:`lotus_kit.ming.engine.explain`), every change of the scores."""
    state = MING.new_game(players, seed, flags)
    rng = random.Random(seed)
    lines = [f"Ming Dynastie, {players} players, seed {seed}, flags {list(flags)}",
             f"start player {state.seat_name(state.start_player)}; display {state.display}"]
    scores = state.scores
    step = 0
    while not MING.is_over(state):
        seat = min(MING.to_act(state))
        action = rng.choice(MING.legal_actions(state, seat))
        words = action_words(action, sealed=False) if isinstance(action, ChooseReturn) else MING.describe(action, state)
        lines.append(f"{step:4d} r{state.round} {state.phase:<14} {words}")
        state, events = explain(state, action)
        lines.extend(f"       · {e['text']}" for e in events)
        if state.scores != scores:
            scores = state.scores
            lines.append(f"     scores {dict(zip(MING.info.seat_names, scores, strict=False))}")
        step += 1
    winners = ", ".join(MING.info.seat_names[s] for s in sorted(MING.winners(state)))
    lines.append(f"game over after {step} actions; winners: {winners}")
    return "\n".join(lines) + "\n"


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name, (players, seed, flags) in GAMES.items():
        (HERE / f"{name}.txt").write_text(playthrough(players, seed, flags), encoding="utf-8")
        print("wrote", HERE / f"{name}.txt")


if __name__ == "__main__":
    main()
