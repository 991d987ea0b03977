"""A hand of cards as toggle buttons: press the cards to play. One widget for every game.

The game gives the words (a card's label and tooltip, the line under the hand); the widget keeps
the buttons, the selection and the total. Two ways to keep buttons:

- ``fresh=True`` (a player's own hand at a table): when the cards change the buttons are made anew
  and the old ones closed, so a card once shown leaves the page with its button (hot seat: the
  next seat's browser holds no button of the previous seat's hand);
- ``fresh=False`` (stepping through a game): a pool of buttons relabelled per step, so stepping
  never piles up widgets.

>>> hand = CardHand(style="info", label=lambda v: "0 bluff" if v == 0 else str(v))
>>> hand.set_cards((2, 0, 3, 2))
>>> hand.cards, [b.description for b in hand.buttons.children]
((3, 2, 2, 0), ['3', '2', '2', '0 bluff'])
>>> hand.select((2, 3)); hand.selected
(3, 2)
>>> hand.total.value
'Selected: 3+2 = <b>5</b>'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

__all__ = ["CardHand", "selected_total"]


def selected_total(values: tuple[int, ...], selected: tuple[int, ...]) -> str:
    """The default line under a hand: the pressed values and their sum."""
    if not values:
        return "<i>no cards in hand</i>"
    if not selected:
        return "Selected: <i>none</i> (0)"
    return f"Selected: {'+'.join(map(str, selected))} = <b>{sum(selected)}</b>"


class CardHand(widgets.VBox):
    """One toggle button per card (values, largest first); the pressed ones are :attr:`selected`.

    ``description``: the line above the cards. ``style``: the button style of the cards
    (``"info"``, ``"danger"`` ...). ``label(value)`` / ``tip(value)``: a card's words.
    ``total(values, selected)``: the HTML line under the hand. ``mark_pressed``: colour only the
    pressed cards (with a tick) instead of every card. ``fresh``: see the module docstring.
    ``single``: one card at a time (a card to play); :meth:`on_change` is told of each choice.
    """

    def __init__(self, description: str = "", *, style: str = "", label: Callable[[int], str] = str,
                 tip: Callable[[int], str] | None = None,
                 total: Callable[[tuple[int, ...], tuple[int, ...]], str] = selected_total,
                 mark_pressed: bool = False, fresh: bool = True, single: bool = False):
        self.label = widgets.HTML(description)
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.total = widgets.HTML()
        self.style_name = style
        self._label, self._tip, self._total = label, tip, total
        self.mark_pressed = mark_pressed
        self.fresh = fresh
        self.single = single
        self._changed: list[Callable[[tuple[int, ...]], None]] = []
        self._values: tuple[int, ...] = ()
        self._toggles: list[widgets.ToggleButton] = []
        self._pool: list[widgets.ToggleButton] = []
        super().__init__([self.label, self.buttons, self.total])
        self._update_total()

    @property
    def cards(self) -> tuple[int, ...]:
        return self._values

    def _toggle(self) -> widgets.ToggleButton:
        t = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto", min_width="38px", margin="1px"),
                                 button_style="" if self.mark_pressed else self.style_name)
        t.observe(lambda _c, t=t: self._pressed(t), "value")
        return t

    def on_change(self, callback: Callable[[tuple[int, ...]], None]) -> None:
        """Call ``callback(selected)`` when a card is pressed or released by a click."""
        self._changed.append(callback)

    def _pressed(self, t: widgets.ToggleButton) -> None:
        if self.single and t.value:        # one card at a time: pressing one releases the others
            for other in self._toggles:
                if other is not t and other.value:
                    other.value = False
        if self.mark_pressed:
            style = self.style_name if t.value else ""
            if t.button_style != style:
                t.button_style = style
            icon = "check" if t.value else ""
            if t.icon != icon:
                t.icon = icon
        self._update_total()
        if t.value or not self.single or not self.selected:
            for callback in self._changed:
                callback(self.selected)

    def set_cards(self, values: Sequence[int], *, style: str | None = None,
                  selected: Sequence[int] | None = None) -> None:
        """Show these cards (largest first). When the cards change the selection is cleared
        (or set to ``selected``); the same cards again change nothing unless ``selected`` is given."""
        values = tuple(sorted(values, reverse=True))
        style_changed = style is not None and style != self.style_name
        if style is not None:
            self.style_name = style
        same = values == self._values and len(self._toggles) == len(values) and not style_changed
        if not same:
            self._values = values
            if self.fresh:
                old, self._toggles = self._toggles, [self._toggle() for _ in values]
                self.buttons.children = tuple(self._toggles)
                for button in old:      # a dropped button would keep its card in the page
                    button.close()
            else:
                while len(self._pool) < len(values):
                    self._pool.append(self._toggle())
                self._toggles = self._pool[: len(values)]
                if self.buttons.children != tuple(self._toggles):
                    self.buttons.children = tuple(self._toggles)
            for t, v in zip(self._toggles, values, strict=True):
                text = self._label(v)
                if t.description != text:
                    t.description = text
                t.tooltip = self._tip(v) if self._tip else ""
                if not self.mark_pressed and t.button_style != self.style_name:
                    t.button_style = self.style_name
                t.value = False
                self._pressed(t)
        if selected is not None:
            self.select(selected)
        self._update_total()

    @property
    def selected(self) -> tuple[int, ...]:
        """The values of the pressed cards, largest first."""
        return tuple(sorted((v for v, t in zip(self._values, self._toggles, strict=True) if t.value), reverse=True))

    def select(self, values: Sequence[int]) -> None:
        """Press exactly the cards ``values`` (as far as the hand holds them)."""
        want = list(values)
        for v, t in zip(self._values, self._toggles, strict=True):
            if v in want:
                want.remove(v)
                t.value = True
            else:
                t.value = False

    def clear(self) -> None:
        for t in self._toggles:
            t.value = False

    def _update_total(self) -> None:
        self.total.value = self._total(self._values, self.selected)
