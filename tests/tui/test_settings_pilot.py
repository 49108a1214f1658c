"""The player's settings in the app (Textual Pilot): the settings file read at start
(good, bad, missing), keys changed in it, the four-colour deck, themes, and the settings
screen writing the file back."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from parlour.engine.cards import SUIT_GLYPHS
from parlour.engine.games.golf import TURN
from parlour.store.config import DEFAULT_THEME
from parlour.tui.app import ParlourApp
from parlour.tui.app import make_app
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.help import HelpScreen
from parlour.tui.widgets import StatusLine
from tests.tui.menu_helpers import open_settings


def config_file() -> Path:
    return Path(os.environ["PARLOUR_CONFIG"])


def write_config(text: str) -> Path:
    path = config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def recording(app: ParlourApp) -> list[str]:
    """Every notification the app shows, as text."""
    said: list[str] = []
    notify = app.notify

    def record(message: str, **kwargs: Any) -> None:
        said.extend(message.splitlines())
        notify(message, **kwargs)

    app.notify = record  # type: ignore[method-assign]
    return said


def suit_colours(screen: Any) -> dict[str, set[str]]:
    """The colour of every suit symbol drawn on the board, by suit, as the screen shows
    it (its cells as composed for the terminal, within the board's region)."""
    found: dict[str, set[str]] = {}
    glyphs = {glyph: suit for suit, glyph in SUIT_GLYPHS.items()}
    board = screen.query_one("#board").region
    for y, strip in enumerate(screen._compositor.render_strips()):
        if not board.y <= y < board.bottom:
            continue
        x = 0
        for segment in strip:
            for character in segment.text:
                inside = board.x <= x < board.right
                if inside and character in glyphs and segment.style and segment.style.color:
                    found.setdefault(glyphs[character], set()).add(segment.style.color.name)
                x += 1
    return found


async def test_a_missing_file_gives_the_defaults(tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    said = recording(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.3)
        assert isinstance(app.screen, GolfScreen)
        assert app.theme == DEFAULT_THEME
        assert app.four_colour is False
        assert app.key_overrides == {}
        assert said == []
    assert not config_file().exists()  # nothing changed, nothing written


async def test_a_good_file_sets_the_theme_the_deck_and_the_keys(tmp_path: Path) -> None:
    write_config('theme = "baize"\nfour_colour = true\n[keys]\nhint = "x"\n')
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    said = recording(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.3)
        assert app.theme == "baize" and app.current_theme.name == "baize"
        assert app.four_colour is True
        assert said == []


async def test_bad_settings_are_reported_one_line_each_and_the_app_starts(
    tmp_path: Path,
) -> None:
    path = write_config(
        'theme = "no-such-theme"\nfour_colour = "yes"\n[keys]\nhint = "u"\nbogus = "y"\n'
    )
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    said = recording(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.5)
        assert isinstance(app.screen, GolfScreen)  # the app started, on the board
        assert app.theme == DEFAULT_THEME
        assert app.four_colour is False
        assert all("\n" not in line and line.startswith(f"{path}: ") for line in said)
        settings = sorted(line.split(": ")[1] for line in said)
        assert settings == ["four_colour", "keys.bogus", "keys.hint", "theme"]
        clash = next(line for line in said if ": keys.hint: " in line)
        assert "'u' is also the key of undo on the Golf screen" in clash
        # the clashing key was not taken: h still asks for a hint, u still undoes
        screen = app.screen
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session.hints == 1


async def test_a_changed_key_works_and_the_old_one_does_not(tmp_path: Path) -> None:
    write_config('[keys]\nhint = "x"\n')
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session.hints == 0
        await pilot.press("x")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session.hints == 1
        # the key bar and the help follow
        bar = screen.query_one(KeyBar)
        assert "x Hint" in str(bar.render())
        assert "h Hint" not in str(bar.render())
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "| x | `hint` |" in app.screen.key_text()


async def test_a_family_of_keys_can_be_moved(tmp_path: Path) -> None:
    write_config('[keys]\nplay = ["a", "s", "d", "f", "g", "j", "k"]\nturn = "space"\n')
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        await pilot.press("7")
        await pilot.pause()
        assert screen.session.line.moves == ()
        await pilot.press("k")  # column 7 (seed 1's first playable column)
        await pilot.pause()
        assert [str(move) for move in screen.session.line.moves] == ["7"]


async def test_the_four_colour_deck_gives_each_suit_its_own_colour(tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False, four_colour=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        colours = suit_colours(app.screen)
        assert set(colours) == {"S", "H", "D", "C"}
        assert all(len(shades) == 1 for shades in colours.values())
        assert len({next(iter(shades)) for shades in colours.values()}) == 4


async def test_two_colours_without_it_and_four_in_every_theme(tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        colours = suit_colours(app.screen)
        assert colours["H"] == colours["D"] and colours["S"] == colours["C"]
        assert colours["H"] != colours["S"]
        for theme in ("textual-dark", "textual-light", "baize", "high-contrast", "nord"):
            app.theme = theme
            app.set_four_colour(True)
            await pilot.pause()
            colours = suit_colours(app.screen)
            assert len({next(iter(shades)) for shades in colours.values()}) == 4, theme


async def test_a_theme_from_the_command_line_is_remembered(tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False, theme="high-contrast")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.theme == "high-contrast"
    saved = tomllib.loads(config_file().read_text(encoding="utf-8"))
    assert saved["theme"] == "high-contrast"


async def test_the_settings_screen_changes_settings_and_writes_the_file(tmp_path: Path) -> None:
    from textual.widgets import Input
    from textual.widgets import Select
    from textual.widgets import Switch

    from parlour.tui.screens.settings import SettingsScreen

    app = make_app(tmp_path, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = await open_settings(pilot)
        screen.query_one("#setting-theme", Select).value = "baize"
        screen.query_one("#setting-four-colour", Switch).value = True
        await pilot.pause()
        screen.query_one("#setting-player", Input).value = "Ada"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SettingsScreen)
        assert app.theme == "baize" and app.four_colour
    saved = tomllib.loads(config_file().read_text(encoding="utf-8"))
    assert saved["theme"] == "baize"
    assert saved["four_colour"] is True
    assert saved["player"] == "Ada"


async def test_the_command_palette_changes_the_theme_and_it_is_remembered(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"theme")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.5)
        await pilot.press(*"baize")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.5)
        assert app.theme == "baize"
    saved = tomllib.loads(config_file().read_text(encoding="utf-8"))
    assert saved["theme"] == "baize"


async def test_a_moved_key_keeps_its_fall_back_row_and_others_on_its_old_key(
    tmp_path: Path,
) -> None:
    """turn moved to k: while turning is not allowed k answers with the engine's reason
    (the row that explains goes with the key), and once it is, k turns the stock; space
    no longer does, and hint moved to s (turn's other key) is usable there."""
    write_config('[keys]\nturn = "k"\nhint = "s"\n')
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        session = screen.session
        assert TURN not in session.state.legal  # a column can be played first
        await pilot.press("k")
        await pilot.pause()
        assert session.line.moves == ()
        assert screen.query_one(StatusLine).has_class("-refused")
        await pilot.press("s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert session.hints == 1
        while TURN not in session.state.legal:
            session.play(session.state.legal[0])
        screen.line = session.line
        played = len(session.line.moves)
        await pilot.press("space")
        await pilot.pause()
        assert len(session.line.moves) == played
        await pilot.press("k")
        await pilot.pause()
        assert session.line.moves[-1] == TURN
