"""By Twos tells the truth (ruling B9): a deal whose packet rules out a win says so once,
with a reason the player can check, and play goes on for the score. The test is checked
against a brute force, against the exact solver (which sees every card), and along
random lines of play."""

from __future__ import annotations

import random
import time
from itertools import product

import pytest
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.cards import Card
from parlour.engine.cards import card
from parlour.engine.cards import parse_cards
from parlour.engine.game import GIVE_UP
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import ACE_PILE_RANKS
from parlour.engine.games.bytwos_state import DEUCE_PILE_RANKS
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_truth import PacketBlock
from parlour.engine.games.bytwos_truth import can_share
from parlour.engine.games.bytwos_truth import explain
from parlour.engine.games.bytwos_truth import lost_news
from parlour.engine.games.bytwos_truth import lost_reason
from parlour.engine.games.bytwos_truth import packet_block
from parlour.engine.solve.bytwos import solve_bytwos
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import UNKNOWN
from parlour.engine.verdict import WINNABLE

from .bytwos_helpers import LOST_AT_TURN
from .bytwos_helpers import LOST_REASON
from .bytwos_helpers import LOST_SEED
from .bytwos_helpers import REMINDER
from .bytwos_helpers import position

NEWS = f"{LOST_REASON} You can play on for the score."
#: seed 1's packet rules nothing out
FINE_SEED = 1

PLACES = (ACE_PILE_RANKS, DEUCE_PILE_RANKS)


def formed(seed: int) -> ByTwosState:
    state = BYTWOS.start_from_seed(seed)
    while state.phase is Phase.FORMING:
        state = BYTWOS.apply(state, TURN)
    return state


def first_build(state: ByTwosState) -> object:
    moves = [move for move in BYTWOS.legal_moves(state) if move != GIVE_UP]
    return moves[0]


# -- the fixed deal ------------------------------------------------------------------------


def test_a_deal_lost_by_its_packet_says_so_once_with_the_reason() -> None:
    state = BYTWOS.start_from_seed(LOST_SEED)
    told: list[tuple[int, str]] = []
    prompts: list[str] = []
    moves = 0
    while BYTWOS.outcome(state) is None:
        move = TURN if state.phase is Phase.FORMING else first_build(state)
        after = BYTWOS.apply(state, move)
        moves += 1
        news = BYTWOS.words.news(state, after)
        if news:
            told.append((moves, news))
        prompts.append(BYTWOS.words.prompt(after))
        state = after
    # once, at the turn that put 10♥ above 4♥ above 2♥, with the reason in full
    assert told == [(LOST_AT_TURN, NEWS)]
    # every prompt from then on reminds in a few words, and none before
    assert not any(REMINDER in prompt for prompt in prompts[: LOST_AT_TURN - 1])
    assert all(REMINDER in prompt for prompt in prompts[LOST_AT_TURN - 1 : -1])
    # the game went on to its end, for the score
    outcome = BYTWOS.outcome(state)
    assert outcome is not None and not outcome.won and outcome.score > 8
    assert REMINDER not in prompts[-1] and prompts[-1].startswith("Game over")


def test_the_reason_names_only_cards_the_player_has_seen_kept() -> None:
    state = BYTWOS.start_from_seed(LOST_SEED)
    for _ in range(LOST_AT_TURN):
        state = BYTWOS.apply(state, TURN)
    block = packet_block(state)
    assert block == PacketBlock("H", parse_cards("10H 4H 2H"), 0, 0)
    assert set(block.cards) <= set(state.kept)
    assert lost_reason(state) == LOST_REASON
    # the packet made (K♥ on top, above 5♥ and 3♥ too): still lost, for the same reason
    assert lost_reason(formed(LOST_SEED)) == LOST_REASON
    assert REMINDER in BYTWOS.words.prompt(formed(LOST_SEED))


def test_a_packet_that_rules_nothing_out_says_nothing() -> None:
    state = formed(FINE_SEED)
    assert lost_reason(state) is None
    assert "rule out a win" not in BYTWOS.words.prompt(state)
    assert BYTWOS.words.news(BYTWOS.start_from_seed(FINE_SEED), state) == ""


def test_news_is_given_for_several_moves_at_once_and_not_again() -> None:
    start, made = BYTWOS.start_from_seed(LOST_SEED), formed(LOST_SEED)
    # the app's f key turns every card at once: the news comes with them
    assert lost_news(start, made) == NEWS
    # later moves say nothing more
    after = BYTWOS.apply(made, "d")
    assert lost_news(made, after) == ""


def test_the_other_wordings() -> None:
    # seed 3: Q♥ above 2♥, and below them 7♥ above 5♥
    assert lost_reason(formed(3)) == (
        "This deal can no longer be won: in the packet QH lies above 2H, and below them 7H "
        "above 5H. Each hearts pile takes 2H before QH and 5H before 7H, so it can take only "
        "one card of each pair. So the ace pile takes QH or 2H before 7H and 5H come off, "
        "and after an even card it takes no odd one (its odd cards, A to K, come first): it "
        "can take neither 7H nor 5H (B9)."
    )
    # seed 24: the diamonds ace pile has its base, so the packet's A♦ is the deuce pile's
    assert lost_reason(formed(24)) == (
        "This deal can no longer be won: in the packet KD, 9D and AD lie in that order from "
        "the top, and there is no sharing them between the diamonds ace pile (which still "
        "takes 3 5 7 9 J K 2 4 6 8 10 Q) and the diamonds deuce pile (which still takes "
        "2 4 6 8 10 Q A 3 5 7 9 J K) that gives each pile its cards in its own order (B9)."
    )
    # a chain, as builds usually make one: card after card has one pile left, then none
    state = position(
        packet="4C 8C 9C 2C", built={"clubs_ace": 2, "clubs_deuce": 1}, waste="KC", rest="stock"
    )
    assert lost_reason(state) == (
        "This deal can no longer be won: in the packet 2C, 9C, 8C and 4C lie in that order "
        "from the top. 2C can go only on the clubs ace pile (the deuce pile has its 2C); 9C "
        "then only on the deuce pile (the ace pile takes 9C before 2C); 8C then only on the "
        "ace pile (the deuce pile takes 8C before 9C); and 4C on neither (the ace pile takes "
        "4C before 8C, the deuce pile takes 4C before 9C) (B9)."
    )


def test_a_build_that_takes_a_packet_cards_place_is_told_at_once() -> None:
    # the packet's 5S lies above its 3S; the ace pile is past 3, so 3S is the deuce
    # pile's, and 5S must go on the ace pile first: the stock's 5S there rules that out
    state = position(
        packet="3S 5S", stock="5S", built={"spades_ace": 2, "spades_deuce": 3}, rest="stock"
    )
    assert lost_reason(state) is None
    after = BYTWOS.apply(state, "sa")
    assert BYTWOS.words.news(state, after) == (
        "This deal can no longer be won: in the packet 5S lies above 3S. 5S can go only on "
        "the spades deuce pile (the ace pile has its 5S); and 3S on neither (the ace pile "
        "has its 3S, the deuce pile takes 3S before 5S) (B9). You can take the move back, "
        "or play on for the score."
    )
    # dealing the 5S instead leaves the packet's 5S its place
    assert lost_reason(BYTWOS.apply(state, "d")) is None


# -- the test is right ---------------------------------------------------------------------


def brute_force(cards: tuple[Card, ...], ace: int, deuce: int) -> bool:
    """Every choice of piles, each checked against (a) and (b) of the module's claim."""
    for piles in product((0, 1), repeat=len(cards)):
        last = [ace - 1, deuce - 1]
        for kind, one in zip(piles, cards, strict=True):
            place = PLACES[kind].index(one.rank)
            if place <= last[kind]:
                break
            last[kind] = place
        else:
            return True
    return False


SUIT_RANKS = st.lists(st.integers(1, 13), unique=True, max_size=9)


@given(ranks=SUIT_RANKS, ace=st.integers(0, 13), deuce=st.integers(0, 13))
def test_sharing_out_agrees_with_trying_every_choice(
    ranks: list[int], ace: int, deuce: int
) -> None:
    cards = tuple(card(rank, "S") for rank in ranks)
    assert can_share(cards, ace, deuce) == brute_force(cards, ace, deuce)


@given(ranks=SUIT_RANKS, ace=st.integers(0, 6), deuce=st.integers(0, 6))
def test_the_cards_named_are_a_smallest_set_that_cannot_be_shared(
    ranks: list[int], ace: int, deuce: int
) -> None:
    cards = tuple(card(rank, "S") for rank in ranks)
    built = (13,) * 6 + (ace, deuce)
    # a card on the waste, to turn over for deal 2, keeps the game going
    waste = (card(13, "C"),)
    state = BYTWOS.position(packet=tuple(reversed(cards)), waste=waste, built=built)
    assume(state.packet == tuple(reversed(cards)))  # no base laid from the packet
    assert state.phase is Phase.DEALING
    block = packet_block(state)
    assert (block is None) == can_share(cards, ace, deuce)
    if block is None:
        return
    assert not brute_force(block.cards, ace, deuce)
    for left_out in range(len(block.cards)):
        fewer = block.cards[:left_out] + block.cards[left_out + 1 :]
        assert brute_force(fewer, ace, deuce)
    said = explain(block)
    assert all(str(one) in said for one in block.cards)


def spades_to_finish(rng: random.Random) -> ByTwosState:
    """A whole position in which only spades are left to build: the other suits complete,
    the spades piles part built, the packet some spades of different ranks, the rest of
    the spades in the stock and the waste."""
    ace, deuce = rng.randint(1, 12), rng.randint(1, 12)
    left = [card(rank, "S") for rank in (*ACE_PILE_RANKS[ace:], *DEUCE_PILE_RANKS[deuce:])]
    rng.shuffle(left)
    packet: list[Card] = []
    rest: list[Card] = []
    for one in left:
        takes = one.rank not in {other.rank for other in packet} and rng.random() < 0.5
        (packet if takes else rest).append(one)
    cut = rng.randint(0, len(rest))
    return BYTWOS.position(
        packet=tuple(packet),
        stock=tuple(rest[cut:]),
        waste=tuple(rest[:cut]),
        built=(13,) * 6 + (ace, deuce),
        deal=rng.randint(1, 3),
    )


@settings(max_examples=300, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_whenever_the_packet_rules_out_a_win_the_exact_solver_finds_none(
    rng: random.Random,
) -> None:
    state = spades_to_finish(rng)
    assume(state.phase is Phase.DEALING)
    verdict = solve_bytwos(state, budget_seconds=5, clock=time.process_time)
    assert verdict.status != UNKNOWN
    if lost_reason(state) is not None:
        assert verdict.status == NOT_WINNABLE


def test_the_solver_check_is_not_empty() -> None:
    """Positions of the kind above, both ways: the test calls some lost (the solver
    agrees), and of the others some are won."""
    verdicts: dict[bool, set[str]] = {True: set(), False: set()}
    rng = random.Random(7)
    for _ in range(200):
        state = spades_to_finish(rng)
        if state.phase is not Phase.DEALING:
            continue
        lost = lost_reason(state) is not None
        verdicts[lost].add(solve_bytwos(state, budget_seconds=5, clock=time.process_time).status)
    assert verdicts[True] == {NOT_WINNABLE}
    assert WINNABLE in verdicts[False]


@pytest.mark.slow
def test_seeded_deals_lost_by_the_packet_are_lost_for_the_solver_too() -> None:
    lost = 0
    for seed in range(1, 41):
        state = formed(seed)
        if lost_reason(state) is None:
            continue
        lost += 1
        verdict = solve_bytwos(
            BYTWOS.start_from_seed(seed), budget_seconds=10, clock=time.process_time
        )
        assert verdict.status == NOT_WINNABLE, seed
    assert lost >= 15


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(1, 10**6), choices=st.randoms(use_true_random=False))
def test_once_lost_always_lost_and_told_once(seed: int, choices: random.Random) -> None:
    state = BYTWOS.start_from_seed(seed)
    lost = False
    told = 0
    while BYTWOS.outcome(state) is None:
        moves = [move for move in BYTWOS.legal_moves(state) if move != GIVE_UP]
        after = BYTWOS.apply(state, choices.choice(moves))
        told += bool(BYTWOS.words.news(state, after))
        if after.phase is not Phase.FINISHED:
            now = packet_block(after) is not None
            assert now or not lost, "a deal lost by its packet came back"
            lost = now
        state = after
    assert told == (1 if lost else 0)
