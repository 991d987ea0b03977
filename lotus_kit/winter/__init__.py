"""Winter (María & Enrique Blasco, Devir 2022): the frozen lake, played, explained and solved.

Rules: ``lotus_kit/rules/winter.md`` (every rule has an id ``WIN-...``; profiles DEVIR, the default,
and BGA_HELP). The engine is standard library only: :mod:`.engine` (a flat tuple of ints per state,
the lake's geometry bit-parallel on a bounded grid, :mod:`.grid`), :mod:`.actions` (value objects),
:mod:`.game` (:data:`WINTER`, the kit's game protocol), :mod:`.position`, :mod:`.solver` (the thaw,
solved), :mod:`.bots`. The board view lives in :mod:`.screen` (plotly), which the engine never imports.

>>> from lotus_kit.winter import WINTER, Lay
>>> s = WINTER.apply(WINTER.new_game(2, seed=1), Lay(0, 0))
>>> s.phase, s.lake[0][:2]
('setup_second', (0, 0))
"""

from lotus_kit.winter.actions import (
    Action,
    ChooseColour,
    Decline,
    DrawCard,
    KeepPart,
    Lay,
    MoveCard,
    PlaceToken,
    RemoveCard,
    TakeBack,
)
from lotus_kit.winter.engine import WinterState
from lotus_kit.winter.game import INFO, WINTER, new_record
from lotus_kit.winter.solver import Solution, solve

__all__ = ["INFO", "WINTER", "Action", "ChooseColour", "Decline", "DrawCard", "KeepPart", "Lay", "MoveCard",
           "PlaceToken", "RemoveCard", "Solution", "TakeBack", "WinterState", "new_record", "solve"]
