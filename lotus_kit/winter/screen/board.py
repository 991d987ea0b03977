"""The frozen lake as a pure plotly figure (state -> ``go.Figure``); the engine never imports this.

Every flake is a square cell in its colour (light ice blue or navy, WIN-CMP-1) with a snowflake in
the other colour, so the two colours differ in brightness as well as hue; cards are outlined (free
cards in orange and solid, cards under a token in grey and dashed: WIN-GEO-8); tokens are discs at
their window's centre (WIN-GEO-7) in their owner's colour with a ring and the seat number; the
squares the player to move may claim now are marked with gold rings (WIN-GEO-6), and while a card
waits to be laid, a green cross marks the centre of every spot it may go (WIN-GEO-5). With ``before``
the cards that left the lake since that state (removed or melted, WIN-SPLIT-1) are drawn as dotted
ghosts. Coordinates are the lake's own (x to the right, y downward; the first card at (0, 0)).
The figure is built from ``observation(state, seat)`` only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go

from lotus_kit.winter import engine as e
from lotus_kit.winter.grid import W, bits

LIGHT_FILL, DARK_FILL = "#cfe8fb", "#1d3557"
LIGHT_FLAKE, DARK_FLAKE = "#1d3557", "#cfe8fb"
FREE_LINE, FIXED_LINE, GHOST_LINE = "#e07b00", "#6b6b6b", "#b00020"
CLAIM_RING = "#d4a000"
PICKED_LINE = "#aa00ff"   # the placer's violet (widgets/winter_placer.js): one card, one colour on both lakes
CARD_LINE = "#4a5a6a"
SEAT_LABEL = ("1", "2")
HIT = "hit"
MARGIN = dict(l=40, r=20, t=70, b=100)
LEGEND_BELOW, KEY_BELOW = 26, 58      # px under the plot: the tick labels, the legend's row, then the key


@dataclass(frozen=True)
class Pointer:
    """What the person at the board holds: the card in hand turned 180° or not (WIN-GEO-2), and in
    the thaw the free card picked up to be moved (its top-left flake), with the turn it gets."""

    turned: bool = False
    selected: tuple[int, int] | None = None


def spot_id(x: int, y: int) -> str:
    """The id of the grid corner (x, y) that a click on the board names: ``"3,1"``. A card is put by
    its centre (the corner at its top-left flake + (1, 1)), a token by its square's centre."""
    return f"{x},{y}"


def parse_spot(spot: str) -> tuple[int, int] | None:
    """The corner a spot id names; None when it is not one."""
    try:
        x, y = (int(p) for p in str(spot).split(","))
    except ValueError:
        return None
    return x, y


def pointer_spots(state: e.WinterState, pointer: Pointer) -> list[tuple[int, int]]:
    """Top-left flakes of the spots the card in hand (as turned) may be laid at (WIN-GEO-5), or, in
    the thaw, where the picked-up card may move (WIN-CLAR-7), sorted."""
    from lotus_kit.winter.actions import Lay, MoveCard
    from lotus_kit.winter.game import WINTER

    if state.phase in ("setup_first", "setup_second", "freeze_lay"):
        return sorted((a.x, a.y) for a in WINTER.legal_actions(state)
                      if isinstance(a, Lay) and a.turned == pointer.turned)
    if state.phase == "thaw" and pointer.selected is not None:
        sx, sy = pointer.selected
        return sorted((a.to_x, a.to_y) for a in WINTER.legal_actions(state)
                      if isinstance(a, MoveCard) and (a.x, a.y) == (sx, sy) and a.turn == pointer.turned)
    return []


def _hit_grid(fig: go.Figure, s: e.WinterState, pointer: Pointer, spots, claim, xr, yr, size) -> None:
    """Invisible targets at every grid corner in view, each saying what a click on it does now; the
    other traces give up their hover so a click anywhere lands on the nearest corner."""
    cell = min((size[0] - MARGIN["l"] - MARGIN["r"]) / (xr[1] - xr[0]),
               (size[1] - MARGIN["t"] - MARGIN["b"]) / (yr[1] - yr[0]))
    words: dict[tuple[int, int], str] = {}
    names = {(x, y): s.deck.ids[i] for x, y, i, _ in s.cards}
    if s.phase == "thaw":
        free = set(s.free)
        for (x, y), name in names.items():
            words[(x + 1, y + 1)] = (f"{name}: {'put it back' if (x, y) == pointer.selected else 'pick it up'}"
                                     if (x, y) in free else f"{name}: held by a token (WIN-GEO-8)")
        if not s.rules.bga:
            for x, y in s.tokens[s.to_move]:
                words[(x + 1, y + 1)] = "take back your token (WIN-PH2-1)"
    elif s.phase == "thaw_split":
        for (x, y), name in names.items():
            words[(x + 1, y + 1)] = f"keep the part with {name} (WIN-SPLIT-1)"
    moving = pointer.selected is not None and s.phase == "thaw"
    for x, y in spots:
        words[(x + 1, y + 1)] = (f"move the card here, top-left flake at ({x}, {y})" if moving
                                 else f"lay {s.card_in_hand} here, top-left flake at ({x}, {y})")
    for x, y in claim:
        words[(x + 1, y + 1)] = f"claim the square at ({x}, {y}) (WIN-GEO-6)"
    pts = [(x, y) for x in range(math.ceil(xr[0]), math.floor(xr[1]) + 1)
           for y in range(math.ceil(yr[0]), math.floor(yr[1]) + 1)]
    for trace in fig.data:
        trace.hoverinfo = "skip"
    fig.add_trace(go.Scatter(
        x=[x for x, _ in pts], y=[y for _, y in pts], customdata=[spot_id(x, y) for x, y in pts],
        hovertext=[f"{words[p]} · {spot_id(*p)}" if p in words else "" for p in pts],
        hovertemplate=["%{hovertext}<extra></extra>" if p in words else "<extra></extra>" for p in pts],
        mode="markers", marker=dict(size=max(8.0, round(cell * 0.95, 1)), opacity=0, symbol="square"),
        showlegend=False, meta=HIT, hoverlabel=dict(bgcolor="#ffffff", font=dict(color="#1d3557"))))


def _world_cells(v) -> list[tuple[int, int, bool]]:
    ox, oy = v[e.OX], v[e.OY]
    light = v[e.LIGHT]
    return [(a % W + ox, a // W + oy, bool(light >> a & 1)) for a in bits(v[e.OCC])]


def _anchors(v, mask: int) -> list[tuple[int, int]]:
    ox, oy = v[e.OX], v[e.OY]
    return [(a % W + ox, a // W + oy) for a in bits(mask)]


def claimable_now(state: e.WinterState) -> list[tuple[int, int]]:
    """Squares the player to move may put a token on now (the legal token actions)."""
    ox, oy = state.v[e.OX], state.v[e.OY]
    return [((c >> 5 & 0xFFF) % W + ox, (c >> 5 & 0xFFF) // W + oy)
            for c in e.legal_codes(state) if c & 15 == e.TOKEN] if state.v[e.PHASE] != e.THAW else []


def lay_spots(state: e.WinterState) -> list[tuple[int, int]]:
    """Top-left flakes of the spots where the card in hand may be laid (WIN-GEO-5), either way up."""
    if state.v[e.PHASE] not in (e.SETUP_FIRST, e.SETUP_SECOND, e.FREEZE_LAY):
        return []
    ox, oy = state.v[e.OX], state.v[e.OY]
    return sorted({((c >> 5 & 0xFFF) % W + ox, (c >> 5 & 0xFFF) // W + oy) for c in e.legal_codes(state)})


def board_figure(state: e.WinterState, seat: int | None = None, size: tuple[int, int] = (720, 520),
                 before: e.WinterState | None = None, title: str | None = None, *,
                 pointer: Pointer | None = None) -> go.Figure:
    """The lake of ``state`` as seen by ``seat`` (None: a spectator).

    With a ``pointer`` (a person playing at the board) the spots marked are those of the card in hand
    the way it is turned, or of the picked-up card (:class:`Pointer`), and an invisible grid of
    targets at every grid corner (trace ``hit``) takes the clicks: a card is put by its centre, a
    token by its square's centre (:func:`spot_id`)."""
    from lotus_kit.winter.game import WINTER

    s = WINTER.observation(state, seat)
    v = s.v
    shapes: list[dict[str, Any]] = []
    cells = _world_cells(v)
    for x, y, light in cells:
        shapes.append(dict(type="rect", x0=x, y0=y, x1=x + 1, y1=y + 1, line=dict(width=0.5, color="#8aa6bf"),
                           fillcolor=LIGHT_FILL if light else DARK_FILL, layer="below"))
    free = set(_anchors(v, e.free_cards(v)))
    thaw = s.phase.startswith("thaw") or s.is_over
    for x, y, _, _ in s.cards:
        is_free = (x, y) in free
        # free cards matter in the thaw only (WIN-PH2-1): while freezing a card is outlined thinly
        line = (dict(width=3.5 if is_free else 2.5, color=FREE_LINE if is_free else FIXED_LINE,
                     dash="solid" if is_free else "dash") if thaw else dict(width=1.5, color=CARD_LINE))
        shapes.append(dict(type="rect", x0=x + 0.04, y0=y + 0.04, x1=x + 1.96, y1=y + 1.96, line=line))
    ghosts = []
    if before is not None:
        now = {(x, y) for x, y, _, _ in s.cards}
        for x, y, i, _ in before.cards:
            if (x, y) not in now and not any(abs(x - a) <= 1 and abs(y - b) <= 1 for a, b in now):
                ghosts.append((x, y, before.deck.ids[i]))
                shapes.append(dict(type="rect", x0=x + 0.04, y0=y + 0.04, x1=x + 1.96, y1=y + 1.96,
                                   line=dict(width=2, color=GHOST_LINE, dash="dot"),
                                   fillcolor="rgba(176,0,32,0.08)"))
    fig = go.Figure()
    for light in (True, False):
        pts = [(x + 0.5, y + 0.5) for x, y, lt in cells if lt == light]
        fig.add_trace(go.Scatter(
            x=[p[0] for p in pts], y=[p[1] for p in pts], mode="text", text=["❄"] * len(pts),
            textfont=dict(size=15, color=LIGHT_FLAKE if light else DARK_FLAKE),
            name="light flakes" if light else "dark flakes", hoverinfo="text",
            hovertext=[f"{'light' if light else 'dark'} flake at ({p[0] - 0.5:.0f}, {p[1] - 0.5:.0f})" for p in pts],
            showlegend=False, meta="flakes"))
    key = (("orange: a free card · grey dashes: held by a token · " if thaw else "")
           + ("red dots: left the lake · " if ghosts else "") + "gold ring: a square to claim now"
           + (" · purple: the card picked up" if pointer is not None and pointer.selected else ""))
    # card names on a pale label at the card's centre: readable on either colour
    annotations = [dict(x=x + 1, y=y + 1, text=s.deck.ids[i], showarrow=False, font=dict(size=9, color="#333333"),
                        bgcolor="rgba(255,255,255,0.8)", borderpad=1,
                        hovertext=f"card {s.deck.ids[i]} at ({x}, {y}): "
                                  f"{'free' if (x, y) in free else 'held by a token'}")
                   for x, y, i, _ in s.cards]
    if pointer is not None:
        # a label with a hover text catches the click: at play, a click on a card's centre must reach
        # the lake (the hit grid's hover says the same)
        for note in annotations:
            note.pop("hovertext")
    # the key sits a fixed number of pixels under the axis: a share of the plot's height would push it
    # out of the bottom margin on a tall board
    annotations.append(dict(xref="paper", yref="paper", x=0, y=0, yshift=-KEY_BELOW, xanchor="left", yanchor="top",
                            text=key, showarrow=False, font=dict(size=10, color="#555555")))
    colours = s.colours
    for player in (0, 1):
        pts = _anchors(v, v[e.TOK0 + player])
        colour = colours[player] or "light"
        fill, ring = (LIGHT_FILL, DARK_FILL) if colour == "light" else (DARK_FILL, LIGHT_FILL)
        fig.add_trace(go.Scatter(
            x=[x + 1 for x, _ in pts], y=[y + 1 for _, y in pts], mode="markers+text",
            marker=dict(size=30, color=fill, line=dict(width=4, color=ring)), text=[SEAT_LABEL[player]] * len(pts),
            textfont=dict(size=14, color=ring), name=f"Player {player + 1} ({colour}) tokens",
            hovertext=[f"Player {player + 1}'s token on the square at ({x}, {y})" for x, y in pts],
            hoverinfo="text", meta=f"tokens{player}"))
    spots = lay_spots(s) if pointer is None else pointer_spots(s, pointer)
    moving = pointer is not None and pointer.selected is not None and s.phase == "thaw"
    what = "the card" if moving else s.card_in_hand
    fig.add_trace(go.Scatter(
        x=[x + 1 for x, _ in spots], y=[y + 1 for _, y in spots], mode="markers",
        marker=dict(size=9, symbol="cross-thin", color="#2a9d8f", line=dict(width=2, color="#2a9d8f")),
        name=f"where {what} can go (its centre)" if spots else "where the card can go",
        hovertext=[f"{'move' if moving else 'lay'} {what} with its top-left flake at ({x}, {y})" for x, y in spots],
        hoverinfo="text", meta="spots"))
    claim = claimable_now(s)
    fig.add_trace(go.Scatter(
        x=[x + 1 for x, _ in claim], y=[y + 1 for _, y in claim], mode="markers",
        marker=dict(size=34, symbol="circle-open", color=CLAIM_RING, line=dict(width=4, color=CLAIM_RING)),
        name="squares to claim now", hovertext=[f"claim the square at ({x}, {y})" for x, y in claim],
        hoverinfo="text", meta="claimable"))
    xs = [x for x, _, _ in cells] + [g[0] for g in ghosts] + [g[0] + 1 for g in ghosts] + \
        [x for x, _ in spots] + [x + 1 for x, _ in spots] or [0, 1]
    ys = [y for _, y, _ in cells] + [g[1] for g in ghosts] + [g[1] + 1 for g in ghosts] + \
        [y for _, y in spots] + [y + 1 for _, y in spots] or [0, 1]
    pad = 1
    supplies = s.supplies
    if title is None:
        title = (f"{WINTER.decision(s).text}<br><sup>supplies: Player 1 {supplies[0]}, Player 2 {supplies[1]} · "
                 f"deck {s.deck_left} · cards removed {s.cards_removed[0]}–{s.cards_removed[1]}"
                 f"{' · thaw turns without a card leaving: ' + str(s.thaw_turns) if s.phase.startswith('thaw') else ''}"
                 f"</sup>")
    if moving:
        x, y = pointer.selected
        shapes.append(dict(type="rect", x0=x - 0.1, y0=y - 0.1, x1=x + 2.1, y1=y + 2.1,
                           line=dict(width=4, color=PICKED_LINE, dash="dashdot")))
    if pointer is not None:
        _hit_grid(fig, s, pointer, spots, claim,
                  (min(xs) - pad, max(xs) + 1 + pad), (min(ys) - pad, max(ys) + 1 + pad), size)
    layout: dict[str, Any] = dict(
        shapes=shapes, annotations=annotations, width=size[0], height=size[1],
        title=dict(text=title, x=0.01, font=dict(size=14)),
        plot_bgcolor="#f4f7fa", paper_bgcolor="white", margin=MARGIN,
        legend=dict(orientation="h", yanchor="top", y=-LEGEND_BELOW / max(1, size[1] - MARGIN["t"] - MARGIN["b"]), x=0),
        xaxis=dict(range=[min(xs) - pad, max(xs) + 1 + pad], dtick=1, showgrid=False, zeroline=False,
                   constrain="domain"),
        yaxis=dict(range=[max(ys) + 1 + pad, min(ys) - pad], dtick=1, showgrid=False, zeroline=False,
                   scaleanchor="x", scaleratio=1))
    if pointer is not None:
        # a click anywhere goes to the nearest corner (the hit grid); nothing pans the lake away
        layout.update(hovermode="closest", hoverdistance=-1, dragmode=False)
        layout["xaxis"]["fixedrange"] = layout["yaxis"]["fixedrange"] = True
    # the layout is plain values made here: stored without plotly's validation of every shape (2/3
    # of the time of a board at a table, where it is drawn after every click)
    raw = fig.to_dict()
    raw["layout"].update(layout)
    out = go.Figure(raw, _validate=False)
    out._validate = True
    return out
