"""The app's screens. Each game's screen class is named by its plug-in and imported only
when first needed, to keep start-up quick."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import cast

if TYPE_CHECKING:
    from parlour.tui.screens.game import GameScreen


def game_screen_class(game_id: str) -> type[GameScreen]:
    """The screen class that plays ``game_id``."""
    from parlour.engine.registry import find_spec

    return cast("type[GameScreen]", find_spec(game_id).screen())
