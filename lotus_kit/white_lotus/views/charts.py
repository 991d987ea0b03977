"""Charts that explain a game: the score, a conflict, a rebellion, the whole game by year.

Pure functions from states or events to ``go.Figure``. The numbers drawn are the engine's own:
the score parts of :func:`lotus_kit.white_lotus.scoring.score` (WL-SCORE-1..4), the bids and
pressures of :class:`~lotus_kit.white_lotus.events.ConflictRound` (WL-CONF-6..10), the tally of
:class:`~lotus_kit.white_lotus.events.RebellionResolved` (WL-REB-5..8).

>>> from lotus_kit.white_lotus.engine import new_game
>>> fig = score_chart(new_game(3, seed=1))
>>> [t.name for t in fig.data][:4]
['buildings', 'largest group', 'dragons', 'VP chips']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from lotus_kit.white_lotus.events import ConflictRound, Event, RebellionResolved, RewardTaken, ScoreLine
from lotus_kit.white_lotus.scoring import score
from lotus_kit.white_lotus.state import State
from lotus_kit.white_lotus.views import style as st

__all__ = [
    "SCORE_PARTS",
    "conflict_chart",
    "conflict_rounds",
    "rebellion_chart",
    "rebellion_events",
    "score_chart",
    "score_figure",
    "score_rows",
    "score_table",
    "timeline_chart",
]

SCORE_PARTS: tuple[str, ...] = ("buildings", "largest group", "dragons", "VP chips")
"""The parts of the final score, in the order of WL-SCORE-1..4."""

_LAYOUT: dict[str, Any] = {
    "paper_bgcolor": st.PAPER, "plot_bgcolor": "#fffdf7",
    "font": {"family": st.FONT, "color": st.INK, "size": 13},
    "margin": {"l": 60, "r": 30, "t": 90, "b": 60},
}


def _name(seat: int) -> str:
    return st.SEAT_NAMES[seat]


def _coloured(seat: int, text: str | None = None) -> str:
    """A seat name in its colour (darkened a little so yellow stays readable on paper)."""
    colour = st.SEAT_COLOURS[seat]
    if st.luminance(colour) > 0.5:
        colour = st.darken(colour, 0.35)
    return f"<span style='color:{colour}'><b>{text or _name(seat)}</b></span>"


def _events(source: Iterable[Event | State] | Event | State) -> list[Event]:
    """Flatten states (their ``events``) and events into one list of events."""
    if isinstance(source, Event | State):
        source = [source]
    out: list[Event] = []
    for item in source:
        if isinstance(item, State):
            out.extend(item.events)
        else:
            out.append(item)
    return out


def _cards(cards: Sequence[int]) -> str:
    return "+".join(map(str, cards)) if cards else "nothing"


# -- score ------------------------------------------------------------------------------------------
def score_rows(state: State) -> list[dict[str, Any]]:
    """One row per seat: the score parts as they stand (WL-SCORE-1..4) and their total.

    The game's final scores once it is over, else :func:`~lotus_kit.white_lotus.scoring.score`.
    """
    lines: Sequence[ScoreLine] = state.scores or score(state)
    return [{"seat": line.seat, "name": _name(line.seat), "buildings": line.buildings,
             "largest group": line.group_bonus, "group size": line.largest_group, "dragons": line.dragons,
             "VP chips": line.vp_chips, "total": line.total, "palaces": line.palaces} for line in lines]


def score_table(state: State) -> go.Figure:
    """The score parts of every player as a table (WL-SCORE-1..4; winners marked, WL-SCORE-5)."""
    fig = go.Figure(_score_table_trace(state))
    fig.update_layout(**_LAYOUT, width=760, height=130 + 29 * state.players,
                      title={"text": _score_title(state), "x": 0.02})
    fig.update_layout(margin={"l": 20, "r": 20, "t": 60, "b": 10})
    return fig


def _score_title(state: State) -> str:
    if state.is_over:
        won = " and ".join(_name(s) for s in state.winners)
        return f"<b>Final score</b> · {won} win{'s' if len(state.winners) == 1 else ''} (WL-SCORE-5)"
    return f"<b>Score if the game ended now</b> · year {state.year} (WL-SCORE-1..4)"


def _score_table_trace(state: State) -> go.Table:
    rows = score_rows(state)
    fills = [st.blend(st.SEAT_COLOURS[r["seat"]], "#ffffff", 0.72) for r in rows]
    header = ["player", "buildings<br>(WL-SCORE-1)", "largest group<br>(WL-SCORE-2)", "dragons<br>(WL-SCORE-3)",
              "VP chips<br>(WL-SCORE-4)", "<b>total</b>"]
    winners = set(state.winners)
    cells = [
        [("♛ " if r["seat"] == state.emperor else "") + r["name"] + (" <b>★ winner</b>" if r["seat"] in winners else "")
         for r in rows],
        [r["buildings"] for r in rows],
        [f"{r['group size']} province{'' if r['group size'] == 1 else 's'} → +{r['largest group']}" for r in rows],
        [r["dragons"] for r in rows],
        [r["VP chips"] for r in rows],
        [f"<b>{r['total']}</b>" for r in rows],
    ]
    return go.Table(
        columnwidth=[1.3, 1, 1.5, 1, 1, 0.8],
        header={"values": header, "fill_color": "#e9e1cf", "align": "center", "font": {"size": 12},
                "line_color": "#b9ad95"},
        cells={"values": cells, "fill_color": [fills], "align": ["left", "center", "center", "center", "center",
                                                                 "center"],
               "height": 28, "line_color": "#b9ad95", "font": {"size": 13}})


def _score_bars(state: State) -> list[go.Bar]:
    rows = score_rows(state)
    x = [_coloured(r["seat"], ("♛ " if r["seat"] == state.emperor else "") + r["name"]) for r in rows]
    bars = []
    for part in SCORE_PARTS:
        values = [r[part] for r in rows]
        if part == "largest group":
            hover = [f"{r['name']}: largest group of {r['group size']} → +{r[part]} (WL-SCORE-2)"
                     for r in rows]
        else:
            rule = {"buildings": "WL-SCORE-1", "dragons": "WL-SCORE-3", "VP chips": "WL-SCORE-4"}[part]
            hover = [f"{r['name']}: {part} {r[part]} ({rule})" for r in rows]
        bars.append(go.Bar(name=part, x=x, y=values, marker={"color": st.PART_COLOURS[part],
                                                            "line": {"color": "#fffdf7", "width": 1}},
                           text=[v if v else "" for v in values], textposition="inside",
                           insidetextanchor="middle", hovertext=hover, hoverinfo="text",
                           textfont={"color": st.text_colour_on(st.PART_COLOURS[part])}))
    bars.append(go.Scatter(name="total", x=x, y=[r["total"] for r in rows], mode="text",
                           text=[f"<b>{r['total']}</b>" for r in rows], textposition="top center",
                           showlegend=False, hoverinfo="skip", cliponaxis=False))
    return bars


def score_chart(state: State) -> go.Figure:
    """Stacked bars of each player's score parts (WL-SCORE-1..4) with the total on top."""
    fig = go.Figure(_score_bars(state))
    top = max((r["total"] for r in score_rows(state)), default=0)
    fig.update_layout(**_LAYOUT, barmode="stack", width=760, height=460, title={"text": _score_title(state),
                                                                                 "x": 0.02},
                      legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0.0, "traceorder": "normal"},
                      yaxis={"title": "victory points", "range": [0, max(top, 1) * 1.15], "gridcolor": "#e6dfcf"})
    return fig


def score_figure(state: State) -> go.Figure:
    """The score table above the stacked bar chart, in one figure."""
    table_px = 58 + 29 * state.players
    bars_px = 340
    gap_px = 70
    top_px, bottom_px = 70, 40
    height = top_px + table_px + gap_px + bars_px + bottom_px
    plot_px = height - top_px - bottom_px
    table = _score_table_trace(state)
    table.domain = {"x": [0, 1], "y": [1 - table_px / plot_px, 1]}
    fig = go.Figure([table, *_score_bars(state)])
    top = max((r["total"] for r in score_rows(state)), default=0)
    bar_top = bars_px / plot_px
    fig.update_layout(**_LAYOUT, barmode="stack", width=800, height=height,
                      title={"text": _score_title(state), "x": 0.02},
                      legend={"orientation": "h", "y": bar_top + 0.01, "yanchor": "bottom", "x": 0.0,
                              "traceorder": "normal"},
                      yaxis={"domain": [0, bar_top], "title": "victory points", "range": [0, max(top, 1) * 1.15],
                             "gridcolor": "#e6dfcf"})
    fig.update_layout(margin={"l": 60, "r": 30, "t": top_px, "b": bottom_px})
    return fig


# -- conflicts --------------------------------------------------------------------------------------
def conflict_rounds(source: Iterable[Event | State] | Event | State, province: str | None = None
                    ) -> list[ConflictRound]:
    """The rounds of the last conflict (for ``province``, if given) in events or states.

    A conflict is a run of :class:`ConflictRound` events starting at round 1 (WL-CONF-10).
    """
    conflicts: list[list[ConflictRound]] = []
    for ev in _events(source):
        if not isinstance(ev, ConflictRound):
            continue
        if ev.round == 1 or not conflicts or conflicts[-1][-1].province != ev.province:
            conflicts.append([])
        conflicts[-1].append(ev)
    if province is not None:
        conflicts = [c for c in conflicts if c[0].province == province]
    return conflicts[-1] if conflicts else []


def _province_name(pid: str) -> str:
    from lotus_kit.white_lotus.board import board_view

    view = board_view(6)
    return view.province(pid).name if pid in view.index_of else pid


def conflict_chart(source: Iterable[Event | State] | Event | State, province: str | None = None) -> go.Figure:
    """Round by round: who named whom with how much (bars stacked by bidder, in the bidder's colour),
    the pressure on each participant (bar height, WL-CONF-7), who left and his refund (WL-CONF-8, -9).
    """
    rounds = conflict_rounds(source, province)
    if not rounds:
        fig = go.Figure()
        fig.update_layout(**_LAYOUT, width=700, height=300, title={"text": "No conflict yet (WL-CONF-5)"})
        return fig
    n = len(rounds)
    cols = min(n, 3)
    rows = -(-n // cols)
    row_px, notes_px, top_px = 270, 160, 110
    height = top_px + rows * (row_px + notes_px)
    titles = [f"<b>Round {r.round}</b>" for r in rounds]
    fig = make_subplots(rows=rows, cols=cols, subplot_titles=titles, horizontal_spacing=0.06,
                        vertical_spacing=(notes_px + 40) / (height - top_px))
    top = max((p for r in rounds for _, p in r.pressures), default=0)
    shown: set[int] = set()
    for k, rnd in enumerate(rounds):
        row, col = divmod(k, cols)
        row, col = row + 1, col + 1
        seats = [s for s, _ in rnd.pressures]
        pressure = dict(rnd.pressures)
        cats = [_coloured(s) for s in seats]
        for bid in rnd.bids:
            y = [bid.value if bid.target == s else 0 for s in seats]
            short = _cards(bid.cards) if len(_cards(bid.cards)) <= 5 else str(bid.value)
            text = [short if bid.target == s and bid.value else "" for s in seats]
            bluff = " (a bluff: the 0 card only)" if bid.cards and not bid.value else ""
            hover = (f"{_name(bid.seat)} names {_name(bid.target)} with {_cards(bid.cards)} = {bid.value}"
                     f"{bluff} (WL-CONF-6)")
            fig.add_trace(go.Bar(
                name=_name(bid.seat), legendgroup=str(bid.seat), showlegend=bid.seat not in shown, x=cats, y=y,
                text=text, textposition="inside", insidetextanchor="middle", textangle=0,
                marker={"color": st.SEAT_COLOURS[bid.seat], "line": {"color": "#fffdf7", "width": 1.2}},
                textfont={"color": st.text_colour_on(st.SEAT_COLOURS[bid.seat])},
                hovertext=hover, hoverinfo="text", meta={"round": rnd.round, "bidder": bid.seat}), row=row, col=col)
            shown.add(bid.seat)
        labels = []
        for s in seats:
            tag = f"<b>{pressure[s]}</b>"
            if s == rnd.leaver:
                tag += "<br>✗ leaves"
                tag += f"<br>refund {rnd.refund}"
            labels.append(tag)
        fig.add_trace(go.Scatter(
            name="pressure", x=cats, y=[pressure[s] for s in seats], mode="text", text=labels,
            textposition="top center", showlegend=False, cliponaxis=False,
            hovertext=[f"pressure on {_name(s)}: {pressure[s]} (WL-CONF-7)" for s in seats], hoverinfo="text",
            meta={"round": rnd.round, "pressures": [pressure[s] for s in seats]}), row=row, col=col)
        named = "<br>".join(
            f"{_name(b.seat)} → {_name(b.target)}: {_cards(b.cards)}" for b in rnd.bids)
        if rnd.decided_by_emperor is not None:
            why = (f"tie {', '.join(_name(s) for s in rnd.tied)}:<br>emperor {_name(rnd.decided_by_emperor)} "
                   f"sends {_name(rnd.leaver)} out (WL-CONF-8)")
        else:
            why = f"{_name(rnd.leaver)} has the highest pressure (WL-CONF-8)"
        axis = "" if k == 0 else str(k + 1)
        fig.add_annotation(text=f"{named}<br><i>{why}</i>", xref=f"x{axis} domain", yref=f"y{axis} domain",
                           x=0.5, y=-32 / row_px, yanchor="top", showarrow=False, font={"size": 11},
                           align="center")
    winner_seats = [s for s, _ in rounds[-1].pressures if s != rounds[-1].leaver]
    outcome = (f" · {_coloured(winner_seats[0])} takes it (WL-CONF-10)"
               if len(winner_seats) == 1 else " · the conflict goes on")
    fig.update_layout(**_LAYOUT, barmode="stack", width=max(560, 310 * cols + 120), height=height,
                      uniformtext={"minsize": 10, "mode": "hide"},
                      title={"text": f"<b>Conflict for {_province_name(rounds[0].province)}</b>{outcome}",
                             "x": 0.02},
                      legend={"title": {"text": "named by"}, "orientation": "h", "x": 0.0, "yref": "container",
                              "y": 1 - 62 / height, "yanchor": "top"})
    fig.update_layout(margin={"l": 60, "r": 30, "t": top_px, "b": notes_px})
    fig.update_xaxes(tickangle=0, tickfont={"size": 11})
    fig.update_yaxes(range=[0, max(top, 1) * 1.45], gridcolor="#e6dfcf")
    for row in range(1, rows + 1):
        fig.update_yaxes(title="pressure", row=row, col=1)
    return fig


# -- rebellion ---------------------------------------------------------------------------------------
def rebellion_events(source: Iterable[Event | State] | Event | State
                     ) -> tuple[RebellionResolved | None, list[RewardTaken]]:
    """The last rebellion's tally and the rewards taken after it (WL-REB-5..10)."""
    tally: RebellionResolved | None = None
    rewards: list[RewardTaken] = []
    for ev in _events(source):
        if isinstance(ev, RebellionResolved):
            tally, rewards = ev, []
        elif isinstance(ev, RewardTaken) and tally is not None:
            rewards.append(ev)
    return tally, rewards


def rebellion_chart(source: Iterable[Event | State] | Event | State) -> go.Figure:
    """Both sides' strength: each player's combat cards (in his colour) plus the emperor's palace
    bonus and the leader's village bonus (WL-REB-5), the winner (WL-REB-6, ties to the emperor) and the
    rewards in order (WL-REB-8..10)."""
    tally, rewards = rebellion_events(source)
    fig = go.Figure()
    if tally is None:
        fig.update_layout(**_LAYOUT, width=700, height=300, title={"text": "No rebellion yet (WL-REB-2)"})
        return fig
    side_of = dict(tally.sides)
    side_of.setdefault(tally.emperor, "emperor")
    side_of.setdefault(tally.leader, "rebels")
    combat = dict(tally.combat)
    cats = {"emperor": f"Emperor's side<br>({_coloured(tally.emperor)})",
            "rebels": f"Rebels<br>(led by {_coloured(tally.leader)})"}
    x = [cats["emperor"], cats["rebels"]]
    for seat in sorted(combat, key=lambda s: (s not in (tally.emperor, tally.leader), s)):
        side = side_of.get(seat, "emperor")
        value = sum(combat[seat])
        y = [value if side == "emperor" else 0, value if side == "rebels" else 0]
        role = " (emperor)" if seat == tally.emperor else " (leader)" if seat == tally.leader else ""
        fig.add_trace(go.Bar(
            name=_name(seat) + role, x=x, y=y,
            text=[f"{_name(seat)} {_cards(combat[seat])}" if v else "" for v in y],
            textposition="inside", insidetextanchor="middle",
            marker={"color": st.SEAT_COLOURS[seat], "line": {"color": "#fffdf7", "width": 1.2}},
            textfont={"color": st.text_colour_on(st.SEAT_COLOURS[seat])},
            hovertext=f"{_name(seat)} backs the {side} with combat {_cards(combat[seat])} = {value} (WL-REB-3, -4)",
            hoverinfo="text", meta={"seat": seat, "side": side}))
    fig.add_trace(go.Bar(
        name="palace bonus", x=x, y=[tally.palace_bonus, 0], marker={"color": st.EMPEROR_GOLD,
                                                                     "pattern": {"shape": "/", "fgcolor": "#8a6d0b"}},
        text=[f"palaces +{tally.palace_bonus}" if tally.palace_bonus else "", ""], textposition="inside",
        hovertext=f"+2 per palace of the emperor: +{tally.palace_bonus} (WL-REB-5)", hoverinfo="text",
        meta={"bonus": "palace"}))
    fig.add_trace(go.Bar(
        name="village bonus", x=x, y=[0, tally.village_bonus], marker={"color": "#8c6d4f",
                                                                       "pattern": {"shape": "/", "fgcolor": "#4d3a27"}},
        text=["", f"villages +{tally.village_bonus}" if tally.village_bonus else ""], textposition="inside",
        textfont={"color": "#ffffff"},
        hovertext=f"+1 per village of the rebel leader: +{tally.village_bonus} (WL-REB-5)", hoverinfo="text",
        meta={"bonus": "village"}))
    totals = [tally.emperor_total, tally.rebel_total]
    won = 0 if tally.winner == "emperor" else 1
    fig.add_trace(go.Scatter(
        x=x, y=totals, mode="text", showlegend=False, cliponaxis=False, hoverinfo="skip",
        text=[f"<b>{t}</b> = combat {t - b} + {what} {b}" + ("<br>★ wins" if k == won else "")
              for k, (t, b, what) in enumerate(zip(totals, (tally.palace_bonus, tally.village_bonus),
                                                   ("palaces", "villages"), strict=True))],
        textposition="top center", textfont={"size": 15}, meta={"totals": totals}))
    tie = " (a tie goes to the emperor, WL-REB-6)" if tally.emperor_total == tally.rebel_total else " (WL-REB-6)"
    winner = "the emperor's side wins" if tally.winner == "emperor" else "the rebels win"
    lines = []
    taken = {r.seat: r for r in rewards}
    for k, seat in enumerate(tally.reward_order, start=1):
        r = taken.get(seat)
        if r is None:
            what = "still to choose"
        elif r.province is None:
            what = "a VP chip" + ("<br>    <i>(no province to take, WL-REB-10)</i>" if "WL-REB-10" in r.reason else "")
        else:
            what = f"{_province_name(r.province)} ({r.chip}) from {_coloured(r.from_seat)}"
        lines.append(f"{k}. {_coloured(seat)}: {what}")
    reward_text = "<b>Rewards</b> (WL-REB-8..10)<br>" + "<br>".join(lines) if lines else "No rewards"
    # the rewards sit under the legend, not beside the bars: a box on the right was cut off wherever
    # the chart is shown narrower than drawn (the explorer at 1024 px, a 700 px panel)
    box = 22 + 18 * max(1, reward_text.count("<br>") + 1)
    fig.add_annotation(text=reward_text, xref="paper", yref="paper", x=0.0, y=0.0, yshift=-120,
                       xanchor="left", yanchor="top", align="left", showarrow=False, font={"size": 12},
                       bgcolor="#fffdf7", bordercolor="#b9ad95", borderwidth=1, borderpad=6)
    top = max([*totals, 1])
    fig.update_layout(**_LAYOUT, barmode="stack", width=700, height=430 + box,
                      title={"text": f"<b>Rebellion</b>: {winner} {tally.emperor_total} : {tally.rebel_total}{tie}",
                             "x": 0.02},
                      legend={"orientation": "h", "y": -0.14, "yanchor": "top", "x": 0.0, "traceorder": "normal"},
                      bargap=0.35, uniformtext={"minsize": 10, "mode": "hide"})
    fig.update_layout(margin={"l": 60, "r": 20, "t": 80, "b": 120 + box})
    fig.update_yaxes(title="strength (combat + bonus)", range=[0, top * 1.25], gridcolor="#e6dfcf")
    return fig


# -- the game by year ---------------------------------------------------------------------------------
def _year_ends(states: Sequence[State]) -> list[State]:
    """The last state of every year, in order."""
    last: dict[int, State] = {}
    for s in states:
        last[s.year] = s
    return [last[y] for y in sorted(last)]


def timeline_chart(states: Sequence[State]) -> go.Figure:
    """Score parts per player at the end of each year (WL-SCORE-1..4; small multiples, one per
    player) and the emperor of each year (WL-EMP-1), from a list of states such as
    ``record.states()``."""
    ends = _year_ends(states)
    if not ends:
        raise ValueError("timeline_chart needs at least one state")
    players = ends[0].players
    years = [s.year for s in ends]
    scores = [{line.seat: line for line in (s.scores or score(s))} for s in ends]
    fig = make_subplots(rows=2, cols=players, shared_yaxes=True, row_heights=[0.8, 0.2],
                        vertical_spacing=0.12, horizontal_spacing=0.02,
                        specs=[[{} for _ in range(players)], [{"colspan": players}] + [None] * (players - 1)],
                        subplot_titles=[_coloured(s) for s in range(players)] + ["emperor at the end of each year"])
    parts = {"buildings": lambda ln: ln.buildings, "largest group": lambda ln: ln.group_bonus,
             "dragons": lambda ln: ln.dragons, "VP chips": lambda ln: ln.vp_chips}
    top = 0
    for seat in range(players):
        for part, get in parts.items():
            fig.add_trace(go.Bar(
                name=part, legendgroup=part, showlegend=seat == 0, x=years, y=[get(sc[seat]) for sc in scores],
                marker={"color": st.PART_COLOURS[part]}, hoverinfo="text",
                hovertext=[f"{_name(seat)}, year {y}: {part} {get(sc[seat])}" for y, sc in zip(years, scores,
                                                                                              strict=True)],
                meta={"seat": seat, "part": part}), row=1, col=seat + 1)
        totals = [sc[seat].total for sc in scores]
        top = max(top, *totals)
        fig.add_trace(go.Scatter(x=years, y=totals, mode="lines+markers", showlegend=False,
                                 line={"color": st.darken(st.SEAT_COLOURS[seat], 0.15), "width": 1.5,
                                       "dash": "dot"},
                                 marker={"size": 6, "color": st.SEAT_COLOURS[seat]},
                                 hovertext=[f"{_name(seat)}, year {y}: total {t}" for y, t in zip(years, totals,
                                                                                                  strict=True)],
                                 hoverinfo="text", meta={"seat": seat, "part": "total"}), row=1, col=seat + 1)
    fig.add_trace(go.Scatter(
        x=years, y=[0] * len(years), mode="markers+text", showlegend=False,
        marker={"symbol": "square", "size": 26, "color": [st.SEAT_COLOURS[s.emperor] for s in ends],
                "line": {"color": st.INK, "width": 1}},
        text=[_name(s.emperor) for s in ends], textposition="bottom center", cliponaxis=False,
        hovertext=[f"year {s.year}: {_name(s.emperor)} is emperor" for s in ends], hoverinfo="text",
        meta={"emperors": [s.emperor for s in ends]}), row=2, col=1)
    fig.update_layout(**_LAYOUT, barmode="stack", width=max(700, 170 * players + 120), height=600,
                      title={"text": f"<b>The game by year</b> · {players} players, years 1–{years[-1]}", "x": 0.02,
                             "yref": "container", "y": 0.97, "yanchor": "top"},
                      legend={"orientation": "h", "y": 1.07, "yanchor": "bottom", "x": 0.0, "traceorder": "normal"})
    fig.update_layout(margin={"l": 60, "r": 30, "t": 125, "b": 50})
    fig.update_xaxes(tickmode="array", tickvals=years, row=1)
    fig.update_yaxes(range=[0, max(top, 1) * 1.1], gridcolor="#e6dfcf", row=1)
    fig.update_yaxes(title="VP", row=1, col=1)
    fig.update_xaxes(tickmode="array", tickvals=years, ticktext=[f"year {y}" for y in years], row=2, col=1,
                     range=[years[0] - 0.6, years[-1] + 0.6])
    fig.update_yaxes(visible=False, range=[-1, 1], row=2, col=1)
    return fig
