"""Every SAM- rule id of the specification is cited by the engine and named by a test."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPEC = ROOT / "lotus_kit" / "rules" / "samurai.md"


def _ids() -> list[str]:
    return sorted(set(re.findall(r"SAM-[A-Z]+-\d+", SPEC.read_text(encoding="utf-8"))))


def _cited(rule: str, text: str) -> bool:
    return re.search(re.escape(rule) + r"(?!\d)", text) is not None or \
        re.search(re.escape(rule.replace("-", "_")) + r"(?!\d)", text) is not None


def test_the_spec_has_all_its_rule_families():
    families = {i.rsplit("-", 1)[0] for i in _ids()}
    assert {"SAM-CMP", "SAM-SET", "SAM-TURN", "SAM-HON", "SAM-KI", "SAM-PLAY", "SAM-EVT", "SAM-DEC", "SAM-BAT",
            "SAM-ALLY", "SAM-END", "SAM-TIE", "SAM-CLAR"} <= families
    assert len(_ids()) > 80


def test_every_rule_id_is_cited_in_the_engine():
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "lotus_kit" / "samurai").rglob("*.py"))
    missing = [i for i in _ids() if not _cited(i, code)]
    assert not missing, missing


def test_every_rule_id_is_named_by_a_test():
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests" / "samurai").rglob("test_*.py")
                      if p.name != "test_rule_coverage.py")
    missing = [i for i in _ids() if not _cited(i, tests)]
    assert not missing, missing
