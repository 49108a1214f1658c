"""Random legal Golf playouts (hypothesis): nothing lost, nothing mutated, undo exact,
notation and records round-trip, every playout ends."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.cards import full_pack
from parlour.engine.deals import MAX_SEED
from parlour.engine.games.golf import GOLF
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.record import parse_record
from parlour.engine.record import replay

from .parts import in_parts
from .parts import seed_of

#: the random playouts run in parts, side by side
PARTS = 3
PACK = Counter(full_pack())
MAX_MOVES = 52  # every move puts one card on the foundation


@in_parts(PARTS)
@settings(max_examples=1500 // PARTS, deadline=None)  # 1,500 playouts in all
@given(
    drawn=st.integers(0, MAX_SEED),
    free_stock=st.booleans(),
    choices=st.lists(st.integers(0, 10_000), min_size=60, max_size=60),
)
def test_random_playouts_keep_every_invariant(
    part: int, drawn: int, free_stock: bool, choices: list[int]
) -> None:
    seed = seed_of(drawn, part, PARTS)
    options = ("free-stock",) if free_stock else ()
    line = Line.from_seed(GOLF, seed, options)
    for pick in choices:
        state = line.current
        moves = GOLF.legal_moves(state)
        if not moves:
            break
        before = GOLF.format_position(state)
        move = moves[pick % len(moves)]
        assert GOLF.parse_move(GOLF.format_move(move)) == move
        line = line.play(move)
        after = GOLF.format_position(line.current)
        assert GOLF.format_position(state) == before, "apply changed the earlier state"
        assert Counter(GOLF.cards(line.current)) == PACK
        assert GOLF.parse_position(after) == line.current
        assert line.undo().current is state
    # every playout ends, within one move per card
    assert GOLF.legal_moves(line.current) == ()
    assert len(line.moves) <= MAX_MOVES
    assert GOLF.outcome(line.current) is not None
    # undo all the way back is the deal; redo all the way forward is the end
    back = line.goto(0)
    assert back.current == GOLF.start_from_seed(seed, options)
    assert back.goto(len(line.moves)).current == line.current
    # the record replays to the same game
    again = replay(parse_record(format_record(line)))
    assert again.states == line.states


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, MAX_SEED))
def test_deals_are_complete_and_positions_round_trip(seed: int) -> None:
    state = GOLF.start_from_seed(seed)
    assert Counter(GOLF.cards(state)) == PACK
    assert GOLF.parse_position(GOLF.format_position(state)) == state


def test_states_are_frozen() -> None:
    state = GOLF.start_from_seed(9)
    for name in ("columns", "foundation", "stock", "phase"):
        try:
            setattr(state, name, ())
        except AttributeError:  # frozen dataclasses and named tuples both refuse
            continue
        raise AssertionError(f"{name} could be assigned")
    assert all(isinstance(column, tuple) for column in state.columns)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, MAX_SEED),
    draws=st.integers(0, 2**32),
    free_stock=st.booleans(),
)
def test_the_fast_playout_ends_where_checked_moves_end(
    seed: int, draws: int, free_stock: bool
) -> None:
    options = ("free-stock",) if free_stock else ()
    start = GOLF.start_from_seed(seed, options)
    fast = GOLF.playout(start, random.Random(draws).random)
    rng = random.Random(draws)
    state = start
    while legal := state.legal:  # the plays and turns: a playout never concedes
        state = GOLF.apply(state, legal[int(rng.random() * len(legal))])
    assert fast == state
    assert GOLF.outcome(fast) is not None
