from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# Ming Dynastie · learn the rules by playing the first rounds

Six provinces of three districts each. Every round has five phases (MING-RND-1): **1** put family
members on the province spaces at the edge, **2** take movement cards, **3** move your prince across
borders, paying cards with the border's transport, and deploy family members where he stands,
**4** score (after rounds 2, 4 and 6 only), **5** pass the start player on. After round 6 the most
points win (MING-END-3). Every rule quoted here is a `MING-` id of `lotus_kit/rules/ming-dynasty.md`;
the board is the reconstructed map of its §12 (the printed one was not found).

Each code cell stands on its own: it imports what it needs and finds its moment in one seeded lesson
game played by the kit's bots (Black starts). Run them in any order, as often as you like.
"""),
("code", r"""
from lotus_kit.ming.screen.lesson import G, at, show

start = at("place_prince")
print(G.decision(start).text)
show(start)
"""),
("md", r"""
## Setup: the princes

Each player puts his prince into a district that holds no prince and takes one province tile of its
colour (MING-SET-5). The gold outlines are the districts you may choose. Every border carries one
transport symbol (Horse, Rickshaw, Junk, Camel, Palanquin, Ox cart): a prince crosses it only by
paying a movement card of that kind, or a dragon, the joker (MING-PH3-2).
A move the rules refuse names its rule and changes nothing:
"""),
("code", r"""
from lotus_kit.core.errors import IllegalAction
from lotus_kit.ming.actions import PlacePrince
from lotus_kit.ming.screen.lesson import G, at

s = at("place_prince", nth=1)                    # White's turn; Black's prince stands somewhere already
try:
    G.apply(s, PlacePrince(1, s.prince(0)))
except IllegalAction as refused:
    print(refused)
"""),
("md", r"""
## Phase 1: family members onto the province spaces

Each player takes 5 family members from his supply (MING-PH1-1) and, one at a time from the start
player, puts each on any of the six province spaces below the map (MING-PH1-2). A piece on a space
does two things later: it lets you take the card shown beside that space (phase 2), and it is the
only way into that province's districts (phase 3, MING-DEP-1).
"""),
("code", r"""
import pandas as pd
from lotus_kit.ming.screen.lesson import G, at

s = at("phase2")                                  # phase 1 of round 1 is over
pd.DataFrame({G.info.seat_names[k]: s.spaces(k) for k in range(s.players)}).T
"""),
("md", r"""
## Phase 2: movement cards

A player with fewer than 5 cards (MING-PH2-1) must take one: the card shown beside a space where he
has a family member — the piece stays, and the slot is refilled at once — or a dragon, sending one
of his pieces on a space to the box (MING-PH2-2). Hands are public: every card comes from the
face-up display or the dragon supply, so anyone could write them down (MING-CLAR-17).
"""),
("code", r"""
from lotus_kit.ming.screen.lesson import G, at

s = at("phase2")
seat = min(G.to_act(s))
print(G.decision(s).text)
for action in G.legal_actions(s, seat):
    print("  ", G.describe(action, s))
"""),
("md", r"""
## Phase 3: princes move, family members follow

In turn, each player moves his prince, stays, or passes (MING-PH3-1). A move crosses one border per
card paid (MING-PH3-2); it may pass through a district with a prince but not end there
(MING-PH3-3). Staying costs one card (MING-PH3-4). After a move or a stay, up to 3 family members
from the province space of the prince's province go into his district, one of them into the
cloister if you like (MING-DEP-1, MING-DEP-2). The gold outlines show where Black can move now:
"""),
("code", r"""
from lotus_kit.ming.actions import Move
from lotus_kit.ming.screen.lesson import G, at, show

s = at("phase3")
seat = min(G.to_act(s))
print(G.decision(s).text, "— cards:", s.hand(seat), "— prince in", s.prince(seat))
cheapest = {}
for a in G.legal_actions(s, seat):
    if isinstance(a, Move) and (a.to not in cheapest or
                                (len(a.cards), a.cards.count("DRAGON")) < (len(cheapest[a.to]), cheapest[a.to].count("DRAGON"))):
        cheapest[a.to] = a.cards
print({to: " + ".join(cards) for to, cards in sorted(cheapest.items())})
show(s)
"""),
("code", r"""
from lotus_kit.ming.screen.lesson import G, at

s = at("deploy")
seat = min(G.to_act(s))
print(G.decision(s).text)
for action in G.legal_actions(s, seat):
    print("  ", G.describe(action, s))
"""),
("md", r"""
## Phase 4 after round 2: majorities, return cards, cities, cloisters

Each district fills its three city houses by majority of the pieces in its open area (MING-SCORE-1):
the most get 2 houses and a sole second 1; two or three tied for most get 1 each. Each piece moved
into a house earns a province tile (MING-SCORE-2); six colours are a set worth 28 now (MING-SCORE-3).
The same table, straight from the engine (the counts are the spec's worked examples):
"""),
("code", r"""
from lotus_kit.ming.engine import district_moves
from lotus_kit.ming.screen.lesson import at

t = at("phase1").table                       # any state of a 3-player game has the engine's tables
for counts in ([3, 2, 1], [2, 2, 1], [2, 0, 0], [1, 1, 1]):
    print("open area", dict(zip(("Black", "White", "Grey"), counts)), "-> houses",
          dict(zip(("Black", "White", "Grey"), district_moves(t, counts, 0))))
"""),
("md", r"""
Then each city in turn: everyone with pieces in its houses chooses return cards **in secret**
(values 0–3, MING-SCORE-4). Only when all have chosen are the sums shown together (MING-CLAR-11); that
many pieces go back to their districts for later scorings. The rest score 4 each now, the most left
in the city score 4 more (MING-SCORE-5, MING-SCORE-6), and leave the game. Then each cloister piece
scores 4 and stays (MING-SCORE-8). While a city's choices are open, another seat sees only *whether*
you have chosen:
"""),
("code", r"""
from lotus_kit.ming.actions import ChooseReturn, Pass
from lotus_kit.ming.screen.events import step_events
from lotus_kit.ming.screen.lesson import G, shared_city

s = G.position(shared_city())           # round 2, phase 3: Black and White both have pieces for the city of P1
while G.decision(s).kind == "phase3":
    s = G.apply(s, Pass(min(G.to_act(s))))
print(G.decision(s).text)
s = G.apply(s, ChooseReturn(0, 2))      # Black returns 2 ...
print("White sees", {o["name"]: o["return_cards"] for o in G.observation(s, 1)["seats"]})
last = ChooseReturn(1, 1)               # ... White 1: now both are shown to everyone, and the city scores
after = G.apply(s, last)
for event in step_events(s, last, after):
    print(" ·", event.text())
"""),
("code", r"""
from lotus_kit.ming.screen.lesson import scoring_lines

for line in scoring_lines(2):
    print(line)
"""),
("md", r"""
## Your turn

The table below plays a new game: you are Black against two bots. Click a gold-outlined district or
province space on the board, press cards in the panel, and watch the score track and the scoring
breakdown after round 2. "Hot seat" hides each player's sealed return cards behind a hand-off when
several people share the screen; the setup at the top sets the seats.
"""),
("code", r"""
from lotus_kit.ui.table import GameTable

GameTable(game="ming", players=3, seed=5, seats=["human", "heuristic", "heuristic"])
"""),
]

write(NOTEBOOKS / "ming_learn_the_rules.ipynb", cells)
