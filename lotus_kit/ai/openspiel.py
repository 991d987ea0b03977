"""Every game of the kit as an OpenSpiel game (``pip install lotus-kit[ai]``).

>>> import pyspiel
>>> from lotus_kit.ai.openspiel import register_all
>>> names = register_all()
>>> game = pyspiel.load_game("lotus_winter")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_players(), game.get_type().chance_mode.name
(True, 2, 'EXPLICIT_STOCHASTIC')

Each registered game of the kit is registered as ``lotus_<name>`` (``lotus_white_lotus``, ``lotus_winter``,
``lotus_samurai``, ``lotus_ming``; the tests' toy auction as ``lotus_toy``) over the flat integer layer
(:mod:`lotus_kit.ai.flat`), with honest facts:

- **Sequential.** Sealed simultaneous choices (White Lotus bids, Ming's split) are taken one seat at a
  time; a seat's choice stays out of every other seat's observation and information state until the
  engine reveals it, so the game is IMPERFECT_INFORMATION wherever the kit's game has hidden information
  or sealed choices.
- **Chance.** EXPLICIT_STOCHASTIC where the game has explicit chance (:mod:`lotus_kit.core.chance`:
  all four games of the kit): every draw and die is a chance node with its outcomes, so a game's
  history is its whole course and a state is rebuilt from its history alone. A game without that hook
  but with chance is SAMPLED_STOCHASTIC: its draws come from the ``seed`` parameter inside the engine.
  A game without chance is DETERMINISTIC.
- **Parameters.** ``players`` (the game's default), ``explicit_chance`` (True where possible), ``seed``
  (used only without explicit chance) and one boolean per variant flag of the game, named as its rules
  specification names it (``SEPPUKU_NEEDS_CARDS=True``).
- **Returns** at the end only, zero-sum: the winners share +1 and the others -1 (see ``FlatGame.returns``).
- **Observations** through ``make_py_observer``: strings and tensors from ``game.observation(state, seat)``
  only; the information state (perfect recall) adds the seat's own ids and a digest of everything it
  observed after each step (string), or the seat's own past ids in order and counted (tensor). The
  tensors' layouts: :meth:`FlatGame.observation_tensor` (the observation in fixed named blocks per game,
  :mod:`lotus_kit.ai.layouts`), :meth:`FlatGame.information_state_tensor`; the observer's ``dict`` names
  every block.

Bots: ``make_bot(game, "openspiel:mcts")`` and ``"openspiel:ismcts"`` (:mod:`lotus_kit.core.bots`) give
bots that take a seat at the kit's table and in sweeps by running OpenSpiel's MCTS or ISMCTS on the
OpenSpiel game; they search worlds drawn with the game's ``determinise`` (all four games have one).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

from lotus_kit.ai.flat import CHANCE, FlatGame, FlatState
from lotus_kit.core.chance import is_chance
from lotus_kit.core.registry import games, get_game

__all__ = ["PREFIX", "ISMCTSBot", "LotusGame", "MCTSBot", "OpenSpielBot", "game_type", "load", "register",
           "register_all"]

PREFIX = "lotus_"
_REGISTERED: dict[str, pyspiel.GameType] = {}


def _has_explicit_chance(game: Any) -> bool:
    return hasattr(game, "chance_start") and hasattr(game, "apply_chance")


def game_type(game: Any) -> pyspiel.GameType:
    """The OpenSpiel facts of a game of the kit (see the module text)."""
    info = game.info
    explicit = _has_explicit_chance(game)
    if explicit:
        chance = pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    elif info.chance:
        chance = pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    else:
        chance = pyspiel.GameType.ChanceMode.DETERMINISTIC
    hidden = info.hidden_information or info.sealed_choices
    params: dict[str, Any] = {"players": info.default_players, "explicit_chance": explicit, "seed": 0}
    params.update({key: _param_default(flag) for key, flag in _flag_params(info).items()})
    return pyspiel.GameType(
        short_name=PREFIX + info.name,
        long_name=f"{info.title} (lotus_kit)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _flag_params(info: Any) -> dict[str, Any]:
    """OpenSpiel parameter name -> flag: the flag's name, with ``=`` (Ming's ``NEUTRAL_RETURN=NONE``
    switch) written ``_`` because a game string reads ``name=value``."""
    return {flag.name.replace("=", "_"): flag for flag in info.flags}


def _param_default(flag: Any) -> Any:
    """A switch is a boolean (off); a number flag its default number; a text flag its default text."""
    if flag.kind == "switch":
        return False
    if flag.kind == "number":
        return int(flag.default) if flag.default else 0
    return flag.default


def _flags_of(info: Any, params: dict[str, Any]) -> tuple[str, ...]:
    """The kit's flag settings the parameters ask for (a value flag only when it differs from its default)."""
    out = []
    for key, flag in _flag_params(info).items():
        value = params.get(key, _param_default(flag))
        if flag.kind == "switch":
            if value:
                out.append(flag.name)
        elif value != _param_default(flag) and value != "":
            out.append(info.check_flag(f"{flag.name}={value}"))
    return tuple(out)


def _max_chance_outcomes(flat: FlatGame) -> int:
    """The widest chance node: the setup's deal draws from the full deck (every later draw has fewer
    cards to choose from, dice six faces), so walking the deal gives the bound."""
    if not flat.explicit_chance:
        return 0
    widest, state = 0, flat.game.chance_start(flat.num_players, flat.flags)
    while is_chance(state):
        widest = max(widest, len(state.weights))
        state = flat.game.apply_chance(state, state.outcomes()[0][0])
    return widest


class LotusGame(pyspiel.Game):
    """A game of the kit for OpenSpiel; made by ``pyspiel.load_game("lotus_<name>", {...})``."""

    kit_game: Any = None        # the kit's game object (set on the subclass :func:`register` makes)

    def __init__(self, params: dict[str, Any] | None = None):
        params = dict(params or {})
        kit_game = self.kit_game
        kind = _REGISTERED[PREFIX + kit_game.name]
        full = {**kind.parameter_specification, **params}
        flags = _flags_of(kit_game.info, full)
        explicit = bool(full["explicit_chance"]) and _has_explicit_chance(kit_game)
        self.flat = FlatGame(kit_game, int(full["players"]), flags, explicit_chance=explicit)
        self.seed = int(full["seed"])
        widest = _max_chance_outcomes(self.flat)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.flat.num_actions,
            max_chance_outcomes=widest,
            num_players=self.flat.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.flat.max_game_length,      # chance nodes included (the encoding's bounds)
        )
        super().__init__(kind, info, full)

    def new_initial_state(self) -> LotusState:
        return LotusState(self, self.flat.new_state(self.seed))

    def make_py_observer(self, iig_obs_type=None, params=None) -> LotusObserver:
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return LotusObserver(self.flat, perfect_recall)


class _Shared:
    """A flat state kept by reference: it is an immutable value, so a cloned OpenSpiel state (OpenSpiel
    deep-copies Python states) shares it instead of copying the engine states behind it."""

    __slots__ = ("cache", "flat", "fs")

    def __init__(self, flat: FlatGame, fs: FlatState):
        self.flat = flat
        self.fs = fs
        self.cache: dict[tuple[str, int], Any] = {}     # observation strings of this state, per seat

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self

    def __reduce__(self) -> tuple:
        # OpenSpiel serialises a Python state by pickling it: a state is its game and its history
        flat, fs = self.flat, self.fs
        return _rebuild, (flat.game.name, flat.num_players, flat.flags, flat.explicit_chance, fs.seed, fs.history)


def _rebuild(name: str, players: int, flags: tuple[str, ...], explicit: bool, seed: int,
             history: tuple[int, ...]) -> _Shared:
    flat = load(name, players, flags, explicit_chance=explicit, seed=seed).flat
    return _Shared(flat, flat.from_history(history, seed))


def draw_world(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A world ``seat`` cannot tell from ``state``: the game's ``determinise`` where it has one (a position
    the game could reach: White Lotus keeps each hand's influence and combat totals), else its
    ``redraw_hidden`` (the same public facts, not always a reachable position: a search in such a world
    can meet a seat with no legal action)."""
    determinise = getattr(game, "determinise", None)
    if determinise is None:
        return game.redraw_hidden(state, seat, rng)
    world = determinise(state, seat, rng)
    # A determinisation may take back other seats' sealed choices (White Lotus does, for its own
    # Monte-Carlo bot, which then simulates them). A tree search keys its nodes by the seat's
    # information state, which knows who has committed: each such seat commits again, at random from
    # its redrawn hand, so the world is one the seat cannot tell from the real state.
    before = game.to_act(state)
    for other in sorted(game.to_act(world) - before):
        world = game.apply(world, rng.choice(game.legal_actions(world, other)))
    return world


class LotusState(pyspiel.State):
    """One OpenSpiel state over a :class:`~lotus_kit.ai.flat.FlatState`."""

    def __init__(self, game: LotusGame, fs: FlatState):
        super().__init__(game)
        self._held = _Shared(game.flat, fs)

    @property
    def _flat(self) -> FlatGame:
        return self._held.flat

    @property
    def flat_state(self) -> FlatState:
        return self._held.fs

    @property
    def engine_state(self) -> Any:
        """The kit's state (a chance node of :mod:`lotus_kit.core.chance` while chance decides)."""
        return self._held.fs.state

    def current_player(self) -> int:
        return self._held.fs.player

    def _legal_actions(self, player: int) -> list[int]:
        fs = self._held.fs
        return self._flat.legal_ids(fs) if player == fs.player else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._flat.chance_outcomes(self._held.fs)

    def _apply_action(self, action: int) -> None:
        self._held = _Shared(self._flat, self._flat.apply_id(self._held.fs, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        fs, flat = self._held.fs, self._flat
        if player == CHANCE:
            describe = getattr(flat.game, "describe_chance", None)
            return describe(fs.state, action) if describe is not None and fs.player == CHANCE \
                else f"chance outcome {action}"
        words = flat.encoding.words(action) if 0 <= action < flat.num_actions else f"id {action}"
        if player != fs.player:
            return f"{flat.game.info.seat_name(player)}: {words}"
        text = flat.id_to_string(fs, action)
        # two ids may complete actions the game words alike: the id's own words keep them apart
        return text if words in text else f"{text} [{words}]"

    def is_terminal(self) -> bool:
        return self._flat.is_terminal(self._held.fs)

    def returns(self) -> list[float]:
        return self._flat.returns(self._held.fs)

    def resampled(self, seat: int, rng: random.Random) -> LotusState:
        """This state with everything ``seat`` may not know redrawn (:func:`draw_world`): the same
        history and the same information state for ``seat``, another possible world behind it. In the
        world drawn, chance still to come is drawn by the world's own generator."""
        fs = self._held.fs
        world = draw_world(self._flat.game, fs.state, seat, rng)
        clone = self.clone()
        clone._held = _Shared(self._flat, FlatState(world, fs.player, fs.prefix, fs.history, fs.seed, fs.engine_steps,
                                        fs.options, fs.parent))
        return clone

    def __str__(self) -> str:
        fs = self._held.fs
        if is_chance(fs.state):
            return f"chance node after {len(fs.history)} steps"
        return f"{self._flat.game.decision(fs.state).text} (after {len(fs.history)} steps)"


class LotusObserver:
    """OpenSpiel's Python observer: ``tensor``/``dict`` and ``set_from``/``string_from``; with perfect recall
    the information state, otherwise the observation (layouts: :meth:`FlatGame.observation_tensor`,
    :meth:`FlatGame.information_state_tensor`). The tensor's parts are named in ``dict``."""

    def __init__(self, flat: FlatGame, perfect_recall: bool):
        self.flat = flat
        self.perfect_recall = perfect_recall
        size = flat.information_state_size if perfect_recall else flat.observation_size
        self.tensor = np.zeros(size, np.float32)
        cuts = flat.information_state_parts() if perfect_recall else flat.observation_parts()
        self.dict, at = {}, 0
        for name, width in cuts.items():
            self.dict[name] = self.tensor[at:at + width]
            at += width

    def set_from(self, state: LotusState, player: int) -> None:
        held = state._held
        fs, key = held.fs, ("obs tensor", player)
        seen = held.cache.get(key)          # the observation part is the costly one: once per state and seat
        if seen is None:
            seen = held.cache[key] = self.flat.observation_tensor(fs, player, np.zeros(self.flat.observation_size,
                                                                                      np.float32))
        if self.perfect_recall:
            self.tensor[:len(seen)] = seen
            self.tensor[len(seen):] = self.flat.own_recall(fs, player)
        else:
            self.tensor[:] = seen

    def string_from(self, state: LotusState, player: int) -> str:
        held = state._held
        key = ("info" if self.perfect_recall else "obs", player)
        text = held.cache.get(key)
        if text is None:
            fs = held.fs
            text = (self.flat.information_state_string(fs, player) if self.perfect_recall
                    else self.flat.observation_string(fs, player))
            held.cache[key] = text
        return text


def register(name: str) -> str:
    """Register the kit's game ``name`` with OpenSpiel (once); its OpenSpiel name, ``lotus_<name>``."""
    kit_game = get_game(name)
    short = PREFIX + kit_game.name
    if short not in _REGISTERED:
        kind = game_type(kit_game)
        _REGISTERED[short] = kind

        # a class per game (as OpenSpiel's own Python games register theirs)
        cls = type(f"Lotus_{kit_game.name}", (LotusGame,), {"kit_game": kit_game})
        pyspiel.register_game(kind, cls)
    return short


def register_all() -> list[str]:
    """Register every game the kit lists whose action encoding exists; their OpenSpiel names."""
    from lotus_kit.ai.flat import ENCODINGS

    return [register(name) for name in games() if name in ENCODINGS]


def load(name: str, players: int | None = None, flags: Sequence[str] = (), **params: Any) -> LotusGame:
    """``pyspiel.load_game`` of the kit's game ``name`` (registered on first use)."""
    short = register(name)
    if players is not None:
        params["players"] = players
    info = get_game(name).info
    for written in flags:       # "SEPPUKU_NEEDS_CARDS", "targetHonor=250", Ming's switch "NEUTRAL_RETURN=NONE"
        flag = info.flag(written) if written in info.flag_names else info.flag(written.partition("=")[0])
        value = written.partition("=")[2]
        params[flag.name.replace("=", "_")] = (True if flag.kind == "switch"
                                               else int(value) if flag.kind == "number" else value)
    return pyspiel.load_game(short, params)


# ---- bots at the kit's table -------------------------------------------------------------------------

class StandingEvaluator:
    """An MCTS evaluator that reads the kit's standing instead of playing random flat games to the end:
    each seat's score above the average of the seats, scaled into -1..1 (the game's returns at the end).

    The standing alone is flat for long stretches (in White Lotus it moves only when a conflict or a year
    is scored), so a search that reads it where it stands sees every move tie and picks at random among
    sub-steps. The evaluator therefore first plays random engine actions from the position (the action in
    progress completed at random among its legal completions) until the standing moves, at most
    ``horizon`` of them, and reads the standing there: cheap next to a flat rollout to the end.
    ``horizon=0`` reads the standing where it stands.

    A random step costs its legal-action list, and some lists are long (a Winter thaw offers hundreds of
    moves, each an action object; a White Lotus bid up to 720): the rollout also stops once the lists it
    built held ``budget`` actions in all, so one evaluation costs a bounded amount of work in every game
    (a Winter thaw a few steps, a White Lotus year its usual ~30)."""

    def __init__(self, horizon: int = 30, rng: random.Random | None = None, budget: int = 1500):
        self.horizon = horizon
        self.rng = rng or random.Random(0)
        self.budget = budget

    def evaluate(self, state: LotusState) -> np.ndarray:
        fs = state.flat_state
        if state.is_terminal():
            return np.array(state.returns())
        game = state._flat.game
        if is_chance(fs.state):
            engine = fs.state.before
            if engine is None:
                return np.zeros(state.num_players())
        else:
            engine = self._rollout(game, fs)
        if game.is_over(engine):
            return np.array(state._flat.returns_of(engine))
        scores = np.array(game.scores(engine), dtype=float)
        centred = scores - scores.mean()
        spread = np.abs(centred).max()
        return centred / (spread + 1.0)

    def _rollout(self, game: Any, fs: FlatState) -> Any:
        engine = fs.state
        if fs.prefix and fs.options:            # the seat's action in progress, completed at random
            engine = game.apply(engine, self.rng.choice(fs.options)[1])
        standing = game.scores(engine)
        seen = 0
        for _ in range(self.horizon):
            if game.is_over(engine) or game.scores(engine) != standing or seen >= self.budget:
                break
            legal = game.legal_actions(engine, min(game.to_act(engine)))   # sealed choices seat by seat
            if not legal:       # a drawn world can leave a seat without a card the step needs: read it here
                break
            seen += len(legal)
            engine = game.apply(engine, self.rng.choice(legal))
        return engine

    def prior(self, state: LotusState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class OpenSpielBot:
    """A bot of the kit's bot seam backed by OpenSpiel's MCTS or ISMCTS (``kind``).

    At each decision it searches from a world the seat cannot tell from the true one: the kit's state with
    everything the seat may not know redrawn (the game's ``determinise``), so it reads no more than the
    seat's observation. MCTS searches that one world (a determinisation); ISMCTS draws a fresh world for
    every simulation. A big action (a bid: a target, then cards) is searched one sub-step at a time.
    Positions are valued by the standing a few random engine actions on, once it moves (``horizon``, ``budget``,
    :class:`StandingEvaluator`), unless ``rollouts`` asks for random games to the end (slow in the long
    games: a White Lotus game is hundreds of flat steps).
    """

    kind = "ismcts"

    def __init__(self, seed: int = 0, game: Any = None, simulations: int = 20, rollouts: int = 0,
                 uct_c: float = 2.0, horizon: int = 30, budget: int = 1500):
        self.name = f"openspiel:{self.kind}"
        self.kit_game = get_game(game) if isinstance(game, str) else game
        self.simulations = simulations
        self.rollouts = rollouts
        self.uct_c = uct_c
        self.horizon = horizon          # random engine actions before the standing is read
        self.budget = budget            # legal actions an evaluation's random steps may list in all
        self.rng = random.Random(seed)
        self._games: dict[tuple[int, tuple[str, ...]], LotusGame] = {}

    def _spiel_game(self, state: Any) -> LotusGame:
        game = self.kit_game
        players = len(game.scores(state))
        rules = getattr(state, "rules", None)
        flags = tuple(rules.flags()) if callable(getattr(rules, "flags", None)) else ()
        key = (players, flags)
        if key not in self._games:
            # chance inside the engine: the bot starts from a position the table reached, not from a deal
            self._games[key] = load(game.name, players, flags, explicit_chance=False)
        return self._games[key]

    def _search(self, spiel_game: LotusGame) -> pyspiel.Bot:
        from open_spiel.python.algorithms import ismcts, mcts

        seed = self.rng.randrange(2**31)
        evaluator = (mcts.RandomRolloutEvaluator(self.rollouts, np.random.RandomState(seed)) if self.rollouts
                     else StandingEvaluator(self.horizon, random.Random(seed + 3), self.budget))
        if self.kind == "mcts":
            return mcts.MCTSBot(spiel_game, self.uct_c, self.simulations, evaluator,
                                random_state=np.random.RandomState(seed + 1), solve=False)
        bot = ismcts.ISMCTSBot(spiel_game, evaluator, self.uct_c, self.simulations,
                               random_state=np.random.RandomState(seed + 1))
        worlds = random.Random(seed + 2)
        bot.set_resampler(lambda st, seat: st.resampled(seat, worlds))
        return bot

    def choose(self, state: Any, seat: int) -> Any:
        """The action of ``seat`` at the kit's ``state``."""
        game = self.kit_game
        spiel_game = self._spiel_game(state)
        flat = spiel_game.flat
        world = draw_world(game, state, seat, self.rng)
        options = tuple((flat.encoding.encode(game, a, world), a) for a in game.legal_actions(world, seat))
        if len(options) == 1:
            return options[0][1]
        spiel_state = LotusState(spiel_game, FlatState(world, seat, (), (), 0, 0, options))
        search = self._search(spiel_game)
        while True:
            action_id = search.step(spiel_state)
            action = flat.action_of(spiel_state.flat_state, action_id)
            if action is not None:
                return action         # the seat's own action: the same in the world and the true state
            spiel_state.apply_action(action_id)


class MCTSBot(OpenSpielBot):
    """OpenSpiel's MCTS in one world drawn for the seat (``make_bot(game, "openspiel:mcts")``)."""

    kind = "mcts"


class ISMCTSBot(OpenSpielBot):
    """OpenSpiel's ISMCTS over worlds drawn for the seat (``make_bot(game, "openspiel:ismcts")``)."""

    kind = "ismcts"


# ---- a cross-check of the kit's bid equilibria by OpenSpiel's CFR ------------------------------------

def conflict_game(bid_game: Any) -> pyspiel.Game:
    """A White Lotus conflict's bidding game (``analysis.bidding.build_game``, two participants) as an
    OpenSpiel matrix game: the zero-sum utilities the kit's LP solves (own utility minus the rival's)."""
    if len(bid_game.participants) != 2:
        raise ValueError("the matrix game is for conflicts of two participants")
    row = np.asarray(bid_game.relative_utilities()[0], dtype=float)
    names = [[f"{t}:{total}" for t, total in bid_game.options[s]] for s in bid_game.participants]
    return pyspiel.create_matrix_game("lotus_conflict", "White Lotus conflict bids", names[0], names[1],
                                      row.tolist(), (-row).tolist())


def cfr_bids(bid_game: Any, iterations: int = 500) -> tuple[np.ndarray, np.ndarray, float, float]:
    """OpenSpiel's CFR+ on :func:`conflict_game`: the average strategies of both participants (over their
    options), the row participant's value under them and their NashConv (what best responses would gain)."""
    from open_spiel.python.algorithms import cfr, exploitability

    game = pyspiel.convert_to_turn_based(conflict_game(bid_game))
    solver = cfr.CFRPlusSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    root = game.new_initial_state()
    first = average.action_probabilities(root)
    after = root.child(root.legal_actions()[0])
    second = average.action_probabilities(after)
    row = np.array([first.get(a, 0.0) for a in range(len(bid_game.options[bid_game.participants[0]]))])
    col = np.array([second.get(a, 0.0) for a in range(len(bid_game.options[bid_game.participants[1]]))])
    value = float(row @ np.asarray(bid_game.relative_utilities()[0]) @ col)
    return row, col, value, float(exploitability.nash_conv(game, average))
