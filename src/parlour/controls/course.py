"""The two ways a game is on a board: in play, or replayed. Each owns the line the board
shows, and tells whoever listens when it changes; the board reads it.

- :class:`Playing`: a game in play, whose :class:`~parlour.session.Session` owns the line
  (every move goes to the engine through it, and is saved).
- :class:`Replaying`: a record stepped through, move by move; nothing is played or saved.
  Taking over a replay is a new course: a session from the position shown.

What only play does (a move, undo, a hint, the round's card, export) reaches the session
through :attr:`Playing.game`, typed :class:`~parlour.session.Session`: a replay answers
"not here" in one place, its own ``game``, which is never reached because the keys of play
are not asked in a replay (``Key.during``). What the board shows in both (the news of a
move, whether saving works, the round) each course answers in its own way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from parlour.controls.keys import During
from parlour.engine.history import Line
from parlour.engine.history import moves_words
from parlour.engine.rounds import CourseHole
from parlour.engine.untrusted import shown
from parlour.session import RoundContext
from parlour.session import Session

Listener = Callable[[Line[Any, Any]], None]


class Playing:
    """A game in play: the session owns the line."""

    #: the keys that serve this course (``Key.during``)
    during = During.PLAY
    #: what the information line begins with
    title_prefix = ""
    #: the board marks what can be played, and a finished game offers a new one
    plays = True

    def __init__(self, session: Session) -> None:
        self.session: Session = session

    @property
    def deal(self) -> str:
        """How the information line names the deal ("": by its seed): a game taken over
        from a replay of a round's hole, by that hole, as the History names it."""
        origin = self.session.origin
        return str(origin) if origin is not None else ""

    @property
    def outside(self) -> tuple[str, ...]:
        """Words from outside that a message may hold (why saving fails: a path, the
        store's reason), to be shown as they are."""
        unsaved = self.session.unsaved
        return (unsaved,) if unsaved else ()

    @property
    def game(self) -> Session:
        """The game in play, for what only play does."""
        return self.session

    @property
    def live(self) -> bool:
        """True while the player can move (the game is not over)."""
        return not self.session.is_finished

    @property
    def round(self) -> RoundContext | None:
        """The round this game is a hole of (None: a game on its own)."""
        return self.session.round

    @property
    def played_out(self) -> str:
        """Why Parlour played the last move's game out for the player, or ""."""
        return self.session.played_out

    def news(self, before: Any, after: Any) -> str:
        """What the engine tells the player once on reaching ``after`` from ``before``
        (with why the game was played out, when ``after`` is the game's position)."""
        if after is self.session.state:
            return self.session.news(before)
        return self.line.rules.words.news(before, after)

    def saving(self) -> tuple[str, bool]:
        """What to say of saving now ("" when nothing has changed), and whether it fails."""
        return self.session.saving_news(), self.session.unsaved is not None

    def opening(self, prompt: str, key: Callable[..., str]) -> str:
        """What the status line says first: the position's ``prompt``, after the moves
        already played when the game is resumed (``key``: an action's key, as the player
        has it, for the words that name keys)."""
        line = self.line
        if line.moves or line.undone:
            return f"Welcome back: {moves_words(len(line.moves), len(line.undone))}. {prompt}"
        return prompt

    def step(self, direction: int) -> bool:
        """Nothing to step through in play (False: no move that way)."""
        return False

    def to_start(self) -> bool:
        return False

    def to_end(self) -> bool:
        return False

    @property
    def line(self) -> Line[Any, Any]:
        return self.session.line

    def listen(self, listener: Listener) -> None:
        self.session.listen(listener)


class Replaying:
    """A record replayed: a line stepped through, one move at a time or to either end."""

    during = During.REPLAY
    title_prefix = "Replay · "
    plays = False
    #: nothing is played in a replay: no game, no round, nothing played out or saved
    session: None = None
    live = False
    round: None = None
    played_out = ""

    @property
    def game(self) -> Session:
        """Never asked: what only play does is reached by the keys of play, which a
        replay does not ask."""
        raise LookupError("nothing is played in a replay")

    def news(self, before: Any, after: Any) -> str:
        return self.line.rules.words.news(before, after)

    def saving(self) -> tuple[str, bool]:
        return "", False

    @property
    def outside(self) -> tuple[str, ...]:
        """Words from outside that a message may hold: the record's title (a file's
        name), as shown."""
        return (shown(self.title),) if self.title else ()

    def __init__(
        self,
        line: Line[Any, Any],
        title: str = "",
        *,
        whole: Line[Any, Any] | None = None,
        origin: CourseHole | None = None,
    ) -> None:
        self.line = line
        #: what the record is called (a file name, a game of the history), as given
        self.title = title
        #: the round's hole replayed (or the one the game replayed was taken over from),
        #: if it is one: a game taken over from here comes from it too
        self.origin = origin
        #: how the information line names the deal ("": by its seed); a round's hole, by
        #: its course and hole, as the History list names it
        self.deal = str(origin) if origin is not None else ""
        self._listeners: list[Listener] = []
        #: the record with every position worked out, as read (stepping takes each from
        #: it, never works one out again: a Three Squares end search, which a move's
        #: legality may ask for, can take seconds)
        self._whole = whole if whole is not None and not whole.undone else None

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def opening(self, prompt: str, key: Callable[..., str]) -> str:
        """What the status line says first: how to step (the position's ``prompt`` is
        said at the end)."""
        return (
            f"Replaying {shown(self.title) or 'a game'}: {key('step', -1)} and "
            f"{key('step', 1)} step through the moves, {key('step_to_start')} and "
            f"{key('step_to_end')} jump, {key('take_over')} takes over from here."
        )

    def go(self, line: Line[Any, Any]) -> None:
        """Show ``line`` (the same record at another move)."""
        self.line = line
        for listener in list(self._listeners):
            listener(line)

    def step(self, direction: int) -> bool:
        """One move forward (1) or back (-1); False when there is none that way."""
        line = self.line
        if (direction > 0 and line.can_redo) or (direction < 0 and line.can_undo):
            self.go(self._at(len(line.moves) + direction))
            return True
        return False

    def to_start(self) -> bool:
        """Back to the deal (True: the course steps)."""
        self.go(self._at(0))
        return True

    def to_end(self) -> bool:
        """On to the last move (True: the course steps)."""
        self.go(self._at(len(self.line.moves) + len(self.line.undone)))
        return True

    def _at(self, ply: int) -> Line[Any, Any]:
        """The record after ``ply`` moves: from the positions worked out when it was read,
        if it was given whole, else played again from here."""
        whole = self._whole
        if whole is None or whole.moves[: len(self.line.moves)] != self.line.moves:
            return self.line.goto(ply)
        ply = max(0, min(ply, len(whole.moves)))
        return replace(
            whole,
            states=whole.states[: ply + 1],
            moves=whole.moves[:ply],
            undone=tuple(reversed(whole.moves[ply:])),
        )


Course = Playing | Replaying
