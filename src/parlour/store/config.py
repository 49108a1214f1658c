"""The player's settings: a TOML file in platformdirs' user config directory
(``config.toml`` in ``user_config_dir("parlour")``), or wherever ``PARLOUR_CONFIG`` says.

Read with the standard library's ``tomllib``, written with ``tomli-w``. Reading never
fails: a file that is missing gives the defaults, and a setting that is unknown or has a
value of the wrong kind is reported as one :class:`Problem` (the file, the setting, what
is wrong) and left at its default, so that the app still starts.

Only the kinds of values are checked here. Whether a theme exists, or a key name means a
key, is for the layers that know themes and keys (the app, :mod:`parlour.controls.keys`);
they report in the same form.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from pathlib import Path
from typing import Any

from parlour.store.paths import chosen_path
from parlour.store.players import check_player
from parlour.store.players import default_player

ENVIRONMENT_VARIABLE = "PARLOUR_CONFIG"
FILE_NAME = "config.toml"
#: Textual's own default theme: Parlour looks as it always has until a player chooses
DEFAULT_THEME = "textual-dark"
#: the largest settings file read (a real one is a few hundred bytes)
MAX_SIZE = 1 << 16


class ConfigError(OSError):
    """The settings file cannot be written (a message a player can read)."""


@dataclass(frozen=True)
class Settings:
    """Every setting, with its default."""

    theme: str = DEFAULT_THEME
    four_colour: bool = False
    #: letters instead of suit symbols; False leaves it to the terminal
    ascii: bool = False
    #: only stored and shown for now
    player: str = field(default_factory=default_player)
    #: action name -> its keys, as the player wrote them
    keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the club joined (``parlour club join URL``); "" for none
    club_url: str = ""
    #: after a round's last hole: ask whether to send it to the club, or always, or never
    club_submit: str = "ask"


@dataclass(frozen=True)
class Problem:
    """A setting that could not be used, reported as one line."""

    path: Path
    setting: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.setting}: {self.message}"


@dataclass(frozen=True)
class Loaded:
    """The settings in effect, where they came from, and what was wrong in the file."""

    settings: Settings
    path: Path
    exists: bool
    problems: tuple[Problem, ...] = ()


def config_path(explicit: str | Path | None = None) -> Path:
    """``explicit`` if given, else ``$PARLOUR_CONFIG``, else ``config.toml`` in the
    platform's user config directory for Parlour."""
    chosen = chosen_path(explicit, ENVIRONMENT_VARIABLE)
    if chosen is not None:
        return chosen
    from platformdirs import user_config_dir

    return Path(user_config_dir("parlour", appauthor=False)) / FILE_NAME


_KINDS: dict[str, tuple[type, str]] = {
    "theme": (str, "a theme's name in quotes"),
    "four_colour": (bool, "true or false"),
    "ascii": (bool, "true or false"),
    "player": (str, "a name in quotes"),
    "club_url": (str, "a club's address in quotes"),
    "club_submit": (str, '"ask", "always" or "never"'),
}
#: the answers club_submit takes
CLUB_SUBMIT = ("ask", "always", "never")


def load(path: str | Path | None = None) -> Loaded:
    """The settings in the file (the defaults for any missing, unknown or bad)."""
    target = config_path(path)
    try:
        data = target.read_bytes()[: MAX_SIZE + 1]
    except FileNotFoundError:
        return Loaded(Settings(), target, exists=False)
    except OSError as error:
        problem = Problem(target, "(file)", f"cannot be read: {error.strerror}; defaults used")
        return Loaded(Settings(), target, exists=True, problems=(problem,))
    if len(data) > MAX_SIZE:
        problem = Problem(target, "(file)", f"larger than {MAX_SIZE} bytes; defaults used")
        return Loaded(Settings(), target, exists=True, problems=(problem,))
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        problem = Problem(target, "(file)", f"not valid TOML ({error}); defaults used")
        return Loaded(Settings(), target, exists=True, problems=(problem,))
    settings, problems = parse(table, target)
    return Loaded(settings, target, exists=True, problems=problems)


def parse(table: Mapping[str, Any], path: Path) -> tuple[Settings, tuple[Problem, ...]]:
    """Settings from a TOML table: each good value taken, each bad one reported."""
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    for name, value in table.items():
        if name == "keys":
            values["keys"] = _parse_keys(value, path, problems)
            continue
        kind = _KINDS.get(name)
        if kind is None:
            known = ", ".join([*_KINDS, "[keys]"])
            problems.append(Problem(path, name, f"unknown setting (the settings: {known})"))
        elif not isinstance(value, kind[0]) or (isinstance(value, str) and not value.strip()):
            problems.append(
                Problem(path, name, f"should be {kind[1]}, not {_shown(value)}; default used")
            )
        elif name == "player" and _bad_player(str(value)):
            problems.append(Problem(path, name, f"{_bad_player(str(value))}; default used"))
        elif name == "club_submit" and str(value).strip() not in CLUB_SUBMIT:
            problems.append(Problem(path, name, f"should be {kind[1]}; default used"))
        else:
            values[name] = value.strip() if isinstance(value, str) else value
    return Settings(**values), tuple(problems)


def _bad_player(name: str) -> str:
    """What is wrong with a player's name, or "" when nothing is."""
    try:
        check_player(name)
    except ValueError as error:
        return str(error)
    return ""


def _parse_keys(value: object, path: Path, problems: list[Problem]) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, dict):
        problems.append(Problem(path, "keys", "should be a table ([keys]); ignored"))
        return {}
    keys: dict[str, tuple[str, ...]] = {}
    for action, given in value.items():
        written = [given] if isinstance(given, str) else given
        if (
            not isinstance(written, list)
            or not written
            or not all(isinstance(key, str) and key for key in written)
        ):
            problems.append(
                Problem(
                    path,
                    f"keys.{action}",
                    f'should be a key ("x") or a list of keys (["x", "y"]), not '
                    f"{_shown(given)}; default used",
                )
            )
            continue
        keys[action] = tuple(written)
    return keys


def _shown(value: object) -> str:
    """A value as the file wrote it, or what kind of value it is."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    kinds: dict[type, str] = {dict: "a table", list: "a list"}
    return kinds.get(type(value), repr(value))


def as_table(settings: Settings) -> dict[str, Any]:
    """The settings as the TOML file holds them."""
    table: dict[str, Any] = {
        "theme": settings.theme,
        "four_colour": settings.four_colour,
        "ascii": settings.ascii,
        "player": settings.player,
    }
    if settings.club_url:
        table["club_url"] = settings.club_url
    if settings.club_submit != "ask":
        table["club_submit"] = settings.club_submit
    if settings.keys:
        table["keys"] = {
            action: keys[0] if len(keys) == 1 else list(keys)
            for action, keys in settings.keys.items()
        }
    return table


def save(path: Path, settings: Settings) -> None:
    """Write the settings to ``path`` (its folder made if need be), replacing the file in
    one step so that a reader never sees half of it."""
    import tomli_w

    text = tomli_w.dumps(as_table(settings))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".new")
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    except OSError as error:
        raise ConfigError(f"cannot write {path}: {error.strerror or error}") from None


def changed(loaded: Loaded, **values: Any) -> Loaded:
    """The same file with some settings changed (not yet written)."""
    return replace(loaded, settings=replace(loaded.settings, **values))
