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

import asyncio
import concurrent.futures
import contextlib
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import plotly.graph_objects as go

from lotus_kit.core.files import write_bytes, write_text

__all__ = ["ExportError", "browser_path", "cjk_font_available", "image_server", "start_image_server",
           "stop_image_server", "to_html", "to_image", "write_html", "write_image"]

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
    server = _server
    if server is not None:
        return server.render(_plain(fig), format, scale, width, height)
    try:
        return _plain(fig).to_image(format=format, scale=scale, width=width, height=height)
    except RuntimeError as exc:
        raise ExportError(f"kaleido could not render the figure: {exc}") from exc


class _ImageServer:
    """One kaleido browser kept open on an event loop of its own thread. Every wait has a deadline: a
    browser that does not start, or stops answering (a loaded machine, a crash), gives an
    :class:`ExportError` and a closed server, never a wait without end (kaleido's own sync server waits
    for ever once its thread has died)."""

    START_SECONDS = 180.0           # a first Chromium on a busy 2-core machine can take a minute
    FIGURE_SECONDS = 120.0

    def __init__(self) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="lotus-kit-image-server",
                                        daemon=True)
        self._thread.start()
        self._kaleido = None
        try:
            self._kaleido = self._wait(self._open(), self.START_SECONDS, "start")
        except BaseException:
            self.close()
            raise

    @staticmethod
    async def _open():
        import kaleido

        k = kaleido.Kaleido(n=1)
        await k.__aenter__()
        return k

    def _wait(self, coroutine, seconds: float, what: str):
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(timeout=seconds)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise ExportError(f"the browser for static export did not {what} within {seconds:g} s") from None
        except ExportError:
            raise
        except Exception as exc:
            raise ExportError(f"kaleido could not {what}: {exc}") from exc

    def render(self, fig: go.Figure, format: str, scale: float, width: int | None, height: int | None) -> bytes:
        import plotly.io as pio

        spec = fig.to_dict()
        layout = spec.get("layout", {})
        template = layout.get("template", {}).get("layout", {})
        opts = {"format": format or pio.defaults.default_format, "scale": scale or pio.defaults.default_scale,
                "width": width or layout.get("width") or template.get("width") or pio.defaults.default_width,
                "height": height or layout.get("height") or template.get("height") or pio.defaults.default_height}
        try:
            return self._wait(self._kaleido.calc_fig(spec, opts=opts, topojson=pio.defaults.topojson),
                              self.FIGURE_SECONDS, "render the figure")
        except ExportError:
            stop_image_server(force=True)       # the next export starts a browser afresh
            raise

    def close(self) -> None:
        try:
            if self._kaleido is not None:
                self._wait(self._kaleido.__aexit__(None, None, None), 30.0, "close")
        except ExportError:
            pass                                # a browser that will not close dies with the process
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)


_server: _ImageServer | None = None
_server_users = 0


def start_image_server() -> None:
    """Start the one browser that :func:`to_image` uses until :func:`stop_image_server` (nested starts
    share it). :class:`ExportError` when no browser starts."""
    global _server, _server_users
    if browser_path() is None:
        raise ExportError("static export needs Chrome or Chromium: `apt-get install chromium`")
    if _server is None:
        _server = _ImageServer()
    _server_users += 1


def stop_image_server(force: bool = False) -> None:
    """Undo one :func:`start_image_server`; the browser closes with the last (or at once with ``force``)."""
    global _server, _server_users
    _server_users = 0 if force else max(0, _server_users - 1)
    if _server_users == 0 and _server is not None:
        server, _server = _server, None
        server.close()


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
    start_image_server()
    try:
        yield
    finally:
        stop_image_server()


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
