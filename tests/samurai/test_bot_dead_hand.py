"""The heuristic bot never stalls a table of full hands (SAM-KI-4, SAM-HON-3), and rollouts from a
seat's view end."""

from __future__ import annotations

import random
from collections import Counter

from lotus_kit.analysis.rollouts import evaluate, rollout_seed
from lotus_kit.core.bots import make_bot
from lotus_kit.samurai import actions as A
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.bots import HeuristicBot, play_game

from .helpers import G, seat, table

CAP = 5_000       # a stalled table fails here instead of hanging the run


def dead_table():
    """Three Ronin (no alliance, SAM-HON-3: no income), each Samurai house full of warriors and
    married, seven cards in hand that fit no house; every Daimyo is still in the deck."""
    full = ["WARRIOR_S2"] * 5
    return table(seat(samurai=[*full, "OKUGATA_5"], hand=["WARRIOR_S1"] * 3 + ["WARRIOR_S3"] * 2
                      + ["CASTLE_ODAWARA", "SAVE_FACE"]),
                 seat(samurai=[*full, "OKUGATA_10"], hand=["WARRIOR_S1"] * 3 + ["WARRIOR_S3"] * 2
                      + ["CASTLE_OSAKA", "SAVE_FACE"]),
                 seat(samurai=["WARRIOR_K1S1"] * 5 + ["OKUGATA_5"], hand=["WARRIOR_S1"] * 3
                      + ["WARRIOR_S3", "CASTLE_HIMEJI", "SAVE_FACE", "SAVE_FACE"]),
                 seed=3)


def test_SAM_KI_4_the_heuristic_discards_a_useless_card_from_a_full_hand_rather_than_end_the_turn():
    s = dead_table()
    assert len(s.hand(0)) == 7 and A.Draw(0) not in G.legal_actions(s)     # SAM-KI-4: no draw from 7
    a = HeuristicBot(1).choose(s, 0)
    # the least worth of the cards that fit nowhere: a Krieger S1 (S1), not the castle or Save Face
    assert a == A.Discard(0, "WARRIOR_S1")


def test_heuristic_bots_finish_a_table_of_full_hands_that_fit_nowhere():
    s = dead_table()
    final = play_game(s, [HeuristicBot(k) for k in range(3)], max_actions=CAP)
    assert G.is_over(final), "the heuristic bots stalled: nobody draws, nobody gains honor"
    assert G.winners(final)


def after_20_random_actions():
    s = G.new_game(3, seed=2)
    bots = [make_bot(G, "random", 1 + k) for k in range(3)]
    for _ in range(20):
        who = min(G.to_act(s))
        s = G.apply(s, bots[who].choose(s, who))
    return s


def test_heuristic_bots_finish_every_redraw_of_seat_0s_view():
    """The 19th rollout of ``evaluate(seed=0)`` redraws this position into a table of full hands that
    fit nowhere (all three players Ronin, every Samurai house full)."""
    s = after_20_random_actions()
    for k in (18, 0, 1, 2):
        rng = random.Random(rollout_seed(0, k))
        world = G.redraw_hidden(s, 0, rng)
        bots = [make_bot(G, "heuristic", rng.randrange(2**31)) for _ in range(3)]
        final = play_game(world, bots, max_actions=CAP)
        assert G.is_over(final), f"rollout {k} stalled"


def test_evaluate_from_seat_0s_view_with_the_default_bot_finishes():
    s = after_20_random_actions()
    result = evaluate(s, rollouts=19, seed=0, information="player", seat=0, game="samurai", progress=False)
    assert result.rollouts == 19
    assert abs(sum(result.win_rate) - 1) < 1e-9


def test_SAM_CMP_3_a_redraw_keeps_every_count_so_the_stall_was_no_unreachable_state():
    """What seat 0 cannot see (the deck and the other hands) is shuffled among those places only:
    the same cards of each kind, the same hand sizes, the same deck size; the rest is untouched."""
    def unseen(t) -> Counter:
        return Counter({k: t[E.DECK + k] for k in C.DECK_KINDS}) + Counter(
            k for s in (1, 2) for k in E.hand(t, s))

    s = after_20_random_actions()
    for k in range(30):
        r = G.redraw_hidden(s, 0, random.Random(rollout_seed(0, k)))
        assert unseen(r) == unseen(s) and r.deck_size == s.deck_size == sum(r[E.DECK:E.DECK + C.KINDS])
        assert [len(r.hand(p)) for p in range(3)] == [len(s.hand(p)) for p in range(3)]
        assert r.hand(0) == s.hand(0) and r.discard == s.discard and all(
            r.house(p, h) == s.house(p, h) for p in range(3) for h in ("daimyo", "samurai"))
