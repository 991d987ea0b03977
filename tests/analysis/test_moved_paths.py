"""A game's analysis lives in its package; the old import paths under lotus_kit.analysis still give the
very same objects (README, notebooks and scripts use them)."""

from __future__ import annotations

import importlib

import pytest

MOVED = {
    "bidding": "lotus_kit.white_lotus.analysis.bidding",
    "conflict": "lotus_kit.white_lotus.analysis.conflict",
    "rebellion": "lotus_kit.white_lotus.analysis.rebellion",
    "rebellion_model": "lotus_kit.white_lotus.analysis.rebellion_model",
    "sides": "lotus_kit.white_lotus.analysis.sides",
    "sides_path": "lotus_kit.white_lotus.analysis.sides_path",
    "sides_values": "lotus_kit.white_lotus.analysis.sides_values",
    "mcbot": "lotus_kit.white_lotus.analysis.mcbot",
    "samurai": "lotus_kit.samurai.analysis",
    "ming": "lotus_kit.ming.analysis",
}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_analysis_path_gives_the_moved_modules_names(old):
    shim = importlib.import_module(f"lotus_kit.analysis.{old}")
    home = importlib.import_module(MOVED[old])
    own = [n for n, v in vars(home).items() if not n.startswith("_") and getattr(v, "__module__", "") == home.__name__]
    offered = getattr(home, "__all__", None) or own
    assert offered, "the moved module offers names"
    for name in offered:
        assert getattr(shim, name) is getattr(home, name), name
    private = next(n for n, v in vars(home).items() if n.startswith("_") and not n.startswith("__") and callable(v))
    assert getattr(shim, private) is getattr(home, private)       # a module's other names too
    with pytest.raises(AttributeError):
        shim.no_such_name  # noqa: B018


def test_the_analysis_package_names_resolve_to_their_homes():
    import lotus_kit.analysis as analysis
    from lotus_kit.analysis import best_bids, best_sides, determinise, sweep
    from lotus_kit.analysis.sweeps import sweep as sweep_home
    from lotus_kit.white_lotus.analysis.bidding import best_bids as bids_home
    from lotus_kit.white_lotus.analysis.sides import best_sides as sides_home
    from lotus_kit.white_lotus.hidden import determinise as determinise_home

    assert (best_bids, best_sides, determinise, sweep) == (bids_home, sides_home, determinise_home, sweep_home)
    assert set(analysis.__all__) <= set(dir(analysis))
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        analysis.nothing  # noqa: B018


def test_the_white_lotus_bot_table_names_the_moved_monte_carlo_bot():
    from lotus_kit.core.bots import make_bot
    from lotus_kit.white_lotus.analysis.mcbot import MonteCarloBot
    from lotus_kit.white_lotus.game import WHITE_LOTUS

    assert isinstance(make_bot(WHITE_LOTUS, "montecarlo", 0), MonteCarloBot)
