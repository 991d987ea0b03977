""""Solve from here": a game's exact solver asked about the step shown, and the swing of each recorded
move against the solved value.

A game offers a solver through its screen (:meth:`lotus_kit.ui.screen.GameScreen.solver_tool`, default
None: the section stays off the page). The tool is small and knows its game:

- ``title``: the section's name ("Solve the thaw");
- ``why_not(state) -> str | None``: None where it answers, else why not, in words with the rule id;
- ``solve(state, seconds) -> Verdict``;
- ``amount(value) -> str``: a difference of values in the game's words ("1 token").

Solving runs in the kernel and blocks it for at most the seconds given (per position).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from html import escape
from typing import Any, Protocol

import ipywidgets as widgets

from lotus_kit.ui.phases.text import box

SOLVE_TIP = "Best play from the step shown: who wins, by how much, the best move"


@dataclass(frozen=True)
class Verdict:
    """What a solver found for one position."""

    solved: bool                  # True: ``values`` are exact (best play by everyone)
    words: str                    # the result in words: "Player 1 wins by 1 token with best play"
    best: Any                     # the best move (found so far); None when the game is over
    values: tuple[float, ...]     # each seat's value with best play (comparable between positions)
    seconds: float
    detail: str = ""              # how far the search went: "7 plies, 3,510 positions"


class SolverTool(Protocol):
    title: str

    def why_not(self, state: Any) -> str | None: ...

    def solve(self, state: Any, seconds: float) -> Verdict: ...

    def amount(self, value: float) -> str: ...


@dataclass(frozen=True)
class SolvedSwing:
    """One recorded move judged against best play: ``loss`` is what it cost its player (0: a best move)."""

    step: int
    seat: int
    played: str                   # the move in words
    best: str                     # the best move in words
    loss: float


class Solving:
    """A part of :class:`~lotus_kit.ui.explorer.Explorer` (a mixin; see the module docstring)."""

    def _build_solver(self) -> widgets.Accordion:
        self.solver = self.look.solver_tool(self.game)
        title = getattr(self.solver, "title", "Solve from here")
        label = {"description_width": "initial"}
        self.solve_seconds = widgets.BoundedFloatText(
            value=2.0, min=0.1, max=600, step=0.5, description="seconds", style=label,
            layout=widgets.Layout(width="150px"), tooltip="the longest the solver may think about the step shown")
        self.solve_button = widgets.Button(description="Solve from here", icon="calculator", button_style="primary",
                                           layout=widgets.Layout(width="170px"),
                                           tooltip=SOLVE_TIP)
        self.solve_button.on_click(lambda _b: self.solve_here())
        self.solve_best_button = widgets.Button(description="Play the best move", icon="code-fork",
                                                layout=widgets.Layout(width="180px", display="none"),
                                                tooltip="Take the best move here as a change and replay the rest")
        self.solve_best_button.on_click(lambda _b: self.play_best_move())
        self.solve_answer = widgets.HTML()
        self.solve_swing_button = widgets.Button(
            description="Judge the recorded moves", icon="balance-scale", layout=widgets.Layout(width="220px"),
            tooltip="Each recorded move against best play, from the end of the line backwards while positions solve")
        self.solve_swing_button.on_click(lambda _b: self.solved_swings())
        self.solve_swings_view = widgets.HTML()
        row = widgets.Layout(align_items="center", flex_flow="row wrap")
        panel = widgets.VBox([
            widgets.HTML('<div style="max-width:900px;line-height:1.45">Best play from the step shown, by an exact '
                         "search: who wins, by how much, and the best move. Positions too big to finish within the "
                         "seconds given get the best move found so far.</div>"),
            widgets.HBox([self.solve_seconds, self.solve_button, self.solve_best_button], layout=row),
            self.solve_answer,
            widgets.HBox([self.solve_swing_button], layout=row),
            self.solve_swings_view,
        ], layout=widgets.Layout(width="100%"))
        section = widgets.Accordion([panel], titles=(f"{title}: solve from here",), selected_index=None,
                                    layout=widgets.Layout(width="100%", margin="6px 0"))
        if self.solver is None:
            section.layout.display = "none"
        self._solved: dict[tuple[int, int], Verdict] = {}      # (line number, step) -> verdict
        self._solved_here: tuple[Any, int, Verdict] | None = None
        for name in ("solve_seconds", "solve_button", "solve_best_button", "solve_answer", "solve_swing_button",
                     "solve_swings_view"):
            getattr(self, name).add_class("lotus-explorer-" + name.replace("_", "-"))
        return section

    # -- one position -------------------------------------------------------------------------------------
    def _verdict(self, k: int, seconds: float) -> Verdict:
        """The verdict on step ``k`` of the line shown, kept per line and step (a longer budget asks again
        where the last answer was not exact)."""
        key = (self.node.number, k)
        known = self._solved.get(key)
        if known is not None and (known.solved or known.seconds >= seconds * 0.95):
            return known
        verdict = self.solver.solve(self.line.states[k], seconds)
        self._solved[key] = verdict
        return verdict

    def solve_here(self, seconds: float | None = None) -> Verdict | None:
        """Solve the step shown (``seconds``: the box's value); None, with the reason shown, where the
        game's solver does not answer."""
        if self.solver is None:
            return None
        state = self.state
        why = self.solver.why_not(state)
        if why:
            self.solve_answer.value = box(escape(why), "info")
            self.solve_best_button.layout.display = "none"
            return None
        seconds = float(self.solve_seconds.value if seconds is None else seconds)
        # the kernel is busy until the answer: say so (widget changes reach the page at once)
        self.solve_answer.value = box(escape(f"Solving step {self.step} (at most {seconds:g} s)…"), "info")
        self.solve_button.disabled = True
        try:
            verdict = self._verdict(self.step, seconds)
        finally:
            self.solve_button.disabled = False
        self._solved_here = (self.node, self.step, verdict)
        self.solve_answer.value = self._verdict_html(verdict, state)
        self.solve_best_button.layout.display = "none" if verdict.best is None else ""
        return verdict

    def _verdict_html(self, verdict: Verdict, state: Any) -> str:
        so_far = "" if verdict.solved else " so far"
        best = (f" Best move{so_far}: <b>{escape(self._describe(verdict.best, state))}</b>."
                if verdict.best is not None else "")
        head = escape(verdict.words[:1].upper() + verdict.words[1:])
        detail = f" ({escape(verdict.detail)}, {verdict.seconds:.1f} s)" if verdict.detail else ""
        return box(f"<b>Step {self.step}:</b> {head}.{best}{detail}", "ok" if verdict.solved else "warn")

    def play_best_move(self) -> tuple[bool, str]:
        """Take the best move of the last answer as a change at its step (it must be the step shown)."""
        here = self._solved_here
        if here is None or here[0] is not self.node or here[1] != self.step or here[2].best is None:
            return self._say(False, "Solve this step first.")
        if self.decision == here[2].best:
            return self._say(True, "The recorded move here is already the best move.")
        return self.change(here[2].best)

    def _refresh_solver(self) -> None:
        """A step shows its own answer (if it was solved) or none; the button says where the solver answers."""
        if self.solver is None:
            return
        why = self.solver.why_not(self.state)
        self.solve_button.disabled = bool(why)
        self.solve_button.tooltip = why or SOLVE_TIP
        known = None if why else self._solved.get((self.node.number, self.step))
        if known is not None:
            self._solved_here = (self.node, self.step, known)
            self.solve_answer.value = self._verdict_html(known, self.state)
            self.solve_best_button.layout.display = "none" if known.best is None else ""
        else:
            self.solve_answer.value = box(escape(why), "info") if why else ""
            self.solve_best_button.layout.display = "none"

    def _forget_solved(self) -> None:
        self._solved.clear()
        self._solved_here = None
        self.solve_swings_view.value = ""

    # -- the recorded moves against best play -------------------------------------------------------------
    def solved_swings(self, seconds: float | None = None, budget: float = 60.0) -> list[SolvedSwing]:
        """Each recorded move of the line shown against best play: from the end of the line backwards,
        while the positions before and after a move solve within ``seconds`` each and ``budget`` seconds
        in all have not passed. Listed in the section, biggest loss first."""
        if self.solver is None:
            return []
        seconds = float(self.solve_seconds.value if seconds is None else seconds)
        line, t0 = self.line, time.monotonic()
        self.solve_swings_view.value = box(escape(f"Judging the recorded moves from the end of the line (at most "
                                                  f"{seconds:g} s a position, {budget:g} s in all)…"), "info")
        out: list[SolvedSwing] = []
        stopped = ""
        for k in range(line.steps - 1, -1, -1):
            before = line.states[k]
            if self.solver.why_not(before):
                stopped = "the solver does not answer before it"
                break
            if time.monotonic() - t0 > budget:
                stopped = f"the time budget ({budget:.0f} s) was spent"
                break
            after, first = self._verdict(k + 1, seconds), self._verdict(k, seconds)
            if not (after.solved and first.solved):
                stopped = f"its position does not solve within {seconds:g} s"
                break
            action = line.actions[k]
            seat = self._seat_of(action, before)
            best = self._describe(first.best, before) if first.best is not None else "—"
            out.append(SolvedSwing(k, seat, self._describe(action, before), best,
                                   first.values[seat] - after.values[seat]))
        self.solve_swings_view.value = self._swings_html(out, stopped)
        return sorted(out, key=lambda s: (-s.loss, s.step))

    def _swings_html(self, swings: list[SolvedSwing], stopped: str) -> str:
        if not swings:
            why = f": {stopped}" if stopped else ""
            return box(escape(f"No recorded move could be judged{why}."), "info")
        first = min(s.step for s in swings)
        cell = "style='padding:2px 8px;vertical-align:top"
        rows = "".join(
            f"<tr><td {cell}'>{s.step}</td><td {cell};white-space:nowrap'>{escape(self._seat_name(s.seat))}</td>"
            f"<td {cell}'>{escape(s.played)}</td>"
            f"<td {cell};white-space:nowrap;color:{'#b00020' if s.loss > 0 else '#2a7d2a'}'>"
            f"{escape(self.solver.amount(s.loss)) if s.loss > 0 else 'best play'}</td>"
            f"<td {cell}'>{'' if s.loss <= 0 else escape(s.best)}</td></tr>"
            for s in sorted(swings, key=lambda s: (-s.loss, s.step)))
        more = f" Earlier moves were not judged: at step {first - 1} {stopped}." if stopped and first > 0 else ""
        lost = sum(1 for s in swings if s.loss > 0)
        return (f"<div style='margin:4px 0'>{len(swings)} recorded moves judged (steps {first}–"
                f"{max(s.step for s in swings)}); {lost} of them cost their player something.{escape(more)}</div>"
                "<table class='lotus-solved-swings' style='border-collapse:collapse;line-height:1.5'>"
                "<tr style='text-align:left'><th>step</th><th>who</th><th>played</th><th>cost against best play</th>"
                "<th>best move</th></tr>"
                f"{rows}</table>")
