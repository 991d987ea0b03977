from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# Learn *Der weiße Lotus* by playing its first year

*Der weiße Lotus* (The White Lotus; Martin Wallace, TM-Spiele 2000) is a game of influence in
Yuan-era China for 3 to 6 players. You claim provinces, outbid your rivals for them with secret
influence cards, and try to hold on to them when the rebels rise against the emperor. Whoever owns
the most valuable China when every province has an owner wins.

In this notebook **you play Red**; three bots play Blue, Green and Yellow. We go through the first
**year** of the game, one **phase** at a time. Every phase has a live widget: click the board or the
buttons, and the outcome is explained in words with the rule ids — click one to read the rule in
[the rules text](../docs/rules/white-lotus.md).

**How to use it.** Run the cells from the top (*Run → Run All Cells* works too). When a widget asks
for your decision, make it; the cell below each widget, *"let the coach play for me"*, makes any
choice you left open, so you can also just read along.
"""),
("code", r"""
import ipywidgets as widgets

from lotus_kit.ui import (BoardWidget, ClaimsPanel, ConflictsPanel, EmperorPanel, GameSession,
                          IncomePanel, RebellionPanel, TerritoriesPanel)
from lotus_kit.white_lotus.actions import Bid, DeclareRebellion, JoinSide
from lotus_kit.white_lotus.bots import HeuristicBot
from lotus_kit.white_lotus.engine import apply
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.seats import seat_name
from lotus_kit.white_lotus.state import Phase

RED, BLUE, GREEN, YELLOW = range(4)
session = GameSession(players=4, seed=7, first_emperor=RED, seats=["human", "heuristic", "heuristic", "heuristic"])
board = BoardWidget(session.state, width=820)
coach = HeuristicBot(seed=1)


def play_for_me(phase: int, year: int = 1) -> None:
    # the coach makes Red's open choices until the game has moved past (year, phase)
    while not session.is_over and (session.state.year, int(session.state.phase)) <= (year, phase):
        humans = session.human_to_act()
        if not humans:
            session.run_bots()
            continue
        ok, message = session.act(coach.choose(session.state, humans[0]))
        assert ok, message


board
"""),
("md", r"""
## Setup (WL-SETUP)

This is China, drawn as the game's 39 provinces. The eight brown provinces in the north-west are
used only with six players; with four they are greyed out and **do not exist for any rule**
(WL-SETUP-1).

- The seven provinces with a **white lotus** are the heartland. Each starts with a face-up
  **building chip**: a **P**alace, a **T**emple, a **R**ice field, a **F**ortress and three
  **V**illages (WL-SETUP-2). Every other province is empty for now.
- The three provinces with a **dragon** on the south-east coast are worth 2 extra points at the end.
- Red is the first **emperor** (the crowned stone). The emperor places first, picks the order in which
  claims are resolved, breaks ties, and earns a victory point every year.

Every player starts with the same hand (WL-SETUP-5): **influence cards** 3, 3, 2, 2, 1, 1 and a 0
(for conflicts) and three **combat cards** of value 1 (for rebellions). Here is yours:
"""),
("code", r"""
hand = session.state.hand(RED)
print("influence:", hand.influence_cards(), " combat:", hand.combat_cards())
assert hand.influence_cards() == (3, 3, 2, 2, 1, 1, 0) and hand.combat_cards() == (1, 1, 1)
"""),
("md", r"""
## Phase 1 — claim provinces (WL-PLACE)

Each player has **3 markers** (plus one per rice field he owns, at most 5). Starting with the
emperor and going clockwise, everyone puts **one marker at a time** on a province that holds a
*neutral* chip — in year 1 that means the seven lotus provinces. Several players may claim the
same province; nobody may claim it twice. The first three markers must be placed (WL-PLACE-4).

**Your turn:** click a lotus province on the board (provinces you may claim are hatched in blue),
or pick one from the list. Which would you like? The palace is worth the most (3 points, and the
player with the most palaces becomes emperor) — so everyone wants it.
"""),
("code", r"""
widgets.VBox([ClaimsPanel(session, board), board])
"""),
("code", r"""
play_for_me(phase=1)   # let the coach play for me
claims = {p: [seat_name(s) for s in session.states[-1].markers_on(p)] for p in ("DATO", "JINA", "FENG", "HENA", "CHEN", "LUZH", "TIAN")}
print({p: who for p, who in claims.items() if who})
assert session.state.phase >= Phase.RESOLVE
"""),
("md", r"""
## Phase 2 — resolve the claims (WL-CONF)

Now the claims are settled one province at a time. In year 1 the **start palace is resolved first**
(WL-CONF-2); after that the emperor picks the order. A province with a single marker simply goes to
its claimant: the neutral chip is replaced by a chip of the same building in his colour.

Where several players claim a province there is a **conflict** (WL-CONF-6 to 10). Every participant
at the same time and in secret chooses

1. a **dragon card** naming the rival he wants *out*, and
2. any number of **influence cards** to push with (the 0 is a bluff: it costs nothing).

Then all bids are revealed. A player's **pressure** is the total influence of the bids naming him.
The player under the **highest pressure leaves**; on a tie the emperor decides who leaves. Everyone
who stays discards the cards he committed; the one who leaves gets about **half back**
(his value minus half of it, rounded down: a lone 3 costs him only 1). With more than two
participants, the rest fight another round.
"""),
("code", r"""
widgets.VBox([ConflictsPanel(session, board), board])
"""),
("code", r"""
play_for_me(phase=2)   # let the coach play for me
for entry in session.log_for(year=1, phase=2):
    if entry.event.kind in ("ConflictRound", "ProvinceSettled", "EmperorChanged"):
        print(entry.event.text(seat_name))
"""),
("md", r"""
### Exercise: push Blue out

A smaller conflict to try bidding yourself. Red, Blue and Green claim **Chengdu** (a palace);
Yellow is emperor. Blue has already committed: he names **Red** with 3+1. Green names **Red** with a 2.
So 6 points of pressure are on you. **Choose your bid so that Blue leaves** — name Blue and push
harder than 6 (a tie would let the emperor decide).

Use the widget, or edit `my_bid` in the cell below it and run that cell.
"""),
("code", r"""
lotus = {"DATO": [3, "P"], "JINA": [3, "T"], "FENG": [1, "R"], "HENA": [2, "F"], "LUZH": [1, "V"], "TIAN": [2, "V"]}
lab_start = position({"players": 4, "phase": 2, "emperor": YELLOW, "owners": lotus, "neutral": {"CHEN": "P"},
                      "markers": {"CHEN": [RED, BLUE, GREEN]},
                      "hands": {RED: {"influence": [3, 2, 2, 1, 0]}, BLUE: {"influence": [3, 3, 1, 0]},
                                GREEN: {"influence": [2, 1, 0]}}})
lab_start = apply(apply(lab_start, Bid(BLUE, RED, (3, 1))), Bid(GREEN, RED, (2,)))
lab = GameSession.from_state(lab_start, seats=["human"] * 4)
lab_board = BoardWidget(lab.state, width=620)
widgets.VBox([ConflictsPanel(lab, lab_board, seat=RED), lab_board])
"""),
("code", r"""
my_bid = Bid(seat=RED, target=BLUE, cards=(3, 2, 2))      # your answer: name Blue with 3+2+2 = 7

after = apply(lab_start, my_bid)                           # the engine resolves the round
round_1 = next(e for e in after.events if e.kind == "ConflictRound")
print(round_1.text(seat_name))
assert round_1.leaver == BLUE, "Blue is still in: name Blue and push with more than 6"
print("Well done: Blue leaves Chengdu.")
"""),
("md", r"""
Blue committed 3+1 = 4 and left, so he discards half of it rounded down (2) and takes 2 back
(WL-CONF-9). You and Green discard what you committed — Red's 7 points are gone, a high price for
one round: that is the tension of every conflict. Now you and Green fight round 2 for Chengdu.

## Phase 3 — the emperor's victory point (WL-EMPVP)

Whoever is emperor now — after the palace was settled, the player with the most palaces holds the
stone (WL-EMP-2) — takes a victory point chip.
"""),
("code", r"""
widgets.VBox([EmperorPanel(session, board)])
"""),
("md", r"""
## Phase 4 — the rebellion (WL-REB)

Players who own a **village** may lead a rebellion against the emperor; they are asked in order of
villages owned (WL-REB-2). If one says yes, **everyone** secretly picks a side (with a dragon card)
and commits combat cards. The emperor's side adds **+2 per palace the emperor owns**; the rebels add
**+1 per village their leader owns**. The rebels must be **strictly stronger** — a tie goes to the
emperor (WL-REB-6). Each winner, leader first, then takes one province of a loser that borders one
of his own, or a VP chip.

In year 1 few players have the cards to rebel, so the bots usually decline:
"""),
("code", r"""
widgets.VBox([RebellionPanel(session, board), board])
"""),
("code", r"""
play_for_me(phase=4)   # let the coach play for me
print("\n".join(e.event.text(seat_name) for e in session.log_for(year=1, phase=4)))
"""),
("md", r"""
### Exercise: win a rebellion

The rules text has a worked example (section 18, E3): the emperor (Blue here) owns 2 palaces and
commits 2 combat; his ally Green commits 3: **2 + 3 + 4 = 9**. You lead the rebels with 3 villages
and commit 3; Yellow commits 2 and Purple 1: **3 + 2 + 1 + 3 = 9**. A tie — the emperor wins.

You hold combat cards 3 and 1. **Commit so that the rebels win.**
"""),
("code", r"""
RED, BLUE, GREEN, YELLOW, PURPLE = range(5)
e3 = position({"players": 5, "phase": 4, "emperor": BLUE,
               "owners": {"DATO": [BLUE, "P"], "JINA": [BLUE, "P"], "FENG": [GREEN, "R"], "HENA": [GREEN, "F"],
                          "LUZH": [RED, "V"], "TIAN": [RED, "V"], "CHEN": [RED, "V"]},
               "hands": {RED: {"combat": [3, 1]}, BLUE: {"combat": [2]}, GREEN: {"combat": [3]},
                         YELLOW: {"combat": [2]}, PURPLE: {"combat": [1]}}})
e3 = apply(e3, DeclareRebellion(RED, True))
for commitment in (JoinSide(BLUE, None, (2,)), JoinSide(GREEN, "emperor", (3,)),
                   JoinSide(YELLOW, "rebels", (2,)), JoinSide(PURPLE, "rebels", (1,))):
    e3 = apply(e3, commitment)

my_commitment = JoinSide(RED, None, (3, 1))                 # your answer: both cards

after = apply(e3, my_commitment)
tally = next(e for e in after.events if e.kind == "RebellionResolved")
print(tally.text(seat_name))
assert tally.winner == "rebels", "the rebels need strictly more than 9"
"""),
("md", r"""
With 3+1 the rebels reach 10 against 9 and win. As leader you choose your reward first: a province of
a loser next to one of yours (WL-REB-10), or a VP chip.

## Phase 5 — new cards (WL-CARDS)

Everyone takes **10 influence and 2 combat**, plus income from his buildings: a palace +2 influence
(or +1 combat), a temple +3 influence, a rice field +1 of each, a fortress +2 combat; villages give
nothing. Your income this year:
"""),
("code", r"""
widgets.VBox([IncomePanel(session, board)])
"""),
("code", r"""
play_for_me(phase=5)   # let the coach play for me
print("\n".join(e.event.text(seat_name) for e in session.log_for(year=1, phase=5)))
"""),
("md", r"""
## Phase 6 — new provinces (WL-TERR)

China opens up. Starting with the emperor, each player draws a hidden chip from the pool, shows it,
and places it on an **empty** province next to one that already holds a chip. Each temple you own
lets you draw one more. Next year these provinces can be claimed.
"""),
("code", r"""
widgets.VBox([TerritoriesPanel(session, board), board])
"""),
("code", r"""
play_for_me(phase=6)   # let the coach play for me
assert session.state.year == 2 and session.state.phase == Phase.CLAIMS
print("Year 2 begins.", "\n".join(e.event.text(seat_name) for e in session.log_for(year=1, phase=6)))
"""),
("md", r"""
## And then?

Years repeat until **every province in play has an owner** (WL-END-1); in that last year there are
no new cards or provinces, and the game ends after the rebellion. Then everyone scores
(WL-SCORE): palace 3, temple 2, other buildings 1; **+3** for the largest group of connected
provinces; **+2** per dragon province; **+1** per VP chip. Let the coach play the rest of the game:
"""),
("code", r"""
play_for_me(phase=7, year=99)
from lotus_kit.views.charts import score_figure

final = session.state
assert final.is_over
for line in final.scores:
    assert line.total == line.buildings + line.group_bonus + line.dragons + line.vp_chips
print("Winner:", ", ".join(seat_name(s) for s in final.winners))
score_figure(final)
"""),
("md", r"""
**Where next?** *A full game, step by step* (notebook 2) walks through a recorded game and lets you
change any decision; the *Conflict lab* and *Rebellion lab* (3 and 4) let you set up a position and
find the best bids; *Play at the club* (5) is the whole game table for several people at one screen.
"""),
]
write(NOTEBOOKS / "01_learn_the_rules.ipynb", cells)
