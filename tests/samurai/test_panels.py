"""The Samurai phase panels (widgets in Python, no browser): what each shows, that its choices come
from the acting seat's observation, and that a forbidden choice is explained with its rule id and
changes nothing."""

from __future__ import annotations

import re

import ipywidgets as widgets

from lotus_kit.samurai import actions as A
from lotus_kit.samurai.screen import SCREEN
from lotus_kit.samurai.screen.panels import (
    AnswerPanel,
    BattlePanel,
    OverPanel,
    TurnPanel,
    battle_html,
    die_svg,
    income_parts,
)
from lotus_kit.ui.session import GameSession

from .helpers import G, dice_seed, play, seat, table


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


def _buttons(widget):
    for child in getattr(widget, "children", ()):
        if isinstance(child, widgets.Button):
            yield child
        else:
            yield from _buttons(child)


def _button(panel, words):
    return next(b for b in _buttons(panel) if b.description == words)


def _session(state, seats=None):
    return GameSession.from_state(state, seats=seats or ["human"] * state.players, game=G)


def _red_turn():
    return table(seat(daimyo=["DAIMYO_10"], hand=["NOH", "WARRIOR_S2", "DISHONOR", "SAVE_FACE"]),
                 seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"], hand=["DAISHO"]), seat(hand=["MASAMUNE"]))


def test_the_table_tabs_answer_every_decision_kind_of_the_game():
    kinds = set(SCREEN.phase_panels(G))
    assert kinds == {"card_action", "save_face", "castle_choice", "dishonor_answer", "second_theft",
                     "alliance_answer", "game_over"}


def test_SAM_CLAR_19_the_hand_shown_is_the_acting_seats_own_and_nothing_of_the_others():
    panel = TurnPanel(_session(_red_turn()))
    labels = [b.description for b in panel.hand.buttons.children]
    assert labels == ["Gesicht wahren", "Entehrung", "Krieger S2 (H0 K0 S2)", "Noh-Theater (H20 K3 S0)"]
    everything = str([getattr(w, "value", "") for w in _all(panel)]) + str([b.description for b in _buttons(panel)])
    assert "Daisho" not in everything and "Masamune" not in everything


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)


def test_SAM_PLAY_1_a_house_the_player_may_not_use_is_explained_in_one_line_and_changes_nothing():
    session = _session(_red_turn())
    panel = TurnPanel(session)
    before = session.state
    panel.hand.select([11])                         # Noh-Theater (kind 11)
    houses = [b.description for b in _buttons(panel.targets)]
    assert houses == ["into your Daimyo house", "into your Samurai house", "into Blue's Daimyo house",
                      "into Blue's Samurai house", "into Green's Samurai house", "Discard it"]
    _button(panel.targets, "into Blue's Daimyo house").click()
    message = _text(panel.feedback.value)
    assert message.startswith("SAM-PLAY-1") and "you may not play into Blue's Daimyo house" in message
    assert "\n" not in panel.feedback.value and session.state == before
    _button(panel.targets, "into your Daimyo house").click()
    assert session.state.house(0, "daimyo").cards == ("NOH",)


def test_SAM_EVT_3_dishonor_needs_two_card_actions_the_panel_says_so():
    s = play(_red_turn(), A.Draw(0))               # Ki 6: two actions, one used by the draw
    session = _session(s)
    panel = TurnPanel(session)
    assert "1 used, 1 left" in _text(panel.status.value)
    panel.hand.select([23])                         # Entehrung
    assert [b.description for b in _buttons(panel.targets)][:2] == ["Dishonor Blue", "Dishonor Green"]
    _button(panel.targets, "Dishonor Blue").click()
    assert _text(panel.feedback.value).startswith("SAM-EVT-3") and session.state == s


def test_SAM_CLAR_11_save_face_is_no_card_action_the_panel_says_where_it_is_played():
    panel = TurnPanel(_session(_red_turn()))
    panel.hand.select([24])
    assert "(SAM-CLAR-11)" in _text(panel.targets.children[-2].value)


def test_SAM_HON_1_the_turn_panel_shows_the_honor_collected_with_its_breakdown():
    s = table(seat(daimyo=["DAIMYO_10"], hand=["NOH"]), seat(daimyo=["DAIMYO_20", "OKUGATA_5"], samurai=["DAISHO"]),
              seat(), shogun=1)
    session = _session(s)
    session.act(A.EndTurn(0), run_bots=False)
    panel = TurnPanel(session)
    state = session.state
    # Blue: Daimyo house 20 + 5, Samurai house 10, the Shogun card 50 with 3 players: 85 (SAM-HON-1, SAM-CMP-4)
    assert state.honor[1] == 85
    assert ("Blue collected +85 honor in phase 1 = Daimyo house 25 + Samurai house 10 + Shogun card 50 "
            "(SAM-HON-1), now 85 of 400.") in _text(panel.status.value)


def test_SAM_HON_2_a_ronin_with_an_ally_gets_half_rounded_up():
    s = table(seat(samurai=["DAISHO"], ally=1), seat(daimyo=["DAIMYO_15"], ally=0), seat())
    parts, rule = income_parts(s, 0)
    assert rule == "SAM-HON-2" and parts == [("Samurai house", 10), ("Blue's Daimyo house", 15)]
    assert s.income(0) == 13                        # ceil(25 / 2)
    assert income_parts(table(seat(), seat(daimyo=["DAIMYO_15"]), seat()), 0) == ([], "SAM-HON-3")


def test_SAM_KI_2_the_turn_panel_shows_the_card_actions_ki_allows_and_those_left():
    s = table(seat(daimyo=["DAIMYO_15", "NOH"], hand=["WARRIOR_S1"]), seat(), seat())   # Ki 6 + 2 + 3 = 11
    assert "Ki 11: 3 card actions this turn (SAM-KI-2); 0 used, 3 left." in _text(TurnPanel(_session(s)).status.value)


def test_SAM_DEC_4_attack_buttons_give_the_dice_and_the_exact_odds_and_refuse_a_target_without_castle():
    session = _session(_red_turn())
    panel = TurnPanel(session)
    labels = {b.description: b.button_style for b in _buttons(panel.declarations)}
    assert labels["Attack Blue (1:1 dice, 50%)"] == "success"
    assert labels["Attack Green (1:0 dice, 100%)"] == ""           # no castle, not the Shogun
    _button(panel.declarations, "Attack Green (1:0 dice, 100%)").click()
    assert _text(panel.feedback.value).startswith("SAM-DEC-4")


def test_SAM_BAT_3_the_battle_panel_shows_both_sides_dice_totals_and_the_winner():
    s = table(seat(daimyo=["DAIMYO_20", "WARRIOR_S1"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]),
              seat(hand=["SAVE_FACE"]), seed=dice_seed([6, 5, 2]))
    session = _session(s)
    session.act(A.Attack(0, 1), run_bots=False)
    panel = BattlePanel(session)
    text = _text(panel.status.value)
    assert "Red attacks Blue with 2 dice against 1" in text
    assert "6 + 5 = 11 ✔ wins" in text and "2 = 2" in text
    # the window is Green's (SAM-CLAR-11): the panel acts for Green, who holds one Save Face
    assert session.to_act() == frozenset({2})
    assert "You hold 1 Save Face card" in _text(panel.controls.children[0].value)
    _button(panel, "Pass").click()
    assert G.decision(session.state).kind == "castle_choice"
    _button(panel, "Keep my castle, discard theirs").click()
    assert _text(panel.feedback.value).startswith("SAM-BAT-5")


def test_SAM_CLAR_10_the_dishonor_answer_offers_the_four_answers_and_refuses_a_missing_daimyo():
    s = table(seat(daimyo=["DAIMYO_10"], hand=["DISHONOR"]), seat(samurai=["DAISHO"], hand=["SAVE_FACE"]), seat())
    session = _session(s)
    session.act(A.Dishonor(0, 1), run_bots=False)
    panel = AnswerPanel(session)
    styles = {b.description: b.button_style for b in _buttons(panel)}
    assert styles == {"Pay 75 honor": "success", "Save Face (lose 30)": "success",
                      "Seppuku with the Daimyo": "", "Seppuku with the Samurai": "success"}
    before = session.state
    _button(panel, "Seppuku with the Daimyo").click()
    assert _text(panel.feedback.value).startswith("SAM-CLAR-10") and session.state == before
    _button(panel, "Save Face (lose 30)").click()
    assert session.state.honor[1] == -30


def test_SAM_END_1_the_end_panel_names_the_winner_and_every_honor():
    s = table(seat(daimyo=["DAIMYO_30"], honor=395), seat(honor=120), seat())
    session = _session(s)
    for action in (A.DeclareShogun(0), A.EndTurn(0), A.EndTurn(1), A.EndTurn(2)):   # SAM-DEC-3 first
        assert session.act(action, run_bots=False)[0]
    assert session.is_over
    text = _text(OverPanel(session).status.value)
    # Red's phase 1: 395 + Daimyo 30 + the Shogun card 50 (3 players)
    assert text.startswith("Red won: 400 honor reached (SAM-END-1).") and "Red ★475Blue120Green0" in text


def test_SAM_CLAR_17_the_end_panel_says_a_dead_table_is_won_by_the_most_honor_not_by_the_target():
    from lotus_kit.samurai import cards as C
    from lotus_kit.samurai import engine as E

    sides = (seat(honor=50, hand=["DISHONOR"]), seat(honor=50, daimyo=["START_DAIMYO_5"]), seat(honor=10))
    s = table(*sides, rules=("NO_RESHUFFLE",))
    discard = {C.NAMES[k]: s[E.DECK + k] for k in C.DECK_KINDS if s[E.DECK + k]}     # the deck is empty
    session = _session(table(*sides, rules=("NO_RESHUFFLE",), discard=discard))
    for action in (A.Dishonor(0, 1), A.Seppuku(1, "daimyo")):     # no Daimyo left anywhere: a dead table
        assert session.act(action, run_bots=False)[0]
    text = _text(OverPanel(session).status.value)
    assert text.startswith("Red, Blue won: the deck ran out with no Daimyo left to play, so the most honor wins "
                           "(SAM-CLAR-17).") and "400" not in text


def test_SAM_BAT_3_the_battle_view_counts_the_rerolls_of_equal_totals():
    # one die each: 3 against 3 is rerolled, then 6 against 1 decides
    s = table(seat(daimyo=["DAIMYO_10"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat(),
              seed=dice_seed([3, 3, 6, 1]))
    s = G.apply(s, A.Attack(0, 1))
    text = _text(battle_html(s))
    assert 'class="lotus-samurai-reroll"' in battle_html(s)
    assert "↻ 1 equal total rerolled before this roll (SAM-BAT-3)." in text
    assert "Red (attacker)6 = 6 ✔ wins" in text and "Blue (defender)1 = 1" in text


def test_SAM_BAT_3_the_battle_view_draws_each_die_with_its_pips_in_the_sides_colour():
    s = table(seat(daimyo=["DAIMYO_20", "WARRIOR_S1"]), seat(daimyo=["START_DAIMYO_5", "CASTLE_ODAWARA"]), seat(),
              seed=dice_seed([6, 5, 2]))
    html = battle_html(G.apply(s, A.Attack(0, 1)))
    dice = re.findall(r'<svg class="lotus-die" role="img" aria-label="(\d)".*?</svg>', html)
    assert dice == ["6", "5", "2"]                                 # Red's two dice, then Blue's one
    for pip in range(1, 7):
        svg = die_svg(pip, "#d62728")
        assert svg.count("<circle") == pip and 'stroke="#d62728"' in svg
    red, blue = html.split("</tr>")[:2]
    assert red.count('stroke="#d62728"') == 2 and blue.count('stroke="#1f77b4"') == 1
    assert "background:#eaf5e4" in red and "background" not in blue          # the winner's row tinted
    # no dice: said in words, total 0
    s = table(seat(daimyo=["DAIMYO_10"]), seat(daimyo=["START_DAIMYO_5"]), seat(), shogun=1, seed=dice_seed([4]))
    html = battle_html(G.apply(s, A.Attack(0, 1)))
    assert "Blue (defender)no dice0 = 0" in _text(html) and "lotus-samurai-reroll" not in html
