"""The book's worked Golf hole, replayed under the book rule.

The book names the first foundation card, every stock card in order and every card
played; it does not print the layout. The layout below is one we reconstructed that
fits every step (the 35 links are the cards the stock and the plays leave over).
"""

import pytest

from parlour.engine.cards import Card
from parlour.engine.cards import format_cards
from parlour.engine.cards import parse_card
from parlour.engine.cards import parse_cards
from parlour.engine.game import GIVE_UP
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import GolfState
from parlour.engine.games.golf import Phase

LAYOUT = (
    "10H 3D AD 3C 10S QD 4D KC QS 2S 2D JS AC 8S 3H JD KD 6H AH 5H 2C "
    "8D 2H 10C 7D 4S QC AS JC QH 8H JH 9D 9S KS"
)
FIRST_CARD = "7H"
STOCK = "4C 10D 9H KH 4H 3S 6D 5S 5D 9C 6S 7C 7S 8C 5C 6C"

# (card turned from the stock, cards then played on it in succession)
BOOK_PLAYS = [
    ("7H", "8H 9S 10C JC QH JH QC KD"),
    ("4C", "5H"),
    ("10D", "9D 8D 7D 6H"),
    ("9H", ""),
    ("KH", ""),
    ("4H", "3H 2D AC 2S 3C 2H AD"),
    ("3S", "4S"),
    *((card, "") for card in ["6D", "5S", "5D", "9C", "6S", "7C", "7S", "8C", "5C", "6C"]),
]


def book_deck() -> tuple[Card, ...]:
    return parse_cards(f"{LAYOUT} {FIRST_CARD} {STOCK}")


def column_of(state: GolfState, card: Card) -> int:
    for number, column in enumerate(state.columns, start=1):
        if column and column[-1] == card:
            return number
    raise AssertionError(f"{card} is not exposed")


def test_the_reconstructed_deal_is_a_whole_pack_with_the_books_stock() -> None:
    deck = book_deck()
    assert sorted(deck) == sorted(set(deck)) and len(deck) == 52
    state = GOLF.start(deck)
    assert state.foundation == (parse_card("7H"),)
    assert format_cards(state.stock) == STOCK  # sixteen more cards, 17 with the first


def test_the_books_hole_scores_14_with_every_stoppage_real() -> None:
    state = GOLF.start(book_deck())
    for index, (turned, plays) in enumerate(BOOK_PLAYS):
        if index:
            # the book deals again only at a stoppage: nothing can be played, and under
            # the book rule turning the stock is then the only legal move
            assert state.phase is Phase.STOPPAGE, f"no stoppage before {turned}"
            assert GOLF.legal_moves(state) == (TURN, GIVE_UP)  # or concede (G7)
            state = GOLF.apply(state, TURN)
        assert state.foundation[-1] == parse_card(turned)
        for card in parse_cards(plays):
            state = GOLF.apply(state, str(column_of(state, card)))
            assert state.foundation[-1] == card
    assert state.phase is Phase.FINISHED
    assert state.stock == ()
    assert GOLF.score(state) == 14
    outcome = GOLF.outcome(state)
    assert outcome is not None and not outcome.won and outcome.score == 14


@pytest.mark.parametrize("turned", ["4C", "10D", "4H", "3S"])
def test_each_named_run_ends_in_a_stoppage(turned: str) -> None:
    """After the last card the book plays on each stock card, nothing more can go."""
    state = GOLF.start(book_deck())
    for index, (card, plays) in enumerate(BOOK_PLAYS):
        if index:
            state = GOLF.apply(state, TURN)
        for played in parse_cards(plays):
            state = GOLF.apply(state, str(column_of(state, played)))
        if card == turned:
            break
    assert state.playable_columns() == ()
