from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# Conflict lab: what should I bid?

Set up a conflict, try bids, and see every outcome — then ask the kit for the **best bids**: the
equilibrium of the sealed bidding game, and your odds for any bid against different kinds of
opponents. The rules of a conflict are in [the rules text](../docs/rules/white-lotus.md), WL-CONF-5 to 14.

A reminder: each participant secretly names one rival (his dragon card) and commits influence cards.
The player under the highest pressure leaves and gets back what he committed minus half of it,
rounded down (5 gives back 3); the others discard what they committed. Ties go to the emperor.
"""),
("code", r"""
import ipywidgets as widgets

from lotus_kit.analysis import best_bids, outcome_table
from lotus_kit.analysis.conflict import readable_outcomes
from lotus_kit.ui import BoardWidget, ConflictsPanel, GameSession
from lotus_kit.views.analysis_charts import bid_mix_chart, bid_odds_chart
from lotus_kit.white_lotus.actions import Bid
from lotus_kit.white_lotus.engine import apply
from lotus_kit.white_lotus.position import position, validate
from lotus_kit.white_lotus.seats import seat_name

RED, BLUE, GREEN, YELLOW = range(4)
"""),
("md", r"""
## 1. Set up the position

A position is a plain description: who owns what, which provinces hold neutral chips, the markers,
the hands, the emperor. Here **Red and Blue both claim Chengdu, a palace**, in year 3; Yellow is
emperor and not involved. Edit the description and rerun: the kit tells you if a position is impossible.
"""),
("code", r"""
setup = {
    "players": 4, "year": 3, "phase": 2, "emperor": YELLOW,
    "owners": {"DATO": [YELLOW, "P"], "JINA": [YELLOW, "T"], "FENG": [RED, "R"], "HENA": [BLUE, "F"],
               "LUZH": [GREEN, "V"], "TIAN": [RED, "V"]},
    "neutral": {"CHEN": "P"},
    "markers": {"CHEN": [RED, BLUE]},
    "hands": {RED: {"influence": [3, 3, 2, 2, 1, 1, 0]}, BLUE: {"influence": [3, 3, 2, 1, 0]}},
}
print(validate(setup) or "a possible position")
print(validate({**setup, "markers": {"CHEN": [RED, BLUE], "DATO": [GREEN]}}))   # an impossible one, explained
conflict = position(setup)
board = BoardWidget(conflict, width=640)
board
"""),
("md", r"""
## 2. Every outcome of one round

With 7 cards against 5 there are only so many different bids (equal-valued card sets are merged).
The table lists every pair of bids and what happens: who leaves, what each loses, and what the one
who leaves gets back. (`outcome_table` gives the same rows as numbers, for your own analysis.)
"""),
("code", r"""
table = outcome_table(conflict)
print(len(table), "bid pairs")
readable_outcomes(table).head(12)
"""),
("code", r"""
# the table agrees with the engine: resolve one row for real (Red bids 5, Blue 4)
row = table[(table.value_0 == 5) & (table.value_1 == 4)].iloc[0]
print("The table:", readable_outcomes(table).loc[row.name, "outcome"])
after = apply(apply(conflict, Bid(RED, BLUE, tuple(row.cards_0))), Bid(BLUE, RED, tuple(row.cards_1)))
event = next(e for e in after.events if e.kind == "ConflictRound")
print("The engine:", event.text(seat_name))
"""),
("md", r"""
## 3. Try a bid yourself

You are Red. Blue's bid is hidden until you commit (the bot decides it); the reveal shows the
breakdown. Rerun the cell to try again from the same position.
"""),
("code", r"""
trial = GameSession.from_state(conflict, seats=["human", "heuristic", "heuristic", "heuristic"])
trial_board = BoardWidget(conflict, width=560)
widgets.VBox([ConflictsPanel(trial, trial_board, seat=RED), trial_board])
"""),
("md", r"""
## 4. The best bids

The bidding is a game of its own: bid too little and you lose the province, too much and you burn
cards you will need later. The kit values the province at its victory points and each influence
point at an exchange rate (default 0.4 VP per influence point), and solves the sealed bidding game
**exactly** (a linear programme). The answer is a *mixed* strategy — in a sealed bid, being
predictable is a weakness.
"""),
("code", r"""
advice = best_bids(conflict)
print(advice)
bid_mix_chart(advice)
"""),
("code", r"""
# an equilibrium: no single bid does better against the other's mix
print(f"The most a player gains by switching alone to another bid: {advice.deviation_gains().max():.6f} VP")
"""),
("md", r"""
## 5. My odds for one bid

How does a bid of 3+3 fare against an opponent playing the equilibrium, against the heuristic bot,
and against a random bidder?
"""),
("code", r"""
odds = advice.odds(RED, Bid(RED, BLUE, (3, 3)))
display(odds.round(3))
bid_odds_chart(odds)
"""),
("md", r"""
## 6. The advisor: the same, with the knobs at hand

The `Advisor` widget puts sections 4 and 5 together: slide the exchange rate ("VP per card
point"), switch between the **zero-sum** model (each side scores his utility minus his rival's: at a
table where only the winner counts, the rival's loss is your gain) and each player's **own
utility**, pick how the emperor breaks ties, and choose any bid of either player to see its odds. It works on any conflict or rebellion
state — the explorer of notebook 2 shows it at every sealed choice of a recorded game.
"""),
("code", r"""
from lotus_kit.ui import Advisor

advisor = Advisor(conflict)
advisor
"""),
("md", r"""
**Try it:** change the hands in `setup` (give Blue more cards, or take Red's 3s away), change the
exchange rate (`best_bids(conflict, vp_per_influence=0.8)` makes cards dearer), or add a third
claimant: with three or more the kit uses **regret matching** (the players bid over and over, each
time shifting weight toward the bids that would have done better so far) and shows how close it got
to an equilibrium (`advice.convergence`).
"""),
]
write(NOTEBOOKS / "03_conflict_lab.ipynb", cells)
