"""Playing Rubbish Heap in the app with the keyboard (Textual Pilot), checked against the
engine and the store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.controls.rubbish import PLACE_KEYS
from parlour.engine.cards import parse_card
from parlour.engine.game import GIVE_UP
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.rubbish_state import DISCARDS
from parlour.engine.games.rubbish_state import FROM_STOCK
from parlour.engine.games.rubbish_state import FROM_WASTE
from parlour.engine.games.rubbish_state import Discard
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.games.rubbish_state import RubbishState
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.help import with_ruling_words
from parlour.render import cards_as_shown
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.rubbish import RubbishScreen
from parlour.tui.screens.rubbish_board import RubbishBoard
from parlour.tui.screens.rubbish_heap import WasteHeapScreen
from parlour.tui.widgets import StatusLine
from tests.tui.board_helpers import click_pile

#: a deal that opens on a round of three queens (positions 5, 8 and 9)
SEED = 55
#: a deal whose game, played by :func:`player`, fills from the stock and the waste and
#: throws cards from each of positions 10-13
WHOLE_GAME_SEED = 52


def choices(state: RubbishState) -> list[Any]:
    return [move for move in RUBBISH.legal_moves(state) if move is not GIVE_UP]


def player(state: RubbishState) -> Any:
    """A simple player: the waste's top card when its rank is not on the board, else the
    stock; of a group, the last card on the board first."""
    if state.phase is Phase.FILLING:
        ranks = {placed.rank for placed in state.board if placed is not None}
        return FROM_WASTE if state.waste[-1].rank not in ranks else FROM_STOCK
    return choices(state)[-1]


def key_for(state: RubbishState, move: Any) -> str:
    if isinstance(move, Discard):
        return PLACE_KEYS[state.board.index(move.card)]
    return str(move)


def board_text(screen: Any) -> str:
    """The board's lines as the screen shows them (its text only)."""
    board = screen.query_one(RubbishBoard)
    return "\n".join(board.render_line(y).text for y in range(board.size.height))


def status_text(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).render())


async def test_a_whole_seeded_game_played_with_keys(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="rubbish", seed=WHOLE_GAME_SEED, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RubbishScreen)
        expected = RUBBISH.start_from_seed(WHOLE_GAME_SEED)
        assert screen.session.state == expected
        played = 0
        used = set()
        while RUBBISH.outcome(expected) is None:
            move = player(expected)
            offered = choices(expected)
            key = key_for(expected, move)
            if played % 4 == 3 and (key.isdigit() or key == "s"):
                # every fourth move or so by the arrows and Enter instead of its own key
                for _ in range(offered.index(move)):
                    await pilot.press("right")
                    assert screen.session.state == expected
                key = "enter"
            await pilot.press(key)
            used.add(key)
            expected = RUBBISH.apply(expected, move)
            assert screen.session.state == expected
            played += 1
        await pilot.pause()
        outcome = RUBBISH.outcome(expected)
        assert outcome is not None
        # the game's end is said (its ruling titled where it is first named in the line)
        prompt, said = RUBBISH.words.prompt(expected), status_text(app)
        assert cards_as_shown(with_ruling_words(prompt)) in said or (
            cards_as_shown(prompt) in said and said.count("(R5: ") == 1
        )
        assert "Press n for a new game." in status_text(app)
        assert "Game over" in board_text(screen)
        assert screen.key_state("play_cursor", ()) is None  # greyed once it is over
    assert {"s", "w", "enter", "a", "b", "c", "d"} <= used
    store = Store(private_data_dir)
    games = store.finished_games()
    assert len(games) == 1
    assert games[0].game == "rubbish" and games[0].seed == WHOLE_GAME_SEED
    assert games[0].score == outcome.score == expected.cards_home
    assert games[0].summary == RUBBISH.words.ending(expected)
    assert len(games[0].moves) == played
    assert store.games_in_progress() == []


async def test_refused_keys_say_why_and_change_nothing(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="rubbish", seed=SEED, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        start = screen.session.state
        # the question names the keys of the three queens
        assert "choose the two to throw (press 5, 8 or 9)" in status_text(app)
        await pilot.press("1")  # 2D is not a queen
        assert screen.session.state == start
        said = status_text(app)
        assert said.startswith("Cannot throw 2♦ — it is the queens that must go, not 2♦")
        assert "(R4: discarding)" in said
        assert screen.key_state("fill_stock", ()) is None  # greyed in the footer …
        await pilot.press("s")  # … and the key still answers, with the engine's reason
        assert screen.session.state == start
        assert status_text(app).startswith(
            "Cannot fill from the stock — the board is full and nothing can go out"
        )
        await pilot.press("5")
        assert screen.session.state == RUBBISH.apply(start, "dQS")
        await pilot.press("5")
        assert "Position 5 is empty" in status_text(app)
        await pilot.press("w")
        assert "one more of the queens must be discarded first (R4: discarding)" in status_text(app)


async def test_undo_redo_and_restart(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="rubbish", seed=SEED, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        start = screen.session.state
        await pilot.press("9", "8")
        after_two = RUBBISH.apply(RUBBISH.apply(start, "dQC"), "dQH")
        assert screen.session.state == after_two
        assert after_two.phase is Phase.FILLING
        await pilot.press("w")
        assert screen.session.state == RUBBISH.apply(after_two, "w")
        await pilot.press("u")
        assert screen.session.state == after_two
        filled = "filled the last empty place, position 9, from the waste with Q♥"
        assert f"Undone: {filled}." in status_text(app)
        await pilot.press("u")
        discarded = "discarded Q♥; filled position 8 from the stock with 4♣"
        assert f"Undone: {discarded}." in status_text(app)
        await pilot.press("r")
        assert screen.session.state == after_two
        assert f"Redone: {discarded}." in status_text(app)
        await pilot.press("R")
        assert screen.session.state == start
        assert screen.session.line.can_redo
        assert screen.key_state("undo", ()) is None


async def test_arrows_hint_and_clicks(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="rubbish", seed=SEED, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        start = screen.session.state
        queens = [DISCARDS[parse_card(text)] for text in ("QS", "QH", "QC")]
        assert screen.controls.selected() == queens[0]
        view = screen.query_one(RubbishBoard).view
        assert view.selected == "5" and "8" in view.playable
        assert "1" not in view.playable
        await pilot.press("left")  # round to the last of the group
        assert screen.controls.selected() == queens[2]
        assert screen.query_one(RubbishBoard).view.selected == "9"
        assert "Enter will throw Q♣ from position 9" in status_text(app)
        await pilot.press("h")
        await app.workers.wait_for_complete()  # the hint is worked out in the background
        await pilot.pause()
        assert screen.controls.selected() == queens[0]
        assert "Hint: throw Q♠ from position 5 (press 5)" in status_text(app)
        assert screen.session.hints == 1
        await click_pile(pilot, "8")
        assert screen.session.state == RUBBISH.apply(start, "dQH")
        await click_pile(pilot, "5")
        after = RUBBISH.apply(RUBBISH.apply(start, "dQH"), "dQS")
        assert screen.session.state == after
        assert after.phase is Phase.FILLING
        view = screen.query_one(RubbishBoard).view
        assert {"stock", "waste"} <= view.playable and view.selected == "stock"
        await click_pile(pilot, "waste")
        assert screen.session.state == RUBBISH.apply(after, "w")


async def test_giving_up_asks_first_and_is_stored(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="rubbish", seed=SEED, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("G")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # a stray Enter answers the default, playing on
        assert app.screen is screen and not screen.session.is_finished
        await pilot.press("G", "n")
        assert app.screen is screen and not screen.session.is_finished
        await pilot.press("G", "y")
        assert app.screen is screen and screen.session.is_finished
        assert "Game over: given up with 1 card home. Score 1." in status_text(app)
    games = Store(private_data_dir).finished_games()
    assert len(games) == 1
    assert games[0].summary == "given up with 1 card home" and games[0].score == 1
    assert games[0].moves == ("give-up",)


async def test_the_heap_can_be_looked_through(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="rubbish", seed=SEED, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("9", "8", "v")
        heap = app.screen
        assert isinstance(heap, WasteHeapScreen)
        assert heap.waste == screen.session.state.waste == (parse_card("QC"), parse_card("QH"))
        await pilot.press("escape")
        assert app.screen is screen


async def test_a_new_game_asks_first_while_this_one_is_in_play(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="rubbish", seed=SEED, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("9", "n")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.screen is screen
        await pilot.press("n", "y")
        await pilot.pause()
        fresh = app.screen
        assert isinstance(fresh, RubbishScreen) and fresh is not screen
        assert fresh.session.line.moves == ()
    # the game asked about is dropped; the new deal, with no move played, takes no slot
    assert Store(private_data_dir).games_in_progress() == []


async def test_a_record_replays_and_can_be_taken_over(tmp_path: Path) -> None:
    line: Line[Any, Any] = Line.from_seed(RUBBISH, SEED)
    for move in ("dQC", "dQH", "w"):
        line = line.play(move)
    app = make_app(tmp_path, replay_text=format_record(line), ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RubbishScreen) and not screen.in_play
        view = screen.query_one(RubbishBoard).view
        assert not view.playable and view.selected is None
        await pilot.press("9")  # no moves of one's own in a replay
        await pilot.press("right", "right")
        assert screen.line.current == line.states[2]
        assert not screen.query_one(RubbishBoard).view.playable
        await pilot.press("t", "s")
        assert screen.in_play
        assert screen.session.state == RUBBISH.apply(line.states[2], "s")


async def play_to_the_end(app: Any, pilot: Any) -> int:
    """Play the game on the screen to its end (the last legal move each time) and return
    its score."""
    screen = app.screen
    assert isinstance(screen, RubbishScreen)
    session = screen.session
    assert session is not None
    while not session.is_finished:
        assert screen.play(RUBBISH.legal_moves(session.state)[-1])
    await pilot.pause()
    outcome = RUBBISH.outcome(session.state)
    assert outcome is not None
    return outcome.score


async def test_the_best_score_is_read_off_the_loop_and_shown_at_the_end(
    private_data_dir: Path,
) -> None:
    """The games finished before are read in a thread as the board opens; at the end the
    board names the best of them and this one."""
    scores = []
    for seed in (11, 12):
        app = make_app(private_data_dir, game="rubbish", seed=seed, ascii_only=False)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            scores.append(await play_to_the_end(app, pilot))
            screen = app.screen
            assert isinstance(screen, RubbishScreen)
            for _ in range(50):  # the earlier games' read answers in a thread
                if "best" in board_text(screen):
                    break
                await pilot.pause(0.05)
            assert f"Score {scores[-1]} · best {max(scores)}" in board_text(screen)
    assert scores[0] > scores[1]  # (so that the second game shows the first one's best)


async def test_the_score_and_the_best_are_whole_beside_the_foundations_at_80x24(
    private_data_dir: Path,
) -> None:
    """At 80 x 24 the four lines beside the foundations held "Game over", the summary in
    two, and "Score 24 · your best": the best's number went to a fifth line, cut off."""
    app = make_app(private_data_dir, game="rubbish", seed=4, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RubbishScreen) and screen.session is not None
        while not screen.session.is_finished:
            assert screen.play(RUBBISH.legal_moves(screen.session.state)[0])
        await pilot.pause()
        outcome = RUBBISH.outcome(screen.session.state)
        assert outcome is not None and outcome.score >= 10  # (two digits, as most are)
        for _ in range(50):  # the earlier games' read answers in a thread
            if "best" in board_text(screen):
                break
            await pilot.pause(0.05)
        line = next(line for line in board_text(screen).splitlines() if "Score" in line)
        assert line.rstrip().endswith(f"best {outcome.score}"), line


async def test_a_refusal_gives_way_to_the_instruction_it_covered(
    private_data_dir: Path, monkeypatch: Any
) -> None:
    """A key that does nothing, or a move refused, is said; a moment later the question
    the game asks (which discard) is back on the status line, not gone until the next
    move."""
    monkeypatch.setattr(StatusLine, "PASSING", 0.3)
    app = make_app(private_data_dir, game="rubbish", seed=SEED, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        status = app.screen.query_one(StatusLine)
        asked = "choose the two to throw (press 5, 8 or 9)"
        assert asked in status_text(app)
        for key, refusal in (("z", "z does nothing here"), ("1", "Cannot throw 2♦")):
            await pilot.press(key)
            assert status_text(app).startswith(refusal) and asked not in status_text(app)
            assert status.has_class("-refused")
            await pilot.pause(0.6)
            assert asked in status_text(app) and not status.has_class("-refused")
        # the log of messages has each once: the question is not said again
        assert sum(asked in said for said in status.said) == 1
