"""The oracle's rules engine (the White Lotus engine before the fast core, frozen): a new game, who
must act, the legal actions, and applying one.

>>> state = new_game(players=4, seed=1)
>>> state.phase, state.year, sorted(to_act(state)) == [state.emperor]
(<Phase.CLAIMS: 1>, 1, True)
>>> first = legal_actions(state)[0]
>>> after = apply(state, first)
>>> after is not state and state.markers == new_game(players=4, seed=1).markers
True
"""

from __future__ import annotations

import random

from lotus_kit.core.errors import IllegalAction, LotusKitError, quote
from lotus_kit.white_lotus.actions import WELL_FORMED, Action, check_action
from lotus_kit.white_lotus.board import BUILDINGS, board_view
from lotus_kit.white_lotus.cards import Hand
from lotus_kit.white_lotus.events import EmperorPoint, Event, GameEnded, GameStarted, PhaseStarted
from lotus_kit.white_lotus.rules import COMBAT_SUPPLY, INFLUENCE_SUPPLY, PLAYER_CHIPS, RuleSet
from lotus_kit.white_lotus.state import PHASE_NAMES, Phase, RebellionStep, ResolveStep, State, TerritoryStep
from tests.white_lotus.oracle import claims, income, rebellion, resolve, territories
from tests.white_lotus.oracle.common import evolve, illegal, put
from tests.white_lotus.oracle.scoring import score, winners

MAX_YEARS = 30      # WL-YEAR-4: a safety net, never reached under the rules
_MODULES = {Phase.CLAIMS: claims, Phase.RESOLVE: resolve, Phase.REBELLION: rebellion,
            Phase.NEW_CARDS: income, Phase.NEW_PROVINCES: territories}


def chance(seed: int) -> random.Random:
    """The random generator of game ``seed`` (WL-SETUP-3).

    ``random.Random`` seeds from the absolute value of an int, so seeds ``-n`` and ``n`` would deal
    the same game; a negative seed is therefore turned into text, which ``random`` hashes (SHA-512,
    the same on every machine). Non-negative seeds keep the games they always gave.

    >>> chance(-5).random() != chance(5).random() and chance(5).random() == random.Random(5).random()
    True
    """
    return random.Random(seed if seed >= 0 else f"lotus-kit seed {seed}")


def new_game(players: int = 4, seed: int = 0, rules: RuleSet | None = None,
             first_emperor: int | None = None,
             deal: tuple[tuple[str, ...], tuple[str, ...], int] | None = None) -> State:
    """Set up a game (WL-SETUP-1..7). All chance happens here and is stored in the state:
    the start chips, the order of the draw pool (WL-SETUP-3) and (unless given) the first emperor.
    Each seat gets the start hand (WL-SETUP-5); dragon cards of every other colour in play
    (WL-SETUP-4, WL-COMP-10) are implicit: any other seat may be named. The year counter starts at 1
    (WL-SETUP-7). ``deal`` gives the chance instead of the seed: the start chips in the order of the
    lotus provinces, the draw pool top first and the first emperor (explicit chance, ``game.py``).
    """
    rules = rules or RuleSet()
    if type(players) is not int or not 3 <= players <= 6:
        raise LotusKitError(f"WL-SETUP-1: Der weiße Lotus is for 3 to 6 players, not {quote(players)}")
    if first_emperor is not None and (type(first_emperor) is not int or not 0 <= first_emperor < players):
        raise LotusKitError(f"WL-SETUP-6: the first emperor must be a seat from 0 to {players - 1}")
    view = board_view(players)
    data = view.data
    if deal is None:
        rng = chance(seed)
        start = [k for k in BUILDINGS for _ in range(data.start_chips(players).get(k, 0))]
        rng.shuffle(start)
        pool = [k for k in BUILDINGS for _ in range(data.neutral_mix[k])]
        for k in start:
            pool.remove(k)
        rng.shuffle(pool)
        emperor = rng.randrange(players) if first_emperor is None else first_emperor
    else:
        start, pool, emperor = list(deal[0]), list(deal[1]), deal[2]
    chips = [""] * len(data.provinces)
    lotus = [p.index for p in data.provinces if p.lotus and view.in_play_mask >> p.index & 1]
    for i, k in zip(lotus, start, strict=True):
        chips[i] = k
    supply = stock = None
    if rules.finite_supply:
        combat_start = 1 if rules.start_combat_single else 3
        supply = (*(n - 2 * players for n in INFLUENCE_SUPPLY),
                  COMBAT_SUPPLY[0] - combat_start * players, COMBAT_SUPPLY[1], COMBAT_SUPPLY[2])
    if rules.enforce_chip_limit:
        stock = tuple(tuple(PLAYER_CHIPS[k] for k in BUILDINGS) for _ in range(players))
    state = State(
        rules=rules, players=players, seed=seed, year=1, phase=Phase.CLAIMS, emperor=emperor,
        chips=tuple(chips), owners=(-1,) * len(chips), markers=(0,) * len(chips),
        hands=(Hand.start(rules.start_combat_single),) * players, vp_chips=(0,) * players,
        pool=tuple(pool), start_palace=chips.index("P") if "P" in chips else -1, supply=supply, stock=stock)
    ev: list[Event] = [GameStarted(players, seed, emperor,
                                   tuple((data.provinces[i].id, chips[i]) for i in lotus), rules.flags())]
    return _finish(_advance(state, ev), ev)


_set_events = State.__dict__["events"].__set__
_OVER = Phase.GAME_OVER
_QUIET = (Phase.CLAIMS, Phase.NEW_CARDS)        # phases whose steps all wait for a decision
_PHASE_OF_STEP = {ResolveStep: Phase.RESOLVE, RebellionStep: Phase.REBELLION, TerritoryStep: Phase.NEW_PROVINCES}


def _finish(state: State, ev: list[Event], before: State | None = None) -> State:
    if state is before:
        return evolve(state, events=tuple(ev))
    # a state made during this step is not shared yet, so its events are set in place
    _set_events(state, tuple(ev))
    return state


def to_act(state: State) -> frozenset[int]:
    """The seats that must decide now: one seat, or several for a sealed simultaneous choice."""
    module = _MODULES.get(state.phase)
    return module.to_act(state) if module is not None and state.step is not None else frozenset()


def legal_actions(state: State, seat: int | None = None) -> list[Action]:
    """Every legal action of ``seat`` (or of every seat that must act).

    Card choices are listed once per distinct combination of values. Income and refunds list the
    default split of values; any other split of the same total is legal too (WL-CARDS-6).
    """
    module = _MODULES.get(state.phase)
    if module is None or state.step is None:
        return []
    if seat is not None:
        return module.legal(state, seat)
    return [a for s in sorted(module.to_act(state)) for a in module.legal(state, s)]


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`IllegalAction` (rule id, plain words) and
    leaves ``state`` untouched when the rules do not allow it.
    """
    ok = WELL_FORMED.get(type(action))
    if ok is None or not ok(action):
        check_action(action)
    phase = state.phase
    if phase == _OVER:
        illegal("WL-END-2", "the game is over")
    if not 0 <= action.seat < state.players:
        illegal("WL-SETUP-1", f"there is no seat {quote(action.seat)} in a {state.players}-player game")
    if action.phase != phase:
        illegal("WL-YEAR-1", f"it is phase {int(phase)} ({PHASE_NAMES[int(phase)]}); "
                f"{type(action).__name__} belongs to phase {action.phase} ({PHASE_NAMES[action.phase]})")
    ev: list[Event] = []
    after = _MODULES[phase].apply(state, action, ev)
    step = after.step
    # _advance is skipped when it would do nothing: a step waiting for a decision, in a phase
    # whose ``advance`` then returns None at once (the year check is kept, see _waiting)
    if step is None or not (after.phase in _QUIET or _waiting(after, step)):
        after = _advance(after, ev)
    if after is state:
        return evolve(state, events=tuple(ev))
    # a state made during this step is not shared yet, so its events are set in place
    _set_events(after, tuple(ev))
    return after


def _waiting(state: State, step: object) -> bool:
    """True when :func:`_advance` would return ``state`` unchanged: the phase module's ``advance``
    returns None at once for this step (the checks of resolve, rebellion and territories), and the
    year is within the safety net."""
    kind = type(step)
    if kind is ResolveStep:
        waiting = step.conflict is not None
    elif kind is RebellionStep:
        waiting = not step.winner
    elif kind is TerritoryStep:
        waiting = bool(step.drawn or step.asking_temple)
    else:
        return False
    return waiting and state.year <= MAX_YEARS and state.phase is _PHASE_OF_STEP[kind]


def _advance(state: State, ev: list[Event]) -> State:
    """Run the steps that need no decision until someone must act or the game is over."""
    while state.phase != _OVER:
        if state.year > MAX_YEARS:
            raise LotusKitError(f"WL-YEAR-4: the game did not end within {MAX_YEARS} years")
        if state.step is None:
            ev.append(PhaseStarted(state.year, int(state.phase)))
            state = _begin(state, ev)
            continue
        nxt = _MODULES[state.phase].advance(state, ev)
        if nxt is None:
            return state
        state = nxt
    return state


def _begin(state: State, ev: list[Event]) -> State:
    phase = state.phase
    if phase == Phase.CLAIMS:
        return claims.begin(state, ev)
    if phase == Phase.RESOLVE:
        return evolve(state, step=ResolveStep(no_claims=not any(state.markers)))
    if phase == Phase.EMPEROR_POINT:
        ev.append(EmperorPoint(state.emperor))                       # WL-EMPVP-1
        return evolve(state, vp_chips=put(state.vp_chips, state.emperor, state.vp_chips[state.emperor] + 1),
                       phase=Phase.REBELLION)
    if phase == Phase.REBELLION:
        return rebellion.begin(state, ev)
    if phase == Phase.NEW_CARDS:
        return income.begin(state, ev)
    return territories.begin(state, ev)


def after_rebellion(state: State, ev: list[Event]) -> State:
    """WL-YEAR-2, WL-END-2: the last year ends after phase 4 with the final scoring."""
    # WL-REB-11: the rebel stone goes back (the rebellion step is gone);
    # WL-REB-13: the rebellion is played in the final year too, then WL-CARDS-5 skips phase 5
    if not state.final_year:
        return evolve(state, phase=Phase.NEW_CARDS, step=None)
    lines = score(state)          # WL-SCORE-6: the emperor of the tie-break is the one after phase 4
    won, tie_break = winners(state, lines)
    ev.append(GameEnded(lines, won, tie_break))
    return evolve(state, phase=Phase.GAME_OVER, step=None, scores=lines, winners=won)


__all__ = ["IllegalAction", "apply", "chance", "legal_actions", "new_game", "to_act"]
