"""Moved to :mod:`lotus_kit.core.fastrecord` (every game's records use it); this path keeps working."""

from lotus_kit.core.fastrecord import draft_class, fast_init, make_evolver, make_replacer

__all__ = ["draft_class", "fast_init", "make_evolver", "make_replacer"]
