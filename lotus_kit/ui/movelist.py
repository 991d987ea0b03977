"""The explorer's move list and keyboard, as one small anywidget (``widgets/movelist.js``).

The list shows every decision of the line shown under year and phase headings, the current step
highlighted and kept in view, and under a decision the other lines of the tree that leave the shown
line there ("↳ line 2: Red names Blue with no cards"). A click on a decision shows the step after it;
a click on a branch shows that line.

The same front-end code listens for keys on the whole explorer around it (whatever inside has
focus, text fields and menus excepted): ←/→ a step, Home/End the ends of the line, ``n``/``N`` the
next/previous decision of the seat chosen in the explorer. Each key reaches Python as a message and
is handled by :meth:`MoveList.on_key` callbacks, the same path a test takes with :meth:`MoveList.press`.

It also carries two page-side services the kernel cannot do alone: writing text to the clipboard
(:meth:`MoveList.copy`) and handing bytes to the browser as a download (:meth:`MoveList.download`).

The ES module is loaded from the installed package (``lotus_kit/_widgets``) or, in a source checkout,
from the top-level ``widgets/`` folder: nothing is fetched from elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

__all__ = ["KEYS", "MoveList", "esm_path"]

KEYS = ("ArrowLeft", "ArrowRight", "Home", "End", "n", "N", "p")
"""The keys the front end passes on (``p`` does what ``N`` does: the previous decision)."""


def esm_path(name: str) -> Path:
    """A front-end module shipped with the kit: inside the wheel (``lotus_kit/_widgets``) or, in a
    source checkout, the repository's ``widgets/`` folder."""
    here = Path(__file__).resolve().parents[1]
    for folder in (here / "_widgets", here.parent / "widgets"):
        if (folder / name).is_file():
            return folder / name
    raise FileNotFoundError(f"the front-end module {name} is missing from lotus_kit/_widgets and widgets/")


class MoveList(anywidget.AnyWidget):
    """The clickable move list (see the module docstring). ``rows`` are dicts ``{k, text, seat,
    origin, head, branches}`` (``k``: the step the decision is taken at, ``head``: a heading shown
    above it or ``""``, ``branches``: ``[{n, text}]``); ``current`` is the step shown."""

    _esm = esm_path("movelist.js")
    rows = traitlets.List(traitlets.Dict()).tag(sync=True)
    current = traitlets.Int(0).tag(sync=True)
    colours = traitlets.List(traitlets.Unicode()).tag(sync=True)
    start = traitlets.Unicode("the start of the game").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._go: list[Callable[[int], None]] = []
        self._line: list[Callable[[int, int], None]] = []
        self._key: list[Callable[[str], None]] = []
        self._copied: list[Callable[[bool, str], None]] = []
        self._page: list[Callable[[str], None]] = []
        self.page_url = ""
        """The address of the page the list was last shown in (for share links), "" before."""
        self.on_msg(self._on_message)

    # -- callbacks ------------------------------------------------------------------------------------------
    def on_go(self, fn: Callable[[int], None]) -> None:
        """``fn(step)`` when a decision (or the start) is clicked."""
        self._go.append(fn)

    def on_line(self, fn: Callable[[int, int], None]) -> None:
        """``fn(line_number, step)`` when a branch is clicked."""
        self._line.append(fn)

    def on_key(self, fn: Callable[[str], None]) -> None:
        """``fn(key)`` for each key of :data:`KEYS` pressed inside the explorer."""
        self._key.append(fn)

    def on_copied(self, fn: Callable[[bool, str], None]) -> None:
        """``fn(ok, why)`` once the page has tried to write to the clipboard."""
        self._copied.append(fn)

    def on_page(self, fn: Callable[[str], None]) -> None:
        """``fn(url)`` when a view of the list is shown in a page (its address, e.g. with ``?code=``)."""
        self._page.append(fn)

    # -- what a browser sends, for scripts and tests ------------------------------------------------------
    def press(self, key: str) -> None:
        """What the page sends for a key press."""
        self._on_message(self, {"key": key}, [])

    def click(self, step: int) -> None:
        """What the page sends for a click on the decision that leads to ``step``."""
        self._on_message(self, {"go": step}, [])

    def click_branch(self, number: int, step: int) -> None:
        self._on_message(self, {"line": number, "step": step}, [])

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if "page" in content and isinstance(content["page"], str):
            # a view was just made: send it the whole list in a message of its own, since changes sent
            # before any view existed can be lost while the front end is still loading this module
            self.send({"state": {"rows": self.rows, "current": self.current, "colours": self.colours,
                                 "start": self.start}})
            self.page_url = content["page"][:20000]
            for fn in self._page:
                fn(self.page_url)
        elif isinstance(content.get("go"), int):
            for fn in self._go:
                fn(content["go"])
        elif isinstance(content.get("line"), int) and isinstance(content.get("step"), int):
            for fn in self._line:
                fn(content["line"], content["step"])
        elif content.get("key") in KEYS:
            for fn in self._key:
                fn(content["key"])
        elif "copied" in content:
            for fn in self._copied:
                fn(bool(content["copied"]), str(content.get("why", ""))[:200])

    # -- page services --------------------------------------------------------------------------------------
    def copy(self, text: str) -> None:
        """Ask the page to put ``text`` on the clipboard."""
        self.send({"copy": text})

    def download(self, name: str, mime: str, data: bytes) -> None:
        """Hand ``data`` to the browser as a file download named ``name``."""
        self.send({"download": name, "mime": mime}, [data])
