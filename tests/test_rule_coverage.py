"""Every rule id of the specification is cited by the code that applies it and by a test."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
SPEC = ROOT / "lotus_kit" / "rules" / "white-lotus.md"
DOCS_COPY = ROOT / "docs" / "rules" / "white-lotus.md"


def _ids() -> list[str]:
    return sorted(set(re.findall(r"WL-[A-Z]+-\d+", SPEC.read_text(encoding="utf-8"))))


def _cited(rule: str, text: str) -> bool:
    return re.search(re.escape(rule) + r"(?!\d)", text) is not None or \
        re.search(re.escape(rule.replace("-", "_")) + r"(?!\d)", text) is not None


def test_the_spec_copy_has_all_its_rule_families():
    families = {i.rsplit("-", 1)[0] for i in _ids()}
    assert {"WL-SETUP", "WL-PLACE", "WL-CONF", "WL-EMP", "WL-REB", "WL-CARDS", "WL-TERR", "WL-SCORE",
            "WL-END", "WL-BOARD", "WL-VAR", "WL-INFO"} <= families
    assert len(_ids()) > 100


def test_every_rule_id_is_cited_in_the_engine():
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "lotus_kit").rglob("*.py"))
    missing = [i for i in _ids() if not _cited(i, code)]
    assert not missing, missing


def test_every_rule_id_is_named_by_a_test():
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py")
                      if p.name != "test_rule_coverage.py")
    missing = [i for i in _ids() if not _cited(i, tests)]
    assert not missing, missing
