"""The rules texts, shipped inside the package (so an installed wheel has them too).

Each game's rules specification is a Markdown file next to this module (``white-lotus.md``,
``winter.md``, ``samurai.md``, ``ming-dynasty.md``); every rule in it has an id with the game's prefix:
``WL-CONF-8``, ``WIN-GEO-2``, ``SAM-CMP-1``, ``MING-BRD-1``. The specs write a rule in one of two styles,
and both are read: a bullet (``- **WL-CONF-8. Who leaves.** ...`` with indented continuation lines, or
a table row ``| WL-COMP-3 | ... |``) or a paragraph that opens with the id in bold (``**SAM-CMP-1** ...``,
running on until a blank line). :func:`rules_text` reads a file through :mod:`importlib.resources`
(a checkout, an installed wheel or a zip on ``sys.path`` alike), :func:`rule_texts` gives each rule
id its text, for the rule popovers of the widgets, and :func:`rule_text` finds a rule of any game
by its prefix.

>>> rule_text("WL-CONF-8").startswith("WL-CONF-8. Who leaves")
True
>>> rule_text("SAM-CMP-1").startswith("SAM-CMP-1. 110 cards, 6 six-sided dice")
True
>>> rule_text("WL-NOPE-1"), document_of("XYZ-A-1")
('', None)
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from importlib import resources

__all__ = ["GAMES", "PREFIXES", "RULE_RE", "document_of", "rule_ids", "rule_text", "rule_texts", "rules_text"]


def _documents() -> dict[str, str]:
    return {p.name[:-3]: p.name for p in resources.files(__name__).iterdir() if p.name.endswith(".md")}


GAMES = _documents()
"""Rules document name -> its file in this package (``"white-lotus"`` -> ``"white-lotus.md"``)."""

_ID = r"[A-Z]+-[A-Z]+\d?-\d+"          # WL-CONF-8, MING-PH1-2


# source keys of the specification ("[S000, S001]"): where a rule comes from, not what it says
_SOURCES = re.compile(r"\s*\[(?:S000|S001|DES|LUD|LUD-EN|BGDE|KEI|SPT|GWP|H9K|FSP|MSM|GJS|LUDG|FR)\b[^\]]*\]")
_HEAD = re.compile(rf"^\s*-\s+(?:\*\*)?({_ID})\b(.*)$")           # "- **WL-CONF-8. Who leaves.** ..."
_ROW = re.compile(rf"^\|\s*({_ID})\s*\|(.*)$")                       # "| WL-COMP-1 | Board | 1 | ... |"
_PARA = re.compile(rf"^\*\*({_ID})\b(.*)$")                           # "**SAM-CMP-1** 110 cards, ..."
_LETTERED = re.compile(r"^-\s+\([a-z]\)\s")          # "- (a) **Draw** ...": an item of the rule above


def document_of(rule: str) -> str | None:
    """The rules document a rule id belongs to, by its prefix (None for an unknown prefix)."""
    return PREFIXES.get(rule.split("-", 1)[0]) if isinstance(rule, str) else None


def rule_ids(game: str = "white-lotus") -> list[str]:
    """Every rule id the document ``game`` defines or cites with its own prefix, sorted."""
    prefix = _prefix_of(game)
    return sorted(set(re.findall(rf"\b{prefix}-[A-Z]+\d?-\d+\b", rules_text(game))))


def rules_text(game: str = "white-lotus") -> str:
    """The whole rules specification of ``game`` (Markdown)."""
    return resources.files(__name__).joinpath(GAMES[game]).read_text(encoding="utf-8")


def _prefix_of(document: str) -> str:
    """The rule-id prefix a document uses most (its own; it may cite another game's in passing)."""
    found = Counter(m.split("-", 1)[0] for m in re.findall(rf"\b{_ID}\b", rules_text(document)))
    return found.most_common(1)[0][0] if found else ""


PREFIXES: dict[str, str] = {p: doc for doc in sorted(GAMES) if (p := _prefix_of(doc))}
"""Rule-id prefix -> rules document: ``{"WL": "white-lotus", "SAM": "samurai", ...}``."""

RULE_RE = re.compile(rf"\b(?:{'|'.join(sorted(PREFIXES, key=len, reverse=True))})-[A-Z]+\d?-\d+[a-z]?\b")
"""A rule id of any game shipped here, with an item letter where the code cites one item of a rule
(``SAM-CLAR-20g``: item (g) of SAM-CLAR-20)."""

_ITEM = re.compile(rf"^({_ID})([a-z])$")


@cache
def rule_texts(game: str = "white-lotus") -> dict[str, str]:
    """Rule id -> the rule in one line of plain text (``"WL-CONF-8. Who leaves. ..."``), parsed
    from the specification's bullets (with their indented continuation lines), table rows and bold
    paragraphs (running on to the next blank line, heading, table or rule)."""
    out: dict[str, str] = {}
    current, paragraph = None, False
    for line in rules_text(game).splitlines():
        head, row, para = _HEAD.match(line), _ROW.match(line), _PARA.match(line)
        if head:
            current, paragraph = head.group(1), False
            out[current] = head.group(2)
        elif para:
            current, paragraph = para.group(1), True
            out.setdefault(current, para.group(2))
        elif row:
            out.setdefault(row.group(1), " · ".join(c.strip() for c in row.group(2).split("|") if c.strip()))
            current = None
        elif current and line.strip() and (line.startswith("  ") or (paragraph and (
                _LETTERED.match(line) or not line.lstrip().startswith(("#", "|", "- ", "* "))))):
            out[current] += " " + (line.strip()[1:].lstrip() if _LETTERED.match(line) else line.strip())
        else:
            current = None
    clean = {}
    for rid, text in out.items():
        text = _SOURCES.sub("", re.sub(r"\*\*|`|\*", "", text)).strip(" .:")
        text = re.sub(r"\s+", " ", text)
        clean[rid] = f"{rid}. {text}" if text else rid
    return clean


def rule_text(rule: str, limit: int | None = None) -> str:
    """The text of one rule (cut to ``limit`` characters with "…"), or "" for an unknown id. An id
    with an item letter gives that item of its rule, or the whole rule where the item is not found.

    >>> rule_text("SAM-CLAR-20g", 60)
    'SAM-CLAR-20 (g). When one side has 0 dice, the other side s…'
    >>> rule_text("SAM-KI-3a")
    'SAM-KI-3 (a). Draw the top card of the deck — only if the hand holds fewer than 7 cards'
    """
    document = document_of(rule)
    texts = rule_texts(document) if document is not None else {}
    text = texts.get(rule, "")
    if not text and (item := _ITEM.match(rule)) and (whole := texts.get(item.group(1), "")):
        parent, letter = item.groups()
        found = re.search(rf"\({letter}\)\s*(.*?)(?=\s*(?:-\s*)?\([{chr(ord(letter) + 1)}]\)\s|$)", whole)
        text = f"{parent} ({letter}). {found.group(1).strip(' ;.')}" if found else whole
    return text if limit is None or len(text) <= limit else text[: limit - 1].rstrip() + "…"
