"""Ming Dynastie analysis: the scoring preview as a table and a chart, and simulation questions.

- :func:`preview_frame` / :func:`district_frame`: pandas tables of
  :mod:`lotus_kit.ming.preview` (what a scoring would give now; what each placement changes).
- :func:`preview_chart`: "where does my next family member score most?" — houses gained per district
  for the best possible deployment there, coloured by whether it can be done this turn.
- :func:`start_player_games`: bot games with every seat as start player, one row per game and seat
  (the start player's advantage, and with 2 players the neutral colour's share of the houses).

>>> df = start_player_games(players=3, games=2, bot="random")
>>> sorted(df.columns)[:4], len(df)
(['after_start', 'bot', 'game', 'houses'], 18)
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from lotus_kit.ming.bots import make_bot
from lotus_kit.ming.engine import apply, district_moves, new_game
from lotus_kit.ming.game import MING
from lotus_kit.ming.preview import district_rows, placement_rows
from lotus_kit.ming.state import SEAT_NAMES, State, count_at


def district_frame(state: State) -> pd.DataFrame:
    """One row per district: pieces and the houses each colour would fill if scored now."""
    return pd.DataFrame(district_rows(state)).set_index("district")


def preview_frame(state: State, seat: int) -> pd.DataFrame:
    """One row per district and number of pieces added (1-3): houses before/after, gain, points."""
    df = pd.DataFrame(placement_rows(state, seat))
    df["taken_from"] = df["taken_from"].map(lambda d: ", ".join(f"{k} {v}" for k, v in d.items()))
    return df


def best_placements(state: State, seat: int) -> pd.DataFrame:
    """Per district, the placement worth the most: possible this turn first, then the largest house
    swing (own houses gained plus the rivals' lost), then the fewest pieces; best districts first."""
    df = preview_frame(state, seat)
    order = ["possible", "swing", "gain", "add"]
    up = [False, False, False, True]
    df = df.sort_values(["district", *order], ascending=[True, *up])
    return df.groupby("district", sort=False).head(1).sort_values(order, ascending=up)


def preview_chart(state: State, seat: int) -> Any:
    """A bar chart: the house swing of ``seat``'s best deployment per district (houses it gains plus
    houses its rivals lose); solid bars can be done this turn, hatched ones cannot (prince out of
    reach, or too few pieces waiting); the label says how many pieces."""
    import plotly.graph_objects as go

    df = best_placements(state, seat).sort_values("district")
    fig = go.Figure()
    for possible, name, pattern in ((True, "possible this turn", ""), (False, "not this turn", "/")):
        part = df[df["possible"] == possible]
        fig.add_bar(x=part["district"], y=part["swing"], name=name, marker_pattern_shape=pattern,
                    marker_color="#2a6f97" if possible else "#9aa5b1",
                    text=[f"+{a}" for a in part["add"]], textposition="outside",
                    hovertext=[f"{r.district}: +{r.add} pieces, houses {r.houses_before}→{r.houses_after}"
                               + (f", rivals lose {r.taken_from}" if r.taken_from else "")
                               + f"; {r.points} points at the next scoring" for r in part.itertuples()])
    fig.update_layout(title=f"Where does {SEAT_NAMES[seat]}'s next family member score most? "
                            f"(round {state.round}, {state.phase})",
                      xaxis_title="district", yaxis_title="house swing (own gained + rivals' lost)",
                      barmode="overlay", yaxis_range=[0, 4.4], template="plotly_white", width=900, height=420)
    return fig


def start_player_games(players: int = 3, games: int = 100, bot: str = "heuristic", flags: tuple[str, ...] = (),
                       seed0: int = 0) -> pd.DataFrame:
    """``games`` bot games per start seat; one row per game and seat: its place after the start
    player (0 = start player), points, whether it won (shared wins count for each winner), and the
    houses it filled (the neutral of the 2-player game as one more row with ``seat`` = -1)."""
    rows = []
    for g in range(games):
        for start in range(players):
            seed = seed0 + g * players + start
            state = new_game(players, seed, start_player=start, rules=None) if not flags else \
                MING.start({"players": players, "seed": seed, "start_player": start}, flags)
            bots = [make_bot(bot, seed * 10 + i) for i in range(players)]
            houses = [0] * (players + 1)
            while not state.is_over:
                seat = min(state.to_act_seats)
                before = state
                state = apply(state, bots[seat].choose(state, seat))
                _count_houses(before, state, houses)
            winners = MING.winners(state)
            for x in range(players):
                rows.append({"game": g, "seed": seed, "players": players, "bot": bot, "start": start, "seat": x,
                             "after_start": (x - start) % players, "points": state.score(x),
                             "won": x in winners, "houses": houses[x]})
            if players == 2:
                rows.append({"game": g, "seed": seed, "players": players, "bot": bot, "start": start, "seat": -1,
                             "after_start": -1, "points": 0, "won": False, "houses": houses[2]})
    return pd.DataFrame(rows)


def _count_houses(before: State, after: State, houses: list[int]) -> None:
    """Houses filled by a district step (counted when the houses first fill in a scoring)."""
    t = after.table
    if before.round not in (2, 4, 6) or before.phase not in ("phase3", "deploy") or \
            after.phase in ("phase3", "deploy"):
        return
    for x in t.board.districts:
        counts = [count_at(before.data[t.open(c)], x) for c in range(t.colours)]
        for c, m in enumerate(district_moves(t, counts, before.start_player)):
            houses[c] += m


def start_player_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Win share and mean points by place after the start player, with the fair share 1/n."""
    seats = df[df["seat"] >= 0]
    out = seats.groupby("after_start").agg(games=("won", "size"), win_share=("won", "mean"),
                                           mean_points=("points", "mean"), mean_houses=("houses", "mean"))
    out["fair_share"] = 1 / seats["players"].iloc[0]
    # the standard error of a share, to tell a real edge from noise
    out["stderr"] = (out["win_share"] * (1 - out["win_share"]) / out["games"]) ** 0.5
    return out
