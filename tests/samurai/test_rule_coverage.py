"""Every SAM- rule id of the specification is cited by the engine and named by a test's name (as
``test_SAM_KI_1_...``), as Winter's coverage test requires: an id met only in a docstring, a comment or an
assertion does not count."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPEC = ROOT / "lotus_kit" / "rules" / "samurai.md"
TESTS = ROOT / "tests" / "samurai"


def _ids() -> list[str]:
    # SAM-KI-3a (the Draw action of SAM-KI-3) is cited by the spec and the engine on its own
    return sorted(set(re.findall(r"SAM-[A-Z]+-\d+[a-z]?(?!\w)", SPEC.read_text(encoding="utf-8"))))


def _cited(rule: str, text: str) -> bool:
    return re.search(re.escape(rule) + r"(?!\d)", text) is not None or \
        re.search(re.escape(rule.replace("-", "_")) + r"(?!\d)", text) is not None


def _test_names() -> str:
    return "\n".join("\n".join(re.findall(r"def (test_\w+)", p.read_text(encoding="utf-8")))
                     for p in TESTS.glob("test_*.py"))


def test_the_spec_has_all_its_rule_families():
    families = {i.rsplit("-", 1)[0] for i in _ids()}
    assert families == {"SAM-CMP", "SAM-SET", "SAM-TURN", "SAM-HON", "SAM-KI", "SAM-PLAY", "SAM-EVT", "SAM-DEC",
                        "SAM-BAT", "SAM-ALLY", "SAM-END", "SAM-TIE", "SAM-CLAR"}
    assert len(_ids()) == 82


def test_every_rule_id_is_cited_in_the_engine():
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "lotus_kit" / "samurai").rglob("*.py"))
    missing = [i for i in _ids() if not _cited(i, code)]
    assert not missing, missing


def test_every_rule_id_is_named_by_a_test_name():
    names = _test_names()
    missing = [i for i in _ids() if not _cited(i, names)]
    assert not missing, missing


def test_every_rule_id_in_a_test_name_is_one_of_the_spec():
    # an id of §14 may carry the letter of its item (SAM_CLAR_20d); a typo would name no rule at all
    known = {i.replace("-", "_") for i in _ids()}
    named = set(re.findall(r"SAM_[A-Z]+_\d+[a-z]?", _test_names()))
    unknown = sorted(n for n in named if n not in known and re.sub(r"[a-z]$", "", n) not in known)
    assert not unknown, unknown
