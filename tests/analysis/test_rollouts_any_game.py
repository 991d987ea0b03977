"""Rollouts (evaluate, mistakes) for every game of the kit through the game protocol: Winter,
Samurai, Ming and the toy auction of the tests (registered here only), and sweeps of the three.

Budgets are tiny; the numbers that are checked exactly are worked out by hand from the rules of the
position (a finished game, the last sealed bid of the toy auction). Rollouts from one seat's view
play random bots: Samurai's heuristic bot was seen not to finish a state redrawn by
``SAMURAI.redraw_hidden`` (position after 20 random actions of seed 2, 3 players)."""

from __future__ import annotations

import random

import pytest

from lotus_kit.analysis.rollouts import default_bots, determinised, evaluate, mistakes, rollout_seed
from lotus_kit.analysis.sweeps import sweep
from lotus_kit.core.bots import make_bot, play_game
from lotus_kit.core.records import GameRecord, new_setup
from lotus_kit.core.registry import GAMES, get_game, register
from lotus_kit.white_lotus.hidden import determinise
from tests.toygame.game import TOY, Bid, State

GAMES_AND_PLAYERS = [("winter", 2), ("samurai", 3), ("ming", 3)]


@pytest.fixture(autouse=True)
def toy_registered():
    register("toy", "tests.toygame.game:TOY")
    yield
    GAMES.pop("toy", None)


def random_record(name: str, players: int, seed: int, steps: int) -> GameRecord:
    """The first ``steps`` actions of a game played by random bots, as a record of that game."""
    game = get_game(name)
    setup = new_setup(game, players, seed)
    state = game.start(setup, ())
    rng = random.Random(seed)
    actions = []
    while len(actions) < steps and not game.is_over(state):
        seat = min(game.to_act(state))
        action = rng.choice(game.legal_actions(state, seat))
        actions.append(action)
        state = game.apply(state, action)
    return GameRecord(name, setup, (), tuple(actions))


def finished(name: str, players: int, seed: int):
    game = get_game(name)
    bots = [make_bot(game, "random", seed * 10 + s) for s in range(players)]
    return play_game(game, game.new_game(players, seed), bots)


@pytest.mark.parametrize(("name", "players"), GAMES_AND_PLAYERS)
def test_evaluate_a_finished_game_gives_its_winners_and_scores(name, players):
    game = get_game(name)
    final = finished(name, players, seed=5)
    winners = game.winners(final)
    ev = evaluate(final, rollouts=3, game=name, progress=False)
    assert ev.players == players and ev.rollouts == 3
    assert ev.win_rate == [1 / len(winners) if s in winners else 0.0 for s in range(players)]
    assert [set(xs) for xs in ev.scores] == [{x} for x in game.scores(final)]
    assert list(ev.frame()["name"]) == list(game.info.seat_names[:players])


@pytest.mark.parametrize(("name", "players"), GAMES_AND_PLAYERS)
def test_evaluate_a_position_plays_each_rollout_to_the_end_with_the_games_bots(name, players):
    game = get_game(name)
    state = random_record(name, players, seed=3, steps=12).replay()
    assert not game.is_over(state)
    ev = evaluate(state, rollouts=3, seed=4, game=game, progress=False)
    # each rollout again by hand: its seed gives the bots' seeds, seat by seat
    kind = default_bots(game)
    for k in range(3):
        rng = random.Random(rollout_seed(4, k))
        bots = [make_bot(game, kind, rng.randrange(2**31)) for _ in range(players)]
        final = play_game(game, state, bots)
        winners = game.winners(final)
        assert [ev.wins[s][k] for s in range(players)] == [
            1 / len(winners) if s in winners else 0.0 for s in range(players)]
        assert [ev.scores[s][k] for s in range(players)] == list(game.scores(final))
    assert sum(ev.win_rate) == pytest.approx(1.0)
    again = evaluate(state, rollouts=3, seed=4, game=name, progress=False)
    assert again.wins == ev.wins and again.scores == ev.scores


@pytest.mark.parametrize(("name", "players"), GAMES_AND_PLAYERS)
def test_evaluate_from_one_seats_view_rolls_out_redrawn_states(name, players):
    state = random_record(name, players, seed=6, steps=10).replay()
    # random bots: Samurai's heuristic bot does not finish some redrawn states (see the module doc)
    ev = evaluate(state, rollouts=2, seed=1, information="player", seat=1, bots="random", game=name,
                  progress=False)
    assert ev.rollouts == 2 and sum(ev.win_rate) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="needs the seat"):
        evaluate(state, rollouts=1, information="player", game=name, progress=False)


@pytest.mark.parametrize(("name", "players"), GAMES_AND_PLAYERS)
def test_mistakes_of_a_recorded_game_judge_its_decisions_by_the_records_game(name, players):
    game = get_game(name)
    record = random_record(name, players, seed=2, steps=30)
    states = record.states()
    df = mistakes(record, seats=[0, 1], rollouts=1, alternatives=1, max_decisions=3, bots="random", progress=False)
    assert 1 <= len(df) <= 3
    for row in df.itertuples():
        state = states[row.step]
        assert row.action == record.actions[row.step] and row.seat in (0, 1)
        assert row.seat == getattr(row.action, "seat", min(game.to_act(state)))
        assert row.kind == type(row.action).__name__
        assert len(game.legal_actions(state, row.seat)) > 1
        assert row.alternative in game.legal_actions(state, row.seat) and row.alternative != row.action
        assert 0.0 <= row.win_made <= 1.0 and row.swing == pytest.approx(row.win_best - row.win_made)
        assert row.phase == game.decision(state).kind or isinstance(row.phase, int)


def test_the_toy_auctions_last_bid_mistake_is_found_with_the_numbers_worked_by_hand():
    # last prize (3), points tied 1-1, Red has sealed 5 coins; Blue, with 5 coins, bids 0:
    # Red takes the prize and wins (Blue 0); only Blue's 5 ties the bid, nobody scores, a shared win (1/2)
    state = State(prizes=(1, 1, 3), round=2, coins=(5, 5), points=(1, 1), bids=(5, -1))
    after = TOY.apply(state, Bid(1, 0))
    df = mistakes([state, after], [Bid(1, 0)], rollouts=2, alternatives=5, information="full", game="toy",
                  progress=False)
    row = df.iloc[0]
    assert (row["win_made"], row["alternative"], row["win_best"], row["swing"]) == (0.0, Bid(1, 5), 0.5, 0.5)
    assert row["phase"] == "bid" and row["year"] is None
    # from Blue's view too: the states judged are those after Blue's bid, where both bids are revealed
    df = mistakes([state, after], [Bid(1, 0)], rollouts=2, alternatives=5, game=TOY, progress=False)
    assert (df.iloc[0]["alternative"], df.iloc[0]["win_best"], df.iloc[0]["swing"]) == (Bid(1, 5), 0.5, 0.5)


def test_a_seats_view_is_drawn_by_the_games_determinise_hook_else_by_redraw_hidden():
    # the toy has no hook: Red's sealed bid is redrawn from Blue's view (0..5 coins), the rest stays
    state = State(prizes=(1, 1, 3), round=2, coins=(5, 5), points=(1, 1), bids=(5, -1))
    drawn = {determinised(TOY, state, 1, random.Random(k)) for k in range(40)}
    assert {d.bids for d in drawn} == {(b, -1) for b in range(6)}
    assert {(d.prizes, d.round, d.coins, d.points) for d in drawn} == {((1, 1, 3), 2, (5, 5), (1, 1))}
    # White Lotus has one: a state the game could have reached (WL-INFO-1/2), not redraw_hidden's
    wl = get_game("white_lotus")
    s = random_record("white_lotus", 4, seed=1, steps=25).replay()
    assert determinised(wl, s, 2, random.Random(7)) == determinise(s, 2, random.Random(7))


def test_evaluate_the_toy_auction_by_its_random_bot():
    state = TOY.new_game(2, seed=1)
    ev = evaluate(state, rollouts=6, seed=2, game="toy", progress=False)
    assert default_bots(TOY) == "random" and list(ev.frame()["name"]) == ["Red", "Blue"]
    assert sum(ev.win_rate) == pytest.approx(1.0)
    assert all(0 <= x <= 9 for xs in ev.scores for x in xs)     # three prizes of 1..3 points at most
    final = TOY.apply(TOY.apply(State(prizes=(2,), coins=(3, 3)), Bid(0, 1)), Bid(1, 2))
    ev = evaluate(final, rollouts=2, game="toy", progress=False)
    assert ev.win_rate == [0.0, 1.0] and ev.scores == [[0, 0], [2, 2]]


@pytest.mark.parametrize(("name", "players"), GAMES_AND_PLAYERS)
def test_a_sweep_plays_the_game_with_its_own_bots_and_player_counts(name, players):
    s = sweep(seeds=range(2), game=name, backend="serial", progress=False)
    game = get_game(name)
    info = game.info
    counts = sorted(set(s.games["players"]))
    assert counts and all(info.min_players <= p <= info.max_players for p in counts)
    assert set(s.games["bots"]) == {default_bots(game)} and len(s.games) == 2 * len(counts)
    assert set(s.games["name"]) == {name}


def test_a_sweep_refuses_a_player_count_the_game_does_not_have_in_one_line():
    with pytest.raises(ValueError, match=r"^Winter is played by 2 players, not 3$"):
        sweep(seeds=range(1), players=(3,), game="winter", backend="serial", progress=False)


def test_the_explorers_swings_judge_a_ming_line_by_ming_rollouts():
    from lotus_kit.ui.explorer import Explorer

    record = random_record("ming", 3, seed=2, steps=20)
    ex = Explorer(record)
    df = ex.find_swings(rollouts=1, alternatives=1, max_decisions=2)
    assert len(df) == 2 and "Judged 2 decisions" in ex.swing_message.value
    for row in df.itertuples():
        assert row.action == record.actions[row.step] and row.kind == type(row.action).__name__
