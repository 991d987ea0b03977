""""Biggest swings": the decisions of the line shown judged by rollouts, one decision at a time."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from lotus_kit.core.errors import LotusKitError
from lotus_kit.ui.phases.text import box, linkify, seat_html
from lotus_kit.ui.tree import BranchTree, Node

log = logging.getLogger("lotus_kit.ui.explorer")


SWING_BUDGET: dict[str, int] = {"rollouts": 8, "alternatives": 3, "max_decisions": 12}
"""The first budget of "Find the biggest swings": about 400 games, a few seconds on the showcase game."""


SWING_ROWS = 20
"""At most this many swings are listed (biggest first)."""


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


class Swings:
    """A part of :class:`~lotus_kit.ui.explorer.Explorer` (a mixin; see the module docstring)."""

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
            c = widgets.Checkbox(value=True, description=self._seat_name(s), indent=False,
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
        when, part = self.look.step_place(self.game, state)
        text = (f"{back}Step {k}, {when}, {part}: "
                f"{self._describe(row['action'], state)} (won {row['win_made']:.0%} of the rollouts).")
        if row["alternative"] is not None:
            text += (f" The better move tried: {self._describe(row['alternative'], state, seat=False)} "
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
        players = self.players
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
                                   alternatives=budget["alternatives"], max_decisions=budget["decisions"], seed=seed,
                                   game=self.game)
        except (ValueError, LotusKitError) as exc:
            return refuse(f"Cannot judge this line: {exc}")
        who = ", ".join(self._seat_name(s) for s in chosen)
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
                                   f"{seat_html(row['seat'], self._seat_name(row['seat']))}, "
                                   f"{self.look.step_place(self.game, state)[0]})"
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
        who = ", ".join(self._seat_name(s) for s in sw.seats)
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
            place = self.look.step_place(self.game, state)
            texts = (
                str(rank + 1),
                f'{k} · {place[0]}<br><span style="font-size:88%;color:#6b6256">{place[1]}</span>',
                linkify(self._describe(row["action"], state)), f"{row['win_made']:.0%}",
                escape(self._describe(alt, state, seat=False)) if alt is not None else "<i>none tried</i>",
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
