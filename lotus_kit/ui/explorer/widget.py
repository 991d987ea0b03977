"""The what-if explorer widget: its parts put together (see :mod:`lotus_kit.ui.explorer`)."""

from __future__ import annotations

import asyncio
import logging
import os
from collections import OrderedDict
from html import escape
from typing import Any

import ipywidgets as widgets

from lotus_kit.core.errors import LotusKitError, RecordError
from lotus_kit.core.records import GameRecord
from lotus_kit.core.registry import DEFAULT_GAME, get_game
from lotus_kit.ui.board import LiveFigureWidget
from lotus_kit.ui.compare import LineDiff
from lotus_kit.ui.explorer.charts import Charts
from lotus_kit.ui.explorer.common import (
    _as_record,
    _origin_html,
)
from lotus_kit.ui.explorer.decisions import DecisionEditor, _CardToggles
from lotus_kit.ui.explorer.lines import Lines
from lotus_kit.ui.explorer.navigation import Navigation
from lotus_kit.ui.explorer.solve import Solving
from lotus_kit.ui.explorer.swings import Swings, _SwingJob
from lotus_kit.ui.explorer.tools import Tools
from lotus_kit.ui.explorer.whatif import WhatIf
from lotus_kit.ui.movelist import MoveList
from lotus_kit.ui.phases.text import box, event_html, linkify
from lotus_kit.ui.screen import screen_for
from lotus_kit.ui.tree import BranchTree, Fill, Line, Node

Action = Any
State = Any

log = logging.getLogger("lotus_kit.ui.explorer")


class Explorer(Navigation, Tools, DecisionEditor, Lines, Swings, Solving, WhatIf, Charts, widgets.VBox):
    """The what-if explorer for one recorded game (a :class:`GameRecord`, a path, JSON text, or a
    position code or share link (:mod:`lotus_kit.white_lotus.position_code`), shown at its moment;
    None starts with an empty game of ``game`` (White Lotus, 4 players) until a record is loaded).
    It explores any game of the kit: the record names its game, whose screen
    (:mod:`lotus_kit.ui.screen`) gives the board, the charts, the editors and the words.

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
                 board_width: int = 640, chart: str = "auto", game: Any = None, **kwargs: Any):
        start = get_game(game or DEFAULT_GAME) if not hasattr(game, "info") else game
        from_code = screen_for(start).is_code(record)
        record = _as_record(record, start)
        self.game = get_game(record.game)
        """The game explored (``lotus_kit.core.game.Game``); its screen is ``look``."""
        self.look = screen_for(self.game)
        self.tree = BranchTree(record)
        self.node: Node = self.tree.root
        self.step = 0
        self.timings: dict[str, float] = {}
        self._syncing = False
        self._episodes: dict[int, Any] = {}
        self._chart_cache: OrderedDict[tuple, dict] = OrderedDict()
        self._chart_key: tuple | None = None
        self._chart_base_title = ""
        self._chart_pending: asyncio.TimerHandle | None = None
        self.chart_delay = 0.0
        self._editor: tuple[int, int, str, Any] | None = None
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
        self.board = self.look.board_widget(self.game, state, width=board_width)
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
        self.cards = _CardToggles(self.look, self.game)
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
        players = self.players
        self.moves = MoveList(colours=self.look.seat_colours(self.game)[:players])
        self.moves.on_go(self.go)
        self.moves.on_line(lambda n, k: self.switch(n, step=k))
        self.moves.on_key(self._on_key)
        self.moves.on_copied(self._on_copied)
        self.moves.on_page(self._on_page)
        self._opened_link = ""
        self.key_seat = widgets.Dropdown(
            description="n / N: decisions of", options=[(self._seat_name(p), p) for p in range(players)], value=0,
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
        kinds = self.look.chart_kinds(self.game)
        chart = chart if chart in [v for _l, v in kinds] else kinds[0][1]
        self.chart_kind = widgets.ToggleButtons(options=kinds, value=chart, description="Chart",
                                                style={"button_width": "80px"})
        self.chart_kind.observe(lambda _c: self._refresh_chart(), "value")
        self.chart_note = widgets.HTML()
        self.chart = LiveFigureWidget(layout={"width": 800, "height": 300})
        self.chart_box = widgets.VBox([self.chart])

        # the biggest swings: the line's decisions judged by rollouts, each a row to go to or to try
        self._swings: _SwingJob | None = None          # the last result, with the line it belongs to
        self._swing_job: _SwingJob | None = None       # the search running now
        self.swings_section = self._build_swings(players)

        # the game's advisor (its screen's advisor_tool), made and updated only while open; off the page without one
        self.advice_section = self._build_advice()
        # "solve from here": the game's exact solver (its screen's solver_tool), off the page without one
        self.solve_section = self._build_solver()
        # dice set by hand at a battle (its screen's what_if_tool), off the page without one
        self.what_if_section = self._build_what_if()

        kwargs.setdefault("layout", widgets.Layout(width="100%"))
        chart_row = widgets.HBox([self.chart_kind, self.chart_note], layout=widgets.Layout(align_items="center",
                                                                                        flex_flow="row wrap"))
        self.editor_widget: Any = None
        super().__init__([header, self.load_message, timeline, main, self.setup_area, chart_row, self.chart_box,
                          self.advice_section, self.solve_section, self.what_if_section, self.swings_section,
                          lower], **kwargs)
        self.add_class("lotus-explorer")
        for name in ("title", "load_message", "slider", "jump_menu", "where", "line_info", "here", "choice", "target",
                     "side", "cards", "fill_kind", "fill_rest", "replay_button", "change_message", "lines",
                     "original_button",
                     "compare_a", "compare_b", "diff_view", "chart_kind", "chart_box", "first_button", "prev_button",
                     "next_button", "last_button", "swings_section", "swing_seats", "swing_rollouts",
                     "swing_alternatives", "swing_decisions", "swing_button", "swing_stop", "swing_progress",
                     "swing_status", "swing_message", "swing_caption", "swing_table", "advice_section",
                     "chart_note", "solve_section", "what_if_section",
                     "moves", "key_seat", "png_button", "svg_button", "export_message", "code_text",
                     "copy_button", "code_input", "open_code_button", "code_message", "setup_button", "setup_area"):
            getattr(self, name).add_class("lotus-explorer-" + name.replace("_", "-"))
        self._hide_what_the_game_lacks()
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
    def players(self) -> int:
        """How many play the game explored."""
        return self._players_of(self.tree.root.line.states[0])

    def _players_of(self, state: State) -> int:
        return getattr(state, "players", None) or len(self.game.scores(state))

    # -- the game's words (its screen) ---------------------------------------------------------------
    def _describe(self, action: Action, state: State, seat: bool = True) -> str:
        return self.look.describe(self.game, action, state, seat=seat)

    def _seat_name(self, seat: int | None) -> str:
        return self.game.info.seat_name(seat)

    def _seat_of(self, action: Action, state: State) -> int:
        seat = getattr(action, "seat", None)
        return min(self.game.to_act(state)) if seat is None else seat

    def _spot(self, spot: str) -> str:
        return self.look.spot_name(self.game, self.state, spot)

    def _words(self, text: str) -> str:
        return self.look.plain_words(self.game, text)

    @property
    def fill(self) -> Fill:
        return Fill(self.fill_kind.value, int(self.fill_seed.value), bool(self.fill_rest.value))

    def _hide_what_the_game_lacks(self) -> None:
        """Tools a game's screen does not offer stay off the page (codes, set-up, advice, swings,
        the board export of a game without a board figure)."""
        off = widgets.Layout(display="none")
        look = self.look
        if not look.position_codes:
            for row in self._code_rows:
                row.layout = off
        if self.editor_tool is None:
            self.setup_button.layout.display = "none"
        if getattr(self.board, "figure", None) is None:
            self.png_button.layout.display = self.svg_button.layout.display = "none"
        if not look.swings:
            self.swings_section.layout.display = "none"

    # -- loading ---------------------------------------------------------------------------------------
    def load(self, source: GameRecord | str | bytes | os.PathLike) -> tuple[bool, str]:
        """Explore another record (a record, JSON text or bytes, or a path). A record that cannot be
        read or replayed is refused with the field or action at fault; nothing changes."""
        try:
            record = _as_record(source, self.game)
            if record.game != self.game.name:
                raise RecordError("game", f"the explorer knows {self.game.name}, not {record.game!r}")
            tree = BranchTree(record)
        except RecordError as exc:
            message = f"Cannot load this record: {exc}"
            self.load_message.value = box(escape(message), "error")
            return False, message
        except LotusKitError as exc:
            message = f"Cannot load this record: {exc}"
            self.load_message.value = box(escape(message), "error")
            return False, message
        self._forget_swings(self._players_of(tree.root.line.states[0]))
        self._forget_solved()
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
        message = (f"Loaded a {self.players}-player game with {tree.root.line.steps} actions"
                   f"{self.look.length_words(self.game, final)}.")
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
                            f'{escape(str(title)) if title else "a recorded game"} · {self.players} players, '
                            f'{root.steps} recorded actions</div>')
        self._line_info()
        self._refresh_moves()
        self.go(step)

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
        self.where.value = (f'<div style="font-size:110%"><b>Step {k}</b> of {line.steps} · '
                            f"{self.look.explorer_where(self.game, state)}</div>")
        self.here.value = self._here_html(line, k)
        self._refresh_editor()
        self._refresh_chart()
        self._refresh_advice()
        self._refresh_solver()
        self._refresh_what_if()

    def _here_html(self, line: Line, k: int) -> str:
        state = line.states[k]
        parts = []
        if k == 0:
            parts.append("<b>The start of the game.</b>")
        else:
            prev = line.states[k - 1]
            parts.append(f"<b>Step {k - 1} → {k}:</b> {linkify(self._describe(line.actions[k - 1], prev))} "
                         f"({_origin_html(line.origins[k - 1])})")
        events = [e for e in getattr(state, "events", ()) if e.kind != "PhaseStarted"]
        items = "".join(f"<li>{event_html(e)}</li>" for e in events) or "<li><i>nothing else happened</i></li>"
        parts.append(f'<ul class="lotus-explorer-events" style="max-height:170px;overflow-y:auto;margin:2px 0;'
                     f'padding-left:18px;line-height:1.4">{items}</ul>')
        return "".join(parts)
