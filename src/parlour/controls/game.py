"""What every game's controls share: the state a game screen's keys depend on, the replies
a control gives, and the keys every game screen has (undo, hints, replay …).

A game's controls (:mod:`parlour.controls.golf` …) turn keys into engine moves: they keep
what the player has selected on the board, and answer each key with a :class:`Reply` —
a move for the engine, something to say, or a question to ask first. They decide no
rule: what may be played is the engine's ``legal_moves``, and why a move is refused is
the engine's ``why_illegal``. No Textual here: the controls are tested on their own, and
the screen (in :mod:`parlour.tui`) only draws and passes replies on.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from enum import auto
from typing import Any
from typing import ClassVar
from typing import Protocol

from parlour.controls.keys import Availability
from parlour.controls.keys import Key
from parlour.controls.keys import KeyTable
from parlour.engine.game import Rules
from parlour.engine.history import Line
from parlour.session import Session


@dataclass(frozen=True, slots=True)
class Play:
    """Make this move (the engine may still refuse it, and then says why)."""

    move: Any


@dataclass(frozen=True, slots=True)
class Say:
    """Put this on the status line (``refused``: as a refusal)."""

    message: str
    refused: bool = False


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask first; on yes, make ``move`` (or, with no move, act on ``then``); on no, say
    ``declined`` if anything."""

    question: str
    yes: str
    no: str
    move: Any = None
    then: Reply | None = None
    declined: str = ""


@dataclass(frozen=True, slots=True)
class Redraw:
    """Only the selection changed: draw the board again, and say ``message`` if any."""

    message: str = ""


class Command(Enum):
    """What a game screen does itself when a key asks (the keys every game screen has)."""

    UNDO = auto()
    REDO = auto()
    RESTART = auto()
    HINT = auto()
    DEMO = auto()
    TOGGLE_VERDICT = auto()
    NEW = auto()
    EXPORT = auto()
    STEP_BACK = auto()
    STEP_FORWARD = auto()
    STEP_TO_START = auto()
    STEP_TO_END = auto()
    TAKE_OVER = auto()
    HELP = auto()
    MENU = auto()
    QUIT = auto()


#: What the controls answer a key with. A game's own screen may carry out commands of its
#: own (an :class:`~enum.Enum` of the game's controls: Golf's scorecard, say).
Reply = Play | Say | Ask | Redraw | Command | Enum


class View(Protocol):
    """What the controls read of the screen they serve: the game shown, the session that
    plays it (None while replaying a record), and whether it is a replay."""

    @property
    def line(self) -> Line[Any, Any] | None: ...

    @property
    def session(self) -> Session | None: ...

    @property
    def replaying(self) -> bool: ...


class GameControls:
    """The state a game screen's keys depend on: the view's game, and in subclasses what
    the player has selected and the game's own keys."""

    #: the keys of the game's screen (its own, then :func:`shared_keys`)
    KEYS: ClassVar[KeyTable[Any]]

    def __init__(self, view: View) -> None:
        self.view = view

    @property
    def line(self) -> Line[Any, Any] | None:
        return self.view.line

    @property
    def session(self) -> Session | None:
        return self.view.session

    @property
    def replaying(self) -> bool:
        return self.view.replaying

    # -- what the keys depend on -------------------------------------------------------------

    @property
    def rules(self) -> Rules[Any, Any]:
        assert self.line is not None
        return self.line.rules

    @property
    def state(self) -> Any:
        assert self.line is not None
        return self.line.current

    @property
    def live(self) -> bool:
        """True while the player can move (not replaying, not finished)."""
        session = self.session
        return not self.replaying and session is not None and not session.is_finished

    def playing(self, *_arguments: object) -> Availability:
        """A key that makes a move: usable in play, greyed once the game is over, and not
        bound at all while replaying."""
        if self.replaying or self.session is None:
            return False
        return True if not self.session.is_finished else None

    def legal(self, move: Any) -> Availability:
        """A key for one particular move: usable when the engine lists it, else greyed."""
        playing = self.playing()
        if not playing:
            return playing
        return move in self.rules.legal_moves(self.state) or None

    def refusal(self, move: Any) -> Say:
        """The engine's reason why ``move`` cannot be made, as the status line says it."""
        reason = self.rules.why_illegal(self.state, move)
        return Say(f"{self.rules.format_move(move)} is not allowed: {reason}", refused=True)

    # -- hints ---------------------------------------------------------------------------------

    def hint_words(self, move: Any) -> str:
        """The hinted move in words (the engine's description unless a game says less,
        for instance to keep the next stock card hidden)."""
        return self.rules.describe(self.state, move)

    def key_for(self, move: Any) -> str:
        """The key that makes ``move``, as the hint names it."""
        return self.rules.format_move(move)

    def point_at(self, move: Any) -> None:
        """Select on the board what a hint names (subclasses)."""

    def move_cursor(self, step: int) -> Reply:
        """The arrows: move the selection ``step`` places (subclasses that have one)."""
        return Redraw()

    # -- the shared keys' conditions ----------------------------------------------------------

    def _session_key(self, usable: bool) -> Availability:
        """A key of the game in play: not bound while replaying, greyed until the game is
        there and while ``usable`` is false."""
        if self.replaying:
            return False
        if self.session is None:
            return None
        return usable or None

    def can_undo(self) -> Availability:
        return self._session_key(self.session is not None and self.session.can_undo)

    def can_redo(self) -> Availability:
        return self._session_key(self.session is not None and self.session.can_redo)

    def can_restart(self) -> Availability:
        session = self.session
        return self._session_key(
            session is not None and session.can_undo and not session.is_finished
        )

    def can_hint(self) -> Availability:
        return self._session_key(self.session is not None and not self.session.is_finished)

    def in_play(self) -> Availability:
        """Keys of a game being played (export, the live verdict): not while replaying."""
        return self._session_key(True)

    def can_move_cursor(self) -> Availability:
        """The arrows move the selection while a game is in play (they step in a replay)."""
        if self.replaying:
            return False
        if self.session is None:
            return None
        return not self.session.is_finished

    def can_step(self, direction: int = 0) -> Availability:
        if not self.replaying:
            return False
        if self.line is None or direction == 0:
            return True
        return (self.line.can_redo if direction == 1 else self.line.can_undo) or None

    def replay_only(self) -> Availability:
        return self.replaying

    def can_start_another(self) -> Availability:
        return True


def shared_keys() -> KeyTable[GameControls]:
    """The keys every game screen has, after its own."""
    return KeyTable[GameControls](
        (
            Key("u", "undo", lambda _: Command.UNDO, "Undo", "take back the last move (as "
                "often as you like)", lambda c: c.can_undo()),
            Key("r", "redo", lambda _: Command.REDO, "Redo", "make an undone move again",
                lambda c: c.can_redo()),
            Key("R", "restart", lambda _: Command.RESTART, "", "back to the deal (the moves "
                "can be redone)", lambda c: c.can_restart()),
            Key("h", "hint", lambda _: Command.HINT, "Hint", "suggest a move, judged only "
                "from the cards you can see (hints are counted)", lambda c: c.can_hint()),
            Key("D", "demo", lambda _: Command.DEMO, "", "demo: the hint player finishes the "
                "game while you watch (any key stops it; it stops by itself if it comes back "
                "to a position it has played through)", lambda c: c.can_hint()),
            Key("V", "toggle_verdict", lambda _: Command.TOGGLE_VERDICT, "", "live verdict "
                "on/off: what perfect play could still reach (it peeks at the hidden cards, "
                "so it is off until you ask)", lambda c: c.in_play()),
            Key("n", "new", lambda _: Command.NEW, "", "new game (the game in progress is "
                "dropped)", lambda c: c.can_start_another()),
            Key("e", "export", lambda _: Command.EXPORT, "", "write this game as a record "
                "file and show where", lambda c: c.in_play()),
            Key("left", "step", lambda _: Command.STEP_BACK, "Back", "replay: one move back",
                lambda c: c.can_step(-1), (-1,)),
            Key("right", "step", lambda _: Command.STEP_FORWARD, "Forward", "replay: one "
                "move forward", lambda c: c.can_step(1), (1,)),
            # the arrows move the selection while playing, and step while replaying
            Key("left", "cursor", lambda c: c.move_cursor(-1), "", "select to the left",
                lambda c: c.can_move_cursor(), (-1,)),
            Key("right", "cursor", lambda c: c.move_cursor(1), "", "select to the right",
                lambda c: c.can_move_cursor(), (1,)),
            Key("home", "step_to_start", lambda _: Command.STEP_TO_START, "", "replay: jump "
                "to the deal", lambda c: c.replay_only()),
            Key("end", "step_to_end", lambda _: Command.STEP_TO_END, "", "replay: jump to "
                "the last move", lambda c: c.replay_only()),
            Key("t", "take_over", lambda _: Command.TAKE_OVER, "Take over", "replay: play on "
                "yourself from the position shown", lambda c: c.replay_only()),
            Key("question_mark", "help", lambda _: Command.HELP, "Help", "this help",
                display="?"),
            Key("escape", "menu", lambda _: Command.MENU, "", "back to the start screen (the "
                "game is saved)"),
            Key("q", "quit_game", lambda _: Command.QUIT, "Quit", "quit Parlour (the game is "
                "saved after every move)"),
        )
    )  # fmt: skip
