from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# Rebellion lab: sides, combat cards and rewards

Set up a rebellion, choose sides and combat cards, and see the tally, the winner and the rewards —
and the odds before anyone commits. The rules are in [the rules text](../docs/rules/white-lotus.md),
WL-REB-1 to 14.

A reminder: players with a village may lead a rebellion against the emperor. Everyone else must pick
a side (secretly, with a dragon card) and everyone commits combat cards. The emperor's side adds
+2 per palace the emperor owns, the rebels +1 per village their leader owns; the rebels need
**strictly more**. Winners take one province each from the losers (next to one of their own), or a
VP chip.
"""),
("code", r"""
import ipywidgets as widgets

from lotus_kit.analysis import rebellion_odds
from lotus_kit.ui import BoardWidget, GameSession, RebellionPanel
from lotus_kit.views.charts import rebellion_chart
from lotus_kit.white_lotus.actions import DeclareRebellion, JoinSide, TakeReward
from lotus_kit.white_lotus.engine import apply, legal_actions
from lotus_kit.white_lotus.position import position
from lotus_kit.white_lotus.seats import seat_name

RED, BLUE, GREEN, YELLOW, PURPLE = range(5)
"""),
("md", r"""
## 1. The position

Five players, year 4. **Blue** is emperor with two palaces; **Red** owns three villages and is asked
first. Green holds Xiangyang, right next to Red's villages; Yellow and Purple hold the west.
"""),
("code", r"""
setup = {
    "players": 5, "year": 4, "phase": 4, "emperor": BLUE,
    "owners": {"DATO": [BLUE, "P"], "JINA": [BLUE, "P"], "ZHEN": [BLUE, "F"], "XIAN": [GREEN, "R"],
               "HENA": [GREEN, "F"], "LUZH": [RED, "V"], "TIAN": [RED, "V"], "WUCH": [RED, "V"],
               "CHEN": [YELLOW, "T"], "CHON": [YELLOW, "V"], "FENG": [PURPLE, "R"], "BIAN": [PURPLE, "V"]},
    "hands": {RED: {"combat": [3, 2, 1]}, BLUE: {"combat": [3, 2]}, GREEN: {"combat": [3, 1]},
              YELLOW: {"combat": [2, 1]}, PURPLE: {"combat": [1, 1]}},
}
rebellion = position(setup)
print("asked, most villages first:", [seat_name(s) for s in rebellion.step.ask_order])
board = BoardWidget(rebellion, width=640)
board
"""),
("md", r"""
## 2. The odds before anyone commits

If Red leads, who joins whom, and who wins? The kit models the other players (here as the heuristic
bot would play, sampled many times) and tallies both sides with the leaders' bonuses.
"""),
("code", r"""
odds = rebellion_odds(rebellion, leader=RED, samples=200, seed=1)
print(odds)
odds.players()
"""),
("md", r"""
### The rebellion solved as a game

The heuristic bot is one guess at how people play. The kit can also treat the sealed choice as a
game and solve it: every player picks a side and his combat at once; winning is worth what a
province of the others is worth on average, losing costs what one of his own is worth, and every
combat point spent costs 0.4 VP (an exchange rate you can change: `vp_per_combat=`).

An **equilibrium** is a set of choices — here *mixed*: "back the emperor with 1 in 3 rebellions,
with nothing otherwise" — from which no player gains by changing his own alone. The kit finds one
by **regret matching**: the players play the game over and over, and each time every player shifts
weight toward the choices that would have done better so far. The result is each player's **mix**;
the curve below it shows how close it got: **NashConv** is the sum over players of what each could
still gain by switching alone to his best choice (0 is an exact equilibrium).
"""),
("code", r"""
from lotus_kit.analysis import best_sides
from lotus_kit.views.analysis_charts import convergence_chart, sides_chart

advice = best_sides(rebellion, leader=RED, progress=False)
print(advice)
sides_chart(advice)
"""),
("code", r"""
print(f"NashConv {advice.nash_conv:.4f} VP: what all players together could still gain by changing alone")
convergence_chart(advice.convergence, "How close to an equilibrium")
"""),
("md", r"""
**Should Red lead, and with what?** His odds with everything he has (3+2+1) against three ways the
others might play: the equilibrium above, the heuristic bot, and players who choose at random.
"""),
("code", r"""
all_in = advice.choice_odds(RED, JoinSide(RED, None, (3, 2, 1)))
all_in
"""),
("md", r"""
Going all in wins often against the equilibrium mix, rarely against the heuristic bots, who rally
to the emperor — and the cards are lost either way (WL-REB-7). The summary's last line prices the
decision to lead at all: about −1 VP against 0 for saying no, so in this model Red should **not**
lead (his village is the stake, and the odds are against him). **Try it:** make combat cheaper
(`vp_per_combat=0.1`) and watch the emperor spend and Red give up; give Red more cards
(`RED: {"combat": [3, 3, 2, 1]}`); or play the variant where allies who commit nothing get no reward
(`position(setup, RuleSet(reward_requires_combat=True))`, with
`from lotus_kit.white_lotus.rules import RuleSet`).
"""),
("md", r"""
## 3. Play it

You are Red: decide whether to lead, then choose your combat cards. The others are bots; their
commitments stay sealed until everyone has chosen (WL-INFO-3).
"""),
("code", r"""
table = GameSession.from_state(rebellion, seats=["human", "heuristic", "heuristic", "heuristic", "heuristic"])
table_board = BoardWidget(rebellion, width=560)
widgets.VBox([RebellionPanel(table, table_board, seat=RED), table_board])
"""),
("md", r"""
## 4. One scripted rebellion, step by step

The same rebellion with every choice written out, so you can change any of them and rerun.
"""),
("code", r"""
resolved = apply(rebellion, DeclareRebellion(RED, True))
choices = [JoinSide(RED, None, (3, 2, 1)), JoinSide(BLUE, None, (3, 2)), JoinSide(GREEN, "emperor", (3,)),
           JoinSide(YELLOW, "rebels", (2, 1)), JoinSide(PURPLE, "rebels", (1,))]
for choice in choices:
    resolved = apply(resolved, choice)
tally = next(e for e in resolved.events if e.kind == "RebellionResolved")
print(tally.text(seat_name))
# emperor: 3+2 + 3 (Green) + 2 per palace x 2 = 12; rebels: 3+2+1 + 2+1 + 1 + 1 per village x 3 = 13
rebellion_chart(resolved)
"""),
("md", r"""
The rebels win 13 to 12, so Red chooses a reward first, then his allies by the combat they
committed (Yellow 3, then Purple 1). A reward is one province of a loser **next to one of your own**,
and no loser gives up more than one (WL-REB-10) — or a VP chip. Red's choices now:
"""),
("code", r"""
print([a.province or "VP chip" for a in legal_actions(resolved, RED)])
rewarded = apply(resolved, TakeReward(RED, "XIAN"))
print(rewarded.events[0].text(seat_name))
print("Yellow may take:", [a.province or "VP chip" for a in legal_actions(rewarded, YELLOW)])
"""),
("md", r"""
**Try it:** give Green a 2 more (`GREEN: {"combat": [3, 2, 1]}`) and commit it — a tie goes to the
emperor (WL-REB-6); or move Purple to the emperor's side. After the rewards the palace check runs:
whoever now owns *more* palaces than the emperor takes the stone (WL-REB-12).
"""),
]
cells += [
("md", r"""
## 5. Set up your own rebellion: the position editor

The position above was typed as a description. The **position editor** lets you paint one instead:
pick a tool (a chip for a seat, a marker, erase), click provinces on the board, fill in hands, VP
chips, the emperor, the year and the phase. The check under it lists every reason the setup is not
a possible position (each with its rule id); once it is possible, "Play on from here" opens it at
a game table. The editor starts here from the rebellion above; in the what-if explorer (notebook
02) the button "Set up from here" opens the same editor at any step.

Every position also has a **position code**: a short text that `position(...)`, `Explorer(...)`
and `GameTable.from_code(...)` accept back, to share a position by mail or chat.
"""),
("code", r"""
from lotus_kit.ui.editor import PositionEditor
from lotus_kit.white_lotus.position_code import position_code

editor = PositionEditor(setup)
print("a possible position:", editor.reasons == [])
code = position_code(editor.state())
print(code)
print("the code gives the position back:", position(code) == editor.state())
editor
"""),
]
write(NOTEBOOKS / "04_rebellion_lab.ipynb", cells)
