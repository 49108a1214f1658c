"""The solver in the app: hints that never peek, the demo, the live verdict, pars."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from parlour.engine.deals import deck_from_seed
from parlour.engine.games.golf import GOLF
from parlour.engine.games.squares import SQUARES
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.solve.golf import solve_golf
from parlour.tui.app import make_app
from parlour.tui.screens.assist import Assistant
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.widgets import StatusLine
from tests.tui.scorecard_helpers import COURSE
from tests.tui.scorecard_helpers import COURSE_PARS
from tests.tui.scorecard_helpers import card_cells
from tests.tui.scorecard_helpers import keep_course_pars


def status_text(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).render())


def deck_with_stock_reordered(seed: int, shuffle_seed: int) -> tuple[Any, ...]:
    deck = list(deck_from_seed(seed))
    stock = deck[36:]
    random.Random(shuffle_seed).shuffle(stock)
    return (*deck[:36], *stock)


async def hint_for_deck(tmp_path: Path, deck: tuple[Any, ...]) -> tuple[Any, str]:
    record = format_record(Line.new(GOLF, deck))
    app = make_app(tmp_path, record_text=record)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        before = screen.session.state
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session.state == before  # a hint does not play
        assert screen.session.hints == 1
        said = status_text(app)
        assert said.startswith("Hint: ")
        return screen.cursor, said


async def test_the_hint_never_looks_at_the_hidden_stock(tmp_path: Path) -> None:
    seed = 8
    first = deck_with_stock_reordered(seed, 1)
    second = deck_with_stock_reordered(seed, 2)
    assert first[:36] == second[:36] and first[36:] != second[36:]
    hint_one = await hint_for_deck(tmp_path / "one", first)
    hint_two = await hint_for_deck(tmp_path / "two", second)
    assert hint_one == hint_two
    state = GOLF.start(first)
    assert int(hint_one[0]) in state.playable_columns() or "turn the stock" in hint_one[1]


async def test_the_demo_finishes_the_hole(tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=12)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("D")
        deadline = time.monotonic() + 120
        while not screen.session.is_finished and time.monotonic() < deadline:
            await pilot.pause(0.2)
        assert screen.session.is_finished
        assert screen.session.hints >= 1
        assert not screen.demo


async def test_a_step_queued_by_a_demo_stopped_since_is_not_played(tmp_path: Path) -> None:
    """A demo's next move waits half a second on a timer: stopped and started again
    meanwhile (D D), that move was still played, for whatever position there was then
    (a move not allowed, or one played as the player's own)."""
    app = make_app(tmp_path, game="golf", seed=12)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assistant = screen.assistant
        await pilot.press("D")
        state = screen.session.state
        first = assistant._demo_run
        assistant.stop_demo("Demo stopped: your move.")
        await pilot.press("D")  # another demo
        move = GOLF.legal_moves(state)[0]
        assistant._demo_step(move, state, first)  # the first demo's step, come due
        assert screen.session.line.moves == ()
        assistant.stop_demo("Demo stopped: your move.")
        assert screen.play(move)  # the player's own move
        await pilot.press("D")
        assistant._demo_step(move, state, assistant._demo_run)  # for the position before
        assert screen.session.line.moves == (move,)


async def test_any_key_stops_the_demo(tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=12)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("D")
        assert screen.demo
        await pilot.press("x")
        assert not screen.demo
        assert "Demo stopped" in status_text(app)


async def test_the_demo_stops_when_it_comes_round_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Three Squares seed 85 played at random (benchmarks/squares_ends.py) to a position
    # whose end the search after a move cannot tell (S11): the hint player, finding no
    # way to a higher score, moves a card back and forth after its seventh move. (The
    # app's longer search would end the game there; it is kept out of this test.)
    monkeypatch.setattr(Assistant, "_look_at_end", lambda self, line: None)
    line: Line[Any, Any] = Line.from_seed(SQUARES, 85)
    for move in SEED_85_RANDOM.split():
        line = line.play(move)
    assert not line.current.pack
    app = make_app(tmp_path, record_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("D")
        deadline = time.monotonic() + 60
        while screen.demo and time.monotonic() < deadline:
            await pilot.pause(0.2)
        assert not screen.demo
        assert "came back to a position it had already played through" in status_text(app)
        state = screen.session.state
        assert not screen.session.is_finished
        # it stopped on the first repeat: the position it reached was seen two moves back
        played = screen.session.line
        assert len(played.moves) == 33 + 8
        assert state == played.states[len(played.moves) - 2]


SEED_85_RANDOM = (
    "1d-1b 1b-1a 1a-1c 3d-2a 3b-3d p-3b d d 2b-3b d d 3b-2c d 3c-3a 1b-3a 1d-2a 3d-3a "
    "1c-1b 1a-2c d 2b-3a 1d-2d 1a-1d 1c-1a 3b-2c 2b-2d 3b-3d d d 3a-3b d 2d-1c d"
)


async def test_the_live_verdict_updates_after_a_move_without_blocking(tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        info = screen.query_one("#info")
        assert "live verdict" not in str(info.render())  # off until asked for
        await pilot.press("V")
        # on at once: "thinking…" under the long label, or, if the other process was
        # quicker than this check, the verdict under the shorter one the longer words need
        assert "verdict (peeks" in str(info.render())
        await app.workers.wait_for_complete()
        await pilot.pause()
        best = solve_golf(screen.session.state).best_score
        assert f"cleared (best {best})" in str(info.render())
        # a move is taken at once (the verdict is worked out in another process)
        await pilot.press("7")
        assert len(screen.session.line.moves) == 1
        await app.workers.wait_for_complete()
        await pilot.pause()
        best = solve_golf(screen.session.state).best_score
        assert f"cleared (best {best})" in str(info.render())


async def test_the_scorecard_shows_each_holes_par_and_best(tmp_path: Path) -> None:
    from parlour.engine.games.golf_plugin import ROUNDS
    from parlour.engine.rounds import hole_seed
    from parlour.engine.solve.golf import par_for_seed
    from parlour.tui.screens.scorecard import ScorecardScreen

    course = COURSE  # the snapshots' course: its pars are kept for the pictures of the card
    # the hint player's pars as the app keeps them once worked out (test_course_pars works
    # them out and checks them; test_scorecard_card watches the app work one out)
    keep_course_pars(tmp_path)
    app = make_app(tmp_path, course=course)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert app.writer.flush(10)  # the figures worked out are written by the writer
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        pars, bests = screen.round_pars()
        assert bests == {
            hole: par_for_seed(hole_seed(ROUNDS, course, hole)) for hole in range(1, 10)
        }
        assert set(pars) == set(range(1, 10))  # the hint player's: tests/tui/test_scorecard_card
        assert pars == COURSE_PARS  # the pars the pictures of the card are drawn with
        assert all(pars[hole] >= bests[hole] for hole in pars)  # never better than perfect play
        await pilot.press("c")
        await pilot.pause(0.6)
        assert isinstance(app.screen, ScorecardScreen)
        # the golf card: each hole's par and best under its number, and their totals
        card = card_cells(app.screen)
        assert card["Hole"] == [*map(str, range(1, 10)), "Total"]
        assert card["Par"] == [*(str(pars[hole]) for hole in range(1, 10)), str(sum(pars.values()))]
        assert card["Best"] == [*(str(bests[h]) for h in range(1, 10)), str(sum(bests.values()))]
