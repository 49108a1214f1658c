"""What every game has in common: the rules protocol, outcomes and position text.

Each game is a :class:`Rules` subclass in ``parlour.engine.games``. Its states are
immutable values (frozen dataclasses) with a ``game_id`` and a named ``phase``;
its moves are small hashable values whose ``str`` is their notation. The rules
object is the only authority: :meth:`Rules.legal_moves` is the one definition of
legality, and :meth:`Rules.apply` refuses anything it does not list.
"""

from __future__ import annotations

from abc import ABC
from abc import abstractmethod
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import ClassVar
from typing import Final
from typing import Generic
from typing import Protocol
from typing import TypeVar

from parlour.engine.cards import Card
from parlour.engine.deals import check_deck
from parlour.engine.deals import deck_from_seed
from parlour.engine.errors import IllegalMoveError
from parlour.engine.errors import NotationError
from parlour.engine.untrusted import shown


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
class WordMove:
    """A move with no parts, written as one fixed word (its class's ``NOTATION``): turn
    the stock, deal, give up. Moves of different classes are never equal."""

    NOTATION: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.NOTATION


@dataclass(frozen=True, slots=True)
class GiveUp(WordMove):
    """End the game as it stands: the one move every game that allows it shares, so that
    solvers and screens know it without asking each game."""

    NOTATION = "give-up"


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
                f"{self.name} has no option {', '.join(map(shown, unknown))} (its options: {known})"
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

    def news(self, before: StateT, after: StateT) -> str:
        """What the player should be told once, on reaching ``after`` from ``before`` by
        one move or more, beyond what the moves did and what ``after`` asks: a sentence or
        more, or "" (as in most games, always). By Twos says here that its deal can no
        longer be won (B9)."""
        return ""

    def playing_out(self, state: StateT) -> tuple[MoveT, str] | None:
        """Where moves are left but none can lead to a better result, whatever order the
        hidden cards are in (Golf's turns of a stock none of whose cards can be played, By
        Twos' deals of cards none of which can be built): the next of those moves, and why
        the result is settled (a sentence). Otherwise None. The session plays such moves
        for the player, so that the game is declared over at once with its score."""
        return None

    # -- an end too costly to settle as each move is made (Three Squares' ruling S11) ------

    def end_unsettled(self, state: StateT) -> bool:
        """True when the check made with the last move could not tell whether a better
        result can still be reached. A front end then asks :meth:`settle_end` (slow: the app
        runs it in the background) and hands its finding to :meth:`settled_end`. No game
        but Three Squares ever says True."""
        return False

    def settle_end(self, state: StateT) -> str:
        """The longer look's finding for a position where :meth:`end_unsettled` is True
        (deterministic, so it may be worked out in another process)."""
        raise NotImplementedError(f"{self.id} settles every end as the move is made")

    def settled_end(self, state: StateT, found: str) -> MoveT | None:
        """Take in :meth:`settle_end`'s ``found`` for ``state`` and return the move that
        ends the game when it shows that no better result can be reached."""
        return None

    def settled_note(self, found: str) -> str:
        """What to tell the player when ``found`` shows that the game goes on ("" for
        nothing)."""
        return ""
