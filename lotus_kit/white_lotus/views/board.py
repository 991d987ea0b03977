"""The board of China as a plotly figure, built from a state and updated in place.

:func:`board_figure` draws any state: every province filled in its owner's colour (a light stone
tone for a neutral chip, plain parchment when empty), the building chip P/T/R/F/V, the lotus start
provinces (WL-BOARD-2) and the dragon provinces (WL-BOARD-3), the markers stacked on claimed
provinces (WL-PLACE), the emperor stone and the rebel stone (WL-COMP-5, WL-COMP-6), the province
being resolved, the provinces legal for the current decision, and optionally each player's largest
connected group (WL-SCORE-2). The eight north-west provinces are set apart by a heavy dashed edge
and greyed out when fewer than six play (WL-BOARD-1, WL-SETUP-1).

:func:`update_board` brings an existing figure (a ``go.Figure`` or a ``go.FigureWidget``) to
another state inside one ``batch_update``, touching only the trace properties that differ. The
trace layout is the same for every state, so "update A to B" and "build B" give equal figures.

>>> from lotus_kit.white_lotus.engine import apply, legal_actions, new_game
>>> state = new_game(players=4, seed=3)
>>> fig = board_figure(state)
>>> sorted(highlighted(fig)) == sorted(legal_provinces(state))
True
>>> update_board(fig, apply(state, legal_actions(state)[0])) > 0
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

import plotly.graph_objects as go

from lotus_kit.views import figure_update as fu
from lotus_kit.views.geometry import load_geometry, rings_xy
from lotus_kit.white_lotus.actions import ChooseProvince, PlaceChip, PlaceMarker, TakeReward
from lotus_kit.white_lotus.board import BUILDING_NAMES, BoardData, iter_bits
from lotus_kit.white_lotus.decision import decision
from lotus_kit.white_lotus.engine import legal_actions
from lotus_kit.white_lotus.scoring import group_masks, score
from lotus_kit.white_lotus.state import PHASE_NAMES, Phase, RebellionStep, State, TerritoryStep
from lotus_kit.white_lotus.views import style as st

__all__ = [
    "board_figure",
    "group_masks",
    "highlighted",
    "largest_groups",
    "legal_provinces",
    "province_fill",
    "province_hover",
    "province_trace",
    "reshape_board",
    "update_board",
]

META_KEY = "lotus_kit_board"
WIDTH = 900
PX_PER_UNIT = (WIDTH - 20) / 122          # x grid units across the plot at the default width
BIG = 1.3                                 # projector mode: names, chips, markers and stones this much bigger

# trace uids (the layout of the figure; fixed for every state)
LAND, ORDOS, COASTLINE, FRONTIER, SIX_EDGE = "land", "ordos", "coast", "frontier", "six-edge"
GROUPS, LEGAL_T, RESOLVING_T = "groups-", "legal", "resolving"
CHIPS, LOTUS, DRAGONS, MARKERS, LABELS, HIT, STONES, PLACES = (
    "chips", "lotus", "dragons", "markers", "labels", "hit", "stones", "places")
SEAT_KEY = "seat-"
PROVINCE = "province-"


# -- what the state says ---------------------------------------------------------------------------
def legal_provinces(state: State) -> frozenset[str]:
    """Provinces named by a legal action of the current decision: a marker (WL-PLACE-2), the next
    province to resolve (WL-CONF-3), a rebellion reward (WL-REB-9, WL-REB-10) or a new chip (WL-TERR-2).

    Sealed card choices (bids, sides, income) name no province and are not enumerated, which keeps
    this cheap even with big hands.
    """
    if state.phase in (Phase.GAME_OVER, Phase.NEW_CARDS, Phase.EMPEROR_POINT) or state.conflict is not None:
        return frozenset()
    step = state.step
    if isinstance(step, RebellionStep) and not step.winner:
        return frozenset()
    if isinstance(step, TerritoryStep) and step.asking_temple:
        return frozenset()
    out = set()
    for action in legal_actions(state):
        if isinstance(action, PlaceMarker | ChooseProvince | PlaceChip | TakeReward) and action.province:
            out.add(action.province)
    return frozenset(out)


def largest_groups(state: State, seat: int) -> int:
    """Bit mask of every group of the seat that has the largest size (ties: all of them, WL-SCORE-2)."""
    groups = group_masks(state, seat)
    if not groups:
        return 0
    top = groups[0].bit_count()
    mask = 0
    for g in groups:
        if g.bit_count() == top:
            mask |= g
    return mask


def _in_play(state: State, i: int) -> bool:
    return bool(state.board.in_play_mask >> i & 1)


def province_fill(state: State, i: int) -> str:
    """The fill colour of province ``i``: the owner's seat colour, a light stone tone for a neutral
    chip, parchment when empty, grey when out of play (WL-SETUP-1)."""
    p = state.board.provinces[i]
    if not _in_play(state, i):
        return st.OUT_OF_PLAY
    owner = state.owners[i]
    if owner >= 0:
        return st.SEAT_COLOURS[owner]
    if state.chips[i]:
        return st.NEUTRAL_SIX if p.six_player_only else st.NEUTRAL
    return st.EMPTY_SIX if p.six_player_only else st.EMPTY_BASE


def province_value(data: BoardData, chip: str, dragon: bool) -> int:
    """End VP of a province: its building (WL-SCORE-1) plus the dragon bonus (WL-SCORE-3)."""
    return (data.building_vp.get(chip, 0) if chip else 0) + (data.dragon_bonus if dragon else 0)


def province_hover(state: State, i: int) -> str:
    """Everything about one province, as hover text."""
    board = state.board
    p = board.provinces[i]
    lines = [f"<b>{p.name}</b> {p.hanzi} · {p.id}", f"<i>{p.modern}</i>"]
    if not _in_play(state, i):
        lines.append("Six-player province: not in play with "
                     f"{state.players} players (WL-SETUP-1)")
    else:
        chip, owner = state.chips[i], state.owners[i]
        if not chip:
            lines.append("Empty: no chip yet (a new chip may come in phase 6, WL-TERR-2)")
        else:
            who = f"owned by <b>{st.SEAT_NAMES[owner]}</b>" if owner >= 0 else "neutral chip"
            lines.append(f"{BUILDING_NAMES[chip].capitalize()} ({chip}), {who}")
        value = province_value(board.data, chip, p.dragon)
        parts = []
        if chip:
            parts.append(f"{BUILDING_NAMES[chip]} {board.data.building_vp[chip]}")
        if p.dragon:
            parts.append(f"dragon +{board.data.dragon_bonus}")
        if parts:
            lines.append(f"Worth {value} VP at the end{'' if chip else ' plus its building'} "
                         f"({', '.join(parts)}; WL-SCORE-1, -3)")
        claims = list(iter_bits(state.markers[i]))
        if claims:
            lines.append("Claimed by " + ", ".join(st.SEAT_NAMES[s] for s in claims) + " (markers, WL-PLACE-2)")
        conflict = state.conflict
        if conflict is not None and conflict.province == i:
            lines.append(f"<b>Being resolved</b>: conflict round {conflict.round} (WL-CONF-5..10)")
    tags = []
    if p.lotus:
        tags.append("white lotus: a start province (WL-BOARD-2)")
    if p.dragon:
        tags.append("dragon: +2 VP to its owner (WL-BOARD-3)")
    if p.six_player_only:
        tags.append("north-west: six players only (WL-BOARD-1)")
    lines.extend(t[0].upper() + t[1:] for t in tags)
    neighbours = [board.provinces[j].name for j in iter_bits(board.adjacency[i])]
    if not neighbours and not _in_play(state, i):
        neighbours = [board.province(q).name for q in p.adjacent]
    lines.append("Neighbours: " + ", ".join(neighbours))
    return "<br>".join(lines)


# -- static layout: where things go in each province -----------------------------------------------
@dataclass(frozen=True)
class _Spot:
    seat: tuple[float, float]
    label: tuple[float, float]
    label_size: float
    symbol: tuple[float, float]       # lotus or dragon, left of the chip
    hanzi: bool = False               # the Hanzi line fits under the name


def _box_inside(pid: str, x: float, y: float, w: float, h: float, keep: float = 1.0) -> bool:
    """Whether a text box (grid units, centre x/y) lies inside the province; ``keep`` shrinks the
    box first (0.6: only its middle 60 % must be inside)."""
    shape = load_geometry().province(pid)
    w, h = w * keep, h * keep
    return all(shape.contains(x + dx * w / 2, y + dy * h / 2) for dx in (-1, -0.5, 0, 0.5, 1) for dy in (-1, 0, 1))


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@cache
def _spots(hanzi: bool, scale: float = 1.0) -> dict[str, _Spot]:
    """Where chip, symbol and name go in each province (computed once from the geometry).

    The chip sits on the seat (the province's x/y), the lotus or dragon left of it, the markers in
    a column right of it; the name goes below, above, right or left of that cluster, in the
    largest font that fits inside the province without touching another name or cluster (small
    provinces first). A name that cannot fit whole may overhang its border a little, and drops
    its Hanzi line when even that fails. ``scale`` (projector mode) makes chip, symbols, markers and
    the type tried that much bigger, so the bigger names are placed apart too.
    """
    geo = load_geometry()
    data = _board_data()
    ux = 1 / PX_PER_UNIT                       # grid units per pixel, x
    uy = 1 / (PX_PER_UNIT * geo.y_scale)       # grid units per pixel, y (down)
    ux, uy = ux * scale, uy * scale            # the cluster's pixel sizes grow with the scale
    clusters = {}
    for p in data.provinces:
        sx, sy = geo.province(p.id).seat
        left_px = 27 if (p.lotus or p.dragon) else 11
        clusters[p.id] = (sx - left_px * ux, sy - 19 * uy, sx + 20 * ux, sy + 11 * uy)
    taken: list[tuple[float, float, float, float]] = []
    out = {}
    # a readable name first: with its Hanzi line if that still fits at 10.5 px, else without it;
    # only then smaller type, and a box that may overhang the border a little
    tries = [(keep, size, two) for keep in (1.0, 0.8, 0.6) for two in ((True, False) if hanzi else (False,))
             for size in (13.0, 12.0, 11.0, 10.5)]
    tries += [(keep, size, False) for keep in (1.0, 0.8, 0.6, 0.45) for size in (10.0, 9.5, 9.0)]
    for p in sorted(data.provinces, key=lambda q: geo.province(q.id).area):
        sx, sy = geo.province(p.id).seat
        left_px = 27 if (p.lotus or p.dragon) else 11
        others = [c for pid, c in clusters.items() if pid != p.id]
        placed = None
        for keep, size, two in tries:
            w = 0.6 * size * len(p.name) + 4
            h = size * (2.25 if two else 1.2)
            if scale != 1.0:                   # the type grows by the scale too, the offsets already do
                w, h = w * scale, h * scale
            cands = [
                (0, 13 + h / 2), (0, -(20 + h / 2)), (22 + w / 2, 0), (-(left_px + 2 + w / 2), 0),
                (-w / 4, 13 + h / 2), (w / 4, 13 + h / 2), (-w / 4, -(20 + h / 2)), (w / 4, -(20 + h / 2)),
            ]
            for dx, dy in cands:
                cx, cy = sx + dx * ux, sy + dy * uy
                box = (cx - w * ux / 2, cy - h * uy / 2, cx + w * ux / 2, cy + h * uy / 2)
                if any(_overlaps(box, o) for o in (*others, *taken)):
                    continue
                if _box_inside(p.id, cx, cy, w * ux, h * uy, keep):
                    placed = (cx, cy, size, two, box)
                    break
            if placed:
                break
        if placed is None:
            h = 9.0 * 1.2
            placed = (sx, sy + (13 + h / 2) * uy, 9.0, False, (sx, sy, sx, sy))
        taken.append(placed[4])
        out[p.id] = _Spot(seat=(sx, sy), label=(placed[0], placed[1]), label_size=round(placed[2] * scale, 2),
                          symbol=(sx - 18 * ux, sy), hanzi=placed[3])
    return {p.id: out[p.id] for p in data.provinces}


@cache
def _board_data() -> BoardData:
    from lotus_kit.white_lotus.board import default_board

    return default_board()


@cache
def _province_xy(pid: str) -> tuple[tuple[float | None, ...], tuple[float | None, ...]]:
    xs, ys = load_geometry().province(pid).xy()
    return tuple(xs), tuple(ys)


def _outline(pids: Iterable[str]) -> tuple[list[float | None], list[float | None]]:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for pid in pids:
        px, py = _province_xy(pid)
        if xs:
            xs.append(None)
            ys.append(None)
        xs.extend(px)
        ys.extend(py)
    return xs, ys


def _group_outline(pids: Iterable[str]) -> tuple[list[float | None], list[float | None]]:
    """The outer edge of a set of provinces: border segments not shared by two of them."""
    geo = load_geometry()
    pids = list(pids)
    count: dict[frozenset, int] = {}
    rings = []
    for pid in pids:
        for poly in geo.polygons(pid):
            ring = poly[0]
            rings.append(ring)
            for k in range(len(ring)):
                key = frozenset((ring[k], ring[(k + 1) % len(ring)]))
                count[key] = count.get(key, 0) + 1
    xs: list[float | None] = []
    ys: list[float | None] = []
    for ring in rings:
        n = len(ring)
        keep = [count[frozenset((ring[k], ring[(k + 1) % n]))] == 1 for k in range(n)]
        if all(keep):
            runs = [list(range(n + 1))]
        else:
            start = keep.index(False)
            runs, run = [], []
            for step in range(1, n + 1):
                k = (start + step) % n
                if keep[k]:
                    if not run:
                        run.append(k)
                    run.append((k + 1) % n)
                elif run:
                    runs.append(run)
                    run = []
            if run:
                runs.append(run)
        for run in runs:
            if xs:
                xs.append(None)
                ys.append(None)
            xs.extend(ring[k % n][0] for k in run)
            ys.extend(ring[k % n][1] for k in run)
    return xs, ys


# -- the dynamic part: one spec per state ----------------------------------------------------------
@dataclass(frozen=True)
class _Options:
    groups: bool
    hanzi: bool
    width: int = WIDTH
    projector: bool = False     # large type, thick markers (a room reading from 3 m)
    locked: bool = False        # no pan or zoom (play: dragging the map must not move it away)

    @property
    def shrink(self) -> float:
        """How much smaller than at the default width the map is drawn (1: not at all): names and
        symbols are laid out in pixels at the default width and shrink with the map, so nothing
        that was apart there can touch."""
        head = 134 if self.projector else 118      # the most the title, subtitle and seat legend take
        w = self.width
        return min(1.0, (w - 12) / (WIDTH - 12), (round(w * 0.95) - head) / (round(WIDTH * 0.95) - 118))

    @property
    def scale(self) -> float:
        """How much bigger names, chips, symbols and markers are drawn than on the plain board of
        this width. In projector mode BIG, and never smaller than the plain board at its full
        width: a board made small to share the screen with the decision keeps type a room reads
        (names that then do not fit take smaller type or lose their Hanzi line, see _spots)."""
        return max(BIG, round(1 / self.shrink, 2)) if self.projector else 1.0

    @property
    def outline(self) -> float:
        """The outline of claim markers and chips: thick in projector mode."""
        return 2.0 if self.projector else 1.1

    @property
    def fonts(self) -> tuple[float, float, float]:
        """Title, subtitle and seat legend font sizes."""
        return (24.0, 17.0, 16.0) if self.projector else (19.0, 13.0, 13.0)


_SHORT = {
    "game_over": "game over: {won} (WL-SCORE-5)", "claim": "{who} places a marker (WL-PLACE-3)",
    "choose": "emperor {who} picks the next province (WL-CONF-3)",
    "refund": "{who} takes the refund for {where} (WL-CONF-9)",
    "tie": "emperor {who} breaks the tie in {where} (WL-CONF-8)",
    "bid": "{where}, round {round}: {who} bid (sealed, WL-CONF-6)",
    "lead": "{who} is asked to lead a rebellion (WL-REB-2)",
    "side": "everyone picks a side and combat cards (sealed, WL-REB-3, -4)",
    "reward": "{who} takes a reward (WL-REB-9)", "income": "everyone takes income (WL-CARDS)",
    "temple": "{who} decides on a temple draw (WL-TERR-7)", "place": "{who} places the drawn {chip} (WL-TERR-2)",
}
"""The board's subtitle per decision kind: the engine's decision (WL-INFO-5) in words short enough
for the top of the map (the table and the panels say it in full)."""


def _decision_text(state: State) -> str:
    """Who must decide what now (:func:`lotus_kit.white_lotus.decision.decision`), in few words."""
    d = decision(state)
    name = st.SEAT_NAMES
    who = " and ".join(name[s] for s in sorted(d.seats)) if d.seats else "nobody"
    won = state.winners
    c = state.conflict
    step = state.step
    return _SHORT.get(d.kind, "{who} to act").format(
        who=who, won=" and ".join(name[s] for s in won) + (" wins" if len(won) == 1 else " win"),
        where=state.board.provinces[c.province].name if c is not None else "",
        round=c.round if c is not None else 0,
        chip=BUILDING_NAMES.get(getattr(step, "drawn", None), "chip"))


def _title(state: State) -> str:
    if state.phase == Phase.GAME_OVER:
        return f"<b>Year {state.year}</b> · the game is over"
    return f"<b>Year {state.year}</b> · phase {int(state.phase)}: {PHASE_NAMES[int(state.phase)]}"


def _marker_positions(spot: _Spot, k: int, scale: float = 1.0) -> tuple[float, float]:
    """Where the k-th marker of a province goes: stacked in a column right of the chip, 3 high."""
    sx, sy = spot.seat
    y_unit = PX_PER_UNIT * load_geometry().y_scale / scale
    col, row = divmod(k, 3)
    return sx + (14 + 11 * col) * scale / PX_PER_UNIT, sy + (3 - 10 * row) / y_unit


def _header(opts: _Options, players: int, labels: list[str]) -> dict[str, Any]:
    """Title, subtitle, then the seat legend in rows below them, and a top margin that holds all
    three (a 5- or 6-player legend wraps into a second row instead of running over the title)."""
    title, sub, legend = opts.fonts
    top = 12 + title * 1.35 + sub * 1.5
    entry = round(max(len(t) for t in labels) * 0.6 * legend + 8)      # the text; plotly adds the swatch
    per_row = max(1, (opts.width - 24) // (entry + 48))
    rows = -(-players // per_row)
    return {"legend.entrywidth": entry, "margin.t": round(top + rows * (legend + 10) + 8)}


def _spec(state: State, highlight: Iterable[str] | None, opts: _Options
          ) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Every state-dependent property: ``{trace uid: {property path: value}}`` and layout paths."""
    board = state.board
    provinces = board.provinces
    spots = _spots(opts.hanzi, opts.scale)
    spec: dict[str, dict[str, Any]] = {}
    hovers = [province_hover(state, i) for i in range(len(provinces))]
    fills = [province_fill(state, i) for i in range(len(provinces))]
    for i, p in enumerate(provinces):
        out = not _in_play(state, i)
        owner = state.owners[i] if not out else -1
        # ownership has a second cue besides colour: the owner's pattern (and letter on the markers)
        spec[PROVINCE + p.id] = {
            "fillcolor": fills[i],
            "fillpattern.shape": "/" if out else (st.SEAT_PATTERNS[owner] if owner >= 0 else ""),
            "fillpattern.fgcolor": st.OUT_OF_PLAY_HATCH if owner < 0 else st.pattern_colour(owner),
            "line.color": st.OUT_OF_PLAY_HATCH if out else st.BORDER,
            "text": hovers[i],
        }
    spec[HIT] = {"hovertext": hovers}

    # building chips (P/T/R/F/V) at the seat of every province holding one
    cx, cy, ctext, cfill, cline, cfont = [], [], [], [], [], []
    for i, p in enumerate(provinces):
        chip = state.chips[i]
        if not chip or not _in_play(state, i):
            continue
        x, y = spots[p.id].seat
        cx.append(x)
        cy.append(y)
        ctext.append(f"<b>{chip}</b>")
        owner = state.owners[i]
        if owner >= 0:
            cfill.append("#ffffff")
            cline.append(st.INK)
            cfont.append(st.darken(st.SEAT_COLOURS[owner], 0.35))
        else:
            cfill.append("#fbf8f1")
            cline.append("#8b8070")
            cfont.append("#5a5044")
    spec[CHIPS] = {"x": cx, "y": cy, "text": ctext, "marker.color": cfill, "marker.line.color": cline,
                   "textfont.color": cfont}

    # lotus and dragon symbols: greyed when the province is out of play
    for uid, want in ((LOTUS, "lotus"), (DRAGONS, "dragon")):
        idx = [i for i, p in enumerate(provinces) if getattr(p, want)]
        spec[uid] = {"marker.opacity": [1.0 if _in_play(state, i) else 0.35 for i in idx]}

    # markers (WL-PLACE): small cubes stacked right of the chip, in seat colours
    mx, my, mcol, mtext, mletter, mink = [], [], [], [], [], []
    for i, p in enumerate(provinces):
        for k, seat in enumerate(iter_bits(state.markers[i])):
            x, y = _marker_positions(spots[p.id], k, opts.scale)
            mx.append(x)
            my.append(y)
            mcol.append(st.SEAT_COLOURS[seat])
            mtext.append(f"{st.SEAT_NAMES[seat]}'s marker on {p.name}")
            mletter.append(st.SEAT_LETTERS[seat])
            mink.append(st.text_colour_on(st.SEAT_COLOURS[seat]))
    spec[MARKERS] = {"x": mx, "y": my, "marker.color": mcol, "hovertext": mtext, "text": mletter,
                     "textfont.color": mink}

    # province names: ink on light fills, white on dark ones, grey when out of play
    spec[LABELS] = {"textfont.color": [
        "#8d877c" if not _in_play(state, i) else st.text_colour_on(fills[i]) for i in range(len(provinces))]}

    # legal provinces for the current decision, the province being resolved
    legal = legal_provinces(state) if highlight is None else frozenset(highlight)
    lx, ly = _outline(p.id for p in provinces if p.id in legal)
    spec[LEGAL_T] = {"x": lx, "y": ly}
    conflict = state.conflict
    rx, ry = _outline([provinces[conflict.province].id] if conflict is not None else [])
    spec[RESOLVING_T] = {"x": rx, "y": ry}

    # largest connected group of each seat (WL-SCORE-2), optional
    for seat in range(6):
        gx: list[float | None] = []
        gy: list[float | None] = []
        if opts.groups and seat < state.players:
            mask = largest_groups(state, seat)
            gx, gy = _group_outline(board.ids(mask))
        spec[GROUPS + str(seat)] = {"x": gx, "y": gy}

    # stones: the emperor stone in the panel and, during a conflict, on the province (WL-CONF-5)
    sx, sy, stext, ssym, scol, sline = [], [], [], [], [], []
    ex, ey = _PANEL_EMPEROR
    sx.append(ex)
    sy.append(ey)
    stext.append(f"Emperor stone: {st.SEAT_NAMES[state.emperor]} is emperor (WL-EMP-1)")
    ssym.append("hexagon")
    scol.append(st.EMPEROR_GOLD)
    sline.append(st.SEAT_COLOURS[state.emperor])
    if conflict is not None:
        x, y = spots[provinces[conflict.province].id].seat
        spot = spots[provinces[conflict.province].id]
        below = spot.label[1] < y                      # the name is above the chip: the stone goes below
        sx.append(x)
        sy.append(y + (21 if below else -21) * opts.scale / (PX_PER_UNIT * load_geometry().y_scale))
        stext.append("Emperor stone: this province is being resolved (WL-COMP-5, WL-CONF-5)")
        ssym.append("hexagon")
        scol.append(st.EMPEROR_GOLD)
        sline.append(st.SEAT_COLOURS[state.emperor])
    leader = state.rebel_leader
    if leader is not None:
        rx_, ry_ = _PANEL_REBEL
        sx.append(rx_)
        sy.append(ry_)
        stext.append(f"Rebel stone: {st.SEAT_NAMES[leader]} leads the rebellion (WL-REB-2)")
        ssym.append("hexagon")
        scol.append(st.REBEL_DARK)
        sline.append(st.SEAT_COLOURS[leader])
    spec[STONES] = {"x": sx, "y": sy, "hovertext": stext, "marker.symbol": ssym, "marker.color": scol,
                    "marker.line.color": sline,
                    "text": ["♛" if c == st.EMPEROR_GOLD else "⚔" for c in scol],
                    "textfont.color": [st.INK if c == st.EMPEROR_GOLD else "#ffffff" for c in scol]}

    # seat legend: name, role, score so far (WL-SCORE at this moment)
    lines = {line.seat: line for line in score(state)}
    labels = []
    for seat in range(6):
        if seat < state.players:
            role = ""
            if seat == state.emperor:
                role = " ♛ emperor"
            elif seat == leader:
                role = " ⚔ rebel"
            label = f"{st.SEAT_NAMES[seat]}{role} · {lines[seat].total} VP"
            labels.append(label)
            spec[SEAT_KEY + str(seat)] = {"visible": True, "name": label}
        else:
            spec[SEAT_KEY + str(seat)] = {"visible": False, "name": st.SEAT_NAMES[seat]}

    six = "North-west: six players only" + ("" if state.players == 6 else " — not in play")
    rebel = f"Rebel leader: <b>{st.SEAT_NAMES[leader]}</b>" if leader is not None else "no rebel leader"
    layout = {
        "title.text": _title(state),
        "title.subtitle.text": _decision_text(state),
        **_header(opts, state.players, labels),
        "annotations[0].text": f"<b>{six}</b>",
        "annotations[1].text": f"Emperor: <b>{st.SEAT_NAMES[state.emperor]}</b>",
        "annotations[2].text": rebel if leader is not None else f"<span style='color:#8d877c'>{rebel}</span>",
        "annotations[3].text": f"Chips left in the pool: {len(state.pool)}",
    }
    return spec, layout


_PANEL_X = -9.0
_PANEL_EMPEROR = (_PANEL_X, 52.5)
_PANEL_REBEL = (_PANEL_X, 57.0)


# -- building and updating -------------------------------------------------------------------------
def _skeleton(opts: _Options) -> go.Figure:
    """Every trace, with the static properties; the state-dependent ones come from :func:`_spec`."""
    geo = load_geometry()
    data = _board_data()
    spots = _spots(opts.hanzi, opts.scale)
    width = opts.width
    x0, y0, x1, y1 = geo.view_box
    traces: list[go.Scatter] = []
    k = opts.shrink
    show_key = k >= 0.7              # below that the key cannot fit beside the map: the legend stays
    big = opts.scale

    def pk(v: float) -> float:       # sizes scaled with the map
        return round(v * k, 2)

    def px(v: float) -> float:       # symbols: with the map, and bigger in projector mode
        return round(v * k * big, 2)

    land_x, land_y = rings_xy(poly for piece in geo.land for poly in piece.polygons)
    traces.append(go.Scatter(meta=LAND, x=land_x, y=land_y, mode="lines", fill="toself", fillcolor=st.LAND,
                             line={"color": st.LAND_LINE, "width": 0.8}, hoverinfo="skip", showlegend=False))
    for p in data.provinces:
        xs, ys = _province_xy(p.id)
        traces.append(go.Scatter(
            meta=PROVINCE + p.id, name=p.name, x=xs, y=ys, mode="lines", fill="toself",
            line={"width": 0.9}, hoveron="fills", hoverinfo="text", showlegend=False,
            fillpattern={"fgcolor": st.OUT_OF_PLAY_HATCH, "size": 7, "solidity": 0.12},
            hoverlabel={"bgcolor": "#fffdf7", "bordercolor": st.BORDER, "font": {"color": st.INK}}))
    for d in geo.decor:
        xs, ys = rings_xy(d.polygons)
        traces.append(go.Scatter(
            meta=ORDOS, name=d.name, x=xs, y=ys, mode="lines", fill="toself", fillcolor="#efe2bf",
            fillpattern={"shape": ".", "fgcolor": "#b39660", "size": 6, "solidity": 0.25},
            line={"color": st.BORDER, "width": 0.9}, hoveron="fills", hoverinfo="text", showlegend=False,
            text=f"<b>{d.name}</b><br>Not a province: no rule uses it.<br>"
                 f"Borders {', '.join(data.provinces[_index(data, q)].name for q in d.face)}"))
    for uid, lines, colour, width_, dash in (
            (COASTLINE, geo.coast, st.COAST, 2.0, "solid"), (FRONTIER, geo.frontier, st.FRONTIER, 2.0, "solid"),
            (SIX_EDGE, geo.six_player_border, st.SIX_EDGE, 3.0, "dash")):
        xs, ys = [], []
        for line in lines:
            if xs:
                xs.append(None)
                ys.append(None)
            xs.extend(p[0] for p in line)
            ys.extend(p[1] for p in line)
        traces.append(go.Scatter(meta=uid, x=xs, y=ys, mode="lines", line={"color": colour, "width": width_,
                                 "dash": dash}, hoverinfo="skip", showlegend=False))

    traces.append(go.Scatter(meta=LEGAL_T, name="legal now", mode="lines", fill="toself",
                             fillcolor="rgba(255,255,255,0)", line={"color": st.LEGAL, "width": 2.8 * big},
                             fillpattern={"shape": "\\", "fgcolor": st.LEGAL_FILL, "size": 9, "solidity": 0.22,
                                          "fillmode": "overlay"},
                             hoverinfo="skip", showlegend=False))
    for seat in range(6):
        traces.append(go.Scatter(meta=GROUPS + str(seat), mode="lines", hoverinfo="skip", showlegend=False,
                                 line={"color": st.darken(st.SEAT_COLOURS[seat], 0.55), "width": 3.4}))
    traces.append(go.Scatter(meta=RESOLVING_T, mode="lines", line={"color": st.RESOLVING, "width": 4.2 * big},
                             hoverinfo="skip", showlegend=False))

    for uid, want, symbol, colour, line_colour, size in (
            (LOTUS, "lotus", "hexagram", "#ffffff", "#b0336f", 15),
            (DRAGONS, "dragon", "star", "#c0392b", "#f0c419", 17)):
        idx = [i for i, p in enumerate(data.provinces) if getattr(p, want)]
        tip = ("White lotus: start province (WL-BOARD-2, WL-SETUP-2)" if want == "lotus"
               else "Dragon: +2 VP to its owner at the end (WL-BOARD-3, WL-SCORE-3)")
        traces.append(go.Scatter(
            meta=uid, x=[spots[data.provinces[i].id].symbol[0] for i in idx],
            y=[spots[data.provinces[i].id].symbol[1] for i in idx], mode="markers",
            marker={"symbol": symbol, "size": px(size), "color": colour,
                    "line": {"color": line_colour, "width": px(1.6)}},
            hovertext=[f"{data.provinces[i].name}: {tip}" for i in idx], hoverinfo="text", showlegend=False))
    traces.append(go.Scatter(meta=CHIPS, mode="markers+text", textposition="middle center",
                             marker={"symbol": "square", "size": px(17), "line": {"width": max(1.2, opts.outline)}},
                             textfont={"family": st.SANS, "size": px(11)}, hoverinfo="skip", showlegend=False))
    # markers carry their seat's letter: a second cue besides the colour
    traces.append(go.Scatter(meta=MARKERS, mode="markers+text", hoverinfo="text", showlegend=False,
                             textposition="middle center", textfont={"family": st.SANS, "size": px(8.5)},
                             marker={"symbol": "square", "size": px(12),
                                     "line": {"color": st.INK, "width": opts.outline}}))
    names = []
    for p in data.provinces:
        size = spots[p.id].label_size
        text = p.name
        if spots[p.id].hanzi and p.hanzi:
            text += f"<br><span style='font-size:{pk(size * 0.82):.1f}px'>{p.hanzi}</span>"
        names.append(text)
    traces.append(go.Scatter(
        meta=LABELS, x=[spots[p.id].label[0] for p in data.provinces],
        y=[spots[p.id].label[1] for p in data.provinces], mode="text", text=names,
        textfont={"family": st.FONT, "size": [pk(spots[p.id].label_size) for p in data.provinces]},
        hoverinfo="skip", showlegend=False))
    traces.append(go.Scatter(
        meta=HIT, x=[spots[p.id].seat[0] for p in data.provinces], y=[spots[p.id].seat[1] for p in data.provinces],
        customdata=[p.id for p in data.provinces], mode="markers", marker={"size": px(24), "opacity": 0},
        hovertemplate="%{hovertext}<extra></extra>", showlegend=False,
        hoverlabel={"bgcolor": "#fffdf7", "bordercolor": st.BORDER, "font": {"color": st.INK}}))
    px0, px1, py0, py1 = _PANEL_X - 1.8, 15.0, 48.8, 64.0
    traces.append(go.Scatter(meta="panel", x=[px0, px1, px1, px0, px0], y=[py0, py0, py1, py1, py0], mode="lines",
                             fill="toself", fillcolor="rgba(255,253,247,0.9)", line={"color": "#9c917e", "width": 1},
                             hoverinfo="skip", showlegend=False))
    traces.append(go.Scatter(meta=STONES, mode="markers+text", textposition="middle center",
                             marker={"size": px(21), "line": {"width": 2.4}},
                             textfont={"color": st.INK, "size": px(12)},
                             hoverinfo="text", showlegend=False))
    traces.append(go.Scatter(
        meta=PLACES, x=[pl.x for pl in geo.place_labels], y=[pl.y for pl in geo.place_labels], mode="text",
        text=[f"<i>{pl.text}</i>" for pl in geo.place_labels],
        textfont={"family": st.FONT, "size": pk(12),
                  "color": [st.COAST if pl.kind == "sea" else "#8a7d66" for pl in geo.place_labels]},
        hoverinfo="skip", showlegend=False))

    for seat in range(6):
        # a filled swatch in the seat's colour and pattern, as its provinces are drawn
        traces.append(go.Scatter(meta=SEAT_KEY + str(seat), x=[None], y=[None], mode="lines", legend="legend",
                                 fill="toself", fillcolor=st.SEAT_COLOURS[seat],
                                 fillpattern={"shape": st.SEAT_PATTERNS[seat], "fgcolor": st.pattern_colour(seat),
                                              "size": 6, "solidity": 0.3},
                                 marker={"color": st.SEAT_COLOURS[seat]},
                                 line={"color": st.INK, "width": 1}, showlegend=True, hoverinfo="skip"))
    key = [
        ("White lotus: start", {"symbol": "hexagram", "size": 13, "color": "#ffffff",
                                          "line": {"color": "#b0336f", "width": 1.6}}, None),
        ("Dragon (+2 VP)", {"symbol": "star", "size": 15, "color": "#c0392b",
                            "line": {"color": "#f0c419", "width": 1.6}}, None),
        ("Chip P T R F V", {"symbol": "square", "size": 13, "color": "#fbf8f1",
                                     "line": {"color": "#8b8070", "width": 1.2}}, None),
        ("Marker (claim)", {"symbol": "square", "size": 9, "color": "#9a9a9a",
                              "line": {"color": st.INK, "width": 1.1}}, None),
        ("Legal now", None, {"color": st.LEGAL, "width": 3}),
        ("Being resolved", None, {"color": st.RESOLVING, "width": 4}),
        ("Six-player edge", None, {"color": st.SIX_EDGE, "width": 3, "dash": "dash"}),
    ]
    if opts.groups:
        key.append(("Largest group", None, {"color": "#333333", "width": 3.4}))
    for n, (name, marker, line) in enumerate(key):
        if marker:
            marker = {**marker, "size": max(6.0, pk(marker["size"]))}
        traces.append(go.Scatter(meta=f"key-{n}", name=name, x=[None], y=[None],
                                 mode="markers" if marker else "lines", marker=marker or {}, line=line or {},
                                 legend="legend2", showlegend=show_key, hoverinfo="skip"))

    height = round(width * 0.95)
    title, subtitle, legend = opts.fonts
    fig = go.Figure(data=traces)
    fig.update_layout(
        width=width, height=height, autosize=False,
        margin={"l": 6, "r": 6, "t": 112, "b": 6},
        paper_bgcolor=st.PAPER, plot_bgcolor=st.SEA,
        font={"family": st.FONT, "color": st.INK, "size": 12},
        # the title block is measured from the top in pixels: the subtitle and the seat legend go below
        # it (see _header), never over it
        title={"x": 0.012, "xanchor": "left", "yref": "container", "y": round(1 - 8 / height, 4),
               "yanchor": "top", "font": {"size": title},
               "subtitle": {"font": {"size": subtitle, "color": "#4a4036"}}},
        # play locks the map in place (a drag must not pan it away); analysis keeps pan and zoom
        xaxis={"range": [x0, x1], "visible": False, "fixedrange": opts.locked, "constrain": "domain"},
        yaxis={"range": [y1, y0], "visible": False, "scaleanchor": "x", "scaleratio": geo.y_scale,
               "constrain": "domain", "fixedrange": opts.locked},
        hovermode="closest", dragmode=False if opts.locked else "pan",
        legend={"orientation": "h", "x": 0.01, "xanchor": "left", "y": 1.0, "yanchor": "bottom",
                "bgcolor": "rgba(0,0,0,0)", "font": {"size": legend}, "itemclick": False, "itemdoubleclick": False,
                "entrywidthmode": "pixels", "traceorder": "normal"},
        # the key sits in the sea off the south-east coast, clear of every province
        legend2={"x": 0.996, "xanchor": "right", "y": 0.004, "yanchor": "bottom", "bgcolor": "rgba(255,253,247,0.88)",
                 "bordercolor": "#9c917e", "borderwidth": 1, "font": {"size": max(8.0, pk(11))}, "itemclick": False,
                 "itemdoubleclick": False, "title": {"text": "<b>Key</b>"}},
        annotations=[
            {"name": "six", "x": 0.0, "y": -8.0, "xref": "x", "yref": "y", "xanchor": "left", "showarrow": False,
             "font": {"color": st.SIX_EDGE, "size": 12}},
            {"name": "emperor", "x": _PANEL_EMPEROR[0] + 2.2, "y": _PANEL_EMPEROR[1], "xref": "x", "yref": "y",
             "xanchor": "left", "showarrow": False, "font": {"size": max(8.0, pk(12))}},
            {"name": "rebel", "x": _PANEL_REBEL[0] + 2.2, "y": _PANEL_REBEL[1], "xref": "x", "yref": "y",
             "xanchor": "left", "showarrow": False, "font": {"size": max(8.0, pk(12))}},
            {"name": "vp", "x": _PANEL_X - 1, "y": 61.5, "xref": "x", "yref": "y", "xanchor": "left",
             "showarrow": False, "font": {"size": max(8.0, pk(11)), "color": "#5a5044"}},
        ],
        meta={META_KEY: {"groups": opts.groups, "hanzi": opts.hanzi, "width": width, "projector": opts.projector,
                         "locked": opts.locked}},
    )
    return fig


def _index(data: BoardData, pid: str) -> int:
    return next(p.index for p in data.provinces if p.id == pid)


def _options(fig: go.Figure) -> _Options:
    meta = fig.layout.meta
    if not isinstance(meta, dict) or META_KEY not in meta:
        raise ValueError("this figure was not made by lotus_kit.white_lotus.views.board.board_figure")
    m = meta[META_KEY]
    return _Options(groups=bool(m["groups"]), hanzi=bool(m["hanzi"]), width=int(m.get("width", WIDTH)),
                    projector=bool(m.get("projector", False)), locked=bool(m.get("locked", False)))


def board_figure(state: State, highlight: Iterable[str] | None = None, *, groups: bool = False,
                 hanzi: bool = True, width: int = WIDTH, projector: bool = False, locked: bool = False) -> go.Figure:
    """The board for ``state`` as a plotly figure.

    ``highlight`` names the provinces to mark as selectable; by default the ones legal for the
    current decision (:func:`legal_provinces`); pass ``()`` for none. ``groups`` outlines each
    player's largest connected group (WL-SCORE-2). ``hanzi`` writes the Chinese names under the
    province names (rendering them to PNG needs a CJK font on the machine). ``projector`` draws
    names, chips, markers, stones and the header bigger (a room reading from the back);
    ``locked`` turns pan and zoom off (play), which analysis keeps.
    """
    opts = _Options(groups=groups, hanzi=hanzi, width=int(width), projector=projector, locked=locked)
    spec, layout = _spec(state, highlight, opts)
    return fu.build(_skeleton_dict(opts), spec, layout)


@cache
def _skeleton_dict(opts: _Options) -> dict[str, Any]:
    return _skeleton(opts).to_dict()


def update_board(fig: go.Figure, state: State, highlight: Iterable[str] | None = None) -> int:
    """Bring a board figure to ``state`` in place, in one ``batch_update`` (one message to the
    browser for a ``FigureWidget``), setting only the properties that changed. Returns how many
    properties were set (0 when the figure already shows ``state``)."""
    spec, layout = _spec(state, highlight, _options(fig))
    with fig.batch_update():
        return fu.apply_spec(fig, spec, layout)


def reshape_board(fig: go.Figure, state: State, highlight: Iterable[str] | None = None, *,
                  width: int | None = None, projector: bool | None = None, locked: bool | None = None) -> int:
    """Give a board figure another size or mode in place (one ``plotly_update``): afterwards it
    equals ``board_figure(state, highlight, width=..., projector=..., locked=...)`` built afresh.
    Options left ``None`` stay as they are. Returns how many properties were set (0: nothing to do).
    """
    old = _options(fig)
    opts = _Options(groups=old.groups, hanzi=old.hanzi, width=old.width if width is None else int(width),
                    projector=old.projector if projector is None else projector,
                    locked=old.locked if locked is None else locked)
    if opts == old:
        return update_board(fig, state, highlight)
    new = board_figure(state, highlight, groups=opts.groups, hanzi=opts.hanzi, width=opts.width,
                       projector=opts.projector, locked=opts.locked)
    return fu.morph(fig, new)


def province_trace(fig: go.Figure, province: str) -> Any:
    """The fill trace of one province (its ``fillcolor`` is the owner's colour)."""
    return next(t for t in fig.data if t.meta == PROVINCE + province)


def highlighted(fig: go.Figure) -> set[str]:
    """The provinces a board figure currently marks as legal (read back from the drawing)."""
    trace = next(t for t in fig.data if t.meta == LEGAL_T)
    xs, ys = trace.x or (), trace.y or ()
    out = set()
    geo = load_geometry()
    rings: list[tuple[tuple[float, float], ...]] = []
    ring: list[tuple[float, float]] = []
    for x, y in zip(xs, ys, strict=True):
        if x is None:
            rings.append(tuple(ring))
            ring = []
        else:
            ring.append((x, y))
    if ring:
        rings.append(tuple(ring))
    for r in rings:
        for pid, shape in geo.provinces.items():
            if tuple(shape.polygons[0][0]) == r[:-1]:
                out.add(pid)
    return out
