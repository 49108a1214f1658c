"""The games Parlour knows: an explicit list of plug-ins, by id and alias. Nothing
registers itself, and nothing outside a game's own modules and this list names a game.

A plug-in (:class:`parlour.engine.plugin.GameSpec`) is cheap to load; a game's rules are
imported only when the game is first asked for, so that a program that plays one game
does not load the other three (the start-up of the app is measured).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any
from typing import Final

from parlour.engine.errors import UnknownGameError
from parlour.engine.game import GameState
from parlour.engine.game import Rules
from parlour.engine.plugin import GameSpec

AnyRules = Rules[Any, Any]

#: every playable game's plug-in module, in the book's order
PLUGINS: Final = (
    "parlour.engine.games.golf_plugin",
    "parlour.engine.games.rubbish_plugin",
    "parlour.engine.games.squares_plugin",
    "parlour.engine.games.bytwos_plugin",
)

_specs: list[GameSpec] = []
_by_name: dict[str, GameSpec] = {}


def specs() -> tuple[GameSpec, ...]:
    """Every game's plug-in, in the book's order (cheap: no rules are loaded)."""
    if not _specs:
        loaded = [import_module(module).PLUGIN for module in PLUGINS]
        for spec in loaded:
            if not isinstance(spec, GameSpec):  # pragma: no cover - a broken plug-in
                raise TypeError(f"{spec!r} is not a GameSpec")
        _by_name.update({name: spec for spec in loaded for name in (spec.id, *spec.aliases)})
        _specs.extend(loaded)
    return tuple(_specs)


def reset() -> None:
    """Forget the plug-ins read so far, so that :data:`PLUGINS` is read again (for a test
    that registers a game of its own)."""
    _specs.clear()
    _by_name.clear()


def find_spec(name: str) -> GameSpec:
    """The plug-in of a game id or alias (case-insensitive); a clear error if unknown."""
    specs()
    spec = _by_name.get(name.strip().lower())
    if spec is None:
        from difflib import get_close_matches

        listing = ", ".join(f"{s.id} ({s.name})" for s in _specs)
        close = get_close_matches(name.strip().lower(), list(_by_name), n=1)
        guess = f" (did you mean {_by_name[close[0]].id!r}?)" if close else ""
        raise UnknownGameError(f"unknown game {name!r}{guess}; the games are: {listing}")
    return spec


def game_ids() -> tuple[str, ...]:
    return tuple(spec.id for spec in specs())


def game_name(game_id: str) -> str:
    """A game's name, without loading its rules."""
    return find_spec(game_id).name


def round_specs() -> tuple[GameSpec, ...]:
    """The games played in rounds of several deals (Golf)."""
    return tuple(spec for spec in specs() if spec.rounds is not None)


def round_game() -> GameSpec:
    """The game played in rounds: the store's rounds, the scorecard's and the club's are
    its rounds (Parlour has one such game, Golf)."""
    found = round_specs()
    if not found:  # pragma: no cover - Golf is played in rounds
        raise UnknownGameError("no game is played in rounds")
    return found[0]


def all_games() -> tuple[AnyRules, ...]:
    """The rules of every game, in the book's order (this loads them all)."""
    return tuple(spec.rules() for spec in specs())


def find_game(name: str) -> AnyRules:
    """The rules for a game id or alias (case-insensitive); a clear error if unknown."""
    return find_spec(name).rules()


def rules_for(state: GameState) -> AnyRules:
    """The rules a state belongs to."""
    return find_game(state.game_id)
