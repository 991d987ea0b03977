"""Serve a notebook to a classroom with Voilà, with safe defaults (``make voila``).

    python -m lotus_kit.classroom notebooks/05_play_at_the_club.ipynb          # this machine only
    python -m lotus_kit.classroom notebooks/05_play_at_the_club.ipynb --lan    # the room, with a token

Each visitor of the page gets a Python kernel (~180 MB), so a bare Voilà server can be filled by
anyone who reloads a page. The defaults here:

- **a token**, printed in the URL to open; without it the page is refused;
- **at most** ``--max-kernels`` kernels (default 30); one more visitor gets "the table is full" (503)
  instead of a kernel;
- **idle kernels culled**: a kernel nobody is connected to and that did nothing for ``--cull-idle``
  seconds (default 600) is shut down, checked every ``--cull-interval`` seconds;
- **only the served address** is accepted in the Host header on 127.0.0.1 (a page of another site
  that resolves its name to 127.0.0.1, DNS rebinding, is refused); on the LAN the token guards it.

- **a pre-heated kernel** (``--preheat``, default 1): Voilà starts a kernel and runs the notebook
  before anyone asks, so the next visitor's page shows the table at once instead of after a
  kernel start and a run of the notebook (the club table's first paint, see
  ``benchmarks/bench_first_paint.py``); the pool refills after each visitor. Each kernel kept
  waiting costs its memory with nobody there: ``--preheat 0`` turns the pool off. Pooled kernels
  count towards ``--max-kernels`` and are never culled.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer
from traitlets.config import Config

MAX_KERNELS = 30
CULL_IDLE = 600
CULL_INTERVAL = 60
PREHEAT = 1


class CappedKernelManager(AsyncMappingKernelManager):
    """A kernel manager that refuses a kernel beyond ``max_kernels`` (503: the table is full)."""

    max_kernels = Integer(MAX_KERNELS, config=True, help="most kernels running at once (0: no cap)")

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._starting = 0          # kernels asked for and not yet listed: concurrent visitors count too

    async def start_kernel(self, *args: Any, kernel_id: str | None = None, **kwargs: Any) -> str:
        if kernel_id is None or kernel_id not in self:
            running = len(self.list_kernel_ids()) + self._starting
            if self.max_kernels and running >= self.max_kernels:
                self.log.warning("Refusing a kernel: %d of %d running", running, self.max_kernels)
                raise web.HTTPError(503, reason=f"The table is full ({self.max_kernels} players): "
                                                "try again when someone leaves")
        self._starting += 1
        try:
            return await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
        finally:
            self._starting -= 1


def voila_config(*, lan: bool, token: str, max_kernels: int = MAX_KERNELS, cull_idle: int = CULL_IDLE,
                 cull_interval: int = CULL_INTERVAL, preheat: int = PREHEAT) -> Config:
    """The Voilà configuration of a classroom server (see the module doc)."""
    c = Config()
    c.Voila.ip = "0.0.0.0" if lan else "127.0.0.1"
    c.Voila.token = token
    c.Voila.open_browser = False
    # Voilà's standalone server switches the Host check off; switch it back on for 127.0.0.1 so only
    # 127.0.0.1 / localhost are accepted (on the LAN the machine's own addresses vary: the token guards it)
    c.Voila.tornado_settings = {"allow_remote_access": lan, "local_hostnames": ["localhost"]}
    c.VoilaConfiguration.multi_kernel_manager_class = f"{__name__}.CappedKernelManager"
    c.VoilaConfiguration.preheat_kernel = preheat > 0
    c.VoilaConfiguration.default_pool_size = max(preheat, 0)
    c.VoilaConfiguration.template = "lotus"         # Voilà's lab page without its CDN links (no internet needed)
    c.CappedKernelManager.max_kernels = max_kernels
    c.CappedKernelManager.cull_idle_timeout = cull_idle
    c.CappedKernelManager.cull_interval = cull_interval
    c.CappedKernelManager.cull_connected = False    # an open page keeps its game; a closed one is culled
    return c


def lan_addresses() -> list[str]:
    """This machine's addresses others in the room can reach (best effort, no network traffic)."""
    found = set()
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))             # a documentation address: picks the outgoing interface, sends nothing
        found.add(s.getsockname()[0])
    with contextlib.suppress(OSError):
        found.update(info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    return sorted(a for a in found if not a.startswith("127."))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lotus_kit.classroom",
                                     description="serve a notebook to a classroom with Voilà (safe defaults)")
    parser.add_argument("notebook")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--lan", action="store_true",
                        help="listen on every address so the room can connect (a token is always required)")
    parser.add_argument("--token", help="the token to require (default: a new random one)")
    parser.add_argument("--max-kernels", type=int, default=MAX_KERNELS, help="most players at once")
    parser.add_argument("--cull-idle", type=int, default=CULL_IDLE,
                        help="seconds after which a kernel nobody is connected to is shut down")
    parser.add_argument("--cull-interval", type=int, default=CULL_INTERVAL, help="seconds between cull checks")
    parser.add_argument("--preheat", type=int, default=PREHEAT,
                        help="kernels kept started with the notebook already run, for the next visitors (0: none)")
    args = parser.parse_args(argv)
    if args.max_kernels < 1 or args.cull_idle < 1 or args.cull_interval < 1:
        parser.error("--max-kernels, --cull-idle and --cull-interval must be at least 1")
    if not 0 <= args.preheat < args.max_kernels:
        parser.error("--preheat must be at least 0 and less than --max-kernels")
    token = args.token or secrets.token_urlsafe(16)
    config = voila_config(lan=args.lan, token=token, max_kernels=args.max_kernels, cull_idle=args.cull_idle,
                          cull_interval=args.cull_interval, preheat=args.preheat)
    hosts = (lan_addresses() or ["<this machine's address>"]) if args.lan else ["127.0.0.1"]
    print(f"Classroom server: at most {args.max_kernels} players, idle pages closed after {args.cull_idle} s, "
          f"{args.preheat} kernel(s) kept ready for the next visitors.")
    print("Open (the token is part of the address):")
    for host in hosts:
        print(f"    http://{host}:{args.port}/?token={token}")
    sys.stdout.flush()

    # the "lotus" template ships in the package (share/voila/templates/lotus); Voilà looks in JUPYTER_PATH
    share = str(Path(__file__).resolve().parent / "share")
    os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (share, os.environ.get("JUPYTER_PATH")) if p)
    from voila.app import Voila

    Voila.launch_instance(argv=[args.notebook, f"--port={args.port}"], config=config)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
