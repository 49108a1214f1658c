"""The key bar at the foot of the screen: it greys the keys the engine's position makes
useless, and a click on a key presses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.engine.games.golf import GOLF
from parlour.tui.app import make_app
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.widgets import StatusLine


def shown_keys(bar: KeyBar) -> dict[str, bool]:
    bar.render()
    return {key: enabled for _start, _end, key, enabled in bar._spans}


def offset_of(bar: KeyBar, wanted: str) -> int:
    return next(start for start, _end, key, _on in bar._spans if key == wanted)


async def test_the_key_bar_greys_undo_until_a_move_and_a_click_on_it_undoes(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(200, 32)) as pilot:  # wide enough for every key
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        bar = screen.query_one(KeyBar)
        keys = shown_keys(bar)
        assert keys["u"] is False and keys["r"] is False and keys["q"] is True
        await pilot.press("7")
        await pilot.pause()
        assert len(screen.session.line.moves) == 1
        keys = shown_keys(bar)
        assert keys["u"] is True and keys["r"] is False
        # a click on "u Undo" takes the move back, as the key would
        await pilot.click(KeyBar, offset=(offset_of(bar, "u") + 1, 0))
        await pilot.pause()
        assert screen.session.state == GOLF.start_from_seed(1)
        assert shown_keys(bar)["r"] is True
        # a click on a greyed key does nothing but say why, as the key pressed does
        await pilot.click(KeyBar, offset=(offset_of(bar, "u") + 1, 0))
        await pilot.pause()
        assert screen.session.state == GOLF.start_from_seed(1)
        assert screen.session.can_redo
        said = str(screen.query_one(StatusLine).render())
        assert said.startswith("Nothing to take back")


async def test_keys_that_do_not_fit_are_left_off_whole(tmp_path: Path) -> None:
    app = make_app(tmp_path, game="rubbish", seed=3, ascii_only=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        text = bar.render()
        assert len(str(text)) <= bar.size.width
        last_end = max(end for _start, end, _key, _on in bar._spans)
        assert last_end <= bar.size.width
        # at this width some keys are left off
        shown = {b.key for _n, b, _e, _t in app.screen.active_bindings.values() if b.show}
        assert {key for _s, _e, key, _on in bar._spans} < shown


async def test_the_scorecard_greys_the_round_record_until_the_round_is_finished(
    private_data_dir: Path,
) -> None:
    """e (Round record) stood in the scorecard's key bar as usable while the round was in
    play, where pressing it could only say that the round is not finished."""
    from parlour.tui.screens.scorecard import ScorecardScreen
    from tests.tui.test_round_export import COURSE

    app = make_app(private_data_dir, course=COURSE, ascii_only=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        bar = app.screen.query_one(KeyBar)
        keys = shown_keys(bar)
        assert keys["e"] is False and keys["escape"] is True
        await pilot.press("e")  # says why, and writes nothing
        await pilot.pause()
        said = [notice.message for notice in app._notifications]
        assert any("is not finished: 0 of 9 holes played" in words for words in said), said
        assert not list(private_data_dir.glob("records/*round*"))


@pytest.mark.parametrize("game", ["golf", "rubbish", "squares", "bytwos"])
async def test_a_narrow_bar_keeps_the_help_key(private_data_dir: Path, game: str) -> None:
    """At 60 x 20 a game's bar, once a move was made, kept Concede or New game and left
    off "? Help" (with Menu and Quit): nothing on the screen said where the keys left off
    are told (Three Squares' bar left it off at 80 x 24 too)."""
    from parlour.session import Session
    from parlour.store.database import Store

    store = Store(private_data_dir)
    session = Session.new_game(store, game, 3)
    for _ in range(3):  # (a game under way: undo is no longer greyed)
        session.play(session.line.rules.legal_moves(session.state)[0])
    store.close()
    app = make_app(private_data_dir, game=game, ascii_only=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert len(app.screen.session.line.moves) == 3  # type: ignore[attr-defined]
        bar = app.screen.query_one(KeyBar)
        text = bar.render()
        assert len(str(text)) <= bar.size.width
        keys = shown_keys(bar)
        assert keys.get("question_mark") is True, str(text)
        # (and some other keys are left off for it)
        shown = {b.key for _n, b, _e, _t in app.screen.active_bindings.values() if b.show}
        assert set(keys) < shown
