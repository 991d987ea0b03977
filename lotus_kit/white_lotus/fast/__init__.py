"""The fast White Lotus core: flat int lists, int-coded actions, straight-line transitions.

>>> from lotus_kit.white_lotus.engine import new_game
>>> from lotus_kit.white_lotus.fast import core, encode, decode
>>> t, s = encode(new_game(4, seed=1))
>>> while s[core.PH] != core.GAME_OVER:
...     s = core.apply(t, s, core.legal(t, s, core.first_to_act(t, s))[0])
>>> decode(t, s).is_over
True
"""

from lotus_kit.white_lotus.fast.codec import decode, encode
from lotus_kit.white_lotus.fast.codes import action_of, code_of

__all__ = ["action_of", "code_of", "decode", "encode"]
