"""Every rule id of each registered game's specification is cited by the code that applies it and by a
test. A game whose package does not exist yet is not registered (``lotus_kit.games()``), so its
specification is not asked for yet; once its package is there, its rules are."""

from __future__ import annotations

import pathlib
import re

import pytest

import lotus_kit
from lotus_kit.core.registry import get_game
from lotus_kit.rules import GAMES, PREFIXES, RULE_RE, rule_ids, rule_text

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _document(name: str) -> str:
    return get_game(name).info.rules_document.removesuffix(".md")


COVERED = [name for name in lotus_kit.games() if get_game(name).info.rules_document]


def _cited(rule: str, text: str) -> bool:
    return re.search(re.escape(rule) + r"(?!\d)", text) is not None or \
        re.search(re.escape(rule.replace("-", "_")) + r"(?!\d)", text) is not None


def test_white_lotus_is_covered_and_its_spec_has_all_its_rule_families():
    assert "white_lotus" in COVERED
    families = {i.rsplit("-", 1)[0] for i in rule_ids("white-lotus")}
    assert {"WL-SETUP", "WL-PLACE", "WL-CONF", "WL-EMP", "WL-REB", "WL-CARDS", "WL-TERR", "WL-SCORE",
            "WL-END", "WL-BOARD", "WL-VAR", "WL-INFO"} <= families
    assert len(rule_ids("white-lotus")) > 100


def test_every_game_spec_ships_and_is_read_by_its_prefix_in_both_styles():
    assert {"white-lotus", "winter", "samurai", "ming-dynasty"} <= set(GAMES)
    assert {PREFIXES[p] for p in ("WL", "WIN", "SAM", "MING")} == {"white-lotus", "winter", "samurai", "ming-dynasty"}
    # a bullet (WL), bold paragraphs (the others), each with its text and its continuation lines
    assert rule_text("WL-CONF-8").startswith("WL-CONF-8. Who leaves")
    assert rule_text("SAM-CMP-1").endswith("chips are not modelled")
    assert rule_text("WIN-GEO-1").startswith("WIN-GEO-1. The lake is a set of flake cells") and \
        "(x+1,y+1)=BR" in rule_text("WIN-GEO-1")
    assert rule_text("MING-BRD-1").startswith("MING-BRD-1. Graph: nodes = 18 districts")
    for doc in ("winter", "samurai", "ming-dynasty"):
        ids = rule_ids(doc)
        assert len(ids) > 30 and all(rule_text(i) for i in ids), doc
    assert RULE_RE.findall("see WL-PLACE-3, SAM-CMP-1 and MING-PH1-2; not UTF-8") == ["WL-PLACE-3", "SAM-CMP-1",
                                                                                     "MING-PH1-2"]
    assert len(rule_ids("ming-dynasty")) == 66 and len(rule_ids("winter")) == 46


@pytest.mark.parametrize("name", COVERED)
def test_every_rule_id_is_cited_in_the_engine(name):
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "lotus_kit").rglob("*.py"))
    missing = [i for i in rule_ids(_document(name)) if not _cited(i, code)]
    assert not missing, missing


def _short_names(prefix: str, tests: str) -> str:
    """Test names that name several rules of a game after one prefix (``test_MING_SCORE_4_CLAR_11_...``)."""
    return "\n".join(n for n in re.findall(r"def (test_\w+)", tests) if f"{prefix}_" in n)


def _short_cited(rule: str, names: str) -> bool:
    return re.search(re.escape("_" + rule.split("-", 1)[1].replace("-", "_")) + r"(?!\d)", names) is not None


@pytest.mark.parametrize("name", COVERED)
def test_every_rule_id_is_named_by_a_test(name):
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py")
                      if p.name != "test_rule_coverage.py")
    names = _short_names(get_game(name).info.rule_prefix, tests)
    missing = [i for i in rule_ids(_document(name)) if not _cited(i, tests) and not _short_cited(i, names)]
    assert not missing, missing


def test_every_rule_id_the_code_cites_is_a_rule_of_its_game_with_its_text():
    """A cited id that is no rule (a typo, a renamed rule) would show a player an empty rule popover;
    an item letter (``SAM-CLAR-20g``) must name an item its rule has."""
    from lotus_kit.rules import rule_texts

    unknown = []
    for path in (ROOT / "lotus_kit").rglob("*.py"):
        if path.parent.name == "rules":          # its doctests show what an unknown id gives
            continue
        for rule in set(RULE_RE.findall(path.read_text(encoding="utf-8"))):
            whole = re.sub(r"[a-z]$", "", rule)
            text = rule_text(rule)
            if not text or (rule != whole and text == rule_texts(_document_of_id(whole)).get(whole)):
                unknown.append(f"{rule} ({path.relative_to(ROOT)})")
    assert not unknown, sorted(unknown)


def _document_of_id(rule: str) -> str:
    return PREFIXES[rule.split("-", 1)[0]]


def test_an_item_letter_gives_that_item_of_its_rule_in_both_spec_styles():
    assert rule_text("SAM-KI-3b") == "SAM-KI-3 (b). Discard one hand card without effect"
    assert rule_text("WL-REB-9b") == "WL-REB-9 (b). 1 VP chip"
    assert rule_text("SAM-CLAR-20h").startswith("SAM-CLAR-20 (h). Seppuku or an assassination")
    assert "(i)" not in rule_text("SAM-CLAR-20h")
    assert RULE_RE.findall("as SAM-CLAR-20g says, and WL-REB-9a.") == ["SAM-CLAR-20g", "WL-REB-9a"]
    assert rule_text("WL-NOPE-1a") == ""
