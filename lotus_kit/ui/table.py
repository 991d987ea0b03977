"""The game table: one widget that runs a whole game of Der weiße Lotus.

:class:`GameTable` puts together a :class:`~lotus_kit.ui.session.GameSession`, the live
:class:`~lotus_kit.ui.board.BoardWidget` and the phase panels of :mod:`lotus_kit.ui.phases`:

- seats are humans or bots (``random`` / ``heuristic``), chosen per seat in the setup;
- **hot seat** mode shows only the acting human's hand and, whenever another human must act, hides
  everything private behind a "pass the screen to <seat>" step (built on
  :func:`lotus_kit.white_lotus.observation.observation`); **open** mode (teaching) shows every hand and
  lets the teacher act for any seat ("Play as");
- the phase panel changes with the phase; after a human's move closes phase 2 or 4, the table keeps
  showing its outcome (the reveal, the tally) until "Continue" is pressed;
- undo the last human action, save the record (download link or text) and load one (text or file);
- a scrolling event log (newest first) and the score table.

>>> t = GameTable(players=3, seed=4, seats=["human", "heuristic", "heuristic"], first_emperor=0)
>>> t.view_phase, t.session.human_to_act(), t.curtain.layout.display   # hot seat: Red gets the screen first
(1, [0], 'flex')
>>> t.curtain_button.click()
>>> t.board.click("CHEN")           # Red's first marker, then the bots place theirs
>>> 0 in t.session.state.markers_on("CHEN")
True
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from lotus_kit.ui.board import BoardWidget, SyncOnDisplay
from lotus_kit.ui.phases import PANELS, PhasePanel, decision_text, hand_html, score_html
from lotus_kit.ui.phases.text import box, events_html, linkify, seat_html
from lotus_kit.ui.session import SEAT_KINDS, GameSession
from lotus_kit.white_lotus import rules as rules_module
from lotus_kit.white_lotus.observation import observation
from lotus_kit.white_lotus.rules import FLAGS
from lotus_kit.white_lotus.seats import SEAT_NAMES
from lotus_kit.white_lotus.state import PHASE_NAMES, State

__all__ = ["MODES", "GameTable"]

MODES = {"hot-seat": "Hot seat (hidden hands)", "open": "Open (teaching)"}
NAV = [("1 Claims", 1), ("2 Conflicts", 2), ("3 Emperor", 3), ("4 Rebellion", 4), ("5 Cards", 5),
       ("6 Provinces", 6), ("End", 7)]
HOLD_AFTER = (2, 4)       # phases whose outcome stays on show after a human's move closes them
LOG_LIMIT = 200           # log entries shown (newest first)
AUTO = -1                 # "Play as": whoever must act


class GameTable(SyncOnDisplay, widgets.VBox):
    """A whole game at one table (see the module docstring).

    Build it from a session (``GameTable(session)``) or from the setup of a new game
    (``players``, ``seed``, ``flags``, ``first_emperor``, ``seats``). ``mode`` is ``"hot-seat"`` or
    ``"open"``; ``board_width`` the board's width in pixels; ``auto_bots`` lets the bots play on by
    themselves after each human move (else the "Bot move" button steps them).

    Parts a notebook or a test can reach: ``session``, ``board``, ``panels`` (phase -> panel),
    ``nav`` (the phase buttons), ``continue_button``, ``curtain_button``, ``undo_button``,
    ``bot_button``, ``save_button``, ``record_text``, ``load_button``, ``upload``, ``event_log``, ``scores``,
    ``message``, the setup widgets ``players``, ``seed``, ``seat_kinds``, ``mode``, ``new_button``.
    """

    @classmethod
    def from_code(cls, code: str, seats: Sequence[str] | None = None, **kwargs) -> GameTable:
        """A table at the exact moment a position code stands for (:mod:`lotus_kit.white_lotus.position_code`);
        a malformed code raises :class:`~lotus_kit.white_lotus.position_code.PositionCodeError` saying why."""
        from lotus_kit.white_lotus.position_code import decode

        return cls(GameSession(seats=seats, record=decode(code)), **kwargs)

    def __init__(self, session: GameSession | None = None, *, players: int = 4, seed: int = 0,
                 flags: Sequence[str] = (), first_emperor: int | None = None, seats: Sequence[str] | None = None,
                 mode: str = "hot-seat", board_width: int = 720, auto_bots: bool = True, **kwargs):
        if session is None:
            seats = list(seats) if seats is not None else ["human"] + ["heuristic"] * (players - 1)
            session = GameSession(players, seed, flags, first_emperor, seats)
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        self.session = session
        self.screen_seat: int | None = None      # hot seat: whose private view is on the screen
        self.view_phase = 1
        self.held = False
        self._syncing = False

        # -- setup ------------------------------------------------------------------------------------
        first = session.states[0]
        self.players = widgets.Dropdown(options=[3, 4, 5, 6], value=session.players, description="Players",
                                        layout=widgets.Layout(width="160px"))
        self.seed = widgets.IntText(value=first.seed, description="Seed", layout=widgets.Layout(width="180px"))
        emperors = [("drawn at random", AUTO), *zip(SEAT_NAMES, range(6), strict=False)]
        self.first_emperor = widgets.Dropdown(options=emperors,
                                              value=AUTO if first_emperor is None else first_emperor,
                                              description="First emperor",
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(width="260px"))
        notes = getattr(rules_module, "FLAG_NOTES", {})
        self.flags = widgets.SelectMultiple(options=[(f"{f}: {notes.get(f, '')}".rstrip(": "), f) for f in FLAGS],
                                            value=tuple(session.rules.flags()), description="Variants",
                                            rows=4, layout=widgets.Layout(width="95%"))
        self.seat_kinds = [widgets.Dropdown(options=list(SEAT_KINDS), value="human", description=SEAT_NAMES[s],
                                            layout=widgets.Layout(width="190px")) for s in range(6)]
        for s, dd in enumerate(self.seat_kinds):
            dd.observe(lambda change, s=s: self._seat_kind_changed(s, change["new"]), "value")
        self.mode = widgets.ToggleButtons(options=[(v, k) for k, v in MODES.items()], value=mode,
                                          style={"button_width": "auto"})
        self.mode.observe(lambda _c: self.refresh(), "value")
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
            self.flags, widgets.HBox([self.mode, self.auto_bots]), self.new_button])
        self.setup = widgets.Accordion([setup], titles=("Game setup: players, seats, variants, mode",))
        self.setup.selected_index = None

        # -- the table --------------------------------------------------------------------------------
        self.title = widgets.HTML()
        self.board = BoardWidget(session.state, width=board_width)
        self.board.on_province_click(self._board_clicked)
        self.nav = widgets.ToggleButtons(options=NAV, value=1, style={"button_width": "auto"},
                                         tooltips=[f"phase {k}: {PHASE_NAMES[k]}" for _, k in NAV])
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
        self.panels: dict[int, PhasePanel] = {
            k: cls(session, self.board, standalone=False, run_bots=auto_bots, active=False)
            for k, cls in PANELS.items()}
        self.panel_box = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.hand = widgets.HTML()
        self.play_as = widgets.Dropdown(description="Play as", options=[("whoever must act", AUTO)], value=AUTO,
                                        layout=widgets.Layout(width="260px"))
        self.play_as.observe(lambda _c: self.refresh(), "value")
        self.undo_button = widgets.Button(description="Undo", icon="undo",
                                          tooltip="Take back the last human move (and the bot moves after it)")
        self.undo_button.on_click(lambda _b: self.undo())
        self.bot_button = widgets.Button(description="Bot move", icon="step-forward",
                                         tooltip="Let the next bot make one move")
        self.bot_button.on_click(lambda _b: self._bot_step())
        self.message = widgets.HTML()
        right = widgets.VBox(
            [self.nav, self.banner_box, self.curtain, self.panel_box, self.hand,
             widgets.HBox([self.undo_button, self.bot_button, self.play_as],
                          layout=widgets.Layout(flex_flow="row wrap")),
             self.message],
            layout=widgets.Layout(min_width="380px", max_width="720px", flex="1 1 460px", padding="0 0 0 8px"))
        main = widgets.HBox([self.board, right], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))

        # -- log, score, save/load ----------------------------------------------------------------------
        self.event_log = widgets.HTML(layout=widgets.Layout(max_height="260px", overflow="auto", width="100%"))
        self.event_log.add_class("lotus-log")
        self.scores = widgets.HTML()
        self.save_button = widgets.Button(description="Save", icon="save", tooltip="Write the record below")
        self.save_button.on_click(lambda _b: self.save())
        self.download = widgets.HTML()
        self.record_text = widgets.Textarea(placeholder="A game record (JSON) appears here on Save; paste one and "
                                            "press Load", layout=widgets.Layout(width="98%", height="140px"))
        self.load_button = widgets.Button(description="Load from text", icon="upload")
        self.load_button.on_click(lambda _b: self.load(self.record_text.value))
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         description="Load a file")
        self.upload.observe(self._uploaded, "value")
        self.load_feedback = widgets.HTML()
        saving = widgets.VBox([widgets.HBox([self.save_button, self.download]), self.record_text,
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
        super().__init__([self.setup, self.title, main, bottom, self.records], **kwargs)
        self.add_class("lotus-table")
        self._show_seat_kinds()
        self._sync_setup()
        session.observe(self._changed)
        if auto_bots:
            session.run_bots()
        self.view_phase = self._current_phase()
        self.refresh()

    # -- the session --------------------------------------------------------------------------------------
    def set_session(self, session: GameSession) -> None:
        """Play another game at this table (the widgets stay; the board is updated in place)."""
        self.session.unobserve(self._changed)
        self.session = session
        for panel in self.panels.values():
            panel.session = session
            panel.feedback.value = ""
        session.observe(self._changed)
        self.screen_seat = None
        self.held = False
        self._sync_setup()
        if self.auto_bots.value:
            session.run_bots()
        self.view_phase = self._current_phase()
        self.board.show(session.state)
        self.refresh()

    def new_game(self) -> None:
        """Start a new game from the setup widgets."""
        n = self.players.value
        seats = [dd.value for dd in self.seat_kinds[:n]]
        first = self.first_emperor.value if 0 <= self.first_emperor.value < n else None
        self.set_session(GameSession(n, self.seed.value, self.flags.value, first, seats))
        self.message.value = box(f"New {n}-player game, seed {self.seed.value}.", "ok")

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

    def _current_phase(self) -> int:
        return int(self.session.state.phase)

    def _changed(self, session: GameSession, change: str) -> None:
        state = session.state
        self.board.show(state)
        now = int(state.phase)
        if change == "action" and self.view_phase in HOLD_AFTER and now != self.view_phase \
                and self._human_acted_in(self.view_phase):
            self.held = True
        if not self.held:
            self.view_phase = now
        if change in ("undo", "load", "seats"):
            self.held = False
            self.view_phase = now
        self.refresh()

    def _human_acted_in(self, phase: int) -> bool:
        """Whether the last human action of the session was taken in ``phase`` of the current year or
        the year just ended (so its outcome is worth holding on screen)."""
        s = self.session
        for k in range(len(s.actions) - 1, -1, -1):
            if s.actors[k] == "human":
                return int(s.states[k].phase) == phase
        return False

    # -- showing ------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring every part of the table to the session's state."""
        s = self.session
        state = s.state
        now = int(state.phase)
        self.title.value = self._title(state)
        view = self.view_phase
        shown = [3, 4] if view == 4 else [view]
        self._syncing = True
        try:
            self.nav.value = 4 if view == 3 and now == 4 else view
        finally:
            self._syncing = False
        # hold banner
        if self.held and view != now:
            nxt = "the final score" if state.is_over else f"phase {now}: {PHASE_NAMES[now]}"
            self.banner.value = box(f"Phase {view} is over. Read what happened below, then continue to {nxt}.", "warn")
            self.continue_button.description = f"Continue to {nxt}"
            self.banner_box.layout.display = "flex"
        else:
            self.held = False
            self.banner_box.layout.display = "none"
        # who acts and what the screen may show
        humans = s.human_to_act()
        hot = self.mode.value == "hot-seat"
        need = humans[0] if humans else None
        curtain = hot and need is not None and need != self.screen_seat
        self.play_as.layout.display = "none" if hot else "flex"
        if curtain:
            # nothing private stays in the page behind the curtain, not even hidden
            name = s.name(need)
            self.curtain_text.value = (
                f'<div style="font-size:130%;text-align:center">Pass the screen to {seat_html(need)}.</div>'
                f'<div style="text-align:center">{escape(name)}: press the button when only you can see the screen. '
                "Hands and sealed choices stay hidden until then " + linkify("(WL-INFO-1).") + "</div>")
            self.curtain_button.description = f"I am {name}: show my hand"
            self.curtain.layout.display = "flex"
            self.panel_box.children = ()
            for panel in self.panels.values():
                panel.active = False
        else:
            self.curtain.layout.display = "none"
            seat = (self.screen_seat if need is not None and need == self.screen_seat else None) if hot \
                else (None if self.play_as.value == AUTO else self.play_as.value)
            for k, panel in self.panels.items():
                panel.seat = seat
                if k not in shown:
                    panel.active = False
            self.panel_box.children = tuple(self.panels[k] for k in shown)
            for k in shown:
                self.panels[k].invalidate()
                self.panels[k].active = True          # refreshes it, once
        self.hand.value = self._hand_html(state, curtain)
        self.bot_button.disabled = not s.bots_to_act()
        self.undo_button.disabled = not s.actions
        self.event_log.value = self._log_html()
        self.scores.value = score_html(state)

    def _title(self, state: State) -> str:
        if state.is_over:
            where = f"Year {state.year} · the game is over"
        else:
            where = f"Year {state.year} · phase {int(state.phase)}: {PHASE_NAMES[int(state.phase)]}"
        todo = decision_text(self.session)
        return (f'<div style="font-size:125%"><b>Der weiße Lotus</b> · {where}</div>'
                f"<div>{linkify(todo[0].upper() + todo[1:])}.</div>")

    def _hand_html(self, state: State, curtain: bool) -> str:
        s = self.session
        sizes = ", ".join(f"{seat_html(k)} {h.size}" for k, h in enumerate(state.hands))
        public = f"<small>Cards in hand (public, {linkify('WL-CARDS-4', names=False)}): {sizes}</small>"
        if self.mode.value == "open":
            rows = "".join(f"<tr><td>{seat_html(k, s.who(k))}</td><td>{hand_html(h)}</td></tr>"
                           for k, h in enumerate(state.hands))
            return f"<b>All hands</b> (open mode)<table>{rows}</table>{public}"
        if curtain or self.screen_seat is None:
            return public
        seat = self.screen_seat
        hand = observation(state, seat).hand
        return f"<b>{seat_html(seat)}'s hand</b><br>{hand_html(hand)}<br>{public}"

    def _log_html(self) -> str:
        entries = [e for e in self.session.log if e.event.kind != "PhaseStarted"][-LOG_LIMIT:]
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
            head = f"Year {year}, phase {phase}: {PHASE_NAMES.get(phase, '')}"
            parts.append(f'<div style="margin-top:4px;font-weight:bold;color:#4a4036">{head}</div>'
                         + events_html(events, newest_first=True, max_height=None, tips=False))
        return "".join(parts)

    # -- actions --------------------------------------------------------------------------------------------
    def _board_clicked(self, province: str) -> None:
        now = self._current_phase()
        panel = self.panels.get(now)
        if panel is None:
            return
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
        if self.view_phase == now or (now == 4 and self.view_phase == 3):
            self.held = False
        self.refresh()

    def continue_(self) -> None:
        """Leave the outcome on show and go to the phase the game is in."""
        self.held = False
        self.view_phase = self._current_phase()
        self.refresh()

    def reveal_screen(self) -> None:
        """Hot seat: the player who must act has the screen now; show his hand and choices."""
        humans = self.session.human_to_act()
        if humans:
            self.screen_seat = humans[0]
        self.refresh()

    def undo(self) -> None:
        ok, msg = self.session.undo()
        self.message.value = box(linkify(msg), "ok" if ok else "error")

    def _bot_step(self) -> None:
        ok, msg = self.session.step_bot()
        self.message.value = box(linkify(msg), "ok" if ok else "error")

    def save(self) -> None:
        """Put the record in the text area and offer it as a download."""
        ok, text = self.session.save()
        if not ok:
            self.load_feedback.value = box(linkify(text), "error")
            return
        self.record_text.value = text
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = f"lotus-{self.session.players}p-seed{self.session.states[0].seed}-{len(self.session.actions)}.json"
        self.download.value = (f'<a download="{name}" href="data:application/json;base64,{data}" '
                               f'class="lotus-download">⬇ Download {escape(name)}</a>')
        self.load_feedback.value = box(f"Saved {len(self.session.actions)} actions.", "ok")

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
            self.screen_seat = None
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
