"""Words for the widgets: rule ids linked to the rules text, seat names in their colours, events.

Every rule id in a text (``WL-CONF-8``) becomes a link to the rules specification
(``docs/rules/white-lotus.md``) whose tooltip is the rule itself, read from that file when it is
there (a source checkout); :func:`set_rules_url` points the links elsewhere (a hosted copy).

>>> html = linkify("Blue leaves (WL-CONF-8).")
>>> 'href="' in html and "docs/rules/white-lotus.md" in html and ">WL-CONF-8</a>" in html
True
>>> "WL-CONF-8" in rule_text("WL-CONF-8") or rule_text("WL-CONF-8") == ""
True
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from html import escape
from pathlib import Path

from lotus_kit.ui.session import name_seats
from lotus_kit.views import style as st
from lotus_kit.white_lotus.events import Event
from lotus_kit.white_lotus.seats import SEAT_NAMES

__all__ = ["RULES_FILE", "event_html", "events_html", "linkify", "rule_link", "rule_text", "rules_url",
           "seat_html", "set_rules_url"]

RULES_FILE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "white-lotus.md"
"""The rules specification in a source checkout (absent from an installed wheel)."""

_RULES_URL = os.environ.get("LOTUS_KIT_RULES_URL", "../docs/rules/white-lotus.md")
RULE_RE = re.compile(r"WL-[A-Z]+-\d+")


def rules_url() -> str:
    """Where rule links point: ``$LOTUS_KIT_RULES_URL`` or :func:`set_rules_url`, else
    ``../docs/rules/white-lotus.md`` (right for a notebook in ``notebooks/`` of a checkout served
    from the repository root)."""
    return _RULES_URL


def set_rules_url(url: str) -> None:
    """Point every rule link at ``url`` (e.g. the rules file on the project's web site)."""
    global _RULES_URL
    _RULES_URL = url


@cache
def _rules() -> dict[str, str]:
    """Rule id -> its text, parsed from the specification (bullets and table rows)."""
    try:
        lines = RULES_FILE.read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    out: dict[str, str] = {}
    head = re.compile(r"^\s*-\s+(?:\*\*)?(WL-[A-Z]+-\d+)\b(.*)$")
    row = re.compile(r"^\|\s*(WL-[A-Z]+-\d+)\s*\|(.*)$")
    current = None
    for line in lines:
        m = head.match(line)
        r = row.match(line)
        if m:
            current = m.group(1)
            out[current] = m.group(2)
            continue
        if r:
            cells = [c.strip() for c in r.group(2).split("|") if c.strip()]
            out[r.group(1)] = " · ".join(cells)
            current = None
            continue
        if current and line.startswith("  ") and line.strip():
            out[current] += " " + line.strip()
        else:
            current = None
    clean = {}
    sources = re.compile(r"\s*\[(?:S000|S001|DES|LUD|LUD-EN|BGDE|KEI|SPT|GWP|H9K|FSP|MSM|GJS|LUDG|FR)\b[^\]]*\]")
    for rid, text in out.items():
        text = sources.sub("", re.sub(r"\*\*|`|\*", "", text)).strip(" .:")
        text = re.sub(r"\s+", " ", text)
        clean[rid] = f"{rid}. {text}" if text else rid
    return clean


def rule_text(rule: str, limit: int = 420) -> str:
    """The text of a rule (for tooltips), or "" when the specification is not at hand."""
    text = _rules().get(rule, "")
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def rule_link(rule: str, tip: bool = True) -> str:
    """An HTML link for one rule id, the rule's text as its tooltip (``tip``)."""
    title = (rule_text(rule) if tip else "") or f"{rule} in the rules specification"
    return (f'<a href="{escape(rules_url())}" target="_blank" rel="noopener" class="lotus-rule" '
            f'title="{escape(title)}" style="color:#0b6e99;text-decoration:none;'
            f'border-bottom:1px dotted #0b6e99">{rule}</a>')


@cache
def _ink(seat: int) -> str:
    colour = st.SEAT_COLOURS[seat]
    return st.darken(colour, 0.4) if st.luminance(colour) > 0.45 else colour


def seat_html(seat: int, text: str | None = None) -> str:
    """A seat's name in bold, in its colour (darkened where the colour is too light to read)."""
    return f'<b style="color:{_ink(seat)}">{escape(text or SEAT_NAMES[seat])}</b>'


_NAME_RE = re.compile(r"\b(" + "|".join(SEAT_NAMES) + r")\b")


def linkify(text: str, names: bool = True, tips: bool = True) -> str:
    """Plain text -> HTML: escaped, rule ids linked (with the rule as tooltip when ``tips``), seat
    colours named in their colours."""
    html = escape(text, quote=False)
    html = RULE_RE.sub(lambda m: rule_link(m.group(0), tips), html)
    if names:
        # colour names outside tags only (the link tooltips hold plain text)
        parts = re.split(r"(<[^>]+>)", html)
        html = "".join(p if p.startswith("<") else _NAME_RE.sub(lambda m: seat_html(SEAT_NAMES.index(m.group(1))), p)
                       for p in parts)
    return html


def event_html(event: Event, tips: bool = True) -> str:
    """One event in words, with its rule ids (those its text does not cite already) as links."""
    try:
        return _event_html(event, tips, rules_url())
    except TypeError:                      # an event holding something unhashable
        return _event_html.__wrapped__(event, tips, rules_url())


@lru_cache(maxsize=8192)
def _event_html(event: Event, tips: bool, _url: str) -> str:
    text = name_seats(event.text(lambda s: SEAT_NAMES[s] if s is not None and s >= 0 else "nobody"))
    cited = set(RULE_RE.findall(text))
    extra = [r for r in event.rules if r not in cited]
    html = linkify(text, tips=tips)
    if extra:
        html += ' <span style="font-size:85%">[' + ", ".join(rule_link(r, tips) for r in extra) + "]</span>"
    return html


def events_html(events: Iterable[Event], empty: str = "", max_height: int | None = 180,
                newest_first: bool = False, tips: bool = True) -> str:
    """A list of events as HTML lines (scrolling when ``max_height`` pixels are exceeded)."""
    items = [f"<li>{event_html(e, tips)}</li>" for e in events]
    if newest_first:
        items.reverse()
    if not items:
        return f'<div style="color:#6b6256"><i>{escape(empty)}</i></div>' if empty else ""
    style = f"max-height:{max_height}px;overflow-y:auto;" if max_height else ""
    return (f'<ul class="lotus-events" style="{style}margin:2px 0;padding-left:18px;line-height:1.45">'
            + "".join(items) + "</ul>")


def cards_html(values: Sequence[int], kind: str) -> str:
    """Cards drawn as small coloured tiles (influence blue, combat red)."""
    if not values:
        return '<span style="color:#6b6256"><i>none</i></span>'
    bg, fg = ("#dbe9f6", "#0b4f7a") if kind == "influence" else ("#f7dcd5", "#8a2a10")
    tiles = "".join(
        f'<span style="display:inline-block;min-width:18px;padding:1px 4px;margin:1px;border-radius:4px;'
        f'border:1px solid {fg};background:{bg};color:{fg};text-align:center;font-weight:bold">{v}</span>'
        for v in values)
    return tiles


def box(html: str, tone: str = "info") -> str:
    """A tinted box: ``info`` (neutral), ``ok`` (green), ``warn`` (amber), ``error`` (red)."""
    colours = {"info": ("#f3efe4", "#b9ad95"), "ok": ("#e8f4ea", "#4f9a62"), "warn": ("#fdf3dc", "#c9a227"),
               "error": ("#fbe4e0", "#c0392b")}
    bg, border = colours[tone]
    return (f'<div class="lotus-{tone}" style="background:{bg};border-left:4px solid {border};padding:5px 9px;'
            f'margin:3px 0;border-radius:3px">{html}</div>')
