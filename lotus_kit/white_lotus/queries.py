"""Questions the rules answer about a state, for the screens, the analysis and the tests: read off
the engine's fast core (:mod:`lotus_kit.white_lotus.fast.core`), so each rule is written once.

>>> from lotus_kit.white_lotus.engine import new_game
>>> s = new_game(4, seed=1)
>>> allowance(s, 0), mandatory(s, 0), income(s, 0), palace_first(s)
(3, 3, (10, 2), -1)
"""

from __future__ import annotations

from lotus_kit.white_lotus.fast import core as C
from lotus_kit.white_lotus.fast.codec import encode
from lotus_kit.white_lotus.state import State

BASE_INFLUENCE, BASE_COMBAT = C.BASE_INFLUENCE, C.BASE_COMBAT       # WL-CARDS-1


def allowance(state: State, seat: int) -> int:
    """WL-PLACE-1: 3 plus one per rice field, at most 5 (WL-COMP-4); all 5 blocks under WL_DESIGNER."""
    t, s = encode(state)
    return C.allowance(t, s, seat)


def mandatory(state: State, seat: int) -> int:
    """WL-PLACE-4: the first 3 markers must be placed; none under WL_OPTIONAL_PLACEMENT, all under WL_DESIGNER."""
    t, s = encode(state)
    return C.mandatory(t, s, seat)


def marker_targets(state: State, seat: int) -> int:
    """WL-PLACE-2, WL-PLACE-7: bit mask of the provinces where ``seat`` may put a marker now."""
    t, s = encode(state)
    return C.marker_targets(t, s, seat)


def palace_first(state: State) -> int:
    """WL-CONF-2 / WL-EMP-5: the start palace while neutral and claimed (resolved first), else -1."""
    return C.palace_first(encode(state)[1])


def income(state: State, seat: int, palaces_for_combat: int = 0) -> tuple[int, int]:
    """WL-CARDS-1/2: (influence, combat) owed to ``seat``; each palace gives 2 influence or 1 combat.

    The building table is the reconstructed player aid (WL-COMP-11). The player picks the card
    values of each total (WL-CARDS-3), largest first by default.

    >>> from lotus_kit.white_lotus.position import position
    >>> s = position({"players": 3, "phase": 5, "owners": {"FENG": [0, "P"], "HENA": [0, "T"],
    ...     "DATO": [0, "R"], "JINA": [0, "R"], "CHEN": [0, "F"], "TIAN": [0, "V"], "LUZH": [0, "V"],
    ...     "TAIY": [0, "V"]}})
    >>> s.buildings(0)
    {'P': 1, 'T': 1, 'R': 2, 'F': 1, 'V': 3}
    >>> income(s, 0), income(s, 0, palaces_for_combat=1)
    ((17, 6), (15, 7))
    """
    return C.income(encode(state)[1], seat, palaces_for_combat)


def reward_targets(state: State, seat: int) -> int:
    """WL-REB-10: provinces of losing players who lost none yet, next to one of the taker's own."""
    t, s = encode(state)
    return C.reward_targets(t, s, seat)


__all__ = ["BASE_COMBAT", "BASE_INFLUENCE", "allowance", "income", "mandatory", "marker_targets", "palace_first",
           "reward_targets"]
