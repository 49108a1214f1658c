"""The settings file: where it is, reading it (good, bad, missing), writing it back."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from parlour.store.config import DEFAULT_THEME
from parlour.store.config import Settings
from parlour.store.config import changed
from parlour.store.config import config_path
from parlour.store.config import load
from parlour.store.config import save


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_path_is_the_user_config_directory_unless_parlour_config_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PARLOUR_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_path() == tmp_path / "xdg" / "parlour" / "config.toml"
    monkeypatch.setenv("PARLOUR_CONFIG", str(tmp_path / "mine.toml"))
    assert config_path() == tmp_path / "mine.toml"
    assert config_path(tmp_path / "given.toml") == tmp_path / "given.toml"


def test_a_missing_file_gives_the_defaults_and_no_problem(tmp_path: Path) -> None:
    loaded = load(tmp_path / "none" / "config.toml")
    assert not loaded.exists
    assert loaded.problems == ()
    assert loaded.settings.theme == DEFAULT_THEME
    assert loaded.settings.four_colour is False
    assert loaded.settings.ascii is False
    assert loaded.settings.keys == {}
    assert loaded.settings.player  # the login name


def test_a_good_file_is_read(tmp_path: Path) -> None:
    path = write(
        tmp_path / "config.toml",
        'theme = "baize"\nfour_colour = true\nascii = true\nplayer = "Ada"\n'
        '[keys]\nhint = "x"\nplay = ["a", "s", "d", "f", "g", "j", "k"]\n',
    )
    loaded = load(path)
    assert loaded.problems == ()
    assert loaded.settings == Settings(
        theme="baize",
        four_colour=True,
        ascii=True,
        player="Ada",
        keys={"hint": ("x",), "play": ("a", "s", "d", "f", "g", "j", "k")},
    )


def test_each_bad_setting_is_one_line_naming_the_file_and_the_setting(tmp_path: Path) -> None:
    path = write(
        tmp_path / "config.toml",
        'theme = 3\nfour_colour = "yes"\nplayer = "Ada"\ncolour = true\n'
        '[keys]\nhint = 5\nundo = "z"\n',
    )
    loaded = load(path)
    lines = [str(problem) for problem in loaded.problems]
    assert len(lines) == 4
    assert all(line.startswith(f"{path}: ") and "\n" not in line for line in lines)
    settings = {line.split(": ")[1] for line in lines}
    assert settings == {"theme", "four_colour", "colour", "keys.hint"}
    # the good settings are taken, the bad ones are the defaults
    assert loaded.settings.player == "Ada"
    assert loaded.settings.theme == DEFAULT_THEME
    assert loaded.settings.four_colour is False
    assert loaded.settings.keys == {"undo": ("z",)}


def test_a_file_that_is_not_toml_gives_the_defaults_and_one_line(tmp_path: Path) -> None:
    path = write(tmp_path / "config.toml", "theme = \n[[[")
    loaded = load(path)
    assert loaded.settings.theme == DEFAULT_THEME
    assert len(loaded.problems) == 1
    assert str(loaded.problems[0]).startswith(f"{path}: (file): not valid TOML")


def test_settings_written_back_read_the_same(tmp_path: Path) -> None:
    path = tmp_path / "new" / "config.toml"
    loaded = changed(load(path), theme="high-contrast", four_colour=True)
    loaded = changed(loaded, keys={"hint": ("x",), "step": ("a", "d")})
    save(path, loaded.settings)
    assert tomllib.loads(path.read_text(encoding="utf-8"))["keys"] == {
        "hint": "x",
        "step": ["a", "d"],
    }
    assert load(path).settings == loaded.settings
