"""Rubbish Heap, ruling by ruling (R1–R6, and Parlour's R7)."""

from collections import Counter

import pytest

from parlour.engine.cards import full_pack
from parlour.engine.cards import parse_card
from parlour.engine.cards import parse_cards
from parlour.engine.deals import deck_from_seed
from parlour.engine.errors import IllegalMoveError
from parlour.engine.game import GIVE_UP
from parlour.engine.games import rubbish_state
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.rubbish_search import foundation_play_reachable
from parlour.engine.games.rubbish_state import FROM_STOCK
from parlour.engine.games.rubbish_state import FROM_WASTE
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.games.rubbish_state import RubbishState

from .rubbish_helpers import discard_choices
from .rubbish_helpers import position

#: a full board with two kings and three 4s, nothing else paired and nothing playable
KINGS_AND_FOURS = "KC KD 4C 4D 4H 2S 3S 5S 6S 7S 8S 9S 10S"


def deck_starting(text: str) -> tuple:
    """A whole deck that starts with these cards, the rest in the fresh pack's order."""
    first = parse_cards(text)
    return first + tuple(c for c in full_pack() if c not in first)


def card(text: str):
    return parse_card(text)


# -- R1 the deal ----------------------------------------------------------------------------


def test_r1_the_first_thirteen_cards_are_the_board_and_the_rest_the_stock() -> None:
    deck = deck_starting("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D")
    state = RUBBISH.start(deck)
    assert state.board == deck[:13]
    assert state.stock == deck[13:] and len(state.stock) == 39
    assert state.waste == () and state.foundations == (0, 0, 0, 0)


def test_r1_a_fill_goes_to_the_lowest_empty_place() -> None:
    # the aces at places 4 and 9 go out; the stock's first card fills place 4, its second 9
    deck = deck_starting("2C 3C 4C AS 6C 7C 8C 9C AH JC QC KC 2D 5D 6D")
    state = RUBBISH.start(deck)
    assert state.board[3] == card("5D")
    assert state.board[8] == card("6D")
    assert state.foundations == (0, 0, 1, 1)


# -- R2 foundations -------------------------------------------------------------------------


def test_r2_aces_and_the_cards_that_follow_go_out_at_once() -> None:
    deck = deck_starting("AC 3D 2C 4D 5D 6D 7D 8D 9D 10D JD QD KD 3C 2H 9C")
    state = RUBBISH.start(deck)
    # AC and 2C go out; 3C, the first card to fill place 1, goes straight out as well
    assert state.foundations == (3, 0, 0, 0)
    assert state.board[0] == card("2H") and state.board[2] == card("9C")
    assert state.stock[0] == deck[16]


def test_r2_the_waste_top_goes_out_and_uncovers_the_next_card() -> None:
    state = position("2D 3D 4D 5D - 6D 7D 8D 9D 10D JD QD KD", waste="KH 3C 2C", stock="AC QS")
    assert state.phase is Phase.FILLING
    after = RUBBISH.apply(state, "s")
    assert after.foundations[0] == 3  # AC, then 2C and 3C from the waste
    assert after.waste[-1] == card("KH")
    assert after.vacancies == (5,) and after.phase is Phase.FILLING


def test_r2_a_card_taken_from_the_waste_can_uncover_one_that_goes_out() -> None:
    state = position(
        "2D 3D 4D 5D - 6D 7D 8D 9D 10D JD QD KD", foundations="AC", waste="KH 2C 9H", stock="QS"
    )
    after = RUBBISH.apply(state, "w")
    assert after.board[4] == card("9H")  # the waste top refills the vacancy
    assert after.foundations[0] == 2  # and the 2C under it goes out
    assert after.waste[-1] == card("KH")


# -- R3 filling -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_r3_the_opening_fills_are_automatic(seed: int) -> None:
    deck = deck_from_seed(seed)
    state = RUBBISH.start(deck)
    home = state.cards_home
    # nothing is thrown before the board first fills, so the stock alone filled it: one
    # card for every card that went out
    assert state.waste == ()
    assert state.phase is Phase.DISCARDING and None not in state.board
    assert state.stock == deck[13 + home :]
    home_cards = {c for c in full_pack() if c.rank <= state.foundations["CDHS".index(c.suit)]}
    assert set(state.board) | home_cards == set(deck[: 13 + home])


def test_r3_the_player_chooses_when_both_sources_have_a_card() -> None:
    state = position("2D 3D 4D - 5D 6D 7D - 8D 9D 10D JD QD", waste="9H KH", stock="QS JS")
    assert state.phase is Phase.FILLING
    assert RUBBISH.legal_moves(state) == (FROM_STOCK, FROM_WASTE, GIVE_UP)
    from_stock = RUBBISH.apply(state, "s")
    assert from_stock.board[3] == card("QS") and from_stock.stock[0] == card("JS")
    from_waste = RUBBISH.apply(state, "w")
    assert from_waste.board[3] == card("KH") and from_waste.waste == parse_cards("9H")
    # one place at a time: the other is still empty, and the player is asked again
    assert from_stock.vacancies == from_waste.vacancies == (8,)
    assert from_stock.phase is from_waste.phase is Phase.FILLING


def test_r3_with_an_empty_waste_the_stock_fills_without_asking() -> None:
    state = position("2D - 4D 5D 6D 7D - 8D 9D 10D JD QD KD", stock="QS JS")
    assert state.board[1] == card("QS") and state.board[6] == card("JS")
    assert state.phase is Phase.DISCARDING


def test_r3_with_an_empty_stock_the_waste_fills_without_asking() -> None:
    state = position(
        "2D 3D 4D - 5D 6D 7D 8D 9D 10D JD QD KD",
        foundations="AC AH AS",
        waste="9H",
        rest="waste",
    )
    assert state.board[3] == card("9H")
    assert state.stock == ()


# -- R4 discarding --------------------------------------------------------------------------


def test_r4_three_4s_must_go_before_two_kings() -> None:
    state = position(KINGS_AND_FOURS)
    assert state.phase is Phase.DISCARDING
    assert discard_choices(state) == {"4C", "4D", "4H"}
    assert (state.discard_rank, state.discards_left) == (4, 2)
    with pytest.raises(IllegalMoveError, match="a group of three comes before a group of two"):
        RUBBISH.apply(state, "dKC")


def test_r4_four_of_a_kind_comes_before_three() -> None:
    state = position("5C 5D 5H 5S QC QD QH 2S 3S 6S 7S 8S 9S")
    assert discard_choices(state) == {"5C", "5D", "5H", "5S"}
    assert state.discards_left == 3
    with pytest.raises(IllegalMoveError, match="a group of four comes before a group of three"):
        RUBBISH.apply(state, "dQC")


def test_r4_among_pairs_only_the_highest_rank_is_thinned() -> None:
    state = position("3C 3D 9C 9D JC JD 2S 4S 5S 6S 7S 8S 10S")
    assert discard_choices(state) == {"JC", "JD"}
    assert state.discards_left == 1
    with pytest.raises(IllegalMoveError, match="the highest rank goes"):
        RUBBISH.apply(state, "d9C")


@pytest.mark.parametrize("keep", ["4C", "4D", "4H"])
def test_r4_the_player_may_keep_any_card_of_the_group(keep: str) -> None:
    state = position(KINGS_AND_FOURS, stock="KH JS")
    thrown = [c for c in ("4C", "4D", "4H") if c != keep]
    for name in thrown:
        state = RUBBISH.apply(state, f"d{name}")
    assert card(keep) in state.board
    assert state.waste[-2:] == parse_cards(" ".join(thrown))
    assert not any(card(name) in state.board for name in thrown)


def test_r4_the_order_of_discards_decides_the_waste_top() -> None:
    start = position(KINGS_AND_FOURS, stock="KH JS")
    one = RUBBISH.apply(RUBBISH.apply(start, "d4C"), "d4D")
    other = RUBBISH.apply(RUBBISH.apply(start, "d4D"), "d4C")
    assert one.waste[-1] == card("4D")
    assert other.waste[-1] == card("4C")
    assert one.board == other.board  # the same cards stay, only the heap's order differs


def test_r4_a_round_records_its_rank_and_how_many_must_still_go() -> None:
    state = position("5C 5D 5H 5S QC QD QH 2S 3S 6S 7S 8S 9S", stock="KH JS 10S")
    lefts = []
    for name in ("5S", "5C", "5H"):
        lefts.append(state.discards_left)
        assert state.discard_rank == 5 and state.phase is Phase.DISCARDING
        state = RUBBISH.apply(state, f"d{name}")
    assert lefts == [3, 2, 1]
    assert state.discard_rank == 0 and state.phase is Phase.FILLING


def test_r4_discards_happen_only_from_a_full_board() -> None:
    state = position("2D 3D 4D - 5D 6D 7D 8D 9D 10D JD QD 4C", waste="9H KH", stock="QS")
    with pytest.raises(IllegalMoveError, match="only when all 13 places are filled"):
        RUBBISH.apply(state, "d4D")


def test_r4_no_filling_while_a_round_is_unfinished() -> None:
    state = RUBBISH.apply(position(KINGS_AND_FOURS), "d4C")
    assert state.phase is Phase.DISCARDING and state.vacancies == (3,)
    assert discard_choices(state) == {"4D", "4H"}
    for move in ("s", "w"):
        with pytest.raises(IllegalMoveError, match="one more of the 4s must be discarded first"):
            RUBBISH.apply(state, move)


# -- R5 the end -----------------------------------------------------------------------------


@pytest.mark.parametrize("first", ["s", "w"])
def test_r5_won_when_all_52_cards_are_home(first: str) -> None:
    state = position("- - - - - - - - - - - - -", foundations="KC KD KH JS", waste="KS", stock="QS")
    assert state.phase is Phase.FILLING
    won = RUBBISH.apply(state, first)
    assert won.phase is Phase.FINISHED and won.cards_home == 52
    assert RUBBISH.legal_moves(won) == ()
    outcome = RUBBISH.outcome(won)
    assert outcome is not None and outcome.won and outcome.score == 52


def blocked_board(last: str = "QS") -> str:
    return f"KC KD 4C 4D 4H 5S 6S 7S 8S 9S 10S JS {last}"


def test_r5_a_full_board_with_an_empty_stock_is_lost() -> None:
    # all aces home, no 2 anywhere on top, and the 4s must be thinned: but throwing them
    # can never bring a card home, as the waste is locked and the stock is empty
    state = position(blocked_board(), foundations="AC AD AH AS", rest="waste")
    assert state.stock == () and state.waste[-1] == card("KS")
    assert state.phase is Phase.FINISHED
    assert RUBBISH.legal_moves(state) == ()
    outcome = RUBBISH.outcome(state)
    assert outcome is not None and not outcome.won
    assert RUBBISH.words.ending(state) == "blocked with 4 cards home"


def test_r5_the_search_runs_only_once_the_stock_is_empty() -> None:
    state = position(blocked_board("-"), foundations="AC AD AH AS", stock="QH", rest="waste")
    assert state.phase is Phase.FILLING
    last_card = RUBBISH.apply(state, "s")
    assert last_card.stock == () and last_card.phase is Phase.FINISHED
    from_waste = RUBBISH.apply(state, "w")  # the stock still has the QH: play goes on
    assert from_waste.phase is Phase.DISCARDING


def test_r5_nothing_left_to_fill_an_empty_place_ends_the_game() -> None:
    state = position(blocked_board("-"), foundations="AC AD AH AS", locked=True, rest="waste")
    assert state.phase is Phase.FINISHED and state.vacancies == (13,)
    assert "(R5)" in RUBBISH.words.prompt(state)


def test_r5_the_search_finds_a_card_that_more_moves_would_bring_home() -> None:
    def next_positions(state: RubbishState) -> list[RubbishState]:
        seen.append(state)
        return [
            rubbish_state.after_move(state, m) for m in RUBBISH.legal_moves(state) if m != GIVE_UP
        ]

    def home(state: RubbishState) -> int:
        return state.cards_home

    # the AC is two stock cards away, behind a round of discards
    state = position(KINGS_AND_FOURS, stock="QH AC", rest="waste")
    seen: list[RubbishState] = []
    assert foundation_play_reachable(state, next_positions, home)
    # with an empty stock the same board can only throw its 4s: the search looks at each
    # order of discards once and finds nothing
    full = parse_cards(KINGS_AND_FOURS)
    stuck = rubbish_state.automatic_steps(
        list(full), [1, 1, 1, 0], [card("KS")], (), False, frozenset()
    )
    seen.clear()
    assert stuck.phase is Phase.DISCARDING
    assert not foundation_play_reachable(stuck, next_positions, home)
    assert len(seen) == len(set(seen)) == 1 + 3 + 6  # the board, one 4 thrown, two thrown


def test_r5_giving_up_ends_the_game_as_lost_with_the_score_as_it_stands() -> None:
    state = RUBBISH.start_from_seed(5)
    over = RUBBISH.apply(state, "give-up")
    assert over.phase is Phase.FINISHED and over.gave_up
    assert over.board == state.board and over.cards_home == state.cards_home
    outcome = RUBBISH.outcome(over)
    assert outcome is not None and not outcome.won
    assert RUBBISH.words.ending(over).startswith("given up with")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        RUBBISH.apply(over, "give-up")


# -- R6 the score ---------------------------------------------------------------------------


def test_r6_the_score_is_the_cards_on_the_foundations() -> None:
    state = position(blocked_board(), foundations="2C AD 2H", stock="AS")
    assert RUBBISH.score(state) == 2 + 1 + 2
    assert RUBBISH.words.score_label == "cards home" and not RUBBISH.lower_is_better
    assert (
        RUBBISH.score(RUBBISH.start(deck_starting("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D"))) == 0
    )


# -- R7 no taking back a discard (Parlour's ruling) ------------------------------------------


def test_r7_after_a_discard_the_next_fill_comes_from_the_stock() -> None:
    state = RUBBISH.apply(position(KINGS_AND_FOURS, stock="KH JS"), "d4C")
    assert state.waste_locked
    state = RUBBISH.apply(state, "d4D")
    # places 3 and 4 were emptied; the stock filled place 3 by itself, which lifted the
    # lock, so now the player may take the 4D back into place 4
    assert state.board[2] == card("KH")
    assert not state.waste_locked
    assert state.phase is Phase.FILLING and state.vacancies == (4,)
    assert RUBBISH.apply(state, "w").board[3] == card("4D")


def test_r7_taking_the_discards_straight_back_would_only_rebuild_the_board() -> None:
    """Why the lock exists: refilling the places a round emptied from the waste would pick
    up exactly the cards thrown and rebuild the board that forced the round."""
    before = position(KINGS_AND_FOURS, stock="KH JS")
    after = RUBBISH.apply(RUBBISH.apply(before, "d4D"), "d4H")
    assert after.board[3] == card("KH")  # place 4 was filled from the stock, by itself
    taken_back = list(after.board)
    taken_back[3], taken_back[4] = after.waste[-1], after.waste[-2]
    assert Counter(taken_back) == Counter(before.board)


def test_r7_with_the_waste_locked_and_no_stock_the_game_is_over() -> None:
    state = position(blocked_board("-"), foundations="AC AD AH AS", locked=True, rest="waste")
    assert state.waste and state.phase is Phase.FINISHED


def test_r7_a_card_going_home_also_lifts_the_lock() -> None:
    state = position(
        "2D 3D 4D - 5D 6D 7D 8D 9D 10D JD QD KD", waste="9H AC", stock="QS", locked=True
    )
    # the AC went out from the waste, so the player may now choose the 9H under it
    assert state.foundations[0] == 1 and not state.waste_locked
    assert state.phase is Phase.FILLING
