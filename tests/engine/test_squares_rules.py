"""Three Squares, rulings S4–S7 and Parlour's rulings S10 and S11: building, spaces,
dealing, the end of the game; then notation and position text. (The end search's pruning
and S11 are tested further in test_squares_ends.py.)"""

import pytest

from parlour.engine.cards import parse_card
from parlour.engine.cards import parse_cards
from parlour.engine.errors import DealError
from parlour.engine.errors import IllegalMoveError
from parlour.engine.errors import NotationError
from parlour.engine.game import GIVE_UP
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_nodes import canonical
from parlour.engine.games.squares_search import BUDGET
from parlour.engine.games.squares_search import Verdict
from parlour.engine.games.squares_search import explore
from parlour.engine.games.squares_search import search
from parlour.engine.games.squares_state import DEAL
from parlour.engine.games.squares_state import FillFromPack
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase

from .squares_helpers import ascending
from .squares_helpers import heap
from .squares_helpers import position
from .squares_helpers import suit_run

# -- S4 building ------------------------------------------------------------------------


def test_s4_a_run_moves_whole_onto_the_next_higher_card_in_any_square() -> None:
    state = position({"1a": "9C 7H 6H 5H", "2c": "KS 8H", "3b": "4D"})
    assert HeapMove(0, 6) in SQUARES.legal_moves(state)
    assert SQUARES.words.describe(state, HeapMove(0, 6)) == "7H 6H 5H from 1a onto 8H in 2c"
    after = SQUARES.apply(state, "1a-2c")
    assert heap(after, "2c") == "KS 8H 7H 6H 5H"
    assert heap(after, "1a") == "9C"
    # and back the other way it cannot go: 9C is not the 8H's next-higher card
    assert HeapMove(6, 0) not in SQUARES.legal_moves(after)


def test_s4_refuses_a_run_onto_any_other_card() -> None:
    state = position({"1a": "9C 7H 6H 5H", "2c": "KS 8H", "3b": "4D", "3c": "8S"})
    with pytest.raises(
        IllegalMoveError, match=r"7H 6H 5H moves whole and can go only onto 8H, but 3b shows 4D"
    ):
        SQUARES.apply(state, "1a-3b")
    with pytest.raises(IllegalMoveError, match=r"\(S4"):
        SQUARES.apply(state, "1a-3c")  # the right rank in the wrong suit
    with pytest.raises(IllegalMoveError, match="its own heap"):
        SQUARES.apply(state, "1a-1a")


def test_s4_wrap_round_an_ace_goes_on_a_two_and_a_king_on_an_ace() -> None:
    state = position({"1a": "2S", "1b": "AS", "2a": "AD", "3d": "KD"})
    assert SQUARES.apply(state, "1b-1a").heaps[0] == parse_cards("2S AS")
    on_ace = SQUARES.apply(state, "3d-2a")
    assert heap(on_ace, "2a") == "AD KD"
    # the wrapped run moves whole: KD's next-higher card is the ace, AD's is the two
    state = position({"1a": "9C 3H 2H AH KH", "2b": "4H", "2d": "5C"})
    after = SQUARES.apply(state, "1a-2b")
    assert heap(after, "2b") == "4H 3H 2H AH KH"
    assert heap(after, "1a") == "9C"


def test_s4_a_run_never_moves_into_a_space() -> None:
    state = position({"1a": "9C 5H 4H", "1c": "JS", "2a": "KD"})
    with pytest.raises(IllegalMoveError, match=r"2b is a space.*\(S5\).*run never moves"):
        SQUARES.apply(state, "1a-2b")


# -- S5 spaces --------------------------------------------------------------------------


def test_s5_a_space_is_filled_from_the_pack_with_one_card() -> None:
    state = position({"1a": "9C", "1c": "JS", "1d": "KD"}, "7H 2S")
    assert FillFromPack(1) in SQUARES.legal_moves(state)
    assert SQUARES.words.describe(state, FillFromPack(1)) == "7H from the pack into 1b"
    after = SQUARES.apply(state, "p-1b")
    assert heap(after, "1b") == "7H"
    assert after.pack == state.pack[1:]
    with pytest.raises(IllegalMoveError, match=r"1a is not a space.*\(S5\)"):
        SQUARES.apply(state, "p-1a")


def test_s5_a_space_takes_only_the_top_card_from_its_own_square() -> None:
    state = position({"1a": "9C 5H 4H", "1c": "JS", "1d": "KD", "2a": "6H"})
    assert SQUARES.words.describe(state, HeapMove(0, 1)) == "4H from 1a into the space 1b"
    after = SQUARES.apply(state, "1a-1b")  # 4H heads the run 5H 4H, but goes alone
    assert heap(after, "1b") == "4H"
    assert heap(after, "1a") == "9C 5H"
    # a space in square 2 refuses a card from square 1
    with pytest.raises(IllegalMoveError, match=r"own square, square 2 \(S5\)"):
        SQUARES.apply(state, "1c-2b")
    assert HeapMove(2, 5) not in SQUARES.legal_moves(state)


# -- S6 dealing -------------------------------------------------------------------------


def test_s6_deals_go_round_the_squares_one_card_a_heap_empty_heaps_included() -> None:
    pack = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD"
    state = position({"1b": "9H", "2c": "8S"}, pack, rest="3d")
    assert DEAL in SQUARES.legal_moves(state)  # at any time, though builds are possible
    first = SQUARES.apply(state, "d")
    assert [heap(first, n) for n in ("1a", "1b", "1c", "1d")] == ["2C", "9H 3C", "4C", "5C"]
    assert first.next_deal == 2
    second = SQUARES.apply(first, "d")
    assert [heap(second, n) for n in ("2a", "2b", "2c", "2d")] == ["6C", "7C", "8S 8C", "9C"]
    assert second.next_deal == 3
    third = SQUARES.apply(second, "d")
    assert heap(third, "3a") == "10C" and heap(third, "3c") == "QC"
    assert heap(third, "3d").endswith("KC")
    assert third.next_deal == 1
    # a short last deal: the one card left goes to the first heap of square 1
    fourth = SQUARES.apply(third, "d")
    assert heap(fourth, "1a") == "2C AD"
    assert heap(fourth, "1b") == "9H 3C"
    assert fourth.pack == ()


def test_s6_a_short_last_deal_goes_to_the_first_heaps() -> None:
    state = position({"1a": "9H", "3d": "KS"}, "2C 7D", rest="1a", next_deal=2)
    assert SQUARES.words.describe(state, DEAL) == "deal 2C 7D to square 2"
    after = SQUARES.apply(state, "d")
    assert [heap(after, n) for n in ("2a", "2b", "2c", "2d")] == ["2C", "7D", "", ""]
    assert after.pack == ()
    with pytest.raises(IllegalMoveError, match=r"the pack is empty \(S6\)"):
        SQUARES.apply(after, "d")


# -- S7 the end -------------------------------------------------------------------------


def test_s7_score_counts_suits_complete_and_clear() -> None:
    state = position({"1a": suit_run("6H"), "2b": "JD " + suit_run("7C")})
    assert SQUARES.score(state) == 1  # the clubs have a diamond under them
    assert SQUARES.outcome(state) is None


def test_s7_won_with_four_packets_anywhere_once_the_pack_is_empty() -> None:
    heaps = {"1a": suit_run("KC"), "2b": suit_run("5D"), "3c": suit_run("AH"), "3d": suit_run("9S")}
    state = position(heaps)
    assert state.phase is Phase.FINISHED
    assert SQUARES.legal_moves(state) == ()
    outcome = SQUARES.outcome(state)
    assert outcome is not None and outcome.won and outcome.score == 4
    assert SQUARES.words.prompt(state).startswith("Game over: all four suits stand complete")


def test_s7_lost_when_no_move_can_raise_the_score() -> None:
    heaps = {"1a": suit_run("KC"), "1b": ascending("D"), "1c": ascending("H"), "1d": ascending("S")}
    state = position(heaps, squares=1)
    assert state.phase is Phase.FINISHED
    outcome = SQUARES.outcome(state)
    assert outcome is not None and not outcome.won and outcome.score == 1
    assert SQUARES.words.ending(state) == "no more can be done; 1 suit complete and clear"


def test_s7_the_game_goes_on_while_a_higher_score_can_be_reached() -> None:
    hearts = suit_run("AH", 12)  # QH … AH
    heaps = {"1a": hearts, "1b": ascending("D") + " KH", "1c": ascending("C"), "1d": ascending("S")}
    state = position(heaps, squares=1)
    assert state.phase is Phase.BUILDING and state.pack == ()
    # at once: KH lies one below AH, wrapping, and completes the hearts
    done = SQUARES.apply(state, "1b-1a")
    assert heap(done, "1a") == hearts + " KH" and SQUARES.score(done) == 1
    assert done.phase is Phase.FINISHED  # every other top card's next card is buried
    # or the long way: the hearts onto KH, the ace into the space, the rest onto it
    line = [SQUARES.apply(state, "1a-1b")]
    assert line[-1].phase is Phase.BUILDING and SQUARES.score(line[-1]) == 0
    line.append(SQUARES.apply(line[-1], "1b-1a"))
    assert heap(line[-1], "1a") == "AH"
    line.append(SQUARES.apply(line[-1], "1b-1a"))
    assert heap(line[-1], "1a") == suit_run("2H")
    assert line[-1].phase is Phase.FINISHED and SQUARES.score(line[-1]) == 1


def test_s7_giving_up_ends_the_game_with_the_score_as_it_stands() -> None:
    state = position({"1a": suit_run("6H"), "2a": "9C"}, "7S")
    assert SQUARES.legal_moves(state)[-1] == GIVE_UP
    over = SQUARES.apply(state, "give-up")
    assert over.phase is Phase.FINISHED and over.gave_up
    outcome = SQUARES.outcome(over)
    assert outcome is not None and not outcome.won and outcome.score == 1
    assert SQUARES.words.ending(over) == "gave up with 1 suit complete and clear"
    assert SQUARES.legal_moves(over) == ()
    with pytest.raises(IllegalMoveError, match="the game is over"):
        SQUARES.apply(over, "d")
    assert SQUARES.parse_position(SQUARES.format_position(over)) == over


# -- S10 the end search -----------------------------------------------------------------

# seed 13 after random play (benchmarks/squares_ends.py): the search after the move sees
# 2,500 positions without telling; the longer one (S11) shows it lost after 7,343
UNDECIDED_POSITION = """squares
options: none
phase: building
gave up: no
pack: -
next deal: 2
1a: 8H 6D 5D 5S 4D 9H
1b: 3D 2D QC AD
1c: QH JD 9D 8D 7D
1d: 4H 5H 10D
2a: JH 10H 2S AS KS QD
2b: 6S 8C KD 7H 6H
2c: JS 3H 8S
2d: 4S KC 5C 7C 6C
3a: 7S 10C JC
3b: 4C 3C 2C 9C
3c: KH 2H AH 10S 9S 3S
3d: AC QS
"""


def test_s10_heap_order_and_square_order_do_not_matter_once_the_pack_is_empty() -> None:
    state = SQUARES.parse_position(UNDECIDED_POSITION)
    heaps = list(state.heaps)
    shuffled = heaps[8:][::-1] + heaps[:4] + heaps[4:8][::-1]
    assert canonical(shuffled, 3) == canonical(heaps, 3)
    assert canonical(heaps[4:] + heaps[:4], 3) == canonical(heaps, 3)


def test_s10_the_game_goes_on_when_the_search_runs_out_of_budget() -> None:
    state = SQUARES.parse_position(UNDECIDED_POSITION)
    assert search(canonical(state.heaps, 3))[0] is Verdict.UNDECIDED
    assert state.phase is Phase.BUILDING
    assert SQUARES.improving_line(state) is None
    assert "cannot tell yet" in SQUARES.words.prompt(state)  # S11


def test_s10_the_game_ends_only_when_every_reachable_position_was_seen() -> None:
    # three suits stand complete; the spades cannot: 10S and 6S, the cards 9S and 5S
    # would go on, are buried in 1d. All that can happen is 9S moving into a space of
    # square 2 (which space does not matter), so two positions can be reached
    spades = "AS 2S 3S 4S 6S 7S 8S 10S JS QS KS"
    heaps = {"1a": suit_run("KH"), "1b": suit_run("KC"), "1c": suit_run("KD"), "1d": spades}
    state = position({**heaps, "2a": "5S 9S"}, squares=2)
    assert state.phase is Phase.FINISHED
    assert SQUARES.score(state) == 3
    start = canonical(state.heaps, 2)
    assert search(start)[0] is Verdict.STUCK
    assert explore(start, budget=2, prune=False) == (Verdict.STUCK, 2)
    assert explore(start, budget=1, prune=False) == (Verdict.UNDECIDED, 2)
    # the frozen cards settle it at once: 1d can never change, and it holds spades that
    # are not one run, so the spades can never be completed (nor can they elsewhere)
    assert explore(start, budget=1) == (Verdict.STUCK, 1)
    assert BUDGET == 2_500


def test_improving_line_leads_to_a_higher_score() -> None:
    hearts = suit_run("AH", 12)
    heaps = {"1a": hearts, "1b": ascending("D") + " KH", "1c": ascending("C"), "1d": ascending("S")}
    state = position(heaps, squares=1)
    line = SQUARES.improving_line(state)
    assert line is not None
    for move in line:
        state = SQUARES.apply(state, move)
    assert SQUARES.score(state) == 1


# -- notation and positions -------------------------------------------------------------


def test_move_notation_round_trips_and_rejects_nonsense() -> None:
    for text in ("1a-2c", "3d-1a", "p-2b", "d", "give-up", "take:1a,2b,2d"):
        assert str(SQUARES.parse_move(text)) == text
    assert SQUARES.parse_move(" 1A-2C ") == HeapMove(0, 6)
    assert SQUARES.parse_move("P-2B") == FillFromPack(5)
    for bad in ("", "1a", "1e-2a", "4a-1a", "1a-", "-1a", "p-", "dd", "1a 2c", "q-1a"):
        with pytest.raises(NotationError):
            SQUARES.parse_move(bad)


def test_moves_to_squares_not_formed_are_refused() -> None:
    heaps = {"1a": suit_run("AH", 12), "1b": ascending("D") + " KH"}
    state = position({**heaps, "1c": ascending("C"), "1d": ascending("S")}, squares=1)
    with pytest.raises(IllegalMoveError, match="square 2 was never formed, so there is no 2a"):
        SQUARES.apply(state, "1a-2a")


def test_prompt_says_what_is_asked() -> None:
    pack = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD 2D 3D 4D 5D"
    state = position({"1a": "9H"}, pack, rest="3d", next_deal=2)
    assert SQUARES.words.prompt(state) == (
        "Building: move a run onto the next-higher card of its suit, fill a space from the "
        "pack or its own square, or deal to square 2 (17 cards left)."
    )


def test_position_text_round_trips_and_is_checked() -> None:
    state = SQUARES.start_from_seed(3)
    text = SQUARES.format_position(state)
    assert text.startswith("squares\noptions: none\nphase: ")
    assert SQUARES.parse_position(text) == state
    with pytest.raises(NotationError, match="phase"):
        SQUARES.parse_position(text.replace(f"phase: {state.phase}", "phase: finished"))
    with pytest.raises(NotationError, match="phase"):
        SQUARES.parse_position(text.replace(f"phase: {state.phase}", "phase: playing"))
    with pytest.raises(NotationError, match="gave up"):
        SQUARES.parse_position(text.replace("gave up: no", "gave up: maybe"))
    with pytest.raises(DealError):
        SQUARES.parse_position(text.replace("pack: ", "pack: AS ", 1))
    lines = text.splitlines()
    half_square = [("3a: none" if line.startswith("3a:") else line) for line in lines]
    with pytest.raises(NotationError, match="all four heaps or none"):
        SQUARES.parse_position("\n".join(half_square))
    no_square_2 = [
        line[:4] + "none" if line[1:3] in ("a:", "b:", "c:", "d:") and line[0] == "2" else line
        for line in lines
    ]
    with pytest.raises(NotationError, match="square 3 cannot exist without square 2"):
        SQUARES.parse_position("\n".join(no_square_2))
    with pytest.raises(NotationError):
        SQUARES.parse_position("golf\n")


def test_a_card_in_notation_is_a_card() -> None:
    assert parse_card("10h") == parse_cards("10H")[0]
