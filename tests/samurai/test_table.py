"""Ehre der Samurai at the shared hot-seat table (widgets in Python, no browser): the Save Face window
is handed to exactly the eligible player, behind the curtain, and what the page holds is his."""

from __future__ import annotations

import ipywidgets as widgets

from lotus_kit.samurai.screen import SCREEN
from lotus_kit.ui.phases.text import shown_text
from lotus_kit.ui.screen import screen_for
from lotus_kit.ui.session import GameSession
from lotus_kit.ui.table import GameTable

from .helpers import G, dice_seed, seat, table


def _hot_seat():
    # Red (human) attacks Blue's castle and wins the roll 6:1; Green (human) holds Save Face
    s = table(seat(daimyo=["DAIMYO_10"], hand=["NOH"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]),
              seat(hand=["SAVE_FACE", "DAISHO"]), seed=dice_seed([6, 1]))
    return GameTable(session=GameSession.from_state(s, seats=["human", "heuristic", "human"], game=G))


def _options(t):
    """The panel on show and its green (legal) buttons."""
    panel = t.panel_box.children[0]
    return panel, [b.description for b in _buttons(panel) if b.button_style in ("success", "primary")]


def _buttons(widget):
    for child in getattr(widget, "children", ()):
        if isinstance(child, widgets.Button):
            yield child
        else:
            yield from _buttons(child)


def test_the_table_finds_the_samurai_screen():
    assert screen_for(G) is SCREEN


def test_SAM_CLAR_11_the_save_face_window_goes_to_the_eligible_player_at_the_hot_seat():
    t = _hot_seat()
    assert t.curtain.layout.display == "flex" and "Red" in t.curtain_text.value
    assert "Noh" not in t.hand.value                              # nothing private behind the curtain
    t.reveal_screen()
    assert "Noh-Theater" in t.hand.value and "Daisho" not in t.hand.value
    panel, options = _options(t)
    assert "Attack Blue (1:1 dice, 50%)" in options
    panel.choose("Red attacks Blue")
    # the window: Green decides out of turn, and the screen must go to Green first
    assert G.decision(t.session.state).kind == "save_face"
    assert t.curtain.layout.display == "flex" and "Green" in t.curtain_text.value
    assert "Noh" not in t.hand.value and "Daisho" not in t.hand.value and t.panel_box.children == ()
    t.reveal_screen()
    assert "Gesicht wahren" in t.hand.value and "Noh" not in t.hand.value
    panel, options = _options(t)
    assert options == ["Play Save Face for Blue", "Pass"]
    panel.choose("Green plays Save Face")
    # the castle choice is public: Red decides it without a hand-off (SAM-CLAR-12 step 5)
    state = t.session.state
    assert G.decision(state).kind == "castle_choice" and G.to_act(state) == frozenset({0})
    panel, options = _options(t)
    assert options == ["Leave Blue's castle", "Take Blue's castle"]
    panel.choose("Red takes the castle")
    state = t.session.state
    assert not state.is_ronin(1) and state.house(0, "daimyo").castle == "CASTLE_ODAWARA"
    assert state.discard == {"SAVE_FACE": 1}


def test_hand_html_reads_only_the_seats_observation():
    s = table(seat(daimyo=["DAIMYO_10"], hand=["NOH"]), seat(hand=["DAISHO"]), seat())
    html = SCREEN.hand_html(G, s, 1)
    assert "Daisho" in html and "Noh" not in html


def test_the_table_board_follows_the_game_in_place():
    t = _hot_seat()
    board = t.board
    fig = board.figure
    assert "turn 1" in fig.layout.title.text and "Noh" not in str(fig.layout.annotations)
    t.reveal_screen()
    panel, _options_now = _options(t)
    panel.choose("Red plays Noh-Theater (H20 K3 S0) into his Daimyo house")
    assert board.figure is fig                                    # the same widget, updated in place
    assert any("Noh-<br>Theater" in (a.text or "") for a in fig.layout.annotations)


def test_SAM_CLAR_11_a_pass_in_the_window_hands_the_screen_on_clockwise_and_the_passer_s_hand_leaves():
    # Red beats Blue 6:1; Green and Yellow (people) both hold Save Face: the window asks Green first
    # (clockwise from the loser, Blue), then, after Green's pass, Yellow behind a new curtain
    s = table(seat(daimyo=["DAIMYO_10"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]),
              seat(hand=["SAVE_FACE", "DAISHO"]), seat(hand=["SAVE_FACE", "MASAMUNE"]), seed=dice_seed([6, 1]))
    t = GameTable(session=GameSession.from_state(s, seats=["human", "heuristic", "human", "human"], game=G))
    t.reveal_screen()
    t.panel_box.children[0].choose("Red attacks Blue")
    assert "Pass the screen to Green." in shown_text(t.curtain_text.value)
    t.reveal_screen()
    assert "Daisho" in t.hand.value and "Masamune" not in t.hand.value
    panel, options = _options(t)
    assert options == ["Play Save Face for Blue", "Pass"]
    panel.choose("Green passes (no Save Face)")
    assert G.to_act(t.session.state) == frozenset({3})
    assert "Pass the screen to Yellow." in shown_text(t.curtain_text.value) and t.panel_box.children == ()
    assert "Daisho" not in t.hand.value and "Masamune" not in t.hand.value
    t.reveal_screen()
    assert "Masamune" in t.hand.value and "Daisho" not in t.hand.value
    _options(t)[0].choose("Yellow plays Save Face")
    assert not t.session.state.is_ronin(1)                       # Blue keeps the Daimyo house


def _flat(html: str) -> str:
    """The words a widget shows, without the spaces between table cells."""
    return "".join(shown_text(html).split())


def test_SAM_END_1_the_table_shows_the_honor_race_to_the_target_and_follows_it_in_place():
    s = table(seat(daimyo=["DAIMYO_10"], hand=["NOH"], honor=200), seat(daimyo=["DAIMYO_20"], honor=-20),
              seat(samurai=["OKUGATA_5"], honor=390), shogun=1, rules=("targetHonor=400",))
    t = GameTable(session=GameSession.from_state(s, seats=["human", "heuristic", "human"], game=G))
    scores = t.scores
    text = _flat(scores.value)
    assert "Honorraceto400" in text
    assert "Red200+10aturn" in text and "Green390+0aturn" in text
    assert "Blue-20+70aturn·Shogun" in text                   # Daimyo 20 + the Shogun card's 50 (3 players)
    assert "width:100px" in scores.value and "width:0px" in scores.value      # half-way; a negative honor
    assert "Noh" not in scores.value                             # a hand is no part of it (SAM-CLAR-19)
    t.reveal_screen()
    t.panel_box.children[0].choose("Red plays Noh-Theater (H20 K3 S0) into his Daimyo house")
    assert t.scores is scores and "Red200+30aturn" in _flat(scores.value)               # updated in place
    over = table(seat(daimyo=["DAIMYO_10"], honor=410), seat(), seat(), winners=[0])
    final = SCREEN.score_html(G, over)
    assert "Finalhonor" in _flat(final) and "★ winner" in final and "a turn" not in final


def test_the_log_and_the_panels_name_the_seats_in_samurais_colours_not_white_lotus():
    """Samurai's Red is #d62728; White Lotus's red (#D55E00) is another colour: a name in the log or a
    panel line must be the colour of the seat's houses on the board."""
    from lotus_kit.samurai.screen.colors import SEAT_TEXT
    from lotus_kit.samurai.screen.panels import _words
    from lotus_kit.views.style import SEAT_COLOURS as WHITE_LOTUS

    t = _hot_seat()
    t.reveal_screen()
    panel, _ = _options(t)
    panel.choose("Red plays Noh-Theater (H20 K3 S0) into his Daimyo house")
    log = t.event_log.value
    assert "Noh" in log and f"color:{SEAT_TEXT[0]}" in log
    assert WHITE_LOTUS[0] not in log and WHITE_LOTUS[0].lower() not in log
    line = _words("Yellow answers Blue (SAM-EVT-5).")
    assert f"color:{SEAT_TEXT[3]}" in line and f"color:{SEAT_TEXT[1]}" in line
