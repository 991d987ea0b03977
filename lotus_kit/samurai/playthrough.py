"""Golden playthroughs: a whole seeded game written as text (every action in words, honor after it,
the battles' dice), compared by the tests with files in ``tests/samurai/golden/``.

Regenerate after an intended rule change and read the diff:
``python -m lotus_kit.samurai.playthrough tests/samurai/golden``
"""

from __future__ import annotations

import pathlib
import random
import sys
from collections.abc import Sequence

from lotus_kit.samurai.game import SAMURAI

SETTINGS: tuple[tuple[int, int, tuple[str, ...]], ...] = (
    (3, 1, ()),
    (4, 2, ()),
    (6, 3, ()),
    (4, 4, ("SEPPUKU_NEEDS_CARDS", "DECLARATION_AFTER_ACTIONS")),
    (4, 5, ("ALLIANCE_MAY_BE_REFUSED", "SAVE_FACE_BLOCKS_CAPTURE", "MULTI_DECLARATION")),
    (5, 17, ("SHOGUN_TO_ASSASSIN", "STEAL_INCLUDES_WARRIORS")),
)


def name(players: int, seed: int, flags: Sequence[str]) -> str:
    return f"{players}p_seed{seed}_{'_'.join(f.lower() for f in flags) or 'default'}.txt"


def playthrough(players: int, seed: int, flags: Sequence[str] = ()) -> str:
    """The game of ``seed`` with uniformly random legal choices (a second generator seeded alike)."""
    rng = random.Random(seed)
    state = SAMURAI.new_game(players, seed, flags)
    lines = [f"Ehre der Samurai, {players} players, seed {seed}, flags {list(flags) or 'default'}",
             f"start: {[state.house(p, 'daimyo').head for p in range(players)]}, honor {list(state.honor)}"]
    last_battle = None
    while not SAMURAI.is_over(state):
        decision = SAMURAI.decision(state)
        action = rng.choice(SAMURAI.legal_actions(state))
        words = SAMURAI.describe(action, state)
        turn = state.turn
        state = SAMURAI.apply(state, action)
        line = f"t{turn:>3} {decision.kind:<16} {words}"
        if state.last_battle != last_battle and state.last_battle is not None:
            b = state.last_battle
            line += (f" | dice {list(b['attacker_dice'])} vs {list(b['defender_dice'])}, rerolls {b['rerolls']}, "
                     f"winner seat {b['winner']}")
            last_battle = b
        if type(action).__name__ == "Assassin":
            line += f" | die {state.last_die}"
        lines.append(f"{line} | honor {list(state.honor)}")
    winners = sorted(state.winners)
    lines.append(f"over after {state.turn} turns: winners {winners}, honor {list(state.honor)}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str]) -> None:
    out = pathlib.Path(argv[0] if argv else "tests/samurai/golden")
    out.mkdir(parents=True, exist_ok=True)
    for players, seed, flags in SETTINGS:
        (out / name(players, seed, flags)).write_text(playthrough(players, seed, flags), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
