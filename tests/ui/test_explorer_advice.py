"""The explorer's advice section: the advisor follows the step shown, only while it is open."""

from __future__ import annotations

from pathlib import Path

from lotus_kit.ui.explorer import Explorer
from lotus_kit.white_lotus.actions import Bid, JoinSide

SHOWCASE = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "showcase-4p.json"


def test_the_advisor_follows_the_steps_of_the_explorer_while_open():
    ex = Explorer(SHOWCASE)
    assert ex.advisor is None                                   # closed: nothing made, nothing solved
    bid_step = next(k for k, a in enumerate(ex.line.actions) if isinstance(a, Bid))
    ex.go(bid_step)
    adv = ex.open_advice()
    state = ex.line.states[bid_step]
    assert adv.state is state and adv.kind == "conflict"
    if len(state.conflict.remaining) == 2:
        assert adv.advice is not None and set(adv.advice.participants) == set(state.conflict.remaining)
    side_step = next(k for k, a in enumerate(ex.line.actions) if isinstance(a, JoinSide))
    ex.go(side_step)
    assert adv.state is ex.line.states[side_step] and adv.kind == "rebellion" and adv.advice is not None
    ex.go(0)
    assert adv.kind == "" and adv.advice is None and "sealed choices" in adv.head.value


def test_a_closed_advice_section_does_not_follow():
    ex = Explorer(SHOWCASE)
    adv = ex.open_advice()
    first = adv.state
    ex.advice_section.selected_index = None
    ex.go(5)
    assert adv.state is first
    ex.advice_section.selected_index = 0                          # opened again: catches up at once
    assert adv.state is ex.line.states[5]
