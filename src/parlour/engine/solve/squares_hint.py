"""The Three Squares hint: a heuristic that never looks at the order of the pack.

A hint judged by solving sampled orders of the pack, as Rubbish Heap's is, was tried: a
Three Squares position costs the solver some ten times as much, so the searches were too
small to settle much, and it played worse than this heuristic over seeded deals (see
docs/analysis.md). With the pack empty nothing is hidden, and the end search (S10)
decides.
"""

from __future__ import annotations

from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_layout import top_run_length
from parlour.engine.games.squares_state import Deal as SquaresDeal
from parlour.engine.games.squares_state import FillFromPack
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import SquaresMove
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.games.squares_state import TakeSequence


def squares_hint(state: SquaresState) -> SquaresMove:
    """Three Squares: take the first sequence while forming; with the pack empty (nothing
    is hidden then) the first move of the end search's line to a higher score; otherwise a
    run onto its next-higher card, else a lone card into a space where that lets a run
    move, else a fill from the pack or a deal. The order of the pack is never consulted.
    """
    moves = SQUARES.legal_moves(state)
    takes = [move for move in moves if isinstance(move, TakeSequence)]
    if takes:
        return takes[0]
    heap_moves = [move for move in moves if isinstance(move, HeapMove)]
    if not state.pack:
        line = SQUARES.improving_line(state)
        if line:
            return line[0]
    builds = [move for move in heap_moves if state.heaps[move.target]]
    if builds:
        return builds[0]
    for move in heap_moves:
        if top_run_length(state.heaps[move.source]) > 1:
            continue  # it would only break up a run
        after = SQUARES.apply(state, move)
        if any(isinstance(m, HeapMove) and after.heaps[m.target] for m in after.legal):
            return move
    for other in moves:
        if isinstance(other, FillFromPack | SquaresDeal):
            return other
    if heap_moves:
        return heap_moves[0]
    raise ValueError("there is nothing to hint")


def hint(state: SquaresState) -> SquaresMove:
    """The plug-in's hint: :func:`squares_hint`."""
    return squares_hint(state)
