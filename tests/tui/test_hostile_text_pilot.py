"""Hostile text in the app (Textual Pilot): a settings file whose values and key names are
markup or escape sequences, a record replayed from a file with such a name, and names,
games and rule options in the database that are: the app starts, every screen draws
them as written (no control character reaches the screen, no markup is parsed) and it
never crashes."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck
from hypothesis import example
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from textual.content import Content
from textual.widgets import OptionList
from textual.widgets import Static
from textual.widgets._toast import Toast

from parlour.engine.games.golf import GOLF
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.untrusted import needs_escape
from parlour.engine.untrusted import shown
from parlour.store.database import Store
from parlour.store.players import is_player
from parlour.tui.app import ParlourApp
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.history import HistoryScreen
from parlour.tui.screens.history import RoundsScreen
from parlour.tui.screens.player import PlayerScreen
from parlour.tui.screens.settings import SettingsScreen
from parlour.tui.screens.start import StartScreen
from parlour.tui.screens.statistics import StatisticsScreen
from parlour.tui.widgets import StatusLine
from tests.engine.test_untrusted import HOSTILE

MARKUP = st.sampled_from(["[/]", "[link=https://evil.example]", "[bold", "[/nope]", "[b]", "\\["])
CHARACTERS = st.characters(codec=None, exclude_categories=["Cs"], exclude_characters="\x00")
ANY_TEXT = st.lists(st.one_of(st.text(alphabet=CHARACTERS), MARKUP), max_size=4).map("".join)
#: a file's name as Python reads it from a command line (bytes that are not UTF-8 as the
#: surrogates U+DC80 to U+DCFF)
UNDECODABLE = st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF)
ANY_NAME = st.lists(
    st.one_of(st.text(alphabet=CHARACTERS), st.text(alphabet=UNDECODABLE), MARKUP), max_size=4
).map("".join)
PILOT = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
SIZE = (100, 32)


def screen_lines(app: Any) -> list[str]:
    """The text of the terminal, line by line, as the app has drawn it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def toasts(app: Any) -> list[str]:
    """The words of every notice on the screen, as drawn."""
    said = []
    for toast in app.screen.query(Toast):
        drawn = toast.render()
        said.append(drawn.plain if isinstance(drawn, Content) else str(drawn))
    return said


def drawn_clean(app: ParlourApp) -> None:
    """Nothing on the screen, notices included, that a terminal would act on."""
    for text in [*screen_lines(app), *toasts(app)]:
        acted_on = {char for char in text if char != "\n" and needs_escape(char)}
        assert not acted_on, f"raw {sorted(acted_on)!r} drawn in {text!r}"


def write_config(table: dict[str, Any]) -> None:
    path = Path(os.environ["PARLOUR_CONFIG"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tomli_w.dumps(table), encoding="utf-8")


# -- settings --------------------------------------------------------------------------------


async def test_markup_in_the_settings_file_is_a_readable_notice(tmp_path: Path) -> None:
    """theme = "[/]", [keys] menu = "[/]" and a setting named "[/nope]": once the app
    crashed on each (MarkupError, exit 1); it starts and says what is wrong."""
    write_config({"theme": "[/]", "[/nope]": "x", "keys": {"menu": "[/]", "\x1b[2J": "x"}})
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause(0.5)
        assert isinstance(app.screen, StartScreen)
        for _ in range(100):  # (the keys' problems come as the screens are made)
            said = "\n".join(toasts(app))
            if "keys.\\x1b[2J" in said:
                break
            await pilot.pause(0.1)
        assert "[/nope]: unknown setting" in said
        assert "theme: no theme '[/]'" in said
        assert "keys.menu: '[/]' is not a key" in said
        assert "keys.\\x1b[2J: no such action" in said
        drawn_clean(app)
        app.push_screen(SettingsScreen())
        await pilot.pause()
        drawn_clean(app)
        keys = app.screen.query_one("#settings-keys", Static).render()
        assert isinstance(keys, Content) and "menu = [/], \\x1b[2J = x." in keys.plain
    assert app.return_code in (None, 0)


@PILOT
@given(value=ANY_TEXT, key=ANY_TEXT)
async def test_any_setting_is_drawn_without_a_control(tmp_path: Path, value: str, key: str) -> None:
    write_config({"theme": value, key: value, "keys": {key: value, "menu": value}})
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause(0.3)
        assert isinstance(app.screen, StartScreen)
        drawn_clean(app)
        app.push_screen(SettingsScreen())
        await pilot.pause()
        drawn_clean(app)
    assert app.return_code in (None, 0)


# -- a replayed file's name -------------------------------------------------------------------


def a_record() -> str:
    line: Line[Any, Any] = Line.from_seed(GOLF, 1)
    for _ in range(3):
        line = line.play(GOLF.legal_moves(line.current)[0])
    return format_record(line)


async def replaying(tmp_path: Path, name: str) -> None:
    app = make_app(tmp_path, replay_text="\ufeff" + a_record(), record_title=name)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause(0.2)
        assert isinstance(app.screen, GameScreen)
        line = app.screen.query_one(StatusLine)
        assert line.message.startswith(f"Replaying {shown(name) or 'a game'}:")
        # drawn as said: a long name wraps (and may be cut), each drawn line a part of it
        drawn = str(line.render()).split("\n")
        assert line.message.startswith(drawn[0])
        assert all(row.removesuffix(line.CUT).strip() in line.message for row in drawn)
        drawn_clean(app)
    assert app.return_code in (None, 0)


async def test_a_replay_of_a_file_with_markup_in_its_name_shows_the_name(tmp_path: Path) -> None:
    """parlour replay 'g1[/b].txt' once crashed the app (MarkupError)."""
    for name in ("g1[/b].txt", "".join(HOSTILE)):
        await replaying(tmp_path, name)


@PILOT
@given(name=ANY_NAME)
@example(name="\udc80" * 37)  # (a name too long for the status line's lines: cut)
@example(name="(R1)")  # (looks like a ruling's code: shown as it is, not given a title)
async def test_a_replay_of_any_file_name_is_drawn_without_a_control(
    tmp_path: Path, name: str
) -> None:
    await replaying(tmp_path, name)


# -- the database's words ---------------------------------------------------------------------


def hostile_database(data: Path, text: str) -> None:
    """ann's finished game and round, and another player, whose stored words are ``text``
    (a database written by hand, or by a Parlour that checked less)."""
    store = Store(data, player="ann")
    round_id = store.start_round(77, "none")
    store.finish_game(None, game="golf", options="none", seed=1, deck="", moves=["s"],
                      won=False, score=3, summary="", round_id=round_id, hole=1)  # fmt: skip
    store.finish_game(None, game="golf", options="none", seed=2, deck="", moves=["s"],
                      won=True, score=0, summary="")  # fmt: skip
    store.close()
    with sqlite3.connect(data / "parlour.db") as db:
        db.execute("UPDATE games SET options = ? WHERE seed = 1", (text,))
        db.execute("UPDATE games SET game = ? WHERE seed = 2", (text,))
        db.execute("UPDATE rounds SET options = ?", (text,))
        db.execute(
            "INSERT INTO games (player, game, options, seed, deck, moves, won, score, summary,"
            " started, finished) VALUES (?, 'golf', 'none', 3, '', 's', 0, 5, '', 'x', 'x')",
            (text,),
        )
    db.close()


async def visit_every_screen(data: Path, text: str) -> None:
    app = make_app(data, player="ann")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause(0.2)
        drawn_clean(app)
        for screen in (PlayerScreen(), HistoryScreen(), RoundsScreen(), StatisticsScreen()):
            app.push_screen(screen)
            await pilot.pause(0.2)
            drawn_clean(app)
            if isinstance(screen, PlayerScreen):
                listing = screen.query_one("#players", OptionList)
                names = [str(listing.get_option_at_index(i).prompt) for i in
                         range(listing.option_count)]  # fmt: skip
                # a name a player can have is listed as written; any other is nobody's
                # (choosing it opened nothing), and is not listed at all
                assert (shown(text) in names) == is_player(text)
            if isinstance(screen, HistoryScreen):
                for _ in range(2):  # replay each stored game: one cannot be (its game)
                    await pilot.press("enter")
                    await pilot.pause(0.2)
                    drawn_clean(app)
                    if isinstance(app.screen, GameScreen):
                        app.pop_screen()
                        await pilot.press("down")
            app.pop_screen()
            await pilot.pause()
    assert app.return_code in (None, 0)


async def test_hostile_words_in_the_database_are_drawn_as_written(tmp_path: Path) -> None:
    for number, text in enumerate(("[/]", "".join(HOSTILE))):
        data = tmp_path / str(number)
        hostile_database(data, text)
        await visit_every_screen(data, text)


@settings(max_examples=6, deadline=None)
@given(text=ANY_TEXT)
async def test_any_words_in_the_database_are_drawn_without_a_control(text: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        hostile_database(Path(folder), text)
        await visit_every_screen(Path(folder), text)


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE rounds SET course = -99",
        "UPDATE games SET game = x'00ff1b'",
        "UPDATE games SET options = x'41'",
        "UPDATE holes SET score = 1e308",
    ],
)
async def test_the_reading_screens_open_over_values_of_the_wrong_kind(
    tmp_path: Path, change: str
) -> None:
    """Each ended the app from its statistics screen (a DealError, an AttributeError, a
    TypeError, plotext's OverflowError): a file changed by hand."""
    from tests.test_cli_stats import a_bit_of_everything

    a_bit_of_everything(tmp_path)
    with sqlite3.connect(tmp_path / "parlour.db") as db:
        db.execute(change)
    db.close()
    app = make_app(tmp_path, player="ann")
    async with app.run_test(size=SIZE) as pilot:
        for screen in (HistoryScreen(), RoundsScreen(), StatisticsScreen()):
            app.push_screen(screen)
            await pilot.pause(0.2)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.is_running and app.screen is screen
            app.pop_screen()
            await pilot.pause()
    assert app.return_code in (None, 0)


async def test_a_replayed_three_squares_records_name_is_shown_as_written(tmp_path: Path) -> None:
    """Three Squares' status line gave a ruling's title to a code in the file's name:
    "notes (R1).txt" was shown as "notes (R1: the deal).txt"."""
    from parlour.engine.games.squares import SQUARES

    line: Line[Any, Any] = Line.from_seed(SQUARES, 1)
    name = "notes (R1) (S4).txt"
    app = make_app(tmp_path, replay_text=format_record(line), record_title=name)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        assert isinstance(app.screen, GameScreen)
        said = app.screen.query_one(StatusLine).message
        assert said.startswith(f"Replaying {name}:")


@pytest.mark.parametrize(
    "stamp", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00"]
)
async def test_a_saved_games_time_at_the_calendars_edge_does_not_end_the_start_screen(
    tmp_path: Path, stamp: str
) -> None:
    """A time of the right kind (text, ISO 8601) that the local time zone cannot hold
    ended the app with an OverflowError as its start screen listed the unfinished game:
    the app never started while the row was there."""
    from tests.test_cli_stats import a_bit_of_everything

    a_bit_of_everything(tmp_path)
    with sqlite3.connect(tmp_path / "parlour.db") as db:
        assert db.execute("UPDATE in_progress SET updated = ?", (stamp,)).rowcount == 1
    db.close()
    app = make_app(tmp_path, player="ann")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, StartScreen)
        assert any(stamp in line for line in screen_lines(app))
    assert app.return_code in (None, 0)
