from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# Ming Dynastie · where does my next family member score, and does the start player win more?

In *Ming Dynastie* (Robert F. Watson, Hans im Glück 2007) princes travel a map of six provinces,
paying movement cards whose transport must match each border they cross (MING-PH3-2), and bring up
to three family members into the district where they stop (MING-DEP-1). After rounds 2, 4 and 6 the
**majorities** of every district fill its three city houses: the most pieces move two, a single
second one (MING-SCORE-1); each piece in a house brings a province tile and, if it stays in the city,
points (MING-SCORE-2, MING-SCORE-5).

This notebook asks two questions:

1. **Where does my next family member score most?** A scoring preview of one position: the houses
   each colour would fill if the districts were scored now, and what 1 to 3 more of my pieces in each
   district would change — with whether my prince can get there this turn.
2. **Does the start player win more often?** Bot games with every seat as start player.

The board is the reconstruction of the rules specification (§12: the printed map was not found), so
the numbers are about that map. Rule ids such as MING-SCORE-1 refer to `lotus_kit/rules/ming-dynasty.md`.
"""),
("code", r"""
import pandas as pd

from lotus_kit.analysis.ming import best_placements, district_frame, preview_chart, start_player_games
from lotus_kit.analysis.ming import start_player_summary
from lotus_kit.ming.game import MING
from lotus_kit.ming.screen import board_figure

pd.set_option("display.precision", 2)

# a position of round 3, phase 3, written as a description (lotus_kit.ming.position): Black to act
state = MING.position({
    "players": 3, "round": 3, "phase": "phase3", "start_player": 1, "turn": 0, "passed": [],
    "seats": [
        {"prince": "P1.R", "hand": {"JUNK": 1, "PALANQUIN": 1, "DRAGON": 1}, "score": 30,
         "spaces": {"RED": 3, "YELLOW": 2, "BLUE": 3}, "tiles": {"RED": 2, "BLUE": 1}},
        {"prince": "P2.L", "hand": {"CAMEL": 2, "OXCART": 1}, "score": 34, "spaces": {"YELLOW": 4, "RED": 1}},
        {"prince": "P5.T", "hand": {"HORSE": 1, "DRAGON": 1}, "score": 28, "spaces": {"BLUE": 3, "PURPLE": 2}},
    ],
    "districts": {
        "P1.T": {"open": {"White": 2}},
        "P1.L": {"open": {"Grey": 1}, "cloister": "White"},
        "P2.L": {"open": {"White": 1, "Grey": 1}},
        "P2.T": {"open": {"White": 2, "Black": 1}},
        "P4.T": {"open": {"Grey": 3}},
        "P4.R": {"open": {"Black": 1, "Grey": 1}},
    },
})
print(MING.decision(state).text)
board_figure(state, width=900)
"""),
("md", r"""
## 1 · The scoring preview

`district_frame` applies the district step of MING-SCORE-1 to the open areas as they stand now
(pieces in cloisters never count, MING-DEP-5). `best_placements` tries 1, 2 and 3 more Black pieces in
every district, each with and without one of them in the cloister (MING-DEP-2; a rival's piece there
is ousted to the open area, MING-DEP-3), and lets the engine's own phase 4 score the board after each
one. The scoring is the next one (after round 4 here) as if it came right after the placement, with
nobody taking pieces back from the cities (everyone plays the return card 0, MING-SCORE-4). `points`
is what the placement changes for Black, split into one column per scoring part: city pieces (3 each
after round 4, MING-SCORE-5), the city bonus (4, MING-SCORE-6), cloister pieces (4, MING-SCORE-8),
six-colour sets (MING-SCORE-3) and, after round 6, the five-colour sets and tiles (MING-SCORE-9).
`rivals` is what it changes for the others and `net` Black's change minus theirs. Per district the
table keeps the best placement; `possible` says whether Black can make it on this turn: his prince
reaches the district with the cards in his hand (or is there already, a *stay*), no other prince
stands there, and enough of his pieces wait on the province space of that colour.
"""),
("code", r"""
district_frame(state).loc[lambda df: df.filter(like="pieces").sum(axis=1) > 0]
"""),
("code", r"""
best = best_placements(state, 0)
best[["district", "add", "cloister", "ousts", "houses_before", "houses_after", "points",
      "MING-SCORE-5 city points", "MING-SCORE-6 city bonus", "MING-SCORE-8 cloisters", "rivals", "net",
      "possible"]].head(8)
"""),
("code", r"""
preview_chart(state, 0)
"""),
("md", r"""
The chart answers the question at a glance. Each bar is the number of points the best deployment in
that district brings Black at the next scoring, stacked by scoring part and rule id; the label gives
the points and the pieces (▣: one of them into the cloister). Solid bars can be played this turn;
hatched bars cannot (the prince cannot reach the district, or too few of Black's pieces wait on that
province space). Of what Black can do now, three pieces with one into the cloister bring the most,
14 points, in P1.L, P1.R or P4.L:
two houses (2 × 3 city points), the city bonus (4; Black ties the city's leader, and every tied
leader scores it, MING-CLAR-12) and the cloister (4). P1.L is the sharpest of the three: the piece in
its cloister is White's, ousted to the open area, so White loses its 4 cloister points and Grey its
house in P1.L (3), `net` 21.

## 2 · Does the start player win more often?

`start_player_games` plays the same number of games with every seat as start player (heuristic bots
in every seat) and records each seat's place after the start player (0 = start player), its points
and whether it won (a shared win counts for every winner). The cell below runs a small sample so the
notebook stays quick; set `GAMES` higher for a firmer answer.
"""),
("code", r"""
GAMES = 8
games = start_player_games(players=3, games=GAMES, bot="heuristic")
start_player_summary(games)
"""),
("md", r"""
**What a larger run says.** With 150 games per start seat (450 games, 3 players, heuristic bots) the
start player won 40.0 % of the games against a fair share of 33.3 % (standard error 2.3 points), the
second seat 35.1 % and the last seat 30.0 %; with 4 players (400 games) the shares were 31.2 %,
30.2 %, 24.2 % and 20.5 % against 25 %. With 2 players there was no edge (52 % each, shared wins
counting twice), but there the **neutral colour** filled about 33 houses per game against 7.5 for each
player: under the reconstructed 2-player rules (MING-TWO-2/3, MING-CLAR-14) the neutral's pieces all
return to the districts and grow to 18, so it decides most majorities. Both findings are about these
bots on the reconstructed map; the standard error column says how far a share may wander by chance.
"""),
]

write(NOTEBOOKS / "ming_scoring_preview_question.ipynb", cells)
