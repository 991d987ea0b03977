"""Components and setup (SAM-CMP-1..4, SAM-SET-1..6)."""

from __future__ import annotations

import pytest

from lotus_kit.core.errors import IllegalAction
from lotus_kit.samurai import actions as A
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E

from .helpers import G, refused, seat, table


@pytest.mark.parametrize("players", [3, 6])
def test_SAM_CMP_1_110_cards_six_six_sided_dice_and_honor_an_integer_that_may_go_negative(players):
    s = G.new_game(players, seed=5)
    on_table = sum(s.hand_size(p) + 2 for p in range(players))       # hands, Samurai and start Daimyo heads
    assert (6 - players) + 1 + s.deck_size + on_table == 110 == sum(C.COUNT)
    assert all(type(h) is int for h in s.honor)
    # the strongest battle rolls six dice a side, each showing 1 to 6
    faces = set()
    for seed in range(40):
        # strength 5 + 9 + 10 = 24 against 4 + 5 + 12 + 10 = 31: both well above the 18 that gives six dice
        b = G.apply(table(seat(daimyo=["DAIMYO_20"] + ["WARRIOR_S3"] * 3, samurai=["WARRIOR_S2"] * 5),
                          seat(daimyo=["DAIMYO_30", "CASTLE_HIMEJI"] + ["WARRIOR_S3"] * 4,
                               samurai=["WARRIOR_S2"] * 5), seat(), shogun=1, seed=seed),
                    A.Attack(0, 1)).last_battle
        assert len(b["attacker_dice"]) == len(b["defender_dice"]) == 6
        faces |= set(b["attacker_dice"]) | set(b["defender_dice"])
    assert faces == {1, 2, 3, 4, 5, 6}
    # honor is a plain number, not chips: a Ninja Thief at 0 honor leaves -15
    s = table(seat(daimyo=["START_DAIMYO_5"], hand=["NINJA_THIEF"]), seat(daimyo=["DAIMYO_10", "NOH"]), seat())
    assert G.apply(s, A.Thief(0, "NINJA_THIEF", "NOH", 1, "daimyo", 0, "daimyo")).honor[0] == -15


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
def test_SAM_SET_1_each_player_a_samurai_and_a_start_daimyo_the_shogun_card_in_the_centre(players):
    s = G.new_game(players, seed=players)
    for p in range(players):
        assert s.house(p, "samurai").head == "SAMURAI"
        assert s.house(p, "daimyo").head in ("START_DAIMYO_5", "START_DAIMYO_10")
        assert s.house(p, "daimyo").cards == () and s.house(p, "samurai").cards == ()
    assert s.shogun_holder is None and not any(s.house(p, "daimyo").shogun for p in range(players))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_SAM_SET_3_unused_samurai_leave_the_game_and_everything_else_is_one_shuffled_deck(players):
    s = G.new_game(players, seed=players)
    # neither the Samurai cards nor the Shogun card are in the deck: 110 - 6 - 1 - the dealt start Daimyo
    # - 7 per hand; the unused Samurai cards are nowhere on the table
    assert s.deck_size == 110 - 6 - 1 - players - 7 * players
    assert s[E.DECK + C.SAMURAI] == 0 and s[E.DECK + C.SHOGUN] == 0
    assert sum(s.house(p, "samurai").head in ("SAMURAI", "RONIN") for p in range(players)) == players
    for name in C.NAMES:                 # every other card is in the deck or in a hand, at its full count
        k = C.KIND[name]
        if k in (C.SAMURAI, C.SHOGUN):
            continue
        assert _cards_everywhere(s, k) == C.COUNT[k], name
    # unused start Daimyo and the four other Daimyo are in that one deck (or dealt from it)
    assert _cards_everywhere(s, C.START_5) == 3 and _cards_everywhere(s, C.START_10) == 3
    # shuffled: other seeds deal other hands from it
    assert len({G.new_game(players, seed=k).hand(0) for k in range(8)}) > 1


@pytest.mark.parametrize("players", [3, 6])
def test_SAM_SET_4_seven_cards_each_so_the_start_player_may_not_draw(players):
    s = G.new_game(players, seed=players + 10)
    assert [s.hand_size(p) for p in range(players)] == [7] * players
    assert A.Draw(0) not in G.legal_actions(s)
    refused(s, A.Draw(0), "SAM-KI-4")                 # the deal filled the hand to the limit
    s = G.apply(s, A.Discard(0, s.hand(0)[0]))
    assert A.Draw(0) in G.legal_actions(s)


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
