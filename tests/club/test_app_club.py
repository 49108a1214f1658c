"""The club in the app: after a round's last hole the app asks whether to send it, sends it
in a worker and says where it stands; with the club out of reach it says so at once and
the round waits to be sent later."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import OptionList
from textual.widgets._toast import Toast

from parlour.clubclient.outbox import to_send
from parlour.engine.rounds import course_code
from parlour.store.config import Loaded
from parlour.store.config import Settings
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.screens.club_send import send_rounds
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.scorecard import ScorecardScreen
from tests.club.helpers import hostile_club
from tests.club.postgres import free_port
from tests.test_cli_match import play_round
from tests.tui.test_golf_pilot import play_hole_with_actions
from tests.tui.test_round_export import COURSE

pytestmark = pytest.mark.xdist_group("club")

COURSE_CODE = course_code(COURSE)


def eight_holes(data: Path, player: str) -> None:
    """``player`` has played the first eight holes of COURSE (the first legal move each
    time) and has the ninth dealt."""
    from parlour.session import Session

    store = Store(data, player=player)
    session: Session | None = Session.new_round(store, COURSE, frozenset())
    for _ in range(8):
        assert session is not None
        while not session.is_finished:
            session.play(session.rules.legal_moves(session.state)[0])
        session = session.next_hole()
    store.close()


def joined(url: str, tmp_path: Path, when: str = "ask") -> Loaded:
    return Loaded(Settings(club_url=url, club_submit=when), tmp_path / "config.toml", True)


def toasts(app: Any) -> str:
    return "\n".join(str(toast.render()) for toast in app.screen.query(Toast))


async def last_hole(app: Any, pilot: Any) -> None:
    """Play the round's ninth hole in the app, to its scorecard."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GolfScreen) and screen.session.round.hole == 9
    play_hole_with_actions(screen)
    # the hole's finish is written by the app's writer; its card follows once it is
    assert app.writer.flush(10)
    for _ in range(100):
        await pilot.pause(0.05)
        if not isinstance(app.screen, GolfScreen):
            break
    await pilot.pause()


async def wait_for_toast(app: Any, pilot: Any, words: str) -> str:
    for _ in range(200):  # the worker's call has a timeout of its own; this bounds the test
        await pilot.pause(0.05)
        if words in toasts(app):
            return toasts(app)
    raise AssertionError(f"no notification saying {words!r}: {toasts(app)!r}")


async def test_after_the_last_hole_the_app_asks_and_sends_the_round(
    sqlite_club: str, private_data_dir: Path, tmp_path: Path
) -> None:
    eight_holes(private_data_dir, "Iris")
    app = make_app(
        private_data_dir, course=COURSE, player="Iris", config=joined(sqlite_club, tmp_path)
    )
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await last_hole(app, pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert f"Send this round to the club at {sqlite_club}?" in app.screen.question
        await pilot.press("y")
        said = await wait_for_toast(app, pilot, "sent to the club")
        assert "place 1 of 1" in said
        assert isinstance(app.screen, ScorecardScreen)
    store = Store(private_data_dir, player="Iris")
    try:
        assert to_send(store, private_data_dir, sqlite_club, COURSE) == []  # sent: not again
    finally:
        store.close()


async def test_with_the_club_out_of_reach_the_round_waits(
    private_data_dir: Path, tmp_path: Path
) -> None:
    nowhere = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    eight_holes(private_data_dir, "Jo")
    app = make_app(
        private_data_dir, course=COURSE, player="Jo", config=joined(nowhere, tmp_path, "always")
    )
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await last_hole(app, pilot)
        # no question (club_submit = "always"), and the scorecard is there at once
        assert isinstance(app.screen, ScorecardScreen)
        said = await wait_for_toast(app, pilot, "The round waits")
        assert "cannot be reached" in said
    store = Store(private_data_dir, player="Jo")
    try:
        (waiting,) = to_send(store, private_data_dir, nowhere, COURSE)
        assert waiting.is_complete
    finally:
        store.close()


async def test_keep_it_means_it_is_not_sent(
    sqlite_club: str, private_data_dir: Path, tmp_path: Path
) -> None:
    eight_holes(private_data_dir, "Kit")
    app = make_app(
        private_data_dir, course=COURSE, player="Kit", config=joined(sqlite_club, tmp_path)
    )
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await last_hole(app, pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
    store = Store(private_data_dir, player="Kit")
    try:
        from parlour.clubclient.outbox import to_send as waiting

        assert waiting(store, private_data_dir, sqlite_club) == []  # declined: not offered again
    finally:
        store.close()


async def test_a_served_app_never_sends_to_the_club(
    sqlite_club: str, private_data_dir: Path, tmp_path: Path
) -> None:
    """A visitor through ``parlour serve`` plays as the server's player, but rounds go to
    the club signed with that player's key only from the player's own app: a served app
    asks nothing after a round, sends nothing, and has no Club on its menu."""
    eight_holes(private_data_dir, "Lou")
    app = make_app(
        private_data_dir,
        course=COURSE,
        player="Lou",
        config=joined(sqlite_club, tmp_path, "always"),
        served="one-player",
    )
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await last_hole(app, pilot)
        assert isinstance(app.screen, ScorecardScreen)  # no question
        await pilot.pause()
        # a send would be made in a worker: every one is waited for but the hole's screen
        # working out the round's pars (the solver on nine holes: it sends nothing)
        # (not wait_for_complete, which waits for every worker when given none)
        await asyncio.gather(*[w.wait() for w in app.workers if w.group != "pars"])
        store = Store(private_data_dir, player="Lou")
        try:
            (waiting,) = to_send(store, private_data_dir, sqlite_club, COURSE)  # not sent
            assert waiting.is_complete
        finally:
            store.close()
        for _ in range(2):  # the scorecard closed, then the menu in the hole's place
            app.show_menu()
            await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        ids = [menu.get_option_at_index(index).id for index in range(menu.option_count)]
        assert "history" in ids and "club" not in ids


class Bare(App[None]):
    """An app of Textual's own: its notices are read as markup unless told otherwise."""

    quit_by_a_click = False

    def action_quit(self) -> None:
        self.quit_by_a_click = True


@pytest.mark.parametrize(
    ("status", "answer", "said"),
    [
        (201, {"new": True, "place": "[/]", "players": 3}, f"{COURSE_CODE} sent to the club."),
        (201, {"new": True, "place": 2, "players": "[b]9[/b]"}, "club: place 2 of ?."),
        (422, {"error": "[@click=app.quit]CLICK[/]"}, ": [@click=app.quit]CLICK[/]"),
    ],
    ids=["a closing tag for a place", "markup for the players", "a click in a reason"],
)
async def test_a_hostile_clubs_answer_is_only_words(
    status: int, answer: dict[str, Any], said: str, private_data_dir: Path
) -> None:
    """What the club answers a round sent reaches the notification as words, whatever app
    sends it: not a crash (a closing tag with none open), not markup, not an action run
    by clicking the notification."""
    play_round(private_data_dir, "Nell", COURSE, best=False)
    store = Store(private_data_dir, player="Nell")
    (played,) = store.rounds()
    app = Bare()
    try:
        with hostile_club(answer, status) as url:
            async with app.run_test(size=(100, 32), notifications=True) as pilot:
                send_rounds(app, store, private_data_dir, url, also=played.id)
                await wait_for_toast(app, pilot, said)
                await pilot.click(Toast)
                await pilot.pause()
    finally:
        store.close()
    assert not app.quit_by_a_click
