"""The book's worked game of Rubbish Heap, replayed passage by passage.

The book starts from a pictured position (not given in its text) with all four
foundations empty, and then names almost every card dealt, discarded and put out until
the game is won. From its words the position can be rebuilt nearly card by card: the board
holds the three 2s, the 3 of diamonds, the knave, 8, 9 and 10 of spades, the queen of hearts
and the 8, 7 and 6 of clubs; the waste has the 9 of diamonds on top with the 10 of diamonds,
knave of clubs and queen of diamonds at the bottom (the last cards it gives up); the stock
holds, in order, every card the text deals.

The account does not quite add up, though. The 6 of spades must be on the board when the
spades run out, yet it was never dealt or taken from the waste, and had it been on the board
all along, the 6s would have been three of a kind when the book throws the 7 and then the 6
of clubs. Later, the ten cards taken back from the waste include three 8s, which R4 would
thin before the queen of clubs the book throws. So the game cannot be one deal from end to
end. These tests replay it in three passages, each from a position that fits its part of
the story, and check every step the book describes; where the book and R4 part company, the
test says so.
"""

from parlour.engine.cards import Card
from parlour.engine.cards import parse_card
from parlour.engine.cards import parse_cards
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.games.rubbish_state import RubbishState

from .rubbish_helpers import check_phase_invariants
from .rubbish_helpers import discard_choices
from .rubbish_helpers import position


def c(text: str) -> Card:
    return parse_card(text)


def play(state: RubbishState, move: str) -> RubbishState:
    after = RUBBISH.apply(state, move)
    check_phase_invariants(after)
    return after


def throw(state: RubbishState, card: str, group: str) -> RubbishState:
    """Discard ``card``, checking first that R4 asks for exactly ``group``."""
    assert state.phase is Phase.DISCARDING
    assert discard_choices(state) == set(group.split())
    return play(state, f"d{card}")


def deal(state: RubbishState, card: str) -> RubbishState:
    """The player takes the stock's next card, which the book names."""
    assert state.phase is Phase.FILLING, "the book deals here, so the player had a choice"
    assert state.stock[0] == c(card)
    return play(state, "s")


def dealt_by_itself(before: RubbishState, after: RubbishState, card: str) -> None:
    """After the last discard of a round, the stock's next card came without asking (R7)."""
    assert before.stock[0] == c(card) and after.stock == before.stock[1:]


FIGURE_BOARD = "2C QH 8S 2D JS 6C 9S 3D 2H 10S 8C 7C 5H"
FIGURE_WASTE = "QD JC 10D KH 9D"
FIGURE_STOCK = (
    "JH AC JD QC 10H 3H AD 2S 6D 7S 4D 4H 3C 8H AS 3S 5D KS 5S 8D 4C 10C AH "
    "QS 4S 7H 6H 7D KC 9C KD 5C 6S 9H"
)


def figure() -> RubbishState:
    """The pictured position. The text never names its thirteenth board card. Of the cards
    the story leaves unplaced, the 9 of hearts would make the 9s the pair to thin when the
    book throws an 8, the king of hearts would pair with the king of spades when it throws
    the 8 of diamonds, and the 6 of spades would make three 6s when it throws the 7 of
    clubs; the 5 of hearts only lengthens the hearts' run by one card, so it stands in."""
    return position(FIGURE_BOARD, waste=FIGURE_WASTE, stock=FIGURE_STOCK)


def test_the_figure_is_a_whole_pack_waiting_to_lose_two_2s() -> None:
    state = figure()
    assert len(RUBBISH.cards(state)) == 52 and state.cards_home == 0
    assert state.waste[-1] == c("9D")
    assert (state.discard_rank, state.discards_left) == (2, 2)
    # keeping the 2 of diamonds (the 3 is on the board) is allowed: any 2 may stay
    assert discard_choices(state) == {"2C", "2D", "2H"}


def test_from_the_figure_to_the_ace_of_hearts() -> None:
    state = figure()
    # two of the three 2s go, the 2 of clubs last so that it lies on top
    state = throw(state, "2H", "2C 2D 2H")
    before = state
    state = throw(state, "2C", "2C 2D")
    dealt_by_itself(before, state, "JH")
    assert state.board[0] == c("JH") and state.waste[-1] == c("2C")
    # the ace of clubs is dealt into the other place and goes out; the 2 follows from the waste
    assert RUBBISH.words.describe(state, RUBBISH.parse_move("s")) == (
        "fill position 9 from the stock: AC, which goes out; 2C follows from the waste"
    )
    state = deal(state, "AC")
    assert state.foundations[0] == 2 and state.waste[-1] == c("2H")
    # the 2 of hearts is brought back from the waste
    state = play(state, "w")
    assert state.board[8] == c("2H")
    # the knaves are the highest pair; the heart goes, the spade stays
    before = state
    state = throw(state, "JH", "JS JH")
    # the knave of diamonds, queen of clubs and 10 of hearts come and go in turn
    for dealt, group in (("JD", "JS JD"), ("QC", "QH QC"), ("10H", "10S 10H")):
        dealt_by_itself(before, state, dealt)
        before = state
        state = throw(state, dealt, group)
    dealt_by_itself(before, state, "3H")
    # with the 3 of hearts in, an 8 must go: the club
    before = state
    state = throw(state, "8C", "8S 8C")
    # the ace of diamonds comes, and the 2 and 3 follow it from the board
    dealt_by_itself(before, state, "AD")
    assert state.foundations[1] == 3 and len(state.vacancies) == 3
    for dealt in ("2S", "6D", "7S"):
        state = deal(state, dealt)
    before = state
    state = throw(state, "7C", "7C 7S")
    dealt_by_itself(before, state, "4D")
    assert state.foundations[1] == 4  # the 4 of diamonds went out on the 3
    state = deal(state, "4H")
    before = state
    state = throw(state, "6C", "6C 6D")
    dealt_by_itself(before, state, "3C")
    assert state.foundations[0] == 3
    state = deal(state, "8H")
    before = state
    state = throw(state, "8H", "8S 8H")
    dealt_by_itself(before, state, "AS")
    assert state.foundations[3] == 2  # the ace of spades, and the 2 on it
    state = deal(state, "3S")
    assert state.foundations[3] == 3
    state = deal(state, "5D")
    assert state.foundations[1] == 6  # the 5 of diamonds, and the 6 from the board
    for dealt in ("KS", "5S", "8D"):
        state = deal(state, dealt)
    # the 8 of diamonds has to go at once, to keep the spades together
    before = state
    state = throw(state, "8D", "8S 8D")
    dealt_by_itself(before, state, "4C")
    assert state.foundations[0] == 4
    state = deal(state, "10C")
    before = state
    state = throw(state, "10C", "10S 10C")
    # the ace of hearts starts the last foundation; the 2, 3 and 4 on the board follow
    dealt_by_itself(before, state, "AH")
    assert state.foundations[2] >= 4
    # the book counts four empty places now; with the 5 of hearts standing in for the
    # unknown card, it goes out too and makes a fifth
    assert state.foundations == (4, 6, 5, 3) and len(state.vacancies) == 5
    assert state.waste == parse_cards("QD JC 10D KH 9D JH JD QC 10H 8C 7C 6C 8H 8D 10C")


def test_the_8s_the_spade_run_and_the_ten_cards_back_from_the_waste() -> None:
    # the four places left by the hearts; the 6 of spades is on the board, as the book needs
    state = position(
        "- QH 8S - JS 6S 9S - 10S 7S KS - 5S",
        foundations="4C 6D 4H 3S",
        waste="QD JC 10D KH 9D JH JD QC 10H 8C 7C 6C 8H 8D 10C",
        stock="QS 4S 7H 6H 7D KC 9C KD 5C 5H 9H",
    )
    assert len(RUBBISH.cards(state)) == 52 and state.vacancies == (1, 4, 8, 12)
    # the four places are filled from the waste, which brings up three 8s
    for _ in range(4):
        state = play(state, "w")
    assert {str(x) for x in state.board if x is not None} >= {"8S", "8D", "8H", "10S", "10C"}
    # three of a kind go before the pairs of 10s and 6s: two 8s back, the diamond on top
    state = throw(state, "8H", "8S 8D 8H")
    before = state
    state = throw(state, "8D", "8S 8D")
    assert state.waste[-1] == c("8D")
    dealt_by_itself(before, state, "QS")
    # the 4 of spades is dealt: the whole suit runs out
    state = deal(state, "4S")
    assert state.foundations[3] == 13
    assert len(state.vacancies) == 10
    # ten cards come back from the waste, none of them able to go out
    for expected in ("8D", "8H", "7C", "8C", "10H", "QC", "JD", "JH", "9D", "KH"):
        assert state.waste[-1] == c(expected)
        state = play(state, "w")
    assert state.foundations == (4, 6, 4, 13)
    assert state.waste == parse_cards("QD JC 10D")
    # the book throws the queen of clubs here, but the board now holds three 8s, and R4
    # puts three of a kind before any pair
    assert discard_choices(state) == {"8D", "8H", "8C"}


def test_the_last_diamonds_and_the_final_run_out() -> None:
    # just after the 10 of clubs is thrown: one empty place, the waste locked (R7)
    state = position(
        "6C 7C 8C 8D 9D 6H 7H - 8H 10H JH QH KH",
        foundations="4C 6D 4H KS",
        waste="QD JC 10D QC JD 10C",
        stock="7D KC 9C KD 5C 5H 9H",
        locked=True,
    )
    assert len(RUBBISH.cards(state)) == 52
    # the 7 of diamonds is dealt by itself and goes out; the 8 and 9 follow from the board
    assert state.foundations[1] == 9 and len(state.vacancies) == 3
    assert state.phase is Phase.FILLING and state.waste[-1] == c("10C")
    # the three places are filled from the waste, which leaves the 10 of diamonds on top:
    # it goes out, and so does the knave of diamonds just put on the board
    for _ in range(3):
        state = play(state, "w")
    assert state.foundations[1] == 11
    assert state.waste[-1] == c("JC")
    # the knave of clubs comes back too, and the queen of diamonds under it goes out
    state = play(state, "w")
    assert state.foundations[1] == 12
    assert state.waste == ()  # the waste is used up
    assert len(state.stock) == 6  # and six cards are left in the stock
    # a queen must go; the book chooses the club
    state = throw(state, "QC", "QH QC")
    # the book passes over the discards that follow the king and the 9 of clubs; here the
    # hearts go, to keep the clubs on the board
    state = throw(state, "KH", "KH KC")
    state = throw(state, "JH", "JH JC")
    assert c("9C") in state.board
    assert state.foundations[1] == 13  # the king of diamonds went straight out
    state = deal(state, "5C")
    assert state.foundations[0] == 11  # the clubs as far as the knave
    # taking back the hearts uncovers the queen of clubs: the clubs are done, then the
    # stock's 5 and 9 of hearts fill the empty places by themselves and the hearts follow
    state = play(state, "w")
    state = play(state, "w")
    assert state.phase is Phase.FINISHED and state.cards_home == 52
    outcome = RUBBISH.outcome(state)
    assert outcome is not None and outcome.won and outcome.score == 52
