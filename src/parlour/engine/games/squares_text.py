"""Three Squares as text: move notation, what a move does, why a move is refused, and
positions (see docs/notation.md). Used by :mod:`parlour.engine.games.squares`."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from typing import Final

from parlour.engine import notation
from parlour.engine.cards import Card
from parlour.engine.deals import check_deck
from parlour.engine.errors import NotationError
from parlour.engine.game import GIVE_UP
from parlour.engine.games.squares_layout import HEAP_INDEX
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_layout import HEAPS_PER_SQUARE
from parlour.engine.games.squares_layout import SQUARE_COUNT
from parlour.engine.games.squares_layout import exposed_sequences
from parlour.engine.games.squares_layout import square_heaps
from parlour.engine.games.squares_state import DEAL
from parlour.engine.games.squares_state import END
from parlour.engine.games.squares_state import FILLS
from parlour.engine.games.squares_state import FORMING
from parlour.engine.games.squares_state import HEAP_MOVES
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresMove
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.games.squares_state import TakeSequence
from parlour.engine.games.squares_state import building_state
from parlour.engine.games.squares_state import end_is_proved
from parlour.engine.games.squares_state import forming_state

GAME_ID: Final = SquaresState.game_id
_POSITION_FIELDS: Final = ("options", "phase", "gave up", "pack", "next deal", *HEAP_NAMES)


def parse_move(text: str) -> SquaresMove:
    word = text.strip().lower()
    if word == "d":
        return DEAL
    if word == "give-up":
        return GIVE_UP
    if word == "end":
        return END
    if word.startswith("take:"):
        names = word[len("take:") :].split(",")
        if len(names) < 2 or any(name not in HEAP_INDEX for name in names):
            raise NotationError(f"{text!r} is not a take: list two or more heaps, like take:1a,1c")
        heaps = sorted(HEAP_INDEX[name] for name in names)
        if len(set(heaps)) != len(heaps):
            raise NotationError(f"{text!r} names a heap twice")
        return TakeSequence(tuple(heaps))
    source, dash, target = word.partition("-")
    if dash and target in HEAP_INDEX:
        if source == "p":
            return FILLS[HEAP_INDEX[target]]
        if source in HEAP_INDEX:
            return HEAP_MOVES[HEAP_INDEX[source]][HEAP_INDEX[target]]
    raise NotationError(
        f"{text!r} is not a Three Squares move: write 1a-2c (heap to heap), p-1b (from the "
        f"pack), d (deal), take:1a,1c (choose a sequence) or give-up"
    )


def format_position(state: SquaresState) -> str:
    fields = [
        ("options", notation.format_options(state.options)),
        ("phase", state.phase.value),
        ("gave up", "yes" if state.gave_up else "no"),
        ("pack", notation.format_pile(state.pack)),
        ("next deal", str(state.next_deal)),
    ]
    fields += [
        (name, notation.format_pile(heap) if index < state.heap_count else "none")
        for index, (name, heap) in enumerate(zip(HEAP_NAMES, state.heaps, strict=True))
    ]
    return notation.format_fields(GAME_ID, fields)


def parse_position(
    text: str, check_options: Callable[[Iterable[str]], frozenset[str]]
) -> SquaresState:
    """Read a position written by :func:`format_position`, checking that it holds the
    whole pack and that its phase is the one its cards give."""
    fields = notation.parse_fields(text, GAME_ID, _POSITION_FIELDS)
    options = check_options(notation.parse_options(fields["options"]))
    try:
        phase = Phase(fields["phase"])
    except ValueError:
        raise NotationError(f"phase {fields['phase']!r} is not one of {', '.join(Phase)}") from None
    if fields["gave up"] not in ("yes", "no"):
        raise NotationError("'gave up' is yes or no")
    gave_up = fields["gave up"] == "yes"
    squares = _count_squares(fields)
    heaps = tuple(
        notation.parse_pile(fields[name]) if index < squares * HEAPS_PER_SQUARE else ()
        for index, name in enumerate(HEAP_NAMES)
    )
    pack = notation.parse_pile(fields["pack"])
    check_deck([*pack, *(c for heap in heaps for c in heap)])
    next_deal = fields["next deal"]
    if next_deal not in [str(square) for square in range(1, squares + 1)]:
        raise NotationError(f"the next deal goes to one of the {squares} squares")
    if gave_up:
        if phase is not Phase.FINISHED:
            raise NotationError("a game given up is in phase finished")
        return SquaresState(phase, options, heaps, squares, pack, int(next_deal), True)
    if phase in FORMING:
        return _parse_forming(phase, heaps, squares, pack, next_deal, options)
    if squares < SQUARE_COUNT and pack:
        raise NotationError("building starts before square 3 only when the pack is empty (S3)")
    state = building_state(heaps, squares, pack, int(next_deal), options)
    if phase is Phase.FINISHED and state.phase is Phase.BUILDING and end_is_proved(state):
        # S11: Parlour ended the game here, its longer search having shown no more can be done
        return SquaresState(phase, options, heaps, squares, pack, int(next_deal))
    if state.phase is not phase:
        raise NotationError(
            f"the position says phase {phase.value!r}, but its cards make it {state.phase.value!r}"
        )
    return state


def _count_squares(fields: dict[str, str]) -> int:
    squares = 0
    for square in range(1, SQUARE_COUNT + 1):
        missing = [fields[HEAP_NAMES[heap]] == "none" for heap in square_heaps(square)]
        if any(missing) and not all(missing):
            raise NotationError(f"square {square} has all four heaps or none")
        if not any(missing):
            if squares != square - 1:
                raise NotationError(f"square {square} cannot exist without square {square - 1}")
            squares = square
    if not squares:
        raise NotationError("square 1 always exists")
    return squares


def _parse_forming(
    phase: Phase,
    heaps: tuple[tuple[Card, ...], ...],
    squares: int,
    pack: tuple[Card, ...],
    next_deal: str,
    options: frozenset[str],
) -> SquaresState:
    forming = 2 if phase is Phase.FORMING_2 else 3
    if squares != forming - 1 or next_deal != "1":
        raise NotationError(
            f"while square {forming} is formed there are {forming - 1} squares and the "
            f"next deal is 1"
        )
    sequences = exposed_sequences(heaps, range(squares * HEAPS_PER_SQUARE))
    if len(sequences) < 2:
        raise NotationError(f"{phase.value} needs two or more exposed sequences to choose from")
    return forming_state(heaps, squares, pack, options, sequences)
