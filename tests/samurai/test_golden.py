"""Golden playthroughs (3, 4, 5 and 6 players; the default rules and three flag sets): whole seeded
bot games as records with their event logs, replayed and compared event by event. A difference means
an outcome changed: read the diff, then regenerate with ``python scripts/golden.py --game samurai``."""

from __future__ import annotations

import pathlib

from lotus_kit.core.golden import check_goldens, playthroughs

from .helpers import G

GOLDEN = pathlib.Path(__file__).parent / "golden"


def test_golden_playthroughs_replay_event_by_event():
    counts = check_goldens(G, GOLDEN)
    assert set(counts) == {p.name for p in playthroughs(G, GOLDEN)}
    assert all(n > 50 for n in counts.values())


def test_golden_games_cover_the_big_moments():
    text = "".join(p.read_text(encoding="utf-8") for p in GOLDEN.glob("*.txt"))
    for words in ("attacks", "wins the battle (SAM-BAT-3)", "plays Save Face", "passes (no Save Face)",
                  "commits Seppuku", "steals", "declares: my Daimyo is now Shogun", "allies with",
                  "refuses the alliance", "the castle", "the assassin rolls", "gains", "game over"):
        assert words in text, words
    players = {p.players for p in playthroughs(G, GOLDEN)}
    assert {3, 4, 6} <= players
