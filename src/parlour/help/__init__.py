"""The rules in our own words, shipped with the package: the app's help screens show
them and docs/rules.md is built from them (``python -m parlour.help``), so the two can
never differ (a test checks)."""

from __future__ import annotations

from importlib import resources

from parlour.engine.registry import find_spec
from parlour.engine.registry import specs


def _read(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def general_rules() -> str:
    return _read("rules/general.md")


def game_rules(game_id: str) -> str:
    """The rules section of one game (the page its plug-in names)."""
    package, _, path = find_spec(game_id).rules_page.partition(":")
    return resources.files(package).joinpath(path).read_text(encoding="utf-8")


def rules_document() -> str:
    """The text of docs/rules.md: the introduction, the general rulings, then each game
    in the registry's order."""
    parts = [_read("intro.md"), general_rules()]
    parts += [game_rules(spec.id) for spec in specs()]
    return "\n".join(parts)
