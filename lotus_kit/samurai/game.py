"""Ehre der Samurai as a game of the kit: the object ``SAMURAI`` the registry names.

>>> s = SAMURAI.new_game(3, seed=4)
>>> SAMURAI.decision(s).kind, SAMURAI.to_act(s)
('card_action', frozenset({0}))
>>> a = SAMURAI.legal_actions(s)[-1]
>>> a, SAMURAI.describe(a, s)
(EndTurn(seat=0), 'Red ends the turn')
>>> SAMURAI.to_act(SAMURAI.apply(s, a))
frozenset({1})
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from lotus_kit.core.chance import ExplicitChance
from lotus_kit.core.errors import IllegalAction, LotusKitError, PositionError, RecordError, quote
from lotus_kit.core.game import Decision, FlagInfo, GameInfo
from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.actions import _CACHE, Action, action_from_dict
from lotus_kit.samurai.engine import _do, _legal_main
from lotus_kit.samurai.engine import _last as _LAST
from lotus_kit.samurai.rules import FLAGS, TARGET_HONOR, Rules
from lotus_kit.samurai.state import _NEW as _new
from lotus_kit.samurai.state import _SET_INTS as _set_ints
from lotus_kit.samurai.state import SEAT_NAMES, State, wrap

NAME = "samurai"
HOUSE_WORDS = {"daimyo": "Daimyo house", "samurai": "Samurai house"}

INFO = GameInfo(
    name=NAME, title="Ehre der Samurai", min_players=3, max_players=6, default_players=4,
    rule_prefix="SAM", rules_document="samurai.md",
    flags=(*(FlagInfo(name, words, rule, note) for name, (_bit, rule, words, note) in FLAGS.items()),
           FlagInfo("targetHonor", "Honor a player needs to win", "SAM-END-2", "The target of honor (§13 Q2).",
                    kind="number", default=str(TARGET_HONOR), low=1, high=999_999_999, example="150"),
           # not played by the conformance check (no example): a game it stops has no winner
           FlagInfo("maxRounds", "Rounds before the game stops with no winner (0: no limit)", "SAM-CLAR-17",
                    "A safety limit for simulations, not a rule of the game.", kind="number",
                    default="0", low=0, high=999_999_999)),
    profiles={"gamewright": ("DECLARATION_AFTER_ACTIONS",), "drosi": ("DECK_DISHONOR9_SAVEFACE4",)},
    bots={"random": "lotus_kit.samurai.bots:RandomBot", "heuristic": "lotus_kit.samurai.bots:HeuristicBot",
          "montecarlo": "lotus_kit.samurai.bots:MonteCarloBot"},
    chance=True, hidden_information=True, sealed_choices=False, seat_names=SEAT_NAMES)

_DECISIONS = {
    E.MAIN: ("card_action", ("SAM-TURN-1", "SAM-KI-2", "SAM-KI-3", "SAM-DEC-1")),
    E.ANSWER: ("dishonor_answer", ("SAM-EVT-3", "SAM-CLAR-10")),
    E.WINDOW: ("save_face", ("SAM-EVT-5", "SAM-CLAR-11")),
    E.CASTLE_CHOICE: ("castle_choice", ("SAM-BAT-5", "SAM-CLAR-12")),
    E.SECOND_THEFT: ("second_theft", ("SAM-EVT-8", "SAM-CLAR-7")),
    E.OFFER: ("alliance_answer", ("SAM-ALLY-1", "SAM-CLAR-13")),
    E.OVER: ("game_over", ("SAM-END-1",)),
}


LAST_ACTION, MAIN, MODE, OVER, RNG = E.LAST_ACTION, E.MAIN, E.MODE, E.OVER, E.RNG
_DECODE = _CACHE.__getitem__          # the value object of an action int, made on a miss (decode())


def seat_name(s: int | None) -> str:
    return "nobody" if s is None or s < 0 else SEAT_NAMES[s]


def _read_only(self: Any, *args: Any, **kwargs: Any) -> None:
    raise TypeError("the legal actions are read-only (list(...) makes a list of them)")


class LegalActions(list):
    """The legal actions as a read-only sequence of value objects (each made once per action int and
    shared). A list of the engine's ints underneath (``codes``), so that ``len`` runs in C; an action is
    looked up only where it is read (a random pick reads one of a dozen, and the thefts listed but not
    taken are never made). ``in`` compares by the int and ``==`` holds with any sequence of the same
    actions."""

    __slots__ = ()

    @property
    def codes(self) -> list[int]:
        return list.copy(self)

    def __getitem__(self, i):
        try:
            return _CACHE[_LIST_ITEM(self, i)]                  # an index: one action int
        except TypeError:                                       # a slice: a list of ints, not a key
            return list(map(_DECODE, _LIST_ITEM(self, i)))

    def __iter__(self):
        return map(_DECODE, _LIST_ITER(self))

    def __reversed__(self):
        return map(_DECODE, _LIST_REVERSED(self))

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and _LIST_CONTAINS(self, action.code)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            return _LIST_EQ(self, other)
        return isinstance(other, Sequence) and not isinstance(other, str) and list(self) == list(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __repr__(self) -> str:
        return repr(list(self))

    def __add__(self, other: object) -> list:
        return [*self, *other]  # type: ignore[misc]

    def __radd__(self, other: object) -> list:
        return [*other, *self]  # type: ignore[misc]

    def __mul__(self, n: int) -> list:  # type: ignore[override]
        return list(self) * n

    __rmul__ = __mul__

    def index(self, action: object, *args: Any) -> int:  # type: ignore[override]
        return list(self).index(action, *args)

    def count(self, action: object) -> int:  # type: ignore[override]
        return list(self).count(action)

    def copy(self) -> list:  # type: ignore[override]
        return list(self)

    def __reduce__(self):
        return list, (list(self),)

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only  # type: ignore[assignment]
    append = extend = insert = pop = remove = sort = reverse = clear = _read_only  # type: ignore[assignment]
    __hash__ = None  # type: ignore[assignment]


_LIST_ITEM, _LIST_ITER, _LIST_REVERSED = list.__getitem__, list.__iter__, list.__reversed__
_LIST_CONTAINS, _LIST_EQ = list.__contains__, list.__eq__


def legal_list(codes: list[int]) -> LegalActions:
    """The :class:`LegalActions` of a list of action ints."""
    return LegalActions(codes)


class Samurai(ExplicitChance):
    """The protocol object of Ehre der Samurai (see ``lotus_kit.core.game``)."""

    info = INFO
    name = NAME

    # ---- setup ---------------------------------------------------------------------------------
    def new_game(self, players: int, seed: int = 0, flags: Sequence[str] = (), start_player: int = 0) -> State:
        rules = Rules.from_flags(flags)
        return State(E.new_game(players, seed, rules, start_player))

    def start(self, setup: Mapping[str, Any], flags: Sequence[str]) -> State:
        try:
            rules = Rules.from_flags(flags)
        except ValueError as exc:
            raise RecordError("rules", str(exc)) from None
        if not isinstance(setup, Mapping):
            raise RecordError("setup", f"expected an object, got {quote(setup)}")
        unknown = set(setup) - {"players", "seed", "start_player", "position"}
        if unknown:
            raise RecordError(f"setup.{sorted(map(str, unknown))[0]}", "unknown field")
        if "position" in setup:
            from lotus_kit.samurai.position import position

            if len(setup) > 1:
                raise RecordError("setup", "a setup with a position takes everything from setup.position")
            desc = dict(setup["position"]) if isinstance(setup["position"], Mapping) else setup["position"]
            if isinstance(desc, dict):
                desc["rules"] = list(flags)
            try:
                return position(desc)
            except PositionError as exc:
                raise RecordError("setup.position", "; ".join(exc.reasons)) from None
        players, seed, first = setup.get("players"), setup.get("seed", 0), setup.get("start_player", 0)
        low = 2 if rules.has("ALLOW_2P") else 3
        if type(players) is not int or not low <= players <= 6:
            raise RecordError("setup.players", f"expected {low} to 6 players (SAM-CMP-4), got {quote(players)}")
        if type(seed) is not int:
            raise RecordError("setup.seed", f"expected a whole number, got {quote(seed)}")
        if type(first) is not int or not 0 <= first < players:
            raise RecordError("setup.start_player", f"expected a seat from 0 to {players - 1} (SAM-SET-6)")
        return State(E.new_game(players, seed, rules, first))

    # ---- play ----------------------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> State:
        c = action.code if isinstance(action, Action) else -1
        t = state._t
        entry = _LAST[0]
        if entry[0] is t and c in entry[1] and type(t[RNG]) is int:
            # the usual case, E.apply_list() written out: an action of the legal list just given, seeded
            L = t.copy()                                    # the one copy of the state's ints an action makes
            L[LAST_ACTION] = c
            _do(L, c)
            new = _new(State)
            _set_ints(new, L)                               # state.wrap() written out
            return new
        if c < 0:
            if type(action).__name__ == "ChosenDice":       # a battle with chosen dice (a what-if branch)
                from lotus_kit.samurai.whatif import with_dice

                return with_dice(state, action.attack, action.rolls)[0]
            raise IllegalAction("SAM-TURN-1", f"not an action of this game: {quote(action)}")
        ints = E.step(t, c)
        if ints is None:                    # explicit chance: a draw or a die becomes a chance node
            return self._explicit_apply(state, action)
        return wrap(ints)

    # ---- explicit chance (lotus_kit.core.chance): the deal, every draw and every die -------------
    chance_rule = "SAM-CLAR-19"

    def _chance_setup(self, players: int, flags: tuple[str, ...], script: tuple[int, ...]) -> State:
        return State(E.new_game(players, script, Rules.from_flags(flags)))

    def _chance_words(self, node: Any, outcome: int) -> str:
        if len(node.weights) == C.KINDS - C.START_5:                # a draw from the deck, by kind
            return f"the card drawn is {C.NAMES[C.START_5 + outcome]}"
        if node.before is None:
            return f"start Daimyo card {outcome + 1} of those left"
        return f"the die shows {outcome + 1}"

    def _chance_step(self, state: State, action: Action, script: tuple[int, ...]) -> State:
        t = list(state._t)
        t[E.RNG] = script
        return wrap(E.apply_list(tuple(t), action.code))

    def legal_actions(self, state: State, seat: int | None = None) -> LegalActions:
        """The legal actions, a sequence made into value objects only where read (a random pick
        reads one of a dozen)."""
        t = state._t
        if seat is not None and seat != E.to_act(t):
            return legal_list([])
        entry = _LAST[0]                                            # E.legal_cached() written out
        if entry[0] is t:
            codes = entry[1]
        else:
            codes = _legal_main(t) if t[MODE] == MAIN else E.legal(t)
            _LAST[0] = (t, codes)
        return LegalActions(codes)                                  # legal_list() written out

    def to_act(self, state: State) -> frozenset[int]:
        s = E.to_act(state._t)
        return frozenset() if s < 0 else frozenset((s,))

    def is_over(self, state: State) -> bool:
        return state._t[MODE] == OVER

    def scores(self, state: State) -> tuple[float, ...]:
        """Honor per seat (the current standing)."""
        return tuple(float(h) for h in state.honor)

    def winners(self, state: State) -> frozenset[int]:
        return state.winners

    def decision(self, state: State) -> Decision:
        kind, rules = _DECISIONS[state[E.MODE]]
        seats = self.to_act(state)
        who = seat_name(E.to_act(state))
        if kind == "card_action":
            if state[E.DUTY]:
                text = f"{who}: {state.actions_left} card action(s) left; must declare Shogun (SAM-DEC-3)"
            else:
                codes = E.legal_cached(state._t)
                declare = any(c & 31 in (E.SHOGUN, E.ATTACK, E.ALLY_WITH, E.BREAK_ALLIANCE) for c in codes)
                text = (f"{who}: {state.actions_left} card action(s) left"
                        + (", a declaration" if declare else "") + " or end the turn")
        elif kind == "dishonor_answer":
            text = f"{who} answers {seat_name(state[E.C0])}'s Dishonor: pay 75, Save Face (30) or Seppuku (SAM-EVT-3)"
        elif kind == "save_face":
            text = (f"{who} may play Save Face for {seat_name(state[E.C3])}, who lost the battle, or pass "
                    "(SAM-CLAR-11)")
        elif kind == "castle_choice":
            text = f"{who} won: what happens to {seat_name(state[E.C3])}'s castle (SAM-BAT-5)"
        elif kind == "second_theft":
            text = f"{who} may steal a second card or stop (SAM-CLAR-7)"
        elif kind == "alliance_answer":
            text = f"{who} accepts or refuses {seat_name(state[E.C0])}'s alliance (SAM-CLAR-13)"
        else:
            won = ", ".join(seat_name(s) for s in sorted(state.winners)) or "nobody"
            rules = (state.end_rule,)
            text = f"game over: {won} won ({state.end_rule})"
        return Decision(kind=kind, seats=seats, sealed=False, rules=rules, text=text)

    def describe(self, action: Action, state: State) -> str:
        """The action in plain words with seat names."""
        who = seat_name(action.seat)
        k = type(action).__name__
        f = action.to_dict()
        if k == "Draw":
            return f"{who} draws a card"
        if k == "Discard":
            return f"{who} discards {C.GERMAN[C.KIND[f['card']]]}"
        if k == "Play":
            card = C.words(C.KIND[f["card"]])
            if C.KIND[f["card"]] in C.DAIMYOS:
                return f"{who} plays {card} as the new Daimyo"
            owner = "his" if f["owner"] == action.seat else f"{seat_name(f['owner'])}'s"
            return f"{who} plays {card} into {owner} {HOUSE_WORDS[f['house']]}"
        if k == "Dishonor":
            return f"{who} plays Dishonor on {seat_name(f['target'])}"
        if k in ("Thief", "SecondTheft"):
            card = "" if k == "SecondTheft" else f"plays {C.GERMAN[C.KIND[f['card']]]} and "
            return (f"{who} {card}steals {C.GERMAN[C.KIND[f['item']]]} from {seat_name(f['from_owner'])}'s "
                    f"{HOUSE_WORDS[f['from_house']]} into {seat_name(f['to_owner'])}'s {HOUSE_WORDS[f['to_house']]}")
        if k == "StopStealing":
            return f"{who} steals nothing more"
        if k == "Assassin":
            target = "Daimyo" if f["house"] == "daimyo" else "Samurai"
            return f"{who} sends a Ninja Assassin against {seat_name(f['target'])}'s {target}"
        if k == "DeclareShogun":
            return f"{who} declares: my Daimyo is now Shogun"
        if k == "Attack":
            return f"{who} attacks {seat_name(f['target'])}"
        if k == "ChosenDice":
            a, d = " ".join(" + ".join(map(str, r[0])) for r in action.rolls), " ".join(
                " + ".join(map(str, r[1])) for r in action.rolls)
            return f"{self.describe(action.attack, state)}, dice chosen: {a or '-'} against {d or '-'}"
        if k == "Ally":
            return f"{who} allies with {seat_name(f['target'])}"
        if k == "BreakAlliance":
            return f"{who} breaks the alliance (25 honor; it ends at the start of his next turn)"
        if k == "EndTurn":
            return f"{who} ends the turn"
        if k == "PayHonor":
            return f"{who} pays 75 honor for the Dishonor"
        if k == "SaveFace":
            return f"{who} plays Save Face"
        if k == "Seppuku":
            return f"{who} commits Seppuku with the {'Daimyo' if f['house'] == 'daimyo' else 'Samurai'}"
        if k == "Pass":
            return f"{who} passes (no Save Face)"
        if k == "CastleChoice":
            return {"leave": f"{who} leaves the castle", "take": f"{who} takes the castle",
                    "keep_own": f"{who} keeps his castle and discards the loser's",
                    "swap": f"{who} takes the loser's castle and discards his own"}[f["choice"]]
        if k == "Accept":
            return f"{who} accepts the alliance"
        return f"{who} refuses the alliance"

    # ---- records -------------------------------------------------------------------------------
    def action_from_dict(self, raw: Any, where: str = "action") -> Action:
        if isinstance(raw, dict) and raw.get("type") == "ChosenDice":   # a what-if battle of the explorer
            from lotus_kit.samurai.whatif import chosen_dice_from_dict

            return chosen_dice_from_dict(raw, where)
        return action_from_dict(raw, where)

    def action_to_dict(self, action: Action) -> dict[str, Any]:
        return action.to_dict()

    def redact(self, record: Any, seat: int | None) -> Any:
        """The record as ``seat`` may know it: its final table as a position (hands of others and the
        deck order left out, a fresh seed), no actions; ``meta["secrets"]`` says so."""
        from lotus_kit.core.records import GameRecord
        from lotus_kit.samurai.position import describe_position

        final = record.replay()
        desc = describe_position(final, hide_from=seat if seat is not None else -2)
        desc.pop("rules", None)
        hidden = [s for s in range(final.players) if s != seat]
        meta = dict(record.meta)
        meta["secrets"] = (f"the position as {seat_name(seat)} knows it: no seed, no actions; the hands of "
                           f"{', '.join(seat_name(s) for s in hidden)} are not listed (their cards are in the deck)")
        return GameRecord(record.game, {"position": desc}, record.flags, (), meta)

    def position(self, description: Mapping[str, Any], flags: Sequence[str] = ()) -> State:
        """The state described (``flags`` as the description's ``rules`` when given)."""
        from lotus_kit.samurai.position import position

        if flags and isinstance(description, Mapping):
            description = {**description, "rules": list(flags)}
        return position(description)

    def reseed(self, state: State, seed: int) -> State:
        """The same position with other chance ahead (draws, the assassin's die, battle dice): a what-if
        such as "the same attack, other dice". Nothing on the table or in a hand changes."""
        from lotus_kit.core.rng import seed_state

        t = list(state)
        t[E.RNG] = seed_state(seed)
        return State(t)

    # ---- hidden information (SAM-CLAR-19) ----------------------------------------------------------
    def observation(self, state: State, seat: int | None) -> State:
        """What ``seat`` may know: other hands as hidden cards (their sizes stay), the deck as its size
        only, no generator state (the future is nobody's knowledge)."""
        t = list(state)
        for k in C.DECK_KINDS:
            t[E.DECK + k] = 0
        t[E.RNG] = 0
        for s in range(state[E.N]):
            if s != seat:
                b = E.seat_base(s) + E.HAND
                size = sum(1 for k in t[b:b + E.HAND_SLOTS] if k)
                t[b:b + E.HAND_SLOTS] = [C.HIDDEN] * size + [0] * (E.HAND_SLOTS - size)
        return State(t)

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        """A world ``seat`` cannot tell from ``state``, one the game could reach (:mod:`.determinise`)."""
        from lotus_kit.samurai.determinise import determinise

        return determinise(state, seat, rng)

    def redraw_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """``state`` with the other hands and the deck redrawn from the cards ``seat`` cannot see
        (hand sizes kept; in a Save Face window each hand keeps its number of Save Face cards, since
        who is asked shows who holds one) and a fresh generator."""
        t = list(state)
        n = state[E.N]
        keep_sf = state[E.MODE] == E.WINDOW
        pool: list[int] = []
        for k in C.DECK_KINDS:
            pool += [k] * t[E.DECK + k]
            t[E.DECK + k] = 0
        others = [s for s in range(n) if s != seat]
        sizes, sfs = {}, {}
        for s in others:
            b = E.seat_base(s) + E.HAND
            held = [k for k in t[b:b + E.HAND_SLOTS] if k]
            sizes[s] = len(held)
            sfs[s] = held.count(C.SAVE_FACE) if keep_sf else 0
            pool += [k for k in held if not (keep_sf and k == C.SAVE_FACE)]
        rng.shuffle(pool)
        for s in others:
            want = sizes[s] - sfs[s]
            if keep_sf:
                got = [k for k in pool if k != C.SAVE_FACE][:want]
                for k in got:
                    pool.remove(k)
            else:
                got, pool = pool[:want], pool[want:]
            held = sorted(got + [C.SAVE_FACE] * sfs[s])
            b = E.seat_base(s) + E.HAND
            t[b:b + E.HAND_SLOTS] = held + [0] * (E.HAND_SLOTS - len(held))
        for k in pool:
            t[E.DECK + k] += 1
        t[E.RNG] = rng.getrandbits(64)
        return State(t)


SAMURAI = Samurai()


def new_record(players: int, seed: int = 0, flags: Sequence[str] = (), start_player: int = 0) -> Any:
    from lotus_kit.core.records import GameRecord

    return GameRecord(NAME, {"players": players, "seed": seed, "start_player": start_player}, tuple(flags))


__all__ = ["INFO", "SAMURAI", "LotusKitError", "Samurai", "new_record"]
