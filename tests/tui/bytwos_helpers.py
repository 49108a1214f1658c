"""A simple By Twos player and the positions of its game, for the screen's tests."""

from __future__ import annotations

from typing import Any

from parlour.engine.game import GIVE_UP
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosMove
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.history import Line

#: a short game (221 moves by the simple player below), with a redeal at move 110 and
#: a card that both clubs piles take at move 124
SEED = 1344
REDEAL_AT = 110
CHOICE_AT = 124


def greedy(state: ByTwosState) -> ByTwosMove:
    """A simple player: the first build there is, else turn, deal or redeal."""
    moves = BYTWOS.legal_moves(state)
    builds = [move for move in moves if isinstance(move, Build)]
    return builds[0] if builds else next(move for move in moves if move != GIVE_UP)


def both_piles_take(state: ByTwosState, move: ByTwosMove) -> bool:
    return isinstance(move, Build) and all(
        Build(move.source, pile) in state.legal for pile in ("a", "d")
    )


def greedy_line(moves: int | None = None) -> Line[Any, Any]:
    """The simple player's game of :data:`SEED`, after ``moves`` moves (None: to its end)."""
    line: Line[Any, Any] = Line.from_seed(BYTWOS, SEED)
    while BYTWOS.outcome(line.current) is None and (moves is None or len(line.moves) < moves):
        line = line.play(greedy(line.current))
    return line
