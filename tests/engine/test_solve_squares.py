"""The Three Squares solver (engine/solve/squares.py): its lines replay through the engine
to the result it claims, its verdicts agree with the plain generic search (which tries
every legal move and prunes nothing) on the small positions that search can finish, and
its model's classes of positions and frozen-card bound hold where they can be checked."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise

import pytest
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.cards import Card
from parlour.engine.cards import full_pack
from parlour.engine.cards import parse_card
from parlour.engine.game import GIVE_UP
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_layout import BELOW
from parlour.engine.games.squares_nodes import card_code
from parlour.engine.games.squares_state import FORMING
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.games.squares_state import TakeSequence
from parlour.engine.solve.search import solve
from parlour.engine.solve.squares import solve_squares
from parlour.engine.solve.squares_model import Model
from parlour.engine.solve.squares_model import Pos
from parlour.engine.solve.squares_model import codes
from parlour.engine.solve.squares_model import tangles
from parlour.engine.solve.squares_replay import model_position
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import UNKNOWN
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Budget
from parlour.engine.verdict import Verdict

from .squares_helpers import ascending
from .squares_helpers import position
from .squares_helpers import suit_run

#: how far the generic search may go before a case is skipped as too big for it
GENERIC_NODES = 400
#: far more than the solver needs on any position the generic search can finish
SOLVER_NODES = 30_000


def replay(state: SquaresState, verdict: Verdict) -> SquaresState:
    """Play the verdict's line through the engine, which checks every move, and check that
    it reaches what the verdict claims."""
    for move in verdict.line:
        assert SQUARES.is_legal(state, move), move
        state = SQUARES.apply(state, move)
    if verdict.status == WINNABLE:
        outcome = SQUARES.outcome(state)
        assert outcome is not None and outcome.won
    else:
        assert SQUARES.score(state) == verdict.best_score
    return state


def key(state: SquaresState) -> Pos:
    """The solver's entry for the class of ``state`` (a building position)."""
    model = Model(codes(state.pack), state.squares)
    heaps, p, nd = model_position(model, state)
    return model.key(list(heaps), p, nd)


def frozen_lost(state: SquaresState) -> bool:
    model = Model(codes(state.pack), state.squares)
    return model.frozen_lost(model_position(model, state)[0])


def positions_along(state: SquaresState, line: tuple[object, ...]) -> Iterator[SquaresState]:
    yield state
    for move in line:
        state = SQUARES.apply(state, move)
        yield state


# -- positions ---------------------------------------------------------------------------


def played(rng: random.Random, left: int) -> SquaresState:
    """A seeded deal played at random (sequences chosen at random too) until at most
    ``left`` cards are left in the pack, or the game ends."""
    state = SQUARES.start_from_seed(rng.randrange(1, 1_000_000))
    for _ in range(500):
        if state.phase is Phase.FINISHED:
            break
        if state.phase is Phase.BUILDING and len(state.pack) <= left:
            break
        moves = [move for move in SQUARES.legal_moves(state) if move != GIVE_UP]
        state = SQUARES.apply(state, rng.choice(moves))
    return state


def scrambled(rng: random.Random) -> SquaresState:
    """A building position made from the four suits as runs (each cut into a few pieces)
    stacked at random on the heaps of one, two or three squares, with a few pieces
    shuffled into a short pack: close to a win or close to a deadlock."""
    squares = rng.choice([1, 2, 3, 3])
    pieces: list[list[Card]] = []
    for suit in "CDHS":
        run = [rng.choice([c for c in full_pack() if c.suit == suit])]
        while len(run) < 13:
            run.append(BELOW[run[-1]])
        cuts = [0, *sorted(rng.sample(range(1, 13), rng.randint(1, 4))), 13]
        pieces += [run[a:b] for a, b in pairwise(cuts)]
    rng.shuffle(pieces)
    pack: list[Card] = []
    while len(pack) < rng.randint(0, 5):
        pack += pieces.pop()
    rng.shuffle(pack)
    heaps: list[list[Card]] = [[] for _ in range(4 * squares)]
    for piece in pieces:
        heaps[rng.randrange(4 * squares)] += piece
    return SQUARES.position(
        [tuple(heap) for heap in heaps],
        tuple(pack),
        rng.randint(1, squares),
        squares,
    )


# -- seeded deals, the forming phase and finished games -----------------------------------


@pytest.mark.parametrize("seed", [1, 3, 26])
def test_a_seeded_deal_is_won_and_its_line_replays(seed: int) -> None:
    start = SQUARES.start_from_seed(seed)
    assert start.phase is Phase.BUILDING
    verdict = solve_squares(start, budget_nodes=20_000)
    assert verdict.status == WINNABLE and verdict.best_score == 4
    replay(start, verdict)


@pytest.mark.parametrize("seed", [9, 35, 90])
def test_a_deal_the_exact_goes_could_not_settle_is_won_by_the_short_tries(seed: int) -> None:
    # the two exact goes left these unknown after 1,000,000 positions (docs/analysis.md);
    # short searches from the start, each in an order of its own, win them
    start = SQUARES.start_from_seed(seed)
    verdict = solve_squares(start, budget_nodes=60_000)
    assert verdict.status == WINNABLE and verdict.best_score == 4
    assert replay(start, verdict).phase is Phase.FINISHED
    # the orders are drawn from a fixed seed: the same budget, the same search
    again = solve_squares(start, budget_nodes=60_000)
    assert (again.nodes, again.line) == (verdict.nodes, verdict.line)


@pytest.mark.parametrize("seed", [547, 704])
def test_a_deal_the_random_tries_were_slow_to_win_is_won_by_the_tidy_ones(seed: int) -> None:
    # with tries in random orders alone the solver needed 46,159 and 179,479 positions to
    # win these; the tries that take the tidiest children first win them within 25,000
    # (1,179 and 20,076)
    start = SQUARES.start_from_seed(seed)
    verdict = solve_squares(start, budget_nodes=25_000)
    assert verdict.status == WINNABLE and verdict.best_score == 4
    assert replay(start, verdict).phase is Phase.FINISHED


def test_tangles_counts_the_cards_lying_on_a_card_not_their_next_higher() -> None:
    seven, six, five, king = (card_code(parse_card(c)) for c in ("7S", "6S", "5S", "KS"))
    ace = card_code(parse_card("AS"))
    assert tangles((b"",)) == 0
    assert tangles((bytes([seven, six, five]),)) == 0  # one run
    assert tangles((bytes([seven, king, six]),)) == 2  # K on 7, 6 on K
    assert tangles((bytes([king, seven, six]), bytes([ace, king]))) == 1 + 0  # K on A wraps
    assert tangles((bytes([five, six]), bytes([six]))) == 1  # a card on its next-lower


@pytest.mark.parametrize("seed", [8, 12, 28])
def test_a_deal_that_dug_square_1_deep_is_refuted_at_once(seed: int) -> None:
    start = SQUARES.start_from_seed(seed)
    assert start.phase is Phase.BUILDING and len(start.pack) == 6
    assert frozen_lost(start)
    verdict = solve_squares(start, budget_nodes=10)
    assert verdict.status == NOT_WINNABLE and verdict.nodes == 1
    replay(start, verdict)


def test_the_forming_phase_takes_a_sequence_first_and_the_line_replays() -> None:
    start = SQUARES.start_from_seed(7)
    assert start.phase in FORMING
    verdict = solve_squares(start, budget_nodes=20_000)
    assert verdict.status == WINNABLE
    assert isinstance(verdict.line[0], TakeSequence)
    replay(start, verdict)


def test_the_forming_phase_tries_every_sequence_before_saying_not_winnable() -> None:
    start = SQUARES.start_from_seed(32)
    assert start.phase in FORMING
    takes = [move for move in SQUARES.legal_moves(start) if isinstance(move, TakeSequence)]
    assert len(takes) == 2
    each = [solve_squares(SQUARES.apply(start, move), budget_nodes=None) for move in takes]
    assert all(verdict.status == NOT_WINNABLE for verdict in each)
    verdict = solve_squares(start, budget_nodes=None)
    assert verdict.status == NOT_WINNABLE
    assert verdict.nodes == sum(one.nodes for one in each)  # both were searched through
    assert verdict.best_score == max(one.best_score for one in each)
    assert verdict.line[0] in takes
    replay(start, verdict)


def test_an_unknown_choice_of_sequence_makes_the_forming_verdict_unknown() -> None:
    start = SQUARES.start_from_seed(22)
    assert start.phase in FORMING
    verdict = solve_squares(start, budget_nodes=300)
    assert verdict.status == UNKNOWN
    replay(start, verdict)


@pytest.mark.parametrize("seed", [17, 33])
def test_a_game_over_at_once_answers_with_the_engine_s_outcome(seed: int) -> None:
    start = SQUARES.start_from_seed(seed)
    assert start.phase is Phase.FINISHED
    outcome = SQUARES.outcome(start)
    assert outcome is not None and not outcome.won
    verdict = solve_squares(start)
    assert (verdict.status, verdict.best_score, verdict.line) == (
        NOT_WINNABLE,
        outcome.score,
        (),
    )
    assert verdict.nodes == 0


def test_a_won_game_and_a_game_given_up_answer_at_once() -> None:
    won = position({"1a": suit_run("AC"), "2b": suit_run("5D"), "3c": suit_run("KH")}, rest="1d")
    assert won.phase is Phase.BUILDING  # the spades still lie ace to king in 1d
    won = position(
        {"1a": suit_run("AC"), "2b": suit_run("5D"), "3c": suit_run("KH"), "3d": suit_run("9S")}
    )
    assert won.phase is Phase.FINISHED
    verdict = solve_squares(won)
    assert (verdict.status, verdict.best_score, verdict.line, verdict.nodes) == (
        WINNABLE,
        4,
        (),
        0,
    )
    given_up = SQUARES.apply(SQUARES.start_from_seed(1), GIVE_UP)
    verdict = solve_squares(given_up)
    assert (verdict.status, verdict.best_score, verdict.line) == (NOT_WINNABLE, 0, ())


# -- budgets -------------------------------------------------------------------------------


def test_an_exhausted_node_budget_says_unknown_with_a_line_to_the_best_score() -> None:
    start = SQUARES.start_from_seed(6)
    verdict = solve_squares(start, budget_nodes=50)
    assert verdict.status == UNKNOWN and verdict.nodes == 50
    replay(start, verdict)


def test_a_budget_just_big_enough_gives_the_verdict_and_one_less_does_not() -> None:
    start = SQUARES.start_from_seed(7)
    full = solve_squares(start, budget_nodes=None)
    assert full.status == WINNABLE
    assert solve_squares(start, budget_nodes=full.nodes + 1).status == WINNABLE
    short = solve_squares(start, budget_nodes=full.nodes)
    assert short.status == UNKNOWN
    replay(start, short)


class FakeClock:
    """A clock that moves on a second each time it is read."""

    def __init__(self) -> None:
        self.now = -1.0
        self.reads = 0

    def __call__(self) -> float:
        self.now += 1.0
        self.reads += 1
        return self.now


def test_a_time_budget_stops_the_search_by_the_clock_given() -> None:
    start = SQUARES.start_from_seed(9)  # a deal the solver leaves unknown within a second
    clock = FakeClock()
    verdict = solve_squares(start, budget_nodes=None, budget_seconds=5, clock=clock)
    assert verdict.status == UNKNOWN
    # the clock is read now and then, not at every position
    assert 5 <= clock.reads <= 8 and verdict.nodes >= 5 * clock.reads
    assert verdict.seconds is not None and verdict.seconds >= 5
    replay(start, verdict)


def test_without_a_clock_no_time_is_reported_and_a_time_budget_is_refused() -> None:
    start = SQUARES.start_from_seed(1)
    verdict = solve_squares(start, budget_nodes=20_000)
    assert verdict.status == WINNABLE and verdict.seconds is None
    with pytest.raises(ValueError, match="needs a clock"):
        solve_squares(start, budget_nodes=20_000, budget_seconds=0)


# -- the model's claims ------------------------------------------------------------------


def test_lone_cards_in_a_square_with_a_space_are_one_class_wherever_they_lie() -> None:
    others = {"2a": "9S 8S", "2b": "3D", "2c": "JH", "2d": "4C"}
    one = position({"1a": "5H", "1c": "9C 8C", "1d": "KD", **others})
    two = position({"1b": "KD", "1c": "9C 8C", "1d": "5H", **others})
    three = position({"1a": "KD", "1b": "5H", "1c": "9C 8C", **others})
    assert len({one, two, three}) == 3
    assert key(one) == key(two) == key(three)
    # a heap of two cards never moves into a space: where it lies matters
    moved = position({"1a": "5H", "1b": "9C 8C", "1d": "KD", **others})
    assert key(moved) != key(one)
    # without a space the lone cards cannot change places
    full = position({"2a": "9S 8S", "2b": "3D", "2c": "JH", "2d": "4C", "1c": "QS"})
    swapped = position({"2a": "9S 8S", "2b": "JH", "2c": "3D", "2d": "4C", "1c": "QS"})
    assert key(full) != key(swapped)


def test_a_square_no_deal_can_reach_is_one_class_in_any_order() -> None:
    # three cards left: the next deal is to square 1 and is the last
    heaps = {"1a": "5H", "2a": "9S 8S", "2b": "3D", "2c": "JH 10H", "2d": "4C"}
    pack = "QS QH QD"
    one = position(heaps, pack, rest="1b")
    other = position({**heaps, "2a": "JH 10H", "2c": "4C", "2d": "9S 8S"}, pack, rest="1b")
    assert key(one) == key(other)
    # while a deal may still reach square 2 its order counts
    early = position(heaps, pack, rest="1b", next_deal=2)
    late = position(
        {**heaps, "2a": "JH 10H", "2c": "4C", "2d": "9S 8S"}, pack, rest="1b", next_deal=2
    )
    assert key(early) != key(late)
    assert (
        solve_squares(one, budget_nodes=None).status
        == solve_squares(other, budget_nodes=None).status
    )


def test_frozen_cards_that_can_never_make_a_suit_are_seen_at_once() -> None:
    # square 1 holds three suits lying ace to king, the 10 of spades buried under the
    # hearts and the spades from 2 to 9 over it: no card there can ever move
    heaps = {"1a": "10S " + ascending("H"), "1b": ascending("C"), "1c": ascending("D")}
    state = position({**heaps, "1d": "2S 3S 4S 5S 6S 7S 8S 9S"}, "JS QS KS AS", squares=1)
    assert frozen_lost(state)
    assert solve(SQUARES, state).status == NOT_WINNABLE
    verdict = solve_squares(state)
    assert verdict.status == NOT_WINNABLE and verdict.nodes == 1
    replay(state, verdict)
    # with a space in the square every card there may still move
    spaced = position({**heaps, "2a": "2S 3S 4S 5S 6S 7S 8S 9S"}, "JS QS KS AS", squares=2)
    assert not frozen_lost(spaced)


# -- against the generic search ------------------------------------------------------------


def check_against_generic(state: SquaresState, *, drawn: bool = True) -> None:
    """The solver against the generic search on ``state`` (``drawn`` by hypothesis: a
    position the generic search cannot settle is passed over; else it must settle it)."""
    plain = solve(SQUARES, state, budget_nodes=GENERIC_NODES)
    if drawn:
        assume(plain.definite)
    else:
        assert plain.definite
    if plain.status == WINNABLE:
        # every position on a winning line is winnable: the bound must not refute one
        for step in positions_along(state, plain.line):
            if step.phase is Phase.BUILDING:
                assert not frozen_lost(step)
    # the solver as callers have it (the plain search's short go first) must agree
    verdict = solve_squares(state, budget_nodes=SOLVER_NODES)
    assert verdict.status == plain.status
    replay(state, verdict)
    # and the model's own search, alone, must never contradict the plain search: it may
    # run out on a win (the cases below are ones it once missed), but what it proves must
    # be true; a loss the plain search proves in a few hundred positions it proves too,
    # if not within the solver's budget then within ten times it (one drawn position
    # needs 44,101: LOSS_PROVED_LATE)
    model = solve_squares(state, budget_nodes=SOLVER_NODES, plain_first=False)
    if plain.status == NOT_WINNABLE:
        if model.status == UNKNOWN:
            model = solve_squares(state, budget_nodes=10 * SOLVER_NODES, plain_first=False)
        assert model.status == NOT_WINNABLE
    else:
        assert model.status in {WINNABLE, UNKNOWN}
    replay(state, model)
    for found in (verdict, model):
        if found.status == NOT_WINNABLE:
            # the generic search saw every position; the solver's bound skips positions
            # already lost, so its best may be lower but never higher
            assert found.best_score <= plain.best_score
        assert found.best_score >= SQUARES.score(state)


#: the two hypothesis tests below run in parts side by side, each from its own quarter of
#: the random generators' seeds (the same number of examples in all)
PARTS = 4
QUARTER = 2**30


@pytest.mark.parametrize("part", range(PARTS))
@settings(max_examples=20 // PARTS, deadline=None)  # 20 deals played on in all
@given(drawn=st.integers(0, QUARTER - 1), left=st.sampled_from([0, 1, 2, 3, 4, 5, 6, 8]))
def test_the_solver_agrees_with_the_generic_search_on_seeded_deals_played_on(
    part: int, drawn: int, left: int
) -> None:
    check_against_generic(played(random.Random(part * QUARTER + drawn), left))


#: a deal played on (the random generator's seed, most cards left) that the test above
#: drew: the plain search proves it lost in 367 positions, the model's own search alone
#: in 44,101 (its two exact goes each walk the tree, and its tries for a win take turns)
LOSS_PROVED_LATE = (2**30 + 956048597, 4)


def test_a_loss_the_models_own_search_proves_late_is_proved() -> None:
    seed, left = LOSS_PROVED_LATE
    check_against_generic(played(random.Random(seed), left), drawn=False)


# found by the test above: with the pack empty, the model's best-first end search went
# round a wide plateau for 300,000 positions and more without the win the generic search
# finds in 277 (and 220); a depth-first probe through the model's own moves missed the
# second
@pytest.mark.parametrize(("seed", "left"), [(15620, 0), (1859311, 0)])
def test_the_solver_agrees_with_the_generic_search_where_it_once_did_not(
    seed: int, left: int
) -> None:
    check_against_generic(played(random.Random(seed), left), drawn=False)


@pytest.mark.parametrize("part", range(PARTS))
@settings(max_examples=12 // PARTS, deadline=None)  # 12 scrambled positions in all
@given(drawn=st.integers(0, QUARTER - 1))
def test_the_solver_agrees_with_the_generic_search_on_scrambled_suits(
    part: int, drawn: int
) -> None:
    check_against_generic(scrambled(random.Random(part * QUARTER + drawn)))


def test_a_win_the_generic_search_finds_at_once_is_found_within_a_modest_budget() -> None:
    # one of the model's two goes tries deals before builds (a search trying builds
    # first searches the whole no-deal neighbourhood of a position before its first deal)
    state = scrambled(random.Random(889))
    assert solve(SQUARES, state, budget_nodes=GENERIC_NODES).status == WINNABLE
    verdict = solve_squares(state, budget_nodes=10_000, plain_first=False)
    assert verdict.status == WINNABLE
    assert replay(state, verdict).phase is Phase.FINISHED
    # the solver as callers have it finds it too (the plain search's short go first)
    assert solve_squares(state, budget_nodes=10_000).status == WINNABLE


#: deals played on (seed, most cards left) that the hypothesis test found: the plain
#: search wins them in about 300 positions; the model's own search once did not in
#: 400,000 (now in under 15,000)
MODEL_MISSES = [(2097152, 3), (4079013207, 8)]


@pytest.mark.parametrize(("seed", "left"), MODEL_MISSES)
def test_with_cards_left_the_plain_search_has_the_first_go(seed: int, left: int) -> None:
    state = played(random.Random(seed), left)
    assert state.pack and state.phase is Phase.BUILDING
    verdict = solve_squares(state, budget_nodes=SOLVER_NODES)
    assert verdict.status == WINNABLE
    assert replay(state, verdict).phase is Phase.FINISHED


@pytest.mark.parametrize(("seed", "left"), MODEL_MISSES)
def test_the_models_own_search_finds_the_win_with_cards_left(seed: int, left: int) -> None:
    # no end search may keep the others waiting: each sees at most a cap of positions,
    # raised when a go has to start again; and it takes first the positions with the
    # longest runs at the heaps' bottoms (fewest runs first, it once wandered a plateau
    # of positions with as many runs for the whole budget)
    state = played(random.Random(seed), left)
    verdict = solve_squares(state, budget_nodes=50_000, plain_first=False)
    assert verdict.status == WINNABLE
    assert replay(state, verdict).phase is Phase.FINISHED


def test_the_quick_plain_search_keeps_within_the_callers_budgets() -> None:
    # the short plain search that comes first once the pack is empty gets what is left
    # of both budgets, and its positions count against the caller's
    now = [0.0]
    budget = Budget(1_000, 2.0, lambda: now[0])
    budget.spend(900)
    now[0] = 1.5
    shared = budget.share(500)
    assert (shared.limit, shared.deadline, shared.clock) == (99, 1.5 + 0.5, budget.clock)
    unlimited = Budget(None, None, None).share(500)
    assert (unlimited.limit, unlimited.deadline, unlimited.clock) == (500, None, None)
    state = played(random.Random(15620), 0)
    assert not state.pack
    verdict = solve_squares(state, budget_nodes=100)
    assert verdict.status == UNKNOWN
    assert verdict.nodes <= 100
    assert solve_squares(state, budget_nodes=1_000).status == WINNABLE


@pytest.mark.parametrize(
    ("seed", "offered"), [(475, ["take:1b,2a", "take:1c,2c"]), (2326, ["take:1d,2a", "take:2c,2d"])]
)
def test_a_choice_of_sequence_won_sooner_is_not_starved_by_a_hard_one(
    seed: int, offered: list[str]
) -> None:
    """Each deal offers two sequences to start square 2: after the first, the search is
    not settled within the budget; after the second, it is won, seed 475's at once, seed
    2326's within a few tenths of its second (the rounds of looks grow). The clock moves
    4 ms each time it is read (every few hundred positions), so that the test does not
    hang on the machine's speed."""
    start = SQUARES.start_from_seed(seed)
    choices = [move for move in SQUARES.legal_moves(start) if isinstance(move, TakeSequence)]
    assert [str(move) for move in choices] == offered
    reads = iter(range(10**9))

    def clock() -> float:
        return next(reads) * 0.004

    verdict = solve_squares(start, budget_nodes=None, budget_seconds=1.0, clock=clock)
    assert verdict.status == WINNABLE and verdict.line[0] == choices[1]
    replay(start, verdict)


def test_an_unknown_verdict_keeps_the_best_line_any_look_found() -> None:
    """Seed 3518 offers two sequences and neither is settled within the budget: a look at
    one of them reached two complete suits, which the verdict keeps (the search of the
    choices in turn, after the looks, reaches fewer). The clock moves 4 ms a reading."""
    start = SQUARES.start_from_seed(3518)
    reads = iter(range(10**9))

    def clock() -> float:
        return next(reads) * 0.004

    verdict = solve_squares(start, budget_nodes=None, budget_seconds=1.0, clock=clock)
    assert verdict.status == UNKNOWN and verdict.best_score == 2
    replay(start, verdict)  # (the line reaches the two suits)
