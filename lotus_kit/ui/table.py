"""The game table: one widget that runs a whole game, of any game of the kit.

:class:`GameTable` puts together a :class:`~lotus_kit.ui.session.GameSession`, the game's live
board and its panels (the game's screen, :mod:`lotus_kit.ui.screen`; White Lotus's:
:class:`~lotus_kit.ui.board.BoardWidget` and the phase panels of :mod:`lotus_kit.ui.phases`):

- seats are humans or bots (``random`` / ``heuristic``), chosen per seat in the setup;
- **hot seat** mode shows a seat's hand and private choices only after the screen was passed to it
  ("pass the screen to <seat>"), and only for decisions made with hidden cards (bids, sides, income,
  refunds); public decisions (markers, the emperor's choices, chips) are taken in the public view
  with no hand-off. What the page holds is built from
  :func:`lotus_kit.white_lotus.observation.observation`: before a hand-off every panel that held a
  seat's private data is closed (its widgets leave the browser) and the next seat gets new ones.
  A reveal of sealed choices (bids and pressures, sides, income) is shown to everyone before the
  screen moves on. Mid-game saves write only what everyone may know (a redacted record) unless
  everyone agrees; the seed of the game is never shown; **open** mode (teaching) shows every hand
  and lets the teacher act for any seat ("Play as"), and during a hot-seat game only once everyone
  agrees;
- the phase panel changes with the phase; after a human's move closes phase 2 or 4, the table keeps
  showing its outcome (the reveal, the tally) until "Continue" is pressed;
- undo the last human action, save the record (download link or text) and load one (text or file);
- a scrolling event log (newest first) and the score table.

>>> t = GameTable(players=3, seed=4, seats=["human", "heuristic", "heuristic"], first_emperor=0)
>>> t.view_phase, t.session.human_to_act(), t.curtain.layout.display   # a marker is public: no hand-off
(1, [0], 'none')
>>> t.board.click("CHEN")           # Red's first marker, then the bots place theirs
>>> 0 in t.session.state.markers_on("CHEN")
True
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from lotus_kit.core.registry import DEFAULT_GAME, get_game
from lotus_kit.ui.board import SyncOnDisplay
from lotus_kit.ui.layout import TABLE_CSS, ScreenSize, VariantChoice, fit
from lotus_kit.ui.panel import Panel
from lotus_kit.ui.phases.text import box, events_html, linkify, seat_html
from lotus_kit.ui.screen import PanelTab, screen_for
from lotus_kit.ui.session import GameSession

Event = Any
State = Any

__all__ = ["MODES", "GameTable"]

MODES = {"hot-seat": "Hot seat (hidden hands)", "open": "Open (teaching)"}
LOG_LIMIT = 200           # log entries shown (newest first)
AUTO = -1                 # "Play as": whoever must act
NOBODY = -1               # a panel's seat that acts for nobody: it shows only what is public


def close_tree(widget: widgets.Widget) -> None:
    """Close ``widget`` and every widget inside it: a closed widget's model leaves the browser, so
    what it held (a hand, a bid) is gone from the page, not merely hidden."""
    for child in getattr(widget, "children", ()) or ():
        if isinstance(child, widgets.Widget):
            close_tree(child)
    widget.close()


class GameTable(SyncOnDisplay, widgets.VBox):
    """A whole game at one table (see the module docstring).

    Build it from a session (``GameTable(session)``) or from the setup of a new game
    (``players``, ``seed``, ``flags``, ``first_emperor``, ``seats``). ``mode`` is ``"hot-seat"`` or
    ``"open"``; ``board_width`` the board's width in pixels until the page reports its size (then the
    board fits the screen: side by side with the panel from 1200 px, stacked below); ``projector``
    starts in projector mode (large type, thick markers, the current decision big, board and
    decision on one 1024x768 screen); ``auto_bots`` lets the bots play on by themselves after each
    human move (else the "Bot move" button steps them).

    Parts a notebook or a test can reach: ``session``, ``board``, ``panels`` (phase -> panel),
    ``nav`` (the phase buttons), ``continue_button``, ``curtain_button``, ``undo_button``,
    ``bot_button``, ``save_button``, ``record_text``, ``load_button``, ``upload``, ``event_log``, ``scores``,
    ``message``, the setup widgets ``players``, ``seed``, ``seat_kinds``, ``flags``, ``mode``, ``new_button``,
    ``projector`` and ``screen`` (the page's size as reported by the browser).
    """

    @classmethod
    def from_code(cls, code: str, seats: Sequence[str] | None = None, game: Any = None, **kwargs) -> GameTable:
        """A table at the exact moment a position code of ``game`` stands for (the screen's ``decode``;
        White Lotus: :mod:`lotus_kit.white_lotus.position_code`); a malformed code raises an error
        saying why (:class:`~lotus_kit.white_lotus.position_code.PositionCodeError`)."""
        game = get_game(game or DEFAULT_GAME) if not hasattr(game, "info") else game
        return cls(GameSession(seats=seats, record=screen_for(game).decode(game, code)), **kwargs)

    def __init__(self, session: GameSession | None = None, *, players: int | None = None, seed: int = 0,
                 flags: Sequence[str] = (), first_emperor: int | None = None, seats: Sequence[str] | None = None,
                 mode: str = "hot-seat", board_width: int = 720, auto_bots: bool = True, projector: bool = False,
                 game: Any = None, **kwargs):
        if session is None:
            game = get_game(game or DEFAULT_GAME) if not hasattr(game, "info") else game
            players = game.info.default_players if players is None else players
            bot = "heuristic" if "heuristic" in game.info.bots else "random"
            seats = list(seats) if seats is not None else ["human"] + [bot] * (players - 1)
            session = GameSession(players, seed, flags, first_emperor, seats, game=game)
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        self.session = session
        self.game = session.game
        self.look = session.screen            # the game's screen: board, panels, words
        self.tabs: dict[Any, PanelTab] = {t.key: t for t in self.look.tabs(self.game)}
        info = self.game.info
        self.screen_seat: int | None = None      # hot seat: whose private view is on the screen
        self.view_phase: Any = self.look.tab_of(self.game, session.state)
        self.held = False
        self._syncing = False
        self.reveal: list[Event] = []            # hot seat: revealed sealed choices everyone sees first
        self._before_reveal: int | None = None   # who had the screen when the reveal came
        self._panels_for: int | None = None      # whose private data the panels may hold
        self._seen = 0                           # the last state the table has shown
        self._open_agreed = mode == "open"

        # -- setup ------------------------------------------------------------------------------------
        self.players = widgets.Dropdown(options=list(range(info.min_players, info.max_players + 1)),
                                        value=session.players, description="Players",
                                        layout=widgets.Layout(width="160px"))
        # the seed of the game being played is never put here: it predicts every draw (WL-INFO-1)
        self.seed = widgets.Text(value="", placeholder="random", description="Seed",
                                 tooltip="A whole number for a repeatable new game; empty: a random one",
                                 layout=widgets.Layout(width="180px"))
        first_field = self.look.first_seat_field
        emperors = [("drawn at random", AUTO), *zip(info.seat_names, range(info.max_players), strict=False)]
        self.first_emperor = widgets.Dropdown(options=emperors,
                                              value=AUTO if first_emperor is None else first_emperor,
                                              description=first_field[1] if first_field else "First",
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(width="260px",
                                                                    display=None if first_field else "none"))
        self.flags = VariantChoice(session.flags, self.look.flag_choices(self.game))
        self.seat_kinds = [widgets.Dropdown(options=list(session.seat_kinds), value="human",
                                            description=info.seat_name(s), layout=widgets.Layout(width="190px"))
                           for s in range(info.max_players)]
        for s, dd in enumerate(self.seat_kinds):
            dd.observe(lambda change, s=s: self._seat_kind_changed(s, change["new"]), "value")
        self.mode = widgets.ToggleButtons(options=[(v, k) for k, v in MODES.items()], value=mode,
                                          style={"button_width": "auto"})
        self.mode.observe(self._mode_changed, "value")
        self.open_confirm = widgets.Button(description="Everyone agrees: open every hand", button_style="danger",
                                           icon="eye", layout=widgets.Layout(width="auto", display="none"))
        self.open_confirm.on_click(lambda _b: self._open_with_consent())
        self.auto_bots = widgets.Checkbox(value=auto_bots, description="Bots play on by themselves", indent=False)
        self.auto_bots.observe(lambda _c: self._auto_changed(), "value")
        self.new_button = widgets.Button(description="New game", button_style="primary", icon="refresh")
        self.new_button.on_click(lambda _b: self.new_game())
        self.players.observe(lambda _c: self._show_seat_kinds(), "value")
        setup = widgets.VBox([
            widgets.HBox([self.players, self.seed, self.first_emperor], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("<b>Who plays each seat</b> (changes apply at once; bots decide from what their seat "
                         "may see):"),
            widgets.HBox(self.seat_kinds, layout=widgets.Layout(flex_flow="row wrap")),
            self.flags, widgets.HBox([self.mode, self.open_confirm, self.auto_bots],
                                     layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("Then press <b>New game</b> (above).")])
        self.setup = widgets.Accordion([setup], titles=("Game setup: players, seats, variants, mode",))
        self.setup.selected_index = None
        # "New game" stays in sight beside the collapsed setup, where the notebook's text says it is
        self.projector = widgets.ToggleButton(value=projector, description="Projector", icon="television",
                                              tooltip="Large type and markers, the current decision big: "
                                                      "for a room reading from a screen at the front")
        self.projector.observe(lambda _c: self._fit(), "value")
        self.screen = ScreenSize()
        self.screen.observe(lambda _c: self._fit(), ["width", "height"])
        self.topbar = widgets.HBox([self.new_button, self.projector, self.setup, self.screen],
                                   layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.topbar.add_class("lotus-topbar")

        # -- the table --------------------------------------------------------------------------------
        self.title = widgets.HTML()
        self.board = self.look.board_widget(self.game, session.state, width=board_width)
        # play: a drag must not pan the map away (analysis boards keep pan and zoom)
        self.board.reshape(session.state, locked=True, projector=projector)
        self.board.on_province_click(self._board_clicked)
        tabs = list(self.tabs.values())
        self.nav = widgets.ToggleButtons(options=[(t.label, t.key) for t in tabs], value=tabs[0].key,
                                         style={"button_width": "auto"}, tooltips=[t.tip for t in tabs],
                                         layout=widgets.Layout(display=None if len(tabs) > 1 else "none"))
        self.nav.observe(self._nav_changed, "value")
        self.banner = widgets.HTML()
        self.continue_button = widgets.Button(description="Continue", button_style="primary", icon="arrow-right",
                                              layout=widgets.Layout(width="auto"))
        self.continue_button.on_click(lambda _b: self.continue_())
        self.banner_box = widgets.VBox([self.banner, self.continue_button], layout=widgets.Layout(display="none"))
        self.curtain_text = widgets.HTML()
        self.curtain_button = widgets.Button(description="Show my hand", button_style="warning", icon="eye",
                                             layout=widgets.Layout(width="auto"))
        self.curtain_button.on_click(lambda _b: self.reveal_screen())
        self.curtain = widgets.VBox([self.curtain_text, self.curtain_button],
                                    layout=widgets.Layout(display="none", border="2px dashed #c9a227",
                                                          padding="16px", align_items="center"))
        self.curtain.add_class("lotus-curtain")
        self.panels: dict[Any, Panel] = self._new_panels(auto_bots)
        self.panel_box = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.hand = widgets.HTML()
        self.play_as = widgets.Dropdown(description="Play as", options=[("whoever must act", AUTO)], value=AUTO,
                                        layout=widgets.Layout(width="260px"))
        self.play_as.observe(lambda _c: self.refresh(), "value")
        # its own width: squeezed by the turn's text, the label was cut ("I am Blue: s…")
        self.show_hand = widgets.Button(description="Show my hand", icon="eye",
                                        layout=widgets.Layout(width="auto", flex="0 0 auto"),
                                        tooltip="Only when nobody else can see the screen")
        self.show_hand.on_click(lambda _b: self.reveal_screen())
        self.public_turn = widgets.HTML()
        self.public_box = widgets.HBox([self.public_turn, self.show_hand],
                                       layout=widgets.Layout(display="none", align_items="center"))
        self.public_box.add_class("lotus-public-turn")
        self.undo_button = widgets.Button(description="Undo", icon="undo",
                                          tooltip="Take back the last human move (and the bot moves after it)")
        self.undo_button.on_click(lambda _b: self.undo())
        self.bot_button = widgets.Button(description="Bot move", icon="step-forward",
                                         tooltip="Let the next bot make one move")
        self.bot_button.on_click(lambda _b: self._bot_step())
        self.message = widgets.HTML()
        self.title.add_class("lotus-decision")
        self.side = widgets.VBox(
            [self.nav, self.banner_box, self.curtain, self.public_box, self.panel_box, self.hand,
             widgets.HBox([self.undo_button, self.bot_button, self.play_as],
                          layout=widgets.Layout(flex_flow="row wrap")),
             self.message],
            layout=widgets.Layout(min_width="340px", max_width="720px", flex="1 1 460px", padding="0 0 0 8px"))
        self.side.add_class("lotus-side")
        # until the page reports its size: wrap the panel under the board when it does not fit beside it
        self.main = widgets.HBox([self.board, self.side],
                                 layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.main.add_class("lotus-main")

        # -- log, score, save/load ----------------------------------------------------------------------
        self.event_log = widgets.HTML(layout=widgets.Layout(max_height="260px", overflow="auto", width="100%"))
        self.event_log.add_class("lotus-log")
        self.scores = widgets.HTML()
        self.save_button = widgets.Button(description="Save", icon="save", tooltip="Write the record below")
        self.save_button.on_click(lambda _b: self.save())
        self.download = widgets.HTML()
        self.save_full = widgets.Checkbox(value=False, indent=False,
                                          description="Everyone agrees: the full record (hands, sealed choices, seed)")
        self.record_text = widgets.Textarea(placeholder="A game record (JSON) appears here on Save; paste one and "
                                            "press Load", layout=widgets.Layout(width="98%", height="140px"))
        self.load_button = widgets.Button(description="Load from text", icon="upload")
        self.load_button.on_click(lambda _b: self.load(self.record_text.value))
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         description="Load a file")
        self.upload.observe(self._uploaded, "value")
        self.load_feedback = widgets.HTML()
        saving = widgets.VBox([widgets.HBox([self.save_button, self.save_full, self.download]), self.record_text,
                               widgets.HBox([self.load_button, self.upload]), self.load_feedback])
        self.records = widgets.Accordion([saving], titles=("Save / load the game record",))
        self.records.selected_index = None
        bottom = widgets.HBox([
            widgets.VBox([widgets.HTML(f"<b>Event log</b> (newest first, the last {LOG_LIMIT} events)"),
                          self.event_log],
                         layout=widgets.Layout(flex="1 1 480px", min_width="340px")),
            widgets.VBox([self.scores], layout=widgets.Layout(flex="0 1 auto", padding="0 0 0 12px"))],
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        kwargs.setdefault("layout", widgets.Layout(width="100%"))
        super().__init__([widgets.HTML(TABLE_CSS), self.topbar, self.title, self.main, bottom, self.records],
                         **kwargs)
        self.add_class("lotus-table")
        if getattr(self.look, "side_by_side_from", None):      # the page's tests fit the board the same way
            self.add_class(f"lotus-side-from-{self.look.side_by_side_from}")
        self._fit()
        self._show_seat_kinds()
        self._sync_setup()
        session.observe(self._changed)
        if auto_bots:
            session.run_bots()
        self.view_phase = self._current_phase()
        self._seen = len(session.states) - 1
        self.refresh()

    # -- the session --------------------------------------------------------------------------------------
    def set_session(self, session: GameSession) -> None:
        """Play another game at this table (the board is updated in place; the panels are new)."""
        self.session.unobserve(self._changed)
        self.session.viewer = None
        self.session = session
        session.observe(self._changed)
        self._forget_screen(every=True)
        self.held = False
        self._sync_setup()
        if self.auto_bots.value:
            session.run_bots()
        self.view_phase = self._current_phase()
        self._seen = len(session.states) - 1
        self.board.show(session.state)
        self.refresh()

    def new_game(self) -> None:
        """Start a new game from the setup widgets. An empty seed box deals a random game whose
        seed nobody at the table sees (it predicts every draw, WL-INFO-1)."""
        n = self.players.value
        seats = [dd.value for dd in self.seat_kinds[:n]]
        setup = {}
        field = self.look.first_seat_field
        if field and 0 <= self.first_emperor.value < n:
            setup[field[0]] = self.first_emperor.value
        typed = self.seed.value.strip()
        try:
            seed = int(typed) if typed else secrets.randbelow(2**31)
        except ValueError:
            self.message.value = box(f"Seed: a whole number, or empty for a random game (not {typed!r}).", "error")
            return
        if self.mode.value == "hot-seat":
            self._open_agreed = False
        self.set_session(GameSession(n, seed, self.flags.value, seats=seats, game=self.game, setup=setup))
        self.seed.value = ""
        self.message.value = box(f"New {n}-player game" + (f", seed {seed}." if typed else "."), "ok")

    def _new_panels(self, run_bots: bool) -> dict[Any, Panel]:
        self._touched: set[Any] = set()          # the panels shown since they were made
        return {k: tab.panel(self.session, self.board, standalone=False, run_bots=run_bots, active=False)
                for k, tab in self.tabs.items()}

    def _new_panel(self, key: Any) -> Panel:
        return self.tabs[key].panel(self.session, self.board, standalone=False, run_bots=self.auto_bots.value,
                                    active=False)

    def _retire_panels(self, every: bool = False) -> None:
        """Close the panels that were on show (their widgets leave the browser with whatever they
        held) and make new ones: a seat's cards and choices never stay in the page for the next seat
        (WL-INFO-1). A panel never shown holds nothing (a hidden panel does not refresh)."""
        old = self.panels
        gone = set(old) if every else self._touched
        self.panels = {k: self._new_panel(k) if k in gone else panel for k, panel in old.items()}
        self.panel_box.children = ()
        for k in gone:
            close_tree(old[k])
        self._panels_for = None
        self._touched = set()

    def _forget_screen(self, every: bool = False) -> None:
        """Nobody's private view is on the screen any more (new game, load, undo): the panels shown
        are made anew from the state (``every``: all of them, for another session)."""
        self.screen_seat = None
        self._before_reveal = None
        self.reveal = []
        self._retire_panels(every)

    def _sync_setup(self) -> None:
        self._syncing = True
        try:
            s = self.session
            self.players.value = s.players
            for k, dd in enumerate(self.seat_kinds[: s.players]):
                dd.value = s.seats[k]
            value = self.play_as.value if self.play_as.value in range(s.players) else AUTO
            self.play_as.options = [("whoever must act", AUTO)] + [(s.name(k), k) for k in range(s.players)]
            self.play_as.value = value
        finally:
            self._syncing = False
        self._show_seat_kinds()

    def _show_seat_kinds(self) -> None:
        for k, dd in enumerate(self.seat_kinds):
            dd.layout.display = "flex" if k < self.players.value else "none"

    def _seat_kind_changed(self, seat: int, kind: str) -> None:
        if self._syncing or seat >= self.session.players:
            return
        self.session.set_seat(seat, kind, run_bots=self.auto_bots.value)

    def _auto_changed(self) -> None:
        for panel in self.panels.values():
            panel.run_bots = self.auto_bots.value
        if self.auto_bots.value:
            self.session.run_bots()
        self.refresh()

    def _current_phase(self) -> Any:
        """The tab of the decision now (White Lotus: the phase)."""
        return self.look.tab_of(self.game, self.session.state)

    def _changed(self, session: GameSession, change: str) -> None:
        state = session.state
        self.board.show(state)
        now = self._current_phase()
        hold = self.view_phase in self.tabs and self.tabs[self.view_phase].hold
        if change == "action" and hold and now != self.view_phase and self._human_acted_in(self.view_phase):
            self.held = True
        if not self.held:
            self.view_phase = now
        if change in ("undo", "load", "seats"):
            self.held = False
            self.view_phase = now
        if change in ("undo", "load"):
            # every panel is made anew from the state after the undo: nothing of the undone move stays
            self._forget_screen()
        elif change == "action" and self.mode.value == "hot-seat":
            self._catch_reveal()
        self._seen = len(session.states) - 1
        self.refresh()

    def _catch_reveal(self) -> None:
        """Hot seat: when sealed choices were revealed since the table last showed the game, keep
        the reveal (as everyone may see it) on the screen until "Continue" (WL-INFO-2, WL-INFO-3)."""
        s = self.session
        viewer = s.viewer
        s.viewer = NOBODY
        try:
            new = [e.event for e in s.events_since(self._seen) if e.event.kind != "PhaseStarted"]
        finally:
            s.viewer = viewer
        if not any(ev.kind in self.look.reveals for ev in new):
            return
        if not self.reveal:
            self._before_reveal = self.screen_seat
        self.reveal = [*self.reveal, *new]
        self.screen_seat = None

    def _human_acted_in(self, tab: Any) -> bool:
        """Whether the last human action of the session was taken in ``tab`` (White Lotus: the phase
        of the current year or the year just ended), so its outcome is worth holding on screen."""
        s = self.session
        for k in range(len(s.actions) - 1, -1, -1):
            if s.actors[k] == "human":
                return self.look.tab_of(self.game, s.states[k]) == tab
        return False

    # -- layout -------------------------------------------------------------------------------------------
    def _fit(self) -> None:
        """Lay the table out for the page's size (:func:`lotus_kit.ui.layout.fit`) and mode: board and
        panel side by side or stacked, the board as big as the screen allows; in projector mode the
        current decision heads the panel in large type."""
        projector = self.projector.value
        (self.add_class if projector else self.remove_class)("lotus-projector")
        rest = [c for c in self.side.children if c is not self.title]
        self.side.children = (self.title, *rest) if projector else tuple(rest)
        if projector == (self.title in self.children):
            parts = [c for c in self.children if c is not self.title]
            if not projector:
                parts.insert(parts.index(self.main), self.title)
            self.children = tuple(parts)
        width, height = self.screen.width, self.screen.height
        highlight = getattr(self.board, "_highlight", None)
        if not (width and height):           # the page has not said its size yet: keep the board's width
            changed = self.board.reshape(self.session.state, highlight, projector=projector)
        else:
            side_from = getattr(self.look, "side_by_side_from", None)
            f = fit(width, height, projector, side_from)
            # side by side still wraps: should a front end keep the board wider, the panel goes under it
            self.main.layout.flex_flow = "row wrap" if f.side_by_side else "column"
            self.side.layout.width = f"{f.panel_width}px" if f.side_by_side else "100%"
            self.side.layout.max_width = f"{f.panel_width}px" if f.side_by_side else "900px"
            self.side.layout.flex = "0 0 auto" if f.side_by_side else "1 1 auto"
            changed = self.board.reshape(self.session.state, highlight, width=f.board_width, projector=projector)
        if changed and getattr(self.board, "figure", None) is not None:
            self.board.figure.sync_if_unseen()

    # -- showing ------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring every part of the table to the session's state."""
        s = self.session
        state = s.state
        now = self._current_phase()
        self.title.value = self._title(state)
        view = self.view_phase
        shown = [*self.tabs[view].also, view]
        self._syncing = True
        try:
            # a tab shown above another one (the emperor's point above the rebellion) is not selected itself
            above = next((k for k, t in self.tabs.items() if view in t.also and k == now), None)
            self.nav.value = above if above is not None else view
        finally:
            self._syncing = False
        # who acts and what the screen may show
        humans = s.human_to_act()
        hot = self.mode.value == "hot-seat"
        need = humans[0] if humans else None
        private = need is not None and self._private_decision(need)
        curtain = False
        if not hot:
            self.screen_seat = None
            s.viewer = None
            panel_seat = None if self.play_as.value == AUTO else self.play_as.value
        elif self.reveal:
            # everyone looks at the reveal together: the public view, nobody acts from it
            panel_seat = NOBODY
        elif need is None:
            # bots to act or the game over: whoever has the screen keeps it while the game is on
            if s.is_over:
                self.screen_seat = None
            panel_seat = NOBODY
        elif private:
            curtain = need != self.screen_seat
            panel_seat = need
        else:
            # a public decision (a marker, the emperor's choice, a chip): no hand-off; a seat's own
            # private view stays only while that seat is the one acting
            if self.screen_seat != need:
                self.screen_seat = None
            panel_seat = need
        if hot:
            s.viewer = self.screen_seat if self.screen_seat is not None and not curtain else NOBODY
        owner = None if not hot else None if curtain else self.screen_seat
        if self._panels_for is not None and self._panels_for != owner:
            self._retire_panels()            # the previous seat's panels leave the page
        self._panels_for = owner
        # the hand first: a seat's cards leave the screen before anything slower is sent
        self.hand.value = self._hand_html(state, curtain)
        self._show_banner(state, view, now, need, private)
        self.play_as.layout.display = "none" if hot else "flex"
        if (hot and not curtain and not self.reveal and need is not None and self.screen_seat != need
                and self.look.hands):
            who = self._seat_html(need, s.who(need))
            self.public_turn.value = (f"{who} to act: a public decision, no need to pass "
                                      "the screen " + self._rule("public_rule") + " ")
            self.show_hand.description = f"I am {s.name(need)}: show my hand"
            self.public_box.layout.display = "flex"
        else:
            self.public_box.layout.display = "none"
        if curtain:
            # nothing private stays in the page behind the curtain, not even hidden
            name = s.name(need)
            self.curtain_text.value = (
                f'<div style="font-size:130%;text-align:center">Pass the screen to {self._seat_html(need, name)}.</div>'
                f'<div style="text-align:center">{escape(name)}: press the button when only you can see the screen. '
                "Hands and sealed choices stay hidden until then " + self._rule("hidden_rule") + "</div>")
            self.curtain_button.description = f"I am {name}: show my hand"
            self.curtain.layout.display = "flex"
            self.panel_box.children = ()
            for panel in self.panels.values():
                panel.active = False
        else:
            self.curtain.layout.display = "none"
            for k, panel in self.panels.items():
                panel.seat = panel_seat
                if k not in shown:
                    panel.active = False
            self.panel_box.children = tuple(self.panels[k] for k in shown)
            self._touched.update(shown)
            for k in shown:
                self.panels[k].invalidate()
                self.panels[k].active = True          # refreshes it, once
        self.bot_button.disabled = not s.bots_to_act()
        self.undo_button.disabled = not s.actions
        self.event_log.value = self._log_html()
        self.scores.value = self.look.score_html(self.game, state)

    def _seat_html(self, seat: int, text: str) -> str:
        """A seat's name in the game's own colour of that seat (Ming's Black is not White Lotus's red)."""
        colours = self.look.seat_colours(self.game)
        return seat_html(seat, text, colours[seat] if seat < len(colours) else None)

    def _rule(self, which: str, end: str = ".") -> str:
        """``"(RULE-ID)."`` linked, for the screen's rule ``which``; just ``end`` when it has none."""
        rule = getattr(self.look, which, "")
        return linkify(f"({rule}){end}") if rule else end

    def _private_decision(self, seat: int) -> bool:
        """Whether ``seat`` decides now with what only it may see (White Lotus: a bid, a side,
        income, a refund: decided with its hidden cards)."""
        s = self.session
        return self.look.private_decision(self.game, s.state, seat, s.legal(seat))

    def _show_banner(self, state: State, view: int, now: int, need: int | None, private: bool) -> None:
        """The banner above the panels: a reveal everyone sees, or a phase outcome held on show."""
        if self.reveal:
            nxt = ""
            if need is not None and private and need != self._before_reveal:
                nxt = f": then pass the screen to {self.session.name(need)}"
            rules = ", ".join(r for r in (self.look.public_rule, self.look.sealed_rule) if r)
            self.banner.value = box(
                "<b>Revealed</b> " + (linkify(f"({rules})") if rules else "") + ": everyone may see this."
                + events_html(self.reveal, max_height=None, tips=False, names=self.game.info.seat_names,
                              colours=self.look.names_in_colour(self.game)), "warn")
            self.continue_button.description = f"Continue{nxt}"
            self.banner_box.layout.display = "flex"
        elif self.held and view != now:
            nxt = "the final score" if self.session.is_over else self.look.tab_words(self.game, state)
            self.banner.value = box(f"{self.look.tab_over_words(self.game, self.tabs[view])} is over. Read what "
                                    f"happened below, then continue to {nxt}.", "warn")
            self.continue_button.description = f"Continue to {nxt}"
            self.banner_box.layout.display = "flex"
        else:
            self.held = False
            self.banner_box.layout.display = "none"

    def _title(self, state: State) -> str:
        where = self.look.where(self.game, state)
        todo = self.look.table_decision_text(self.session)
        return (f'<div style="font-size:125%"><b>{escape(self.game.info.title)}</b> · {where}</div>'
                f"<div>{linkify(todo[0].upper() + todo[1:])}.</div>")

    def _hand_html(self, state: State, curtain: bool) -> str:
        s = self.session
        public = self.look.public_html(self.game, state)
        if self.mode.value == "open":
            hands = [self.look.hand_html(self.game, state, k) for k in range(s.players)]
            if not any(hands):                 # a game whose screen shows no hands
                return public
            rows = "".join(f"<tr><td>{self._seat_html(k, s.who(k))}</td><td>{hand}</td></tr>"
                           for k, hand in enumerate(hands))
            return f"<b>All hands</b> (open mode)<table>{rows}</table>{public}"
        if curtain or self.screen_seat is None or self.mode.value != "hot-seat":
            return public
        seat = self.screen_seat
        # computed from observation(state, seat) alone (the screen's hand_html)
        hand = self.look.hand_html(self.game, state, seat)
        return f"<b>{self._seat_html(seat, s.name(seat))}'s hand</b><br>{hand}<br>{public}"

    def _log_html(self) -> str:
        entries = self.session.seen([e for e in self.session.log if e.event.kind != "PhaseStarted"][-LOG_LIMIT:])
        if not entries:
            return "<i>Nothing has happened yet.</i>"
        groups: list[tuple[tuple[int, int], list]] = []
        for e in entries:
            key = (e.year, e.phase)
            if not groups or groups[-1][0] != key:
                groups.append((key, []))
            groups[-1][1].append(e.event)
        parts = []
        for (year, phase), events in reversed(groups):
            head = self.look.log_heading(self.game, year, phase)
            parts.append(f'<div style="margin-top:4px;font-weight:bold;color:#4a4036">{head}</div>'
                         + events_html(events, newest_first=True, max_height=None, tips=False,
                                       names=self.game.info.seat_names,
                                       colours=self.look.names_in_colour(self.game)))
        return "".join(parts)

    # -- actions --------------------------------------------------------------------------------------------
    def _board_clicked(self, province: str) -> None:
        now = self._current_phase()
        panel = self.panels.get(now)
        if panel is None:
            return
        if self.reveal:
            self.continue_()                 # whoever clicks has seen the reveal
            panel = self.panels.get(now)
        if self.curtain.layout.display != "none":
            name = self.session.name(self.session.human_to_act()[0])
            self.message.value = box(f"Pass the screen to {name} first.", "error")
            return
        if self.held:
            self.continue_()
        panel.province_clicked(province)
        self.message.value = panel.feedback.value

    def _nav_changed(self, change) -> None:
        if self._syncing:
            return
        self.view_phase = change["new"]
        now = self._current_phase()
        if self.view_phase == now or self.view_phase in self.tabs[now].also:
            self.held = False
        self.refresh()

    def continue_(self) -> None:
        """Leave the reveal (or the outcome) on show and go on: the seat that had the screen before a
        reveal gets it back; a held outcome gives way to the phase the game is in."""
        if self.reveal:
            self.reveal = []
            self.screen_seat = self._before_reveal
            self._before_reveal = None
            self.refresh()
            return
        self.held = False
        self.view_phase = self._current_phase()
        self.refresh()

    def reveal_screen(self) -> None:
        """Hot seat: the player who must act has the screen now; show his hand and choices."""
        humans = self.session.human_to_act()
        if humans:
            self.screen_seat = humans[0]
        self.refresh()

    def _mode_changed(self, change) -> None:
        if self._syncing:
            return
        if change["new"] == "open" and not self._open_agreed and not self.session.is_over:
            # every hand on the screen: only when everyone at the table agrees (WL-INFO-1)
            self._syncing = True
            try:
                self.mode.value = "hot-seat"
            finally:
                self._syncing = False
            self.open_confirm.layout.display = "flex"
            self.message.value = box("Open mode shows every hand. Press “Everyone agrees: open every hand” "
                                     "only if everyone at the table agrees.", "warn")
            return
        self.open_confirm.layout.display = "none"
        self.refresh()

    def _open_with_consent(self) -> None:
        self._open_agreed = True
        self.open_confirm.layout.display = "none"
        self.mode.value = "open"
        self.message.value = box("Open mode: every hand is on the screen, as everyone agreed.", "ok")

    def undo(self) -> None:
        ok, msg = self.session.undo()
        self.message.value = box(linkify(msg), "ok" if ok else "error")

    def _bot_step(self) -> None:
        ok, msg = self.session.step_bot()
        self.message.value = box(linkify(msg), "ok" if ok else "error")

    def save(self) -> None:
        """Put the record in the text area and offer it as a download.

        At a hot-seat table during the game the record holds only what everyone may know (see
        :func:`lotus_kit.core.records.redacted`): no seed, no sealed choice not yet revealed, no card
        values a seat keeps hidden. The full record is written in open mode, once the game is over,
        or when "Everyone agrees" is ticked (for this one save)."""
        s = self.session
        full = self.mode.value == "open" or s.is_over or self.save_full.value
        self.save_full.value = False
        ok, text = s.save("full" if full else None)
        if not ok:
            self.load_feedback.value = box(linkify(text), "error")
            return
        self.record_text.value = text
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = f"{self.look.record_prefix(self.game)}-{s.players}p-{len(s.actions)}{'' if full else '-shared'}.json"
        self.download.value = (f'<a download="{name}" href="data:application/json;base64,{data}" '
                               f'class="lotus-download">⬇ Download {escape(name)}</a>')
        if full:
            self.load_feedback.value = box(f"Saved {len(s.actions)} actions: the full record, seed and sealed "
                                           "choices included.", "ok")
        else:
            self.load_feedback.value = box(
                f"Saved what everyone may know ({len(s.actions)} actions so far): no seed, no sealed choice not "
                "yet revealed, no hidden card values " + self._rule("hidden_rule")
                + " For the full record, tick “Everyone agrees” or save after the game.", "ok")

    def load(self, text: str | bytes) -> bool:
        """Load a record (JSON text); a broken one is refused with its fault and the game is unchanged."""
        if not text or not str(text).strip():
            self.load_feedback.value = box("Paste a record (JSON) first.", "error")
            return False
        ok, msg = self.session.load(text, run_bots=False)
        self.load_feedback.value = box(linkify(msg), "ok" if ok else "error")
        self.message.value = self.load_feedback.value
        if ok:
            self._sync_setup()
            if self.auto_bots.value:
                self.session.run_bots()
        return ok

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        content = f["content"] if isinstance(f, dict) else f.content
        self.load(bytes(content))
