"""The question before a new deal: a game with moves played is dropped unscored by it, so
every game asks first (a game may ask in its own words, as Rubbish Heap does)."""

from __future__ import annotations

from parlour.controls.game import Ask
from parlour.controls.game import Command
from parlour.session import Session


def new_deal_question(session: Session | None) -> Ask | None:
    """What to ask before a new deal replaces ``session``'s game (None: nothing to lose,
    as in a replay (no session), a finished game, or one with no move played)."""
    if session is None or session.is_finished:
        return None
    line = session.line
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
