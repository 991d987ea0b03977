"""Every game of the kit as an OpenSpiel game (lotus_kit.ai.openspiel): OpenSpiel's own random
simulation test with serialisation, honest game facts, states rebuilt from their history alone, and
OpenSpiel's MCTS and ISMCTS taking a seat at the kit's table through the kit's bot seam."""

from __future__ import annotations

import random

import pyspiel
import pytest

from lotus_kit.ai.flat import register_encoding
from lotus_kit.ai.openspiel import ISMCTSBot, MCTSBot, load, register, register_all
from lotus_kit.core.bots import make_bot, play_game
from lotus_kit.core.registry import GAMES, get_game
from lotus_kit.core.registry import register as register_kit_game

KIT_GAMES = ["white_lotus", "winter", "samurai", "ming"]


@pytest.fixture(scope="module", autouse=True)
def toy_registered():
    register_kit_game("toy", "tests.toygame.game:TOY")
    register_encoding("toy", "tests.toygame.encoding:encoding")
    yield
    GAMES.pop("toy", None)


@pytest.mark.parametrize("name", [*KIT_GAMES, "toy"])
def test_openspiel_random_sim_test_passes_with_serialisation(name):
    # the fewest players: the random game is shortest (White Lotus asks every seat's observation per step)
    game = load(name, get_game(name).info.min_players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_every_registered_game_is_an_openspiel_game_with_honest_facts():
    assert set(register_all()) == {f"lotus_{n}" for n in [*KIT_GAMES, "toy"]}     # the toy is registered here
    for name in KIT_GAMES:
        kit = get_game(name)
        game = pyspiel.load_game(f"lotus_{name}")
        kind = game.get_type()
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC     # core.chance
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert (kind.min_num_players, kind.max_num_players) == (kit.info.min_players, kit.info.max_players)
        assert game.num_players() == kit.info.default_players
        params = game.get_parameters()
        assert {f.replace("=", "_") for f in kit.info.flag_names} <= set(params) and params["explicit_chance"] is True
        assert game.num_distinct_actions() == game.flat.num_actions
    toy = pyspiel.load_game(register("toy"))
    assert toy.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC       # no chance at all
    assert toy.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION   # sealed bids


def test_players_and_flags_are_game_parameters():
    game = load("samurai", 3, ["DECLARATION_AFTER_ACTIONS"])
    assert game.num_players() == 3 and game.flat.flags == ("DECLARATION_AFTER_ACTIONS",)
    assert game.flat.game.info.flag("DECLARATION_AFTER_ACTIONS")
    same = pyspiel.load_game(str(game))           # the game string names every parameter
    assert same.flat.flags == game.flat.flags and same.num_players() == 3


def test_chance_nodes_carry_the_engines_probabilities_and_a_history_rebuilds_the_state():
    game = load("samurai", 3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(k, p) for k, p in get_game("samurai").chance_outcomes(state.engine_state)]
    import numpy as np

    rng = np.random.RandomState(3)
    while not state.is_terminal() and len(state.history()) < 200:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.history() == state.history()
    assert again.flat_state == state.flat_state                    # the same engine state, from history alone
    for seat in range(3):
        assert again.information_state_string(seat) == state.information_state_string(seat)


def test_an_observation_never_shows_another_seats_hand():
    game = load("samurai", 3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    engine = state.engine_state
    kit = get_game("samurai")
    assert state.observation_string(0) == game.flat.observation_string(state.flat_state, 0)
    # what seat 0 sees is the same in every world it cannot tell apart
    import random

    other = state.resampled(0, random.Random(1))
    assert other.engine_state != engine
    assert other.observation_string(0) == state.observation_string(0)
    assert other.information_state_string(0) == state.information_state_string(0)
    assert kit.observation(other.engine_state, 0) == kit.observation(engine, 0)


def test_openspiel_mcts_and_ismcts_play_the_toy_auction_at_the_kits_table():
    toy = get_game("toy")
    for name, cls in (("openspiel:mcts", MCTSBot), ("openspiel:ismcts", ISMCTSBot)):
        bot = make_bot(toy, name, seed=1)
        assert isinstance(bot, cls) and bot.name == name
        final = play_game(toy, toy.new_game(2, 0), [bot, make_bot(toy, "random", 2)])
        assert toy.is_over(final) and toy.winners(final)


def test_an_unknown_openspiel_bot_is_refused_in_one_line():
    with pytest.raises(ValueError, match="unknown bot 'openspiel:cfr'"):
        make_bot(get_game("winter"), "openspiel:cfr")


def test_openspiel_mcts_plays_a_full_winter_game_at_the_kits_table():
    winter = get_game("winter")
    bot = make_bot(winter, "openspiel:mcts", seed=3)
    bot.simulations = 6
    seen = []
    # thawing ends after 4 plies (WIN-END-3's flag): the bot still freezes and thaws to the game's end, in
    # about a quarter of the time of the default 60 plies (each of its evaluations may play a whole horizon)
    final = play_game(winter, winter.new_game(2, 5, ("MAX_THAW_PLIES=4",)), [bot, make_bot(winter, "random", 4)],
                      on_action=lambda before, action, after: seen.append((before, action)))
    assert winter.is_over(final) and winter.winners(final)
    # every action the bot chose was legal where it chose it (play_game applied it without refusal)
    assert any(winter.to_act(before) == frozenset({0}) for before, _ in seen)


def test_value_flags_are_number_parameters_and_a_flag_with_an_equals_sign_is_renamed():
    samurai = load("samurai", 3, ["targetHonor=250", "SEPPUKU_NEEDS_CARDS"])
    assert samurai.get_parameters()["targetHonor"] == 250
    assert set(samurai.flat.flags) == {"targetHonor=250", "SEPPUKU_NEEDS_CARDS"}
    assert load("samurai", 3).flat.flags == ()                     # defaults give the standard rules
    ming = load("ming", 3, ["NEUTRAL_RETURN=NONE"])
    assert ming.flat.flags == ("NEUTRAL_RETURN=NONE",) and ming.get_parameters()["NEUTRAL_RETURN_NONE"] is True
    again = pyspiel.load_game(str(ming))                           # its game string loads back
    assert again.flat.flags == ming.flat.flags


@pytest.mark.parametrize("seed", range(3))
def test_openspiel_cfr_reproduces_the_kits_lp_bids_of_a_white_lotus_conflict(seed):
    """An independent check of the bid analysis: OpenSpiel's CFR+ on the conflict's matrix game reaches
    the value of the kit's exact LP (within CFR's NashConv) and the same equilibrium bids."""
    import numpy as np

    from lotus_kit.ai.openspiel import cfr_bids
    from lotus_kit.white_lotus.analysis.bidding import best_bids
    from lotus_kit.white_lotus.analysis.conflict import ConflictSpec
    from lotus_kit.white_lotus.cards import Hand

    rng = np.random.default_rng(seed)
    hands = {s: Hand(int(rng.integers(0, 2)), *(int(v) for v in rng.integers(0, 3, size=3))) for s in (0, 1)}
    spec = ConflictSpec((0, 1), hands, emperor=int(rng.integers(0, 3)))
    advice = best_bids(spec, vp_per_influence=float(rng.uniform(0.2, 0.8)), value=float(rng.uniform(1, 5)))
    row, col, value, nash_conv = cfr_bids(advice.game, iterations=300)
    assert nash_conv < 0.005
    assert abs(value - advice.solution.value) <= nash_conv + 1e-6
    assert row == pytest.approx(advice.strategies[0], abs=0.02)
    assert col == pytest.approx(advice.strategies[1], abs=0.02)


def test_openspiel_ismcts_plays_a_full_white_lotus_game_at_the_kits_table():
    """ISMCTS draws its worlds with White Lotus's own determinisation (determinise): the other hands'
    card values, the draw pool's order and sealed bids not yet revealed."""
    wl = get_game("white_lotus")
    bot = make_bot(wl, "openspiel:ismcts", seed=2)
    bot.simulations = 2
    final = play_game(wl, wl.new_game(3, 7), [bot, make_bot(wl, "heuristic", 1), make_bot(wl, "random", 2)])
    assert wl.is_over(final) and wl.winners(final)


def test_an_openspiel_bot_plays_in_a_sweep_by_its_name():
    from lotus_kit.analysis.sweeps import sweep

    # Samurai: a sweep game takes about a second (Winter's standing stays level for ~80 actions, so each
    # of MCTS's evaluations there plays its whole horizon and one game takes over a minute)
    result = sweep(seeds=range(1), players=(3,),
                   bots={"mcts against random": ("openspiel:mcts", "random", "random")},
                   game="samurai", backend="serial", progress=False)
    row = result.games.iloc[0]
    assert row["seat_bots"] == "openspiel:mcts random random" and row["actions"] > 0
    from lotus_kit.analysis import sweeps

    bot = sweeps.make_bot("openspiel:ismcts", 5)               # White Lotus sweeps name their bots too
    assert isinstance(bot, ISMCTSBot) and bot.kit_game is get_game("white_lotus")


def test_the_standing_evaluator_values_each_seat_by_its_own_lead():
    """The evaluator's vector is indexed by seat: the seat that won the toy's first prize is valued above 0."""
    from lotus_kit.ai.openspiel import LotusState, StandingEvaluator
    from tests.toygame.game import Bid

    toy = get_game("toy")
    state = toy.apply(toy.apply(toy.new_game(2, 0), Bid(0, 0)), Bid(1, 2))      # Blue wins the first prize
    spiel = load("toy", 2)
    flat = spiel.flat
    options = tuple((flat.encoding.encode(toy, a, state), a) for a in toy.legal_actions(state, 0))
    values = StandingEvaluator(horizon=0).evaluate(LotusState(spiel, flat.new_state(0).__class__(
        state, 0, (), (), 0, 0, options)))
    assert values[1] > 0 > values[0]


def test_the_standing_evaluator_reads_past_a_level_standing():
    """Where the standing is level (the toy's first bid, White Lotus's opening) reading it gives every
    move the same value, and a search picks at random; the evaluator plays on until the standing moves."""
    from lotus_kit.ai.openspiel import StandingEvaluator

    for name, players in (("toy", 2), ("white_lotus", 3)):
        spiel = load(name, players, explicit_chance=False)       # as the bots search: from a position
        state = spiel.new_initial_state()
        assert StandingEvaluator(horizon=0).evaluate(state).tolist() == [0.0] * players
        evaluator = StandingEvaluator(rng=random.Random(1))
        assert any(evaluator.evaluate(state).any() for _ in range(10)), name


@pytest.mark.parametrize("name", ["openspiel:ismcts", "openspiel:mcts"])
def test_openspiel_bots_beat_random_bids_in_the_toy_auction(name):
    """A search that reads a level standing bids at random and wins about half the time."""
    toy, wins = get_game("toy"), 0.0
    for g in range(8):
        me = g % 2
        bots = [make_bot(toy, "random", 100 + g)] * 2
        bots[me] = make_bot(toy, name, seed=g)
        bots[me].simulations = 30
        final = play_game(toy, toy.new_game(2, g), bots)
        winners = toy.winners(final)
        wins += (me in winners) / len(winners)
    assert wins >= 6, wins


def test_openspiel_bots_search_white_lotus_worlds_the_game_could_reach():
    """Worlds are drawn by the game's determinise where it has one: every other hand keeps its influence
    and combat totals (WL-INFO-1), so no seat of a drawn world lacks the cards a step asks of it."""
    from lotus_kit.ai.openspiel import draw_world

    wl = get_game("white_lotus")
    state = wl.new_game(3, seed=4)
    for k in range(5):
        world = draw_world(wl, state, 0, random.Random(k))
        assert wl.observation(world, 0) == wl.observation(state, 0)
        for s in (1, 2):
            assert (world.hands[s].influence_total, world.hands[s].combat_total) == \
                (state.hands[s].influence_total, state.hands[s].combat_total)


@pytest.mark.parametrize("name", ["white_lotus", "samurai"])
def test_the_information_state_tensor_through_pyspiels_observer_counts_the_seats_own_past_ids(name):
    import numpy as np
    from open_spiel.python.observation import make_observation

    game = load(name, get_game(name).info.min_players)
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    now = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    assert list(recall.dict) == [*game.flat.observation_parts(), "seat", "own_history", "own_ids_taken"]
    assert list(now.dict) == list(game.flat.observation_parts())
    assert next(iter(now.dict)).startswith("observation.")
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    while len([p for p in state.full_history() if p.player == 0]) < 12:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    for seat in range(game.num_players()):
        recall.set_from(state, seat)
        now.set_from(state, seat)
        own = [p.action for p in state.full_history() if p.player == seat]
        expected = np.zeros(game.num_distinct_actions())
        np.add.at(expected, own, 1.0)
        assert np.array_equal(recall.dict["own_ids_taken"], expected)      # counted from OpenSpiel's own history
        assert np.array_equal(recall.tensor[:now.tensor.size], now.tensor)
        assert np.array_equal(np.asarray(state.information_state_tensor(seat)), recall.tensor)
        assert recall.string_from(state, seat) == state.information_state_string(seat)
    assert game.information_state_tensor_size() == recall.tensor.size == game.observation_tensor_size() + \
        game.num_players() + game.flat.own_steps + game.num_distinct_actions()


def test_the_match_summary_counts_shared_wins_and_gives_wilson_intervals():
    from lotus_kit.ai.match import summary, wilson

    rows = []
    for game, (ism, mc, rnd, won) in enumerate([(30, 20, 10, {0: 1.0}), (15, 25, 5, {1: 1.0}),
                                                (20, 20, 30, {2: 1.0}), (40, 40, 0, {0: 0.5, 1: 0.5})]):
        for seat, (bot, score) in enumerate(zip(["openspiel:ismcts", "montecarlo", "random"], (ism, mc, rnd),
                                                strict=True)):
            rows.append({"game": game, "seat": seat, "bot": bot, "score": score, "won": won.get(seat, 0.0)})
    table = {r["bot"]: r for r in summary(rows)}
    assert table["openspiel:ismcts"]["wins"] == 1.5 and table["montecarlo"]["wins"] == 1.5
    assert table["random"]["win_rate"] == 0.25 and table["openspiel:ismcts"]["mean_score"] == 26.25
    assert table["ismcts above montecarlo"]["wins"] == 2.0        # above, below, two ties of a half
    # Wilson 95 %: 0 of 3 is [0, 0.5615], 5 of 10 is [0.2366, 0.7634] (z = 1.96)
    assert wilson(0, 3) == pytest.approx((0.0, 0.5615), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
