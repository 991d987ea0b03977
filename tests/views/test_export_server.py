"""The image server's deadlines (lotus_kit.views.export): a browser that does not start gives an
ExportError within the deadline, not a wait without end. Its own module: the export tests keep a real
image server open for their whole module."""

from __future__ import annotations

import pytest

from lotus_kit.views import export
from lotus_kit.views.export import ExportError, image_server


@pytest.mark.parametrize("browser", ["#!/bin/sh\nexec sleep 30\n", "#!/bin/sh\nexit 1\n"],
                         ids=["never-answers", "dies-at-once"])
def test_a_browser_that_does_not_start_gives_an_export_error_not_a_hang(browser, tmp_path, monkeypatch):
    """A browser that never answers (a loaded machine) or dies at once: the image server says so within
    its deadline, and the next export starts afresh (kaleido's own sync server would wait for ever)."""
    assert export._server is None
    fake = tmp_path / "chromium"
    fake.write_text(browser)
    fake.chmod(0o755)
    monkeypatch.setenv("BROWSER_PATH", str(fake))
    monkeypatch.setattr(export._ImageServer, "START_SECONDS", 6.0)
    with pytest.raises(ExportError, match=r"browser|kaleido"), image_server():
        pass
    assert export._server is None and export._server_users == 0
