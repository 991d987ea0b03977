"""Ming Dynastie for the shared UI: :data:`SCREEN` (a :class:`lotus_kit.ui.screen.GameScreen`).

Everything a seat's screen shows is computed from ``MING.observation(state, seat)``; the board figure
shows only public things (MING-CLAR-17). The return-card choice is the sealed decision
(MING-CLAR-11): at the hot-seat table the screen is passed before it.
"""

from __future__ import annotations

from html import escape
from typing import Any

from lotus_kit.ming.actions import ChooseReturn
from lotus_kit.ming.screen.board import PHASE_WORDS, board_figure
from lotus_kit.ui.screen import GameScreen, PanelTab


class MingScreen(GameScreen):
    sealed_rule = "MING-CLAR-11"
    over_rule = "MING-END-3"
    hidden_rule = "MING-CLAR-17"
    full_record_note = ("full record: the seed orders the face-down movement supply and every return-card "
                        "choice is in it (MING-CLAR-17); share it after the game")

    @property
    def panels(self) -> tuple[PanelTab, ...]:  # type: ignore[override]
        from lotus_kit.ming.screen.panels import MingActionPanel
        return (PanelTab("play", "Play", MingActionPanel, tip="the decision now"),)

    def position_words(self, game: Any, state: Any) -> str:
        return f"round {state.round}, {PHASE_WORDS.get(str(state.phase), str(state.phase))}"

    def describe_position(self, game: Any, state: Any) -> Any:
        from lotus_kit.ming.position import PHASES, description
        return description(state) if state.phase in PHASES else None

    def board_figure(self, game: Any, state: Any, seat: int | None = None, **options: Any) -> Any:
        return board_figure(state, seat, width=options.get("width", 1000))

    def private(self, game: Any, action: Any) -> bool:
        return isinstance(action, ChooseReturn)

    def hand_html(self, game: Any, state: Any, seat: int) -> str:
        """The seat's cards, tiles, waiting pieces and (its own) return-card choice, from its observation."""
        o = game.observation(state, seat)
        me = o["seats"][seat]
        cards = ", ".join(f"{k} {v}" for k, v in me["hand"].items()) or "no cards"
        tiles = ", ".join(f"{k} {v}" for k, v in me["tiles"].items() if v) or "no tiles"
        spaces = ", ".join(f"{k} {v}" for k, v in me["spaces"].items() if v) or "none"
        ret = me["return_cards"]
        extra = f"<br>return cards chosen: {escape(str(ret))}" if isinstance(ret, int) else ""
        return (f'<div class="lotus-hand"><b>{escape(me["name"])}</b>: {escape(cards)}<br>tiles: {escape(tiles)}'
                f"<br>waiting on province spaces: {escape(spaces)}{extra}</div>")

    def public_html(self, game: Any, state: Any) -> str:
        o = game.observation(state, None)
        display = ", ".join(f"{k}: {v}" for k, v in o["display"].items())
        return (f'<div class="lotus-public">display {escape(display)}; dragons in the supply {o["dragon_supply"]}; '
                f'face-down supply {o["supply_size"]} cards</div>')


SCREEN = MingScreen()
