"""The yardstick every game's speed aim is set against: White Lotus's random 4-player action as the
phase-module engine played it (22 µs where the aims were written). That engine lives on as the
differential tests' oracle (``tests/white_lotus/oracle``); the public engine now runs on the fast
core and is quicker, so measuring against it would make every other game's ratio look worse."""

from __future__ import annotations

import pathlib
import sys
from types import ModuleType

ROOT = pathlib.Path(__file__).resolve().parent.parent


def white_lotus_engine() -> ModuleType:
    """The oracle engine when the tests are there (a clone), else the public engine (an installed kit)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    try:
        from tests.white_lotus.oracle import engine
    except ImportError:
        from lotus_kit.white_lotus import engine
    return engine
