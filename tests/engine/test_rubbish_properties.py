"""Random legal Rubbish Heap playouts (hypothesis): nothing lost, nothing mutated, undo
exact, notation, positions and records round-trip, no position ever repeats, and every
playout ends within the proven bound.

Why a game ends (the argument the tests check move by move): call a move *progress* when
it takes a card from the stock or brings a card home; there are at most 39 + 52 of those.
Between two progress moves, fills from the waste come first and discards after them,
because a discard locks the waste (R7) and only progress unlocks it; a board of 13 takes at
most 13 fills and a round at most 3 discards. So the moves between progress moves are at
most 16, no position can come back (the waste shrinks through the fills and grows through
the discards), and a game is finite. The finer count in ``MAX_MOVES`` (279) is checked too.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.cards import full_pack
from parlour.engine.deals import MAX_SEED
from parlour.engine.game import GIVE_UP
from parlour.engine.games import rubbish_state
from parlour.engine.games.rubbish import MAX_MOVES
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.rubbish_state import Discard
from parlour.engine.games.rubbish_state import FillFromWaste
from parlour.engine.games.rubbish_state import RubbishMove
from parlour.engine.games.rubbish_state import RubbishState
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.record import parse_record
from parlour.engine.record import replay

from .rubbish_helpers import check_phase_invariants

#: the whole pack as a plain dict, so that comparing with a Counter runs at C speed
PACK = dict(Counter(full_pack()))
MOST_BETWEEN_PROGRESS = 13 + 3


def progress(before: RubbishState, after: RubbishState) -> bool:
    return len(after.stock) < len(before.stock) or after.cards_home > before.cards_home


def playing_moves(state: RubbishState) -> list[RubbishMove]:
    """The legal moves except giving up: playouts must end by the rules alone."""
    moves = [move for move in RUBBISH.legal_moves(state) if move is not GIVE_UP]
    assert (not moves) == (RUBBISH.outcome(state) is not None)
    return moves


@settings(max_examples=800, deadline=None)
@given(seed=st.integers(0, MAX_SEED), choice_seed=st.integers(0, 2**32 - 1))
def test_r5_r7_random_playouts_end_without_repeating_a_position(
    seed: int, choice_seed: int
) -> None:
    choices = random.Random(choice_seed)
    line = Line.from_seed(RUBBISH, seed)
    seen = {line.current}
    check_phase_invariants(line.current)
    since_progress: list[RubbishMove] = []
    while moves := playing_moves(line.current):
        state = line.current
        for move in moves:
            assert RUBBISH.parse_move(RUBBISH.format_move(move)) == move
        move = choices.choice(moves)
        line = line.play(move)
        after = line.current
        assert dict(Counter(RUBBISH.cards(after))) == PACK
        check_phase_invariants(after)
        seen.add(after)
        assert len(seen) == len(line.states), "a position came round again"
        if progress(state, after):
            since_progress = []
        else:
            since_progress.append(move)
            kinds = [type(m) for m in since_progress]
            # fills from the waste, then discards: never a fill after a discard (R7)
            assert kinds == sorted(kinds, key=lambda kind: kind is Discard)
            assert set(kinds) <= {FillFromWaste, Discard}
            assert len(since_progress) <= MOST_BETWEEN_PROGRESS
        assert len(line.moves) <= MAX_MOVES
    outcome = RUBBISH.outcome(line.current)
    assert outcome is not None and outcome.score == line.current.cards_home
    assert outcome.won == (outcome.score == 52)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, MAX_SEED), choice_seed=st.integers(0, 2**32 - 1))
def test_random_playouts_keep_states_positions_and_records_exact(
    seed: int, choice_seed: int
) -> None:
    choices = random.Random(choice_seed)
    line = Line.from_seed(RUBBISH, seed)
    while moves := playing_moves(line.current):
        state = line.current
        before = RUBBISH.format_position(state)
        line = line.play(choices.choice(moves))
        text = RUBBISH.format_position(line.current)
        assert RUBBISH.format_position(state) == before, "apply changed the earlier state"
        assert RUBBISH.parse_position(text) == line.current
        assert line.undo().current is state
    # undo all the way back is the deal; redo all the way forward is the end
    back = line.goto(0)
    assert back.current == RUBBISH.start_from_seed(seed)
    assert back.goto(len(line.moves)).current == line.current
    # the record replays to the same game, descriptions and result included
    again = replay(parse_record(format_record(line)))
    assert again.states == line.states
    # giving up at any point is recorded and replayed as well
    given_up = line.goto(choices.randrange(len(line.moves) + 1))
    if RUBBISH.outcome(given_up.current) is None:
        given_up = given_up.play("give-up")
        assert replay(parse_record(format_record(given_up))).current == given_up.current
        assert RUBBISH.parse_position(RUBBISH.format_position(given_up.current)).gave_up


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, MAX_SEED), choice_seed=st.integers(0, 2**32 - 1))
def test_the_quick_look_after_a_move_agrees_with_looking_everywhere(
    seed: int, choice_seed: int
) -> None:
    """After a move the engine looks only at the card just placed and the waste's top for
    foundation plays; settling the same parts while looking at every card must agree."""
    choices = random.Random(choice_seed)
    state = RUBBISH.start_from_seed(seed)
    while moves := playing_moves(state):
        move = choices.choice(moves)
        quick = rubbish_state.after_move(state, move)
        if quick.discards_left == 0 or quick.vacancies == ():
            again = rubbish_state.automatic_steps(
                list(quick.board),
                list(quick.foundations),
                list(quick.waste),
                quick.stock,
                quick.waste_locked,
                quick.options,
            )
            assert again == quick
        state = RUBBISH.apply(state, move)


def test_r7_from_a_late_position_no_sequence_of_moves_comes_back() -> None:
    """Every sequence of legal moves from a position with a few stock cards left, searched
    exhaustively: no sequence comes back to a position already on it, and each ends."""
    line = Line.from_seed(RUBBISH, 3)
    while len(line.current.stock) > 6 and (moves := playing_moves(line.current)):
        line = line.play(moves[0])
    start = line.current
    assert len(start.stock) == 6 and RUBBISH.outcome(start) is None
    finished: set[RubbishState] = set()
    expanded: set[RubbishState] = set()

    def explore(state: RubbishState, path: set[RubbishState]) -> None:
        if state in expanded:
            return
        moves = playing_moves(state)
        if not moves:
            finished.add(state)
        for move in moves:
            after = RUBBISH.apply(state, move)
            assert after not in path, "a cycle"
            explore(after, path | {after})
        expanded.add(state)

    explore(start, {start})
    assert finished and len(expanded) > 1000  # a real search, not a trivial one
