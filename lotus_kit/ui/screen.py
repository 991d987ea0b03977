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
``step_chart(...)``         the explorer's chart of a step (and ``episodes``, ``chart_kinds``)
``solver_tool``, ``what_if_tool``, ``advisor_tool``, ``editor_tool``
                            the explorer's tools (solve from here, dice what-if, advice, set up
                            from here); None: the section stays off the page
``action_words(a, state)``  a short noun phrase for undo messages ("bid", "marker in Chengdu")
==========================  =====================================================================
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from html import escape
from typing import Any

__all__ = ["Compose", "Episodes", "GameScreen", "PanelTab", "register_screen", "screen_for"]


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
class Compose:
    """An explorer editor for a decision made of a pick and some cards (a bid: the target and the
    influence cards): ``pick`` names the dropdown (``"target"`` or ``"side"``), ``options`` its
    ``(words, value)`` choices, ``value`` the current one; ``cards_kind`` and ``cards`` the hand,
    ``selected`` the cards pressed; ``build(pick_value, cards) -> action`` (None: not complete)."""

    pick: str
    options: list[tuple[str, Any]]
    value: Any
    cards_kind: str
    cards: Sequence[int]
    selected: Sequence[int]
    build: Callable[[Any, tuple[int, ...]], Any] = field(compare=False)


class GameScreen:
    """The defaults every game screen starts from (see the module docstring).

    This class imports no widget library: the session (pure Python) reads its words too."""

    reveals: tuple[str, ...] = ()
    panels: tuple[PanelTab, ...] = ()
    hands: bool = True         # False: no seat holds anything private (no "show my hand" at the table)
    side_by_side_from: int | None = None   # table width (px) from which board and panel sit side by side
    names_are_colours: bool = False   # seats called by colour names, written in those colours in the log
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

    def step_events(self, game: Any, before: Any, action: Any, after: Any) -> tuple:
        """What the step ``before`` -> ``after`` did, for a game whose states carry no ``events``
        (the session's log and the table's reveals read them); none by default."""
        return ()

    def position_words(self, game: Any, state: Any) -> str:
        """Where a game stands in a few words ("year 2, phase 3"); "" says nothing."""
        return ""

    def flag_choices(self, game: Any) -> dict[str, tuple[str, str]]:
        """The variant flags for the table's setup: flag -> (plain words, rule text). Switches only: a
        flag that takes a value (``targetHonor=<n>``) has no check box."""
        return {f.name: (f.words, f.note or f.rule) for f in game.info.flags if not f.takes_value}

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

    # -- the explorer ----------------------------------------------------------------------------------
    swings: bool = True             # "biggest swings": rollouts of the game's own bots (any game)
    position_codes: bool = False    # position codes and share links

    def advisor_tool(self, game: Any) -> Any:
        """The explorer's advice section: a tool with ``title`` and ``view(game, state)``, a widget that
        follows the step shown (:mod:`lotus_kit.ui.advice`; subclass its ``SeatAdvice`` to advise the
        seat to act in words), or None: the game has no advisor (the default)."""
        return None

    def editor_tool(self, game: Any) -> Any:
        """The explorer's "Set up from here": a tool with ``title`` and ``editor(game, state, flags)``
        (:mod:`lotus_kit.ui.position_editor`). The default edits the position description as JSON
        (:class:`~lotus_kit.ui.position_editor.DescriptionEditorTool`) for a screen that can write a
        position down (overrides :meth:`describe_position`); None otherwise."""
        if type(self).describe_position is GameScreen.describe_position:
            return None
        from lotus_kit.ui.position_editor import DescriptionEditorTool

        return DescriptionEditorTool()

    def solver_tool(self, game: Any) -> Any:
        """The explorer's "solve from here": an exact solver for the positions it can answer
        (:class:`lotus_kit.ui.explorer.solve.SolverTool`), or None: the game has none (the default)."""
        return None

    def what_if_tool(self, game: Any) -> Any:
        """The explorer's chance what-if: dice set by hand at a step that rolls
        (:class:`lotus_kit.ui.explorer.whatif.WhatIfTool`), or None: the game has none (the default)."""
        return None

    def describe(self, game: Any, action: Any, state: Any, seat: bool = True) -> str:
        """An action in words; ``seat=False`` leaves out who takes it (where the seat is said)."""
        return game.describe(action, state)

    def spot_name(self, game: Any, state: Any, spot: str) -> str:
        """A clicked spot of the board in words (White Lotus: the province's name)."""
        return spot

    def seat_colours(self, game: Any) -> list[str]:
        from lotus_kit.views import style

        return list(style.SEAT_COLOURS)

    def names_in_colour(self, game: Any) -> tuple[str, ...] | None:
        """The colour the log and banners write each seat's name in, where the names are colours
        (``names_are_colours``: Samurai's Red, Ming's Black, in :meth:`seat_colours`); None: White
        Lotus's names in White Lotus's colours, and any other name (Winter's "Player 1") plain."""
        return tuple(self.seat_colours(game)) if self.names_are_colours else None

    def decision_words(self, game: Any, kind: str) -> str:
        """A decision kind in a few words (with its rule id), for the change panel."""
        return kind.replace("_", " ")

    def episodes(self, game: Any, line: Any) -> Any:
        """The :class:`Episodes` of a line (parts of the game, the chart for each step)."""
        return Episodes(game, line)

    def timeline_label(self, game: Any, a: int, b: int, step: int) -> str:
        """An entry of the explorer's "jump to" menu (White Lotus: year and phase)."""
        return f"part {a}.{b} (step {step})"

    def chart_kinds(self, game: Any) -> tuple[tuple[str, str], ...]:
        """The explorer's chart buttons (label, value); ``"auto"`` asks :meth:`Episodes.auto_kind`."""
        return (("auto", "auto"), ("off", "off"))

    def step_chart(self, game: Any, line: Any, k: int, kind: str, episodes: Any) -> tuple:
        """``(key, make, note)``: the chart of step ``k`` (key None: no chart); the default, the score."""
        state = line.states[k]
        scores = tuple(game.scores(state))
        names = [game.info.seat_name(s) for s in range(len(scores))]

        def make() -> Any:
            import plotly.graph_objects as go

            return go.Figure(go.Bar(x=names, y=list(scores)), layout={"title": {"text": "The score"}})

        return ("score", scores, game.is_over(state)), make, "The score"

    def chart_head(self, game: Any, state: Any, step: int) -> str:
        """The start of the chart's title (the step shown)."""
        return f"<b>Step {step}</b>"

    def explorer_where(self, game: Any, state: Any) -> str:
        """Where the step shown stands, after "Step k of n"."""
        return escape(game.decision(state).text)

    def length_words(self, game: Any, state: Any) -> str:
        """How long a game went (for the explorer's load message): "" or " (3 years)"."""
        return ""

    def score_change(self, game: Any, a: Any, b: Any) -> str:
        """The final scores of line ``b`` against line ``a`` in words."""
        if not b.is_over:
            return ""
        old, new = game.scores(a.final), game.scores(b.final)
        parts = [f"{game.info.seat_name(s)} {o:g} → {n:g}" if o != n else f"{game.info.seat_name(s)} {n:g}"
                 for s, (o, n) in enumerate(zip(old, new, strict=False))]
        won = " and ".join(game.info.seat_name(s) for s in sorted(game.winners(b.final)))
        return f"Final score: {', '.join(parts)}; {won} {'wins' if len(game.winners(b.final)) == 1 else 'win'}."

    def diff_topics(self, game: Any) -> dict[str, str]:
        """The topics of the explorer's diff of two lines, in order, with their titles."""
        return {"score": "Final score"}

    def line_diff(self, game: Any, a: Any, b: Any) -> Any:
        """Lines ``a`` and ``b`` side by side (a :class:`lotus_kit.ui.compare.LineDiff`); the
        default compares the scores and the winners."""
        from lotus_kit.ui.compare import DiffRow, LineDiff

        def score(line: Any, seat: int) -> str:
            return f"{game.scores(line.final)[seat]:g}" + ("" if line.is_over else " (not over)")

        def won(line: Any) -> str:
            names = [game.info.seat_name(s) for s in sorted(game.winners(line.final))]
            return " and ".join(names) if line.is_over else "not over"

        n = len(game.scores(a.final))
        rows = [DiffRow("score", game.info.seat_name(s), score(a, s), score(b, s), (3, s)) for s in range(n)]
        rows.append(DiffRow("score", "winner", won(a), won(b), (3, 99)))
        first = next((k for k, (x, y) in enumerate(zip(a.actions, b.actions, strict=False)) if x != y), None)
        return LineDiff(tuple(rows), first, None, None)

    def compose(self, game: Any, state: Any, seat: int, kind: str, legal: list[Any], current: Any
                ) -> Compose | None:
        """An editor of a pick and cards for this decision (None: the list of legal actions)."""
        return None

    def step_place(self, game: Any, state: Any) -> tuple[str, str]:
        """Where a step is, in two parts (White Lotus: "year 2", "rebellion")."""
        return "", game.decision(state).kind.replace("_", " ")

    def card_label(self, game: Any, value: int) -> str:
        """A card's face on its button."""
        return str(value)

    def card_tip(self, game: Any, kind: str, value: int) -> str:
        return f"{kind} card of value {value}"

    def card_style(self, game: Any, kind: str) -> str:
        """The button style of a kind of card (``"info"``, ``"danger"`` ...)."""
        return "info"

    def empty_record(self, game: Any) -> Any:
        """The record the explorer shows before one is loaded: a new game."""
        from lotus_kit.core.records import GameRecord

        return GameRecord(game.name, {"players": game.info.default_players, "seed": 0}, ())

    def is_code(self, text: Any) -> bool:
        """Whether ``text`` is a position code or share link of this game."""
        return False

    def position_code(self, game: Any, line: Any, k: int) -> str:
        """The position code of step ``k`` ("" when there is none)."""
        return ""

    def decode(self, game: Any, text: str) -> Any:
        """The record a position code stands for (``LotusKitError`` saying why not)."""
        from lotus_kit.core.errors import LotusKitError

        raise LotusKitError(f"{game.info.title} has no position codes")

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
        """A noun phrase for an action in messages ("Undid Red's bid", "Red's bid is committed"):
        the kind of the decision it answered, by default (no sealed detail leaks)."""
        return game.decision(state).kind.replace("_", " ")


class Episodes:
    """What the explorer needs of a line, computed once per line: where each part of the game starts
    (``phase_starts``: ``(a, b, step)`` labelled by ``timeline_label``) and the chart that explains a
    step (``auto_kind``). The default: parts from ``PhaseStarted`` events (year, phase), the score."""

    def __init__(self, game: Any, line: Any):
        self.line = line
        self.phase_starts: list[tuple[int, int, int]] = []
        for k, state in enumerate(line.states):
            for ev in getattr(state, "events", ()):
                if ev.kind == "PhaseStarted":
                    self.phase_starts.append((getattr(ev, "year", 0), getattr(ev, "phase", 0), k))

    def auto_kind(self, k: int) -> str:
        return "score"


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


