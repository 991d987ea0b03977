"""Winter as a game of the kit: :data:`WINTER` provides :class:`lotus_kit.core.game.Game`.

>>> g = WINTER
>>> g.info.players_text(), g.info.rule_prefix, g.info.flag("ALIGNED_GRID").rule
('2 players', 'WIN', 'WIN-GEO-3')
>>> s = g.new_game(2, seed=1)
>>> g.decision(s).text
'Player 1 lays the first start card at (0, 0) (WIN-SET-2)'
>>> s = g.apply(s, Lay(0, 0))
>>> g.apply(s, Lay(5, 5))
Traceback (most recent call last):
...
lotus_kit.core.errors.IllegalAction: WIN-GEO-5: a card at (5, 5) would not touch the lake (edges touch, corners do not)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from lotus_kit.core.chance import ExplicitChance, uniform
from lotus_kit.core.errors import IllegalAction, PositionError, RecordError, quote
from lotus_kit.core.game import Decision, FlagInfo, GameInfo
from lotus_kit.core.records import GameRecord
from lotus_kit.winter import engine as e
from lotus_kit.winter.actions import Action, Lay, action_from_dict, from_code
from lotus_kit.winter.deck import Deck, standard_deck
from lotus_kit.winter.rules import ALIASES, DEFAULT_MAX_THAW_PLIES, FLAGS, PROFILES, VALUE_ALIASES, Rules
from lotus_kit.winter.words import SEAT_NAMES

NAME = "winter"

INFO = GameInfo(
    name=NAME, title="Winter", min_players=2, max_players=2, default_players=2,
    rule_prefix="WIN", rules_document="winter.md",
    flags=(*(FlagInfo(name, words, rule, aliases=tuple(a for a, to in ALIASES.items() if to == name))
             for name, (_, rule, words) in FLAGS.items()),
           FlagInfo("MAX_THAW_PLIES", "Thaw moves before the loop guard ends the game", "WIN-END-3",
                    "The loop guard's limit of thaw moves (WIN-CLAR-15).", kind="number",
                    default=str(DEFAULT_MAX_THAW_PLIES), low=1, high=10_000, example="12",
                    aliases=tuple(a for a, to in VALUE_ALIASES.items() if to == "MAX_THAW_PLIES")),
           FlagInfo("DECK", "The cards from a JSON file instead of the reconstructed deck", "WIN-CMP-3",
                    "A record keeps the cards themselves, not the file's path (Q6).", kind="text",
                    value_words="file")),
    profiles=PROFILES,
    bots={"random": "lotus_kit.winter.bots:RandomBot", "montecarlo": "lotus_kit.winter.bots:MonteCarloBot",
          "solver": "lotus_kit.winter.bots:SolverBot"},
    # the shuffle is drawn at the start and kept in the state; only the deck order is hidden (WIN-CLAR-3)
    chance=False, hidden_information=True, sealed_choices=False, seat_names=SEAT_NAMES)

SETUP_FIELDS = {"players", "seed", "order", "cards", "position"}


def _rules(flags: Sequence[str]) -> Rules:
    try:
        return Rules.from_flags(flags)
    except (ValueError, TypeError) as exc:
        raise RecordError("rules", str(exc)) from None


def shuffled(n: int, seed: int) -> tuple[int, ...]:
    """The deck order of a seeded shuffle (WIN-SET-1); the same seed gives the same order."""
    order = list(range(n))
    random.Random(seed).shuffle(order)
    return tuple(order)


class Winter(ExplicitChance):
    """Winter behind the kit's game protocol; :mod:`lotus_kit.winter.engine` does the work."""

    info = INFO
    name = NAME

    def new_game(self, players: int = 2, seed: int = 0, flags: Sequence[str] = ()) -> e.WinterState:
        if players != 2:
            raise ValueError(f"Winter is a game for 2 players, not {quote(players)}")
        return self.start({"players": players, "seed": seed}, flags)

    def new_setup(self, players: int, seed: int) -> dict[str, Any]:
        """The record setup of ``new_game(players, seed)``: a seed (the player count is always 2)."""
        return {"seed": seed}

    def start(self, setup: Mapping[str, Any], flags: Sequence[str]) -> e.WinterState:
        """The first state from a record's setup: ``seed`` (shuffle) or ``order`` (card ids, top first),
        ``cards`` (the deck, default WIN-CMP-3 or the ``DECK=<file>`` flag), or a ``position``."""
        rules = _rules(flags)
        if not isinstance(setup, Mapping):
            raise RecordError("setup", f"expected an object, got {quote(setup)}")
        unknown = sorted(set(setup) - SETUP_FIELDS, key=str)
        if unknown:
            raise RecordError(f"setup.{unknown[0]}", "unknown field")
        if setup.get("players", 2) != 2 or type(setup.get("players", 2)) is not int:
            raise RecordError("setup.players", f"Winter is a game for 2 players, got {quote(setup.get('players'))}")
        if "position" in setup:
            beside = sorted(set(setup) - {"position", "players"}, key=str)
            if beside:
                raise RecordError(f"setup.{beside[0]}", "a setup with a position takes everything from the position")
            try:
                return self.position(setup["position"], flags)
            except PositionError as exc:
                raise RecordError("setup.position", "; ".join(exc.reasons)) from None
        try:
            if "cards" in setup:
                deck = Deck.from_data(list(setup["cards"]) if isinstance(setup["cards"], list | tuple)
                                      else setup["cards"])
            elif rules.deck_file:
                deck = Deck.from_file(rules.deck_file)
            else:
                deck = standard_deck()
        except ValueError as exc:
            raise RecordError("setup.cards", str(exc)) from None
        if "order" in setup:
            ids = setup["order"]
            if not isinstance(ids, list | tuple) or sorted(map(str, ids)) != sorted(deck.ids) or \
                    len(set(ids)) != len(ids):
                raise RecordError("setup.order", f"expected every card id of the deck once, got {quote(ids)}")
            order = tuple(deck.ids.index(i) for i in ids)
        else:
            seed = setup.get("seed", 0)
            if type(seed) is not int:
                raise RecordError("setup.seed", f"expected a whole number, got {quote(seed)}")
            order = shuffled(len(deck), seed)
        return e.new_state(deck, order, rules)

    # explicit chance (lotus_kit.core.chance): the deck order, one card at a time, before the first move
    chance_rule = "WIN-SET-1"

    def _chance_setup(self, players: int, flags: tuple[str, ...], script: tuple[int, ...]) -> e.WinterState:
        """The deck dealt top first: each card one of the cards not dealt yet (in printed order)."""
        rules = _rules(flags)
        deck = Deck.from_file(rules.deck_file) if rules.deck_file else standard_deck()
        left, order = list(range(len(deck))), []
        while left:
            k, script = uniform(script, len(left))
            order.append(left.pop(k))
        return e.new_state(deck, tuple(order), rules)

    def _chance_words(self, node: Any, outcome: int) -> str:
        rules = _rules(node.flags)
        deck = Deck.from_file(rules.deck_file) if rules.deck_file else standard_deck()
        left = list(range(len(deck)))
        for k in node.drawn:
            left.pop(k)
        return f"card {deck.ids[left[outcome]]} is next in the deck"

    def apply(self, state: e.WinterState, action: Action) -> e.WinterState:
        if not isinstance(action, Action):
            raise IllegalAction("WIN-CLAR-13", f"{quote(action)} is not an action of Winter")
        try:
            c = action.code(state.v)
        except (ValueError, TypeError):
            raise IllegalAction("WIN-CLAR-13", f"{quote(action)} is not a well-formed action") from None
        return e.apply_code(state, c)

    def legal_actions(self, state: e.WinterState, seat: int | None = None) -> list[Action]:
        if seat is not None and seat != state.to_move:
            return []
        v = state.v
        return [from_code(c, v) for c in e.legal_codes(state)]

    def to_act(self, state: e.WinterState) -> frozenset[int]:
        return frozenset() if state.is_over else frozenset({state.v[e.TURN]})

    def is_over(self, state: e.WinterState) -> bool:
        return state.is_over

    def scores(self, state: e.WinterState) -> tuple[float, ...]:
        """Own tokens on the lake per seat (WIN-TIE-1), at any moment."""
        return float(e.tokens_on_lake(state.v, 0)), float(e.tokens_on_lake(state.v, 1))

    def winners(self, state: e.WinterState) -> frozenset[int]:
        return e.winners(state.v)

    def observation(self, state: e.WinterState, seat: int | None) -> e.WinterState:
        """What any seat (and a spectator) may know: everything but the order of the face-down deck
        (WIN-CLAR-3), which is replaced by the unseen cards in printed order."""
        n = state.v[e.NEXT]
        rest = tuple(sorted(state.order[n:]))
        if rest == state.order[n:]:
            return state
        return e.WinterState(state.v, state.cards, state.history, state.order[:n] + rest, state.deck, state.rules)

    def determinise(self, state: e.WinterState, seat: int, rng: random.Random) -> e.WinterState:
        """A world ``seat`` cannot tell from ``state``, one the game could reach (:mod:`.determinise`)."""
        from lotus_kit.winter.determinise import determinise

        return determinise(state, seat, rng)

    def redraw_hidden(self, state: e.WinterState, seat: int, rng: random.Random) -> e.WinterState:
        """The same state with the face-down deck reshuffled (the only hidden thing, WIN-CLAR-3)."""
        n = state.v[e.NEXT]
        rest = list(state.order[n:])
        rng.shuffle(rest)
        return e.WinterState(state.v, state.cards, state.history, state.order[:n] + tuple(rest), state.deck,
                             state.rules)

    def describe(self, action: Action, state: e.WinterState) -> str:
        from lotus_kit.winter.words import describe

        return describe(action, state)

    def decision(self, state: e.WinterState) -> Decision:
        from lotus_kit.winter.words import decision

        return decision(state)

    def action_from_dict(self, raw: Any, where: str) -> Action:
        return action_from_dict(raw, where)

    def action_to_dict(self, action: Action) -> dict[str, Any]:
        return action.to_dict()

    def redact(self, record: GameRecord, seat: int | None) -> GameRecord:
        """The record as a player (or spectator) may know it: the cards turned up so far in their order,
        the face-down rest in printed order, no seed (WIN-CLAR-3)."""
        final = record.replay()
        n = final.v[e.NEXT]
        ids = final.deck.ids
        if "position" in record.setup:
            # a freezing position lists its face-down deck: keep the cards drawn since, sort the rest
            desc = dict(record.setup["position"])
            deck = list(desc.get("deck") or ())
            drawn = n - (len(final.order) - len(deck))
            desc["deck"] = deck[:drawn] + sorted(deck[drawn:], key=str) if deck else deck
            if not deck:
                desc.pop("deck", None)
            return GameRecord(record.game, {"position": desc}, record.flags, record.actions, dict(record.meta))
        order = [ids[i] for i in final.order[:n]] + [ids[i] for i in sorted(final.order[n:])]
        setup: dict[str, Any] = {"order": order}
        if final.deck != standard_deck():
            setup["cards"] = final.deck.to_data()
        return GameRecord(record.game, setup, tuple(f for f in record.flags if not f.startswith("DECK=")),
                          record.actions, dict(record.meta))

    def position(self, description: Mapping[str, Any], flags: Sequence[str] = ()) -> e.WinterState:
        """The state a description stands for (:mod:`lotus_kit.winter.position`)."""
        from lotus_kit.winter.position import position

        if flags and isinstance(description, Mapping):
            description = {**description, "flags": list(description.get("flags", ())) + list(flags)}
        return position(description)


WINTER = Winter()


def new_record(seed: int = 0, flags: Sequence[str] = (), actions: Sequence[Action] = ()) -> GameRecord:
    """A record of a new game; a ``DECK=<file>`` flag is read now and its cards kept in the record,
    so the record replays without the file."""
    rules = _rules(flags)
    setup: dict[str, Any] = {"seed": seed}
    if rules.deck_file:
        try:
            setup["cards"] = Deck.from_file(rules.deck_file).to_data()
        except ValueError as exc:
            raise RecordError("rules", str(exc)) from None
    return GameRecord(NAME, setup, tuple(f for f in flags if not f.startswith("DECK=")), tuple(actions))


__all__ = ["INFO", "WINTER", "Lay", "new_record"]
