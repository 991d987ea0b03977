"""Charts of the analysis: sweep statistics, bid odds, rollouts, the convergence of a solver.

Pure functions from the analysis results (pandas frames from :mod:`lotus_kit.analysis`) to
``go.Figure``: win rate by seat and by first emperor, how often rebellions happen and succeed, game
length, score parts, the odds of a bid against each opponent model, an equilibrium's bid mix, a
position's win chances with intervals, the rebellion's sides at equilibrium, and the NashConv curve of
an iterative solve.

>>> import pandas as pd
>>> games = pd.DataFrame({"variant": ["published"] * 2, "bots": ["heuristic"] * 2, "players": [3, 3],
...     "winner": [0, 2], "first_emperor": [0, 1], "first_emperor_won": [True, False]})
>>> fig = win_rate_by_seat(games)
>>> [t.name for t in fig.data]
['3p']
"""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go

from lotus_kit.white_lotus.views import style as st

__all__ = [
    "bid_mix_chart",
    "bid_odds_chart",
    "convergence_chart",
    "evaluation_chart",
    "game_length_chart",
    "rebellion_chart",
    "score_parts_chart",
    "side_odds_chart",
    "sides_chart",
    "win_rate_by_first_emperor",
    "win_rate_by_seat",
]

_LAYOUT: dict[str, Any] = {
    "paper_bgcolor": st.PAPER, "plot_bgcolor": "#fffdf7",
    "font": {"family": st.FONT, "color": st.INK, "size": 13},
    "margin": {"l": 60, "r": 30, "t": 80, "b": 60},
    "legend": {"bgcolor": "rgba(255,255,255,0.6)"},
}
_SERIES = ("#2b2d42", "#8d5a97", "#3d7a6e", "#c9a227", "#a63d40", "#56616b", "#9fb7c6", "#6b8f3a")


def _z95() -> float:
    return 1.959963984540054


def _wilson(k: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p, z = k / n, _z95()
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _groups(games) -> list[tuple[str, Any]]:
    # group by what varies (the player count always): "published · 3p", "designer · mixed bots · 4p"
    keys = [k for k in ("variant", "bots", "players") if k in games.columns
            and (k == "players" or games[k].nunique() > 1)]
    out = []
    for key, df in games.groupby(keys, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        label = " · ".join(f"{v}p" if k == "players" else str(v) for k, v in zip(keys, key, strict=True))
        out.append((label, df))
    return out


def _figure(title: str, **layout: Any) -> go.Figure:
    fig = go.Figure()
    fig.update_layout(title={"text": title, "x": 0.02}, **_LAYOUT, **layout)
    return fig


def win_rate_by_seat(games) -> go.Figure:
    """Share of games won by each seat (0 = first clockwise), with 95 % intervals; a line at 1/players."""
    fig = _figure("Win rate by seat", barmode="group", yaxis={"title": "games won", "tickformat": ".0%"},
                  xaxis={"title": "seat"})
    for k, (label, df) in enumerate(_groups(games)):
        n = len(df)
        players = int(df["players"].max())
        seats = list(range(players))
        wins = [(df["winner"] == s).sum() for s in seats]
        ci = [_wilson(w, n) for w in wins]
        fig.add_bar(name=label, x=[st.SEAT_NAMES[s] for s in seats], y=[w / n for w in wins],
                    marker_color=_SERIES[k % len(_SERIES)],
                    error_y={"type": "data", "symmetric": False,
                             "array": [hi - w / n for w, (_, hi) in zip(wins, ci, strict=True)],
                             "arrayminus": [w / n - lo for w, (lo, _) in zip(wins, ci, strict=True)]})
    return fig


def win_rate_by_first_emperor(games) -> go.Figure:
    """How often the first emperor wins, per group, against the fair share 1/players."""
    fig = _figure("Does the first emperor win more than his share?", yaxis={"title": "games won", "tickformat": ".0%"})
    labels, rates, lows, highs, fair = [], [], [], [], []
    for label, df in _groups(games):
        n = len(df)
        k = int(df["first_emperor_won"].sum())
        lo, hi = _wilson(k, n)
        labels.append(label)
        rates.append(k / n)
        lows.append(k / n - lo)
        highs.append(hi - k / n)
        fair.append(1 / df["players"].iloc[0])
    fig.add_bar(name="first emperor wins", x=labels, y=rates, marker_color=st.EMPEROR_GOLD,
                error_y={"type": "data", "symmetric": False, "array": highs, "arrayminus": lows})
    fig.add_scatter(name="fair share (1/players)", x=labels, y=fair, mode="markers",
                    marker={"symbol": "line-ew-open", "size": 40, "color": st.INK, "line": {"width": 3}})
    return fig


def rebellion_chart(games) -> go.Figure:
    """Rebellions per game and the share that succeed, per group."""
    from plotly.subplots import make_subplots

    fig = make_subplots(rows=1, cols=2, subplot_titles=("rebellions per game", "rebels win"))
    fig.update_layout(title={"text": "How often rebellions happen and succeed", "x": 0.02}, **_LAYOUT,
                      showlegend=False)
    labels, per_game, success, lo_e, hi_e = [], [], [], [], []
    for label, df in _groups(games):
        attempts = int(df["rebellions_attempted"].sum())
        wins = int(df["rebellions_succeeded"].sum())
        labels.append(label)
        per_game.append(attempts / len(df))
        rate = wins / attempts if attempts else 0.0
        lo, hi = _wilson(wins, attempts)
        success.append(rate)
        lo_e.append(rate - lo)
        hi_e.append(hi - rate)
    fig.add_bar(x=labels, y=per_game, marker_color=st.REBEL_DARK, row=1, col=1)
    fig.add_bar(x=labels, y=success, marker_color="#a63d40", row=1, col=2,
                error_y={"type": "data", "symmetric": False, "array": hi_e, "arrayminus": lo_e})
    fig.update_yaxes(tickformat=".0%", row=1, col=2)
    return fig


def game_length_chart(games) -> go.Figure:
    """Distribution of the number of years per game, per group."""
    fig = _figure("Game length", barmode="group", xaxis={"title": "years", "dtick": 1},
                  yaxis={"title": "share of games", "tickformat": ".0%"})
    for k, (label, df) in enumerate(_groups(games)):
        counts = df["years"].value_counts(normalize=True).sort_index()
        fig.add_bar(name=label, x=counts.index.tolist(), y=counts.values.tolist(),
                    marker_color=_SERIES[k % len(_SERIES)])
    return fig


def score_parts_chart(games, by: str = "winner") -> go.Figure:
    """Mean score parts (buildings, group bonus, dragons, VP chips) of the winner, the first emperor, or all seats."""
    parts = ("buildings", "group_bonus", "dragons", "vp_chips")
    names = dict(zip(parts, ("buildings", "largest group", "dragons", "VP chips"), strict=True))
    whose = {"winner": "winners", "first_emperor": "first emperors"}.get(by, "all seats")
    fig = _figure(f"Score parts ({whose})", barmode="stack", yaxis={"title": "mean VP"})
    labels = []
    means: dict[str, list[float]] = {p: [] for p in parts}
    for label, df in _groups(games):
        labels.append(label)
        for p in parts:
            if by in ("winner", "first_emperor"):
                vals = [row[f"{p}_{int(row[by])}"] for _, row in df.iterrows()]
            else:
                vals = [row[f"{p}_{s}"] for _, row in df.iterrows() for s in range(int(row["players"]))]
            means[p].append(float(sum(vals)) / len(vals))
    for p in parts:
        fig.add_bar(name=names[p], x=labels, y=means[p], marker_color=st.PART_COLOURS[names[p]])
    return fig


def bid_odds_chart(odds) -> go.Figure:
    """The odds of a chosen bid against each opponent model (the frame of ``BidAdvice.odds``)."""
    fig = _figure(f"Bid {odds['bid'].iloc[0]}: odds against each opponent model", barmode="stack",
                  yaxis={"title": "probability", "tickformat": ".0%", "range": [0, 1]})
    keep = odds["p_province"]
    out_first = odds["p_leave_first_round"]
    later = (1 - keep - out_first).clip(lower=0)
    fig.add_bar(name="takes the province", x=odds["opponents"], y=keep, marker_color="#3d7a6e",
                text=[f"{v:.0%}" for v in keep], textposition="inside")
    fig.add_bar(name="loses in a later round", x=odds["opponents"], y=later, marker_color="#c9a227")
    fig.add_bar(name="leaves in the first round", x=odds["opponents"], y=out_first, marker_color="#a63d40",
                text=[f"{v:.0%}" for v in out_first], textposition="inside")
    fig.add_scatter(name="tie: emperor decides", x=odds["opponents"], y=odds["p_tie"], mode="markers",
                    marker={"symbol": "diamond", "size": 12, "color": st.EMPEROR_GOLD,
                            "line": {"color": st.INK, "width": 1}})
    fig.update_layout(annotations=[{"x": m, "y": 1.04, "text": f"{u:+.2f} VP, −{lost:.1f} influence",
                                    "showarrow": False, "font": {"size": 11}}
                                   for m, u, lost in zip(odds["opponents"], odds["utility"], odds["influence_lost"],
                                                         strict=True)])
    return fig


def bid_mix_chart(advice) -> go.Figure:
    """Each participant's equilibrium mix of bids (a ``BidAdvice``)."""
    fig = _figure("Equilibrium bids", barmode="group", yaxis={"title": "probability", "tickformat": ".0%"})
    g = advice.game
    many = len(advice.participants) > 2
    order: dict[str, tuple] = {}
    for s in advice.participants:
        mix = advice.mix(s)
        fig.add_bar(name=st.SEAT_NAMES[s], x=[label for label, _ in mix], y=[p for _, p in mix],
                    marker_color=st.SEAT_COLOURS[s])
        shown = {label for label, _ in mix}
        for k, (target, total) in enumerate(g.options[s]):
            cards = g.cards[s][k]
            label = _bid_label(cards, target if many else None)
            if label in shown:
                order.setdefault(label, (target if many else 0, total, -len(cards)))
    # smallest bid first (and by named rival with three or more): the axis reads like a price list
    fig.update_xaxes(categoryorder="array", categoryarray=sorted(order, key=order.__getitem__))
    return fig


def _bid_label(cards, target):
    from lotus_kit.white_lotus.words import bid_label

    return bid_label(cards, target)


def sides_chart(advice) -> go.Figure:
    """Who backs whom at the rebellion's equilibrium, and with how much combat (a ``SideAdvice``)."""
    odds = advice.odds()
    frame = advice.players()
    names = [f"{r.name}<br><sub>{r.role}</sub>" for r in frame.itertuples()]
    fig = _figure(f"Rebellion at equilibrium: the rebels win {odds.p_rebels:.0%}", barmode="stack",
                  yaxis={"title": "probability", "tickformat": ".0%", "range": [0, 1.12]})
    fig.add_bar(name="backs the emperor", x=names, y=1 - frame["p_rebels_side"], marker_color=st.EMPEROR_GOLD,
                marker_line={"color": st.INK, "width": 1})
    fig.add_bar(name="backs the rebels", x=names, y=frame["p_rebels_side"], marker_color=st.REBEL_DARK,
                marker_line={"color": st.INK, "width": 1})
    fig.update_layout(annotations=[{"x": x, "y": 1.06, "text": f"combat ≈ {c:.1f}", "showarrow": False,
                                    "font": {"size": 11}}
                                   for x, c in zip(names, frame["expected_combat"], strict=True)])
    return fig


def side_odds_chart(odds) -> go.Figure:
    """The odds of one rebellion choice against each opponent model (the frame of ``SideAdvice.choice_odds``)."""
    fig = _figure(f"{odds['choice'].iloc[0].capitalize()}: odds against each opponent model",
                  yaxis={"title": "probability", "tickformat": ".0%", "range": [0, 1.1]})
    fig.add_bar(name="his side wins", x=odds["opponents"], y=odds["p_side_wins"], marker_color="#3d7a6e",
                text=[f"{v:.0%}" for v in odds["p_side_wins"]], textposition="inside")
    fig.add_bar(name="the rebels win", x=odds["opponents"], y=odds["p_rebels_win"], marker_color=st.REBEL_DARK,
                text=[f"{v:.0%}" for v in odds["p_rebels_win"]], textposition="inside")
    fig.update_layout(barmode="group", annotations=[
        {"x": m, "y": 1.05, "text": f"{u:+.2f} VP", "showarrow": False, "font": {"size": 11}}
        for m, u in zip(odds["opponents"], odds["utility"], strict=True)])
    return fig


def evaluation_chart(evaluation) -> go.Figure:
    """Win chances per seat with 95 % intervals (an ``Evaluation`` or its frame)."""
    df = evaluation.frame() if hasattr(evaluation, "frame") else evaluation
    fig = _figure("Win chances from this position", yaxis={"title": "win probability", "tickformat": ".0%"})
    fig.add_bar(x=df["name"], y=df["win_rate"], marker_color=[st.SEAT_COLOURS[s] for s in df["seat"]],
                error_y={"type": "data", "symmetric": False, "array": df["win_high"] - df["win_rate"],
                         "arrayminus": df["win_rate"] - df["win_low"]},
                text=[f"score {m:.1f}" for m in df["score"]], textposition="outside")
    return fig


def convergence_chart(curve, title: str = "Convergence") -> go.Figure:
    """NashConv of an iterative solve against iterations (log scale): how far from equilibrium.

    A sampled solve's curve is an estimate (``estimated``): it is drawn dashed, with its
    downward-biased twin ``nash_conv_low`` when present; the truth lies between the two.
    """
    estimated = bool("estimated" in curve and curve["estimated"].any())
    fig = _figure(title + (" (estimated from samples)" if estimated else ""), xaxis={"title": "iteration"},
                  yaxis={"title": "NashConv (VP)", "type": "log", "exponentformat": "power"})
    fig.add_scatter(x=curve["iteration"], y=curve["nash_conv"].clip(lower=1e-9), mode="lines",
                    name="NashConv" + (" (upper estimate)" if estimated else ""),
                    line={"color": st.INK, "dash": "dash" if estimated else "solid"})
    if "nash_conv_low" in curve:
        fig.add_scatter(x=curve["iteration"], y=curve["nash_conv_low"].clip(lower=1e-9), mode="lines",
                        name="lower estimate", line={"color": "#8d5a97", "dash": "dot"})
    if "stage" in curve:          # a solver that changed method: mark where each later one starts
        changes = curve["stage"].ne(curve["stage"].shift()) & (curve.index > curve.index[0])
        for x, stage in zip(curve.loc[changes, "iteration"], curve.loc[changes, "stage"], strict=True):
            fig.add_vline(x=x, line={"color": st.INK, "dash": "dot", "width": 1},
                          annotation_text=f"{stage} →", annotation_position="top right")
    return fig
