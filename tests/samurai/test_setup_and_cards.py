"""Components and setup (SAM-CMP-1..4, SAM-SET-1..6)."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E

from .helpers import G


def test_SAM_CMP_2_event_cards_carry_no_values():
    for name in ("BODYGUARD", "DISHONOR", "SAVE_FACE", "NINJA_THIEF", "ELITE_NINJA_THIEF", "NINJA_ASSASSIN"):
        k = C.KIND[name]
        assert (C.H[k], C.K[k], C.S[k]) == (0, 0, 0)


def test_SAM_CMP_3_the_deck_table_counts_and_values():
    assert sum(C.COUNT) == 110
    assert sum(C.COUNT[k] for k in C.WARRIORS) == 45
    assert C.COUNT[C.KIND["OKUGATA_5"]] + C.COUNT[C.KIND["OKUGATA_10"]] == 9
    assert (C.COUNT[C.DISHONOR], C.COUNT[C.SAVE_FACE], C.COUNT[C.BODYGUARD]) == (4, 9, 5)
    assert (C.COUNT[C.NINJA_THIEF], C.COUNT[C.ELITE_NINJA_THIEF], C.COUNT[C.NINJA_ASSASSIN]) == (3, 5, 5)
    values = {name: (C.H[C.KIND[name]], C.K[C.KIND[name]], C.S[C.KIND[name]]) for name in C.NAMES}
    assert values["SAMURAI"] == (0, 6, 0)
    assert values["DAIMYO_15"] == (15, 2, 3)
    assert values["DAIMYO_30"] == (30, 1, 4)
    assert values["FIREARMS"] == (-20, -2, 6)
    assert values["CASTLE_HIMEJI"] == (15, 2, 5)
    assert values["WARRIOR_K1S1"] == (0, 1, 1)
    assert values["OKUGATA_5"] == (5, 4, 0)
    # highest Daimyo H+K+S is 35 (SAM-CMP-3 check sums)
    assert max(sum(values[C.NAMES[k]]) for k in C.DAIMYOS) == 35


@pytest.mark.parametrize("players,honor", [(3, 50), (4, 75), (5, 100), (6, 150)])
def test_SAM_CMP_4_shogun_honor_by_player_count(players, honor):
    assert C.shogun_honor(players) == honor
    assert E.shogun_value(G.new_game(players, seed=1)) == honor


def _cards_everywhere(s, kind):
    n = s.players
    total = s[E.DECK + kind] + s[E.DISCARD + kind]
    for p in range(n):
        total += E.hand(s, p).count(kind)
        total += s[E.house_base(p, E.DAIMYO_HOUSE)] == kind
    return total


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_SAM_SET_1_to_4_each_player_a_samurai_a_start_daimyo_and_seven_cards(players):
    s = G.new_game(players, seed=players)
    for p in range(players):
        assert s.house(p, "samurai").head == "SAMURAI"
        assert s.house(p, "daimyo").head in ("START_DAIMYO_5", "START_DAIMYO_10")
        assert s.house(p, "daimyo").cards == () and s.house(p, "samurai").cards == ()
        assert s.hand_size(p) == 7                                       # SAM-SET-4
    # 110 - 6 Samurai cards - the Shogun card - the dealt start Daimyo - 7 per hand (SAM-SET-3)
    assert s.deck_size == 110 - 6 - 1 - players - 7 * players
    assert s.shogun_holder is None                                       # SAM-SET-1: in the centre
    # unused start Daimyo are shuffled into the deck (SAM-SET-3): three of each value in all
    assert _cards_everywhere(s, C.START_5) == 3 and _cards_everywhere(s, C.START_10) == 3


def test_SAM_SET_2_start_daimyo_are_dealt_at_random():
    heads = {tuple(G.new_game(6, seed=k).house(p, "daimyo").head for p in range(6)) for k in range(12)}
    assert len(heads) > 1


def test_SAM_SET_5_start_at_zero_and_the_first_phase_1_pays_the_start_player():
    s = G.new_game(4, seed=3, start_player=2)
    head = s.house(2, "daimyo").head
    assert s.active == 2
    assert s.honor == tuple(C.H[C.KIND[head]] if p == 2 else 0 for p in range(4))


def test_SAM_OPEN_Q1_DECK_DISHONOR9_SAVEFACE4_swaps_the_counts():
    s = G.new_game(4, seed=1, flags=["DECK_DISHONOR9_SAVEFACE4"])
    assert _cards_everywhere(s, C.DISHONOR) == 9 and _cards_everywhere(s, C.SAVE_FACE) == 4
    d = G.new_game(4, seed=1)
    assert _cards_everywhere(d, C.DISHONOR) == 4 and _cards_everywhere(d, C.SAVE_FACE) == 9


def test_SAM_OPEN_Q3_two_players_only_with_ALLOW_2P():
    with pytest.raises(IllegalAction) as e:
        G.new_game(2)
    assert e.value.rule == "SAM-CMP-4"
    s = G.new_game(2, flags=["ALLOW_2P"])
    assert s.players == 2 and E.shogun_value(s) == 50


def test_SAM_SET_6_start_player_and_clockwise_order():
    s = G.new_game(3, seed=0, start_player=1)
    order = [s.active]
    for _ in range(3):
        while s.mode != "card_action" or s.active == order[-1]:
            a = [x for x in G.legal_actions(s) if type(x).__name__ == "EndTurn"]
            s = G.apply(s, a[0])
        order.append(s.active)
    assert order == [1, 2, 0, 1]
