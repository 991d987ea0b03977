"""Chance as a what-if: at a step that rolls dice (a battle), the dice rolled, set by hand, and a new
line from there ("what if he had rolled 4 more?").

A game offers it through its screen (:meth:`lotus_kit.ui.screen.GameScreen.what_if_tool`, default None:
the section stays off the page). The tool knows its game:

- ``title``: the section's name ("Battle dice"); ``sides``: who rolls, in order ("attacker", "defender");
- ``rolled(state, action, after) -> ((faces per side), rerolls) | None``: the deciding roll of the step
  (None where the step rolls nothing);
- ``branch(state, action, rolls) -> action``: the decision that takes the step with ``rolls`` (each a
  tuple of faces per side); :class:`IllegalAction` with the rule when the dice are impossible;
- ``words(after) -> str``: the outcome in words with rule ids.

The new line is a branch like any change of a decision (:meth:`DecisionEditor.change`): later recorded
decisions are kept where they still fit.
"""

from __future__ import annotations

from html import escape
from typing import Any, Protocol

import ipywidgets as widgets

from lotus_kit.core.errors import IllegalAction
from lotus_kit.ui.phases.text import box


class WhatIfTool(Protocol):
    title: str
    sides: tuple[str, ...]

    def rolled(self, state: Any, action: Any, after: Any) -> tuple[tuple[tuple[int, ...], ...], int] | None: ...

    def branch(self, state: Any, action: Any, rolls: Any) -> Any: ...

    def words(self, after: Any) -> str: ...


def _faces(text: str) -> tuple[Any, ...]:
    """``"6 5 4"`` (or ``"6,5+4"``) as faces; what is not a whole number stays text, for the game's refusal."""
    out: list[Any] = []
    for part in text.replace(",", " ").replace("+", " ").split():
        try:
            out.append(int(part))
        except ValueError:
            out.append(part)
    return tuple(out)


class WhatIf:
    """A part of :class:`~lotus_kit.ui.explorer.Explorer` (a mixin; see the module docstring)."""

    def _build_what_if(self) -> widgets.Accordion:
        self.what_if = self.look.what_if_tool(self.game)
        sides = getattr(self.what_if, "sides", ("attacker", "defender"))
        title = getattr(self.what_if, "title", "Dice")
        self.what_if_rolled = widgets.HTML()
        self.what_if_dice = [widgets.Text(description=side, placeholder="faces, e.g. 6 5 4",
                                          layout=widgets.Layout(width="260px")) for side in sides]
        rows = []
        for i, text in enumerate(self.what_if_dice):
            more = widgets.Button(description="+1", tooltip=f"one pip more for the {sides[i]} (its lowest die)",
                                  layout=widgets.Layout(width="44px"))
            less = widgets.Button(description="−1", tooltip=f"one pip less for the {sides[i]} (its highest die)",
                                  layout=widgets.Layout(width="44px"))
            more.on_click(lambda _b, i=i: self.nudge_dice(i, +1))
            less.on_click(lambda _b, i=i: self.nudge_dice(i, -1))
            rows.append(widgets.HBox([text, less, more], layout=widgets.Layout(align_items="center")))
        self.what_if_button = widgets.Button(description="Replay with these dice", icon="code-fork",
                                             button_style="primary", layout=widgets.Layout(width="210px"),
                                             tooltip="A new line from this step with the dice set here")
        self.what_if_button.on_click(lambda _b: self.roll_what_if())
        self.what_if_message = widgets.HTML()
        panel = widgets.VBox([self.what_if_rolled, *rows, self.what_if_button, self.what_if_message],
                             layout=widgets.Layout(width="100%"))
        section = widgets.Accordion([panel], titles=(f"What if: {title.lower()}",), selected_index=None,
                                    layout=widgets.Layout(width="100%", margin="6px 0"))
        if self.what_if is None:
            section.layout.display = "none"
        for w in (self.what_if_rolled, self.what_if_button, self.what_if_message):
            w.add_class("lotus-explorer-what-if")
        return section

    def _rolled_here(self) -> Any:
        """What the step shown rolled (None when it rolls nothing or the line ends here)."""
        if self.what_if is None or self.decision is None:
            return None
        return self.what_if.rolled(self.state, self.decision, self.line.states[self.step + 1])

    def _refresh_what_if(self) -> None:
        if self.what_if is None:
            return
        self.what_if_message.value = ""
        got = self._rolled_here()
        self.what_if_button.disabled = got is None
        if got is None:
            self.what_if_rolled.value = box("The decision at this step rolls no dice: go to a battle.", "info")
            for text in self.what_if_dice:
                text.value = ""
            return
        faces, rerolls = got
        after = self.line.states[self.step + 1]
        self.what_if_rolled.value = box(f"<b>Step {self.step}:</b> {escape(self.what_if.words(after))}"
                                        + (f" The deciding roll came after {rerolls} tied roll(s)." if rerolls
                                           else ""), "info")
        for text, side in zip(self.what_if_dice, faces, strict=False):
            text.value = " ".join(map(str, side))

    def set_dice(self, *sides: str) -> None:
        """Type each side's faces (``"6 5"``) into the section, as the user would."""
        for text, value in zip(self.what_if_dice, sides, strict=False):
            text.value = value

    def nudge_dice(self, side: int, by: int) -> tuple[bool, str]:
        """One pip more (``by=+1``: the lowest die below 6) or less (``-1``: the highest die above 1) for a side."""
        faces = list(_faces(self.what_if_dice[side].value))
        if not faces or not all(type(f) is int for f in faces):
            return self._say_what_if(False, "Set whole-number faces first.")
        movable = [i for i, f in enumerate(faces) if (f < 6 if by > 0 else f > 1)]
        if not movable:
            return self._say_what_if(False, "Every die already shows " + ("6." if by > 0 else "1."))
        i = min(movable, key=lambda i: faces[i]) if by > 0 else max(movable, key=lambda i: faces[i])
        faces[i] += by
        self.what_if_dice[side].value = " ".join(map(str, faces))
        return True, ""

    def roll_what_if(self) -> tuple[bool, str]:
        """The button: a new line from the step shown with the dice set in the section (one deciding roll).
        Impossible dice are refused with the game's rule and nothing changes."""
        if self._rolled_here() is None:
            return self._say_what_if(False, "The decision at this step rolls no dice.")
        roll = tuple(_faces(text.value) for text in self.what_if_dice)
        try:
            action = self.what_if.branch(self.state, self.decision, [roll])
        except IllegalAction as exc:
            return self._say_what_if(False, self._words(f"Not possible: {exc.rule}: {exc.message}"))
        ok, message = self.change(action)
        self._say_what_if(ok, message)
        return ok, message

    def _say_what_if(self, ok: bool, message: str) -> tuple[bool, str]:
        self.what_if_message.value = box(escape(message), "ok" if ok else "error")
        return ok, message
