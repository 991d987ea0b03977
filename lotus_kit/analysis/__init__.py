"""Analysis on top of the engines: equilibrium solvers, positions by rollouts and simulation sweeps to
pandas (locally or on a Dask cluster), plus, for the notebooks, White Lotus's bid and rebellion studies.

Needs the ``[analysis]`` extra (numpy, scipy, pandas, tqdm; dask[distributed] for clusters).

Generic:

- :mod:`~lotus_kit.analysis.equilibrium` — LP / MIP / regret-matching solvers, deviation checks
- :mod:`~lotus_kit.analysis.rollouts` — :func:`evaluate` a position, :func:`mistakes` of a game
  (White Lotus positions for now)
- :mod:`~lotus_kit.analysis.sweeps` — :func:`sweep` (processes or Dask), any game by ``game=``

A game's own analysis lives in its package: :mod:`lotus_kit.white_lotus.analysis` (conflict, bidding,
rebellion, sides, mcbot), :mod:`lotus_kit.samurai.analysis`, :mod:`lotus_kit.ming.analysis`. Their old
paths here (``lotus_kit.analysis.bidding``, ``lotus_kit.analysis.samurai``, ...) re-export them.

The names below are imported on first use, so that importing one module of a game's analysis (which
builds on the solvers here) does not import every other game's.
"""

from __future__ import annotations

import importlib
from typing import Any

_WL = "lotus_kit.white_lotus.analysis."
_HOME = {
    "BidAdvice": _WL + "bidding", "best_bids": _WL + "bidding", "build_game": _WL + "bidding",
    "ConflictSpec": _WL + "conflict", "outcome_table": _WL + "conflict", "tie_probabilities": _WL + "conflict",
    "deviation_gains": "lotus_kit.analysis.equilibrium", "regret_matching": "lotus_kit.analysis.equilibrium",
    "solve_general_sum": "lotus_kit.analysis.equilibrium", "solve_zero_sum": "lotus_kit.analysis.equilibrium",
    "determinise": "lotus_kit.white_lotus.hidden",
    "MonteCarloBot": _WL + "mcbot",
    "RebellionOdds": _WL + "rebellion", "rebellion_odds": _WL + "rebellion", "who_leads": _WL + "rebellion",
    "Evaluation": "lotus_kit.analysis.rollouts", "evaluate": "lotus_kit.analysis.rollouts",
    "mistakes": "lotus_kit.analysis.rollouts",
    "SideAdvice": _WL + "sides", "best_sides": _WL + "sides",
    "Sweep": "lotus_kit.analysis.sweeps", "sweep": "lotus_kit.analysis.sweeps",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'lotus_kit.analysis' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value                     # the next look-up is an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOME])


__all__ = sorted(_HOME)
