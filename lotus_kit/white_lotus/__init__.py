"""Der weiße Lotus: the rules engine, in one import line.

>>> from lotus_kit.white_lotus import new_game, apply, legal_actions, to_act, observation, PlaceMarker
>>> state = new_game(players=4, seed=1)
>>> seat = min(to_act(state))
>>> after = apply(state, legal_actions(state, seat)[0])
>>> observation(after, seat).year, isinstance(legal_actions(state, seat)[0], PlaceMarker)
(1, True)

Every name here also stays importable from its module (``lotus_kit.white_lotus.engine.apply``). Four
functions share their module's name (``observation``, ``position``, ``position_code``, ``decision``):
``from lotus_kit.white_lotus import observation`` gives the function; reach such a module with
``from lotus_kit.white_lotus.observation import ...``. The engine needs the standard library only.

The names load on first use (PEP 562), so that ``import lotus_kit.white_lotus.fast`` loads the fast
core alone and not the engine, its events and its records.
"""

from __future__ import annotations

import sys

# each exported name -> the module (under lotus_kit) it comes from
_SOURCES = {
    **dict.fromkeys(("IllegalAction", "PositionError", "RecordError"), "core.errors"),
    **dict.fromkeys(("Action", "Bid", "BreakTie", "ChooseProvince", "DeclareRebellion", "JoinSide", "Pass",
                     "PlaceChip", "PlaceMarker", "TakeIncome", "TakeRefund", "TakeReward", "TempleDraw",
                     "action_from_dict"), "white_lotus.actions"),
    **dict.fromkeys(("HeuristicBot", "RandomBot", "make_bot", "play_game"), "white_lotus.bots"),
    "Hand": "white_lotus.cards",
    "decision": "white_lotus.decision",
    **dict.fromkeys(("apply", "legal_actions", "new_game", "to_act"), "white_lotus.engine"),
    **dict.fromkeys(("WHITE_LOTUS", "new_record"), "white_lotus.game"),
    **dict.fromkeys(("Observation", "observation"), "white_lotus.observation"),
    **dict.fromkeys(("position", "validate"), "white_lotus.position"),
    **dict.fromkeys(("position_code", "state_from_code"), "white_lotus.position_code"),
    "redact": "white_lotus.redaction",
    **dict.fromkeys(("FLAGS", "RuleSet"), "white_lotus.rules"),
    "score": "white_lotus.scoring",
    **dict.fromkeys(("SEAT_NAMES", "seat_name"), "white_lotus.seats"),
    **dict.fromkeys(("PHASE_NAMES", "Phase", "State"), "white_lotus.state"),
    "describe_action": "white_lotus.words",
}
# the functions named like their module: the package attribute stays the function, as it was when this
# package imported everything at once, even after the import system binds the loaded submodule here
_SHADOWED = frozenset(("observation", "position", "position_code", "decision"))

__all__ = sorted(_SOURCES)


def __getattr__(name: str) -> object:    # object, not typing.Any: importing typing costs ~5 ms
    module = _SOURCES.get(name)
    if module is None:
        # a submodule, reachable as an attribute as when this package imported them all at once
        path = f"{__name__}.{name}"
        try:
            if name.startswith("_"):
                raise ModuleNotFoundError(name=path)
            __import__(path)
        except ModuleNotFoundError as missing:
            if missing.name != path:
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
        return sys.modules[path]
    path = f"lotus_kit.{module}"
    __import__(path)
    value = getattr(sys.modules[path], name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(type(sys)):      # the type of modules (types.ModuleType), without importing types
    def __setattr__(self, name: str, value: object) -> None:
        if name in _SHADOWED and isinstance(value, type(sys)):
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

