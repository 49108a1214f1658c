"""The book's worked end of a game of Three Squares (S4, S7): "chockered".

The book describes the last moves once the pack is exhausted but does not print the
layout. The position below is one we reconstructed that fits every step: the hearts
J-10-9 and the 8 go onto the queen, the 5 of spades onto the 6, the diamonds Q-K-A onto
the 2 and that whole heap onto the 10, then the clubs 6 onto 7, 3 onto 4 (which has the 5
under it) and 3-4-5 onto the 6; and the jack of diamonds lies under the club packet. The
four packets end in square 1, as the book's successful game leaves "one square".
"""

import pytest

from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresState

from .squares_helpers import heap
from .squares_helpers import position
from .squares_helpers import suit_run

JACK_UNDER_CLUBS = {
    "1a": suit_run("QH", 9),  # 7H 6H … AH KH QH
    "1b": suit_run("6S", 12),  # 4S 3S 2S AS KS … 6S
    "1c": "10D",
    "1d": "JD " + suit_run("7C", 9),  # the knave of diamonds, then 2C AC KC … 7C
    "2a": "JH 10H 9H",  # "a knave lies at the bottom of the 9 sequence"
    "2b": "8H",
    "2c": "5S",
    "2d": "AD KD QD",  # "under the queen of diamonds lie the king and ace"
    "3a": suit_run("2D", 8),  # 9D 8D … 2D: "the 2, which heads a long sequence"
    "3b": "6C",
    "3c": "5C 4C",  # "the 4, which has the 5 under it"
    "3d": "3C",
}
JACK_AT_HOME = JACK_UNDER_CLUBS | {"1c": "JD 10D", "1d": suit_run("7C", 9)}

BOOK_MOVES = [
    ("2a-1a", "JH 10H 9H from 2a onto QH in 1a"),
    ("2b-1a", "8H from 2b onto 9H in 1a"),
    ("2c-1b", "5S from 2c onto 6S in 1b"),
    ("2d-3a", "AD KD QD from 2d onto 2D in 3a"),
    ("3a-1c", "9D 8D 7D 6D 5D 4D 3D 2D AD KD QD from 3a onto 10D in 1c"),
    ("3b-1d", "6C from 3b onto 7C in 1d"),
    ("3d-3c", "3C from 3d onto 4C in 3c"),
    ("3c-1d", "5C 4C 3C from 3c onto 6C in 1d"),
]


def play_the_book(state: SquaresState) -> SquaresState:
    for notation, said in BOOK_MOVES:
        assert state.phase is Phase.BUILDING, f"the game ended before {notation}"
        assert SQUARES.words.describe(state, SQUARES.parse_move(notation)) == said
        state = SQUARES.apply(state, notation)
    return state


def test_the_position_holds_the_whole_pack_and_the_pack_is_exhausted() -> None:
    for heaps in (JACK_UNDER_CLUBS, JACK_AT_HOME):
        state = position(heaps)
        assert state.pack == () and len(SQUARES.cards(state)) == 52
        assert state.phase is Phase.BUILDING
        assert SQUARES.score(state) == 0


def test_the_books_moves_leave_the_player_chockered() -> None:
    state = play_the_book(position(JACK_UNDER_CLUBS))
    assert heap(state, "1a") == suit_run("8H")
    assert heap(state, "1b") == suit_run("5S")
    assert heap(state, "1c") == suit_run("QD", 12)  # ten to queen: the knave is missing
    assert heap(state, "1d") == "JD " + suit_run("3C")
    assert all(not state.heaps[index] for index in range(4, 12))
    # four packets, but the diamonds are short and the clubs are not clear: not a win,
    # and nothing can be moved any more
    assert state.phase is Phase.FINISHED
    outcome = SQUARES.outcome(state)
    assert outcome is not None
    assert not outcome.won and outcome.score == 2
    assert SQUARES.words.ending(state).startswith("chockered")


def test_with_the_knave_at_home_the_same_moves_win() -> None:
    state = play_the_book(position(JACK_AT_HOME))
    assert heap(state, "1c") == suit_run("QD")
    assert heap(state, "1d") == suit_run("3C")
    assert state.phase is Phase.FINISHED
    outcome = SQUARES.outcome(state)
    assert outcome is not None and outcome.won and outcome.score == 4


@pytest.mark.parametrize("last", range(len(BOOK_MOVES)))
def test_only_the_last_club_move_buries_the_knave_for_good(last: int) -> None:
    """Wrapping ranks give a way out the book's player missed: until 3-4-5 goes onto the
    6, the clubs can still be lifted off the knave (the run 2C … 7C onto the 3C), and the
    game goes on, because a higher score can still be reached."""
    state = position(JACK_UNDER_CLUBS)
    for notation, _said in BOOK_MOVES[:last]:
        state = SQUARES.apply(state, notation)
    assert state.phase is Phase.BUILDING
    assert SQUARES.improving_line(state) is not None


def test_lifting_the_clubs_off_the_knave_wins() -> None:
    state = position(JACK_UNDER_CLUBS)
    line = ["1d-3d", "3b-3d", "3c-3d"]  # 2C … 7C onto 3C, then 6C, then 5C 4C
    line += ["2a-1a", "2b-1a", "2c-1b", "2d-3a", "3a-1c"]  # as the book
    line += ["1c-1d"]  # ten to queen of diamonds onto the knave, now alone in 1d
    for notation in line:
        state = SQUARES.apply(state, notation)
    assert heap(state, "3d") == suit_run("4C")
    assert heap(state, "1d") == suit_run("QD")
    outcome = SQUARES.outcome(state)
    assert outcome is not None and outcome.won


def test_four_heaps_of_two_short_runs_are_not_chockered() -> None:
    # four heaps, four different suits on top, each heap two runs of different suits:
    # nothing can move, but no heap holds a packet, so nothing is buried under one
    stuck = position(
        {
            "1a": suit_run("7C", 7) + " " + suit_run("AH", 6),  # K♣…7♣ under 6♥…A♥
            "1b": suit_run("7H", 7) + " " + suit_run("AS", 6),
            "1c": suit_run("7S", 7) + " " + suit_run("AD", 6),
            "1d": suit_run("7D", 7) + " " + suit_run("AC", 6),
        }
    )
    assert stuck.pack == () and stuck.phase is Phase.FINISHED
    outcome = SQUARES.outcome(stuck)
    assert outcome is not None and outcome.score == 0
    assert "chockered" not in SQUARES.words.ending(stuck)
    assert SQUARES.words.ending(stuck) == "no more can be done; 0 suits complete and clear"
