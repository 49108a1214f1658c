"""The app's screens. Each game has its own screen class, found here by game id (imported
only when first needed, to keep start-up quick)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

#: game id -> (module, class) of its screen
GAME_SCREENS: dict[str, tuple[str, str]] = {
    "golf": ("parlour.tui.screens.golf", "GolfScreen"),
    "rubbish": ("parlour.tui.screens.rubbish", "RubbishScreen"),
    "bytwos": ("parlour.tui.screens.bytwos", "ByTwosScreen"),
    "squares": ("parlour.tui.screens.squares", "SquaresScreen"),
}


def has_screen(game_id: str) -> bool:
    return game_id in GAME_SCREENS


def game_screen_class(game_id: str) -> Any:
    """The screen class that plays ``game_id``."""
    module, name = GAME_SCREENS[game_id]
    return getattr(import_module(module), name)
