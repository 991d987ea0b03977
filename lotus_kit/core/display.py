"""How a game's state shows itself in Jupyter without its engine importing the views.

An engine names its figure function by text (``"lotus_kit.white_lotus.views.board:board_figure"``), the way a
game names its bots: :func:`figure_bundle` imports it only when a notebook displays a state, and
gives nothing when plotly (the ``[jupyter]`` extra) is not installed, so the engine keeps running on
the standard library alone.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["figure_bundle"]


def figure_bundle(figure: str, state: Any, include: Any = None, exclude: Any = None) -> dict:
    """The MIME bundle of ``figure(state)`` (``figure`` is ``"module:function"``); {} without plotly."""
    module, _, attr = figure.partition(":")
    try:
        make = getattr(importlib.import_module(module), attr)
    except ImportError:
        return {}
    return dict(make(state)._repr_mimebundle_(include, exclude) or {})
