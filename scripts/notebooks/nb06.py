from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# Rule variants: the disputed points of *Der weiße Lotus*

Nobody has the printed rulebook of *Der weiße Lotus* any more. The rules this kit plays are put
together from reviews and from the opening of Martin Wallace's original **designer rules**
([the rules text](../docs/rules/white-lotus.md), sections 15 and 16). Where the sources disagree,
the kit plays the *published* reading by default and offers the other reading as a **variant flag**.

This notebook shows what each flag changes — first on one recorded game, then over many games.
"""),
("code", r"""
import pandas as pd

from lotus_kit.core.errors import RecordError
from lotus_kit.core.records import GameRecord, load
from lotus_kit.white_lotus.bots import HeuristicBot, play_game
from lotus_kit.white_lotus.engine import new_game
from lotus_kit.white_lotus.events import EmperorChanged, RebellionResolved
from lotus_kit.white_lotus.rules import FLAG_NOTES, RuleSet
from lotus_kit.white_lotus.seats import seat_name

pd.DataFrame({"flag": list(FLAG_NOTES), "what it changes": list(FLAG_NOTES.values())})
"""),
("md", r"""
## 1. The same recorded game under another rule set

A game record is *settings + decisions*. Here is a complete 4-player game played under the published
rules. What happens if we replay **exactly the same decisions** under a variant? Either every decision
is still legal and we see where the outcome differs, or the replay stops at the first decision the
variant forbids — and the engine says which rule forbids it.
"""),
("code", r"""
record = load("data/showcase-4p.json")
original = record.states()
print(f"{len(record.actions)} decisions, {original[-1].year} years; winner:",
      ", ".join(seat_name(s) for s in original[-1].winners))


def replay_under(flag: str) -> dict:
    variant = GameRecord(record.game, record.setup, (flag,), record.actions)
    try:
        states = variant.states()
    except RecordError as exc:
        return {"flag": flag, "replays to the end": False, "stops at": exc.where, "why": exc.message[-120:]}
    final = states[-1]
    same = [s.total for s in final.scores] == [s.total for s in original[-1].scores]
    return {"flag": flag, "replays to the end": final.is_over, "stops at": "",
            "why": "same final scores" if same else "scores: " + ", ".join(
                f"{seat_name(s.seat)} {s.total}" for s in final.scores)}


replays = pd.DataFrame([replay_under(flag) for flag in FLAG_NOTES])
replays
"""),
("md", r"""
About half of the variants refuse a recorded decision sooner or later, each naming the rule that
forbids it: the designer rules allow blocks only on the lotus provinces in turn 1; with a single
starting combat card a recorded rebellion commitment spends cards the player never had; a loser who
keeps only the smaller half cannot take the refund that was recorded; when the emperor changes only
at the end of phase 2, the wrong player would be choosing the next province.

The other variants accept every decision of *this* game: their rule simply never came into play
(no tie for the largest group, the card supply never ran out, no winner of a rebellion lacked an
adjacent province). A rule variant is a difference only where the game reaches it.
"""),
("code", r"""
stopped = replays[~replays["replays to the end"]]
pd.set_option("display.max_colwidth", 200)
stopped[["flag", "stops at", "why"]]
"""),
("md", r"""
## 2. The same players under each rule set

A fairer comparison lets the players *decide again* under each rule set. Below, the same four
heuristic bots (same seeds) play the same deals once per rule set, and we compare how the games go:
how long they last, how often the emperor changes, how often the rebels try and win.
"""),
("code", r"""
SEEDS = range(8)
RULE_SETS = [()] + [(flag,) for flag in FLAG_NOTES]


def summary(flags: tuple[str, ...], seed: int) -> dict:
    rules = RuleSet.from_flags(flags)
    final = play_game(new_game(4, seed, rules), [HeuristicBot(seed * 10 + s) for s in range(4)],
                      on_action=lambda before, action, after: log.extend(after.events))
    rebellions = [e for e in log if isinstance(e, RebellionResolved)]
    row = {"rules": flags[0] if flags else "published", "seed": seed, "years": final.year,
           "emperor changes": sum(isinstance(e, EmperorChanged) for e in log),
           "rebellions": len(rebellions), "rebels won": sum(e.winner == "rebels" for e in rebellions),
           "winning score": max(s.total for s in final.scores),
           "emperor won": final.emperor in final.winners}
    log.clear()
    return row


log: list = []
games = pd.DataFrame([summary(flags, seed) for flags in RULE_SETS for seed in SEEDS])
table = games.groupby("rules", sort=False).agg(
    years=("years", "mean"), emperor_changes=("emperor changes", "mean"), rebellions=("rebellions", "mean"),
    rebels_won=("rebels won", "sum"), winning_score=("winning score", "mean"), emperor_won=("emperor won", "mean"))
table.round(2)
"""),
("md", r"""
A few things to read off the table (the shortest and longest game under each rule set are below):

- Under **`WL_DESIGNER`** every game lasts exactly **4 turns** — the designer rules replace the
  "until China is divided" end with a fixed length.
- Under the **published rules** a 4-player game lasts several years, until every province has an owner.
- Flags that only change a rare situation (a tie for the largest group, an exhausted card supply)
  leave the averages alone over a handful of games; the big levers are the designer rules and the
  flags that change who may take what in a rebellion.
"""),
("code", r"""
games.groupby("rules", sort=False)["years"].agg(["min", "max"])
"""),
("md", r"""
## 3. Published and designer rules side by side

The same deal, the same bots: the board at the end of the game under each rule set.
"""),
("code", r"""
from lotus_kit.views.board import board_figure

published = play_game(new_game(4, 3), [HeuristicBot(30 + s) for s in range(4)])
designer = play_game(new_game(4, 3, RuleSet.from_flags(["WL_DESIGNER"])), [HeuristicBot(30 + s) for s in range(4)])
board_figure(published)
"""),
("code", r"""
board_figure(designer)
"""),
("md", r"""
Under the designer rules the whole board fills up after turn 1 (every other province gets a tile
at once), so the map is crowded early and the four turns are fought over the same tiles; under the
published rules China is opened up province by province from the lotus heartland.

**Try it:** change `SEEDS` or the player count above and rerun; or replay the recorded game under two
flags at once: `GameRecord(record.game, record.setup, ("WL_FINITE_SUPPLY", "WL_CHAIN_TIE_NONE"), record.actions)`.
"""),
]
write(NOTEBOOKS / "06_rule_variants.ipynb", cells)
