"""Why the rules refuse an action, read off the fast core's flat state.

:func:`refusal` gives the :class:`~lotus_kit.core.errors.IllegalAction` the engine raises for an action
in a state: the same rule id and the same words, checked in the same order (well-formedness, the
game's end, the seat, the phase, then the phase's own rules). The hot path never comes here:
:func:`play` tries :func:`~lotus_kit.white_lotus.fast.core.accept` first and asks for the reason only
when the action is refused.

>>> from lotus_kit.white_lotus.actions import Pass
>>> from lotus_kit.white_lotus.fast import core
>>> t, s = core.new_game(4, seed=1)
>>> play(t, s, Pass((s[core.TURN] + 1) % 4))
Traceback (most recent call last):
...
lotus_kit.core.errors.IllegalAction: WL-PLACE-3: it is seat 3's turn to place a marker, not seat 0's
"""

from __future__ import annotations

from lotus_kit.core.errors import IllegalAction, quote
from lotus_kit.white_lotus import actions as A
from lotus_kit.white_lotus.fast import core as C
from lotus_kit.white_lotus.fast.core import Table

_PHASE_NAMES = {
    1: "claim provinces", 2: "resolve claims", 3: "emperor's victory point", 4: "rebellion",
    5: "new cards", 6: "new provinces", 7: "game over",
}
_KINDS = "PTRFV"


def play(t: Table, s: list, action) -> list:
    """The flat state after ``action``; raises the engine's :class:`IllegalAction` when it is refused."""
    hit = C.accept(t, s, action)
    if hit is None:
        raise refusal(t, s, action) or IllegalAction("WL-INFO-5", f"{quote(action)} is not allowed now")
    return C.apply(t, s, *hit)


def refusal(t: Table, s: list, action) -> IllegalAction | None:
    """The engine's refusal of ``action`` in ``s``, or None when the rules allow it."""
    try:
        A.check_action(action)
        _check(t, s, action)
    except IllegalAction as refused:
        return refused
    return None


def _no(rule: str, message: str) -> IllegalAction:
    return IllegalAction(rule, message)


def _name(t: Table, i: int) -> str:
    return t.view.data.provinces[i].name


def _province(t: Table, pid: object, rule: str) -> int:
    """The index of an in-play province named by id (WL-SETUP-1 for one out of play)."""
    view = t.view
    i = view.index_of.get(pid) if isinstance(pid, str) else None
    if i is None:
        raise _no(rule, f"there is no province {quote(pid)} on the board")
    if not view.in_play_mask >> i & 1:
        raise _no("WL-SETUP-1", f"{_name(t, i)} is not in play with {t.players} players")
    return i


def _hand(s: list, seat: int):
    from lotus_kit.white_lotus.cards import Hand

    return tuple.__new__(Hand, s[C.H + 7 * seat:C.H + 7 * seat + 7])


def _chip(s: list, i: int) -> str:
    k = C._kind(s, i)
    return _KINDS[k] if k >= 0 else ""


def _check(t: Table, s: list, action) -> None:
    ph = s[C.PH]
    if ph == C.GAME_OVER:
        raise _no("WL-END-2", "the game is over")
    if not 0 <= action.seat < t.players:
        raise _no("WL-SETUP-1", f"there is no seat {quote(action.seat)} in a {t.players}-player game")
    if action.phase != ph:
        raise _no("WL-YEAR-1", f"it is phase {ph} ({_PHASE_NAMES[ph]}); "
                  f"{type(action).__name__} belongs to phase {action.phase} ({_PHASE_NAMES[action.phase]})")
    if not s[C.STEPON]:
        return
    _PHASES[ph](t, s, action)


# -- phase 1 ------------------------------------------------------------------------------------------

def _claims(t: Table, s: list, action) -> None:
    seat = action.seat
    if seat != s[C.TURN]:
        raise _no("WL-PLACE-3", f"it is seat {s[C.TURN]}'s turn to place a marker, not seat {seat}'s")
    if type(action) is not A.PlaceMarker:
        if type(action) is not A.Pass:
            raise _no("WL-YEAR-1", f"{type(action).__name__} is not a phase 1 action: place a marker or pass")
        need = C.mandatory(t, s, seat)
        if s[C.SX + seat] < need:
            raise _no("WL-PLACE-4", f"the first {need} markers are mandatory; you have placed {s[C.SX + seat]}")
        return
    i = _province(t, action.province, "WL-PLACE-2")
    if not C.marker_targets(t, s, seat) >> i & 1:
        raise _no("WL-PLACE-2", _why_not_target(t, s, seat, i))


def _why_not_target(t: Table, s: list, seat: int, i: int) -> str:
    name, bit = _name(t, i), 1 << i
    if s[C.CLM + seat] & bit:
        return f"you already have a marker in {name}"
    if not C.chip_mask(s) & bit:
        return f"{name} is empty: markers go only on provinces holding a neutral chip"
    owner = C._owner(s, i)
    if owner >= 0:
        return f"{name} already belongs to seat {owner}: markers go only on neutral chips"
    if t.designer:
        if s[C.YR] == 1:
            return f"designer rules: in turn 1 blocks go only on lotus provinces, and {name} has none (WL-VAR-2)"
        return f"designer rules: {name} does not border a player chip (WL-VAR-2)"
    if s[C.STOCK] is not None:
        return f"you have no free {_chip(s, i)} chip left for {name} (WL-VAR-1)"
    return f"{name} is not a legal target"


# -- phase 2 ------------------------------------------------------------------------------------------

def _resolve(t: Table, s: list, action) -> None:
    kind, fighting = type(action), s[C.CPROV] >= 0
    if kind is A.Bid and fighting:
        return _bid(t, s, action)
    if kind is A.ChooseProvince:
        return _choose(t, s, action)
    if not fighting:
        raise _no("WL-CONF-3", f"no conflict is being fought: the emperor (seat {s[C.EMP]}) picks the next province")
    if kind is A.TakeRefund:
        return _take_refund(t, s, action)
    if kind is A.BreakTie:
        return _break_tie(s, action)
    raise _no("WL-YEAR-1", f"{type(action).__name__} is not a phase 2 action")


def _choose(t: Table, s: list, action) -> None:
    if s[C.CPROV] >= 0:
        raise _no("WL-CONF-1", f"finish the conflict in {_name(t, s[C.CPROV])} first")
    if action.seat != s[C.EMP]:
        raise _no("WL-CONF-3", f"only the emperor (seat {s[C.EMP]}) picks the next province")
    i = _province(t, action.province, "WL-CONF-1")
    if not (s[22] | s[23] | s[24] | s[25] | s[26] | s[27]) >> i & 1:
        raise _no("WL-CONF-1", f"{_name(t, i)} carries no marker, so there is nothing to resolve")
    first = C.palace_first(s)
    if first >= 0 and i != first:
        raise _no("WL-CONF-2", f"the start palace province {_name(t, first)} must be resolved first")


def _bid(t: Table, s: list, action) -> None:
    seat = action.seat
    if s[C.RSEAT] >= 0 or s[C.TIED]:
        raise _no("WL-CONF-8", "the bids of this round are revealed already")
    remaining = C._bits(s[C.REM])
    if seat not in remaining:
        raise _no("WL-CONF-6", f"seat {seat} is not a participant in the conflict for {_name(t, s[C.CPROV])}")
    if s[C.SX + seat] is not None:
        raise _no("WL-INFO-3", "you have already committed your bid for this round")
    if action.target == seat or action.target not in remaining:
        others = ", ".join(f"seat {x}" for x in remaining if x != seat)
        raise _no("WL-CONF-6", f"the dragon card must name another participant of this round: {others}")
    cards = action.cards
    n0, n1, n2, n3 = cards.count(0), cards.count(1), cards.count(2), cards.count(3)
    if n0 + n1 + n2 + n3 != len(cards):
        raise _no("WL-CONF-6", f"influence cards have values 0 to 3, not {quote(list(cards))}")
    hand = _hand(s, seat)
    if n0 > hand[0] or n1 > hand[1] or n2 > hand[2] or n3 > hand[3]:
        raise _no("WL-CONF-6", f"you do not hold the cards {quote(list(cards))}; your influence cards are "
                  f"{list(hand.influence_cards())}")


def _break_tie(s: list, action) -> None:
    if not s[C.TIED] or s[C.RSEAT] >= 0:
        raise _no("WL-CONF-8", "there is no tie to break")
    if action.seat != s[C.EMP]:
        raise _no("WL-CONF-8", f"the emperor (seat {s[C.EMP]}) breaks ties, not seat {action.seat}")
    tied = C._bits(s[C.TIED])
    if action.leaver not in tied:
        raise _no("WL-CONF-14", f"the emperor must name one of the tied participants: {tied}")


def _take_refund(t: Table, s: list, action) -> None:
    from lotus_kit.white_lotus.cards import default_split

    if s[C.RSEAT] < 0:
        raise _no("WL-CONF-9", "no refund is waiting to be taken")
    if action.seat != s[C.RSEAT]:
        raise _no("WL-CONF-9", f"seat {s[C.RSEAT]} takes the refund, not seat {action.seat}")
    options = C.refund_options(s, s[C.ROWED])
    if tuple(sorted(action.cards, reverse=True)) not in options:
        total = sum(options[0]) if options else 0
        raise _no("WL-CONF-13", f"the refund is {total} in cards of value 1, 2 or 3"
                  f"{' that the supply holds' if s[C.SUPPLY] is not None else ''}, e.g. {list(default_split(total))}")


# -- phase 4 ------------------------------------------------------------------------------------------

def _rebellion(t: Table, s: list, action) -> None:
    if isinstance(action, A.DeclareRebellion):
        if s[C.LEADER] >= 0:
            raise _no("WL-REB-2", f"seat {s[C.LEADER]} already leads the rebellion")
        who = s[C.ASK][s[C.ASKED]]
        if action.seat != who:
            raise _no("WL-REB-2", f"the emperor asks seat {who} now (villages: most first), not seat {action.seat}")
        return None
    if isinstance(action, A.JoinSide):
        return _join(s, action)
    if isinstance(action, A.TakeReward):
        return _reward(t, s, action)
    raise _no("WL-YEAR-1", f"{type(action).__name__} is not a phase 4 action")


def _join(s: list, action) -> None:
    seat = action.seat
    if s[C.LEADER] < 0:
        raise _no("WL-REB-2", "nobody leads a rebellion yet")
    if s[C.WINNER]:
        raise _no("WL-REB-4", "the commitments are revealed already")
    if s[C.SX + seat] is not None:
        raise _no("WL-INFO-3", "you have already committed your side and combat cards")
    own = "emperor" if seat == s[C.EMP] else "rebels" if seat == s[C.LEADER] else None
    if own is not None:
        if action.side not in (None, own):
            raise _no("WL-REB-3", f"a leader fights on his own side ({own})")
    elif action.side not in ("emperor", "rebels"):
        raise _no("WL-REB-14", 'every player other than the two leaders must pick a side: "emperor" or "rebels"')
    cards = action.cards
    n1, n2, n3 = cards.count(1), cards.count(2), cards.count(3)
    if n1 + n2 + n3 != len(cards):
        raise _no("WL-REB-4", f"combat cards have values 1 to 3, not {quote(list(cards))}")
    hand = _hand(s, seat)
    if n1 > hand[4] or n2 > hand[5] or n3 > hand[6]:
        raise _no("WL-REB-4", f"you do not hold the combat cards {quote(list(cards))}; you hold "
                  f"{list(hand.combat_cards())}")


def _reward(t: Table, s: list, action) -> None:
    if not s[C.WINNER]:
        raise _no("WL-REB-8", "rewards come after the rebellion is decided")
    current = s[C.RORDER][s[C.REWARDED]]
    if action.seat != current:
        raise _no("WL-REB-8", f"seat {current} chooses a reward now, not seat {action.seat}")
    if action.province is None:
        return
    i = _province(t, action.province, "WL-REB-9")
    if C.reward_targets(t, s, action.seat) >> i & 1:
        return
    name, owner = _name(t, i), C._owner(s, i)
    if owner < 0 or not s[C.LOSERS] >> owner & 1:
        raise _no("WL-REB-9", f"{name} does not belong to a player on the losing side")
    if s[C.LOSTONE] >> owner & 1:
        raise _no("WL-REB-10", f"seat {owner} has already lost a province in this rebellion")
    chip = _chip(s, i)
    if s[C.STOCK] is not None and s[C.STOCK][action.seat][_KINDS.index(chip)] <= 0:
        raise _no("WL-VAR-1", f"you have no {chip} chip left in stock")
    raise _no("WL-REB-10", f"{name} does not border a province you own")


# -- phase 5 ------------------------------------------------------------------------------------------

def _new_cards(t: Table, s: list, action) -> None:
    from lotus_kit.white_lotus.cards import counts_of, default_split

    if not isinstance(action, A.TakeIncome):
        raise _no("WL-YEAR-1", f"{type(action).__name__} is not a phase 5 action: take your income")
    seat = action.seat
    if s[C.SX + seat] is not None:
        raise _no("WL-INFO-3", "you have already chosen your income this year")
    palaces = (s[C.OWN + seat] & s[C.K]).bit_count()
    k = action.palaces_for_combat
    if type(k) is not int or not 0 <= k <= palaces:
        raise _no("WL-CARDS-2", f"you own {palaces} palace(s); choose how many of them pay combat (0 to {palaces})")
    if action.influence is None and action.combat is None:
        return
    influence, combat = C.income(s, seat, k)
    for cards, total, what in ((action.influence, influence, "influence"), (action.combat, combat, "combat")):
        if cards is None:
            continue
        if s[C.SUPPLY] is not None:
            raise _no("WL-CARDS-6", "with a finite supply the cards are paid largest first from what is there")
        if counts_of(cards, (1, 2, 3)) is None or sum(cards) != total:
            raise _no("WL-CARDS-6", f"your {what} is {total}, paid in cards of value 1, 2 or 3 that add up to it, "
                      f"e.g. {list(default_split(total))}")


# -- phase 6 ------------------------------------------------------------------------------------------

def _new_provinces(t: Table, s: list, action) -> None:
    seat = t.clockwise[s[C.EMP]][s[C.TIDX]]
    if action.seat != seat:
        raise _no("WL-TERR-1", f"it is seat {seat}'s turn in phase 6, not seat {action.seat}'s")
    if isinstance(action, A.TempleDraw):
        if not s[C.ASKT]:
            raise _no("WL-TERR-7", "place the drawn chip first" if s[C.DRAWN] else "you have no temple draw left")
        return
    if not isinstance(action, A.PlaceChip):
        raise _no("WL-YEAR-1", f"{type(action).__name__} is not a phase 6 action")
    if not s[C.DRAWN]:
        raise _no("WL-TERR-7", "decide first whether to use your temple's extra draw")
    i = _province(t, action.province, "WL-TERR-2")
    if C.chip_places(t, s) >> i & 1:
        return
    if C.chip_mask(s) >> i & 1:
        raise _no("WL-TERR-2", f"{_name(t, i)} already holds a chip")
    what = "a province someone owns" if t.adj_owned else "a province holding a chip"
    raise _no("WL-TERR-2", f"{_name(t, i)} does not border {what}")


_PHASES = {C.CLAIMS: _claims, C.RESOLVE: _resolve, C.REBELLION: _rebellion, C.NEW_CARDS: _new_cards,
           C.NEW_PROVINCES: _new_provinces}
