"""Ming Dynastie analysis: the scoring preview as a table and a chart, and simulation questions.

- :func:`preview_frame` / :func:`district_frame`: pandas tables of
  :mod:`lotus_kit.ming.preview` (what a scoring would give now; what each placement changes).
- :func:`preview_chart`: "where does my next family member score most?" — the points the best
  deployment per district changes at the next scoring (the engine's own scoring), stacked by scoring
  part and rule id, hatched where it cannot be done this turn; after the game, the final scores.
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
from lotus_kit.ming.preview import PART_WORDS, can_preview, district_rows, next_scoring, placement_rows
from lotus_kit.ming.state import SEAT_NAMES, State, count_at
from lotus_kit.ming.words import PHASE_WORDS


def district_frame(state: State) -> pd.DataFrame:
    """One row per district: pieces and the houses each colour would fill if scored now."""
    return pd.DataFrame(district_rows(state)).set_index("district")


def preview_frame(state: State, seat: int) -> pd.DataFrame:
    """One row per district, pieces added (1-3) and cloister or not: the points the placement changes
    at the next scoring, as the engine scores it (:mod:`lotus_kit.ming.preview`): ``points`` for the
    seat and one column per scoring part (rule id and words), the rivals' changes, houses before and
    after in that district, and whether it can be done this turn. Empty between a scoring's first
    step and the next round (no placement then)."""
    rows = placement_rows(state, seat)
    df = pd.DataFrame(rows, columns=[*_COLUMNS, "parts"]) if not rows else pd.DataFrame(rows)
    for rule, words in PART_WORDS.items():
        df[f"{rule} {words}"] = df["parts"].map(lambda p, r=rule: p.get(r, 0)).astype(int)
    df["rivals"] = df["rivals"].map(lambda d: ", ".join(f"{k} {v:+d}" for k, v in d.items()))
    return df.drop(columns="parts")


_COLUMNS = ["district", "province", "add", "cloister", "ousts", "points", "rivals", "net", "houses_before",
            "houses_after", "points_before", "points_after", "reachable", "pieces_waiting", "possible"]


def best_placements(state: State, seat: int) -> pd.DataFrame:
    """Per district, the placement worth the most: possible this turn first, then the most points for
    the seat at the next scoring, then the most net points (own change minus the rivals'), then the
    fewest pieces; best districts first."""
    df = preview_frame(state, seat)
    order = ["possible", "points", "net", "add", "cloister"]
    up = [False, False, False, True, True]
    df = df.sort_values(["district", *order], ascending=[True, *up])
    return df.groupby("district", sort=False).head(1).sort_values(order, ascending=up)


PART_COLOURS = {"MING-SCORE-3": "#6a4c93", "MING-SCORE-5": "#2a6f97", "MING-SCORE-6": "#e9a23b",
                "MING-SCORE-8": "#5b8c51", "MING-SCORE-9": "#c8553d"}


def preview_chart(state: State, seat: int) -> Any:
    """A stacked bar chart: per district, the points ``seat``'s best deployment there changes at the
    next scoring, split by scoring part (rule id); solid bars can be done this turn, hatched ones
    cannot (prince out of reach, too few pieces waiting, a cloister lock); the label says how many
    pieces and whether one goes into the cloister. After the game: the final scores. Between a
    scoring's first step and the next round (no placement then): a note saying so."""
    import plotly.graph_objects as go

    who = SEAT_NAMES[seat]
    fig = go.Figure()
    layout = {"template": "plotly_white", "width": 900, "height": 440}
    if state.is_over:
        winners = MING.winners(state)
        names = [SEAT_NAMES[x] for x in range(state.players)]
        fig.add_bar(x=names, y=list(state.scores), text=[f"{v}" + (" · wins" if x in winners else "")
                                                         for x, v in enumerate(state.scores)],
                    textposition="outside", marker_color=["#2a6f97" if x in winners else "#9aa5b1"
                                                          for x in range(state.players)], name="final score")
        fig.update_layout(title="The game is over: final scores (MING-END-3) — no placement is left to preview",
                          xaxis_title="player", yaxis_title="points", showlegend=False, **layout)
        return fig
    when = f"round {state.round}, {PHASE_WORDS.get(str(state.phase), str(state.phase))}"
    if not can_preview(state):
        fig.add_annotation(text=f"No placement to preview while {PHASE_WORDS.get(str(state.phase))};<br>"
                                "the preview comes back when phase 1 begins.",
                           showarrow=False, x=0.5, y=0.5, xref="paper", yref="paper", font_size=16)
        fig.update_layout(title=f"Where does {who}'s next family member score most? ({when})",
                          xaxis_visible=False, yaxis_visible=False, **layout)
        return fig
    df = best_placements(state, seat).sort_values("district")
    part_cols = {rule: f"{rule} {words}" for rule, words in PART_WORDS.items()}
    patterns = ["" if p else "/" for p in df["possible"]]
    for rule, col in part_cols.items():
        if not df[col].any():
            continue
        fig.add_bar(x=df["district"], y=df[col], name=col, marker_color=PART_COLOURS[rule],
                    marker_pattern_shape=patterns, marker_opacity=[1.0 if p else 0.45 for p in df["possible"]],
                    hovertemplate="%{x}: %{y:+d} " + PART_WORDS[rule] + f" ({rule})<extra></extra>")
    labels = [f"{r.points:+d}<br>+{r.add}" + (" ▣" if r.cloister else "") for r in df.itertuples()]
    cols = list(part_cols.values())
    tops = [int(v) for v in df[cols].clip(lower=0).sum(axis=1)]
    fig.add_scatter(x=df["district"], y=tops, mode="text", text=labels, textposition="top center",
                    showlegend=False, hovertext=[_hover(r) for r in df.itertuples()], hoverinfo="text")
    fig.add_bar(x=[None], y=[None], name="hatched: not this turn", marker_color="#ffffff",
                marker_line_color="#666666", marker_pattern_shape="/")
    nxt = next_scoring(state.round)
    top = max([*tops, 1])
    fig.update_layout(title=f"Where does {who}'s next family member score most? ({when})<br><sup>points changed "
                            f"at the scoring after round {nxt} if it came right after the placement; nobody returns "
                            "city pieces · label: points, pieces (▣ one into the cloister)</sup>",
                      xaxis_title="district", yaxis_title=f"{who}'s points at the next scoring",
                      barmode="relative", yaxis_range=[min(0, int(df[cols].clip(upper=0).sum(axis=1).min())) - 1,
                                                       top * 1.3 + 2],
                      legend={"orientation": "h", "y": -0.2}, **layout)
    return fig


def _hover(r: Any) -> str:
    words = f"{r.district}: +{r.add} piece(s)" + (" (one into the cloister" + (f", ousting {r.ousts}" if r.ousts
                                                                                else "") + ")" if r.cloister else "")
    words += f"; houses here {r.houses_before}→{r.houses_after}; {r.points:+d} points at the next scoring"
    if r.rivals:
        words += f"; rivals {r.rivals}"
    return words + ("" if r.possible else " · not this turn")


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
    d = before.data             # read once: each read of ``data`` makes a tuple
    for x in t.board.districts:
        counts = [count_at(d[t.open(c)], x) for c in range(t.colours)]
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
