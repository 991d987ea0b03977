"""The action encodings of the kit's games, one module per game: ``encoding(game, players, flags)``."""
