"""The phase panels of Ming Dynastie: one per phase of a round (MING-RND-1), each asking the acting
seat for its decision with buttons, cards and clicks on the board.

- :class:`SetupPanel`: princes into districts (MING-SET-5), neutral pieces in the 2-player game (MING-TWO-2);
- :class:`SpacesPanel`: phase 1, a family member onto a province space (MING-PH1-2);
- :class:`CardsPanel`: phase 2, a displayed card or a dragon (MING-PH2-2);
- :class:`PrincePanel`: phase 3, press movement cards then click the destination district or a border
  of the prince's district (MING-PH3-2, MING-CLAR-7), stay or pass; then deploy (MING-DEP-1..4);
- :class:`ScoringPanel`: phase 4, the sealed return cards (MING-CLAR-11) and where returned pieces
  come from, with the scoring breakdown (districts, cities, bonuses, cloisters, each with its rule);
- :class:`StartPanel`: phase 5 of the 4-player game, naming the next start player (MING-CLAR-15);
- :class:`ScorePanel`: the score track and the breakdown of every scoring after rounds 2, 4 and 6.

A click the rules do not allow answers with one line naming the rule and changes nothing (the
engine's refusal, or the panel's own when the click is not even the right kind of place).
Everything a panel shows comes from ``observation(state, seat)`` of the seat it acts for, or from
public facts (the board, scores, revealed choices).
"""

from __future__ import annotations

from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

from lotus_kit.ming.actions import (
    ChooseReturn,
    Deploy,
    Move,
    Pass,
    PlaceMember,
    PlaceNeutral,
    PlacePrince,
    Stay,
    TakeCard,
    TakeDragon,
)
from lotus_kit.ming.screen.board import COLOUR_FILL, COLOUR_TEXT, LETTER
from lotus_kit.ming.screen.events import ReturnsRevealed, Scored, scoring_events
from lotus_kit.ming.state import RETURN_CARDS, SEAT_NAMES
from lotus_kit.ui.cards import CardHand
from lotus_kit.ui.panel import Panel
from lotus_kit.ui.phases.text import box, linkify

__all__ = ["CardsPanel", "PrincePanel", "ScorePanel", "ScoringPanel", "SetupPanel", "SpacesPanel", "StartPanel",
           "breakdown_html", "seat_badge"]

SPACE = "space:"


def seat_badge(seat: int) -> str:
    """A seat as a chip with its letter and name: seats differ by letter and word, not colour alone."""
    name = SEAT_NAMES[seat]
    return (f'<span style="display:inline-block;min-width:16px;padding:0 4px;border:1px solid #333;'
            f'border-radius:8px;background:{COLOUR_FILL[name]};color:{COLOUR_TEXT[name]};font-weight:bold;'
            f'text-align:center">{LETTER[name]}</span> <b>{escape(name)}</b>')


def _button(text: str, style: str = "", tip: str = "") -> widgets.Button:
    return widgets.Button(description=text, button_style=style, tooltip=tip or text,
                          layout=widgets.Layout(width="auto", margin="2px"))


class MingPanel(Panel):
    """What every Ming panel shares: the seat it acts for, clicks on the board named in words, and
    acting through the session (an illegal action is refused with its rule and changes nothing)."""

    intro: ClassVar[str] = ""

    @property
    def game(self) -> Any:
        return self.session.game

    def legal(self, seat: int) -> list[Any]:
        return self.session.legal(seat)

    def _spot_name(self, spot: str) -> str:
        if spot.startswith(SPACE):
            return f"the {spot[len(SPACE):]} province space"
        if "~" in spot:
            a, b = spot.split("~")
            return f"the border {a}–{b} ({self.session.state.board.transport_of(a, b)})"
        return f"district {spot}"

    def _status(self, state: Any) -> str:
        text = self.session.decision_text()
        return linkify(text[:1].upper() + text[1:] + ".") if text else ""

    def province_clicked(self, spot: str) -> None:
        seat = self.clicker()
        if seat is None:
            return
        if seat < 0 or seat not in self.session.to_act():
            self.refuse(f"{self._spot_name(spot)}: not your decision now; {self.session.decision_text()}.")
            return
        if not self.is_current():
            self.refuse(f"{self._spot_name(spot)}: {self.session.decision_text()}.")
            return
        self.spot(self.session.state, seat, spot)

    def spot(self, state: Any, seat: int, spot: str) -> None:
        """A board click during this panel's decision (override where the decision is on the board)."""
        self.refuse(f"{self._spot_name(spot)}: there is nothing to choose on the board now; "
                    f"{self.session.decision_text()}.")

    def wrong_place(self, spot: str, rule: str, words: str) -> None:
        self.refuse(f"{rule}: {self._spot_name(spot)} — {words}. Nothing changed.")


class SetupPanel(MingPanel):
    """MING-SET-5: each player puts his prince into a district without one; MING-TWO-2: in the
    2-player game, neutral pieces into any district. Click the district or pick it here."""

    phase = "ming-setup"
    kinds = ("place_prince", "place_neutral")
    title = "Setting up: princes"
    rules = ("MING-SET-5", "MING-CLAR-2", "MING-TWO-2")

    def _build(self) -> list[widgets.Widget]:
        self.where = widgets.Dropdown(description="District", options=[], layout=widgets.Layout(width="220px"))
        self.place = _button("Place here", "primary")
        self.place.on_click(lambda _b: self._place(self.where.value))
        self.controls.children = (widgets.HTML("Click a highlighted district on the board, or pick one:"),
                                  widgets.HBox([self.where, self.place]))
        return []

    def _controls(self, state: Any, seat: int) -> None:
        options = sorted({a.district for a in self.legal(seat)})
        if list(self.where.options) != options:
            self.where.options = options
        self.place.disabled = not options

    def _action(self, seat: int, district: str) -> Any:
        cls = PlacePrince if self.session.decision().kind == "place_prince" else PlaceNeutral
        return cls(seat, district)

    def _place(self, district: str | None) -> None:
        seat = self.deciding()
        if seat is None or district is None:
            self.refuse("Pick a district first.")
            return
        self.act(self._action(seat, district))

    def spot(self, state: Any, seat: int, spot: str) -> None:
        if spot not in state.board.district_names:
            rule = "MING-TWO-2" if state.phase == "place_neutral" else "MING-SET-5"
            self.wrong_place(spot, rule, "a prince (or a neutral piece) goes into a district: click inside one")
            return
        self.act(self._action(seat, spot))


class SpacesPanel(MingPanel):
    """Phase 1 (MING-PH1-2, MING-CLAR-4): one family member at a time onto a province space."""

    phase = "ming-p1"
    kinds = ("phase1",)
    title = "Phase 1 · province spaces"
    rules = ("MING-PH1-1", "MING-PH1-2", "MING-CLAR-4")

    def _build(self) -> list[widgets.Widget]:
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.controls.children = (widgets.HTML("Put a family member on a province space (click it on the board "
                                               "or here); its card is the one you may take in phase 2:"),
                                  self.buttons)
        self._made: tuple[str, ...] = ()
        return []

    def _controls(self, state: Any, seat: int) -> None:
        colours = tuple(a.space for a in self.legal(seat))
        if colours != self._made:
            self._made = colours
            buttons = []
            for c in colours:
                b = _button(f"{c} ({state.display[c]})", tip=f"a family member onto the {c} province space")
                b.on_click(lambda _b, c=c: self._put(c))
                buttons.append(b)
            self.buttons.children = tuple(buttons)

    def _status(self, state: Any) -> str:
        left = ", ".join(f"{seat_badge(s)} {state.in_hand(s)}" for s in range(state.players))
        return super()._status(state) + f"<div>Left to place: {left}</div>"

    def _put(self, colour: str) -> None:
        seat = self.deciding()
        if seat is not None:
            self.act(PlaceMember(seat, colour))

    def spot(self, state: Any, seat: int, spot: str) -> None:
        if not spot.startswith(SPACE):
            self.wrong_place(spot, "MING-PH1-2", "phase 1 puts a family member on a province space, below the map")
            return
        self.act(PlaceMember(seat, spot[len(SPACE):]))


class CardsPanel(MingPanel):
    """Phase 2 (MING-PH2-2, MING-CLAR-5): the card beside a province space holding an own piece, or a
    dragon for one own piece boxed."""

    phase = "ming-p2"
    kinds = ("phase2",)
    title = "Phase 2 · movement cards"
    rules = ("MING-PH2-1", "MING-PH2-2", "MING-CLAR-5")

    def _build(self) -> list[widgets.Widget]:
        self.take_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.dragon_from = widgets.Dropdown(description="Box from", options=[], layout=widgets.Layout(width="220px"))
        self.dragon = _button("Take a dragon", "warning", "MING-PH2-2 (b): a dragon card; one of your family "
                                                          "members on that space goes to the box")
        self.dragon.on_click(lambda _b: self._dragon())
        self.controls.children = (widgets.HTML("Take the card beside a space where you have a family member "
                                               "(click the space or a button), or a dragon (a joker):"),
                                  self.take_box, widgets.HBox([self.dragon_from, self.dragon]))
        self._made: tuple[Any, ...] = ()
        return []

    def _controls(self, state: Any, seat: int) -> None:
        legal = self.legal(seat)
        takes = tuple((a.space, state.display[a.space]) for a in legal if isinstance(a, TakeCard))
        if takes != self._made:
            self._made = takes
            buttons = []
            for space, card in takes:
                b = _button(f"{card} ({space})", "info", f"take the {card} card beside the {space} space")
                b.on_click(lambda _b, space=space: self._take(space))
                buttons.append(b)
            self.take_box.children = tuple(buttons)
        dragons = [a.space for a in legal if isinstance(a, TakeDragon)]
        if list(self.dragon_from.options) != dragons:
            self.dragon_from.options = dragons
        self.dragon.disabled = not dragons

    def _status(self, state: Any) -> str:
        o = self.game.observation(state, None)
        hands = "; ".join(f"{seat_badge(s)} {o['seats'][s]['hand_size']}" for s in range(state.players))
        return super()._status(state) + (f"<div>Cards in hand (at most 5, MING-PH2-1): {hands}; dragons left "
                                         f"{o['dragon_supply']}</div>")

    def _take(self, space: str) -> None:
        seat = self.deciding()
        if seat is not None:
            self.act(TakeCard(seat, space))

    def _dragon(self) -> None:
        seat = self.deciding()
        if seat is not None and self.dragon_from.value:
            self.act(TakeDragon(seat, self.dragon_from.value))

    def spot(self, state: Any, seat: int, spot: str) -> None:
        if not spot.startswith(SPACE):
            self.wrong_place(spot, "MING-PH2-2", "cards are taken beside the province spaces, below the map")
            return
        self.act(TakeCard(seat, spot[len(SPACE):]))


class PrincePanel(MingPanel):
    """Phase 3 (MING-PH3-1..5, MING-CLAR-7/8) and the deployment after a move or stay (MING-DEP-1..4,
    MING-CLAR-9). Press the cards to pay, then click the destination (or a border of the prince's
    district for one step); with no card pressed the cheapest payment is used."""

    phase = "ming-p3"
    kinds = ("phase3", "deploy")
    title = "Phase 3 · princes"
    rules = ("MING-PH3-1", "MING-PH3-2", "MING-PH3-3", "MING-PH3-4", "MING-PH3-5", "MING-CLAR-7", "MING-DEP-1")

    def _build(self) -> list[widgets.Widget]:
        # mark_pressed: a pressed card gets a tick besides its colour (not colour alone)
        self.hand = CardHand("Your cards: press the ones to pay with", style="info", mark_pressed=True,
                             label=self._card_name, tip=lambda v: f"{self._card_name(v)} card")
        self.dest = widgets.Dropdown(description="To", options=[], layout=widgets.Layout(width="200px"))
        self.move_button = _button("Move", "primary", "move the prince, paying the pressed cards (none pressed: "
                                                      "the cheapest way)")
        self.move_button.on_click(lambda _b: self._move_to(self.dest.value))
        self.stay_button = _button("Stay (discard the pressed card)", tip="MING-PH3-4: one card discarded, the "
                                                                          "prince stays; then you may deploy")
        self.stay_button.on_click(lambda _b: self._stay())
        self.pass_button = _button("Pass", "danger", "MING-PH3-5: out for the rest of phase 3")
        self.pass_button.on_click(lambda _b: self._pass())
        self.move_box = widgets.VBox([self.hand, widgets.HBox([self.dest, self.move_button],
                                                              layout=widgets.Layout(flex_flow="row wrap")),
                                      widgets.HBox([self.stay_button, self.pass_button])])
        self.count = widgets.ToggleButtons(options=[0], description="Deploy", style={"button_width": "auto"})
        self.cloister = widgets.Checkbox(value=False, description="one of them into the cloister", indent=False)
        self.deploy_button = _button("Deploy", "primary")
        self.deploy_button.on_click(lambda _b: self._deploy())
        self.deploy_box = widgets.VBox([self.count, self.cloister, self.deploy_button])
        self.controls.children = (self.move_box, self.deploy_box)
        return []

    def _card_name(self, value: int) -> str:
        return self.session.state.table.card_names[value]

    def _controls(self, state: Any, seat: int) -> None:
        legal = self.legal(seat)
        if state.phase == "deploy":
            self.move_box.layout.display, self.deploy_box.layout.display = "none", "flex"
            counts = sorted({a.count for a in legal})
            if list(self.count.options) != counts:
                self.count.options = counts
                self.count.value = counts[-1]
            self.cloister.disabled = not any(a.cloister for a in legal)
            if self.cloister.disabled:
                self.cloister.value = False
            return
        self.move_box.layout.display, self.deploy_box.layout.display = "flex", "none"
        t = state.table
        cards = [t.card_index[name] for name, n in state.hand(seat).items() for _ in range(n)]
        self.hand.set_cards(cards)
        dests = sorted({a.to for a in legal if isinstance(a, Move)})
        if list(self.dest.options) != dests:
            self.dest.options = dests
        self.move_button.disabled = not dests
        self.stay_button.disabled = not any(isinstance(a, Stay) for a in legal)

    def _status(self, state: Any) -> str:
        seat = min(state.to_act_seats) if state.to_act_seats else None
        where = f" {seat_badge(seat)}'s prince stands in <b>{state.prince(seat)}</b>." if seat is not None else ""
        if state.phase == "deploy" and seat is not None:
            colour = state.board.colours[state.board.district_province[state.board.district(state.prince(seat))]]
            where += (f" Family members come from the {colour} province space (MING-DEP-1): "
                      f"{state.spaces(seat)[colour]} there.")
        return super()._status(state) + f"<div>{where}</div>"

    def _pressed(self) -> tuple[str, ...]:
        names = self.session.state.table.card_names
        return tuple(names[v] for v in sorted(self.hand.selected))     # deck order, the dragon last

    def _move_to(self, to: str | None) -> None:
        seat = self.deciding()
        if seat is None or to is None:
            self.refuse("Pick a destination first.")
            return
        self._move(seat, to)

    def _move(self, seat: int, to: str, step: str | None = None) -> None:
        """Move to ``to`` paying the pressed cards, else the cheapest legal payment (a single step across
        a clicked border pays that border's card when held)."""
        pressed = self._pressed()
        if pressed:
            self.act(Move(seat, to, pressed))
            return
        moves = [a for a in self.legal(seat) if isinstance(a, Move) and a.to == to]
        if not moves:
            # the engine says why (a prince there, no cards for the way, ...)
            self.act(Move(seat, to, (step,) if step else ()))
            return
        best = min(moves, key=lambda a: (len(a.cards), a.cards.count("DRAGON"), a.cards != (step,)))
        self.act(best)

    def _stay(self) -> None:
        seat = self.deciding()
        if seat is None:
            return
        pressed = self._pressed()
        if len(pressed) != 1:
            self.refuse("MING-PH3-4: to stay, press exactly one card to discard.")
            return
        self.act(Stay(seat, pressed[0]))

    def _pass(self) -> None:
        seat = self.deciding()
        if seat is not None:
            self.act(Pass(seat))

    def _deploy(self) -> None:
        seat = self.deciding()
        if seat is not None:
            self.act(Deploy(seat, int(self.count.value or 0), bool(self.cloister.value) and bool(self.count.value)))

    def spot(self, state: Any, seat: int, spot: str) -> None:
        here = state.prince(seat)
        if state.phase == "deploy":
            self.wrong_place(spot, "MING-DEP-1", f"family members go only into {here}, where your prince stands: "
                                                 "choose how many below")
            return
        if spot.startswith(SPACE):
            self.wrong_place(spot, "MING-PH3-2", "the prince moves between districts: click a district or a border")
            return
        if "~" in spot:
            a, b = spot.split("~")
            if here not in (a, b):
                self.wrong_place(spot, "MING-PH3-2", f"a step crosses a border of {here}, where your prince stands")
                return
            to = b if a == here else a
            self._move(seat, to, state.board.transport_of(a, b))
            return
        if spot == here:
            self.wrong_place(spot, "MING-CLAR-7", "your prince is already there: to stay, press one card and "
                                                  "“Stay” (MING-PH3-4)")
            return
        self._move(seat, spot)


class ScoringPanel(MingPanel):
    """Phase 4 (after rounds 2, 4, 6): the districts fill their houses by majority, then each city in
    turn: every player with pieces there chooses return cards in secret (MING-CLAR-11), all are
    revealed together, returned pieces go back to their districts, the rest score and leave; then
    the cloisters. The breakdown below lists every line with its rule."""

    phase = "ming-p4"
    kinds = ("choose_return", "split_return", "exchange_sets")
    title = "Phase 4 · scoring"
    rules = ("MING-SCORE-1", "MING-SCORE-4", "MING-SCORE-5", "MING-SCORE-6", "MING-SCORE-8", "MING-CLAR-11")

    def _build(self) -> list[widgets.Widget]:
        self.cards = CardHand("Your return cards (sealed: nobody sees them until all have chosen, MING-CLAR-11)",
                              style="warning", label=str, tip=lambda v: f"return card {v}", fresh=True,
                              total=self._total, mark_pressed=True)
        self.commit = _button("Play the pressed return cards (sealed)", "warning", "MING-SCORE-4")
        self.commit.on_click(lambda _b: self._commit())
        self.return_box = widgets.VBox([self.cards, self.commit])
        self.split = widgets.Dropdown(description="From", options=[], layout=widgets.Layout(width="auto"))
        self.split_button = _button("Return these", "primary")
        self.split_button.on_click(lambda _b: self._split())
        self.split_box = widgets.VBox([widgets.HTML("Which houses do your returned pieces leave? (T, L, R "
                                                    "districts of the city, MING-CLAR-11)"),
                                       widgets.HBox([self.split, self.split_button])])
        self.exchange = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.controls.children = (self.return_box, self.split_box, self.exchange)
        self._pieces = 0
        return []

    def _total(self, values: tuple[int, ...], selected: tuple[int, ...]) -> str:
        if not selected:
            return "Pressed: <i>none</i> (press 0 alone to keep every piece in the city)"
        n = sum(selected)
        pieces = f"{self._pieces} piece{'s' if self._pieces != 1 else ''}"
        if n > self._pieces:
            return (f"Pressed: {' + '.join(map(str, selected))} = <b>{n}</b>: more than your {pieces} in the city, "
                    "so all of them go back to the districts (MING-SCORE-4, MING-CLAR-11)")
        return (f"Pressed: {' + '.join(map(str, selected))} = <b>{n}</b>: {n} of your {pieces} in the city go "
                "back to the districts")

    def _controls(self, state: Any, seat: int) -> None:
        kind = state.phase
        self.return_box.layout.display = "flex" if kind == "choose_return" else "none"
        self.split_box.layout.display = "flex" if kind == "split_return" else "none"
        self.exchange.layout.display = "flex" if kind == "exchange_sets" else "none"
        legal = self.legal(seat)
        if kind == "choose_return":
            self._pieces = max(a.value for a in legal)
            self.cards.set_cards(RETURN_CARDS)
        elif kind == "split_return":
            options = [(", ".join(f"{d.rsplit('.', 1)[1]} {n}" for d, n in zip(self._districts(state), a.counts,
                                                                               strict=True)), k)
                       for k, a in enumerate(legal)]
            self._split_legal = legal
            if list(self.split.options) != options:
                self.split.options = options
                self.split.value = 0
        else:
            buttons = []
            for a in legal:
                b = _button(f"Exchange {a.count} set{'s' if a.count != 1 else ''}")
                b.on_click(lambda _b, a=a: self.act(a))
                buttons.append(b)
            self.exchange.children = tuple(buttons)

    def _districts(self, state: Any) -> list[str]:
        city = state.city_being_scored
        b = state.board
        return [n for d, n in enumerate(b.district_names) if b.province_ids[b.district_province[d]] == city]

    def _status(self, state: Any) -> str:
        head = super()._status(state)
        if state.phase != "choose_return":
            return head
        seat = self.acting_seat()
        o = self.game.observation(state, seat if seat is not None and seat >= 0 else None)
        city = o["city"]
        rows = []
        for s, me in enumerate(o["seats"]):
            choice = me["return_cards"]
            if choice is None:
                continue
            said = "has chosen (sealed)" if choice == "chosen" else "to choose" if choice == "to choose" \
                else f"your choice: {choice}"
            rows.append(f"{seat_badge(s)} {said}")
        return head + f"<div>City of <b>{escape(str(city))}</b>: " + "; ".join(rows) + "</div>"

    def _commit(self) -> None:
        seat = self.deciding()
        if seat is None:
            return
        pressed = self.cards.selected
        if not pressed:
            self.refuse("MING-SCORE-4: press one or more return cards (the 0 card alone keeps every piece).")
            return
        # A sum above the pieces in the city returns them all (MING-CLAR-11); the engine offers 0 ... that cap.
        self.act(ChooseReturn(seat, min(sum(pressed), self._pieces)))

    def _split(self) -> None:
        seat = self.deciding()
        if seat is not None and self.split.value is not None:
            self.act(self._split_legal[self.split.value])

    def _outcome(self, state: Any) -> str:
        rounds = scoring_events(self.session.seen(self.session.log))
        r = state.round if state.round in rounds else max(rounds, default=0)
        return breakdown_html(r, rounds.get(r, [])) if r else ""


class StartPanel(MingPanel):
    """Phase 5 of the 4-player game after rounds 4 and 5 (MING-END-2, MING-CLAR-15): the ranked
    player names the next start player."""

    phase = "ming-p5"
    kinds = ("choose_start",)
    title = "Phase 5 · the next start player"
    rules = ("MING-END-2", "MING-CLAR-15")

    def _build(self) -> list[widgets.Widget]:
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.controls.children = (self.buttons,)
        return []

    def _controls(self, state: Any, seat: int) -> None:
        buttons = []
        for a in self.legal(seat):
            b = _button(f"{SEAT_NAMES[a.start]} starts")
            b.on_click(lambda _b, a=a: self.act(a))
            buttons.append(b)
        self.buttons.children = tuple(buttons)


class ScorePanel(MingPanel):
    """The score track and the breakdown of every scoring so far (after rounds 2, 4, 6)."""

    phase = "ming-score"
    kinds = ("game_over",)
    title = "Score track and scorings"
    rules = ("MING-SCORE-1", "MING-SCORE-5", "MING-SCORE-6", "MING-SCORE-8", "MING-SCORE-9", "MING-END-3")

    def _status(self, state: Any) -> str:
        from lotus_kit.ming.screen.words import score_track_html
        return score_track_html(self.game, state)

    def _outcome(self, state: Any) -> str:
        rounds = scoring_events(self.session.seen(self.session.log))
        return "".join(breakdown_html(r, rounds[r]) for r in sorted(rounds)) or \
            "<i>No scoring yet: the first comes after round 2 (MING-RND-1).</i>"


_GROUPS = (("district", "Districts fill their houses (MING-SCORE-1, MING-SCORE-2)"),
           ("city", "Cities: return cards, points and bonus (MING-SCORE-4 to MING-SCORE-7)"),
           ("cloister", "Cloisters (MING-SCORE-8)"),
           ("final", "Final extras after round 6 (MING-SCORE-9)"))
_GROUP_OF = {"district": "district", "six_colour_set": "district", "city": "city", "city_bonus": "city",
             "cloister": "cloister", "five_colour_sets": "final", "tiles": "final"}


def breakdown_html(round_: int, events: list[Scored | ReturnsRevealed]) -> str:
    """The scoring after ``round_`` as grouped lines with their rule ids, and the points per seat."""
    if not events:
        return ""
    groups: dict[str, list[str]] = {}
    points: dict[int, int] = {}
    for ev in events:
        group = "city" if isinstance(ev, ReturnsRevealed) else _GROUP_OF.get(ev.what, "district")
        groups.setdefault(group, []).append(f"<li>{linkify(ev.text())}</li>")
        if isinstance(ev, Scored) and ev.seat >= 0:
            points[ev.seat] = points.get(ev.seat, 0) + ev.points
    parts = [f'<div style="font-weight:bold;margin-top:6px">Scoring after round {round_}</div>']
    for key, head in _GROUPS:
        if key in groups:
            parts.append(f'<div style="margin-top:3px">{linkify(head)}</div><ul style="margin:1px 0;'
                         f'padding-left:18px">{"".join(groups[key])}</ul>')
    total = ", ".join(f"{seat_badge(s)} +{p}" for s, p in sorted(points.items())) or "nobody scored"
    parts.append(f"<div>Points this scoring: {total}</div>")
    return box("".join(parts), "info")


# hand to the table: the panel answering each decision kind
PANELS = (SetupPanel, SpacesPanel, CardsPanel, PrincePanel, ScoringPanel, StartPanel, ScorePanel)
