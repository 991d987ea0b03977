"""Ming Dynastie as a game of the kit: the protocol object :data:`MING` (registry name ``"ming"``).

>>> s = MING.new_game(3, seed=5)
>>> MING.decision(s).kind, sorted(MING.to_act(s)) == [s.start_player]
('place_prince', True)
>>> a = MING.legal_actions(s)[0]
>>> MING.action_from_dict(MING.action_to_dict(a), "a") == a
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from lotus_kit.core.chance import ExplicitChance
from lotus_kit.core.errors import PositionError, RecordError, quote
from lotus_kit.core.game import Decision, FlagInfo, GameInfo
from lotus_kit.core.records import GameRecord
from lotus_kit.ming import engine
from lotus_kit.ming.actions import Action, ChooseReturn, TakeCard, action_from_dict
from lotus_kit.ming.engine import _pack, _unpack
from lotus_kit.ming.rules import FLAGS, RuleSet
from lotus_kit.ming.state import (
    DEPLOY,
    G_AUX,
    G_MASK,
    G_PHASE,
    G_RNG,
    G_SUPPLY,
    G_SUPPLY_LEN,
    PHASE3,
    RETURN,
    SEAT_NAMES,
    SPLIT,
    State,
    cloister_at,
)
from lotus_kit.ming.words import DECISION_RULES, DECISION_TEXT, action_words

NAME = "ming"
_SETUP = {"players", "seed", "start_player", "deck", "generator", "position"}

INFO = GameInfo(
    name=NAME, title="Ming Dynastie", min_players=2, max_players=4, default_players=3,
    rule_prefix="MING", rules_document="ming-dynasty.md",
    flags=(*(FlagInfo(name, words, rule) for name, (rule, words) in FLAGS.items()),
           FlagInfo("TRANSPORT_TYPES", "Another movement deck: these transport names", "MING-CMP-3",
                    kind="text", value_words="HORSE,JUNK,...")),
    bots={"random": "lotus_kit.core.bots:RandomBot", "heuristic": "lotus_kit.ming.bots:HeuristicBot"},
    chance=True, hidden_information=True, sealed_choices=True, seat_names=SEAT_NAMES,
)


class Ming(ExplicitChance):
    """The rules of Ming Dynastie behind the kit's game protocol."""

    info = INFO
    name = NAME

    # --- starting ---
    def new_game(self, players: int, seed: int = 0, flags: Sequence[str] = ()) -> State:
        return self.start({"players": players, "seed": seed}, flags)

    def start(self, setup: Mapping[str, Any], flags: Sequence[str]) -> State:
        """A first state from a record's setup: players, seed, start_player (else drawn, MING-CLAR-1),
        optionally ``deck`` (the shuffled movement deck, top first) with ``generator`` (a redacted
        record's public start), or ``position`` (a description, :mod:`lotus_kit.ming.position`)."""
        try:
            rules = RuleSet.from_flags(flags)
        except ValueError as exc:
            raise RecordError("flags", str(exc)) from None
        if not isinstance(setup, Mapping):
            raise RecordError("setup", f"expected an object, got {quote(setup)}")
        unknown = sorted(set(setup) - _SETUP, key=str)
        if unknown:
            raise RecordError(f"setup.{unknown[0]}", f"unknown field; known: {', '.join(sorted(_SETUP))}")
        if "position" in setup:
            from lotus_kit.ming.position import position
            beside = sorted(set(setup) - {"position"})
            if beside:
                raise RecordError(f"setup.{beside[0]}", "a setup with a position takes everything from it")
            desc = dict(setup["position"]) if isinstance(setup["position"], Mapping) else setup["position"]
            if isinstance(desc, dict):
                desc.setdefault("flags", list(flags))
            try:
                return position(desc)
            except PositionError as exc:
                raise RecordError("setup.position", "; ".join(exc.reasons)) from None
        players, seed, first = setup.get("players"), setup.get("seed", 0), setup.get("start_player")
        if type(players) is not int or not 2 <= players <= 4:
            raise RecordError("setup.players", f"expected 2 to 4 players, got {quote(players)}")
        if type(seed) is not int:
            raise RecordError("setup.seed", f"expected a whole number, got {quote(seed)}")
        if first is not None and (type(first) is not int or not 0 <= first < players):
            raise RecordError("setup.start_player", f"expected a seat from 0 to {players - 1} or null")
        state = engine.new_game(players, seed, rules, first)
        if "deck" in setup:
            state = _with_deck(state, setup["deck"], setup.get("generator", 0))
        elif "generator" in setup:
            raise RecordError("setup.generator", "a generator is given only with a deck")
        return state

    # --- playing ---
    def apply(self, state: State, action: Action) -> State:
        if type(state.data[G_RNG]) is tuple:    # explicit chance: a reshuffle becomes chance nodes
            return self._explicit_apply(state, action)
        return engine.apply(state, action)

    # --- explicit chance (lotus_kit.core.chance): the start player, the deck order, reshuffles ---
    chance_rule = "MING-CLAR-6"

    def _chance_setup(self, players: int, flags: tuple[str, ...], script: tuple[int, ...]) -> State:
        return engine.new_game(players, script, RuleSet.from_flags(flags))  # type: ignore[arg-type]

    def _chance_step(self, state: State, action: Action, script: tuple[int, ...]) -> State:
        data = list(state.data)
        data[G_RNG] = script
        return engine.apply(State(tuple(data), state.table), action)

    def _chance_words(self, node: Any, outcome: int) -> str:
        from lotus_kit.ming.words import chance_words
        return chance_words(node, outcome)

    def legal_actions(self, state: State, seat: int | None = None) -> Sequence[Action]:
        return engine.legal_actions(state, seat)

    def to_act(self, state: State) -> frozenset[int]:
        return state.to_act_seats

    def is_over(self, state: State) -> bool:
        return state.is_over

    def scores(self, state: State) -> tuple[float, ...]:
        return tuple(float(x) for x in state.scores)

    def winners(self, state: State) -> frozenset[int]:
        """MING-END-3 / MING-CLAR-16: every player with the most points (a shared win); under
        TIE_MOST_CLOISTER_PIECES the most cloister pieces break the tie, a tie left is shared."""
        if not state.is_over:
            return frozenset()
        sc = state.scores
        best = [s for s in range(state.players) if sc[s] == max(sc)]
        if state.rules.tie_most_cloister and len(best) > 1:
            t, d = state.table, state.data
            clo = {s: sum(1 for x in t.board.districts if cloister_at(d[t.cloister], x) == s + 1) for s in best}
            best = [s for s in best if clo[s] == max(clo.values())]
        return frozenset(best)

    def decision(self, state: State) -> Decision:
        kind = state.phase
        seats = state.to_act_seats
        who = " and ".join(SEAT_NAMES[s] for s in sorted(seats)) or "nobody"
        text = DECISION_TEXT[kind].format(who=who, s="" if len(seats) > 1 else "s",
                                          city=state.city_being_scored or "")
        rules = DECISION_RULES[kind]
        return Decision("game_over" if kind == "over" else kind, seats, kind == "choose_return", rules,
                        f"{text} ({rules[0]})")

    def describe(self, action: Action, state: State) -> str:
        """The action in plain words; a return-card sum not revealed yet stays hidden."""
        if isinstance(action, TakeCard) and action.space in state.display:
            return (f"{SEAT_NAMES[action.seat]} takes the {state.display[action.space]} card beside the "
                    f"{action.space} province space")
        return action_words(action, sealed=isinstance(action, ChooseReturn))

    # --- records ---
    def action_from_dict(self, raw: Any, where: str) -> Action:
        return action_from_dict(raw, where)

    def action_to_dict(self, action: Action) -> dict[str, Any]:
        return action.to_dict()

    # --- hidden information (MING-CLAR-17) ---
    def observation(self, state: State, seat: int | None) -> dict[str, Any]:
        from lotus_kit.ming.observation import observation
        return observation(state, seat)

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        """A world ``seat`` cannot tell from ``state``, one the game could reach (:mod:`.determinise`)."""
        from lotus_kit.ming.determinise import determinise

        return determinise(state, seat, rng)

    def redraw_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """The same state with what ``seat`` may not know redrawn: the order of the face-down supply,
        the generator of later reshuffles, and the other seats' sealed return-card sums."""
        t, d = state.table, state.data
        s = list(d)
        pile = _unpack(d[G_SUPPLY], d[G_SUPPLY_LEN])
        rng.shuffle(pile)
        s[G_SUPPLY] = _pack(pile)
        s[G_RNG] = rng.getrandbits(64)
        if d[G_PHASE] == RETURN:
            for x in range(t.players):
                o = t.seat(x) + t.ret
                if x != seat and d[o] >= 0:
                    top = min(6, engine._city_pieces(t, d, x, d[G_AUX]))
                    s[o] = rng.randint(0, top)
        return State(tuple(s), t)

    def redact(self, record: GameRecord, seat: int | None) -> GameRecord:
        from lotus_kit.ming.redaction import redact
        return redact(record, seat)

    def position(self, description: Mapping[str, Any], flags: Sequence[str] = ()) -> State:
        """A position from a description (:mod:`lotus_kit.ming.position`); flags given here apply
        when the description names none."""
        from lotus_kit.ming.position import position
        if flags and isinstance(description, Mapping) and "flags" not in description:
            description = {**description, "flags": list(flags)}
        return position(description)


def _with_deck(state: State, deck: Any, generator: Any) -> State:
    """The new game with a given movement deck order (top first) and generator."""
    t = state.table
    names = t.card_names[:-1]
    if not isinstance(deck, list) or any(x not in names for x in deck) or \
            sorted(names.index(x) for x in deck) != sorted(k for k, c in enumerate(t.board.deck) for _ in range(c)):
        raise RecordError("setup.deck", f"expected the {sum(t.board.deck)} movement cards in some order, "
                          f"got {quote(deck)}")
    if type(generator) is not int or not 0 <= generator < 2**64:
        raise RecordError("setup.generator", f"expected a whole number from 0 to 2**64-1, got {quote(generator)}")
    cards = [names.index(x) for x in deck]
    s = list(state.data)
    P = len(t.board.colours)
    for i in range(P):
        s[t.display + i] = cards[i]
    s[G_SUPPLY], s[G_SUPPLY_LEN], s[G_RNG] = _pack(cards[P:]), len(cards) - P, generator
    return State(tuple(s), t)


def passed_seats(state: State) -> frozenset[int]:
    """Seats out of phase 3 (MING-PH3-5)."""
    d = state.data
    if d[G_PHASE] in (PHASE3, DEPLOY):
        return frozenset(x for x in range(state.players) if d[G_MASK] >> x & 1)
    return frozenset()


def revealed_returns(state: State) -> dict[int, int]:
    """The return-card sums of the city being scored, once all are revealed (MING-CLAR-11)."""
    t, d = state.table, state.data
    if d[G_PHASE] != SPLIT:
        return {}
    return {x: d[t.seat(x) + t.ret] for x in range(t.players) if d[t.seat(x) + t.ret] >= 0}


MING = Ming()

__all__ = ["INFO", "MING", "Ming", "passed_seats", "revealed_returns"]
