"""Ming Dynastie (Robert F. Watson; Hans im Glück 2007): princes, transport, cloisters, majorities.

Rules: ``lotus_kit/rules/ming-dynasty.md`` (every rule has an id ``MING-...``; §11 open points are
flags, §13 binds). The board is data (``data/board.json``, the §12 reconstruction, checked on load by
:mod:`.board`). The engine is standard library only: :mod:`.engine` (a flat tuple of ints per state,
districts as bit masks), :mod:`.state` (the readable facade), :mod:`.actions` (value objects),
:mod:`.game` (:data:`MING`, the kit's game protocol), :mod:`.position`, :mod:`.observation`,
:mod:`.redaction`, :mod:`.preview` (what a scoring would give), :mod:`.bots`. The board view lives in
:mod:`.screen` (plotly), which the engine never imports; the analysis (pandas) in
:mod:`lotus_kit.ming.analysis`.

>>> from lotus_kit.ming import MING, PlacePrince
>>> s = MING.apply(MING.new_game(3, seed=1), PlacePrince(1, "P3.T"))
>>> s.prince(1), s.tiles(1)["GREEN"]
('P3.T', 1)
"""

from lotus_kit.ming.actions import (
    Action,
    ChooseReturn,
    ChooseStart,
    Deploy,
    ExchangeSets,
    Move,
    Pass,
    PlaceMember,
    PlaceNeutral,
    PlacePrince,
    SplitReturn,
    Stay,
    TakeCard,
    TakeDragon,
)
from lotus_kit.ming.game import INFO, MING
from lotus_kit.ming.state import State

__all__ = ["INFO", "MING", "Action", "ChooseReturn", "ChooseStart", "Deploy", "ExchangeSets", "Move", "Pass",
           "PlaceMember", "PlaceNeutral", "PlacePrince", "SplitReturn", "State", "Stay", "TakeCard", "TakeDragon"]
