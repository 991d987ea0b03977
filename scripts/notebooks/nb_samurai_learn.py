from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# Ehre der Samurai · learn the rules by playing a few turns

Each player leads two **houses**: a **Daimyo house** (headed by his Daimyo card) and a **Samurai house**
(headed by his Samurai, or **Ronin** once he has lost his Daimyo). Every card shows three numbers:
**H**onor (paid each turn), **K**i (card actions) and **S**trength (battle dice). The first to
**400 honor** wins (SAM-END-1). Every rule quoted here is a `SAM-` id of `lotus_kit/rules/samurai.md`.

A turn has three phases (SAM-TURN-1): **1** collect honor, **2** card actions and at most one
declaration, **3** end the turn. Run the cells in order; each one shows the table after the step.
"""),
("code", r"""
from lotus_kit.samurai import SAMURAI as G
from lotus_kit.samurai import (Attack, DeclareShogun, Dishonor, Draw, EndTurn, Pass, Play, CastleChoice,
                               PayHonor)
from lotus_kit.samurai import screen
from lotus_kit.core.errors import IllegalAction

RED, BLUE, GREEN = 0, 1, 2

def seat(daimyo=(), samurai=(), hand=(), honor=0):
    return {"daimyo": list(daimyo), "samurai": list(samurai), "hand": list(hand), "honor": honor}

def show(state, viewer=RED):
    for e in state.events:
        print(" ·", e.text())
    print(G.decision(state).text)
    return screen.board_figure(state, viewer, size=(1000, 420))
"""),
("md", r"""
## 1. A new game

Three players; everyone gets a Samurai card, a start Daimyo dealt face down, and 7 cards (SAM-SET-1..4).
Red begins and has already collected his first honor: the H of all his own cards (SAM-HON-1).
You see the table as Red sees it: your own hand, the others' hands only as a number (SAM-CLAR-19).
"""),
("code", r"""
start = G.new_game(3, seed=8)
show(start)
"""),
("md", r"""
## 2. Ki: how many card actions?

Ki is the sum of K over your own cards; the Samurai card alone gives 6. You may take
min(5, ⌊Ki / 3⌋) card actions (SAM-KI-2): draw (only below 7 cards), discard, or play a card.
"""),
("code", r"""
print("Red's Ki:", start.ki(RED), "-> card actions this turn:", start.actions_left)
for a in G.legal_actions(start)[:12]:
    print("  ", G.describe(a, start))
"""),
("md", r"""
A refused move says which rule refuses it and changes nothing — drawing with a full hand, for example:
"""),
("code", r"""
try:
    G.apply(start, Draw(RED))
except IllegalAction as e:
    print(e)
"""),
("md", r"""
## 3. A prepared table: houses, the Shogun and a battle

Now a table set up to show the big moments. **Red** has Daimyo 20 with five strong warriors;
**Blue** holds the Osaka castle; **Green** holds a Save Face card. Red has 120 honor and a Daimyo, and
the Shogun card lies in the centre — so Red **must** declare Shogun this turn (SAM-DEC-3): ending the
turn is refused until he does.
"""),
("code", r"""
table = G.position({"players": 3, "active": RED, "seed": 21, "seats": [
    seat(["DAIMYO_20"], ["WARRIOR_S3"] * 4 + ["WARRIOR_S2"], hand=["DISHONOR", "OKUGATA_10"], honor=120),
    seat(["START_DAIMYO_10", "CASTLE_OSAKA", "WARRIOR_S1"], ["NOH"], honor=80),
    seat(["START_DAIMYO_5"], hand=["SAVE_FACE"], honor=60)]})
try:
    G.apply(table, EndTurn(RED))
except IllegalAction as e:
    print(e)
show(table)
"""),
("code", r"""
shogun = G.apply(G.apply(table, Play(RED, "OKUGATA_10", RED, "daimyo")), DeclareShogun(RED))
print("Red's honor next turn:", shogun.income(RED), "(Daimyo 20 + Okugata 10 + the Shogun card's 50)")
show(shogun)
"""),
("md", r"""
## 4. Dishonor is answered out of turn

Dishonor costs two card actions (SAM-EVT-3). The target answers at once: lose 75, play Save Face and
lose 30, or commit Seppuku with one of his houses. `to_act` now names Blue, not Red (SAM-TURN-3).
"""),
("code", r"""
dishonored = G.apply(shogun, Dishonor(RED, BLUE))
print("who decides:", G.to_act(dishonored), "-", G.decision(dishonored).text)
for a in G.legal_actions(dishonored):
    print("  ", G.describe(a, dishonored))
"""),
("code", r"""
after = G.apply(dishonored, PayHonor(BLUE))
show(after)
"""),
("md", r"""
## 5. A battle, and the Save Face window

Red's declaration is used, so the attack waits for his next turn. There he attacks Blue, who has a
castle (SAM-DEC-4). Each side rolls ⌊strength / 3⌋ dice (at most 6); the castle counts for the
defender only (SAM-BAT-1). Equal totals are rerolled. The loser loses his Daimyo house unless
someone plays **Save Face**: a window opens from the loser clockwise, asking exactly the players who
hold one and do not hold the Shogun card (SAM-CLAR-11).
"""),
("code", r"""
s = after
for who in (RED, BLUE, GREEN):
    s = G.apply(s, EndTurn(who))
print("Red attacks with", s.strength(RED), "strength, Blue defends with", s.strength(BLUE, defending=True))
battle = G.apply(s, Attack(RED, BLUE))
print(G.decision(battle).text)
screen.battle_figure(battle)
"""),
("code", r"""
if G.decision(battle).kind == "save_face":
    battle = G.apply(battle, Pass(min(G.to_act(battle))))        # Green keeps his card
if G.decision(battle).kind == "castle_choice":
    battle = G.apply(battle, CastleChoice(min(G.to_act(battle)), "take"))
show(battle)
"""),
("md", r"""
The winner took Blue's castle (SAM-BAT-5), and Blue, without a Save Face, became a Ronin: his Daimyo
house went to the discard pile (SAM-EVT-4). A Ronin earns nothing on his own (SAM-HON-3) — his way
back is an alliance with a Daimyo owner (half of both houses' honor, SAM-HON-2) or a new Daimyo card.

Next: `samurai_shogun_question.ipynb` asks whether the Shogun card decides the game.
"""),
]

write(NOTEBOOKS / "samurai_learn_the_rules.ipynb", cells)
