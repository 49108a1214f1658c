"""The app with a settings file that is not what it seems (Textual Pilot): a link to
/dev/zero, a FIFO, brackets nested 20,000 deep. Each is one notice naming the file, the
defaults are used and the app starts on the board; and the settings the player changes
are saved through a link to the file it leads to, never over the link."""

from __future__ import annotations

import os
import stat
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from parlour.store.config import DEFAULT_THEME
from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from tests.tui.test_settings_pilot import recording


def config_file() -> Path:
    return Path(os.environ["PARLOUR_CONFIG"])


def link_to_dev_zero(path: Path) -> str:
    path.symlink_to("/dev/zero")
    return "is not a regular file (a device or a pipe?): not read"


def fifo(path: Path) -> str:
    os.mkfifo(path)
    return "is not a regular file (a device or a pipe?): not read"


def nested(path: Path) -> str:
    path.write_text("a = " + "[" * 20_000 + "]" * 20_000 + "\n")
    return "brackets nested more than 32 deep"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("make", [link_to_dev_zero, fifo, nested], ids=lambda f: f.__name__)
async def test_a_hostile_settings_file_is_one_notice_and_the_app_starts(
    tmp_path: Path, make: Callable[[Path], str]
) -> None:
    path = config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    reason = make(path)
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    said = recording(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.3)
        assert isinstance(app.screen, GolfScreen)
        assert app.theme == DEFAULT_THEME and app.four_colour is False
        assert said == [f"{path}: (file): {reason}; defaults used"]


async def test_settings_changed_in_the_app_are_saved_through_a_link(tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "parlour.toml"
    real.parent.mkdir()
    real.write_text('theme = "baize"\n')
    link = config_file()
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(real)
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.3)
        assert app.theme == "baize"
        app.set_four_colour(True)
        await pilot.pause()
    assert link.is_symlink() and link.resolve() == real.resolve()
    saved = tomllib.loads(real.read_text(encoding="utf-8"))
    assert saved["theme"] == "baize" and saved["four_colour"] is True
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert sorted(p.name for p in real.parent.iterdir()) == ["parlour.toml"]


async def four_colour_chosen(data: Path) -> list[str]:
    """What the app says when the player turns the four-colour deck on in a game (the
    choice is in effect for the session, whether or not it could be saved)."""
    app = make_app(data, game="golf", seed=1, ascii_only=False)
    said = recording(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.3)
        said.clear()
        app.set_four_colour(True)
        await pilot.pause()
        assert app.four_colour is True
    return said


async def test_a_link_to_a_device_is_not_written_and_the_app_says_so(tmp_path: Path) -> None:
    link = config_file()
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to("/dev/null")
    said = await four_colour_chosen(tmp_path)
    # a link to a device is not read, so it is never written either
    assert said == [
        f"Not saved: {link} could not be read (is not a regular file (a device or a pipe?):"
        " not read), so it was left as it is: mend it or remove it, then choose again"
    ]
    assert link.is_symlink() and os.readlink(link) == "/dev/null"


async def test_thousands_of_problems_are_ten_lines_and_a_count(tmp_path: Path) -> None:
    """3,000 unknown actions in [keys] (4,500 fit the file) made one notice of hundreds of
    thousands of characters, over half the screen; ``parlour config`` lists them all."""
    path = config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[keys]\n" + "".join(f'nosuch{n} = "x"\n' for n in range(3_000)))
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    said = recording(app)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(50):  # the keys are checked once the board is up
            await pilot.pause(0.1)
            if said:
                break
        assert isinstance(app.screen, GolfScreen)
    assert len(said) == 11 and all("keys.nosuch" in line for line in said[:10])
    assert said[10] == "… and 2990 more (parlour config lists them all)."


async def test_a_file_with_a_typo_is_not_saved_over_and_the_app_says_so(tmp_path: Path) -> None:
    """A choice made in the app used to write the defaults over a file that one typo kept
    from being read: the player's theme, deck, name and keys were gone."""
    path = config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = 'theme = "baize\nplayer = "Ann"\n[keys]\nhint = "x"\n'
    path.write_text(text)
    said = await four_colour_chosen(tmp_path)
    assert len(said) == 1 and said[0].startswith(f"Not saved: {path} could not be read")
    assert path.read_text() == text


async def test_a_choice_in_the_app_keeps_what_the_player_wrote_in_the_file_meanwhile(
    tmp_path: Path,
) -> None:
    """The app wrote back the file as it was when it started: a player, a key and a
    setting written by hand while it ran were gone at the next choice made in it."""
    path = config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('theme = "baize"\n')
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.3)
        path.write_text('theme = "nord"\nplayer = "Ada"\nmine = 7\n\n[keys]\nhint = "x"\n')
        await pilot.press("F")
        await pilot.pause()
        assert app.four_colour is True and app.theme == "baize"
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    assert saved == {
        "theme": "nord",
        "four_colour": True,
        "ascii": False,
        "player": "Ada",
        "mine": 7,
        "keys": {"hint": "x"},
    }


async def test_a_file_mended_while_the_app_runs_takes_the_next_choice(tmp_path: Path) -> None:
    """A file a typo kept from being read at the start was refused at every choice until
    the app ended, though the notice asks the player to mend it and choose again."""
    path = config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('theme = "baize\nplayer = "Ann"\n')
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    said = recording(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.3)
        said.clear()
        app.set_four_colour(True)
        await pilot.pause()
        assert len(said) == 1 and said[0].startswith(f"Not saved: {path} could not be read")
        path.write_text('theme = "baize"\nplayer = "Ann"\n')  # mended
        said.clear()
        app.set_four_colour(False)
        app.set_four_colour(True)
        await pilot.pause()
        assert said == []
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    assert saved == {"theme": "baize", "four_colour": True, "ascii": False, "player": "Ann"}
