"""A stored round as a round record (:mod:`parlour.engine.round_record`): the nine
finished games of its holes, replayed from the database and written out as text, and the
file it is exported to."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.engine.deals import parse_deck
from parlour.engine.history import Line
from parlour.engine.notation import parse_options
from parlour.engine.registry import find_game
from parlour.engine.registry import round_game
from parlour.engine.round_record import format_round_record
from parlour.engine.rounds import course_code
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.store.schema import FinishedGame
from parlour.store.schema import StoredRound


class RoundNotReady(StoreError):
    """A round that cannot be written as a record: unfinished, or a hole's game lost."""


def stored_line(game: FinishedGame) -> Line[Any, Any]:
    """A stored finished game, replayed from its deal."""
    rules = find_game(game.game)
    deck = parse_deck(game.deck, rules.deck_size)
    line: Line[Any, Any] = Line.new(rules, deck, parse_options(game.options), game.seed)
    return line.played_on(game.moves)


def round_record_text(store: Store, stored: StoredRound) -> str:
    """The round record of a complete stored round."""
    spec = round_game()
    assert spec.rounds is not None
    kind = spec.rounds
    if len(stored.scores) != kind.holes:
        raise RoundNotReady(
            f"the round of course {course_code(stored.course)} is not finished: "
            f"{len(stored.scores)} of {kind.holes} {kind.unit}s played (a round record "
            f"holds all {kind.holes})"
        )
    games = store.round_games(stored.id)
    if [game.hole for game in games] != list(range(1, kind.holes + 1)):
        raise RoundNotReady(
            f"the games of the round of course {course_code(stored.course)} are not all "
            "kept, so it cannot be written as a record"
        )
    extra = {"Finished": stored.finished} if stored.finished else {}
    lines = [stored_line(game) for game in games]
    return format_round_record(spec.id, stored.course, stored.player, lines, extra)


def export_round(directory: Path | None, stored: StoredRound, text: str) -> Path:
    """Write a round record into the data directory's ``records`` folder under a new,
    dated name, and return its path."""
    from parlour.store.files import export_record

    spec = round_game()
    return export_record(directory, f"{spec.id}-round-{course_code(stored.course)}", text)
