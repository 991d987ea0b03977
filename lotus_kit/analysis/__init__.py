"""Analysis on top of the engine: conflict odds and best bids, the rebellion, positions by rollouts,
a stronger Monte-Carlo bot, and simulation sweeps to pandas (locally or on a Dask cluster).

Needs the ``[analysis]`` extra (numpy, scipy, pandas, tqdm; dask[distributed] for clusters).

- :mod:`~lotus_kit.analysis.conflict` — every outcome of a conflict round (:func:`outcome_table`)
- :mod:`~lotus_kit.analysis.equilibrium` — LP / MIP / regret-matching solvers, deviation checks
- :mod:`~lotus_kit.analysis.bidding` — :func:`best_bids` and the odds of a chosen bid
- :mod:`~lotus_kit.analysis.rebellion` — :func:`rebellion_odds`, :func:`who_leads`
- :mod:`~lotus_kit.analysis.sides` — :func:`best_sides`: the rebellion's sides and combat, solved
- :mod:`~lotus_kit.analysis.hidden` — determinisation (states consistent with one seat's knowledge)
- :mod:`~lotus_kit.analysis.rollouts` — :func:`evaluate` a position, :func:`mistakes` of a game
- :mod:`~lotus_kit.analysis.mcbot` — :class:`MonteCarloBot`
- :mod:`~lotus_kit.analysis.sweeps` — :func:`sweep` (processes or Dask)
"""

from lotus_kit.analysis.bidding import BidAdvice, best_bids, build_game
from lotus_kit.analysis.conflict import ConflictSpec, outcome_table, tie_probabilities
from lotus_kit.analysis.equilibrium import deviation_gains, regret_matching, solve_general_sum, solve_zero_sum
from lotus_kit.analysis.hidden import determinise
from lotus_kit.analysis.mcbot import MonteCarloBot
from lotus_kit.analysis.rebellion import RebellionOdds, rebellion_odds, who_leads
from lotus_kit.analysis.rollouts import Evaluation, evaluate, mistakes
from lotus_kit.analysis.sides import SideAdvice, best_sides
from lotus_kit.analysis.sweeps import Sweep, sweep

__all__ = [
    "BidAdvice",
    "ConflictSpec",
    "Evaluation",
    "MonteCarloBot",
    "RebellionOdds",
    "SideAdvice",
    "Sweep",
    "best_bids",
    "best_sides",
    "build_game",
    "determinise",
    "deviation_gains",
    "evaluate",
    "mistakes",
    "outcome_table",
    "rebellion_odds",
    "regret_matching",
    "solve_general_sum",
    "solve_zero_sum",
    "sweep",
    "tie_probabilities",
    "who_leads",
]
