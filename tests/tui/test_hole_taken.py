"""The app playing a hole that another Parlour finishes first (the same round played on in
two places at once): its finish is kept in the history, not scored, the player is told so,
and the scorecard shows the score that stands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets._toast import Toast

from parlour.engine.rounds import course_code
from parlour.session import Session
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.scorecard import ScorecardScreen
from parlour.tui.widgets import StatusLine
from tests.tui.board_helpers import without_saving_news
from tests.tui.scorecard_helpers import card_cells
from tests.tui.test_golf_pilot import play_hole_with_actions

COURSE = 777
CODE = course_code(COURSE)


def toasts(app: Any) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query(Toast)]


async def test_the_app_is_told_when_its_hole_was_finished_first_elsewhere(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, course=COURSE)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen) and screen.session.round.hole == 1
        # another Parlour goes on with the same round and finishes hole 1 first
        elsewhere = Store(private_data_dir)
        [stored] = elsewhere.unfinished_rounds()
        other = Session.continue_round(elsewhere, stored)
        while not other.is_finished:
            other.play(other.rules.legal_moves(other.state)[0])
        first = other.outcome.score  # type: ignore[union-attr]
        elsewhere.close()
        play_hole_with_actions(screen)  # a different line of play (the last legal move)
        await pilot.pause()
        mine = screen.session.outcome.score
        assert mine != first
        said = (
            f"Hole 1 of round {CODE} was finished first elsewhere, with {first}: that score "
            "stands. This game is kept in the history, not scored."
        )
        # the finish is written by the writer, which then tells the screen: waited for
        for _ in range(100):
            if isinstance(app.screen, ScorecardScreen):
                break
            await pilot.pause(0.05)
        # (what it says of the hole; a slow write on a busy machine may add saving news)
        assert without_saving_news(str(screen.query_one(StatusLine).render())) == said
        assert isinstance(app.screen, ScorecardScreen)
        # the toast moves onto the card's screen once that screen is up: waited for
        for _ in range(100):
            if any(said in text for text in toasts(app)):
                break
            await pilot.pause(0.05)
        assert any(said in text for text in toasts(app))
        cells = card_cells(app.screen)
        assert cells["Score"][0] == str(first)
    store = Store(private_data_dir)
    [stored] = store.rounds()
    assert stored.scores == (first,)
    assert sorted(game.score for game in store.finished_games()) == sorted([first, mine])
