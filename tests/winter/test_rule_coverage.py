"""Every WIN- rule id of Winter's specification is cited by the engine and named by a test."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPEC = ROOT / "lotus_kit" / "rules" / "winter.md"


def _ids() -> list[str]:
    return sorted(set(re.findall(r"WIN-[A-Z]+[0-9]?-\d+", SPEC.read_text(encoding="utf-8"))))


def _cited(rule: str, text: str) -> bool:
    return re.search(re.escape(rule) + r"(?!\d)", text) is not None or \
        re.search(re.escape(rule.replace("-", "_")) + r"(?!\d)", text) is not None


def test_the_spec_has_all_its_rule_families():
    families = {i.rsplit("-", 1)[0] for i in _ids()}
    assert families == {"WIN-CMP", "WIN-GEO", "WIN-SET", "WIN-PH1", "WIN-PH2", "WIN-SPLIT", "WIN-END", "WIN-TIE",
                        "WIN-BGA", "WIN-CLAR"}
    assert len(_ids()) == 46


def test_every_rule_id_is_cited_in_the_engine():
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "lotus_kit" / "winter").rglob("*.py"))
    missing = [i for i in _ids() if not _cited(i, code)]
    assert not missing, missing


def test_every_rule_id_is_named_by_a_test_name():
    names = "\n".join("\n".join(re.findall(r"def (test_\w+)", p.read_text(encoding="utf-8")))
                      for p in (ROOT / "tests" / "winter").glob("test_*.py"))
    missing = [i for i in _ids() if not _cited(i, names)]
    assert not missing, missing
