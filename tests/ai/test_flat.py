"""The flat integer-action layer over every registered game (the toy auction included): random games
end, ids keep their meaning, the flat steps reach exactly the legal engine actions, histories replay,
and what a seat observes never shows what it may not know."""

from __future__ import annotations

import random

import pytest

import lotus_kit
from lotus_kit.ai.flat import CHANCE, TERMINAL, FlatGame, FlatState, register_encoding
from lotus_kit.core.registry import GAMES, get_game, register


@pytest.fixture(scope="module", autouse=True)
def toy_registered():
    register("toy", "tests.toygame.game:TOY")
    register_encoding("toy", "tests.toygame.encoding:encoding")
    yield
    GAMES.pop("toy", None)


def _names() -> list[str]:
    register("toy", "tests.toygame.game:TOY")
    names = lotus_kit.games()
    GAMES.pop("toy", None)
    return names


GAME_NAMES = _names()


def setups(name: str) -> list[tuple[int, tuple[str, ...]]]:
    """The fewest and most players with no flag, every flag and profile alone at the default count, and a
    flag that allows fewer players with those."""
    info = get_game(name).info
    out = [(info.min_players, ()), (info.max_players, ())]
    out += [(info.default_players, (f,)) for f in info.flag_settings]
    out += [(info.default_players, tuple(p)) for p in info.profiles.values() if p]
    for flag in info.flag_settings:          # a flag may allow fewer players (Samurai's ALLOW_2P)
        try:
            get_game(name).new_game(info.min_players - 1, 0, (flag,))
        except Exception:
            continue
        out.append((info.min_players - 1, (flag,)))
    return list(dict.fromkeys(out))


def play(flat: FlatGame, seed: int, visit=None) -> FlatState:
    rng = random.Random(seed)
    fs = flat.new_state(seed)
    while flat.current_player(fs) != TERMINAL:
        if visit is not None:
            visit(fs)
        ids = flat.legal_ids(fs)
        assert ids and ids == sorted(ids) and ids[0] >= 0 and ids[-1] < flat.num_actions
        fs = flat.apply_id(fs, rng.choice(ids))
        assert len(fs.history) <= flat.max_game_length
    return fs


def sameness(flat: FlatGame, action, state):
    """What makes two engine actions the same: the encoding's own test, else the action's dict."""
    if flat.encoding.same is not None:
        return flat.encoding.same(action, state)
    raw = flat.game.action_to_dict(action)
    return tuple(sorted((k, str(v)) for k, v in raw.items() if k != "seat"))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_games_through_the_flat_steps_reach_the_end_of_every_setup(name):
    for players, flags in setups(name):
        flat = FlatGame(name, players, flags)
        fs = play(flat, seed=players + len(flags))
        assert flat.game.is_over(fs.state), f"{name} {players} {flags}: cut off after {fs.engine_steps} actions"
        returns = flat.returns(fs)
        assert len(returns) == players and abs(sum(returns)) < 1e-9
        winners = flat.game.winners(fs.state)
        assert all(returns[s] > 0 for s in winners) or len(winners) == players


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_id_sequence_means_one_engine_action_in_every_state(name):
    info = get_game(name).info
    flat = FlatGame(name, info.default_players)
    meaning: dict[tuple, object] = {}
    seen = 0

    def visit(fs: FlatState) -> None:
        nonlocal seen
        if fs.prefix:
            return
        sequences = [ids for ids, _ in fs.options]
        assert len(set(sequences)) == len(sequences), "two legal actions share their ids"
        starts = {ids[:k] for ids in sequences for k in range(1, len(ids))}
        assert not starts & set(sequences), "one action's ids begin another's"
        for ids, action in fs.options:
            key = (fs.player, ids)
            same = sameness(flat, action, fs.state)
            assert meaning.setdefault(key, same) == same, f"{ids} meant {meaning[key]}, now {same}"
            seen += 1

    for seed in range(3):
        play(flat, seed, visit)
    assert seen > 50


def reached(flat: FlatGame, fs: FlatState) -> list:
    """Every engine action the flat steps from ``fs`` lead to (each applied by the engine on the way)."""
    out, stack = [], [fs]
    while stack:
        node = stack.pop()
        for i in flat.legal_ids(node):
            action = flat.action_of(node, i)
            child = flat.apply_id(node, i)             # raises if the engine refuses it
            if action is not None:
                assert child.engine_steps == fs.engine_steps + 1
                out.append(action)
            else:
                assert child.player == fs.player and child.engine_steps == fs.engine_steps
                stack.append(child)
    return out


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_flat_steps_reach_every_legal_engine_action_and_nothing_else(name):
    info = get_game(name).info
    flat = FlatGame(name, info.default_players)
    checked = []
    every = 1 if name == "toy" else 7

    def visit(fs: FlatState) -> None:
        if fs.prefix or fs.engine_steps % every or len(checked) >= 5:
            return
        got = reached(flat, fs)
        legal = flat.game.legal_actions(fs.state, fs.player)
        assert sorted(map(repr, got)) == sorted(map(repr, legal))
        checked.append(len(got))

    play(flat, seed=5, visit=visit)
    assert len(checked) >= 3 and max(checked) > 1


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_history_replays_to_the_same_flat_state(name):
    info = get_game(name).info
    flat = FlatGame(name, info.default_players)
    end = play(flat, seed=2)
    assert flat.from_history(flat.history(end), seed=2) == end
    middle = flat.history(end)[: len(end.history) // 2 + 1]
    again = flat.from_history(middle, seed=2)
    assert again.history == tuple(middle) and flat.from_history(middle, seed=2) == again
    assert flat.legal_ids(again) == flat.legal_ids(flat.from_history(middle, seed=2))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_illegal_id_is_refused_naming_the_id_and_the_rule_and_changes_nothing(name):
    info = get_game(name).info
    flat = FlatGame(name, info.default_players)
    fs = flat.new_state(3)
    while len(flat.legal_ids(fs)) == flat.num_actions:      # the toy's first bids are all open
        ids = flat.legal_ids(fs)
        fs = flat.apply_id(fs, ids[-1] if fs.player == 0 else ids[0])
    illegal = next(i for i in range(flat.num_actions) if i not in flat.legal_ids(fs))
    before = (fs.history, fs.prefix, fs.state)
    with pytest.raises(ValueError, match=rf"action id {illegal} .*not legal now.*{info.rule_prefix}-"):
        flat.apply_id(fs, illegal)
    with pytest.raises(ValueError, match="action id -3"):
        flat.apply_id(fs, -3)
    assert (fs.history, fs.prefix, fs.state) == before


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_seats_observation_does_not_change_when_what_it_may_not_know_is_redrawn(name):
    game = get_game(name)
    assert game.info.hidden_information
    flat = FlatGame(name, game.info.default_players)
    rng = random.Random(7)
    compared = 0

    def visit(fs: FlatState) -> None:
        nonlocal compared
        if len(fs.history) % 5:
            return
        for seat in range(flat.num_players):
            twin_state = game.redraw_hidden(fs.state, seat, rng)
            # another seat's partial choice is hidden too: the twin has none
            prefix = fs.prefix if fs.player == seat else ()
            twin = FlatState(twin_state, fs.player, prefix, fs.history, fs.seed, fs.engine_steps, fs.options)
            assert flat.observation_string(fs, seat) == flat.observation_string(twin, seat)
            assert flat.observation_tensor(fs, seat) == flat.observation_tensor(twin, seat)
            compared += 1

    play(flat, seed=4, visit=visit)
    assert compared >= 2 * flat.num_players


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_seat_learns_nothing_from_another_seats_partial_choice(name):
    """While one seat takes the sub-steps of one action, the others' information states stay put."""
    flat = FlatGame(name, get_game(name).info.default_players)
    partial = 0

    def visit(fs: FlatState) -> None:
        nonlocal partial
        if not fs.prefix or fs.parent is None:
            return
        partial += 1
        for seat in range(flat.num_players):
            if seat != fs.player:
                assert flat.information_state_string(fs, seat) == flat.information_state_string(fs.parent, seat)
        assert flat.information_state_string(fs, fs.player) != flat.information_state_string(fs.parent, fs.player)

    play(flat, seed=1, visit=visit)
    if name != "toy":                         # the toy's bids are one id each
        assert partial > 5


def test_white_lotus_bids_are_a_target_then_card_values_and_every_step_is_small():
    flat = FlatGame("white_lotus", 4)
    most = 0

    def visit(fs: FlatState) -> None:
        nonlocal most
        most = max(most, len(flat.legal_ids(fs)))

    end = play(flat, seed=0, visit=visit)
    assert flat.game.is_over(end.state) and most <= 40 and flat.num_actions < 250
    bid = next(i for i in range(flat.num_actions) if flat.encoding.key(i)[:2] == ("Bid", 0))
    assert flat.encoding.words(bid) == "Bid: target 0"


def test_the_observation_tensor_has_a_fixed_size_and_shows_only_the_own_partial_choice():
    flat = FlatGame("white_lotus", 3)
    fs = flat.new_state(0)
    while not fs.prefix:
        fs = flat.apply_id(fs, flat.legal_ids(fs)[-1])
    own = flat.observation_tensor(fs, fs.player)
    other = flat.observation_tensor(fs, (fs.player + 1) % 3)
    assert len(own) == len(other) == flat.observation_size
    part = flat.slices()["own_partial_choice"]
    assert part.stop - part.start == flat.num_actions
    assert sum(own[part]) == len(fs.prefix) and own[part][fs.prefix[0]] == 1.0
    assert sum(other[part]) == 0


def test_current_player_is_chance_only_with_explicit_chance_and_the_end_is_terminal():
    flat = FlatGame("toy", 2)
    fs = play(flat, 0)
    assert flat.current_player(fs) == TERMINAL and flat.legal_ids(fs) == [] and flat.chance_outcomes(fs) == []
    assert CHANCE != TERMINAL
    with pytest.raises(ValueError, match="no explicit chance"):
        FlatGame("toy", 2, explicit_chance=True)
    with pytest.raises(ValueError, match=r"Toy auction \(2 players\) cannot start with 3 players"):
        FlatGame("toy", 3)


@pytest.mark.parametrize("name", [n for n in GAME_NAMES if n != "toy"])
def test_with_explicit_chance_every_draw_is_a_chance_node_and_the_history_replays(name):
    game = get_game(name)
    flat = FlatGame(name, game.info.default_players, explicit_chance=True)
    rng = random.Random(3)
    fs = flat.new_state()
    chance = 0
    while flat.current_player(fs) != TERMINAL:
        if flat.current_player(fs) == CHANCE:
            outcomes = flat.chance_outcomes(fs)
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert flat.legal_ids(fs) == [o for o, _ in outcomes]
            fs = flat.apply_id(fs, rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            chance += 1
            continue
        fs = flat.apply_id(fs, rng.choice(flat.legal_ids(fs)))
    assert game.is_over(fs.state) and chance > 0 and len(fs.history) <= flat.max_game_length
    assert flat.from_history(flat.history(fs)) == fs
    assert flat.information_state_string(fs, 0) != flat.information_state_string(fs, 1)


def test_a_card_list_longer_than_its_bound_is_refused_by_the_encoding_and_left_out_of_the_flat_steps():
    from lotus_kit.ai.encoding import Encoding, Seq, Shape, TooLong

    enc = Encoding("cards", [Shape("Pay", Seq("cards", (1, 2), 2))], max_engine_actions=1)
    assert enc.ids_of("Pay", {"cards": (2, 1)}) == (1, 0, 2)
    with pytest.raises(TooLong, match=r"Pay\.cards has 3 items, at most 2"):
        enc.ids_of("Pay", {"cards": (2, 1, 1)})
    with pytest.raises(ValueError, match="outside the encoded domains"):
        enc.ids_of("Pay", {"cards": (3,)})
