"""Three Squares, rulings S1–S3 and Parlour's rulings S8–S9: runs, and forming the squares.

Each deck below is written round by round: a round of four cards goes to heaps a, b, c, d
of the square being covered, and the next three cards after a sequence is taken up go to
heaps b, c, d of the new square.
"""

import pytest

from parlour.engine.cards import parse_cards
from parlour.engine.errors import IllegalMoveError
from parlour.engine.errors import NotationError
from parlour.engine.game import GIVE_UP
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_layout import exposed_sequences
from parlour.engine.games.squares_layout import is_packet
from parlour.engine.games.squares_layout import run_order
from parlour.engine.games.squares_layout import top_run_length
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import TakeSequence

from .squares_helpers import ascending
from .squares_helpers import deck
from .squares_helpers import heap
from .squares_helpers import suit_run


def test_s1_runs_wrap_round_from_ace_to_king() -> None:
    # each card one rank below the one under it, same suit, and K lies on A
    assert top_run_length(parse_cards("3H 2H AH KH QH")) == 5
    assert top_run_length(parse_cards("9C 3H 2H")) == 2
    assert top_run_length(parse_cards("2H 3H")) == 1  # ascending is no run
    assert top_run_length(parse_cards("3S 2H")) == 1  # nor is a change of suit
    assert top_run_length(()) == 0
    assert is_packet(parse_cards(suit_run("6D")))
    assert not is_packet(parse_cards("JD " + suit_run("7C")))  # a foreign card underneath


def test_s1_a_sequence_in_run_order_is_highest_first_even_across_the_wrap() -> None:
    assert run_order(parse_cards("AH KH 2H")) == parse_cards("2H AH KH")
    assert run_order(parse_cards("5C 6C")) == parse_cards("6C 5C")
    with pytest.raises(ValueError, match="not one run"):
        run_order(parse_cards("5C 7C"))


def test_s2_square_1_is_covered_round_by_round_until_a_sequence_shows() -> None:
    state = SQUARES.start(
        deck(
            "9S 2H 5C JD "  # round 1: no two exposed cards of a suit are consecutive
            "4H 7S QD 3C "  # round 2: QD would join JD, but JD is covered
            "10C 6D 5D 2S "  # round 3: 6D 5D is exposed in 1b and 1c
            "AH 8D KS "  # square 2, heaps b-d; nothing shows in squares 1 and 2
            "JC 3H 9H 4D "  # S3: square 2 covered once; JC (2a) and 10C (1a) show
            "6C 8H 3S"  # square 3, heaps b-d
        )
    )
    assert state.phase is Phase.BUILDING
    assert state.squares == 3
    assert heap(state, "2a") == "6D 5D"  # highest at the bottom, lowest on top
    assert heap(state, "1b") == "2H 7S" and heap(state, "1c") == "5C QD"
    assert heap(state, "2b") == "AH 3H" and heap(state, "2c") == "8D 9H"
    assert heap(state, "2d") == "KS 4D"
    assert heap(state, "3a") == "JC 10C"
    assert heap(state, "1a") == "9S 4H"
    assert (heap(state, "3b"), heap(state, "3c"), heap(state, "3d")) == ("6C", "8H", "3S")
    assert len(state.pack) == 52 - 22
    assert state.next_deal == 1  # S6: building begins with square 1


def test_s2_a_sequence_may_wrap_round_and_is_laid_highest_first() -> None:
    state = SQUARES.start(
        deck(
            "9S 5C 9C JD "  # round 1
            "KH 7D AH 2H "  # round 2: KH AH 2H are consecutive, wrapping
            "4S 8D QC"  # square 2 b-d; then 8D (2c) and 7D (1b) show
        )
    )
    assert heap(state, "2a") == "2H AH KH"
    assert heap(state, "3a") == "8D 7D"
    assert state.phase is Phase.BUILDING


def test_s8_only_the_exposed_cards_are_taken_a_run_beneath_stays() -> None:
    state = SQUARES.start(
        deck(
            "6S 2H 9C JD "  # round 1
            "5S 4S KD 7C "  # round 2: 5S 4S shows; 6S lies under the 5S
            "3S 8D QC "  # square 2 b-d: 4S (2a top) and 3S (2b) show
            "10H 2D 6H"  # square 3 b-d
        )
    )
    assert heap(state, "1a") == "6S"  # it continues the run but was not exposed
    assert heap(state, "3a") == "4S 3S"
    assert heap(state, "2a") == "5S"  # only the exposed 4S was taken from 2a
    assert heap(state, "2b") == ""  # S3: emptied, and empty until a card is dealt to it


def test_s3_an_emptied_heap_is_filled_by_the_next_deal_to_its_square() -> None:
    state = SQUARES.start(deck("6S 2H 9C JD 5S 4S KD 7C 3S 8D QC 10H 2D 6H"))
    assert heap(state, "2b") == ""
    after = SQUARES.apply(SQUARES.apply(state, "d"), "d")  # square 1, then square 2
    assert after.heaps[5] == (state.pack[5],)  # 2b: the second card of the second deal
    assert after.next_deal == 3


def test_s2_several_sequences_make_the_player_choose() -> None:
    state = SQUARES.start(
        deck(
            "9S 2H 9C JD "  # round 1
            "8S 3H 7S 4H "  # round 2: 8S 7S (1a, 1c) and 4H 3H (1b, 1d)
            "KC 5D 10H"  # square 2 b-d
        )
    )
    assert state.phase is Phase.FORMING_2
    take_spades, take_hearts = TakeSequence((0, 2)), TakeSequence((1, 3))
    assert SQUARES.legal_moves(state) == (take_spades, take_hearts, GIVE_UP)
    assert SQUARES.words.prompt(state) == (
        "Several sequences are exposed: choose which starts square 2: "
        "8S 7S (take:1a,1c) or 4H 3H (take:1b,1d)."
    )
    with pytest.raises(IllegalMoveError, match=r"first choose.*\(S2\)"):
        SQUARES.apply(state, "d")
    assert (
        SQUARES.words.describe(state, take_hearts) == "take up 4H 3H from 1b 1d to start square 2"
    )
    # S3: the spades are still exposed, and 3H (2a) with 2H (1b) spans both squares
    second = SQUARES.apply(state, "take:1d,1b")
    assert heap(second, "2a") == "4H 3H" and heap(second, "1b") == "2H"
    assert second.phase is Phase.FORMING_3
    assert SQUARES.legal_moves(second) == (take_spades, TakeSequence((1, 4)), GIVE_UP)
    both = SQUARES.apply(second, "take:1b,2a")
    assert heap(both, "3a") == "3H 2H"
    assert heap(both, "1b") == "" and heap(both, "2a") == "4H"
    assert both.phase is Phase.BUILDING
    assert heap(both, "1a") == "9S 8S"  # the spades stay where they are


def test_s2_a_sequence_is_taken_up_whole() -> None:
    first = SQUARES.start(deck("9S 2H 9C JD 8S 3H 7S 4H 6S 5D 10H"))
    state = SQUARES.apply(first, "take:1b,1d")
    # square 2 b-d: 6S (2b) joins 8S 7S into a three-card sequence; 3H 2H shows too
    assert state.phase is Phase.FORMING_3
    assert exposed_sequences(state.heaps, range(8)) == ((0, 2, 5), (1, 4))
    with pytest.raises(IllegalMoveError, match=r"taken up whole: take:1a,1c,2b \(S2\)"):
        SQUARES.apply(state, "take:1a,1c")
    with pytest.raises(IllegalMoveError, match="not a sequence"):
        SQUARES.apply(state, "take:1a,1b")
    with pytest.raises(IllegalMoveError, match="only the exposed cards of squares 1 and 2"):
        SQUARES.apply(state, "take:1a,3a")
    after = SQUARES.apply(state, "take:2b,1c,1a")
    assert heap(after, "3a") == "8S 7S 6S"


def test_s2_the_pack_may_run_out_before_a_sequence_shows() -> None:
    # every round holds one card of each suit, so no sequence ever shows
    rounds = " ".join(f"{rank}C {rank}D {rank}H {rank}S" for rank in "A23456789TJQK")
    state = SQUARES.start(parse_cards(rounds))
    assert state.squares == 1
    assert state.pack == ()
    assert heap(state, "1a") == ascending("C")
    # building starts with the one square; nothing can ever be built (every top run's
    # next-higher card is buried), so the game is over at once (S7)
    assert state.phase is Phase.FINISHED
    assert "2a: none" in SQUARES.format_position(state)


def test_s3_the_pack_may_run_out_before_square_3_exists() -> None:
    state = SQUARES.start(
        parse_cards(
            "KC QC JC 10C "  # round 1: a four-card sequence; square 1 is left empty
            "AD AH AS "  # square 2 b-d, with 10C on 2a: nothing shows
            "AC 2D 2H 2S 2C 3D 3H 3S 3C 4D 4H 4S 4C 5D 5H 5S 5C 6D 6H 6S "
            "6C 7D 7H 7S 7C 8D 8H 8S 8C 9D 9H 9S 9C 10D 10H 10S "  # one of each suit
            "JD JH QS KD "  # JD and KD are not consecutive
            "QH QD KS JS "  # nor are KS and JS
            "KH"  # the last card alone, on QH in 2a
        )
    )
    assert state.squares == 2
    assert state.pack == ()
    assert all(not state.heaps[i] for i in range(4))
    assert heap(state, "2a").endswith("QH KH")
    assert "3a: none" in SQUARES.format_position(state)
    assert state.phase is Phase.FINISHED  # no run has its next-higher card exposed


def test_s9_a_sequence_is_taken_even_when_the_pack_cannot_complete_its_square() -> None:
    rounds = " ".join(f"{rank}C {rank}D {rank}H {rank}S" for rank in "A23456789")
    state = SQUARES.start(
        parse_cards(
            f"{rounds} 10C QD 10H KS JC KD QH 10S JD JH KH QS "
            "KC QC 10D JS"  # round 13, the last: KC QC shows
        )
    )
    # square 2 is begun with KC QC and the pack is empty, so 2b-2d stay empty; then JD
    # (1a) and 10D (1c) show among squares 1 and 2 and begin square 3
    assert state.pack == ()
    assert state.squares == 3
    assert heap(state, "2a") == "KC QC"
    assert heap(state, "3a") == "JD 10D"
    assert [heap(state, name) for name in ("2b", "2c", "2d", "3b", "3c", "3d")] == [""] * 6
    # 1a holds AC … 10C JC, lowest at the bottom: each card in turn can go onto the one
    # above it, JC onto QC first, so the clubs come together on 2a
    assert state.phase is Phase.BUILDING
    for _ in range(11):
        state = SQUARES.apply(state, "1a-2a")
    assert heap(state, "2a") == suit_run("AC")
    assert SQUARES.score(state) == 1


def test_take_notation() -> None:
    assert SQUARES.parse_move("take:1c,1a") == TakeSequence((0, 2))
    assert str(TakeSequence((0, 2))) == "take:1a,1c"
    assert SQUARES.parse_move("TAKE:2A,1B") == TakeSequence((1, 4))
    for bad in ("take:1a", "take:1a,1a", "take:1a,4a", "take:", "take1a,1b"):
        with pytest.raises(NotationError):
            SQUARES.parse_move(bad)
