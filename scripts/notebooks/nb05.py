from nbtools import NOTEBOOKS, write

cells = [
("md", r"""
# Der weiße Lotus — play at the club

**One screen, several players.** Choose the number of players and who plays each colour (a person
or a bot), then press **New game**. The bots: *random* (any legal move), *heuristic* (a sensible
player) and *montecarlo* (looks ahead by playing the game on many times in its head; the strongest,
at most about a tenth of a second a move).

- **Hot seat** hides every hand. Before a decision made with your cards (a bid, a side in the
  rebellion, your income, a refund) the table asks the others to look away and shows *Show my hand*
  for you: only then are your cards and your choices shown. Markers and chips are public: no need
  to pass the screen. Sealed bids and rebellion commitments stay hidden until everyone has chosen;
  then the reveal is shown to everyone before the screen moves on. The seed is never shown, and
  *Save* writes what everyone may know (the full record after the game, or when everyone agrees).
- **Open table** shows everything — for teaching, or for a projector.
- **Projector** (beside *New game*) switches to large type and markers with the current decision big,
  the board and the decision side by side on one screen (1024×768 is enough).
- Click the board to claim a province or place a chip; the phase panel shows your other choices.
  Every outcome is explained, with the rule that decides it.
- **Undo** takes back the last move; **Save** writes the game record, which **Load** brings back.
"""),
("code", r"""
from lotus_kit.ui import GameTable

table = GameTable(players=4, seed=2026, seats=["human", "human", "heuristic", "heuristic"], mode="hot-seat",
                  board_width=860)
table
"""),
]
write(NOTEBOOKS / "05_play_at_the_club.ipynb", cells)
