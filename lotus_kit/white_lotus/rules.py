"""Rule variants (spec section 15): one :class:`RuleSet` value, published rules by default.

>>> RuleSet().flags()
()
>>> RuleSet.from_flags(["WL_DESIGNER"]).designer
True
>>> RuleSet.from_flags(["WL_NOPE"])
Traceback (most recent call last):
...
ValueError: unknown variant flag 'WL_NOPE'; known flags: WL_START_COMBAT_SINGLE, ...
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from lotus_kit.core.flags import FlagSet
from lotus_kit.core.game import FlagInfo

# flag name of the spec -> field of RuleSet
FLAGS: dict[str, str] = {
    "WL_START_COMBAT_SINGLE": "start_combat_single",
    "WL_LOSER_KEEPS_FLOOR_HALF": "loser_keeps_floor_half",
    "WL_REWARD_NO_ADJACENCY": "reward_no_adjacency",
    "WL_REWARD_REQUIRES_COMBAT": "reward_requires_combat",
    "WL_NEWTERR_ADJ_OWNED": "newterr_adj_owned",
    "WL_EMPEROR_CHECK_END_OF_PHASE": "emperor_check_end_of_phase",
    "WL_CHAIN_TIE_NONE": "chain_tie_none",
    "WL_OPTIONAL_PLACEMENT": "optional_placement",
    "WL_FINITE_SUPPLY": "finite_supply",
    "WL_ENFORCE_CHIP_LIMIT": "enforce_chip_limit",
    "WL_DESIGNER": "designer",
}

# what each flag changes, in the words of spec section 15
FLAG_NOTES: dict[str, str] = {
    "WL_START_COMBAT_SINGLE": "start with 1 combat card of value 1 instead of 3",
    "WL_LOSER_KEEPS_FLOOR_HALF": "a conflict loser gets back floor(V/2) instead of V - floor(V/2)",
    "WL_REWARD_NO_ADJACENCY": "a rebellion winner may take any losing player's province, adjacent or not",
    "WL_REWARD_REQUIRES_COMBAT": "winning allies who committed no combat get no reward",
    "WL_NEWTERR_ADJ_OWNED": "a new chip must touch an owned province, not merely any chip",
    "WL_EMPEROR_CHECK_END_OF_PHASE": "the palace check runs once at the end of phase 2, not after each province",
    "WL_CHAIN_TIE_NONE": "a tie for the largest group gives the +3 to nobody",
    "WL_OPTIONAL_PLACEMENT": "every marker placement is optional",
    "WL_FINITE_SUPPLY": "the card supply is limited to 84 influence and 60 combat cards",
    "WL_ENFORCE_CHIP_LIMIT": "16 player chips per colour (P2 T2 R3 F3 V6) limit what a player can take",
    "WL_DESIGNER": "Martin Wallace's original rules: 4 turns, 5 blocks each, no phase 6, tiles laid out after turn 1",
}

# the rule each flag changes (spec section 15 and the rules it names)
FLAG_RULES: dict[str, str] = {
    "WL_START_COMBAT_SINGLE": "WL-SETUP-5",
    "WL_LOSER_KEEPS_FLOOR_HALF": "WL-CONF-9",
    "WL_REWARD_NO_ADJACENCY": "WL-REB-10",
    "WL_REWARD_REQUIRES_COMBAT": "WL-REB-8",
    "WL_NEWTERR_ADJ_OWNED": "WL-TERR-2",
    "WL_EMPEROR_CHECK_END_OF_PHASE": "WL-EMP-2",
    "WL_CHAIN_TIE_NONE": "WL-SCORE-2",
    "WL_OPTIONAL_PLACEMENT": "WL-PLACE-4",
    "WL_FINITE_SUPPLY": "WL-COMP-12",
    "WL_ENFORCE_CHIP_LIMIT": "WL-VAR-1",
    "WL_DESIGNER": "WL-VAR-2",
}

FLAG_INFO: tuple[FlagInfo, ...] = tuple(
    FlagInfo(name=flag, words=FLAG_NOTES[flag][0].upper() + FLAG_NOTES[flag][1:], rule=FLAG_RULES[flag],
             note=f"{FLAG_NOTES[flag]} (changes {FLAG_RULES[flag]})")
    for flag in FLAGS)
"""The flags as the kit's generic code reads them (:class:`lotus_kit.core.game.GameInfo`)."""

# WL-COMP-8, WL-COMP-9 [RECON] splits, used under WL_FINITE_SUPPLY (WL-COMP-12: otherwise every
# value pile is unlimited); counts of values 1, 2, 3
INFLUENCE_SUPPLY = (28, 28, 28)
COMBAT_SUPPLY = (20, 20, 20)
# WL-COMP-3: WL_ENFORCE_CHIP_LIMIT's [RECON] split of a colour's 16 player chips (unlimited by default)
PLAYER_CHIPS = {"P": 2, "T": 2, "R": 3, "F": 3, "V": 6}


@dataclass(frozen=True, slots=True, repr=False)
class RuleSet(FlagSet):
    """Every disputed point of the rules as a named flag; all off = the published DEFAULT rules."""

    start_combat_single: bool = False
    loser_keeps_floor_half: bool = False
    reward_no_adjacency: bool = False
    reward_requires_combat: bool = False
    newterr_adj_owned: bool = False
    emperor_check_end_of_phase: bool = False
    chain_tie_none: bool = False
    optional_placement: bool = False
    finite_supply: bool = False
    enforce_chip_limit: bool = False
    designer: bool = False
    flag_fields: ClassVar[dict[str, str]] = FLAGS


assert {f.name for f in fields(RuleSet)} == set(FLAGS.values()) and set(FLAG_NOTES) == set(FLAGS) == set(FLAG_RULES)
