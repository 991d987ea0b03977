"""The card in hand laid by drag and drop, and in the thaw a free card moved the same way: one small
anywidget (``widgets/winter_placer.js``).

The widget draws the lake (cells in the two colours, card outlines, tokens) and the card in hand
with its flakes, at the same scale, so a card picked up by the pointer is the size of a card on the
lake. While it is dragged the spots where it may go are outlined, and the one it would snap to is
shown filled with the card; let go, and the page sends where the card's top-left flake was
(in lake units). Python snaps that point to the nearest legal spot within :data:`REACH` (the same
rule the page used for its preview) and lays the card there; a drop near no legal spot changes
nothing and says so (WIN-GEO-5), and the card goes back to the hand.

The widget never decides what is legal: :meth:`CardPlacer.show` gives it the spots of the engine's
legal actions for the card as turned now, worked out from ``observation(state, seat)`` — the only
thing the page holds. The order of the face-down deck is not in it (WIN-CLAR-3).

In the thaw (:meth:`CardPlacer.show_thaw`) the same widget moves a card that is on the lake: the
free cards (WIN-GEO-8) are outlined in orange and only they can be taken (a click on a card under a
token is answered with that rule); taken by the pointer,
a card shows the spots of the engine's moves for it (WIN-CLAR-7), turns 180° with ``R`` while it
hangs there (or with "Turn 180°" before), and let go it snaps in Python to the nearest of them or
goes back to its place with the rule that stopped it. A click on a free card picks it up without a
drag (its spots are shown, the card is in the hand and can be dragged from there, or moved with
the keys); the panel keeps the button that removes it. The moves of every free card, both ways up,
are sent with the lake (``targets``), so the page needs no round trip to show where a card it has
just taken may go; all of them come from the engine's legal actions of the observation.

Without a mouse: the card in hand takes the focus; ``R`` (or the "Turn 180°" button) turns it,
the arrow keys walk through the legal spots and Enter lays it on the spot shown; a click on an
outlined spot lays it there too. Each of these reaches Python as a message, the same path a test
takes with :meth:`CardPlacer.drop`, :meth:`CardPlacer.pick` and :meth:`CardPlacer.press_turn`. In the
thaw the lake takes the focus: the arrow keys walk the free cards, Enter picks one up, then the
arrows walk its spots, ``R`` turns it, Enter moves it there and Escape puts it back
(:meth:`CardPlacer.select`, :meth:`CardPlacer.move`).

>>> from lotus_kit.winter.game import WINTER
>>> state = WINTER.new_game(2, seed=1)
>>> placer = CardPlacer()
>>> placer.show(WINTER.observation(state, 0), turned=False)
>>> placer.spots, placer.card == state.card_in_hand
([[0, 0]], True)
>>> snap([(0, 0), (2, 1)], 1.6, 0.7), snap([(0, 0)], 3.0, 3.0)
((2, 1), None)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import anywidget
import traitlets

from lotus_kit.ui.movelist import esm_path
from lotus_kit.winter.deck import flakes, layout, turn

__all__ = ["REACH", "CardPlacer", "snap", "thaw_targets"]

REACH = 1.0
"""How far (in flakes, from the card's top-left flake) a drop may miss a legal spot and still snap
to it: a card let go within one flake of where it fits goes there."""

LayCallback = Callable[[int, int, bool], None]
MoveCallback = Callable[[int, int, int, int, bool], None]
SelectCallback = Callable[["tuple[int, int] | None"], None]


def _key(x: int, y: int) -> str:
    return f"{x},{y}"


def thaw_targets(seen: Any) -> dict[str, list[list[list[int]]]]:
    """For each free card of ``seen`` (an observation in the thaw) by its top-left flake ``"x,y"``:
    the top-left flakes it may move to as it lies and turned 180° (WIN-PH2-1 (a), WIN-CLAR-7), from
    the engine's legal actions, each list sorted by (y, x). A free card with no move has two empty
    lists: it can still be removed."""
    from lotus_kit.winter.actions import MoveCard
    from lotus_kit.winter.game import WINTER

    out: dict[str, list[list[list[int]]]] = {_key(x, y): [[], []] for x, y in seen.free}
    for a in WINTER.legal_actions(seen):
        if isinstance(a, MoveCard) and _key(a.x, a.y) in out:
            out[_key(a.x, a.y)][int(a.turn)].append([a.to_x, a.to_y])
    for both in out.values():
        for spots in both:
            spots.sort(key=lambda p: (p[1], p[0]))
    return out


def snap(spots: Iterable[Sequence[int]], x: float, y: float, reach: float = REACH) -> tuple[int, int] | None:
    """The legal spot (top-left flake) nearest to a card dropped with its top-left flake at (x, y),
    if one lies within ``reach``; ties go to the first in (y, x) order, as the page breaks them."""
    best: tuple[float, int, int] | None = None
    for sx, sy in spots:
        d = math.hypot(sx - x, sy - y)
        if d <= reach + 1e-9 and (best is None or (d, sy, sx) < best):
            best = (d, sy, sx)
    return None if best is None else (best[2], best[1])


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return float(value)


def _grid_point(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)


class CardPlacer(anywidget.AnyWidget):
    """The card in hand, its turn and the lake to drop it on (see the module docstring).

    Synced: ``cells`` ``[[x, y, light], ...]``, ``cards`` ``[[x, y, name], ...]``, ``tokens``
    ``[[x, y, seat], ...]``, ``token_colours`` (``"light"``/``"dark"`` per seat), ``card`` (the id
    of the card in hand, ``""`` when none), ``faces`` (its flakes printed side up and turned:
    ``["LL/LD", "DL/LL"]``), ``turned``, ``spots`` (legal top-left flakes for the card as turned),
    ``enabled`` (whether the person at the screen may lay it now), ``message`` (the last refusal).
    In the thaw (``mode`` ``"move"``) also ``free`` (the free cards' top-left flakes), ``selected``
    (the card picked up, ``[]`` when none; ``card``, ``faces``, ``turned`` and ``spots`` are then
    its) and ``targets`` (:func:`thaw_targets`); ``cards`` rows then end with the card's flakes as
    it lies and turned."""

    _esm = esm_path("winter_placer.js")
    cells = traitlets.List().tag(sync=True)
    cards = traitlets.List().tag(sync=True)
    tokens = traitlets.List().tag(sync=True)
    token_colours = traitlets.List(traitlets.Unicode(), ["light", "dark"]).tag(sync=True)
    card = traitlets.Unicode("").tag(sync=True)
    faces = traitlets.List(traitlets.Unicode(), ["", ""]).tag(sync=True)
    turned = traitlets.Bool(False).tag(sync=True)
    spots = traitlets.List().tag(sync=True)
    enabled = traitlets.Bool(False).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    reach = traitlets.Float(REACH).tag(sync=True)
    mode = traitlets.Unicode("lay").tag(sync=True)
    free = traitlets.List().tag(sync=True)
    selected = traitlets.List().tag(sync=True)
    targets = traitlets.Dict().tag(sync=True)

    _SYNCED = ("cells", "cards", "tokens", "token_colours", "card", "faces", "turned", "spots", "enabled",
               "message", "reach", "mode", "free", "selected", "targets")

    def __init__(self, **kwargs: Any) -> None:
        # as wide as the row it is in: the page fits the lake to that width, not to what it drew
        kwargs.setdefault("layout", {"width": "100%"})
        super().__init__(**kwargs)
        self._lay: list[LayCallback] = []
        self._turn: list[Callable[[], None]] = []
        self._refused: list[Callable[[str], None]] = []
        self._move: list[MoveCallback] = []
        self._select: list[SelectCallback] = []
        self.add_class("winter-placer")
        self.on_msg(self._on_message)

    # -- what Python shows ------------------------------------------------------------------------------
    def show(self, seen: Any, *, turned: bool, spots: Iterable[Sequence[int]] | None = None,
             enabled: bool = True) -> None:
        """Show the lake and the card in hand of ``seen`` (an ``observation(state, seat)``) turned or
        not, with the legal ``spots`` for it as turned (default: worked out from the engine's legal
        actions of ``seen``). Nothing else of the state reaches the page."""
        if spots is None:
            from lotus_kit.winter.screen.board import Pointer, pointer_spots

            spots = pointer_spots(seen, Pointer(turned))
        name = seen.card_in_hand or ""
        faces = ["", ""]
        if name:
            printed = seen.deck.layouts[seen.deck.ids.index(name)]
            faces = [flakes(printed), flakes(turn(printed))]
        with self.hold_sync():
            self._lake(seen)
            self.cards = [[x, y, n] for x, y, n, _ in seen.lake]
            self.mode, self.free, self.selected, self.targets = "lay", [], [], {}
            self.card = name
            self.faces = faces
            self.turned = bool(turned)
            self.spots = [[int(x), int(y)] for x, y in sorted(spots, key=lambda p: (p[1], p[0]))]
            self.enabled = bool(enabled and name)
            self.message = ""

    def show_thaw(self, seen: Any, *, selected: tuple[int, int] | None = None, turned: bool = False,
                  enabled: bool = True) -> None:
        """The thaw (WIN-PH2-1): the lake of ``seen`` (an ``observation(state, seat)``) with its free
        cards to take and, for each, where it may move (:func:`thaw_targets`); ``selected`` the card
        picked up (its top-left flake), shown in the hand ``turned`` or not with its spots marked."""
        targets = thaw_targets(seen)
        lies = {(x, y): (n, p) for x, y, n, p in seen.lake}
        if selected is not None and _key(*selected) not in targets:
            selected = None
        with self.hold_sync():
            self._lake(seen)
            self.cards = [[x, y, n, p, flakes(turn(layout(p)))] for x, y, n, p in seen.lake]
            self.mode = "move"
            self.free = [[x, y] for x, y in sorted(seen.free, key=lambda a: (a[1], a[0]))]
            self.targets = targets
            if selected is None:
                self.selected, self.card, self.faces, self.turned, self.spots = [], "", ["", ""], False, []
            else:
                name, pattern = lies[selected]
                self.selected = list(selected)
                self.card = name
                self.faces = [pattern, flakes(turn(layout(pattern)))]
                self.turned = bool(turned)
                self.spots = targets[_key(*selected)][int(bool(turned))]
            self.enabled = bool(enabled and self.free)
            self.message = ""

    def _lake(self, seen: Any) -> None:
        """The cells and tokens of the lake of ``seen``."""
        cells = []
        for x, y, _name, pattern in seen.lake:
            for (dx, dy), f in zip(((0, 0), (1, 0), (0, 1), (1, 1)), pattern.replace("/", ""), strict=True):
                cells.append([x + dx, y + dy, int(f == "L")])
        self.cells = sorted(cells)
        self.tokens = [[x, y, s] for s in (0, 1) for x, y in seen.tokens[s]]
        self.token_colours = [c or ("light", "dark")[s] for s, c in enumerate(seen.colours)]

    def clear(self) -> None:
        """Nothing in hand (another decision is due)."""
        with self.hold_sync():
            self.card, self.faces, self.spots, self.enabled, self.message = "", ["", ""], [], False, ""
            self.selected, self.targets = [], {}

    def say(self, text: str) -> None:
        """A line under the card (a refusal, or where it went)."""
        self.message = text

    # -- callbacks ------------------------------------------------------------------------------------------
    def on_lay(self, fn: LayCallback) -> None:
        """``fn(x, y, turned)`` when the card is dropped on (or snapped to) a legal spot, or chosen
        with the keys or a click."""
        self._lay.append(fn)

    def on_turn(self, fn: Callable[[], None]) -> None:
        """``fn()`` when the person turns the card (button or ``R``)."""
        self._turn.append(fn)

    def on_refused(self, fn: Callable[[str], None]) -> None:
        """``fn(words)`` when a drop lands on no legal spot (nothing changes)."""
        self._refused.append(fn)

    def on_move(self, fn: MoveCallback) -> None:
        """In the thaw: ``fn(x, y, to_x, to_y, turned)`` when the free card at (x, y) is let go near
        (and snapped to) one of its spots, or moved there with the keys or a click."""
        self._move.append(fn)

    def on_select(self, fn: SelectCallback) -> None:
        """In the thaw: ``fn((x, y))`` when a free card is picked up without a drag (a click, Enter),
        ``fn(None)`` when it is put back."""
        self._select.append(fn)

    # -- what a browser sends, for scripts and tests ------------------------------------------------------
    def drop(self, x: float | None, y: float | None) -> tuple[int, int] | None:
        """What the page sends when the card is let go with its top-left flake at (x, y) in lake
        units (None: outside the lake). Returns the spot it was laid at, None when refused."""
        return self._dropped(x, y)

    def pick(self, x: int, y: int) -> tuple[int, int] | None:
        """What the page sends for a spot chosen by a click or the keys."""
        return self._picked(x, y)

    def move(self, x: int, y: int, to_x: float | None, to_y: float | None, turned: bool = False
             ) -> tuple[int, int] | None:
        """What the page sends in the thaw when the card at (x, y) is taken and let go with its
        top-left flake at (to_x, to_y) (None: off the lake), turned or not. Returns the spot it was
        moved to, None when refused."""
        return self._moved([x, y], to_x, to_y, turned)

    def select(self, x: int | None, y: int | None = None) -> None:
        """What the page sends in the thaw for a free card clicked (or chosen with Enter); None puts
        the card picked up back."""
        self._on_message(self, {"select": None if x is None else [x, y]}, [])

    def press_turn(self) -> None:
        """What the page sends for "Turn 180°" (the button or ``R``)."""
        self._on_message(self, {"turn": True}, [])

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if "page" in content:
            # a view was just made: send it the whole state in a message of its own, since changes sent
            # before any view existed can be lost while the front end is still loading this module
            self.send({"state": {name: getattr(self, name) for name in self._SYNCED}})
        elif content.get("turn") is True:
            for fn in list(self._turn):
                fn()
        elif "drop" in content:
            at = content["drop"]
            if isinstance(at, list) and len(at) == 2:
                self._dropped(_number(at[0]), _number(at[1]))
            else:
                self._dropped(None, None)
        elif "pick" in content:
            at = content["pick"]
            if _grid_point(at):
                self._picked(at[0], at[1])
        elif "move" in content:
            # [x, y, to_x | null, to_y | null, turned]: the card taken and where it was let go
            m = content["move"]
            if isinstance(m, list) and len(m) == 5 and _grid_point(m[:2]) and isinstance(m[4], bool):
                self._moved(m[:2], _number(m[2]), _number(m[3]), m[4])
            else:
                self._refuse("That move could not be read; nothing changed.")
        elif "select" in content:
            at = content["select"]
            if at is None:
                for fn in list(self._select):
                    fn(None)
            elif _grid_point(at):
                self._selected(at[0], at[1])

    def _refuse(self, words: str, short: str = "") -> None:
        """Say why nothing changed: ``short`` under the card (it is back in the hand), ``words`` (the
        rule in full) to the callbacks, shown by the panel."""
        self.message = short or words
        for fn in list(self._refused):
            fn(words)

    def _dropped(self, x: float | None, y: float | None) -> tuple[int, int] | None:
        if self.mode == "move":
            if not self.selected:
                self._refuse("WIN-PH2-1: pick up a free card first (an orange one).")
                return None
            return self._moved(self.selected, x, y, self.turned)
        if not self.enabled:
            self._refuse("There is no card to lay now.")
            return None
        if x is None or y is None:
            self._refuse(f"{self.card} was let go off the lake: it is back in your hand, nothing changed.",
                         f"↩ {self.card} is back in your hand: let go off the lake.")
            return None
        spot = snap(self.spots, x, y, self.reach)
        if spot is None:
            self._refuse(f"WIN-GEO-5: {self.card} fits nowhere near there the way it lies now (it must touch "
                         f"the lake edge to edge, flakes matching); it is back in your hand, nothing changed.",
                         f"↩ {self.card} is back in your hand: no spot for it there (WIN-GEO-5).")
            return None
        return self._lay_at(spot)

    def _picked(self, x: int, y: int) -> tuple[int, int] | None:
        if self.mode == "move":
            return self._picked_move(x, y)
        if not self.enabled:
            self._refuse("There is no card to lay now.")
            return None
        if [x, y] not in self.spots:
            self._refuse(f"WIN-GEO-5: {self.card} cannot lie with its top-left flake at ({x}, {y}) the way it "
                         "lies now; nothing changed.")
            return None
        return self._lay_at((x, y))

    # -- the thaw ---------------------------------------------------------------------------------------------
    def _name_at(self, x: int, y: int) -> str:
        return next((str(c[2]) for c in self.cards if c[0] == x and c[1] == y), "")

    def _not_free(self, at: list[int]) -> bool:
        """Refuse a card that may not be taken now (not this person's turn, no card there, held by a
        token: WIN-GEO-8)."""
        if not self.enabled or self.mode != "move":
            self._refuse("There is no card to move now.")
            return True
        if list(at) in self.free:
            return False
        name = self._name_at(*at)
        if name:
            self._refuse(f"WIN-GEO-8: {name} at ({at[0]}, {at[1]}) is not free: a token lies on it; nothing "
                         "changed.", f"✋ {name} is held by a token (WIN-GEO-8).")
        else:
            self._refuse(f"WIN-PH2-1: no card has its top-left flake at ({at[0]}, {at[1]}); nothing changed.")
        return True

    def _selected(self, x: int, y: int) -> None:
        if self._not_free([x, y]):
            return
        self.message = ""
        for fn in list(self._select):
            fn((x, y))

    def _moved(self, at: list[int], x: float | None, y: float | None, turned: bool) -> tuple[int, int] | None:
        if self._not_free(at):
            return None
        name, way = self._name_at(*at), ", turned" if turned else ""
        if x is None or y is None:
            self._refuse(f"{name} was let go off the lake: it is back in its place, nothing changed.",
                         f"↩ {name} is back in its place: let go off the lake.")
            return None
        spots = self.targets.get(_key(*at), [[], []])[int(bool(turned))]
        spot = snap(spots, x, y, self.reach)
        if spot is None:
            self._refuse(f"WIN-CLAR-7: {name}{way} can go nowhere near there (its four cells must be empty, its own "
                         "counting as empty, and the lake must stay one piece with it in its new place); it is back "
                         "in its place, nothing changed.",
                         f"↩ {name} is back in its place: no spot for it there (WIN-CLAR-7).")
            return None
        return self._move_to(at, spot, turned)

    def _picked_move(self, x: int, y: int) -> tuple[int, int] | None:
        if not self.selected:
            self._refuse("WIN-PH2-1: pick up a free card first (an orange one).")
            return None
        if self._not_free(self.selected):
            return None
        if [x, y] not in self.spots:
            self._refuse(f"WIN-CLAR-7: {self.card}{', turned' if self.turned else ''} cannot move to ({x}, {y}); "
                         "nothing changed.")
            return None
        return self._move_to(self.selected, (x, y), self.turned)

    def _move_to(self, at: list[int], spot: tuple[int, int], turned: bool) -> tuple[int, int]:
        self.message = ""
        for fn in list(self._move):
            fn(at[0], at[1], spot[0], spot[1], bool(turned))
        return spot

    def _lay_at(self, spot: tuple[int, int]) -> tuple[int, int]:
        self.message = ""
        for fn in list(self._lay):
            fn(spot[0], spot[1], self.turned)
        return spot

