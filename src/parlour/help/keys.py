"""docs/keys.md and the help's key tables, built from the key tables the app uses
(:mod:`parlour.controls`), without the app: what the help says is what the keys do."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import Final

from parlour.controls.keys import KeyTable
from parlour.controls.rebinding import KeyProblem
from parlour.controls.rebinding import rebind
from parlour.controls.screens import CLUB_KEYS
from parlour.controls.screens import CONFIRM_KEYS
from parlour.controls.screens import HELP_KEYS
from parlour.controls.screens import HISTORY_KEYS
from parlour.controls.screens import MESSAGES_KEYS
from parlour.controls.screens import PAUSE_KEYS
from parlour.controls.screens import PLAYER_KEYS
from parlour.controls.screens import ROUNDS_KEYS
from parlour.controls.screens import SCORECARD_KEYS
from parlour.controls.screens import SETTINGS_KEYS
from parlour.controls.screens import STATISTICS_KEYS
from parlour.controls.screens import start_keys
from parlour.engine.registry import find_spec
from parlour.engine.registry import specs

INTRODUCTION = (
    "Every move can be made from the keyboard; the mouse works too (click a column to "
    "play it, the stock to turn it). The bar at the foot of the screen shows the main keys "
    "and greys out the ones that cannot be used at the moment; clicking a key there "
    "presses it. Keys that do not fit a narrow terminal are left off the bar but still "
    "work; in a game, ? (the help, which lists them) is the last left off. With ASCII "
    "only (`--ascii`, or a terminal that cannot show more: docs/configuration.md) the key "
    "bar writes ← → ↑ ↓ as < > ^ v. This page is built from the app's own key tables "
    "(`python -m parlour.help`).\n\n"
    "Any key can be changed: the *name* column is what to write in the `[keys]` table of "
    'the settings file, for instance `hint = "x"` (docs/configuration.md). The help '
    "inside the app shows the keys in effect; this page shows the usual ones."
)


def _section(title: str, table: KeyTable[Any], level: int = 2) -> list[str]:
    parts = [f"{'#' * level} {title}", ""]
    if table.intro:
        parts += [table.intro, ""]
    parts.append(table.markdown())
    for note in table.notes:
        parts += [note, ""]
    return parts


def game_keys(game_id: str) -> KeyTable[Any]:
    """The key table of a game's screen (named by its plug-in)."""
    table = find_spec(game_id).keys()
    if not isinstance(table, KeyTable):
        raise TypeError(f"{game_id}'s key table is not a KeyTable")
    return table


def keys_markdown(game_id: str | None, overrides: Mapping[str, Sequence[str]] | None = None) -> str:
    """The keys of a game's screen, or of the start screen, as the help shows them: with
    the player's own keys (``overrides``) where they have changed any."""
    table = game_keys(game_id) if game_id else start_keys()
    if overrides:
        table = rebind(table, overrides)[0]
    return "### Keys\n\n" + table.markdown() + "".join(f"\n{note}\n" for note in table.notes)


def screen_tables() -> list[tuple[str, KeyTable[Any]]]:
    """Every screen's keys with the screen's name, as docs/keys.md lists them."""
    tables: list[tuple[str, KeyTable[Any]]] = [("Start screen", start_keys())]
    tables += [(spec.name, game_keys(spec.id)) for spec in specs()]
    tables += [
        ("Scorecard", SCORECARD_KEYS),
        ("History", HISTORY_KEYS),
        ("Rounds", ROUNDS_KEYS),
        ("Statistics", STATISTICS_KEYS),
        ("Club", CLUB_KEYS),
        ("Choosing the player", PLAYER_KEYS),
        ("Settings", SETTINGS_KEYS),
        ("Help", HELP_KEYS),
        ("Questions", CONFIRM_KEYS),
        ("Pause", PAUSE_KEYS),
        ("Messages", MESSAGES_KEYS),
    ]
    return tables


def screen_title(table: KeyTable[Any]) -> str | None:
    """The name of the screen whose keys are ``table`` (the title of its part of the
    help's overview and of docs/keys.md); None for a table not listed there."""
    return next((title for title, known in screen_tables() if known is table), None)


def check_keys(overrides: Mapping[str, Sequence[str]]) -> list[KeyProblem]:
    """What is wrong with the player's ``[keys]``, each setting once: an action no screen
    has, a key that is not one, or a clash on some screen."""
    tables = screen_tables()
    known = {name for _title, table in tables for name in table.described_names()}
    problems: dict[str, str] = {}
    for name in overrides:
        if name not in known:
            problems[f"keys.{name}"] = "no such action (docs/keys.md lists them); ignored"
    for title, table in tables:
        where = f"the {title}" if title.endswith("screen") else f"the {title} screen"
        for setting, message in rebind(table, overrides, where)[1]:
            problems.setdefault(setting, message)
    return list(problems.items())


def keys_document() -> str:
    """The text of docs/keys.md."""
    parts = ["# Keys", "", INTRODUCTION, ""]
    for title, table in screen_tables():
        parts += _section(title, table)
    return "\n".join(parts)


#: the help's topics besides the games': the overview of the app, and the rulings every
#: game shares
OVERVIEW: Final = "parlour"
#: the level of the headings of the other screens' keys in the overview (### History)
SCREEN_LEVEL: Final = 3
RULINGS: Final = "rulings"


def topics(*, short: bool = False) -> list[tuple[str, str]]:
    """The help's topics, (id, title), in order: the overview, each game in the
    registry's order, the rulings every game shares; ``short``: a game's title is its
    short name, if it has one (for a narrow terminal)."""
    return [(OVERVIEW, "Parlour"),
            *((spec.id, (short and spec.short_name) or spec.name) for spec in specs()),
            (RULINGS, "Rulings")]  # fmt: skip


def overview_markdown(overrides: Mapping[str, Sequence[str]] | None = None) -> str:
    """The help of the start screen: what Parlour is, its games (from the registry), how
    the help is found, and the keys of every screen around the games."""
    games = "\n".join(f"- **{spec.name}**: {spec.blurb}." for spec in specs())
    titles = ", ".join(title for _id, title in topics())
    parts = [
        "## Parlour",
        "",
        "Patience games from an old book, played by their rules in our own words. Every "
        "game is saved after each move: an unfinished game waits on the start screen, the "
        "newest first. Finished games are scored and kept in the history and statistics.",
        "",
        games,
        "",
        f"**Topics.** This help has a page for each: {titles}. ← and → (or a click on a "
        "title) move between them; ↑ and ↓ scroll. In a game, ? opens that game's page; on "
        "any other screen, this page at that screen's keys.",
        "",
        INTRODUCTION_SHORT,
        "",
    ]
    parts += _section("The start screen", _rebound(start_keys(), overrides))
    parts += ["## The other screens", ""]
    for title, table in screen_tables():
        if title == "Start screen" or any(title == spec.name for spec in specs()):
            continue
        parts += _section(title, _rebound(table, overrides), level=SCREEN_LEVEL)
    return "\n".join(parts)


def _rebound(table: KeyTable[Any], overrides: Mapping[str, Sequence[str]] | None) -> KeyTable[Any]:
    return rebind(table, overrides)[0] if overrides else table


INTRODUCTION_SHORT: Final = (
    "The bar at the foot of each screen shows the keys that act now; a greyed key cannot "
    "be used at the moment, and pressing it says why. Keys are named as you press them: "
    "Space, Enter, Esc, ← → ↑ ↓."
)
