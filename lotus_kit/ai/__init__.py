"""The kit's games for game-AI libraries: a fixed integer action encoding (:mod:`lotus_kit.ai.flat`),
PettingZoo environments (:mod:`lotus_kit.ai.pettingzoo`) and OpenSpiel games (:mod:`lotus_kit.ai.openspiel`).

Nothing here is imported by the engines or the core; the flat layer needs the standard library only,
PettingZoo and OpenSpiel come with the ``ai`` extra (``pip install lotus-kit[ai]``).
"""
