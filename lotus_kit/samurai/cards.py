"""The 110 cards of Ehre der Samurai (SAM-CMP-1..4) as small ints.

Cards of one kind are interchangeable (SAM-CLAR-18), so the engine keeps a *kind* per card and
counts of kinds; the kind number indexes the value tables below. Kind 0 means "no card".

>>> KIND["DAIMYO_30"], NAMES[KIND["DAIMYO_30"]], (H[KIND["DAIMYO_30"]], K[KIND["DAIMYO_30"]], S[KIND["DAIMYO_30"]])
(7, 'DAIMYO_30', (30, 1, 4))
>>> sum(COUNT) == 110
True
"""

from __future__ import annotations

# (id, count, H, K, S, German name) in the order of the table in SAM-CMP-3
_TABLE: tuple[tuple[str, int, int, int, int, str], ...] = (
    ("NONE", 0, 0, 0, 0, "–"),
    ("SAMURAI", 6, 0, 6, 0, "Samurai"),
    ("START_DAIMYO_5", 3, 5, 0, 1, "Start-Daimyo 5"),
    ("START_DAIMYO_10", 3, 10, 0, 2, "Start-Daimyo 10"),
    ("DAIMYO_10", 1, 10, 0, 4, "Daimyo 10"),
    ("DAIMYO_15", 1, 15, 2, 3, "Daimyo 15"),
    ("DAIMYO_20", 1, 20, 1, 5, "Daimyo 20"),
    ("DAIMYO_30", 1, 30, 1, 4, "Daimyo 30"),
    ("NODACHI", 1, 5, 1, 3, "No-Dachi der Ahnen"),
    ("DAISHO", 1, 10, 1, 1, "Daisho der Ahnen"),
    ("MASAMUNE", 1, 10, 1, 4, "Schmied Masamune"),
    ("NOH", 1, 20, 3, 0, "Noh-Theater"),
    ("FIREARMS", 1, -20, -2, 6, "Schusswaffen"),
    ("WARRIOR_S1", 13, 0, 0, 1, "Krieger S1"),
    ("WARRIOR_S2", 16, 0, 0, 2, "Krieger S2"),
    ("WARRIOR_K1S1", 9, 0, 1, 1, "Krieger K1 S1"),
    ("WARRIOR_S3", 7, 0, 0, 3, "Krieger S3"),
    ("OKUGATA_5", 4, 5, 4, 0, "Okugata 5"),
    ("OKUGATA_10", 5, 10, 3, 0, "Okugata 10"),
    ("CASTLE_ODAWARA", 1, 5, 0, 3, "Burg Odawara"),
    ("CASTLE_OSAKA", 1, 10, 1, 4, "Burg Osaka"),
    ("CASTLE_HIMEJI", 1, 15, 2, 5, "Burg Himeji"),
    ("BODYGUARD", 5, 0, 0, 0, "Leibwache"),           # events and guards carry no values (SAM-CMP-2)
    ("DISHONOR", 4, 0, 0, 0, "Entehrung"),
    ("SAVE_FACE", 9, 0, 0, 0, "Gesicht wahren"),
    ("NINJA_THIEF", 3, 0, 0, 0, "Ninja-Dieb"),
    ("ELITE_NINJA_THIEF", 5, 0, 0, 0, "Elite-Ninja-Dieb"),
    ("NINJA_ASSASSIN", 5, 0, 0, 0, "Ninja-Attentäter"),
    ("SHOGUN", 1, 0, 0, 0, "Shogun"),
)

NAMES: tuple[str, ...] = tuple(row[0] for row in _TABLE)
GERMAN: tuple[str, ...] = tuple(row[5] for row in _TABLE)
KIND: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
COUNT: tuple[int, ...] = tuple(row[1] for row in _TABLE)
H: tuple[int, ...] = tuple(row[2] for row in _TABLE)
K: tuple[int, ...] = tuple(row[3] for row in _TABLE)
S: tuple[int, ...] = tuple(row[4] for row in _TABLE)
KINDS = len(NAMES)                      # 29; the hidden-card marker is one past the last kind
HIDDEN = 31                             # a card a seat may not see (observation), SAM-CLAR-19

SAMURAI = KIND["SAMURAI"]
START_5, START_10 = KIND["START_DAIMYO_5"], KIND["START_DAIMYO_10"]
DAIMYOS = frozenset(range(START_5, KIND["DAIMYO_30"] + 1))
POSSESSIONS = tuple(range(KIND["NODACHI"], KIND["FIREARMS"] + 1))   # one bit each in a house
WARRIORS = tuple(range(KIND["WARRIOR_S1"], KIND["WARRIOR_S3"] + 1))  # counted per kind in a house
WIVES = (KIND["OKUGATA_5"], KIND["OKUGATA_10"])
CASTLES = (KIND["CASTLE_ODAWARA"], KIND["CASTLE_OSAKA"], KIND["CASTLE_HIMEJI"])
BODYGUARD = KIND["BODYGUARD"]
DISHONOR = KIND["DISHONOR"]
SAVE_FACE = KIND["SAVE_FACE"]
NINJA_THIEF = KIND["NINJA_THIEF"]
ELITE_NINJA_THIEF = KIND["ELITE_NINJA_THIEF"]
NINJA_ASSASSIN = KIND["NINJA_ASSASSIN"]
SHOGUN = KIND["SHOGUN"]
DECK_KINDS = tuple(range(START_5, SHOGUN))   # every kind that can be in the deck, a hand or the discard

# a house keeps its possessions as a bit mask: the sums of every mask, precomputed
POS_BIT = {k: 1 << i for i, k in enumerate(POSSESSIONS)}
POS_H = tuple(sum(H[k] for k in POSSESSIONS if m & POS_BIT[k]) for m in range(32))
POS_K = tuple(sum(K[k] for k in POSSESSIONS if m & POS_BIT[k]) for m in range(32))
POS_S = tuple(sum(S[k] for k in POSSESSIONS if m & POS_BIT[k]) for m in range(32))


def shogun_honor(players: int) -> int:
    """The Shogun card's honor by player count (SAM-CMP-4; 2 players under ``ALLOW_2P``: 50)."""
    return {2: 50, 3: 50, 4: 75, 5: 100, 6: 150}[players]


def words(kind: int) -> str:
    """A card for a person: ``'Daimyo 30 (H30 K1 S4)'``."""
    if kind in (SHOGUN, BODYGUARD) or kind >= DISHONOR:
        return GERMAN[kind]
    return f"{GERMAN[kind]} (H{H[kind]} K{K[kind]} S{S[kind]})"


assert sum(COUNT) == 110, "SAM-CMP-3: the deck has 110 cards"
assert len(POSSESSIONS) == 5 and len(WARRIORS) == 4 and len(CASTLES) == 3
