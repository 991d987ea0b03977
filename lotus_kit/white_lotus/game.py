"""Der weiße Lotus as a game of the kit: :data:`WHITE_LOTUS` provides :class:`lotus_kit.core.game.Game`.

The registry (:mod:`lotus_kit.core.registry`) finds it as ``lotus_kit.white_lotus.game:WHITE_LOTUS``.

>>> g = WHITE_LOTUS
>>> g.info.players_text(), g.info.rule_prefix, g.info.flag("WL_DESIGNER").rule
('3 to 6 players', 'WL', 'WL-VAR-2')
>>> s = g.new_game(4, seed=1)
>>> g.decision(s).kind, g.scores(s), g.winners(s)
('claim', (0.0, 0.0, 0.0, 0.0), frozenset())
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from lotus_kit.core.chance import ExplicitChance
from lotus_kit.core.errors import LotusKitError, PositionError, RecordError, quote
from lotus_kit.core.game import Decision, GameInfo
from lotus_kit.core.records import GameRecord
from lotus_kit.core.rng import randbelow, weighted
from lotus_kit.white_lotus import engine
from lotus_kit.white_lotus.actions import Action, action_from_dict
from lotus_kit.white_lotus.board import BUILDING_NAMES, BUILDINGS, board_view
from lotus_kit.white_lotus.rules import FLAG_INFO, RuleSet
from lotus_kit.white_lotus.seats import SEAT_NAMES
from lotus_kit.white_lotus.state import State

NAME = "white_lotus"

INFO = GameInfo(
    name=NAME, title="Der weiße Lotus", min_players=3, max_players=6, default_players=4,
    rule_prefix="WL", rules_document="white-lotus.md", flags=FLAG_INFO,
    bots={"random": "lotus_kit.white_lotus.bots:RandomBot", "heuristic": "lotus_kit.white_lotus.bots:HeuristicBot",
          "montecarlo": "lotus_kit.white_lotus.analysis.mcbot:MonteCarloBot"},
    # all chance is drawn at the start (WL-SETUP-3) and stored in the state
    chance=False, hidden_information=True, sealed_choices=True, seat_names=SEAT_NAMES)


def _rules(flags: Sequence[str]) -> RuleSet:
    try:
        return RuleSet.from_flags(flags)
    except ValueError as exc:
        raise RecordError("rules", str(exc)) from None


class WhiteLotus(ExplicitChance):
    """Der weiße Lotus behind the kit's one game protocol; the engine functions do the work."""

    info = INFO
    name = NAME

    def new_game(self, players: int = INFO.default_players, seed: int = 0, flags: Sequence[str] = ()) -> State:
        return engine.new_game(players, seed, _rules(flags))

    # explicit chance (lotus_kit.core.chance): the whole deal is chance nodes before the first claim
    chance_rule = "WL-SETUP-3"

    def _chance_setup(self, players: int, flags: tuple[str, ...], script: tuple[int, ...]) -> State:
        """The start chips one lotus province at a time, the draw pool top first, the first emperor:
        each chip by how many of its kind are left (WL-SETUP-3), the emperor one seat in ``players``."""
        data = board_view(players).data
        start_left = [data.start_chips(players).get(k, 0) for k in BUILDINGS]
        pool_left = [data.neutral_mix[k] - n for k, n in zip(BUILDINGS, start_left, strict=True)]
        deal: list[list[str]] = [[], []]
        for left, out in zip((start_left, pool_left), deal, strict=True):
            while any(left):
                k, script = weighted(script, left)
                left[k] -= 1
                out.append(BUILDINGS[k])
        emperor, script = randbelow(script, players)
        return engine.new_game(players, 0, _rules(flags), deal=(tuple(deal[0]), tuple(deal[1]), emperor))

    def _chance_words(self, node: Any, outcome: int) -> str:
        start = sum(board_view(node.players).data.start_chips(node.players).values())
        pool = sum(board_view(node.players).data.neutral_mix.values()) - start
        k = len(node.drawn)
        if k < start + pool:
            where = "on a lotus province" if k < start else "next in the draw pool"
            return f"a {BUILDING_NAMES[BUILDINGS[outcome]]} chip {where}"
        return f"{SEAT_NAMES[outcome]} is the first emperor"

    def start(self, setup: Mapping[str, Any], flags: Sequence[str]) -> State:
        rules = _rules(flags)
        unknown = set(setup) - {"players", "seed", "first_emperor", "position"}
        if unknown:
            raise RecordError(f"setup.{sorted(unknown)[0]}", "unknown field")
        if "position" in setup:
            from lotus_kit.white_lotus.position import position

            # the position holds the players, seed and emperor: a second, ignored copy is refused
            beside = sorted(set(setup) - {"position"})
            if beside:
                raise RecordError(f"setup.{beside[0]}", "a setup with a position takes this from setup.position "
                                  "(players, seed, emperor); give it there, once")

            try:
                return position(setup["position"], rules)
            except PositionError as exc:
                raise RecordError("setup.position", "; ".join(exc.reasons)) from None
            except LotusKitError as exc:
                raise RecordError("setup.position", str(exc)) from None
        players, seed = setup.get("players"), setup.get("seed", 0)
        first = setup.get("first_emperor")
        if type(players) is not int or not 3 <= players <= 6:
            raise RecordError("setup.players", f"expected 3 to 6 players, got {quote(players)}")
        if type(seed) is not int:
            raise RecordError("setup.seed", f"expected a whole number, got {quote(seed)}")
        if first is not None and (type(first) is not int or not 0 <= first < players):
            raise RecordError("setup.first_emperor", f"expected a seat from 0 to {players - 1} or null")
        try:
            return engine.new_game(players, seed, rules, first)
        except LotusKitError as exc:
            raise RecordError("setup", str(exc)) from None

    def apply(self, state: State, action: Action) -> State:
        return engine.apply(state, action)

    def legal_actions(self, state: State, seat: int | None = None) -> list[Action]:
        return engine.legal_actions(state, seat)

    def to_act(self, state: State) -> frozenset[int]:
        return engine.to_act(state)

    def is_over(self, state: State) -> bool:
        return state.is_over

    def scores(self, state: State) -> tuple[float, ...]:
        """Each seat's points: the final scoring once over, else the scoring as the board stands (WL-SCORE)."""
        from lotus_kit.white_lotus.scoring import score

        lines = state.scores if state.is_over else score(state)
        return tuple(float(line.total) for line in lines)

    def winners(self, state: State) -> frozenset[int]:
        """The winners after WL-SCORE-5's tie-breaks; empty while the game goes on."""
        return frozenset(state.winners)

    def observation(self, state: State, seat: int | None) -> Any:
        from lotus_kit.white_lotus.observation import observation

        return observation(state, seat)

    def describe(self, action: Action, state: State) -> str:
        from lotus_kit.white_lotus.words import describe_action

        return describe_action(action, state)

    def decision(self, state: State) -> Decision:
        from lotus_kit.white_lotus.decision import decision

        return decision(state)

    def action_from_dict(self, raw: Any, where: str) -> Action:
        return action_from_dict(raw, where)

    def action_to_dict(self, action: Action) -> dict[str, Any]:
        return action.to_dict()

    def redact(self, record: GameRecord, seat: int | None) -> GameRecord:
        """The record as ``seat`` may know it (see :mod:`lotus_kit.white_lotus.redaction`)."""
        from lotus_kit.white_lotus.redaction import redact

        return redact(record, seat)

    def position(self, description: Mapping[str, Any], flags: Sequence[str] = ()) -> State:
        """The state a position description stands for (:mod:`lotus_kit.white_lotus.position`)."""
        from lotus_kit.white_lotus.position import position

        return position(description, RuleSet.from_flags(flags))

    def redraw_hidden(self, state: State, seat: int, rng: random.Random) -> State:
        """The card values of the other hands and the order of the draw pool redrawn (WL-INFO-1)."""
        from lotus_kit.white_lotus.hidden import redraw_hidden

        return redraw_hidden(state, seat, rng)

    # -- for rollouts (optional parts of the protocol, lotus_kit.analysis.rollouts) ---------------------
    judged_kinds = ("PlaceMarker", "Pass", "ChooseProvince", "Bid", "BreakTie", "DeclareRebellion", "JoinSide",
                    "TakeReward", "PlaceChip", "TempleDraw", "TakeIncome")
    """The decisions worth judging for mistakes: all but taking a refund."""

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from ``state`` that the game could have reached: other hands
        redrawn with the same public totals, the pool reshuffled, sealed choices taken back (WL-INFO-1/2)."""
        from lotus_kit.white_lotus.hidden import determinise

        return determinise(state, seat, rng)

    def play_out(self, state: State, bots: Sequence[Any]) -> State:
        """Play to the end; random and heuristic bots run on the fast core (same game, fewer microseconds)."""
        from lotus_kit.white_lotus.bots import play_game

        return play_game(state, bots)


    # -- words for the command line and logs (optional parts of the protocol) ---------------------------
    score_heading = "Final scores (WL-SCORE):"

    def score_table(self, state: State) -> str:
        from lotus_kit.white_lotus.words import score_table

        return score_table(state)

    def summary(self, state: State) -> dict[str, Any]:
        from lotus_kit.white_lotus.words import summary

        return summary(state)

    def log_line(self, event: Any) -> str:
        """An event as a line of the play log: a new phase as a heading, provinces by name."""
        from lotus_kit.white_lotus.seats import plain_names, seat_name

        text = plain_names(event.text(seat_name))
        return ("\n== " + text) if event.kind == "PhaseStarted" else f"   {text}"

    def plain_words(self, text: str) -> str:
        """An engine message as players say it: seats by colour, provinces by name."""
        from lotus_kit.white_lotus.seats import plain_names

        return plain_names(text)


WHITE_LOTUS = WhiteLotus()


def new_record(players: int = 4, seed: int = 0, flags: Sequence[str] = (), first_emperor: int | None = None,
               actions: Sequence[Action] = ()) -> GameRecord:
    """A record of a new game; ``record.start()`` gives its first state."""
    setup: dict[str, Any] = {"players": players, "seed": seed}
    if first_emperor is not None:
        setup["first_emperor"] = first_emperor
    return GameRecord(NAME, setup, tuple(flags), tuple(actions))
