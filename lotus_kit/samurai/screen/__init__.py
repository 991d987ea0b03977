"""The table of Ehre der Samurai as plotly figures (pure functions; the engine never imports this).

- :func:`board_figure`: each player's row with his Daimyo house and Samurai house, every card with its
  honor, Ki and strength, the castle, the Shogun card, alliances and hand sizes (the viewer's own hand
  face up), computed from ``observation(state, seat)`` alone;
- :func:`honor_race`: every player's honor over the turns, up to the target; :func:`honor_track_html`: the
  honor race as the table shows it, a bar per player to the target, updated with every step;
- :func:`battle_figure`: the last battle's dice and totals;
- :func:`odds_heatmap`: the exact chance to win a battle for 0-6 dice against 0-6;
- :data:`SCREEN`: what the shared table, session and explorer read (:mod:`lotus_kit.ui.screen`).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from lotus_kit.samurai import cards as C
from lotus_kit.samurai.screen.colors import SEAT_COLORS, SEAT_TEXT
from lotus_kit.samurai.screen.panels import AnswerPanel, BattlePanel, OverPanel, TurnPanel
from lotus_kit.samurai.state import SEAT_NAMES, State
from lotus_kit.ui.screen import GameScreen, PanelTab

__all__ = ["SCREEN", "SamuraiBoard", "SamuraiScreen", "battle_figure", "board_figure", "honor_race",
           "honor_track_html", "odds_heatmap"]

# fill per card family; the card's name is always written on it, so colour is never the only cue
FAMILY = {"daimyo": "#f2c14e", "samurai": "#e07a5f", "possession": "#b39ddb", "warrior": "#cfd8dc",
          "wife": "#f8bbd0", "castle": "#90caf9", "guard": "#a5d6a7", "shogun": "#ffd700", "hidden": "#eeeeee",
          "event": "#ffe0b2"}
CARD_W, CARD_H = 1.0, 0.78


def _family(kind: int) -> str:
    if kind in C.DAIMYOS:
        return "daimyo"
    if kind in C.POS_BIT:
        return "possession"
    if kind in C.WARRIORS:
        return "warrior"
    if kind in C.WIVES:
        return "wife"
    if kind in C.CASTLES:
        return "castle"
    if kind == C.BODYGUARD:
        return "guard"
    return "event"


def _short(name: str) -> str:
    if name == "HIDDEN":
        return "?"
    k = C.KIND[name]
    label = C.GERMAN[k].replace("Start-Daimyo", "Start-D.").replace(" der Ahnen", "").replace("Schmied ", "")
    label = label.replace("Krieger ", "Krieger<br>").replace("Burg ", "Burg<br>")
    if len(label) > 9 and "<br>" not in label:
        # a long name on two lines (it would run over the card's edge on one): at a space, else a hyphen
        cut = label.find(" ")
        if cut > 0:
            label = label[:cut] + "<br>" + label[cut + 1:]
        elif "-" in label:
            cut = label.find("-") + 1
            label = label[:cut] + "<br>" + label[cut:]
    return label


def _card(fig_shapes: list, notes: list, x: float, y: float, name: str, family: str, values: str,
          border: str = "#555555") -> None:
    fig_shapes.append(dict(type="rect", x0=x, x1=x + CARD_W * 0.94, y0=y - CARD_H / 2, y1=y + CARD_H / 2,
                           fillcolor=FAMILY[family], line=dict(color=border, width=1.5)))
    longest = max(len(part) for part in name.split("<br>"))
    notes.append(dict(x=x + CARD_W * 0.47, y=y + 0.12, text=f"<b>{name}</b>", showarrow=False,
                      font=dict(size=9 if longest <= 8 else 7, color="#111111")))
    if values:
        notes.append(dict(x=x + CARD_W * 0.47, y=y - 0.25, text=values, showarrow=False,
                          font=dict(size=8, color="#222222")))


def _values(kind: int) -> str:
    if kind >= C.DISHONOR:
        return "event"             # event cards carry no values (SAM-CMP-2)
    return f"H{C.H[kind]} K{C.K[kind]} S{C.S[kind]}"


CARD_PX = 50          # a card's width in pixels at least: its name in 9 px type fits on it
LEFT_PX = 190         # the names, honor and Ki of each player, left of the cards


def _grouped(names: Sequence[str]) -> list[tuple[str, int]]:
    """A house's cards with equal cards together (warriors of one kind, bodyguards): (card, count)."""
    out: list[tuple[str, int]] = []
    for name in names:
        if out and out[-1][0] == name:
            out[-1] = (name, out[-1][1] + 1)
        else:
            out.append((name, 1))
    return out


def _house_cards(view: State, p: int, which: str) -> list[tuple[str, str, str, str, int]]:
    """The cards of a house as drawn: (label, family, values, border, count), the head card first."""
    house = view.house(p, which)
    out: list[tuple[str, str, str, str, int]] = []
    if which == "daimyo":
        if house.head is None:
            return []
        out.append((_short(house.head), "daimyo", _values(C.KIND[house.head]), "#8a6d00", 1))
        if house.shogun:
            out.append(("SHOGUN", "shogun", f"H{_shogun_honor(view)}", "#8a6d00", 1))
    else:
        out.append(("Samurai" if house.head == "SAMURAI" else "Ronin", "samurai", "H0 K6 S0", "#555555", 1))
    for name, count in _grouped(house.cards):
        k = C.KIND[name]
        out.append((_short(name), _family(k), _values(k) if k != C.BODYGUARD else "guard",
                    "#0d47a1" if k in C.CASTLES else "#555555", count))
    return out


def _columns(width: int) -> int:
    """How many cards fit side by side on a board ``width`` px wide."""
    return max(6, int((width - LEFT_PX - 20) / CARD_PX))


def board_figure(state: State, seat: int | None = None, size: tuple[int, int | None] = (1100, None)) -> go.Figure:
    """The table as ``seat`` may see it (None: a spectator). Pure: the same state gives the same figure.

    Each player's Daimyo house and Samurai house side by side; a house too long for the width goes on
    as many lines as it needs (nothing is cut off at the edge), equal cards drawn once with "×n".
    ``size``: (width, height) in px; height None: as tall as the lines need."""
    from lotus_kit.samurai.game import SAMURAI

    view = SAMURAI.observation(state, seat)
    n = view.players
    cols = _columns(size[0])
    houses = [(_house_cards(view, p, "daimyo"), _house_cards(view, p, "samurai")) for p in range(n)]
    # the Samurai houses start in one column after the Daimyo houses; a seat whose houses do not fit
    # side by side has its Samurai house on the line(s) under its Daimyo house
    split = max([5, *(len(d) for d, _s in houses if len(d) <= cols - 3)]) + 0.4
    shapes: list[dict] = []
    notes: list[dict] = []
    y = 0.0                                   # lines go downwards: y is minus the line's number

    def lay(cards: list, x0: float, y0: float) -> float:
        """Draw ``cards`` from (x0, y0) on, wrapping at the width; returns the last line's y."""
        x, yy = x0, y0
        for label, family, values, border, count in cards:
            if x + CARD_W > max(cols, x0 + CARD_W) + 0.01:
                x, yy = x0, yy - 1
            _card(shapes, notes, x, yy, f"{count}× {label}" if count > 1 else label, family, values, border=border)
            x += CARD_W
        return yy

    for p in range(n):
        d_cards, s_cards = houses[p]
        ally = view.allies[p]
        who = SEAT_NAMES[p] + (" ◀ active" if p == view.active and not view.is_over else "")
        extra = f"allied with {SEAT_NAMES[ally]}" if ally is not None else ""
        if p in view.pending_breaks:
            extra += " (break pending)"
        notes.append(dict(x=-0.1, y=y + 0.22, text=f"<b>{who}</b>", showarrow=False, xanchor="right",
                          font=dict(size=12, color=SEAT_TEXT[p])))
        notes.append(dict(x=-0.1, y=y - 0.05, text=f"honor {view.honor[p]}  income {view.income(p):+d}",
                          showarrow=False, xanchor="right", font=dict(size=10)))
        notes.append(dict(x=-0.1, y=y - 0.3, text=f"Ki {view.ki(p)} · hand {view.hand_size(p)}",
                          showarrow=False, xanchor="right", font=dict(size=9, color="#444444")))
        if extra:
            notes.append(dict(x=-0.1, y=y - 0.52, text=extra, showarrow=False, xanchor="right",
                              font=dict(size=9, color="#444444")))
        if d_cards:
            last = lay(d_cards, 0.0, y)
        else:
            notes.append(dict(x=0.5, y=y, text="<i>no Daimyo</i>", showarrow=False, font=dict(size=9)))
            last = y
        beside = len(d_cards) <= split - 0.4 and split + len(s_cards) <= cols
        s_x, s_y = (split, y) if beside else (0.0, last - 1)
        shapes.append(dict(type="line", x0=s_x - 0.2, x1=s_x - 0.2, y0=s_y - 0.42, y1=s_y + 0.42,
                           line=dict(color="#999999", dash="dot")))
        last = lay(s_cards, s_x, s_y)
        if seat == p:
            hand = [(_short(name), _family(C.KIND[name]),
                     _values(C.KIND[name]) if C.KIND[name] != C.BODYGUARD else "guard", "#333333", 1)
                    for name in view.hand(p)]
            if hand:
                notes.append(dict(x=-0.1, y=last - 1 + 0.3, text="your hand:", showarrow=False, xanchor="right",
                                  font=dict(size=9)))
                last = lay(hand, 0.0, last - 1)
        y = last - 1.15
        if p < n - 1:
            shapes.append(dict(type="line", x0=-2.0, x1=max(cols, 5) + 0.2, y0=y + 0.52, y1=y + 0.52,
                               line=dict(color="#e4ddd0", width=1)))
    lines = -y
    # which column is which house, and what the letters on a card mean
    head = dict(y=0.47, showarrow=False, xanchor="left", yanchor="bottom", font=dict(size=11, color="#555555"))
    notes.append(dict(head, x=0.0, text="<b>Daimyo house</b>"))
    notes.append(dict(head, x=split, text="<b>Samurai house</b>"))
    notes.append(dict(x=-0.2, y=y + 0.45, xanchor="left", yanchor="top", showarrow=False,
                      font=dict(size=9, color="#555555"), text="on a card: H honor · K Ki · S strength"))
    centre = "Shogun card: in the centre" if view.shogun_holder is None else \
        f"Shogun card: {SEAT_NAMES[view.shogun_holder]} (+{_shogun_honor(view)} a turn)"
    status = SAMURAI.decision(view).text
    width = size[0]
    unit = (width - LEFT_PX - 20) / (cols + 0.4)          # px per column, lines as tall as a card is wide
    height = size[1] if size[1] is not None else int(90 + (lines + 0.6) * unit * 1.05)
    fig = go.Figure()
    fig.update_layout(
        shapes=shapes, annotations=notes, width=width, height=height, plot_bgcolor="white",
        margin=dict(l=LEFT_PX, r=20, t=60, b=30),
        title=dict(text=f"Ehre der Samurai · turn {view.turn} · {centre} · deck {view.deck_size} · "
                        f"target {view.rules.target_honor}<br><sup>{status}</sup>", font=dict(size=14)),
        xaxis=dict(visible=False, range=[-0.2, cols + 0.2]), yaxis=dict(visible=False, range=[y + 0.4, 0.6]),
        showlegend=False)
    return fig


def _shogun_honor(state: State) -> int:
    return C.shogun_honor(state.players)


def honor_race(states: Sequence[State], title: str = "Honor race") -> go.Figure:
    """Each player's honor after every turn of ``states`` (a game's states in order), up to the target."""
    if not states:
        raise ValueError("no states to chart")
    first = states[0]
    n, target = first.players, first.rules.target_honor
    turns: list[int] = []
    series: list[list[int]] = [[] for _ in range(n)]
    last = None
    for s in states:
        if s.turn != last:
            last = s.turn
            turns.append(s.turn)
            for p in range(n):
                series[p].append(s.honor[p])
        else:
            for p in range(n):
                series[p][-1] = s.honor[p]
    fig = go.Figure()
    dashes = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")
    for p in range(n):
        fig.add_trace(go.Scatter(x=turns, y=series[p], mode="lines+markers", name=SEAT_NAMES[p],
                                 line=dict(color=SEAT_COLORS[p], dash=dashes[p], width=2)))
    fig.add_hline(y=target, line=dict(color="#333333", dash="dash"), annotation_text=f"target {target}")
    fig.update_layout(title=title, xaxis_title="turn", yaxis_title="honor", width=800, height=420,
                      plot_bgcolor="white", legend=dict(orientation="h"))
    fig.update_xaxes(gridcolor="#eeeeee")
    fig.update_yaxes(gridcolor="#eeeeee")
    return fig


def honor_track_html(state: State, over: bool = False, winners: frozenset[int] = frozenset()) -> str:
    """The honor race at the table: one row per player with a bar to the target (SAM-END-1), the
    honor, what his next phase 1 brings (SAM-HON-1..3) and the Shogun card's holder; players differ
    by name, not by colour alone (name and bar in the seat's colour as well). Everything on it is public
    (SAM-CLAR-19)."""
    target = state.rules.target_honor
    holder = state.shogun_holder
    rows = []
    for p in range(state.players):
        honor = state.honor[p]
        width = int(200 * min(max(honor, 0), target) / target)
        mark = " ★ winner" if p in winners else " · Shogun" if p == holder else ""
        gain = "" if over else f' <span style="color:#555555">{state.income(p):+d} a turn</span>'
        name = f'<b style="color:{SEAT_TEXT[p]}">{escape(SEAT_NAMES[p])}</b>'
        rows.append(f'<tr><td style="padding-right:6px">{name}</td>'
                    f'<td style="width:206px"><div style="position:relative;height:10px;width:200px;'
                    f'background:#eeeeee;border-right:2px solid #333333">'
                    f'<div style="height:10px;width:{width}px;background:{SEAT_COLORS[p]}"></div></div></td>'
                    f"<td><b>{honor}</b>{gain}{mark}</td></tr>")
    title = "Final honor" if over else f"Honor race to {target}"
    return f'<div class="lotus-score samurai-honor-track"><b>{title}</b><table>{"".join(rows)}</table></div>'


def battle_figure(state: State) -> go.Figure:
    """The last battle of ``state``: both sides' deciding dice, totals and the winner (SAM-CLAR-12)."""
    b = state.last_battle
    fig = go.Figure()
    if b is None:
        fig.update_layout(title="No battle yet", width=700, height=260)
        return fig
    shapes, notes = [], []
    for row, (side, dice) in enumerate((("attacker", b["attacker_dice"]), ("defender", b["defender_dice"]))):
        who = b[side]
        y = 1 - row
        notes.append(dict(x=-0.2, y=y, xanchor="right", showarrow=False,
                          text=f"<b>{SEAT_NAMES[who]}</b> ({side})", font=dict(size=13, color=SEAT_TEXT[who])))
        if not dice:
            notes.append(dict(x=0.1, y=y, xanchor="left", showarrow=False, text="<i>no dice: total 0</i>",
                              font=dict(size=12, color="#555555")))
        for i, pip in enumerate(dice):
            shapes.append(dict(type="rect", x0=i * 1.1, x1=i * 1.1 + 0.9, y0=y - 0.4, y1=y + 0.4,
                               fillcolor="white", line=dict(color=SEAT_COLORS[who], width=3)))
            notes.append(dict(x=i * 1.1 + 0.45, y=y, text=f"<b>{pip}</b>", showarrow=False, font=dict(size=20)))
        notes.append(dict(x=6.9, y=y, showarrow=False, xanchor="left",
                          text=f"total <b>{sum(dice)}</b>" + (" ✔ wins" if who == b["winner"] else ""),
                          font=dict(size=14)))
    rr = b["rerolls"]
    fig.update_layout(shapes=shapes, annotations=notes, width=760, height=300, plot_bgcolor="white",
                      margin=dict(l=190, r=20, t=60, b=20),
                      title=f"Battle: {SEAT_NAMES[b['attacker']]} attacks {SEAT_NAMES[b['defender']]} — "
                            f"{_dice_words(len(b['attacker_dice']))} against {_dice_words(len(b['defender_dice']))}"
                            + (f", {rr} reroll{'s' if rr > 1 else ''} on equal totals" if rr else ""),
                      xaxis=dict(visible=False, range=[-0.3, 9]),
                      yaxis=dict(visible=False, range=[-0.6, 1.6], scaleanchor="x"))
    return fig


def _dice_words(k: int) -> str:
    return "no dice" if k == 0 else "1 die" if k == 1 else f"{k} dice"


def odds_heatmap() -> go.Figure:
    """P(attacker wins) for 0-6 dice against 0-6, ties rerolled (SAM-BAT-3)."""
    from lotus_kit.samurai.analysis import battle_odds

    df = battle_odds()
    text = [[f"{v:.0%}" for v in row] for row in df.values]
    fig = go.Figure(go.Heatmap(z=df.values, x=list(df.columns), y=list(df.index), text=text,
                               texttemplate="%{text}", colorscale="RdBu", zmin=0, zmax=1,
                               colorbar=dict(title="attacker<br>wins")))
    fig.update_layout(title="Battle odds: attacker dice (rows) against defender dice (columns)",
                      xaxis_title="defender dice", yaxis_title="attacker dice", width=640, height=560)
    return fig


def save_png(fig: go.Figure, path: Any) -> None:
    """Write ``fig`` as a PNG with kaleido (for the README and for looking at it)."""
    fig.write_image(str(path))


class SamuraiBoard(widgets.VBox):
    """The table as a live figure at the shared table: :meth:`show` brings it to another state in
    place (one ``batch_update`` of the layout). It shows what everyone sees (hands as counts); a seat's
    own hand is the table's hand box, from its observation. Nothing on it is clickable."""

    def __init__(self, state: State, *, width: int = 1100, **kwargs: Any):
        from lotus_kit.ui.board import LiveFigureWidget

        self.state = state
        self.width = width
        fig = board_figure(state, None, size=(width, None))
        self.figure = LiveFigureWidget(fig.to_dict(), _validate=False)
        self.figure._validate = True
        self.clicks: list[str] = []
        super().__init__(children=[self.figure], **kwargs)
        self.add_class("lotus-board")

    def show(self, state: State, highlight: Any = None) -> int:
        """Bring the figure to ``state`` with one relayout message; returns 1 when anything changed."""
        if tuple(state) == tuple(self.state):
            return 0
        self.state = state
        new = board_figure(state, None, size=(self.width, None)).to_plotly_json()["layout"]
        old = self.figure.to_plotly_json()["layout"]
        changed = {key: new[key] for key in ("shapes", "annotations", "title", "height", "xaxis", "yaxis")
                   if new.get(key) != old.get(key)}
        if changed:
            # plain dicts in one relayout: the same edits made as layout objects inside batch_update()
            # changed the figure in Python but never reached the page (seen in Voila and JupyterLab)
            self.figure.plotly_relayout(changed)
        return 1

    def reshape(self, state: State, highlight: Any = None, *, width: int | None = None, **_options: Any) -> int:
        if width is not None and width != self.width:
            self.width = width
            self.figure.layout.width = width
            self.state = ()  # type: ignore[assignment]
        return self.show(state, highlight)

    def on_province_click(self, callback: Any) -> None:
        """Nothing to click on this table (cards are chosen in the panel)."""

    def click(self, spot: str) -> None:
        self.clicks.append(spot)


class SamuraiScreen(GameScreen):
    """Ehre der Samurai at the shared table: the table figure, a seat's hand from its observation, the
    public facts, and which decisions need the screen passed to a player first."""

    hidden_rule = "SAM-CLAR-19"
    names_are_colours = True
    public_rule = "SAM-CLAR-19"
    panels = (
        PanelTab("turn", "Turn", TurnPanel, kinds=TurnPanel.kinds,
                 tip="honor collected, Ki, cards, the declaration, the end of the turn"),
        PanelTab("battle", "Battle", BattlePanel, kinds=BattlePanel.kinds,
                 tip="the dice, the Save Face window and the castle"),
        PanelTab("answer", "Answer", AnswerPanel, kinds=AnswerPanel.kinds,
                 tip="answers out of turn: Dishonor, the second theft, an alliance offer"),
        PanelTab("over", "End", OverPanel, kinds=OverPanel.kinds, tip="who won"),
    )
    over_rule = "SAM-END-1"
    first_seat_field = ("start_player", "Start player (SAM-SET-6)")

    def seat_colours(self, game: Any) -> list[str]:
        """The seats' names in Samurai's colours, dark enough to read on white (not White Lotus's)."""
        from lotus_kit.samurai.screen.colors import SEAT_TEXT

        return list(SEAT_TEXT)

    def advisor_tool(self, game: Any) -> Any:
        from lotus_kit.samurai.screen.advice import AttackAdvice  # the explorer's "attack or not"

        return AttackAdvice()

    def what_if_tool(self, game: Any) -> Any:
        from lotus_kit.samurai.whatif import BattleDice  # the explorer's "what if the dice had fallen otherwise"

        return BattleDice()

    def board_figure(self, game: Any, state: Any, seat: int | None = None, **options: Any) -> Any:
        return board_figure(state, seat, size=options.get("size", (1100, 560)))

    def board_widget(self, game: Any, state: Any, *, width: int = 1100, **options: Any) -> Any:
        return SamuraiBoard(state, width=width)

    def position_words(self, game: Any, state: Any) -> str:
        return f"turn {state.turn}, {SEAT_NAMES[state.active]}'s turn"

    def score_html(self, game: Any, state: Any) -> str:
        over = game.is_over(state)
        return honor_track_html(state, over, game.winners(state) if over else frozenset())

    def where(self, game: Any, state: Any) -> str:
        return "the game is over" if game.is_over(state) else self.position_words(game, state)

    def describe_position(self, game: Any, state: Any) -> Any:
        from lotus_kit.samurai.position import describe_position

        return describe_position(state) if state.mode in ("card_action", "over") and not state.actions_used \
            and not state.declared else None

    def hand_html(self, game: Any, state: Any, seat: int) -> str:
        view = game.observation(state, seat)              # the seat's own cards only (SAM-CLAR-19)
        cards = "".join(f"<li>{escape(C.words(C.KIND[name]))}</li>" for name in view.hand(seat))
        # the table heads it with the seat's name (hot seat) or puts it in the seat's row (open mode)
        return f'<div class="lotus-hand"><ul>{cards or "<li><i>no cards</i></li>"}</ul></div>'

    def public_html(self, game: Any, state: Any) -> str:
        holder = state.shogun_holder
        pairs = sorted({tuple(sorted((p, a))) for p, a in enumerate(state.allies) if a is not None})
        allied = ", ".join(f"{SEAT_NAMES[a]} + {SEAT_NAMES[b]}" for a, b in pairs) or "none"
        centre = "the centre" if holder is None else SEAT_NAMES[holder]
        return (f'<div class="lotus-public">Shogun card: <b>{escape(centre)}</b> · alliances: {escape(allied)} · '
                f"deck {state.deck_size} · discard pile {sum(state.discard.values())}</div>")

    def private_decision(self, game: Any, state: Any, seat: int, legal: Any) -> bool:
        """Card actions, the answer to Dishonor and the Save Face window are decided with the seat's
        hidden hand: at the hot seat the screen goes to that player first."""
        return game.decision(state).kind in ("card_action", "dishonor_answer", "save_face")


SCREEN = SamuraiScreen()
