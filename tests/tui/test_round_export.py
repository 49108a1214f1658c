"""The round scorecard's export key (e): once the ninth hole is played, it writes the round
as a round record in the records folder and says where; before that it says why not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets._toast import Toast

import parlour.store.round_records
from parlour.engine.round_record import parse_round_record
from parlour.engine.round_record import verify_round
from parlour.engine.rounds import course_code
from parlour.session import Session
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.scorecard import ScorecardScreen
from tests.tui.test_exports import exports_done
from tests.tui.test_exports import held_back
from tests.tui.test_exports import leave_while_exporting
from tests.tui.test_golf_pilot import play_hole_with_actions

COURSE = 2024
CODE = course_code(COURSE)


def holes_played(data: Path, holes: int) -> tuple[int, ...]:
    """A round of COURSE with its first ``holes`` holes played (always the first legal
    move) and the next hole dealt; returns the scores."""
    store = Store(data)
    session: Session | None = Session.new_round(store, COURSE, frozenset())
    scores: tuple[int, ...] = ()
    for _ in range(holes):
        assert session is not None
        while not session.is_finished:
            session.play(session.rules.legal_moves(session.state)[0])
        assert session.round_after is not None
        scores = session.round_after.scores
        session = session.next_hole()
    store.close()
    return scores


def toasts(app: Any) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query(Toast)]


async def test_the_scorecard_exports_the_finished_round(private_data_dir: Path) -> None:
    first_eight = holes_played(private_data_dir, 8)
    app = make_app(private_data_dir, course=COURSE)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen) and screen.session.round.hole == 9
        final = play_hole_with_actions(screen)
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen) and app.screen.round.is_complete
        await pilot.press("e")
        await pilot.pause()
        written = list((private_data_dir / "records").glob(f"golf-round-{CODE}-*.txt"))
        assert len(written) == 1
        assert any(f"Round record written to {written[0]}" in said for said in toasts(app))
        assert isinstance(app.screen, ScorecardScreen)  # the scorecard stays up
    checked = verify_round(parse_round_record(written[0].read_text(encoding="utf-8")))
    assert checked.course == COURSE and checked.player == Store(private_data_dir).player
    assert checked.scores[:8] == first_eight
    assert checked.lines[8].current == final
    assert written[0].stat().st_mode & 0o777 == 0o600


async def test_a_card_closed_before_the_disk_answers_still_tells_where_it_went(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The round record's key, then Esc back to the board before the record is written
    (a slow disk): the record is written, and a notice over the board says where."""
    holes_played(private_data_dir, 8)
    held = held_back(monkeypatch, parlour.store.round_records, "export_round")
    app = make_app(private_data_dir, course=COURSE)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        play_hole_with_actions(app.screen)
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        await leave_while_exporting(pilot, held, ("e", "escape"))
        [written] = (private_data_dir / "records").glob(f"golf-round-{CODE}-*.txt")
        assert any(f"Round record written to {written}" in said for said in toasts(app))
        assert isinstance(app.screen, GolfScreen)


async def test_the_scorecard_of_an_unfinished_round_says_why_it_is_not_exported(
    private_data_dir: Path,
) -> None:
    holes_played(private_data_dir, 2)
    app = make_app(private_data_dir, course=COURSE)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen) and screen.session.round.hole == 3
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        await pilot.press("e")
        await pilot.pause()
        said = toasts(app)
        assert any(
            f"No round record written: the round of course {CODE} is not finished: 2 of 9 "
            "holes played" in text
            for text in said
        ), said
    assert not (private_data_dir / "records").exists()


async def test_a_served_scorecard_exports_a_few_round_records_a_minute(
    private_data_dir: Path,
) -> None:
    """The scorecard's export key counts with the game's: in an app served to a browser,
    at most EXPORTS_A_MINUTE records a minute, the rest refused with the reason."""
    from parlour.tui.exports import EXPORTS_A_MINUTE

    holes_played(private_data_dir, 8)
    app = make_app(private_data_dir, course=COURSE, served="one-player")
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        play_hole_with_actions(screen)
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        for _ in range(EXPORTS_A_MINUTE + 3):
            await pilot.press("e")
        await pilot.pause()
        said = [" ".join(toast.split()) for toast in toasts(app)]
        assert any("at most 6 records a minute" in words for words in said), said
        await exports_done(app)
        written = list((private_data_dir / "records").glob(f"golf-round-{CODE}-*.txt"))
        assert len(written) == EXPORTS_A_MINUTE
