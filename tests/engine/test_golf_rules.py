"""Golf, ruling by ruling (G1–G5)."""

from pathlib import Path

import pytest

from parlour.engine.cards import parse_card
from parlour.engine.cards import parse_cards
from parlour.engine.deals import deck_from_seed
from parlour.engine.errors import DealError
from parlour.engine.errors import IllegalMoveError
from parlour.engine.errors import NotationError
from parlour.engine.game import GIVE_UP
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import PLAYS
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import Phase
from parlour.engine.games.golf import PlayColumn
from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.rounds import Round
from parlour.engine.rounds import hole_deck
from parlour.engine.rounds import hole_seed

from .golf_helpers import position

FREE = frozenset({"free-stock"})


def play_round(course: int, scores: list[int]) -> Round:
    """A Golf round on ``course`` with these hole scores recorded in order."""
    played = Round(ROUNDS, course, frozenset(), ())
    for score in scores:
        played = played.record_hole(score)
    return played


def test_g1_deal_rows_of_seven_then_foundation_then_stock() -> None:
    deck = deck_from_seed(11)
    state = GOLF.start(deck)
    for c in range(7):
        # column c (0-based) holds cards c, c+7, ... c+28; the last one is exposed
        assert state.columns[c] == tuple(deck[c + 7 * row] for row in range(5))
    assert state.foundation == (deck[35],)
    assert state.stock == deck[36:]
    assert len(state.stock) == 16


def test_g2_play_one_above_or_below_ignoring_suit() -> None:
    state = position(["3S", "5D", "9C", "4H"], "4C", "KH")
    assert GOLF.legal_moves(state) == (PLAYS[0], PLAYS[1], GIVE_UP)  # and conceding (G7)
    after = GOLF.apply(state, "2")
    assert after.foundation[-1] == parse_card("5D")
    assert after.columns[1] == ()


def test_g2_nothing_is_played_on_a_king() -> None:
    state = position(["QS", "QD", "AH"], "KC", "7H")
    assert GOLF.legal_moves(state) == (TURN, GIVE_UP)  # and conceding (G7)
    assert state.phase is Phase.STOPPAGE
    with pytest.raises(IllegalMoveError, match="nothing may be played on a king"):
        GOLF.apply(state, "1")


def test_g2_a_queen_may_go_on_a_jack_and_a_king_on_a_queen() -> None:
    state = position(["KS"], "QH", "7H")
    assert GOLF.apply(state, "1").foundation[-1] == parse_card("KS")


def test_g2_no_wrap_between_king_and_ace() -> None:
    on_ace = position(["KS", "2D"], "AH", "7H")
    assert GOLF.legal_moves(on_ace) == (PLAYS[1], GIVE_UP)  # and conceding (G7)
    with pytest.raises(IllegalMoveError, match="no wrap"):
        GOLF.apply(on_ace, "1")
    # only a two goes on an ace
    only_two = position(["3S", "KD", "AC"], "AH", "7H")
    assert only_two.phase is Phase.STOPPAGE


def test_g2_one_card_at_a_time_from_the_exposed_end() -> None:
    state = position(["6S 5D"], "4C", "KH")
    after = GOLF.apply(state, "1")
    assert after.columns[0] == parse_cards("6S")
    assert GOLF.legal_moves(after) == (PLAYS[0], GIVE_UP)  # and conceding (G7)


def test_g3_book_rule_turns_the_stock_only_at_a_stoppage() -> None:
    state = position(["5D"], "4C", "9H 8H")
    assert TURN not in GOLF.legal_moves(state)
    with pytest.raises(IllegalMoveError, match=r"only at a stoppage.*column 1 \(5D\)"):
        GOLF.apply(state, "s")
    stopped = position(["7D"], "4C", "9H 8H")
    assert stopped.phase is Phase.STOPPAGE
    assert GOLF.legal_moves(stopped) == (TURN, GIVE_UP)  # and conceding (G7)
    assert GOLF.apply(stopped, "s").foundation[-1] == parse_card("9H")


def test_g3_free_stock_turns_at_any_time() -> None:
    state = position(["5D"], "4C", "9H 8H", FREE)
    assert GOLF.legal_moves(state) == (PLAYS[0], TURN, GIVE_UP)  # and conceding (G7)
    after = GOLF.apply(state, "s")
    assert after.foundation[-1] == parse_card("9H")
    assert after.stock == parse_cards("8H")


def test_g3_the_stock_cannot_be_turned_when_empty() -> None:
    state = position(["5D", "KS"], "4C", "", FREE)
    assert GOLF.legal_moves(state) == (PLAYS[0], GIVE_UP)  # and conceding (G7)
    with pytest.raises(IllegalMoveError, match="stock is empty"):
        GOLF.apply(state, "s")


def test_g4_a_hole_ends_when_the_stock_is_empty_and_nothing_plays() -> None:
    state = position(["5D", "KS"], "9C", "")
    assert state.phase is Phase.FINISHED
    assert GOLF.legal_moves(state) == ()
    outcome = GOLF.outcome(state)
    assert outcome is not None and not outcome.won
    assert outcome.score == 2


def test_g4_negative_score_when_the_links_clear_early() -> None:
    state = position(["5D"], "4C", "9H 8H 2C")
    after = GOLF.apply(state, "1")
    assert after.phase is Phase.FINISHED
    outcome = GOLF.outcome(after)
    assert outcome is not None and outcome.won
    assert outcome.score == -3
    assert "3 stock cards to spare" in GOLF.words.ending(after)


def test_g4_zero_when_the_last_card_turned_clears_the_links() -> None:
    state = position(["5D"], "9C", "4C")
    after = GOLF.apply(GOLF.apply(state, "s"), "1")
    assert GOLF.score(after) == 0
    outcome = GOLF.outcome(after)
    assert outcome is not None and outcome.won and outcome.score == 0


def test_g4_score_counts_cards_left_while_playing() -> None:
    state = GOLF.start_from_seed(1)
    assert GOLF.score(state) == 35
    assert GOLF.outcome(state) is None


GOLDEN_COURSE = Path(__file__).parent / "golden" / "course.txt"


def test_g5_course_deals_are_pinned() -> None:
    for line in GOLDEN_COURSE.read_text().splitlines():
        if line.startswith("#"):
            continue
        course, hole, seed = map(int, line.split())
        assert hole_seed(ROUNDS, course, hole) == seed
        assert hole_deck(ROUNDS, course, hole) == deck_from_seed(seed)


def test_g5_a_course_has_nine_different_holes() -> None:
    seeds = play_round(77, []).seeds()
    assert len(seeds) == ROUNDS.holes == 9
    assert len(set(seeds)) == 9
    with pytest.raises(DealError):
        hole_seed(ROUNDS, 77, 10)


def test_g5_round_total_against_bogey_40() -> None:
    assert ROUNDS.bogey == 40
    under = play_round(5, [4, 3, 5, 6, 2, 4, -1, 5, 3])
    assert under.is_complete and under.total == 31
    assert under.versus_bogey == -9
    level = play_round(5, [5, 5, 5, 5, 5, 5, 5, 5, 0])
    assert level.total == 40 and level.versus_bogey == 0
    over = play_round(5, [9] * 9)
    assert over.versus_bogey == 41
    partial = play_round(5, [4, 6])
    assert partial.next_hole == 3 and partial.total == 10 and not partial.is_complete
    with pytest.raises(DealError):
        over.record_hole(3)


def test_move_notation_round_trips_and_rejects_nonsense() -> None:
    for move in (*PLAYS, TURN):
        assert GOLF.parse_move(str(move)) == move
    assert GOLF.parse_move(" S ") == TURN
    for bad in ("0", "8", "x", "", "1 2", "c1"):
        with pytest.raises(NotationError):
            GOLF.parse_move(bad)
    assert PlayColumn(3) == PLAYS[2]


def test_illegal_and_malformed_moves_are_different_errors() -> None:
    state = position(["5D", ""], "4C", "9H")
    with pytest.raises(IllegalMoveError, match="column 2 is empty"):
        GOLF.apply(state, "2")
    with pytest.raises(NotationError):
        GOLF.apply(state, "9")
    assert not issubclass(IllegalMoveError, NotationError)


def test_position_text_rejects_a_wrong_phase_and_incomplete_packs() -> None:
    text = GOLF.format_position(GOLF.start_from_seed(3))
    assert GOLF.parse_position(text) == GOLF.start_from_seed(3)
    with pytest.raises(NotationError, match="phase"):
        GOLF.parse_position(
            text.replace("phase: play", "phase: finished").replace(
                "phase: stoppage", "phase: finished"
            )
        )
    with pytest.raises(DealError):
        GOLF.parse_position(text.replace("stock: ", "stock: AS ", 1))
    with pytest.raises(NotationError):
        GOLF.parse_position("rubbish\n")


def test_g7_a_hole_may_be_conceded_and_is_scored_as_it_stands() -> None:
    state = GOLF.start_from_seed(1)
    state = GOLF.apply(state, "7")  # one card off the links: 34 left
    assert GIVE_UP in GOLF.legal_moves(state) and GOLF.is_legal(state, GIVE_UP)
    assert GOLF.parse_move("give-up") == GIVE_UP
    conceded = GOLF.apply(state, GIVE_UP)
    assert conceded.phase is Phase.CONCEDED
    assert GOLF.legal_moves(conceded) == () and not GOLF.is_legal(conceded, GIVE_UP)
    outcome = GOLF.outcome(conceded)
    assert outcome is not None and not outcome.won and outcome.score == 34
    assert conceded.columns == state.columns and conceded.stock == state.stock
    # the position's text says it was conceded, and reads back as the same state
    text = GOLF.format_position(conceded)
    assert "phase: conceded" in text
    assert GOLF.parse_position(text) == conceded
    with pytest.raises(IllegalMoveError, match="the hole is over"):
        GOLF.apply(conceded, GIVE_UP)
    assert GOLF.words.describe(state, GIVE_UP) == "concede the hole with 34 cards on the links"
    assert GOLF.words.prompt(conceded).startswith("Hole conceded: 34 cards left")


def test_g7_a_finished_hole_cannot_be_said_to_be_conceded() -> None:
    state = GOLF.start_from_seed(1)
    while state.legal:
        state = GOLF.apply(state, state.legal[-1])
    text = GOLF.format_position(state).replace("phase: finished", "phase: conceded")
    with pytest.raises(NotationError):
        GOLF.parse_position(text)
