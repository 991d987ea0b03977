"""What happened, and why: every resolution emits events with the full breakdown.

Widgets explain outcomes from these; :func:`lotus_kit.white_lotus.frame.events_frame` makes them a
table. Each event knows the rule ids behind it (``rules``) and says itself in words (``text``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from lotus_kit.core.events import Event


def _cards(cards: tuple[int, ...]) -> str:
    return "+".join(map(str, cards)) if cards else "nothing"


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    players: int
    seed: int | None
    """None in an observation: the seed orders the hidden draw pool (WL-INFO-1)."""
    first_emperor: int
    start_chips: tuple[tuple[str, str], ...]
    flags: tuple[str, ...]
    rules: ClassVar = ("WL-SETUP-2", "WL-SETUP-6")

    def text(self, name=lambda s: f"seat {s}") -> str:
        return f"{self.players} players; {name(self.first_emperor)} is the first emperor (WL-SETUP-6)."


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    year: int
    phase: int
    rules: ClassVar = ("WL-YEAR-1",)

    def text(self, name=lambda s: f"seat {s}") -> str:
        from lotus_kit.white_lotus.state import PHASE_NAMES

        return f"Year {self.year}, phase {self.phase}: {PHASE_NAMES[self.phase]}."


@dataclass(frozen=True, slots=True)
class MarkerPlaced(Event):
    seat: int
    province: str
    rules: ClassVar = ("WL-PLACE-2", "WL-PLACE-3")

    def text(self, name=lambda s: f"seat {s}") -> str:
        return f"{name(self.seat)} claims {self.province}."


@dataclass(frozen=True, slots=True)
class PlacementEnded(Event):
    seat: int
    placed: int
    reason: str
    rules: ClassVar = ("WL-PLACE-3", "WL-PLACE-4", "WL-PLACE-8")

    def text(self, name=lambda s: f"seat {s}") -> str:
        return f"{name(self.seat)} stops placing after {self.placed} marker(s): {self.reason}."


@dataclass(frozen=True, slots=True)
class ProvinceChosen(Event):
    seat: int
    province: str
    participants: tuple[int, ...]
    forced: bool
    rules: ClassVar = ("WL-CONF-2", "WL-CONF-3")

    def text(self, name=lambda s: f"seat {s}") -> str:
        why = " (the start palace is resolved first, WL-CONF-2)" if self.forced else ""
        who = ", ".join(name(s) for s in self.participants)
        return f"Emperor {name(self.seat)} resolves {self.province}{why}: claimed by {who}."


@dataclass(frozen=True, slots=True)
class ProvinceSettled(Event):
    province: str
    seat: int
    chip: str
    contested: bool
    rules: ClassVar = ("WL-CONF-4", "WL-CONF-10")

    def text(self, name=lambda s: f"seat {s}") -> str:
        how = "wins the conflict and takes" if self.contested else "is alone and takes"
        return f"{name(self.seat)} {how} {self.province} ({self.chip})."


@dataclass(frozen=True, slots=True)
class BidRevealed:
    seat: int
    target: int
    cards: tuple[int, ...]

    @property
    def value(self) -> int:
        return sum(self.cards)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "target": self.target, "cards": list(self.cards), "value": self.value}


@dataclass(frozen=True, slots=True)
class ConflictRound(Event):
    """One round of a conflict (WL-CONF-6..10): every bid, every pressure, who left and why."""

    province: str
    round: int
    bids: tuple[BidRevealed, ...]
    pressures: tuple[tuple[int, int], ...]
    tied: tuple[int, ...]
    leaver: int
    decided_by_emperor: int | None
    discarded: tuple[tuple[int, tuple[int, ...]], ...]
    refund: int
    rules: ClassVar = ("WL-CONF-6", "WL-CONF-7", "WL-CONF-8", "WL-CONF-9")

    def text(self, name=lambda s: f"seat {s}") -> str:
        parts = [f"{name(b.seat)} names {name(b.target)} with {_cards(b.cards)}" for b in self.bids]
        press = ", ".join(f"{name(s)} {p}" for s, p in self.pressures)
        if self.decided_by_emperor is not None:
            why = (f"{', '.join(name(s) for s in self.tied)} tie on the highest pressure and emperor "
                   f"{name(self.decided_by_emperor)} sends {name(self.leaver)} out (WL-CONF-8)")
        else:
            why = f"{name(self.leaver)} has the highest pressure and leaves (WL-CONF-8)"
        return (f"{self.province}, round {self.round}: {'; '.join(parts)}. Pressure: {press}. {why}; "
                f"refund {self.refund} (WL-CONF-9).")


@dataclass(frozen=True, slots=True)
class RefundTaken(Event):
    seat: int
    cards: tuple[int, ...]
    owed: int
    rules: ClassVar = ("WL-CONF-9", "WL-CONF-13")

    def text(self, name=lambda s: f"seat {s}") -> str:
        short = f" ({self.owed - sum(self.cards)} short: the supply ran out)" if sum(self.cards) < self.owed else ""
        return f"{name(self.seat)} takes back {sum(self.cards)} influence{short}."


@dataclass(frozen=True, slots=True)
class EmperorChanged(Event):
    old: int
    new: int
    palaces_old: int
    palaces_new: int
    rule: str
    rules: ClassVar = ("WL-EMP-1", "WL-EMP-2", "WL-REB-12")

    def text(self, name=lambda s: f"seat {s}") -> str:
        return (f"{name(self.new)} owns {self.palaces_new} palace(s), more than {name(self.old)}'s "
                f"{self.palaces_old}, and becomes emperor ({self.rule}).")


@dataclass(frozen=True, slots=True)
class FinalYear(Event):
    year: int
    reason: str
    rules: ClassVar = ("WL-END-1", "WL-END-4", "WL-YEAR-2")

    def text(self, name=lambda s: f"seat {s}") -> str:
        return f"Year {self.year} is the last: {self.reason}."


@dataclass(frozen=True, slots=True)
class EmperorPoint(Event):
    seat: int
    rules: ClassVar = ("WL-EMPVP-1",)

    def text(self, name=lambda s: f"seat {s}") -> str:
        return f"Emperor {name(self.seat)} takes a VP chip (WL-EMPVP-1)."


@dataclass(frozen=True, slots=True)
class RebellionAnswered(Event):
    seat: int
    villages: int
    lead: bool
    rules: ClassVar = ("WL-REB-1", "WL-REB-2")

    def text(self, name=lambda s: f"seat {s}") -> str:
        verb = "leads the rebellion" if self.lead else "declines to lead"
        return f"{name(self.seat)} ({self.villages} village(s)) {verb} (WL-REB-2)."


@dataclass(frozen=True, slots=True)
class NoRebellion(Event):
    reason: str
    rules: ClassVar = ("WL-REB-2",)

    def text(self, name=lambda s: f"seat {s}") -> str:
        return f"No rebellion this year: {self.reason}."


@dataclass(frozen=True, slots=True)
class RebellionResolved(Event):
    """The tally (WL-REB-5, 6): each player's side and combat, the leaders' bonuses, the winner."""

    emperor: int
    leader: int
    sides: tuple[tuple[int, str], ...]
    combat: tuple[tuple[int, tuple[int, ...]], ...]
    palace_bonus: int
    village_bonus: int
    emperor_total: int
    rebel_total: int
    winner: str
    reward_order: tuple[int, ...]
    rules: ClassVar = ("WL-REB-3", "WL-REB-4", "WL-REB-5", "WL-REB-6", "WL-REB-7", "WL-REB-8")

    def text(self, name=lambda s: f"seat {s}") -> str:
        win = "the emperor's side wins" if self.winner == "emperor" else "the rebels win"
        tie = " (a tie goes to the emperor, WL-REB-6)" if self.emperor_total == self.rebel_total else ""
        return (f"Emperor's side {self.emperor_total} (palace bonus {self.palace_bonus}) against rebels "
                f"{self.rebel_total} (village bonus {self.village_bonus}): {win}{tie}.")


@dataclass(frozen=True, slots=True)
class RewardTaken(Event):
    seat: int
    province: str | None
    from_seat: int | None
    chip: str | None
    reason: str
    rules: ClassVar = ("WL-REB-9", "WL-REB-10")

    def text(self, name=lambda s: f"seat {s}") -> str:
        if self.province is None:
            return f"{name(self.seat)} takes a VP chip ({self.reason})."
        return f"{name(self.seat)} takes {self.province} ({self.chip}) from {name(self.from_seat)}."


@dataclass(frozen=True, slots=True)
class IncomeTaken(Event):
    seat: int
    influence: int
    combat: int
    palaces_for_combat: int
    lost: int
    rules: ClassVar = ("WL-CARDS-1", "WL-CARDS-2")

    def text(self, name=lambda s: f"seat {s}") -> str:
        lost = f" ({self.lost} lost: the supply ran out)" if self.lost else ""
        return f"{name(self.seat)} takes {self.influence} influence and {self.combat} combat{lost}."


@dataclass(frozen=True, slots=True)
class ChipDrawn(Event):
    seat: int
    chip: str
    temple: bool
    rules: ClassVar = ("WL-TERR-2", "WL-TERR-3")

    def text(self, name=lambda s: f"seat {s}") -> str:
        extra = " with a temple's extra draw" if self.temple else ""
        return f"{name(self.seat)} draws a {self.chip}{extra}."


@dataclass(frozen=True, slots=True)
class ChipPlaced(Event):
    seat: int
    province: str
    chip: str
    rules: ClassVar = ("WL-TERR-2",)

    def text(self, name=lambda s: f"seat {s}") -> str:
        return f"{name(self.seat)} places the {self.chip} in {self.province}."


@dataclass(frozen=True, slots=True)
class TempleDeclined(Event):
    seat: int
    rules: ClassVar = ("WL-TERR-7",)

    def text(self, name=lambda s: f"seat {s}") -> str:
        return f"{name(self.seat)} declines further temple draws (WL-TERR-7)."


@dataclass(frozen=True, slots=True)
class TilesLaidOut(Event):
    placements: tuple[tuple[str, str], ...]
    rules: ClassVar = ("WL-VAR-2",)

    def text(self, name=lambda s: f"seat {s}") -> str:
        return f"Designer rules: {len(self.placements)} neutral tiles are laid out face up."


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """The parts of one player's final score (WL-SCORE-1..4)."""

    seat: int
    buildings: int
    largest_group: int
    group_bonus: int
    dragons: int
    vp_chips: int
    palaces: int

    @property
    def total(self) -> int:
        return self.buildings + self.group_bonus + self.dragons + self.vp_chips

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "buildings": self.buildings, "largest_group": self.largest_group,
                "group_bonus": self.group_bonus, "dragons": self.dragons, "vp_chips": self.vp_chips,
                "palaces": self.palaces, "total": self.total}


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    scores: tuple[ScoreLine, ...]
    winners: tuple[int, ...]
    tie_break: str
    rules: ClassVar = ("WL-SCORE-1", "WL-SCORE-2", "WL-SCORE-3", "WL-SCORE-4", "WL-SCORE-5")

    def text(self, name=lambda s: f"seat {s}") -> str:
        table = ", ".join(f"{name(s.seat)} {s.total}" for s in self.scores)
        who = " and ".join(name(w) for w in self.winners)
        tb = f" ({self.tie_break})" if self.tie_break else ""
        return f"Final scores: {table}. {who} win{'s' if len(self.winners) == 1 else ''}{tb}."


def _speed_up() -> None:
    import dataclasses

    from lotus_kit.white_lotus.fastrecord import fast_init

    for obj in list(globals().values()):
        if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == __name__:
            fast_init(obj)


_speed_up()
