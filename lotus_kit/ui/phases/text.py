"""Words for the widgets: rule ids shown with their rule in place, seat names in their colours, events.

Every rule id in a text (``WL-CONF-8``) becomes a small popover: a ``<details>`` whose summary is the
id (hover: the rule as tooltip) and whose body, opened by a click, is the rule's text from the rules
specification shipped in the package (:mod:`lotus_kit.rules`). It is plain HTML with inline styles,
no script and no link to follow, so it works the same in JupyterLab, Notebook 7, Voilà and from an
installed wheel, with no network. :func:`set_rules_url` adds a link to a hosted copy of the whole
rules text to each popover.

>>> html = linkify("Blue leaves (WL-CONF-8).")
>>> '<summary' in html and ">WL-CONF-8</summary>" in html and "Who leaves" in html and "href" not in html
True
>>> rule_text("WL-CONF-8").startswith("WL-CONF-8. Who leaves")
True
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from html import escape
from typing import Any

from lotus_kit.rules import RULE_RE, rule_text
from lotus_kit.ui.session import name_seats
from lotus_kit.views import style as st
from lotus_kit.views.style import SEAT_NAMES  # the default palette's colour names

Event = Any                                        # any game's event: ``kind`` and ``text(name)``

__all__ = ["event_html", "events_html", "linkify", "rule_link", "rule_text", "rules_url", "seat_html",
           "set_rules_url", "shown_text"]

_RULES_URL = os.environ.get("LOTUS_KIT_RULES_URL", "")
_TIP_LIMIT = 420            # characters of a rule in the hover tooltip; the popover shows it whole


def rules_url() -> str:
    """A hosted copy of the whole rules text each popover links to (``$LOTUS_KIT_RULES_URL`` or
    :func:`set_rules_url`); "" (the default) for none: the popovers need no server path."""
    return _RULES_URL


def set_rules_url(url: str) -> None:
    """Add a link to ``url`` (e.g. the rules file on the project's web site) to every rule popover."""
    global _RULES_URL
    _RULES_URL = url


_ID_STYLE = "color:#0b6e99;border-bottom:1px dotted #0b6e99;cursor:pointer"
_BODY_STYLE = ("display:block;margin:3px 0 5px;padding:4px 8px;background:#fdf8ea;border-left:3px solid #0b6e99;"
               "border-radius:3px;color:#3b352b;font-size:92%;font-weight:normal;line-height:1.4;white-space:normal")


def rule_link(rule: str, tip: bool = True) -> str:
    """One rule id as HTML: with ``tip``, a popover (``<details>``) that opens on a click and shows the
    rule's text, which is also the hover tooltip; without, the id alone, styled alike."""
    text = rule_text(rule) if tip else ""
    if not text:
        return f'<span class="lotus-rule" style="{_ID_STYLE};cursor:default">{rule}</span>'
    short = text if len(text) <= _TIP_LIMIT else text[: _TIP_LIMIT - 1].rstrip() + "…"
    more = (f' <a href="{escape(rules_url())}" target="_blank" rel="noopener">the whole rules text</a>'
            if rules_url() else "")
    # inline-block: closed, the id stays in its sentence; open, the box takes the line's width below it
    # (a display:inline details still breaks the line in Chromium: its content box is a block)
    return (f'<details class="lotus-rule" style="display:inline-block;vertical-align:top;max-width:100%">'
            f'<summary title="{escape(short)}" style="display:inline;{_ID_STYLE}">{rule}</summary>'
            f'<span class="lotus-rule-text" style="{_BODY_STYLE}">{escape(text, quote=False)}{more}</span></details>')


_RULE_BODY = re.compile(r'<span class="lotus-rule-text".*?</span></details>', re.S)


def shown_text(html: str) -> str:
    """What a reader sees of ``html`` with every rule popover closed: the tags and rule texts go.

    >>> shown_text(linkify("Blue leaves (WL-CONF-8)."))
    'Blue leaves (WL-CONF-8).'
    """
    return re.sub(r"<[^>]+>", "", _RULE_BODY.sub("", html))


@cache
def _ink(seat: int, colour: str | None = None) -> str:
    colour = colour or st.SEAT_COLOURS[seat]
    return st.darken(colour, 0.4) if st.luminance(colour) > 0.45 else colour


def seat_html(seat: int, text: str | None = None, colour: str | None = None) -> str:
    """A seat's name in bold, in its colour (darkened where the colour is too light to read);
    ``colour``: the game's own colour of the seat (default: White Lotus's)."""
    return f'<b style="color:{_ink(seat, colour)}">{escape(text or SEAT_NAMES[seat])}</b>'


@cache
def _seat_names(colours: tuple[tuple[str, str], ...] | None
                ) -> tuple[dict[str, tuple[int, str | None]], re.Pattern[str]]:
    """Each name's seat and colour (None: White Lotus's), and the pattern finding the names."""
    seats = colours or tuple((n, "") for n in SEAT_NAMES)
    ink = {n: (i, c or None) for i, (n, c) in enumerate(seats)}
    names = sorted(ink, key=len, reverse=True)
    return ink, re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")


def linkify(text: str, names: bool = True, tips: bool = True,
            colours: tuple[tuple[str, str], ...] | None = None) -> str:
    """Plain text -> HTML: escaped, rule ids linked (with the rule as tooltip when ``tips``), seat
    colours named in their colours. ``colours``: a game's own ``(name, colour)`` per seat (Samurai's
    Red is not White Lotus's); White Lotus's seats without it.

    >>> shown_text(linkify("Red attacks Blue", colours=(("Red", "#d62728"), ("Blue", "#1f77b4"))))
    'Red attacks Blue'
    >>> '#d62728' in linkify("Red attacks", colours=(("Red", "#d62728"),))
    True
    """
    html = escape(text, quote=False)
    html = RULE_RE.sub(lambda m: rule_link(m.group(0), tips), html)
    if names:
        ink, pattern = _seat_names(colours)
        # colour names outside tags only (the link tooltips hold plain text)
        parts = re.split(r"(<[^>]+>)", html)
        def named(m: re.Match[str]) -> str:
            seat, colour = ink[m.group(1)]
            return seat_html(seat, m.group(1), colour)

        html = "".join(p if p.startswith("<") else pattern.sub(named, p) for p in parts)
    return html


def event_html(event: Event, tips: bool = True, names: tuple[str, ...] = SEAT_NAMES,
               colours: tuple[str, ...] | None = None) -> str:
    """One event in words (seats called by ``names``, the game's own, in ``colours``, the game's own
    colours of those seats), with its rule ids (those its text does not cite already) as links."""
    try:
        return _event_html(event, tips, rules_url(), tuple(names), tuple(colours) if colours else None)
    except TypeError:                      # an event holding something unhashable
        return _event_html.__wrapped__(event, tips, rules_url(), tuple(names), tuple(colours) if colours else None)


@lru_cache(maxsize=8192)
def _event_html(event: Event, tips: bool, _url: str, names: tuple[str, ...] = SEAT_NAMES,
                colours: tuple[str, ...] | None = None) -> str:
    text = name_seats(event.text(lambda s: names[s] if s is not None and 0 <= s < len(names) else "nobody"))
    cited = set(RULE_RE.findall(text))
    extra = [r for r in getattr(event, "rules", ()) if r not in cited]
    html = linkify(text, tips=tips, colours=tuple(zip(names, colours, strict=False)) if colours else None)
    if extra:
        html += ' <span style="font-size:85%">[' + ", ".join(rule_link(r, tips) for r in extra) + "]</span>"
    return html


def events_html(events: Iterable[Event], empty: str = "", max_height: int | None = 180,
                newest_first: bool = False, tips: bool = True, names: tuple[str, ...] = SEAT_NAMES,
                colours: tuple[str, ...] | None = None) -> str:
    """A list of events as HTML lines (scrolling when ``max_height`` pixels are exceeded)."""
    items = [f"<li>{event_html(e, tips, names, colours)}</li>" for e in events]
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
