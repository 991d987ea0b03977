"""White Lotus analysis (numpy, scipy, pandas): the conflict's bids and the rebellion's sides, solved,
and a Monte-Carlo bot. The game's engine never imports it; the UI's advisor and the notebooks do.

- :mod:`~lotus_kit.white_lotus.analysis.conflict` — every outcome of a conflict round (``outcome_table``)
- :mod:`~lotus_kit.white_lotus.analysis.bidding` — ``best_bids`` and the odds of a chosen bid
- :mod:`~lotus_kit.white_lotus.analysis.rebellion` — ``rebellion_odds``, ``who_leads``
  (:mod:`~lotus_kit.white_lotus.analysis.rebellion_model`: the strength distributions it reads)
- :mod:`~lotus_kit.white_lotus.analysis.sides` — ``best_sides``: the rebellion's sides and combat, solved
  (:mod:`~lotus_kit.white_lotus.analysis.sides_values`, :mod:`~lotus_kit.white_lotus.analysis.sides_path`)
- :mod:`~lotus_kit.white_lotus.analysis.mcbot` — ``MonteCarloBot``

The generic parts they build on stay in :mod:`lotus_kit.analysis` (equilibrium solvers, rollouts,
sweeps); the old paths ``lotus_kit.analysis.bidding`` and so on keep working.
"""
