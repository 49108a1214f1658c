"""What the tests of the boards drawn by lines share: a board's lines as it keeps them
and as it draws them from nothing, and what the screen shows of it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.segment import Segment

from parlour.session import DELAYED_WORDS
from parlour.session import RECOVERED_WORDS
from parlour.tui.board import LineBoard
from parlour.tui.widgets import StatusLine

Lines = list[list[Segment]]


def lines(board: LineBoard) -> Lines:
    return [list(board.render_line(y)) for y in range(board.size.height)]


def check_kept_lines(board: LineBoard) -> Lines:
    """The board's kept lines, checked to be the lines it draws from nothing."""
    kept = lines(board)
    board.forget()
    fresh = lines(board)
    assert kept == fresh
    return kept


def move_words(app: Any) -> str:
    """The status line's words about the last move, without what it adds about saving: a
    write that waits half a second on a busy machine adds "delayed", then "works again",
    whichever way the move was chosen."""
    return without_saving_news(str(app.screen.query_one(StatusLine).render()))


def without_saving_news(text: str) -> str:
    """A status line's words without what it adds about saving (which a slow write adds)."""
    for news in (DELAYED_WORDS, RECOVERED_WORDS):
        text = text.replace(news, "")
    return text.rstrip()


def on_screen(app: Any, board: LineBoard) -> list[str]:
    region = board.content_region
    return [
        strip.text[region.x : region.right]
        for strip in app.screen._compositor.render_strips()[region.y : region.bottom]
    ]


async def kept_through(pilot: Any, app: Any, board: LineBoard, steps: Sequence[Any]) -> list[Lines]:
    """The board's lines before and after each step (a key pressed, or a terminal's size
    as a pair), checking after each that the kept lines are the lines drawn from nothing
    and that the screen shows them."""
    seen = [check_kept_lines(board)]
    for step in steps:
        if isinstance(step, tuple):
            await pilot.resize_terminal(*step)
        else:
            await pilot.press(step)
        await pilot.pause()
        drawn = check_kept_lines(board)
        assert on_screen(app, board) == ["".join(s.text for s in line) for line in drawn]
        seen.append(drawn)
    return seen


async def text_in_ascii(pilot: Any, app: Any, board: LineBoard, before: Lines) -> str:
    """The board's text once ASCII is switched on, its kept lines checked and changed."""
    app.set_ascii(True)  # (the screen's filter makes the rest of the board ASCII)
    await pilot.pause()
    drawn = check_kept_lines(board)
    assert drawn != before
    return "".join(segment.text for line in drawn for segment in line)


def area(pilot: Any, key: str) -> Any:
    """Where the board on the screen places the pile ``key``."""
    return pilot.app.screen.query_one(LineBoard).areas()[key]


async def click_pile(pilot: Any, key: str, *, top: bool = False) -> None:
    """Click the pile ``key`` where the board draws it, in the middle of its first line
    (``top``: a title, where it has one) or of its last."""
    place = area(pilot, key)
    y = place.y if top else place.bottom - 1
    assert await pilot.click(offset=(place.x + place.width // 2, y))
    await pilot.pause()


async def click_middle(pilot: Any, key: str) -> None:
    """Click the pile ``key`` in the middle of where the board draws it."""
    place = area(pilot, key)
    assert await pilot.click(offset=(place.x + place.width // 2, place.y + place.height // 2))
    await pilot.pause()
