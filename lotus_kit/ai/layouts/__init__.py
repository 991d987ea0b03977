"""The fixed observation tensor layout of each game (:mod:`lotus_kit.ai.layout`), one module per game."""
