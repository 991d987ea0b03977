"""Winter's panels at the table: freezing (lay a card, claim a square), thawing (pick up a free card,
move it or remove it, a token after a move, the part that stays), and the end with its score.

Everything is done on the lake: a click names a grid corner (:class:`~lotus_kit.winter.screen.widget.
WinterBoard`). A card goes where its centre is clicked (green crosses mark the spots where it fits the
way it is turned), a token on the square whose centre is clicked (gold rings), a free card is picked up
by its centre. The panel shows the card in hand, turns it 180° and offers the choices that are not a
spot (draw, no token, remove, a colour). A click that is not legal changes nothing and says the rule.
The card in hand while freezing, and a free card in the thaw, can also be dragged on a lake of the
panel's own and let go near a spot that fits (:mod:`~lotus_kit.winter.screen.placer`), or put there
with the keys; both lakes show the same card picked up, turned the same way.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from lotus_kit.ui.panel import Panel
from lotus_kit.ui.phases.text import box, linkify
from lotus_kit.winter import engine as e
from lotus_kit.winter.actions import (
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
from lotus_kit.winter.screen.board import (
    DARK_FILL,
    DARK_FLAKE,
    LIGHT_FILL,
    LIGHT_FLAKE,
    Pointer,
    parse_spot,
    pointer_spots,
)
from lotus_kit.winter.screen.placer import CardPlacer
from lotus_kit.winter.words import SEAT_NAMES

__all__ = ["EndPanel", "FreezePanel", "ThawPanel", "card_html", "score_html"]


def card_html(pattern: str, name: str = "", size: int = 30) -> str:
    """A card as it lies (``"LL/LD"``): 2 x 2 flakes in the two colours, each with its snowflake in
    the other colour (light and dark differ in brightness too: readable without colour vision)."""
    cells = []
    for f in pattern.replace("/", ""):
        light = f == "L"
        cells.append(f'<div style="width:{size}px;height:{size}px;background:{LIGHT_FILL if light else DARK_FILL};'
                     f'color:{LIGHT_FLAKE if light else DARK_FLAKE};display:flex;align-items:center;'
                     f'justify-content:center;font-size:{size * 0.6:.0f}px;border:1px solid #8aa6bf">❄</div>')
    label = f'<div style="font-size:85%;text-align:center">{escape(name)}</div>' if name else ""
    return (f'<div class="winter-card" title="{escape(name)} {pattern}" style="display:inline-block;'
            f'vertical-align:middle;margin:2px 8px 2px 0"><div style="display:grid;grid-template-columns:'
            f'{size}px {size}px;border:3px solid #e07b00;border-radius:3px">{"".join(cells)}</div>{label}</div>')


def _layout_of(state: e.WinterState, name: str) -> int:
    return state.deck.layouts[state.deck.ids.index(name)]


def _auto() -> widgets.Layout:
    """A button as wide as its label."""
    return widgets.Layout(width="auto")


def _hint(text: str) -> str:
    return f'<div style="color:#33414f;margin:2px 0">{linkify(text)}</div>'


def score_html(state: e.WinterState) -> str:
    """The standing by WIN-TIE-1: tokens on the lake, then cards removed in the thaw; after the end
    the reason and the winner."""
    v = state.v
    tokens = (e.tokens_on_lake(v, 0), e.tokens_on_lake(v, 1))
    removed = state.cards_removed
    winners = e.winners(v) if state.is_over else frozenset()
    rows = "".join(
        f"<tr><td>{escape(SEAT_NAMES[p])}{' (' + state.colours[p] + ')' if state.colours[p] else ''}"
        f"{' ★ winner' if p in winners and len(winners) == 1 else ''}</td><td><b>{tokens[p]}</b></td>"
        f"<td>{removed[p]}</td><td>{state.supplies[p]}</td></tr>" for p in (0, 1))
    head = "Final score" if state.is_over else "Score now"
    table = (f'<table><tr><th></th><th title="own tokens on the lake (WIN-TIE-1)">tokens on the lake</th>'
             f'<th title="cards removed in the thaw, melted ones included (WIN-TIE-1, WIN-CLAR-9)">cards removed</th>'
             f"<th>in supply</th></tr>{rows}</table>")
    return f'<div class="lotus-score"><b>{head}</b> {linkify("(WIN-TIE-1)")}{table}</div>'


def result_words(state: e.WinterState) -> str:
    """Why the game ended and who won, each step with its rule."""
    v = state.v
    tokens = (e.tokens_on_lake(v, 0), e.tokens_on_lake(v, 1))
    removed = state.cards_removed
    won = e.winners(v)
    lines = [f"The game ended: {state.end_reason}."]
    lines.append(f"Tokens on the lake decide (WIN-TIE-1): Player 1 {tokens[0]}, Player 2 {tokens[1]}; "
                 "tokens in a supply do not count (WIN-CLAR-11).")
    if tokens[0] == tokens[1]:
        lines.append(f"Tied, so the cards removed in the thaw decide (WIN-TIE-1), melted cards counted for the "
                     f"player who removed (WIN-CLAR-9): Player 1 {removed[0]}, Player 2 {removed[1]}.")
        if removed[0] == removed[1]:
            lines.append("Still tied: a draw (WIN-TIE-1).")
    if len(won) == 1:
        lines.append(f"{SEAT_NAMES[min(won)]} wins.")
    return "".join(f"<div>{linkify(t)}</div>" for t in lines)


def near(corner: tuple[int, int], anchors) -> list[tuple[int, int]]:
    """The 2 x 2 blocks (by top-left flake) among ``anchors`` whose area holds the grid corner: a click
    anywhere on a square or a card, not only at its centre, names it when only one fits."""
    vx, vy = corner
    return [(ax, ay) for ax, ay in anchors if ax <= vx <= ax + 2 and ay <= vy <= ay + 2]


class _LakePanel(Panel):
    """What Winter's panels share: the pointer kept by the board, clicks read as grid corners."""

    def pointer(self) -> Pointer:
        return getattr(self.board, "pointer", None) or Pointer()

    def point(self, pointer: Pointer) -> None:
        if hasattr(self.board, "point"):
            self.board.point(pointer)
        self.refresh()

    def corner(self, spot: str) -> tuple[int, int] | None:
        xy = parse_spot(spot)
        if xy is None:
            self.refuse(f"{spot!r} is not a spot of the lake.")
        return xy

    def square(self, corner: tuple[int, int], seat: int) -> tuple[int, int]:
        """The square a click names: the one centred on the corner, else the only claimable square
        the corner lies on (WIN-GEO-7)."""
        centred = (corner[0] - 1, corner[1] - 1)
        squares = [(a.x, a.y) for a in self.session.legal(seat) if isinstance(a, PlaceToken)]
        if centred in squares:
            return centred
        around = near(corner, squares)
        return around[0] if len(around) == 1 else centred

    def _status(self, state: Any) -> str:
        text = self.session.decision_text()
        return linkify(text[:1].upper() + text[1:] + ".") if text else ""

    def _common(self) -> None:
        """The pieces both play panels have: the card shown, "Turn 180°", "No token", the row of
        choices and the hint under it."""
        self.card = widgets.HTML()
        self.turn_button = widgets.Button(description="Turn 180°", icon="rotate-right", layout=_auto(),
                                          tooltip="Turn the card half a turn (WIN-GEO-2)")
        self.turn_button.on_click(lambda _b: self.turn())
        self.turn_button.add_class("winter-turn")
        self.decline_button = widgets.Button(description="No token", icon="times", layout=_auto())
        self.decline_button.on_click(lambda _b: self._act_now(Decline()))
        self.hint = widgets.HTML()
        self.row = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))

    def _act_now(self, action: Any) -> None:
        if self.clicker() is not None:
            self.act(action)

    def turn(self) -> None:
        """Turn the card in hand (or picked up) 180°: the spots it fits are marked anew."""
        p = self.pointer()
        self.feedback.value = ""            # a refusal of the card as it lay before no longer holds
        self.point(Pointer(not p.turned, p.selected))


class FreezePanel(_LakePanel):
    """Setup and freezing: lay the start cards, choose a colour, draw and lay a card, claim squares."""

    kinds = ("start_card", "colour", "freeze_turn", "lay_card", "claim")
    title = "Freezing"
    rules = ("WIN-PH1-1", "WIN-GEO-5", "WIN-GEO-6")

    def _build(self) -> list[widgets.Widget]:
        self._common()
        self.draw_button = widgets.Button(description="Draw a card", icon="clone", button_style="primary",
                                          tooltip="Turn up the top card of the deck and lay it (WIN-CLAR-3)",
                                          layout=_auto())
        self.draw_button.on_click(lambda _b: self._act_now(DrawCard()))
        # the card in hand, dragged onto a lake of its own and snapped to a legal spot (or laid with
        # the keys); the big lake's green crosses take clicks as before and follow its turn
        self.placer = CardPlacer()
        self.placer.on_lay(lambda x, y, turned: self._act_now(Lay(x, y, turned=turned)))
        self.placer.on_turn(self.turn)
        self.placer.on_refused(self.refuse)
        self.colour_buttons = []
        for colour in ("light", "dark"):
            b = widgets.Button(description=f"Play {colour}", layout=_auto())
            b.on_click(lambda _b, c=colour: self._act_now(ChooseColour(c)))
            self.colour_buttons.append(b)
        self.controls.children = (self.row, self.hint)
        return []

    def _controls(self, state: Any, seat: int) -> None:
        kind = self.session.decision().kind
        s = self.session.game.observation(state, seat)
        hint = ""
        row: list[widgets.Widget] = []
        if kind in ("start_card", "lay_card"):
            p = self.pointer()
            spots = pointer_spots(s, p)
            n = len(spots)
            self.placer.show(s, turned=p.turned, spots=spots)
            row = [self.placer]
            hint = (f"Drag the card onto the small lake (it snaps to the nearest spot that fits), or click a green "
                    f"cross on the big lake: {n} spot{'s' * (n != 1)} for it as turned now; it must touch a flake "
                    f"of the lake (WIN-GEO-5).")
            if s.phase == "setup_first":
                hint = ("Drag the card onto the marked spot, or click the green cross on the big lake: the first "
                        "start card lies at (0, 0) (WIN-CLAR-2).")
        else:
            self.placer.clear()
        if kind == "colour":
            row = list(self.colour_buttons)
            hint = "You have seen both start cards and any square they form: choose your colour (WIN-SET-3)."
        elif kind == "freeze_turn":
            row = [self.draw_button]
            n = len([a for a in self.session.legal(seat) if isinstance(a, PlaceToken)])
            hint = (f"Draw the top card to lay it, or click a gold ring to put a token on that square of your "
                    f"colour ({n} now, WIN-PH1-1).") if n else \
                "Draw the top card to lay it (no square of your colour to claim now, WIN-PH1-2)."
        elif kind == "claim":
            row = [self.decline_button]
            hint = "Click a gold ring to claim a square the card just laid formed, or place no token (WIN-CLAR-5)."
        self.row.children = tuple(row)
        self.hint.value = _hint(hint)

    def province_clicked(self, spot: str) -> None:
        seat = self.clicker()
        if seat is None:
            return
        xy = self.corner(spot)
        if xy is None:
            return
        x, y = xy[0] - 1, xy[1] - 1
        kind = self.session.decision().kind
        if kind in ("start_card", "lay_card"):
            self.act(Lay(x, y, turned=self.pointer().turned))
        elif kind in ("freeze_turn", "claim"):
            if not self.act(PlaceToken(*self.square(xy, seat))) and kind == "freeze_turn":
                self.feedback.value = self.feedback.value.replace(
                    "</div>", " To lay a card, press “Draw a card” first.</div>", 1)
        elif kind == "colour":
            self.refuse("WIN-SET-3: choose your colour with the buttons first.")
        else:
            super().province_clicked(spot)


class ThawPanel(_LakePanel):
    """Thawing: pick up a free card and move it (turned or not) or remove it, take back a token,
    a token on a square the move formed, the part of a split lake that stays."""

    kinds = ("thaw_move", "token_after_move", "keep_part")
    title = "Thawing"
    rules = ("WIN-PH2-1", "WIN-GEO-8", "WIN-CLAR-7")

    def _build(self) -> list[widgets.Widget]:
        self._common()
        self.remove_button = widgets.Button(description="Remove this card", icon="trash", button_style="warning",
                                            tooltip="Take it out of the game; the lake may split (WIN-SPLIT-1)",
                                            layout=_auto())
        self.remove_button.on_click(lambda _b: self.remove())
        self.put_back = widgets.Button(description="Put it back", icon="undo", layout=_auto())
        self.put_back.on_click(lambda _b: self.point(Pointer()))
        # a free card taken on a lake of its own and let go near a spot its move may go to (snapped
        # there), or picked up by a click and moved with the keys; the big lake shows the same pick
        self.placer = CardPlacer()
        self.placer.on_move(lambda x, y, tx, ty, turned: self._act_now(MoveCard(x, y, tx, ty, turn=turned)))
        self.placer.on_select(self._placer_selected)
        self.placer.on_turn(self._placer_turn)
        self.placer.on_refused(self.refuse)
        self.buttons = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.parts = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        # the buttons above the lake, there (greyed) before a card is picked up too: picking one up
        # must not move the lake under the pointer
        self.controls.children = (self.buttons, self.row, self.parts, self.hint)
        return []

    def _placer_selected(self, at: tuple[int, int] | None) -> None:
        """A free card picked up on the panel's lake (or put back): as a click on its centre."""
        if self.clicker() is None:
            return
        self.point(Pointer(False, at))
        name = self.placer.card
        self.feedback.value = box(f"{name} picked up: drag it to a marked spot, or remove it.") if at else ""

    def _placer_turn(self) -> None:
        if self.pointer().selected is None:
            self.refuse("WIN-PH2-1: pick up a free card first, then turn it (WIN-GEO-2).")
            return
        self.turn()

    def _card_at(self, s: e.WinterState, x: int, y: int) -> tuple[str, str] | None:
        """(id, flakes as they lie) of the card whose top-left flake is (x, y)."""
        return next(((name, f) for cx, cy, name, f in s.lake if (cx, cy) == (x, y)), None)

    def _controls(self, state: Any, seat: int) -> None:
        kind = self.session.decision().kind
        s = self.session.game.observation(state, seat)
        row: list[widgets.Widget] = []
        buttons: list[widgets.Widget] = []
        parts: list[widgets.Widget] = []
        hint = ""
        p = self.pointer()
        if kind == "thaw_move":
            held = self._card_at(s, *p.selected) if p.selected else None
            self.placer.show_thaw(s, selected=p.selected if held else None, turned=p.turned)
            row = [self.placer]
            buttons = [self.remove_button, self.put_back]
            self.remove_button.disabled = self.put_back.disabled = held is None
            if held is not None:
                name = held[0]
                n = len(self.placer.spots)
                hint = (f"Drag {name} to a marked spot on the small lake (it snaps to the nearest), or click a green "
                        f"cross on the big lake: {n} spot{'s' * (n != 1)} as turned now (the lake must stay one "
                        "piece, WIN-CLAR-7). Or remove it (WIN-PH2-1).")
            else:
                take = "" if s.rules.bga else " or click one of your tokens on the big lake to take it back (WIN-PH2-1)"
                hint = (f"Drag a free card (orange outline) to where it may go, click one to pick it up{take}. "
                        f"Free cards now: {len(s.free)} (WIN-GEO-8).")
        elif kind == "token_after_move":
            row = [self.decline_button]
            hint = ("Your move formed a square of your colour: click its gold ring to put a token on it, or none "
                    "(WIN-CLAR-8).")
        elif kind == "keep_part":
            for a in self.session.legal(seat):
                if isinstance(a, KeepPart):
                    part = _part_of(s, a.x, a.y)
                    names = ", ".join(sorted(s.deck.ids[i] for x, y, i, _ in s.cards if (x, y) in part))
                    b = widgets.Button(description=f"Keep {names}", layout=_auto(),
                                       tooltip=f"{len(part)} cards stay; the other parts melt (WIN-SPLIT-1)")
                    b.on_click(lambda _b, a=a: self._act_now(a))
                    parts.append(b)
            hint = "The lake split into parts of equal size: keep one, click a card of it or a button (WIN-CLAR-9)."
        if kind != "thaw_move":
            self.placer.clear()
        self.row.children = tuple(row)
        self.buttons.children = tuple(buttons)
        self.parts.children = tuple(parts)
        self.hint.value = _hint(hint)

    def remove(self) -> bool:
        p = self.pointer()
        if self.clicker() is None:
            return False
        if p.selected is None:
            self.refuse("WIN-PH2-1: pick up a free card first (click its centre).")
            return False
        return self.act(RemoveCard(*p.selected))

    def province_clicked(self, spot: str) -> None:
        seat = self.clicker()
        if seat is None:
            return
        xy = self.corner(spot)
        if xy is None:
            return
        state = self.session.state
        s = self.session.game.observation(state, seat)
        x, y = xy[0] - 1, xy[1] - 1
        kind = self.session.decision().kind
        if kind == "token_after_move":
            self.act(PlaceToken(*self.square(xy, seat)))
            return
        if kind == "keep_part":
            card = self._card_at(s, x, y)
            if card is None:
                self.refuse("WIN-CLAR-9: click the centre of a card of the part that stays.")
                return
            self.act(KeepPart(x, y))
            return
        if kind != "thaw_move":
            super().province_clicked(spot)
            return
        p = self.pointer()
        if p.selected is not None and (x, y) in pointer_spots(s, p):
            self.act(MoveCard(*p.selected, x, y, turn=p.turned))
            return
        card = self._card_at(s, x, y)
        if card is None and p.selected is None and (x, y) not in s.tokens[seat]:
            around = near(xy, [(cx, cy) for cx, cy, _, _ in s.lake])     # on a card's flakes, off its centre
            if len(around) == 1:
                x, y = around[0]
                card = self._card_at(s, x, y)
        if card is not None:
            name = card[0]
            if (x, y) == p.selected:
                if p.turned:
                    self.act(MoveCard(x, y, x, y, turn=True))
                else:
                    self.point(Pointer())
                    self.feedback.value = ""
                return
            if (x, y) not in s.free:
                self.refuse(f"WIN-GEO-8: {name} at ({x}, {y}) is not free: a token lies on it.")
                return
            self.point(Pointer(False, (x, y)))
            self.feedback.value = box(f"{name} picked up: click a green cross to move it there, or remove it.")
            return
        mine = s.tokens[seat]
        if (x, y) in mine and p.selected is None:
            self.act(TakeBack(x, y))
            return
        if p.selected is not None:
            self.act(MoveCard(*p.selected, x, y, turn=p.turned))     # refused with the rule at fault
            return
        if (x, y) in s.tokens[1 - seat]:
            self.refuse("WIN-PH2-1: only your own tokens can be taken back.")
            return
        self.refuse("WIN-PH2-1: nothing to pick up there: click the centre of a free card (orange outline).")


def _part_of(s: e.WinterState, x: int, y: int) -> set[tuple[int, int]]:
    """Anchors of the cards edge-connected to the card at (x, y) (WIN-GEO-4, WIN-CLAR-1)."""
    anchors = {(cx, cy) for cx, cy, _, _ in s.cards}
    part, todo = {(x, y)}, [(x, y)]
    while todo:
        ax, ay = todo.pop()
        for bx, by in anchors - part:
            dx, dy = abs(bx - ax), abs(by - ay)
            if (dx == 2 and dy <= 1) or (dy == 2 and dx <= 1):
                part.add((bx, by))
                todo.append((bx, by))
    return part


class EndPanel(_LakePanel):
    """The end: why the game ended, the tokens on the lake and the tie-break, each with its rule."""

    kinds = ("game_over",)
    title = "The end"
    rules = ("WIN-END-1", "WIN-END-2", "WIN-END-3", "WIN-TIE-1")

    def _status(self, state: Any) -> str:
        s = self.session.game.observation(state, None)
        return result_words(s) + score_html(s)

    def _not_now(self, state: Any) -> str:
        return linkify("The game ends when the player to move has no thaw action (WIN-END-1), a supply is empty "
                "(WIN-END-2) or the loop guard stops it (WIN-END-3).")
