"""A simple Three Squares player and the positions of its game, for the screen's tests."""

from __future__ import annotations

from typing import Any

from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_layout import top_run_length
from parlour.engine.games.squares_state import (
    DEAL,
    GIVE_UP,
    FillFromPack,
    HeapMove,
    SquaresMove,
    SquaresState,
    TakeSequence,
)
from parlour.engine.history import Line

#: a short game that opens with a choice of two sequences for square 3
SEED = 7


def player(state: SquaresState) -> SquaresMove:
    """A simple player: the first sequence on offer, a run onto its next-higher card, a
    card into a space when that lets a run move, a space filled from the pack, a deal,
    and with the pack empty the engine's line to a better score."""
    moves = SQUARES.legal_moves(state)
    takes = [move for move in moves if isinstance(move, TakeSequence)]
    if takes:
        return takes[0]
    if not state.pack:
        line = SQUARES.improving_line(state)
        if line:
            return line[0]
    heap_moves = [move for move in moves if isinstance(move, HeapMove)]
    builds = [move for move in heap_moves if state.heaps[move.target]]
    if builds:
        return builds[0]
    for move in heap_moves:
        if top_run_length(state.heaps[move.source]) > 1:
            continue  # it would only break up a run
        after = SQUARES.apply(state, move)
        if any(isinstance(m, HeapMove) and after.heaps[m.target] for m in after.legal):
            return move
    fills = [move for move in moves if isinstance(move, FillFromPack)]
    if fills:
        return fills[0]
    return DEAL if DEAL in moves else GIVE_UP


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
