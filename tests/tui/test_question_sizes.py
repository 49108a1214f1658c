"""The yes-or-no questions at the smallest terminals: a question needs no larger terminal
than the screen it is asked over (or, asked as the app opens, its game), and its panel
fits there, the words and both buttons in sight, the words scrolling where they are too
long for the room left. (The round question asked by ``parlour play golf --round`` once
asked for 60 × 20, a Golf round needing 40 × 12; and at 40 × 12 a question's panel was
taller than the terminal, its lower edge, or its buttons, cut off.)"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from typing import cast

from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Button

from parlour.engine.games.golf_plugin import FREE_STOCK
from parlour.store.database import Store
from parlour.tui.app import ParlourApp
from parlour.tui.app import make_app
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.sizing import MIN_HEIGHT
from parlour.tui.sizing import MIN_WIDTH
from parlour.tui.sizing import SizeWatch
from parlour.tui.sizing import is_size_notice

SMALLEST = (40, 12)
COURSE = 987_654_321_987  # (a long course code: "round WQTCHXT4")


def unfinished_rounds(data: Path, count: int, options: str = "none", moves: int = 0) -> None:
    """``count`` rounds, each with hole 1 scored and hole 2 not yet dealt (or, if it has
    ``moves``, left with that many played)."""
    store = Store(data)
    for course in range(COURSE, COURSE + count):
        round_id = store.start_round(course, options)
        store.finish_game(
            None, game="golf", options=options, seed=1, deck="", moves=[], won=False, score=5,
            summary="five left", round_id=round_id, hole=1,
        )  # fmt: skip
        if moves:  # (only counted by the question: never played on here)
            store.save_in_progress(
                None, game="golf", options=options, seed=2, deck="", moves=["1"] * moves,
                undone=[], round_id=round_id, hole=2,
            )  # fmt: skip
    store.close()


def shown(app: ParlourApp) -> str:
    """The terminal's lines as the app draws them now, as one text (words wrapped onto
    the next line joined again: ``either |\n| way`` reads ``either way``)."""
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    text = " ".join(line.strip(" |│") for line in lines)
    return re.sub(r"\s+", " ", text)


def question_on_top(app: ParlourApp) -> ConfirmScreen:
    """The question is on top: no notice that the terminal is too small covers it."""
    screen = app.screen
    assert not any(is_size_notice(s) for s in app.screen_stack), app.needed_size()
    assert isinstance(screen, ConfirmScreen), screen
    return screen


def question_in_sight(app: ParlourApp) -> ConfirmScreen:
    """The question is on top, its panel whole above the key bar, both buttons inside the
    panel."""
    screen = question_on_top(app)
    panel = screen.query_one("#confirm")
    keys = screen.query_one(KeyBar).region
    assert Region(0, 0, *app.size).contains_region(panel.region)
    assert panel.region.bottom <= keys.y, (panel.region, keys)
    for button in ("#confirm-yes", "#confirm-no"):
        region = screen.query_one(button, Button).region
        assert panel.content_region.contains_region(region), (button, region)
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
        screen = question_in_sight(app)
        assert "hole 2 of 9" in screen.question
        # the words fit whole, and the buttons say what answers them
        said = shown(app)
        assert "The unfinished one is kept either way." in said
        assert "Go on (y)" in said and "New round (n, Esc)" in said
        await pilot.press("y")  # the round goes on, at the terminal the question was at
        await settle(pilot)
        assert isinstance(app.screen, GolfScreen)


async def test_words_too_long_for_the_smallest_terminal_scroll_under_the_buttons(
    private_data_dir: Path,
) -> None:
    # "Golf (free stock) round … (in play: 12 moves played, today …) (and 1 other: see
    # the start screen)"
    unfinished_rounds(private_data_dir, 2, FREE_STOCK, moves=12)
    app = make_app(
        private_data_dir, new_round=True, options=frozenset({FREE_STOCK}), ascii_only=True
    )
    async with app.run_test(size=SMALLEST) as pilot:
        await settle(pilot)
        question_in_sight(app)
        said = shown(app)
        assert said.count("You have an unfinished round") == 1
        assert "kept either way." not in said  # below the room: scrolled to
        await pilot.press("tab")  # from the no button to the words
        await pilot.press("end")
        await settle(pilot)
        question_in_sight(app)
        assert "kept either way." in shown(app)
        await pilot.press("n")  # still answered by its key
        await settle(pilot)
        assert isinstance(app.screen, GolfScreen)


async def test_a_question_over_a_golf_board_fits_the_boards_smallest_terminal(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=True)
    async with app.run_test(size=SMALLEST) as pilot:
        await settle(pilot)
        await pilot.press("G")  # concede: asked first
        await settle(pilot)
        assert app.needed_size() == GolfScreen.MIN_SIZE
        question_in_sight(app)
        said = shown(app)
        assert "Concede this hole?" in said and "(playing on can only lower it)." in said


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
