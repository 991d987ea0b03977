from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# A full game, step by step

This is one complete four-player game of *Der weiße Lotus*, recorded decision by decision
(`data/showcase-4p.json`, 310 decisions over six years). It has everything: a four-way fight for the
palace in the very first year, rebellions that succeed, the emperor's stone changing hands, and a
finish decided by two points.

The **explorer** below replays it. Move the slider (or use ◀ ▶, or jump to a year and phase); the
board follows, and every step is explained with the rules that decide it. At any step you can
**change the decision** — another bid, another side, another province — and the rest of the game is
replayed at once: recorded decisions are kept where they still fit, bots fill the gaps, and the
comparison shows what changed. Your changes are kept as branches; you can always go back to the
original line.

The **move list** beside the board lists every decision under year and phase headings; click one to
go there, and your branches appear under the decision they change. Click anywhere in the explorer,
then use the keys: **← →** a step, **Home / End** the ends, **n / N** the next / previous decision of
the seat chosen under the list. Under the board: download it as **PNG** or **SVG**, copy the
**position code** (or a link to this page that opens the step shown), open a code someone sent you,
or **set up from here** in the position editor.
"""),
("code", r"""
from lotus_kit.ui.compare import diff
from lotus_kit.ui.explorer import Explorer
from lotus_kit.white_lotus.actions import Bid, JoinSide
from lotus_kit.white_lotus.events import ConflictRound, RebellionResolved
from lotus_kit.white_lotus.seats import seat_name

RED, BLUE, GREEN, YELLOW = range(4)
ex = Explorer("data/showcase-4p.json")
ex
"""),
("md", r"""
## Year 1: four players, one palace

Yellow is the first emperor. Everybody wants the palace of **Jinan**, and all four put a marker on
it. The palace is resolved first (WL-CONF-2) — and it takes three rounds:
"""),
("code", r"""
ex.jump(1, 2)
original = ex.line
rounds = [e for st in original.states for e in st.events if isinstance(e, ConflictRound) and e.province == "JINA"]
for r in rounds:
    print(r.text(seat_name), "\n")
assert [r.leaver for r in rounds] == [GREEN, YELLOW, RED]
"""),
("md", r"""
In round 3 neither Red nor Blue has anything left to push with: both bid nothing, the pressures tie
at 0, and the emperor — Yellow — decides who leaves (WL-CONF-8). He sends Red out. Blue takes the
palace and, owning one more palace than Yellow, **becomes emperor on the spot** (WL-EMP-2).

### Turning point 1: what if Red had kept a single card back?

Red committed everything in the first two rounds. Suppose that in round 3 he still had a 1 to put
down. Find the step in the explorer (year 1, phase 2, Red's third bid) and change it — or run the
cell below, which does the same.
"""),
("code", r"""
k = next(i for i, (st, a) in enumerate(zip(original.states, original.actions))
         if isinstance(a, Bid) and a.seat == RED and st.conflict is not None and st.conflict.round == 3)
print("the recorded decision at step", k, ":", original.actions[k])
ex.go(k)
ok, message = ex.change(Bid(RED, BLUE, (0,)))      # Red does hold his 0: a bluff changes nothing ...
print(message)
"""),
("md", r"""
A bluff with the 0 changes nothing — the pressure is still 0 against 0 and the emperor still
decides. Red's hand is empty apart from that 0, so *this* decision cannot save him: the mistake was
earlier. In round 2 Red put 3+1+1 on Yellow — but Blue was pushing Yellow out too, so Red's 3 alone
would have done. Change round 2 to keep the two 1s, then, **on that new line**, let Red put a 1
down in round 3:
"""),
("code", r"""
ex.back_to_original()
k2 = next(i for i, (st, a) in enumerate(zip(original.states, original.actions))
          if isinstance(a, Bid) and a.seat == RED and st.conflict is not None and st.conflict.round == 2)
ex.go(k2)
print("recorded:", original.actions[k2])
ok2, message = ex.change(Bid(RED, YELLOW, (3,)))
print(message, "\n")
ex.go(k)                                          # Red's round-3 bid, now on the new line
ok3, message = ex.change(Bid(RED, BLUE, (1,)))
print(message)
palace = diff(original, ex.line)
for row in palace.rows:
    if row.changed:
        print(f"{row.key}: {row.a} -> {row.b}")
"""),
("code", r"""
# the claims, checked: Red now takes the palace in Jinan and is emperor after year 1
jinan = next(r for r in palace.rows if r.key == "year 1 · Jinan")
assert ok2 and ok3 and (jinan.a, jinan.b) == ("Blue", "Red")
"""),
("md", r"""
Two cards kept back change everything after them: Red takes the palace and the stone, and the
rest of the game plays out differently (the explorer's diff lists every conflict, emperor and
rebellion of the two lines side by side). The recorded decisions that still fit are kept; where the
game went another way, seeded bots decided.

## Year 3: the rebels win

Back on the original line. In year 3 Yellow, with three villages, leads a rebellion against Blue.
The rebels win, Yellow takes Blue's palace in Jinan as his reward — and with it the emperor's stone
(WL-REB-12).
"""),
("code", r"""
ex.back_to_original()
ex.jump(3, 4)
tally = next(e for st in original.states for e in st.events if isinstance(e, RebellionResolved) and st.year == 3)
print(tally.text(seat_name))
print("sides:", {seat_name(s): side for s, side in tally.sides})
assert tally.winner == "rebels"
"""),
("md", r"""
### Turning point 2: what if Red had backed the emperor?

Red joined the rebels with his combat cards. Had he backed Blue instead, the emperor's side would
have had his strength — and the rebellion would have failed.
"""),
("code", r"""
k3 = next(i for i, (st, a) in enumerate(zip(original.states, original.actions))
          if isinstance(a, JoinSide) and a.seat == RED and st.year == 3)
recorded = original.actions[k3]
print("recorded:", recorded)
ex.go(k3)
ok, message = ex.change(JoinSide(RED, "emperor", recorded.cards))
print(message)
tally_b = next(e for st in ex.line.states for e in st.events if isinstance(e, RebellionResolved) and st.year == 3)
print(tally_b.text(seat_name))
"""),
("code", r"""
assert ok and tally_b.winner == "emperor"
"""),
("md", r"""
What would the analysis have told Red? Open **Advice** under the chart at any sealed choice — a bid
or a rebellion — and the explorer solves it as a game (every player's cards are used: an analyst's
view after the game). It finds an **equilibrium**: a mix of choices for every player from which
nobody gains by changing his own alone. It shows who backs whom with what, how often the rebels win,
and the odds of any choice you pick against the equilibrium, the heuristic bot and random play.
Rebellions and two-player conflicts are solved as soon as you step on them; bigger conflicts wait
for *Solve*.
"""),
("code", r"""
ex.back_to_original()
ex.go(k3)
advisor = ex.open_advice()                           # the same as opening the "Advice" section
print(advisor.advice)
red = advisor.advice.players().set_index("name").loc["Red"]
assert advisor.kind == "rebellion" and advisor.advice.leader == ex.state.rebel_leader
assert red.p_rebels_side < 0.05 and advisor.advice.odds().p_rebels < 0.5     # back the emperor, it says
"""),
("md", r"""
The analysis agrees with turning point 2: at equilibrium Red backs the emperor (mostly with a 1),
and the rebels win only about one time in four.
"""),
("md", r"""
## The end: decided by two points

Every province has an owner after year 6's claims (WL-END-1), so year 6 is the last. After the
rebellion everyone scores: buildings, +3 for the largest group, +2 per dragon, +1 per VP chip.
"""),
("code", r"""
ex.back_to_original()
ex.go(original.steps)
final = original.final
for line in sorted(final.scores, key=lambda s: -s.total):
    print(f"{seat_name(line.seat):7} {line.total:3}  (buildings {line.buildings}, group bonus {line.group_bonus}, "
          f"dragons {line.dragons}, VP chips {line.vp_chips})")
totals = sorted((s.total for s in final.scores), reverse=True)
assert final.winners == (GREEN,) and totals[0] - totals[1] == 2
"""),
("md", r"""
## Where did the game turn? The biggest swings

Instead of guessing where to look, let the explorer search. Open **Biggest swings** under the chart
and press *Find the biggest swings*: a dozen decisions of the line shown (spread over the game) are
each played to the end a few times by bots — once with the move made, once with each of a few other
legal moves — and the list shows where another move won most often. *Go* shows the step; *Try the
better move* makes a branch with it and replays the rest, like a change of your own.

The cell below does the same with a tiny budget: quick, but noisy, so read a swing as a hint where
to look, not as a verdict: "wins" is how often the deciding player won those rollouts, and the ± is
one standard error (with 4 rollouts it never drops below 5 points). Note the two kinds of "rest of the game":
the rollouts let bots play everything after the move, while the branch keeps every recorded
decision that still fits — so the one replayed game may change less (or more) than the swing says.
To let the bots play on after the better move, as the rollouts did, set *The rest* to *is played
afresh* in the change panel before you press *Try*.
"""),
("code", r"""
from lotus_kit.ui.explorer import describe_action

ex.back_to_original()
ex.swings_section.selected_index = 0                 # open the section in the explorer above
swings = ex.find_swings(rollouts=4, alternatives=2, max_decisions=8)
for rank, row in swings.head(3).iterrows():
    state = original.states[row.step]
    print(f"{rank + 1}. step {row.step}, year {row.year}: {describe_action(row.action, state)} won "
          f"{row.win_made:.0%}; {describe_action(row.alternative, state, seat=False)} instead won "
          f"{row.win_best:.0%} (swing {row.swing:+.0%} ± {row.swing_std_error:.0%})")
ok, message = ex.try_swing(0)                        # the "Try the better move" button of the first row
print("\n" + message)
"""),
("code", r"""
# the list is biggest swing first; trying the first one branched the original with the better move
top = swings.iloc[0]
assert list(swings.swing) == sorted(swings.swing, reverse=True)
assert ok and ex.node.parent is ex.tree.root and ex.line.actions[top.step] == top.alternative
"""),
("md", r"""
**Your turn.** Pick any step in the explorer and change it: the lines list keeps every branch you
make, and *Compare* sets any two side by side. Good places to start: Green's bid for Liaoyang in
year 5 (a palace that made him emperor), or the emperor's choice of which province to resolve first.
"""),
]
write(NOTEBOOKS / "02_a_full_game.ipynb", cells)
