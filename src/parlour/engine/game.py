"""What every game has in common: the rules protocol, outcomes and position text.

Each game is a :class:`Rules` subclass in ``parlour.engine.games``. Its states are
immutable values (frozen dataclasses) with a ``game_id`` and a named ``phase``;
its moves are small hashable values whose ``str`` is their notation. The rules
object is the only authority: :meth:`Rules.legal_moves` is the one definition of
legality, and :meth:`Rules.apply` refuses anything it does not list.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from parlour.engine.cards import Card, format_cards, parse_cards
from parlour.engine.deals import check_deck, deck_from_seed
from parlour.engine.errors import IllegalMoveError, NotationError


class Declared(Protocol):
    """What the rules read from their game's plug-in
    (:class:`parlour.engine.plugin.GameSpec`, which imports this module)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...

    @property
    def option_names(self) -> Mapping[str, str]: ...


class GameState(Protocol):
    """What the engine needs of every state."""

    @property
    def game_id(self) -> str: ...

    @property
    def phase(self) -> str: ...

    @property
    def options(self) -> frozenset[str]: ...


StateT = TypeVar("StateT", bound=GameState)
MoveT = TypeVar("MoveT")


@dataclass(frozen=True, slots=True)
class GiveUp:
    """End the game as it stands: the one move every game that allows it shares, so that
    solvers and screens know it without asking each game."""

    def __str__(self) -> str:
        return "give-up"


GIVE_UP: Final = GiveUp()


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: won or not, its score, and a sentence for the player."""

    won: bool
    score: int
    summary: str


class Rules(ABC, Generic[StateT, MoveT]):
    """The rules of one game. Subclasses name their game's plug-in (``spec``), which
    declares its id, name, aliases and options once, and fill in the abstract methods."""

    spec: ClassVar[Declared]
    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    deck_size: ClassVar[int] = 52
    #: rule options this game understands, each with a one-line description
    option_names: ClassVar[Mapping[str, str]] = {}
    #: what the score counts, for tables ("cards left", "cards home" …)
    score_label: ClassVar[str] = "score"
    #: True when a lower score is better (Golf)
    lower_is_better: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        spec = cls.__dict__.get("spec")
        if spec is not None:  # the names come from the plug-in, declared there once
            cls.id, cls.name, cls.aliases = spec.id, spec.name, spec.aliases
            cls.option_names = spec.option_names

    # -- starting -------------------------------------------------------------------------

    def check_options(self, options: Iterable[str]) -> frozenset[str]:
        """Return the options as a frozenset, refusing any this game does not know."""
        chosen = frozenset(options)
        unknown = sorted(chosen - set(self.option_names))
        if unknown:
            known = ", ".join(self.option_names) or "none"
            raise NotationError(
                f"{self.name} has no option {', '.join(unknown)} (its options: {known})"
            )
        return chosen

    def start(self, deck: Sequence[Card], options: Iterable[str] = ()) -> StateT:
        """The opening position for an explicit deck (checked to be a complete deck)."""
        return self._start(check_deck(deck, self.deck_size), self.check_options(options))

    def start_from_seed(self, seed: int, options: Iterable[str] = ()) -> StateT:
        """The opening position that ``seed`` deals."""
        return self.start(deck_from_seed(seed, self.deck_size), options)

    @abstractmethod
    def _start(self, deck: tuple[Card, ...], options: frozenset[str]) -> StateT:
        """The opening position; ``deck`` and ``options`` are already checked."""

    # -- moves ----------------------------------------------------------------------------

    @abstractmethod
    def legal_moves(self, state: StateT) -> tuple[MoveT, ...]:
        """Every move the player may make now, in a stable order. Empty when finished."""

    def is_legal(self, state: StateT, move: MoveT) -> bool:
        return move in self.legal_moves(state)

    @staticmethod
    def is_give_up(move: object) -> bool:
        """Whether ``move`` ends the game as it stands (:data:`GIVE_UP`)."""
        return isinstance(move, GiveUp)

    def apply(self, state: StateT, move: MoveT | str) -> StateT:
        """The position after ``move``; raise :class:`IllegalMoveError` saying why if it is
        not allowed, or :class:`NotationError` if ``move`` is text that is not a move."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if not self.is_legal(state, move):
            raise IllegalMoveError(self.format_move(move), self.why_illegal(state, move))
        return self._apply(state, move)

    @abstractmethod
    def _apply(self, state: StateT, move: MoveT) -> StateT:
        """The position after a move already known to be legal."""

    @abstractmethod
    def why_illegal(self, state: StateT, move: MoveT) -> str:
        """A sentence for the player saying why ``move`` is not legal in ``state``."""

    @abstractmethod
    def parse_move(self, text: str) -> MoveT:
        """Read a move's notation; raise :class:`NotationError` if it is not one."""

    def format_move(self, move: MoveT) -> str:
        """A move's notation (the inverse of :meth:`parse_move`)."""
        return str(move)

    @abstractmethod
    def describe(self, state: StateT, move: MoveT) -> str:
        """What ``move`` does in ``state``, in a few words (``5H onto 4C``). Deterministic:
        records carry it as a check."""

    # -- positions ------------------------------------------------------------------------

    @abstractmethod
    def format_position(self, state: StateT) -> str:
        """The position as text (see docs/notation.md); :meth:`parse_position` reads it back."""

    @abstractmethod
    def parse_position(self, text: str) -> StateT:
        """Read a position written by :meth:`format_position`."""

    @abstractmethod
    def cards(self, state: StateT) -> list[Card]:
        """Every card in the position, wherever it lies (to check that none is lost)."""

    # -- results --------------------------------------------------------------------------

    @abstractmethod
    def score(self, state: StateT) -> int:
        """The score as it stands now."""

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """How the game ended, or ``None`` while it is still in play."""

    def is_finished(self, state: StateT) -> bool:
        return self.outcome(state) is not None

    @abstractmethod
    def prompt(self, state: StateT) -> str:
        """One line telling the player what the position asks of them."""


# -- position text helpers -------------------------------------------------------------------


def format_fields(game_id: str, fields: Iterable[tuple[str, str]]) -> str:
    """Write a position: the game id on the first line, then ``name: value`` lines."""
    lines = [game_id]
    lines.extend(f"{name}: {value}" if value else f"{name}:" for name, value in fields)
    return "\n".join(lines) + "\n"


def parse_fields(text: str, game_id: str, names: Sequence[str]) -> dict[str, str]:
    """Read a position written by :func:`format_fields`, requiring exactly ``names``."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines or lines[0] != game_id:
        found = lines[0] if lines else "nothing"
        raise NotationError(f"a {game_id} position starts with the line {game_id!r}, not {found!r}")
    fields: dict[str, str] = {}
    for number, line in enumerate(lines[1:], start=2):
        name, colon, value = line.partition(":")
        name = name.strip()
        if not colon or name not in names:
            raise NotationError(f"position line {number}: expected one of {', '.join(names)}")
        if name in fields:
            raise NotationError(f"position line {number}: {name} given twice")
        fields[name] = value.strip()
    missing = [name for name in names if name not in fields]
    if missing:
        raise NotationError(f"the position lacks {', '.join(missing)}")
    return fields


def format_pile(cards: Iterable[Card]) -> str:
    """Cards of one pile, first (bottom) to last (top); ``-`` when empty."""
    text = format_cards(cards)
    return text or "-"


def parse_pile(text: str) -> tuple[Card, ...]:
    """Read a pile written by :func:`format_pile`."""
    return () if text.strip() == "-" else parse_cards(text)


def format_options(options: Iterable[str]) -> str:
    return ",".join(sorted(options)) or "none"


def parse_options(text: str) -> frozenset[str]:
    text = text.strip()
    if text in ("", "none", "-"):
        return frozenset()
    return frozenset(part.strip() for part in text.split(",") if part.strip())
