"""The rules texts, shipped inside the package (so an installed wheel has them too).

Each game's rules specification is a Markdown file next to this module (``white-lotus.md``); every
rule in it has an id like ``WL-CONF-8``. :func:`rules_text` reads a file through
:mod:`importlib.resources` (a checkout, an installed wheel or a zip on ``sys.path`` alike), and
:func:`rule_texts` gives each rule id its text, for the rule popovers of the widgets.

>>> rule_text("WL-CONF-8").startswith("WL-CONF-8. Who leaves")
True
>>> rule_text("WL-NOPE-1")
''
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

__all__ = ["GAMES", "RULE_RE", "rule_text", "rule_texts", "rules_text"]

GAMES = {"white-lotus": "white-lotus.md"}
"""Game name -> its rules file in this package."""

RULE_RE = re.compile(r"WL-[A-Z]+-\d+")

# source keys of the specification ("[S000, S001]"): where a rule comes from, not what it says
_SOURCES = re.compile(r"\s*\[(?:S000|S001|DES|LUD|LUD-EN|BGDE|KEI|SPT|GWP|H9K|FSP|MSM|GJS|LUDG|FR)\b[^\]]*\]")
_HEAD = re.compile(r"^\s*-\s+(?:\*\*)?(WL-[A-Z]+-\d+)\b(.*)$")     # "- **WL-CONF-8. Who leaves.** ..."
_ROW = re.compile(r"^\|\s*(WL-[A-Z]+-\d+)\s*\|(.*)$")                 # "| WL-VAR-3 | flag | ... |"


def rules_text(game: str = "white-lotus") -> str:
    """The whole rules specification of ``game`` (Markdown)."""
    return resources.files(__name__).joinpath(GAMES[game]).read_text(encoding="utf-8")


@cache
def rule_texts(game: str = "white-lotus") -> dict[str, str]:
    """Rule id -> the rule in one line of plain text (``"WL-CONF-8. Who leaves. ..."``), parsed
    from the specification's bullets (with their indented continuation lines) and table rows."""
    out: dict[str, str] = {}
    current = None
    for line in rules_text(game).splitlines():
        head, row = _HEAD.match(line), _ROW.match(line)
        if head:
            current = head.group(1)
            out[current] = head.group(2)
        elif row:
            out[row.group(1)] = " · ".join(c.strip() for c in row.group(2).split("|") if c.strip())
            current = None
        elif current and line.startswith("  ") and line.strip():
            out[current] += " " + line.strip()
        else:
            current = None
    clean = {}
    for rid, text in out.items():
        text = _SOURCES.sub("", re.sub(r"\*\*|`|\*", "", text)).strip(" .:")
        text = re.sub(r"\s+", " ", text)
        clean[rid] = f"{rid}. {text}" if text else rid
    return clean


def rule_text(rule: str, limit: int | None = None) -> str:
    """The text of one rule (cut to ``limit`` characters with "…"), or "" for an unknown id."""
    text = rule_texts().get(rule, "")
    return text if limit is None or len(text) <= limit else text[: limit - 1].rstrip() + "…"
