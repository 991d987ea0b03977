"""Every file the kit writes appears whole or not at all: a temporary file renamed over the target."""

from __future__ import annotations

import os

import plotly.graph_objects as go
import pytest

import lotus_kit.core.files as files
from lotus_kit.core.files import atomic_open, write_bytes, write_text
from lotus_kit.core.records import load, save
from lotus_kit.views.export import write_html
from lotus_kit.white_lotus.game import new_record


def test_a_write_that_fails_halfway_leaves_the_old_file_and_no_part_file(tmp_path):
    target = tmp_path / "games.csv"
    target.write_text("the good file\n")
    with pytest.raises(KeyboardInterrupt), atomic_open(target) as f:
        f.write("half of a new fi")
        raise KeyboardInterrupt
    assert target.read_text() == "the good file\n"
    assert os.listdir(tmp_path) == ["games.csv"]


def test_a_finished_write_replaces_the_file_with_the_usual_permissions(tmp_path):
    target = tmp_path / "out.bin"
    write_bytes(target, b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01"
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask      # not mkstemp's private 0600
    write_text(target, "new")
    assert target.read_text() == "new" and os.listdir(tmp_path) == ["out.bin"]


def _interrupt_before_rename(monkeypatch):
    def boom(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "fsync", boom)


def test_records_save_interrupted_keeps_the_previous_record(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    first = new_record(3, 1)
    save(first, path)
    before = path.read_text()
    _interrupt_before_rename(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        save(new_record(4, 2), path)
    assert path.read_text() == before and load(path).setup == first.setup
    assert os.listdir(tmp_path) == ["game.json"]


def test_html_export_interrupted_keeps_the_previous_page(tmp_path, monkeypatch):
    path = tmp_path / "board.html"
    path.write_text("<html>the good page</html>")
    _interrupt_before_rename(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        write_html(go.Figure(go.Bar(y=[1, 2])), path, include_plotlyjs="cdn")
    assert path.read_text() == "<html>the good page</html>"
    assert os.listdir(tmp_path) == ["board.html"]
