"""Winter in plain words: what must be decided now, and what an action did (with seat names)."""

from __future__ import annotations

from lotus_kit.core.game import Decision
from lotus_kit.winter import engine as e
from lotus_kit.winter.actions import (
    Action,
    ChooseColour,
    Decline,
    DrawCard,
    KeepPart,
    Lay,
    MoveCard,
    PlaceToken,
    RemoveCard,
    TakeBack,
)

SEAT_NAMES = ("Player 1", "Player 2")

# phase -> (decision kind, rules, words with {who})
_DECISIONS = {
    e.SETUP_FIRST: ("start_card", ("WIN-SET-2", "WIN-CLAR-2"), "{who} lays the first start card at (0, 0)"),
    e.SETUP_SECOND: ("start_card", ("WIN-SET-2", "WIN-CLAR-2"), "{who} lays the second start card next to it"),
    e.SETUP_COLOUR: ("colour", ("WIN-SET-3",), "{who} chooses a colour, light or dark"),
    e.FREEZE: ("freeze_turn", ("WIN-PH1-1", "WIN-CLAR-3"), "{who} lays a card or places a token"),
    e.FREEZE_LAY: ("lay_card", ("WIN-PH1-1", "WIN-GEO-5"), "{who} lays the card {card}"),
    e.CLAIM: ("claim", ("WIN-BGA-1", "WIN-CLAR-5"), "{who} may claim a square the card just laid formed"),
    e.THAW: ("thaw_move", ("WIN-PH2-1", "WIN-CLAR-10"), "{who} moves or removes a free card{take_back}"),
    e.THAW_TOKEN: ("token_after_move", ("WIN-CLAR-8",), "{who} may place a token on a square his move formed"),
    e.THAW_SPLIT: ("keep_part", ("WIN-SPLIT-1", "WIN-CLAR-9"), "{who} chooses which largest part of the lake stays"),
}
KINDS = (*dict.fromkeys(k for k, _, _ in _DECISIONS.values()), "game_over")


def seat_words(state: e.WinterState, seat: int) -> str:
    """``"Player 2 (dark)"`` once colours are chosen, else ``"Player 2"``."""
    colour = state.colours[seat]
    return f"{SEAT_NAMES[seat]} ({colour})" if colour else SEAT_NAMES[seat]


def decision(state: e.WinterState) -> Decision:
    v = state.v
    ph = v[e.PHASE]
    if ph == e.OVER:
        won = e.winners(v)
        result = "a draw" if len(won) == 2 else f"{SEAT_NAMES[min(won)]} wins"
        return Decision("game_over", frozenset(), False, ("WIN-TIE-1",),
                        f"The game is over: {state.end_reason}; {result} (WIN-TIE-1)")
    kind, rules, text = _DECISIONS[ph]
    who = seat_words(state, v[e.TURN])
    words = text.format(who=who, card=state.card_in_hand or "",
                        take_back="" if state.rules.bga else " or takes back a token")
    return Decision(kind, frozenset({v[e.TURN]}), False, rules, f"{words} ({rules[0]})")


def describe(action: Action, state: e.WinterState) -> str:
    """The action in plain words, as done in ``state`` (the state before it)."""
    who = seat_words(state, state.v[e.TURN]) if not state.is_over else "Nobody"
    if isinstance(action, Lay):
        card = state.card_in_hand or "a card"
        turned = ", turned" if action.turned else ""
        return f"{who} lays {card}{turned} at ({action.x}, {action.y})"
    if isinstance(action, DrawCard):
        return f"{who} turns up the top card to lay it"
    if isinstance(action, ChooseColour):
        return f"{SEAT_NAMES[state.v[e.TURN]]} chooses {action.colour}"
    if isinstance(action, PlaceToken):
        return f"{who} places a token on the square at ({action.x}, {action.y})"
    if isinstance(action, Decline):
        return f"{who} places no token"
    if isinstance(action, MoveCard):
        turned = ", turned 180°" if action.turn else ""
        return f"{who} moves the card at ({action.x}, {action.y}) to ({action.to_x}, {action.to_y}){turned}"
    if isinstance(action, RemoveCard):
        return f"{who} removes the card at ({action.x}, {action.y})"
    if isinstance(action, TakeBack):
        return f"{who} takes back his token from the square at ({action.x}, {action.y})"
    if isinstance(action, KeepPart):
        return f"{who} keeps the part with the card at ({action.x}, {action.y})"
    return f"{who}: {action!r}"


class WinterEvent:
    """One thing that happened, said with the seat names of the caller (``text(name)``)."""

    __slots__ = ("kind", "seat", "words")

    def __init__(self, kind: str, seat: int | None, words: str):
        self.kind, self.seat, self.words = kind, seat, words

    def text(self, name=lambda seat: SEAT_NAMES[seat]) -> str:
        return self.words.format(who=name(self.seat) if self.seat is not None else "")

    def to_dict(self) -> dict:
        return {"kind": self.kind, "seat": self.seat, "text": self.text()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WinterEvent) and (self.kind, self.seat, self.words) == \
            (other.kind, other.seat, other.words)

    def __hash__(self) -> int:
        return hash((self.kind, self.seat, self.words))

    def __repr__(self) -> str:
        return f"WinterEvent({self.kind!r}, {self.text()!r})"


def events(state: e.WinterState) -> tuple[WinterEvent, ...]:
    """The events of the action that led to ``state``: the action, a melt, the thaw's start, the end."""
    v = state.v
    kind = v[e.LAST_KIND] - 1
    if kind < 0:
        return ()
    seat = v[e.LAST_SEAT]
    x, y, tx, ty, t = v[e.LAST_X], v[e.LAST_Y], v[e.LAST_TX], v[e.LAST_TY], v[e.LAST_T]
    words = {
        e.LAY: lambda: f"{{who}} lays {state.deck.ids[v[e.LAST_CARD]]}{', turned' if t else ''} at ({x}, {y})",
        e.DRAW: lambda: "{who} turns up the top card to lay it",
        e.COLOUR: lambda: f"{{who}} chooses {e.COLOUR_NAMES[t]}",
        e.TOKEN: lambda: f"{{who}} places a token on the square at ({x}, {y})",
        e.DECLINE: lambda: "{who} places no token",
        e.MOVE: lambda: f"{{who}} moves the card at ({x}, {y}) to ({tx}, {ty}){', turned 180°' if t else ''}",
        e.REMOVE: lambda: f"{{who}} removes the card at ({x}, {y})",
        e.TAKEBACK: lambda: f"{{who}} takes back his token from the square at ({x}, {y})",
        e.KEEP: lambda: f"{{who}} keeps the part with the card at ({x}, {y})",
    }[kind]()
    out = [WinterEvent(KINDS_OF_ACTION[kind], seat, words)]
    if v[e.LAST_MELT] > 0:
        n = v[e.LAST_MELT]
        melt = f"{n} card{'s' * (n != 1)} melt{'s' * (n == 1)}"
        out.append(WinterEvent("melt", seat, f"the lake splits: {melt} (WIN-SPLIT-1)"))
    freezing = v[e.LAST_PHASE] not in (e.THAW, e.THAW_TOKEN, e.THAW_SPLIT)
    if freezing and v[e.PHASE] == e.THAW:
        out.append(WinterEvent("thaw", v[e.TURN], "the last card lies: the thaw begins with {who} (WIN-PH1-3)"))
    if v[e.PHASE] == e.OVER:
        won = e.winners(v)
        result = "a draw" if len(won) == 2 else f"{SEAT_NAMES[min(won)]} wins"
        out.append(WinterEvent("game_over", None, f"the game ends: {state.end_reason}; {result} "
                                                  f"({v[e.TOK0].bit_count()}–{v[e.TOK1].bit_count()} tokens on "
                                                  f"the lake, cards removed {v[e.REM0]}–{v[e.REM1]}; WIN-TIE-1)"))
    return tuple(out)


KINDS_OF_ACTION = ("lay", "draw", "token", "decline", "move", "remove", "take_back", "keep", "colour")
