"""Faster kernel start: defer the IRI grammar that ``jsonschema`` compiles when it is imported.

plotly imports ``nbformat`` at import, ``nbformat`` imports ``jsonschema``, and ``jsonschema`` (with
its ``format-nongpl`` extra, which Jupyter installs) imports ``rfc3987_syntax``, whose module body
compiles an Earley parser for RFC 3987: 2-3 s of a 3.5 s import of the views on an idle core, 9 s
of 12 s on a busy one (measured; jsonschema#1392 and #1521 report the same). Nothing here checks
IRIs, so until something asks, ``rfc3987_syntax`` is a stand-in whose ``is_valid_syntax`` imports the
real module on its first call and answers with it: the same answers, paid for only when used.

>>> defer_iri_grammar() in (True, False)
True
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types

MODULE = "rfc3987_syntax"


def _real():
    """The real module (replacing the stand-in for every later import)."""
    if isinstance(sys.modules.get(MODULE), _StandIn):
        del sys.modules[MODULE]
    return importlib.import_module(MODULE)


class _StandIn(types.ModuleType):
    """``rfc3987_syntax`` until its first use; any attribute but the entry point loads the real one."""

    def __getattr__(self, name: str):
        if name.startswith("__"):         # the import system asks for __path__ etc.: not a use
            raise AttributeError(name)
        return getattr(_real(), name)


def _is_valid_syntax(term: str, value: str) -> bool:
    return _real().is_valid_syntax(term, value)


def defer_iri_grammar() -> bool:
    """Put the stand-in in place unless the real module is loaded already or missing; returns
    whether the stand-in is (now) in place."""
    current = sys.modules.get(MODULE)
    if isinstance(current, _StandIn):
        return True
    if current is not None or importlib.util.find_spec(MODULE) is None:
        return False
    stand_in = _StandIn(MODULE, "stand-in until first use (lotus_kit.views._imports)")
    stand_in.is_valid_syntax = _is_valid_syntax
    sys.modules[MODULE] = stand_in
    return True
