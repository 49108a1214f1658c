"""The yes-or-no questions at the smallest terminals: a question needs no larger terminal
than the screen it is asked over (or, asked as the app opens, its game). (The round
question asked by ``parlour play golf --round`` once asked for 60 × 20, a Golf round
needing 40 × 12.)"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any
from typing import cast

from textual.screen import Screen

from parlour.store.database import Store
from parlour.tui.app import ParlourApp
from parlour.tui.app import make_app
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.sizing import MIN_HEIGHT
from parlour.tui.sizing import MIN_WIDTH
from parlour.tui.sizing import SizeWatch
from parlour.tui.sizing import is_size_notice

SMALLEST = (40, 12)
COURSE = 987_654_321_987  # (a long course code: "round WQTCHXT4")


def unfinished_rounds(data: Path, count: int, options: str = "none") -> None:
    """``count`` rounds, each with hole 1 scored and hole 2 not yet dealt."""
    store = Store(data)
    for course in range(COURSE, COURSE + count):
        round_id = store.start_round(course, options)
        store.finish_game(
            None, game="golf", options=options, seed=1, deck="", moves=[], won=False, score=5,
            summary="five left", round_id=round_id, hole=1,
        )  # fmt: skip
    store.close()


def question_on_top(app: ParlourApp) -> ConfirmScreen:
    """The question is on top: no notice that the terminal is too small covers it."""
    screen = app.screen
    assert not any(is_size_notice(s) for s in app.screen_stack), app.needed_size()
    assert isinstance(screen, ConfirmScreen), screen
    return screen


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.pause(0.05)


async def test_the_round_question_as_the_app_opens_needs_only_a_golf_rounds_terminal(
    private_data_dir: Path,
) -> None:
    unfinished_rounds(private_data_dir, 1)
    app = make_app(private_data_dir, new_round=True, ascii_only=True)
    async with app.run_test(size=SMALLEST) as pilot:
        await settle(pilot)
        assert app.needed_size() == GolfScreen.MIN_SIZE == SMALLEST
        screen = question_on_top(app)
        assert "hole 2 of 9" in screen.question
        await pilot.press("y")  # the round goes on, at the terminal the question was at
        await settle(pilot)
        assert isinstance(app.screen, GolfScreen)


def test_a_question_asks_what_its_game_needs_and_no_less_than_it_needs_itself() -> None:
    """Over no screen that says its size, a question needs its game's (else the app's
    60 × 20); over one that says, that screen's; never less than it is laid out for."""

    def needed(*stack: Any) -> tuple[int, int]:
        return SizeWatch.needed_size(cast(SizeWatch, SimpleNamespace(screen_stack=stack)))

    golf = GolfScreen.MIN_SIZE
    assert needed(Screen(), ConfirmScreen("Go on?", alone_size=golf)) == golf
    assert needed(Screen(), ConfirmScreen("Go on?")) == (MIN_WIDTH, MIN_HEIGHT)
    assert needed(Screen(), ConfirmScreen("Go on?", alone_size=(20, 6))) == (40, 12)
    assert needed(SimpleNamespace(MIN_SIZE=(100, 8)), ConfirmScreen("Go on?")) == (100, 12)
