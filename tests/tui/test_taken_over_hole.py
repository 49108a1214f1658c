"""A replay of a round's hole taken over: a game of its own, named by the hole it came
from (as the History names a round's hole), not by the hole's seed, in play, once resumed
and once finished."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable
from textual.widgets import OptionList

from parlour.engine.games.golf import GOLF
from parlour.engine.rounds import CourseHole
from parlour.session import Session
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from tests.serving import wait_until
from tests.tui.menu_helpers import history_opened
from tests.tui.menu_helpers import menu_read

COURSE = 12345
SIZE = (100, 32)


def finished_round(data: Path) -> tuple[int, int]:
    """A round of :data:`COURSE` played to its end (the first legal move each time): its
    id and its total."""
    store = Store(data)
    round_id = store.start_round(COURSE, "none")
    session: Session | None = Session.first_hole(store, round_id, COURSE, frozenset())
    while session is not None:
        while GOLF.outcome(session.state) is None:
            session.play(GOLF.legal_moves(session.state)[0])
        session = session.next_hole()
    stored = store.get_round(round_id)
    assert stored is not None and stored.is_complete
    store.close()
    return round_id, stored.total


def info(app: object) -> str:
    return str(app.screen.query_one("#info").render())  # type: ignore[attr-defined]


async def test_a_hole_taken_over_is_named_by_its_course_and_hole_till_it_is_finished(
    tmp_path: Path,
) -> None:
    """Taken over, a replay of a round's hole became "Golf seed 612…" (the hole's seed, a
    number the player sees nowhere else) in its information line, on the start screen
    and, finished, in the History and its replay."""
    round_id, total = finished_round(tmp_path)
    name = str(CourseHole(COURSE, 9))  # (the History lists the last hole first)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await menu_read(pilot)
        await history_opened(pilot)
        await pilot.press("enter")
        await wait_until(lambda: isinstance(app.screen, GameScreen), 30, "the replay")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        seed = screen.line.seed
        assert name in info(app), info(app)
        await pilot.press("right", "right", "t")
        await wait_until(lambda: screen.in_play, 30, "the take-over")
        await pilot.pause()
        assert screen.session.round is None  # a game of its own
        assert f"Golf · {name}" in info(app) and str(seed) not in info(app), info(app)
        await pilot.press("q")

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await menu_read(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        first = str(menu.get_option_at_index(0).prompt)
        assert first.startswith(f"Continue Golf {name} (2 moves played, "), first
        await pilot.press("enter")
        await wait_until(lambda: isinstance(app.screen, GameScreen), 30, "the game resumed")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.in_play
        assert f"Golf · {name}" in info(app) and str(seed) not in info(app), info(app)
        while GOLF.outcome(screen.session.state) is None:
            screen.session.play(GOLF.legal_moves(screen.session.state)[0])
        await pilot.pause()

    store = Store(tmp_path)
    finished = store.finished_games()[0]
    assert finished.round_id is None and finished.origin == CourseHole(COURSE, 9)
    stored = store.get_round(round_id)
    assert stored is not None and stored.total == total  # the round's score stands
    store.close()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await menu_read(pilot)
        await history_opened(pilot)
        table = app.screen.query_one(DataTable)
        assert table.get_row_at(0)[2] == name
        await pilot.press("enter")
        await wait_until(lambda: isinstance(app.screen, GameScreen), 30, "the replay")
        await pilot.pause()
        assert name in info(app) and str(seed) not in info(app), info(app)
