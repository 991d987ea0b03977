"""Plays a Ming game at the shared table the way a person does: board clicks and panel buttons
(used by the widget tests; the browser tests click the same things in Chromium)."""

from __future__ import annotations

from typing import Any

from lotus_kit.ming.actions import Move
from lotus_kit.ming.screen.board import space_id


def press_continue(table: Any) -> bool:
    """Leave a hand-off, a reveal or a held outcome: True when there was one."""
    if table.curtain.layout.display != "none":
        table.curtain_button.click()
        return True
    if table.banner_box.layout.display != "none":
        table.continue_button.click()
        return True
    return False


def human_step(table: Any, returns: dict[int, int] | None = None) -> str:
    """One human decision by clicks; returns the decision kind answered."""
    s = table.session
    state = s.state
    kind = s.decision().kind
    seat = s.human_to_act()[0]
    panel = table.panels[table.view_phase]
    legal = s.legal(seat)
    if kind in ("place_prince", "place_neutral"):
        table.board.click(legal[0].district)
    elif kind == "phase1":
        table.board.click(space_id(legal[(len(s.actions) * 7) % len(legal)].space))
    elif kind == "phase2":
        take = next((a for a in legal if a.kind == "take_card"), None)
        if take is not None:
            table.board.click(space_id(take.space))
        else:
            panel.dragon.click()
    elif kind == "phase3":
        moves = [a for a in legal if isinstance(a, Move)]
        if moves and state.prince(seat) and len(s.actions) % 3:
            table.board.click(moves[0].to)
        else:
            panel.pass_button.click()
    elif kind == "deploy":
        panel.deploy_button.click()
    elif kind == "choose_return":
        value = (returns or {}).get(seat, 0)
        cards = {0: (0,), 1: (1,), 2: (2,), 3: (3,), 4: (3, 1), 5: (3, 2), 6: (3, 2, 1)}[min(value, legal[-1].value)]
        panel.cards.select(cards)
        panel.commit.click()
    elif kind == "split_return":
        panel.split_button.click()
    elif kind == "exchange_sets":
        panel.exchange.children[-1].click()
    elif kind == "choose_start":
        panel.buttons.children[0].click()
    return kind


def play_until(table: Any, done: Any, limit: int = 2000, returns: dict[int, int] | None = None) -> list[str]:
    """Click until ``done(state)``; the decision kinds answered, in order."""
    kinds = []
    for _ in range(limit):
        if done(table.session.state) or table.session.is_over:
            return kinds
        if press_continue(table):
            continue
        before = len(table.session.actions)
        kinds.append(human_step(table, returns))
        assert len(table.session.actions) > before, table.message.value + table.panels[table.view_phase].feedback.value
    raise AssertionError("the game did not get there")
