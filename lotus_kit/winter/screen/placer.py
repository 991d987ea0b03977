"""The card in hand laid by drag and drop: one small anywidget (``widgets/winter_placer.js``).

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

Without a mouse: the card in hand takes the focus; ``R`` (or the "Turn 180°" button) turns it,
the arrow keys walk through the legal spots and Enter lays it on the spot shown; a click on an
outlined spot lays it there too. Each of these reaches Python as a message, the same path a test
takes with :meth:`CardPlacer.drop`, :meth:`CardPlacer.pick` and :meth:`CardPlacer.press_turn`.

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
from lotus_kit.winter.deck import flakes, turn

__all__ = ["REACH", "CardPlacer", "snap"]

REACH = 1.0
"""How far (in flakes, from the card's top-left flake) a drop may miss a legal spot and still snap
to it: a card let go within one flake of where it fits goes there."""

LayCallback = Callable[[int, int, bool], None]


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


class CardPlacer(anywidget.AnyWidget):
    """The card in hand, its turn and the lake to drop it on (see the module docstring).

    Synced: ``cells`` ``[[x, y, light], ...]``, ``cards`` ``[[x, y, name], ...]``, ``tokens``
    ``[[x, y, seat], ...]``, ``token_colours`` (``"light"``/``"dark"`` per seat), ``card`` (the id
    of the card in hand, ``""`` when none), ``faces`` (its flakes printed side up and turned:
    ``["LL/LD", "DL/LL"]``), ``turned``, ``spots`` (legal top-left flakes for the card as turned),
    ``enabled`` (whether the person at the screen may lay it now), ``message`` (the last refusal)."""

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

    _SYNCED = ("cells", "cards", "tokens", "token_colours", "card", "faces", "turned", "spots", "enabled",
               "message", "reach")

    def __init__(self, **kwargs: Any) -> None:
        # as wide as the row it is in: the page fits the lake to that width, not to what it drew
        kwargs.setdefault("layout", {"width": "100%"})
        super().__init__(**kwargs)
        self._lay: list[LayCallback] = []
        self._turn: list[Callable[[], None]] = []
        self._refused: list[Callable[[str], None]] = []
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
        cells = []
        for x, y, _name, pattern in seen.lake:
            for (dx, dy), f in zip(((0, 0), (1, 0), (0, 1), (1, 1)), pattern.replace("/", ""), strict=True):
                cells.append([x + dx, y + dy, int(f == "L")])
        with self.hold_sync():
            self.cells = sorted(cells)
            self.cards = [[x, y, n] for x, y, n, _ in seen.lake]
            self.tokens = [[x, y, s] for s in (0, 1) for x, y in seen.tokens[s]]
            self.token_colours = [c or ("light", "dark")[s] for s, c in enumerate(seen.colours)]
            self.card = name
            self.faces = faces
            self.turned = bool(turned)
            self.spots = [[int(x), int(y)] for x, y in sorted(spots, key=lambda p: (p[1], p[0]))]
            self.enabled = bool(enabled and name)
            self.message = ""

    def clear(self) -> None:
        """Nothing in hand (another decision is due)."""
        with self.hold_sync():
            self.card, self.faces, self.spots, self.enabled, self.message = "", ["", ""], [], False, ""

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

    # -- what a browser sends, for scripts and tests ------------------------------------------------------
    def drop(self, x: float | None, y: float | None) -> tuple[int, int] | None:
        """What the page sends when the card is let go with its top-left flake at (x, y) in lake
        units (None: outside the lake). Returns the spot it was laid at, None when refused."""
        return self._dropped(x, y)

    def pick(self, x: int, y: int) -> tuple[int, int] | None:
        """What the page sends for a spot chosen by a click or the keys."""
        return self._picked(x, y)

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
            if isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                             for v in at):
                self._picked(at[0], at[1])

    def _refuse(self, words: str, short: str = "") -> None:
        """Say why nothing changed: ``short`` under the card (it is back in the hand), ``words`` (the
        rule in full) to the callbacks, shown by the panel."""
        self.message = short or words
        for fn in list(self._refused):
            fn(words)

    def _dropped(self, x: float | None, y: float | None) -> tuple[int, int] | None:
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
        if not self.enabled:
            self._refuse("There is no card to lay now.")
            return None
        if [x, y] not in self.spots:
            self._refuse(f"WIN-GEO-5: {self.card} cannot lie with its top-left flake at ({x}, {y}) the way it "
                         "lies now; nothing changed.")
            return None
        return self._lay_at((x, y))

    def _lay_at(self, spot: tuple[int, int]) -> tuple[int, int]:
        self.message = ""
        for fn in list(self._lay):
            fn(spot[0], spot[1], self.turned)
        return spot

