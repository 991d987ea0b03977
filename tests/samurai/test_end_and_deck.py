"""The end (SAM-END-1/2, SAM-CLAR-16/17), the draw deck and the reshuffle (SAM-KI-5, SAM-CLAR-2),
where the cards are (SAM-CLAR-1)."""

from __future__ import annotations

import random

from lotus_kit.samurai import actions as A
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E

from .helpers import G, refused, seat, table

D5 = ["START_DAIMYO_5"]


def test_SAM_END_1_SAM_HON_6_SAM_TIE_1_reaching_400_after_phase_1_wins_at_once():
    s = table(seat(daimyo=["DAIMYO_30"], honor=380), seat(), seat(), active=2)
    s = G.apply(s, A.EndTurn(2))
    assert G.is_over(s) and G.winners(s) == frozenset({0}) and s.honor[0] == 410
    assert s.events[-1].text() == "game over: Red won (SAM-END-1)"
    assert G.decision(s).rules == ("SAM-END-1",)
    assert G.legal_actions(s) == [] and G.to_act(s) == frozenset()
    refused(s, A.EndTurn(0), "SAM-END-1")


def test_SAM_END_2_target_honor_is_a_parameter():
    s = table(seat(daimyo=["DAIMYO_30"], honor=80), seat(), seat(), active=2, rules=("targetHonor=100",))
    assert G.winners(G.apply(s, A.EndTurn(2))) == frozenset({0})
    s = table(seat(daimyo=["DAIMYO_30"], honor=60), seat(), seat(), active=2, rules=("targetHonor=100",))
    assert not G.is_over(G.apply(s, A.EndTurn(2)))


def test_SAM_CLAR_17_max_rounds_stops_the_game_without_a_winner():
    s = G.new_game(3, seed=1, flags=["maxRounds=2"])
    while not G.is_over(s):
        s = G.apply(s, A.EndTurn(min(G.to_act(s))))
    assert G.winners(s) == frozenset() and s.turn == 7
    # the end cites the rule that stopped it, not the target rule nobody reached
    assert s.events[-1].text() == "game over: nobody (the round limit) won (SAM-CLAR-17)"
    assert G.decision(s).rules == ("SAM-CLAR-17",) and G.decision(s).text.endswith("(SAM-CLAR-17)")


def _empty_deck(*seats, rules=()):
    """The deck empty: every card not on the table lies in the discard pile."""
    s = table(*seats, rules=rules)
    discard = {C.NAMES[k]: s[E.DECK + k] for k in C.DECK_KINDS if s[E.DECK + k]}
    return table(*seats, rules=rules, discard=discard)


def test_SAM_CLAR_2_drawing_from_an_empty_deck_reshuffles_the_discard_pile():
    s = _empty_deck(seat(daimyo=D5), seat(), seat())
    assert s.deck_size == 0 and sum(s.discard.values()) == 110 - 6 - 1 - 1
    s = G.apply(s, A.Draw(0))
    assert s.hand_size(0) == 1 and s.discard == {} and s.deck_size == 110 - 6 - 1 - 1 - 1


def test_SAM_KI_5_NO_RESHUFFLE_forbids_drawing_from_an_empty_deck():
    s = _empty_deck(seat(daimyo=D5), seat(), seat(), rules=("NO_RESHUFFLE",))
    refused(s, A.Draw(0), "SAM-KI-5")


def test_SAM_CLAR_17_NO_RESHUFFLE_dead_table_ends_with_the_most_honor_winning_and_ties_sharing():
    sides = (seat(honor=50, hand=["DISHONOR"]), seat(honor=50, daimyo=D5), seat(honor=10))
    s = _empty_deck(*sides, rules=("NO_RESHUFFLE",))
    s = G.apply(G.apply(s, A.Dishonor(0, 1)), A.Seppuku(1, "daimyo"))
    assert G.is_over(s) and G.winners(s) == frozenset({0, 1})
    assert s.events[-1].text() == "game over: Red, Blue won (SAM-CLAR-17)"     # most honor, not 400 reached


def test_SAM_CLAR_17_no_dead_table_while_a_daimyo_card_is_in_a_hand_or_with_reshuffle():
    sides = (seat(honor=50, hand=["DISHONOR"]), seat(honor=50, daimyo=D5), seat(honor=10, hand=["DAIMYO_30"]))
    s = _empty_deck(*sides, rules=("NO_RESHUFFLE",))
    assert not G.is_over(G.apply(G.apply(s, A.Dishonor(0, 1)), A.Seppuku(1, "daimyo")))
    sides = (seat(honor=50, hand=["DISHONOR"]), seat(honor=50, daimyo=D5), seat(honor=10))
    s = _empty_deck(*sides)
    assert not G.is_over(G.apply(G.apply(s, A.Dishonor(0, 1)), A.Seppuku(1, "daimyo")))


def test_SAM_CLAR_1_every_card_is_in_exactly_one_place_through_random_games():
    for seed in range(12):
        rng = random.Random(seed)
        s = G.new_game(3 + seed % 4, seed, ["maxRounds=30"])
        while not G.is_over(s):
            assert _total(s) == 110
            s = G.apply(s, rng.choice(G.legal_actions(s)))
        assert _total(s) == 110


def _total(s):
    n = s.players
    total = (6 - n) + 1 + s.deck_size + sum(s.discard.values())         # unused Samurai, the Shogun card
    for p in range(n):
        total += s.hand_size(p)
        for which in ("daimyo", "samurai"):
            h = s.house(p, which)
            total += (h.head is not None) + len(h.cards)
    return total


def test_SAM_CLAR_16_honor_only_rises_in_phase_1_the_win_is_checked_there_and_stops_before_phase_2():
    # Blue has 395 and an income of 5: he wins the moment his phase 1 pays, with no phase 2
    s = table(seat(daimyo=D5, hand=["WARRIOR_S1"]), seat(daimyo=D5, honor=395, hand=["WARRIOR_S1"]),
              seat(daimyo=["DAIMYO_10"], honor=399))
    s = G.apply(s, A.EndTurn(0))
    assert G.is_over(s) and G.winners(s) == frozenset({1}) and s.honor == (0, 400, 399)
    assert G.legal_actions(s) == [] and s.actions_used == 0
    refused(s, A.Play(1, "WARRIOR_S1", 1, "samurai"), "SAM-END-1")
    # nothing outside phase 1 raises honor: answering a Dishonor with Save Face only costs
    s = table(seat(daimyo=D5, hand=["DISHONOR"]), seat(daimyo=D5, honor=399, hand=["SAVE_FACE"]), seat())
    s = G.apply(G.apply(s, A.Dishonor(0, 1)), A.SaveFace(1))
    assert s.honor[1] == 369 and not G.is_over(s)
    # one short of the target after phase 1: the game goes on into his phase 2
    s = table(seat(daimyo=D5), seat(daimyo=D5, honor=394), seat())
    s = G.apply(s, A.EndTurn(0))
    assert s.honor[1] == 399 and not G.is_over(s) and G.decision(s).kind == "card_action"
