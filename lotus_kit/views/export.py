"""Static export of any view: PNG and SVG through kaleido, standalone HTML through plotly.

kaleido (>= 1.0) drives a system Chrome or Chromium; on Debian that is ``/usr/bin/chromium``
(``apt-get install chromium``). It never downloads a browser here: without one, :func:`to_image`
raises :class:`ExportError` saying what to install.

>>> import plotly.graph_objects as go
>>> html = to_html(go.Figure(go.Bar(y=[1, 2])), include_plotlyjs="cdn")
>>> "<html>" in html and 'src="https://cdn.plot.ly' in html
True
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import plotly.graph_objects as go

from lotus_kit.core.files import write_bytes, write_text

__all__ = ["ExportError", "browser_path", "cjk_font_available", "image_server", "to_html", "to_image",
           "write_html", "write_image"]

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


class ExportError(RuntimeError):
    """A static image could not be made (no browser for kaleido)."""


def browser_path() -> str | None:
    """The Chrome/Chromium kaleido will use: ``$BROWSER_PATH``, else ``chromium``/``google-chrome`` on PATH."""
    env = os.environ.get("BROWSER_PATH")
    if env and os.path.exists(env):
        return env
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def cjk_font_available() -> bool:
    """Whether fontconfig knows a font with Chinese glyphs (else Hanzi render as boxes in PNG/SVG)."""
    try:
        out = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return False
    return bool(out.stdout.strip())


def _plain(fig: go.Figure) -> go.Figure:
    """A plain ``go.Figure`` copy (a ``FigureWidget`` is exported through one)."""
    return fig if type(fig) is go.Figure else go.Figure(fig)


def to_image(fig: go.Figure, format: Literal["png", "svg", "jpeg", "webp", "pdf"] = "png",
             scale: float = 1.0, width: int | None = None, height: int | None = None) -> bytes:
    """The figure as image bytes, rendered by kaleido in Chromium.

    Each call outside :func:`image_server` starts a browser (2-4 s); wrap many exports in it.
    """
    if browser_path() is None:
        raise ExportError("static export needs Chrome or Chromium for kaleido: install it with "
                          "`apt-get install chromium` (or set BROWSER_PATH); kaleido cannot fetch one here")
    try:
        with warnings.catch_warnings():   # inside image_server() plotly's kaleido options are unused: say nothing
            warnings.filterwarnings("ignore", message="The kopts argument is ignored", category=UserWarning)
            return _plain(fig).to_image(format=format, scale=scale, width=width, height=height)
    except RuntimeError as exc:
        raise ExportError(f"kaleido could not render the figure: {exc}") from exc


def write_image(fig: go.Figure, path: str | os.PathLike, scale: float = 1.0, width: int | None = None,
                height: int | None = None) -> Path:
    """Write a PNG, SVG, JPEG, WebP or PDF; the format comes from the file suffix."""
    path = Path(path)
    fmt = path.suffix.lstrip(".").lower() or "png"
    if fmt == "jpg":
        fmt = "jpeg"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes(path, to_image(fig, format=fmt, scale=scale, width=width, height=height))  # type: ignore[arg-type]
    return path


@contextlib.contextmanager
def image_server() -> Iterator[None]:
    """Keep one browser running for many exports (first image ~2 s, then ~0.2 s each)."""
    import kaleido

    if browser_path() is None:
        raise ExportError("static export needs Chrome or Chromium: `apt-get install chromium`")
    kaleido.start_sync_server(silence_warnings=True)
    try:
        yield
    finally:
        kaleido.stop_sync_server(silence_warnings=True)


def to_html(fig: go.Figure, include_plotlyjs: bool | str = True, full_html: bool = True) -> str:
    """Standalone HTML. ``include_plotlyjs=True`` embeds plotly.js (~5 MB, works offline);
    ``"cdn"`` links it from the CDN (small file, needs the network to view)."""
    return _plain(fig).to_html(include_plotlyjs=include_plotlyjs, full_html=full_html,
                               config={"displaylogo": False, "responsive": True})


def write_html(fig: go.Figure, path: str | os.PathLike, include_plotlyjs: bool | str = True) -> Path:
    """Write :func:`to_html` to ``path`` (self-contained by default)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, to_html(fig, include_plotlyjs=include_plotlyjs))
    return path
