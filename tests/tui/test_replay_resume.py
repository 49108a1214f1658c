"""Replaying a record in the app, and resuming a saved game after the app closed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.cli import main
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import PlayColumn
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.opening import Replay
from parlour.tui.screens.game import GameScreen


def played_hole(seed: int) -> Line[Any, Any]:
    line: Line[Any, Any] = Line.from_seed(GOLF, seed)
    while GOLF.legal_moves(line.current):
        moves = GOLF.legal_moves(line.current)
        plays = [m for m in moves if isinstance(m, PlayColumn)]
        line = line.play(plays[0] if plays else moves[0])
    return line


async def test_replay_steps_to_the_end_and_back_to_the_deal(tmp_path: Path) -> None:
    line = played_hole(5)
    app = make_app(tmp_path, replay_text=format_record(line), record_title="hole.txt")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.in_play
        assert screen.line.current == line.states[0]
        for ply in range(1, len(line.moves) + 1):
            await pilot.press("right")
            assert screen.line.current == line.states[ply]
        assert GOLF.score(screen.line.current) == GOLF.score(line.current)
        assert GOLF.outcome(screen.line.current) == GOLF.outcome(line.current)
        await pilot.press("left", "left")
        assert screen.line.current == line.states[-3]
        await pilot.press("home")
        assert screen.line.current == line.states[0]
        await pilot.press("end")
        assert screen.line.current == line.current
        # nothing was stored: a replay is only looked at
        assert Store(tmp_path).games_in_progress() == []


async def test_taking_over_a_replay_plays_on_from_there(tmp_path: Path) -> None:
    line = played_hole(6)
    app = make_app(tmp_path, replay_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("right", "right", "right", "t")
        assert screen.in_play
        assert screen.session.state == line.states[3]
        assert screen.session.can_undo and screen.session.can_redo
        await pilot.press("r")
        assert screen.session.state == line.states[4]
    saved = Store(tmp_path).games_in_progress()
    assert len(saved) == 1 and len(saved[0].moves) == 4


async def test_the_replay_command_opens_the_app(tmp_path: Path, monkeypatch: Any) -> None:
    line = played_hole(7)
    path = tmp_path / "hole.txt"
    path.write_text(format_record(line))
    opened: dict[str, Any] = {}

    def fake_run(self: Any) -> None:
        opened["app"] = self

    monkeypatch.setattr("parlour.tui.app.ParlourApp.run", fake_run)
    assert main(["replay", str(path), "--data-dir", str(tmp_path)]) == 0
    assert isinstance(opened["app"].opening, Replay)
    assert opened["app"].opening.line.current == line.current


async def test_resume_after_closing_restores_the_game_and_its_undo(tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("7", "space", "space", "2", "u")  # 3 moves kept, 1 undone
        screen = app.screen
        saved_line = screen.session.line
        assert len(saved_line.moves) == 3 and len(saved_line.undone) == 1
    # a new app on the same data directory
    app = make_app(tmp_path, resume=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.line.states == saved_line.states
        assert screen.session.line.undone == saved_line.undone
        await pilot.press("r")  # redo survives the restart
        assert len(screen.session.line.moves) == 4
        await pilot.press("u", "u", "u", "u")  # undo past the restart, to the deal
        assert screen.session.state == GOLF.start_from_seed(1)


async def test_the_start_screen_offers_resume(tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        first = next(
            m for m in GOLF.legal_moves(GOLF.start_from_seed(3)) if isinstance(m, PlayColumn)
        )
        await pilot.press(str(first.column), "q")  # one move played: the game is kept
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the first entry is "Continue"
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.line.seed == 3
        assert len(app.screen.session.line.moves) == 1


async def test_the_moves_a_replay_taken_over_begins_with_count_as_hints(tmp_path: Path) -> None:
    """Taken over one move before its end, a replay of a won game was a second win with
    no hint at all: anyone could win again and again for nothing."""
    line = played_hole(6)
    app = make_app(tmp_path, replay_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("end", "left", "t")
        assert screen.in_play and screen.session.hints == len(line.moves) - 1
        said = str(screen.query_one("#status").render())
        assert f"the {len(line.moves) - 1} moves before count as hints" in said
        screen.session.play(line.moves[-1])
        await pilot.pause()
    finished = Store(tmp_path).finished_games()
    assert len(finished) == 1 and finished[0].hints == len(line.moves) - 1


async def test_the_history_words_a_golf_hole_as_cleared_or_not(tmp_path: Path) -> None:
    """Every Golf hole not cleared was listed as lost, even one scored 2, and its rule as
    none."""
    from textual.widgets import DataTable

    from parlour.session import Session
    from parlour.tui.screens.history import HistoryScreen

    line = played_hole(5)
    store = Store(tmp_path)
    session = Session.new_game(store, "golf", 5)
    for move in line.moves:
        session.play(move)
    store.close()
    assert not GOLF.outcome(line.current).won  # (a hole with cards left)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.push_screen(HistoryScreen())
        for _ in range(50):
            await pilot.pause(0.05)
            table = app.screen.query_one(DataTable)
            if table.row_count:
                break
        row = [str(cell) for cell in table.get_row_at(0)]
        assert row[3:6] == ["book", "not cleared", str(GOLF.score(line.current))]


async def test_m_goes_to_the_start_screen_from_a_replay_of_the_history_and_from_it(
    tmp_path: Path,
) -> None:
    """m is "back to the start screen" (docs/keys.md): from a replay opened on the
    History screen it goes there, not back to History; and m on History (as on every
    list screen) goes there too."""
    from parlour.session import Session
    from parlour.tui.screens.history import HistoryScreen
    from parlour.tui.screens.start import StartScreen
    from tests.serving import wait_until

    session = Session.new_game(Store(tmp_path), "golf", 5)
    for move in played_hole(5).moves:
        session.play(move)
    assert session.is_finished
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        for leave in ("m", "replay then m"):
            app.push_screen(HistoryScreen())
            await pilot.pause()
            if leave != "m":
                await app.workers.wait_for_complete()
                await pilot.pause()
                await pilot.press("enter")
                await wait_until(lambda: isinstance(app.screen, GameScreen), 30, "the replay")
                assert not app.screen.in_play
            await pilot.press("m")
            await pilot.pause()
            assert app.screen is start, leave
            assert not any(isinstance(s, HistoryScreen) for s in app.screen_stack)


async def test_esc_in_a_replay_of_the_history_goes_back_to_the_list(tmp_path: Path) -> None:
    """Esc in a replay opened from the History screen went to the start screen: it goes
    back to the list, the game replayed still highlighted (m still goes to the start
    screen); Esc in a replay opened from the command line still goes to the start screen."""
    from textual.widgets import DataTable

    from parlour.session import Session
    from parlour.tui.screens.history import HistoryScreen
    from parlour.tui.screens.start import StartScreen
    from tests.serving import wait_until

    for seed in (5, 6):
        session = Session.new_game(Store(tmp_path), "golf", seed)
        for move in played_hole(seed).moves:
            session.play(move)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        history = HistoryScreen()
        app.push_screen(history)
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = history.query_one(DataTable)
        await pilot.press("down")  # the second game
        assert table.cursor_row == 1
        await pilot.press("enter")
        await wait_until(lambda: isinstance(app.screen, GameScreen), 30, "the replay")
        await pilot.press("right", "escape")
        await pilot.pause()
        assert app.screen is history
        assert table.cursor_row == 1
        assert any(isinstance(s, StartScreen) for s in app.screen_stack)
    app = make_app(tmp_path, replay_text=format_record(played_hole(5)))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_a_replay_of_a_rounds_hole_names_its_course_and_hole(tmp_path: Path) -> None:
    """The replay of a round's hole, opened from History (which lists it as "hole 1"),
    named the hole's deal by its seed, a number of nineteen digits the player never saw
    anywhere else: its information line names the course and the hole."""
    from parlour.engine.rounds import course_code
    from parlour.session import Session
    from tests.serving import wait_until

    store = Store(tmp_path)
    course = 12345
    session = Session.first_hole(store, store.start_round(course, "none"), course, frozenset())
    while GOLF.outcome(session.state) is None:
        session.play(GOLF.legal_moves(session.state)[0])
    seed = session.line.seed
    store.close()
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        from tests.tui.menu_helpers import history_opened

        await history_opened(pilot)
        await pilot.press("enter")
        await wait_until(lambda: isinstance(app.screen, GameScreen), 30, "the replay")
        await pilot.pause()
        info = str(app.screen.query_one("#info").render())
        assert f"course {course_code(course)} · hole 1" in info, info
        assert str(seed) not in info
