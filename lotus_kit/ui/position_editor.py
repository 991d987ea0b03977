"""Set up a position of any game and play on from it: the host of a game's position editor.

A game offers a position editor through its screen (:meth:`lotus_kit.ui.screen.GameScreen.editor_tool`).
An editor tool knows its game:

- ``title``: what the editor is called ("Position editor");
- ``editor(game, state, flags)``: the editor widget, set up with ``state``'s position; it lists in
  ``reasons`` why what is set up is not a position, and plays on from it (a game table below it).

The explorer's "Set up from here" opens it below the board. Every game whose screen can write a
position down (``describe_position``) and whose game reads one back (``game.position``) gets
:class:`DescriptionEditor` by default: the position description as JSON text, checked by the game
itself (every reason of its :class:`~lotus_kit.core.errors.PositionError`, with the rule ids), and
"Play on from here". White Lotus paints its positions on the board instead
(:mod:`lotus_kit.white_lotus.screen.editor`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any, Protocol

import ipywidgets as widgets

from lotus_kit.core.errors import LotusKitError, PositionError, RecordError
from lotus_kit.ui.phases.text import box, linkify
from lotus_kit.ui.screen import screen_for
from lotus_kit.ui.session import GameSession

__all__ = ["DescriptionEditor", "DescriptionEditorTool", "EditorTool"]


class EditorTool(Protocol):
    title: str

    def editor(self, game: Any, state: Any, flags: Sequence[str] = ()) -> Any: ...


def state_flags(state: Any) -> tuple[str, ...]:
    """The variant flags a state is played with (none for a game whose states do not say)."""
    rules = getattr(state, "rules", None)
    return tuple(rules.flags()) if rules is not None and hasattr(rules, "flags") else ()


class DescriptionEditorTool:
    """The default editor tool: :class:`DescriptionEditor` (see the module doc)."""

    title = "Position editor"

    def editor(self, game: Any, state: Any, flags: Sequence[str] = ()) -> DescriptionEditor:
        return DescriptionEditor(game, state=state, flags=flags or state_flags(state))


class DescriptionEditor(widgets.VBox):
    """A game's position description as JSON text: edit it, see every reason it is not a position of
    the game, play on from it.

    Start from ``state`` (its description by the game's screen) or ``desc``. ``reasons`` is empty for
    a possible position; :meth:`state` is the position; :meth:`play` opens a game table below (or hands
    the session to ``on_play``). Bad JSON and impossible positions are refused with a message.
    """

    def __init__(self, game: Any, *, state: Any = None, desc: Mapping[str, Any] | None = None,
                 flags: Sequence[str] = (), on_play: Callable[[GameSession], None] | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.game = game
        self.flags = tuple(flags)
        self.on_play = on_play
        self.table: Any = None
        self.reasons: list[str] = []
        self._state: Any = None
        if desc is None and state is not None:
            desc = screen_for(game).describe_position(game, state)
        self.head = widgets.HTML(
            f'<div style="max-width:900px;line-height:1.45">{escape(game.info.title)}: the position as the game '
            "writes it down. Change any field, then <b>Check</b>; a possible position plays on from here.</div>")
        self.json = widgets.Textarea(layout=widgets.Layout(width="98%", height="220px"))
        self.check_button = widgets.Button(description="Check", icon="check",
                                           tooltip="Ask the game whether this is a position it can play on from")
        self.check_button.on_click(lambda _b: self.load_json(self.json.value))
        self.play_button = widgets.Button(description="Play on from here", button_style="success", icon="play")
        self.play_button.on_click(lambda _b: self.play())
        self.check = widgets.HTML()
        self.feedback = widgets.HTML()
        self.play_area = widgets.VBox()
        self.children = (self.head, self.json,
                         widgets.HBox([self.check_button, self.play_button],
                                      layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
                         self.check, self.feedback, self.play_area)
        self.add_class("lotus-description-editor")
        for name in ("json", "check_button", "play_button", "check", "feedback"):
            getattr(self, name).add_class("lotus-description-editor-" + name.replace("_", "-"))
        if desc is None:
            self.reasons = [f"{game.info.title} cannot write this moment down as a position: step to another one."]
            self.check.value = box(escape(self.reasons[0]), "info")
            self.play_button.disabled = True
        else:
            self._load(dict(desc))

    # -- the position ------------------------------------------------------------------------------------
    def description(self) -> dict[str, Any]:
        """The description as last checked."""
        return dict(self._desc)

    def state(self) -> Any:
        """The position (:class:`PositionError` when it is not one)."""
        if self.reasons:
            raise PositionError(list(self.reasons))
        return self._state

    def load_json(self, text: str) -> bool:
        """Check ``text`` (a JSON object of fields) as the position; True when it is a possible one.
        Bad JSON is refused with a message and the last description stays."""
        try:
            desc = json.loads(text)
            if not isinstance(desc, dict):
                raise ValueError("a position is a JSON object of fields")
        except ValueError as exc:
            self.feedback.value = box(escape(f"Not a position description: {exc}"), "error")
            return False
        self.feedback.value = ""
        self._load(desc)
        return not self.reasons

    def _load(self, desc: dict[str, Any]) -> None:
        self._desc = desc
        self.json.value = json.dumps(desc, ensure_ascii=False, indent=1)
        look = screen_for(self.game)
        try:
            self._state = self.game.position(desc, self.flags)
            self.reasons = []
        except PositionError as exc:
            self._state, self.reasons = None, [look.plain_words(self.game, r) for r in exc.reasons]
        except LotusKitError as exc:             # a field of the wrong type: one reason
            self._state, self.reasons = None, [look.plain_words(self.game, str(exc))]
        if self.reasons:
            items = "".join(f"<li>{linkify(r, names=False)}</li>" for r in self.reasons)
            self.check.value = box(f"<b>Not a possible position</b> ({len(self.reasons)} reason"
                                   f"{'s' if len(self.reasons) != 1 else ''}):<ul style='margin:2px 0'>{items}</ul>",
                                   "error")
        else:
            words = look.position_words(self.game, self._state)
            self.check.value = box(f"<b>A possible position</b>{escape(f' ({words})' if words else '')}: "
                                   "ready to play on.", "ok")
        self.play_button.disabled = bool(self.reasons)

    # -- playing on --------------------------------------------------------------------------------------
    def session(self, seats: Sequence[str] | None = None) -> GameSession:
        """A game session starting at this position (:class:`RecordError` when it is not one)."""
        players = len(self.game.scores(self.state()))
        seats = list(seats or ["human"] + ["heuristic" if "heuristic" in self.game.info.bots else "random"]
                     * (players - 1))
        return GameSession.from_position(self._desc, self.flags, seats, game=self.game)

    def play(self) -> GameSession | None:
        """"Play on from here": a session at this position, handed to ``on_play`` or shown in a table."""
        try:
            session = self.session()
        except (RecordError, PositionError) as exc:
            self.feedback.value = box(linkify(f"Cannot play on: {exc}", names=False), "error")
            return None
        if self.on_play is not None:
            self.on_play(session)
        else:
            from lotus_kit.ui.table import GameTable

            for w in self.play_area.children:
                w.close()
            self.table = GameTable(session, mode="open")
            self.play_area.children = (self.table,)
        self.feedback.value = box("Playing on from this position below.", "ok")
        return session
