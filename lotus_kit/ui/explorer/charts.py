"""The explorer's chart: the one that explains the step, cached by what it shows."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from html import escape
from typing import Any

import plotly.graph_objects as go

from lotus_kit.ui.phases.text import box, linkify
from lotus_kit.ui.tree import Line

log = logging.getLogger("lotus_kit.ui.explorer")


class Charts:
    """A part of :class:`~lotus_kit.ui.explorer.Explorer` (a mixin; see the module docstring)."""

    # -- the chart ----------------------------------------------------------------------------------------
    def _episodes_for(self, line: Line) -> Any:
        ep = self._episodes.get(id(line))
        if ep is None or ep.line is not line:
            ep = self._episodes[id(line)] = self.look.episodes(self.game, line)
        return ep

    def chart_spec(self) -> tuple[tuple | None, Callable[[], go.Figure] | None, str]:
        """What the chart shows at the current step: (key, maker, note); key None hides it (the game
        screen's ``step_chart``)."""
        kind = self.chart_kind.value
        if kind == "off":
            return None, None, ""
        line, k = self.line, self.step
        ep = self._episodes_for(line)
        if kind == "auto":
            kind = ep.auto_kind(k)
        return self.look.step_chart(self.game, line, k, kind, ep)

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
        head = self.look.chart_head(self.game, self.state, self.step)
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
