"""The Ming board as a pure plotly figure (state -> ``go.Figure``); the engine never imports this.

The map is the reconstruction of spec §12: six pointy-top hexagons in two offset rows, each cut like
a drawn cube into three rhombic districts T (top), L (lower left), R (lower right). Districts are
filled in a light tint of their province colour; every border carries its transport symbol; each
district shows its cloister (a square: empty, or the occupant's colour and letter), its family
members per colour (a disc with the colour's letter and count: a second cue besides colour), its
three city houses (small squares by the province centre) and any prince (a diamond with the seat
letter). Below the map: the six province spaces with their displayed card and waiting pieces.

Geometry is derived from the board data: shared rhombus edges are matched by their end points, so
a border in the data that the drawing cannot place is reported, not silently dropped.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

import plotly.graph_objects as go

from lotus_kit.ming.board import Board
from lotus_kit.ming.state import NEUTRAL_NAME, SEAT_NAMES, State
from lotus_kit.ming.words import PHASE_WORDS  # the title's words (rules' names of the phases)

PROVINCE_FILL = {"RED": "#e9a3a3", "YELLOW": "#f3df8a", "GREEN": "#a8d5a2", "BLUE": "#a7c4e8",
                 "PURPLE": "#c9b0e0", "ORANGE": "#f4bf8a"}
PROVINCE_LINE = {"RED": "#b03030", "YELLOW": "#b89a10", "GREEN": "#3a8a3a", "BLUE": "#2f62a8",
                 "PURPLE": "#6f4a98", "ORANGE": "#c06a10"}
COLOUR_FILL = {"Black": "#222222", "White": "#fafafa", "Grey": "#8a8a8a", "Tan": "#c8a165", NEUTRAL_NAME: "#7a4a2a"}
COLOUR_TEXT = {"Black": "#ffffff", "White": "#000000", "Grey": "#000000", "Tan": "#000000", NEUTRAL_NAME: "#ffffff"}
LETTER = {"Black": "B", "White": "W", "Grey": "G", "Tan": "T", NEUTRAL_NAME: "N"}
TRANSPORT_SHORT = {"HORSE": "Horse", "RICKSHAW": "Rick", "JUNK": "Junk", "CAMEL": "Camel",
                   "PALANQUIN": "Palq", "OXCART": "Ox"}
SCALE = {"k": 1.0, "width": 1000}  # the size scale of the figure being built (width / 1000, see _px), its width
LEGEND_TITLE = "key · the word on a border: the transport a step across it is paid with (or a dragon, MING-PH3-2)"
GOLD = "#c9a227"                 # the outline of a spot the decision now can use
R = 1.0                          # hexagon radius
W = math.sqrt(3) * R
# district kind -> the angles (degrees) of its rhombus corners besides the centre
RHOMBUS = {"T": (150, 90, 30), "L": (270, 210, 150), "R": (30, 330, 270)}



def _px(size: float, least: float = 6.0) -> float:
    """A marker or font size drawn for a 1000 px board, at the width being built: the symbols keep
    their place on the map at 1024x768 (a 650 px board) as at full size."""
    return max(least, round(size * SCALE["k"], 1))


def _centres(n: int) -> list[tuple[float, float]]:
    """§12: the first half of the provinces in the upper row, the rest below, offset half a hexagon."""
    top = (n + 1) // 2
    return [(i * W, 0.0) if i < top else ((i - top) * W + W / 2, -1.5 * R) for i in range(n)]


def _pt(c: tuple[float, float], angle: float, r: float = R) -> tuple[float, float]:
    a = math.radians(angle)
    return (round(c[0] + r * math.cos(a), 6), round(c[1] + r * math.sin(a), 6))


@cache
def geometry(board: Board) -> dict[str, Any]:
    """District polygons, their label points, the midpoint of every border and its edge."""
    centres = _centres(len(board.colours))
    polys, anchors, cities = {}, {}, {}
    for d, name in enumerate(board.district_names):
        p = board.district_province[d]
        kind = name.split(".", 1)[1]
        angles = RHOMBUS.get(kind)
        if angles is None:
            raise ValueError(f"the drawing knows districts T, L, R; {name} cannot be placed")
        c = centres[p]
        polys[d] = [c] + [_pt(c, a) for a in angles]
        mid = angles[1]
        m = _pt(c, mid, 0.5 * R)
        # the family members in the middle, the cloister beside them, the prince in the outer corner: each
        # keeps clear of the four border labels at the edges' midpoints (at 740 px wide as at 1024 px)
        anchors[d] = {"members": m, "cloister": _pt(m, mid + 90, 0.3 * R), "prince": _pt(c, mid, 0.8 * R)}
        cities[d] = [_pt(c, mid + off, 0.22 * R) for off in (-26, 0, 26)]
    edges = {}
    for a, b, t in board.borders:
        shared = set(polys[a]) & set(polys[b])
        if len(shared) != 2:
            raise ValueError(f"the border {board.district_names[a]}–{board.district_names[b]} is not an edge "
                             "of the drawing (the §12 hexagon layout)")
        (x0, y0), (x1, y1) = sorted(shared)
        edges[(a, b)] = ((x0, y0), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2), board.transports[t])
    return {"centres": centres, "polys": polys, "anchors": anchors, "cities": cities, "edges": edges}


def border_id(a: str, b: str) -> str:
    """The spot id of the border between districts ``a`` and ``b`` ("P1.T~P1.L", either order)."""
    return "~".join(sorted((a, b)))


def space_id(colour: str) -> str:
    """The spot id of a province space ("space:RED")."""
    return f"space:{colour}"


def board_figure(state: State, seat: int | None = None, width: int = 1000, highlight: Any = None,
                 locked: bool = False) -> go.Figure:
    """The board for ``state`` as ``seat`` sees it (everything drawn here is public, MING-CLAR-17).

    Every clickable thing carries its spot id: a district's rhombus (its trace ``meta``
    ``district:P1.T``) and the pieces in it (``customdata`` "P1.T"), a border's symbol
    (``"P1.T~P1.L"``, :func:`border_id`), a province space (``"space:RED"``). ``highlight`` names the
    spots the decision now can use (drawn with a thick gold outline); ``locked`` turns pan and zoom off."""
    b = state.board
    g = geometry(b)
    lit = set(highlight or ())
    SCALE["k"] = max(0.55, min(1.5, width / 1000))
    SCALE["width"] = width
    fig = go.Figure()
    for d, poly in g["polys"].items():
        colour = b.colours[b.district_province[d]]
        name = b.district_names[d]
        xs, ys = zip(*poly, poly[0], strict=True)
        fig.add_trace(go.Scatter(x=xs, y=ys, fill="toself", fillcolor=PROVINCE_FILL.get(colour, "#dddddd"),
                                 mode="lines", hoveron="fills", hoverinfo="text",
                                 line={"color": "#555555", "width": 1},
                                 text=_district_hover(state, d), name=name, showlegend=False,
                                 meta=f"district:{name}"))
    upper = max(c[1] for c in g["centres"])
    for p, c in enumerate(g["centres"]):     # province outline and name (above the upper row, below the lower)
        ring = [_pt(c, a) for a in range(90, 450, 60)]
        xs, ys = zip(*ring, ring[0], strict=True)
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", hoverinfo="skip", showlegend=False,
                                 line={"color": PROVINCE_LINE.get(b.colours[p], "#333"), "width": 3}))
        fig.add_annotation(x=c[0], y=c[1] + (1.1 if c[1] == upper else -1.1) * R,
                           text=f"<b>{b.province_ids[p]} {b.colours[p]}</b>", showarrow=False, font={"size": _px(12)})
    # the usable districts outlined in gold on top of every rhombus (one trace: the board's traces stay
    # the same for every state, so it is updated in place); it takes no clicks, the rhombus below does
    hx: list[float | None] = []
    hy: list[float | None] = []
    for d, poly in g["polys"].items():
        if b.district_names[d] in lit:
            xs, ys = zip(*poly, poly[0], strict=True)
            hx.extend([*xs, None])
            hy.extend([*ys, None])
    # gold on a dark edge: a gold line alone is lost against the YELLOW province's own outline
    fig.add_trace(go.Scatter(x=hx, y=hy, mode="lines", line={"color": "#222222", "width": 8}, hoverinfo="skip",
                             showlegend=False, meta="highlight-edge"))
    fig.add_trace(go.Scatter(x=hx, y=hy, mode="lines", line={"color": GOLD, "width": 4}, hoverinfo="skip",
                             showlegend=False, meta="highlight"))
    # borders with their transport symbol
    ex, ey, et, eid = [], [], [], []
    for (a, c), (_p0, _p1, mid, transport) in g["edges"].items():
        ex.append(mid[0])
        ey.append(mid[1])
        et.append(transport_label(transport))
        eid.append(border_id(b.district_names[a], b.district_names[c]))
    fig.add_trace(go.Scatter(x=ex, y=ey, mode="markers+text", text=et,
                             textfont={"size": _px(10.5, least=9), "color": "#222"}, customdata=eid,
                             marker={"symbol": "square", "size": _px(26, least=19), "color": "rgba(255,255,255,0.85)",
                                     "line": {"color": [GOLD if e in lit else "#666" for e in eid],
                                              "width": [3 if e in lit else 1 for e in eid]}},
                             hovertext=[f"border {e}: {t}" for e, t in zip(eid, et, strict=True)],
                             hoverinfo="text", showlegend=False, meta="borders"))
    _pieces(fig, state, g)
    _transport_legend(fig, b, g)
    _spaces(fig, state, g, lit)
    phase = PHASE_WORDS.get(str(state.phase), str(state.phase))
    title = (f"Ming Dynastie — round {state.round}, {phase}<br><sup>start player "
             f"{SEAT_NAMES[state.start_player]}; scores " +
             ", ".join(f"{SEAT_NAMES[s]} {state.score(s)}" for s in range(state.players)) + "</sup>")
    xs = [c[0] for c in g["centres"]]
    fig.update_layout(title={"text": title, "font": {"size": _px(14)}}, width=width, height=int(width * 0.8),
                      plot_bgcolor="white", paper_bgcolor="white", margin={"l": 10, "r": 10, "t": 64, "b": 10},
                      xaxis={"visible": False, "range": [min(xs) - W * 0.7, max(xs) + W * 0.7],
                             "fixedrange": locked},
                      yaxis={"visible": False, "scaleanchor": "x", "range": [-4.8 * R, 1.35 * R],
                             "fixedrange": locked},
                      hovermode="closest", dragmode=False if locked else "pan",
                      legend={"orientation": "h", "y": -0.02, "font": {"size": _px(12, least=10)},
                              "title": {"text": LEGEND_TITLE, "side": "top", "font": {"size": _px(11, least=9.5)}}})
    return fig


def transport_label(transport: str) -> str:
    """The word drawn on a border for its transport (MING-CMP-3)."""
    return TRANSPORT_SHORT.get(transport, transport[:5].title())


def _transport_legend(fig: go.Figure, b: Board, g: dict[str, Any]) -> None:
    """One legend entry per transport drawn on a border: its label and the card it asks for
    (MING-PH3-2: a movement card showing that transport, or a dragon)."""
    drawn = {t for *_, t in g["edges"].values()}
    for i, t in enumerate(k for k in b.transports if k in drawn):
        fig.add_trace(go.Scatter(
            x=[None], y=[None], mode="markers", name=f"{transport_label(t)} = {t.lower()}", meta=f"transport:{t}",
            marker={"symbol": "square", "size": 12, "color": "#ffffff", "line": {"color": "#666", "width": 1}},
            legendrank=2000 + i, hoverinfo="skip"))


def _district_hover(state: State, d: int) -> str:
    name = state.board.district_names[d]
    parts = [f"<b>{name}</b>"]
    if state.open_area(name):
        parts.append("open: " + ", ".join(f"{k} {v}" for k, v in state.open_area(name).items()))
    if state.cloister(name):
        parts.append(f"cloister: {state.cloister(name)}")
    if state.houses(name):
        parts.append("houses: " + ", ".join(f"{k} {v}" for k, v in state.houses(name).items()))
    return "<br>".join(parts)


def _pieces(fig: go.Figure, state: State, g: dict[str, Any]) -> None:
    b = state.board
    disc: dict[str, list[Any]] = {"x": [], "y": [], "text": [], "fill": [], "font": [], "hover": [], "at": []}
    clo: dict[str, list[Any]] = {"x": [], "y": [], "text": [], "fill": [], "font": [], "at": []}
    house: dict[str, list[Any]] = {"x": [], "y": [], "fill": [], "text": [], "at": [], "letter": [], "ink": []}
    prince: dict[str, list[Any]] = {"x": [], "y": [], "text": [], "fill": [], "font": [], "at": []}
    princes = {state.prince(s): s for s in range(state.players) if state.prince(s)}
    for d, name in enumerate(b.district_names):
        ax, ay = g["anchors"][d]["members"]
        cx, cy = g["anchors"][d]["cloister"]
        who = state.cloister(name)
        clo["x"].append(cx)
        clo["y"].append(cy)
        clo["text"].append(LETTER[who] if who else "✝")
        clo["fill"].append(COLOUR_FILL[who] if who else "rgba(255,255,255,0.6)")
        clo["font"].append(COLOUR_TEXT[who] if who else "#777")
        clo["at"].append(name)
        # family members in the open area: one disc per colour, letter and count
        items = list(state.open_area(name).items())
        for i, (colour, count) in enumerate(items):      # a 2 x 2 grid around the middle
            dx, dy = (0.0, 0.0) if len(items) == 1 else ((i % 2) - 0.5, 0.5 - (i // 2))
            disc["x"].append(ax + dx * 0.2 * R)
            disc["y"].append(ay + dy * 0.2 * R)
            disc["text"].append(f"{LETTER[colour]}{count}")
            disc["fill"].append(COLOUR_FILL[colour])
            disc["font"].append(COLOUR_TEXT[colour])
            disc["hover"].append(f"{count} {colour} in the open area of {name}")
            disc["at"].append(name)
        # three houses of the city, by the province centre
        filled = [colour for colour, n in state.houses(name).items() for _ in range(n)]
        for i, (hx, hy) in enumerate(g["cities"][d]):
            occupant = filled[i] if i < len(filled) else None
            house["x"].append(hx)
            house["y"].append(hy)
            house["fill"].append(COLOUR_FILL[occupant] if occupant else "#fffdf5")
            house["text"].append(f"house of {name}: {occupant or 'empty'}")
            # an occupied house carries its colour's letter (White's fill is as light as an empty house)
            house["letter"].append(LETTER[occupant] if occupant else "")
            house["ink"].append(COLOUR_TEXT[occupant] if occupant else "#000000")
            house["at"].append(name)
        if d in [b.district(p) for p in princes]:
            s = princes[name]
            px, py = g["anchors"][d]["prince"]
            prince["x"].append(px)
            prince["y"].append(py)
            prince["text"].append(LETTER[SEAT_NAMES[s]])
            prince["fill"].append(COLOUR_FILL[SEAT_NAMES[s]])
            prince["font"].append(COLOUR_TEXT[SEAT_NAMES[s]])
            prince["at"].append(name)
    fig.add_trace(go.Scatter(x=house["x"], y=house["y"], mode="markers+text", hovertext=house["text"],
                             hoverinfo="text", customdata=house["at"], text=house["letter"],
                             textfont={"size": _px(7), "color": house["ink"]},
                             marker={"symbol": "square", "size": _px(10), "color": house["fill"],
                                     "line": {"color": "#555", "width": 1}}, name="city houses", meta="houses"))
    fig.add_trace(go.Scatter(x=clo["x"], y=clo["y"], mode="markers+text", text=clo["text"], name="cloisters",
                             customdata=clo["at"],
                             textfont={"color": clo["font"], "size": _px(10)}, meta="cloisters", hoverinfo="text",
                             hovertext=[f"cloister of {d}: {w}" for d, w in zip(clo["at"], clo["text"], strict=True)],
                             marker={"symbol": "square", "size": _px(17), "color": clo["fill"],
                                     "line": {"color": "#444", "width": 1.5}}))
    fig.add_trace(go.Scatter(x=disc["x"], y=disc["y"], mode="markers+text", text=disc["text"], name="family members",
                             customdata=disc["at"],
                             textfont={"color": disc["font"], "size": _px(9)}, hovertext=disc["hover"],
                             hoverinfo="text",
                             marker={"size": _px(19), "color": disc["fill"], "line": {"color": "#333", "width": 1}},
                             meta="members"))
    fig.add_trace(go.Scatter(x=prince["x"], y=prince["y"], mode="markers+text", text=prince["text"], name="princes",
                             customdata=prince["at"],
                             textfont={"color": prince["font"], "size": _px(10)}, meta="princes", hoverinfo="text",
                             hovertext=[f"prince in {d}" for d in prince["at"]],
                             marker={"symbol": "diamond", "size": _px(20), "color": prince["fill"],
                                     "line": {"color": "#c9a227", "width": 3}}))


def _space_hover(state: State, colour: str) -> str:
    """A province space said in words: who waits there, every seat named (none left out, so a count
    of 0 is said too), and the card beside it."""
    waiting = ", ".join(f"{SEAT_NAMES[s]} {state.spaces(s)[colour]}" for s in range(state.players))
    return f"{colour} province space — waiting: {waiting} — card beside it: {state.display[colour]}"


def _spaces(fig: go.Figure, state: State, g: dict[str, Any], lit: set[str]) -> None:
    """The province spaces at the board's edge: colour, displayed card, waiting pieces per seat."""
    b = state.board
    xs = [c[0] for c in g["centres"]]
    left, right = min(xs) - W * 0.4, max(xs) + W * 0.4
    step = (right - left) / max(1, len(b.colours) - 1)
    y = -3.45 * R
    sx, sy, st, sf = [], [], [], []
    for i, colour in enumerate(b.colours):
        x = left + i * step
        waiting = " ".join(f"{LETTER[SEAT_NAMES[s]]}{n}" for s in range(state.players)
                           if (n := state.spaces(s)[colour]))
        sx.append(x)
        sy.append(y)
        sf.append(PROVINCE_FILL.get(colour, "#ddd"))
        st.append(f"<b>{colour}</b><br>card: {state.display[colour]}<br>{waiting or '—'}")
    ids = [space_id(colour) for colour in b.colours]
    # the squares as wide as the longest card's name in their text ("card: PALANQUIN"), yet apart on a
    # narrow board: the map is drawn at the scale its height allows (about 6.15 units in 0.8 of the
    # width, less the title and legend), and the squares stand ``step`` units apart
    unit = min((SCALE["width"] - 20) / 6.75, (SCALE["width"] * 0.8 - 110) / 6.15)
    size = min(_px(100), 0.85 * step * unit)
    fig.add_trace(go.Scatter(x=sx, y=sy, mode="markers+text", text=st, textfont={"size": _px(10.5)}, customdata=ids,
                             marker={"symbol": "square", "size": size, "color": sf,
                                     "line": {"color": [GOLD if i in lit else "#555" for i in ids],
                                              "width": [4 if i in lit else 1 for i in ids]}},
                             hovertext=[_space_hover(state, c) for c in b.colours], hoverinfo="text",
                             showlegend=False, meta="spaces"))
    lines = ["province spaces: the card on display, family members waiting (letter = colour, number = pieces)"]
    if state.phase == "phase1":      # the pieces taken for phase 1 and not placed yet (MING-PH1-1)
        lines.append("still to place in phase 1: " + ", ".join(f"{SEAT_NAMES[s]} {state.in_hand(s)}"
                                                               for s in range(state.players)))
    lines.append("hands: " + "<br>".join(f"{SEAT_NAMES[s]} " + (", ".join(f"{k} {v}" for k, v in state.hand(s).items())
                                                              or "none") for s in range(state.players)))
    fig.add_annotation(x=(left + right) / 2, y=y - 0.55 * R, yanchor="top", showarrow=False,
                       font={"size": _px(11)}, text="<br>".join(lines))
