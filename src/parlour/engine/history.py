"""A game being played: its deal and the list of positions so far, for undo and redo.

Undo is nothing but stepping back along a list of earlier (immutable) states.

>>> from parlour.engine.games.golf import GOLF
>>> line = Line.from_seed(GOLF, 1)
>>> line = line.play(GOLF.legal_moves(line.current)[0])
>>> line.undo().current == line.states[0]
True
>>> line.undo().redo() == line
True
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Any
from typing import Generic

from parlour.engine.cards import Card
from parlour.engine.deals import check_seed
from parlour.engine.deals import deck_from_seed
from parlour.engine.game import MoveT
from parlour.engine.game import Rules
from parlour.engine.game import StateT


@dataclass(frozen=True, slots=True)
class Line(Generic[StateT, MoveT]):
    """``states[0]`` is the deal and ``states[-1]`` the current position; ``moves[i]`` led
    from ``states[i]`` to ``states[i + 1]``. ``undone`` holds undone moves for redo, the
    next one to redo last."""

    rules: Rules[StateT, MoveT]
    deck: tuple[Card, ...]
    options: frozenset[str]
    seed: int | None
    states: tuple[StateT, ...]
    moves: tuple[MoveT, ...] = ()
    undone: tuple[MoveT, ...] = ()

    @classmethod
    def new(
        cls,
        rules: Rules[StateT, MoveT],
        deck: Sequence[Card],
        options: Iterable[str] = (),
        seed: int | None = None,
    ) -> Line[StateT, MoveT]:
        start = rules.start(deck, options)
        return cls(rules, tuple(deck), start.options, seed, (start,))

    @classmethod
    def from_seed(
        cls, rules: Rules[StateT, MoveT], seed: int, options: Iterable[str] = ()
    ) -> Line[StateT, MoveT]:
        seed = check_seed(seed)
        return cls.new(rules, deck_from_seed(seed, rules.deck_size), options, seed)

    def played_on(self, moves: Iterable[MoveT | str]) -> Line[StateT, MoveT]:
        """A stored game's moves played again from here (raising if one is illegal). Moves
        left over once the rules end the game are dropped: a game saved under an earlier
        version may go on past an end the rules now see sooner (Three Squares' end search,
        S10 and S11, looks further than it once did). Such an end is found only where no
        better score can be reached, so the moves dropped could not have changed it."""
        line = self
        for move in moves:
            if self.rules.is_finished(line.current):
                if isinstance(move, str):
                    self.rules.parse_move(move)  # still a move of this game
                continue
            line = line.play(move)
        return line

    @property
    def current(self) -> StateT:
        return self.states[-1]

    @property
    def start(self) -> StateT:
        return self.states[0]

    @property
    def can_undo(self) -> bool:
        return bool(self.moves)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def play(self, move: MoveT | str) -> Line[StateT, MoveT]:
        """Apply a move (raising if it is illegal). Redo is kept only when the move is the
        one that would have been redone."""
        if isinstance(move, str):
            move = self.rules.parse_move(move)
        state = self.rules.apply(self.current, move)
        undone = self.undone[:-1] if self.undone and self.undone[-1] == move else ()
        return replace(self, states=(*self.states, state), moves=(*self.moves, move), undone=undone)

    def undo(self) -> Line[StateT, MoveT]:
        if not self.moves:
            return self
        return replace(
            self,
            states=self.states[:-1],
            moves=self.moves[:-1],
            undone=(*self.undone, self.moves[-1]),
        )

    def redo(self) -> Line[StateT, MoveT]:
        if not self.undone:
            return self
        move = self.undone[-1]
        state = self.rules.apply(self.current, move)
        return replace(
            self, states=(*self.states, state), moves=(*self.moves, move), undone=self.undone[:-1]
        )

    def restart(self) -> Line[StateT, MoveT]:
        """Back to the deal; the moves played can be redone."""
        return replace(
            self,
            states=self.states[:1],
            moves=(),
            undone=(*self.undone, *reversed(self.moves)),
        )

    def goto(self, ply: int) -> Line[StateT, MoveT]:
        """Undo or redo until ``ply`` moves have been played (clamped to what exists)."""
        line = self
        while len(line.moves) > ply and line.can_undo:
            line = line.undo()
        while len(line.moves) < ply and line.can_redo:
            line = line.redo()
        return line

    def describe_moves(self) -> list[str]:
        """What each move played did, for a record."""
        return [
            self.rules.words.describe(state, move)
            for state, move in zip(self.states, self.moves, strict=False)
        ]


AnyLine = Line[Any, Any]


def moves_words(played: int, undone: int = 0) -> str:
    """How many moves a game has: ``4 moves played``, or ``1 move undone`` for a game
    whose every move was undone (kept for its redo), as the app and plain mode say it."""
    if not played and undone:
        return f"{undone} move{'s' if undone != 1 else ''} undone"
    return f"{played} move{'s' if played != 1 else ''} played"
