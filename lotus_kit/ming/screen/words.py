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
    names_are_colours = True
    full_record_note = ("full record: the seed orders the face-down movement supply and every return-card "
                        "choice is in it (MING-CLAR-17); share it after the game")

    reveals = ("ReturnsRevealed",)      # the return cards of a city, shown to all before the next hand-off
    public_rule = "MING-CLAR-17"

    @property
    def panels(self) -> tuple[PanelTab, ...]:  # type: ignore[override]
        from lotus_kit.ming.screen import phases as p
        return (
            PanelTab("setup", "Setup", p.SetupPanel, kinds=("place_prince", "place_neutral"),
                     tip="princes into districts (MING-SET-5)"),
            PanelTab("p1", "1 · Spaces", p.SpacesPanel, kinds=("phase1",), tip="family members onto province spaces"),
            PanelTab("p2", "2 · Cards", p.CardsPanel, kinds=("phase2",), tip="movement cards and dragons"),
            PanelTab("p3", "3 · Princes", p.PrincePanel, kinds=("phase3", "deploy"),
                     tip="move the princes and deploy"),
            PanelTab("p4", "4 · Scoring", p.ScoringPanel, kinds=("choose_return", "split_return", "exchange_sets"),
                     tip="after rounds 2, 4, 6: majorities, return cards, cities, cloisters", hold=True),
            PanelTab("p5", "5 · Start player", p.StartPanel, kinds=("choose_start",),
                     tip="4 players: the next start player"),
            PanelTab("score", "Score", p.ScorePanel, kinds=("game_over",), tip="the score track and every scoring"),
        )

    def board_widget(self, game: Any, state: Any, *, width: int = 720, **options: Any) -> Any:
        from lotus_kit.ming.screen.widget import MingBoard
        return MingBoard(state, width=width)

    def step_events(self, game: Any, before: Any, action: Any, after: Any) -> tuple:
        from lotus_kit.ming.screen.events import step_events
        return step_events(before, action, after)

    def seat_colours(self, game: Any) -> list[str]:
        from lotus_kit.ming.screen.board import COLOUR_FILL
        return [COLOUR_FILL[name] for name in game.info.seat_names]

    def where(self, game: Any, state: Any) -> str:
        return "the game is over" if game.is_over(state) else self.position_words(game, state)

    def spot_name(self, game: Any, state: Any, spot: str) -> str:
        return spot.replace("space:", "the province space ").replace("~", "–")

    def action_words(self, game: Any, action: Any, state: Any) -> str:
        return "choice of return cards" if isinstance(action, ChooseReturn) else super().action_words(game, action,
                                                                                                       state)

    def score_html(self, game: Any, state: Any) -> str:
        return score_track_html(game, state)

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


def score_track_html(game: Any, state: Any) -> str:
    """The score track: one row per seat with its letter chip, a bar to its points and the points
    (seats differ by letter and name, not colour alone); winners starred at the end."""
    from lotus_kit.ming.screen.phases import seat_badge
    scores = [int(x) for x in game.scores(state)]
    top = max(50, *scores) if scores else 50
    winners = game.winners(state)
    rows = []
    for seat, points in enumerate(scores):
        width = int(220 * points / top)
        star = " ★ winner" if seat in winners else ""
        rows.append(f'<tr><td style="padding-right:6px">{seat_badge(seat)}</td><td style="width:230px">'
                    f'<div style="height:10px;width:{width}px;background:#8a6d1f;border-radius:2px"></div></td>'
                    f"<td><b>{points}</b>{star}</td></tr>")
    title = "Final score" if game.is_over(state) else f"Score track (round {state.round} of 6; scorings after 2, 4, 6)"
    return f'<div class="lotus-score ming-score-track"><b>{title}</b><table>{"".join(rows)}</table></div>'


SCREEN = MingScreen()
