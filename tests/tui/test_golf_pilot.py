"""Playing Golf in the app with the keyboard (Textual Pilot), checked against the engine
and the store."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from parlour.cli import main
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import GolfState
from parlour.engine.games.golf import PlayColumn
from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.rounds import hole_seed
from parlour.render import cards_as_shown
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.widgets import StatusLine
from tests.serving import wait_until
from tests.tui.board_helpers import click_pile
from tests.tui.board_helpers import move_words


def key_for(move: object) -> str:
    return "space" if move == TURN else str(move)


def greedy(state: GolfState) -> Any:
    """A simple player: the last legal move (turn only when nothing else)."""
    moves = state.legal  # (the plays and the turn: this player never concedes)
    plays = [m for m in moves if isinstance(m, PlayColumn)]
    return plays[-1] if plays else moves[-1]


def status_text(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).render())


async def play_hole_with_keys(pilot: Any, app: Any) -> GolfState:
    screen = app.screen
    assert isinstance(screen, GolfScreen)
    expected = screen.session.state
    while GOLF.outcome(expected) is None:
        move = greedy(expected)
        await pilot.press(key_for(move))
        expected = GOLF.apply(expected, move)
        assert screen.session.state == expected
    return expected


def play_hole_with_actions(screen: GolfScreen) -> GolfState:
    while GOLF.outcome(screen.session.state) is None:
        move = greedy(screen.session.state)
        if move == TURN:
            screen.respond(screen.controls.turn())
        else:
            screen.respond(screen.controls.play(move.column))
    return screen.session.state


async def test_a_whole_seeded_hole_played_with_keys(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        final = await play_hole_with_keys(pilot, app)
        await pilot.pause()
        outcome = GOLF.outcome(final)
        assert outcome is not None
        said = cards_as_shown(f"Hole over: {GOLF.words.ending(final)}. Score {outcome.score}.")
        assert said in status_text(app)
        assert app.screen.session.is_finished
    store = Store(private_data_dir)
    games = store.finished_games()
    assert len(games) == 1
    assert games[0].score == outcome.score == GOLF.score(final)
    assert games[0].seed == 1 and games[0].game == "golf"
    assert store.games_in_progress() == []


async def test_a_refused_move_says_why(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="golf", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        before = app.screen.session.state
        await pilot.press("1")  # QC cannot go on 9C
        assert app.screen.session.state == before
        assert (
            "Playing column 1 is not allowed: Q♣ is not one rank above or below 9♣ (G2: "
            "playing)" in status_text(app)
        )
        await pilot.press("space")  # the book rule: 7 can be played, so no turning
        assert app.screen.session.state == before
        assert "only at a stoppage" in status_text(app)


async def test_a_refusal_names_the_move_not_a_key_the_player_did_not_press(
    private_data_dir: Path,
) -> None:
    """s turns the stock as Space does, and Enter plays the selected column as its number
    does: a refusal names the move, never the other key."""
    app = make_app(private_data_dir, game="golf", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("s")  # the book rule: 7 can be played, so no turning
        said = status_text(app)
        assert said.startswith("Turning the stock is not allowed: under the book rule")
        assert "Space" not in said
        await pilot.press("enter")  # column 1 is selected: QC cannot go on 9C
        said = status_text(app)
        assert said.startswith("Playing column 1 is not allowed: Q♣ is not one rank above")


async def test_arrows_and_enter_choose_a_column_and_undo_redo_restart(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, game="golf", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        start = screen.session.state
        await pilot.press("left", "enter")  # column 7 (8H on 9C)
        after_one = GOLF.apply(start, "7")
        assert screen.session.state == after_one
        await pilot.press("space", "space")
        assert len(screen.session.line.moves) == 3
        await pilot.press("u", "u")
        assert screen.session.state == after_one
        await pilot.press("r")
        assert len(screen.session.line.moves) == 2
        await pilot.press("R")
        assert screen.session.state == start
        assert screen.session.line.can_redo
        assert screen.key_state("undo", ()) is None  # greyed in the footer


async def test_the_status_after_a_move_says_what_was_done(private_data_dir: Path) -> None:
    """Not the hint's instruction ("Turn A♥ from the stock."), which a new player reads
    as being told to turn it again; undo and redo name the move alike."""
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("7")
        assert status_text(app).startswith("Played 8♥ from column 7 onto 9♣. ")
        await pilot.press("space")
        assert status_text(app).startswith("Turned A♥ from the stock. Stoppage: ")
        await pilot.press("u")
        assert status_text(app).startswith("Undone: turned A♥ from the stock. ")
        await pilot.press("r")
        assert status_text(app).startswith("Redone: turned A♥ from the stock. ")


async def test_clicking_a_column_and_the_stock(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="golf", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await click_pile(pilot, "7")
        assert screen.session.state == GOLF.apply(GOLF.start_from_seed(1), "7")
        await click_pile(pilot, "stock")
        assert len(screen.session.line.moves) == 2


@pytest.mark.parametrize("size", [(40, 12), (100, 32), (200, 60)])
async def test_a_click_on_each_column_and_the_stock_does_what_its_key_does(
    private_data_dir: Path, size: tuple[int, int]
) -> None:
    """At each size of card: a click on a column (on its title or its last line) or on
    the stock leaves the game where the key leaves it, and says the same."""
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        played = refused = 0
        for turn in range(4):
            for key in [*map(str, range(1, 8)), "stock"]:
                moves = len(screen.session.line.moves)
                await click_pile(pilot, key, top=turn % 2 == 0)
                clicked = (screen.session.state, move_words(app))
                if len(screen.session.line.moves) > moves:
                    played += 1
                    await pilot.press("u")  # back, to press the key in the same place
                else:
                    refused += 1
                await pilot.press(key_for(TURN) if key == "stock" else key)
                await pilot.pause()
                assert (screen.session.state, move_words(app)) == clicked, key
        assert played and refused


def next_board(app: Any, hole: int) -> bool:
    """The board after ``hole`` is on the screen (after the ninth, a new round's first)."""
    screen = app.screen
    if not isinstance(screen, GolfScreen):
        return False
    return screen.session.round.hole == hole % ROUNDS.holes + 1


async def test_nine_holes_of_a_course_make_a_stored_round(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    course = 123456
    app = make_app(private_data_dir, course=course)
    scores = []
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for hole in range(1, ROUNDS.holes + 1):
            screen = app.screen
            assert isinstance(screen, GolfScreen)
            assert screen.session.round.hole == hole
            assert screen.session.line.seed == hole_seed(ROUNDS, course, hole)
            # the moves go through the screen's own key actions (pressing every key of
            # nine holes would make this test very slow); the hole above uses real keys
            final = play_hole_with_actions(screen)
            scores.append(GOLF.score(final))
            # (the scorecard comes once the hole is stored: on a loaded machine that may
            # take more than one pause)
            await wait_until(
                lambda: type(app.screen).__name__ == "ScorecardScreen", 30, "the scorecard"
            )
            await pilot.press("enter")
            await wait_until(lambda h=hole: next_board(app, h), 30, "the next hole's board")
        # after the ninth hole, Enter starts a new round on a new course
        assert app.screen.session.round.hole == 1
        assert app.screen.session.round.course != course
    store = Store(private_data_dir)
    finished = [r for r in store.rounds() if r.course == course]
    assert len(finished) == 1
    assert finished[0].scores == tuple(scores)
    assert finished[0].is_complete and finished[0].finished is not None
    assert main(["scorecard", "--json", "--data-dir", str(private_data_dir)]) == 0
    payload = json.loads(capsys.readouterr().out)
    stored = [r for r in payload["rounds"] if r["complete"]]
    assert stored[0]["holes"] == scores
    assert stored[0]["total"] == sum(scores)
    assert stored[0]["versus_bogey"] == sum(scores) - 40
    assert payload["best"]["total"] == sum(scores)


async def test_n_in_a_round_is_labelled_as_the_next_hole(private_data_dir: Path) -> None:
    """In a round, n goes on to the next hole: the key bar and the help say so (not "New
    game"), and while the hole is in play the greyed key says why."""
    from parlour.tui.keybar import KeyBar
    from parlour.tui.screens.help import HelpScreen

    app = make_app(private_data_dir, course=123456)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        await pilot.press("n")
        assert "Finish this hole before starting the next." in status_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "in a round: the next hole, once this one is over" in app.screen.topic_text()
        await pilot.press("escape")
        play_hole_with_actions(screen)
        await wait_until(
            lambda: type(app.screen).__name__ == "ScorecardScreen", 30, "the scorecard"
        )
        await pilot.press("escape")  # back to the board: n is the next hole's key
        await pilot.pause()
        assert app.screen is screen
        bar = str(screen.query_one(KeyBar).render())
        assert " n Next hole " in bar and "New game" not in bar
        # a key of play once the hole is over says what n does here
        await pilot.press("u")
        assert "the hole is over and scored: n deals the next hole" in status_text(app)
        await pilot.press("n")
        await wait_until(lambda: next_board(app, 1), 30, "the next hole's board")


async def test_a_refused_move_gives_way_to_the_instruction(
    private_data_dir: Path, monkeypatch: Any
) -> None:
    """As in every game: a refusal is said, then the instruction it covered comes back;
    a message said meanwhile is not overwritten by it."""
    monkeypatch.setattr(StatusLine, "PASSING", 0.3)
    app = make_app(private_data_dir, game="golf", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        before = status_text(app)
        await pilot.press("1")  # QC cannot go on 9C
        assert status_text(app).startswith("Playing column 1 is not allowed")
        await pilot.pause(0.6)
        assert status_text(app) == before
        await pilot.press("1", "7")  # refused, then played at once: the move is said
        played = status_text(app)
        assert "is not allowed" not in played
        await pilot.pause(0.6)
        assert status_text(app) == played


async def test_a_refusal_with_news_of_the_saving_does_not_give_way_to_stale_words(
    private_data_dir: Path, monkeypatch: Any
) -> None:
    """A refusal that brought the news that saving works again gave way, a few seconds
    later, to the message it covered, which still said (in red) that moves were not being
    saved."""
    from parlour.store.opening import StoreUnavailable

    monkeypatch.setattr(StatusLine, "PASSING", 0.3)
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        session = screen.session
        real = session.store.save_in_progress
        saves: list[int] = []
        # the second save waits until its move has been said (in the writer's thread a
        # save may otherwise be done before the move's message, which then brings the news)
        said = threading.Event()

        def first_fails(*args: Any, **kwargs: Any) -> Any:
            saves.append(1)
            if len(saves) == 1:
                raise StoreUnavailable("cannot use the database: the disk is full")
            said.wait(30)
            return real(*args, **kwargs)

        monkeypatch.setattr(session.store, "save_in_progress", first_fails)
        await pilot.press(key_for(greedy(session.state)))  # its save fails
        await wait_until(lambda: session.unsaved is not None, 5, "the failed save")
        await pilot.press(key_for(greedy(session.state)))  # said before its save works
        assert "not being saved" in status_text(app)
        said.set()
        await wait_until(lambda: session.unsaved is None and session.recovered, 5, "the save")
        await pilot.press("z")  # a key that does nothing: it brings the news
        assert "Saving works again" in status_text(app)
        await pilot.pause(0.6)
        # (the news stays until the next message, as any news of the saving does)
        assert "not being saved" not in status_text(app)
        assert "Saving works again" in status_text(app)
