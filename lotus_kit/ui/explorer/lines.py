"""The explorer's lines: the list of branches, switching between them, the move list and the diff."""

from __future__ import annotations

import logging
from html import escape
from typing import Any

from lotus_kit.ui.compare import LineDiff
from lotus_kit.ui.phases.text import box, linkify, seat_html
from lotus_kit.ui.tree import Fill, Node

Action = Any

log = logging.getLogger("lotus_kit.ui.explorer")


class Lines:
    """A part of :class:`~lotus_kit.ui.explorer.Explorer` (a mixin; see the module docstring)."""

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

    # -- lines list and diff --------------------------------------------------------------------------------
    def _node_label(self, node: Node) -> str:
        line = node.line
        if line.is_over:
            won = sorted(self.game.winners(line.final))
            result = " and ".join(self._seat_name(s) for s in won)
            result += " wins" if len(won) == 1 else " win"
        elif line.waiting is not None:
            result = f"waits for {self._seat_name(line.waiting)}"
        else:
            result = "not finished"
        if node.is_root:
            return f"0 · the original record · {result}"
        edge = node.edge
        before = node.parent.line.states[edge.index]
        fill = "" if edge.fill == Fill() else (f" · {edge.fill.kind} #{edge.fill.seed}"
                                               + ("" if edge.fill.keep else " · afresh"))
        indent = "\u2003" * (node.depth - 1)
        return f"{indent}↳ {node.number} · step {edge.index}: {self._describe(edge.action, before)}{fill} · {result}"

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
        d = self.look.line_diff(self.game, a.line, b.line)
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
        for topic, title in self.look.diff_topics(self.game).items():      # the headline first
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
            where = self.look.position_words(self.game, st)
            first = f"The lines part at step {d.first_step}" + (f" ({where}). " if where else ". ")
        summary = box(escape(first + d.summary()), "warn" if d.changed else "info")
        table = ('<div style="max-height:430px;overflow-y:auto">'
                 '<table class="lotus-diff" style="border-collapse:collapse;width:100%;font-size:95%" border="1" '
                 f'bordercolor="#d8cfbb"><tr><th style="width:34%"></th><th style="width:33%">{escape(head_a)}</th>'
                 f'<th style="width:33%">{escape(head_b)}</th></tr>' + "".join(rows) + "</table></div>")
        return f"<b>What changed</b> ({escape(head_a)} against {escape(head_b)}){summary}{table}"

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
                    f"{linkify(self._describe(edge.action, before))} · "
                    f"{escape(edge.fill.describe())}<br>{linkify(line.summary())}")
            if line.dropped:
                states = node.parent.line.states
                items = "".join(f"<li>step {d.step}: {linkify(self._describe(d.action, states[d.step]))}"
                                f" — {linkify(self._words(d.reason))}</li>" for d in line.dropped[:40])
                more = f"<li>… and {len(line.dropped) - 40} more</li>" if len(line.dropped) > 40 else ""
                head += (f'<details><summary>{len(line.dropped)} recorded decision(s) no longer fit</summary>'
                         f'<ul style="max-height:140px;overflow-y:auto;margin:2px 0;padding-left:18px">'
                         f"{items}{more}</ul></details>")
        result = ""
        if line.is_over:
            winners = sorted(self.game.winners(line.final))
            won = " and ".join(seat_html(s, self._seat_name(s)) for s in winners)
            result = f" · ends: {won} win{'s' if len(winners) == 1 else ''}"
        self.line_info.value = box(head + result, "warn" if not node.is_root else "info")

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
                {"n": node.number, "text": self._describe(other[d], line.states[d])})
        rows = []
        for k, action in enumerate(line.actions):
            rows.append({"k": k, "text": self._describe(action, line.states[k]),
                         "seat": self._seat_of(action, line.states[k]),
                         "origin": line.origins[k], "head": heads.get(k, ""), "branches": branches.get(k, [])})
        self.moves.start = "the start of the game"
        self.moves.rows = rows
        self.moves.current = self.step
