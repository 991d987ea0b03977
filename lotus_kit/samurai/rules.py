"""The variants of §13 and §14 (each a named flag, DEFAULT = none set) and the game's parameters.

Flags are bits fixed at setup and stored in the state, so a transition tests a bit and nothing
reads a global.

>>> Rules.from_flags(["NO_RESHUFFLE", "targetHonor=250"]).flags()
('NO_RESHUFFLE', 'targetHonor=250')
>>> Rules.from_flags(["NOPE"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown rule flag 'NOPE'; known: ALLIANCE_MAY_BE_REFUSED, ALLOW_2P, ALLOW_DAIMYO_SWAP, ...
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from lotus_kit.core.errors import quote

# name -> (bit, the rule it changes, plain words, the longer rule text)
FLAGS: dict[str, tuple[int, str, str, str]] = {
    "DECK_DISHONOR9_SAVEFACE4": (1 << 0, "SAM-CMP-3", "9 Dishonor and 4 Save Face cards",
                                 "The deck holds 9 Dishonor and 4 Save Face cards instead of 4 and 9 (§13 Q1)."),
    "ALLOW_2P": (1 << 1, "SAM-CMP-4", "two players allowed",
                 "Two players may play; the Shogun card is worth 50 (§13 Q3)."),
    "STRENGTH_DAIMYO_HOUSE_ONLY": (1 << 2, "SAM-BAT-1", "only Daimyo houses give battle strength",
                                   "Each player counts only cards in Daimyo houses he owns; a Ronin ally adds "
                                   "nothing (§13 Q4, SAM-CLAR-20f)."),
    "DECLARATION_AFTER_ACTIONS": (1 << 3, "SAM-TURN-2", "declare after the card actions",
                                  "The declaration comes after the last card action; no card action after it "
                                  "(§13 Q5, SAM-CLAR-20e)."),
    "STEAL_INCLUDES_WARRIORS": (1 << 4, "SAM-EVT-7", "ninja thieves may steal warriors",
                                "Warriors are stealable too (§13 Q6)."),
    "STEAL_EXCLUDES_CASTLES": (1 << 5, "SAM-EVT-7", "ninja thieves may not steal castles",
                               "Castles are not stealable (§13 Q6)."),
    "NINJA_COST_ON_SUCCESS_ONLY": (1 << 6, "SAM-EVT-2", "ninja cost paid on success only",
                                   "The honor cost of a Ninja card is paid only when its effect happens "
                                   "(§13 Q7, SAM-CLAR-20i)."),
    "SHOGUN_TO_ASSASSIN": (1 << 7, "SAM-CLAR-14", "the Shogun card goes to the assassin",
                           "After a successful assassination of its Daimyo the Shogun card goes to the "
                           "assassin's Daimyo house, if he has one (§13 Q8, SAM-CLAR-20c)."),
    "ALLOW_DAIMYO_SWAP": (1 << 8, "SAM-PLAY-3", "a Daimyo may replace one's Daimyo",
                          "A player with a Daimyo may play another; his old Daimyo house is discarded "
                          "(§13 Q9, SAM-CLAR-20k)."),
    "SAVE_FACE_BLOCKS_CAPTURE": (1 << 9, "SAM-BAT-5", "Save Face keeps castle and Shogun card",
                                 "When Save Face keeps the loser's house, the winner takes neither castle "
                                 "nor Shogun card (§13 Q10, SAM-CLAR-20b)."),
    "ALLY_KI_ADDS": (1 << 10, "SAM-KI-1", "allies add each other's Ki",
                     "Both partners of an alliance add each other's Ki (§13 Q11, SAM-CLAR-20j)."),
    "NO_RESHUFFLE": (1 << 11, "SAM-KI-5", "no reshuffle of the discard pile",
                     "Draw is illegal once the deck is empty (§13 Q12, SAM-CLAR-17)."),
    "MULTI_DECLARATION": (1 << 12, "SAM-DEC-1", "each declaration once per turn",
                          "Each kind of declaration at most once per turn (§13 Q13, SAM-CLAR-20d)."),
    "ALLIANCE_MAY_BE_REFUSED": (1 << 13, "SAM-ALLY-1", "an alliance may be refused",
                                "The partner accepts or refuses at once (SAM-CLAR-13)."),
    "SEPPUKU_NEEDS_CARDS": (1 << 14, "SAM-CLAR-10", "Seppuku with the Samurai needs cards",
                            "Seppuku with the Samurai/Ronin only if that house holds another card (SAM-CLAR-10)."),
}
BIT = {name: bit for name, (bit, *_rest) in FLAGS.items()}
TARGET_HONOR = 400          # SAM-END-2


@dataclass(frozen=True)
class Rules:
    """One rule set: the flag bits plus ``targetHonor`` (SAM-END-2) and ``maxRounds`` (SAM-CLAR-17)."""

    bits: int = 0
    target_honor: int = TARGET_HONOR
    max_rounds: int = 0          # 0 = no limit

    @classmethod
    def from_flags(cls, flags: Iterable[str]) -> Rules:
        bits, target, rounds = 0, TARGET_HONOR, 0
        for flag in flags:
            if not isinstance(flag, str):
                raise ValueError(f"a rule flag is a text, got {quote(flag)}")
            name, eq, value = flag.partition("=")
            if eq and name in ("targetHonor", "maxRounds"):
                if not value.isdigit() or int(value) < (1 if name == "targetHonor" else 0) or len(value) > 9:
                    raise ValueError(f"{name} takes a whole number (targetHonor from 1, SAM-CLAR-20l), "
                                     f"got {quote(value)}")
                if name == "targetHonor":
                    target = int(value)
                else:
                    rounds = int(value)
            elif name in BIT and not eq:
                bits |= BIT[name]
            else:
                raise ValueError(f"unknown rule flag {quote(flag)}; known: {', '.join(sorted(BIT))}")
        return cls(bits, target, rounds)

    def flags(self) -> tuple[str, ...]:
        out = [name for name, bit in BIT.items() if self.bits & bit]
        if self.target_honor != TARGET_HONOR:
            out.append(f"targetHonor={self.target_honor}")
        if self.max_rounds:
            out.append(f"maxRounds={self.max_rounds}")
        return tuple(out)

    def has(self, name: str) -> bool:
        return bool(self.bits & BIT[name])
