"""The what-if tree of the explorer: lines of play, branches addressed by paths, and the replay rule.

Pure Python, no widgets: :class:`lotus_kit.ui.explorer.Explorer` drives it and the tests drive it
directly.

A :class:`Line` is one way a game went: its actions, every state, and where each action came from
(``"record"``, ``"changed"`` by the user, or filled by a ``"bot"``). The recorded game is the root
line. Changing the decision at step ``i`` of a line makes a branch: the same first ``i`` actions,
the new decision, then the rest of the game replayed by :func:`replay`.

**The replay rule** (how "recorded decisions are kept where still legal" works):

1. Every decision has a *moment*: the year, the phase, the kind of decision (claim, choose,
   bid, tie, refund, lead, side, reward, income, temple, place), the seat that decides, for a
   conflict decision the province and the round (WL-CONF-6..9), and how many times that seat
   already made that kind of decision there (its 1st, 2nd, 3rd marker of the year ...).
2. After the changed decision, the game is replayed one decision at a time. When a seat must
   decide (in a sealed choice the lowest seat first), the decision the line being changed made
   at the *same moment* is kept, if the engine accepts it there.
3. Otherwise the *fill* decides (:class:`Fill`): a seeded bot (``"heuristic"`` or ``"random"``),
   or, with ``"ask"``, the line stops there and waits for the user's decision (a further branch
   at its last step continues it). A branch of an unfinished game (a record that stops before
   the end) stops where the record does: when its decisions run out or the phase it ends in is
   over.
4. A recorded decision that is illegal at its moment (cards no longer in hand, a target who left
   the conflict) or whose moment never comes (the conflict ended a round earlier, the emperor
   changed, nobody led the rebellion) is dropped, and reported with the reason.

So a change in a year-1 conflict keeps the claims of year 2 as recorded (same moments, still
legal), keeps the bids of later conflicts where the same seats still fight with cards they still
hold, and lets the bots decide only what the record cannot answer.

Branches form a tree (:class:`BranchTree`), like the lichess analysis board: a node is addressed
by its path from the root, one ``"<step>:<action>"`` per change. Changes at the same position with
the same decision (and the same fill) reuse the node; a change that repeats the decision already
on the line is no branch at all; a change at a step before a branch's own change belongs to the
line that owns that step (a sibling, not a child).

>>> from lotus_kit.core.records import load
>>> from lotus_kit.white_lotus.actions import Bid
>>> tree = BranchTree(load("notebooks/data/showcase-4p.json"))
>>> node, created = tree.add("", 12, Bid(0, 1, (3, 2, 2)))
>>> created, node.path
(True, '12:Bid(seat=0, target=1, cards=(3, 2, 2))')
>>> tree.add("", 12, Bid(0, 1, (3, 2, 2)))[0] is node
True
>>> line = node.line          # 12 shared actions, the change, then kept or filled decisions
>>> line.actions[:12] == tree.root.line.actions[:12] and line.kept + line.filled == line.steps - 13
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from lotus_kit.core.bots import make_bot
from lotus_kit.core.errors import IllegalAction, LotusKitError
from lotus_kit.core.records import GameRecord
from lotus_kit.core.registry import DEFAULT_GAME, get_game
from lotus_kit.ui.screen import screen_for

Action = Any
State = Any
BOTS: tuple[str, ...] = ("random", "heuristic", "montecarlo")
"""The bots of White Lotus (the default game); a fill names any game's bot (``game.info.bots``)."""

__all__ = ["FILL_KINDS", "BranchTree", "Dropped", "Fill", "Line", "Node", "decision_kind", "moment", "moments",
           "replay"]

Origin = Literal["record", "changed", "bot"]
FILL_KINDS: tuple[str, ...] = (*BOTS, "ask")
"""How a decision without a fitting recorded one is made: a bot of :data:`BOTS`, or ``"ask"`` the user.
A game without the bot named plays its ``"random"`` bot (every game has one)."""

Moment = tuple[Any, ...]


@dataclass(frozen=True)
class Fill:
    """Who makes the decisions the recorded line cannot answer: ``kind`` is a bot of :data:`BOTS`
    (seeded from ``seed``, the step and the seat: the same branch always replays the same way) or
    ``"ask"`` (the line stops and waits for the user).

    ``keep=False`` sets the record aside after the change: every later decision is the bot's (or
    the user's), as in a rollout — "what if I had done this and then everyone played on"."""

    kind: str = "heuristic"
    seed: int = 0
    keep: bool = True

    def __post_init__(self) -> None:
        if self.kind not in FILL_KINDS:
            raise ValueError(f"unknown fill {self.kind!r}; known: {', '.join(FILL_KINDS)}")
        if type(self.seed) is not int:
            raise ValueError(f"the fill seed must be a whole number, not {self.seed!r}")
        if type(self.keep) is not bool:
            raise ValueError(f"keep must be True or False, not {self.keep!r}")

    def describe(self) -> str:
        if self.kind == "ask":
            return "you decide what the record cannot" if self.keep else "you decide everything after the change"
        if not self.keep:
            return f"{self.kind} bots (seed {self.seed}) play the rest; the record is set aside"
        return f"{self.kind} bots (seed {self.seed}) fill the gaps"


# -- moments --------------------------------------------------------------------------------------------
def decision_kind(state: State, game: Any = None) -> str:
    """The kind of decision the state asks for (``game.decision(state).kind``; White Lotus by
    default): ``claim``, ``choose``, ``bid``, ``tie``, ``refund`` (phase 2), ``lead``, ``side``,
    ``reward`` (phase 4), ``income`` (phase 5), ``temple``, ``place`` (phase 6).

    >>> from lotus_kit.white_lotus.engine import new_game
    >>> decision_kind(new_game(4, seed=1))
    'claim'
    """
    return _game(game).decision(state).kind


def _game(game: Any) -> Any:
    if game is None:
        return get_game(DEFAULT_GAME)
    return get_game(game) if isinstance(game, str) else game


def _seat_of(game: Any, action: Action, state: State) -> int:
    """The seat that takes ``action`` in ``state`` (its ``seat``, else the one seat to act)."""
    seat = getattr(action, "seat", None)
    return min(game.to_act(state)) if seat is None else seat


def _base(state: State, seat: int, game: Any = None) -> Moment:
    game = _game(game)
    return tuple(screen_for(game).moment(game, state, seat))


def moment(state: State, seat: int, counts: Counter | None = None, game: Any = None) -> Moment:
    """The moment of ``seat``'s decision in ``state`` (see the module docstring; the game screen's
    ``moment``); ``counts`` holds how often each moment's base happened before on the line
    (``moments`` keeps it)."""
    base = _base(state, seat, game)
    return (*base, counts[base] if counts is not None else 0)


def moments(states: Sequence[State], actions: Sequence[Action], game: Any = None) -> list[Moment]:
    """The moment of every action of a line (``states[k]`` is the state ``actions[k]`` was taken in)."""
    game = _game(game)
    counts: Counter = Counter()
    out = []
    for state, action in zip(states, actions, strict=False):
        base = _base(state, _seat_of(game, action, state), game)
        out.append((*base, counts[base]))
        counts[base] += 1
    return out


# -- lines ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Dropped:
    """A decision of the line being changed that the branch does not keep, and why."""

    step: int
    action: Action
    reason: str


@dataclass(frozen=True)
class _Pending:
    moment: Moment
    action: Action
    origin: str
    step: int


@dataclass(frozen=True, eq=False)
class Line:
    """One way the game went: ``record`` (its actions), ``states`` (``len(actions) + 1``), the
    ``origins`` of the actions and their ``moments``.

    For a branch, ``kept``/``filled`` count the decisions after the change that were kept from the
    line it branched from / made by the fill, ``dropped`` lists the ones it lost, ``waiting`` is
    the seat whose decision the line waits for (fill ``"ask"``), else None.
    """

    record: GameRecord
    states: tuple[State, ...]
    origins: tuple[str, ...]
    moments: tuple[Moment, ...]
    kept: int = 0
    filled: int = 0
    dropped: tuple[Dropped, ...] = ()
    waiting: int | None = None
    pending: tuple[_Pending, ...] = field(default=(), repr=False)

    @classmethod
    def from_record(cls, record: GameRecord, states: Sequence[State] | None = None) -> Line:
        """The line of a recorded game (raises :class:`~lotus_kit.core.errors.RecordError` if it does
        not replay)."""
        states = tuple(states) if states is not None else tuple(record.states())
        return cls(record, states, ("record",) * len(record.actions),
                   tuple(moments(states, record.actions, record.game)))

    @property
    def game(self) -> Any:
        """The game played on this line (``lotus_kit.core.game.Game``)."""
        return get_game(self.record.game)

    @property
    def actions(self) -> tuple[Action, ...]:
        return self.record.actions

    @property
    def final(self) -> State:
        return self.states[-1]

    @property
    def steps(self) -> int:
        """The last step (the number of actions); steps run from 0 to this."""
        return len(self.actions)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.final)

    def counts(self) -> Counter:
        """How many actions came from the record, were changed, or were made by bots."""
        return Counter(self.origins)

    def summary(self) -> str:
        """The replay in words, e.g. ``"kept 280 recorded decisions, bots filled 12, 3 no longer fit"``."""
        parts = [f"kept {self.kept} recorded decision{'s' if self.kept != 1 else ''}"]
        if self.filled:
            parts.append(f"bots filled {self.filled}")
        if self.dropped:
            parts.append(f"{len(self.dropped)} no longer fit")
        if self.waiting is not None:
            parts.append(f"waiting for {self.game.info.seat_name(self.waiting)}'s decision at step {self.steps}")
        return ", ".join(parts)


def _bot_seed(fill: Fill, step: int, seat: int) -> int:
    return fill.seed * 1_000_003 + step * 7 + seat


def replay(line: Line, index: int, action: Action, fill: Fill | None = None) -> Line:
    """The line that takes ``action`` at step ``index`` of ``line`` instead of its decision there
    (or appends it, at the last step of a line that waits), then replays the rest by the rule of
    this module. Raises :class:`IllegalAction` (rule id, plain words) when ``action`` is not legal
    at that step; ``line`` is never changed.
    """
    fill = fill or Fill()
    game = line.game
    look = screen_for(game)
    bot = fill.kind if fill.kind in game.info.bots else "random"
    n = line.steps
    if type(index) is not int or not 0 <= index <= n:
        raise LotusKitError(f"step {index!r} is outside the line (0..{n})")
    start = line.states[index]
    if game.is_over(start):
        raise IllegalAction(look.over_rule or game.info.rule_prefix, "the game is over: there is no decision to change")
    state = game.apply(start, action)                  # IllegalAction leaves everything as it was
    counts: Counter = Counter(m[:-1] for m in line.moments[:index])
    first = moment(start, _seat_of(game, action, start), counts, game)
    counts[first[:-1]] += 1
    pool: dict[Moment, _Pending] = {}
    for k in range(index, n):
        m = line.moments[k]
        pool.setdefault(m, _Pending(m, line.actions[k], line.origins[k], k))
    for p in line.pending:
        pool.setdefault(p.moment, p)
    if not fill.keep:                                 # every later decision is made afresh (not "dropped":
        pool = {}                                     # the user asked to set the record aside)
    pool.pop(first, None)                             # the changed decision replaces it
    actions = [*line.actions[:index], action]
    states = [*line.states[: index + 1], state]
    origins = [*line.origins[:index], "changed"]
    found = [*line.moments[:index], first]
    dropped: list[Dropped] = []
    kept = filled = 0
    waiting = None
    open_end = not line.is_over and line.waiting is None     # a record of an unfinished game
    end = look.progress(game, line.final)
    while not game.is_over(state):
        if open_end and fill.keep and (not pool or look.progress(game, state) > end):
            break                                      # the record ends here: so does the branch
        acting = game.to_act(state)
        if not acting:                                 # cannot happen in a consistent engine
            raise LotusKitError(f"nobody must act at step {len(actions)}, yet the game is not over")
        seat = min(acting)
        base = _base(state, seat, game)
        m = (*base, counts[base])
        rec = pool.pop(m, None)
        chosen: Action | None = None
        if rec is not None:
            try:
                after = game.apply(state, rec.action)
                chosen, origin = rec.action, rec.origin
                kept += 1
            except IllegalAction as exc:
                dropped.append(Dropped(rec.step, rec.action, f"illegal at its moment: {exc}"))
        if chosen is None:
            if fill.kind == "ask":
                waiting = seat
                break
            chosen = make_bot(game, bot, _bot_seed(fill, len(actions), seat)).choose(state, seat)
            after = game.apply(state, chosen)
            origin = "bot"
            filled += 1
        counts[base] += 1
        actions.append(chosen)
        states.append(after)
        origins.append(origin)
        found.append(m)
        state = after
    rest = sorted(pool.values(), key=lambda p: p.step)
    pending: tuple[_Pending, ...] = ()
    if waiting is not None:
        pending = tuple(rest)
    else:
        dropped.extend(Dropped(p.step, p.action, "its moment never came on this line") for p in rest)
    dropped.sort(key=lambda d: d.step)
    return Line(line.record.with_actions(actions), tuple(states), tuple(origins), tuple(found), kept, filled,
                tuple(dropped), waiting, pending)


# -- the tree -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Edge:
    """One change: the decision ``action`` at step ``index``, the rest filled by ``fill``."""

    index: int
    action: Action
    fill: Fill = Fill()

    def key(self) -> str:
        """The path element: ``"12:Bid(seat=0, target=1, cards=(3,))"`` (plus ``"@random#3"`` for a
        fill other than the default heuristic bots with seed 0)."""
        extra = "" if self.fill == Fill() else f"@{self.fill.kind}#{self.fill.seed}" + ("" if self.fill.keep
                                                                                      else "/afresh")
        return f"{self.index}:{self.action!r}{extra}"


@dataclass(eq=False)
class Node:
    """A line in the tree: the root (the recorded game) or a branch of its ``parent``."""

    edges: tuple[Edge, ...]
    line: Line
    parent: Node | None = None
    children: dict[Edge, Node] = field(default_factory=dict)
    number: int = 0

    @property
    def path(self) -> str:
        """The address of the node from the root: ``""`` for the root, else ``"/"``-joined changes."""
        return "/".join(e.key() for e in self.edges)

    @property
    def edge(self) -> Edge | None:
        return self.edges[-1] if self.edges else None

    @property
    def index(self) -> int | None:
        """The step where this line leaves its parent (None for the root)."""
        return self.edges[-1].index if self.edges else None

    @property
    def depth(self) -> int:
        return len(self.edges)

    @property
    def is_root(self) -> bool:
        return self.parent is None

    def ancestors(self) -> list[Node]:
        out, node = [], self.parent
        while node is not None:
            out.append(node)
            node = node.parent
        return out


class BranchTree:
    """Every line explored from one recorded game, addressed by paths from the root.

    ``tree.root`` is the recorded game; :meth:`add` makes (or reuses) a branch; :meth:`get` finds a
    node by its path (or by its number, shown in the explorer as "line 3"); :meth:`walk` lists the
    nodes depth first, children in the order they were made.
    """

    def __init__(self, record: GameRecord, states: Sequence[State] | None = None):
        self.record = record
        self.root = Node((), Line.from_record(record, states))
        self._by_path: dict[str, Node] = {"": self.root}
        self._by_number: list[Node] = [self.root]

    def __len__(self) -> int:
        return len(self._by_number)

    def get(self, where: str | int | Node) -> Node:
        """The node at a path (``""`` is the root), with a number, or the node itself."""
        if isinstance(where, Node):
            if self._by_path.get(where.path) is not where:
                raise KeyError("that line is not in this tree")
            return where
        if isinstance(where, int) and not isinstance(where, bool):
            if not 0 <= where < len(self._by_number):
                raise KeyError(f"there is no line {where} (0..{len(self._by_number) - 1})")
            return self._by_number[where]
        if isinstance(where, str) and where in self._by_path:
            return self._by_path[where]
        raise KeyError(f"there is no line at path {where!r}")

    def owner(self, where: str | int | Node, index: int) -> Node:
        """The line that owns step ``index`` as seen from ``where``: a branch shares every step up to
        its own change with its parent, so a change there is made on the parent (or higher)."""
        node = self.get(where)
        while node.parent is not None and index <= node.index:
            node = node.parent
        return node

    def add(self, where: str | int | Node, index: int, action: Action, fill: Fill | None = None
            ) -> tuple[Node, bool]:
        """The line that takes ``action`` at step ``index`` of the line at ``where``, and whether it
        is new. Reuses an existing node (the same position, decision and fill) or returns the line
        itself when it already takes that decision there. Raises :class:`IllegalAction` when the
        decision is not legal there (nothing is added)."""
        fill = fill or Fill()
        node = self.owner(where, index)
        line = node.line
        if not 0 <= index <= line.steps:
            raise LotusKitError(f"step {index} is outside the line (0..{line.steps})")
        if index < line.steps and line.actions[index] == action:
            return node, False
        edge = Edge(index, action, fill)
        if edge in node.children:
            return node.children[edge], False
        child = Node((*node.edges, edge), replay(line, index, action, fill), node, number=len(self._by_number))
        node.children[edge] = child
        self._by_path[child.path] = child
        self._by_number.append(child)
        return child, True

    def walk(self, start: Node | None = None) -> Iterator[Node]:
        """Every node, depth first from ``start`` (the root), children in the order they were made."""
        stack = [start or self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(list(node.children.values())))

    def nodes(self) -> list[Node]:
        """Every node in the order it was made (its number)."""
        return list(self._by_number)
