"""Why an action is refused: the rule id and plain words (only ever called for an illegal action,
so it may be slow and simple; the engine's legal set decides, this module only explains)."""

from __future__ import annotations

from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E

HOUSE_WORDS = ("Daimyo house", "Samurai house")
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Black", "White")
_ANSWERS = {E.PAY, E.SEPPUKU}
_MAIN_ONLY = E.CARD_ACTIONS | {E.SHOGUN, E.ATTACK, E.ALLY_WITH, E.BREAK_ALLIANCE, E.END_TURN}


def name(s: int) -> str:
    return SEAT_NAMES[s] if 0 <= s < len(SEAT_NAMES) else f"seat {s}"


def why_illegal(t, c: int) -> tuple[str, str]:
    op, s, card, owner, house, item, to_o, to_h = E.fields(c)
    if c < 0 or op > E.REFUSE or card >= C.KINDS or item >= C.KINDS:    # an int no action object makes
        return "SAM-CMP-3", "the action names no card, house, seat or choice of this game"
    n, mode = t[E.N], t[E.MODE]
    if mode == E.OVER:
        return "SAM-END-1", "the game is over"
    if s >= n or owner >= n or to_o >= n:
        return "SAM-SET-1", f"this game has seats 0 to {n - 1}"
    actor = E.to_act(t)
    if s != actor:
        what = E.MODE_NAMES[mode].replace("_", " ")
        return "SAM-CLAR-18", f"{name(actor)} decides now ({what}), not {name(s)}"
    if mode != E.MAIN and op in _MAIN_ONLY:
        return "SAM-CLAR-18", f"first the {E.MODE_NAMES[mode].replace('_', ' ')} must be decided"
    b = E.seat_base(s)
    handk = E.hand(t, s)
    if mode == E.MAIN:
        if op in _ANSWERS or op in (E.PASS, E.CASTLE_PICK, E.STEAL, E.STOP, E.ACCEPT, E.REFUSE):
            return "SAM-CLAR-18", "there is nothing to answer now"
        if op == E.SAVE_FACE:
            return "SAM-CLAR-11", ("Save Face is played only against Dishonor or in a battle's window, "
                                   "never as a card action")
        if op in E.CARD_ACTIONS:
            if t[E.FLAGS] & E.F_DAA and t[E.DECL]:
                return "SAM-CLAR-20e", ("after the declaration no more card actions this turn "
                                        "(declaration after actions)")
            left = E.remaining_actions(t)
            if left < 1:
                return "SAM-KI-2", (f"no card action left: Ki {E.ki(t, s)} allows {E.allowed_actions(t, s)}, "
                                    f"{t[E.USED]} used")
            if op == E.DRAW:
                if len(handk) >= E.HAND_SLOTS:
                    return "SAM-KI-4", "your hand holds 7 cards already (the hand limit)"
                if t[E.FLAGS] & E.F_NO_RESHUFFLE:
                    return "SAM-KI-5", "the deck is empty and the discard pile is not reshuffled (no reshuffle)"
                return "SAM-CLAR-2", "deck and discard pile are both empty"
            kind = C.NINJA_ASSASSIN if op == E.ASSASSIN else C.DISHONOR if op == E.DISHONOR else card
            if kind not in handk:
                return "SAM-KI-3", f"you hold no {C.GERMAN[kind]}"
            if op == E.DISHONOR:
                if left < 2:
                    return "SAM-EVT-3", "Dishonor costs two card actions and you have one left"
                return "SAM-CLAR-10", "Dishonor targets another player"
            if op == E.PLAY:
                if kind in C.DAIMYOS:
                    if t[b + E.DH]:
                        return "SAM-PLAY-3", "only a Ronin may play a Daimyo; you have one"
                    return "SAM-PLAY-3", "a Daimyo founds your own Daimyo house"
                if kind > C.BODYGUARD:
                    return "SAM-KI-3", f"{C.GERMAN[kind]} is played with its own action, not into a house"
                if house == E.DAIMYO_HOUSE and not t[E.house_base(owner, house)]:
                    return "SAM-SET-0", f"{name(owner)} has no Daimyo house"
                if (owner, house) not in E.usable_houses(t, s):
                    return "SAM-PLAY-1", f"you may not play into {name(owner)}'s {HOUSE_WORDS[house]}"
                return _limit(t, kind, owner, house)
            if op == E.ASSASSIN:
                return "SAM-CLAR-8", f"{name(owner)} has no Daimyo to target"
            if op == E.THIEF:
                if kind not in (C.NINJA_THIEF, C.ELITE_NINJA_THIEF):
                    return "SAM-EVT-7", f"{C.GERMAN[kind]} is not a Ninja Thief"
                return _theft(t, s, owner, house, item, to_o, to_h)
            return "SAM-KI-3", f"{C.GERMAN[kind]} cannot be played like that"
        if t[E.DUTY] and op != E.SHOGUN:
            what = "end the turn" if op == E.END_TURN else "make another declaration"
            return "SAM-DEC-3", (f"with 100 honor, a Daimyo and the Shogun card free you must declare Shogun "
                                 f"before you {what}")
        if op == E.END_TURN:
            return "SAM-TURN-1", "the turn cannot end now"
        bit = {E.SHOGUN: E.D_SHOGUN, E.ATTACK: E.D_ATTACK, E.ALLY_WITH: E.D_ALLY, E.BREAK_ALLIANCE: E.D_BREAK}[op]
        if not E.declaration_open(t, bit):
            return "SAM-DEC-1", ("this kind of declaration was made this turn already" if t[E.FLAGS] & E.F_MULTI
                                 else "one declaration per turn, and you made yours")
        if op == E.SHOGUN:
            if not t[b + E.DH]:
                return "SAM-DEC-2", "only a player with a Daimyo may declare Shogun"
            return "SAM-DEC-2", f"{name(t[E.SHOGUN_AT])} holds the Shogun card"
        if op == E.ATTACK:
            if not t[b + E.DH]:
                return "SAM-DEC-4", "only a player with a Daimyo may attack"
            return "SAM-DEC-4", f"{name(owner)} holds neither the Shogun card nor a castle"
        if op == E.ALLY_WITH:
            if t[b + E.DH]:
                return "SAM-ALLY-1", "only a Ronin may declare an alliance"
            if t[b + E.ALLY] >= 0:
                return "SAM-CLAR-13", "you have an alliance already"
            if owner == s or not t[E.seat_base(owner) + E.DH]:
                return "SAM-ALLY-1", f"{name(owner)} has no Daimyo"
            return "SAM-CLAR-13", f"{name(owner)} has an alliance already"
        if t[b + E.ALLY] < 0:
            return "SAM-DEC-6", "you have no alliance to break"
        return "SAM-CLAR-13", "a break of this alliance is pending already"
    if mode == E.ANSWER:
        if op == E.SAVE_FACE:
            if C.SAVE_FACE not in handk:
                return "SAM-EVT-5", "you hold no Save Face card"
            return "SAM-CLAR-11", "the Shogun holder may not play Save Face"
        if op == E.SEPPUKU:
            if house == E.DAIMYO_HOUSE:
                return "SAM-CLAR-10", "you have no Daimyo for Seppuku"
            return "SAM-CLAR-10", "Seppuku with the Samurai needs another card in that house (Seppuku needs cards)"
        return "SAM-CLAR-10", "answer Dishonor: pay 75, Save Face, or Seppuku"
    if mode == E.WINDOW:
        return "SAM-CLAR-11", "in the Save Face window you play Save Face or pass"
    if mode == E.CASTLE_CHOICE:
        if op == E.CASTLE_PICK:
            if card == E.TAKE:
                return "SAM-BAT-5", "you have a castle: keep yours or swap"
            return "SAM-BAT-5", "you have no castle: leave it or take it"
        return "SAM-CLAR-12", "the winner chooses what happens to the castle"
    if mode == E.SECOND_THEFT:
        if op == E.STEAL:
            if (owner, house, item) == (t[E.C2], t[E.C3], t[E.C4]):
                return "SAM-CLAR-7", "the second theft takes another card"
            return _theft(t, s, owner, house, item, to_o, to_h)
        return "SAM-CLAR-7", "steal a second card or stop"
    return "SAM-CLAR-13", "accept or refuse the alliance"


def _limit(t, kind: int, owner: int, house: int) -> tuple[str, str]:
    hb = E.house_base(owner, house)
    if house == E.DAIMYO_HOUSE and not t[hb]:
        return "SAM-SET-0", f"{name(owner)} has no Daimyo house"
    if kind in C.CASTLES:
        if house != E.DAIMYO_HOUSE:
            return "SAM-PLAY-2", "a castle lies only in a Daimyo house"
        return "SAM-PLAY-2", "that Daimyo house has a castle already"
    if kind in C.WIVES:
        return "SAM-PLAY-2", "that house has an Okugata already"
    return "SAM-PLAY-2", "that house has 5 warriors already"


def _theft(t, s: int, owner: int, house: int, item: int, to_o: int, to_h: int) -> tuple[str, str]:
    if item not in E.stealable(t[E.FLAGS]):
        return "SAM-CLAR-7", f"{C.GERMAN[item] if 0 < item < C.KINDS else 'that'} cannot be stolen"
    if not E.house_holds(t, E.house_base(owner, house), item):
        return "SAM-CLAR-7", f"{name(owner)}'s {HOUSE_WORDS[house]} holds no {C.GERMAN[item]}"
    if (to_o, to_h) not in E.usable_houses(t, s):
        return "SAM-PLAY-1", f"you may not put cards into {name(to_o)}'s {HOUSE_WORDS[to_h]}"
    if (to_o, to_h) == (owner, house):
        return "SAM-CLAR-7", "a theft moves the card into a different house"
    return _limit(t, item, to_o, to_h)
