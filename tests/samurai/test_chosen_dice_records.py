"""A line with chosen battle dice (the explorer's what-if) saved in a game record and read back."""

from __future__ import annotations

import json

import pytest

from lotus_kit.core.errors import RecordError
from lotus_kit.core.records import GameRecord, loads
from lotus_kit.samurai import actions as A
from lotus_kit.samurai.whatif import ChosenDice
from tests.samurai.helpers import dice_seed, seat

SEATS = [seat(daimyo=["DAIMYO_10"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat()]
CHOSEN = ChosenDice(0, A.Attack(0, 1), (((6,), (5,)),))


def record(*actions) -> GameRecord:
    """Red (1 die) attacks Blue (1 die, a castle, the Shogun card); the seed rolls 2 against 5."""
    desc = {"players": 3, "active": 0, "shogun": 1, "seed": dice_seed([2, 5]), "seats": SEATS}
    return GameRecord("samurai", {"position": desc}, (), actions)


def test_a_record_with_chosen_dice_round_trips_and_replays_the_chosen_battle():
    rec = record(CHOSEN, A.CastleChoice(0, "take"))
    back = loads(rec.to_json())
    assert back.actions == rec.actions and back.actions[0] == CHOSEN
    final = back.replay()
    assert final.last_battle["attacker_dice"] == (6,) and final.last_battle["winner"] == 0   # SAM-BAT-3
    assert final.is_ronin(1) and final.house(0, "daimyo").castle == "CASTLE_ODAWARA"       # SAM-BAT-4/5
    assert tuple(final) == tuple(rec.replay())
    assert record(A.Attack(0, 1)).replay().last_battle["winner"] == 1       # the seeded dice: 2 against 5


def _with_first(change) -> str:
    raw = json.loads(record(CHOSEN).to_json())
    change(raw["actions"][0])
    return json.dumps(raw)


@pytest.mark.parametrize(("change", "field", "words"), [
    (lambda a: a.update(rolls="6 5"), "actions[0].rolls", "expected a list of rolls"),
    (lambda a: a.update(rolls=[[6, 5]]), "actions[0].rolls[0]", "expected [attacker's dice, defender's dice]"),
    (lambda a: a.update(rolls=[[["6"], [5]]]), "actions[0].rolls[0]", "a die is a whole number"),
    (lambda a: a.update(attack={"type": "EndTurn", "seat": 0}), "actions[0].attack.type", "for an Attack"),
    (lambda a: a.update(attack={"type": "Attack", "seat": 0}), "actions[0].attack.target", "needs the field"),
    (lambda a: a.update(seat=1), "actions[0].seat", "the attacker's seat 0"),
    (lambda a: a.pop("rolls"), "actions[0].rolls", "needs the field"),
    (lambda a: a.update(luck=1), "actions[0].'luck'", "no field"),
])
def test_a_malformed_chosen_dice_action_is_refused_naming_its_field(change, field, words):
    with pytest.raises(RecordError) as info:
        loads(_with_first(change))
    assert info.value.where == field and words in str(info.value) and "\n" not in str(info.value)


def test_chosen_dice_the_battle_cannot_roll_are_refused_at_replay_with_the_rule():
    rec = loads(_with_first(lambda a: a.update(rolls=[[[7], [5]]])))
    with pytest.raises(RecordError) as info:
        rec.replay()
    assert info.value.where == "actions[0]" and "SAM-BAT-3" in str(info.value)
