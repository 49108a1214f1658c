"""An app served to a browser deals a few games a minute: a visitor who conceded and dealt
again, over and over, added a finished game (about a kilobyte) to the player's history some
three times a second, without end. Each refusal leaves the game on the screen as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.registry import find_game
from parlour.tui.app import make_app
from parlour.tui.exports import DEALS_A_MINUTE
from parlour.tui.exports import deals
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets import StatusLine

GOLF = find_game("golf")


async def concede(pilot: Any) -> None:
    await pilot.press("G")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ConfirmScreen)
    await pilot.press("y")
    await pilot.pause()


async def test_a_served_app_deals_at_most_a_few_games_a_minute(private_data_dir: Path) -> None:
    now = [1000.0]
    app = make_app(private_data_dir, game="golf", seed=1, served="one-player")
    app.deals = deals(True, clock=lambda: now[0])
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for _ in range(DEALS_A_MINUTE - 1):  # (the first game was dealt as the app opened)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await concede(pilot)
            await pilot.press("n")
            await pilot.pause()
            assert app.screen is not screen  # a new deal's screen
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await concede(pilot)
        session = screen.session
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.session is session  # nothing dealt
        assert session.is_finished
        said = " ".join(str(n.message) for n in app._notifications)
        assert "Not dealt" in said and "try again in 60 s" in said
        now[0] += 60
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is not screen and isinstance(app.screen, GameScreen)
        assert not app.screen.session.is_finished


async def test_a_served_round_goes_on_to_its_next_hole_a_few_times_a_minute(
    private_data_dir: Path,
) -> None:
    now = [1000.0]
    app = make_app(private_data_dir, course=31, served="one-player")
    app.deals = deals(True, clock=lambda: now[0])
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(50):
            await pilot.pause(0.05)
            if isinstance(app.screen, GameScreen):
                break
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.round is not None
        assert screen.session.round.hole == 1
        for _ in range(DEALS_A_MINUTE - 1):  # (the round was dealt as the app opened)
            assert app.deals.refusal() == ""  # the minute's other deals
        await concede(pilot)
        while not isinstance(app.screen, GameScreen):  # the card after the hole
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert screen.session.round is not None and screen.session.round.hole == 1
        assert "Not dealt" in str(screen.query_one(StatusLine).render())
        now[0] += 60
        await pilot.press("n")
        await pilot.pause()
        assert screen.session.round is not None and screen.session.round.hole == 2
        assert not screen.session.is_finished


async def test_a_served_app_takes_over_a_replay_a_few_times_a_minute(tmp_path: Path) -> None:
    line = Line.from_seed(GOLF, 6)
    for _ in range(3):
        line = line.play(GOLF.legal_moves(line.current)[0])
    now = [1000.0]
    app = make_app(tmp_path, replay_text=format_record(line), served="one-player")
    app.deals = deals(True, clock=lambda: now[0])
    for _ in range(DEALS_A_MINUTE):
        assert app.deals.refusal() == ""  # the minute's deals, used up elsewhere
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.in_play
        await pilot.press("right", "t")
        assert not screen.in_play and screen.line.current == line.states[1]
        assert "Not dealt" in str(screen.query_one(StatusLine).render())
        now[0] += 60
        await pilot.press("t")
        assert screen.in_play and screen.session.state == line.states[1]
