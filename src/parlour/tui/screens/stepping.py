"""What a step through a game's line, in play or in a replay, needs of the game screen
(:mod:`parlour.tui.screens.game`): the rules, the position shown, and the status line's
words for a step. :mod:`parlour.tui.screens.play_steps` and
:mod:`parlour.tui.screens.replay_steps` each ask a little more."""

from __future__ import annotations

from typing import Any
from typing import Protocol

from parlour.engine.game import Rules


class StepsThrough(Protocol):
    @property
    def rules(self) -> Rules[Any, Any]: ...

    @property
    def current(self) -> Any: ...

    def status(self, message: str, *, refused: bool = False, whole: str = "") -> None: ...

    def news_text(self, before: Any, after: Any) -> str: ...

    def prompt_text(self, state: Any) -> str: ...
