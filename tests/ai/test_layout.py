"""The observation and information-state tensors: a fixed layout per game, no two observations on one tensor,
values in the slots the layout names, and the seat's own choices in order (perfect recall)."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pyspiel
import pytest

from lotus_kit.ai.flat import FlatGame
from lotus_kit.ai.layout import Layout, onehot
from lotus_kit.ai.openspiel import load
from lotus_kit.core.registry import get_game

KIT_GAMES = ["white_lotus", "winter", "samurai", "ming"]


def _random_states(flat: FlatGame, seeds, every: int = 2):
    for seed in seeds:
        rng, fs, k = random.Random(seed), flat.new_state(seed), 0
        while not flat.is_terminal(fs):
            if k % every == 0:
                yield fs
            fs, k = flat.apply_id(fs, rng.choice(flat.legal_ids(fs))), k + 1


@pytest.mark.parametrize("name", KIT_GAMES)
def test_distinct_observations_give_distinct_tensors_of_one_fixed_size(name):
    """Over random games, (observation string -> tensor) is one to one: no two observations with different
    information share a tensor (the old 1,024-number hash put many on one), and every tensor has the size
    the layout fixes."""
    flat = FlatGame(name, get_game(name).info.min_players)
    seen: dict[tuple[float, ...], str] = {}
    for fs in _random_states(flat, range(2)):
        for seat in range(flat.num_players):
            tensor = tuple(flat.observation_tensor(fs, seat))
            assert len(tensor) == flat.observation_size
            text = flat.observation_string(fs, seat)
            assert seen.setdefault(tensor, text) == text, f"two observations share a tensor:\n{text}"
    assert len(seen) > 100


@pytest.mark.parametrize("name", KIT_GAMES)
def test_the_tensor_layout_is_sized_by_the_setup_and_its_blocks_tile_it(name):
    info = get_game(name).info
    sizes = {}
    for players in sorted({info.min_players, info.max_players}):
        flat = FlatGame(name, players)
        parts = flat.observation_parts()
        assert sum(parts.values()) == flat.observation_size == sum(flat.layout.slices[b.name].stop -
                                                                    flat.layout.slices[b.name].start
                                                                    for b in flat.layout.blocks) + \
            flat.num_actions + players + 1
        cuts = flat.slices()
        assert list(cuts) == list(parts) and cuts["acting"].stop == flat.observation_size
        assert all(a.stop == b.start for a, b in zip(cuts.values(), list(cuts.values())[1:], strict=False))
        sizes[players] = flat.observation_size
        assert FlatGame(name, players).observation_size == sizes[players]       # the same for the same setup
    if len(sizes) > 1:
        assert len(set(sizes.values())) == len(sizes)                            # more seats, more slots


def test_white_lotus_values_sit_in_their_slots():
    from lotus_kit.white_lotus.actions import Bid
    from lotus_kit.white_lotus.cards import Hand

    flat = FlatGame("white_lotus", 3)
    wl = flat.game
    obs = wl.observation(wl.new_game(3, seed=2), 0)
    chips, markers = list(obs.chips), list(obs.markers)
    chips[7], markers[7] = "T", 0b101
    built = dataclasses.replace(obs, year=3, hand=Hand(0, 1, 0, 2, 0, 0, 4), chips=tuple(chips),
                                markers=tuple(markers), own_commitment=Bid(seat=0, target=2, cards=(3, 3, 1)),
                                conflict_province=7)
    t = flat.layout.tensor(built)
    cut = flat.slices()
    assert cut["observation.year"] == slice(4, 5) and t[4] == 3.0
    assert cut["observation.chips"] == slice(18, 252)                  # 39 provinces x ("", P, T, R, F, V)
    assert t[18 + 7 * 6:18 + 8 * 6] == [0, 0, 1, 0, 0, 0]
    assert cut["observation.markers"] == slice(408, 525) and t[408 + 7 * 3:408 + 8 * 3] == [1, 0, 1]
    assert cut["observation.hand"] == slice(528, 535) and t[528:535] == [0, 1, 0, 2, 0, 0, 4]
    assert cut["observation.own_commitment"] == slice(550, 550 + flat.num_actions)
    bid = flat.encoding.ids_of("Bid", {"target": 2, "cards": (3, 3, 1)})
    assert sum(t[550:734]) == len(bid) == 5 and t[550 + bid[1]] == 2.0        # target, 3, 3, 1, end
    assert cut["observation.conflict_province"] == slice(734, 773) and t[734 + 7] == 1.0 and sum(t[734:773]) == 1


def test_winter_values_sit_in_their_slots():
    import lotus_kit.winter.engine as e
    from lotus_kit.winter.grid import BLOCK, W

    flat = FlatGame("winter", 2)
    s = flat.game.new_game(2, 0)
    a = 2 * W + 2                                               # the card anchor at (2, 2)
    v = list(s.v)
    v[e.OCC], v[e.LIGHT], v[e.TOK0], v[e.SUP0] = BLOCK << a, 1 << (a + 1), 1 << a, 8
    key = (BLOCK << a, 1 << (a + 1), 1 << a, 0, 8, 9, 0, 0, 1)
    built = e.WinterState(tuple(v), s.cards, (key, key), s.order, s.deck, s.rules)
    t = flat.layout.tensor(built)
    cut = flat.slices()
    assert cut["observation.grid.occupied"] == slice(0, 1764)
    assert [i for i in range(1764) if t[i]] == [a, a + 1, a + W, a + W + 1]
    assert [i - 1764 for i in range(1764, 3528) if t[i]] == [a + 1]                           # light
    assert cut["observation.grid.tokens0"] == slice(3 * 1764, 4 * 1764) and t[3 * 1764 + a] == 1.0
    assert cut["observation.fields"].start == 6 * 1764 and t[6 * 1764 + 3] == 8.0            # SUP0, 4th field
    h = cut["observation.history"].start
    assert t[cut["observation.history.length"]] == [2.0]
    assert t[h:h + 5] == [a + 1, a + 2, a + W + 1, a + W + 2, 0]                             # cells + 1
    assert t[h + 72:h + 76] == [0, 1, 0, 0]                                                   # which are light
    assert t[h + 144] == a + 1 and t[h + 162:h + 167] == [8, 9, 0, 0, 1]                      # tokens, counters
    assert t[h + 167:h + 2 * 167] == t[h:h + 167]                                             # the second entry


def test_samurai_values_sit_in_their_slots():
    from lotus_kit.samurai import engine as E
    from lotus_kit.samurai.cards import HIDDEN
    from lotus_kit.samurai.state import State

    flat = FlatGame("samurai", 3)
    t = list(flat.game.observation(flat.game.new_game(3, 4), 0))
    t[E.seat_base(1) + E.HONOR] = 37
    t[E.seat_base(0) + E.HAND:E.seat_base(0) + E.HAND + 7] = [5, 5, 12, 0, 0, 0, 0]
    t[E.seat_base(2) + E.HAND:E.seat_base(2) + E.HAND + 7] = [HIDDEN] * 3 + [0] * 4
    t[E.LAST_ACTION] = 7 | 3 << 13
    out = flat.layout.tensor(State(t))
    cut = flat.slices()
    assert cut["observation.header.last_action"] == slice(20, 22) and out[20:22] == [7, 3]
    assert cut["observation.seat0.hand"] == slice(79, 108)
    assert out[79 + 4] == 2.0 and out[79 + 11] == 1.0 and sum(out[79:108]) == 3               # kinds 5, 5, 12
    assert cut["observation.seat1.honor"] == slice(126, 127) and out[126] == 37.0
    hidden = cut["observation.seat2.hand"]
    assert out[hidden.stop - 1] == 3.0 and sum(out[hidden]) == 3                              # 3 unseen cards


def test_ming_values_sit_in_their_slots():
    flat = FlatGame("ming", 3)
    obs = dict(flat.game.observation(flat.game.new_game(3, 0), 0))
    obs["seats"] = [dict(x) for x in obs["seats"]]
    obs["districts"] = {d: dict(x) for d, x in obs["districts"].items()}
    obs["display"] = dict(obs["display"])
    obs["seats"][1]["score"] = 17
    obs["districts"]["P2.L"]["open"] = {"White": 2, "Neutral": 1}
    obs["display"]["RED"] = "CAMEL"
    t = flat.layout.tensor(obs)
    cut = flat.slices()
    assert cut["observation.display"] == slice(27, 63) and t[27:33] == [0, 0, 0, 1, 0, 0]      # RED: CAMEL
    assert cut["observation.seat1.score"] == slice(138, 139) and t[138] == 17.0
    assert cut["observation.P2.L.open"] == slice(278, 282) and t[278:282] == [0, 2, 0, 1]     # Black White Grey Neutral


def test_a_value_outside_a_block_is_refused_naming_the_block():
    lay = Layout("toy", [onehot("phase", lambda o: o, ("bid", "play"))])
    with pytest.raises(ValueError, match="observation field phase: 'tie' is none of its 2 declared values"):
        lay.tensor("tie")


def _walk_openspiel(game, seed: int, steps: int):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    k = 0
    while not state.is_terminal() and k < steps:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            yield state
            k += 1
            state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("name", KIT_GAMES)
def test_the_information_state_tensor_holds_the_seats_own_choices_in_order_and_tells_histories_apart(name):
    """Checked against pyspiel's ``full_history()``: the ``own_history`` block is the seat's own actions in
    order; and over random histories, information states the seat can tell apart (different information
    state strings: the string is exact) have different tensors."""
    from open_spiel.python.observation import make_observation

    game = load(name, get_game(name).info.min_players)
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    seen: dict[tuple[float, ...], str] = {}
    for seed in range(2):
        for state in _walk_openspiel(game, seed, 300):
            for seat in range(game.num_players()):
                recall.set_from(state, seat)
                own = [p.action + 1 for p in state.full_history() if p.player == seat]
                block = recall.dict["own_history"]
                assert list(block[:len(own)]) == own and not block[len(own):].any()
                assert recall.dict["seat"][seat] == 1 and recall.dict["seat"].sum() == 1
                text = state.information_state_string(seat)
                assert seen.setdefault(tuple(recall.tensor), text) == text
    assert len(seen) > 100


def test_two_orders_of_the_same_white_lotus_claims_are_two_information_states():
    """A seat that placed its markers in A then B knows it did; with the same board afterwards, counts of its
    past ids could not tell this from B then A, the order block does."""
    game = load("white_lotus", 3)

    def play(first_pick: int):
        state = game.new_initial_state()
        rng = np.random.RandomState(0)
        while state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        me = state.current_player()
        mine = state.legal_actions()[:2]
        picks = [mine[first_pick], mine[1 - first_pick]]
        while picks:
            if state.current_player() == me:
                state.apply_action(picks.pop(0))
            else:
                state.apply_action(next(a for a in state.legal_actions() if a not in mine))
        return state, me

    (a, me), (b, _) = play(0), play(1)
    assert a.observation_tensor(me) == b.observation_tensor(me)           # the same board: markers placed
    assert sorted(a.history()) == sorted(b.history())
    assert a.information_state_string(me) != b.information_state_string(me)
    assert a.information_state_tensor(me) != b.information_state_tensor(me)


@pytest.mark.parametrize("name", ["white_lotus", "samurai", "winter", "ming"])
def test_a_world_the_seat_cannot_tell_apart_has_the_same_tensors(name):
    """The other direction: a resampled world behind the same information state (another hand, another deck
    order) gives the seat the same observation and information-state tensors."""
    game = load(name, get_game(name).info.min_players)
    checked = 0
    for k, state in enumerate(_walk_openspiel(game, 5, 120)):
        if k % 10:
            continue
        seat = state.current_player()
        other = state.resampled(seat, random.Random(k))
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        checked += 1
    assert checked >= 10


def test_pyspiels_observer_names_every_block_of_the_layout():
    """OpenSpiel's observer ``dict`` holds each block under its name: the seat's White Lotus hand is read back
    from ``observation.hand``, the emperor from ``observation.emperor``."""
    from open_spiel.python.observation import make_observation

    game = load("white_lotus", 3)
    now = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    state = next(s for s in _walk_openspiel(game, 2, 30) if len(s.history()) > 60)
    obs = game.flat.game.observation(state.engine_state, 1)
    now.set_from(state, 1)
    assert list(now.dict["observation.hand"]) == list(obs.hand)
    assert list(now.dict["observation.emperor"]) == [float(s == obs.emperor) for s in range(3)]
    assert list(now.dict) == list(game.flat.observation_parts())
