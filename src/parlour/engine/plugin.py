"""The plug-in contract: everything Parlour needs to know about one game, declared once.

Each game has a small module ``parlour.engine.games.<id>_plugin`` that exports
``PLUGIN``, a :class:`GameSpec`. The registry (:mod:`parlour.engine.registry`) lists those
modules, and every other part of Parlour (the command line, the start menu, help, the
text renderer, analysis, hints, the app's screens) iterates over the registry and asks
the spec, never naming a game.

A spec is plain data, cheap to import: the parts that live in heavier modules (the rules,
the words, the solver, the hint, the renderer, the screen, the key table) are named by
*reference*, ``"package.module:attribute"``, and loaded only when first asked for, as an
entry point would be. That keeps the start screen from loading every game's rules, and
lets a spec in the engine name parts that live in the layers above it without importing
them. Each part has a type the checker sees: a class of the engine for the parts that
live in it (:class:`Rules`, :class:`Words`) and a :class:`Protocol` describing the shape
of those that live above it (:class:`Renderer`, :data:`ScreenFactory`,
:class:`KeyTablePart`); a part that is not what its type says is refused when it is
loaded, with the reference that named it. A test checks that every reference of every
registered game resolves to what it should.

How to add a game: docs/architecture.md.

>>> from parlour.engine.registry import find_spec
>>> spec = find_spec("links")
>>> spec.id, spec.name, spec.rules().id
('golf', 'Golf', 'golf')
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from importlib import import_module
from types import MappingProxyType
from typing import TYPE_CHECKING
from typing import Any
from typing import Protocol
from typing import runtime_checkable

from parlour.engine.game import Rules
from parlour.engine.game import Words

if TYPE_CHECKING:
    # only named in the solver's protocol: playing a game needs no verdicts, and the
    # module's dataclasses would cost a start their making (docs/performance.md)
    from parlour.engine.verdict import Budget
    from parlour.engine.verdict import Verdict


def resolve(reference: str) -> object:
    """The object a ``"package.module:attribute"`` reference names (imported on demand)."""
    module, colon, attribute = reference.partition(":")
    if not colon or not module or not attribute:
        raise ValueError(f"a reference is 'package.module:attribute', not {reference!r}")
    found: object = import_module(module)
    for part in attribute.split("."):
        found = getattr(found, part)
    return found


@runtime_checkable
class Solver(Protocol):
    """A game's solver: the best result perfect play could reach from a position, knowing
    every hidden card, within a budget of positions or seconds (:class:`Budget`)."""

    #: CPU seconds ``parlour solve`` and ``analyse`` allow by default; None when the
    #: solver is exact and quick enough to need no limit
    default_seconds: float | None

    def solve(self, state: Any, budget: Budget) -> Verdict:
        """Search from ``state``; the verdict says how far it got."""
        ...

    def verdict_words(self, verdict: Verdict) -> str:
        """The verdict as a player would say it (``the links can still be cleared``)."""
        ...


@runtime_checkable
class Hint(Protocol):
    """A game's hint: a legal move chosen only from what the player can see."""

    def __call__(self, state: Any) -> Any: ...


@runtime_checkable
class Renderer(Protocol):
    """A game's text picture for the headless commands (:mod:`parlour.render`): a Rich
    renderable, which the engine knows only as an object (Rich lives above it)."""

    def __call__(self, state: Any, ascii_only: bool) -> object: ...


#: the app's screen for a game (a Textual screen class in :mod:`parlour.tui`), called
#: with the keywords the app passes; the engine knows it only as something that makes one
ScreenFactory = Callable[..., object]


@runtime_checkable
class KeyTablePart(Protocol):
    """A game screen's key table (:class:`parlour.controls.keys.KeyTable`, Textual-free,
    in a layer above): what the engine can say of it without importing it."""

    def markdown(self) -> str:
        """The table as the help and docs/keys.md show it."""
        ...


def _not_a(reference: str, what: str) -> TypeError:
    return TypeError(f"{reference} is not {what}")


@dataclass(frozen=True, slots=True)
class Option:
    """A rule option (kept apart in scores and statistics)."""

    name: str
    description: str
    #: a key on the start screen that switches it, and what the menu says for each side
    key: str = ""
    on: str = ""
    off: str = ""
    #: the ruling that defines it, for the help
    ruling: str = ""


@dataclass(frozen=True, slots=True)
class Rounds:
    """A game played in rounds of several deals from one course seed, scored against
    bogey (Golf's nine holes). Deal ``n`` of course ``c`` has the seed made from
    ``seed_text.format(course=c, hole=n)`` (:mod:`parlour.engine.rounds`): fixed forever
    once players have played it."""

    holes: int
    bogey: int
    seed_text: str
    #: what one deal of a round is called
    unit: str = "hole"


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game, as the rest of Parlour sees it."""

    id: str
    name: str
    aliases: tuple[str, ...]
    #: one line for the start menu and the command line's help
    blurb: str
    #: references to the parts (see the module's docstring)
    rules_at: str
    words_at: str
    solver_at: str
    hint_at: str
    renderer_at: str
    screen_at: str
    keys_at: str
    #: this game's rules page: ``"package:path"`` of a Markdown file shipped in a package
    #: (``"parlour.help:rules/golf.md"``), starting with its ``## Name`` heading
    rules_page: str
    #: its notation page, the same way: a ``### Name (`id`)`` section saying how its
    #: moves and positions are written (docs/notation.md is built from these)
    notation_page: str
    options: tuple[Option, ...] = ()
    rounds: Rounds | None = None
    #: the scores a finished game can have, and those of them that win it (its rules'
    #: :class:`~parlour.engine.game.Outcome`): the store reads no finished game, and no
    #: Golf hole, best or par, whose figures lie outside them (a row changed by hand);
    #: None: any whole number
    scores: range | None = None
    wins: range | None = None
    #: words of plain mode beyond the moves (a reference to a tuple of them, in the layer
    #: of the keys: By Twos' ``form``), or "" for none
    plain_words_at: str = ""
    #: a shorter name, where room is short (the help's row of topics at 60 columns), or
    #: "" for the name itself
    short_name: str = ""
    _cache: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def option_names(self) -> Mapping[str, str]:
        """Each option's name and what it does."""
        return MappingProxyType({option.name: option.description for option in self.options})

    def _part(self, reference: str) -> object:
        found = self._cache.get(reference)
        if found is None:
            found = self._cache[reference] = resolve(reference)
        return found

    def rules(self) -> Rules[Any, Any]:
        found = self._part(self.rules_at)
        if isinstance(found, Rules):
            return found
        raise _not_a(self.rules_at, "a game's rules")

    def words(self) -> Words[Any, Any]:
        """What the game says to the player (its rules reach them as ``rules.words``)."""
        found = self._part(self.words_at)
        if isinstance(found, Words):
            return found
        raise _not_a(self.words_at, "a game's words")

    def solver(self) -> Solver:
        found = self._part(self.solver_at)
        if isinstance(found, Solver):
            return found
        raise _not_a(self.solver_at, "a solver")

    def hint(self) -> Hint:
        found = self._part(self.hint_at)
        if isinstance(found, Hint):
            return found
        raise _not_a(self.hint_at, "a hint")

    def renderer(self) -> Renderer:
        """``render(state, ascii_only) -> rich renderable`` (in :mod:`parlour.render`)."""
        found = self._part(self.renderer_at)
        if isinstance(found, Renderer):
            return found
        raise _not_a(self.renderer_at, "a renderer")

    def screen(self) -> ScreenFactory:
        """The app's screen class for this game (in :mod:`parlour.tui`)."""
        found = self._part(self.screen_at)
        if callable(found):
            return found
        raise _not_a(self.screen_at, "a screen class")

    def keys(self) -> KeyTablePart:
        """The game screen's key table (in :mod:`parlour.controls`, Textual-free)."""
        found = self._part(self.keys_at)
        if isinstance(found, KeyTablePart):
            return found
        raise _not_a(self.keys_at, "a key table")

    def plain_words(self) -> tuple[Any, ...]:
        """Plain mode's words of this game beyond the moves (a layer above knows them)."""
        if not self.plain_words_at:
            return ()
        found = self._part(self.plain_words_at)
        if isinstance(found, tuple):
            return found
        raise _not_a(self.plain_words_at, "a tuple of words")

    def references(self) -> dict[str, str]:
        """Every part's reference, by name (for the test that they all resolve)."""
        return {
            "rules": self.rules_at,
            "words": self.words_at,
            "solver": self.solver_at,
            "hint": self.hint_at,
            "renderer": self.renderer_at,
            "screen": self.screen_at,
            "keys": self.keys_at,
            **({"plain words": self.plain_words_at} if self.plain_words_at else {}),
        }
