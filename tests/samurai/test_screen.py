"""The table figures: what reaches a seat's screen comes from its observation alone."""

from __future__ import annotations

import random

from lotus_kit.samurai import actions as A
from lotus_kit.samurai import screen

from .helpers import G, dice_seed, seat, table


def _mid_game(seed=3, steps=60):
    rng = random.Random(seed)
    s = G.new_game(4, seed)
    states = [s]
    for _ in range(steps):
        if G.is_over(s):
            break
        s = G.apply(s, rng.choice(G.legal_actions(s)))
        states.append(s)
    return states


def test_SAM_CLAR_19_the_board_of_a_seat_does_not_change_when_hidden_cards_are_redrawn():
    s = _mid_game()[-1]
    for viewer in (0, 2, None):
        fig = screen.board_figure(s, viewer).to_plotly_json()
        other = G.redraw_hidden(s, viewer if viewer is not None else 0, random.Random(9))
        assert screen.board_figure(other, viewer).to_plotly_json() == fig


def test_board_shows_houses_values_castle_shogun_and_alliances():
    s = table(seat(daimyo=["DAIMYO_30", "CASTLE_HIMEJI"], samurai=["NOH"], ally=None, hand=["DAISHO"]),
              seat(ally=2), seat(daimyo=["START_DAIMYO_5"], ally=1), shogun=0)
    texts = " ".join(a["text"] for a in screen.board_figure(s, 0).to_plotly_json()["layout"]["annotations"])
    for words in ("Daimyo 30", "H30 K1 S4", "Burg<br>Himeji", "SHOGUN", "Noh-<br>Theater", "allied with Green",
                  "allied with Blue", "your hand:", "Daisho"):
        assert words in texts, words
    assert "Shogun card: Red (+50 a turn)" in screen.board_figure(s, 0).layout.title.text
    spectator = " ".join(a["text"] for a in screen.board_figure(s, None).to_plotly_json()["layout"]["annotations"])
    assert "Daisho" not in spectator and "your hand" not in spectator


def test_board_names_both_houses_and_shows_the_values_of_the_cards_in_hand():
    s = table(seat(daimyo=["DAIMYO_30"], samurai=["NOH"], hand=["DAISHO"]), seat(), seat())
    notes = screen.board_figure(s, 0).to_plotly_json()["layout"]["annotations"]
    texts = [a["text"] for a in notes]
    assert "<b>Daimyo house</b>" in texts and "<b>Samurai house</b>" in texts
    assert any("H honor" in t and "K Ki" in t and "S strength" in t for t in texts)
    daisho = next(a for a in notes if a["text"] == "<b>Daisho</b>")
    # the hand card carries its values under its name, like the cards in the houses (Daisho: H10 K1 S1)
    assert any(a["text"] == "H10 K1 S1" and abs(a["x"] - daisho["x"]) < 0.01 for a in notes)


def test_honor_race_has_a_line_per_player_and_the_target():
    states = _mid_game(steps=120)
    fig = screen.honor_race(states)
    assert [t.name for t in fig.data] == ["Red", "Blue", "Green", "Yellow"]
    assert list(fig.data[0].y)[-1] == states[-1].honor[0]
    assert any("target 400" in (a.text or "") for a in fig.layout.annotations)


def test_battle_figure_shows_the_deciding_dice_and_the_winner():
    s = table(seat(daimyo=["DAIMYO_20", "WARRIOR_S1"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat(),
              seed=dice_seed([6, 5, 2]))
    s = G.apply(s, A.Attack(0, 1))
    texts = [a.text for a in screen.battle_figure(s).layout.annotations]
    assert "<b>6</b>" in texts and "<b>5</b>" in texts and "<b>2</b>" in texts
    assert "total <b>11</b> ✔ wins" in texts and "total <b>2</b>" in texts
    assert "2 dice against 1 die" in screen.battle_figure(s).layout.title.text


def test_odds_heatmap_values():
    z = screen.odds_heatmap().data[0].z
    assert abs(z[2][1] - 181 / 201) < 1e-9 and z[0][0] == 0 and z[1][1] == 0.5


def _long_houses():
    return table(seat(daimyo=["DAIMYO_30", "NODACHI", "DAISHO", "MASAMUNE", "NOH", "WARRIOR_S1", "WARRIOR_S2",
                              "WARRIOR_S3", "WARRIOR_K1S1", "WARRIOR_S2", "OKUGATA_10", "CASTLE_HIMEJI", "BODYGUARD"],
                      samurai=["FIREARMS", "WARRIOR_S1", "WARRIOR_S2", "WARRIOR_S3", "WARRIOR_S1", "OKUGATA_5"],
                      hand=["SAVE_FACE", "DISHONOR", "ELITE_NINJA_THIEF", "NINJA_ASSASSIN", "DAIMYO_20"]),
                 seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat(samurai=["WARRIOR_S3"], ally=3,
                                                                         break_pending=True),
                 seat(daimyo=["DAIMYO_15"], ally=2), shogun=0)


def test_long_houses_wrap_onto_more_lines_and_no_card_is_cut_off_at_any_width():
    s = _long_houses()
    for width in (560, 700, 1000, 1100):
        for viewer in (None, 0):
            fig = board_figure_dict(s, viewer, width)
            right = fig["layout"]["xaxis"]["range"][1]
            low, high = fig["layout"]["yaxis"]["range"]
            cards = [sh for sh in fig["layout"]["shapes"] if sh["type"] == "rect"]
            # every card of every house (and the viewer's hand) is drawn, all inside the plot
            # Red 13 + 6 (equal warriors once), Blue 2 + 1, Green 2, Yellow 2; Red's own view: his 5 hand cards
            assert len(cards) == 19 + 3 + 2 + 2 + 5 * (viewer == 0)
            assert all(sh["x1"] <= right and low <= sh["y0"] and sh["y1"] <= high for sh in cards), width
    # equal cards are drawn once with their number: two Krieger S2 in Red's Daimyo house
    texts = [a["text"] for a in board_figure_dict(s, None, 1000)["layout"]["annotations"]]
    assert "<b>2× Krieger<br>S2</b>" in texts


def board_figure_dict(s, viewer, width):
    return screen.board_figure(s, viewer, size=(width, None)).to_plotly_json()


def test_the_table_board_updated_in_place_equals_a_fresh_one_when_a_house_wraps():
    small = table(seat(daimyo=["DAIMYO_30"]), seat(), seat())
    board = screen.SamuraiBoard(small, width=700)
    assert board.show(_long_houses()) == 1
    fresh = screen.board_figure(_long_houses(), None, size=(700, None)).to_plotly_json()["layout"]
    live = board.figure.to_plotly_json()["layout"]
    for key in ("shapes", "annotations", "height", "yaxis", "title"):
        assert live[key] == fresh[key], key
    assert live["height"] > screen.board_figure(small, None, size=(700, None)).layout.height


def _contrast_on_white(colour: str) -> float:
    """WCAG contrast ratio of ``#rrggbb`` text on white."""
    lin = [(c / 12.92) if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
           for c in (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))]
    return 1.05 / (0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2] + 0.05)


def test_every_seats_name_is_written_dark_enough_to_read_on_the_white_table():
    s = table(*(seat() for _ in range(6)))
    fig = screen.board_figure(s, None).to_plotly_json()["layout"]
    names = {a["text"].removeprefix("<b>").split("<")[0].split(" ◀")[0]: a["font"]["color"]
             for a in fig["annotations"] if a.get("font", {}).get("size") == 12 and a["text"].startswith("<b>")}
    assert set(names) == {"Red", "Blue", "Green", "Yellow", "Black", "White"}
    for name, colour in names.items():
        assert _contrast_on_white(colour) >= 4.5, (name, colour)
