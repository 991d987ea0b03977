"""``make -n`` as a person runs it from a shell, also when the tests themselves run under ``make test``."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def make_dry(*args: str) -> str:
    """The commands ``make -n ARGS`` would run. The outer make's MAKEFLAGS/MAKELEVEL are dropped: under
    ``make test`` a nested make would print "Entering/Leaving directory" lines around its commands."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    return subprocess.run(["make", "--no-print-directory", "-n", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=True).stdout
