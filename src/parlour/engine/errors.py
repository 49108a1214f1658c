"""The engine's errors. Every message is meant to be read by a player.

Two kinds of move error are kept apart, as in python-chess: text that is not a
move at all (:class:`NotationError`) and a well-formed move that the rules do
not allow in this position (:class:`IllegalMoveError`).
"""

from __future__ import annotations


class ParlourError(ValueError):
    """Base class of every error the engine raises on purpose."""


class NotationError(ParlourError):
    """Text that cannot be read: not a card, not a move of this game, not a position."""


class IllegalMoveError(ParlourError):
    """A well-formed move that the rules forbid here. ``reason`` says why."""

    def __init__(self, move: str, reason: str) -> None:
        super().__init__(f"{move} is not allowed: {reason}")
        self.move = move
        self.reason = reason


def located(message: str, **places: int | None) -> str:
    """``message`` after where it applies (``hole 3, line 12, move 4: …``), leaving out the
    places not known."""
    where = ", ".join(f"{name} {at}" for name, at in places.items() if at is not None)
    return f"{where}: {message}" if where else message


class DealError(ParlourError):
    """A seed out of range or a deck that is not a complete pack."""


class UnknownGameError(ParlourError):
    """A game id that is not in the registry."""


class RecordError(ParlourError):
    """A record that cannot be read or replayed. ``line`` is 1-based, when known."""

    def __init__(self, message: str, line: int | None = None, move_number: int | None = None):
        super().__init__(located(message, line=line, move=move_number))
        self.line = line
        self.move_number = move_number
        self.detail = message
