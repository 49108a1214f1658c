"""The games Parlour knows, by id and alias. An explicit list: nothing registers itself."""

from __future__ import annotations

from typing import Any, Final

from parlour.engine.errors import UnknownGameError
from parlour.engine.game import GameState, Rules
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.golf import GOLF
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.squares import SQUARES

AnyRules = Rules[Any, Any]

#: every playable game, in the book's order
GAMES: Final[tuple[AnyRules, ...]] = (GOLF, RUBBISH, SQUARES, BYTWOS)

_BY_NAME: Final[dict[str, AnyRules]] = {
    name: rules for rules in GAMES for name in (rules.id, *rules.aliases)
}


def game_ids() -> tuple[str, ...]:
    return tuple(rules.id for rules in GAMES)


def find_game(name: str) -> AnyRules:
    """The rules for a game id or alias (case-insensitive); a clear error if unknown."""
    rules = _BY_NAME.get(name.strip().lower())
    if rules is None:
        listing = ", ".join(f"{r.id} ({r.name})" for r in GAMES)
        raise UnknownGameError(f"unknown game {name!r}; the games are: {listing}")
    return rules


def rules_for(state: GameState) -> AnyRules:
    """The rules a state belongs to."""
    return find_game(state.game_id)
