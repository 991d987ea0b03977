"""The explorer's change panel: the decision of the step shown, changed and replayed."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from lotus_kit.core.errors import IllegalAction, LotusKitError
from lotus_kit.ui.cards import CardHand
from lotus_kit.ui.explorer.common import _cards, _origin_html
from lotus_kit.ui.phases.text import box, linkify, seat_html
from lotus_kit.ui.tree import Fill

Action = Any


log = logging.getLogger("lotus_kit.ui.explorer")


class _CardToggles(CardHand):
    """Toggle buttons for the cards of one hand. The buttons are made once (more only when a hand is
    bigger than any before) and relabelled per step, so stepping never piles up widgets; a pressed
    card is coloured (influence blue, combat red) with a tick, the others stay grey."""

    def __init__(self, look: Any = None, game: Any = None) -> None:
        self.look, self.game = look, game
        super().__init__(style="info", label=self._face, mark_pressed=True, fresh=False,
                         total=lambda values, sel: ("<i>no cards in hand</i>" if not values
                                                    else f"Playing: <b>{escape(_cards(sel))}</b>"))
        self.row = self.buttons

    def _face(self, value: int) -> str:
        return self.look.card_label(self.game, value) if self.look is not None else str(value)

    def show(self, kind: str, values: Sequence[int], selected: Sequence[int] = ()) -> None:
        """Show ``values`` (largest first) as ``kind`` cards with ``selected`` pressed (the words and
        colour of a card come from the game's screen)."""
        look, game = self.look, self.game
        self._tip = (lambda v: look.card_tip(game, kind, v)) if look is not None else None
        self.set_cards(values, style=look.card_style(game, kind) if look is not None else "info", selected=selected)
        self.label.value = f"{kind.capitalize()} cards in hand (press the ones to play):"


class DecisionEditor:
    """A part of :class:`~lotus_kit.ui.explorer.Explorer` (a mixin; see the module docstring)."""

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
            return self._say(False, self._words(f"Not possible here: {exc.rule}: {exc.message}"))
        except LotusKitError as exc:
            return self._say(False, self._words(f"Not possible here: {exc}"))
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
            text = (f"Line {node.number}: {self._describe(action, self.line.states[index])} at step {index}. "
                    f"Replayed in {ms:.0f} ms: {node.line.summary()}.")
        elif node.index == index and node.edge is not None and node.edge.action == action:
            text = f"This change was made before: showing line {node.number} again ({node.line.summary()})."
        else:
            text = f"That is the decision line {node.number} already takes there: showing it."
        if d is not None and not node.is_root:
            text += " " + d.summary() + " " + self.look.score_change(self.game, self.tree.root.line, node.line)
        if node.line.waiting is not None:
            text += (f" The line waits for {self._seat_name(node.line.waiting)}'s decision at step {node.line.steps}: "
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

    # -- the change panel -------------------------------------------------------------------------------
    def _decider(self) -> tuple[int | None, Action | None]:
        """The seat that decides at the current step, and the line's decision there."""
        line, k = self.line, self.step
        state = line.states[k]
        if self.game.is_over(state):
            return None, None
        if k < line.steps:
            return self._seat_of(line.actions[k], state), line.actions[k]
        if line.waiting is not None:
            return line.waiting, None
        acting = self.game.to_act(state)
        return (min(acting) if acting else None), None

    def _refresh_editor(self) -> None:
        state = self.state
        seat, current = self._decider()
        show = {"choice": False, "target": False, "side": False, "cards": False}
        if seat is None:
            self._editor = None
            if self.game.is_over(state):
                self.change_title.value = ("<b>Change a decision</b>: this is the end of the game; step back to a "
                                           "decision to change it.")
            else:
                self.change_title.value = "<b>Change a decision</b>: nobody decides here."
            self.replay_button.disabled = True
        else:
            kind = self.game.decision(state).kind
            legal = self.game.legal_actions(state, seat)
            compose = self.look.compose(self.game, state, seat, kind, legal, current)
            self._editor = (self.step, seat, kind, compose)
            if current is not None:
                now = (f"On this line: {linkify(self._describe(current, state))} "
                       f"({_origin_html(self.line.origins[self.step])}).")
            else:
                now = f"{seat_html(seat, self._seat_name(seat))} must decide here: the line waits for your choice."
            words = escape(self.look.decision_words(self.game, kind))
            self.change_title.value = (f"<b>Change the decision of step {self.step}</b> "
                                       f"({seat_html(seat, self._seat_name(seat))}, {words})<br>{now}")
            if compose is not None:
                # a pick (the "target" or the "side" dropdown) and cards (a bid, a side and its cards)
                self._set_options(getattr(self, compose.pick), compose.options, compose.value)
                self.cards.show(compose.cards_kind, compose.cards, compose.selected)
                show.update({compose.pick: True, "cards": True})
            else:
                options = [(self._describe(a, state, seat=False), a) for a in legal]
                if current is not None and current not in legal:
                    options.insert(0, (self._describe(current, state, seat=False) + " (on this line)", current))
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
        _step, _seat, _kind, compose = self._editor
        if compose is not None:
            return compose.build(getattr(self, compose.pick).value, self.cards.selected)
        return self.choice.value

    def _on_province(self, pid: str) -> None:
        """A click on the board picks that province in the decision list, when it is a choice there."""
        if self._editor is None or self.choice.layout.display == "none":
            self._say(False, f"{self._spot(pid)}: there is no province to choose at this step.")
            return
        for _label, action in self.choice.options:
            if getattr(action, "province", None) == pid:
                self.choice.value = action
                self._tell(box(
                    linkify(f"Picked: {self._describe(action, self.state)}. Press “Replay with this decision”."),
                    "info"))
                return
        self._say(False, f"{self._spot(pid)} is not a legal choice at this step.")
