"""The optional compiled thaw legal set (the top-level ``speedups/`` folder, module
``lotus_kit_speedups``), when it is installed and built for this engine's grid.

The pure-Python engine is the reference and runs everywhere (JupyterLite, Binder, a machine without a
C compiler); the compiled module gives the same entries as :func:`lotus_kit.winter.engine.thaw_cards`
(checked position by position in ``tests/winter/test_speedups.py``), only faster. ``LOTUS_KIT_PURE=1``
in the environment leaves it out (to measure or test the pure engine).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType

from lotus_kit.winter.grid import W

VERSION = 3         # the module's interface this engine speaks


def load() -> ModuleType | None:
    """The module ``lotus_kit_speedups``, or None when it is left out, not installed or built for
    another grid or interface."""
    if os.environ.get("LOTUS_KIT_PURE", "") not in ("", "0"):
        return None
    try:
        import lotus_kit_speedups
    except ImportError:
        return None
    if getattr(lotus_kit_speedups, "W", None) != W or getattr(lotus_kit_speedups, "VERSION", None) != VERSION:
        return None
    return lotus_kit_speedups


_module = load()
# thaw_entries(anchors, free, light, parity): lotus_kit.winter.engine.thaw_cards's entries and count
thaw_entries: Callable | None = _module.thaw_entries if _module else None
# select_bit(mask, k, count=None): the position of the k-th lowest set bit (engine.select_bit)
select_bit: Callable | None = _module.select_bit if _module else None
