"""The settings file on the command line: ``parlour config``, the theme asked for with
``--theme``, and the settings the printing commands follow."""

from __future__ import annotations

import argparse
import sys

from parlour.cli.common import CliError
from parlour.engine.untrusted import QUOTED
from parlour.engine.untrusted import needs_escape
from parlour.engine.untrusted import shown
from parlour.engine.untrusted import visible
from parlour.store.config import Loaded
from parlour.store.config import Settings
from parlour.store.config import as_table
from parlour.store.config import load


def warn(lines: list[str]) -> None:
    for line in lines:
        print(f"parlour: warning: {visible(line, lines=False)}", file=sys.stderr)


def read_settings() -> Settings:
    """The settings in effect; what is wrong in the file is said on stderr."""
    loaded = load()
    warn([str(problem) for problem in loaded.problems])
    return loaded.settings


def checked_theme(name: str) -> str:
    """``name`` if there is a theme of that name, else a :class:`CliError` listing them."""
    from parlour.tui.themes import theme_names

    names = theme_names()
    if name not in names:
        raise CliError(f"no theme {name!r}; the themes: {', '.join(names)}")
    return name


def problems(loaded: Loaded) -> list[str]:
    """Everything wrong in the file, as the app reports it: the kinds of values, the
    theme's name, the keys (names, keys, clashes on any screen)."""
    from parlour.help.keys import check_keys
    from parlour.tui.themes import theme_names

    found = [str(problem) for problem in loaded.problems]
    settings = loaded.settings
    if settings.theme not in theme_names():
        found.append(
            f"{shown(str(loaded.path))}: theme: no theme '{shown(settings.theme, limit=QUOTED)}' "
            "(the themes: "
            f"{', '.join(theme_names())}); default used"
        )
    found += [
        f"{shown(str(loaded.path))}: {shown(setting, limit=QUOTED)}: {message}"
        for setting, message in check_keys(settings.keys)
    ]
    return found


def command_config(args: argparse.Namespace) -> int:
    """Where the settings file is, and the settings in effect (the defaults where the
    file has none or a bad one)."""
    loaded = load()
    table = as_table(_in_effect(loaded))
    if args.json:
        import json  # (only here: the settings are read on the way to every board)

        print(json.dumps({"path": str(loaded.path), "exists": loaded.exists, "settings": table}))
    else:
        import tomli_w

        state = "" if loaded.exists else " (not written yet: these are the defaults)"
        print(f"# settings file: {shown(str(loaded.path))}{state}")
        print(_toml_escaped(tomli_w.dumps(table)), end="")
    warn(problems(loaded))
    return 0


def _toml_escaped(text: str) -> str:
    """TOML as tomli-w writes it, with every character a terminal would act on (which it
    leaves in its quoted strings) written as TOML's own escape, ``\\u009b``."""
    return "".join(
        (f"\\u{ord(char):04x}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08x}")
        if needs_escape(char) and char != "\n"
        else char
        for char in text
    )


def _in_effect(loaded: Loaded) -> Settings:
    """The settings as the app would use them: an unknown theme gives way to the default,
    and only the keys that can be used are kept."""
    from dataclasses import replace

    from parlour.help.keys import check_keys
    from parlour.store.config import DEFAULT_THEME
    from parlour.tui.themes import theme_names

    settings = loaded.settings
    theme = settings.theme if settings.theme in theme_names() else DEFAULT_THEME
    refused = {setting.removeprefix("keys.") for setting, _ in check_keys(settings.keys)}
    keys = {name: keys for name, keys in settings.keys.items() if name not in refused}
    return replace(settings, theme=theme, keys=keys)
