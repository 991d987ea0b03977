"""Every MING rule id of the specification is cited by the engine and named by a Ming test."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPEC = ROOT / "lotus_kit" / "rules" / "ming-dynasty.md"


def _ids() -> list[str]:
    return sorted(set(re.findall(r"MING-[A-Z]+\d?-\d+", SPEC.read_text(encoding="utf-8"))))


def _cited(rule: str, text: str, short: bool = False) -> bool:
    """``MING-SCORE-4`` or ``MING_SCORE_4``; with ``short`` (test names of this directory, where
    ``test_MING_SCORE_4_CLAR_11_...`` names two rules) also ``_CLAR_11``."""
    forms = [rule, rule.replace("-", "_")] + (["_" + rule.removeprefix("MING-").replace("-", "_")] if short else [])
    return any(re.search(re.escape(f) + r"(?!\d)", text) for f in forms)


def test_the_spec_has_all_its_rule_families():
    assert {i.rsplit("-", 1)[0] for i in _ids()} == {f"MING-{a}" for a in (
        "CMP", "BRD", "SET", "RND", "PH1", "PH2", "PH3", "DEP", "SCORE", "END", "TWO", "CLAR")}
    assert len(_ids()) == 66


def test_every_ming_rule_id_is_cited_in_the_engine():
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "lotus_kit" / "ming").rglob("*.py"))
    missing = [i for i in _ids() if not _cited(i, code)]
    assert not missing, missing


def test_every_ming_rule_id_is_named_by_a_test():
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests" / "ming").rglob("test_*.py")
                      if p.name != "test_ming_rule_coverage.py")
    missing = [i for i in _ids() if not _cited(i, tests, short=True)]
    assert not missing, missing
