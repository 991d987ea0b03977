"""The board as data (MING-BRD-*, MING-CLAR-19) and the setup (MING-SET-*, MING-CLAR-1/2)."""

from __future__ import annotations

import collections
import copy
import json

import pytest

from lotus_kit.core.errors import BoardDataError, IllegalAction
from lotus_kit.ming.actions import PlaceNeutral, PlacePrince
from lotus_kit.ming.board import load_board, load_board_file, standard_board
from lotus_kit.ming.engine import apply, legal_actions, new_game
from lotus_kit.ming.rules import RuleSet


def _data() -> dict:
    b = standard_board()
    return {"provinces": [{"id": p, "colour": c} for p, c in zip(b.province_ids, b.colours, strict=True)],
            "districts_per_province": ["T", "L", "R"], "houses_per_district": 3,
            "borders": [[b.district_names[x], b.district_names[y], b.transports[k]] for x, y, k in b.borders],
            "movement_deck": dict(zip(b.transports, b.deck, strict=True))}


def test_MING_BRD_1_CMP_1_six_provinces_of_three_districts_and_27_borders_with_one_transport_each():
    b = standard_board()
    assert len(b.colours) == 6 and len(b.district_names) == 18
    assert b.colours == ("RED", "YELLOW", "GREEN", "BLUE", "PURPLE", "ORANGE")   # §12 order = province spaces
    assert [b.district_province[d] for d in range(18)] == [p for p in range(6) for _ in range(3)]
    assert len(b.borders) == 27
    per_type = collections.Counter(b.transports[k] for _, _, k in b.borders)
    assert per_type == {"HORSE": 4, "RICKSHAW": 5, "JUNK": 5, "CAMEL": 5, "PALANQUIN": 4, "OXCART": 4}
    degrees = collections.Counter(bin(m).count("1") for m in b.neighbours)
    assert degrees == {2: 6, 3: 6, 4: 6}      # MING-CLAR-19 note: degrees 2, 3, 4, six districts each
    assert b.transport_of("P1.R", "P4.T") == "PALANQUIN" and b.transport_of("P4.T", "P2.L") == "OXCART"
    assert b.transport_of("P1.T", "P6.R") is None


def test_MING_CMP_3_movement_deck_is_six_transports_of_nine_cards():
    b = standard_board()
    kinds = ("HORSE", "RICKSHAW", "JUNK", "CAMEL", "PALANQUIN", "OXCART")
    assert dict(zip(b.transports, b.deck, strict=True)) == dict.fromkeys(kinds, 9)


def test_MING_CMP_3_transport_types_flag_resplits_the_deck_and_must_cover_every_border():
    s = new_game(3, 0, RuleSet.from_flags(["TRANSPORT_TYPES=HORSE,RICKSHAW,JUNK,CAMEL,PALANQUIN,OXCART,SEDAN"]))
    assert dict(zip(s.board.transports, s.board.deck, strict=True))["SEDAN"] == 7
    assert sum(s.board.deck) == 54
    with pytest.raises(BoardDataError, match=r"MING-CLAR-19: border .* shows 'OXCART'"):
        new_game(3, 0, RuleSet.from_flags(["TRANSPORT_TYPES=HORSE,RICKSHAW,JUNK,CAMEL,PALANQUIN"]))


def test_MING_CLAR_19_note_P1R_is_the_only_cut_district():
    b = standard_board()
    for cut in range(18):
        rest = [d for d in range(18) if d != cut]
        reached, frontier = {rest[0]}, [rest[0]]
        while frontier:
            d = frontier.pop()
            for e in rest:
                if b.neighbours[d] >> e & 1 and e not in reached:
                    reached.add(e)
                    frontier.append(e)
        assert (len(reached) < 17) == (b.district_names[cut] == "P1.R")


@pytest.mark.parametrize("change, words", [
    (lambda d: d["provinces"][1].update(colour="RED"), "colours must be distinct"),
    (lambda d: d["borders"].append(["P1.T", "P9.T", "HORSE"]), "unknown district 'P9.T'"),
    (lambda d: d["borders"].append(["P1.T", "P1.T", "HORSE"]), "joins P1.T to itself"),
    (lambda d: d["borders"].append(["P1.L", "P1.T", "CAMEL"]), "repeats the pair P1.L–P1.T"),   # MING-CLAR-20 (d)
    (lambda d: d["borders"].__setitem__(0, ["P1.T", "P1.L", "YAK"]), "shows 'YAK', which no movement card"),
    (lambda d: d["movement_deck"].update(HORSE=10), "must hold 54 cards, got 55"),
    (lambda d: d.__setitem__("borders", [b for b in d["borders"] if "P1.R" not in b[:2]]), "not connected"),
    (lambda d: d.__setitem__("districts_per_province", "TLR"), "needs 'provinces'"),
])
def test_MING_CLAR_19_board_data_breaking_an_invariant_is_refused_with_its_reason(change, words):
    data = copy.deepcopy(_data())
    change(data)
    with pytest.raises(BoardDataError, match=r"MING-CLAR-19") as e:
        load_board(data)
    assert words in str(e.value)


def test_MING_BRD_3_a_board_file_can_be_dropped_in(tmp_path):
    data = _data()
    data["borders"][0][2] = "CAMEL"        # a printed map differing in one symbol
    data["movement_deck"] = {"HORSE": 9, "RICKSHAW": 9, "JUNK": 9, "CAMEL": 9, "PALANQUIN": 9, "OXCART": 9}
    f = tmp_path / "printed.json"
    f.write_text(json.dumps(data))
    b = load_board_file(str(f))
    assert b.transport_of("P1.T", "P1.L") == "CAMEL" and standard_board().transport_of("P1.T", "P1.L") == "HORSE"
    with pytest.raises(BoardDataError, match=r"cannot read board file"):
        load_board_file(str(tmp_path / "missing.json"))


def test_MING_SET_1_to_4_and_CMP_2_the_start_of_a_three_player_game():
    s = new_game(3, seed=11, start_player=2)
    assert len(s.display) == 6 and s.supply_size == 48 and s.discards == {}      # MING-SET-1
    assert s.dragon_supply == 15                                                  # MING-SET-2, Q13: 18 - 3
    assert s.tile_supply == {c: 18 for c in s.board.colours} and s.round == 1     # MING-SET-3
    for seat in range(3):                                                         # MING-SET-4
        assert s.hand(seat) == {"DRAGON": 1} and s.personal_supply(seat) == 30 and s.score(seat) == 0
    assert s.phase == "place_prince" and s.current_seat == 2                      # MING-SET-5 from the start player


def test_MING_CLAR_1_start_player_drawn_from_the_seed_is_reproducible():
    firsts = {new_game(4, seed).start_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert all(new_game(4, seed).data == new_game(4, seed).data for seed in range(5))


def test_MING_SET_5_CLAR_2_princes_clockwise_from_start_any_free_district_tile_each_time():
    s = new_game(3, seed=1, start_player=1)
    s = apply(s, PlacePrince(1, "P2.T"))
    assert s.tiles(1)["YELLOW"] == 1 and s.current_seat == 2
    with pytest.raises(IllegalAction, match=r"MING-SET-5: a prince already stands in P2.T"):
        apply(s, PlacePrince(2, "P2.T"))
    assert PlacePrince(2, "P2.T") not in legal_actions(s) and len(legal_actions(s)) == 17
    s = apply(s, PlacePrince(2, "P2.L"))               # same province: allowed, tile again
    assert s.tiles(2)["YELLOW"] == 1 and s.tile_supply["YELLOW"] == 16
    s = apply(s, PlacePrince(0, "P2.R"))
    assert s.phase == "phase1" and s.current_seat == 1 and s.prince(0) == "P2.R"


def test_MING_CLAR_2_two_player_neutral_placement_follows_the_princes():
    s = new_game(2, seed=1, start_player=0)
    s = apply(apply(s, PlacePrince(0, "P1.T")), PlacePrince(1, "P1.L"))
    assert s.phase == "place_neutral" and s.current_seat == 0
    with pytest.raises(IllegalAction, match=r"MING-RND-2"):
        apply(s, PlaceNeutral(1, "P3.T"))
