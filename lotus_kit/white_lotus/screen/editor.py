"""The position editor: set up a position on the board, see why it is impossible, play on from it.

A *setup* is whatever the user has painted; a *position* is a setup the engine accepts
(:func:`lotus_kit.white_lotus.position.validate` lists every reason it does not). The editor keeps the
two apart, as the lichess board editor does: the board always shows the setup, the check below it
says what is impossible, and "Play on from here" is offered only for a position.

Paint on the board: choose a tool (a building with its owner, a marker of a seat, or "empty") and
click provinces (or pick them in the list). Fill hands as card values (``3,3,2,0``), VP chips, the
emperor, the year and the phase. "Play on from here" opens the position in a
:class:`~lotus_kit.ui.table.GameTable` below the editor (or hands the new
:class:`~lotus_kit.ui.session.GameSession` to ``on_play``; the what-if explorer can take
:meth:`PositionEditor.state` instead).

>>> ed = PositionEditor(players=3, seed=1)
>>> ed.reasons
[]
>>> ed.tool.value, ed.owner.value, ed.building.value = "chip", 0, "P"
>>> ed.board.click("HANZ")                 # Red owns a palace in Hanzhong
>>> ed.description()["owners"]["HANZ"]
[0, 'P']
>>> ed.tool.value = "erase"
>>> ed.board.click("DATO")                 # a lotus province must hold a chip
>>> any("lotus province" in r for r in ed.reasons)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from lotus_kit.core.errors import LotusKitError, PositionError, RecordError
from lotus_kit.ui.board import SyncOnDisplay
from lotus_kit.ui.phases.text import box, linkify
from lotus_kit.ui.session import GameSession, describe_position, name_seats
from lotus_kit.white_lotus.board import BUILDING_NAMES, BUILDINGS, board_view
from lotus_kit.white_lotus.cards import Hand, counts_of
from lotus_kit.white_lotus.engine import new_game
from lotus_kit.white_lotus.game import INFO
from lotus_kit.white_lotus.position import position, validate
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.screen.board import BoardWidget
from lotus_kit.white_lotus.screen.phases.income import parse_cards
from lotus_kit.white_lotus.seats import SEAT_NAMES
from lotus_kit.white_lotus.state import PHASE_NAMES, Phase, State

__all__ = ["PaintedEditor", "PositionEditor"]

PLAYER_COUNTS = range(INFO.min_players, INFO.max_players + 1)      # 3 to 6 (WL-SETUP-1)
MOST = INFO.max_players

TOOLS = [("Building", "chip"), ("Marker", "marker"), ("Empty", "erase")]


class PaintedEditor:
    """The screen's editor tool (:mod:`lotus_kit.ui.position_editor`): a :class:`PositionEditor` set
    up with the position of a state (mid-phase progress is not part of a position: the phase starts)."""

    title = "Position editor"

    def editor(self, game: Any, state: State, flags: tuple[str, ...] = ()) -> PositionEditor:
        return PositionEditor.from_state(state)


class PositionEditor(SyncOnDisplay, widgets.VBox):
    """Paint a position on the board and fill in the rest; ``reasons`` lists what is impossible.

    Start from a description (``desc``, the format of :mod:`lotus_kit.white_lotus.position`), a state
    (:meth:`from_state`), or the start of a new game (``players``, ``seed``). ``flags`` are the variant
    flags the position is checked against. ``on_play(session)`` receives the session of "Play on from
    here" (default: a game table opens below the editor, reused on the next play).
    """

    def __init__(self, desc: Mapping[str, Any] | None = None, *, players: int = 4, seed: int = 0,
                 flags: tuple[str, ...] = (), on_play: Callable[[GameSession], None] | None = None,
                 board_width: int = 720, **kwargs):
        self.flags = tuple(flags)
        self.on_play = on_play
        self.table = None
        self.reasons: list[str] = []
        self._loading = False
        self._chips: dict[str, tuple[int, str]] = {}      # province -> (owner or -1, building)
        self._markers: dict[str, set[int]] = {}
        if desc is None:
            desc = describe_position(new_game(players, seed, RuleSet.from_flags(self.flags)))
        n = int(desc.get("players", players)) if isinstance(desc.get("players", players), int) else players

        # -- tools ------------------------------------------------------------------------------------
        seat_opts = list(zip(SEAT_NAMES, range(MOST), strict=False))
        self.tool = widgets.ToggleButtons(options=TOOLS, value="chip", description="Tool",
                                          style={"button_width": "auto"})
        self.owner = widgets.Dropdown(options=[("neutral", -1), *seat_opts], value=-1, description="Owner",
                                      layout=widgets.Layout(width="200px"))
        self.building = widgets.ToggleButtons(options=[(f"{k} {BUILDING_NAMES[k]}", k) for k in BUILDINGS],
                                              value="V", description="Building", style={"button_width": "auto"})
        self.marker_seat = widgets.Dropdown(options=seat_opts, value=0, description="Marker of",
                                            layout=widgets.Layout(width="200px"))
        self.tool.observe(lambda _c: self._tool_changed(), "value")
        self.picker = widgets.Dropdown(description="Province", options=[], layout=widgets.Layout(width="260px"))
        self.paint_button = widgets.Button(description="Paint", icon="paint-brush",
                                           tooltip="The same as clicking the province on the board")
        self.paint_button.on_click(lambda _b: self.paint(self.picker.value) if self.picker.value else None)
        # -- the rest of the position -----------------------------------------------------------------
        self.players = widgets.Dropdown(options=list(PLAYER_COUNTS), value=n, description="Players",
                                        layout=widgets.Layout(width="160px"))
        self.year = widgets.BoundedIntText(value=1, min=1, max=30, description="Year",
                                           layout=widgets.Layout(width="150px"))
        self.phase = widgets.Dropdown(options=[(f"{k} {PHASE_NAMES[k]}", k) for k in range(1, 7)], value=1,
                                      description="Phase", layout=widgets.Layout(width="260px"))
        self.emperor = widgets.Dropdown(options=seat_opts[:n], value=0, description="Emperor",
                                        layout=widgets.Layout(width="200px"))
        self.seed = widgets.IntText(value=0, description="Pool seed", layout=widgets.Layout(width="180px"),
                                    tooltip="orders the draw pool (WL-SETUP-3)")
        self.final_year = widgets.Checkbox(value=False, description="Last year (WL-END-1)", indent=False)
        self.start_palace = widgets.Dropdown(options=[("none", None)], value=None, description="Start palace",
                                             tooltip="a neutral palace on a lotus province resolved first (WL-CONF-2)",
                                             layout=widgets.Layout(width="260px"))
        self.influence = [widgets.Text(description=f"{SEAT_NAMES[s]} influence", style={"description_width": "110px"},
                                       layout=widgets.Layout(width="280px")) for s in range(MOST)]
        self.combat = [widgets.Text(description="combat", style={"description_width": "50px"},
                                    layout=widgets.Layout(width="150px")) for _ in range(MOST)]
        self.vp = [widgets.BoundedIntText(value=0, min=0, max=99, description="VP", style={"description_width": "25px"},
                                          layout=widgets.Layout(width="90px")) for _ in range(MOST)]
        self.hand_rows = [widgets.HBox([self.influence[s], self.combat[s], self.vp[s]]) for s in range(MOST)]
        for w in (self.players, self.year, self.phase, self.emperor, self.seed, self.final_year, self.start_palace,
                  *self.influence, *self.combat, *self.vp):
            w.observe(lambda _c: self._changed(), "value")
        self.check = widgets.HTML()
        self.start_button = widgets.Button(description="Start position", icon="undo",
                                           tooltip="The start of a new game with this many players")
        self.start_button.on_click(lambda _b: self.load(describe_position(
            new_game(self.players.value, self.seed.value, RuleSet.from_flags(self.flags)))))
        self.play_button = widgets.Button(description="Play on from here", button_style="success", icon="play")
        self.play_button.on_click(lambda _b: self.play())
        self.json = widgets.Textarea(layout=widgets.Layout(width="98%", height="120px"))
        self.json_button = widgets.Button(description="Use this JSON", icon="upload")
        self.json_button.on_click(lambda _b: self.load_json(self.json.value))
        self.feedback = widgets.HTML()
        self.play_area = widgets.VBox()

        self.load(desc)
        self.board = BoardWidget(self.preview(), width=board_width, highlight=())
        self.board.on_province_click(self.paint)
        self._caption()
        tools = widgets.VBox([
            widgets.HTML("<b>Paint the board</b>: choose a tool, then click provinces (or pick one and press Paint)."),
            self.tool, self.building, widgets.HBox([self.owner, self.marker_seat]),
            widgets.HBox([self.picker, self.paint_button])])
        position_box = widgets.VBox([
            widgets.HTML("<b>The rest of the position</b>"),
            widgets.HBox([self.players, self.year, self.phase], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.emperor, self.seed, self.start_palace], layout=widgets.Layout(flex_flow="row wrap")),
            self.final_year,
            widgets.HTML("<b>Hands</b> (card values, e.g. <code>3,3,2,1,0</code>; one 0 card at most) "
                         "and VP chips"),
            *self.hand_rows])
        right = widgets.VBox([tools, position_box, self.check, widgets.HBox([self.play_button, self.start_button]),
                              self.feedback],
                             layout=widgets.Layout(width="560px", min_width="380px", flex="1 1 480px",
                                                   padding="0 0 0 8px"))
        json_box = widgets.Accordion([widgets.VBox([self.json, self.json_button])],
                                     titles=("The position as JSON (copy it, or paste one)",))
        json_box.selected_index = None
        kwargs.setdefault("layout", widgets.Layout(width="100%"))
        super().__init__([widgets.HBox([self.board, right], layout=widgets.Layout(flex_flow="row wrap")),
                          json_box, self.play_area], **kwargs)
        self.add_class("lotus-editor")
        self._tool_changed()
        self._changed()

    @classmethod
    def from_state(cls, state: State, **kwargs) -> PositionEditor:
        """An editor holding the position of ``state`` (mid-phase progress is dropped)."""
        return cls(describe_position(state), flags=state.rules.flags(), **kwargs)

    # -- the description ----------------------------------------------------------------------------------
    def load(self, desc: Mapping[str, Any]) -> None:
        """Fill the editor from a position description."""
        self._loading = True
        try:
            n = desc.get("players", 4)
            n = n if n in PLAYER_COUNTS else INFO.default_players
            self.players.value = n
            self.emperor.options = list(zip(SEAT_NAMES, range(n), strict=False))
            emperor = desc.get("emperor", 0)
            self.emperor.value = emperor if isinstance(emperor, int) and 0 <= emperor < n else 0
            self.year.value = max(1, min(30, int(desc.get("year", 1)) if isinstance(desc.get("year", 1), int) else 1))
            phase = desc.get("phase", 1)
            self.phase.value = phase if phase in range(1, 7) else 1
            self.seed.value = desc.get("seed", 0) if isinstance(desc.get("seed", 0), int) else 0
            self.final_year.value = bool(desc.get("final_year", False))
            self._chips = {}
            for pid, spec in dict(desc.get("owners", {})).items():
                if isinstance(spec, list | tuple) and len(spec) == 2:
                    self._chips[pid] = (int(spec[0]), str(spec[1]))
            for pid, kind in dict(desc.get("neutral", {})).items():
                self._chips.setdefault(pid, (-1, str(kind)))
            self._markers = {pid: {int(s) for s in seats} for pid, seats in dict(desc.get("markers", {})).items()}
            hands = dict(desc.get("hands", {}))
            vp = dict(desc.get("vp_chips", {}))
            for s in range(MOST):
                h = hands.get(str(s), hands.get(s))
                start = Hand.start(RuleSet.from_flags(self.flags).start_combat_single)
                inf = h.get("influence", []) if isinstance(h, Mapping) else list(start.influence_cards())
                com = h.get("combat", []) if isinstance(h, Mapping) else list(start.combat_cards())
                self.influence[s].value = ",".join(map(str, inf))
                self.combat[s].value = ",".join(map(str, com))
                self.vp[s].value = int(vp.get(str(s), vp.get(s, 0)) or 0)
            self._pool = list(desc["pool"]) if isinstance(desc.get("pool"), list) else None
            self._start_palace_options()
            self.start_palace.value = desc.get("start_palace") if desc.get("start_palace") in \
                [v for _, v in self.start_palace.options] else None
        finally:
            self._loading = False
        if hasattr(self, "board"):
            self._changed()
        else:
            self._validate()

    def description(self) -> dict[str, Any]:
        """The position as a description (the format of :mod:`lotus_kit.white_lotus.position`)."""
        n = self.players.value
        owners = {pid: [o, k] for pid, (o, k) in sorted(self._chips.items()) if o >= 0}
        neutral = {pid: k for pid, (o, k) in sorted(self._chips.items()) if o < 0}
        desc: dict[str, Any] = {"players": n, "year": self.year.value, "phase": self.phase.value,
                                "emperor": self.emperor.value, "seed": self.seed.value,
                                "owners": owners, "neutral": neutral}
        markers = {pid: sorted(seats) for pid, seats in sorted(self._markers.items()) if seats}
        if markers:
            desc["markers"] = markers
        hands: dict[str, Any] = {}
        for s in range(n):
            inf = parse_cards(self.influence[s].value)
            com = parse_cards(self.combat[s].value)
            hands[str(s)] = {"influence": list(inf) if inf is not None else self.influence[s].value,
                             "combat": list(com) if com is not None else self.combat[s].value}
        desc["hands"] = hands
        vp = {str(s): self.vp[s].value for s in range(n) if self.vp[s].value}
        if vp:
            desc["vp_chips"] = vp
        if self._pool is not None:
            # keep a given pool only while it still fits the board (else the rest of the mix, shuffled)
            on_board = [k for _, k in self._chips.values()]
            mix = board_view(n).data.neutral_mix
            if all(on_board.count(k) + self._pool.count(k) <= mix[k] for k in BUILDINGS):
                desc["pool"] = list(self._pool)
        if self.start_palace.value:
            desc["start_palace"] = self.start_palace.value
        if self.final_year.value:
            desc["final_year"] = True
        return desc

    def state(self) -> State:
        """The position as a playable state; :class:`PositionError` lists what is impossible."""
        return position(self.description(), RuleSet.from_flags(self.flags))

    def preview(self) -> State:
        """The setup as a state to draw: the real position when it is possible, else a bare state
        with the painted board (nobody to act)."""
        desc = self.description()
        rules = RuleSet.from_flags(self.flags)
        if not self.reasons:
            try:
                return position(desc, rules)
            except PositionError:
                pass
        view = board_view(self.players.value)
        chips = [""] * len(view.provinces)
        owners = [-1] * len(view.provinces)
        markers = [0] * len(view.provinces)
        n = self.players.value
        for pid, (o, k) in self._chips.items():
            if pid in view.index_of and k in BUILDINGS:
                i = view.index_of[pid]
                chips[i], owners[i] = k, o if 0 <= o < n else -1
        for pid, seats in self._markers.items():
            if pid in view.index_of:
                markers[view.index_of[pid]] = sum(1 << s for s in seats if 0 <= s < n)
        hands = []
        for s in range(n):
            inf = counts_of(parse_cards(self.influence[s].value) or (), (0, 1, 2, 3)) or (0, 0, 0, 0)
            com = counts_of(parse_cards(self.combat[s].value) or (), (1, 2, 3)) or (0, 0, 0)
            hands.append(Hand(min(inf[0], 1), inf[1], inf[2], inf[3], *com))
        return State(rules=rules, players=n, seed=self.seed.value, year=self.year.value, phase=Phase(self.phase.value),
                     emperor=self.emperor.value if self.emperor.value < n else 0, chips=tuple(chips),
                     owners=tuple(owners), markers=tuple(markers), hands=tuple(hands),
                     vp_chips=tuple(self.vp[s].value for s in range(n)), pool=tuple(self._pool or ()), start_palace=-1)

    # -- painting -----------------------------------------------------------------------------------------
    def paint(self, province: str) -> None:
        """Apply the current tool to ``province`` (what a click on the board does)."""
        view = board_view(self.players.value)
        if province not in view.index_of:
            self.feedback.value = box(f"There is no province {province!r}.", "error")
            return
        name = view.province(province).name
        tool = self.tool.value
        if tool == "chip":
            owner = self.owner.value
            if owner >= self.players.value:
                self.feedback.value = box(f"There is no {SEAT_NAMES[owner]} with {self.players.value} players "
                                          "(WL-SETUP-1).", "error")
                return
            self._chips[province] = (owner, self.building.value)
            if owner >= 0:
                self._markers.pop(province, None)        # markers go on neutral chips only (WL-PLACE-2)
            who = "neutral" if owner < 0 else f"{SEAT_NAMES[owner]}'s"
            text = f"{name}: {who} {BUILDING_NAMES[self.building.value]}."
        elif tool == "marker":
            seat = self.marker_seat.value
            seats = self._markers.setdefault(province, set())
            if seat in seats:
                seats.discard(seat)
                text = f"{name}: {SEAT_NAMES[seat]}'s marker removed."
            else:
                seats.add(seat)
                text = f"{name}: {SEAT_NAMES[seat]}'s marker placed."
        else:
            self._chips.pop(province, None)
            self._markers.pop(province, None)
            text = f"{name}: empty."
        self.feedback.value = box(linkify(text), "info")
        self._changed()

    def _tool_changed(self) -> None:
        tool = self.tool.value
        self.building.layout.display = "flex" if tool == "chip" else "none"
        self.owner.layout.display = "flex" if tool == "chip" else "none"
        self.marker_seat.layout.display = "flex" if tool == "marker" else "none"

    # -- keeping everything in step -------------------------------------------------------------------------
    def _start_palace_options(self) -> None:
        view = board_view(self.players.value)
        lotus = [p.id for p in view.provinces if p.lotus and view.is_in_play(p.id)]
        options = [("none", None)] + [(view.province(pid).name, pid) for pid in lotus
                                      if self._chips.get(pid) == (-1, "P")]
        if list(self.start_palace.options) != options:
            value = self.start_palace.value
            self.start_palace.options = options
            self.start_palace.value = value if value in [v for _, v in options] else None

    def _validate(self) -> None:
        self.reasons = [name_seats(r) for r in validate(self.description(), RuleSet.from_flags(self.flags))]
        if self.reasons:
            items = "".join(f"<li>{linkify(r)}</li>" for r in self.reasons)
            self.check.value = box(f"<b>Not a possible position</b> ({len(self.reasons)} reason"
                                   f"{'s' if len(self.reasons) != 1 else ''}):<ul style='margin:2px 0'>{items}</ul>",
                                   "error")
        else:
            self.check.value = box("<b>A possible position</b>: ready to play on.", "ok")
        if hasattr(self, "play_button"):
            self.play_button.disabled = bool(self.reasons)

    def _changed(self) -> None:
        if self._loading:
            return
        n = self.players.value
        if [v for _, v in self.emperor.options] != list(range(n)):
            self._loading = True
            try:
                value = self.emperor.value
                self.emperor.options = list(zip(SEAT_NAMES, range(n), strict=False))
                self.emperor.value = value if value is not None and value < n else 0
            finally:
                self._loading = False
        for s, row in enumerate(self.hand_rows):
            row.layout.display = "flex" if s < n else "none"
        self._start_palace_options()
        self._validate()
        view = board_view(n)
        options = [(p.name, p.id) for p in sorted(view.provinces, key=lambda p: p.name) if view.is_in_play(p.id)]
        if [v for _, v in options] != [v for _, v in self.picker.options]:
            self.picker.options = options
        self.json.value = json.dumps(self.description(), ensure_ascii=False)
        if hasattr(self, "board"):
            self.board.show(self.preview(), highlight=())
            self._caption()

    def _caption(self) -> None:
        state = self.board.state
        text = ("Position editor · a possible position" if not self.reasons
                else f"Position editor · {len(self.reasons)} problem(s), see the list")
        self.board.figure.layout.title.subtitle.text = f"{text} · phase {int(state.phase)}"

    def load_json(self, text: str) -> bool:
        """Fill the editor from a JSON position description; bad JSON is refused with a message."""
        try:
            desc = json.loads(text)
            if not isinstance(desc, dict):
                raise ValueError("a position is a JSON object of fields")
        except ValueError as exc:
            self.feedback.value = box(f"Not a position description: {exc}", "error")
            return False
        self.load(desc)
        self.feedback.value = box("Position loaded from JSON.", "ok")
        return True

    # -- playing on ------------------------------------------------------------------------------------------
    def session(self, seats: list[str] | None = None) -> GameSession:
        """A game session starting at this position (raises :class:`RecordError` if impossible)."""
        n = self.players.value
        seats = seats or ["human"] + ["heuristic"] * (n - 1)
        return GameSession.from_position(self.description(), self.flags, seats)

    def play(self) -> GameSession | None:
        """"Play on from here": a session at this position, handed to ``on_play`` or shown in a table."""
        try:
            session = self.session()
        except (RecordError, LotusKitError) as exc:
            self.feedback.value = box(linkify(f"Cannot play on: {exc}"), "error")
            return None
        if self.on_play is not None:
            self.on_play(session)
        else:
            from lotus_kit.ui.table import GameTable

            if self.table is None:
                self.table = GameTable(session, mode="open")
                self.play_area.children = (widgets.HTML("<h3>Playing on from the position</h3>"), self.table)
            else:
                self.table.set_session(session)
        self.feedback.value = box("Playing on from this position below.", "ok")
        return session

