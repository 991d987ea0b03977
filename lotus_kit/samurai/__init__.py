"""Ehre der Samurai (Scott Kimball; Gamewright 1996, Amigo 2002): houses, honor, battles and reactions.

Rules: ``lotus_kit/rules/samurai.md`` (every rule has an id ``SAM-...``; §13 open points are flags,
§14 binds). The engine is standard library only: :mod:`.engine` (a flat tuple of ints per state, an
action is an int), :mod:`.state` (the readable facade), :mod:`.actions` (value objects),
:mod:`.game` (:data:`SAMURAI`, the kit's game protocol), :mod:`.position`, :mod:`.odds` (exact battle
odds), :mod:`.bots`. The table view lives in :mod:`.screen` (plotly), which the engine never imports;
the analysis (pandas) in :mod:`lotus_kit.samurai.analysis`.

>>> from lotus_kit.samurai import SAMURAI, DeclareShogun
>>> s = SAMURAI.apply(SAMURAI.new_game(4, seed=1), DeclareShogun(0))
>>> s.shogun_holder, s.house(0, "daimyo").shogun
(0, True)
"""

from lotus_kit.samurai.actions import (
    Accept,
    Action,
    Ally,
    Assassin,
    Attack,
    BreakAlliance,
    CastleChoice,
    DeclareShogun,
    Discard,
    Dishonor,
    Draw,
    EndTurn,
    Pass,
    PayHonor,
    Play,
    Refuse,
    SaveFace,
    SecondTheft,
    Seppuku,
    StopStealing,
    Thief,
)
from lotus_kit.samurai.game import INFO, SAMURAI, new_record
from lotus_kit.samurai.state import House, State

__all__ = ["INFO", "SAMURAI", "Accept", "Action", "Ally", "Assassin", "Attack", "BreakAlliance", "CastleChoice",
           "DeclareShogun", "Discard", "Dishonor", "Draw", "EndTurn", "House", "Pass", "PayHonor", "Play", "Refuse",
           "SaveFace", "SecondTheft", "Seppuku", "State", "StopStealing", "Thief", "new_record"]
