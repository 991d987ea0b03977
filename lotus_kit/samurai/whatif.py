"""A battle replayed with chosen dice: "what if he had rolled 4 more?" (SAM-BAT-2, SAM-BAT-3).

The battle of an attack (SAM-CLAR-12) rolls its dice from the state's seeded generator. Here the same
step runs with a *script* of chosen faces instead (the explicit chance of :mod:`lotus_kit.core.chance`):
each roll is the attacker's dice then the defender's, die by die (SAM-CLAR-20g), every roll but the
last a tie (SAM-BAT-3: equal totals are rerolled). Afterwards the generator is put back to the seeded
state the step would have left with its own dice, so the state is a normal seeded one again and every
later draw is the one of the recorded line: only the dice differ.

:class:`ChosenDice` makes this an action for the explorer's branches: ``Samurai.apply`` hands it here
(its ``code`` is -1, so the engine's own path is never slowed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lotus_kit.core.errors import IllegalAction, RecordError, quote
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.actions import Action, Attack, action_from_dict
from lotus_kit.samurai.game import seat_name

__all__ = ["BattleDice", "ChosenDice", "Roll", "battle_dice", "chosen_dice_from_dict", "outcome_words", "rolled",
           "with_dice"]

Roll = tuple[tuple[int, ...], tuple[int, ...]]
"""One roll of a battle: the attacker's faces and the defender's faces."""


def battle_dice(state: Any, action: Any) -> tuple[int, int] | None:
    """The dice of each side (SAM-BAT-2) when ``action`` is an attack legal in ``state``, else None."""
    if not isinstance(action, Attack) or action.code < 0 or action.code not in E.legal_cached(state):
        return None
    return E.dice(E.strength(state, action.seat, False)), E.dice(E.strength(state, action.target, True))


def rolled(after: Any) -> tuple[Roll, int]:
    """The deciding roll of the last battle in ``after`` (faces per side) and how many tied rolls came first."""
    b = E.BATTLE
    na, nd = after[b + E.B_NA], after[b + E.B_ND]
    faces = after[b + E.B_DICE:b + E.B_DICE + 12]
    return (tuple(faces[:na]), tuple(faces[6:6 + nd])), after[b + E.B_REROLLS]


def _check(na: int, nd: int, rolls: Sequence[Roll]) -> tuple[int, ...]:
    """The script of die outcomes (face - 1) for ``rolls``; IllegalAction naming the rule when impossible."""
    if na == 0 and nd == 0:
        if rolls:
            raise IllegalAction("SAM-BAT-3", "both sides have 0 dice: nobody rolls, the defender wins")
        return ()
    if not rolls:
        raise IllegalAction("SAM-BAT-3", "give at least one roll")
    script: list[int] = []
    for i, roll in enumerate(rolls):
        if len(roll) != 2:
            raise IllegalAction("SAM-BAT-3", f"roll {i + 1} needs the attacker's dice and the defender's dice")
        a, d = tuple(roll[0]), tuple(roll[1])
        if len(a) != na or len(d) != nd:
            raise IllegalAction("SAM-BAT-2", f"roll {i + 1}: the attacker rolls {na} dice and the defender {nd}, "
                                f"not {len(a)} and {len(d)}")
        bad = [f for f in (*a, *d) if type(f) is not int or not 1 <= f <= 6]
        if bad:
            raise IllegalAction("SAM-BAT-3", f"roll {i + 1}: a die shows 1 to 6, not {bad[0]!r}")
        last = i == len(rolls) - 1
        if (sum(a) == sum(d)) != (not last):
            raise IllegalAction("SAM-BAT-3", "equal totals are rerolled: give the reroll too" if last else
                                f"roll {i + 1} is not a tie ({sum(a)} against {sum(d)}), so nothing is rerolled "
                                "after it")
        script.extend(f - 1 for f in (*a, *d))
    return tuple(script)


def with_dice(state: Any, action: Any, rolls: Sequence[Roll]) -> tuple[Any, str]:
    """The state after the attack ``action`` with the dice ``rolls`` instead of the generator's, and the
    outcome in words with rule ids. Impossible dice (a wrong count, a face outside 1-6, a tie at the end)
    raise :class:`IllegalAction` with the rule; ``state`` is never changed."""
    counts = battle_dice(state, action)
    if counts is None:
        raise IllegalAction("SAM-DEC-4", "dice can be chosen only for an attack that is legal here")
    script = _check(*counts, rolls)
    seeded = E.apply(state, action.code)                     # the step with its own dice: the generator after
    t = list(state)
    t[E.RNG] = script
    after = E.apply_list(tuple(t), action.code)
    after[E.RNG] = seeded[E.RNG]                             # a normal seeded state again
    return type(state)(after), outcome_words(after)


def outcome_words(after: Any) -> str:
    """The last battle in words: dice, totals, rerolls and what the loser loses (SAM-BAT-3..6)."""
    b = E.BATTLE
    att, dfd, winner = after[b + E.B_ATT], after[b + E.B_DEF], after[b + E.B_WINNER]
    (a, d), rerolls = rolled(after)
    if not a and not d:
        return f"{seat_name(att)} and {seat_name(dfd)} roll no dice: the defender wins (SAM-BAT-3)"
    loser = dfd if winner == att else att
    again = f" after {rerolls} tied roll{'s' if rerolls != 1 else ''} (SAM-BAT-3)" if rerolls else ""
    return (f"{seat_name(att)} rolls {'+'.join(map(str, a)) or 'nothing'} = {sum(a)}, {seat_name(dfd)} rolls "
            f"{'+'.join(map(str, d)) or 'nothing'} = {sum(d)}{again}: {seat_name(winner)} wins (SAM-BAT-3); "
            f"{seat_name(loser)} loses his Daimyo house unless Save Face is played (SAM-BAT-4), a castle there "
            "may go to the winner (SAM-BAT-5) and the Shogun card goes to the winner if the loser held it "
            "(SAM-BAT-6)")


@dataclass(frozen=True, slots=True)
class ChosenDice(Action):
    """The attack ``attack`` with its battle dice chosen (``rolls``, see :func:`with_dice`): a what-if
    branch of the explorer. Its ``code`` is -1: the engine never sees it, ``Samurai.apply`` sends it here."""

    attack: Attack | None = None
    rolls: tuple[Roll, ...] = ()

    def _encode(self) -> int:
        return -1

    def to_dict(self) -> dict[str, Any]:
        return {"type": "ChosenDice", "seat": self.seat, "attack": self.attack.to_dict() if self.attack else None,
                "rolls": [[list(a), list(d)] for a, d in self.rolls]}


def chosen_dice_from_dict(raw: dict[str, Any], where: str) -> ChosenDice:
    """A :class:`ChosenDice` from its ``to_dict`` form, strictly: exactly ``seat``, ``attack`` (an
    Attack of that seat) and ``rolls`` (a list of [attacker's faces, defender's faces]); whether the dice
    fit the battle is checked when the record is replayed (SAM-BAT-2/3, with the action's index)."""
    for key in raw:
        if key not in ("type", "seat", "attack", "rolls"):
            raise RecordError(f"{where}.{quote(key, 20)}", f"ChosenDice has no field {quote(key)}")
    for key in ("seat", "attack", "rolls"):
        if key not in raw:
            raise RecordError(f"{where}.{key}", f"ChosenDice needs the field {key!r}")
    attack = action_from_dict(raw["attack"], f"{where}.attack")
    if not isinstance(attack, Attack):
        raise RecordError(f"{where}.attack.type", f"dice are chosen for an Attack, not {type(attack).__name__}")
    if raw["seat"] != attack.seat or type(raw["seat"]) is not int:
        raise RecordError(f"{where}.seat", f"expected the attacker's seat {attack.seat}, got {quote(raw['seat'])}")
    rolls = raw["rolls"]
    if not isinstance(rolls, list):
        raise RecordError(f"{where}.rolls", f"expected a list of rolls, got {quote(rolls)}")
    out: list[Roll] = []
    for i, roll in enumerate(rolls):
        if not (isinstance(roll, list) and len(roll) == 2 and all(isinstance(side, list) for side in roll)):
            raise RecordError(f"{where}.rolls[{i}]", f"expected [attacker's dice, defender's dice], got {quote(roll)}")
        for side in roll:
            bad = [f for f in side if type(f) is not int]
            if bad:
                raise RecordError(f"{where}.rolls[{i}]", f"a die is a whole number 1 to 6, not {quote(bad[0])}")
        out.append((tuple(roll[0]), tuple(roll[1])))
    return ChosenDice(attack.seat, attack, tuple(out))


class BattleDice:
    """The explorer's "what if the dice had fallen otherwise" for a battle
    (:class:`lotus_kit.ui.explorer.whatif.WhatIfTool`)."""

    title = "Battle dice"
    sides = ("attacker", "defender")

    @staticmethod
    def _attack(action: Any) -> Any:
        return action.attack if isinstance(action, ChosenDice) else action

    def rolled(self, state: Any, action: Any, after: Any) -> tuple[Roll, int] | None:
        """The deciding roll of the battle ``action`` starts (None when it starts none) and the tied rolls before."""
        if battle_dice(state, self._attack(action)) is None:
            return None
        return rolled(after)

    def branch(self, state: Any, action: Any, rolls: Sequence[Roll]) -> Any:
        """The decision that plays the battle of ``action`` with ``rolls``; IllegalAction when impossible."""
        attack = self._attack(action)
        with_dice(state, attack, rolls)                  # refused here, with the rule, when impossible
        return ChosenDice(attack.seat, attack, tuple((tuple(a), tuple(d)) for a, d in rolls))

    def words(self, after: Any) -> str:
        return outcome_words(after)
