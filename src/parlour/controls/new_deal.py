"""The question before a new deal: a game with moves played is dropped unscored by it, so
every game asks first (a game may ask in its own words, as Rubbish Heap does)."""

from __future__ import annotations

from parlour.controls.course import Course
from parlour.controls.game import Ask
from parlour.controls.game import Command


def new_deal_question(course: Course) -> Ask | None:
    """What to ask before a new deal replaces the game of ``course`` (None: nothing to
    lose, as in a replay, a finished game, or one with no move played)."""
    if not course.live:
        return None
    line = course.line
    if not (line.moves or line.undone):
        return None
    moves = len(line.moves)
    return Ask(
        f"Deal a new game? This one ({moves} {'move' if moves == 1 else 'moves'} played) "
        "is dropped and not scored.",
        yes="New deal",
        no="Play on",
        then=Command.NEW_ANYWAY,
    )
