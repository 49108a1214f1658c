"""A round between holes is a state of its own: the start screen offers to go on with
it, the scorecards screen can continue or abandon it (asking first), and a store that
cannot be opened ends the app with status 2."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from parlour.engine.rounds import course_code
from parlour.store.database import Store
from parlour.store.unfinished import unfinished
from parlour.tui.app import make_app
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.history import RoundsScreen
from parlour.tui.screens.unfinished import when_words
from tests.tui.menu_helpers import menu_read

COURSE = 123456


def one_hole_played(data: Path) -> int:
    """A round of COURSE with hole 1 scored (5) and hole 2 not yet dealt."""
    store = Store(data)
    round_id = store.start_round(COURSE, "none")
    store.finish_game(
        None, game="golf", options="none", seed=1, deck="", moves=[], won=False, score=5,
        summary="five left", round_id=round_id, hole=1,
    )  # fmt: skip
    store.close()
    return round_id


def first_entry(app: object) -> str:
    menu = app.screen.query_one("#menu", OptionList)  # type: ignore[attr-defined]
    return str(menu.get_option_at_index(0).prompt)


async def test_the_start_screen_goes_on_with_the_round_at_its_next_hole(
    private_data_dir: Path,
) -> None:
    one_hole_played(private_data_dir)
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await menu_read(pilot)
        (left,) = unfinished(Store(private_data_dir))
        assert first_entry(app) == (
            f"Continue Golf round {course_code(COURSE)} — hole 2 of 9 ({when_words(left.when)})"
        )
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        assert screen.session.round is not None
        assert screen.session.round.hole == 2 and screen.session.round.scores == (5,)
        await pilot.press("escape")  # back to the start screen: now the hole is in play
        await menu_read(pilot)
        assert "hole 2 of 9 (in play, today " in first_entry(app)
    store = Store(private_data_dir)
    assert len(store.rounds()) == 1 and store.game_in_progress_for_round(1) is not None


async def test_a_course_code_goes_on_with_the_unfinished_round(private_data_dir: Path) -> None:
    round_id = one_hole_played(private_data_dir)
    app = make_app(private_data_dir, course=COURSE)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GolfScreen) and app.screen.session.round is not None
        assert app.screen.session.round.round_id == round_id
        assert app.screen.session.round.hole == 2
    fresh = make_app(private_data_dir, course=COURSE, fresh=True)
    async with fresh.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(fresh.screen, GolfScreen) and fresh.screen.session.round is not None
        assert fresh.screen.session.round.hole == 1
    assert len(Store(private_data_dir).rounds()) == 2


async def test_the_scorecards_screen_abandons_a_round_after_asking(private_data_dir: Path) -> None:
    round_id = one_hole_played(private_data_dir)
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.push_screen(RoundsScreen())
        await pilot.pause()
        await pilot.press("a")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # kept
        assert Store(private_data_dir).unfinished_rounds()
        await pilot.press("a", "y")
        await pilot.pause()
        stored = Store(private_data_dir).get_round(round_id)
        assert stored is not None and stored.abandoned is not None and stored.scores == (5,)
        await pilot.press("escape")
        await menu_read(pilot)
        assert not first_entry(app).startswith("Continue")


async def test_a_data_directory_that_is_a_file_ends_the_app_with_status_2(tmp_path: Path) -> None:
    plain = tmp_path / "file"
    plain.write_text("x")
    app = make_app(plain)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
    assert app.return_code == 2
    assert plain.read_text() == "x"


async def test_the_greyed_keys_of_the_scorecards_say_why(private_data_dir: Path) -> None:
    """A round no longer unfinished: Enter and a are greyed, and each says why when pressed
    (they did nothing and said nothing)."""
    round_id = one_hole_played(private_data_dir)
    store = Store(private_data_dir)
    store.abandon_round(round_id)
    store.close()
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.push_screen(RoundsScreen())
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        for key in ("a", "enter"):
            await pilot.press(key)
            await pilot.pause()
        assert app.screen is screen
        said = [notice.message for notice in app._notifications]
        assert said == [
            "This round was abandoned: only an unfinished round can be abandoned.",
            "This round was abandoned: only an unfinished round can be continued.",
        ]


async def test_the_scorecard_before_the_hole_is_over_says_why_enter_waits(
    private_data_dir: Path,
) -> None:
    """c before the hole is finished: Enter (Next hole, greyed) says why, and the card
    stays."""
    from parlour.tui.screens.scorecard import ScorecardScreen

    app = make_app(private_data_dir, course=COURSE)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause(0.6)
        card = app.screen
        assert isinstance(card, ScorecardScreen)
        for key in ("enter", "n"):
            await pilot.press(key)
            await pilot.pause()
        assert app.screen is card
        said = [notice.message for notice in app._notifications]
        reason = (
            "The hole is still in play: Esc goes back to the board to finish it; the next "
            "hole comes after it."
        )
        assert said == [reason, reason]


async def test_the_round_abandoned_stays_chosen_and_enter_opens_no_other(
    private_data_dir: Path,
) -> None:
    """Abandoning the second of two unfinished rounds read the table again with the first
    row chosen, so Enter went on with the other round."""
    store = Store(private_data_dir)
    first = store.start_round(COURSE, "none")
    second = store.start_round(COURSE + 1, "none")  # started last: listed first
    store.close()
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.push_screen(RoundsScreen())
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoundsScreen)
        await pilot.press("down")
        chosen = screen.chosen
        assert chosen is not None and chosen.id == first
        await pilot.press("a")
        assert isinstance(app.screen, ConfirmScreen)
        assert "No hole of it has been played; it stays in the history" in str(app.screen.question)
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        chosen = screen.chosen
        assert chosen is not None and chosen.id == first and chosen.abandoned is not None
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen  # nothing continued
        assert [r.id for r in Store(private_data_dir).unfinished_rounds()] == [second]
        assert [n.message for n in app._notifications][-1] == (
            "This round was abandoned: only an unfinished round can be continued."
        )
