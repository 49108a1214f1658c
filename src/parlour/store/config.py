"""The player's settings: a TOML file in platformdirs' user config directory
(``config.toml`` in ``user_config_dir("parlour")``), or wherever ``PARLOUR_CONFIG`` says.

Read with the standard library's ``tomllib``, written with ``tomli-w``. Reading never
fails: a file that is missing gives the defaults, and a setting that is unknown or has a
value of the wrong kind is reported as one :class:`Problem` (the file, the setting, what
is wrong) and left at its default, so that the app still starts.

The file may be a symbolic link (as dotfile managers make), which is followed; but only a
regular file is read, opened without waiting (a FIFO or a device is refused, never read)
and read no further than :data:`MAX_SIZE` bytes. Brackets nested deeper than
:data:`MAX_DEPTH` are refused before ``tomllib`` (which recurses) sees them. Any of these
is one :class:`Problem` naming the file, and the defaults are used.

Saving writes through a symbolic link to the file it leads to (the link stays), in one
step (:func:`parlour.store.files.atomic_writer`), and leaves the file the player's alone
(0600) whatever the umask. It never loses what the player wrote: a file that could not be
read at all is not saved over (:func:`save_loaded` says why), and the settings of a file
read that Parlour could not use (unknown, or a value of the wrong kind) are written back
as they were, unless the save changes them.

Only the kinds of values are checked here. Whether a theme exists, or a key name means a
key, is for the layers that know themes and keys (the app, :mod:`parlour.controls.keys`);
they report in the same form.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from pathlib import Path
from typing import Any

from parlour.engine.untrusted import QUOTED
from parlour.engine.untrusted import shown
from parlour.store.files import Unreadable
from parlour.store.files import read_bounded
from parlour.store.paths import chosen_path
from parlour.store.players import check_player
from parlour.store.players import default_player

ENVIRONMENT_VARIABLE = "PARLOUR_CONFIG"
FILE_NAME = "config.toml"
#: Textual's own default theme: Parlour looks as it always has until a player chooses
DEFAULT_THEME = "textual-dark"
#: the largest settings file read (a real one is a few hundred bytes)
MAX_SIZE = 1 << 16
#: the deepest nesting of arrays and inline tables read (a real file nests two deep)
MAX_DEPTH = 32
#: the most parts of a dotted key read (a real file's have two: ``keys.hint``)
MAX_KEY_PARTS = 32
#: the setting a problem names when the whole file could not be read
FILE = "(file)"


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
        # the file's name and its setting's name are outside text (the message shows
        # the value through _shown)
        return f"{shown(str(self.path))}: {shown(self.setting, limit=QUOTED)}: {self.message}"


@dataclass(frozen=True)
class Loaded:
    """The settings in effect, where they came from, and what was wrong in the file."""

    settings: Settings
    path: Path
    exists: bool
    problems: tuple[Problem, ...] = ()
    #: the file's settings that could not be used, as it wrote them: kept when saving
    unused: Mapping[str, Any] = field(default_factory=dict)

    @property
    def unreadable(self) -> Problem | None:
        """The problem that kept the whole file from being read, if any."""
        return next((problem for problem in self.problems if problem.setting == FILE), None)


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

    def unusable(why: str) -> Loaded:
        problem = Problem(target, FILE, f"{why}; defaults used")
        return Loaded(Settings(), target, exists=True, problems=(problem,))

    try:
        data = read_bounded(target, MAX_SIZE)
    except FileNotFoundError:
        return Loaded(Settings(), target, exists=False)
    except Unreadable as why:
        return unusable("is a directory, not a file" if why.directory else why.reason)
    if len(data) > MAX_SIZE:
        return unusable(f"larger than {MAX_SIZE} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return unusable(f"not valid TOML ({error})")
    depth, parts = shape(text)
    if depth > MAX_DEPTH:
        return unusable(f"brackets nested more than {MAX_DEPTH} deep")
    if parts > MAX_KEY_PARTS:
        return unusable(f"a dotted key of more than {MAX_KEY_PARTS} parts")
    # the TOML parser is loaded only when there is a file to read (a start without
    # settings does without it: docs/performance.md)
    import tomllib

    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return unusable(f"not valid TOML ({error})")
    except RecursionError:  # the nesting is bounded above; this is the last line
        return unusable("nested too deep")
    except ValueError:  # Python reads no integer of thousands of digits (the file fits one)
        return unusable("a number too long to read")
    settings, problems = parse(table, target)
    named = {problem.setting for problem in problems}
    # kept as written: a setting unknown (its name may hold a dot: "club.url"), one of
    # the wrong kind, and the keys' table if an entry of it could not be used
    unused = {
        name: value
        for name, value in table.items()
        if name in named
        or (name not in _KINDS and name != "keys")
        or (name == "keys" and any(setting.startswith("keys.") for setting in named))
    }
    return Loaded(settings, target, exists=True, problems=problems, unused=unused)


#: where a scan of a file's shape must look: a comment, a string's opening, a bracket, a
#: dot, a key's end, a line's or an element's end
_NOTABLE = re.compile(r"[#\"'\[\]{}.=,\n]")
#: what ends a string's text, for each kind of string
_STRING_END = {
    '"': re.compile(r'[\\"\n]'),
    "'": re.compile(r"['\n]"),
    '"""': re.compile(r'\\.|"""', re.DOTALL),
    "'''": re.compile("'''"),
}


def nesting(text: str) -> int:
    """How deep the arrays and inline tables in TOML ``text`` nest (brackets inside
    strings and comments aside). Linear in the text, whatever it holds; a text that is
    not TOML is measured as well as it can be (``tomllib`` says what is wrong with it)."""
    return shape(text)[0]


def shape(text: str) -> tuple[int, int]:
    """How deep the arrays and inline tables in TOML ``text`` nest, and the most parts of
    a dotted key (``keys.hint``: 2), strings and comments aside; linear in the text.
    ``tomllib`` takes time that grows with the square of a dotted key's parts (a key of
    20,000 parts: seconds), so both are bounded before it reads a file. A dot after a
    key's ``=`` is a value's (a float's) and is not counted."""
    depth = deepest = 0
    dots = most = 0
    in_key = True
    position = 0
    while (found := _NOTABLE.search(text, position)) is not None:
        char = found.group()
        position = found.end()
        if char == "#":
            end = text.find("\n", position)
            position = len(text) if end < 0 else end + 1
            dots, in_key = 0, True
        elif char in "\"'":
            position = _string_end(text, found.start())
        elif char == ".":
            dots += in_key
            most = max(most, dots)
        elif char == "=":
            in_key = False
        elif char in ",\n":
            dots, in_key = 0, True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            dots, in_key = 0, True
        else:
            depth = max(depth - 1, 0)
    return deepest, most + 1


def _string_end(text: str, start: int) -> int:
    """Where the string opening at ``start`` ends (the end of the text if it does not)."""
    quote = text[start]
    opening = quote * 3 if text.startswith(quote * 3, start) else quote
    ending = _STRING_END[opening]
    position = start + len(opening)
    while (found := ending.search(text, position)) is not None:
        token = found.group()
        position = found.end()
        if token == "\\":
            position += 1  # a one-line string's escape: the next character is the string's
        elif len(token) == 2:
            continue  # a multi-line string's escape
        elif len(token) == 3:
            # the delimiter may follow up to two quotes that end the string's text
            extra = 0
            while extra < 2 and text.startswith(quote, position):
                position += 1
                extra += 1
            return position
        else:
            return position  # a quote, or the end of a one-line string's line
    return len(text)


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
        elif name == "club_url" and _bad_club_url(str(value)):
            problems.append(Problem(path, name, f"{_bad_club_url(str(value))}; default used"))
        elif name == "club_submit" and str(value).strip() not in CLUB_SUBMIT:
            problems.append(Problem(path, name, f"should be {kind[1]}; default used"))
        elif name == "club_url":
            values[name] = club_address(str(value))  # (tidied as a club joined is)
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


def club_address(url: str) -> str:
    """A club's address, tidied (no trailing slash); ValueError saying why it is not one:
    http or https, a host, a port that can be (0 to 65535), no ?query or #fragment, and
    no space or character a terminal would act on (the address is printed)."""
    url = url.strip().rstrip("/")
    named = f"'{shown(url, limit=QUOTED)}'"
    if any(not char.isprintable() or char.isspace() for char in url):
        raise ValueError(f"{named} is not a club's address: it holds a space or a control "
                         "character")  # fmt: skip
    import urllib.parse

    try:
        parts = urllib.parse.urlsplit(url)
        _ = parts.port  # (a port past 65535 is a ValueError)
    except ValueError as error:
        raise ValueError(f"{named} is not a club's address ({error})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{named} is not a club's address (http://… or https://…)")
    if parts.query or parts.fragment:
        raise ValueError(f"{named}: a club's address has no ?query or #fragment")
    return url


def _bad_club_url(url: str) -> str:
    """What is wrong with a club's address, or "" when nothing is."""
    try:
        club_address(url)
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
        return f'"{shown(value, limit=QUOTED)}"'
    kinds: dict[type, str] = {dict: "a table", list: "a list"}
    return kinds.get(type(value)) or repr(value)  # never the repr of a deep table


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


def save_loaded(loaded: Loaded) -> None:
    """Write ``loaded``'s settings back to its file, with the settings it could not use as
    the file wrote them (:func:`save`); a file that could not be read at all is left as it
    is, and :class:`ConfigError` says why (saving would replace all the player wrote)."""
    problem = loaded.unreadable
    if problem is not None:
        why = problem.message.removesuffix("; defaults used")
        raise ConfigError(
            f"{shown(str(loaded.path))} could not be read ({why}), so it was left as it is:"
            " mend it or remove it, then choose again"
        )
    save(loaded.path, loaded.settings, kept=loaded.unused)


def save_changes(path: Path, **values: Any) -> None:
    """Change some settings in the file as it is now and write it back
    (:func:`save_loaded`): the file is read again first, so that what the player wrote in
    it by hand since it was read (another setting, a key, a mistake mended) is kept, not
    replaced by what it held when it was read. Two Parlours saving at once take turns
    (:func:`~parlour.store.files.taking_turns`), so neither's change is lost."""
    from parlour.store.files import taking_turns

    with taking_turns(path):
        save_loaded(changed(load(path), **values))


def save(path: Path, settings: Settings, kept: Mapping[str, Any] | None = None) -> None:
    """Write the settings (the player only when it is not the default, the login's name)
    and ``kept`` (settings of the file that could not be used, written back as they were)
    to the file at ``path``, or to the file a link there leads to
    (its folder made if need be), in one step so that a reader never sees half of it, and
    the player's alone (0600). Raises :class:`ConfigError` saying why it cannot."""
    import tomli_w

    from parlour.store.files import FileError
    from parlour.store.files import write_text

    table = as_table(settings)
    if settings.player == default_player():
        # the default (the login's name) is not written: a file saved for another setting
        # would otherwise name a player the player never chose
        del table["player"]
    table.update(kept or {})
    text = tomli_w.dumps(table)
    # (what is kept is written in the writer's own layout, which may pass the limits a
    # file is read within: such a file would be read as defaults next time)
    depth, parts = shape(text)
    if len(text.encode("utf-8")) > MAX_SIZE or depth > MAX_DEPTH or parts > MAX_KEY_PARTS:
        raise ConfigError(
            f"{shown(str(path))} would be larger or deeper than a settings file is read "
            "with the settings it has that Parlour cannot use; it was left as it is"
        )
    target = Path(os.path.realpath(path))
    if _made_read_only(target):
        raise ConfigError(
            f"{shown(str(target))} is read-only, so it was left as it is: make it writable "
            "to save settings"
        )
    try:
        write_text(target, text, private=True, replace=True)
    except FileError as error:
        raise ConfigError(str(error)) from None


def _made_read_only(target: Path) -> bool:
    """Whether ``target`` is a regular file the player may not write (made read-only, to
    be kept as written): replacing it, which its folder would allow, would go past that."""
    try:
        found = target.stat()
    except OSError:
        return False
    if not stat.S_ISREG(found.st_mode):
        return False
    own = found.st_uid == os.getuid()
    return (own and not found.st_mode & stat.S_IWUSR) or not os.access(target, os.W_OK)


def changed(loaded: Loaded, **values: Any) -> Loaded:
    """The same file with some settings changed (not yet written): a setting changed is
    no longer kept as the file wrote it."""
    unused = {name: value for name, value in loaded.unused.items() if name not in values}
    return replace(loaded, settings=replace(loaded.settings, **values), unused=unused)
