"""The rules in our own words, shipped with the package: the app's help screens show
them and docs/rules.md is built from them (``python -m parlour.help``), so the two can
never differ (a test checks)."""

from __future__ import annotations

from importlib import resources

#: games in the book's order; a game's rules live in rules/<id>.md
ORDER = ("golf", "rubbish", "squares", "bytwos")


def _read(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def general_rules() -> str:
    return _read("rules/general.md")


def game_rules(game_id: str) -> str:
    """The rules section of one game, or an empty string if it has none yet."""
    try:
        return _read(f"rules/{game_id}.md")
    except FileNotFoundError:
        return ""


def rules_document() -> str:
    """The text of docs/rules.md."""
    parts = [_read("intro.md"), general_rules()]
    parts += [text for text in (game_rules(game) for game in ORDER) if text]
    return "\n".join(parts)
