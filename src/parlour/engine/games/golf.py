"""Golf: clear seven columns of five "links" onto one foundation (rulings G1–G4).

Phases: ``play`` (some column card can be played), ``stoppage`` (none can, so the
stock must be turned), ``finished``, and ``conceded`` (Parlour's ruling G7). Moves: a
column number ``1``–``7`` plays that column's exposed card onto the foundation; ``s``
turns the next stock card; ``give-up`` concedes the hole as it stands.

>>> state = GOLF.start_from_seed(1)
>>> state.phase
<Phase.PLAY: 'play'>
>>> str(state.foundation[-1]), [str(move) for move in GOLF.legal_moves(state)]
('9C', ['7', 'give-up'])
>>> GOLF.apply(state, "7").foundation[-1]
Card(8H)
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Final
from typing import NamedTuple

from parlour.engine import notation
from parlour.engine.cards import KING
from parlour.engine.cards import Card
from parlour.engine.deals import check_deck
from parlour.engine.errors import NotationError
from parlour.engine.game import GIVE_UP
from parlour.engine.game import GiveUp
from parlour.engine.game import Outcome
from parlour.engine.game import Rules
from parlour.engine.games.golf_plugin import FREE_STOCK
from parlour.engine.games.golf_plugin import PLUGIN

COLUMNS: Final = 7
ROWS: Final = 5
LAYOUT_SIZE: Final = COLUMNS * ROWS


class Phase(StrEnum):
    PLAY = "play"
    STOPPAGE = "stoppage"
    FINISHED = "finished"
    #: the player conceded the hole (Parlour's ruling G7): it is scored as it stands
    CONCEDED = "conceded"


class PlayColumn(NamedTuple):
    """Play the exposed card of ``column`` (1–7) onto the foundation. (Moves are named
    tuples so that comparing and hashing them costs nothing in the solver's loops.)"""

    column: int

    def __str__(self) -> str:
        return str(self.column)


class TurnStock(NamedTuple):
    """Turn the next stock card onto the foundation."""

    def __str__(self) -> str:
        return "s"

    def __repr__(self) -> str:
        return "TurnStock()"


#: a play or a turn: what the links and the stock allow (``GolfState.legal``)
GolfPlay = PlayColumn | TurnStock
GolfMove = GolfPlay | GiveUp
PLAYS: Final = tuple(PlayColumn(column) for column in range(1, COLUMNS + 1))
TURN: Final = TurnStock()


class GolfState(NamedTuple):
    """A Golf position. Columns list their cards bottom to top (the last is exposed);
    the foundation lists its cards in the order played (the last is on top); the stock
    lists its cards in the order they will be turned. ``legal`` holds the legal moves,
    worked out once when the state is made (a named tuple, for speed: Golf is played
    out millions of times by the solver and the benchmarks)."""

    columns: tuple[tuple[Card, ...], ...]
    foundation: tuple[Card, ...]
    stock: tuple[Card, ...]
    options: frozenset[str]
    phase: Phase
    legal: tuple[GolfPlay, ...]
    #: which columns expose which rank, packed in one int for speed: bits 7r … 7r+6 are a
    #: mask of the columns (bit 0 is column 1) whose exposed card has rank r; ranks 0
    #: and 14 never occur, so that the ace and king need no special case
    exposed: int

    @property
    def game_id(self) -> str:
        return "golf"

    @property
    def free_stock(self) -> bool:
        return FREE_STOCK in self.options

    @property
    def links_left(self) -> int:
        return sum(len(column) for column in self.columns)

    def playable_columns(self) -> tuple[int, ...]:
        """Columns (1–7) whose exposed card may go on the foundation now (G2)."""
        return tuple(move.column for move in self.legal if isinstance(move, PlayColumn))


_PLAYS_BY_MASK: Final[tuple[tuple[GolfPlay, ...], ...]] = tuple(
    tuple(PLAYS[index] for index in range(COLUMNS) if mask >> index & 1)
    for mask in range(1 << COLUMNS)
)
_PLAYS_OR_TURN_BY_MASK: Final = tuple((*plays, TURN) for plays in _PLAYS_BY_MASK)
_TURN_ONLY: Final[tuple[GolfPlay, ...]] = (TURN,)
_new_state = tuple.__new__


def _exposed_masks(columns: tuple[tuple[Card, ...], ...]) -> int:
    masks = 0
    for index, column in enumerate(columns):
        if column:
            masks |= 1 << (index + COLUMNS * column[-1].rank)
    return masks


def _with_legal_moves(
    columns: tuple[tuple[Card, ...], ...],
    foundation: tuple[Card, ...],
    stock: tuple[Card, ...],
    options: frozenset[str],
    exposed: int,
) -> GolfState:
    """Build a state with its phase and legal moves. This is the one definition of what
    may be played: a column card one above or below the foundation, suits ignored, no
    wrap, nothing on a king (G2); the stock turned at a stoppage, or at any time with
    ``free-stock`` (G3); the hole over when the links are clear or nothing can be played
    from an empty stock (G4). Written for speed: it runs for every move of every search."""
    legal = _legal(foundation[-1].rank, exposed, bool(stock), FREE_STOCK in options, any(columns))
    phase = Phase.FINISHED if not legal else Phase.STOPPAGE if legal[0] is TURN else Phase.PLAY
    return _new_state(GolfState, (columns, foundation, stock, options, phase, legal, exposed))


def _legal(
    top: int, exposed: int, stock_left: bool, free_stock: bool, links_left: bool
) -> tuple[GolfPlay, ...]:
    """The legal moves, from the foundation's rank ``top``, the exposed ranks' masks,
    whether cards are left in the stock and on the links, and the option. Both
    :func:`_with_legal_moves` and :meth:`GolfRules.playout` ask this function and nothing else."""
    playable = 0 if top == KING else (exposed >> (7 * top - 7) | exposed >> (7 * top + 7)) & 127
    if playable:
        return (
            _PLAYS_OR_TURN_BY_MASK[playable]
            if stock_left and free_stock
            else _PLAYS_BY_MASK[playable]
        )
    return _TURN_ONLY if stock_left and links_left else ()


class GolfRules(Rules[GolfState, GolfMove]):
    spec = PLUGIN
    lower_is_better = True

    def _start(self, deck: tuple[Card, ...], options: frozenset[str]) -> GolfState:
        # G1: row by row, so column c holds cards c, c+7, ... (the last one exposed);
        # card 36 starts the foundation and the rest is the stock.
        columns = tuple(deck[c:LAYOUT_SIZE:COLUMNS] for c in range(COLUMNS))
        return _with_legal_moves(
            columns,
            (deck[LAYOUT_SIZE],),
            deck[LAYOUT_SIZE + 1 :],
            options,
            _exposed_masks(columns),
        )

    def position(
        self,
        columns: tuple[tuple[Card, ...], ...],
        foundation: tuple[Card, ...],
        stock: tuple[Card, ...],
        options: frozenset[str] = frozenset(),
    ) -> GolfState:
        """A position from its piles (the phase is worked out); for tests and analysis."""
        if len(columns) != COLUMNS or not foundation:
            raise NotationError("a Golf position has seven columns and a foundation card")
        return _with_legal_moves(
            columns, foundation, stock, self.check_options(options), _exposed_masks(columns)
        )

    def legal_moves(self, state: GolfState) -> tuple[GolfMove, ...]:
        """The plays and turns (``state.legal``, which the solvers and the hint walk), and
        while the hole is in play, conceding it (ruling G7)."""
        return (*state.legal, GIVE_UP) if state.legal else ()

    def is_legal(self, state: GolfState, move: GolfMove) -> bool:
        return move in state.legal or (move == GIVE_UP and bool(state.legal))

    def apply(self, state: GolfState, move: GolfMove | str) -> GolfState:
        # the generic apply, inlined: Golf is played out millions of times
        if isinstance(move, str):
            move = self.parse_move(move)
        if move not in state.legal:
            if move == GIVE_UP and state.legal:
                return _conceded(state)
            raise self.refusal(state, move)
        return self._apply(state, move)

    def playout(self, state: GolfState, random: Callable[[], float]) -> GolfState:
        """Play uniformly random plays and turns to the end of the hole (never conceding)
        and return the end.

        ``random`` gives floats in [0, 1), such as ``random.Random(seed).random``. Each
        move is drawn from the position's own plays and turns (``state.legal``), so it is
        made without checking it again: the result is the one ``apply`` would give move by
        move with the same draws. For Monte Carlo work and the playout benchmark.
        """
        # the position is kept in local variables and only made a state at the end;
        # the legal moves come from _legal, as they do for every state _with_legal_moves makes
        columns, foundation_cards, stock, options, _phase, legal, exposed = state
        piles = list(columns)
        foundation = list(foundation_cards)
        free = FREE_STOCK in options
        links = sum(len(column) for column in piles)
        turned = 0
        left = len(stock)
        while legal:
            move = legal[int(random() * len(legal))]
            if move is TURN:
                card = stock[turned]
                turned += 1
                left -= 1
            else:
                index = move[0] - 1  # type: ignore[misc]  # a play: TURN was taken above
                column = piles[index]
                card = column[-1]
                rest = piles[index] = column[:-1]
                exposed &= ~(1 << (index + 7 * card.rank))
                if rest:
                    exposed |= 1 << (index + 7 * rest[-1].rank)
                links -= 1
            foundation.append(card)
            legal = _legal(card.rank, exposed, left > 0, free, links > 0)
        return _with_legal_moves(tuple(piles), tuple(foundation), stock[turned:], options, exposed)

    def _apply(self, state: GolfState, move: GolfMove) -> GolfState:
        columns, foundation, stock, options, _phase, _legal, exposed = state
        if move.__class__ is GiveUp:
            return _conceded(state)
        if move.__class__ is TurnStock:
            return _with_legal_moves(columns, (*foundation, stock[0]), stock[1:], options, exposed)
        index = move.column - 1  # type: ignore[union-attr]
        column = columns[index]
        card = column[-1]
        rest = column[:-1]
        changed = list(columns)
        changed[index] = rest
        exposed &= ~(1 << (index + 7 * card.rank))
        if rest:
            exposed |= 1 << (index + 7 * rest[-1].rank)
        return _with_legal_moves(tuple(changed), (*foundation, card), stock, options, exposed)

    def parse_move(self, text: str) -> GolfMove:
        word = text.strip().lower()
        if word == "s":
            return TURN
        if word == str(GIVE_UP):
            return GIVE_UP
        column = notation.small_number(word)
        if column is not None and 1 <= column <= COLUMNS:
            return PLAYS[column - 1]
        raise NotationError(
            f"{text!r} is not a Golf move: write a column number 1-7, s to turn the stock, "
            f"or {GIVE_UP} to concede the hole"
        )

    def format_position(self, state: GolfState) -> str:
        fields = [
            ("options", notation.format_options(state.options)),
            ("phase", state.phase.value),
            ("foundation", notation.format_pile(state.foundation)),
            ("stock", notation.format_pile(state.stock)),
        ]
        fields += [(f"column {n}", notation.format_pile(c)) for n, c in enumerate(state.columns, 1)]
        return notation.format_fields(self.id, fields)

    def parse_position(self, text: str) -> GolfState:
        names = ["options", "phase", "foundation", "stock"]
        names += [f"column {n}" for n in range(1, COLUMNS + 1)]
        fields = notation.parse_fields(text, self.id, names)
        options = self.check_options(notation.parse_options(fields["options"]))
        columns = tuple(notation.parse_pile(fields[f"column {n}"]) for n in range(1, COLUMNS + 1))
        foundation = notation.parse_pile(fields["foundation"])
        if not foundation:
            raise NotationError("a Golf position needs at least one foundation card")
        stock = notation.parse_pile(fields["stock"])
        check_deck([*foundation, *stock, *(c for column in columns for c in column)])
        state = self.position(columns, foundation, stock, options)
        if fields["phase"] == Phase.CONCEDED and state.legal:
            return _conceded(state)
        if fields["phase"] != state.phase.value:
            raise NotationError(
                f"the position says phase {fields['phase']!r}, but its cards make it "
                f"{state.phase.value!r}"
            )
        return state

    def cards(self, state: GolfState) -> list[Card]:
        return [*state.foundation, *state.stock, *(c for column in state.columns for c in column)]

    def score(self, state: GolfState) -> int:
        """G4: cards left on the links; once they are clear, minus the unturned stock."""
        left = state.links_left
        return left if left else -len(state.stock)

    def outcome(self, state: GolfState) -> Outcome | None:
        if state.phase is not Phase.FINISHED and state.phase is not Phase.CONCEDED:
            return None
        return Outcome(not state.links_left, self.score(state))

    def playing_out(self, state: GolfState) -> GolfPlay | None:
        """G4 (Parlour's ruling G6): at a stoppage where no card left in the stock can go on
        any exposed card, nothing will ever be played again, whatever the stock's order (the
        exposed cards change only by plays), so the hole's score is settled: the stock is
        turned out for the player."""
        if state.legal != _TURN_ONLY:
            return None
        for card in state.stock:  # could a play follow, were this card turned next?
            if _legal(card.rank, state.exposed, False, False, True):
                return None
        return TURN


def _conceded(state: GolfState) -> GolfState:
    """The hole ended where it stands (ruling G7): no move is left, and the cards on the
    links are its score."""
    columns, foundation, stock, options, _phase, _legal, exposed = state
    return _new_state(GolfState, (columns, foundation, stock, options, Phase.CONCEDED, (), exposed))


GOLF: Final = GolfRules()
