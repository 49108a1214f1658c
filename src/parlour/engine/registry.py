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


def rules_words(game: str, options: str) -> str:
    """The rule options a game was played under (``options`` as stored and written in
    records: ``none``, ``free-stock``) as the player reads them: each option's own words
    (``free stock``); with none, what the game's options say when off (``book rule``);
    "" for a game without options. A game or an option this Parlour does not know is
    given as written (the caller shows it as outside text).

    >>> rules_words("golf", "free-stock"), rules_words("golf", "none")
    ('free stock', 'book rule')
    >>> rules_words("rubbish", "none"), rules_words("golf", "wild"), rules_words("x", "y")
    ('', 'wild', 'y')
    """
    from parlour.engine.notation import parse_options

    try:
        known = find_spec(game).options
    except UnknownGameError:
        return options
    chosen = parse_options(options)
    if not chosen:
        return ", ".join(option.off for option in known if option.off)
    words = {option.name: option.on or option.name for option in known}
    return ", ".join(words.get(name, name) for name in sorted(chosen))


def named_with_rules(game: str, options: str) -> str:
    """``Golf``, or ``Golf (free stock)``: a game's name and the rule options it was
    played under, if any (:func:`rules_words`); the id of a game this Parlour does not
    know.

    >>> named_with_rules("golf", "free-stock"), named_with_rules("golf", "none")
    ('Golf (free stock)', 'Golf')
    """
    from parlour.engine.notation import parse_options

    try:
        name = find_spec(game).name
    except UnknownGameError:
        name = game
    if not parse_options(options):
        return name
    return f"{name} ({rules_words(game, options)})"


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
