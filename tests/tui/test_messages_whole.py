"""Every message is readable whole: each game's longest message (found by playing a deal) at
the game's smallest terminal, at 60 x 20 and at 80 x 24 shows whole on the status line or
cut with "l: all", l showing it whole; the status line never covers the board; and the
information line drops its less important parts before the live verdict."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from parlour.engine.registry import specs
from parlour.render import cards_as_shown
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.messages import MessagesScreen
from parlour.tui.screens.sitting import VERDICT_BELOW
from parlour.tui.screens.sitting import info_line
from parlour.tui.widgets import StatusLine
from tests.tui.message_helpers import check_message_whole
from tests.tui.message_helpers import play_for_longest_message


def sizes(spec: Any) -> list[tuple[int, int]]:
    least = spec.screen().MIN_SIZE
    return sorted({least, (60, 20), (80, 24)})


@pytest.mark.parametrize(
    ("game", "size"),
    [(spec.id, size) for spec in specs() for size in sizes(spec)],
)
async def test_the_longest_message_is_whole_or_a_key_away(
    private_data_dir: Path, game: str, size: tuple[int, int]
) -> None:
    app = make_app(private_data_dir, game=game, seed=11, ascii_only=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        longest = play_for_longest_message(screen)
        screen.status(longest)
        await pilot.pause()
        check_message_whole(screen, longest)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, MessagesScreen)
        texts = [" ".join(str(w.render()).split()) for w in app.screen.query(".message")]
        assert " ".join(cards_as_shown(longest, False).split()) in texts
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_a_message_fills_the_room_the_board_leaves(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="rubbish", seed=11, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        message = " ".join(f"word{n}" for n in range(200))
        screen.status(message)
        await pilot.pause()
        check_message_whole(screen, message)
        status = screen.query_one("#status")
        assert status.size.height > 1  # more than one line where the board leaves room


def test_the_information_line_keeps_the_verdict_before_the_details() -> None:
    full, short = "Golf · seed 1 · move 0 · score 35", "Golf · move 0 · score 35"
    verdict = "the links cannot be cleared (best 13)"
    assert info_line(full, short, "0:00", verdict, 200).endswith(
        "live verdict (peeks at hidden cards): " + verdict
    )
    at_100 = info_line(full, short, "0:00", verdict, 98)
    assert verdict in at_100 and len(at_100) <= 98
    narrow = info_line(full, short, "0:00", verdict, 38)
    assert narrow.endswith(VERDICT_BELOW) and len(narrow) <= 38


async def test_a_verdict_too_wide_for_the_information_line_is_said_below(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.assistant.verdict_on = True
        screen.assistant.verdict_text = "the links cannot be cleared (best 13)"
        screen.show_info()
        await pilot.pause()
        info = str(screen.query_one("#info", Static).render())
        assert info.endswith(VERDICT_BELOW)
        said = screen.query_one("#status").said[-1]  # type: ignore[attr-defined]
        assert "(best 13)" in said


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
async def test_the_log_keeps_why_moves_are_not_saved(private_data_dir: Path, game: str) -> None:
    """A message too long for the status line is cut, and what it adds about saving comes
    last, so it is cut away first: ``l`` must show it, in every game alike."""
    app = make_app(private_data_dir, game=game, seed=11, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert session is not None
        session.unsaved = "the disk is full"
        message = " ".join(f"word{n}" for n in range(200))
        screen.status(message)
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert status.cut
        assert "the disk is full" not in status.shown_text()
        assert status.said[-1] == f"{message} Moves are not being saved: the disk is full."


async def test_the_log_says_how_many_earlier_messages_it_no_longer_keeps(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, game="golf", seed=11, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        kept = StatusLine.LOG_LENGTH
        for number in range(kept + 7):
            screen.status(f"Message number {number}.")
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, MessagesScreen)
        texts = [" ".join(str(w.render()).split()) for w in app.screen.query(".message")]
        # the game's first words and six of these went; the log says so before the rest
        status = screen.query_one(StatusLine)
        assert status.dropped >= 7
        assert (
            texts[0]
            == f"({status.dropped} earlier messages no longer kept: the last {kept} follow.)"
        )
        assert texts[1:] == status.said
        assert texts[-1] == f"Message number {kept + 6}."
        assert len(texts) == kept + 1
