"""Hidden information: states consistent with what one seat knows (determinisation, WL-INFO-1/2).

Moved to :mod:`lotus_kit.white_lotus.hidden` (the engine side); this path keeps working.
"""

from lotus_kit.white_lotus.hidden import determinise, hide_sealed, resample_hand, value_splits

__all__ = ["determinise", "hide_sealed", "resample_hand", "value_splits"]
