from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# Winter · learn the rules by playing

*Winter* (María & Enrique Blasco, Devir 2022) is a ten-minute game for two. Eighteen cards, each with
four snowflakes in two colours (light and dark), are laid into a **frozen lake**; players claim
same-coloured 2 × 2 **squares** that cross card borders with their 9 tokens. Then the lake **thaws**:
free cards are moved or removed, the lake may split and melt. Most tokens on the lake wins.

Every rule quoted here is a `WIN-` id of `lotus_kit/rules/winter.md`. The rules come in two
**profiles**: `DEVIR` (the physical game as reviewed; the default) and `BGA_HELP` (the Board Game Arena
help text). Section 6 shows where they differ and a position where they give different winners.

Each cell can be run again on its own: nothing is changed in place, every step makes a new state.
"""),
("code", r"""
from lotus_kit.winter import WINTER as G
from lotus_kit.winter import ChooseColour, DrawCard, KeepPart, Lay, MoveCard, PlaceToken, RemoveCard, solve
from lotus_kit.winter.screen import board_figure
from lotus_kit.core.errors import IllegalAction

LIGHT, DARK = 0, 1              # seat 0 is Player 1, seat 1 is Player 2
CARDS = [f"W{i:02d}" for i in range(1, 19)]


def show(state, title=None, before=None):
    # what happened last, what is decided now, and the lake (as a spectator sees it)
    for ev in state.events:
        print(" ·", ev.text())
    print(G.decision(state).text)
    return board_figure(state, None, size=(760, 400), before=before, title=title)


def refused(state, action):
    # a refused action names the rule and changes nothing
    try:
        G.apply(state, action)
    except IllegalAction as exc:
        return f"refused: {exc}"
    return "allowed"


def deck_after(*in_lake, top=()):
    # a face-down deck for a freezing position: every card not in the lake, ``top`` first
    return list(top) + [c for c in CARDS if c not in in_lake and c not in top]
"""),
("md", r"""
## 1. Setup: two start cards and the colour choice

Shuffle the 18 cards face down (WIN-SET-1). Player 1 turns up the top two cards: the first lies at
(0, 0), the second legally next to it, each either way up (a card may be turned 180°, never 90°:
WIN-GEO-2). Then **Player 2 chooses his colour**, having seen both cards (WIN-SET-3), and Player 1
takes the first turn (WIN-SET-4, WIN-CLAR-2).

Coordinates are the lake's own: x to the right, y downward, a card named by its top-left flake.
"""),
("code", r"""
start = G.new_game(2, seed=3)
first = G.apply(start, Lay(0, 0))
print("the second start card may go to", len(G.legal_actions(first)), "spots and orientations, e.g.",
      G.legal_actions(first)[:3])
second = G.apply(first, Lay(2, 0))
print(G.decision(second).text, "->", G.legal_actions(second))
setup = G.apply(second, ChooseColour("dark"))
show(setup)
"""),
("md", r"""
Cards touch along an edge (WIN-GEO-4); a corner is not enough, and cards never overlap (WIN-GEO-5).
Staggering by half a card is allowed (WIN-GEO-3; the flag `ALIGNED_GRID` forbids it):
"""),
("code", r"""
print("a corner only:", refused(first, Lay(2, 2)))
print("overlapping:  ", refused(first, Lay(1, 0)))
print("staggered:    ", refused(first, Lay(2, 1)))
"""),
("md", r"""
## 2. Freezing: lay a card *or* place a token (WIN-PH1-1)

Under DEVIR a turn is one of two things: **lay a card** or **place a token**. The order of the deck is
the only hidden thing in the game (WIN-CLAR-3): the player decides to lay *before* he sees the card,
then turns it up and must lay it. The green crosses mark the centre of every spot where it may go.
At the game table (`GameTable(game="winter")`) the card in hand is dragged onto the lake: it snaps to
the nearest spot that fits the way it is turned ("Turn 180°" or the key R), and a card let go where
it fits nowhere goes back to the hand. Without a mouse, the arrow keys choose a spot and Enter lays it.
"""),
("code", r"""
drawn = G.apply(setup, DrawCard())
print("Player 1 turned up", drawn.card_in_hand, "- it may go to", len(G.legal_actions(drawn)),
      "spots and orientations")
show(drawn)
"""),
("code", r"""
laid = G.apply(drawn, Lay(0, 2, turned=True))
seen = G.observation(laid, DARK)            # what Player 2 may know
print(laid.deck_left, "cards lie face down; a player sees them in printed order, not in their real order:",
      [seen.deck.ids[i] for i in seen.order[-laid.deck_left:]][:6], "...")
show(laid)
"""),
("md", r"""
## 3. Claiming a square (WIN-GEO-6, WIN-GEO-7)

A **square** is a 2 × 2 window of four flakes of one colour that crosses a border between cards (a
window inside one card never counts). A token sits at the window's centre. In this prepared freezing
position the light card `LD/LD` at (0, 0) and the turned card `DL/DL` at (2, 0) form a **dark**
square at (1, 0): the gold ring marks it for Player 2 (dark), whose turn it is.
"""),
("code", r"""
claim_table = G.position({
    "phase": "freeze", "colours": ["light", "dark"], "to_move": DARK,
    "lake": [{"x": 0, "y": 0, "card": "W11"}, {"x": 2, "y": 0, "card": "W12", "turned": True}],
    "deck": deck_after("W11", "W12", top=["W13"])})
print("Player 2 may:", G.legal_actions(claim_table))
print("inside one card:", refused(claim_table, PlaceToken(0, 0)))
show(claim_table)
"""),
("code", r"""
claimed = G.apply(claim_table, PlaceToken(1, 0))
print("a token is not for the other colour:",
      refused(G.position({"phase": "freeze", "colours": ["light", "dark"], "to_move": LIGHT,
                          "lake": [{"x": 0, "y": 0, "card": "W11"}, {"x": 2, "y": 0, "card": "W12", "turned": True}],
                          "deck": deck_after("W11", "W12")}), PlaceToken(1, 0)))
show(claimed)
"""),
("md", r"""
The two cards under the token are no longer **free** (grey dashes, WIN-GEO-8): in the thaw nothing
can move or remove them while the token lies there. The freeze ends when the last card of the deck
has been laid; the other player begins the thaw (WIN-PH1-3).

## 4. The thaw: move or remove a free card (WIN-PH2-1)

A prepared thaw: Player 2 (dark) holds the square at (1, 0), Player 1 (light) the one at (3, 0).
Three cards are free (orange). On his turn a player **moves** a free card (the lake must stay in one
piece), **removes** one, or (DEVIR) **takes back** one of his own tokens.
At the game table a free card is taken with the mouse on the panel's lake: the spots its move may go
to are marked, R turns it 180° while it is held, and let go it snaps to the nearest of them (or goes
back to its place, with the rule that stopped it). Without a mouse, Tab to the lake: the arrow keys
choose a free card, Enter picks it up, the arrows choose a spot and Enter moves it there. "Remove
this card" removes the card picked up.
"""),
("code", r"""
thaw = G.position({
    "colours": ["light", "dark"], "to_move": DARK,
    "lake": [{"x": 0, "y": 0, "card": "W11"}, {"x": 2, "y": 0, "card": "W12", "turned": True},
             {"x": 4, "y": 0, "card": "W13"}, {"x": 6, "y": 0, "card": "W07"}, {"x": 8, "y": 0, "card": "W14"},
             {"x": 4, "y": 2, "card": "W08"}],
    "tokens": [{"seat": DARK, "x": 1, "y": 0}, {"seat": LIGHT, "x": 3, "y": 0}]})
kinds = {}
for a in G.legal_actions(thaw):
    kinds[type(a).__name__] = kinds.get(type(a).__name__, 0) + 1
print("free cards:", thaw.free, "· Player 2's choices:", kinds)
show(thaw)
"""),
("md", r"""
### Moving a card, and the token it earns (WIN-CLAR-7, WIN-CLAR-8)

A move that forms a **new** square of the mover's colour lets him place one token on it at once — the
only way to place a token in the thaw (WIN-PH2-2). Here Player 2 moves the card at (4, 2) to (1, −2),
above his own token: a second dark square appears.
"""),
("code", r"""
moved = G.apply(thaw, MoveCard(4, 2, 1, -2))
print("now:", G.legal_actions(moved))
rewarded = G.apply(moved, G.legal_actions(moved)[0])
show(rewarded)
"""),
("md", r"""
### Removing a card: the lake splits and melts (WIN-SPLIT-1, WIN-CLAR-9)

Removing the free card at (6, 0) cuts the lake in two: the bigger part stays, the smaller one (the
card at (8, 0)) **melts**. The remover's `cardsRemoved` counts both (the tie-break, WIN-TIE-1).
Red dots mark the cards that left.
"""),
("code", r"""
split = G.apply(thaw, RemoveCard(6, 0))
print("cards removed (Player 1, Player 2):", split.cards_removed)
show(split, before=thaw)
"""),
("md", r"""
## 5. The end and the tie-break (WIN-END-1..3, WIN-TIE-1)

The game ends when
- the player to move has **no legal thaw action** (WIN-END-1): no free card and, under DEVIR, no own
  token on the lake;
- a player has placed his **ninth token** (WIN-END-2: his supply is empty; he has won);
- the **loop guard** stops a thaw that goes round in circles (WIN-END-3, binding in both profiles):
  60 thaw turns in a row without a card leaving, or the same position for the third time.

The winner has most tokens on the lake; if tied, more cards removed in the thaw; still tied, a draw.

Three cards in a row, no tokens. Player 1 removes the middle card: two parts of one card each tie,
so **he chooses** which one stays (WIN-CLAR-9 c) and the other melts — 2 cards to his count. Player 2
removes the last card; Player 1 has nothing left to do (WIN-END-1): 0–0 tokens, and the tie-break
2–1 gives Player 1 the game.
"""),
("code", r"""
ROW = {"colours": ["light", "dark"], "to_move": LIGHT,
       "lake": [{"x": 0, "y": 0, "card": "W07"}, {"x": 2, "y": 0, "card": "W15"}, {"x": 4, "y": 0, "card": "W08"}]}
row = G.position(ROW)
cut = G.apply(row, RemoveCard(2, 0))
print(G.decision(cut).text, G.legal_actions(cut))
kept = G.apply(cut, KeepPart(0, 0))
end = G.apply(kept, RemoveCard(0, 0))
print("cards removed:", end.cards_removed, "· winners:", sorted(G.winners(end)))
show(end, before=row)
"""),
("md", r"""
Was that good play? The thaw is a game of perfect information, and the kit **solves** it
(`lotus_kit.winter.solver`: alpha-beta over positions equal up to translation, the loop guard
included). From the three cards, best play wins by a whole token, not on the tie-break:
"""),
("code", r"""
best = solve(row, seconds=10)
print(best.text(("Player 1", "Player 2")))
print("solved exactly:", best.solved, "· positions searched:", f"{best.nodes:,}")
"""),
("md", r"""
The loop guard in action: both players keep moving the same card. The position after the first move
comes back after the third and the fifth: the **third repetition** ends the game (WIN-CLAR-12 b), and
the position is scored as it stands (WIN-TIE-1). `MAX_THAW_PLIES=<n>` sets the turn count (default 60).
"""),
("code", r"""
loop = row
for _ in range(8):
    if loop.is_over:
        break
    shuffle = next(a for a in G.legal_actions(loop) if type(a).__name__ == "MoveCard")
    print(G.describe(shuffle, loop))
    loop = G.apply(loop, shuffle)
print(loop.end_reason)
show(loop)
"""),
("md", r"""
## 6. Two profiles: DEVIR and BGA_HELP (WIN-BGA-1..3)

| | DEVIR (default) | BGA_HELP |
|---|---|---|
| freezing turn | lay a card **or** place a token (WIN-PH1-1) | lay a card every turn; then squares *that card* formed may be claimed at once, the active player first, then the other (WIN-BGA-1, WIN-CLAR-5) |
| thaw actions | move, remove, **take back** an own token | move, remove (no take-back, WIN-BGA-2) |
| the end | no free card **and** no own token on the lake | no free card (WIN-BGA-3) |

The freeze, same position, Player 1 (light) to move: under DEVIR he chooses to lay or claim; under
BGA_HELP the card is already his to lay, and the light square his card forms is his at once.
"""),
("code", r"""
freeze = {"phase": "freeze", "colours": ["light", "dark"], "to_move": LIGHT,
          "lake": [{"x": 0, "y": 0, "card": "W11"}, {"x": 2, "y": 0, "card": "W12", "turned": True}],
          "deck": deck_after("W11", "W12", top=["W13"])}
for flags in ([], ["BGA_HELP"]):
    s = G.position({**freeze, "flags": flags})
    if s.phase == "freeze":
        s = G.apply(s, DrawCard())
    after = G.apply(s, Lay(4, 0))
    print(flags or "DEVIR", "· after laying W13 at (4, 0):", G.decision(after).text)
"""),
("md", r"""
The thaw, where the profiles give **different winners**: both cards lie under Player 2's token and it
is his turn. Under DEVIR he must take his token back (WIN-CLAR-10), the cards become free, and with
best play Player 1 wins. Under BGA_HELP he has no action, so the game ends at once (WIN-BGA-3) and
Player 2 wins with his one token.
"""),
("code", r"""
held = {"colours": ["light", "dark"], "to_move": DARK,
        "lake": [{"x": 0, "y": 0, "card": "W11"}, {"x": 2, "y": 0, "card": "W12", "turned": True}],
        "tokens": [{"seat": DARK, "x": 1, "y": 0}]}
for flags in ([], ["BGA_HELP"]):
    s = G.position({**held, "flags": flags})
    print(f"{'BGA_HELP' if flags else 'DEVIR':8s} Player 2 may: {G.legal_actions(s) or 'nothing'} -> "
          f"{solve(s, seconds=10).text(('Player 1', 'Player 2'))}")
show(G.position(held))
"""),
("md", r"""
## 7. A whole game

Two seeded random players play a game from the shuffle to the end; the last board shows the lake as
the game ended. `lotus-kit play --game winter` plays one in a terminal, and
`winter_question.ipynb` asks who wins more often, and why.
"""),
("code", r"""
from lotus_kit.core.bots import play_game
from lotus_kit.winter.bots import RandomBot

game = G.new_game(2, seed=24)
final = play_game(G, game, [RandomBot(1), RandomBot(2)])
print("tokens on the lake:", [len(t) for t in final.tokens], "· cards removed:", final.cards_removed)
show(final)
"""),
("md", r"""
## 8. Ask the solver in the explorer

The what-if explorer steps through a recorded game. Here it holds the three-card game of section 5.
Open **Solve the thaw: solve from here** under the chart: at any thaw step it says who wins with
best play, by how much, and the best move (or, for a position too big for the seconds given, "not
solved in N s" with the best move found so far). **Judge the recorded moves** sets each move against
the solved value: Player 1's removal of the middle card cost him a token. **Play the best move**
replays the game from the better move.
"""),
("code", r"""
from lotus_kit.core.records import GameRecord
from lotus_kit.ui.explorer import Explorer

explorer = Explorer(GameRecord("winter", {"position": ROW}, (), (RemoveCard(2, 0), KeepPart(0, 0), RemoveCard(0, 0))))
explorer.solve_here(seconds=10)
explorer.solve_section.selected_index = 0          # the section open
explorer
"""),
]

write(NOTEBOOKS / "winter_learn_the_rules.ipynb", cells)
