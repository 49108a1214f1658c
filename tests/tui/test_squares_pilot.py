"""Playing Three Squares in the app with the keyboard and the mouse (Textual Pilot), checked
against the engine and the store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.cli import main
from parlour.controls.squares_words import heap_column
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_layout import HEAP_INDEX
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_state import DEAL
from parlour.engine.games.squares_state import END
from parlour.engine.games.squares_state import FILLS
from parlour.engine.games.squares_state import HEAP_MOVES
from parlour.engine.games.squares_state import FillFromPack
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.games.squares_state import TakeSequence
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.help import with_ruling_words
from parlour.render import cards_as_shown
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.opening import OpenGame
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.squares import SquaresScreen
from parlour.tui.screens.squares_board import SquaresBoard
from parlour.tui.screens.squares_heap import HeapShown
from parlour.tui.widgets import StatusLine
from tests.tui.board_helpers import click_middle

from .squares_helpers import SEED
from .squares_helpers import player
from .squares_helpers import player_line

#: a short game (15 moves by the simple player): a choice of sequence, runs moved onto
#: cards and into spaces, spaces filled from the pack, and a last deal that ends it
SHORT_GAME = 32


def status_text(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).render())


def said(text: str) -> str:
    """The engine's words as the status line shows them: a sentence, with suit symbols and
    each ruling named with its title."""
    return cards_as_shown(with_ruling_words(f"{text[0].upper()}{text[1:]}"))


def heaps(app: Any) -> tuple[HeapShown, ...]:
    """How the board shows each of the twelve heaps (its label, its marks)."""
    return tuple(app.screen.query_one(SquaresBoard).view.shown)


def playable(app: Any) -> list[str]:
    """The labels of the heaps the board marks as choices."""
    return [heap.title for heap in heaps(app) if heap.playable]


def refused(app: Any) -> bool:
    return bool(app.screen.query_one(StatusLine).has_class("-refused"))


def label(index: int) -> list[str]:
    """The keys that name a heap: its square's number, then its letter."""
    return list(HEAP_NAMES[index])


def arrows(start: int, goal: int) -> list[str]:
    """The arrow keys that take the cursor from heap ``start`` to heap ``goal``."""
    (row, column), (goal_row, goal_column) = heap_column(start), heap_column(goal)
    keys = ["down" if goal_row > row else "up"] * abs(goal_row - row)
    return keys + ["right" if goal_column > column else "left"] * abs(goal_column - column)


async def test_a_whole_seeded_game_played_with_keys(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="squares", seed=SHORT_GAME, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SquaresScreen)
        expected: SquaresState = screen.session.state
        assert expected.phase is Phase.FORMING_3
        used: dict[str, int] = {}

        def way(kind: str) -> int:
            used[kind] = used.get(kind, 0) + 1
            return used[kind]

        while SQUARES.outcome(expected) is None:
            move = player(expected)
            if isinstance(move, TakeSequence):
                offered = [m for m in expected.legal if isinstance(m, TakeSequence)]
                await pilot.press(str(offered.index(move) + 1))
            elif isinstance(move, HeapMove):
                turn = way("heap") % 3
                into_space = not expected.heaps[move.target]
                if turn == 1:  # the cursor: Enter on the source, then on the target
                    await pilot.press(*arrows(screen.controls.cursor_heap, move.source), "enter")
                    assert screen.controls.chosen == ("heap", move.source)
                    await pilot.press(*arrows(move.source, move.target), "enter")
                elif turn == 2 and into_space:  # the space first, then the card for it
                    await pilot.press(*label(move.target))
                    assert screen.controls.chosen == ("space", move.target)
                    await pilot.press(*label(move.source))
                else:  # the labels, source then target
                    await pilot.press(*label(move.source))
                    assert screen.session.state == expected  # half a move changes nothing
                    assert heaps(app)[move.target].playable
                    await pilot.press(*label(move.target))
            elif isinstance(move, FillFromPack):
                if way("fill") % 2:
                    await pilot.press("p", *label(move.target))
                else:
                    await pilot.press(*label(move.target), "p")
            else:
                assert move == DEAL
                await pilot.press("d")
            expected = SQUARES.apply(expected, move)
            assert screen.session.state == expected
            assert screen.controls.chosen is None
        await pilot.pause()
        assert used["heap"] >= 6 and used["fill"] >= 4
        outcome = SQUARES.outcome(expected)
        assert outcome is not None and not outcome.won
        shown = status_text(app)
        assert said(SQUARES.words.prompt(expected)) in shown
        assert "Game over: no more can be done" in shown and "Press n for a new game" in shown
        assert screen.key_state("deal", ()) is None  # greyed
        assert screen.key_state("sequence", (1,)) is False
    store = Store(private_data_dir)
    games = store.finished_games()
    assert len(games) == 1
    assert games[0].game == "squares" and games[0].seed == SHORT_GAME
    assert games[0].score == outcome.score == SQUARES.score(expected)
    assert games[0].summary == SQUARES.words.ending(expected) and not games[0].won
    assert store.games_in_progress() == []


async def test_refused_keys_say_why(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="squares", seed=SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        start: SquaresState = screen.session.state
        assert start.phase is Phase.FORMING_3
        for key in ("d", "p", "b"):
            await pilot.press(key)
            assert said(SQUARES.words.why_illegal(start, DEAL)) in status_text(app)
            assert refused(app)
        await pilot.press("5")
        assert "There are 2 sequences on offer: press 1 or 2." in status_text(app)
        assert screen.session.state == start
        await pilot.press("1")
        state: SquaresState = screen.session.state
        assert state == SQUARES.apply(start, "take:1a,2b")
        await pilot.press("p")  # no space to fill
        no_space = "No heap is a space: the pack fills only empty heaps (S5: spaces)."
        assert no_space in status_text(app)
        await pilot.press("1", "a")  # its 4H has nowhere to go
        assert cards_as_shown("Nothing can move from 1a now: its 4H can go only onto 5H") in (
            status_text(app)
        )
        assert refused(app) and screen.controls.chosen is None
        await pilot.press("b")
        assert "Type the square first: 1b, 2b or 3b" in status_text(app)
        await pilot.press("2", "a")  # 2H may go onto 3H in 2c, and nowhere else
        assert screen.controls.chosen == ("heap", HEAP_INDEX["2a"])
        assert playable(app) == ["2c"]
        await pilot.press("1", "b")
        assert said(SQUARES.words.why_illegal(state, SQUARES.parse_move("2a-1b"))) in status_text(
            app
        )
        assert "Choose another, or press Esc to cancel." in status_text(app)
        assert (
            screen.controls.chosen == ("heap", HEAP_INDEX["2a"]) and screen.session.state == state
        )
        await pilot.press("escape")  # lets go of 2a; the board stays
        assert screen.controls.chosen is None and app.screen is screen
        assert "Nothing chosen." in status_text(app)
        await pilot.press("2", "a", "2", "a")  # choosing it again lets go too
        assert screen.controls.chosen is None and screen.session.state == state
        await pilot.press("7")
        assert "There is no square 7" in status_text(app)


async def test_undo_redo_and_restart_with_keys(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="squares", seed=SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        start = screen.session.state
        await pilot.press("1", "2", "a", "2", "c")
        taken = SQUARES.apply(start, "take:1a,2b")
        moved = SQUARES.apply(taken, "2a-2c")
        assert screen.session.state == moved
        await pilot.press("u")
        assert screen.session.state == taken
        took_back = "Undone: moved 2H from 2a onto 3H in 2c."
        assert cards_as_shown(took_back) in status_text(app)
        await pilot.press("r")
        assert screen.session.state == moved
        redid = "Redone: moved 2H from 2a onto 3H in 2c."
        assert cards_as_shown(redid) in status_text(app)
        await pilot.press("2", "c", "u")  # a move half made is let go by the undo
        assert screen.controls.chosen is None and screen.session.state == taken
        await pilot.press("d", "u")
        dealt = SQUARES.words.describe(taken, DEAL).removeprefix("deal ")
        assert cards_as_shown(f"Undone: dealt {dealt}.") in status_text(app)
        assert screen.session.state == taken
        await pilot.press("R")
        assert screen.session.state == start and screen.session.can_redo
        assert screen.key_state("undo", ()) is None


async def test_filling_a_space(private_data_dir: Path) -> None:
    line = player_line(SEED, 20)
    state: SquaresState = line.current
    spaces = [HEAP_NAMES[i] for i in range(state.heap_count) if not state.heaps[i]]
    assert spaces == ["3a", "3d"]
    app = make_app(private_data_dir, record_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("p")
        assert "From the pack: its top card fills a space. Which one: 3a or 3d?" in (
            status_text(app)
        )
        assert screen.query_one(SquaresBoard).view.pack_selected
        assert playable(app) == spaces
        await pilot.press("3", "d")
        assert screen.session.state == SQUARES.apply(state, "p-3d")
        await pilot.press("u", "3", "a")  # the space first: the pack or its square may fill it
        assert screen.controls.chosen == ("space", HEAP_INDEX["3a"])
        offer = "To fill the space 3a: p takes the pack's top card; 3b or 3c gives its top card."
        assert cards_as_shown(offer) in status_text(app)
        assert playable(app) == ["3b", "3c"]
        await pilot.press("3", "c")
        assert screen.session.state == SQUARES.apply(state, "3c-3a")
        await pilot.press("u", "3", "a", "p")
        assert screen.session.state == SQUARES.apply(state, "p-3a")


async def test_giving_up_asks_first(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="squares", seed=SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("1", "G")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.screen is screen and not screen.session.is_finished
        assert "Playing on." in status_text(app)
        await pilot.press("G", "y")
        assert app.screen is screen and screen.session.is_finished
        assert "Game over: gave up with 0 suits complete and clear. Score 0." in status_text(app)
        await pilot.press("d")
        assert "The game is over. Press n for a new game" in status_text(app)
    games = Store(private_data_dir).finished_games()
    assert len(games) == 1 and games[0].moves[-1] == "give-up" and games[0].score == 0


async def test_the_hint_points_at_the_move_and_hides_the_pack(private_data_dir: Path) -> None:
    line = player_line(SEED, 1)
    app = make_app(private_data_dir, record_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("2", "a")
        assert screen.controls.chosen == ("heap", HEAP_INDEX["2a"])
        await pilot.press("h")  # a hint lets go of a heap chosen: its keys start afresh
        await app.workers.wait_for_complete()  # the hint is worked out in the background
        await pilot.pause()
        assert screen.controls.chosen is None
        assert cards_as_shown("Hint: 2H from 2a onto 3H in 2c (press 2a then 2c).") in (
            status_text(app)
        )
        # (the record's moves count as hints given, then this one)
        assert screen.controls.cursor_heap == HEAP_INDEX["2a"]
        assert screen.session.hints == len(line.moves) + 1
        await pilot.press("enter", "2", "c")
        assert screen.session.line.moves[-1] == HEAP_MOVES[HEAP_INDEX["2a"]][HEAP_INDEX["2c"]]
        # a hint to fill a space or deal never names the cards the pack would give
        for _ in range(2):
            screen.play(player(screen.session.state))
        screen.action_hint()
        await app.workers.wait_for_complete()
        await pilot.pause()
        filling = screen.session.state
        assert player(filling) == FILLS[HEAP_INDEX["3c"]]
        hint = "Hint: fill the space 3c from the pack (press p then 3c)"
        assert status_text(app).startswith(hint)
        assert cards_as_shown(str(filling.pack[0])) not in status_text(app)
        screen.play(FILLS[HEAP_INDEX["3c"]])
        screen.action_hint()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Hint: deal to square 1 (press d)." in status_text(app)


async def test_clicking_heaps_and_the_pack(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="squares", seed=SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        start = screen.session.state
        await click_middle(pilot, "1c")  # not part of a sequence on offer
        assert refused(app) and screen.session.state == start
        await click_middle(pilot, "2c")  # sequence 2: 3H 2H
        taken = SQUARES.apply(start, "take:2a,2c")
        assert screen.session.state == taken
        moves = [m for m in taken.legal if isinstance(m, HeapMove) and taken.heaps[m.target]]
        move = moves[0]
        await click_middle(pilot, HEAP_NAMES[move.source])
        assert screen.controls.chosen == ("heap", move.source)
        await click_middle(pilot, HEAP_NAMES[move.target])
        assert screen.session.state == SQUARES.apply(taken, move)
        await click_middle(pilot, "pack")  # no space yet: the reason, and nothing chosen
        assert refused(app) and screen.controls.chosen is None


async def test_a_replay_steps_and_t_takes_over(private_data_dir: Path) -> None:
    line = player_line(SEED, 8)
    app = make_app(private_data_dir, replay_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SquaresScreen) and not screen.in_play
        assert not any(heap.playable or heap.pointed for heap in heaps(app))
        await pilot.press("right", "right", "d", "t")
        assert screen.in_play
        assert screen.session.state == line.states[2]
        await pilot.press("2", "c", "1", "a")
        assert screen.session.state == line.states[3]


def test_play_squares_opens_its_screen(private_data_dir: Path, monkeypatch: Any) -> None:
    opened: dict[str, Any] = {}
    monkeypatch.setattr("parlour.tui.app.ParlourApp.run", lambda self: opened.update(app=self))
    assert main(["play", "squares", "--seed", "7", "--data-dir", str(private_data_dir)]) == 0
    opening = opened["app"].opening
    assert opening == OpenGame("squares", 7)


async def test_the_start_screen_offers_three_squares(private_data_dir: Path) -> None:
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        assert not menu.get_option("play-squares").disabled
        menu.highlighted = menu.get_option_index("play-squares")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SquaresScreen)


async def test_an_end_the_move_could_not_settle_is_settled_in_the_background(
    private_data_dir: Path,
) -> None:
    """Ruling S11: seed 13 played at random to a position whose end the search after the
    move cannot tell; the app's longer search, in the background, shows that no more can
    be done and ends the game with Parlour's move ``end``."""
    from tests.engine.test_squares_ends import SEED_13_MOVES

    line = Line.from_seed(SQUARES, 13)
    for move in SEED_13_MOVES.split():
        line = line.play(move)
    assert SQUARES.end_in_doubt(line.current)
    app = make_app(private_data_dir, record_text=format_record(line), ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SquaresScreen)
        await app.workers.wait_for_complete()  # the longer search runs in the background
        await pilot.pause()
        assert screen.session.is_finished
        assert screen.session.line.moves[-1] == END
        ended = "Parlour ended the game: no higher score can be reached (S11: when Parlour cannot"
        assert f"{ended} tell at once)." in status_text(app)
        assert "Game over: no more can be done" in status_text(app)
    games = Store(private_data_dir).finished_games()
    assert len(games) == 1 and games[0].moves[-1] == "end"
    assert games[0].summary.startswith("no more can be done")
