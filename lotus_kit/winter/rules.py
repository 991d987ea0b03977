"""Winter's rule variants: two profiles and every flag of the spec in one frozen value.

Profile DEVIR (the physical game as reviewed) is the default; ``BGA_HELP`` follows the Board Game
Arena help text where it differs (WIN-BGA-1..3). Settings of WIN-CLAR-15 (c) are flags with a value:
``MAX_THAW_PLIES=<n>`` and ``NO_REPETITION_END`` (WIN-END-3), also under the spec's own names
``maxThawPlies=<n>`` and ``REPETITION_END=off`` (a value is given back under the first names);
``DECK=<file>`` names a deck file.

>>> Rules().flags()
()
>>> Rules.from_flags(["BGA_HELP", "ALIGNED_GRID"]).flags()
('BGA_HELP', 'ALIGNED_GRID')
>>> Rules.from_flags(["MAX_THAW_PLIES=12"]).max_thaw_plies
12
>>> Rules.from_flags(["maxThawPlies=12", "REPETITION_END=off"]).flags()
('NO_REPETITION_END', 'MAX_THAW_PLIES=12')
>>> Rules.from_flags(["EXPERT_MODE"])
Traceback (most recent call last):
...
ValueError: EXPERT_MODE is not supported: the expert cards' powers are unknown (WIN-BGA-4)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace

from lotus_kit.core.errors import quote

PROFILES = {"DEVIR": (), "BGA_HELP": ("BGA_HELP",)}

# flag name of the spec -> (field of Rules, rule id it changes, plain words)
FLAGS: dict[str, tuple[str, str, str]] = {
    "BGA_HELP": ("bga", "WIN-BGA-1", "Board Game Arena help: lay a card every turn, claims right after it"),
    "ALIGNED_GRID": ("aligned", "WIN-GEO-3", "cards only on even anchors (no staggering)"),
    "EXCLUSIVE_FLAKES": ("exclusive", "WIN-GEO-7", "a flake belongs to at most one token's square"),
    "MELTED_TOKENS_OUT_OF_GAME": ("melted_out", "WIN-SPLIT-1", "tokens on a melted part leave the game"),
    "NO_END_ON_EMPTY_SUPPLY": ("no_end_empty", "WIN-END-2", "an empty supply does not end the game"),
    "TIEBREAK_COUNT_ONLY_DIRECT_REMOVALS": ("direct_removals", "WIN-TIE-1",
                                            "the tie-break counts removed cards, not melted ones"),
    "SECOND_PLAYER_STARTS": ("second_starts", "WIN-SET-4", "the second player takes the first turn"),
    "ALLOW_SINGLE_CARD_SQUARE": ("single_card_square", "WIN-GEO-6", "a square may lie on one card"),
    "MOVE_KEEPS_ORIENTATION": ("keep_orientation", "WIN-CLAR-7", "a moved card keeps its orientation"),
    "NO_ROTATE_IN_PLACE": ("no_rotate_in_place", "WIN-CLAR-7", "turning a card on its own spot is no move"),
    "BGA_CLAIM_EVERY_SQUARE": ("claim_every", "WIN-CLAR-5",
                               "every square a laid card forms may take a token (BGA_HELP)"),
    "NO_REPETITION_END": ("no_repetition_end", "WIN-END-3", "a third repetition does not end the game"),
}
# the settings of WIN-CLAR-15 (c) as the spec writes them -> the name records use: a switch, a value's name
ALIASES = {"REPETITION_END=off": "NO_REPETITION_END"}
VALUE_ALIASES = {"maxThawPlies": "MAX_THAW_PLIES"}
DEFAULT_MAX_THAW_PLIES = 60     # WIN-END-3


@dataclass(frozen=True, slots=True)
class Rules:
    """Every variant of the spec; all off = profile DEVIR with the default settings."""

    bga: bool = False
    aligned: bool = False
    exclusive: bool = False
    melted_out: bool = False
    no_end_empty: bool = False
    direct_removals: bool = False
    second_starts: bool = False
    single_card_square: bool = False
    keep_orientation: bool = False
    no_rotate_in_place: bool = False
    claim_every: bool = False
    no_repetition_end: bool = False
    max_thaw_plies: int = DEFAULT_MAX_THAW_PLIES
    deck_file: str | None = None

    @property
    def profile(self) -> str:
        return "BGA_HELP" if self.bga else "DEVIR"

    @classmethod
    def from_flags(cls, flags: Iterable[str]) -> Rules:
        rules = cls()
        for flag in flags:
            if not isinstance(flag, str):
                raise ValueError(f"a flag is a name, got {quote(flag)}")
            if flag in FLAGS:
                rules = replace(rules, **{FLAGS[flag][0]: True})
            elif flag in ("DEVIR", "REPETITION_END"):
                continue                                   # the defaults, named
            elif flag == "EXPERT_MODE":
                raise ValueError("EXPERT_MODE is not supported: the expert cards' powers are unknown (WIN-BGA-4)")
            elif flag in ALIASES:
                rules = replace(rules, **{FLAGS[ALIASES[flag]][0]: True})
            elif flag.startswith(("MAX_THAW_PLIES=", *(f"{a}=" for a in VALUE_ALIASES))):
                name, _, raw = flag.partition("=")
                if not raw.isdigit() or not 1 <= int(raw) <= 10_000:
                    raise ValueError(f"{name} must be a whole number from 1 to 10000 (WIN-CLAR-15), "
                                     f"got {quote(raw)}")
                rules = replace(rules, max_thaw_plies=int(raw))
            elif flag.startswith("DECK="):
                rules = replace(rules, deck_file=flag.partition("=")[2])
            else:
                raise ValueError(f"unknown variant flag {quote(flag)}; known flags: {', '.join(FLAGS)}, "
                                 "MAX_THAW_PLIES=<n>, DECK=<file> (or the spec's names: maxThawPlies=<n>, "
                                 "REPETITION_END=off)")
        return rules

    def flags(self) -> tuple[str, ...]:
        """The flags that give this value back (the deck file is not among them: a record carries
        the cards themselves)."""
        out = [name for name, (field, _, _) in FLAGS.items() if getattr(self, field)]
        if self.max_thaw_plies != DEFAULT_MAX_THAW_PLIES:
            out.append(f"MAX_THAW_PLIES={self.max_thaw_plies}")
        return tuple(out)


assert {f for f, _, _ in FLAGS.values()} == {f.name for f in fields(Rules)} - {"max_thaw_plies", "deck_file"}
