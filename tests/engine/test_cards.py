"""C1: card notation."""

import pytest

from parlour.engine.cards import card
from parlour.engine.cards import format_cards
from parlour.engine.cards import full_pack
from parlour.engine.cards import parse_card
from parlour.engine.cards import parse_cards
from parlour.engine.errors import NotationError


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", 1, "S"),
        ("7h", 7, "H"),
        ("10D", 10, "D"),
        ("TD", 10, "D"),
        ("td", 10, "D"),
        ("QC", 12, "C"),
        (" kh ", 13, "H"),
        ("jS", 11, "S"),
    ],
)
def test_c1_parse_card(text: str, rank: int, suit: str) -> None:
    assert parse_card(text) == card(rank, suit)


def test_c1_canonical_output_round_trips() -> None:
    for each in full_pack():
        assert parse_card(str(each)) is each
    assert str(parse_card("tc")) == "10C"


@pytest.mark.parametrize("text", ["", "A", "1S", "11H", "AX", "10", "KK", "0D", "♠A"])
def test_c1_rejects_non_cards(text: str) -> None:
    with pytest.raises(NotationError):
        parse_card(text)


def test_c1_lists_of_cards() -> None:
    cards = parse_cards("as, 7H 10d QC")
    assert format_cards(cards) == "AS 7H 10D QC"
    assert [c.glyph() for c in cards] == ["A♠", "7♥", "10♦", "Q♣"]
    assert [c.is_red for c in cards] == [False, True, True, False]


def test_c1_full_pack_is_52_distinct_cards() -> None:
    pack = full_pack()
    assert len(pack) == len(set(pack)) == 52
    assert str(pack[0]) == "AC" and str(pack[-1]) == "KS"
