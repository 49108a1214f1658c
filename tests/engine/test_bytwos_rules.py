"""By Twos, ruling by ruling (B1–B5, and Parlour's own B6–B8)."""

from collections import Counter

import pytest

from parlour.engine.cards import parse_card
from parlour.engine.cards import parse_cards
from parlour.engine.errors import DealError
from parlour.engine.errors import IllegalMoveError
from parlour.engine.errors import NotationError
from parlour.engine.game import GIVE_UP
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import BUILDS
from parlour.engine.games.bytwos_state import DEAL
from parlour.engine.games.bytwos_state import REDEAL
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase

from .bytwos_helpers import DOUBLE_PACK
from .bytwos_helpers import deck_starting
from .bytwos_helpers import pile
from .bytwos_helpers import position

SA, SD, WA, WD, PA, PD = (BUILDS[name] for name in ("sa", "sd", "wa", "wd", "pa", "pd"))

# thirteen ranks kept (K 5 9 A 3 4 7 2 8 10 J Q 6) with four repeats rejected on the way
# (KH, 5C, the second KS, 3H); the 9C after them is the first card left in the deck
FORMING = "KS KH 5D 5C KS 9H AC 3D 3H 4S 7C 2D 8H 10C JS QD 6H 9C"
KEPT = "KS 5D 9H AC 3D 4S 7C 2D 8H 10C JS QD 6H"
REJECTED = "KH 5C KS 3H"


def formed(deck_text: str, turns: int) -> ByTwosState:
    """The position after ``turns`` turns of a deck that starts with ``deck_text``."""
    state = BYTWOS.start(deck_starting(deck_text))
    for _ in range(turns):
        state = BYTWOS.apply(state, "t")
    return state


# -- B1: forming the packet -------------------------------------------------------------


def test_b1_forming_keeps_new_ranks_and_rejects_repeats_one_card_at_a_time() -> None:
    state = BYTWOS.start(deck_starting(FORMING))
    assert state.phase is Phase.FORMING
    assert BYTWOS.legal_moves(state) == (TURN,)
    assert BYTWOS.words.describe(state, TURN) == "turn KS: kept (1 rank)"
    state = BYTWOS.apply(state, "t")
    assert state.kept == parse_cards("KS") and state.rejected == ()
    assert BYTWOS.words.describe(state, TURN) == "turn KH: rejected, a king is kept already"
    state = BYTWOS.apply(state, "t")
    assert state.kept == parse_cards("KS") and state.rejected == parse_cards("KH")
    for _ in range(3):
        state = BYTWOS.apply(state, "t")
    # 5D is new; 5C repeats a five and the second KS repeats the king
    assert state.kept == parse_cards("KS 5D")
    assert state.rejected == parse_cards("KH 5C KS")
    assert state.deck[0] == parse_card("9H")
    assert len(state.deck) == 104 - 5
    assert BYTWOS.words.prompt(state) == (
        "Forming the packet: 2 ranks kept, 3 rejected; turn the next card (t)."
    )
    assert BYTWOS.score(state) == 0


def test_b1_the_thirteenth_rank_completes_the_packet_and_rejects_go_under_the_stock() -> None:
    state = formed(FORMING, 16)
    assert state.phase is Phase.FORMING and len(state.kept) == 12
    assert (
        BYTWOS.words.describe(state, TURN) == "turn 6H: kept, the packet is made and deal 1 begins"
    )
    deck_left = state.deck[1:]  # what stays in the deck once 6H is turned
    state = BYTWOS.apply(state, "t")
    assert state.phase is Phase.DEALING and state.deal == 1
    # first kept at the bottom, last kept (6H) on top
    assert state.packet == parse_cards(KEPT)
    # the rest of the deck, then the rejected cards under it in the order rejected
    assert state.stock == deck_left + parse_cards(REJECTED)
    assert state.stock[0] == parse_card("9C")
    assert len(state.stock) == 91
    assert state.waste == () and state.kept == state.rejected == state.deck == ()
    assert Counter(BYTWOS.cards(state)) == DOUBLE_PACK


def test_b1_only_turning_is_allowed_while_forming() -> None:
    state = BYTWOS.start(deck_starting(FORMING))
    for move in ("d", "r", "sa", "pd", "give-up"):
        with pytest.raises(IllegalMoveError, match=r"still being formed.*\(B1\)"):
            BYTWOS.apply(state, move)
    dealing = formed(FORMING, 17)
    with pytest.raises(IllegalMoveError, match=r"formed already.*\(B1\)"):
        BYTWOS.apply(dealing, "t")


def test_b1_the_packet_shows_only_its_top_card_for_building() -> None:
    # 3C is under the packet's top card, so it cannot go on the clubs ace pile
    state = position(packet="3C 9D", stock="10S", built={"clubs_ace": 1})
    assert BYTWOS.legal_moves(state) == (DEAL, GIVE_UP)


# -- B2: foundations ----------------------------------------------------------------------


def test_b2_the_ace_pile_builds_by_twos_past_the_king_to_the_queen() -> None:
    state = position(
        stock="KH 2H 4H 6H 8H 10H QH",
        built={"hearts_ace": 6, "hearts_deuce": 7},  # deuce pile waits for 3H
        rest="waste",
    )
    assert pile(state, "hearts ace") == parse_cards("AH 3H 5H 7H 9H JH")
    for _ in range(7):
        assert SA in BYTWOS.legal_moves(state) and SD not in BYTWOS.legal_moves(state)
        state = BYTWOS.apply(state, "sa")
    assert pile(state, "hearts ace") == parse_cards("AH 3H 5H 7H 9H JH KH 2H 4H 6H 8H 10H QH")


def test_b2_the_deuce_pile_builds_by_twos_past_the_queen_to_the_king() -> None:
    state = position(
        stock="AS 3S 5S 7S 9S JS KS",
        built={"spades_deuce": 6, "spades_ace": 8},  # ace pile waits for 4S
        rest="waste",
    )
    assert pile(state, "spades deuce") == parse_cards("2S 4S 6S 8S 10S QS")
    for _ in range(7):
        assert BYTWOS.legal_moves(state)[0] == SD and SA not in BYTWOS.legal_moves(state)
        state = BYTWOS.apply(state, "sd")
    assert pile(state, "spades deuce") == parse_cards("2S 4S 6S 8S 10S QS AS 3S 5S 7S 9S JS KS")


def test_b2_a_complete_pile_takes_nothing_more() -> None:
    state = position(stock="KH", built={"hearts_ace": 13, "hearts_deuce": 12})
    assert BYTWOS.legal_moves(state)[0] == SD
    with pytest.raises(IllegalMoveError, match=r"hearts ace pile is complete \(B2\)"):
        BYTWOS.apply(state, "sa")


def test_b2_the_first_ace_and_deuce_on_view_are_laid_at_once() -> None:
    # AH on top of the packet; when it goes, 2H is on top and goes too; then 5C stays
    state = position(
        packet="5C 2H AH", stock="9D", built={"hearts_ace": 0, "hearts_deuce": 0}, rest="stock"
    )
    assert pile(state, "hearts ace") == parse_cards("AH")
    assert pile(state, "hearts deuce") == parse_cards("2H")
    assert state.packet == parse_cards("5C")
    assert Counter(BYTWOS.cards(state)) == DOUBLE_PACK


def test_b2_a_base_card_dealt_to_the_top_of_the_stock_is_laid() -> None:
    state = position(stock="9C AD 7S", built={"diamonds_ace": 0})
    assert BYTWOS.words.describe(state, DEAL) == "deal 9C from the stock; then AD laid as a base"
    after = BYTWOS.apply(state, "d")
    assert pile(after, "diamonds ace") == parse_cards("AD")
    assert after.stock == parse_cards("7S") and after.waste == parse_cards("9C")


def test_b2_the_first_deuce_starts_its_pile_even_when_the_ace_pile_wants_a_two() -> None:
    state = position(stock="2D", built={"diamonds_ace": 7, "diamonds_deuce": 0})
    assert pile(state, "diamonds deuce") == parse_cards("2D")
    assert pile(state, "diamonds ace") == parse_cards("AD 3D 5D 7D 9D JD KD")


def test_b2_the_second_ace_and_deuce_are_ordinary_cards() -> None:
    # the second AH is not laid: it waits for the deuce pile's queen
    ace = position(stock="AH", built={"hearts_deuce": 6}, rest="waste")
    assert ace.stock[0] == parse_card("AH")
    assert BYTWOS.legal_moves(ace)[0] == SD
    with pytest.raises(IllegalMoveError, match=r"hearts ace pile needs 3H next, not AH \(B2\)"):
        BYTWOS.apply(ace, "sa")
    assert pile(BYTWOS.apply(ace, "sd"), "hearts deuce")[-2:] == parse_cards("QH AH")
    # the second 2C goes on the ace pile after its king
    deuce = position(packet="2C", built={"clubs_ace": 7})
    assert BYTWOS.legal_moves(deuce) == (PA, GIVE_UP)
    assert (
        BYTWOS.words.describe(deuce, PA) == "2C from the packet onto the clubs ace pile (after KC)"
    )


# -- B3: three cards to choose from ---------------------------------------------------


def test_b3_the_stock_waste_and_packet_tops_are_all_available() -> None:
    state = position(
        packet="9S 5D",
        stock="7C",
        waste="4H",
        built={"clubs_ace": 3, "hearts_deuce": 1, "diamonds_ace": 2},
        rest="stock",
    )
    assert BYTWOS.legal_moves(state) == (SA, WD, PA, DEAL, GIVE_UP)
    assert BYTWOS.apply(state, "sa").built != BYTWOS.apply(state, "wd").built
    after = BYTWOS.apply(BYTWOS.apply(BYTWOS.apply(state, "sa"), "wd"), "pa")
    assert pile(after, "clubs ace")[-1] == parse_card("7C")
    assert pile(after, "hearts deuce")[-1] == parse_card("4H")
    assert pile(after, "diamonds ace")[-1] == parse_card("5D")
    assert after.packet == parse_cards("9S")


def test_b3_dealing_moves_the_stock_top_to_the_waste_and_never_builds() -> None:
    state = position(stock="7C 8D", waste="4S", built={"clubs_ace": 3})
    after = BYTWOS.apply(state, "d")
    assert after.waste == parse_cards("4S 7C") and after.stock == parse_cards("8D")
    # 7C could go on the clubs ace pile now, but only the player builds
    assert pile(after, "clubs ace") == parse_cards("AC 3C 5C")
    assert BYTWOS.legal_moves(after) == (WA, DEAL, GIVE_UP)


def test_b3_a_card_builds_only_on_the_pile_that_needs_it_next() -> None:
    state = position(stock="5H", waste="", built={"hearts_ace": 1})
    with pytest.raises(IllegalMoveError, match=r"hearts ace pile needs 3H next, not 5H \(B2\)"):
        BYTWOS.apply(state, "sa")
    with pytest.raises(IllegalMoveError, match=r"hearts deuce pile needs 4H next, not 5H"):
        BYTWOS.apply(state, "sd")
    with pytest.raises(IllegalMoveError, match="the waste is empty"):
        BYTWOS.apply(state, "wa")


def test_b3_the_prompt_names_the_cards_that_can_be_built_and_what_else_may_be_done() -> None:
    state = position(
        packet="QC",
        stock="5H",
        waste="7D",
        built={"hearts_ace": 2, "diamonds_ace": 3, "clubs_deuce": 5},
        rest="stock",
    )
    # 8 bases + 1 + 2 + 4 more on the foundations, one card each in the packet and waste
    in_stock = 104 - 15 - 1 - 1
    assert BYTWOS.words.prompt(state) == (
        "Deal 1 of 3: play the stock's 5H, the waste's 7D or the packet's QC onto a "
        f"foundation, or deal (d). {in_stock} cards in the stock."
    )
    stuck = position(waste="9C JD", packet="KD")
    assert BYTWOS.words.prompt(stuck) == (
        "Deal 1 of 3: nothing can be built; turn the waste over for deal 2 (r). The stock is empty."
    )


# -- B4: redeals --------------------------------------------------------------------------


def test_b4_the_waste_is_turned_over_unshuffled_so_the_cards_come_round_in_order() -> None:
    state = position(stock="9C JD 8H 6S", packet="KD")
    for _ in range(4):
        state = BYTWOS.apply(state, "d")
    assert state.waste == parse_cards("9C JD 8H 6S") and state.stock == ()
    assert BYTWOS.legal_moves(state) == (REDEAL, GIVE_UP)
    assert BYTWOS.words.describe(state, REDEAL) == "turn the waste over: deal 2 begins"
    state = BYTWOS.apply(state, "r")
    assert state.deal == 2
    assert state.stock == parse_cards("9C JD 8H 6S")  # the first dealt is on top again
    assert state.waste == ()
    assert BYTWOS.words.describe(state, DEAL) == "deal 9C from the stock"


def test_b4_cards_built_from_the_waste_drop_out_of_the_next_deal() -> None:
    state = position(stock="9C 3C JD", built={"clubs_ace": 1})
    for move in ("d", "d", "wa", "d", "r"):
        state = BYTWOS.apply(state, move)
    assert state.stock == parse_cards("9C JD")


def test_b4_three_deals_in_all() -> None:
    state = position(stock="9C JD", packet="KD")
    for deal in (1, 2, 3):
        assert state.deal == deal
        state = BYTWOS.apply(BYTWOS.apply(state, "d"), "d")
        if deal < 3:
            state = BYTWOS.apply(state, "r")
    # the third deal is over and nothing can be built: the game has ended (B5)
    assert state.phase is Phase.FINISHED
    assert REDEAL not in BYTWOS.legal_moves(state)
    playable = position(deal=3, waste="9C", packet="3C")
    with pytest.raises(IllegalMoveError, match=r"three deals have been played.*\(B4\)"):
        BYTWOS.apply(playable, "r")


def test_b4_no_redeal_while_the_stock_has_cards_or_of_an_empty_waste() -> None:
    state = position(stock="9C JD", waste="8H")
    with pytest.raises(IllegalMoveError, match=r"only when the stock is empty.*2 cards \(B4\)"):
        BYTWOS.apply(state, "r")
    empty = position(packet="3C")
    assert BYTWOS.legal_moves(empty) == (PA, GIVE_UP)
    with pytest.raises(IllegalMoveError, match=r"the waste is empty.*\(B4\)"):
        BYTWOS.apply(empty, "r")
    with pytest.raises(IllegalMoveError, match=r"the stock is empty: turn the waste over with r"):
        BYTWOS.apply(position(waste="8H", packet="9C"), "d")


# -- B5: the end ----------------------------------------------------------------------------


def test_b5_won_when_all_104_cards_are_built_queens_and_kings_on_top() -> None:
    state = position(packet="QH", built={"hearts_ace": 12, **_all(13, "hearts_ace")})
    assert Counter(BYTWOS.cards(state)) == DOUBLE_PACK
    after = BYTWOS.apply(state, "pa")
    assert after.phase is Phase.FINISHED and BYTWOS.legal_moves(after) == ()
    outcome = BYTWOS.outcome(after)
    assert outcome is not None and outcome.won and outcome.score == 104
    for suit in "CDHS":
        assert pile(after, f"{_suit(suit)} ace")[-1] == parse_card("Q" + suit)
        assert pile(after, f"{_suit(suit)} deuce")[-1] == parse_card("K" + suit)


def test_b5_lost_when_the_last_deal_is_out_and_nothing_can_be_built() -> None:
    state = position(deal=3, stock="8H", waste="10C", packet="KD 9S")
    assert state.phase is Phase.DEALING
    after = BYTWOS.apply(state, "d")  # detected at once, with no move asked of the player
    assert after.phase is Phase.FINISHED and BYTWOS.legal_moves(after) == ()
    outcome = BYTWOS.outcome(after)
    assert outcome is not None and not outcome.won
    assert (
        outcome.score == 8
        and BYTWOS.words.ending(after) == "blocked with 8 cards on the foundations"
    )
    assert BYTWOS.words.prompt(after) == (
        "Game over: blocked with 8 cards on the foundations. Score 8."
    )


def test_b5_lost_when_stock_and_waste_are_empty_even_with_redeals_left() -> None:
    state = position(deal=1, packet="KD 9S")
    assert state.phase is Phase.FINISHED


def test_b5_not_over_while_a_card_can_be_built_or_dealt() -> None:
    assert position(deal=3, waste="3C").phase is Phase.DEALING
    assert position(deal=3, stock="KD").phase is Phase.DEALING
    assert position(deal=2, waste="KD").phase is Phase.DEALING


def test_b5_giving_up_ends_the_game_with_the_score_as_it_stands() -> None:
    state = position(stock="9C 3C", built={"clubs_ace": 5}, rest="waste")
    assert BYTWOS.legal_moves(state)[-1] == GIVE_UP
    assert BYTWOS.words.describe(state, GIVE_UP) == "give up with 12 cards on the foundations"
    after = BYTWOS.apply(state, "give-up")
    assert after.phase is Phase.FINISHED and BYTWOS.legal_moves(after) == ()
    assert after.stock == state.stock and after.built == state.built
    outcome = BYTWOS.outcome(after)
    assert outcome is not None and not outcome.won and outcome.score == 12
    assert "given up" in BYTWOS.words.ending(after)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        BYTWOS.apply(after, "d")
    assert BYTWOS.parse_position(BYTWOS.format_position(after)) == after


def test_b5_the_score_counts_the_cards_on_the_foundations() -> None:
    assert BYTWOS.score(position(built={"clubs_ace": 4, "spades_deuce": 9})) == 6 + 4 + 9
    assert BYTWOS.score(BYTWOS.start_from_seed(5)) == 0


# -- Parlour's rulings ------------------------------------------------------------------


def test_b6_forming_is_a_move_at_a_time_and_the_position_shows_it() -> None:
    state = formed(FORMING, 4)
    text = BYTWOS.format_position(state)
    assert "kept: KS 5D\n" in text and "rejected: KH 5C\n" in text
    assert BYTWOS.parse_position(text) == state


def test_b7_when_the_same_base_card_shows_twice_the_packets_copy_is_laid() -> None:
    # thirteen spades-and-hearts ranks with AH last; the other AH is next in the deck
    state = formed("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AH AH 5C", 13)
    assert pile(state, "hearts ace") == parse_cards("AH")
    # AH left the packet, which uncovered 2S, the first deuce of spades: laid as well
    assert pile(state, "spades deuce") == parse_cards("2S")
    assert state.packet == parse_cards("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S")
    # the stock's AH is the second one, an ordinary card now
    assert state.stock[0] == parse_card("AH") and len(state.stock) == 91


def test_b7_a_base_card_already_in_view_is_laid_before_one_uncovered_later() -> None:
    # AH tops the packet with 2S under it; the stock starts with the other 2S. AH and
    # the stock's 2S come into view together as the deal starts, so both are laid; the
    # packet's 2S, uncovered only then, is the second two of spades: it stays.
    state = formed("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AH 2S 5C", 13)
    assert pile(state, "hearts ace") == parse_cards("AH")
    assert pile(state, "spades deuce") == parse_cards("2S")
    assert state.packet == parse_cards("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S")
    assert state.stock[0] == parse_card("5C") and len(state.stock) == 90


def test_b7_the_turn_that_forms_the_packet_says_which_bases_it_lays() -> None:
    state = formed("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AH AH 5C", 12)
    said = BYTWOS.words.describe(state, TURN)
    assert (
        said == "turn AH: kept, the packet is made and deal 1 begins; then AH and 2S laid as bases"
    )


def test_b8_when_both_piles_of_a_suit_need_the_card_the_player_chooses() -> None:
    # the ace pile holds AH and wants 3H; the deuce pile ends on AH and wants 3H too
    state = position(stock="3H", built={"hearts_ace": 1, "hearts_deuce": 7}, rest="waste")
    assert BYTWOS.legal_moves(state)[:2] == (SA, SD)
    on_ace = BYTWOS.apply(state, "sa")
    on_deuce = BYTWOS.apply(state, "sd")
    assert pile(on_ace, "hearts ace") == parse_cards("AH 3H")
    assert pile(on_deuce, "hearts deuce") == parse_cards("2H 4H 6H 8H 10H QH AH 3H")
    assert on_ace != on_deuce


# -- notation and positions -------------------------------------------------------------


def test_move_notation_round_trips_and_rejects_nonsense() -> None:
    for text in ("t", "d", "r", "give-up", "sa", "sd", "wa", "wd", "pa", "pd"):
        assert str(BYTWOS.parse_move(text)) == text
        assert BYTWOS.parse_move(f" {text.upper()} ") == BYTWOS.parse_move(text)
    for bad in ("", "x", "s", "sp", "ds", "s a", "give up", "1"):
        with pytest.raises(NotationError):
            BYTWOS.parse_move(bad)


def test_position_text_round_trips_and_is_checked() -> None:
    state = position(packet="9S 5D", stock="7C", waste="4H", built={"clubs_ace": 3}, rest="stock")
    text = BYTWOS.format_position(state)
    assert "clubs ace: AC 3C 5C\n" in text and "hearts deuce: 2H\n" in text
    assert text.startswith("bytwos\noptions: none\nphase: dealing\ndeal: 1\npacket: 9S 5D\n")
    assert BYTWOS.parse_position(text) == state
    with pytest.raises(NotationError, match="phase"):
        BYTWOS.parse_position(text.replace("phase: dealing", "phase: forming"))
    with pytest.raises(NotationError, match="by twos"):
        BYTWOS.parse_position(text.replace("clubs ace: AC 3C 5C", "clubs ace: AC 2C 5C"))
    with pytest.raises(DealError):
        BYTWOS.parse_position(text.replace("packet: 9S", "packet: 9H"))
    with pytest.raises(NotationError, match="deal is 1, 2 or 3"):
        BYTWOS.parse_position(text.replace("deal: 1", "deal: 4"))
    # an ace on view that has not been laid is not a position By Twos can reach
    hidden = position(stock="7C", built={"hearts_ace": 0}, rest="stock")
    lines = BYTWOS.format_position(hidden).splitlines()
    stock = next(number for number, line in enumerate(lines) if line.startswith("stock:"))
    cards = lines[stock].split()[1:]
    cards.remove("AH")
    lines[stock] = "stock: AH " + " ".join(cards)
    with pytest.raises(NotationError, match=r"has not been laid as a foundation \(B2\)"):
        BYTWOS.parse_position("\n".join(lines))
    finished = position(deal=3, waste="10C", packet="KD 9S", rest="waste")
    with pytest.raises(NotationError, match="'finished'"):
        BYTWOS.parse_position(BYTWOS.format_position(finished).replace("finished", "dealing"))


def test_states_are_frozen_values_however_they_are_made() -> None:
    state = position(packet="9S 5D", stock="7C", waste="4H", built={"clubs_ace": 3})
    same = ByTwosState(
        Phase.DEALING,
        frozenset(),
        1,
        parse_cards("9S 5D"),
        parse_cards("7C"),
        parse_cards("4H"),
        (3, 1, 1, 1, 1, 1, 1, 1),
        legal=(SA, WD, DEAL, GIVE_UP),
    )
    assert state == same and hash(state) == hash(same) and repr(state) == repr(same)
    assert state.legal == same.legal
    for name in ByTwosState.__slots__:
        with pytest.raises(AttributeError):
            setattr(state, name, ())
    assert all(isinstance(getattr(state, name), tuple) for name in ("packet", "stock", "built"))


def _all(count: int, *except_: str) -> dict[str, int]:
    names = [f"{_suit(s)}_{kind}" for s in "CDHS" for kind in ("ace", "deuce")]
    return {name: count for name in names if name not in except_}


def _suit(letter: str) -> str:
    return {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[letter]
