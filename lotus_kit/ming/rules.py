"""Rule variants of Ming Dynastie (spec §11 open points): one :class:`RuleSet` value, DEFAULT rules
when every flag is off.

>>> RuleSet().flags()
()
>>> RuleSet.from_flags(["NO_CLOISTER_LOCK", "NEUTRAL_RETURN=NONE"]).neutral_return
'NONE'
>>> RuleSet.from_flags(["CLOISTER_NOPE"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown variant flag 'CLOISTER_NOPE'; known flags: SET_EXCHANGE_END_OF_PHASE_OPTIONAL, ...
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from lotus_kit.core.errors import quote

# flag -> (rule it changes, plain words)
FLAGS: dict[str, tuple[str, str]] = {
    "SET_EXCHANGE_END_OF_PHASE_OPTIONAL": (
        "MING-SCORE-3", "Six-colour sets are exchanged by choice at the end of a scoring, not at once"),
    "CITY_BONUS_OVERALL": (
        "MING-SCORE-6", "One city bonus per scoring, for the most pieces left in all cities together"),
    "CITY_BONUS_NONE_ON_TIE": ("MING-SCORE-6", "A tie for the most pieces left in a city gives no bonus"),
    "CITY_BONUS_NOT_ROUND6": ("MING-SCORE-6", "No city bonus in the last scoring"),
    "TIE4_FIRST_THREE_IN_TURN_ORDER": (
        "MING-SCORE-1", "A four-way tie in a district fills the houses with the first three in turn order"),
    "NO_CLOISTER_LOCK": ("MING-DEP-4", "A piece in a cloister does not stop its owner deploying there"),
    "NEUTRAL_RETURN=NONE": ("MING-TWO-3", "The neutral colour returns none of its city pieces"),
    "NEUTRAL_RETURN=ONE_PER_CITY": ("MING-TWO-3", "The neutral colour returns one city piece per city"),
    "TIE_MOST_CLOISTER_PIECES": ("MING-END-3", "A tie for the win goes to the most pieces in cloisters"),
}
NEUTRAL_RETURN = ("ALL", "NONE", "ONE_PER_CITY")
TRANSPORTS_FLAG = "TRANSPORT_TYPES="   # MING-CMP-3: TRANSPORT_TYPES=HORSE,JUNK,... (a parameter, not listed)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every open point of the rules as a named field; the defaults are the DEFAULT rulings."""

    set_exchange_optional: bool = False      # MING-SCORE-3
    city_bonus_overall: bool = False         # MING-SCORE-6
    city_bonus_none_on_tie: bool = False     # MING-SCORE-6
    city_bonus_not_round6: bool = False      # MING-SCORE-6
    tie4_first_three: bool = False           # MING-SCORE-1
    no_cloister_lock: bool = False           # MING-DEP-4
    neutral_return: str = "ALL"              # MING-TWO-3
    tie_most_cloister: bool = False          # MING-END-3
    transport_types: tuple[str, ...] = ()    # MING-CMP-3: () = the board's own deck

    @classmethod
    def from_flags(cls, flags: Iterable[str]) -> RuleSet:
        kw: dict[str, object] = {}
        for flag in flags:
            if not isinstance(flag, str):
                raise ValueError(f"a variant flag is a name, got {quote(flag)}")
            if flag.startswith(TRANSPORTS_FLAG):
                kinds = tuple(k.strip() for k in flag[len(TRANSPORTS_FLAG):].split(",") if k.strip())
                if not kinds or len(set(kinds)) != len(kinds) or "DRAGON" in kinds:
                    raise ValueError(f"TRANSPORT_TYPES needs distinct transport names, got {quote(flag)}")
                kw["transport_types"] = kinds
            elif flag.startswith("NEUTRAL_RETURN="):
                value = flag.split("=", 1)[1]
                if value not in NEUTRAL_RETURN:
                    raise ValueError(f"NEUTRAL_RETURN is one of {', '.join(NEUTRAL_RETURN)}, got {quote(value)}")
                kw["neutral_return"] = value
            elif flag == "SET_EXCHANGE_END_OF_PHASE_OPTIONAL":
                kw["set_exchange_optional"] = True
            elif flag == "CITY_BONUS_OVERALL":
                kw["city_bonus_overall"] = True
            elif flag == "CITY_BONUS_NONE_ON_TIE":
                kw["city_bonus_none_on_tie"] = True
            elif flag == "CITY_BONUS_NOT_ROUND6":
                kw["city_bonus_not_round6"] = True
            elif flag == "TIE4_FIRST_THREE_IN_TURN_ORDER":
                kw["tie4_first_three"] = True
            elif flag == "NO_CLOISTER_LOCK":
                kw["no_cloister_lock"] = True
            elif flag == "TIE_MOST_CLOISTER_PIECES":
                kw["tie_most_cloister"] = True
            else:
                raise ValueError(f"unknown variant flag {quote(flag)}; known flags: "
                                 f"{', '.join(FLAGS)}, TRANSPORT_TYPES=<list>")
        return cls(**kw)  # type: ignore[arg-type]

    def flags(self) -> tuple[str, ...]:
        """The flags that give this rule set (its record form), in the order of :data:`FLAGS`."""
        out = [name for name, on in (
            ("SET_EXCHANGE_END_OF_PHASE_OPTIONAL", self.set_exchange_optional),
            ("CITY_BONUS_OVERALL", self.city_bonus_overall),
            ("CITY_BONUS_NONE_ON_TIE", self.city_bonus_none_on_tie),
            ("CITY_BONUS_NOT_ROUND6", self.city_bonus_not_round6),
            ("TIE4_FIRST_THREE_IN_TURN_ORDER", self.tie4_first_three),
            ("NO_CLOISTER_LOCK", self.no_cloister_lock)) if on]
        if self.neutral_return != "ALL":
            out.append(f"NEUTRAL_RETURN={self.neutral_return}")
        if self.tie_most_cloister:
            out.append("TIE_MOST_CLOISTER_PIECES")
        if self.transport_types:
            out.append(TRANSPORTS_FLAG + ",".join(self.transport_types))
        return tuple(out)
