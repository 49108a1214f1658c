"""The toy game's solver, hint, text picture and keys: the parts a plug-in names."""

from __future__ import annotations

from typing import Any
from typing import Final

from rich.text import Text

from parlour.controls.game import GameControls
from parlour.controls.game import Play
from parlour.controls.game import Reply
from parlour.controls.game import shared_keys
from parlour.controls.keys import Availability
from parlour.controls.keys import Key
from parlour.controls.keys import KeyTable
from parlour.engine.solve.hint import first_playable
from parlour.engine.solve.search import solve
from parlour.engine.verdict import Budget
from parlour.engine.verdict import Verdict
from parlour.engine.verdict import plain_verdict_words
from parlour.render import card_text

from .game import HOME
from .game import TOY
from .game import TURN
from .game import Move
from .game import ToyState


class ToySolver:
    default_seconds: float | None = 1.0

    def solve(self, state: ToyState, budget: Budget) -> Verdict:
        return solve(TOY, state, budget=budget)

    def verdict_words(self, verdict: Verdict) -> str:
        return plain_verdict_words(verdict)


SOLVER: Final = ToySolver()


def hint(state: ToyState) -> Move:
    found: Move = first_playable(TOY, state)
    return found


def render(state: ToyState, ascii_only: bool = False) -> Text:
    text = Text("Waste ")
    text.append_text(card_text(state.waste[-1] if state.waste else None, ascii_only))
    text.append(f"   Stock {len(state.stock)}   Aces out {len(state.home)}")
    return text


class ToyControls(GameControls):
    def turn(self) -> Reply:
        return Play(TURN)

    def home(self) -> Reply:
        return Play(HOME)

    def can_turn(self) -> Availability:
        return self.legal(TURN)

    def can_home(self) -> Availability:
        return self.legal(HOME)

    def key_for(self, move: Any) -> str:
        return str(move)


KEYS: Final = (
    KeyTable[ToyControls](
        (
            Key(
                "t",
                "turn",
                lambda c: c.turn(),
                "Turn",
                "turn the next card onto the waste",
                lambda c: c.can_turn(),
            ),
            Key(
                "a",
                "home",
                lambda c: c.home(),
                "Ace out",
                "put the waste's ace out",
                lambda c: c.can_home(),
            ),
        )
    )
    + shared_keys()
)
ToyControls.KEYS = KEYS
