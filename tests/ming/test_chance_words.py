"""Chance outcomes of Ming in the game's words (lotus_kit.core.chance ``describe_chance``): the start
player (MING-CLAR-1), each card of the shuffled deck and where it lands (MING-SET-1), each card of
a reshuffled discard pile (MING-CLAR-6) — checked against where the cards really are afterwards."""

from __future__ import annotations

import random
import re

from lotus_kit.core.chance import is_chance
from lotus_kit.ming.actions import TakeCard
from lotus_kit.ming.engine import _unpack
from lotus_kit.ming.game import MING
from lotus_kit.ming.state import G_SUPPLY, G_SUPPLY_LEN

WORDS = re.compile(r"a (\w+) card \(card \d+ of the \d+ left\), "
                   r"(?:face up beside the (\w+) province space|(\d+)\w\w from the top of the "
                   r"(draw pile|reshuffled draw pile)) \((MING-SET-1|MING-CLAR-6)\)")


def _draw_pile(state) -> list[str]:
    t, d = state.table, state.data
    return [t.card_names[k] for k in _unpack(d[G_SUPPLY], d[G_SUPPLY_LEN])]


def test_MING_SET_1_setup_outcomes_name_the_start_player_and_where_each_card_lands():
    rng = random.Random(3)
    node = MING.chance_start(3)
    assert [MING.describe_chance(node, k) for k, _ in MING.chance_outcomes(node)] == [
        "Black is the start player (MING-CLAR-1)", "White is the start player (MING-CLAR-1)",
        "Grey is the start player (MING-CLAR-1)"]
    node = MING.apply_chance(node, 2)
    said: dict[tuple[str, str], str] = {}
    while is_chance(node):
        outcome = rng.choice(MING.chance_outcomes(node))[0]
        m = WORDS.fullmatch(MING.describe_chance(node, outcome))
        assert m and m.group(5) == "MING-SET-1", MING.describe_chance(node, outcome)
        said[("display", m.group(2)) if m.group(2) else ("pile", m.group(3))] = m.group(1)
        # OpenSpiel needs distinct words for the outcomes of one chance node
        words = [MING.describe_chance(node, k) for k, _ in MING.chance_outcomes(node)]
        assert len(set(words)) == len(words)
        node = MING.apply_chance(node, outcome)
    state = node
    assert state.start_player == 2
    # Fisher-Yates places the cards from the last place up: the first place (the display beside the
    # first province space) is what is left, every other place was said
    first = next(iter(state.display))
    assert {space: card for (where, space), card in said.items() if where == "display"} == {
        space: card for space, card in state.display.items() if space != first}
    pile = _draw_pile(state)
    assert {int(q): card for (where, q), card in said.items() if where == "pile"} == {
        q: card for q, card in enumerate(pile, start=1)}


def test_MING_CLAR_6_a_reshuffle_names_each_card_of_the_new_draw_pile():
    checked = 0
    for seed in range(6):                       # random 4-player games empty the supply now and then
        rng = random.Random(seed)
        state = MING.chance_start(4)
        while is_chance(state):
            state = MING.apply_chance(state, rng.choice(MING.chance_outcomes(state))[0])
        while not MING.is_over(state):
            action = rng.choice(MING.legal_actions(state))
            nxt = MING.apply(state, action)
            if is_chance(nxt):                  # a card taken from an empty supply: the discards reshuffle
                assert isinstance(action, TakeCard) and state.supply_size == 0
                said = {}
                while is_chance(nxt):
                    outcome = rng.choice(MING.chance_outcomes(nxt))[0]
                    m = WORDS.fullmatch(MING.describe_chance(nxt, outcome))
                    assert m and m.group(4) == "reshuffled draw pile" and m.group(5) == "MING-CLAR-6"
                    said[int(m.group(3))] = m.group(1)
                    nxt = MING.apply_chance(nxt, outcome)
                # Fisher-Yates places the cards from the bottom up; the top card is what is left and
                # goes at once to the emptied display slot, the others are the new pile in the order said
                pile = _draw_pile(nxt)
                assert sorted(said) == list(range(2, len(pile) + 2))
                assert [said[q] for q in sorted(said)] == pile
                checked += 1
            state = nxt
    assert checked >= 2
