"""Leaderboards from the club's rounds: the engine's :func:`leaderboard` over each
player's first round of a course, one board for each set of rule options, with the
course's pars (worked out once, kept in the database)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any
from typing import Final

from parlour.club.database import ClubDatabase
from parlour.club.database import StoredRound
from parlour.club.verify import Verifier
from parlour.engine.errors import ParlourError
from parlour.engine.leaderboard import Standing
from parlour.engine.leaderboard import leaderboard
from parlour.engine.notation import parse_options
from parlour.engine.registry import round_game
from parlour.engine.round_record import RoundResult
from parlour.engine.rounds import course_code
from parlour.engine.rounds import daily_course
from parlour.engine.rounds import hole_seed
from parlour.store.signing import folded

#: the most standings of one board ``GET /api/board`` sends (beside the asking player's
#: own): an answer of every standing grew with the players, past what a client reads
API_ROWS: Final = 200


def todays_course(today: date) -> int:
    return daily_course(round_game().id, today)


@dataclass(frozen=True)
class Board:
    """One course's leaderboard under one set of rule options."""

    game: str
    course: int
    options: str
    standings: list[tuple[Standing, StoredRound]]
    pars: list[int] | None

    @property
    def code(self) -> str:
        return course_code(self.course)

    def as_json(self, player: str = "") -> dict[str, Any]:
        """The board for ``GET /api/board``: its first :data:`API_ROWS` standings, and
        those of ``player`` (a name, compared as the club compares names) further down."""
        spec = round_game()
        assert spec.rounds is not None
        key = folded(player) if player else None
        return {
            "game": self.game,
            "course": self.code,
            "options": self.options,
            "bogey": spec.rounds.bogey,
            "pars": self.pars,
            "players": len(self.standings),
            "standings": [
                {
                    "place": standing.place,
                    "player": stored.player,
                    "holes": list(stored.scores),
                    "total": stored.total,
                    "versus_bogey": standing.round.versus_bogey,
                    "versus_par": standing.versus_par,
                    "round": stored.id,
                    "submitted": stored.submitted.isoformat(timespec="seconds"),
                }
                for number, (standing, stored) in enumerate(self.standings)
                if number < API_ROWS or folded(stored.player) == key
            ],
        }


async def course_boards(
    database: ClubDatabase, verifier: Verifier | None, course: int
) -> list[Board]:
    """A course's boards (book rule first), pars worked out if need be."""
    spec = round_game()
    kind = spec.rounds
    assert kind is not None
    stored = await database.board(spec.id, course)
    groups: dict[str, list[StoredRound]] = {}
    for round_ in stored:
        groups.setdefault(round_.options, []).append(round_)
    boards = []
    for options in sorted(groups, key=lambda o: (o != "none", o)):
        chosen = groups[options]
        try:
            parsed = parse_options(options)
        except ParlourError:
            continue
        results = [
            (r.player, RoundResult(kind, course, parsed, r.scores, spec.id, r.player))
            for r in chosen
        ]
        pars = await course_pars(database, verifier, course, options)
        board = leaderboard(results, pars)
        by_player = {r.player: r for r in chosen}
        boards.append(
            Board(spec.id, course, options, [(s, by_player[s.label]) for s in board], pars)
        )
    return boards


#: courses whose pars this process has tried to work out
_tried: set[tuple[int, str]] = set()


async def course_pars(
    database: ClubDatabase, verifier: Verifier | None, course: int, options: str
) -> list[int] | None:
    """The par of each hole, or None while any is unknown (worked out by the verifier's
    pool, within its budget, and kept)."""
    spec = round_game()
    kind = spec.rounds
    assert kind is not None
    seeds = [hole_seed(kind, course, hole) for hole in range(1, kind.holes + 1)]
    known = await database.pars(spec.id, seeds, options)
    if len(known) < len(seeds) and verifier is not None and (course, options) not in _tried:
        found = await verifier.pars(spec.id, course, options)
        if found is not None:  # (None: the pool is busy; a later look tries again)
            _tried.add((course, options))  # (once: a par the budget cannot prove stays unknown)
            await database.save_pars(
                spec.id, options, {s: p for s, p in found.items() if s not in known}
            )
            known.update(found)
    if any(seed not in known for seed in seeds):
        return None
    return [known[seed] for seed in seeds]
