"""Golf's round card reads nothing from the disk on the event loop: the screen reads the
round's pars and bests kept in the store once, in a thread, and keeps them with each one
worked out since. With the database held locked by another connection, the card opens at
once with every figure kept, and keys answer while it refreshes.

Real SQLite: a second connection, in a thread of its own, holds an exclusive lock, as
another Parlour could. (In WAL mode a read does not wait for it either: this shows the
card opening and refreshing with the lock held, as a player would meet it.)"""

from __future__ import annotations

from pathlib import Path

from textual import events

from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.scorecard import ScorecardScreen
from tests.tui.scorecard_helpers import COURSE
from tests.tui.scorecard_helpers import COURSE_PARS
from tests.tui.scorecard_helpers import card_cells
from tests.tui.scorecard_helpers import keep_course_pars
from tests.tui.test_locked_screens import Answers
from tests.tui.test_locked_screens import locked
from tests.tui.test_locked_screens import until


async def test_the_round_card_opens_with_every_par_kept_while_the_database_is_locked(
    private_data_dir: Path,
) -> None:
    keep_course_pars(private_data_dir)
    app, answers = make_app(private_data_dir, course=COURSE, ascii_only=False), Answers()
    async with app.run_test(size=(100, 32), message_hook=answers.hook) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        await until(pilot, lambda: screen.round_pars()[0] == COURSE_PARS)
        holder = locked(private_data_dir)
        await answers.answer(pilot, ["c"], (events.Key,), holder)
        card = app.screen
        assert isinstance(card, ScorecardScreen)
        pars = [str(par) for _, par in sorted(COURSE_PARS.items())]
        assert card_cells(card)["Par"] == [*pars, str(sum(COURSE_PARS.values()))]
        # the card refreshes every half second while some bests are still worked out
        await answers.answer(pilot, ["down", "up"] * 6, (events.Key,), holder)
        holder.let_go()
