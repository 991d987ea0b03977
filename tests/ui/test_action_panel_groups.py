"""The generic action panel narrows a long list of legal actions down field by field (the fields of
``action_to_dict``) so that a person can choose: Winter's first thaw move has about a thousand."""

from __future__ import annotations

import random

from lotus_kit.ui.panel import GROUP_ABOVE, ActionPanel, narrowing_steps
from lotus_kit.ui.session import GameSession


def _winter_at_first(kind: str) -> GameSession:
    session = GameSession(game="winter", seed=1, seats=["human", "human"])
    rng = random.Random(1)
    while session.decision().kind != kind:
        seat = min(session.game.to_act(session.state))
        assert session.act(rng.choice(session.legal(seat)))[0]
    return session


def _every_path(rows):
    """Every action the steps can lead to, over every value of every step."""
    reached, todo = set(), [[]]
    while todo:
        picked = todo.pop()
        steps, left = narrowing_steps(rows, picked)
        if len(steps) == len(picked):
            reached |= set(left)
            continue
        _field, values = steps[len(picked)]
        todo.extend([*picked, v] for v, _ in values)
    return reached


def test_winters_first_thaw_move_is_chosen_kind_then_card_then_from_a_short_list():
    session = _winter_at_first("thaw_move")
    seat = min(session.game.to_act(session.state))
    legal = session.legal(seat)
    assert len(legal) > 500
    panel = ActionPanel(session)
    kinds = panel.pickers[0]
    assert kinds.description == "Kind" and [label.split(" (")[0] for label, _ in kinds.options] == ["remove", "move"]
    assert sum(int(label.split("(")[1].rstrip(")")) for label, _ in kinds.options) == len(legal)
    assert [p.description for p in panel.pickers[1:]] == ["X", "Y"][: len(panel.pickers) - 1]
    assert 0 < len(panel.choices.options) <= GROUP_ABOVE
    # pick "move", then the last value of every later step: the short list holds only such moves
    kinds.value = 1
    i = 1
    while i < len(panel.pickers):                        # each pick redoes the steps after it
        panel.pickers[i].value = len(panel.pickers[i].options) - 1
        i += 1
    rows = [session.game.action_to_dict(legal[k]) for _label, k in panel.choices.options]
    assert rows and all(r["kind"] == "move" for r in rows) and len({(r["x"], r["y"]) for r in rows}) == 1
    assert all("moves" in label for label, _ in panel.choices.options)
    k = panel.choices.options[-1][1]
    panel.choices.value = k
    before = len(session.actions)
    panel.play_button.click()
    assert len(session.actions) == before + 1 and session.actions[-1] == legal[k]


def test_every_legal_thaw_move_can_be_reached_through_the_steps():
    session = _winter_at_first("thaw_move")
    legal = session.legal(min(session.game.to_act(session.state)))
    rows = [session.game.action_to_dict(a) for a in legal]
    assert _every_path(rows) == set(range(len(legal)))
    steps, left = narrowing_steps(rows)
    assert len(left) <= GROUP_ABOVE and [f for f, _ in steps][:1] == ["kind"]


def test_choose_by_words_plays_an_action_not_on_the_short_list():
    session = _winter_at_first("thaw_move")
    seat = min(session.game.to_act(session.state))
    legal = session.legal(seat)
    panel = ActionPanel(session)
    shown = {k for _label, k in panel.choices.options}
    k = next(k for k in range(len(legal) - 1, -1, -1) if k not in shown)
    words = session.game.describe(legal[k], session.state)
    assert panel.choose(words)
    assert session.actions[-1] == legal[k]


def test_a_freeze_lay_is_chosen_spot_by_spot_and_a_short_list_has_no_steps():
    session = _winter_at_first("lay_card")
    panel = ActionPanel(session)
    legal = session.legal(min(session.game.to_act(session.state)))
    assert len(legal) > GROUP_ABOVE                      # every action is a lay: no "Kind" step
    assert panel.pickers[0].description == "X"
    xs = [int(label.split(" (")[0]) for label, _ in panel.pickers[0].options]
    assert xs == sorted(xs) and len(xs) > 1
    x = session.game.action_to_dict(legal[panel.choices.options[0][1]])["x"]
    assert x == xs[0] and all(session.game.action_to_dict(legal[k])["x"] == x for _l, k in panel.choices.options)
    white_lotus = GameSession(players=3, seed=1, seats=["human"] * 3)
    wl_panel = ActionPanel(white_lotus)
    claims = white_lotus.legal(min(white_lotus.game.to_act(white_lotus.state)))
    assert len(claims) <= GROUP_ABOVE
    assert wl_panel.pickers == [] and [k for _label, k in wl_panel.choices.options] == list(range(len(claims)))


def test_a_refresh_with_the_same_choices_keeps_what_was_picked():
    session = _winter_at_first("thaw_move")
    panel = ActionPanel(session)
    panel.pickers[0].value = 1
    picked = [p.value for p in panel.pickers]
    panel.refresh()
    assert [p.value for p in panel.pickers] == picked
