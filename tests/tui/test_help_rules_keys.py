"""A game's rules in the help tell the player of the app what to press, not only what a
record writes: Rubbish Heap's said to throw a card with "`d` and the card, such as `d7H`"
(in the app d throws the card at place 13) and Three Squares' to "write `take:`" to choose
a sequence, with no word of the keys, where Golf's says "key G, or the move `give-up` in a
record"."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.tui.app import make_app
from parlour.tui.screens.help import HelpScreen

#: a move as a record writes it, which the rules may name beside the key that makes it
RECORDED = ("`d7H`", "`take:", "`give-up`")


@pytest.mark.parametrize("game", ["golf", "rubbish", "squares", "bytwos"])
async def test_the_rules_name_the_key_beside_a_records_move(
    private_data_dir: Path, game: str
) -> None:
    app = make_app(private_data_dir, game=game, seed=1, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.topic == game
        paragraphs = [" ".join(part.split()) for part in help_screen.topic_text().split("\n\n")]
        for paragraph in paragraphs:
            for move in RECORDED:
                if move in paragraph:
                    assert "in a record" in paragraph, paragraph
                    assert "key G" in paragraph or "on the board" in paragraph, paragraph
