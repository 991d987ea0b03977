"""Plain words for Ming actions and decisions (seat names, district and card names as on the board).

>>> from lotus_kit.ming.actions import Move, Deploy
>>> action_words(Move(1, "P2.L", ("JUNK", "DRAGON")))
'White moves the prince to P2.L, paying JUNK + DRAGON'
>>> action_words(Deploy(0, 2, True))
'Black deploys 2 family members, one of them into the cloister'
"""

from __future__ import annotations

from typing import Any

from lotus_kit.ming.actions import (
    Action,
    ChooseReturn,
    ChooseStart,
    Deploy,
    ExchangeSets,
    Move,
    Pass,
    PlaceMember,
    PlaceNeutral,
    PlacePrince,
    SplitReturn,
    Stay,
    TakeCard,
    TakeDragon,
)
from lotus_kit.ming.rules import RuleSet
from lotus_kit.ming.state import SEAT_NAMES, table


def _pieces(n: int) -> str:
    return f"{n} family member{'s' if n != 1 else ''}"


def action_words(action: Action, sealed: bool = False) -> str:
    """The action in plain words; ``sealed`` hides a return-card sum not revealed yet."""
    who = SEAT_NAMES[action.seat] if 0 <= action.seat < len(SEAT_NAMES) else f"seat {action.seat}"
    match action:
        case PlacePrince(district=d):
            return f"{who} places the prince in {d} and takes a tile of its province"
        case PlaceNeutral(district=d):
            return f"{who} places a neutral piece in {d}"
        case PlaceMember(space=sp):
            return f"{who} puts a family member on the {sp} province space"
        case TakeCard(space=sp):
            return f"{who} takes the card beside the {sp} province space"
        case TakeDragon(space=sp):
            return f"{who} takes a dragon card and boxes a family member from the {sp} space"
        case Move(to=to, cards=cards):
            return f"{who} moves the prince to {to}, paying {' + '.join(cards)}"
        case Stay(card=c):
            return f"{who} stays, discarding {c}"
        case Pass():
            return f"{who} passes"
        case Deploy(count=0):
            return f"{who} deploys nothing"
        case Deploy(count=n, cloister=cl):
            return f"{who} deploys {_pieces(n)}" + (", one of them into the cloister" if cl else "")
        case ChooseReturn(value=v):
            return f"{who} chooses return cards" if sealed else f"{who} returns {v} with the return cards"
        case SplitReturn(counts=c):
            return f"{who} takes returned pieces from the houses: {', '.join(str(x) for x in c)} (T, L, R)"
        case ExchangeSets(count=n):
            return f"{who} exchanges {n} six-colour set{'s' if n != 1 else ''}"
        case ChooseStart(start=s):
            return f"{who} names {SEAT_NAMES[s] if 0 <= s < len(SEAT_NAMES) else s} start player"
    return repr(action)


# the phases as the rules name them (§5-§10), for the title a person reads
PHASE_WORDS = {
    "place_prince": "placing the princes", "place_neutral": "placing the neutral colour",
    "phase1": "phase 1 · province spaces", "phase2": "phase 2 · movement cards", "phase3": "phase 3 · princes",
    "deploy": "deployment", "choose_return": "choosing return cards (sealed)",
    "split_return": "returning pieces", "exchange_sets": "exchanging sets", "choose_start": "choosing the start player",
    "over": "the game is over",
}


DECISION_RULES: dict[str, tuple[str, ...]] = {
    "place_prince": ("MING-SET-5", "MING-CLAR-2"),
    "place_neutral": ("MING-TWO-2", "MING-CLAR-14"),
    "phase1": ("MING-PH1-2", "MING-CLAR-4"),
    "phase2": ("MING-PH2-2", "MING-CLAR-5"),
    "phase3": ("MING-PH3-1", "MING-PH3-2", "MING-PH3-4", "MING-PH3-5", "MING-CLAR-7", "MING-CLAR-8"),
    "deploy": ("MING-DEP-1", "MING-DEP-2", "MING-DEP-3", "MING-DEP-4", "MING-CLAR-9"),
    "choose_return": ("MING-SCORE-4", "MING-CLAR-11"),
    "split_return": ("MING-SCORE-4", "MING-CLAR-11"),
    "exchange_sets": ("MING-SCORE-3",),
    "choose_start": ("MING-END-2", "MING-CLAR-15"),
    "over": ("MING-END-3", "MING-CLAR-16"),
}

DECISION_TEXT: dict[str, str] = {
    "place_prince": "{who} places the prince in a district without one",
    "place_neutral": "{who} places a neutral piece in any district",
    "phase1": "{who} puts a family member on a province space",
    "phase2": "{who} takes a movement card or a dragon",
    "phase3": "{who} moves the prince, stays or passes",
    "deploy": "{who} deploys up to 3 family members where the prince stands",
    "choose_return": "{who} choose{s} return cards in secret for the city of {city}",
    "split_return": "{who} says which houses of {city} the returned pieces leave",
    "exchange_sets": "{who} may exchange six-colour sets",
    "choose_start": "{who} names the start player of the next round",
    "over": "The game is over",
}


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def chance_words(node: Any, outcome: int) -> str:
    """What a chance outcome draws, in the game's words: the start player (MING-CLAR-1), a card of
    the shuffled deck and where it lies (MING-SET-1), a card of the reshuffled discards (MING-CLAR-6).
    The shuffles are Fisher-Yates from the last place to the first; ``outcome`` picks the card for
    the next place among those not yet placed (``node`` is a :class:`lotus_kit.core.chance.ChanceNode`)."""
    if node.before is None:                         # the setup (MING-SET-1)
        t = table(node.players, RuleSet.from_flags(node.flags))
        if not node.drawn:
            return f"{SEAT_NAMES[outcome]} is the start player (MING-CLAR-1)"
        cards = [k for k, count in enumerate(t.board.deck) for _ in range(count)]
        swaps = node.drawn[1:]
    else:                                           # a reshuffle of the discards while taking a card
        t, d = node.before.table, node.before.data
        cards = [k for k in range(t.kinds) for _ in range(d[t.discards + k])]
        swaps = node.drawn
    for m, j in enumerate(swaps):
        i = len(cards) - 1 - m
        cards[i], cards[j] = cards[j], cards[i]
    place = len(cards) - 1 - len(swaps)
    # which of the cards still to place (equal cards are different outcomes, each with its own words)
    card = f"a {t.card_names[cards[outcome]]} card (card {outcome + 1} of the {place + 1} left)"
    if node.before is not None:
        return f"{card}, {_ordinal(place + 1)} from the top of the reshuffled draw pile (MING-CLAR-6)"
    shown = len(t.board.colours)
    if place < shown:
        return f"{card}, face up beside the {t.board.colours[place]} province space (MING-SET-1)"
    return f"{card}, {_ordinal(place - shown + 1)} from the top of the draw pile (MING-SET-1)"
