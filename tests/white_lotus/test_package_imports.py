"""The package's names load on first use: importing the fast core loads neither the engine nor its
views, and every name the package exports is still importable from it, the same object as in its module."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import lotus_kit.white_lotus as white_lotus

# the names the package exported when it imported every module at once, by the module they come from
EXPORTED = {
    "core.errors": "IllegalAction PositionError RecordError",
    "white_lotus.actions": "Action Bid BreakTie ChooseProvince DeclareRebellion JoinSide Pass PlaceChip PlaceMarker "
                           "TakeIncome TakeRefund TakeReward TempleDraw action_from_dict",
    "white_lotus.bots": "HeuristicBot RandomBot make_bot play_game",
    "white_lotus.cards": "Hand",
    "white_lotus.decision": "decision",
    "white_lotus.engine": "apply legal_actions new_game to_act",
    "white_lotus.game": "WHITE_LOTUS new_record",
    "white_lotus.observation": "Observation observation",
    "white_lotus.position": "position validate",
    "white_lotus.position_code": "position_code state_from_code",
    "white_lotus.redaction": "redact",
    "white_lotus.rules": "FLAGS RuleSet",
    "white_lotus.scoring": "score",
    "white_lotus.seats": "SEAT_NAMES seat_name",
    "white_lotus.state": "PHASE_NAMES Phase State",
    "white_lotus.words": "describe_action",
}
SHADOWED = ("observation", "position", "position_code", "decision")


def _fresh(code: str) -> object:
    """What ``code`` prints as JSON, run in a fresh interpreter (nothing of this one's imports)."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_importing_the_fast_core_loads_no_engine_and_no_views() -> None:
    loaded = _fresh("import sys, json, lotus_kit.white_lotus.fast\n"
                    "print(json.dumps(sorted(m for m in sys.modules if m.startswith('lotus_kit'))))")
    assert "lotus_kit.white_lotus.fast.core" in loaded
    for module in ("engine", "state", "events", "actions", "bots", "game", "board", "observation", "views",
                   "screen"):
        assert f"lotus_kit.white_lotus.{module}" not in loaded, module
    assert not any(m.startswith(("lotus_kit.views", "lotus_kit.ui", "lotus_kit.core.records")) for m in loaded)


def test_every_exported_name_is_the_object_of_its_module() -> None:
    names = {name for names in EXPORTED.values() for name in names.split()}
    assert set(white_lotus.__all__) == names
    assert names <= set(dir(white_lotus))
    for module, exported in EXPORTED.items():
        source = importlib.import_module(f"lotus_kit.{module}")
        for name in exported.split():
            assert getattr(white_lotus, name) is getattr(source, name), name
    # the line users write
    from lotus_kit.white_lotus import PlaceMarker, apply, legal_actions, new_game, to_act
    state = new_game(4, seed=1)
    first = legal_actions(state, min(to_act(state)))[0]
    assert isinstance(first, PlaceMarker) and apply(state, first).year == 1


def test_functions_named_like_their_module_stay_functions_once_the_module_is_loaded() -> None:
    # the submodule first, as the engine's own imports load it, then the package's name
    code = ("import json\n"
            "import lotus_kit.white_lotus.observation, lotus_kit.white_lotus.position\n"
            "import lotus_kit.white_lotus.position_code, lotus_kit.white_lotus.decision\n"
            "import lotus_kit.white_lotus as wl\n"
            "from lotus_kit.white_lotus import observation\n"
            "from lotus_kit.white_lotus.observation import Observation\n"
            f"print(json.dumps([type(getattr(wl, n)).__name__ for n in {SHADOWED!r}]"
            " + [observation is wl.observation.__globals__['observation'], Observation.__name__]))")
    assert _fresh(code) == ["function"] * 4 + [True, "Observation"]
    for name in SHADOWED:
        assert callable(getattr(white_lotus, name)) and getattr(white_lotus, name).__name__ == name


def test_a_submodule_is_an_attribute_of_the_package_and_unknown_names_are_not() -> None:
    assert _fresh("import json, lotus_kit.white_lotus as wl\n"
                  "print(json.dumps([wl.engine.__name__, wl.bots.__name__, hasattr(wl, 'no_such_name')]))") == [
        "lotus_kit.white_lotus.engine", "lotus_kit.white_lotus.bots", False]
