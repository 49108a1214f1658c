"""Help: a game's rules in our own words (the text of docs/rules.md), the rulings that
apply to every game, and the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from parlour.controls.screens import HELP_KEYS
from parlour.controls.screens import Closes
from parlour.help import game_rules
from parlour.help import general_rules
from parlour.help.keys import keys_markdown
from parlour.tui.keyed import Keyed
from parlour.tui.widgets import KeyBar


class HelpScreen(Keyed, ModalScreen[None]):
    KEYS = HELP_KEYS

    def key_target(self) -> Closes:
        return self  # the type checker sees that the screen has what its keys call

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id

    def key_text(self) -> str:
        """The keys as the player has them (their own, where they have changed any)."""
        return keys_markdown(self.game_id, self._key_overrides())

    def compose(self) -> ComposeResult:
        parts = []
        if self.game_id:
            parts += [game_rules(self.game_id), self.key_text()]
        else:
            parts += [self.key_text()]
        parts.append(general_rules())
        with VerticalScroll(id="help"):
            yield Markdown("\n\n".join(parts))
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)
