"""What every game has in common: its rules, its words, outcomes, and the one optional
capability (an end settled later).

Each game is a :class:`Rules` subclass in ``parlour.engine.games``. Its states are
immutable values (frozen dataclasses or named tuples) with a ``game_id`` and a named
``phase``; its moves are small hashable values whose ``str`` is their notation. The rules
object is the only authority: :meth:`Rules.legal_moves` is the one definition of
legality, and :meth:`Rules.apply` refuses anything it does not list. What the game says
to the player (what a move does, why it is refused, what a position asks, how the game
ended) is its :class:`Words`, apart from the rules; an end that cannot be decided with
each move is the capability :class:`SettlesEndLater`, which only the game that needs it
implements.
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
from typing import runtime_checkable

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

    def words(self) -> Words[Any, Any]: ...


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
    """How a finished game ended, as the rules rule it: won or not, and its score. (What
    the player is told of it is the game's words: :meth:`Words.ending`.)"""

    won: bool
    score: int


class Words(ABC, Generic[StateT, MoveT]):
    """What one game says to the player, kept apart from what it rules (as python-chess keeps
    SAN apart from the board): what a move does, what it did once made, why a move is
    refused, what a position asks, how a game ended, and what to tell once. Each game's
    words live in its own ``<id>_words`` module and are reached through its rules
    (:attr:`Rules.words`). Words read states and the game's state machine; they decide
    nothing, and they import no solver (import-linter checks this)."""

    #: what the score counts, for tables ("cards left", "cards home" …)
    score_label: ClassVar[str] = "score"
    #: a finished game's result in a list of games: won, and not won
    results: ClassVar[tuple[str, str]] = ("won", "lost")
    #: fields of the position's text form (docs/notation.md) that are piles whose order the
    #: player cannot see (a stock, a pack): only their size is ever told
    hidden_piles: ClassVar[frozenset[str]] = frozenset()
    #: fields that hold several piles or a whole heap in one line: what a move changed
    #: there is told by the move's own words, not as a pile's new top card
    rows: ClassVar[frozenset[str]] = frozenset()

    @abstractmethod
    def describe(self, state: StateT, move: MoveT) -> str:
        """What ``move`` does in ``state``, in a few words (``5H onto 4C``). Deterministic:
        records carry it as a check."""

    @abstractmethod
    def done(self, state: StateT, move: MoveT) -> str:
        """What ``move``, legal in ``state``, did once made from it, told after it in the
        past tense (``played 5H onto 4C``): a sentence without its capital and full stop,
        as :meth:`describe` gives, which stays an instruction for hints and records."""

    @abstractmethod
    def why_illegal(self, state: StateT, move: MoveT) -> str:
        """A sentence saying why ``move`` is not legal in ``state``, naming the ruling;
        :meth:`Rules.apply` raises it in its :class:`IllegalMoveError`."""

    @abstractmethod
    def prompt(self, state: StateT) -> str:
        """One line telling the player what the position asks of them."""

    @abstractmethod
    def ending(self, state: StateT) -> str:
        """How a finished game ended, in a few words (``3 cards left on the links``): the
        store keeps it with the game, and records write it in their result."""

    def news(self, before: StateT, after: StateT) -> str:
        """What the player should be told once, on reaching ``after`` from ``before`` by
        one move or more, beyond what the moves did and what ``after`` asks: a sentence or
        more, or "" (as in most games, always). By Twos says here that its deal can no
        longer be won (B9)."""
        return ""

    def played_out(self, state: StateT) -> str:
        """Why Parlour plays the game on for the player from ``state``, where
        :meth:`Rules.playing_out` gives a move (a sentence)."""
        return "Nothing left can change the result: Parlour plays the rest out for you."


class Rules(ABC, Generic[StateT, MoveT]):
    """The rules of one game. Subclasses name their game's plug-in (``spec``), which
    declares its id, name, aliases and options once and names its words, and fill in the
    abstract methods."""

    spec: ClassVar[Declared]
    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    deck_size: ClassVar[int] = 52
    #: rule options this game understands, each with a one-line description
    option_names: ClassVar[Mapping[str, str]] = {}
    #: True when a lower score is better (Golf)
    lower_is_better: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        spec = cls.__dict__.get("spec")
        if spec is not None:  # the names come from the plug-in, declared there once
            cls.id, cls.name, cls.aliases = spec.id, spec.name, spec.aliases
            cls.option_names = spec.option_names

    @property
    def words(self) -> Words[StateT, MoveT]:
        """What the game says to the player: a part of its plug-in, loaded when first
        asked for (a game's words may import its rules object, so the rules reach them
        through the plug-in)."""
        return self.spec.words()

    # -- starting -------------------------------------------------------------------------

    def check_options(self, options: Iterable[str]) -> frozenset[str]:
        """Return the options as a frozenset, refusing any this game does not know."""
        chosen = frozenset(options)
        unknown = sorted(chosen - set(self.option_names))
        if unknown:
            known = ", ".join(self.option_names) or "none"
            # (the first few named: a record's Options line may list thousands)
            named = ", ".join(shown(name, limit=40) for name in unknown[:3])
            more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
            raise NotationError(f"{self.name} has no option {named}{more} (its options: {known})")
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
        """The position after ``move``; raise :class:`IllegalMoveError` saying why (in the
        game's words) if it is not allowed, or :class:`NotationError` if ``move`` is text
        that is not a move."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if not self.is_legal(state, move):
            raise self.refusal(state, move)
        return self._apply(state, move)

    def refusal(self, state: StateT, move: MoveT) -> IllegalMoveError:
        """The error that refuses ``move`` in ``state``, with the words' reason."""
        return IllegalMoveError(self.format_move(move), self.words.why_illegal(state, move))

    @abstractmethod
    def _apply(self, state: StateT, move: MoveT) -> StateT:
        """The position after a move already known to be legal."""

    @abstractmethod
    def parse_move(self, text: str) -> MoveT:
        """Read a move's notation; raise :class:`NotationError` if it is not one."""

    def format_move(self, move: MoveT) -> str:
        """A move's notation (the inverse of :meth:`parse_move`)."""
        return str(move)

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

    def playing_out(self, state: StateT) -> MoveT | None:
        """Where moves are left but none can lead to a better result, whatever order the
        hidden cards are in (Golf's turns of a stock none of whose cards can be played, By
        Twos' deals of cards none of which can be built): the next of those moves (the
        words say why: :meth:`Words.played_out`). Otherwise None. The session plays such
        moves for the player, so that the game is declared over at once with its score."""
        return None


# -- an end too costly to settle as each move is made (Three Squares' ruling S11) -----------

StateIn = TypeVar("StateIn", contravariant=True)
MoveOut = TypeVar("MoveOut", covariant=True)


@runtime_checkable
class SettlesEndLater(Protocol[StateIn, MoveOut]):
    """A capability a game opts into (its rules implement it; ask with ``isinstance``):
    an end the check made with each move cannot always decide. Where
    :meth:`end_in_doubt` is True, a front end asks :meth:`look_further` (slow: the app
    runs it in the background, plain mode at once) and hands its finding to
    :meth:`end_after_look`; :meth:`look_note` is what to tell the player when the game
    goes on. Only Three Squares has it."""

    def end_in_doubt(self, state: StateIn) -> bool:
        """True when the check made with the last move could not tell whether a better
        result can still be reached."""
        ...

    def look_further(self, state: StateIn) -> str:
        """The longer look's finding for a position where :meth:`end_in_doubt` is True
        (deterministic, so it may be worked out in another process)."""
        ...

    def end_after_look(self, state: StateIn, finding: str) -> MoveOut | None:
        """Take in :meth:`look_further`'s ``finding`` for ``state`` and return the move that
        ends the game when it shows that no better result can be reached."""
        ...

    def look_note(self, finding: str) -> str:
        """What to tell the player when ``finding`` shows that the game goes on ("" for
        nothing); the game's words."""
        ...
