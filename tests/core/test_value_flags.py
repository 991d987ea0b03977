"""Variant flags that carry a value (``NAME=VALUE``): declared in each game's facts, checked in one line
naming the flag by the command line and by sweeps, and in step with what each engine accepts."""

from __future__ import annotations

import pytest

from lotus_kit.cli import main
from lotus_kit.core.errors import RecordError
from lotus_kit.core.game import FlagInfo, GameInfo
from lotus_kit.core.registry import get_game

VALUE_FLAGS = {
    "samurai": {"targetHonor": ("SAM-END-2", "400"), "maxRounds": ("SAM-CLAR-17", "0")},
    "winter": {"MAX_THAW_PLIES": ("WIN-END-3", "60"), "DECK": ("WIN-CMP-3", "")},
    "ming": {"TRANSPORT_TYPES": ("MING-CMP-3", "")},
}


@pytest.mark.parametrize("name", sorted(VALUE_FLAGS))
def test_each_game_lists_its_value_flags_with_rule_and_default(name):
    info = get_game(name).info
    for flag, (rule, default) in VALUE_FLAGS[name].items():
        f = info.flag(flag)
        assert f.takes_value and f.rule == rule and f.default == default and f.words
        assert f.usage.startswith(flag + "=<")
    assert not any(f.takes_value for f in get_game("white_lotus").info.flags)


def _engine_accepts(game, written: str) -> bool:
    try:
        game.new_game(game.info.default_players, 0, [written])
    except (ValueError, RecordError):    # each engine refuses in its own words
        return False
    return True


@pytest.mark.parametrize("name", ["samurai", "winter"])
def test_a_number_flags_bounds_are_the_engines_bounds(name):
    game = get_game(name)
    for f in game.info.flags:
        if f.kind != "number":
            continue
        good = [v for v in (f.low, f.high, int(f.example or f.default), int(f.default)) if v is not None]
        bad = [str(v) for v in (f.low - 1 if f.low is not None else None,
                                f.high + 1 if f.high is not None else None) if v is not None] + ["x", "", "1.5"]
        for value in good:
            written = f"{f.name}={value}"
            assert game.info.check_flag(written) == written and _engine_accepts(game, written), written
        for value in bad:
            written = f"{f.name}={value}"
            with pytest.raises(ValueError, match=f"^{f.name} takes"):
                game.info.check_flag(written)
            assert not _engine_accepts(game, written), written


def test_the_check_names_the_flag_its_rule_and_what_it_takes():
    info = get_game("samurai").info
    with pytest.raises(ValueError) as e:
        info.check_flag("targetHonor")
    assert str(e.value) == "targetHonor takes a whole number from 1 to 999999999 (SAM-END-2; default 400): " \
                           "write targetHonor=<n>"
    with pytest.raises(ValueError, match=r"^SEPPUKU_NEEDS_CARDS takes no value \(SAM-CLAR-10\)"):
        info.check_flag("SEPPUKU_NEEDS_CARDS=1")
    with pytest.raises(ValueError, match=r"^unknown variant flag 'targetHonour=5' for Ehre der Samurai; known flags: "
                                         r".*targetHonor=<n>, maxRounds=<n>$"):
        info.check_flag("targetHonour=5")
    with pytest.raises(ValueError, match=r"^DECK takes a value \(file\) \(WIN-CMP-3\), got nothing$"):
        get_game("winter").info.check_flag("DECK=")
    # Ming's two neutral-return rulings are switches whose names hold the value
    assert get_game("ming").info.check_flag("NEUTRAL_RETURN=NONE") == "NEUTRAL_RETURN=NONE"
    with pytest.raises(ValueError, match="unknown variant flag 'NEUTRAL_RETURN=SOME'"):
        get_game("ming").info.check_flag("NEUTRAL_RETURN=SOME")


def test_a_flag_kind_must_be_known_and_settings_play_the_example():
    with pytest.raises(ValueError, match="kind 'float'"):
        FlagInfo("X", "x", "NIM-1", kind="float")
    info = GameInfo(name="nim", title="Nim", min_players=2, max_players=2, default_players=2, rule_prefix="NIM",
                    rules_document="", seat_names=("A", "B"),
                    flags=(FlagInfo("MISERE", "last take loses", "NIM-2"),
                           FlagInfo("HEAPS", "heaps", "NIM-3", kind="number", default="3", low=1, example="5"),
                           FlagInfo("FILE", "a file", "NIM-4", kind="text", value_words="file")))
    assert info.flag_settings == ("MISERE", "HEAPS=5")        # a text flag with no example is not played
    assert info.check_flag("HEAPS=1000000") == "HEAPS=1000000"   # no upper bound given


def test_the_conformance_setups_play_each_value_flag_with_its_example():
    from lotus_kit.core.conformance import setups

    played = {flags for _n, flags in setups(get_game("samurai"), players=[3])}
    assert {("targetHonor=150",), ("SEPPUKU_NEEDS_CARDS",)} <= played
    assert not any(flags and flags[0].startswith("maxRounds") for flags in played)   # stops with no winner
    assert ("MAX_THAW_PLIES=12",) in {flags for _n, flags in setups(get_game("winter"))}


def test_the_command_line_plays_a_value_flag_and_keeps_it_in_the_record(tmp_path, capsys):
    import json

    path = tmp_path / "samurai.json"
    assert main(["play", "--game", "samurai", "--players", "3", "--seed", "2", "--variant", "targetHonor=60",
                 "--variant", "SEPPUKU_NEEDS_CARDS", "--save", str(path), "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["rules"] == ["targetHonor=60", "SEPPUKU_NEEDS_CARDS"]
    assert max(played["scores"]) >= 60 and max(played["scores"]) < 400      # the lower target ended it
    assert json.loads(path.read_text())["rules"] == ["targetHonor=60", "SEPPUKU_NEEDS_CARDS"]
    assert main(["replay", str(path), "--json"]) == 0 and json.loads(capsys.readouterr().out) == played


@pytest.mark.parametrize(("argv", "words"), [
    (["--game", "samurai", "--variant", "targetHonor=abc"],
     "lotus-kit: --variant: targetHonor takes a whole number from 1 to 999999999 (SAM-END-2; default 400), got 'abc'"),
    (["--game", "winter", "--variant", "MAX_THAW_PLIES=0"],
     "lotus-kit: --variant: MAX_THAW_PLIES takes a whole number from 1 to 10000 (WIN-END-3; default 60), got '0'"),
    (["--game", "winter", "--variant", "ALIGNED_GRID=yes"],
     "lotus-kit: --variant: ALIGNED_GRID takes no value (WIN-GEO-3): write ALIGNED_GRID, not 'ALIGNED_GRID=yes'"),
])
def test_a_bad_value_flag_is_one_line_naming_it(argv, words, capsys):
    for command in ("play", "simulate"):
        assert main([command, *argv]) == 2
        err = capsys.readouterr().err
        assert err == words + "\n", command


def test_a_sweep_refuses_a_bad_value_flag_naming_it():
    from lotus_kit.analysis.sweeps import game_specs

    specs = game_specs(seeds=[0], players=[2], variants={"short": ("MAX_THAW_PLIES=5",)}, game="winter")
    assert [s.flags for s in specs] == [("MAX_THAW_PLIES=5",)]
    with pytest.raises(ValueError, match=r"^MAX_THAW_PLIES takes a whole number"):
        game_specs(seeds=[0], players=[2], variants={"bad": ("MAX_THAW_PLIES=-3",)}, game="winter")


def test_the_tables_flag_check_boxes_are_the_switches_only():
    from lotus_kit.ui.screen import GameScreen

    choices = GameScreen().flag_choices(get_game("samurai"))
    assert "SEPPUKU_NEEDS_CARDS" in choices and not {"targetHonor", "maxRounds"} & set(choices)
