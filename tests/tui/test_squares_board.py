"""Three Squares's board drawn by lines: a click on each heap and on the pack plays as its
keys do, at a small, a middle and a large terminal; and the board keeps each line once
drawn, drawing again only what changed: after every kind of change (moves, undo and
redo, a heap chosen, a sequence pointed at, a theme, the four-colour deck, ASCII, other
sizes of terminal and of card) each line it shows is the line it draws from nothing, and
the screen shows it."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_state import FORMING
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase
from parlour.engine.record import format_record
from parlour.tui.app import make_app
from parlour.tui.screens.squares import SquaresScreen
from parlour.tui.screens.squares_board import WIDE
from parlour.tui.screens.squares_board import SquaresBoard
from parlour.tui.widgets import StatusLine
from tests.tui.board_helpers import click_middle
from tests.tui.board_helpers import kept_through
from tests.tui.board_helpers import move_words
from tests.tui.board_helpers import text_in_ascii

from .squares_helpers import SEED
from .squares_helpers import player_line

SIZES = [(60, 20), (100, 32), (200, 60)]


def keys_of(key: str) -> list[str]:
    """The keys that choose a heap (its square's number, then its letter) or the pack."""
    return ["p"] if key == "pack" else list(key)


def seen(screen: SquaresScreen) -> tuple[Any, ...]:
    return screen.session.state, len(screen.session.line.moves), screen.controls.chosen


@pytest.mark.parametrize("size", SIZES)
async def test_a_click_on_each_heap_and_the_pack_does_what_its_keys_do(
    private_data_dir: Path, size: tuple[int, int]
) -> None:
    """Building: a click on a heap or the pack (the first half of a move, or the second)
    leaves the game, the half move and the status line where its keys leave them."""
    line = player_line(SEED, 20)
    assert line.current.phase is Phase.BUILDING
    app = make_app(private_data_dir, record_text=format_record(line), ascii_only=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SquaresScreen)
        played = chosen = refused = 0
        # (a narrow terminal shows the pack's count in a line under the squares: no pack)
        shown = screen.query_one(SquaresBoard).areas()
        assert ("pack" in shown) == (size[0] >= WIDE)
        assert all(name in shown for name in HEAP_NAMES)  # (three squares formed)
        for _ in range(2):
            for key in [key for key in [*HEAP_NAMES, "pack"] if key in shown]:
                before = seen(screen)
                await click_middle(pilot, key)
                clicked = (*seen(screen), move_words(app))
                # back to where the click found the game, to press the keys there
                if clicked[1] > before[1]:
                    played += 1
                    await pilot.press("u")  # (an undo lets go of a half move)
                elif clicked[2] != before[2]:
                    chosen += 1
                    if clicked[2] is not None:
                        await pilot.press("escape")
                else:
                    refused += 1
                if before[2] is not None and screen.controls.chosen is None:
                    kind, index = before[2]
                    await pilot.press(*keys_of("pack" if kind == "pack" else HEAP_NAMES[index]))
                assert seen(screen) == before, key
                await pilot.press(*keys_of(key))
                await pilot.pause()
                assert (*seen(screen), move_words(app)) == clicked, key
        assert played and chosen and refused


async def forming(pilot: Any, app: Any) -> SquaresScreen:
    """The screen of a deal whose third square is being formed, once it is up."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SquaresScreen)
    assert screen.session.state.phase in FORMING and screen.session.state.squares == 2
    return screen


async def as_its_key(pilot: Any, app: Any, screen: SquaresScreen, key: str, what: str) -> None:
    """What the click just made took a sequence, and pressing ``key`` instead (after an undo)
    does the same, and says the same; undone after."""
    start = SQUARES.start_from_seed(SEED)
    clicked = (screen.session.state, move_words(app))
    assert clicked[0] != start, what
    await pilot.press("u")
    assert screen.session.state == start
    await pilot.press(key)
    await pilot.pause()
    assert (screen.session.state, move_words(app)) == clicked, what
    await pilot.press("u")


@pytest.mark.parametrize("size", SIZES)
async def test_a_click_on_a_heap_on_offer_takes_its_sequence_as_its_number_does(
    private_data_dir: Path, size: tuple[int, int]
) -> None:
    """Forming a square: a click on a heap of a sequence on offer takes that sequence, as
    its number does; a click on another heap is refused and changes nothing."""
    app = make_app(private_data_dir, game="squares", seed=SEED, ascii_only=False)
    async with app.run_test(size=size) as pilot:
        screen = await forming(pilot, app)
        start = screen.session.state
        marks = {heap.title: heap.mark for heap in screen.query_one(SquaresBoard).view.shown}
        assert sorted(set(marks.values()) - {""}) == ["1", "2"]
        shown = screen.query_one(SquaresBoard).areas()
        assert [key for key in HEAP_NAMES if key in shown] == list(HEAP_NAMES[:8])  # (two squares)
        for key in HEAP_NAMES[:8]:
            await click_middle(pilot, key)
            if not marks[key]:
                assert screen.session.state == start
                assert screen.query_one(StatusLine).has_class("-refused"), key
                continue
            await as_its_key(pilot, app, screen, marks[key], key)
        assert screen.session.state == SQUARES.start_from_seed(SEED)


@pytest.mark.parametrize("size", SIZES)
async def test_a_click_on_a_sequence_on_offer_in_the_note_takes_it_as_its_number_does(
    private_data_dir: Path, size: tuple[int, int]
) -> None:
    """Forming a square: each line of its note that offers a sequence ("[1] 9♦ 8♦ (1a 2b)")
    takes that sequence when clicked, on any of its lines, as its number does; the note's
    other lines do nothing."""
    app = make_app(private_data_dir, game="squares", seed=SEED, ascii_only=False)
    async with app.run_test(size=size) as pilot:
        screen = await forming(pilot, app)
        start = screen.session.state
        board = screen.query_one(SquaresBoard)
        shown = board.areas()
        offered = [key for key in shown if key.startswith("sequence ")]
        assert offered == ["sequence 1", "sequence 2"]
        title = shown["sequence 1"].y - 1  # "Not formed yet: choose …"
        assert await pilot.click(offset=(shown["sequence 1"].x + 2, title))
        await pilot.pause()
        assert screen.session.state == start
        for number, key in enumerate(offered, start=1):
            for line in (0, -1):  # its first line, its last
                # (where it is drawn now: a longer message under the board may move it)
                place = board.areas()[key]
                y = place.y if line == 0 else place.bottom - 1
                assert await pilot.click(offset=(place.x + place.width // 2, y))
                await pilot.pause()
                await as_its_key(pilot, app, screen, str(number), key)
        assert screen.session.state == start


async def test_the_lines_kept_are_the_lines_drawn_anew(private_data_dir: Path) -> None:
    line = player_line(SEED, 20)
    app = make_app(private_data_dir, record_text=format_record(line), ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SquaresScreen)
        board = screen.query_one(SquaresBoard)
        # a heap chosen, a run moved, undone and redone, the pack chosen and a space
        # filled, the cursor moved, the theme and the four-colour deck switched, other
        # sizes of terminal (narrow, short, large cards) and back
        moves = [move for move in line.current.legal if isinstance(move, HeapMove)]
        source = HEAP_NAMES[moves[0].source]
        steps: list[Any] = [*source, "escape", "p", "3", "a", "u", "r", "right", "down"]
        steps += ["T", "F", (60, 20), (77, 24), (200, 60), (100, 32)]
        drawn = await kept_through(pilot, app, board, steps)
        # (every step changed what the board shows)
        assert all(before != after for before, after in pairwise(drawn))
        assert screen.session.state == SQUARES.apply(line.current, "p-3a")
        assert screen.controls.chosen is None
        text = await text_in_ascii(pilot, app, board, drawn[-1])
        assert "♠" not in text and "╭" not in text and "+" in text
