"""The toy auction's ids: one per bid of 0..5 coins (every seat starts with 5, TOY-BID-1)."""

from lotus_kit.ai.encoding import Encoding, Shape


def encoding(game, players, flags) -> Encoding:
    return Encoding("toy", [Shape("Bid", [("coins", range(6))])], max_engine_actions=6)
