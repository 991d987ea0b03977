"""Every game of the kit as a sequence of small integer decisions, for game-AI libraries.

OpenSpiel and PettingZoo want one seat to act at a time, choosing an integer from a fixed range.
:class:`FlatGame` gives them that over any registered game:

- **Fixed ids.** Each game has an :class:`~lotus_kit.ai.encoding.Encoding` per player count and flag
  set: ``num_actions`` ids known up front, the same id meaning the same thing in every state.
- **Sub-steps.** An action too big to number at once (a White Lotus bid: a target, then card values one
  by one) is a few ids taken in a row by the same seat; the ids chosen so far are kept in the
  :class:`FlatState`, and the engine sees the whole action once its last id is taken.
- **Sealed choices one seat at a time.** When several seats must act (sealed bids), the lowest of them
  acts first; the engine keeps each choice hidden until all are in, and a seat's partial choice is
  never part of another seat's observation.
- **Chance.** By default inside the engine, drawn from the seed (``explicit_chance=False``). With
  ``explicit_chance=True`` the game starts from ``chance_start(players, flags)`` and every draw and die
  is a :data:`CHANCE` node (``chance_outcomes``/``apply_chance``, :mod:`lotus_kit.core.chance`); the
  history then holds the chance outcomes too, and ``new_state`` ignores its seed.

>>> flat = FlatGame("white_lotus", players=3)
>>> fs = flat.new_state(seed=1)
>>> flat.current_player(fs), len(flat.legal_ids(fs)) > 0
(1, True)
>>> fs2 = flat.from_history(flat.history(flat.apply_id(fs, flat.legal_ids(fs)[0])), seed=1)
>>> fs2 == flat.apply_id(fs, flat.legal_ids(fs)[0])
True
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lotus_kit.ai.encoding import Encoding, TooLong
from lotus_kit.ai.layout import Layout
from lotus_kit.ai.observe import canonical, features
from lotus_kit.core.chance import is_chance
from lotus_kit.core.errors import IllegalAction
from lotus_kit.core.registry import get_game

__all__ = ["CHANCE", "ENCODINGS", "FEATURES", "LAYOUTS", "OWN_STEPS", "TERMINAL", "FlatGame", "FlatState",
           "encoding_for", "layout_for", "register_encoding", "register_layout"]

CHANCE = -1
TERMINAL = -4
FEATURES = 1024
"""Numbers of the hashed observation of a game without a layout (see :mod:`lotus_kit.ai.observe`)."""

ENCODINGS: dict[str, str] = {
    "white_lotus": "lotus_kit.ai.encodings.white_lotus:encoding",
    "winter": "lotus_kit.ai.encodings.winter:encoding",
    "samurai": "lotus_kit.ai.encodings.samurai:encoding",
    "ming": "lotus_kit.ai.encodings.ming:encoding",
}
"""game name -> ``"module:function"``; the function ``(game, players, flags) -> Encoding``."""


LAYOUTS: dict[str, str] = {
    "white_lotus": "lotus_kit.ai.layouts.white_lotus:layout",
    "winter": "lotus_kit.ai.layouts.winter:layout",
    "samurai": "lotus_kit.ai.layouts.samurai:layout",
    "ming": "lotus_kit.ai.layouts.ming:layout",
}
"""game name -> ``"module:function"``; the function ``(game, players, flags, encoding) -> Layout``: the
observation tensor's fixed blocks (:mod:`lotus_kit.ai.layout`). A game without one has its observation
hashed into ``FEATURES`` numbers."""

OWN_STEPS: dict[str, int] = {"white_lotus": 2000, "winter": 600, "samurai": 600, "ming": 600}
"""Per game, the own steps (ids) whose order the information-state tensor keeps (other games: 1,000). The
most one seat took in 20 random games at the fewest and the most players: White Lotus 234 (3 players) and
269 (6), Winter 68, Samurai 79 (3) and 56 (6), Ming 129 (2) and 127 (4); the bounds are several times
that, for longer games between searching bots. Beyond it, the tensor's counts still hold every own id."""


def register_encoding(name: str, target: Any) -> None:
    """Give the game ``name`` its encoding: a ``"module:function"`` text or the function itself."""
    ENCODINGS[name] = target


def encoding_for(game: Any, players: int, flags: Sequence[str] = ()) -> Encoding:
    """The encoding of ``game`` for ``players`` seats and ``flags``; ``KeyError`` when it has none."""
    target = ENCODINGS.get(game.name)
    if target is None:
        raise KeyError(f"no action encoding for the game {game.name!r}; known: {', '.join(ENCODINGS)}")
    if isinstance(target, str):
        module, _, attr = target.partition(":")
        target = getattr(importlib.import_module(module), attr)
    return target(game, players, tuple(flags))


def register_layout(name: str, target: Any) -> None:
    """Give the game ``name`` its observation tensor layout: a ``"module:function"`` text or the function."""
    LAYOUTS[name] = target


def layout_for(game: Any, players: int, flags: Sequence[str], encoding: Encoding) -> Layout | None:
    """The observation tensor layout of ``game`` for ``players`` seats and ``flags``; None when it has none."""
    target = LAYOUTS.get(game.name)
    if target is None:
        return None
    if isinstance(target, str):
        module, _, attr = target.partition(":")
        target = getattr(importlib.import_module(module), attr)
    return target(game, players, tuple(flags), encoding)


@dataclass(frozen=True, eq=False)
class FlatState:
    """One flat step: the engine state, who acts, the ids taken so far towards the seat's next engine
    action (``prefix``), and the whole id history. An immutable value: :meth:`FlatGame.apply_id`
    returns a new one."""

    state: Any
    player: int
    prefix: tuple[int, ...]
    history: tuple[int, ...]
    seed: int
    engine_steps: int
    options: tuple[tuple[tuple[int, ...], Any], ...] = field(repr=False)  # (ids, action) starting with prefix
    parent: FlatState | None = field(default=None, repr=False)
    memo: dict = field(default_factory=dict, repr=False)                  # information-state digests

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, FlatState) and self.history == other.history and self.seed == other.seed
                and self.state == other.state)

    def __hash__(self) -> int:
        return hash((self.history, self.seed))


class FlatGame:
    """A game of the kit with a fixed integer action encoding (see the module text)."""

    def __init__(self, game: str | Any, players: int | None = None, flags: Sequence[str] = (),
                 explicit_chance: bool = False):
        self.game = get_game(game) if isinstance(game, str) else game
        info = self.game.info
        self.num_players = info.default_players if players is None else players
        self.flags = tuple(flags)
        try:                                     # the engine knows which counts its flags allow (ALLOW_2P)
            self.game.new_game(self.num_players, 0, self.flags)
        except Exception as exc:
            raise ValueError(f"{info.title} ({info.players_text()}) cannot start with {self.num_players} "
                             f"players and flags {list(self.flags)}: {exc}") from None
        self.explicit_chance = explicit_chance
        if explicit_chance and not hasattr(self.game, "chance_start"):
            raise ValueError(f"{info.title} has no explicit chance (no chance_start/chance_outcomes/apply_chance)")
        self.encoding = encoding_for(self.game, self.num_players, self.flags)
        self.num_actions = self.encoding.num_actions
        self.max_engine_actions = self.encoding.max_engine_actions
        self.layout = layout_for(self.game, self.num_players, self.flags, self.encoding)
        self.own_steps = OWN_STEPS.get(self.game.name, 1000)
        enc = self.encoding
        self.max_game_length = self.max_engine_actions * enc.max_steps
        """Flat steps of the longest game: a game is cut off after ``max_engine_actions`` engine actions
        (its result then is its standing), each taking at most ``encoding.max_steps`` ids; with explicit
        chance, plus the draws of the setup and at most ``chance_per_action`` after each action."""
        if explicit_chance:
            self.max_game_length += enc.chance_at_start + self.max_engine_actions * enc.chance_per_action

    # --- building states ---
    def new_state(self, seed: int = 0) -> FlatState:
        if self.explicit_chance:
            state = self.game.chance_start(self.num_players, self.flags)
        else:
            state = self.game.new_game(self.num_players, seed, self.flags)
        return self._at_engine_state(state, (), seed, 0, None)

    def _at_engine_state(self, state: Any, history: tuple[int, ...], seed: int, steps: int,
                         parent: FlatState | None) -> FlatState:
        game = self.game
        if self.explicit_chance and is_chance(state):
            return FlatState(state, CHANCE, (), history, seed, steps, (), parent)
        if game.is_over(state) or steps >= self.max_engine_actions:
            return FlatState(state, TERMINAL, (), history, seed, steps, (), parent)
        seat = min(game.to_act(state))
        options = []
        for action in game.legal_actions(state, seat):
            try:
                options.append((self.encoding.encode(game, action, state), action))
            except TooLong:          # beyond the encoding's bound: left out (see Seq.max_len of the game)
                continue
        return FlatState(state, seat, (), history, seed, steps, tuple(options), parent)

    def from_history(self, ids: Sequence[int], seed: int = 0) -> FlatState:
        """The state reached from ``new_state(seed)`` by the ids (chance outcomes included)."""
        fs = self.new_state(seed)
        for i in ids:
            fs = self.apply_id(fs, i)
        return fs

    # --- the game's course ---
    def current_player(self, fs: FlatState) -> int:
        return fs.player

    def is_terminal(self, fs: FlatState) -> bool:
        return fs.player == TERMINAL

    def legal_ids(self, fs: FlatState) -> list[int]:
        if fs.player == CHANCE:
            return [o for o, _ in self.chance_outcomes(fs)]
        k = len(fs.prefix)
        return sorted({ids[k] for ids, _ in fs.options})

    def legal_mask(self, fs: FlatState) -> list[int]:
        mask = [0] * self.num_actions
        if fs.player >= 0:
            for i in self.legal_ids(fs):
                mask[i] = 1
        return mask

    def apply_id(self, fs: FlatState, action_id: int) -> FlatState:
        """The next flat state; ``ValueError`` naming the id and the rule when ``action_id`` is not legal."""
        history = (*fs.history, action_id)
        if fs.player == CHANCE:
            if action_id not in dict(self.chance_outcomes(fs)):
                raise ValueError(f"chance outcome {action_id} is not possible here")
            state = self.game.apply_chance(fs.state, action_id)
            return self._at_engine_state(state, history, fs.seed, fs.engine_steps, fs)
        if fs.player == TERMINAL:
            raise ValueError(f"action id {action_id}: the game is over")
        k = len(fs.prefix)
        left = tuple(o for o in fs.options if o[0][k] == action_id) if type(action_id) is int else ()
        if not left:
            decision = self.game.decision(fs.state)
            what = self.encoding.words(action_id) if type(action_id) is int and 0 <= action_id < self.num_actions \
                else "no action of this game"
            raise ValueError(f"action id {action_id!r} ({what}) is not legal now: {decision.text} "
                             f"({', '.join(decision.rules)})")
        prefix = (*fs.prefix, action_id)
        if len(left) == 1 and len(left[0][0]) == len(prefix):
            try:
                state = self.game.apply(fs.state, left[0][1])
            except IllegalAction as exc:        # the engine listed it as legal: a bug worth a loud message
                raise ValueError(f"action id {action_id}: the engine refused its own legal action: {exc}") from exc
            return self._at_engine_state(state, history, fs.seed, fs.engine_steps + 1, fs)
        return FlatState(fs.state, fs.player, prefix, history, fs.seed, fs.engine_steps, left, fs)

    def action_of(self, fs: FlatState, action_id: int) -> Any | None:
        """The engine action ``action_id`` completes at ``fs`` (None when it is a partial step or illegal)."""
        k = len(fs.prefix)
        left = [o for o in fs.options if o[0][k] == action_id]
        return left[0][1] if len(left) == 1 and len(left[0][0]) == k + 1 else None

    def chance_outcomes(self, fs: FlatState) -> list[tuple[int, float]]:
        if fs.player != CHANCE:
            return []
        return list(self.game.chance_outcomes(fs.state))

    def id_to_string(self, fs: FlatState, action_id: int) -> str:
        """The game's own words for the action ``action_id`` completes; the id's words for a sub-step."""
        if fs.player == CHANCE:
            return f"chance outcome {action_id}"
        action = self.action_of(fs, action_id) if fs.player >= 0 else None
        if action is not None:
            return self.game.describe(action, fs.state)
        seat = self.game.info.seat_name(fs.player) if fs.player >= 0 else "nobody"
        return f"{seat}: {self.encoding.words(action_id)}"

    def returns(self, fs: FlatState) -> list[float]:
        """At the end, zero-sum: the winners share +1, the others share -1 (everyone wins: all 0); before
        the end, all 0. A game cut off after ``max_engine_actions`` is scored by its standing."""
        if fs.player != TERMINAL:
            return [0.0] * self.num_players
        return self.returns_of(fs.state)

    def returns_of(self, state: Any) -> list[float]:
        """:meth:`returns` of a finished engine state."""
        n = self.num_players
        winners = set(self.game.winners(state))
        if not winners:                          # cut off: the leaders by score win
            scores = self.game.scores(state)
            winners = {s for s in range(n) if scores[s] == max(scores)}
        if len(winners) == n:
            return [0.0] * n
        return [1.0 / len(winners) if s in winners else -1.0 / (n - len(winners)) for s in range(n)]

    # --- what a seat may know ---
    def _observe(self, state: Any, seat: int) -> Any:
        """``game.observation(state, seat)``; at a chance node, of the state before the step that draws
        (the setup: nothing yet)."""
        if is_chance(state):
            state = state.before
            if state is None:
                return None
        return self.game.observation(state, seat)

    def observation_string(self, fs: FlatState, seat: int) -> str:
        """Who acts, the seat's own partial choice, and ``game.observation(state, seat)``."""
        own = fs.prefix if fs.player == seat else ()
        return f"acting {fs.player}; choosing {list(own)}; {canonical(self._observe(fs.state, seat))}"

    def observation_parts(self) -> dict[str, int]:
        """The observation tensor's blocks in order, name -> width: the game's layout (``observation.<block>``,
        :mod:`lotus_kit.ai.layouts`; ``hashed_observation`` for a game without one), the seat's own partial
        choice (a count per id), who acts (one-hot over the seats, then 1 for chance or the end)."""
        if self.layout is not None:
            parts = {f"observation.{b.name}": b.width for b in self.layout.blocks}
        else:
            parts = {"hashed_observation": FEATURES}
        return parts | {"own_partial_choice": self.num_actions, "acting": self.num_players + 1}

    def information_state_parts(self) -> dict[str, int]:
        """The information-state tensor's blocks: :meth:`observation_parts`, then whose information state it is
        (``seat``, one-hot: the same observation is another information set for another seat), the seat's
        own ids in the order it took them (``own_history``) and how often it took each (``own_ids_taken``)."""
        return self.observation_parts() | {"seat": self.num_players, "own_history": self.own_steps,
                                           "own_ids_taken": self.num_actions}

    def slices(self, perfect_recall: bool = False) -> dict[str, slice]:
        """Where each block of the observation (or information-state) tensor sits."""
        out, at = {}, 0
        for name, width in (self.information_state_parts() if perfect_recall else self.observation_parts()).items():
            out[name] = slice(at, at + width)
            at += width
        return out

    @property
    def observation_size(self) -> int:
        return sum(self.observation_parts().values())

    def observation_tensor(self, fs: FlatState, seat: int, out: Any = None) -> Any:
        """The blocks of :meth:`observation_parts`: ``game.observation(state, seat)`` laid out by the game's
        layout, the seat's own partial choice, who acts. A list, or written into ``out`` (a zeroed buffer of
        :attr:`observation_size` numbers, e.g. a numpy array: cheaper for Winter's big sparse tensor)."""
        seen = self._observe(fs.state, seat)
        if out is None:
            out = [0.0] * self.observation_size
        if self.layout is not None:
            self.layout.tensor(seen, out)
            at = self.layout.size
        else:
            out[:FEATURES] = features(seen, FEATURES)
            at = FEATURES
        if fs.player == seat:
            for i in fs.prefix:
                out[at + i] += 1.0
        at += self.num_actions
        out[at + (fs.player if fs.player >= 0 else self.num_players)] = 1.0
        return out

    @property
    def information_state_size(self) -> int:
        return sum(self.information_state_parts().values())

    def information_state_tensor(self, fs: FlatState, seat: int) -> list[float]:
        """:meth:`observation_tensor`, then the seat's own past choices (sealed ones included: a bid's target
        and card values stay in its recall after they leave the table): :meth:`own_recall`.

        Perfect recall asks that histories the seat can tell apart give different information states. The
        seat tells histories apart by its own choices (all here, in order: counts alone would make placing
        markers in A then B the same as B then A) and by what it observed; the tensor has what it observes
        now, which holds the lasting results of everyone's actions (the board, hands, piles, scores; Winter's
        repetition record). What the seat saw at an earlier step and sees no more (a White Lotus bid revealed
        and taken back, the log) is kept exactly by :meth:`information_state_string` (a digest of every
        observation in order); a fixed-size tensor of every earlier observation would be the game's length
        times the observation. Over random games of every game of the kit, different information-state
        strings gave different tensors (``tests/ai/test_layout.py``).
        """
        return self.observation_tensor(fs, seat) + self.own_recall(fs, seat)

    def own_recall(self, fs: FlatState, seat: int) -> list[float]:
        """The last three blocks of :meth:`information_state_tensor`: the seat (one-hot), its first
        ``own_steps`` ids in the order it took them (id + 1, 0 for a step not taken yet), how often it took
        each id."""
        _, own = self._recall(fs, seat)
        who = [0.0] * self.num_players
        who[seat] = 1.0
        order = [0.0] * self.own_steps
        for k, i in enumerate(own[:self.own_steps]):
            order[k] = i + 1.0
        taken = [0.0] * self.num_actions
        for i in own:
            taken[i] += 1.0
        return who + order + taken

    def information_state_string(self, fs: FlatState, seat: int) -> str:
        """The seat's own ids so far, a digest of everything it observed after each engine action (in
        order), and what it observes now. Two histories give the same text exactly when the seat took
        the same ids and saw the same observations."""
        digest, own = self._recall(fs, seat)
        return f"seat {seat}; own {list(own)}; seen {digest[:20]}; {self.observation_string(fs, seat)}"

    def _recall(self, fs: FlatState, seat: int) -> tuple[str, tuple[int, ...]]:
        """(digest of the seat's observations after each engine step, the seat's own ids), memoised along
        the chain of states so that asking at every step of a game costs one observation per engine step."""
        path, node = [], fs
        while node is not None and seat not in node.memo:
            path.append(node)
            node = node.parent
        if node is None:
            root = path.pop()
            seen = canonical(self._observe(root.state, seat))
            root.memo[seat] = (hashlib.sha1(seen.encode()).hexdigest(), ())
            node = root
        digest, own = node.memo[seat]
        for child in reversed(path):
            parent = child.parent
            if parent is not None and parent.player == seat:
                own = (*own, child.history[-1])
            if not child.prefix:                 # an engine step (or a chance outcome) happened
                seen = canonical(self._observe(child.state, seat))
                digest = hashlib.sha1(f"{digest}|{seen}".encode()).hexdigest()
            child.memo[seat] = (digest, own)
        return digest, own

    def history(self, fs: FlatState) -> list[int]:
        return list(fs.history)
