"""Advice to the seat to act in Ehre der Samurai: what each attack it may declare now is worth
(:func:`lotus_kit.samurai.analysis.attack_or_not`), shown by the explorer's advice section."""

from __future__ import annotations

from typing import Any

from lotus_kit.samurai.actions import Attack
from lotus_kit.ui.advice import SeatAdvice


class AttackAdvice(SeatAdvice):
    """Attack or not: the exact chance to win the battle (SAM-BAT-1..3), the chance a Save Face card
    spares the defender (SAM-CLAR-11), and what is at stake in honor over three turns."""

    title = "Advice: attack or not (battle odds)"
    intro = "What an attack is worth now; a Save Face card is counted by its chance from the attacker's view."

    def why_not(self, game: Any, state: Any) -> str | None:
        over = super().why_not(game, state)
        if over:
            return over
        if not any(isinstance(a, Attack) for a in game.legal_actions(state)):
            return "No attack can be declared at this step (SAM-DEC-4): step to a turn where one can."
        return None

    def advise(self, game: Any, state: Any, seat: int) -> str:
        from lotus_kit.samurai.analysis import attack_or_not

        name = game.info.seat_name
        rows = []
        for target in sorted({a.target for a in game.legal_actions(state, seat) if isinstance(a, Attack)}):
            r = attack_or_not(state, seat, target)
            rows.append((r["value"], f"attack {name(target)}: {r['p_win']:.0%} to win the battle "
                                     f"(dice {r['attacker_dice']} against {r['defender_dice']}, SAM-BAT-2), "
                                     f"{r['p_defender_saved']:.0%} that Save Face spares {name(target)}; worth "
                                     f"{r['value']:+.1f} honor over three turns: {r['advice']}."))
        if not rows:
            return "no attack to declare now."
        rows.sort(key=lambda r: -r[0])
        return "\n".join(text for _v, text in rows)
