"""docs/keys.md and the help's key tables, built from the key tables the app uses
(:mod:`parlour.controls`), without the app: what the help says is what the keys do."""

from __future__ import annotations

from parlour.controls.keys import KeyTable
from parlour.controls.screens import PLAYER_KEYS
from parlour.controls.screens import SCORECARD_KEYS
from parlour.controls.screens import STATISTICS_KEYS
from parlour.controls.screens import start_keys
from parlour.engine.registry import find_spec
from parlour.engine.registry import specs

INTRODUCTION = (
    "Every move can be made from the keyboard; the mouse works too (click a column to "
    "play it, the stock to turn it). The bar at the foot of the screen shows the main keys "
    "and greys out the ones that cannot be used at the moment; clicking a key there "
    "presses it. Keys that do not fit a narrow terminal are left off the bar but still "
    "work. This page is built from the app's own key tables (`python -m parlour.help`)."
)


def _section(title: str, table: KeyTable) -> list[str]:
    parts = [f"## {title}", ""]
    if table.intro:
        parts += [table.intro, ""]
    parts.append(table.markdown())
    for note in table.notes:
        parts += [note, ""]
    return parts


def game_keys(game_id: str) -> KeyTable:
    """The key table of a game's screen (named by its plug-in)."""
    table: KeyTable = find_spec(game_id).keys()
    return table


def keys_markdown(game_id: str | None) -> str:
    """The keys of a game's screen, or of the start screen, as the help shows them."""
    table = game_keys(game_id) if game_id else start_keys()
    return "### Keys\n\n" + table.markdown() + "".join(f"\n{note}\n" for note in table.notes)


def keys_document() -> str:
    """The text of docs/keys.md."""
    parts = ["# Keys", "", INTRODUCTION, ""]
    parts += _section("Start screen", start_keys())
    for spec in specs():
        parts += _section(spec.name, game_keys(spec.id))
    parts += _section("Scorecard", SCORECARD_KEYS)
    parts += _section("Statistics", STATISTICS_KEYS)
    parts += _section("Choosing the player", PLAYER_KEYS)
    return "\n".join(parts)
