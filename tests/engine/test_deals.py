"""C2: deals from seeds and explicit decks, pinned by golden files."""

import random
from pathlib import Path

import pytest

from parlour.engine.cards import format_cards
from parlour.engine.cards import full_pack
from parlour.engine.cards import parse_cards
from parlour.engine.deals import MAX_SEED
from parlour.engine.deals import check_deck
from parlour.engine.deals import check_seed
from parlour.engine.deals import deck_from_seed
from parlour.engine.deals import fresh_deck
from parlour.engine.deals import parse_deck
from parlour.engine.errors import DealError

GOLDEN = Path(__file__).parent / "golden" / "deals.txt"


def golden_deals() -> list[tuple[int, int, str]]:
    rows = []
    for line in GOLDEN.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        head, _, cards = line.partition(":")
        seed, size = head.split()
        rows.append((int(seed), int(size), cards.strip()))
    return rows


@pytest.mark.parametrize(("seed", "size", "cards"), golden_deals())
def test_c2_golden_deals_never_change(seed: int, size: int, cards: str) -> None:
    assert format_cards(deck_from_seed(seed, size)) == cards


def test_c2_golden_file_covers_both_deck_sizes_and_extreme_seeds() -> None:
    rows = golden_deals()
    assert {size for _, size, _ in rows} == {52, 104}
    assert {0, MAX_SEED} <= {seed for seed, _, _ in rows}


def test_c2_shuffle_is_the_documented_fisher_yates() -> None:
    """Re-derive a deal from the documented algorithm, independently of the engine."""
    for seed, size in [(1, 52), (7, 104), (MAX_SEED, 52)]:
        rng = random.Random(seed)
        deck = list(full_pack()) * (size // 52)
        for i in range(len(deck) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            deck[i], deck[j] = deck[j], deck[i]
        assert deck_from_seed(seed, size) == tuple(deck)


def test_c2_random_shuffle_is_never_used(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("random.shuffle must not be used")

    monkeypatch.setattr(random, "shuffle", forbidden)
    monkeypatch.setattr(random.Random, "shuffle", forbidden)
    assert len(deck_from_seed(3)) == 52


def test_c2_decks_are_complete_packs() -> None:
    for seed in range(20):
        assert sorted(deck_from_seed(seed)) == sorted(full_pack())
        assert sorted(deck_from_seed(seed, 104)) == sorted(full_pack() * 2)


@pytest.mark.parametrize("seed", ["12", "0", str(MAX_SEED), 5, "1_000"])
def test_c2_seed_accepts_whole_numbers_in_range(seed: object) -> None:
    assert 0 <= check_seed(seed) <= MAX_SEED


@pytest.mark.parametrize("seed", ["-1", -1, "1.5", 1.5, "abc", "", MAX_SEED + 1, True, None])
def test_c2_seed_rejects_the_rest_with_a_clear_message(seed: object) -> None:
    with pytest.raises(DealError, match="whole number from 0 to"):
        check_seed(seed)


def test_c2_explicit_deck_is_checked() -> None:
    deck = deck_from_seed(5)
    assert parse_deck(format_cards(deck)) == deck
    with pytest.raises(DealError, match="52 cards, this one has 51"):
        parse_deck(format_cards(deck[:-1]))
    doubled = (*deck[:-1], deck[0])
    with pytest.raises(DealError, match=f"too many {deck[0]}, missing {deck[-1]}"):
        check_deck(doubled)
    with pytest.raises(DealError, match="bad deck"):
        parse_deck("AS ZZ")
    assert check_deck(fresh_deck(104), 104) == fresh_deck(104)
    assert parse_cards("AS")[0] in fresh_deck(104)


def test_c2_a_seed_out_of_range_is_named_as_written() -> None:
    """A seed written too large was named as Python's number, unquoted, where every other
    refusal quotes what the player wrote."""
    with pytest.raises(DealError, match=f"not '{MAX_SEED + 1}'$"):
        check_seed(str(MAX_SEED + 1))
    with pytest.raises(DealError, match=f"not {MAX_SEED + 1}$"):
        check_seed(MAX_SEED + 1)
