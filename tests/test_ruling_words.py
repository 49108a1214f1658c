"""A ruling named in a message is given its title, except within words that came from
outside (a file's name), which are shown as they are."""

from __future__ import annotations

from parlour.help import ruling_titles
from parlour.help import with_ruling_words


def test_a_ruling_is_given_its_title() -> None:
    title = ruling_titles()["G3"]
    assert with_ruling_words("No (G3).") == f"No (G3: {title})."


def test_words_from_outside_are_left_as_they_are() -> None:
    title = ruling_titles()["R1"]
    message = "Replaying (R1) copy.txt: step on (R1)."
    said = with_ruling_words(message, outside=["(R1) copy.txt"])
    assert said == f"Replaying (R1) copy.txt: step on (R1: {title})."
    # (with nothing from outside, the first is titled, and the second is the same ruling)
    assert with_ruling_words(message, outside=[""]) == message.replace("(R1)", f"(R1: {title})", 1)


def test_a_ruling_named_twice_in_one_message_is_titled_once() -> None:
    """Rubbish Heap's last move said why the game ended and then that it was over, each
    with its (R5: the end)."""
    title = ruling_titles()["R5"]
    said = with_ruling_words(
        "The stock is empty and no card can reach a foundation any more (R5). "
        "Game over: blocked with 8 cards home (R5). Score 8."
    )
    assert said.count(f"(R5: {title})") == 1 and said.count("(R5)") == 1
    assert said.index(f"(R5: {title})") < said.index("(R5)")


def test_a_code_no_game_has_is_left_alone() -> None:
    assert "Z9" not in ruling_titles()
    assert with_ruling_words("(Z9)") == "(Z9)"
