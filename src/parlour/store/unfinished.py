"""Everything the player has left unfinished, as the start screen lists it: each game in
its resume slot (one per game and rule options, a move played) and every unfinished round,
the most recently played first."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.store.database import Store
from parlour.store.schema import SavedGame
from parlour.store.schema import StoredRound
from parlour.store.schema import well_formed


@dataclass(frozen=True, slots=True)
class Unfinished:
    """A game or a round the player may go on with."""

    #: when it was last played (UTC, ISO 8601): its last move, or its last hole's end
    when: str
    #: the game in progress: a single deal, or the round's hole in play (None: the round
    #: is between holes)
    saved: SavedGame | None = None
    #: the round, for a round
    round: StoredRound | None = None

    @property
    def moves(self) -> int:
        """Moves played in the game (the round's hole) in progress."""
        return len(self.saved.moves) if self.saved is not None else 0


def played(saved: SavedGame) -> bool:
    """A move played (or taken back, to be redone): a game that takes a slot."""
    return bool(saved.moves or saved.undone)


def unfinished(store: Store) -> list[Unfinished]:
    """The player's unfinished games and rounds, the most recently played first."""
    with store.reading():
        saved = store.games_in_progress()
        rounds = store.unfinished_rounds()
        ids = [stored.id for stored in rounds]
        marks = ",".join("?" * len(ids))
        ended = dict(
            store._read(
                f"SELECT round_id, MAX(finished) FROM games WHERE {well_formed('games')} "
                f"AND player = ? AND round_id IN ({marks}) GROUP BY round_id",
                (store.player, *ids),
            )
            if ids
            else []
        )
    found: list[Unfinished] = []
    for stored in rounds:
        holes = [game for game in saved if game.round_id == stored.id]
        hole = max(holes, key=lambda game: (game.hole or 0, game.updated)) if holes else None
        stamps = [stored.started, ended.get(stored.id) or "", hole.updated if hole else ""]
        found.append(Unfinished(max(stamps), hole, stored))
    found.extend(
        Unfinished(game.updated, game) for game in saved if game.round_id is None and played(game)
    )
    found.sort(key=lambda entry: entry.when, reverse=True)
    return found
