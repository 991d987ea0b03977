"""How the game table uses the screen: board and panel side by side or stacked, the board sized to
the space, a projector mode, and the setup's variant choice in plain words.

The kernel cannot see the page, so :class:`ScreenSize` (a few lines of anywidget) reports the
width the table has and the window's height, again after a resize; :func:`fit` turns them into
a layout, the same way for every front end (JupyterLab, Voilà, a projector):

>>> fit(1280, 800, projector=False)
Fit(side_by_side=True, board_width=760, panel_width=435)
>>> fit(1024, 768, projector=False).side_by_side, fit(1024, 768, projector=True).side_by_side
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

import anywidget
import ipywidgets as widgets
import traitlets

__all__ = ["TABLE_CSS", "Fit", "ScreenSize", "VariantChoice", "fit"]

SIDE_BY_SIDE = 1200       # from this table width on, board and panel side by side
SIDE_BY_SIDE_PROJECTOR = 900
ABOVE_BOARD = 64          # the top bar and page padding above the board (px)
ABOVE_BOARD_PROJECTOR = 52


class Fit(NamedTuple):
    side_by_side: bool
    board_width: int
    panel_width: int


def fit(width: int, height: int, projector: bool, side_from: int | None = None) -> Fit:
    """The layout for a table ``width`` px wide in a window ``height`` px high: side by side from
    1200 px (900 in projector mode, where the board and the current decision must share one
    screen; ``side_from``: from that width, for a game whose panel holds what must be seen with the
    board), else the panel under the board; the board as big as the space allows, its height
    (0.95 of its width) within the window, in steps of 20 px so small resizes change nothing."""
    side = width >= (SIDE_BY_SIDE_PROJECTOR if projector else side_from or SIDE_BY_SIDE)
    above = ABOVE_BOARD_PROJECTOR if projector else ABOVE_BOARD
    tall = (height - above) / 0.95
    if side:
        panel = int(min(520, max(360, width * (0.37 if projector else 0.34))))
        board = min(width - panel - 24, tall)
    else:
        panel = width
        board = min(width - 8, tall if projector else max(tall, 640), 1100)
    return Fit(side, int(max(420, board) // 20 * 20), int(panel))


class ScreenSize(anywidget.AnyWidget):
    """Reports the width the enclosing ``.lotus-table`` gives its parts (inside its padding and the
    room kept for a scroll bar) and the window's height (px), once the table's board is drawn and
    after each resize (a quarter of a second after it settles)."""

    _esm = """
    export default {
      render({ model, el }) {
        let last = "", timer = null;
        const report = () => {
          const table = el.closest(".lotus-table") || el.parentElement || document.body;
          // the board's view must be drawn first: an update sent before plotly's code has loaded is lost
          if (table.querySelector(".lotus-board") && !table.querySelector(".lotus-board .js-plotly-plot .main-svg")) {
            clearTimeout(timer); timer = setTimeout(report, 300); return;
          }
          // the width its parts can use: without its padding and the room kept for a scroll bar
          const css = getComputedStyle(table);
          const w = Math.round(table.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight));
          const h = Math.round(window.innerHeight);
          if (!w || !h || `${w}x${h}` === last) return;
          last = `${w}x${h}`;
          model.set("width", w); model.set("height", h); model.save_changes();
        };
        const later = () => { clearTimeout(timer); timer = setTimeout(report, 250); };
        const watch = new ResizeObserver(later);
        requestAnimationFrame(() => { watch.observe(el.closest(".lotus-table") || document.body); report(); });
        window.addEventListener("resize", later);
        return () => { watch.disconnect(); window.removeEventListener("resize", later); clearTimeout(timer); };
      }
    };
    """
    width = traitlets.Int(0).tag(sync=True)
    height = traitlets.Int(0).tag(sync=True)




class VariantChoice(widgets.VBox):
    """One checkbox per variant, in plain words, the rule text and the flag's name on hover;
    ``value`` is the tuple of chosen flags (as ``SelectMultiple.value`` was).

    ``choices``: flag -> (words, rule text), in order (a game screen's ``flag_choices``; the
    default game's when None)."""

    def __init__(self, value: Iterable[str] = (), choices: Mapping[str, tuple[str, str]] | None = None, **kwargs):
        if choices is None:
            from lotus_kit.core.registry import DEFAULT_GAME, get_game
            from lotus_kit.ui.screen import screen_for

            game = get_game(DEFAULT_GAME)
            choices = screen_for(game).flag_choices(game)
        self.boxes = {
            flag: widgets.Checkbox(value=flag in tuple(value), description=words, indent=False,
                                   tooltip=f"{note} ({flag})".strip(),
                                   layout=widgets.Layout(width="auto", margin="0 16px 0 0"))
            for flag, (words, note) in choices.items()}
        grid = widgets.HBox(list(self.boxes.values()), layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([widgets.HTML("<b>Variants</b> (hover for the rule)"), grid], **kwargs)
        self.add_class("lotus-variants")

    @property
    def value(self) -> tuple[str, ...]:
        return tuple(flag for flag, box in self.boxes.items() if box.value)

    @value.setter
    def value(self, flags: Iterable[str]) -> None:
        chosen = set(flags)
        unknown = chosen - set(self.boxes)
        if unknown:
            raise ValueError(f"unknown variant flag(s) {', '.join(sorted(unknown))}; known: {', '.join(self.boxes)}")
        for flag, box in self.boxes.items():
            box.value = flag in chosen


TABLE_CSS = """
<style>
.lotus-table .lotus-main { gap: 12px; }
.lotus-table .lotus-side { box-sizing: border-box; }
.lotus-table .lotus-topbar { align-items: center; gap: 8px; }
.lotus-table .lotus-topbar .jupyter-widget-Collapse, .lotus-table .lotus-topbar .p-Collapse { flex: 1 1 auto; }
.lotus-table .lotus-board .js-plotly-plot .modebar { display: none; }
.lotus-table .widget-dropdown select { text-overflow: ellipsis; }
.lotus-table .lotus-variants .widget-checkbox { width: auto; }
.lotus-table.lotus-projector { font-size: 17px; position: fixed; inset: 0; z-index: 1000; overflow: auto;
  scrollbar-gutter: stable; background: #ffffff; padding: 4px 10px; box-sizing: border-box; }
.lotus-table.lotus-projector > * { flex-shrink: 0; }
.lotus-table.lotus-projector .widget-html-content, .lotus-table.lotus-projector .widget-label,
.lotus-table.lotus-projector .widget-button, .lotus-table.lotus-projector .widget-toggle-button,
.lotus-table.lotus-projector select { font-size: 17px; line-height: 1.35; }
.lotus-table.lotus-projector .widget-button, .lotus-table.lotus-projector .widget-toggle-button { height: 38px; }
.lotus-table.lotus-projector .lotus-decision { font-size: 22px; font-weight: 600; line-height: 1.3; }
</style>
"""
"""The table's own CSS, scoped by its classes (``lotus-table``, ``lotus-projector``). In projector
mode the table fills the window (over the notebook's text), so board and decision start at the top;
its parts keep their height there (the window's height must not squeeze the board over the log).
Its width keeps room for a scroll bar: were the bar to come and go, the width reported would
change with it, the board be fitted to each width in turn and the panel wrap under it."""


def __getattr__(name: str):
    if name == "FLAG_WORDS":            # moved to the White Lotus screen; the old name still works
        from lotus_kit.white_lotus.screen import FLAG_WORDS

        return FLAG_WORDS
    raise AttributeError(name)
