"""The what-if explorer: step through a recorded game, change a decision, see what changes.

:class:`Explorer` loads a game record and shows it step by step: a timeline (slider, previous /
next, jump to a year and phase), the board (one ``FigureWidget`` brought to each step in place,
never rebuilt), what happened at the step in words with the rule ids, the chart that explains it
(the conflict, the rebellion, the score) and the decision taken next.

At any step the decision can be changed — another bid, another side, another province — and the
rest of the game is replayed at once by the rule of :mod:`lotus_kit.ui.tree`: recorded decisions
are kept where they still fit, seeded bots (or the user, fill "ask") make the rest. Every line is
kept in a :class:`~lotus_kit.ui.tree.BranchTree` addressed by paths from the root (the record);
the lines list switches between them, "Back to the original" returns to the record, and the diff
(:func:`lotus_kit.ui.compare.diff`) sets two lines side by side: conflict winners, emperors,
rebellions, final scores, the differences highlighted.

Everything the buttons do has a method for scripts and tests:

>>> from lotus_kit.white_lotus.actions import Bid
>>> ex = Explorer("notebooks/data/showcase-4p.json")
>>> ex.go(12); ex.decision
Bid(seat=0, target=2, cards=(3, 2, 2))
>>> ok, message = ex.change(Bid(0, 2, ()))
>>> ok, ex.node.path, ex.step
(True, '12:Bid(seat=0, target=2, cards=())', 13)
>>> "kept" in message and "Yellow" in ex.diff_view.value
True
>>> ex.change(Bid(0, 2, (3, 3, 3, 3)))[0]          # cards Red does not hold: refused, nothing changes
False
>>> ex.back_to_original(); ex.node.is_root
True

"Biggest swings" (a section to open under the chart) judges the decisions of the line shown by
rollouts (:class:`lotus_kit.analysis.rollouts.MistakeSearch`, one decision at a time so that a running
kernel stays responsive) and lists them biggest swing first; each row goes to its step
(:meth:`Explorer.go_to_swing`) or takes the better move there as a change
(:meth:`Explorer.try_swing`), on the line the swings were found on and no other:

>>> swings = ex.find_swings(rollouts=1, alternatives=1, max_decisions=2)
>>> ok, message = ex.try_swing(0)
>>> ok and ex.line.actions[swings.step[0]] == swings.alternative[0]
True
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from lotus_kit.core.errors import IllegalAction, LotusKitError, RecordError
from lotus_kit.core.records import GameRecord, load, loads
from lotus_kit.ui.board import BoardWidget, LiveFigureWidget
from lotus_kit.ui.cards import CardHand
from lotus_kit.ui.compare import TOPICS, LineDiff, diff
from lotus_kit.ui.movelist import MoveList
from lotus_kit.ui.phases.base import card_label
from lotus_kit.ui.phases.text import box, event_html, linkify, seat_html
from lotus_kit.ui.session import name_seats
from lotus_kit.ui.tree import BranchTree, Fill, Line, Node, decision_kind
from lotus_kit.views.charts import conflict_chart, rebellion_chart, score_figure, timeline_chart
from lotus_kit.white_lotus.actions import (
    Action,
    Bid,
    JoinSide,
)
from lotus_kit.white_lotus.engine import legal_actions, to_act
from lotus_kit.white_lotus.events import (
    ConflictRound,
    PhaseStarted,
    RebellionResolved,
    RewardTaken,
)
from lotus_kit.white_lotus.game import NAME, new_record
from lotus_kit.white_lotus.position_code import PositionCodeError, decode, is_code, position_code
from lotus_kit.white_lotus.scoring import score
from lotus_kit.white_lotus.seats import SEAT_COLOURS, seat_name
from lotus_kit.white_lotus.state import PHASE_NAMES, State
from lotus_kit.white_lotus.words import cards_text, describe_action, province_name

__all__ = ["CHART_KINDS", "SWING_BUDGET", "Explorer", "describe_action"]

log = logging.getLogger(__name__)

CHART_KINDS: tuple[tuple[str, str], ...] = (
    ("auto", "auto"), ("score", "score"), ("conflict", "conflict"), ("rebellion", "rebellion"),
    ("by year", "timeline"), ("off", "off"))
"""The charts the explorer can show (label, value); ``auto`` picks the one that explains the step."""

SWING_BUDGET: dict[str, int] = {"rollouts": 8, "alternatives": 3, "max_decisions": 12}
"""The first budget of "Find the biggest swings": about 400 games, a few seconds on the showcase game."""
SWING_ROWS = 20
"""At most this many swings are listed (biggest first)."""

ORIGIN_WORDS = {"record": "recorded", "changed": "changed by you", "bot": "filled by a bot"}
_ORIGIN_COLOURS = {"record": "#6b6256", "changed": "#b35c00", "bot": "#6a3d9a"}


# -- words ----------------------------------------------------------------------------------------------
_province, _cards = province_name, cards_text      # the engine's words (lotus_kit.white_lotus.words)


def _origin_html(origin: str) -> str:
    colour = _ORIGIN_COLOURS.get(origin, "#6b6256")
    return f'<span style="color:{colour};font-style:italic">{escape(ORIGIN_WORDS.get(origin, origin))}</span>'


def _as_record(source: GameRecord | str | os.PathLike | bytes | None) -> GameRecord:
    """A record from a record, JSON bytes (an upload), JSON text or a path (RecordError when it cannot
    be read). Text that starts like JSON or spans lines is JSON; other text is a path."""
    if source is None:
        return new_record(4, 0)
    if isinstance(source, GameRecord):
        return source
    if isinstance(source, bytes | bytearray | memoryview):
        try:
            return loads(bytes(source).decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise RecordError("record", f"not UTF-8 text ({exc.reason})") from None
    if is_code(source):                                      # a position code or a share link
        try:
            return decode(source)
        except PositionCodeError as exc:
            raise RecordError("code", str(exc)) from None
    if isinstance(source, str) and (source.lstrip()[:1] in ("{", "[", '"') or "\n" in source):
        return loads(source)
    path = Path(source)
    try:
        return load(path)
    except OSError as exc:
        raise RecordError("record", f"cannot read {path}: {exc.strerror or exc}") from None


# -- card toggles (a fixed pool of buttons, reused from step to step) --------------------------------------
class _CardToggles(CardHand):
    """Toggle buttons for the cards of one hand. The buttons are made once (more only when a hand is
    bigger than any before) and relabelled per step, so stepping never piles up widgets; a pressed
    card is coloured (influence blue, combat red) with a tick, the others stay grey."""

    def __init__(self) -> None:
        super().__init__(style="info", label=card_label, mark_pressed=True, fresh=False,
                         total=lambda values, sel: ("<i>no cards in hand</i>" if not values
                                                    else f"Playing: <b>{escape(_cards(sel))}</b>"))
        self.row = self.buttons

    def show(self, kind: str, values: Sequence[int], selected: Sequence[int] = ()) -> None:
        """Show ``values`` (largest first) as ``kind`` cards with ``selected`` pressed."""
        self._tip = lambda v: ("the 0 card: a bluff, it always comes back (WL-CONF-9)" if v == 0
                               else f"{kind} card of value {v}")
        self.set_cards(values, style="info" if kind == "influence" else "danger", selected=selected)
        self.label.value = f"{kind.capitalize()} cards in hand (press the ones to play):"


# -- the explorer -----------------------------------------------------------------------------------------
class Explorer(widgets.VBox):
    """The what-if explorer for one recorded game (a :class:`GameRecord`, a path, JSON text, or a
    position code or share link (:mod:`lotus_kit.white_lotus.position_code`), shown at its moment;
    None starts with an empty 4-player game until a record is loaded).

    ``fill`` is the default :class:`~lotus_kit.ui.tree.Fill` for the changes (heuristic bots,
    seed 0); ``board_width`` the board's width in pixels; ``chart`` the first chart shown (one of
    :data:`CHART_KINDS`, default ``"auto"``).

    Scripts and tests use :meth:`go`, :meth:`next`, :meth:`prev`, :meth:`jump`, :meth:`change`,
    :meth:`switch`, :meth:`back_to_original`, :meth:`compare`, :meth:`load`, :meth:`find_swings`,
    :meth:`go_to_swing` and :meth:`try_swing`; the widgets call the same methods. ``timings`` keeps
    the last step change, chart drawing, recompute and search for swings in ms.

    Speed: a step updates the board figure in place (one ``batch_update``), the texts and the change
    panel (its card buttons are a pool reused from step to step: stepping makes no widgets). The
    chart is redrawn only when the chart to show changes (figures are cached by what they show, and
    a cached one is swapped in with one delete, one add and one relayout). With ``chart_delay`` > 0
    (seconds) the drawing waits for that much idle time in a running kernel, so the step answers
    first and quick steps in a row draw the chart once; the default 0 draws at once.
    """

    def __init__(self, record: GameRecord | str | os.PathLike | None = None, *, fill: Fill | None = None,
                 board_width: int = 640, chart: str = "auto", **kwargs: Any):
        from_code = is_code(record)
        record = _as_record(record)
        self.tree = BranchTree(record)
        self.node: Node = self.tree.root
        self.step = 0
        self.timings: dict[str, float] = {}
        self._syncing = False
        self._episodes: dict[int, _Episodes] = {}
        self._chart_cache: OrderedDict[tuple, dict] = OrderedDict()
        self._chart_key: tuple | None = None
        self._chart_base_title = ""
        self._chart_pending: asyncio.TimerHandle | None = None
        self.chart_delay = 0.0
        self._editor: tuple[int, int, str] | None = None
        self._told_at: tuple[Node, int] | None = None
        self.last_diff: LineDiff | None = None
        fill = fill or Fill()
        state = self.line.states[0]

        # header and loading
        self.title = widgets.HTML()
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="Load a record",
                                         layout=widgets.Layout(width="auto"))
        self.upload.observe(self._on_upload, "value")
        self.load_message = widgets.HTML()
        header = widgets.HBox([self.title, self.upload], layout=widgets.Layout(
            justify_content="space-between", align_items="center", width="100%"))

        # timeline
        def nav(icon: str, tip: str) -> widgets.Button:
            return widgets.Button(description="", icon=icon, tooltip=tip, layout=widgets.Layout(width="40px"))

        self.first_button = nav("fast-backward", "the start of the game")
        self.prev_button = nav("chevron-left", "previous step")
        self.next_button = nav("chevron-right", "next step")
        self.last_button = nav("fast-forward", "the end of the line")
        self.first_button.on_click(lambda _b: self.go(0))
        self.prev_button.on_click(lambda _b: self.prev())
        self.next_button.on_click(lambda _b: self.next())
        self.last_button.on_click(lambda _b: self.go(self.line.steps))
        self.slider = widgets.IntSlider(value=0, min=0, max=max(self.line.steps, 1), description="Step",
                                        continuous_update=False, layout=widgets.Layout(width="460px"))
        self.slider.observe(self._on_slider, "value")
        self.jump_menu = widgets.Dropdown(description="Jump to", options=[("—", -1)], value=-1,
                                          layout=widgets.Layout(width="330px"))
        self.jump_menu.observe(self._on_jump, "value")
        self.where = widgets.HTML()
        timeline = widgets.HBox([self.first_button, self.prev_button, self.slider, self.next_button,
                                 self.last_button, self.jump_menu],
                                layout=widgets.Layout(align_items="center", flex_flow="row wrap"))

        # the board
        self.board = BoardWidget(state, width=board_width)
        self.board.on_province_click(self._on_province)

        # the step: what happened, what is decided next
        self.line_info = widgets.HTML()
        self.here = widgets.HTML()

        # the change panel
        self.change_title = widgets.HTML()
        label = {"description_width": "initial"}
        self.choice = widgets.Dropdown(description="Decision", options=[], layout=widgets.Layout(width="98%"),
                                       style=label)
        self.target = widgets.Dropdown(description="Dragon card names", options=[], style=label,
                                       layout=widgets.Layout(width="260px", max_width="100%"))
        self.side = widgets.Dropdown(description="Side", options=[], style=label,
                                     layout=widgets.Layout(width="340px", max_width="100%"))
        self.cards = _CardToggles()
        self.fill_kind = widgets.Dropdown(
            description="Fill with", value=fill.kind, layout=widgets.Layout(width="230px"), style=label,
            options=[("heuristic bots", "heuristic"), ("random bots", "random"), ("my own choices", "ask")])
        self.fill_seed = widgets.BoundedIntText(value=fill.seed, min=0, max=10**9, description="seed", style=label,
                                                layout=widgets.Layout(width="120px"))
        self.fill_rest = widgets.Dropdown(
            description="The rest", value=fill.keep, style=label,
            layout=widgets.Layout(width="330px", max_width="100%"),
            options=[("keeps the recorded decisions that fit", True), ("is played afresh", False)],
            tooltip="afresh: after the change every decision is made by the fill, as in a rollout")
        self.replay_button = widgets.Button(description="Replay with this decision", button_style="warning",
                                            icon="code-fork", layout=widgets.Layout(width="240px"),
                                            tooltip="Take this decision instead and replay the rest of the game")
        self.replay_button.on_click(lambda _b: self.replay_choice())
        self.change_message = widgets.HTML()
        self.editor = widgets.VBox([self.choice, self.target, self.side, self.cards])
        self.change_panel = widgets.VBox(
            [self.change_title, self.editor,
             widgets.HBox([self.fill_kind, self.fill_seed, self.fill_rest],
                          layout=widgets.Layout(flex_flow="row wrap")),
             self.replay_button, self.change_message],
            layout=widgets.Layout(border="1px solid #c9a227", padding="4px 8px", margin="6px 0 0 0",
                                  width="100%"))
        self.change_panel.add_class("lotus-explorer-change")
        # the move list, the keys and the tools (export, position code, set up from here)
        self.moves = MoveList(colours=list(SEAT_COLOURS[: state.players]))
        self.moves.on_go(self.go)
        self.moves.on_line(lambda n, k: self.switch(n, step=k))
        self.moves.on_key(self._on_key)
        self.moves.on_copied(self._on_copied)
        self.moves.on_page(self._on_page)
        self._opened_link = ""
        self.key_seat = widgets.Dropdown(
            description="n / N: decisions of", options=[(seat_name(p), p) for p in range(state.players)], value=0,
            style=label, layout=widgets.Layout(width="230px"),
            tooltip="n: the next decision of this seat, N: the one before")
        self.keys_help = widgets.HTML(
            '<span style="color:#6b6256;font-size:92%">Keys (click the explorer first): ← → a step, Home / End, '
            "n / N the next / previous decision of the seat chosen</span>")
        tools = self._build_tools(label)
        right = widgets.VBox([self.where, self.moves, widgets.HBox([self.key_seat], layout=widgets.Layout(
                                  align_items="center")), self.keys_help, self.line_info, self.here,
                              self.change_panel],
                             layout=widgets.Layout(flex="1 1 300px", min_width="300px", max_width="640px",
                                                   padding="0 0 0 10px"))
        main = widgets.HBox([widgets.VBox([self.board, tools]), right],
                            layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap", width="100%"))

        # lines and the diff
        self.lines = widgets.Select(options=[("0 · the original record", 0)], value=0, rows=5,
                                    description="Lines", layout=widgets.Layout(width="98%"))
        self.lines.observe(self._on_lines, "value")
        self.original_button = widgets.Button(description="Back to the original", icon="undo",
                                              layout=widgets.Layout(width="200px"))
        self.original_button.on_click(lambda _b: self.back_to_original())
        self.compare_a = widgets.Dropdown(description="Compare", options=[("0 · the original record", 0)], value=0,
                                          layout=widgets.Layout(width="98%"))
        self.compare_b = widgets.Dropdown(description="with", options=[("0 · the original record", 0)], value=0,
                                          layout=widgets.Layout(width="98%"))
        self.only_changes = widgets.Checkbox(value=True, description="only what changed", indent=False)
        for w in (self.compare_a, self.compare_b, self.only_changes):
            w.observe(self._on_compare, "value")
        self.diff_view = widgets.HTML()
        lines_box = widgets.VBox([self.lines, self.original_button, self.compare_a, self.compare_b,
                                  self.only_changes], layout=widgets.Layout(width="500px", min_width="360px"))
        diff_box = widgets.VBox([self.diff_view], layout=widgets.Layout(flex="1 1 560px", padding="0 0 0 10px"))
        lower = widgets.HBox([lines_box, diff_box], layout=widgets.Layout(align_items="flex-start",
                                                                           flex_flow="row wrap", width="100%"))

        # the chart
        self.chart_kind = widgets.ToggleButtons(options=CHART_KINDS, value=chart, description="Chart",
                                                style={"button_width": "80px"})
        self.chart_kind.observe(lambda _c: self._refresh_chart(), "value")
        self.chart_note = widgets.HTML()
        self.chart = LiveFigureWidget(layout={"width": 800, "height": 300})
        self.chart_box = widgets.VBox([self.chart])

        # the biggest swings: the line's decisions judged by rollouts, each a row to go to or to try
        self._swings: _SwingJob | None = None          # the last result, with the line it belongs to
        self._swing_job: _SwingJob | None = None       # the search running now
        self.swings_section = self._build_swings(state.players)

        # the advisor: equilibrium bids or sides at the sealed choice shown, made and updated only while open
        self.advisor: Any = None
        self.advice_section = widgets.Accordion(
            [widgets.VBox()], titles=("Advice: the equilibrium of the sealed choice shown (bids, sides)",),
            selected_index=None, layout=widgets.Layout(width="100%", margin="6px 0"))
        self.advice_section.observe(lambda _c: self._refresh_advice(), "selected_index")

        kwargs.setdefault("layout", widgets.Layout(width="100%"))
        chart_row = widgets.HBox([self.chart_kind, self.chart_note], layout=widgets.Layout(align_items="center",
                                                                                        flex_flow="row wrap"))
        self.editor_widget: Any = None
        super().__init__([header, self.load_message, timeline, main, self.setup_area, chart_row, self.chart_box,
                          self.advice_section, self.swings_section, lower], **kwargs)
        self.add_class("lotus-explorer")
        for name in ("title", "load_message", "slider", "jump_menu", "where", "line_info", "here", "choice", "target",
                     "side", "cards", "fill_kind", "fill_rest", "replay_button", "change_message", "lines",
                     "original_button",
                     "compare_a", "compare_b", "diff_view", "chart_kind", "chart_box", "first_button", "prev_button",
                     "next_button", "last_button", "swings_section", "swing_seats", "swing_rollouts",
                     "swing_alternatives", "swing_decisions", "swing_button", "swing_stop", "swing_progress",
                     "swing_status", "swing_message", "swing_caption", "swing_table", "advice_section",
                     "chart_note", "moves", "key_seat", "png_button", "svg_button", "export_message", "code_text",
                     "copy_button", "code_input", "open_code_button", "code_message", "setup_button", "setup_area"):
            getattr(self, name).add_class("lotus-explorer-" + name.replace("_", "-"))
        # a position code stands for the moment after the decisions it holds
        self._line_changed(step=self.tree.root.line.steps if from_code else 0)

    # -- what is shown ----------------------------------------------------------------------------------
    @property
    def line(self) -> Line:
        """The line being explored."""
        return self.node.line

    @property
    def state(self) -> State:
        """The state at the current step."""
        return self.line.states[self.step]

    @property
    def decision(self) -> Action | None:
        """The decision taken at the current step on this line (None at the end)."""
        return self.line.actions[self.step] if self.step < self.line.steps else None

    @property
    def fill(self) -> Fill:
        return Fill(self.fill_kind.value, int(self.fill_seed.value), bool(self.fill_rest.value))

    # -- moving along the timeline ------------------------------------------------------------------------
    def go(self, step: int) -> None:
        """Show step ``step`` (clamped to the line): the state after ``step`` actions."""
        step = max(0, min(int(step), self.line.steps))
        t0 = time.perf_counter()
        self.step = step
        with self._quiet():
            if self.slider.value != step:
                self.slider.value = step
        self._show_step()
        self.timings["step_ms"] = (time.perf_counter() - t0) * 1000

    def next(self) -> None:
        self.go(self.step + 1)

    def prev(self) -> None:
        self.go(self.step - 1)

    def jump(self, year: int, phase: int = 1) -> bool:
        """Go to the first step of ``year``, phase ``phase``; False (and nothing moves) when the line
        has no such phase."""
        for label_year, label_phase, step in self._phase_starts():
            if (label_year, label_phase) == (year, phase):
                self.go(step)
                return True
        return False

    def _phase_starts(self) -> list[tuple[int, int, int]]:
        """(year, phase, first step) of every phase on the line, in order (phase 7: the end)."""
        return self._episodes_for(self.line).phase_starts

    def next_decision(self, seat: int | None = None, forward: bool = True) -> bool:
        """Show the next (or, ``forward=False``, the previous) step where ``seat`` (default: the seat
        chosen for the ``n`` key) decides on this line; False, and nothing moves, when there is none."""
        seat = self.key_seat.value if seat is None else seat
        actions = self.line.actions
        steps = range(self.step + 1, len(actions)) if forward else range(self.step - 1, -1, -1)
        for k in steps:
            if actions[k].seat == seat:
                self.go(k)
                return True
        return False

    def _on_key(self, key: str) -> None:
        """The keys of the move list's front end (see :mod:`lotus_kit.ui.movelist`)."""
        if key == "ArrowLeft":
            self.prev()
        elif key == "ArrowRight":
            self.next()
        elif key == "Home":
            self.go(0)
        elif key == "End":
            self.go(self.line.steps)
        elif key in ("n", "N", "p"):
            forward = key == "n"
            if not self.next_decision(forward=forward):
                where = "after" if forward else "before"
                self._tell(box(f"{seat_name(self.key_seat.value)} has no decision {where} step {self.step} on "
                               "this line.", "info"))

    # -- tools: export, position code, set up from here ------------------------------------------------
    def _build_tools(self, label: dict) -> widgets.VBox:
        self.png_button = widgets.Button(description="PNG", icon="download", layout=widgets.Layout(width="80px"),
                                         tooltip="Download the board shown as a PNG image")
        self.svg_button = widgets.Button(description="SVG", icon="download", layout=widgets.Layout(width="80px"),
                                         tooltip="Download the board shown as an SVG drawing")
        self.png_button.on_click(lambda _b: self.export_board("png"))
        self.svg_button.on_click(lambda _b: self.export_board("svg"))
        self.export_message = widgets.HTML()
        self.code_text = widgets.Text(value="", placeholder="the code of the step shown", style=label,
                                      description="Position code", layout=widgets.Layout(width="100%"))
        self.copy_button = widgets.Button(description="Copy code", icon="copy", layout=widgets.Layout(width="110px"),
                                          tooltip="Copy the position code of the step shown")
        self.copy_button.on_click(lambda _b: self.copy_code())
        self.link_button = widgets.Button(description="Copy link", icon="link", layout=widgets.Layout(width="110px"),
                                          tooltip="Copy a link to this page that opens the step shown")
        self.link_button.on_click(lambda _b: self.copy_code(link=True))
        self.code_input = widgets.Text(value="", placeholder="paste a position code or a share link", style=label,
                                       description="Open", layout=widgets.Layout(flex="1 1 auto"))
        self.open_code_button = widgets.Button(description="Open", icon="folder-open",
                                               layout=widgets.Layout(width="90px"))
        self.open_code_button.on_click(lambda _b: self.open_code(self.code_input.value))
        self.code_message = widgets.HTML()
        self.setup_button = widgets.Button(description="Set up from here", icon="pencil",
                                           layout=widgets.Layout(width="170px"),
                                           tooltip="Open the position editor with the position of the step shown")
        self.setup_button.on_click(lambda _b: self.set_up_from_here())
        self.setup_area = widgets.VBox(layout=widgets.Layout(width="100%"))
        row = widgets.Layout(align_items="center", flex_flow="row wrap", width="100%")
        return widgets.VBox([
            widgets.HBox([widgets.HTML("<b>Board:</b>&nbsp;"), self.png_button, self.svg_button, self.setup_button,
                          self.export_message], layout=row),
            widgets.HBox([self.code_text, self.copy_button, self.link_button], layout=row),
            widgets.HBox([self.code_input, self.open_code_button], layout=row),
            self.code_message,
        ], layout=widgets.Layout(width="100%", max_width="720px"))

    def export_board(self, fmt: str = "png") -> bytes | None:
        """The board shown as PNG or SVG bytes (rendered by kaleido in the kernel), also handed to the
        browser as a download; None, with the reason shown, when it cannot be made."""
        from lotus_kit.views.export import ExportError, to_image

        if fmt not in ("png", "svg"):
            self.export_message.value = box(escape(f"The board is exported as png or svg, not {fmt!r}."), "error")
            return None
        name = f"white-lotus-line{self.node.number}-step{self.step}.{fmt}"
        t0 = time.perf_counter()
        try:
            data = to_image(self.board.figure, format=fmt)
        except ExportError as exc:
            self.export_message.value = box(escape(f"No {fmt.upper()}: {exc}"), "error")
            return None
        self.timings["export_ms"] = (time.perf_counter() - t0) * 1000
        self.moves.download(name, "image/png" if fmt == "png" else "image/svg+xml", data)
        self.export_message.value = box(escape(f"{name} ({len(data) // 1024 + 1} KB) sent to the browser."), "ok")
        return data

    def code(self) -> str:
        """The position code of the step shown (see :mod:`lotus_kit.white_lotus.position_code`); ""
        at the end of the game, which has none (WL-END-2)."""
        line, k = self.line, self.step
        try:
            return position_code(line.states[k], line.states[: k + 1], line.actions[:k])
        except PositionCodeError:
            return ""

    def share_link(self) -> str:
        """The address of the page with ``?code=`` for the step shown (the code alone before the page is known)."""
        code = self.code()
        base = self.moves.page_url.split("?")[0].split("#")[0]
        return f"{base}?code={code}" if base and code else code

    def copy_code(self, link: bool = False) -> str:
        """Show the code (or the share link) of the step shown and ask the page to copy it."""
        text = self.share_link() if link else self.code()
        if not text:
            self.code_message.value = box("The end of the game has no position code (WL-END-2): step back.", "info")
            return ""
        self.code_text.value = text
        self.moves.copy(text)
        self.code_message.value = box(escape(f"{'Link' if link else 'Code'} of step {self.step} "
                                             f"({len(text)} characters) copied."), "ok")
        return text

    def _on_copied(self, ok: bool, why: str) -> None:
        if not ok:
            self.code_message.value = box(escape("The browser did not allow copying: select the text above and "
                                                 f"copy it yourself ({why})."), "warn")

    def open_code(self, code: str) -> tuple[bool, str]:
        """Explore the moment a position code (or share link) stands for; a malformed code is refused
        with the reason and nothing changes."""
        try:
            record = decode(code)
        except PositionCodeError as exc:
            self.code_message.value = box(escape(str(exc)), "error")
            return False, str(exc)
        ok, message = self.load(record)
        if ok:
            self.go(self.line.steps)            # the code's moment: after the decisions it holds
            message = f"Opened the position code: step {self.step} of a position in year {self.state.year}."
        self.code_message.value = box(escape(message), "ok" if ok else "error")
        return ok, message

    def _on_page(self, url: str) -> None:
        """A page opened with ``?code=`` (a share link) shows that position, once."""
        if "code=" in url and url != self._opened_link and is_code(url.split("#")[0]):
            self._opened_link = url
            self.open_code(url)

    def set_up_from_here(self) -> Any:
        """Open the position editor (:class:`~lotus_kit.ui.editor.PositionEditor`) below with the
        position of the step shown (mid-phase progress is not part of a position: the editor starts
        at the beginning of the phase) and return it."""
        from lotus_kit.ui.editor import PositionEditor

        state = self.state
        if state.is_over:
            self._tell(box("The end of the game is not a position to set up (WL-END-2): step back.", "info"))
            return None
        for w in self.setup_area.children:
            w.close()
        editor = PositionEditor.from_state(state)
        close = widgets.Button(description="Close the editor", icon="times", layout=widgets.Layout(width="170px"))
        close.on_click(lambda _b: self._close_setup())
        self.setup_area.children = (widgets.HTML(
            f"<h4 style='margin:6px 0'>Position editor: set up from step {self.step} (year {state.year}, "
            f"phase {int(state.phase)})</h4>"), editor, close)
        self.editor_widget = editor
        return editor

    def _close_setup(self) -> None:
        for w in self.setup_area.children:
            w.close()
        self.setup_area.children = ()
        self.editor_widget = None

    def _refresh_moves(self) -> None:
        """The move list of the line shown: headings at each phase, the other lines where they leave it."""
        line = self.line
        heads = {s: self._phase_label(y, p, s).rsplit(" (", 1)[0] for y, p, s in self._phase_starts()}
        branches: dict[int, list[dict]] = {}
        seen: set[tuple[int, Action]] = set()
        for node in self.tree.walk():
            if node is self.node:
                continue
            other = node.line.actions
            d = 0
            for a, b in zip(other, line.actions, strict=False):
                if a != b:
                    break
                d += 1
            if d >= len(other) or d >= len(line.actions) or (d, other[d]) in seen:
                continue
            seen.add((d, other[d]))
            branches.setdefault(d, []).append(
                {"n": node.number, "text": describe_action(other[d], line.states[d])})
        rows = []
        for k, action in enumerate(line.actions):
            rows.append({"k": k, "text": describe_action(action, line.states[k]), "seat": action.seat,
                         "origin": line.origins[k], "head": heads.get(k, ""), "branches": branches.get(k, [])})
        self.moves.start = "the start of the game"
        self.moves.rows = rows
        self.moves.current = self.step

    # -- changing a decision --------------------------------------------------------------------------------
    def change(self, action: Action, fill: Fill | None = None) -> tuple[bool, str]:
        """Take ``action`` at the current step instead of the line's decision there and replay the
        rest (see :func:`lotus_kit.ui.tree.replay`). Shows the new line from the next step and the
        diff against the original. Returns ``(ok, message)``; an illegal decision is refused with
        the engine's reason (rule id) and nothing changes."""
        fill = fill or self.fill
        index = self.step
        t0 = time.perf_counter()
        try:
            node, created = self.tree.add(self.node, index, action, fill)
        except IllegalAction as exc:
            return self._say(False, name_seats(f"Not possible here: {exc.rule}: {exc.message}"))
        except LotusKitError as exc:
            return self._say(False, name_seats(f"Not possible here: {exc}"))
        except ValueError as exc:
            return self._say(False, str(exc))
        ms = (time.perf_counter() - t0) * 1000
        if created:
            self.timings["recompute_ms"] = ms
        self.node = node
        with self._quiet():
            self.compare_a.value = 0
        # show the step after the change; a line that waits for the user shows where it waits
        step = node.line.steps if node.line.waiting is not None else min(index + 1, node.line.steps)
        self._line_changed(step=step, lines_changed=created)
        with self._quiet():
            self.compare_b.value = node.number
        self._refresh_diff()
        d = self.last_diff
        if created:
            text = (f"Line {node.number}: {describe_action(action, self.line.states[index])} at step {index}. "
                    f"Replayed in {ms:.0f} ms: {node.line.summary()}.")
        elif node.index == index and node.edge is not None and node.edge.action == action:
            text = f"This change was made before: showing line {node.number} again ({node.line.summary()})."
        else:
            text = f"That is the decision line {node.number} already takes there: showing it."
        if d is not None and not node.is_root:
            text += " " + d.summary() + " " + _score_change(self.tree.root.line, node.line)
        if node.line.waiting is not None:
            text += (f" The line waits for {seat_name(node.line.waiting)}'s decision at step {node.line.steps}: "
                     "choose it here and press “Replay with this decision”.")
        return self._say(True, text)

    def replay_choice(self) -> tuple[bool, str]:
        """The "Replay" button: the decision set in the change panel."""
        action = self._editor_action()
        if action is None:
            return self._say(False, "There is no decision to change at this step.")
        return self.change(action)

    def _say(self, ok: bool, message: str) -> tuple[bool, str]:
        self._tell(box(linkify(message), "ok" if ok else "error"))
        return ok, message

    def _tell(self, html: str) -> None:
        """A message about the line and step shown; it goes once another step or line is shown."""
        self.change_message.value = html
        self._told_at = (self.node, self.step)

    # -- lines --------------------------------------------------------------------------------------------
    def switch(self, where: str | int | Node, step: int | None = None) -> tuple[bool, str]:
        """Show another line (a path, a line number or a node), at ``step`` (default: the same step)."""
        try:
            node = self.tree.get(where)
        except KeyError as exc:
            return self._say(False, str(exc.args[0]))
        self.node = node
        self._line_changed(step=self.step if step is None else step, lines_changed=False)
        with self._quiet():
            self.compare_b.value = node.number
        self._refresh_diff()
        return True, f"Showing line {node.number}."

    def back_to_original(self) -> None:
        """Back to the recorded game, at the same step."""
        self.switch(self.tree.root)
        self._tell(box("Back on the original record.", "info"))

    def compare(self, a: str | int | Node, b: str | int | Node) -> LineDiff:
        """Set lines ``a`` and ``b`` side by side in the diff view; returns the diff."""
        na, nb = self.tree.get(a), self.tree.get(b)
        with self._quiet():
            self.compare_a.value = na.number
            self.compare_b.value = nb.number
        self._refresh_diff()
        return self.last_diff

    # -- loading ---------------------------------------------------------------------------------------
    def load(self, source: GameRecord | str | bytes | os.PathLike) -> tuple[bool, str]:
        """Explore another record (a record, JSON text or bytes, or a path). A record that cannot be
        read or replayed is refused with the field or action at fault; nothing changes."""
        try:
            record = _as_record(source)
            if record.game != NAME:
                raise RecordError("game", f"the explorer knows {NAME}, not {record.game!r}")
            tree = BranchTree(record)
        except RecordError as exc:
            message = f"Cannot load this record: {exc}"
            self.load_message.value = box(escape(message), "error")
            return False, message
        except LotusKitError as exc:
            message = f"Cannot load this record: {exc}"
            self.load_message.value = box(escape(message), "error")
            return False, message
        self._forget_swings(tree.root.line.states[0].players)
        self.tree = tree
        self.node = tree.root
        self._episodes.clear()
        self._chart_cache.clear()
        self._chart_key = None
        self._line_changed(step=0, lines_changed=True)
        with self._quiet():
            self.compare_a.value = 0
            self.compare_b.value = 0
        self._refresh_diff()
        final = tree.root.line.final
        message = (f"Loaded a {final.players}-player game with {tree.root.line.steps} actions "
                   f"({final.year} year{'s' if final.year != 1 else ''}).")
        self.load_message.value = box(escape(message), "ok")
        self.change_message.value = ""
        return True, message

    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        content = item["content"]
        self.load(bytes(content))

    # -- refreshing -------------------------------------------------------------------------------------
    class _Quiet:
        def __init__(self, owner: Explorer):
            self.owner = owner

        def __enter__(self) -> None:
            self.before = self.owner._syncing
            self.owner._syncing = True

        def __exit__(self, *exc: object) -> None:
            self.owner._syncing = self.before

    def _quiet(self) -> Explorer._Quiet:
        return Explorer._Quiet(self)

    def _line_changed(self, step: int, lines_changed: bool = True) -> None:
        """A new line is shown (or the tree grew): timeline range, jump menu, lines list, title."""
        line = self.line
        with self._quiet():
            self.slider.max = max(line.steps, 1)
            self.slider.disabled = line.steps == 0
            starts = self._phase_starts()
            options = [(self._phase_label(y, p, s), s) for y, p, s in starts]
            by_step = dict((s, label) for label, s in options)    # phases starting together: the last
            unique = [(label, s) for s, label in by_step.items()]
            if list(self.jump_menu.options) != unique:
                self.jump_menu.options = unique or [("—", -1)]
            if lines_changed:
                self._refresh_lines()
            self.lines.value = self.node.number
        record = self.tree.record
        title = record.meta.get("title") if isinstance(record.meta, dict) else None
        root = self.tree.root.line
        self.title.value = (f'<div style="font-size:120%"><b>What-if explorer</b> · '
                            f'{escape(str(title)) if title else "a recorded game"} · {root.final.players} players, '
                            f'{root.steps} recorded actions</div>')
        self._line_info()
        self._refresh_moves()
        self.go(step)

    def _phase_label(self, year: int, phase: int, step: int) -> str:
        if phase == 7:
            return f"the end (step {step})"
        return f"year {year} · {phase} {PHASE_NAMES[phase]} (step {step})"

    def _line_info(self) -> None:
        node = self.node
        line = node.line
        if node.is_root:
            counts = f"{line.steps} recorded decisions"
            head = f"<b>Line 0: the original record</b> · {counts}"
        else:
            edge = node.edge
            before = node.parent.line.states[edge.index]
            head = (f"<b>Line {node.number}</b>: branch of line {node.parent.number} at step {edge.index}: "
                    f"{linkify(describe_action(edge.action, before))} · "
                    f"{escape(edge.fill.describe())}<br>{linkify(line.summary())}")
            if line.dropped:
                states = node.parent.line.states
                items = "".join(f"<li>step {d.step}: {linkify(describe_action(d.action, states[d.step]))}"
                                f" — {linkify(name_seats(d.reason))}</li>" for d in line.dropped[:40])
                more = f"<li>… and {len(line.dropped) - 40} more</li>" if len(line.dropped) > 40 else ""
                head += (f'<details><summary>{len(line.dropped)} recorded decision(s) no longer fit</summary>'
                         f'<ul style="max-height:140px;overflow-y:auto;margin:2px 0;padding-left:18px">'
                         f"{items}{more}</ul></details>")
        result = ""
        if line.is_over:
            won = " and ".join(seat_html(s) for s in line.final.winners)
            result = f" · ends: {won} win{'s' if len(line.final.winners) == 1 else ''}"
        self.line_info.value = box(head + result, "warn" if not node.is_root else "info")

    def _show_step(self) -> None:
        """Bring every per-step view to the current step (the board in place, the texts, the editor,
        the chart only when the chart to show is another one)."""
        line, k = self.line, self.step
        state = line.states[k]
        if self.change_message.value and self._told_at != (self.node, k):
            self.change_message.value = ""          # it spoke of another step or line
        self.board.show(state)
        self.moves.current = k
        self.code_text.value = ""                     # a code shown belongs to the step it was made at
        with self._quiet():
            value = max((s for _y, _p, s in self._phase_starts() if s <= k), default=-1)
            if value in [v for _l, v in self.jump_menu.options]:
                self.jump_menu.value = value
        self.prev_button.disabled = self.first_button.disabled = k == 0
        self.next_button.disabled = self.last_button.disabled = k >= line.steps
        phase = "the game is over" if state.is_over else f"phase {int(state.phase)}: {PHASE_NAMES[int(state.phase)]}"
        self.where.value = (f'<div style="font-size:110%"><b>Step {k}</b> of {line.steps} · year {state.year} · '
                            f"{phase} · emperor {seat_html(state.emperor)}</div>")
        self.here.value = self._here_html(line, k)
        self._refresh_editor()
        self._refresh_chart()
        self._refresh_advice()

    def open_advice(self) -> Any:
        """Open the advice section (what its title click does) and return the :class:`~lotus_kit.ui.advisor.Advisor`."""
        self.advice_section.selected_index = 0
        return self.advisor

    def _refresh_advice(self) -> None:
        """The advisor follows the step while its section is open; closed, it costs nothing."""
        if self.advice_section.selected_index is None:
            return
        state = self.line.states[self.step]
        if self.advisor is None:
            from lotus_kit.ui.advisor import Advisor

            self.advisor = Advisor(None)
            self.advice_section.children = (self.advisor,)
        if self.advisor.state is not state:
            self.advisor.show(state)

    def _here_html(self, line: Line, k: int) -> str:
        state = line.states[k]
        parts = []
        if k == 0:
            parts.append("<b>The start of the game.</b>")
        else:
            prev = line.states[k - 1]
            parts.append(f"<b>Step {k - 1} → {k}:</b> {linkify(describe_action(line.actions[k - 1], prev))} "
                         f"({_origin_html(line.origins[k - 1])})")
        events = [e for e in state.events if not isinstance(e, PhaseStarted)]
        items = "".join(f"<li>{event_html(e)}</li>" for e in events) or "<li><i>nothing else happened</i></li>"
        parts.append(f'<ul class="lotus-explorer-events" style="max-height:170px;overflow-y:auto;margin:2px 0;'
                     f'padding-left:18px;line-height:1.4">{items}</ul>')
        return "".join(parts)

    # -- the change panel -------------------------------------------------------------------------------
    def _decider(self) -> tuple[int | None, Action | None]:
        """The seat that decides at the current step, and the line's decision there."""
        line, k = self.line, self.step
        state = line.states[k]
        if state.is_over:
            return None, None
        if k < line.steps:
            return line.actions[k].seat, line.actions[k]
        if line.waiting is not None:
            return line.waiting, None
        acting = to_act(state)
        return (min(acting) if acting else None), None

    def _refresh_editor(self) -> None:
        state = self.state
        seat, current = self._decider()
        show = {"choice": False, "target": False, "side": False, "cards": False}
        if seat is None:
            self._editor = None
            if state.is_over:
                self.change_title.value = ("<b>Change a decision</b>: this is the end of the game; step back to a "
                                           "decision to change it.")
            else:
                self.change_title.value = "<b>Change a decision</b>: nobody decides here."
            self.replay_button.disabled = True
        else:
            kind = decision_kind(state)
            self._editor = (self.step, seat, kind)
            legal = legal_actions(state, seat)
            if current is not None:
                now = (f"On this line: {linkify(describe_action(current, state))} "
                       f"({_origin_html(self.line.origins[self.step])}).")
            else:
                now = f"{seat_html(seat)} must decide here: the line waits for your choice."
            self.change_title.value = (f"<b>Change the decision of step {self.step}</b> "
                                       f"({seat_html(seat)}, {escape(_KIND_WORDS.get(kind, kind))})<br>{now}")
            if kind == "bid":
                targets = sorted({a.target for a in legal if isinstance(a, Bid)})
                self._set_options(self.target, [(seat_name(s), s) for s in targets],
                                  current.target if isinstance(current, Bid) else None)
                self.cards.show("influence", state.hands[seat].influence_cards(),
                                current.cards if isinstance(current, Bid) else ())
                show.update(target=True, cards=True)
            elif kind == "side":
                sides = []
                for a in legal:
                    if isinstance(a, JoinSide) and a.side not in sides:
                        sides.append(a.side)
                words = {"emperor": "the emperor", "rebels": "the rebels",
                         None: "his own (leader: the side is fixed, WL-REB-3)"}
                self._set_options(self.side, [(words[s], s) for s in sides],
                                  current.side if isinstance(current, JoinSide) else None)
                self.cards.show("combat", state.hands[seat].combat_cards(),
                                current.cards if isinstance(current, JoinSide) else ())
                show.update(side=True, cards=True)
            else:
                options = [(describe_action(a, state, seat=False), a) for a in legal]
                if current is not None and current not in legal:
                    options.insert(0, (describe_action(current, state, seat=False) + " (on this line)", current))
                self._set_options(self.choice, options, current)
                show.update(choice=True)
            self.replay_button.disabled = False
        for name, visible in show.items():
            getattr(self, name).layout.display = "flex" if visible else "none"
        self.editor.layout.display = "flex" if any(show.values()) else "none"

    def _set_options(self, dropdown: widgets.Dropdown, options: list[tuple[str, Any]], value: Any) -> None:
        with self._quiet():
            if list(dropdown.options) != options:
                dropdown.options = options
            values = [v for _l, v in options]
            if value in values:
                dropdown.value = value
            elif options:
                dropdown.value = options[0][1]

    def _editor_action(self) -> Action | None:
        if self._editor is None:
            return None
        _step, seat, kind = self._editor
        if kind == "bid":
            return Bid(seat, self.target.value, self.cards.selected) if self.target.value is not None else None
        if kind == "side":
            return JoinSide(seat, self.side.value, self.cards.selected)
        return self.choice.value

    def _on_province(self, pid: str) -> None:
        """A click on the board picks that province in the decision list, when it is a choice there."""
        if self._editor is None or self.choice.layout.display == "none":
            self._say(False, f"{_province(self.state, pid)}: there is no province to choose at this step.")
            return
        for _label, action in self.choice.options:
            if getattr(action, "province", None) == pid:
                self.choice.value = action
                self._tell(box(
                    linkify(f"Picked: {describe_action(action, self.state)}. Press “Replay with this decision”."),
                    "info"))
                return
        self._say(False, f"{_province(self.state, pid)} is not a legal choice at this step.")

    # -- lines list and diff --------------------------------------------------------------------------------
    def _node_label(self, node: Node) -> str:
        line = node.line
        if line.is_over:
            result = " and ".join(seat_name(s) for s in line.final.winners)
            result += " wins" if len(line.final.winners) == 1 else " win"
        elif line.waiting is not None:
            result = f"waits for {seat_name(line.waiting)}"
        else:
            result = "not finished"
        if node.is_root:
            return f"0 · the original record · {result}"
        edge = node.edge
        before = node.parent.line.states[edge.index]
        fill = "" if edge.fill == Fill() else (f" · {edge.fill.kind} #{edge.fill.seed}"
                                               + ("" if edge.fill.keep else " · afresh"))
        indent = "\u2003" * (node.depth - 1)
        return f"{indent}↳ {node.number} · step {edge.index}: {describe_action(edge.action, before)}{fill} · {result}"

    def _refresh_lines(self) -> None:
        options = [(self._node_label(n), n.number) for n in self.tree.walk()]
        with self._quiet():
            for w in (self.lines, self.compare_a, self.compare_b):
                value = w.value
                w.options = options
                w.value = value if value in [v for _l, v in options] else 0

    def _on_lines(self, change: dict) -> None:
        if self._syncing or change["new"] is None or change["new"] == self.node.number:
            return
        self.switch(change["new"])

    def _on_compare(self, _change: dict) -> None:
        if not self._syncing:
            self._refresh_diff()

    def _refresh_diff(self) -> None:
        a, b = self.tree.get(self.compare_a.value), self.tree.get(self.compare_b.value)
        d = diff(a.line, b.line)
        self.last_diff = d
        self.diff_view.value = self._diff_html(a, b, d)

    def _diff_html(self, a: Node, b: Node, d: LineDiff) -> str:
        if a is b:
            hint = ("Change a decision (the panel above) to make a new line, then compare it here."
                    if len(self.tree) == 1 else "Pick two different lines to compare.")
            return box(f"<b>Line {a.number}</b> compared with itself. {escape(hint)}", "info")
        only = self.only_changes.value
        head_a, head_b = f"line {a.number}" + (" (original)" if a.is_root else ""), f"line {b.number}"
        rows = []
        for topic in ("score", "conflict", "emperor", "rebellion"):      # the headline first
            title = TOPICS[topic]
            topic_rows = [r for r in d.topic(topic) if r.changed or not only or topic == "score"]
            if not topic_rows:
                continue
            rows.append(f'<tr><th colspan="3" style="text-align:left;background:#efe7d4;padding:3px 6px">'
                        f"{linkify(title)}</th></tr>")
            for r in topic_rows:
                style = "background:#fde9b8;" if r.changed else ""
                mark = ' <span title="changed">◆</span>' if r.changed else ""
                rows.append(f'<tr style="{style}" class="{"lotus-diff-changed" if r.changed else "lotus-diff-same"}" '
                            f'data-topic="{r.topic}">'
                            f'<td class="lotus-diff-key" style="padding:2px 6px">{escape(r.key)}{mark}</td>'
                            f'<td class="lotus-diff-a" style="padding:2px 6px">{linkify(r.a)}</td>'
                            f'<td class="lotus-diff-b" style="padding:2px 6px">{"<b>" if r.changed else ""}'
                            f'{linkify(r.b)}{"</b>" if r.changed else ""}</td></tr>')
        first = ""
        if d.first_step is not None:
            st = a.line.states[d.first_step]
            first = (f"The lines part at step {d.first_step} (year {st.year}, phase {int(st.phase)}). ")
        summary = box(escape(first + d.summary()), "warn" if d.changed else "info")
        table = ('<div style="max-height:430px;overflow-y:auto">'
                 '<table class="lotus-diff" style="border-collapse:collapse;width:100%;font-size:95%" border="1" '
                 f'bordercolor="#d8cfbb"><tr><th style="width:34%"></th><th style="width:33%">{escape(head_a)}</th>'
                 f'<th style="width:33%">{escape(head_b)}</th></tr>' + "".join(rows) + "</table></div>")
        return f"<b>What changed</b> ({escape(head_a)} against {escape(head_b)}){summary}{table}"

    # -- the biggest swings -------------------------------------------------------------------------------
    def _build_swings(self, players: int) -> widgets.Accordion:
        """The "Biggest swings" section (closed until opened): seats, budget, the button, progress and
        the table of swings."""
        label = {"description_width": "initial"}
        self.swing_intro = widgets.HTML(
            '<div style="max-width:980px;line-height:1.45">Which decisions of the line shown cost the most? '
            "Each judged decision is played to the end <i>rollouts</i> times by heuristic bots, and so are up "
            "to <i>alternatives</i> other legal choices drawn at random, with the same dice for each and "
            "judged from what the deciding player could know (hidden cards resampled). The <b>swing</b> is how "
            "many percentage points more often that player wins with the best of them. Only "
            "<i>decisions</i> decisions, spread over the game, are judged. Small budgets are quick but noisy: a "
            "swing in grey is within two standard errors of nothing. <i>Try the better move</i> replays the rest "
            "like any change, with the fill of the change panel: by default keeping the recorded decisions that "
            "still fit, so that one game may differ from what the rollouts found on average; set <i>The rest</i> "
            "to <i>is played afresh</i> to let the bots play on, as the rollouts did.</div>")
        self.swing_seats = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self._swing_seat_boxes(players)

        def budget(description: str, value: int, top: int, tip: str) -> widgets.BoundedIntText:
            w = widgets.BoundedIntText(value=value, min=1, max=top, description=description, style=label,
                                       tooltip=tip, layout=widgets.Layout(width="150px"))
            w.observe(lambda _c: self._swing_cost(), "value")
            return w

        self.swing_rollouts = budget("rollouts", SWING_BUDGET["rollouts"], 1000,
                                     "games played to the end for every move compared")
        self.swing_alternatives = budget("alternatives", SWING_BUDGET["alternatives"], 50,
                                         "other legal moves tried for every decision judged")
        self.swing_decisions = budget("decisions", SWING_BUDGET["max_decisions"], 400,
                                      "how many decisions of the line are judged (spread over the game)")
        self.swing_games = widgets.HTML()
        self.swing_button = widgets.Button(description="Find the biggest swings", icon="search",
                                           button_style="primary", layout=widgets.Layout(width="230px"),
                                           tooltip="Judge the decisions of the line shown by rollouts")
        self.swing_button.on_click(lambda _b: self.start_swings())
        self.swing_stop = widgets.Button(description="Stop", tooltip="Stop; keep what is judged so far",
                                         layout=widgets.Layout(width="90px", display="none"))
        self.swing_stop.on_click(lambda _b: self.stop_swings())
        self.swing_progress = widgets.IntProgress(value=0, min=0, max=1, bar_style="info",
                                                  layout=widgets.Layout(width="240px", display="none"))
        self.swing_status = widgets.HTML()
        self.swing_message = widgets.HTML()
        self.swing_caption = widgets.HTML()
        # fits a notebook cell next to JupyterLab's file browser (about 850 px); narrower, it scrolls
        # sideways rather than cutting off the buttons
        self.swing_table = widgets.GridBox(layout=widgets.Layout(
            grid_template_columns="22px 110px minmax(150px, 2fr) 40px minmax(130px, 2fr) 40px 72px 64px 164px",
            grid_gap="3px 5px", align_items="center", width="100%", max_width="1200px", overflow="auto"))
        self._swing_cells: list[widgets.Widget] = []
        self._swing_cost()
        panel = widgets.VBox([
            self.swing_intro,
            widgets.HBox([widgets.HTML("<b>Whose decisions:</b>&nbsp;"), self.swing_seats],
                         layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
            widgets.HBox([self.swing_rollouts, self.swing_alternatives, self.swing_decisions, self.swing_games],
                         layout=widgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="4px")),
            widgets.HBox([self.swing_button, self.swing_stop, self.swing_progress, self.swing_status],
                         layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
            self.swing_message, self.swing_caption, self.swing_table,
        ], layout=widgets.Layout(width="100%"))
        section = widgets.Accordion([panel], titles=("Biggest swings: which decisions cost the most?",),
                                    selected_index=None, layout=widgets.Layout(width="100%", margin="6px 0"))
        return section

    def _swing_seat_boxes(self, players: int) -> None:
        """One ticked checkbox per seat (made again only when the number of seats changes)."""
        if len(self.swing_seats.children) == players:
            for c in self.swing_seats.children:
                c.value = True
            return
        for c in self.swing_seats.children:
            c.close()
        boxes = []
        for s in range(players):
            c = widgets.Checkbox(value=True, description=seat_name(s), indent=False,
                                 layout=widgets.Layout(width="auto", margin="0 12px 0 0"))
            c.observe(lambda _c: self._swing_cost(), "value")
            boxes.append(c)
        self.swing_seats.children = tuple(boxes)

    def _swing_cost(self) -> None:
        games = self.swing_decisions.value * (self.swing_alternatives.value + 1) * self.swing_rollouts.value
        self.swing_games.value = (f'<span style="color:#6b6256">&nbsp;at most {self.swing_decisions.value} × '
                                 f"{self.swing_alternatives.value + 1} moves × {self.swing_rollouts.value} = "
                                 f"{games:,} games</span>")

    @property
    def swing_seat_choice(self) -> tuple[int, ...]:
        """The seats ticked in the swings section."""
        return tuple(s for s, c in enumerate(self.swing_seats.children) if c.value)

    @property
    def swings(self) -> Any:
        """The last swings found (a DataFrame, biggest swing first, rank = row number; the columns of
        :func:`lotus_kit.analysis.rollouts.mistakes`), or None."""
        return self._swings.frame if self._swings is not None else None

    @property
    def swings_node(self) -> Node | None:
        """The line the last swings were found on (they are only ever applied to it)."""
        return self._swings.node if self._swings is not None else None

    def find_swings(self, seats: Sequence[int] | None = None, rollouts: int | None = None,
                    alternatives: int | None = None, max_decisions: int | None = None, seed: int = 0) -> Any:
        """Judge the decisions of the line shown, now (the button does the same without blocking a
        running kernel), and list the biggest swings. ``None`` takes what the section shows (at first
        every seat and :data:`SWING_BUDGET`); given values are set there. Returns the DataFrame of
        :attr:`swings`; on bad input (no seat, a budget below 1, nothing to judge) the message says
        why, nothing changes, and the frame is empty."""
        job = self._start_swings(seats, rollouts, alternatives, max_decisions, seed)
        if job is None:
            return _empty_swings()
        while self._advance(job):
            pass
        return job.frame if job.frame is not None else _empty_swings()

    def start_swings(self) -> bool:
        """The button: start judging the line shown with what the section shows. In a running kernel
        the work goes one decision at a time between the kernel's other messages (the page stays
        usable and shows progress); elsewhere it runs at once. False when it could not start."""
        job = self._start_swings(None, None, None, None, 0)
        if job is None:
            return False
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            while self._advance(job):
                pass
        else:
            # call_later, not call_soon: a short pause lets the kernel read the page's messages (a
            # click on "Stop", a step) between two decisions
            job.handle = loop.call_later(0.02, self._tick, job)
        return True

    def stop_swings(self) -> None:
        """Stop the running search; the decisions judged so far are listed."""
        job = self._swing_job
        if job is None:
            return
        if job.handle is not None:
            job.handle.cancel()
        if job.search.done:
            self._finish_swings(job, stopped=True)
        else:
            self._end_swings(job, box("Stopped before any decision was judged; nothing changed.", "info"))

    def go_to_swing(self, rank: int) -> tuple[bool, str]:
        """Show the step of swing ``rank`` (0: the biggest), where the decision was made, on the line
        the swings were found on (switching back to it if another line is shown)."""
        found = self._swing_row(rank)
        if isinstance(found, str):
            return self._swing_say(False, found)
        sw, row = found
        k = int(row["step"])
        back = ""
        if self.node is not sw.node:
            back = f"Back on line {sw.node.number}, where these swings were found. "
            self.switch(sw.node, step=k)
        else:
            self.go(k)
        state = sw.node.line.states[k]
        text = (f"{back}Step {k}, year {state.year}, {PHASE_NAMES[int(state.phase)]}: "
                f"{describe_action(row['action'], state)} (won {row['win_made']:.0%} of the rollouts).")
        if row["alternative"] is not None:
            text += (f" The better move tried: {describe_action(row['alternative'], state, seat=False)} "
                     f"(won {row['win_best']:.0%}).")
        return self._swing_say(True, text)

    def try_swing(self, rank: int) -> tuple[bool, str]:
        """Take the better move of swing ``rank`` (0: the biggest) instead of the decision made, on
        the line the swings were found on, and replay the rest (:meth:`change`): the new line is
        shown, and the diff sets it against that line. Refused, with nothing changed, when the line
        shown went another way before that step (go back to it with :meth:`go_to_swing` first)."""
        found = self._swing_row(rank)
        if isinstance(found, str):
            return self._swing_say(False, found)
        sw, row = found
        k, alt = int(row["step"]), row["alternative"]
        if alt is None:
            return self._swing_say(False, f"No other move was tried at step {k}: there is nothing to try.")
        own = sw.node.line
        shown = self.line
        if self.node is not sw.node and (shown.steps < k or shown.actions[:k] != own.actions[:k]):
            return self._swing_say(False, (
                f"These swings were found on line {sw.node.number}; line {self.node.number}, shown now, went "
                f"another way before step {k}, so the move is not tried here. Press “Go” on the row to return to "
                f"line {sw.node.number} first, or find the swings of this line."))
        before = (self.node, self.step)
        # the change is made on the swings' own line, whatever line shares this position
        self.node, self.step = sw.node, k
        ok, message = self.change(alt)
        if not ok:
            self.node, self.step = before            # change() refused before showing anything
            return self._swing_say(False, message)
        if not sw.node.is_root:
            self.compare(sw.node, self.node)
        return self._swing_say(True, f"Swing {rank + 1}: " + message)

    def _swing_say(self, ok: bool, message: str) -> tuple[bool, str]:
        self.swing_message.value = box(linkify(message), "ok" if ok else "error")
        return ok, message

    def _swing_row(self, rank: int) -> tuple[_SwingJob, Any] | str:
        """The swings and the row of ``rank``, or why there is none."""
        sw = self._swings
        if sw is None:
            return "No swings found yet: press “Find the biggest swings”."
        if sw.tree is not self.tree:
            return "These swings belong to a record no longer loaded: find them again."
        n = len(sw.frame)
        if isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank < n:
            return f"There is no swing {rank!r}: the list holds ranks 0..{n - 1}." if n else "The list is empty."
        row = sw.frame.iloc[rank]
        k = int(row["step"])
        if k >= sw.node.line.steps or sw.node.line.actions[k] != row["action"]:   # cannot happen: lines are values
            return f"Line {sw.node.number} no longer takes this decision at step {k}: find the swings again."
        return sw, row

    def _start_swings(self, seats: Sequence[int] | None, rollouts: int | None, alternatives: int | None,
                      max_decisions: int | None, seed: int) -> _SwingJob | None:
        """Check the request, show it in the section and set up the work; None (and a message) when
        it cannot start."""
        def refuse(message: str) -> None:
            self._swing_say(False, message)

        if self._swing_job is not None:
            return refuse("A search is running: wait for it or press “Stop”.")
        players = self.line.states[0].players
        budget = {}
        for name, value, w in (("rollouts", rollouts, self.swing_rollouts),
                               ("alternatives", alternatives, self.swing_alternatives),
                               ("decisions", max_decisions, self.swing_decisions)):
            if value is None:
                value = w.value
            elif isinstance(value, bool) or not isinstance(value, int) or not w.min <= value <= w.max:
                return refuse(f"The number of {name} must be a whole number from {w.min} to {w.max}, not {value!r}.")
            budget[name] = value
        if seats is None:
            chosen = self.swing_seat_choice
        else:
            chosen = tuple(seats)
            bad = [s for s in chosen if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players]
            if bad:
                return refuse(f"There is no seat {bad[0]!r} in this {players}-player game (seats 0..{players - 1}).")
        if not chosen:
            return refuse("Tick at least one player whose decisions are judged.")
        try:
            from lotus_kit.analysis.rollouts import MistakeSearch
        except ImportError as exc:                    # the [analysis] extra is missing
            return refuse(f"The swings need lotus-kit's analysis tools ({exc}).")
        node = self.node
        line = node.line
        try:
            search = MistakeSearch(line.states, line.actions, seats=chosen, rollouts=budget["rollouts"],
                                   alternatives=budget["alternatives"], max_decisions=budget["decisions"], seed=seed)
        except (ValueError, LotusKitError) as exc:
            return refuse(f"Cannot judge this line: {exc}")
        who = ", ".join(seat_name(s) for s in chosen)
        if search.total == 0:
            return refuse(f"Nothing to judge: line {node.number} has no decision of {who} with more than one "
                          "legal choice.")
        with self._quiet():                           # show what is run
            self.swing_rollouts.value = budget["rollouts"]
            self.swing_alternatives.value = budget["alternatives"]
            self.swing_decisions.value = budget["decisions"]
            for s, c in enumerate(self.swing_seats.children):
                c.value = s in chosen
        job = _SwingJob(self.tree, node, search, chosen, time.perf_counter())
        self._swing_job = job
        self.swing_button.disabled = True
        self.swing_stop.layout.display = "flex"
        self.swing_progress.max = search.total
        self.swing_progress.value = 0
        self.swing_progress.layout.display = "flex"
        self.swing_status.value = f"&nbsp;judging {search.total} decisions of line {node.number} …"
        self.swing_message.value = ""
        return job

    def _tick(self, job: _SwingJob) -> None:
        """One decision of a search running in the kernel's event loop, then the next one later."""
        job.handle = None
        if self._advance(job):
            job.handle = asyncio.get_running_loop().call_later(0.02, self._tick, job)

    def _advance(self, job: _SwingJob) -> bool:
        """Judge one more decision of ``job``; False once the job is over (done, failed or stopped)."""
        if job is not self._swing_job:
            return False                              # stopped, or the record was replaced
        try:
            row = job.search.step()
        except Exception as exc:                      # a search must never break the explorer
            log.exception("the explorer's search for swings failed")
            self._end_swings(job, box(escape(f"The search stopped with an error: {exc}"), "error"))
            return False
        done, total = job.search.done, job.search.total
        self.swing_progress.value = done
        elapsed = time.perf_counter() - job.started
        left = elapsed / done * (total - done)
        state = job.node.line.states[row["step"]]
        self.swing_status.value = (f"&nbsp;{done} of {total} decisions judged (last: step {row['step']}, "
                                   f"{seat_html(row['seat'])}, year {state.year})"
                                   + (f", about {left:.0f} s left" if done < total else ""))
        if job.search.finished:
            self._finish_swings(job)
            return False
        return True

    def _finish_swings(self, job: _SwingJob, stopped: bool = False) -> None:
        job.frame = job.search.frame()
        job.seconds = time.perf_counter() - job.started
        self.timings["swings_ms"] = job.seconds * 1000
        self._swings = job
        done, total = job.search.done, job.search.total
        note = f"Stopped after {done} of {total} decisions; those are listed." if stopped else (
            f"Judged {done} decisions in {job.seconds:.1f} s.")
        self._end_swings(job, box(escape(note), "ok"))
        self._render_swings()

    def _end_swings(self, job: _SwingJob, message: str) -> None:
        if self._swing_job is job:
            self._swing_job = None
        if job.handle is not None:
            job.handle.cancel()
            job.handle = None
        self.swing_button.disabled = False
        self.swing_stop.layout.display = "none"
        self.swing_progress.layout.display = "none"
        self.swing_status.value = ""
        self.swing_message.value = message

    def _forget_swings(self, players: int) -> None:
        """Another record: stop the search, clear the list, one checkbox per seat of the new game."""
        if self._swing_job is not None:
            self._end_swings(self._swing_job, "")
        self._swings = None
        self._render_swings()
        self._swing_seat_boxes(players)
        self.swing_message.value = ""

    def _render_swings(self) -> None:
        """The table of the last swings: one row per decision, biggest swing first, with Go / Try."""
        for w in self._swing_cells:                   # rows are made per search: close the old ones
            w.close()
        cells: list[widgets.Widget] = []
        sw = self._swings
        if sw is None or sw.frame is None:
            self.swing_caption.value = ""
            self._swing_cells = []
            self.swing_table.children = ()
            return
        frame = sw.frame
        rollouts = sw.search.rollouts
        who = ", ".join(seat_name(s) for s in sw.seats)
        line = sw.node.line
        name = "the original record" if sw.node.is_root else f"a branch at step {sw.node.index}"
        shown = min(len(frame), SWING_ROWS)
        self.swing_caption.value = (
            f'<div style="margin:4px 0;line-height:1.45">Swings of <b>line {sw.node.number}</b> ({name}) · '
            f"decisions of {linkify(who)} · {rollouts} rollouts per move, up to {sw.search.alternatives} other "
            "moves per decision"
            f"{f' · the {shown} biggest of {len(frame)}' if shown < len(frame) else ''}. <i>Swing</i>: how many "
            "percentage points more often the player won with the better move (± one standard error).</div>")
        head = ("#", "step", "decision made", "won", "better move tried", "won", "swing", "", "")
        for h in head:
            c = widgets.HTML(f'<b style="color:#4a4036">{h}</b>')
            c.add_class("lotus-swing-head")
            cells.append(c)
        for rank in range(shown):
            row = frame.iloc[rank]
            k = int(row["step"])
            state = line.states[k]
            swing, se = float(row["swing"]), float(row["swing_std_error"])
            clear = swing > 2 * se
            ink = "" if clear else "color:#8a8070;"
            alt = row["alternative"]
            texts = (
                str(rank + 1),
                f'{k} · year {state.year}<br><span style="font-size:88%;color:#6b6256">'
                f"{PHASE_NAMES[int(state.phase)]}</span>",
                linkify(describe_action(row["action"], state)), f"{row['win_made']:.0%}",
                escape(describe_action(alt, state, seat=False)) if alt is not None else "<i>none tried</i>",
                f"{row['win_best']:.0%}",
                f'<span title="{"clear" if clear else "within the noise"}: {swing:+.1%} ± {se:.1%}"><b>'
                f"{swing * 100:+.0f}</b> ± {se * 100:.0f}</span>")
            for t in texts:
                c = widgets.HTML(f'<div style="{ink}line-height:1.3">{t}</div>')
                c.add_class("lotus-swing-cell")
                cells.append(c)
            go_b = widgets.Button(description="Go", icon="arrow-right", layout=widgets.Layout(width="64px"),
                                  tooltip=f"Show step {k}, where the decision was made")
            go_b.on_click(lambda _b, r=rank: self.go_to_swing(r))
            go_b.add_class("lotus-swing-go")
            try_b = widgets.Button(description="Try the better move", icon="code-fork", button_style="warning",
                                   disabled=alt is None, layout=widgets.Layout(width="164px"),
                                   tooltip="Take the better move instead and replay the rest of the game")
            try_b.on_click(lambda _b, r=rank: self.try_swing(r))
            try_b.add_class("lotus-swing-try")
            cells += [go_b, try_b]
        self._swing_cells = cells
        self.swing_table.children = tuple(cells)

    # -- the chart ----------------------------------------------------------------------------------------
    def _episodes_for(self, line: Line) -> _Episodes:
        ep = self._episodes.get(id(line))
        if ep is None or ep.line is not line:
            ep = self._episodes[id(line)] = _Episodes(line)
        return ep

    def chart_spec(self) -> tuple[tuple | None, Callable[[], go.Figure] | None, str]:
        """What the chart shows at the current step: (key, maker, note); key None hides it."""
        kind = self.chart_kind.value
        line, k = self.line, self.step
        state = line.states[k]
        ep = self._episodes_for(line)
        if kind == "off":
            return None, None, ""
        if kind == "auto":
            kind = ep.auto_kind(k)
        if kind == "conflict":
            c = ep.conflict_at(k)
            if c is None or c[2] != state.year:
                # a conflict of an earlier year does not explain this step: say so instead of showing it
                return None, None, (f"No conflict fought yet in year {state.year} at step {k} (WL-CONF-5)"
                                    + (f"; the last one was in year {c[2]}, from step {c[0]}." if c else "."))
            start, n, year = c
            rounds = tuple(e for s in line.states[start: k + 1] for e in s.events if isinstance(e, ConflictRound))[:n]
            # keyed by the events themselves: lines that fought the same conflict share the chart
            return (("conflict", rounds), lambda: conflict_chart(list(rounds)),
                    f"The conflict of year {year} from step {start} (WL-CONF-6..10)")
        if kind == "rebellion":
            r = ep.rebellion_at(k)
            if r is None or r[2] != state.year:
                return None, None, (f"No rebellion fought yet in year {state.year} at step {k} (WL-REB-2)"
                                    + (f"; the last one was in year {r[2]}, at step {r[0]}." if r else "."))
            start, n, year = r
            events = tuple(e for s in line.states[start: k + 1] for e in s.events
                           if isinstance(e, RebellionResolved | RewardTaken))
            events = events[events.index(next(e for e in events if isinstance(e, RebellionResolved))):][:n]
            return (("rebellion", events), lambda: rebellion_chart(list(events)),
                    f"The rebellion of year {year} at step {start} (WL-REB-5..10)")
        if kind == "timeline":
            states = line.states[: k + 1]
            return (("timeline", id(line), state.year, state.is_over), lambda: timeline_chart(states),
                    "The game by year (WL-SCORE-1..4, WL-EMP-1)")
        lines = state.scores or score(state)
        key = ("score", state.year, state.emperor, state.is_over, state.winners,
               tuple((ln.buildings, ln.group_bonus, ln.largest_group, ln.dragons, ln.vp_chips) for ln in lines))
        return key, lambda: score_figure(state), "The score (WL-SCORE-1..5)"

    def _refresh_chart(self, now: bool = False) -> None:
        """Bring the chart to the current step: at once, or, with ``chart_delay`` > 0 inside a
        running kernel (and not ``now``), after that much idle time."""
        key, _make, note = self.chart_spec()
        self.chart_note.value = f'<span style="color:#4a4036">{linkify(note)}</span>' if note else ""
        if key == self._chart_key:
            self._cancel_chart()
            self._retitle_chart()
            return
        loop = None
        if not now and self.chart_delay > 0:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
        self._cancel_chart()
        if loop is None:
            self._draw_chart()
        else:
            self._chart_pending = loop.call_later(self.chart_delay, self._draw_chart)

    def _chart_title(self) -> str:
        """The chart's title: the step and year shown first, then what the chart itself says."""
        state = self.state
        head = f"<b>Step {self.step}</b> · year {state.year}"
        return f"{head} · {self._chart_base_title}" if self._chart_base_title else head

    def _retitle_chart(self) -> None:
        """Same chart, another step: only the title changes (one small relayout)."""
        if self._chart_key is None:
            return
        title = self._chart_title()
        if self.chart.layout.title.text != title:
            self.chart.layout.title.text = title

    def _cancel_chart(self) -> None:
        if self._chart_pending is not None:
            self._chart_pending.cancel()
            self._chart_pending = None

    def _draw_chart(self) -> None:
        self._chart_pending = None
        try:
            key, make, _note = self.chart_spec()
            if key == self._chart_key:
                return
            if key is None:
                self.chart_box.layout.display = "none"
                self._chart_key = None
                return
            t0 = time.perf_counter()
            fig = self._chart_cache.get(key)
            if fig is None:
                fig = make().to_dict()
                fig["layout"].pop("template", None)  # the widget keeps the one template it has
                self._chart_cache[key] = fig
                while len(self._chart_cache) > 48:
                    self._chart_cache.popitem(last=False)
            else:
                self._chart_cache.move_to_end(key)
            self._chart_key = key
            w = self.chart
            w._validate = False                       # the views' figures were validated when built
            try:
                with w.batch_update():
                    w.data = ()
                # a layout goes to the browser as a relayout, which merges: what the old chart had and
                # the new one lacks (subplot titles, second axes) is removed first, or it would stay
                # drawn; then each top-level part of the new layout replaces the old one. The
                # template stays (every chart uses the same one; copying it is most of the cost).
                gone = [k for k in (w.layout._props or {}) if k not in fig["layout"] and k != "template"]
                if gone:
                    w.plotly_relayout({k: None for k in gone})
                w.add_traces(fig["data"])
                layout = dict(fig["layout"])
                self._chart_base_title = (layout.get("title") or {}).get("text") or ""
                layout["title"] = {**(layout.get("title") or {}), "text": self._chart_title()}
                w.update_layout(layout, overwrite=True)
            finally:
                w._validate = True
            self.chart_box.layout.display = "flex"
            self.timings["chart_ms"] = (time.perf_counter() - t0) * 1000
        except Exception as exc:                      # a chart must never break the explorer
            log.exception("the explorer's chart failed")
            self.chart_note.value = box(escape(f"The chart could not be drawn: {exc}"), "error")

    def _on_slider(self, change: dict) -> None:
        if not self._syncing:
            self.go(change["new"])

    def _on_jump(self, change: dict) -> None:
        if not self._syncing and change["new"] is not None and change["new"] >= 0:
            self.go(change["new"])


def _score_change(a: Line, b: Line) -> str:
    """The final scores of line ``b`` against line ``a`` in words: ``"Final score: Red 10 → 8, ..."``."""
    if not b.is_over:
        return ""
    old = {ln.seat: ln.total for ln in (a.final.scores or ())}
    parts = []
    for ln in b.final.scores:
        was = old.get(ln.seat)
        parts.append(f"{seat_name(ln.seat)} {was} → {ln.total}" if was not in (None, ln.total)
                     else f"{seat_name(ln.seat)} {ln.total}")
    won = " and ".join(seat_name(s) for s in b.final.winners)
    before = " and ".join(seat_name(s) for s in a.final.winners) if a.is_over else ""
    verb = "wins" if len(b.final.winners) == 1 else "win"
    instead = f" (instead of {before})" if before and before != won else ""
    return f"Final score: {', '.join(parts)}; {won} {verb}{instead}."


@dataclass(eq=False)
class _SwingJob:
    """One search for the biggest swings and, once done, its result. It keeps the tree and the line
    (node) it judged, so its swings are only ever applied to that line."""

    tree: BranchTree
    node: Node
    search: Any                          # a lotus_kit.analysis.rollouts.MistakeSearch
    seats: tuple[int, ...]
    started: float
    handle: asyncio.TimerHandle | None = None
    frame: Any = None                    # the DataFrame, once finished (or stopped)
    seconds: float = 0.0


def _empty_swings() -> Any:
    """An empty frame with the columns of :func:`lotus_kit.analysis.rollouts.mistakes`."""
    import pandas as pd

    from lotus_kit.analysis.rollouts import MISTAKE_COLUMNS

    return pd.DataFrame(columns=list(MISTAKE_COLUMNS))


_KIND_WORDS = {
    "claim": "a marker, WL-PLACE-2", "choose": "the next province, WL-CONF-3",
    "bid": "a sealed bid: dragon card and influence, WL-CONF-6", "tie": "a tie, WL-CONF-8",
    "refund": "the refund, WL-CONF-9", "lead": "lead a rebellion?, WL-REB-2",
    "side": "a sealed side and combat cards, WL-REB-3, WL-REB-4", "reward": "a reward, WL-REB-9",
    "income": "income, WL-CARDS-1", "temple": "a temple draw, WL-TERR-7", "place": "a chip, WL-TERR-2",
}


class _Episodes:
    """Per line, computed once: where each phase starts, and the conflict and rebellion each step
    belongs to (for the timeline menu and the charts)."""

    def __init__(self, line: Line):
        self.line = line
        self.phase_starts: list[tuple[int, int, int]] = []
        self._conflict: list[tuple[int, int, int] | None] = []
        self._rebellion: list[tuple[int, int, int] | None] = []
        self._kinds: list[str] = []
        conflict = rebellion = None
        c_start = c_n = r_start = r_n = 0
        year = line.states[0].year
        phase = int(line.states[0].phase)
        for k, state in enumerate(line.states):
            fresh = ""
            for ev in state.events:
                if isinstance(ev, PhaseStarted):
                    year, phase = ev.year, ev.phase
                    self.phase_starts.append((ev.year, ev.phase, k))
                elif isinstance(ev, ConflictRound):
                    if ev.round == 1:
                        c_start, c_n = k, 0
                    c_n += 1
                    conflict = (c_start, c_n, year)
                    fresh = "conflict"
                elif isinstance(ev, RebellionResolved):
                    r_start, r_n = k, 1
                    rebellion = (r_start, r_n, year)
                    fresh = "rebellion"
                elif isinstance(ev, RewardTaken) and rebellion is not None and rebellion[2] == year:
                    r_n += 1
                    rebellion = (r_start, r_n, year)
                    fresh = "rebellion"
            if state.is_over and (not self.phase_starts or self.phase_starts[-1][1] != 7):
                self.phase_starts.append((state.year, 7, k))
            self._conflict.append(conflict)
            self._rebellion.append(rebellion)
            if state.is_over:
                kind = "score"                  # the final score explains the last step best
            elif fresh:
                kind = fresh
            elif phase == 2 and conflict is not None and conflict[2] == year:
                kind = "conflict"
            elif phase == 4 and rebellion is not None and rebellion[2] == year:
                kind = "rebellion"
            else:
                kind = "score"
            self._kinds.append(kind)

    def conflict_at(self, k: int) -> tuple[int, int, int] | None:
        """(first step, rounds so far, year) of the latest conflict up to step ``k``."""
        return self._conflict[k]

    def rebellion_at(self, k: int) -> tuple[int, int, int] | None:
        """(first step, events so far, year) of the latest rebellion up to step ``k``."""
        return self._rebellion[k]

    def auto_kind(self, k: int) -> str:
        return self._kinds[k]

