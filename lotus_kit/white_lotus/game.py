"""Der weiße Lotus as a game of the kit (the :class:`lotus_kit.core.game.GameRules` shape)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lotus_kit.core.errors import LotusKitError, PositionError, RecordError, quote
from lotus_kit.core.game import register
from lotus_kit.core.records import GameRecord
from lotus_kit.white_lotus import engine
from lotus_kit.white_lotus.actions import Action, action_from_dict
from lotus_kit.white_lotus.rules import RuleSet
from lotus_kit.white_lotus.state import State

NAME = "white_lotus"


class WhiteLotus:
    name = NAME

    def start(self, setup: Mapping[str, Any], flags: Sequence[str]) -> State:
        try:
            rules = RuleSet.from_flags(flags)
        except ValueError as exc:
            raise RecordError("rules", str(exc)) from None
        unknown = set(setup) - {"players", "seed", "first_emperor", "position"}
        if unknown:
            raise RecordError(f"setup.{sorted(unknown)[0]}", "unknown field")
        if "position" in setup:
            from lotus_kit.white_lotus.position import position

            # the position holds the players, seed and emperor: a second, ignored copy is refused
            beside = sorted(set(setup) - {"position"})
            if beside:
                raise RecordError(f"setup.{beside[0]}", "a setup with a position takes this from setup.position "
                                  "(players, seed, emperor); give it there, once")

            try:
                return position(setup["position"], rules)
            except PositionError as exc:
                raise RecordError("setup.position", "; ".join(exc.reasons)) from None
            except LotusKitError as exc:
                raise RecordError("setup.position", str(exc)) from None
        players, seed = setup.get("players"), setup.get("seed", 0)
        first = setup.get("first_emperor")
        if type(players) is not int or not 3 <= players <= 6:
            raise RecordError("setup.players", f"expected 3 to 6 players, got {quote(players)}")
        if type(seed) is not int:
            raise RecordError("setup.seed", f"expected a whole number, got {quote(seed)}")
        if first is not None and (type(first) is not int or not 0 <= first < players):
            raise RecordError("setup.first_emperor", f"expected a seat from 0 to {players - 1} or null")
        try:
            return engine.new_game(players, seed, rules, first)
        except LotusKitError as exc:
            raise RecordError("setup", str(exc)) from None

    def apply(self, state: State, action: Action) -> State:
        return engine.apply(state, action)

    def legal_actions(self, state: State, seat: int | None = None) -> list[Action]:
        return engine.legal_actions(state, seat)

    def to_act(self, state: State) -> frozenset[int]:
        return engine.to_act(state)

    def is_over(self, state: State) -> bool:
        return state.is_over

    def action_from_dict(self, raw: Any, where: str) -> Action:
        return action_from_dict(raw, where)

    def action_to_dict(self, action: Action) -> dict[str, Any]:
        return action.to_dict()

    def redact(self, record: GameRecord, seat: int | None) -> GameRecord:
        """The record as ``seat`` may know it (see :mod:`lotus_kit.white_lotus.redaction`)."""
        from lotus_kit.white_lotus.redaction import redact

        return redact(record, seat)


WHITE_LOTUS = register(WhiteLotus())


def new_record(players: int = 4, seed: int = 0, flags: Sequence[str] = (), first_emperor: int | None = None,
               actions: Sequence[Action] = ()) -> GameRecord:
    """A record of a new game; ``record.start()`` gives its first state."""
    setup: dict[str, Any] = {"players": players, "seed": seed}
    if first_emperor is not None:
        setup["first_emperor"] = first_emperor
    return GameRecord(NAME, setup, tuple(flags), tuple(actions))
