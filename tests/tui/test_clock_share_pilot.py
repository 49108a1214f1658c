"""The game's clock (running only while the board is in front and the game is played),
the share code (y: shown and copied; parlour play --deal plays it), and the theme and the
four-colour deck switched from inside a game (T, F), in the app (Textual Pilot)."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from textual.widgets import Static

from parlour.engine.rounds import course_code
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.pause import PauseScreen
from parlour.tui.widgets import CardArtWidget
from parlour.tui.widgets import StatusLine
from tests.terminal import Terminal
from tests.tui.test_golf_pilot import play_hole_with_actions


class FakeClock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def clocked(data: Path, game: str, seed: int) -> tuple[Any, FakeClock]:
    """An app on a deal whose clock is a fake one, which only the test moves."""
    clock = FakeClock()
    app = make_app(data, game=game, seed=seed, ascii_only=True)
    app.clock_source = clock
    return app, clock


async def board(app: Any, pilot: Any) -> GameScreen:
    """The game's screen, once it is up."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def info(screen: GameScreen) -> str:
    screen.sitting.tick()
    return str(screen.query_one("#info", Static).render())


def status(screen: GameScreen) -> str:
    return str(screen.query_one(StatusLine).render())


async def test_the_clock_runs_only_while_the_game_is_played_in_front(
    private_data_dir: Path,
) -> None:
    app, clock = clocked(private_data_dir, "golf", 42)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await board(app, pilot)
        assert info(screen).endswith("· 0:00")
        clock.now += 65
        assert info(screen).endswith("· 1:05")
        # p pauses: the board is hidden and the clock stops
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PauseScreen)
        clock.now += 600
        assert info(screen).endswith("· 1:05 paused")
        await pilot.press("p")
        await pilot.pause()
        assert app.screen is screen
        clock.now += 5
        assert info(screen).endswith("· 1:10")
        # the help stops it too, and so does the menu
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is not screen
        clock.now += 300
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert info(screen).endswith("· 1:10")
        await pilot.press("escape")  # the start screen: the game's clock stops
        await pilot.pause()
        assert app.screen is not screen
        assert not screen.sitting.clock.running


async def test_an_hour_reads_h_mm_ss_and_the_end_stops_the_clock(private_data_dir: Path) -> None:
    app, clock = clocked(private_data_dir, "golf", 42)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await board(app, pilot)
        for _ in range(11):  # an hour of play, a key every few minutes (never idle)
            clock.now += 300
            screen.sitting.touched()
        clock.now += 370
        screen.sitting.touched()
        assert info(screen).endswith("· 1:01:10")
        play_hole_with_actions(screen)  # type: ignore[arg-type]
        await pilot.pause()
        clock.now += 100
        assert info(screen).endswith("· 1:01:10")
        await pilot.press("p")  # nothing to pause now
        await pilot.pause()
        assert app.screen is screen


async def test_the_clock_pauses_with_capital_p_where_p_is_the_game_s_own(
    private_data_dir: Path,
) -> None:
    app, clock = clocked(private_data_dir, "squares", 3)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await board(app, pilot)
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, PauseScreen)
        clock.now += 50
        await pilot.press("space")
        await pilot.pause()
        assert info(screen).endswith("· 0:00")


async def test_y_shows_and_copies_the_deal_s_code(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="golf", seed=42, options=frozenset({"free-stock"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.clipboard == "golf+free-stock/1A"
        assert "golf+free-stock/1A" in " ".join(status(app.screen).split())


async def test_y_in_a_round_gives_the_course(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, course=1234567)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.clipboard == f"golf/round/{course_code(1234567)}" == "golf/round/15NM7"
        assert "golf/round/15NM7" in status(app.screen)


def test_the_code_copied_in_a_terminal_plays_the_same_deal(private_data_dir: Path) -> None:
    """In a real pseudo-terminal: y writes the code to the clipboard (OSC 52) and shows it;
    parlour play --deal with that code opens the same deal with the same options."""
    terminal = Terminal(private_data_dir, "play", "rubbish", "--seed", "77", width=80, height=24)
    try:
        terminal.wait_for("seed 77")
        terminal.press("y")
        code = "rubbish/2D"
        terminal.wait_for(f"\x1b]52;c;{base64.b64encode(code.encode()).decode()}\x07")
        terminal.press("q")
        assert terminal.wait_to_end() == 0
    finally:
        terminal.close()
    env = dict(os.environ, PARLOUR_DATA_DIR=str(private_data_dir))
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "play", "--deal", code, "--plain"],
        input="quit\n", capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "seed 77" in done.stdout.splitlines()[0]


def test_a_bad_code_is_one_clear_line(private_data_dir: Path) -> None:
    env = dict(os.environ, PARLOUR_DATA_DIR=str(private_data_dir))
    for code in ("golf/\x1b]0;pwned\x07", "golf+nothing/1", "rubbish/round/1", "x" * 5000):
        done = subprocess.run(
            [sys.executable, "-m", "parlour", "play", "--deal", code],
            capture_output=True, text=True, env=env, timeout=60, check=False,
        )  # fmt: skip
        assert done.returncode == 2
        assert done.stdout == ""
        [line] = done.stderr.splitlines()
        assert line.startswith("parlour: share code ")
        assert "\x1b" not in line and "\x07" not in line and len(line) < 200


async def test_t_and_f_switch_the_running_board_and_are_saved(
    private_data_dir: Path, tmp_path: Path
) -> None:
    app = make_app(private_data_dir, game="golf", seed=42)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = app.theme
        pile = screen.query(CardArtWidget).first()
        assert pile.card_styles().suits is None
        await pilot.press("T")
        await pilot.pause()
        assert app.theme != before
        assert f"Theme: {app.theme}" in status(screen)
        await pilot.press("F")
        await pilot.pause()
        assert app.four_colour
        suits: Any = pile.card_styles().suits
        assert suits is not None and len({str(style.color) for style in suits.values()}) == 4
        assert "Four-colour deck: on" in status(screen)
        theme = app.theme
    saved = tomllib.loads((tmp_path / "parlour-config" / "config.toml").read_text())
    assert saved["theme"] == theme and saved["four_colour"] is True


async def test_the_info_line_says_paused_as_soon_as_a_question_covers_the_board(
    private_data_dir: Path,
) -> None:
    """The clock stopped under a question at once, but the information line said so only
    at its next tick, up to a second later (so a question's first look and its next could
    differ, on a loaded machine)."""
    app, _ = clocked(private_data_dir, "golf", 1)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await board(app, pilot)
        await pilot.press("7", "n")  # a move, then a new deal: asked about
        await pilot.pause()
        assert app.screen is not screen
        shown = str(screen.query_one("#info", Static).render())  # (no tick asked for)
        assert shown.endswith("0:00 paused")
        await pilot.press("n")  # no: back to the board
        await pilot.pause()
        assert app.screen is screen
        assert str(screen.query_one("#info", Static).render()).endswith("· 0:00")
