"""Shared states for the view tests: bot games played once per session."""

from __future__ import annotations

import pytest

from lotus_kit.white_lotus.bots import bot_game
from lotus_kit.white_lotus.state import State


@pytest.fixture(scope="session")
def game4() -> list[State]:
    return bot_game(4, 3)


@pytest.fixture(scope="session")
def game5() -> list[State]:
    return bot_game(5, 3)


@pytest.fixture(scope="session")
def game6() -> list[State]:
    return bot_game(6, 2)
