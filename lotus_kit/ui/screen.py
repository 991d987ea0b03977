"""The game UI protocol: what a game shows, so the session, table, explorer and tree stay generic.

The shared UI reads the game (``lotus_kit.core.game.Game``: ``info``, ``to_act``, ``decision``,
``describe``, ``observation``, ``scores``, ``winners``, ``legal_actions``) and the game's
:class:`GameScreen`, and never names a game. A game's screen lives in its package, in a module
tree its engine never imports::

    lotus_kit/<game>/screen/__init__.py      SCREEN = MyGameScreen()   (a GameScreen subclass)

:func:`screen_for` finds it lazily from where the game object is defined (``lotus_kit.winter.game``
-> ``lotus_kit.winter.screen``; ``tests.toygame.game`` -> ``tests.toygame.screen``), or from
:func:`register_screen`. A game without a screen module gets the plain :class:`GameScreen`: a text
board, one panel listing the legal actions in the game's own words, the scores — enough to play
any game of the protocol at the table and in the explorer.

What a screen supplies (every part has a default; override what the game has):

==========================  =====================================================================
``board_widget(state)``     the live board: a widget with ``show(state, highlight=None) -> int``,
                            ``on_province_click(fn)``, ``click(spot)``, ``reshape(...) -> int``
``board_figure(state, …)``  the board as a pure ``go.Figure`` (exports, tests); None: no figure
``panels``                  the table's tabs: :class:`PanelTab` (key, label, panel class, the
                            decision kinds it answers); the tab of the current decision is shown
``phase_panels``            decision kind -> panel class (derived from ``panels``)
``tab_of(state)``           the tab that answers the current decision
``where(state)``            "Year 2 · phase 3: Emperor" (the table's title line)
``hand_html(state, seat)``  what ``seat`` holds, from ``observation(state, seat)`` only
``public_html(state)``      what everyone may see of the hands ("cards in hand: Red 4 ...")
``score_html(state)``       the standing (or the final score)
``private(action)``         whether an action is taken with hidden information (hot seat:
                            the screen is passed to the seat first)
``reveals``                 event kinds that reveal sealed choices (shown to all before a hand-off)
``step_charts(state, …)``   the explorer's charts for a step: :class:`StepChart` list
``action_words(a, state)``  a short noun phrase for undo messages ("bid", "marker in Chengdu")
``events_html(events)``     events in words, rule ids linked
==========================  =====================================================================
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from html import escape
from typing import Any

__all__ = ["GameScreen", "PanelTab", "StepChart", "register_screen", "screen_for"]


@dataclass(frozen=True)
class PanelTab:
    """One tab of the game table: ``label`` on the button, ``panel`` the panel class (made with
    ``panel(session, board, standalone=False, run_bots=..., active=False)``), ``kinds`` the decision
    kinds it answers, ``tip`` the button's tooltip, ``also`` tabs shown above it on the same screen,
    ``hold`` whether its outcome stays on show (with "Continue") after a human's move ends it."""

    key: Any
    label: str
    panel: type
    kinds: tuple[str, ...] = ()
    tip: str = ""
    also: tuple[Any, ...] = ()
    hold: bool = False


@dataclass(frozen=True)
class StepChart:
    """A chart of the explorer for one step: ``key`` names it (the cache key: the same key gives the
    same figure), ``title`` says what it shows, ``make()`` draws it."""

    key: tuple
    title: str
    make: Callable[[], Any] = field(compare=False)


class GameScreen:
    """The defaults every game screen starts from (see the module docstring).

    This class imports no widget library: the session (pure Python) reads its words too."""

    reveals: tuple[str, ...] = ()
    panels: tuple[PanelTab, ...] = ()
    sealed_rule: str = ""      # the rule that keeps a sealed choice hidden until all have chosen
    over_rule: str = ""        # the rule that ends the game (quoted when a move comes too late)
    hidden_rule: str = ""      # the rule on hidden information (quoted in hot-seat messages)
    full_record_note: str = "full record: every hidden choice is in it; share it after the game"

    # -- words the session uses (pure Python) ----------------------------------------------------------
    def plain_words(self, game: Any, text: str) -> str:
        """An engine message as players say it (seat numbers as names, ids as names)."""
        return text

    def public_event(self, game: Any, event: Any, seat: int) -> Any:
        """``event`` as ``seat`` may see it (-1: only what is public)."""
        return event

    def position_words(self, game: Any, state: Any) -> str:
        """Where a game stands in a few words ("year 2, phase 3"); "" says nothing."""
        return ""

    def flag_choices(self, game: Any) -> dict[str, tuple[str, str]]:
        """The variant flags for the table's setup: flag -> (plain words, rule text)."""
        return {f.name: (f.words, f.note or f.rule) for f in game.info.flags}

    def describe_position(self, game: Any, state: Any) -> Any:
        """A position description of ``state`` that ``game.position`` turns back into it, or None
        when the game cannot describe positions (a session from such a state cannot be saved)."""
        return None

    # -- the board ------------------------------------------------------------------------------------
    def board_widget(self, game: Any, state: Any, *, width: int = 720, **options: Any) -> Any:
        """The live board widget; the default is a :class:`~lotus_kit.ui.panel.TextBoard`."""
        from lotus_kit.ui.panel import TextBoard

        return TextBoard(game, state)

    def board_figure(self, game: Any, state: Any, seat: int | None = None, **options: Any) -> Any:
        """The board as a pure ``go.Figure`` (None: the game draws none)."""
        return None

    def board_html(self, game: Any, state: Any) -> str:
        """The text board's content: the decision and the standing, in the game's words."""
        names = game.info.seat_names
        scores = game.scores(state)
        rows = "".join(f"<tr><td>{escape(names[k] if k < len(names) else str(k))}</td><td>{v:g}</td></tr>"
                       for k, v in enumerate(scores))
        return (f'<div class="lotus-text-board"><b>{escape(game.info.title)}</b><br>'
                f"{escape(game.decision(state).text)}<table>{rows}</table></div>")

    # -- the explorer's replay rule (pure Python: the branch tree reads it) ----------------------------
    def moment(self, game: Any, state: Any, seat: int) -> tuple:
        """Where ``seat``'s decision in ``state`` stands in the game, so a branch can keep the
        recorded decision of the same moment (:mod:`lotus_kit.ui.tree`); default: its kind and seat."""
        return (game.decision(state).kind, seat)

    def progress(self, game: Any, state: Any) -> tuple:
        """How far the game is, comparable (White Lotus: year and phase): a branch of an unfinished
        record stops once it is past where the record stopped. () : the record's decisions decide."""
        return ()

    # -- the table's tabs -----------------------------------------------------------------------------
    def tabs(self, game: Any) -> tuple[PanelTab, ...]:
        """The table's tabs (default: one tab, the generic :class:`~lotus_kit.ui.panel.ActionPanel`)."""
        if self.panels:
            return self.panels
        from lotus_kit.ui.panel import ActionPanel

        return (PanelTab("play", "Play", ActionPanel, tip="the decision now"),)

    def phase_panels(self, game: Any) -> dict[str, type]:
        """Decision kind -> the panel class that answers it."""
        return {kind: tab.panel for tab in self.tabs(game) for kind in tab.kinds}

    def tab_of(self, game: Any, state: Any) -> Any:
        """The key of the tab answering the current decision (the first tab when none names it)."""
        tabs = self.tabs(game)
        kind = game.decision(state).kind
        return next((t.key for t in tabs if kind in t.kinds), tabs[0].key)

    def tab_words(self, game: Any, state: Any) -> str:
        """The tab of the decision now, in words ("phase 3: emperor's victory point")."""
        key = self.tab_of(game, state)
        return next((t.label for t in self.tabs(game) if t.key == key), "the next decision")

    def tab_over_words(self, game: Any, tab: PanelTab) -> str:
        """A held tab in words, as in "<...> is over" ("Phase 2")."""
        return tab.label

    # -- words ----------------------------------------------------------------------------------------
    public_rule: str = ""      # the rule that makes public decisions need no hand-off
    first_seat_field: tuple[str, str] | None = None
    """A setup field choosing a first seat, and its label (White Lotus: the first emperor)."""

    def where(self, game: Any, state: Any) -> str:
        """Where the game stands, for the table's title line."""
        return "the game is over" if game.is_over(state) else "the game is on"

    def table_decision_text(self, session: Any) -> str:
        """The decision now for the table's title (default: ``game.decision(state).text``)."""
        return session.decision_text()

    def log_heading(self, game: Any, year: int, phase: int) -> str:
        """The heading of a group of the event log (grouped by ``PhaseStarted`` events)."""
        return "Events"

    def record_prefix(self, game: Any) -> str:
        """The start of a saved record's file name."""
        return game.name

    def hand_html(self, game: Any, state: Any, seat: int) -> str:
        """What ``seat`` holds, computed from ``game.observation(state, seat)`` alone."""
        return ""

    def public_html(self, game: Any, state: Any) -> str:
        return ""

    def score_html(self, game: Any, state: Any) -> str:
        names = game.info.seat_names
        winners = game.winners(state)
        rows = "".join(
            f"<tr><td>{escape(names[k] if k < len(names) else str(k))}{' ★ winner' if k in winners else ''}</td>"
            f"<td><b>{v:g}</b></td></tr>" for k, v in enumerate(game.scores(state)))
        title = "Final score" if game.is_over(state) else "Score now"
        return f'<div class="lotus-score"><b>{title}</b><table>{rows}</table></div>'

    def private(self, game: Any, action: Any) -> bool:
        """Whether ``action`` is decided with hidden information (default: when the game's
        decision is sealed, see :meth:`private_decision`)."""
        return False

    def private_decision(self, game: Any, state: Any, seat: int, legal: Sequence[Any]) -> bool:
        """Whether ``seat`` decides now with what only it may see (hot seat: pass the screen)."""
        if any(self.private(game, a) for a in legal):
            return True
        d = game.decision(state)
        return d.sealed and game.info.hidden_information

    def action_words(self, game: Any, action: Any, state: Any) -> str:
        """A few words for an action in undo messages."""
        return game.describe(action, state)

    def step_charts(self, game: Any, state: Any, events: Sequence[Any]) -> list[StepChart]:
        """The charts that explain a step of the explorer (default: none)."""
        return []

    def events_html(self, game: Any, events: Sequence[Any], names: Sequence[str] = ()) -> str:
        names = names or game.info.seat_names
        items = "".join(f"<li>{escape(_event_text(e, names))}</li>" for e in events)
        return f"<ul>{items}</ul>" if items else ""


def _event_text(event: Any, names: Sequence[str]) -> str:
    text = getattr(event, "text", None)
    if callable(text):
        return text(lambda s: names[s] if s is not None and 0 <= s < len(names) else "nobody")
    return str(event)


_SCREENS: dict[str, str] = {}


def register_screen(game_name: str, target: str) -> None:
    """Use ``"module:attribute"`` as the screen of ``game_name`` (a game outside the package)."""
    _SCREENS[game_name] = target
    screen_for.cache_clear()


@cache
def _load(game_name: str, module: str) -> GameScreen:
    target = _SCREENS.get(game_name)
    if target is not None:
        mod, _, attr = target.partition(":")
        return getattr(importlib.import_module(mod), attr or "SCREEN")
    package = module.rpartition(".")[0]
    try:
        mod = importlib.import_module(f"{package}.screen") if package else None
    except ModuleNotFoundError as exc:
        if exc.name is None or not f"{package}.screen".startswith(exc.name):
            raise                      # the screen exists but imports something missing: say so
        mod = None
    return getattr(mod, "SCREEN", None) or GameScreen()


def screen_for(game: Any) -> GameScreen:
    """The screen of ``game`` (a game object of the protocol): its package's ``screen`` module's
    ``SCREEN``, a registered one, or the plain :class:`GameScreen`."""
    return _load(game.name, type(game).__module__)


screen_for.cache_clear = _load.cache_clear       # type: ignore[attr-defined]


