"""The start screen's player, statistics and today's course, driven with the keys."""

from __future__ import annotations

from datetime import UTC
from datetime import date
from datetime import datetime
from datetime import timedelta
from pathlib import Path

from rich.console import Console
from textual.widgets import Input
from textual.widgets import OptionList
from textual.widgets import Static
from textual_plotext import PlotextPlot

from parlour.engine.rounds import course_code
from parlour.engine.rounds import daily_course
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.player import PlayerScreen
from parlour.tui.screens.statistics import StatisticsScreen
from tests.tui.menu_helpers import menu_read


def menu_entries(app: object) -> list[str]:
    menu = app.screen.query_one("#menu", OptionList)  # type: ignore[attr-defined]
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def choose(pilot: object, app: object, starts: str) -> None:
    await menu_read(pilot)
    entries = menu_entries(app)
    index = next(i for i, entry in enumerate(entries) if entry.startswith(starts))
    menu = app.screen.query_one("#menu", OptionList)  # type: ignore[attr-defined]
    menu.highlighted = index
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


def finish(store: Store, game: str, score: int, won: bool) -> None:
    store.finish_game(None, game=game, options="none", seed=score, deck="", moves=[],
                      won=won, score=score, summary="")  # fmt: skip


async def test_switching_to_a_new_player_and_back(private_data_dir: Path) -> None:
    finish(Store(private_data_dir, player="ann"), "rubbish", 52, True)
    app = make_app(private_data_dir, player="ann")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert "Player: ann (switch to another)" in menu_entries(app)
        await choose(pilot, app, "Player: ")
        assert isinstance(app.screen, PlayerScreen)
        box = app.screen.query_one("#new-player", Input)
        box.focus()
        await pilot.press(*"bo;b", "enter")
        assert isinstance(app.screen, PlayerScreen)  # refused, said why
        assert "not ';'" in str(app.screen.query_one("#player-said", Static).render())
        box.value = "bob"
        await pilot.press("enter")
        await pilot.pause()
        assert app.store is not None and app.store.player == "bob"
        assert "Player: bob (switch to another)" in menu_entries(app)
        assert app.store.finished_games() == []  # ann's game is hers
        await choose(pilot, app, "Player: ")
        listing = app.screen.query_one("#players", OptionList)
        names = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert names == ["ann", "bob (playing now)"]
        listing.highlighted = 0
        await pilot.press("enter")
        await pilot.pause()
        assert app.store.player == "ann" and len(app.store.finished_games()) == 1


async def test_the_statistics_screen_shows_the_figures_and_plots(private_data_dir: Path) -> None:
    ann = Store(private_data_dir, player="ann")
    for score, won in ((30, False), (52, True), (52, True)):
        finish(ann, "rubbish", score, won)
    app = make_app(private_data_dir, player="ann")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await choose(pilot, app, "Statistics")
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        await pilot.pause()
        plots = list(screen.query(PlotextPlot))
        assert len(plots) == 1  # one game played: its scores (no Golf rounds yet)
        console = Console(width=100, record=True)
        console.print(screen.query_one("#figures", Static).content)  # type: ignore[arg-type]
        shown = console.export_text()
        assert "Statistics of ann" in shown and "Rubbish Heap" in shown and "66.7%" in shown
        await pilot.press("escape")
        assert not isinstance(app.screen, StatisticsScreen)


async def test_todays_course_is_offered_and_played(private_data_dir: Path) -> None:
    code = course_code(daily_course("golf", date(2026, 11, 25)))
    assert code == "BPV45VJ1"
    app = make_app(private_data_dir, today=date(2026, 11, 25))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert f"Golf: today's course ({code}, book rule)" in menu_entries(app)
        await choose(pilot, app, "Golf: today's course")
        screen = app.screen
        assert isinstance(screen, GolfScreen) and screen.session is not None
        assert screen.session.round is not None
        assert screen.session.round.round.code == code and screen.session.round.hole == 1


async def test_todays_course_says_its_rule_when_another_is_chosen(private_data_dir: Path) -> None:
    """With free stock chosen (f), the other Golf entries said "(free stock)" and today's
    course said no rule, yet it opens under the book rule, as every player's day does."""
    code = course_code(daily_course("golf", date(2026, 11, 25)))
    app = make_app(private_data_dir, today=date(2026, 11, 25))
    async with app.run_test(size=(100, 32)) as pilot:
        await menu_read(pilot)
        await pilot.press("f")
        await pilot.pause()
        entries = menu_entries(app)
        assert "Golf: a round of nine holes (free stock)" in entries
        assert f"Golf: today's course ({code}, book rule)" in entries
        await choose(pilot, app, "Golf: today's course")
        screen = app.screen
        assert isinstance(screen, GolfScreen) and screen.session is not None
        assert screen.session.round is not None
        assert screen.session.round.round.options == frozenset()


async def test_todays_course_finished_shows_its_score(private_data_dir: Path) -> None:
    """The menu's entry for today's course gives the player's score once they have
    finished it (read from the store off the event loop)."""
    store = Store(private_data_dir)
    today = datetime.now(UTC).date()
    round_id = store.start_round(daily_course("golf", today), "none")
    for hole in range(1, 10):
        store.finish_game(
            None, game="golf", options="none", seed=hole, deck="", moves=[], won=False,
            score=hole % 3, summary="", round_id=round_id, hole=hole,
        )  # fmt: skip
    stored = store.get_round(round_id)
    store.close()
    assert stored is not None and stored.is_complete and stored.finished is not None
    day = date.fromisoformat(stored.finished[:10])  # (the day it was finished, in UTC)
    code = course_code(daily_course("golf", day))
    app = make_app(private_data_dir, today=day)
    async with app.run_test(size=(100, 32)) as pilot:
        await menu_read(pilot)
        score = sum(hole % 3 for hole in range(1, 10))
        words = f"Golf: today's course ({code}, book rule)"
        assert f"{words}: your score today {score}" in menu_entries(app)
    later = make_app(private_data_dir, today=day + timedelta(days=1))
    async with later.run_test(size=(100, 32)) as pilot:
        await menu_read(pilot)
        code = course_code(daily_course("golf", day + timedelta(days=1)))
        assert f"Golf: today's course ({code}, book rule)" in menu_entries(later)
