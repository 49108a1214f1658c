"""Random legal Three Squares playouts (hypothesis): nothing lost, nothing mutated, undo
exact, notation, positions and records round-trip, and every playout ends.

Why every playout ends, within :data:`MOVE_BOUND` moves (asserted):

1. While a square is being formed or the pack has cards, the policy makes at most
   :data:`MOVES_PER_PACK_SIZE` moves with the pack at one size, then deals. ``d`` is
   legal whenever the pack has cards and the squares are formed (S6), and it makes the
   pack smaller, as ``p-…`` does; a forming choice (at most two) forms a square. So this
   stage ends within ``2 + 52 * (MOVES_PER_PACK_SIZE + 1)`` moves. Spaces let cards go
   back and forth, so the policy also never returns to a position it has seen: the
   moves it does make explore, and ``d`` always leads somewhere new.
2. Once the pack is empty, the game is over unless the end search (S10) found a way to a
   higher score or ran out of budget. When it ran out, the rules leave the game open
   until the player gives up or Parlour's longer search ends it (S11), and the policy
   gives up: there and only there (when the end search, run afresh, says "undecided");
   it never gives up at random.
   Otherwise the policy makes at most :data:`EMPTY_PACK_MOVES` random moves, again never
   to a position seen, then only plays the engine's improving lines: each is a path
   found by the end search, so at most ``BUDGET`` moves long, and ends at a higher score
   than it began; a score is at most 4, so there are at most four lines before the game
   is over or the search runs out of budget.
"""

from __future__ import annotations

from collections import Counter
from random import Random

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.cards import full_pack
from parlour.engine.deals import MAX_SEED
from parlour.engine.game import GIVE_UP
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_nodes import canonical
from parlour.engine.games.squares_search import BUDGET
from parlour.engine.games.squares_search import Verdict
from parlour.engine.games.squares_search import search
from parlour.engine.games.squares_state import DEAL
from parlour.engine.games.squares_state import FORMING
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresMove
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.record import parse_record
from parlour.engine.record import replay

from .parts import in_parts
from .parts import seed_of

PACK = Counter(full_pack())
#: the random playouts run in parts, side by side
PARTS = 4
MOVES_PER_PACK_SIZE = 10
EMPTY_PACK_MOVES = 6
MOVE_BOUND = 2 + 52 * (MOVES_PER_PACK_SIZE + 1) + EMPTY_PACK_MOVES + 4 * BUDGET + 1

SquaresLine = Line[SquaresState, SquaresMove]


def play_checked(line: SquaresLine, move: SquaresMove) -> SquaresLine:
    """Play ``move``, checking every invariant on the way."""
    state = line.current
    for legal in SQUARES.legal_moves(state):
        assert SQUARES.parse_move(SQUARES.format_move(legal)) == legal
    before = SQUARES.format_position(state)
    assert SQUARES.words.describe(state, move)
    line = line.play(move)
    after = line.current
    assert SQUARES.format_position(state) == before, "apply changed the earlier state"
    assert Counter(SQUARES.cards(after)) == PACK
    assert SQUARES.parse_position(SQUARES.format_position(after)) == after
    assert line.undo().current is state
    return line


def fresh_move(state: SquaresState, rnd: Random, seen: set[SquaresState]) -> SquaresMove | None:
    """A random legal move, other than giving up, to a position not seen before."""
    moves = [move for move in SQUARES.legal_moves(state) if move is not GIVE_UP]
    rnd.shuffle(moves)
    for move in moves:
        if SQUARES.apply(state, move) not in seen:
            return move
    return None


def play_out(seed: int, rnd: Random) -> SquaresLine:
    line: SquaresLine = Line.from_seed(SQUARES, seed)
    seen = {line.current}
    at_this_size = empty_pack_moves = improving_lines = 0
    while SQUARES.outcome(line.current) is None:
        state = line.current
        move: SquaresMove | None
        if state.pack or state.phase in FORMING:
            move = DEAL if at_this_size >= MOVES_PER_PACK_SIZE else None
            if move not in state.legal:
                move = fresh_move(state, rnd, seen)
            assert move is not None, "d or a forming choice always leads somewhere new"
        elif search(canonical(state.heaps, state.squares))[0] is Verdict.UNDECIDED:
            move = GIVE_UP
        elif (
            not improving_lines
            and empty_pack_moves < EMPTY_PACK_MOVES
            and (move := fresh_move(state, rnd, seen))
        ):
            empty_pack_moves += 1
        else:
            improving = SQUARES.improving_line(state)
            assert improving, "the search said a higher score can be reached"
            score = SQUARES.score(state)
            for step in improving:
                line = play_checked(line, step)
            assert SQUARES.score(line.current) > score
            improving_lines += 1
            assert improving_lines <= 4
            continue
        line = play_checked(line, move)
        seen.add(line.current)
        same_size = len(line.current.pack) == len(state.pack)
        at_this_size = at_this_size + 1 if same_size else 0
    return line


@in_parts(PARTS)
@settings(max_examples=400 // PARTS, deadline=None)  # 400 playouts in all
@given(drawn=st.integers(0, MAX_SEED), policy=st.integers(0, 2**32))
def test_random_playouts_keep_every_invariant_and_end(part: int, drawn: int, policy: int) -> None:
    seed = seed_of(drawn, part, PARTS)
    line = play_out(seed, Random(policy))
    final = line.current
    assert final.phase is Phase.FINISHED
    assert SQUARES.legal_moves(final) == ()
    assert len(line.moves) <= MOVE_BOUND
    outcome = SQUARES.outcome(final)
    assert outcome is not None and outcome.won == (outcome.score == 4)
    assert outcome.score == SQUARES.score(final)
    # undo all the way back is the deal; redo all the way forward is the end
    back = line.goto(0)
    assert back.current == SQUARES.start_from_seed(seed)
    assert back.goto(len(line.moves)).current == final
    # the record replays to the same game
    again = replay(parse_record(format_record(line)))
    assert again.states == line.states


@settings(max_examples=600, deadline=None)
@given(seed=st.integers(0, MAX_SEED))
def test_deals_are_complete_and_positions_round_trip(seed: int) -> None:
    state = SQUARES.start_from_seed(seed)
    assert Counter(SQUARES.cards(state)) == PACK
    assert state.phase is not Phase.FINISHED or not state.pack
    assert SQUARES.parse_position(SQUARES.format_position(state)) == state
    assert SQUARES.start_from_seed(seed) == state  # the same deal every time


def test_states_are_frozen() -> None:
    state = SQUARES.start_from_seed(9)
    for name in ("heaps", "pack", "phase", "next_deal"):
        try:
            setattr(state, name, ())
        except AttributeError:
            continue
        raise AssertionError(f"{name} could be assigned")
    assert all(isinstance(heap, tuple) for heap in state.heaps)
