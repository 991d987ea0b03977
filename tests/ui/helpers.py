"""Drive the widgets as a person would: press buttons, set values, click provinces on the board."""

from __future__ import annotations

import random

from lotus_kit.ui.phases import ConflictsPanel, IncomePanel, RebellionPanel, TerritoriesPanel
from lotus_kit.ui.table import GameTable


def shown(widget) -> bool:
    return widget.layout.display != "none"


def ok(panel) -> bool:
    return "lotus-ok" in panel.feedback.value


def decide(panel, rng: random.Random, board=None) -> str:
    """Make the decision the panel offers now through its widgets; returns what was done."""
    phase = panel.phase
    assert shown(panel.controls), f"phase {phase} panel offers no decision: {panel.status.value}"
    if phase == 1:
        options = [v for _, v in panel.province.options]
        if shown(panel.pass_button) and (not options or rng.random() < 0.3):
            panel.pass_button.click()
            return "pass"
        pid = rng.choice(options)
        if board is not None and rng.random() < 0.5:
            board.click(pid)                       # the same message a browser click sends
        else:
            panel.province.value = pid
            panel.place_button.click()
        return f"claim {pid}"
    if phase == 2:
        p: ConflictsPanel = panel
        if shown(p.choose_box):
            pid = rng.choice([v for _, v in p.province.options])
            if board is not None and rng.random() < 0.5:
                board.click(pid)
            else:
                p.province.value = pid
                p.choose_button.click()
            return f"resolve {pid}"
        if shown(p.bid_box):
            p.target.value = rng.choice([v for _, v in p.target.options])
            cards = p.cards.cards
            p.cards.select(rng.sample(cards, rng.randint(0, min(3, len(cards)))))
            p.bid_button.click()
            return "bid"
        if shown(p.tie_box):
            p.tied.value = rng.choice([v for _, v in p.tied.options])
            p.tie_button.click()
            return "tie"
        assert shown(p.refund_box)
        p.refund.value = rng.choice([v for _, v in p.refund.options])
        p.refund_button.click()
        return "refund"
    if phase == 4:
        p: RebellionPanel = panel
        if shown(p.ask_box):
            (p.lead_button if rng.random() < 0.6 else p.decline_button).click()
            return "asked"
        if shown(p.side_box):
            if p.side.value is None:
                p.side.value = rng.choice([v for _, v in p.side.options])
            cards = p.combat.cards
            p.combat.select(rng.sample(cards, rng.randint(0, len(cards))))
            p.join_button.click()
            return "side"
        assert shown(p.reward_box)
        options = [v for _, v in p.reward.options]
        if options and rng.random() < 0.8:
            if board is not None and rng.random() < 0.5:
                board.click(options[0])
            else:
                p.reward.value = options[0]
                p.take_button.click()
            return "reward"
        p.vp_button.click()
        return "vp"
    if phase == 5:
        p: IncomePanel = panel
        p.palaces.value = rng.randint(0, p.palaces.max)
        p.take_button.click()
        return "income"
    if phase == 6:
        p: TerritoriesPanel = panel
        if shown(p.temple_box):
            (p.draw_button if rng.random() < 0.7 else p.stop_button).click()
            return "temple"
        pid = rng.choice([v for _, v in p.province.options])
        if board is not None and rng.random() < 0.5:
            board.click(pid)
        else:
            p.province.value = pid
            p.place_button.click()
        return f"chip {pid}"
    raise AssertionError(f"no decision in phase {phase}")


def table_step(table: GameTable, rng: random.Random) -> str:
    """One step at the table: continue past a held outcome, take the screen, or decide."""
    if shown(table.banner_box):
        table.continue_button.click()
        return "continue"
    if shown(table.curtain):
        assert "Pass the screen to" in table.curtain_text.value
        table.curtain_button.click()
        return "screen"
    phase = int(table.session.state.phase)
    panel = table.panels[phase]
    assert panel in table.panel_box.children, (phase, table.view_phase)
    before = len(table.session.actions)
    what = decide(panel, rng, table.board)
    assert len(table.session.actions) > before, (what, panel.feedback.value, table.message.value)
    return what
