"""A simple Three Squares player and the positions of its game, for the screen's tests."""

from __future__ import annotations

from typing import Any

from parlour.engine.game import GIVE_UP
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_state import DEAL
from parlour.engine.games.squares_state import SquaresMove
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.history import Line
from parlour.engine.solve.squares_hint import squares_hint

#: a short game that opens with a choice of two sequences for square 3
SEED = 7


def player(state: SquaresState) -> SquaresMove:
    """A simple player: the hint key's own choice (the first sequence on offer, a run onto
    its next-higher card, a card into a space when that lets a run move, a space filled
    from the pack, a deal, and with the pack empty the engine's line to a better score),
    or giving up when it has none."""
    try:
        return squares_hint(state)
    except ValueError:
        return GIVE_UP


def player_line(seed: int = SEED, moves: int | None = None) -> Line[Any, Any]:
    """The simple player's game of ``seed``, after ``moves`` moves (None: to its end)."""
    line: Line[Any, Any] = Line.from_seed(SQUARES, seed)
    seen = {line.current}
    while SQUARES.outcome(line.current) is None and (moves is None or len(line.moves) < moves):
        move = player(line.current)
        if SQUARES.apply(line.current, move) in seen:  # going round in circles
            move = DEAL if DEAL in line.current.legal else GIVE_UP
        line = line.play(move)
        seen.add(line.current)
    return line
