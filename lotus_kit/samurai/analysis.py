"""Analysis of Ehre der Samurai: exact battle odds as tables, "attack or not" for a position, and the
Shogun question from simulations (pandas; the charts live in :mod:`lotus_kit.samurai.screen`).

>>> odds = battle_odds()
>>> round(float(odds.loc[2, 1]), 4), float(odds.loc[0, 0]), float(odds.loc[3, 0])
(0.9005, 0.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Any

import pandas as pd

from lotus_kit.samurai import cards as C
from lotus_kit.samurai import engine as E
from lotus_kit.samurai.odds import attacker_wins, tie_chance, totals

__all__ = ["attack_or_not", "battle_odds", "save_face_chance", "shogun_study", "shogun_summary",
           "total_distribution"]


def battle_odds() -> pd.DataFrame:
    """P(attacker wins) for 0-6 attacking dice (rows) against 0-6 defending dice (columns),
    equal totals rerolled (SAM-BAT-3, SAM-CLAR-12)."""
    df = pd.DataFrame([[float(attacker_wins(a, d)) for d in range(7)] for a in range(7)])
    df.index.name, df.columns.name = "attacker dice", "defender dice"
    return df


def reroll_odds() -> pd.DataFrame:
    """The chance that one roll ties and is rerolled, per dice count pair."""
    df = pd.DataFrame([[float(tie_chance(a, d)) for d in range(7)] for a in range(7)])
    df.index.name, df.columns.name = "attacker dice", "defender dice"
    return df


def total_distribution(dice: int) -> pd.Series:
    """The chance of each total of ``dice`` six-sided dice."""
    ways = totals(dice)
    s = pd.Series({t: w / 6 ** dice for t, w in enumerate(ways) if w}, name=f"{dice} dice")
    s.index.name = "total"
    return s


def save_face_chance(state: Any, viewer: int, savers: Sequence[int]) -> float:
    """The chance, as ``viewer`` knows the table, that at least one of ``savers`` holds a Save Face
    card: their hands are drawn from the cards ``viewer`` cannot see (hypergeometric)."""
    savers = [s for s in savers if s != viewer]
    if not savers:
        return 0.0
    unseen_sf = C.COUNT[C.SAVE_FACE] if not state[E.FLAGS] & E.F_DECK else 4
    unseen_sf -= state[E.DISCARD + C.SAVE_FACE] + E.hand(state, viewer).count(C.SAVE_FACE)
    unseen = state[E.DECK_SIZE] + sum(len(E.hand(state, s)) for s in range(state[E.N]) if s != viewer)
    held = sum(len(E.hand(state, s)) for s in savers)
    if unseen_sf <= 0 or held == 0:
        return 0.0
    return 1 - comb(unseen - unseen_sf, held) / comb(unseen, held)


def attack_or_not(state: Any, attacker: int, defender: int, horizon: int = 3) -> dict[str, Any]:
    """What an attack of ``attacker`` on ``defender`` is worth now, in honor over ``horizon`` turns:
    the exact chance to win, what each side stands to lose (Daimyo house income, castle, Shogun card)
    and the chance that the defender or his ally can Save Face (from what the attacker can see)."""
    a_dice = E.dice(E.strength(state, attacker, False))
    d_dice = E.dice(E.strength(state, defender, True))
    p = float(attacker_wins(a_dice, d_dice))
    shogun = E.shogun_value(state)
    db = E.house_base(defender, E.DAIMYO_HOUSE)
    ab = E.house_base(attacker, E.DAIMYO_HOUSE)
    castle = state[db + E.CASTLE]
    win_gain = horizon * ((shogun if state[E.SHOGUN_AT] == defender else 0) + (C.H[castle] if castle and
                                                                               not state[ab + E.CASTLE] else 0))
    defender_house = horizon * (E.house_honor(state, db) + (shogun if state[E.SHOGUN_AT] == defender else 0))
    attacker_loss = horizon * (E.house_honor(state, ab) + (shogun if state[E.SHOGUN_AT] == attacker else 0))
    ally = state[E.seat_base(defender) + E.ALLY]
    savers = [s for s in (defender, ally) if s >= 0 and state[E.SHOGUN_AT] != s]
    p_save = save_face_chance(state, attacker, savers)
    value = p * (win_gain + (1 - p_save) * defender_house * 0.5) - (1 - p) * attacker_loss
    return {"attacker_dice": a_dice, "defender_dice": d_dice, "p_win": p, "p_defender_saved": p_save,
            "gain_if_won": win_gain, "defender_house_honor": defender_house, "loss_if_lost": attacker_loss,
            "value": value, "advice": "attack" if value > 0 else "do not attack",
            "rules": ("SAM-BAT-1", "SAM-BAT-2", "SAM-BAT-3", "SAM-CLAR-11", "SAM-CLAR-12")}


def _bots(kind: str, players: int, seed: int) -> list[Any]:
    from lotus_kit.samurai.bots import HeuristicBot, MonteCarloBot, RandomBot

    if kind == "random":
        return [RandomBot(seed * 10 + s) for s in range(players)]
    if kind == "heuristic":
        return [HeuristicBot(seed * 10 + s) for s in range(players)]
    return [MonteCarloBot(seed * 10 + s, rollouts=3, depth=16, candidates=4) for s in range(players)]


def shogun_study(bots: str = "random", players: int = 4, games: int = 50, flags: Sequence[str] = (),
                 seed: int = 0, max_rounds: int = 300) -> pd.DataFrame:
    """One row per game: the winner, who held the Shogun card at the end, how long the winner held
    it, whether the winner ever held it, and the game's length."""
    from lotus_kit.samurai.game import SAMURAI

    rows = []
    for g in range(games):
        k = seed + g
        state = SAMURAI.new_game(players, k, [*flags, f"maxRounds={max_rounds}"])
        table = _bots(bots, players, k)
        held = [0] * players
        last_turn = state.turn
        while not SAMURAI.is_over(state):
            seat = E.to_act(state)
            state = SAMURAI.apply(state, table[seat].choose(state, seat))
            if state.turn != last_turn:
                last_turn = state.turn
                if state.shogun_holder is not None:
                    held[state.shogun_holder] += 1
        winners = sorted(state.winners)
        winner = winners[0] if len(winners) == 1 else None
        rows.append({"bots": bots, "flags": ",".join(flags) or "default", "players": players, "game": k,
                     "winner": winner, "shogun_at_end": state.shogun_holder,
                     "winner_holds_shogun": winner is not None and state.shogun_holder == winner,
                     "winner_ever_shogun": winner is not None and held[winner] > 0,
                     "winner_shogun_share": (held[winner] / max(1, state.turn)) if winner is not None else 0.0,
                     "turns": state.turn, "finished": winner is not None})
    return pd.DataFrame(rows)


def shogun_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per bot kind and flag set: games, share won by the Shogun card's holder at the end, share won
    by someone who held it at some time, mean share of turns the winner held it, mean length."""
    g = df.groupby(["bots", "flags"])
    out = pd.DataFrame({
        "games": g.size(),
        "finished": g["finished"].mean(),
        "holder_at_end_wins": g["winner_holds_shogun"].mean(),
        "winner_ever_held": g["winner_ever_shogun"].mean(),
        "winner_turns_as_shogun": g["winner_shogun_share"].mean(),
        "mean_turns": g["turns"].mean(),
    })
    return out.round(3)
