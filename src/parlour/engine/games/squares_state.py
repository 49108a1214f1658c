"""Three Squares: phases, moves and positions, and what each move does (S1–S7, S10, S11).

The one definition of legality is :func:`building_state` (while building) and
:func:`forming_state` (while a square is being formed): each works out the legal moves
when a position is made. The one exception is :data:`END`, Parlour's own move (S11): it
is legal exactly where :func:`end_is_proved` says so, which takes a long search, so it is
never listed among the legal moves. :func:`play` makes a move already known to be legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from enum import StrEnum
from typing import ClassVar
from typing import Final

from parlour.engine.cards import Card
from parlour.engine.game import GIVE_UP
from parlour.engine.game import GiveUp
from parlour.engine.game import WordMove
from parlour.engine.games.squares_layout import ABOVE
from parlour.engine.games.squares_layout import HEAP_COUNT
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_layout import HEAPS_PER_SQUARE
from parlour.engine.games.squares_layout import Heaps
from parlour.engine.games.squares_layout import deal_to_square
from parlour.engine.games.squares_layout import form_squares
from parlour.engine.games.squares_layout import is_packet
from parlour.engine.games.squares_layout import take_sequence
from parlour.engine.games.squares_layout import top_run_length
from parlour.engine.games.squares_nodes import canonical
from parlour.engine.games.squares_search import Verdict
from parlour.engine.games.squares_search import search_longer
from parlour.engine.games.squares_search import verdict


class Phase(StrEnum):
    FORMING_2 = "forming-2"
    FORMING_3 = "forming-3"
    BUILDING = "building"
    FINISHED = "finished"


FORMING: Final = frozenset({Phase.FORMING_2, Phase.FORMING_3})


@dataclass(frozen=True, slots=True)
class TakeSequence:
    """Take up the exposed sequence formed by the top cards of ``heaps`` (heap indices in
    heap order) to start the next square (S2, S3)."""

    heaps: tuple[int, ...]

    def __str__(self) -> str:
        return "take:" + ",".join(HEAP_NAMES[i] for i in self.heaps)


@dataclass(frozen=True, slots=True)
class HeapMove:
    """From heap ``source`` to heap ``target``: the whole top run onto the target's top
    card (S4), or, when the target is a space, the top card alone (S5)."""

    source: int
    target: int

    def __str__(self) -> str:
        return f"{HEAP_NAMES[self.source]}-{HEAP_NAMES[self.target]}"


@dataclass(frozen=True, slots=True)
class FillFromPack:
    """Fill the space ``target`` with the top card of the pack (S5)."""

    target: int

    def __str__(self) -> str:
        return f"p-{HEAP_NAMES[self.target]}"


@dataclass(frozen=True, slots=True)
class Deal(WordMove):
    """Deal a card to each heap of the next square in turn (S6)."""

    NOTATION = "d"


@dataclass(frozen=True, slots=True)
class DeclareEnd(WordMove):
    """Parlour's own move (S11): end the game, because the longer end search, made after
    the move's own search could not tell, has shown that no higher score can be reached.
    Legal exactly then (:func:`end_is_proved`); never offered among the legal moves."""

    NOTATION = "end"


SquaresMove = TakeSequence | HeapMove | FillFromPack | Deal | DeclareEnd | GiveUp
HEAP_MOVES: Final = tuple(
    tuple(HeapMove(source, target) for target in range(HEAP_COUNT)) for source in range(HEAP_COUNT)
)
FILLS: Final = tuple(FillFromPack(target) for target in range(HEAP_COUNT))
DEAL: Final = Deal()
END: Final = DeclareEnd()


@dataclass(frozen=True, slots=True)
class SquaresState:
    """A Three Squares position. ``heaps`` holds the twelve heaps 1a … 3d, each bottom to
    top; the heaps of a square not yet formed are empty, and ``squares`` says how many
    squares exist. ``pack`` lists the cards still to deal, next first; ``next_deal`` is the
    square the next deal goes to. ``legal`` caches the legal moves (not part of the value).
    """

    game_id: ClassVar[str] = "squares"
    phase: Phase
    options: frozenset[str]
    heaps: Heaps
    squares: int
    pack: tuple[Card, ...]
    next_deal: int = 1
    gave_up: bool = False
    legal: tuple[SquaresMove, ...] = field(default=(), compare=False, repr=False)

    @property
    def heap_count(self) -> int:
        """How many heaps exist (four for each square formed)."""
        return self.squares * HEAPS_PER_SQUARE


def forming_state(
    heaps: Heaps,
    squares: int,
    pack: tuple[Card, ...],
    options: frozenset[str],
    sequences: tuple[tuple[int, ...], ...],
) -> SquaresState:
    """A forming position: the player chooses among ``sequences`` (S2, S3)."""
    phase = Phase.FORMING_2 if squares == 1 else Phase.FORMING_3
    legal: tuple[SquaresMove, ...] = (*map(TakeSequence, sequences), GIVE_UP)
    return SquaresState(phase, options, heaps, squares, pack, 1, False, legal)


def building_state(
    heaps: Heaps, squares: int, pack: tuple[Card, ...], next_deal: int, options: frozenset[str]
) -> SquaresState:
    """A building position with its legal moves, or the finished position when the pack
    is empty and the end search shows that no higher score can be reached (S7, S10). This
    is the one definition of what may be done while building."""
    count = squares * HEAPS_PER_SQUARE
    if not pack and verdict(canonical(heaps, squares)) is Verdict.STUCK:
        return SquaresState(Phase.FINISHED, options, heaps, squares, pack, next_deal)
    tops = {heap[-1]: index for index, heap in enumerate(heaps[:count]) if heap}
    moves: list[SquaresMove] = []
    for source in range(count):
        heap = heaps[source]
        if not heap:
            continue
        targets = []
        # S4: the whole top run goes onto the next-higher card of its suit, wherever it is
        target = tops.get(ABOVE[heap[len(heap) - top_run_length(heap)]])
        if target is not None and target != source:
            targets.append(target)
        # S5: the top card alone into a space of its own square
        first = source - source % HEAPS_PER_SQUARE
        targets += [space for space in range(first, first + HEAPS_PER_SQUARE) if not heaps[space]]
        targets.sort()
        row = HEAP_MOVES[source]
        moves += [row[target] for target in targets]
    if pack:
        moves += [FILLS[space] for space in range(count) if not heaps[space]]  # S5: from the pack
        moves.append(DEAL)  # S6: the player may deal at any time
    moves.append(GIVE_UP)
    return SquaresState(
        Phase.BUILDING, options, heaps, squares, pack, next_deal, False, tuple(moves)
    )


def packets(state: SquaresState) -> int:
    """S7: how many heaps hold one complete suit as one run and nothing else."""
    return sum(1 for heap in state.heaps if is_packet(heap))


def end_undecided(state: SquaresState) -> bool:
    """True in a building position with the pack empty where the end search made after
    the move could not tell whether a higher score can still be reached (S10)."""
    return (
        state.phase is Phase.BUILDING
        and not state.pack
        and verdict(canonical(state.heaps, state.squares)) is Verdict.UNDECIDED
    )


def end_is_proved(state: SquaresState) -> bool:
    """True where :data:`END` is legal (S11): the end is undecided after the move, and
    the longer search shows that no higher score can be reached. That search can take a
    while (it is made in the background while playing in the app); its answer is
    remembered."""
    return (
        end_undecided(state)
        and search_longer(canonical(state.heaps, state.squares)) is Verdict.STUCK
    )


def form(
    heaps: list[tuple[Card, ...]], pack: tuple[Card, ...], squares: int, options: frozenset[str]
) -> SquaresState:
    """Go on forming the squares (S2, S3) until a choice is needed or building begins."""
    pack, squares, sequences = form_squares(heaps, pack, squares)
    if sequences:
        return forming_state(tuple(heaps), squares, pack, options, sequences)
    # S6: building begins, and the first deal goes to square 1
    return building_state(tuple(heaps), squares, pack, 1, options)


def moved_heaps(heaps: Heaps, move: HeapMove) -> Heaps:
    """The heaps after ``move``: S4 moves the whole top run onto a card, S5 moves one card
    into a space."""
    source, target = heaps[move.source], heaps[move.target]
    moving = top_run_length(source) if target else 1
    changed = list(heaps)
    changed[move.source] = source[: len(source) - moving]
    changed[move.target] = target + source[len(source) - moving :]
    return tuple(changed)


def play(state: SquaresState, move: SquaresMove) -> SquaresState:
    """The position after ``move``, which must be legal in ``state``."""
    if isinstance(move, GiveUp):
        return replace(state, phase=Phase.FINISHED, gave_up=True, legal=())
    if isinstance(move, DeclareEnd):  # the position the move's own search would have ended
        return replace(state, phase=Phase.FINISHED, legal=())
    heaps = list(state.heaps)
    pack = state.pack
    next_deal = state.next_deal
    if isinstance(move, TakeSequence):
        pack, squares = take_sequence(heaps, pack, state.squares, move.heaps)
        return form(heaps, pack, squares, state.options)
    if isinstance(move, HeapMove):
        heaps = list(moved_heaps(state.heaps, move))
    elif isinstance(move, FillFromPack):
        heaps[move.target] = pack[:1]
        pack = pack[1:]
    else:
        pack = deal_to_square(heaps, pack, next_deal)
        next_deal = next_deal % state.squares + 1  # S6: 1, 2, 3, 1 … over the squares there are
    return building_state(tuple(heaps), state.squares, pack, next_deal, state.options)
