"""Moving along the timeline of the explorer: steps, jumps to a phase, the keys."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from lotus_kit.ui.phases.text import box

if TYPE_CHECKING:
    from lotus_kit.ui.explorer.widget import Explorer

log = logging.getLogger("lotus_kit.ui.explorer")


class Navigation:
    """A part of :class:`~lotus_kit.ui.explorer.Explorer` (a mixin; see the module docstring)."""

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
            if self._seat_of(actions[k], self.line.states[k]) == seat:
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
                self._tell(box(f"{self._seat_name(self.key_seat.value)} has no decision {where} step {self.step} on "
                               "this line.", "info"))

    def _on_slider(self, change: dict) -> None:
        if not self._syncing:
            self.go(change["new"])

    def _on_jump(self, change: dict) -> None:
        if not self._syncing and change["new"] is not None and change["new"] >= 0:
            self.go(change["new"])

    def _phase_label(self, year: int, phase: int, step: int) -> str:
        return self.look.timeline_label(self.game, year, phase, step)

    # -- refreshing -------------------------------------------------------------------------------------
    class _Quiet:
        def __init__(self, owner: Explorer):
            self.owner = owner

        def __enter__(self) -> None:
            self.before = self.owner._syncing
            self.owner._syncing = True

        def __exit__(self, *exc: object) -> None:
            self.owner._syncing = self.before

    def _quiet(self) -> Navigation._Quiet:
        return Navigation._Quiet(self)
