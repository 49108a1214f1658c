"""A game's export key (e): the game as it stands is written as a record in the records
folder, in a thread of its own (the screen never waits on the disk), and the status line
says where; a folder that cannot be written is said, and the game goes on."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

import parlour.store.files
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import GolfState
from parlour.engine.record import parse_record
from parlour.engine.record import replay
from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.start import StartScreen
from tests.serving import wait_until
from tests.tui.test_exports import exports_done
from tests.tui.test_exports import held_back
from tests.tui.test_exports import leave_while_exporting
from tests.tui.test_golf_pilot import greedy
from tests.tui.test_golf_pilot import key_for
from tests.tui.test_golf_pilot import status_text


async def export_after_three_moves(pilot: Any, app: Any) -> tuple[GolfScreen, GolfState]:
    """Three moves played by key, then the export key: the screen and its position."""
    screen = app.screen
    assert isinstance(screen, GolfScreen)
    for _ in range(3):
        await pilot.press(key_for(greedy(screen.session.state)))
    position = screen.session.state
    await pilot.press("e")
    return screen, position


async def test_the_export_key_writes_the_game_off_the_event_loop(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writers: list[threading.Thread] = []
    real = parlour.store.files.export_record

    def watched(directory: Path | None, game: str, text: str) -> Path:
        writers.append(threading.current_thread())
        return real(directory, game, text)

    monkeypatch.setattr(parlour.store.files, "export_record", watched)
    app = make_app(private_data_dir, game="golf", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        screen, position = await export_after_three_moves(pilot, app)
        await wait_until(lambda: "Record written to" in status_text(app), 10, "the export")
        written = list((private_data_dir / "records").glob("golf-*.txt"))
        assert len(written) == 1 and str(written[0]) in status_text(app)
        assert writers and writers[0] is not threading.main_thread()
        record = replay(parse_record(written[0].read_text(encoding="utf-8")))
        assert record.rules is GOLF and record.current == position
        assert len(record.moves) == 3
        assert screen.session.state == position  # (the game goes on where it was)


async def test_a_player_who_leaves_before_the_disk_answers_is_told_where_it_went(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The export key, then m before the record is written (a slow disk): the record is
    written all the same, and a notice over the start screen says where (the game's
    status line has gone with its screen)."""
    held = held_back(monkeypatch, parlour.store.files, "export_record")
    app = make_app(private_data_dir, game="golf", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(3):
            await pilot.press(key_for(greedy(app.screen.session.state)))
        await leave_while_exporting(pilot, held, ("e", "m"))
        [written] = (private_data_dir / "records").glob("golf-*.txt")
        said = [str(notice.message) for notice in app._notifications]
        assert f"Record written to {written}" in said
        assert isinstance(app.screen, StartScreen)


async def test_a_records_folder_that_cannot_be_written_is_said(private_data_dir: Path) -> None:
    private_data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    (private_data_dir / "records").write_text("a file where the folder would be\n")
    app = make_app(private_data_dir, game="golf", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        screen, position = await export_after_three_moves(pilot, app)
        await wait_until(lambda: "records" in status_text(app), 10, "the refusal")
        assert "Record written" not in status_text(app)
        assert "cannot write" in status_text(app)
        await pilot.press(key_for(greedy(position)))
        assert screen.session.state == GOLF.apply(position, greedy(position))


async def test_an_app_served_to_a_browser_exports_a_few_records_a_minute(
    private_data_dir: Path,
) -> None:
    """A visitor holding the export key wrote a record at every press (up to 999 names a
    second), each a file on the computer that serves the app: 60 presses, 60 files. An app
    served to a browser now writes at most EXPORTS_A_MINUTE a minute and says why not; the
    player's own app exports at every press."""
    from parlour.tui.exports import EXPORTS_A_MINUTE

    folder = private_data_dir / "records"
    for served, expected in (("one-player", EXPORTS_A_MINUTE), ("", 12)):
        for old in folder.glob("*.txt"):
            old.unlink()
        app = make_app(private_data_dir, game="golf", seed=1, served=served)
        async with app.run_test(size=(100, 32)) as pilot:
            await export_after_three_moves(pilot, app)
            for _ in range(11):
                await pilot.press("e")
            await exports_done(app)
            await pilot.pause()
            assert len(list(folder.glob("golf-*.txt"))) == expected
            if served:
                assert "at most 6 records a minute" in status_text(app)
