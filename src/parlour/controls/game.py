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
    """Ask first; on yes, make ``move`` (or, with no move, do ``then``: an action's name);
    on no, say ``declined`` if anything."""

    question: str
    yes: str
    no: str
    move: Any = None
    then: str = ""
    declined: str = ""


@dataclass(frozen=True, slots=True)
class Redraw:
    """Only the selection changed: draw the board again, and say ``message`` if any."""

    message: str = ""


Reply = Play | Say | Ask | Redraw


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
    KEYS: ClassVar[KeyTable]

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

    def try_move(self, move: Any) -> Reply:
        """Play ``move`` if the engine allows it, else say why not."""
        if not self.live:
            return Say("")
        if self.rules.is_legal(self.state, move):
            return Play(move)
        return self.refusal(move)

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

    def can_move_cursor(self, *_arguments: object) -> Availability:
        """The arrows move the selection while a game is in play (they step in a replay)."""
        if self.replaying:
            return False
        if self.session is None:
            return None
        return not self.session.is_finished

    def can_step(self, direction: object = 0) -> Availability:
        if not self.replaying:
            return False
        if self.line is None or direction == 0:
            return True
        return (self.line.can_redo if direction == 1 else self.line.can_undo) or None

    def replay_only(self) -> Availability:
        return self.replaying

    def can_start_another(self) -> Availability:
        return True


def shared_keys() -> KeyTable:
    """The keys every game screen has, after its own."""
    return KeyTable(
        (
            Key("u", "undo", "Undo", "take back the last move (as often as you like)",
                "can_undo"),
            Key("r", "redo", "Redo", "make an undone move again", "can_redo"),
            Key("R", "restart", "", "back to the deal (the moves can be redone)",
                "can_restart"),
            Key("h", "hint", "Hint", "suggest a move, judged only from the cards you can see "
                "(hints are counted)", "can_hint"),
            Key("D", "demo", "", "demo: the hint player finishes the game while you watch "
                "(any key stops it; it stops by itself if it comes back to a position it has "
                "played through)", "can_hint"),
            Key("V", "toggle_verdict", "", "live verdict on/off: what perfect play could still "
                "reach (it peeks at the hidden cards, so it is off until you ask)",
                "in_play"),
            Key("n", "new", "", "new game (asks first while this one has moves played: it "
                "would be dropped, not scored)", "can_start_another"),
            Key("e", "export", "", "write this game as a record file and show where",
                "in_play"),
            Key("left", "step(-1)", "Back", "replay: one move back", "can_step"),
            Key("right", "step(1)", "Forward", "replay: one move forward", "can_step"),
            # the arrows move the selection while playing, and step while replaying
            Key("left", "cursor(-1)", "", "select to the left", "can_move_cursor"),
            Key("right", "cursor(1)", "", "select to the right", "can_move_cursor"),
            Key("home", "step_to_start", "", "replay: jump to the deal",
                "replay_only"),
            Key("end", "step_to_end", "", "replay: jump to the last move",
                "replay_only"),
            Key("t", "take_over", "Take over", "replay: play on yourself from the position "
                "shown", "replay_only"),
            Key("question_mark", "help", "Help", "this help", display="?"),
            Key("escape", "menu", "", "back to the start screen (the game is saved)"),
            Key("q", "quit_game", "Quit", "quit Parlour (the game is saved after every move)"),
        )
    )  # fmt: skip
