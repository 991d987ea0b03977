"""Phase 2: resolve claims and conflicts (WL-CONF, WL-EMP).

The emperor picks the next claimed province; in a conflict every participant commits a dragon card
(whom he wants out) and influence cards, sealed; the reveal shows the breakdown chart
(:func:`lotus_kit.white_lotus.views.charts.conflict_chart`), who leaves and why, the refund; ties go to the
emperor; the knocked-out player picks the card values of his refund.
"""

from __future__ import annotations

import ipywidgets as widgets
import plotly.graph_objects as go

from lotus_kit.ui.board import LiveFigureWidget
from lotus_kit.ui.phases.text import events_html, linkify, seat_html
from lotus_kit.white_lotus.actions import Bid, BreakTie, ChooseProvince, TakeRefund
from lotus_kit.white_lotus.board import iter_bits
from lotus_kit.white_lotus.events import ConflictRound
from lotus_kit.white_lotus.queries import palace_first
from lotus_kit.white_lotus.screen.phases.base import CardPicker, PhasePanel
from lotus_kit.white_lotus.state import State
from lotus_kit.white_lotus.views.charts import conflict_chart

__all__ = ["ChartBox", "ConflictsPanel", "replace_figure"]


class ChartBox(widgets.VBox):
    """A chart shown in one ``FigureWidget`` made on first use and then updated in place (a
    FigureWidget carries plotly's whole JavaScript bundle, so panels do not make one per reveal)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.figure: go.FigureWidget | None = None
        self.key: object = None

    def show(self, key: object, make) -> bool:
        """Show ``make()`` unless ``key`` is what is shown already; returns whether it changed."""
        if key == self.key:
            return False
        if key is None:
            self.key = None
            self.layout.display = "none"
            return True
        fig = make()                   # may raise: then the old key stays and the next call draws again
        self.key = key
        if self.figure is None:
            self.figure = LiveFigureWidget(fig)
            self.children = (self.figure,)
        else:
            replace_figure(self.figure, fig)
        self.layout.display = "flex"
        return True


def replace_figure(w: LiveFigureWidget, fig: go.Figure) -> None:
    """Show ``fig`` in the widget ``w`` in place, as messages a front end applies to its view.

    Assigning ``w.layout`` does not reach a view already drawn, so the layout goes as a relayout,
    which merges: what the old chart had and the new one lacks is removed first, then each
    top-level part of the new layout replaces the old one. The template stays (every chart here
    uses the same one).
    """
    new = fig.to_dict()
    new["layout"].pop("template", None)
    gone = [k for k in (w.layout._props or {}) if k not in new["layout"] and k != "template"]
    # tables are left out: the explorer's score chart (a table) updated this way once kept its old title
    same_kind = len(w.data) == len(new["data"]) and all(
        t.type == d.get("type", "scatter") != "table" and set(t._props or {}) <= set(d) | {"type", "uid"}
        for t, d in zip(w.data, new["data"], strict=True))
    if same_kind and not gone:
        # the same chart with other numbers: one update message (restyle + relayout together); a
        # delete, an add and a relayout sent one after the other sometimes left a view half drawn
        with w.batch_update():
            for t, d in zip(w.data, new["data"], strict=True):
                t.update({k: v for k, v in d.items() if k != "type"}, overwrite=True)
            w.update_layout(new["layout"], overwrite=True)
    else:
        with w.batch_update():
            w.data = ()
        if gone:
            w.plotly_relayout({k: None for k in gone})
        w.add_traces(new["data"])
        w.update_layout(new["layout"], overwrite=True)
    w.sync_if_unseen()


def _fit(fig: go.Figure) -> go.Figure:
    """Let a chart take the width of the panel it sits in (plotly autosize), keeping its height."""
    fig.update_layout(width=None, autosize=True)
    return fig


class ConflictsPanel(PhasePanel):
    """Phase 2: the emperor's choice of province, sealed bids, the reveal, ties and refunds.

    Controls (one box per kind of decision, shown when the acting seat must make it):
    ``choose_box`` (province list + "Resolve"; or click the board), ``bid_box`` (dragon target,
    influence :class:`CardPicker`, "Commit bid"), ``tie_box`` (whom the emperor sends out),
    ``refund_box`` (the card values of the refund).
    """

    phase = 2
    title = "Phase 2 · Resolve claims and conflicts"
    rules = ("WL-CONF-1", "WL-CONF-3", "WL-CONF-6", "WL-CONF-8", "WL-CONF-9")
    intro = ("The emperor picks the provinces one by one (WL-CONF-3). A lone claimant takes the province "
             "(WL-CONF-4); several claimants fight: each names a rival with a dragon card and commits "
             "influence, sealed (WL-CONF-6); the one under the highest pressure leaves (WL-CONF-8).")

    def _build(self) -> list[widgets.Widget]:
        self.hint = widgets.HTML()
        # the emperor picks the next province
        self.province = widgets.Dropdown(description="Province", options=[], layout=widgets.Layout(width="280px"))
        self.choose_button = widgets.Button(description="Resolve this province", button_style="primary",
                                            icon="gavel", layout=widgets.Layout(width="auto"))
        self.choose_button.on_click(lambda _b: self._choose())
        self.choose_box = widgets.HBox([self.province, self.choose_button])
        # sealed bid
        self.target = widgets.ToggleButtons(options=[], description="Dragon card:", value=None,
                                            tooltips=[], style={"button_width": "auto"})
        self.cards = CardPicker("influence", "Influence cards to commit (press to select):")
        self.bid_button = widgets.Button(description="Commit bid (sealed)", button_style="warning", icon="lock",
                                         layout=widgets.Layout(width="auto"))
        self.bid_button.on_click(lambda _b: self._bid())
        self.bid_box = widgets.VBox([self.target, self.cards, self.bid_button])
        # tie
        self.tied = widgets.ToggleButtons(options=[], description="Sends out:", value=None,
                                          style={"button_width": "auto"})
        self.tie_button = widgets.Button(description="Send this player out", button_style="danger",
                                         layout=widgets.Layout(width="auto"))
        self.tie_button.on_click(lambda _b: self._tie())
        self.tie_box = widgets.VBox([self.tied, self.tie_button])
        # refund
        self.refund = widgets.Dropdown(description="Card values", options=[], layout=widgets.Layout(width="280px"))
        self.refund_button = widgets.Button(description="Take refund", button_style="success",
                                            layout=widgets.Layout(width="auto"))
        self.refund_button.on_click(lambda _b: self._refund())
        self.refund_box = widgets.HBox([self.refund, self.refund_button])
        self.controls.children = (self.hint, self.choose_box, self.bid_box, self.tie_box, self.refund_box)
        self.reveal = widgets.HTML()
        self.chart = ChartBox(layout=widgets.Layout(display="none", overflow="auto", width="100%", flex="0 0 auto"))
        return [self.reveal, self.chart]

    # -- views --------------------------------------------------------------------------------------
    def _status(self, state: State) -> str:
        board = state.board
        c = state.conflict
        lines = []
        if c is not None:
            name = board.provinces[c.province].name
            who = ", ".join(seat_html(s, self.session.who(s)) for s in c.remaining)
            lines.append(f"<b>Conflict for {name}</b>, round {c.round}: {who} " + linkify("(WL-CONF-5, WL-CONF-10)."))
            if c.refund_seat >= 0:
                lines.append(f"{seat_html(c.refund_seat)} left and gets back {c.refund_owed} influence: "
                             + linkify("he picks the card values (WL-CONF-9, WL-CONF-13)."))
            elif c.tied:
                bids = "; ".join(f"{self.session.name(b.seat)} names {self.session.name(b.target)} with "
                                 f"{'+'.join(map(str, b.cards)) or 'nothing'}" for b in c.bids)
                pressure = dict.fromkeys(c.remaining, 0)
                for b in c.bids:
                    pressure[b.target] += sum(b.cards)
                press = ", ".join(f"{self.session.name(s)} {p}" for s, p in pressure.items())
                lines.append(linkify(f"Revealed (WL-CONF-7): {bids}. Pressure: {press}."))
                tied = " and ".join(seat_html(s) for s in c.tied)
                lines.append(f"{tied} tie on the highest pressure: emperor {seat_html(state.emperor)} sends one "
                             + linkify("out (WL-CONF-8)."))
            else:
                done = {b.seat for b in c.bids}
                marks = ", ".join(f"{seat_html(s)} {'✓ committed' if s in done else '… thinking'}" for s in c.remaining)
                lines.append(f"Sealed bids: {marks} " + linkify("(WL-INFO-3)."))
        left = [i for i, m in enumerate(state.markers) if m and (c is None or i != c.province)]
        if left:
            items = []
            for i in left:
                seats = list(iter_bits(state.markers[i]))
                kind = "conflict" if len(seats) > 1 else "alone"
                items.append(f"{board.provinces[i].name} ({', '.join(seat_html(s) for s in seats)}: {kind})")
            lines.append("Still to resolve " + linkify("(WL-CONF-1)") + ": " + "; ".join(items) + ".")
        if c is None:
            first = palace_first(state)
            who = seat_html(state.emperor, self.session.who(state.emperor))
            if first >= 0:
                lines.append(f"The start palace {board.provinces[first].name} goes first "
                             + linkify("(WL-CONF-2)."))
            else:
                lines.append(f"Emperor {who} picks the next province " + linkify("(WL-CONF-3)."))
        return "<br>".join(lines)

    def _controls(self, state: State, seat: int) -> None:
        legal = self.session.legal(seat)
        kind = type(legal[0]) if legal else None
        for b in (self.choose_box, self.bid_box, self.tie_box, self.refund_box):
            b.layout.display = "none"
        board = state.board
        c = state.conflict
        if kind is ChooseProvince:
            places = [a.province for a in legal]
            options = [(board.province(p).name, p) for p in places]
            if [v for _, v in options] != [v for _, v in self.province.options]:
                self.province.options = options
            if self.province.value not in places:
                self.province.value = places[0]
            self.choose_box.layout.display = "flex"
            self.hint.value = linkify(f"Emperor {self.session.name(seat)}: pick the next province to resolve "
                                      "(WL-CONF-3), here or on the board.")
        elif kind is Bid:
            rivals = [s for s in c.remaining if s != seat]
            options = self.seat_options(rivals)
            if list(self.target.options) != options:
                self.target.options = options
                self.target.value = rivals[0] if len(rivals) == 1 else None
            self.cards.set_cards(state.hands[seat].influence_cards())
            self.bid_box.layout.display = "flex"
            self.hint.value = linkify(
                f"{self.session.name(seat)}, your sealed bid for {board.provinces[c.province].name} "
                f"(round {c.round}): name the rival you want out with a dragon card, and commit influence "
                "against him; the 0 card is a bluff and comes back (WL-CONF-6, WL-CONF-9).")
        elif kind is BreakTie:
            options = self.seat_options(c.tied)
            if list(self.tied.options) != options:
                self.tied.options = options
                self.tied.value = None
            self.tie_box.layout.display = "flex"
            self.hint.value = linkify(f"Emperor {self.session.name(seat)}: the tied players cannot both stay; "
                                      "name the one who leaves (WL-CONF-8, WL-CONF-14).")
        elif kind is TakeRefund:
            options = [("+".join(map(str, a.cards)) + f" = {sum(a.cards)}", a.cards) for a in legal]
            if list(self.refund.options) != options:
                self.refund.options = options
                self.refund.value = options[0][1]
            self.refund_box.layout.display = "flex"
            self.hint.value = linkify(
                f"{self.session.name(seat)}, you left {board.provinces[c.province].name}: you get back "
                f"{c.refund_owed} influence, half of your bid rounded in your favour (WL-CONF-9); "
                "choose the card values (WL-CONF-13).")
        else:
            self.hint.value = ""

    def _outcome(self, state: State) -> str:
        year = self.shown_year(state)
        entries = [e for e in self.session.log_for(year, self.phase) if e.event.kind != "PhaseStarted"]
        rounds = [e for e in entries if isinstance(e.event, ConflictRound)]
        shown: list = []
        if rounds:
            last = rounds[-1]
            # the rounds of the latest conflict only (a province is fought over once a year)
            shown = [e.event for e in rounds if e.event.province == last.event.province]
            name = state.board.province(last.event.province).name
            self.reveal.value = (f"<b>Reveal: the conflict for {name}</b> " + linkify("(WL-CONF-7, WL-CONF-8)") + ":"
                                 + events_html(shown, max_height=None))
            self.chart.show((year, last.index), lambda: _fit(conflict_chart(shown)))
        else:
            self.reveal.value = ""
            self.chart.show(None, lambda: None)
        rest = [e.event for e in entries if not any(e.event is ev for ev in shown)]
        return ("<b>This year's phase 2</b>:" + events_html(rest, newest_first=True,
                                                             empty="Nothing resolved yet.", max_height=150))

    # -- actions ------------------------------------------------------------------------------------
    def province_clicked(self, province: str) -> None:
        seat = self.clicker()
        if seat is None:
            return
        state = self.session.state
        if state.conflict is not None and int(state.phase) == 2:
            name = state.board.provinces[state.conflict.province].name
            self.refuse(f"Finish the conflict in {name} first: the bids are made with cards, not on the board "
                        "(WL-CONF-1, WL-CONF-6).")
            return
        self.act(ChooseProvince(seat, province))

    def _choose(self) -> None:
        seat = self.clicker()
        if seat is not None and self.province.value:
            self.act(ChooseProvince(seat, self.province.value))

    def _bid(self) -> None:
        seat = self.clicker()
        if seat is None:
            return
        if self.target.value is None:
            self.refuse("Choose whom your dragon card names: another participant (WL-CONF-6).")
            return
        if self.act(Bid(seat, self.target.value, self.cards.selected)):
            self.cards.clear()

    def _tie(self) -> None:
        seat = self.clicker()
        if seat is None:
            return
        if self.tied.value is None:
            self.refuse("Choose which of the tied players leaves (WL-CONF-8).")
            return
        self.act(BreakTie(seat, self.tied.value))

    def _refund(self) -> None:
        seat = self.clicker()
        if seat is not None and self.refund.value is not None:
            self.act(TakeRefund(seat, tuple(self.refund.value)))
