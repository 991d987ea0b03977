"""Figures that live in the page: plotly ``FigureWidget``s updated in place, for every game's board.

:class:`LiveFigureWidget` is a ``go.FigureWidget`` (an anywidget with plotly >= 6) that is made once
and brought to each new state with one ``batch_update`` holding only the properties that changed
(:mod:`lotus_kit.views.figure_update`), never a new figure per click; :class:`SyncOnDisplay` makes a
container sync the figures inside it when it is displayed (a plain ``FigureWidget`` inside a box is
drawn from stale data in JupyterLab and Voilà otherwise).

A game's live board is its screen's ``board_widget`` (White Lotus's :class:`BoardWidget`, with
province clicks, is in :mod:`lotus_kit.white_lotus.screen.board` and still importable from here).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from copy import deepcopy
from functools import cache
from pathlib import Path

import ipywidgets as widgets
import plotly
import plotly.graph_objects as go
import traitlets

__all__ = ["LiveFigureWidget", "SyncOnDisplay", "plotly_widget_module", "shared_plotly_module",
           "sync_figures"]

ClickCallback = Callable[[str], None]


# anywidget waits 2 s for a model's initialize and, past that deadline, drops every later message
# to the model ("[anywidget] Failed to initialize model."). So initialize only starts loading
# plotly's module and views wait for it. Edits sent meanwhile are not replayed on the model's copy
# of the figure: plotly's model-side replay loses data (a trace's ``x`` became undefined, a board
# drawn later could not be clicked), and it is not needed: while no view is drawn,
# LiveFigureWidget sends the whole figure after every edit (``sync_if_unseen``).
#
# plotly's model keeps its copy of the figure by applying each edit message as it comes, reading it
# raw from anywidget's model: a trace an edit leaves alone is marked "_undefined_" there (in a
# batch_update, or a restyle of several traces), and the raw string was written into the copy as if
# it were a value. The view then found the copy short of what it draws (text, marker sizes,
# outline widths), reported those as plotly.js defaults, and the kernel dropped them from the
# figure (removeTraceProps): the board lost chip letters and key icons, and a resize or the
# projector mode arrived half applied. So plotly gets the model with edit messages decoded as its
# views decode them ("_undefined_" is "leave as it is").
#
# A plotly view listens to the model and never stops: a view removed (its box's children changed,
# as when the table switches to projector mode) still answered every edit, on a purged plot, and
# threw ("reading '_guiEditing'"), which stopped the edit before the views after it. Each view's
# listeners are noted while it is made and removed with it.
_LAZY_WIDGET = """
const decode = (v) => {
  if (v === "_undefined_") return undefined;
  if (Array.isArray(v)) return v.map(decode);
  if (v && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decode(x)]));
  }
  return v;
};
// plotly's module text is the model's ``_plotly_module`` (data, decoded with the model's state before
// anywidget starts the clock); the first figure of the page compiles it, the others reuse it
const plotlyModule = (model) => (globalThis[KEY] ??= import(URL.createObjectURL(
  new Blob([model.get("_plotly_module")], { type: "text/javascript" }))));
export default () => {
  let loading = null;
  let shared = null;          // the model as plotly gets it
  let noting = null;          // the listeners of the view being made
  return {
    initialize({ model }) {
      shared = {
        ...model,
        get: (key) => (String(key).startsWith("_py2js_") ? decode(model.get(key)) : model.get(key)),
        on: (name, callback) => { noting?.push([name, callback]); model.on(name, callback); },
      };
      loading = plotlyModule(model).then(async (mod) => {
        const plotly = mod.default();
        await plotly.initialize?.({ model: shared });
        return plotly;
      });
    },
    async render({ model, el }) {
      const plotly = await loading;
      const listeners = [];
      noting = listeners;
      let remove;
      try {
        remove = plotly.render({ model, el });
      } finally {
        noting = null;
      }
      return () => {
        for (const [name, callback] of listeners) shared.off(name, callback);
        remove?.();
      };
    },
  };
};
"""


@cache
def plotly_widget_module() -> str:
    """plotly's widget module (5 MB of ES module text), sent to the page as the data of each figure."""
    esm = go.FigureWidget._esm
    return esm.read_text(encoding="utf-8") if isinstance(esm, Path) else str(esm)


@cache
def shared_plotly_module() -> str:
    """The small module anywidget starts for every figure: it loads plotly's widget module once per
    page, from the figure's ``_plotly_module`` text, and shares it with every figure.

    anywidget turns each model's ``_esm`` text into a module of its own and gives the model 2 s from
    its creation to load and start it; past that, every later message to the model is dropped
    ("[anywidget] Failed to initialize model."): the figure stays drawn as it was born and never
    changes again, and no reply to an edit comes back. plotly's module is 5 MB of code: compiled
    per figure on a busy machine it took longer (the club table's board kept its first size); then
    carried as a 5 MB string literal inside each figure's ``_esm``, every figure still had 5 MB of
    module source to load and parse inside those 2 s (0.2-0.6 s per figure in headless Chromium at
    load 5, on a main thread that JupyterLab's Run All keeps busy too). The symptom of a missed start
    is a board that is drawn and takes clicks but never shows a move (Winter's lake under load, the
    explorer's board kept at "phase 1"). So the module anywidget loads is a few lines
    (``_LAZY_WIDGET``), plotly's text travels as model data (decoded before anywidget's clock
    starts), and a model's start does not wait for plotly (views do).
    """
    key = json.dumps(f"__lotus_kit_plotly_widget_{plotly.__version__}")
    return f"const KEY = {key};\n" + _LAZY_WIDGET


class LiveFigureWidget(go.FigureWidget):
    """A ``FigureWidget`` whose state, when a front end asks for it, is the figure as it is now.

    plotly's FigureWidget sends later changes as one-off update messages and refreshes its synced
    copy of the figure (``_widget_data``, ``_widget_layout``) only when it is displayed on its own.
    Inside a VBox, or in Voilà (which runs the notebook before the page connects), or after a page
    reload, a front end would get the figure as it was built; and in JupyterLab the front-end model
    replays update messages received before any view exists without decoding plotly's
    ``"_undefined_"`` placeholders, so a view made later loses data (``x`` of updated traces).

    Here the copy is made fresh whenever the whole state is requested (:meth:`get_state`), the
    views are counted (``_view_count``), and :meth:`sync_if_unseen` sends the whole figure after a
    change while no view exists yet. Once the figure is on screen, updates are the small messages
    of ``batch_update``.
    """

    # plotly's widget module as text: what the small ``_esm`` loads once per page (shared_plotly_module)
    _plotly_module = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *args, **kwargs):
        # ipywidgets opens the comm inside the base constructor, before plotly has built the figure:
        # the front end's model was born empty and the figure followed as update messages. Seen in
        # JupyterLab under Run All (the messages of the front end recorded in the browser): a view
        # made seconds after those updates had arrived still drew the model as it was born (empty
        # axes, no width). The comm is opened once the figure is whole: its first message carries it.
        self.__dict__["_building"] = True
        super().__init__(*args, **kwargs)
        self._esm = shared_plotly_module()
        self._plotly_module = plotly_widget_module()
        self.__dict__["_building"] = False
        self._view_count = 0                # the front end counts the views it makes (ipywidgets)
        self.open()

    def open(self) -> None:
        if not self.__dict__.get("_building"):
            super().open()

    # every change of a FigureWidget reaches the front end through one of these messages: after
    # each, a figure no view shows yet is sent whole, so a front end that asks for the state anew
    # (Voilà, a page reload) makes its views from the figure as it is; the messages themselves are
    # lost on a front end with no view to apply them)
    def _send_relayout_msg(self, *args, **kwargs):
        super()._send_relayout_msg(*args, **kwargs)
        self.sync_if_unseen()

    def _send_restyle_msg(self, *args, **kwargs):
        super()._send_restyle_msg(*args, **kwargs)
        self.sync_if_unseen()

    def _send_addTraces_msg(self, *args, **kwargs):
        super()._send_addTraces_msg(*args, **kwargs)
        self.sync_if_unseen()

    def _send_moveTraces_msg(self, *args, **kwargs):
        super()._send_moveTraces_msg(*args, **kwargs)
        self.sync_if_unseen()

    def _send_update_msg(self, *args, **kwargs):
        super()._send_update_msg(*args, **kwargs)
        self.sync_if_unseen()

    def _send_animate_msg(self, *args, **kwargs):
        super()._send_animate_msg(*args, **kwargs)
        self.sync_if_unseen()

    def _send_deleteTraces_msg(self, *args, **kwargs):
        super()._send_deleteTraces_msg(*args, **kwargs)
        self.sync_if_unseen()

    def sync_if_unseen(self) -> bool:
        """After changing the figure: when no view shows it yet, send it whole (see :meth:`sync`)."""
        if self._view_count:
            return False
        self.sync()
        return True

    def sync(self) -> None:
        """Send the whole figure as it is now: what a new view (a new display) is built from.

        In JupyterLab the front-end model exists from the moment the widget is made, and plotly's
        model-side replay of the update messages sent before any view exists loses data (seen:
        ``x`` of updated traces became undefined), so a view made later drew a broken board.
        """
        self._widget_layout = deepcopy(self._layout_obj._props)
        self._widget_data = deepcopy(self._data)

    def get_state(self, key=None, drop_defaults=False):
        state = super().get_state(key, drop_defaults)
        if "_layout_obj" not in self.__dict__ or "_data" not in self.__dict__:
            return state                    # still being built: the copy is current
        for name, value in (("_widget_layout", lambda: self._layout_obj._props), ("_widget_data", lambda: self._data)):
            if name in state:
                to_json = self.trait_metadata(name, "to_json", self._trait_to_json)
                state[name] = to_json(deepcopy(value()), self)
        return state


def sync_figures(widget: widgets.Widget) -> int:
    """:meth:`LiveFigureWidget.sync` every figure inside ``widget`` (children, recursively)."""
    count = 0
    seen: set[int] = set()
    stack = [widget]
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        if isinstance(w, LiveFigureWidget):
            w.sync()
            count += 1
        stack.extend(getattr(w, "children", ()) or ())
    return count


class SyncOnDisplay:
    """Mixin for container widgets: when displayed, first sync the figures inside them (see
    :meth:`LiveFigureWidget.sync`), as plotly does for a FigureWidget displayed on its own."""

    def _repr_mimebundle_(self, **kwargs):
        sync_figures(self)
        return super()._repr_mimebundle_(**kwargs)


def __getattr__(name: str):
    # White Lotus's board widget under its old path
    if name == "BoardWidget":
        from lotus_kit.white_lotus.screen.board import BoardWidget

        return BoardWidget
    raise AttributeError(name)
