"""The book's By Twos narrative, as far as it can be played.

The book describes a game in progress: every foundation card is out; the hearts ace
pile (the first packet) waits for a five; the ace of spades and the deuces of hearts
and clubs have nothing on them yet; thirty-six cards have gone to the waste heap, the
seven of hearts on top. A five of hearts from the stock goes on the hearts ace pile,
and the seven from the waste follows it. The book does not print the rest of the
layout, so the other piles below are our own choice, consistent with what it says.
"""

from collections import Counter

import pytest

from parlour.engine.cards import Card
from parlour.engine.cards import parse_card
from parlour.engine.cards import parse_cards
from parlour.engine.errors import IllegalMoveError
from parlour.engine.game import GIVE_UP
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import BUILDS
from parlour.engine.games.bytwos_state import DEAL
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase

from .bytwos_helpers import DOUBLE_PACK
from .bytwos_helpers import counts
from .bytwos_helpers import leftover
from .bytwos_helpers import pile

# the piles the book names, plus some progress on the other four (our choice)
BUILT = counts(
    hearts_ace=2,  # AH 3H: waiting for the 5H
    spades_ace=1,  # not yet built upon
    hearts_deuce=1,
    clubs_deuce=1,  # not yet built upon
    clubs_ace=3,
    diamonds_ace=2,
    diamonds_deuce=3,
    spades_deuce=2,
)
# twelve cards of twelve different ranks are left in the packet (one has been built)
PACKET = "KD QS JC 10D 9C 8S 6D 4C 3S 2D AC 5S"


def book_position() -> ByTwosState:
    packet = parse_cards(PACKET)
    seven, five = parse_card("7H"), parse_card("5H")
    others = leftover(*packet, seven, five, built=BUILT)
    waste: tuple[Card, ...] = (*others[:35], seven)
    stock: tuple[Card, ...] = (five, *others[35:])
    return BYTWOS.position(packet=packet, stock=stock, waste=waste, built=BUILT)


def test_the_books_position_is_a_whole_double_pack_in_the_first_deal() -> None:
    state = book_position()
    assert Counter(BYTWOS.cards(state)) == DOUBLE_PACK
    assert state.phase is Phase.DEALING and state.deal == 1
    assert len(state.waste) == 36 and state.waste[-1] == parse_card("7H")
    assert state.on_foundations == 15
    assert 0 not in state.built  # all eight foundation cards are out
    assert pile(state, "spades ace") == parse_cards("AS")
    assert pile(state, "hearts deuce") == parse_cards("2H")
    assert pile(state, "clubs deuce") == parse_cards("2C")
    # 104 cards: 12 in the packet, 36 on the waste, 15 built, so 41 in the stock
    assert len(state.stock) == 104 - 12 - 36 - 15 == 41


def test_the_five_of_hearts_goes_on_the_ace_pile_and_the_seven_follows() -> None:
    state = book_position()
    assert BYTWOS.words.prompt(state) == (
        "Deal 1 of 3: play the stock's 5H onto a foundation, or deal (d). 41 cards in the stock."
    )
    assert BYTWOS.legal_moves(state) == (BUILDS["sa"], DEAL, GIVE_UP)
    with pytest.raises(IllegalMoveError, match=r"hearts ace pile needs 5H next, not 7H \(B2\)"):
        BYTWOS.apply(state, "wa")
    assert BYTWOS.words.describe(state, BUILDS["sa"]) == (
        "5H from the stock onto the hearts ace pile (after 3H)"
    )
    state = BYTWOS.apply(state, "sa")
    assert BUILDS["wa"] in BYTWOS.legal_moves(state)
    assert BYTWOS.words.describe(state, BUILDS["wa"]) == (
        "7H from the waste onto the hearts ace pile (after 5H)"
    )
    state = BYTWOS.apply(state, "wa")
    assert pile(state, "hearts ace") == parse_cards("AH 3H 5H 7H")
    assert len(state.waste) == 35 and len(state.stock) == 40
    assert BYTWOS.score(state) == 17


def test_three_cards_are_on_view_at_any_moment() -> None:
    """The top of the stock, the top of the waste and the top of the packet."""
    state = book_position()
    assert [source for source, _card in state.available()] == ["s", "w", "p"]
    assert [str(card) for _source, card in state.available()] == ["5H", "7H", "5S"]
