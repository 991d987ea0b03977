"""Der weiße Lotus: the rules engine, in one import line.

>>> from lotus_kit.white_lotus import new_game, apply, legal_actions, to_act, observation, PlaceMarker
>>> state = new_game(players=4, seed=1)
>>> seat = min(to_act(state))
>>> after = apply(state, legal_actions(state, seat)[0])
>>> observation(after, seat).year, isinstance(legal_actions(state, seat)[0], PlaceMarker)
(1, True)

Every name here also stays importable from its module (``lotus_kit.white_lotus.engine.apply``). Four
functions share their module's name (``observation``, ``position``, ``position_code``, ``decision``):
``from lotus_kit.white_lotus import observation`` gives the function; reach such a module with
``from lotus_kit.white_lotus.observation import ...``. The engine needs the standard library only.
"""

from lotus_kit.core.errors import IllegalAction, PositionError, RecordError
from lotus_kit.white_lotus.actions import (
    Action,
    Bid,
    BreakTie,
    ChooseProvince,
    DeclareRebellion,
    JoinSide,
    Pass,
    PlaceChip,
    PlaceMarker,
    TakeIncome,
    TakeRefund,
    TakeReward,
    TempleDraw,
    action_from_dict,
)
from lotus_kit.white_lotus.bots import HeuristicBot, RandomBot, make_bot, play_game
from lotus_kit.white_lotus.cards import Hand
from lotus_kit.white_lotus.decision import decision
from lotus_kit.white_lotus.engine import apply, legal_actions, new_game, to_act
from lotus_kit.white_lotus.game import WHITE_LOTUS, new_record
from lotus_kit.white_lotus.observation import Observation, observation
from lotus_kit.white_lotus.position import position, validate
from lotus_kit.white_lotus.position_code import position_code, state_from_code
from lotus_kit.white_lotus.redaction import redact
from lotus_kit.white_lotus.rules import FLAGS, RuleSet
from lotus_kit.white_lotus.scoring import score
from lotus_kit.white_lotus.seats import SEAT_NAMES, seat_name
from lotus_kit.white_lotus.state import PHASE_NAMES, Phase, State
from lotus_kit.white_lotus.words import describe_action

__all__ = [
    "FLAGS", "PHASE_NAMES", "SEAT_NAMES", "WHITE_LOTUS", "Action", "Bid", "BreakTie", "ChooseProvince",
    "DeclareRebellion", "Hand", "HeuristicBot", "IllegalAction", "JoinSide", "Observation", "Pass", "Phase",
    "PlaceChip", "PlaceMarker", "PositionError", "RandomBot", "RecordError", "RuleSet", "State", "TakeIncome",
    "TakeRefund", "TakeReward", "TempleDraw", "action_from_dict", "apply", "decision", "describe_action",
    "legal_actions", "make_bot", "new_game", "new_record", "observation", "play_game", "position", "position_code",
    "redact", "score", "seat_name", "state_from_code", "to_act", "validate",
]
