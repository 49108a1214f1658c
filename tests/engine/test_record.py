"""C3: records replay the same game and catch tampering, naming the line."""

import pytest

from parlour.engine.cards import format_cards
from parlour.engine.deals import deck_from_seed
from parlour.engine.errors import RecordError
from parlour.engine.games.golf import GOLF
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.record import parse_record
from parlour.engine.record import replay


def played_line() -> Line:  # type: ignore[type-arg]
    line = Line.from_seed(GOLF, 1)
    while GOLF.legal_moves(line.current):
        line = line.play(line.current.legal[-1])
    return line


def line_number(text: str, starts: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith(starts):
            return number
    raise AssertionError(starts)


def test_c3_a_record_holds_the_deck_options_and_moves_and_replays() -> None:
    line = played_line()
    text = format_record(line, {"Hole": "3"})
    assert f"Deck: {format_cards(line.deck)}" in text
    assert "Seed: 1" in text and "Options: none" in text and "Hole: 3" in text
    record = parse_record(text)
    assert record.extra == {"Hole": "3"}
    again = replay(record)
    assert again.states == line.states
    assert format_record(again, {"Hole": "3"}) == text


def test_c3_a_record_without_a_seed_replays_from_its_deck() -> None:
    deck = deck_from_seed(77)
    line = Line.new(GOLF, deck, ["free-stock"]).play("s").play("s")
    text = format_record(line)
    assert "Seed:" not in text
    assert "Options: free-stock" in text
    assert replay(parse_record(text)).current == line.current


def test_a_changed_card_in_the_deck_is_caught_on_its_line() -> None:
    text = format_record(played_line())
    deck_line = line_number(text, "Deck:")
    first = text.splitlines()[deck_line - 1].split()[1]
    other = "AS" if first != "AS" else "2S"
    tampered = text.replace(f"Deck: {first}", f"Deck: {other}", 1)
    with pytest.raises(RecordError) as caught:
        parse_record(tampered)
    assert caught.value.line == deck_line
    assert "each card must appear once" in str(caught.value)


def test_a_swapped_deck_is_caught_against_the_seed() -> None:
    text = format_record(played_line())
    cards = text.splitlines()[line_number(text, "Deck:") - 1].split()[1:]
    cards[0], cards[1] = cards[1], cards[0]
    lines = text.splitlines()
    lines[line_number(text, "Deck:") - 1] = "Deck: " + " ".join(cards)
    with pytest.raises(RecordError, match="not the one seed 1 deals") as caught:
        parse_record("\n".join(lines))
    assert caught.value.line == line_number(text, "Deck:")


def test_a_changed_move_is_caught_on_its_line() -> None:
    text = format_record(played_line())
    lines = text.splitlines()
    target = line_number(text, "3.")
    number, move, *rest = lines[target - 1].split()
    replacement = "s" if move != "s" else "1"
    lines[target - 1] = " ".join([number, replacement, *rest])
    with pytest.raises(RecordError) as caught:
        replay(parse_record("\n".join(lines)))
    assert caught.value.line == target
    assert caught.value.move_number == 3


def test_a_legal_but_different_move_is_caught_by_its_description() -> None:
    # free-stock: turning instead of playing is legal, but the description disagrees
    line = Line.from_seed(GOLF, 1, ["free-stock"]).play("7").play("s")
    text = format_record(line)
    tampered = text.replace("1. 7 ", "1. s ", 1)
    with pytest.raises(RecordError, match="the record says") as caught:
        replay(parse_record(tampered))
    assert caught.value.line == line_number(text, "1.")


def test_a_truncated_record_is_caught() -> None:
    text = format_record(played_line())
    lines = text.splitlines()
    # the last move cut off: the result no longer matches
    with pytest.raises(RecordError, match="result") as caught:
        replay(parse_record("\n".join(lines[:-1])))
    assert caught.value.line == line_number(text, "Result:")
    # cut inside the deck line
    deck_line = line_number(text, "Deck:")
    cut = [*lines[: deck_line - 1], lines[deck_line - 1][:60]]
    with pytest.raises(RecordError) as caught:
        parse_record("\n".join(cut))
    assert caught.value.line == deck_line
    # cut before the moves
    with pytest.raises(RecordError, match="without a Moves"):
        parse_record("\n".join(lines[: deck_line + 1]))


def test_a_missing_move_number_is_caught() -> None:
    text = format_record(played_line())
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("5.")]
    with pytest.raises(RecordError, match="expected move number 5") as caught:
        parse_record("\n".join(lines))
    assert caught.value.line == line_number(text, "5.")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Game: golf\nMoves:\n", "no Deck"),
        ("Deck: AS\nMoves:\n", "no Game"),
        ("Game: chess\nDeck: AS\nMoves:\n", "unknown game"),
        ("Game golf\n", "expected a header"),
        ("Game: golf\nGame: golf\n", "appears twice"),
        (f"Game: golf\nOptions: wild\nDeck: {format_cards(deck_from_seed(1))}\nMoves:\n", "option"),
        (f"Game: golf\nSeed: x\nDeck: {format_cards(deck_from_seed(1))}\nMoves:\n", "seed"),
        (f"Game: golf\nDeck: {format_cards(deck_from_seed(1))}\nMoves:\n1. 7 2\n", "one move"),
    ],
)
def test_malformed_records_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(parse_record(text))


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("\u00b2. 7", "expected move number 1"),
        ("1" * 5000 + ". 7", "expected move number 1"),
        ("1. \u00b2", "not a Golf move"),
        ("1. " + "7" * 5000, "not a Golf move"),
    ],
    ids=[
        "superscript move number",
        "5,000-digit move number",
        "superscript column",
        "5,000-digit column",
    ],
)
def test_digits_int_refuses_are_a_mistake_of_the_record(moves: str, message: str) -> None:
    # str.isdigit passes them; int() refuses them (a ValueError, not a record's mistake)
    text = f"Game: golf\nDeck: {format_cards(deck_from_seed(1))}\nMoves:\n{moves}\n"
    with pytest.raises(RecordError, match=message):
        replay(parse_record(text))


def test_unnumbered_moves_and_comments_are_accepted() -> None:
    deck = format_cards(deck_from_seed(1))
    record = parse_record(f"# a note\nGame: golf\nDeck: {deck}\n\nMoves:\n7\n# more\ns\n")
    assert [move.notation for move in record.moves] == ["7", "s"]
    assert len(replay(record).moves) == 2
