"""The Three Squares solver's positions and paths as the engine has them: a game state as
the model's position, and a path the model's search found as engine moves (see
:mod:`parlour.engine.solve.squares`)."""

from __future__ import annotations

from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_state import DEAL
from parlour.engine.games.squares_state import FillFromPack
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresMove
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.solve.squares_model import BUILD
from parlour.engine.solve.squares_model import EMPTY
from parlour.engine.solve.squares_model import FILL
from parlour.engine.solve.squares_model import SPACE
from parlour.engine.solve.squares_model import Model
from parlour.engine.solve.squares_model import Pos
from parlour.engine.solve.squares_model import Recipe
from parlour.engine.solve.squares_model import codes


def model_position(model: Model, state: SquaresState) -> Pos:
    """The building position ``state`` as the model has it (not yet arranged)."""
    heaps = tuple(codes(heap) for heap in state.heaps[: model.count])
    return heaps, model.n - len(state.pack), state.next_deal - 1


def replay_path(state: SquaresState, path: list[Pos]) -> tuple[list[SquaresMove], SquaresState]:
    """Engine moves that follow the search's ``path`` (its first entry is ``state``'s
    class), and the state they reach."""
    model = Model(codes(state.pack), state.squares)
    line: list[SquaresMove] = []
    for target in path[1:]:
        if state.phase is Phase.FINISHED:  # pragma: no cover - a path never passes an end
            break
        here = model_position(model, state)
        recipe = next(r for child, r in model.children(here) if child == target)
        for move in engine_moves(state, recipe):
            state = SQUARES.apply(state, move)
            line.append(move)
    return line, state


def engine_moves(state: SquaresState, recipe: Recipe) -> list[SquaresMove]:
    """The model's move as engine moves: the lone cards of a square moved into the
    arrangement wanted (a card into a space, and again, until each lies where it should),
    then the move itself."""
    kind, source, target, square, wanted = recipe
    moves: list[SquaresMove] = []
    if square >= 0:
        b = 4 * square
        now = list(state.heaps[b : b + 4])
        want = list(wanted)
        have = [codes(heap) for heap in now]
        while have != want:
            space = next((j for j in range(4) if not have[j] and want[j]), None)
            if space is not None:
                origin = have.index(want[space])
            else:
                origin = next(j for j in range(4) if have[j] != want[j])
                space = next(j for j in range(4) if not have[j])
            moves.append(HeapMove(b + origin, b + space))
            have[space], have[origin] = have[origin], EMPTY
    if kind in (BUILD, SPACE):
        moves.append(HeapMove(source, target))
    elif kind == FILL:
        moves.append(FillFromPack(target))
    else:
        moves.append(DEAL)
    return moves
