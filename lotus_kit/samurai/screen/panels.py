"""The phase panels of Ehre der Samurai at the shared table (:class:`lotus_kit.ui.panel.Panel`).

- :class:`TurnPanel` (``card_action``): the honor collected in phase 1 with its breakdown, the card
  actions Ki allows and how many are left, the hand as cards to press (then the house, the player or
  the theft it goes to), draw, discard, the declarations (Shogun, attack with the battle odds, ally,
  break the alliance) and the end of the turn;
- :class:`BattlePanel` (``save_face``, ``castle_choice``): the dice and totals of the battle, then the
  Save Face window of the player asked (out of turn) or the winner's castle choice;
- :class:`AnswerPanel` (``dishonor_answer``, ``second_theft``, ``alliance_answer``);
- :class:`OverPanel` (``game_over``): the winner and every player's honor.

Every choice a panel offers is computed from ``observation(state, seat)`` of the seat it acts for:
its own hand and what lies open on the table. A choice the rules forbid is still offered where a
player could think of it (a house of another player, a declaration out of place): pressing it
changes nothing and says why in one line with the rule id (the engine's own refusal).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from lotus_kit.samurai import actions as A
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.odds import attacker_wins
from lotus_kit.samurai.screen.colors import SEAT_COLORS, SEAT_TEXT
from lotus_kit.samurai.state import SEAT_NAMES, State
from lotus_kit.ui.cards import CardHand
from lotus_kit.ui.panel import Panel
from lotus_kit.ui.phases.text import box, linkify, seat_html
from lotus_kit.ui.table import close_tree

__all__ = ["AnswerPanel", "BattlePanel", "OverPanel", "SamuraiPanel", "TurnPanel", "battle_html", "die_svg",
           "income_parts"]

HOUSES = (("daimyo", "Daimyo house"), ("samurai", "Samurai house"))
# where the pips of each face lie on a 3 x 3 grid (column, row)
PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
        5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2))}


def income_parts(state: State, seat: int) -> tuple[list[tuple[str, int]], str]:
    """What ``seat`` gains in phase 1 of ``state`` (SAM-HON-1..3), part by part, and the rule that
    adds them up: a Daimyo owner keeps his houses' honor and the Shogun card's; a Ronin with an ally
    gets half (rounded up) of his Samurai house and his ally's Daimyo house; a lone Ronin nothing."""
    shogun = C.shogun_honor(state.players)
    if not state.is_ronin(seat):
        parts = [("Daimyo house", state.house(seat, "daimyo").honor - (shogun if state.shogun_holder == seat else 0)),
                 ("Samurai house", state.house(seat, "samurai").honor)]
        if state.shogun_holder == seat:
            parts.append(("Shogun card", shogun))
        return parts, "SAM-HON-1"
    ally = state.allies[seat]
    if ally is None:
        return [], "SAM-HON-3"
    return [("Samurai house", state.house(seat, "samurai").honor),
            (f"{SEAT_NAMES[ally]}'s Daimyo house", state.house(ally, "daimyo").honor)], "SAM-HON-2"


def die_svg(pip: int, colour: str, size: int = 46) -> str:
    """One die drawn with its pips, large enough to read on a projector; its border in the seat's
    colour. The number is its ``aria-label`` (the pips are the picture of it)."""
    r = size * 0.085
    dots = "".join(f'<circle cx="{size * (0.27 + 0.23 * x):.1f}" cy="{size * (0.27 + 0.23 * y):.1f}" r="{r:.1f}" '
                   f'fill="#222"/>' for x, y in PIPS[pip])
    return (f'<svg class="lotus-die" role="img" aria-label="{pip}" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}" style="margin:2px;vertical-align:middle">'
            f'<rect x="2" y="2" width="{size - 4}" height="{size - 4}" rx="{size * 0.18:.0f}" fill="white" '
            f'stroke="{colour}" stroke-width="3"/>{dots}</svg>')


def battle_html(state: State) -> str:
    """The last battle of ``state`` as dice and totals (SAM-BAT-2, SAM-BAT-3, SAM-CLAR-12): both
    sides' deciding roll drawn as dice, their sums in large figures, how many equal totals were
    rerolled, who won (his row tinted)."""
    b = state.last_battle
    if b is None:
        return ""
    rows = []
    for side in ("attacker", "defender"):
        who, dice = b[side], b[f"{side}_dice"]
        won = who == b["winner"]
        faces = "".join(die_svg(d, SEAT_COLORS[who]) for d in dice) or "<i>no dice</i>"
        tint = "background:#eaf5e4;" if won else ""
        rows.append(f'<tr style="{tint}"><td style="padding:4px 8px">{seat_html(who, SEAT_NAMES[who], SEAT_TEXT[who])}'
                    f' ({side})</td><td style="padding:4px 8px;min-width:{6 * 50}px">{faces}</td>'
                    f'<td style="padding:4px 8px;font-size:20px">{" + ".join(map(str, dice)) or "0"} = '
                    f'<b style="font-size:26px">{sum(dice)}</b>{" ✔ <b>wins</b>" if won else ""}</td></tr>')
    rr = b["rerolls"]
    again = ""
    if rr:                                   # the tied rolls themselves are not kept, only their number
        ties = f"{rr} equal total{'s' if rr > 1 else ''} rerolled"
        again = (f'<div class="lotus-samurai-reroll" style="font-size:16px;margin:4px 0">↻ <b>{_words(ties)}</b> '
                 f'{_words("before this roll (SAM-BAT-3).")}</div>')
    na = len(b["attacker_dice"])
    head = (f"{SEAT_NAMES[b['attacker']]} attacks {SEAT_NAMES[b['defender']]} with "
            f"{na} {'die' if na == 1 else 'dice'} against {len(b['defender_dice'])} (SAM-BAT-2).")
    return (f'<div class="lotus-samurai-battle"><b>Battle</b>: {_words(head)}{again}'
            f'<table style="border-collapse:collapse">{"".join(rows)}</table></div>')


NAMES_IN_COLOUR = tuple(zip(SEAT_NAMES, SEAT_TEXT, strict=True))


def _words(text: str, names: bool = True) -> str:
    """A line of the panel as HTML: seat names in colour, rule ids marked (their text is in the
    panel's heading, one click away)."""
    return linkify(text, names=names, tips=False, colours=NAMES_IN_COLOUR)


def _button(label: str, on_click: Callable[[], Any], *, legal: bool = True, tip: str = "") -> widgets.Button:
    b = widgets.Button(description=label, button_style="success" if legal else "",
                       tooltip=tip or ("" if legal else "not allowed now: press to see the rule"),
                       layout=widgets.Layout(width="auto", margin="2px"))
    b.on_click(lambda _b: on_click())
    return b


def _replace(box: widgets.Box, children: Sequence[widgets.Widget]) -> None:
    """Show ``children`` in ``box`` and close the widgets they replace: a closed widget leaves the
    browser (made per refresh, they would pile up in the page)."""
    old = [c for c in box.children if c not in children]
    box.children = tuple(children)
    for widget in old:
        close_tree(widget)


def _row(children: Sequence[widgets.Widget]) -> widgets.HBox:
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap"))


class SamuraiPanel(Panel):
    """What the Samurai panels share: the seat's view (its observation), its legal actions from that
    view, buttons that act or show the engine's refusal, and :meth:`choose` for scripts and tests."""

    phase = "samurai"

    def view(self, state: State, seat: int) -> State:
        """The state as ``seat`` may know it: every choice a panel offers is computed from this."""
        return self.session.game.observation(state, seat)

    def legal_codes(self, view: State, seat: int) -> set[int]:
        return {a.code for a in self.session.game.legal_actions(view, seat)}

    def press(self, action: A.Action) -> bool:
        """Play ``action`` for the acting seat: done, or refused with the rule id and nothing changed."""
        if self.clicker() is None:
            return False
        return self.act(action)

    def choose(self, words: str) -> bool:
        """Play the legal action of the acting seat described by ``words`` (``game.describe``)."""
        seat = self.clicker()
        if seat is None:
            return False
        game, state = self.session.game, self.session.state
        for action in game.legal_actions(self.view(state, seat), seat):
            if game.describe(action, state) == words:
                return self.act(action)
        self.refuse(f"{words!r} is not a legal choice now.")
        return False

    def _choices(self, state: State, seat: int, actions: Sequence[tuple[str, A.Action]]) -> widgets.HBox:
        """One button per ``(label, action)``, green where legal for ``seat`` now."""
        legal = self.legal_codes(self.view(state, seat), seat)
        return _row([_button(label, lambda a=a: self.press(a), legal=a.code in legal) for label, a in actions])


class TurnPanel(SamuraiPanel):
    """Phase 1 to 3 of the active player's turn (SAM-TURN-1)."""

    phase = "samurai-turn"
    kinds = ("card_action",)
    title = "Your turn"
    rules = ("SAM-TURN-1", "SAM-HON-1", "SAM-KI-2", "SAM-KI-3", "SAM-DEC-1")

    def _build(self) -> list[widgets.Widget]:
        self.hand = CardHand("<b>Your hand</b>: press a card to play it", style="info", single=True,
                             label=lambda k: C.words(k), tip=_card_tip, total=lambda _v, _s: "")
        self.hand.on_change(lambda _sel: self._show_targets())
        self.targets = widgets.VBox()
        self.draw_button = _button("Draw a card", lambda: self._do(lambda s: A.Draw(s)),
                                   tip="a card action: the top card of the deck (SAM-KI-3a)")
        self.end_button = _button("End the turn", lambda: self._do(lambda s: A.EndTurn(s)),
                                  tip="phase 3: the player on the left begins (SAM-TURN-1)")
        self.declarations = widgets.VBox()
        self.controls.children = (self.hand, self.targets, _row([self.draw_button]), self.declarations,
                                  _row([self.end_button]))
        self._state: State | None = None
        self._seat_now: int | None = None
        return []

    def _do(self, make: Callable[[int], A.Action]) -> bool:
        seat = self.clicker()
        return False if seat is None else self.act(make(seat))

    # -- public: phase 1 and the Ki --------------------------------------------------------------------
    def _turn_start(self, state: State) -> State:
        """The state at the start of this turn's phase 2: its houses gave the phase 1 honor."""
        states = self.session.states
        k = len(states) - 1
        while k > 0 and states[k - 1].turn == state.turn and states[k - 1].active == state.active:
            k -= 1
        return states[k]

    def _status(self, state: State) -> str:
        p = state.active
        start = self._turn_start(state)
        parts, rule = income_parts(start, p)
        gained = start.income(p)
        if parts:
            detail = " + ".join(f"{escape(what)} {v}" for what, v in parts)
            how = f" = ⌈({detail}) / 2⌉" if rule == "SAM-HON-2" else f" = {detail}"
        else:
            how = ": a Ronin without an ally collects nothing"
        rule_html = _words(f"({rule})", names=False)
        if start[E.LAST_INCOME] == gained:
            honor = (f"{seat_html(p, SEAT_NAMES[p], SEAT_TEXT[p])} collected <b>{gained:+d}</b> honor in phase 1{how} "
                     f"{rule_html}, "
                     f"now <b>{state.honor[p]}</b> of {state.rules.target_honor}.")
        else:                       # a position set up in phase 2: its phase 1 was not played here
            honor = (f"{seat_html(p, SEAT_NAMES[p], SEAT_TEXT[p])} has <b>{state.honor[p]}</b> honor of "
                     f"{state.rules.target_honor}; a phase 1 now would pay <b>{gained:+d}</b>{how} {rule_html}.")
        ki = state.ki(p)
        allowed = E.allowed_actions(state, p)
        left = state.actions_left
        actions = (f"Ki <b>{ki}</b>: {allowed} card action{'s' if allowed != 1 else ''} this turn "
                   f"{_words('(SAM-KI-2)', names=False)}; {state.actions_used} used, <b>{left} left</b>.")
        declared = ""
        if state.shogun_duty:
            declared = box(_words("With 100 honor, a Daimyo and the Shogun card free, the Shogun must be "
                                   "declared before anything else ends the turn (SAM-DEC-3)."), "warn")
        elif state.declared:
            declared = f"<div>{_words('The declaration of this turn is made (SAM-DEC-1).', names=False)}</div>"
        return f'<div class="lotus-samurai-honor">{honor}</div><div class="lotus-samurai-ki">{actions}</div>{declared}'

    def _outcome(self, state: State) -> str:
        """The battle of this turn, when there was one (its dice and totals)."""
        start = len(self.session.states) - 1
        while start > 0 and self.session.states[start - 1].turn == state.turn:
            start -= 1
        fought = any(isinstance(a, A.Attack) for a in self.session.actions[start:])
        return battle_html(state) if fought else ""

    # -- the acting seat's choices (from its observation) -----------------------------------------------
    def _controls(self, state: State, seat: int) -> None:
        view = self.view(state, seat)
        self._state, self._seat_now = view, seat
        self.hand.set_cards([C.KIND[name] for name in view.hand(seat)])
        legal = self.legal_codes(view, seat)
        self.draw_button.button_style = "success" if A.Draw(seat).code in legal else ""
        self.end_button.button_style = "primary" if A.EndTurn(seat).code in legal else ""
        _replace(self.declarations, self._declarations(view, seat, legal))
        self._show_targets()

    def _show_targets(self) -> None:
        view, seat = self._state, self._seat_now
        picked = self.hand.selected
        if view is None or seat is None or not picked:
            _replace(self.targets, (widgets.HTML("<i>Press a card of your hand to see where it can go.</i>"),))
            return
        kind = picked[0]
        rows: list[widgets.Widget] = [widgets.HTML(f"<b>{escape(C.words(kind))}</b>: {self._card_rule(kind)}")]
        legal = self.legal_codes(view, seat)
        name = C.NAMES[kind]
        n = view.players
        buttons: list[widgets.Widget] = []
        if kind in C.DAIMYOS:
            label = "Replace your Daimyo" if not view.is_ronin(seat) else "Found your Daimyo house"
            buttons.append(self._act_button(label, A.Play(seat, name, seat, "daimyo"), legal))
        elif kind == C.DISHONOR:
            buttons += [self._act_button(f"Dishonor {SEAT_NAMES[o]}", A.Dishonor(seat, o), legal)
                        for o in range(n) if o != seat]
        elif kind == C.NINJA_ASSASSIN:
            for o in range(n):
                for house in ("daimyo", "samurai"):
                    if house == "daimyo" and view.is_ronin(o):
                        continue
                    head = "Daimyo" if house == "daimyo" else ("Samurai" if not view.is_ronin(o) else "Ronin")
                    who = "your" if o == seat else f"{SEAT_NAMES[o]}'s"
                    buttons.append(self._act_button(f"Assassin on {who} {head}", A.Assassin(seat, o, house), legal))
        elif kind in (C.NINJA_THIEF, C.ELITE_NINJA_THIEF):
            game = self.session.game
            thefts = [a for a in game.legal_actions(view, seat) if isinstance(a, A.Thief) and a.card == name]
            if thefts:
                pick = widgets.Dropdown(options=[(game.describe(a, view), k) for k, a in enumerate(thefts)],
                                        value=0, layout=widgets.Layout(width="auto", max_width="100%"))
                buttons += [pick, _button("Steal", lambda: self.press(thefts[pick.value]))]
            else:
                rows.append(widgets.HTML(_words("Nothing on the table can be stolen into a house of yours now "
                                                 "(SAM-CLAR-7).")))
        elif kind == C.SAVE_FACE:
            rows.append(widgets.HTML(_words("Save Face is no card action: it answers Dishonor or a lost battle, "
                                             "when the game asks you (SAM-CLAR-11).")))
        else:
            for o in range(n):
                for house, words in HOUSES:
                    if house == "daimyo" and view.is_ronin(o):
                        continue                      # no Daimyo house there to play into
                    who = "your" if o == seat else f"{SEAT_NAMES[o]}'s"
                    buttons.append(self._act_button(f"into {who} {words}", A.Play(seat, name, o, house), legal))
        buttons.append(_button("Discard it", lambda: self.press(A.Discard(seat, name)),
                               legal=A.Discard(seat, name).code in legal,
                               tip="a card action: the card goes to the discard pile (SAM-KI-3b)"))
        rows.append(_row(buttons))
        _replace(self.targets, rows)

    def _act_button(self, label: str, action: A.Action, legal: set[int]) -> widgets.Button:
        return _button(label, lambda: self.press(action), legal=action.code in legal)

    @staticmethod
    def _card_rule(kind: int) -> str:
        if kind in C.DAIMYOS:
            return _words("a Ronin founds his Daimyo house with it (SAM-PLAY-3).", names=False)
        if kind == C.DISHONOR:
            return _words("two card actions; the target pays 75, plays Save Face or commits Seppuku (SAM-EVT-3).",
                           names=False)
        if kind == C.NINJA_ASSASSIN:
            return _words("25 honor; the die must show 3 or more, 5 or more against a Bodyguard (SAM-EVT-9).",
                           names=False)
        if kind in (C.NINJA_THIEF, C.ELITE_NINJA_THIEF):
            return _words("steals a possession or a castle into a house of yours (SAM-EVT-7, SAM-CLAR-7).",
                           names=False)
        if kind == C.SAVE_FACE:
            return ""
        return _words("into a house you may use, green (SAM-PLAY-1, SAM-ALLY-4).", names=False)

    def _declarations(self, view: State, seat: int, legal: set[int]) -> tuple[widgets.Widget, ...]:
        n = view.players
        buttons: list[widgets.Widget] = []
        if not view.is_ronin(seat):
            buttons.append(self._act_button("Declare Shogun", A.DeclareShogun(seat), legal))
            mine = E.dice(view.strength(seat, False))
            for o in range(n):
                if o == seat:
                    continue
                theirs = E.dice(view.strength(o, True))
                chance = attacker_wins(mine, theirs)
                b = self._act_button(f"Attack {SEAT_NAMES[o]} ({mine}:{theirs} dice, {float(chance):.0%})",
                                     A.Attack(seat, o), legal)
                b.tooltip = (f"{mine} dice against {theirs} (SAM-BAT-2): you win {float(chance):.0%} of such "
                             "battles, equal totals rerolled (SAM-BAT-3); only the Shogun or a castle "
                             "may be attacked (SAM-DEC-4)")
                buttons.append(b)
        else:
            buttons += [self._act_button(f"Ally with {SEAT_NAMES[o]}", A.Ally(seat, o), legal)
                        for o in range(n) if o != seat and not view.is_ronin(o)]
        if view.allies[seat] is not None:
            buttons.append(self._act_button("Break the alliance (25 honor)", A.BreakAlliance(seat), legal))
        head = widgets.HTML(f"<b>Declaration</b> {_words('(one a turn, SAM-DEC-1)', names=False)}:")
        return (head, _row(buttons))


def _card_tip(kind: int) -> str:
    return f"{C.GERMAN[kind]}: honor {C.H[kind]}, Ki {C.K[kind]}, strength {C.S[kind]}" \
        if kind < C.BODYGUARD else C.GERMAN[kind]


class BattlePanel(SamuraiPanel):
    """A battle's dice and totals, then the Save Face window (SAM-CLAR-11) or the castle (SAM-BAT-5)."""

    phase = "samurai-battle"
    kinds = ("save_face", "castle_choice")
    title = "Battle"
    rules = ("SAM-BAT-3", "SAM-CLAR-11", "SAM-CLAR-12")

    def _status(self, state: State) -> str:
        text = self.session.decision_text()
        return battle_html(state) + f"<div>{_words(text[:1].upper() + text[1:] + '.')}</div>"

    def _controls(self, state: State, seat: int) -> None:
        if state.mode == "save_face":
            loser = state[E.C3]
            n_sf = self.view(state, seat).hand(seat).count("SAVE_FACE")
            _replace(self.controls, (
                widgets.HTML(_words(f"You hold {n_sf} Save Face card{'s' if n_sf != 1 else ''}: play one and "
                                     f"{SEAT_NAMES[loser]} keeps the Daimyo house (SAM-EVT-5, SAM-CLAR-11).")),
                self._choices(state, seat, [(f"Play Save Face for {SEAT_NAMES[loser]}", A.SaveFace(seat)),
                                            ("Pass", A.Pass(seat))])))
        else:
            loser = SEAT_NAMES[state[E.C3]]
            _replace(self.controls, (self._choices(state, seat, [
                (f"Leave {loser}'s castle", A.CastleChoice(seat, "leave")),
                (f"Take {loser}'s castle", A.CastleChoice(seat, "take")),
                ("Keep my castle, discard theirs", A.CastleChoice(seat, "keep_own")),
                ("Take theirs, discard mine", A.CastleChoice(seat, "swap"))]),))


class AnswerPanel(SamuraiPanel):
    """Answers out of turn: to Dishonor (SAM-EVT-3), the Elite thief's second theft (SAM-CLAR-7), an
    alliance offer (SAM-CLAR-13)."""

    phase = "samurai-answer"
    kinds = ("dishonor_answer", "second_theft", "alliance_answer")
    title = "Answer"
    rules = ("SAM-EVT-3", "SAM-CLAR-10", "SAM-CLAR-7", "SAM-CLAR-13")

    def _status(self, state: State) -> str:
        text = self.session.decision_text()
        return _words(text[:1].upper() + text[1:] + ".")

    def _controls(self, state: State, seat: int) -> None:
        game = self.session.game
        if state.mode == "dishonor_answer":
            options = [("Pay 75 honor", A.PayHonor(seat)), ("Save Face (lose 30)", A.SaveFace(seat)),
                       ("Seppuku with the Daimyo", A.Seppuku(seat, "daimyo")),
                       ("Seppuku with the Samurai", A.Seppuku(seat, "samurai"))]
        else:
            options = [(game.describe(a, state), a) for a in game.legal_actions(self.view(state, seat), seat)]
        _replace(self.controls, (self._choices(state, seat, options),))


class OverPanel(SamuraiPanel):
    """The end (SAM-END-1): who won and every player's honor."""

    phase = "samurai-over"
    kinds = ("game_over",)
    title = "The end"
    rules = ("SAM-END-1",)

    def _status(self, state: State) -> str:
        if not state.is_over:
            return "<i>The game is not over yet.</i>"
        won = ", ".join(SEAT_NAMES[s] for s in sorted(state.winners))
        if state.end_rule == "SAM-END-1":
            why = f"{won} won: {state.rules.target_honor} honor reached (SAM-END-1)."
        elif won:
            why = f"{won} won: the deck ran out with no Daimyo left to play, so the most honor wins (SAM-CLAR-17)."
        else:
            why = "Nobody won: the game stopped at the round limit (SAM-CLAR-17)."
        rows = "".join(f"<tr><td>{seat_html(p, SEAT_NAMES[p], SEAT_TEXT[p])}{' ★' if p in state.winners else ''}</td>"
                       f"<td style='text-align:right'><b>{state.honor[p]}</b></td></tr>"
                       for p in sorted(range(state.players), key=lambda p: -state.honor[p]))
        return (f"<div>{_words(why)}</div>"
                f"<table>{rows}</table>")
