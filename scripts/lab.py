"""Start JupyterLab on 127.0.0.1 with the first walkthrough and print the address to open, token included.

`make lab` runs this after the install. JupyterLab's own start-up log is kept to warnings, so the
last thing on the screen is the address; a browser is opened only where there is a desktop to show
it on (elsewhere Python's webbrowser may start a text browser in this terminal).

    python scripts/lab.py [--port 8888] [notebook]
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import webbrowser

DEFAULT_NOTEBOOK = "notebooks/01_learn_the_rules.ipynb"


def free_port(start: int) -> int:
    """``start`` or the next port free on 127.0.0.1 (another Jupyter may hold 8888)."""
    for port in range(start, start + 50):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise SystemExit(f"no free port on 127.0.0.1 between {start} and {start + 49}")


def ready(base: str, token: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as r:
            return r.status == 200
    except (OSError, urllib.error.URLError):
        return False


def has_desktop() -> bool:
    return sys.platform in ("darwin", "win32") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", nargs="?", default=DEFAULT_NOTEBOOK)
    parser.add_argument("--port", type=int, default=8888)
    args = parser.parse_args(argv)
    port, token = free_port(args.port), secrets.token_hex(16)
    base = f"http://127.0.0.1:{port}"
    url = f"{base}/lab/tree/{args.notebook}?token={token}"
    cmd = [sys.executable, "-m", "jupyterlab", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
           "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", "--ServerApp.open_browser=False",
           "--ServerApp.root_dir=.", "--ServerApp.log_level=WARN",
           # Voila inside JupyterLab (/voila/render/...) would point MathJax at cdnjs when the server
           # names no URL; the kit's texts need no TeX, and a classroom may have no internet
           "--ServerApp.tornado_settings=mathjax_url="]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    print(f"==> starting JupyterLab on 127.0.0.1:{port} ...", flush=True)
    server = subprocess.Popen(cmd)
    try:
        started = time.monotonic()
        while not ready(base, token):
            if server.poll() is not None:
                print(f"JupyterLab stopped before it was ready (exit {server.returncode}); see above.",
                      file=sys.stderr)
                return server.returncode or 1
            if time.monotonic() - started > 300:
                print("JupyterLab did not answer within 5 minutes; see above.", file=sys.stderr)
                server.terminate()
                return 1
            time.sleep(0.3)
        opened = has_desktop() and webbrowser.open(url)
        rule = "=" * min(100, len(url) + 8)
        print(f"\n{rule}\n  JupyterLab is ready ({time.monotonic() - started:.0f} s). "
              f"{'A browser tab is opening at' if opened else 'Open this address in a browser'}:\n\n"
              f"    {url}\n\n  Ctrl-C here stops it.\n{rule}\n", flush=True)
        # Ctrl-C from the terminal reaches JupyterLab too, which shuts down by itself: just wait for it
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        return server.wait()
    except KeyboardInterrupt:
        server.terminate()
        server.wait()
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
