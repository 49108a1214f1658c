"""The By Twos solver (engine/solve/bytwos.py): its lines replay through the engine to the
result it claims, and its verdicts agree with the plain generic search (which tries every
legal move and prunes nothing) on every small position that search can finish."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.cards import parse_cards
from parlour.engine.game import GIVE_UP
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import foundation_card
from parlour.engine.solve import bytwos_model as model
from parlour.engine.solve.bytwos import solve_bytwos
from parlour.engine.solve.search import solve
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import UNKNOWN
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Verdict

from .bytwos_helpers import position

#: every pile complete, for positions where only a few piles are still building
ALL_BUILT = {
    f"{suit}_{kind}": 13
    for suit in ("clubs", "diamonds", "hearts", "spades")
    for kind in ("ace", "deuce")
}
#: how far the generic search may go before a case is skipped as too big for it
GENERIC_NODES = 200_000


def replay(state: ByTwosState, verdict: Verdict) -> ByTwosState:
    """Play the verdict's line through the engine, which checks every move, and check that
    it reaches what the verdict claims."""
    for move in verdict.line:
        state = BYTWOS.apply(state, move)
    if verdict.status == WINNABLE:
        outcome = BYTWOS.outcome(state)
        assert outcome is not None and outcome.won
    else:
        assert BYTWOS.score(state) == verdict.best_score
    return state


@pytest.mark.parametrize("seed", [1, 2, 47])
def test_a_seeded_deal_is_settled_from_the_forming_phase_and_its_best_line_replays(
    seed: int,
) -> None:
    start = BYTWOS.start_from_seed(seed)
    verdict = solve_bytwos(start, budget_nodes=2_000_000)
    assert verdict.status == NOT_WINNABLE
    assert verdict.line[:13] == (TURN,) * 13  # the packet is formed first (B1)
    replay(start, verdict)
    assert verdict.best_score >= 50


def test_an_exhausted_budget_says_unknown_with_a_line_to_the_best_score() -> None:
    start = BYTWOS.start_from_seed(3)
    verdict = solve_bytwos(start, budget_nodes=50)
    assert verdict.status == UNKNOWN and verdict.nodes == 50
    replay(start, verdict)


def test_building_a_card_at_once_can_lose_the_game() -> None:
    # The hearts ace pile wants the 3; the deuce pile wants the queen, the ace, then the 3.
    # Last deal: the stock is 3H AH 3H QH. Building the first 3 at once leaves the second to
    # be dealt onto the ace, which the deuce pile then cannot reach; keeping the first 3 for
    # the deuce pile (building the second on the ace pile) wins.
    built = ALL_BUILT | {"hearts_ace": 1, "hearts_deuce": 5}
    state = position(
        packet="QH 10H 8H 6H 4H 2H KH KH JH JH 9H 9H 7H 7H 5H 5H",
        stock="3H AH 3H QH",
        built=built,
        deal=3,
    )
    assert solve(BYTWOS, state).status == WINNABLE
    assert solve(BYTWOS, BYTWOS.apply(state, "sa")).status == NOT_WINNABLE
    verdict = solve_bytwos(state)
    assert verdict.status == WINNABLE
    assert verdict.line[0] != BYTWOS.parse_move("sa")
    replay(state, verdict)


def test_a_card_both_piles_want_goes_on_the_pile_with_fewer_cards() -> None:
    # B8: both spade piles want the jack; the ace pile (five cards) goes on past the king to
    # the 2, 4 … while the deuce pile (eleven) ends at the king, so the jack belongs on the
    # ace pile: put on the deuce pile, it loses the game
    built = ALL_BUILT | {"spades_ace": 5, "spades_deuce": 11}
    state = position(packet="6S", stock="JS 8S 10S KS 2S QS KS JS", waste="4S", built=built, deal=2)
    assert solve(BYTWOS, BYTWOS.apply(state, "sa")).status == WINNABLE
    assert solve(BYTWOS, BYTWOS.apply(state, "sd")).status == NOT_WINNABLE
    verdict = solve_bytwos(state)
    assert verdict.status == WINNABLE
    assert verdict.line[0] == BYTWOS.parse_move("sa")
    replay(state, verdict)


def test_a_position_with_three_copies_of_a_card_is_searched_plainly() -> None:
    built = (1, 13, 13, 13, 13, 13, 13, 13)  # only the clubs ace pile is building
    state = BYTWOS.position(stock=parse_cards("3C 3C 5C 3C"), built=built, deal=3)
    verdict = solve_bytwos(state)
    assert verdict.status == solve(BYTWOS, state).status
    replay(state, verdict)


def random_position(rng: random.Random, few_suits: bool) -> ByTwosState:
    """A dealing position near the end of a game: most piles complete, the cards the others
    need shuffled into the packet, the stock and the waste, in deal 1, 2 or 3. With
    ``few_suits`` one suit is far from done, which makes the copies compete for piles."""
    while True:
        built = [13] * 8
        if few_suits:
            suit = rng.randrange(4)
            built[2 * suit] = rng.choice([0, 1, 2, 3, 5, 7, 9, 11])
            built[2 * suit + 1] = rng.choice([0, 3, 6, 7, 8, 9, 10, 11])
        for pile in range(8):
            if rng.random() < 0.3:
                built[pile] = rng.choice([0, 9, 10, 11, 12])
        cards = [foundation_card(pile, n) for pile in range(8) for n in range(built[pile], 13)]
        if 1 <= len(cards) <= 18:
            break
    rng.shuffle(cards)
    cut = rng.randint(0, len(cards) // 2)
    split = rng.randint(cut, len(cards))
    return BYTWOS.position(
        packet=tuple(cards[:cut]),
        stock=tuple(cards[cut:split]),
        waste=tuple(cards[split:]),
        built=tuple(built),
        deal=rng.choice([1, 2, 3, 3]),
    )


@settings(max_examples=250, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), few_suits=st.booleans())
def test_the_solver_agrees_with_the_exhaustive_generic_search(seed: int, few_suits: bool) -> None:
    state = random_position(random.Random(seed), few_suits)
    plain = solve(BYTWOS, state, budget_nodes=GENERIC_NODES)
    assume(plain.definite)
    verdict = solve_bytwos(state, budget_nodes=None)
    assert verdict.status == plain.status
    replay(state, verdict)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(1, 10_000), choice_seed=st.integers(0, 2**32 - 1))
def test_the_solver_s_model_plays_exactly_as_the_engine(seed: int, choice_seed: int) -> None:
    """Random games played side by side in the engine and in the solver's own model: the
    same legal moves, and after each move the same packet, stock, waste, foundations and
    deal (bases laid by themselves included)."""
    choices = random.Random(choice_seed)
    state = BYTWOS.start_from_seed(seed)
    while state.phase is Phase.FORMING:
        state = BYTWOS.apply(state, TURN)
    cards = (*state.packet, *state.waste, *state.stock)
    lay = model.Layout(cards, range(len(state.packet)))
    talon = tuple(range(len(state.packet), len(cards)))
    everything = (1 << len(cards)) - 1
    pos = model.Pos(len(state.packet), talon, len(state.waste), state.built, 1, everything, 0, 0)
    while True:
        assert [lay.cards[card] for card in lay.packet[: pos.p]] == list(state.packet)
        assert [lay.cards[card] for card in pos.talon[: pos.cur]] == list(state.waste)
        assert [lay.cards[card] for card in pos.talon[pos.cur :]] == list(state.stock)
        assert (pos.built, pos.deal) == (state.built, state.deal)
        moves = model.legal(lay, pos)
        engine_moves = [move for move in BYTWOS.legal_moves(state) if move != GIVE_UP]
        assert [model.ENGINE_MOVES[move] for move in moves] == engine_moves
        if not moves:
            break
        move = choices.choice(moves)
        pos = model.play(lay, pos, move, True)
        state = BYTWOS.apply(state, model.ENGINE_MOVES[move])
