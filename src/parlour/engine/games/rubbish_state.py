"""Rubbish Heap's positions, moves and automatic steps: the state machine behind the rules.

:func:`automatic_steps` is the one place that says what happens by itself (R2, R3, R4,
R7); :func:`legal_moves` is the one definition of what the player may do;
:func:`after_move` plays a legal move and its automatic steps; :func:`check_blocked`
applies R5. Each of them can note what it did as :class:`Step` values, which the game's
words tell (:mod:`parlour.engine.games.rubbish_words`). The rules object in
:mod:`parlour.engine.games.rubbish` is built on these.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import fields
from dataclasses import replace
from enum import Enum
from enum import StrEnum
from typing import ClassVar
from typing import Final
from typing import NamedTuple

from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.cards import card
from parlour.engine.game import GIVE_UP
from parlour.engine.game import GiveUp
from parlour.engine.game import WordMove
from parlour.engine.games.rubbish_search import foundation_play_reachable

BOARD_SIZE: Final = 13
PACK_SIZE: Final = 52
SUIT_INDEX: Final = {suit: index for index, suit in enumerate(SUITS)}


class Phase(StrEnum):
    FILLING = "filling"
    DISCARDING = "discarding"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class FillFromStock(WordMove):
    """Fill the lowest empty place on the board with the stock's next card."""

    NOTATION = "s"


@dataclass(frozen=True, slots=True)
class FillFromWaste(WordMove):
    """Fill the lowest empty place on the board with the waste heap's top card."""

    NOTATION = "w"


@dataclass(frozen=True, slots=True)
class Discard:
    """Throw ``card`` from the board onto the waste heap."""

    card: Card

    def __str__(self) -> str:
        return f"d{self.card}"


RubbishMove = FillFromStock | FillFromWaste | Discard | GiveUp
FROM_STOCK: Final = FillFromStock()
FROM_WASTE: Final = FillFromWaste()
#: the discard move of each card, made once
DISCARDS: Final = {c: Discard(c) for c in (card(r, s) for s in SUITS for r in range(1, 14))}
_FILL_MOVES: Final[tuple[RubbishMove, ...]] = (FROM_STOCK, FROM_WASTE, GIVE_UP)


@dataclass(frozen=True, slots=True)
class RubbishState:
    """A Rubbish Heap position. ``board`` holds places 1–13 (``None`` for an empty place);
    ``foundations`` the top rank built on each suit, in the order C D H S (0 while its ace
    is not out); ``waste`` the rubbish heap, bottom to top; ``stock`` the cards still to
    come, next first. ``waste_locked`` is R7's flag: set by a discard, cleared when a card
    comes from the stock or goes to a foundation. ``discard_rank`` is the rank R4 picked
    for the current round of discards (0 when there is none) and ``discards_left`` how
    many of its cards must still go."""

    game_id: ClassVar[str] = "rubbish"
    board: tuple[Card | None, ...]
    foundations: tuple[int, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card, ...]
    waste_locked: bool
    discard_rank: int
    discards_left: int
    phase: Phase
    options: frozenset[str] = frozenset()
    gave_up: bool = False

    @property
    def cards_home(self) -> int:
        """R6: the cards on the foundations."""
        return sum(self.foundations)

    @property
    def vacancies(self) -> tuple[int, ...]:
        """The empty places, numbered 1–13."""
        return tuple(n for n, c in enumerate(self.board, 1) if c is None)

    def discard_group(self) -> tuple[Card, ...]:
        """The cards of the rank being discarded that are still on the board."""
        rank = self.discard_rank
        return tuple(c for c in self.board if c is not None and c.rank == rank)


_SLOTS = {f.name: RubbishState.__dict__[f.name] for f in fields(RubbishState)}
_set_board = _SLOTS["board"].__set__
_set_foundations = _SLOTS["foundations"].__set__
_set_waste = _SLOTS["waste"].__set__
_set_stock = _SLOTS["stock"].__set__
_set_waste_locked = _SLOTS["waste_locked"].__set__
_set_discard_rank = _SLOTS["discard_rank"].__set__
_set_discards_left = _SLOTS["discards_left"].__set__
_set_phase = _SLOTS["phase"].__set__
_set_options = _SLOTS["options"].__set__
_set_gave_up = _SLOTS["gave_up"].__set__
assert len(_SLOTS) == 10, "new_state sets every field"


def new_state(
    board: tuple[Card | None, ...],
    foundations: tuple[int, ...],
    waste: tuple[Card, ...],
    stock: tuple[Card, ...],
    waste_locked: bool,
    discard_rank: int,
    discards_left: int,
    phase: Phase,
    options: frozenset[str],
) -> RubbishState:
    """``RubbishState(...)`` without the frozen dataclass's ``__init__``, which sets each
    field through ``object.__setattr__``; writing the slots directly is twice as fast,
    and every move makes a state."""
    state: RubbishState = object.__new__(RubbishState)
    _set_board(state, board)
    _set_foundations(state, foundations)
    _set_waste(state, waste)
    _set_stock(state, stock)
    _set_waste_locked(state, waste_locked)
    _set_discard_rank(state, discard_rank)
    _set_discards_left(state, discards_left)
    _set_phase(state, phase)
    _set_options(state, options)
    _set_gave_up(state, False)
    return state


class Happened(Enum):
    """What a :class:`Step` records."""

    #: the player threw ``card`` onto the waste heap
    DISCARD = "discard"
    #: place ``place`` was filled with ``card``, from the waste if ``from_waste`` (R1, R3)
    FILL = "fill"
    #: ``card`` went to its foundation from place ``place``, or from the waste (place 0),
    #: straight after filling that place if ``just_filled`` (R2)
    OUT = "out"
    #: the board filled up: ``size`` cards of rank ``rank`` are on it, and all but one
    #: must be thrown (R4)
    FULL = "full"
    #: every card is home
    ALL_HOME = "all home"
    #: nothing can fill place ``place``: the game is over (R5)
    NO_FILL = "no fill"
    #: the stock is empty and no card can reach a foundation any more (R5)
    BLOCKED = "blocked"


class Step(NamedTuple):
    """One thing that happened in a move, the player's or an automatic one (only the
    fields its kind names are used)."""

    happened: Happened
    card: Card | None = None
    place: int = 0
    just_filled: bool = False
    from_waste: bool = False
    rank: int = 0
    size: int = 0


def group_to_discard(board: Sequence[Card | None]) -> tuple[int, int]:
    """R4: the rank with the most cards on the board (the highest of those tied) and how
    many cards it has."""
    counts = [0] * 14
    for placed in board:
        if placed is not None:
            counts[placed.rank] += 1
    most = max(counts)
    rank = 13
    while counts[rank] != most:
        rank -= 1
    return rank, most


def automatic_steps(
    board: list[Card | None],
    foundations: list[int],
    waste: list[Card],
    stock: Sequence[Card],
    locked: bool,
    options: frozenset[str],
    log: list[Step] | None = None,
    just_filled: int = -1,
    look_everywhere: bool = True,
) -> RubbishState:
    """Make every automatic step, then return the position where the player must decide,
    or the game is over (R5's search aside: see :func:`check_blocked`). The lists are
    changed in place. In order, repeatedly: every card that can go to a foundation goes,
    from the board or the waste's top, until none can (R2); then an empty place is filled,
    the lowest first (R1), if only one source can supply it (R3), the waste counting only
    when R7's lock is off. A full board starts a round of discards (R4).

    When ``log`` is given, each step is noted in it. ``just_filled`` is the place
    (0-based) the player's move has just filled, the lowest empty one; with
    ``look_everywhere`` false, the caller promises that no other board card could go out,
    so only that card and the waste's top need looking at (a speed-up: every move of a
    search comes here)."""
    drawn = 0
    fresh = just_filled  # the place just filled, whose card may go straight out
    look = look_everywhere
    rank = to_throw = 0  # the group to discard, once the board is full
    while True:
        if look or _may_go_out(board, foundations, waste, fresh):
            vacancy, fresh, went = _go_out(board, foundations, waste, fresh, log)
            locked = locked and not went
        else:  # places below the one just filled are all full
            vacancy = _vacancy_after(board, fresh)
        look = False
        if vacancy < 0:  # R4: the board is full and nothing can go out
            rank, to_throw = _discard_round(board, log)
            phase = Phase.DISCARDING
            break
        from_stock = drawn < len(stock)
        if from_stock and waste and not locked:
            phase = Phase.FILLING
            break
        if from_stock:
            board[vacancy] = stock[drawn]
            drawn += 1
            locked = False
        elif waste and not locked:
            board[vacancy] = waste.pop()
        else:
            phase = Phase.FINISHED
            if log is not None:
                home = sum(foundations) == PACK_SIZE
                log.append(Step(Happened.ALL_HOME if home else Happened.NO_FILL, place=vacancy + 1))
            break
        fresh = vacancy
        if log is not None:
            log.append(Step(Happened.FILL, board[vacancy], vacancy + 1, from_waste=not from_stock))
    return new_state(
        tuple(board),
        tuple(foundations),
        tuple(waste),
        tuple(stock[drawn:]),
        locked,
        rank,
        to_throw,
        phase,
        options,
    )


def _may_go_out(
    board: list[Card | None], foundations: list[int], waste: list[Card], fresh: int
) -> bool:
    """Whether the card just placed at ``fresh`` (if any) or the waste's top can go to its
    foundation: the only cards that can be new since the last look (R2)."""
    if fresh >= 0:
        placed = board[fresh]
        assert placed is not None
        if placed.rank == foundations[SUIT_INDEX[placed.suit]] + 1:
            return True
    if waste:
        top = waste[-1]
        return top.rank == foundations[SUIT_INDEX[top.suit]] + 1
    return False


def _go_out(
    board: list[Card | None],
    foundations: list[int],
    waste: list[Card],
    fresh: int,
    log: list[Step] | None,
) -> tuple[int, int, bool]:
    """R2: every card that can go to a foundation goes, from the board (in order of
    place) or the waste's top, until none can. Returns the lowest empty place (-1 when
    the board is full), the place just filled (-1 once any board card has gone) and
    whether any card went."""
    went = False
    while True:
        moved = False
        vacancy = -1  # the lowest empty place, as this pass leaves the board
        for index, placed in enumerate(board):
            if placed is None:
                if vacancy < 0:
                    vacancy = index
                continue
            suit = SUIT_INDEX[placed.suit]
            if placed.rank == foundations[suit] + 1:
                foundations[suit] = placed.rank
                board[index] = None
                if vacancy < 0:
                    vacancy = index
                moved = True
                if log is not None:
                    log.append(Step(Happened.OUT, placed, index + 1, index == fresh))
                fresh = -1
        if waste:
            top = waste[-1]
            suit = SUIT_INDEX[top.suit]
            if top.rank == foundations[suit] + 1:
                foundations[suit] = top.rank
                waste.pop()
                moved = True
                if log is not None:
                    log.append(Step(Happened.OUT, top))
        if not moved:
            return vacancy, fresh, went
        went = True


def _vacancy_after(board: list[Card | None], fresh: int) -> int:
    """The lowest empty place after ``fresh`` (-1 when there is none)."""
    for index in range(fresh + 1, BOARD_SIZE):
        if board[index] is None:
            return index
    return -1


def _discard_round(board: list[Card | None], log: list[Step] | None) -> tuple[int, int]:
    """R4: a round of discards begins: the rank to throw and how many of it must go."""
    rank, count = group_to_discard(board)
    if log is not None:
        log.append(Step(Happened.FULL, rank=rank, size=count))
    return rank, count - 1


def legal_moves(state: RubbishState) -> tuple[RubbishMove, ...]:
    """Every move the player may make: the one definition of legality. While filling, the
    stock or the waste (the phase exists only when both can supply a card); while
    discarding, any card of the rank R4 picked (the most cards on the board) still on
    the board; giving up until the end."""
    phase = state.phase
    if phase is Phase.FILLING:
        return _FILL_MOVES
    if phase is Phase.DISCARDING:
        rank = state.discard_rank
        return (*(DISCARDS[c] for c in state.board if c is not None and c.rank == rank), GIVE_UP)
    return ()


def after_move(
    state: RubbishState, move: RubbishMove, log: list[Step] | None = None
) -> RubbishState:
    """The position after a legal move (not giving up) and its automatic steps, before
    R5's check (is the game blocked for good?)."""
    if isinstance(move, Discard):
        thrown = move.card
        board = [None if c is thrown else c for c in state.board]  # each card exists once
        if log is not None:
            log.append(Step(Happened.DISCARD, thrown))
        waste = (*state.waste, thrown)
        if state.discards_left > 1:
            # mid-round nothing can go out (the group was blocked and still is) and the
            # board is not full, so there is nothing automatic to do
            return new_state(
                tuple(board),
                state.foundations,
                waste,
                state.stock,
                True,
                state.discard_rank,
                state.discards_left - 1,
                Phase.DISCARDING,
                state.options,
            )
        # the discarded cards could not go out, and no other board card can
        foundations = list(state.foundations)
        return automatic_steps(
            board, foundations, list(waste), state.stock, True, state.options, log, -1, False
        )
    board = list(state.board)
    vacancy = next(index for index, c in enumerate(board) if c is None)
    waste_list = list(state.waste)
    stock = state.stock
    from_waste = not isinstance(move, FillFromStock)
    if from_waste:
        board[vacancy] = waste_list.pop()
    else:
        board[vacancy], stock = stock[0], stock[1:]
    if log is not None:
        log.append(Step(Happened.FILL, board[vacancy], vacancy + 1, from_waste=from_waste))
    foundations = list(state.foundations)
    # before the fill no board card could go out, so only the one just placed can
    return automatic_steps(
        board, foundations, waste_list, stock, False, state.options, log, vacancy, False
    )


def _next_positions(state: RubbishState) -> Iterator[RubbishState]:
    """Every position one player's move away (giving up aside), for R5's search (can any
    sequence of moves still bring a card home?)."""
    for move in legal_moves(state):
        if move is not GIVE_UP:
            yield after_move(state, move)


def _cards_home(state: RubbishState) -> int:
    return state.cards_home


def check_blocked(state: RubbishState, log: list[Step] | None = None) -> RubbishState:
    """R5: once the stock is empty, the game is over as soon as no sequence of legal moves
    can bring another card to a foundation."""
    if state.stock or state.phase is Phase.FINISHED:
        return state
    if foundation_play_reachable(state, _next_positions, _cards_home):
        return state
    if log is not None:
        log.append(Step(Happened.BLOCKED))
    return replace(state, phase=Phase.FINISHED)
