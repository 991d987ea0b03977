"""The views defer the IRI grammar jsonschema would compile at import (seconds of every kernel start)."""

from __future__ import annotations

import subprocess
import sys

import pytest

CHECK = """
import sys
import lotus_kit.views
import plotly.basewidget            # what a FigureWidget imports: nbformat, jsonschema
print("compiled at import:", "rfc3987_syntax.syntax_helpers" in sys.modules)
from jsonschema import FormatChecker
checker = FormatChecker()
print("answers:", checker.conforms("http://a/b c", "iri"), checker.conforms("http://a/b?q#f", "iri"),
      checker.conforms("../x y", "iri-reference"))
print("compiled after a check:", "rfc3987_syntax.syntax_helpers" in sys.modules)
"""


def test_importing_the_views_and_plotly_widgets_leaves_the_iri_grammar_uncompiled_until_an_iri_is_checked():
    pytest.importorskip("rfc3987_syntax")
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True).stdout
    assert "compiled at import: False" in out
    # the real grammar's answers: a space is not allowed in an IRI, the rest is
    assert "answers: False True False" in out
    assert "compiled after a check: True" in out
