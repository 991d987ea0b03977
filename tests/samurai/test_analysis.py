"""Analysis: battle odds tables, "attack or not", the Shogun study."""

from __future__ import annotations

from math import comb

from lotus_kit.analysis.samurai import (
    attack_or_not,
    battle_odds,
    save_face_chance,
    shogun_study,
    shogun_summary,
    total_distribution,
)

from .helpers import seat, table


def test_SAM_BAT_3_odds_table_covers_0_to_6_dice():
    df = battle_odds()
    assert df.shape == (7, 7)
    assert float(df.loc[1, 1]) == 0.5 and float(df.loc[0, 0]) == 0.0 and float(df.loc[6, 0]) == 1.0
    assert abs(float(total_distribution(2).loc[7]) - 6 / 36) < 1e-12


def test_attack_or_not_weighs_odds_and_stakes():
    strong = table(seat(daimyo=["DAIMYO_20"], samurai=["WARRIOR_S3"] * 5, honor=50),   # S 20 -> 6 dice
                   seat(daimyo=["START_DAIMYO_5"], samurai=[]), seat(), shogun=1)        # S 1 -> 0 dice
    got = attack_or_not(strong, 0, 1)
    assert (got["attacker_dice"], got["defender_dice"], got["p_win"]) == (6, 0, 1.0)
    assert got["gain_if_won"] == 3 * 50 and got["advice"] == "attack"
    weak = table(seat(daimyo=["DAIMYO_30", "OKUGATA_10"]),                                # S 4 -> 1 die
                 seat(daimyo=["DAIMYO_20", "CASTLE_HIMEJI"], samurai=["WARRIOR_S3"] * 3), seat())  # 19 -> 6
    got = attack_or_not(weak, 0, 1)
    assert got["p_win"] == 0.0 and got["advice"] == "do not attack" and got["loss_if_lost"] == 3 * 40


def test_save_face_chance_is_hypergeometric_over_the_unseen_cards():
    s = table(seat(daimyo=["START_DAIMYO_5"]), seat(hand=["NOH", "DAISHO"]), seat())
    unseen = s.deck_size + 2                      # the deck and seat 1's two cards, as seat 0 sees it
    assert abs(save_face_chance(s, 0, [1]) - (1 - comb(unseen - 9, 2) / comb(unseen, 2))) < 1e-12
    all_gone = table(seat(daimyo=["START_DAIMYO_5"]), seat(hand=["NOH"]), seat(), discard={"SAVE_FACE": 9})
    assert save_face_chance(all_gone, 0, [1]) == 0.0


def test_shogun_study_rows_and_summary():
    df = shogun_study("random", 3, 4, seed=1)
    assert len(df) == 4 and set(df["finished"]) <= {True, False}
    summary = shogun_summary(df)
    assert int(summary["games"].iloc[0]) == 4
    assert 0.0 <= float(summary["holder_at_end_wins"].iloc[0]) <= 1.0


def test_SAM_CLAR_11_attack_or_not_weighs_the_defenders_possible_save_face():
    # Red (6 dice) against Blue (1 die, Daimyo 15): the same battle, with and without a Save Face to fear
    def blue(shogun=None, discard=None, ally=None):
        return table(seat(daimyo=["DAIMYO_20"], samurai=["WARRIOR_S3"] * 5, honor=50),
                     seat(daimyo=["DAIMYO_15", "WARRIOR_S3"], hand=["NOH", "DAISHO"], ally=ally),
                     seat(hand=["OKUGATA_5", "MASAMUNE", "WARRIOR_S1"], ally=1 if ally == 2 else None),
                     shogun=shogun, **({"discard": discard} if discard else {}))

    feared = attack_or_not(blue(), 0, 1)
    none_left = attack_or_not(blue(discard={"SAVE_FACE": 9}), 0, 1)
    assert feared["p_win"] == none_left["p_win"] > 0.99
    assert 0 < feared["p_defender_saved"] < 1 and none_left["p_defender_saved"] == 0.0
    assert feared["value"] < none_left["value"]              # a saved house is not won
    # Blue's ally may save him too; the Shogun holder may not save himself (SAM-CLAR-11)
    assert attack_or_not(blue(ally=2), 0, 1)["p_defender_saved"] > feared["p_defender_saved"]
    assert attack_or_not(blue(shogun=1), 0, 1)["p_defender_saved"] == 0.0
    assert "SAM-CLAR-11" in feared["rules"]
