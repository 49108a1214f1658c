"""Every unfinished game kept and reachable in the app (Textual Pilot, real SQLite): a game
begun in each game and a round, each quit, all found on the start screen newest first and
each opened at the move it was left; the question before a new deal, in every game and on
the start screen; ``parlour play GAME`` going on with the unfinished deal; and ``--round``
asking whether to go on with an unfinished round."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button
from textual.widgets import OptionList

from parlour.engine.registry import round_game
from parlour.engine.registry import specs
from parlour.engine.rounds import course_code
from parlour.store.database import Store
from parlour.tui.app import ParlourApp
from parlour.tui.app import make_app
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.unfinished import ROUND_ANSWERS
from tests.serving import wait_until
from tests.tui.menu_helpers import menu_read

SIZE = (100, 32)


def entries(app: ParlourApp) -> list[str]:
    menu = app.screen.query_one("#menu", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def choose(pilot: Any, app: ParlourApp, index: int) -> None:
    await menu_read(pilot)
    app.screen.query_one("#menu", OptionList).highlighted = index
    await pilot.press("enter")
    await pilot.pause()


async def play_moves(pilot: Any, screen: GameScreen, count: int) -> None:
    """``count`` moves, each the first the rules allow, through the screen as a key does."""
    for _ in range(count):
        assert screen.session is not None and not screen.session.is_finished
        screen.play(screen.rules.legal_moves(screen.session.state)[0])
        await pilot.pause()


async def next_game_screen(pilot: Any, app: ParlourApp, old: GameScreen) -> GameScreen:
    """The game screen that takes ``old``'s place (waited for: on a loaded machine the
    switch can take more than one pause)."""
    for _ in range(100):
        screen = app.screen
        if isinstance(screen, GameScreen) and screen is not old and screen.session is not None:
            return screen
        await pilot.pause(0.1)
    raise AssertionError(f"no new game screen: {app.screen!r}")


def game_screen(app: ParlourApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.session is not None
    return screen


async def test_a_game_in_each_game_and_a_round_are_all_found_again(
    private_data_dir: Path,
) -> None:
    """One app a game (moves played in each: 1, 2, 3 …), each quit; the start screen lists
    all of them and the round, the latest first, and opens each where it was left."""
    left: list[tuple[str, int, int]] = []  # (game, seed, moves), in the order played
    for number, spec in enumerate(specs(), start=1):
        app = make_app(private_data_dir, game=spec.id, seed=100 + number, ascii_only=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await play_moves(pilot, game_screen(app), number)
            await pilot.press("q")
        left.append((spec.id, 100 + number, number))
    app = make_app(private_data_dir, new_round=True, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)  # no unfinished round: no question
        assert screen.session is not None and screen.session.round is not None
        course = screen.session.round.course
        await play_moves(pilot, screen, 2)
        await pilot.press("q")

    app = make_app(private_data_dir, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await menu_read(pilot)
        listed = entries(app)
        count = len(left) + 1
        names = {spec.id: spec.name for spec in specs()}
        expected = [f"Continue {round_game().name} round {course_code(course)} — hole 1 of 9"]
        expected += [
            f"Continue {names[game]} seed {seed} ({moves} move{'s' if moves > 1 else ''} played"
            for game, seed, moves in reversed(left)
        ]
        for entry, start in zip(listed[:count], expected, strict=True):
            assert entry.startswith(start), (entry, start)
            assert "today " in entry
        assert "(in play: 2 moves played, today " in listed[0]
        for index in range(count):
            await choose(pilot, app, index)
            screen = game_screen(app)
            assert screen.session is not None
            if index == 0:
                assert screen.session.round is not None
                assert screen.session.round.course == course
                assert len(screen.session.line.moves) == 2
            else:
                game, seed, moves = left[count - 1 - index]
                assert screen.rules.id == game and screen.session.line.seed == seed
                assert len(screen.session.line.moves) == moves
            await pilot.press("escape")  # back to the start screen
            await menu_read(pilot)
            assert entries(app)[:count] == listed[:count]  # still all there
        # finishing one takes it off the list
        await choose(pilot, app, 1)
        screen = game_screen(app)
        while screen.session is not None and not screen.session.is_finished:
            screen.play(screen.rules.legal_moves(screen.session.state)[0])
        await pilot.pause()
        app.show_menu()
        await menu_read(pilot)
        assert entries(app)[: count - 1] == [listed[0], *listed[2:count]]


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
async def test_a_new_deal_over_moves_played_asks_first(private_data_dir: Path, game: str) -> None:
    app = make_app(private_data_dir, game=game, seed=7, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = game_screen(app)
        await pilot.press("n")  # no move played: nothing to lose, no question
        screen = await next_game_screen(pilot, app, first)
        # a new deal is a random one, and some deals are over before a move (about one
        # Three Squares deal in thirteen): such a game has nothing to lose either
        while screen.session is not None and screen.session.is_finished:
            await pilot.press("n")
            screen = await next_game_screen(pilot, app, screen)
        await play_moves(pilot, screen, 1)
        played = screen.session.line if screen.session else None
        await pilot.press("n")
        await wait_until(lambda: isinstance(app.screen, ConfirmScreen), 10, "the question")
        assert isinstance(app.screen, ConfirmScreen)
        assert "1 move played" in app.screen.question
        await pilot.press("n")  # play on
        await pilot.pause()
        assert app.screen is screen and screen.session is not None
        assert screen.session.line == played
        await pilot.press("n", "y")  # a new deal: this game dropped, as asked
        fresh = await next_game_screen(pilot, app, screen)
        assert fresh.session.line.moves == ()
    assert Store(private_data_dir).games_in_progress() == []


async def test_the_start_screen_asks_before_a_new_deal_over_an_unfinished_one(
    private_data_dir: Path,
) -> None:
    spec = specs()[-1]
    app = make_app(private_data_dir, game=spec.id, seed=42, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_moves(pilot, game_screen(app), 2)
        await pilot.press("q")
    app = make_app(private_data_dir, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        index = next(i for i, e in enumerate(entries(app)) if e.startswith(f"{spec.name}: "))
        await choose(pilot, app, index)
        assert isinstance(app.screen, ConfirmScreen)
        assert f"{spec.name} seed 42 (2 moves played" in app.screen.question
        # Esc answers no, which resumes the unfinished game: the button says so
        assert str(app.screen.query_one("#confirm-no", Button).label) == "Continue it (n, Esc)"
        await pilot.press("escape")  # the safe answer: go on with it
        await pilot.pause()
        screen = game_screen(app)
        assert screen.session is not None and screen.session.line.seed == 42
        assert len(screen.session.line.moves) == 2
        await pilot.press("escape")
        await pilot.pause()
        await choose(pilot, app, index)
        await pilot.press("y")  # a new deal: the unfinished one stays until a move here
        await pilot.pause()
        fresh = game_screen(app)
        assert fresh.session is not None and fresh.session.line.seed != 42
        assert [g.seed for g in Store(private_data_dir).games_in_progress()] == [42]
        await play_moves(pilot, fresh, 1)
        assert [g.seed for g in Store(private_data_dir).games_in_progress()] == [
            fresh.session.line.seed
        ]


async def test_play_goes_on_with_the_unfinished_deal_unless_a_new_one_is_asked_for(
    private_data_dir: Path,
) -> None:
    spec = specs()[1]
    app = make_app(private_data_dir, game=spec.id, seed=9, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_moves(pilot, game_screen(app), 2)
        await pilot.press("q")
    for how in ({}, {"seed": 9}):
        app = make_app(private_data_dir, game=spec.id, ascii_only=True, **how)  # type: ignore[arg-type]
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = game_screen(app)
            assert screen.session is not None and screen.session.line.seed == 9
            assert len(screen.session.line.moves) == 2
    app = make_app(private_data_dir, game=spec.id, fresh=True, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.session is not None and screen.session.line.moves == ()
        notices = [n.message for n in app._notifications]
        assert any("is replaced by your first move here" in n for n in notices)


async def test_a_new_round_asks_whether_to_go_on_with_an_unfinished_one(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, new_round=True, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = game_screen(app)
        assert first.session is not None and first.session.round is not None
        round_id = first.session.round.round_id
        await play_moves(pilot, first, 1)
        await pilot.press("q")
    app = make_app(private_data_dir, new_round=True, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "hole 1 of 9 (in play: 1 move played" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.session is not None and screen.session.round is not None
        assert screen.session.round.round_id == round_id
        assert len(screen.session.line.moves) == 1
    app = make_app(private_data_dir, new_round=True, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")  # a new round; the unfinished one is kept
        await pilot.pause()
        screen = game_screen(app)
        assert screen.session is not None and screen.session.round is not None
        assert screen.session.round.round_id != round_id
    assert len(Store(private_data_dir).unfinished_rounds()) == 2
    app = make_app(private_data_dir, new_round=True, fresh=True, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)  # --new: no question


async def unfinished_then_replayed(data: Path) -> tuple[Any, Any]:
    """The first game's seed 3 left unfinished after two moves; then the app opened on a
    record of its seed 4, three moves long (the game and that app)."""
    from parlour.engine import find_game
    from parlour.engine.history import Line
    from parlour.engine.record import format_record

    spec = specs()[0]
    rules: Any = find_game(spec.id)
    app = make_app(data, game=spec.id, seed=3, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_moves(pilot, game_screen(app), 2)
        await pilot.press("q")
    line: Line[Any, Any] = Line.from_seed(rules, 4)
    for _ in range(3):
        line = line.play(rules.legal_moves(line.current)[0])
    return spec, make_app(data, replay_text=format_record(line), ascii_only=True)


async def test_taking_over_a_replay_says_which_unfinished_game_it_replaces(
    private_data_dir: Path,
) -> None:
    spec, app = await unfinished_then_replayed(private_data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right", "right", "t")
        await wait_until(lambda: isinstance(app.screen, ConfirmScreen), 5, "the question")
        await pilot.press("y")  # (asked first: see the test below)
        screen = game_screen(app)
        # the game taken over is read in a thread: its words follow when it answers
        for _ in range(200):
            await pilot.pause(0.01)
            said = str(screen.query_one("#status").render())
            if "replaces" in said:
                break
        assert f"This game replaces your unfinished game of {spec.name} seed 3" in said
    assert [g.seed for g in Store(private_data_dir).games_in_progress()] == [4]


async def test_taking_over_a_replay_asks_before_it_drops_an_unfinished_game(
    private_data_dir: Path,
) -> None:
    """t in a replay, after a step, dropped the player's unfinished game of that game at
    once (it only said so after), where a new deal asks first."""
    spec, app = await unfinished_then_replayed(private_data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right", "t")
        await wait_until(lambda: isinstance(app.screen, ConfirmScreen), 5, "the question")
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        assert f"your unfinished game of {spec.name} seed 3 (2 moves played)" in str(
            question.question
        )
        await pilot.press("n")  # kept: still the replay
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.in_play
        assert "is kept" in str(screen.query_one("#status").render())
    assert [g.seed for g in Store(private_data_dir).games_in_progress()] == [3]


@pytest.mark.parametrize(
    ("yes", "no", "sizes"),
    [
        ("New deal", "Continue it", ((40, 12), (100, 32))),
        ("Yes", "No", ((40, 12), (100, 32))),
        (*ROUND_ANSWERS, ((40, 12), (100, 32))),
    ],
)
async def test_a_questions_buttons_name_every_key_and_fit_the_smallest_terminal(
    private_data_dir: Path, yes: str, no: str, sizes: tuple[tuple[int, int], ...]
) -> None:
    """Both buttons show whole, with every key that answers them (Esc answers no), at the
    start screen's smallest terminal as at a wide one (the no button once said only
    "(n)", so that Esc resuming an unfinished game was said nowhere)."""
    for size in sizes:
        app = make_app(private_data_dir, ascii_only=True)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.push_screen(ConfirmScreen("Deal a new one?", yes=yes, no=no))
            await pilot.pause()
            screen = app.screen
            for button_id, label in (
                ("#confirm-yes", f"{yes} (y)"),
                ("#confirm-no", f"{no} (n, Esc)"),
            ):
                button = screen.query_one(button_id, Button)
                assert str(button.label) == label
                region = button.content_region
                assert region.width >= len(label) and region.right <= size[0] - 1, (size, label)


async def test_a_game_whose_every_move_was_undone_is_listed_by_its_undone_moves(
    private_data_dir: Path,
) -> None:
    """A game kept for its redo, every move undone, is not "0 moves played": the start
    screen and the welcome back name the moves undone (and ``r`` plays them again)."""
    app = make_app(private_data_dir, game="golf", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await play_moves(pilot, screen, 2)
        await pilot.press("u", "u")
        await pilot.pause()
        assert screen.session is not None and len(screen.session.line.undone) == 2
        await pilot.press("q")
    assert app.writer.flush(10)
    app = make_app(private_data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await menu_read(pilot)
        assert entries(app)[0].startswith("Continue Golf seed 5 (2 moves undone, today ")
        await choose(pilot, app, 0)
        screen = game_screen(app)
        said = app.screen.query_one("StatusLine").message
        assert said.startswith("Welcome back: 2 moves undone. ")
        await pilot.press("r")
        await pilot.pause()
        assert screen.session is not None and len(screen.session.line.moves) == 1
