"""Games declared over as soon as nothing can change their result (issue: dead ends are
declared in every game). Golf (ruling G6) and By Twos (ruling B10) play out the moves
that are left for the player once no card still to come could be played or built,
whatever the order of the hidden cards. Checked both ways on positions met in random
play: when Parlour plays a game out, nothing could ever have been played or built (for
the real order and for others); when it does not, something can still be."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.deals import MAX_SEED
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import DEAL
from parlour.engine.games.bytwos_state import REDEAL
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase as ByTwosPhase
from parlour.engine.games.bytwos_state import dealing_position
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import GolfState
from parlour.engine.games.golf import PlayColumn
from parlour.engine.history import Line
from parlour.session import Session
from parlour.store.database import Store


def golf_positions(seed: int) -> list[GolfState]:
    """Every position of a hole played by random legal moves (never giving up)."""
    rnd = random.Random(seed)
    state = GOLF.start_from_seed(seed)
    met = [state]
    while GOLF.outcome(state) is None:
        state = GOLF.apply(state, rnd.choice(GOLF.legal_moves(state)))
        met.append(state)
    return met


def golf_reordered(state: GolfState, rnd: random.Random) -> GolfState:
    stock = list(state.stock)
    rnd.shuffle(stock)
    return GOLF.position(state.columns, state.foundation, tuple(stock), state.options)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, MAX_SEED), other=st.integers(0, 2**32))
def test_golf_plays_out_a_hole_exactly_when_nothing_can_be_played_again(
    seed: int, other: int
) -> None:
    rnd = random.Random(other)
    for state in golf_positions(seed):
        step = GOLF.playing_out(state)
        twin = golf_reordered(state, rnd)
        assert (GOLF.playing_out(twin) is None) == (step is None)  # the order is not used
        if step is not None:
            assert step == TURN and "whatever their order" in GOLF.words.played_out(state)
            for order in (state, twin):  # turned to the end, nothing is ever playable
                while GOLF.outcome(order) is None:
                    assert order.legal == (TURN,)
                    order = GOLF.apply(order, TURN)
                assert GOLF.score(order) == state.links_left > 0
        elif state.legal == (TURN,):
            # some stock card would be playable if it came next
            playable = False
            for index in range(len(state.stock)):
                stock = (state.stock[index], *state.stock[:index], *state.stock[index + 1 :])
                first = GOLF.position(state.columns, state.foundation, stock, state.options)
                turned = GOLF.apply(first, TURN)
                playable = playable or any(isinstance(m, PlayColumn) for m in turned.legal)
            assert playable


def bytwos_positions(seed: int) -> list[ByTwosState]:
    rnd = random.Random(seed)
    state = BYTWOS.start_from_seed(seed)
    met = [state]
    while BYTWOS.outcome(state) is None:
        moves = [m for m in BYTWOS.legal_moves(state) if not BYTWOS.is_give_up(m)]
        state = BYTWOS.apply(state, rnd.choice(moves))
        met.append(state)
    return met


def deals_only(state: ByTwosState) -> list[ByTwosState]:
    """The positions met by dealing and redealing only, never building, to the end."""
    met = [state]
    while DEAL in state.legal or REDEAL in state.legal:
        state = BYTWOS.apply(state, DEAL if DEAL in state.legal else REDEAL)
        met.append(state)
    return met


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, MAX_SEED), other=st.integers(0, 2**32))
def test_by_twos_deals_out_a_game_exactly_when_nothing_can_be_built_again(
    seed: int, other: int
) -> None:
    rnd = random.Random(other)
    for state in bytwos_positions(seed)[::3]:
        step = BYTWOS.playing_out(state)
        building = any(isinstance(m, Build) for m in state.legal)
        if state.phase is ByTwosPhase.DEALING and state.deal == 1:  # the stock is unseen
            stock = list(state.stock)
            rnd.shuffle(stock)
            twin = dealing_position(
                state.options, 1, state.packet, tuple(stock), state.waste, state.built
            )
            if twin.built == state.built:  # (no base came into view by the new order)
                assert (BYTWOS.playing_out(twin) is None) == (step is None)
        if step is not None:
            assert step in (DEAL, REDEAL)
            assert "whatever the order" in BYTWOS.words.played_out(state)
            for later in deals_only(state):
                assert not any(isinstance(m, Build) for m in later.legal)
                assert later.built == state.built
            assert BYTWOS.outcome(deals_only(state)[-1]) is not None
        elif state.phase is ByTwosPhase.DEALING and not building:
            # dealing on, something can be built, or a base is laid
            assert any(
                any(isinstance(m, Build) for m in later.legal) or later.built != state.built
                for later in deals_only(state)
            )


def test_a_session_declares_the_hole_over_when_nothing_can_be_played(tmp_path: Path) -> None:
    """Seed 3 played by the first legal move: the hole is over with one card left in the
    stock that nothing can go on; the session turns it, and the record says so."""
    store = Store(tmp_path)
    session = Session.new_game(store, "golf", 3)
    while not session.is_finished:
        before = session.state
        session.play(GOLF.legal_moves(before)[0])
    assert session.played_out.startswith("No card left in the stock can be played")
    assert not session.state.stock
    line = Line.from_seed(GOLF, 3)
    while GOLF.playing_out(line.current) is None:
        line = line.play(GOLF.legal_moves(line.current)[0])
    assert session.line.moves[len(line.moves) :] == (TURN,) * len(line.current.stock)
    assert session.news(line.current).endswith("Parlour turns the last card for you.")
