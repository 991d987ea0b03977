from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# Winter · does the first player win more often? And how often does the loop guard end a game?

Player 1 lays the two start cards and takes the first turn; Player 2 chooses his colour after seeing
them (WIN-SET-2..4). Is that a fair trade? And the spec's loop guard (WIN-END-3: 60 thaw turns
without a card leaving, or a third repetition) was added so that every game ends: does it decide
real games, or only pathological ones?

We ask **simulations** (thousands of games by simple players, both profiles) and the **solver**
(exact best play in the late thaw, `lotus_kit.winter.solver`). Every share comes with a 95 %
confidence interval (Wilson). The defaults below are small so that the notebook runs in a minute;
the reference run at the end used the larger numbers in the comment.
"""),
("code", r"""
GAMES = 60        # games per profile and player type (reference run: 2000)
SOLVED = 4        # late-thaw positions solved per profile (reference run: 60)
SECONDS = 1.0     # the solver's time per position
CARDS_LEFT = 3    # a late thaw: this many cards or fewer on the lake
"""),
("code", r"""
import math
import random

import pandas as pd
import plotly.graph_objects as go

from lotus_kit.winter import WINTER as G
from lotus_kit.winter import engine as e
from lotus_kit.winter.bots import rollout_code
from lotus_kit.winter.solver import solve

PROFILES = {"DEVIR": (), "BGA_HELP": ("BGA_HELP",)}


def uniform(state, rng):
    # a legal action drawn uniformly at random
    return rng.choice(e.legal_codes(state))


def greedy(state, rng):
    # claims a square whenever it can, and in the thaw mostly removes a free card (the bots' quick playout)
    return rollout_code(state, rng)


PLAYERS = {"random": uniform, "greedy": greedy}


def play(seed, flags, player, watch=None):
    # one game by two players of the same kind; ``watch(state)`` sees every state
    rng = random.Random(seed)
    state = G.new_game(2, seed=seed, flags=flags)
    actions = 0
    while not state.is_over:
        if watch is not None:
            watch(state)
        state = e.apply_code(state, player(state, rng))
        actions += 1
    won = G.winners(state)
    return {"result": "draw" if len(won) == 2 else ("Player 1" if 0 in won else "Player 2"),
            "end": state.end_reason.split(" (")[0].split(":")[0], "actions": actions,
            "tokens P1": len(state.tokens[0]), "tokens P2": len(state.tokens[1])}


def wilson(k, n, z=1.96):
    # the 95 % interval of a share k / n (Wilson), in percent
    if n == 0:
        return float("nan"), float("nan")
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, 100 * (c - h)), min(100.0, 100 * (c + h))


def num(x):
    # a percentage as it reads: whole numbers, tenths below 1 (an interval of 0 of 2000 is [0, 0.2])
    return f"{x:.1f}" if 0 < x < 1 else f"{x:.0f}"
"""),
("md", r"""
## 1. Simulations

Two kinds of player, each against itself: **random** (every legal action equally likely) and
**greedy** (takes a square whenever it can; in the thaw removes a free card four times in five).
Seeds are fixed, so a run repeats exactly.
"""),
("code", r"""
rows = []
for profile, flags in PROFILES.items():
    for kind, player in PLAYERS.items():
        for seed in range(GAMES):
            rows.append({"profile": profile, "players": kind, "seed": seed, **play(seed, flags, player)})
games = pd.DataFrame(rows)
games.groupby(["profile", "players"])[["actions", "tokens P1", "tokens P2"]].mean().round(1)
"""),
("code", r"""
def shares(frame):
    out = []
    for (profile, kind), g in frame.groupby(["profile", "players"], sort=False):
        n = len(g)
        row = {"profile": profile, "players": kind, "games": n}
        for what, k in (("Player 1 wins", (g.result == "Player 1").sum()), ("Player 2 wins", (g.result == "Player 2").sum()),
                        ("draws", (g.result == "draw").sum()), ("loop guard ends", (g.end == "loop guard").sum())):
            lo, hi = wilson(int(k), n)
            row[what] = f"{num(100 * k / n)} % [{num(lo)}, {num(hi)}]"
        out.append(row)
    return pd.DataFrame(out)


table = shares(games)
table
"""),
("code", r"""
fig = go.Figure()
for what, colour in (("Player 1", "#1d3557"), ("Player 2", "#7fb3d5")):
    xs, ys, lo, hi = [], [], [], []
    for (profile, kind), g in games.groupby(["profile", "players"], sort=False):
        k, n = int((g.result == what).sum()), len(g)
        a, b = wilson(k, n)
        xs.append(f"{profile}<br>{kind}")
        ys.append(100 * k / n)
        lo.append(100 * k / n - a)
        hi.append(b - 100 * k / n)
    fig.add_bar(x=xs, y=ys, name=f"{what} wins", marker_color=colour,
                error_y=dict(type="data", symmetric=False, array=hi, arrayminus=lo,
                             color="#e07b00", thickness=2))
fig.add_hline(y=50, line_dash="dot", line_color="#888")
fig.update_layout(title=f"Who wins? Shares of {GAMES} games each, with 95 % intervals (draws are the rest)",
                  yaxis_title="% of games", barmode="group", width=760, height=420,
                  legend=dict(orientation="h", y=-0.2))
fig
"""),
("code", r"""
ends = (games.groupby(["profile", "players"], sort=False).end.value_counts(normalize=True).mul(100).round(1)
        .unstack(fill_value=0))
ends
"""),
("md", r"""
## 2. The solver: best play in the late thaw

Simple players are not good players: do their results say anything about the game? The thaw is a
game of perfect information, so its end can be **solved**. From greedy games we take the first thaw
position with at most `CARDS_LEFT` cards on the lake, solve it (`SECONDS` each) and compare: who wins
with best play (the player to move, the other one, or a draw), and did the greedy game end with the
result best play gives?
"""),
("code", r"""
def late_thaw(flags, count, cards_left=CARDS_LEFT, seconds=SECONDS):
    out = []
    seed = 0
    while len(out) < count and seed < 50 * count + 50:
        found = []

        def watch(state, found=found):
            if not found and state.phase == "thaw" and len(state.cards) <= cards_left:
                found.append(state)

        game = play(10_000 + seed, flags, greedy, watch)
        seed += 1
        if not found:
            continue
        here = found[0]
        best = solve(here, seconds=seconds)
        mover = here.to_move
        won = best.winners if best.solved else None
        out.append({"solved": best.solved, "cards": len(here.cards), "mover": f"Player {mover + 1}",
                    "best play": None if won is None else "draw" if len(won) == 2 else (
                        "player to move" if mover in won else "the other"),
                    "best-play winner": None if won is None else "draw" if len(won) == 2 else f"Player {min(won) + 1}",
                    "greedy result": game["result"], "seconds": round(best.seconds, 2)})
    return pd.DataFrame(out)


late = pd.concat([late_thaw(flags, SOLVED).assign(profile=profile) for profile, flags in PROFILES.items()],
                 ignore_index=True)
solved = late[late.solved]
solved.head(12)
"""),
("code", r"""
summary = []
for profile, g in solved.groupby("profile", sort=False):
    n = len(g)
    for what, k in (("the player to move wins with best play", (g["best play"] == "player to move").sum()),
                    ("best play is a draw", (g["best play"] == "draw").sum()),
                    ("the greedy game missed the best-play result", (g["best-play winner"] != g["greedy result"]).sum())):
        lo, hi = wilson(int(k), n)
        summary.append({"profile": profile, "positions solved": f"{n} of {(late.profile == profile).sum()}",
                        "share": what, "%": round(100 * k / n), "95 % interval": f"[{num(lo)}, {num(hi)}]"})
pd.DataFrame(summary)
"""),
("md", r"""
## 3. The answer
"""),
("code", r"""
def pct(frame, mask):
    k, n = int(mask.sum()), len(frame)
    if n == 0:
        return f"(no position solved within {SECONDS:g} s)"
    lo, hi = wilson(k, n)
    return f"{num(100 * k / n)} % [{num(lo)}–{num(hi)} %]"


for profile in PROFILES:
    r = games[(games.profile == profile) & (games.players == "random")]
    g = games[(games.profile == profile) & (games.players == "greedy")]
    s = solved[solved.profile == profile]
    print(f"{profile}: random players — Player 1 wins {pct(r, r.result == 'Player 1')}, Player 2 "
          f"{pct(r, r.result == 'Player 2')}; the loop guard ends {pct(r, r.end == 'loop guard')} of their games. "
          f"Greedy players — Player 1 wins {pct(g, g.result == 'Player 1')}, Player 2 {pct(g, g.result == 'Player 2')}; "
          f"the loop guard ends {pct(g, g.end == 'loop guard')}. Late thaw, best play: the player to move wins "
          f"{pct(s, s['best play'] == 'player to move')}; the greedy game missed the best-play result in "
          f"{pct(s, s['best-play winner'] != s['greedy result'])}.")
"""),
("md", r"""
**In words** (the reference run: `GAMES = 2000`, `SOLVED = 60`, `SECONDS = 1.0`; the numbers of a
small default run above scatter more, as their intervals say):

- **Does the first player win more often?** Only a little, and only when the players try something.
  Random players win equally often from either seat (DEVIR: Player 1 45 % [43, 47], Player 2 44 %
  [42, 46]; BGA_HELP: 44 % against 43 %; the rest are draws, about 11 %). Greedy players, who claim
  every square they can and clear the lake, give Player 1 a small edge: DEVIR 47 % [45, 49] against
  42 % [40, 44], BGA_HELP 50 % [48, 52] against 43 % [40, 45] — five to seven points, a little more
  under BGA_HELP, where every turn lays a card. These players are weak, so this is an edge for simple
  play, not a verdict on expert play.
- **How often does the loop guard end a game?** It depends on the players, not on the rules: it
  ends 82 % [80, 83] of random games under DEVIR and 77 % [75, 79] under BGA_HELP (random players
  shuffle cards around and rarely remove one), and none of the 4,000 greedy games (0 % [0, 0.2]):
  players who remove cards end the game by WIN-END-1 long before 60 idle turns.
- **What the solver adds:** in the late thaw (at most 3 cards left) the player to move wins with
  best play in 50 % [34, 66] of the positions under DEVIR (36 of 60 solved within 1 s) and 64 %
  [50, 76] under BGA_HELP (47 of 60 solved); best play is a draw in 19 % (DEVIR) and 2 % (BGA_HELP):
  the take-back of DEVIR gives the player behind a way to wait. The greedy players still ended with the
  best-play result in about 88 % of these positions (they missed it in 11 % [4, 25] and 13 % [6, 25]),
  so their results are close to best play at the end, and the first-player edge above is made earlier,
  in the freeze and the early thaw.
"""),
]

write(NOTEBOOKS / "winter_question.ipynb", cells)
