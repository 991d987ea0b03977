"""What Der weiße Lotus shows (the game UI protocol, :mod:`lotus_kit.ui.screen`).

The engine (``lotus_kit.white_lotus``) never imports this package; the shared UI finds it through
:func:`lotus_kit.ui.screen.screen_for`. It gathers the game's board (:mod:`lotus_kit.white_lotus.views.board`,
:class:`~lotus_kit.white_lotus.screen.board.BoardWidget`), its phase panels
(:mod:`lotus_kit.white_lotus.screen.phases`), its step charts (:mod:`lotus_kit.white_lotus.views.charts`), the
explorer's pieces (:mod:`~lotus_kit.white_lotus.screen.explorer`, the line diff
:mod:`~lotus_kit.white_lotus.screen.compare`), its tools (the equilibrium :mod:`~lotus_kit.white_lotus.screen.advisor`,
the painted position :mod:`~lotus_kit.white_lotus.screen.editor`) and its words. The old paths
(``lotus_kit.ui.phases``, ``lotus_kit.ui.board.BoardWidget``, ``lotus_kit.ui.advisor``,
``lotus_kit.ui.editor``, ``lotus_kit.ui.compare.diff``) re-export them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lotus_kit.ui.screen import GameScreen, PanelTab
from lotus_kit.white_lotus.actions import Bid, JoinSide, TakeIncome, TakeRefund
from lotus_kit.white_lotus.observation import public_event
from lotus_kit.white_lotus.redaction import FULL_NOTE
from lotus_kit.white_lotus.seats import SEAT_NAMES, plain_names
from lotus_kit.white_lotus.state import PHASE_NAMES

__all__ = ["FLAG_WORDS", "PRIVATE_DECISIONS", "REVEALS", "SCREEN", "WhiteLotusScreen"]

PRIVATE_DECISIONS = (Bid, JoinSide, TakeIncome, TakeRefund)
"""Decisions made with one's hidden cards (WL-INFO-1): only these need the screen passed to the seat."""
REVEALS = ("ConflictRound", "RebellionResolved", "IncomeTaken")
"""Events that reveal sealed choices (WL-INFO-3): the table shows them to everyone before a hand-off."""

FLAG_WORDS: dict[str, str] = {
    "WL_START_COMBAT_SINGLE": "One combat card to start",
    "WL_LOSER_KEEPS_FLOOR_HALF": "Conflict loser gets the smaller half back",
    "WL_REWARD_NO_ADJACENCY": "Rebellion rewards anywhere",
    "WL_REWARD_REQUIRES_COMBAT": "Rewards only for allies who fought",
    "WL_NEWTERR_ADJ_OWNED": "New chips only beside owned land",
    "WL_EMPEROR_CHECK_END_OF_PHASE": "Palace check once, at the end of phase 2",
    "WL_CHAIN_TIE_NONE": "No bonus for a tied largest group",
    "WL_OPTIONAL_PLACEMENT": "Placing markers is optional",
    "WL_FINITE_SUPPLY": "Limited card supply",
    "WL_ENFORCE_CHIP_LIMIT": "Chip limit per colour",
    "WL_DESIGNER": "The designer's original rules",
}
"""Each variant flag in plain words (the setup shows these; the rule text is the tooltip)."""

# the decision kinds of each phase (lotus_kit.white_lotus.decision)
_KINDS = {1: ("claim",), 2: ("choose", "bid", "tie", "refund"), 3: (), 4: ("lead", "side", "reward"),
          5: ("income",), 6: ("temple", "place"), 7: ("game_over",)}
_LABELS = {1: "1 Claims", 2: "2 Conflicts", 3: "3 Emperor", 4: "4 Rebellion", 5: "5 Cards", 6: "6 Provinces",
           7: "End"}


class WhiteLotusScreen(GameScreen):
    """The board of China, a panel per phase of the year, the conflict and rebellion charts."""

    reveals = REVEALS
    sealed_rule = "WL-INFO-3"
    over_rule = "WL-END-2"
    hidden_rule = "WL-INFO-1"
    full_record_note = FULL_NOTE

    # -- words (pure Python: the session reads them) ---------------------------------------------------
    def plain_words(self, game: Any, text: str) -> str:
        """Seat numbers and province ids in an engine message, as players say them."""
        return plain_names(text, SEAT_NAMES)

    def public_event(self, game: Any, event: Any, seat: int) -> Any:
        return public_event(event, seat)

    def position_words(self, game: Any, state: Any) -> str:
        return f"year {state.year}, phase {int(state.phase)}"

    def moment(self, game: Any, state: Any, seat: int) -> tuple:
        """The year, the phase, the kind of decision, the seat, and for a conflict decision the
        province and the round (WL-CONF-6..9)."""
        kind = game.decision(state).kind
        where: Any = None
        if kind in ("bid", "tie", "refund"):
            c = state.conflict
            where = (c.province, c.round)
        return (state.year, int(state.phase), kind, seat, where)

    def progress(self, game: Any, state: Any) -> tuple:
        return (state.year, int(state.phase))

    def flag_choices(self, game: Any) -> dict[str, tuple[str, str]]:
        from lotus_kit.white_lotus.rules import FLAG_NOTES, FLAGS

        return {flag: (FLAG_WORDS.get(flag, flag), FLAG_NOTES.get(flag, "")) for flag in FLAGS}

    def describe_position(self, game: Any, state: Any) -> Any:
        from lotus_kit.white_lotus.position_code import describe

        return describe(state)

    def tabs(self, game: Any) -> tuple[PanelTab, ...]:
        from lotus_kit.white_lotus.screen.phases import PANELS

        # after a human's move closes phase 2 or 4 the table keeps its outcome (the reveal, the
        # tally) on show until "Continue"; the emperor's point is shown with the rebellion
        return tuple(PanelTab(k, _LABELS[k], PANELS[k], _KINDS[k], f"phase {k}: {PHASE_NAMES[k]}",
                              also=(3,) if k == 4 else (), hold=k in (2, 4)) for k in PANELS)

    def tab_of(self, game: Any, state: Any) -> int:
        return int(state.phase)

    def board_widget(self, game: Any, state: Any, *, width: int = 720, **options: Any) -> Any:
        from lotus_kit.white_lotus.screen.board import BoardWidget

        return BoardWidget(state, width=width, **options)

    def board_figure(self, game: Any, state: Any, seat: int | None = None, **options: Any) -> Any:
        from lotus_kit.white_lotus.views.board import board_figure

        return board_figure(state, **options)

    public_rule = "WL-INFO-2"
    first_seat_field = ("first_emperor", "First emperor")

    def tab_words(self, game: Any, state: Any) -> str:
        now = int(state.phase)
        return f"phase {now}: {PHASE_NAMES[now]}"

    def tab_over_words(self, game: Any, tab: PanelTab) -> str:
        return f"Phase {tab.key}"

    def table_decision_text(self, session: Any) -> str:
        from lotus_kit.white_lotus.screen.phases.base import decision_text

        return decision_text(session)

    def log_heading(self, game: Any, year: int, phase: int) -> str:
        return f"Year {year}, phase {phase}: {PHASE_NAMES.get(phase, '')}"

    def record_prefix(self, game: Any) -> str:
        return "lotus"

    def where(self, game: Any, state: Any) -> str:
        if state.is_over:
            return f"Year {state.year} · the game is over"
        return f"Year {state.year} · phase {int(state.phase)}: {PHASE_NAMES[int(state.phase)]}"

    def hand_html(self, game: Any, state: Any, seat: int) -> str:
        from lotus_kit.white_lotus.observation import observation
        from lotus_kit.white_lotus.screen.phases.base import hand_html

        return hand_html(observation(state, seat).hand)

    def all_hands_html(self, game: Any, state: Any, who) -> str:
        from lotus_kit.ui.phases.text import seat_html
        from lotus_kit.white_lotus.screen.phases.base import hand_html

        return "".join(f"<tr><td>{seat_html(k, who(k))}</td><td>{hand_html(h)}</td></tr>"
                       for k, h in enumerate(state.hands))

    def public_html(self, game: Any, state: Any) -> str:
        from lotus_kit.ui.phases.text import linkify, seat_html

        sizes = ", ".join(f"{seat_html(k)} {h.size}" for k, h in enumerate(state.hands))
        return f"<small>Cards in hand (public, {linkify('WL-CARDS-4', names=False)}): {sizes}</small>"

    def score_html(self, game: Any, state: Any) -> str:
        from lotus_kit.white_lotus.screen.phases.base import score_html

        return score_html(state)

    def private(self, game: Any, action: Any) -> bool:
        return isinstance(action, PRIVATE_DECISIONS)

    def private_decision(self, game: Any, state: Any, seat: int, legal: Sequence[Any]) -> bool:
        return any(self.private(game, a) for a in legal)

    def action_words(self, game: Any, action: Any, state: Any) -> str:
        """A few words for an action (for undo messages): "bid", "marker in Chengdu"."""
        d = action.to_dict()
        kind = d.pop("type")
        d.pop("seat", None)
        words = {"PlaceMarker": "marker", "Pass": "pass", "ChooseProvince": "choice of province", "Bid": "bid",
                 "BreakTie": "tie-break", "TakeRefund": "refund", "DeclareRebellion": "answer to the rebellion",
                 "JoinSide": "side and combat cards", "TakeReward": "reward", "TakeIncome": "income",
                 "PlaceChip": "chip placement", "TempleDraw": "temple draw"}.get(kind, kind)
        if d.get("province"):
            pid = d["province"]
            name = state.board.province(pid).name if pid in state.board.index_of else pid
            return f"{words} in {name}"
        return words

    # -- the explorer ----------------------------------------------------------------------------------
    position_codes = True

    def advisor_tool(self, game: Any) -> Any:
        """The equilibrium of the sealed choice shown: bids (WL-CONF-6) and sides (WL-REB-3)."""
        from lotus_kit.white_lotus.screen.advisor import EquilibriumAdvice

        return EquilibriumAdvice()

    def editor_tool(self, game: Any) -> Any:
        """The position painted on the board (chips, markers), the hands and the rest in fields."""
        from lotus_kit.white_lotus.screen.editor import PaintedEditor

        return PaintedEditor()

    def describe(self, game: Any, action: Any, state: Any, seat: bool = True) -> str:
        from lotus_kit.white_lotus.words import describe_action

        return describe_action(action, state, seat=seat)

    def spot_name(self, game: Any, state: Any, spot: str) -> str:
        from lotus_kit.white_lotus.words import province_name

        return province_name(state, spot)

    def seat_colours(self, game: Any) -> list[str]:
        from lotus_kit.white_lotus.seats import SEAT_COLOURS

        return list(SEAT_COLOURS)

    def decision_words(self, game: Any, kind: str) -> str:
        from lotus_kit.white_lotus.screen.explorer import _KIND_WORDS

        return _KIND_WORDS.get(kind, kind)

    def episodes(self, game: Any, line: Any) -> Any:
        from lotus_kit.white_lotus.screen.explorer import _Episodes

        return _Episodes(line)

    def timeline_label(self, game: Any, a: int, b: int, step: int) -> str:
        from lotus_kit.white_lotus.screen.explorer import phase_label

        return phase_label(a, b, step)

    def chart_kinds(self, game: Any) -> tuple[tuple[str, str], ...]:
        from lotus_kit.white_lotus.screen.explorer import CHART_KINDS

        return CHART_KINDS

    def step_chart(self, game: Any, line: Any, k: int, kind: str, episodes: Any) -> tuple:
        from lotus_kit.white_lotus.screen.explorer import chart_spec

        return chart_spec(line, k, kind, episodes)

    def chart_head(self, game: Any, state: Any, step: int) -> str:
        return f"<b>Step {step}</b> · year {state.year}"

    def explorer_where(self, game: Any, state: Any) -> str:
        from lotus_kit.ui.phases.text import seat_html

        phase = "the game is over" if state.is_over else f"phase {int(state.phase)}: {PHASE_NAMES[int(state.phase)]}"
        return f"year {state.year} · {phase} · emperor {seat_html(state.emperor)}"

    def length_words(self, game: Any, state: Any) -> str:
        return f" ({state.year} year{'s' if state.year != 1 else ''})"

    def score_change(self, game: Any, a: Any, b: Any) -> str:
        from lotus_kit.white_lotus.screen.explorer import _score_change

        return _score_change(a, b)

    def diff_topics(self, game: Any) -> dict[str, str]:
        from lotus_kit.white_lotus.screen.compare import TOPICS

        return {topic: TOPICS[topic] for topic in ("score", "conflict", "emperor", "rebellion")}

    def line_diff(self, game: Any, a: Any, b: Any) -> Any:
        from lotus_kit.white_lotus.screen.compare import diff

        return diff(a, b)

    def step_place(self, game: Any, state: Any) -> tuple[str, str]:
        return f"year {state.year}", PHASE_NAMES[int(state.phase)]

    def card_label(self, game: Any, value: int) -> str:
        from lotus_kit.white_lotus.screen.phases.base import card_label

        return card_label(value)

    def card_tip(self, game: Any, kind: str, value: int) -> str:
        if value == 0:
            return "the 0 card: a bluff, it always comes back (WL-CONF-9)"
        return f"{kind} card of value {value}"

    def card_style(self, game: Any, kind: str) -> str:
        return "info" if kind == "influence" else "danger"

    def compose(self, game: Any, state: Any, seat: int, kind: str, legal: list[Any], current: Any) -> Any:
        from lotus_kit.white_lotus.screen.explorer import compose

        return compose(state, seat, kind, legal, current)

    def empty_record(self, game: Any) -> Any:
        from lotus_kit.white_lotus.game import new_record

        return new_record(4, 0)

    def is_code(self, text: Any) -> bool:
        from lotus_kit.white_lotus.position_code import is_code

        return is_code(text)

    def position_code(self, game: Any, line: Any, k: int) -> str:
        from lotus_kit.white_lotus.position_code import PositionCodeError, position_code

        try:
            return position_code(line.states[k], line.states[: k + 1], line.actions[:k])
        except PositionCodeError:
            return ""

    def decode(self, game: Any, text: str) -> Any:
        from lotus_kit.white_lotus.position_code import decode

        return decode(text)


SCREEN = WhiteLotusScreen()
