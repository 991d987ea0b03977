"""Stand-ins for the core's game facts while ``lotus_kit.core.game`` has no ``GameInfo`` yet (the
names and fields of the seam specification); removed once the core provides them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class FlagInfo:
    name: str
    words: str
    rule: str
    note: str = ""


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    rule_prefix: str
    rules_document: str
    flags: tuple[FlagInfo, ...] = ()
    profiles: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    bots: Mapping[str, str] = field(default_factory=dict)
    chance: bool = False
    hidden_information: bool = False
    sealed_choices: bool = False
    seat_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Decision:
    kind: str
    seats: frozenset[int]
    sealed: bool
    rules: tuple[str, ...]
    text: str
