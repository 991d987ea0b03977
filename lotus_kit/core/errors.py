"""Errors of the kit. Each names what is at fault in plain words; rule errors carry the rule id."""

from __future__ import annotations


class LotusKitError(Exception):
    """Base class of every error the kit raises on purpose."""


class IllegalAction(LotusKitError):
    """An action the rules do not allow in this state. The state is unchanged.

    >>> e = IllegalAction("WL-PLACE-2", "you already have a marker in Chengdu")
    >>> str(e)
    'WL-PLACE-2: you already have a marker in Chengdu'
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class RecordError(LotusKitError):
    """A game record that cannot be read or replayed; ``where`` names the field or action index."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


class PositionError(LotusKitError):
    """A position description that cannot be a position of the game; lists every reason."""

    def __init__(self, reasons: list[str]):
        super().__init__("impossible position:\n- " + "\n- ".join(reasons))
        self.reasons = list(reasons)


class BoardDataError(LotusKitError):
    """Board data that breaks an invariant (WL-BOARD-6..12); ``check`` names it."""

    def __init__(self, check: str, message: str):
        super().__init__(f"{check}: {message}")
        self.check = check
        self.message = message
