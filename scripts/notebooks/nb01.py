from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# Learn *Der weiße Lotus* by playing its first year

*Der weiße Lotus* (The White Lotus; Martin Wallace, TM-Spiele 2000) is a game of influence in
Yuan-era China for 3 to 6 players. You claim provinces, outbid your rivals for them with secret
influence cards, and try to hold on to them when the rebels rise against the emperor. When every
province has an owner the game ends, and the player whose provinces score the most points wins.

In this notebook **you play Red**; three bots play Blue, Green and Yellow. We go through the first
**year** (one game round) of the game, one **phase** at a time; a year has six phases. Every phase
has a live widget: click the board or the buttons, and the outcome is explained in words. Texts cite
**rule ids** such as WL-CONF-8 (area CONF = conflicts, rule 8); in the widgets you can click one to
read the rule in [the rules text](../docs/rules/white-lotus.md).

**How to use it.** Run the cells from the top (*Run → Run All Cells* works too). When a widget asks
for your decision, make it; the cell below each widget, *"let the coach play for me"*, makes any
choice you left open (the **coach** is a simple bot that plays Red for you), so you can also just
read along. Each phase plays on **its own copy of the game**, taken from the phase above when you
run its widget's cell: every widget keeps showing its phase, and to try a phase again you simply
run its widget's cell again.
"""),
("code", r"""
import re

from lotus_kit.core.errors import IllegalAction
from lotus_kit.ui import BoardWidget, ConflictsPanel, GameSession
from lotus_kit.ui.phases import PhaseBox, Walkthrough
from lotus_kit.white_lotus.actions import Bid, DeclareRebellion, JoinSide
from lotus_kit.white_lotus.bots import HeuristicBot
from lotus_kit.white_lotus.engine import apply
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.seats import seat_name

RED, BLUE, GREEN, YELLOW = range(4)
game = GameSession(players=4, seed=7, first_emperor=RED, seats=["human", "heuristic", "heuristic", "heuristic"])
# one copy of the game per phase; the coach is a simple bot that plays Red when you leave it a choice
walk = Walkthrough(game, coach=HeuristicBot(seed=1), board_width=820)
start = game.state

NAMES = {p.id: p.name for p in start.board.provinces}
LOTUS = [p.id for p in start.board.provinces if p.lotus and start.board.is_in_play(p.id)]


def named(text: str) -> str:
    # the engine writes provinces as 4-letter ids (HENA); the board shows their names (Henan-fu)
    return re.sub(r"\b[A-Z]{4}\b", lambda m: NAMES.get(m.group(), m.group()), text)


def show(entries) -> None:
    # print log entries, with province names
    for entry in entries:
        print(named(entry.event.text(seat_name)))


walk.setup_board()
"""),
("md", r"""
## Setup (WL-SETUP)

This is China, drawn as the game's 39 provinces (a schematic map: the printed board has never been
transcribed). The eight brown provinces in the north-west are used only with six players; with four
they are greyed out and **do not exist for any rule** (WL-SETUP-1).

- The seven provinces with a **white lotus** are the heartland. Each starts with a face-up
  **building chip**: a **P**alace, a **T**emple, a **R**ice field, a **F**ortress and three
  **V**illages (WL-SETUP-2). Every other province is empty for now.
  A province becomes **yours** when your own chip of that building lies on it; the building stays
  the same for the whole game, only the owner can change.
- The three provinces with a **dragon** on the south-east coast are worth 2 extra points at the end.
- Red is the first **emperor** (the crowned stone). The emperor places first, picks the order in which
  claims are resolved, breaks ties, and earns a victory point every year. Later the emperor is whoever
  owns the most palaces.

Every player starts with the same hand (WL-SETUP-5): **influence cards** 3, 3, 2, 2, 1, 1 and a 0
(12 points, spent in conflicts) and three **combat cards** of value 1 (spent in rebellions). He also
holds one **dragon card** in each rival's colour: he plays one to name a rival, as you will see in
phases 2 and 4, and always gets it back. Here is your hand:
"""),
("code", r"""
hand = start.hand(RED)
print("influence:", hand.influence_cards(), " combat:", hand.combat_cards())
"""),
("md", r"""
## Phase 1 — claim provinces (WL-PLACE)

Each player has **3 markers** (plus one per rice field he owns, at most 5). Starting with the
emperor and going clockwise, everyone puts **one marker at a time** on a province that holds a
*neutral* chip (a building nobody owns yet) — in year 1 that means the seven lotus provinces. A
marker is a claim: "I want this province". Several players may claim the same province; nobody may
claim it twice. The first three markers must be placed (WL-PLACE-4), so in year 1, with no rice
fields yet, everyone places exactly 3.

**Your turn:** click a lotus province on the board (provinces you may claim are hatched in blue),
or pick one from the list, once for each of your 3 markers (the bots place theirs in between).
Which would you like? The palace is worth the most (3 points, and the player with the most palaces
becomes emperor) — so everyone wants it. The cell after the widget lists every claim.
"""),
("code", r"""
walk.panel(1)
"""),
("code", r"""
walk.play_for_me(1)   # let the coach play for me (it places the markers you left)
claimed = walk.after(1)
for p in LOTUS:
    who = [seat_name(s) for s in claimed.markers_on(p)]
    print(f"{NAMES[p]:9} ({claimed.chip(p)}): {', '.join(who) or 'nobody'}")
"""),
("md", r"""
## Phase 2 — resolve the claims (WL-CONF)

Now the claims are settled one province at a time. In year 1 the province that started with the
palace is resolved first (WL-CONF-2), and its new owner becomes emperor at once; after that the
emperor picks the order. A province with a single marker simply goes to its claimant: the neutral
chip is replaced by a chip of the same building in his colour.

Where several players claim a province there is a **conflict** (WL-CONF-6 to 10). It is fought in
rounds. In each round every participant, at the same time and in secret, makes a **bid**:

1. a **dragon card** naming the rival he wants *out*, and
2. any number of his **influence cards** to push with, even none (the 0 is a bluff: it costs nothing).

Then all bids are revealed. A player's **pressure** is the total influence of the bids naming him.
The player under the **highest pressure leaves**; on a tie the emperor decides who leaves.

- Everyone who stays discards the cards he committed, even though nobody has won yet.
- The one who leaves loses only half of what he committed, rounded down, and takes the rest back
  as new influence cards (WL-CONF-9): a lone 3 costs him 1 and he gets 2 back. The log calls this
  his *refund*.

If two or more participants are left, they fight another round with fresh bids; the last one left
takes the province. In the log below, "Red names Yellow with 3+3" means Red's dragon card named
Yellow and Red pushed with a 3 and a 3; "with nothing" means no cards at all.
"""),
("code", r"""
walk.panel(2)
"""),
("code", r"""
resolved = walk.play_for_me(2)   # let the coach play for me
show(e for e in resolved.log_for(year=1, phase=2) if e.event.kind in ("ConflictRound", "ProvinceSettled", "EmperorChanged"))
"""),
("md", r"""
### Exercise: push Blue out

A smaller, made-up position to try bidding yourself (it is separate from the game above). Red,
Blue and Green claim **Chengdu** (a palace); Yellow is emperor. Your influence cards are 3, 2, 2, 1
and 0. Blue has already committed: he names **Red** with 3+1. Green names **Red** with a 2. So 6
points of pressure are on you. **Choose your bid so that Blue leaves**: name Blue and push harder than
6, so that Blue's pressure is the highest (a tie at 6 would let the emperor decide).

Two ways to answer:

- in the widget below: pick Blue as the rival to name, tick your cards, submit; or
- in the code cell after it: `Bid(seat=RED, target=BLUE, cards=(...))` means "Red's dragon card
  names Blue; Red pushes with these cards". The cell already holds one correct answer, so that the
  notebook runs from top to bottom; change `target` or `cards` (try `cards=(3, 2, 1)`, a tie) and
  run the cell again to see what happens.
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
PhaseBox([ConflictsPanel(lab, lab_board, seat=RED), lab_board])
"""),
("code", r"""
my_bid = Bid(seat=RED, target=BLUE, cards=(3, 2, 2))      # your answer: name Blue with 3+2+2 = 7

try:
    after = apply(lab_start, my_bid)                       # the engine resolves the round
except IllegalAction as refused:                           # e.g. cards you do not hold
    after = None
    print(named(str(refused)))
round_1 = next((e for e in after.events if e.kind == "ConflictRound"), None) if after else None
if after and round_1 is None:
    print("A tie: now Yellow, the emperor, would choose who leaves (WL-CONF-8). Push with more than 6.")
elif round_1 is not None:
    print(named(round_1.text(seat_name)))
    if round_1.leaver == BLUE:
        print(f"Well done: Blue leaves Chengdu and gets {round_1.refund} back.")
    else:
        print("Blue is still in: name Blue and push with more than 6.")
"""),
("md", r"""
Blue committed 3+1 = 4 and left, so he discards half of it rounded down (2) and takes 2 back
(WL-CONF-9). You and Green discard what you committed — Red's 7 points are gone, a high price for
one round: that is the tension of every conflict. Now you and Green would fight round 2 for Chengdu
(the exercise stops here).

## Phase 3 — the emperor's victory point (WL-EMPVP)

Back to the game. Whoever is emperor now takes a **VP chip** (victory point chip, worth 1 point at
the end). Remember that the emperor changes whenever another player owns *more* palaces than he does
(WL-EMP-2). Nothing to decide in this phase.
"""),
("code", r"""
walk.panel(3, board=False)
"""),
("code", r"""
walk.play_for_me(3)   # let the coach play for me
crowned = walk.after(3)
emperor = crowned.emperor
print(f"{seat_name(emperor)} is emperor with {crowned.palaces(emperor)} palace(s) and has "
      f"{crowned.vp_chips[emperor]} VP chip(s).")
"""),
("md", r"""
## Phase 4 — the rebellion (WL-REB)

Every player **except the emperor** who owns a **village** may lead a rebellion against the emperor;
they are asked one by one, most villages first (WL-REB-2). If nobody says yes, nothing happens.

If one says yes, he becomes the **rebel leader**. Every other player secretly picks a side by playing
the dragon card of the emperor's or the leader's colour, and everybody, both leaders included,
secretly commits combat cards (maybe none). Then all is revealed:

- the emperor's side: its combat cards **+2 per palace the emperor owns**;
- the rebels: their combat cards **+1 per village their leader owns**.

The rebels must be **strictly stronger** — a tie goes to the emperor (WL-REB-6). All committed combat
cards are discarded. Each winner, leader first, then takes one province of a loser that borders one of
his own (no loser gives up more than one), or a VP chip.

In year 1 everybody holds only three combat cards of value 1, and the emperor's palace bonus outweighs
a single village, so the bots usually decline:
"""),
("code", r"""
walk.panel(4)
"""),
("code", r"""
show(walk.play_for_me(4).log_for(year=1, phase=4))   # let the coach play for me
"""),
("md", r"""
### Exercise: win a rebellion

Another made-up position, taken from the rules text's worked example (section 18, E3). It has
**five** players, so a fifth colour, Purple, joins in.

- The emperor (Blue) owns 2 palaces and commits 2 combat; his ally Green commits 3. Emperor's side:
  2 + 3 + palace bonus 2 × 2 = **9**.
- You (Red) lead the rebels. You own 3 villages; Yellow commits 2 and Purple 1. If you commit only
  your 3: 3 + 2 + 1 + village bonus 3 = **9**. A tie — the emperor wins.

You hold combat cards 3 and 1. **Commit so that the rebels win.** In the code,
`JoinSide(seat, side, cards)` is one player's secret commitment; the two leaders already know their
side, so theirs is `None`. The cell already holds one correct answer; change `my_commitment` (try
`(3,)`) and run it again to see the result change.
"""),
("code", r"""
RED, BLUE, GREEN, YELLOW, PURPLE = range(5)                  # five seats in this exercise
e3 = position({"players": 5, "phase": 4, "emperor": BLUE,
               "owners": {"DATO": [BLUE, "P"], "JINA": [BLUE, "P"], "FENG": [GREEN, "R"], "HENA": [GREEN, "F"],
                          "LUZH": [RED, "V"], "TIAN": [RED, "V"], "CHEN": [RED, "V"]},
               "hands": {RED: {"combat": [3, 1]}, BLUE: {"combat": [2]}, GREEN: {"combat": [3]},
                         YELLOW: {"combat": [2]}, PURPLE: {"combat": [1]}}})
e3 = apply(e3, DeclareRebellion(RED, True))
for commitment in (JoinSide(BLUE, None, (2,)), JoinSide(GREEN, "emperor", (3,)),
                   JoinSide(YELLOW, "rebels", (2,)), JoinSide(PURPLE, "rebels", (1,))):
    e3 = apply(e3, commitment)

my_commitment = JoinSide(RED, None, (3, 1))                 # your answer: both cards, 3 + 1

try:
    after = apply(e3, my_commitment)
except IllegalAction as refused:                            # e.g. cards you do not hold
    after = None
    print(named(str(refused)))
tally = next((e for e in after.events if e.kind == "RebellionResolved"), None) if after else None
if tally is not None:
    print(tally.text(seat_name))
    print("The rebels win." if tally.winner == "rebels" else "The emperor wins: the rebels need strictly more than 9.")
"""),
("md", r"""
With 3+1 the rebels reach 10 against 9 and win. As leader you choose your reward first: a province of
a loser next to one of yours (WL-REB-10), or a VP chip. Then Yellow (2 combat) and Purple (1) choose.

## Phase 5 — new cards (WL-CARDS)

Back to the game. Everyone takes new cards worth **10 influence and 2 combat**, plus income from his
buildings: a palace +2 influence (or, if its owner prefers, +1 combat), a temple +3 influence, a rice
field +1 of each, a fortress +2 combat; villages give nothing. Cards you did not spend stay in your
hand: there is no hand limit. Your income this year:
"""),
("code", r"""
walk.panel(5, board=False)
"""),
("code", r"""
paid = walk.play_for_me(5)   # let the coach play for me
show(paid.log_for(year=1, phase=5))
owned = walk.after(5)
for seat in range(4):   # each owner's buildings, to check the income against the list above
    print(f"  {seat_name(seat)} owns:", ", ".join(f"{NAMES[p]} ({owned.chip(p)})" for p in owned.provinces_of(seat)))
"""),
("md", r"""
## Phase 6 — new provinces (WL-TERR)

China opens up. Starting with the emperor, each player draws a hidden chip from the face-down pool
of spare buildings, shows it, and places it, still neutral, on an **empty** province next to one that
already holds a chip. Each temple you own lets you draw one more. Next year these provinces can be
claimed in phase 1.
"""),
("code", r"""
walk.panel(6)
"""),
("code", r"""
show(walk.play_for_me(6).log_for(year=1, phase=6))   # let the coach play for me
print("Year 2 begins.")
"""),
("md", r"""
## And then?

Years repeat until **every province in play has an owner** (WL-END-1); in that last year there are
no new cards or provinces, and the game ends after the rebellion. Then everyone scores (WL-SCORE):

- buildings: palace 3, temple 2, rice field, fortress and village 1 each;
- **+3** for the largest group of provinces linked by shared borders (ties: all tied players get it);
- **+2** per dragon province; **+1** per VP chip.

On a tie for the most points the emperor wins if he is among them, else the one with most palaces.
Let the coach play the rest of the game (Red included), on a copy of its own:
"""),
("code", r"""
from lotus_kit.views.charts import score_figure

final = walk.play_to_end().state
for line in sorted(final.scores, key=lambda line: -line.total):
    print(f"{seat_name(line.seat):7} {line.total:3} = buildings {line.buildings} + group {line.group_bonus}"
          f" + dragons {line.dragons} + VP chips {line.vp_chips}")
print(f"Game over after {final.year} years. Winner:", ", ".join(seat_name(s) for s in final.winners))
score_figure(final)
"""),
("md", r"""
**Where next?** *A full game, step by step* (notebook 2) walks through a recorded game and lets you
change any decision; the *Conflict lab* and *Rebellion lab* (3 and 4) let you set up a position and
find the best bids; *Play at the club* (5) is the whole game table for several people at one screen.
"""),
]
write(NOTEBOOKS / "01_learn_the_rules.ipynb", cells)
