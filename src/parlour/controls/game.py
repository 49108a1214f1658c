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

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from enum import auto
from typing import Any
from typing import ClassVar
from typing import Protocol

from parlour.controls.course import Course
from parlour.controls.keys import Availability
from parlour.controls.keys import During
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
    #: a new game, this one dropped (the player has said yes)
    NEW_ANYWAY = auto()
    EXPORT = auto()
    STEP_BACK = auto()
    STEP_FORWARD = auto()
    STEP_TO_START = auto()
    STEP_TO_END = auto()
    TAKE_OVER = auto()
    HELP = auto()
    MENU = auto()
    #: back to the screen a replay was opened from (the History list), else the start screen
    BACK = auto()
    QUIT = auto()
    #: stop the game's clock and hide the board until the player comes back
    PAUSE = auto()
    #: copy the deal's (or the round's) share code, and show it
    SHARE = auto()
    #: the next theme, and the four-colour deck on or off (both remembered)
    NEXT_THEME = auto()
    FOUR_COLOUR = auto()
    #: every message said in this game, whole (a long one is cut on the status line)
    MESSAGES = auto()


#: What the controls answer a key with. A game's own screen may carry out commands of its
#: own (an :class:`~enum.Enum` of the game's controls: Golf's scorecard, say).
Reply = Play | Say | Ask | Redraw | Command | Enum


class View(Protocol):
    """What the controls read of the screen they serve: the course of the game shown (in
    play, or replayed)."""

    @property
    def course(self) -> Course: ...


@dataclass(frozen=True)
class PlainWord:
    """A word of plain mode beyond the moves, which a game's plug-in may declare
    (``plain_words_at``): what the player types, what it does, and the doing, which plays
    on ``session`` and says what it did, or why it cannot (False)."""

    word: str
    description: str
    act: Callable[[Session], tuple[bool, str]]


class GameControls:
    """The state a game screen's keys depend on: the view's game, and in subclasses what
    the player has selected and the game's own keys. Which keys serve play and which a
    replay is the table's to say (``Key.during``): a key of play is asked only in play."""

    #: the keys of the game's screen (its own, then :func:`shared_keys`)
    KEYS: ClassVar[KeyTable[Any]]

    def __init__(self, view: View) -> None:
        self.view = view
        #: the keys as the player has them (the settings file's ``[keys]``: the screen
        #: gives its table once it has the player's keys), which every message that
        #: names a key reads, so as to name the key the player presses
        self.keys: KeyTable[Any] = self.KEYS

    def key(self, name: str, *arguments: object) -> str:
        """The key of an action (its name and arguments, ``key("play", 3)``) as the player
        has it now, written as the help writes keys (``Space``)."""
        row = self.keys.row(name, arguments) or self.KEYS.row(name, arguments)
        return row.shown if row is not None else name

    def keys_of(self, name: str, arguments: Sequence[object]) -> list[str]:
        """The keys of some of a family's actions, in order (``1``, ``2`` …)."""
        return [self.key(name, argument) for argument in arguments]

    @property
    def line(self) -> Line[Any, Any]:
        return self.view.course.line

    @property
    def game(self) -> Session:
        """The game in play, for the keys that serve play (which are not asked in a
        replay: there the course answers "not here")."""
        return self.view.course.game

    # -- what the keys depend on -------------------------------------------------------------

    @property
    def rules(self) -> Rules[Any, Any]:
        return self.line.rules

    @property
    def state(self) -> Any:
        return self.line.current

    @property
    def live(self) -> bool:
        """True while the player can move (a game in play, not finished)."""
        return self.view.course.live

    def playing(self) -> Availability:
        """A key that makes a move: usable in play, greyed once the game is over, saying
        so and what to do instead (:meth:`over`)."""
        return True if not self.game.is_finished else self.over()

    def legal(self, move: Any) -> Availability:
        """A key for one particular move: usable when the engine lists it, else greyed
        (once the game is over, saying so)."""
        playing = self.playing()
        if playing is not True:
            return playing
        return move in self.rules.legal_moves(self.state) or None

    def refusal(self, move: Any) -> Say:
        """The engine's reason why ``move`` cannot be made, as the status line says it."""
        reason = self.rules.words.why_illegal(self.state, move)
        return Say(f"{self.rules.format_move(move)} is not allowed: {reason}", refused=True)

    # -- hints ---------------------------------------------------------------------------------

    def hint_words(self, move: Any) -> str:
        """The hinted move in words (the engine's description unless a game says less,
        for instance to keep the next stock card hidden)."""
        return self.rules.words.describe(self.state, move)

    def key_for(self, move: Any) -> str:
        """The key (or keys) that make ``move`` as the player has them (:meth:`key`), as
        the hint names them."""
        return self.rules.format_move(move)

    def refused_words(self, move: Any) -> str:
        """What a refusal of ``move`` begins with ("… is not allowed"): the key that makes
        it (a game whose move has more than one key, or a click, names the move instead,
        so as never to name a key the player did not press)."""
        return self.key_for(move)

    def with_keys(self, words: str) -> str:
        """The engine's words (a prompt, a reason) with the move notation they name a
        move by shown as the key that makes it here (a game whose notation names moves
        in its words says which: :meth:`key`)."""
        return words

    def point_at(self, move: Any) -> None:
        """Select on the board what a hint names (subclasses)."""

    def move_cursor(self, step: int) -> Reply:
        """The arrows: move the selection ``step`` places (subclasses that have one)."""
        return Redraw()

    # -- the shared keys' conditions ----------------------------------------------------------

    def over(self) -> str:
        """Why a key of play does nothing once the game is over."""
        return (
            f"The game is over and scored: {self.key('new')} starts a new one, "
            f"{self.key('menu')} goes to the menu."
        )

    def can_undo(self) -> Availability:
        if self.game.is_finished:
            return f"Nothing to take back: {self.over()[0].lower()}{self.over()[1:]}"
        return self.game.can_undo or "Nothing to take back: no move has been made."

    def can_redo(self) -> Availability:
        if self.game.is_finished:
            return self.over()
        return self.game.can_redo or (
            f"Nothing to redo: {self.key('redo')} makes again a move taken back with "
            f"{self.key('undo')}."
        )

    def can_restart(self) -> Availability:
        if self.game.is_finished:
            return self.over()
        return self.game.can_undo or "Already at the deal: no move has been made."

    def can_hint(self) -> Availability:
        return not self.game.is_finished or self.over()

    def can_move_cursor(self) -> Availability:
        """The arrows move the selection while a game is in play (they step in a replay)."""
        return not self.game.is_finished

    def can_step(self, direction: int) -> Availability:
        """A replay's step, while there is a move that way (else why not, and what
        steps)."""
        if direction == 1:
            return self.line.can_redo or (
                f"This is the last move: {self.key('step', -1)} steps back, "
                f"{self.key('step_to_start')} goes to the deal."
            )
        return self.line.can_undo or f"This is the deal: {self.key('step', 1)} steps forward."

    def only_in_play(self, key: str) -> str:
        """Why ``key`` does nothing in a replay when it is a key of play (undo, a move …)
        and nothing in a replay: what does instead; "" for any other key, or in play."""
        rows = [row for row in self.keys if row.key == key]
        if self.view.course.during is not During.REPLAY or not rows:
            return ""
        if any(row.during.serves(During.REPLAY) for row in rows):
            return ""
        then = "takes over, to play on from here"
        if self.rules.outcome(self.state) is not None:  # (nothing to take over here)
            then = f"takes over after a step back ({self.key('step', -1)})"
        return f"{rows[0].shown} does nothing in a replay: {self.key('take_over')} {then}."

    def can_start_another(self) -> Availability:
        return True

    def half_made(self) -> bool:
        """Whether a move is half made (a game whose moves take two keys says), which Esc
        lets go of before it leaves."""
        return False

    def can_pause(self) -> Availability:
        """Pausing stops the clock, which runs while a game is played."""
        return not self.game.is_finished or "the game is over: its clock has stopped"


def _pause_keys(keys: tuple[str, ...]) -> tuple[Key[GameControls], ...]:
    """The keys that pause (one action: the first names it in the key bar)."""
    return tuple(
        Key(key, "pause", lambda _: Command.PAUSE, "", "pause: the clock "
            "stops and the cards are hidden until you come back (the clock also stops while "
            "the help or the menu is open)", lambda c: c.can_pause())
        for key in keys
    )  # fmt: skip


def shared_keys(*, pause: tuple[str, ...] = ("p", "P")) -> KeyTable[GameControls]:
    """The keys every game screen has, after its own (``pause``: the keys that pause; P in
    every game, p too where the game's own keys leave it free)."""
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
            Key("n", "new", lambda _: Command.NEW, "New game", "new game (asks first while "
                "this one has moves played: it would be dropped, not scored)",
                lambda c: c.can_start_another(), during=During.ALWAYS),
            # the arrows move the selection while playing, and step while replaying
            Key("left", "cursor", lambda c: c.move_cursor(-1), "", "select to the left",
                lambda c: c.can_move_cursor(), (-1,)),
            Key("right", "cursor", lambda c: c.move_cursor(1), "", "select to the right",
                lambda c: c.can_move_cursor(), (1,)),
            Key("left", "step", lambda _: Command.STEP_BACK, "Back", "in a replay: one move "
                "back", lambda c: c.can_step(-1), (-1,), during=During.REPLAY),
            Key("right", "step", lambda _: Command.STEP_FORWARD, "Forward", "in a replay: one "
                "move forward", lambda c: c.can_step(1), (1,), during=During.REPLAY),
            Key("home", "step_to_start", lambda _: Command.STEP_TO_START, "", "in a replay: "
                "jump to the deal", during=During.REPLAY),
            Key("end", "step_to_end", lambda _: Command.STEP_TO_END, "", "in a replay: jump "
                "to the last move", during=During.REPLAY),
            Key("t", "take_over", lambda _: Command.TAKE_OVER, "Take over", "in a replay: "
                "play on yourself from the position shown (asks first if it would drop your "
                "unfinished game of this game)", during=During.REPLAY),
            *_pause_keys(pause),
            Key("y", "share", lambda _: Command.SHARE, "", "copy this deal's share code (a "
                "round's: its course), and show it; parlour play --deal CODE plays it",
                during=During.ALWAYS),
            Key("l", "messages", lambda _: Command.MESSAGES, "", "the messages of this game, "
                "whole, the last 60 of them (a message too long for the room left under the "
                "cards ends in \"l: all\")", during=During.ALWAYS),
            Key("T", "next_theme", lambda _: Command.NEXT_THEME, "", "the next theme "
                "(remembered, as in the settings)", during=During.ALWAYS),
            Key("F", "four_colour", lambda _: Command.FOUR_COLOUR, "", "four-colour deck on "
                "or off (remembered, as in the settings)", during=During.ALWAYS),
            Key("question_mark", "help", lambda _: Command.HELP, "Help", "this help: the "
                "game's rules and keys, and every other topic", display="?",
                during=During.ALWAYS),
            # (before m's row: Esc's first binding, tried first, is a replay's own)
            Key("escape", "back", lambda _: Command.BACK, "", "back to the History list, "
                "in a replay opened from it (else to the start screen)",
                during=During.REPLAY),
            Key("m", "menu", lambda _: Command.MENU, "Menu", "back to the start screen (the "
                "game is saved)", during=During.ALWAYS),
            # (while a move is half made, Esc is the game's own: it lets go of it; in a
            # replay, Esc is back's, above)
            Key("escape", "menu", lambda _: Command.MENU, "", "back to the start screen (the "
                "game is saved)", lambda c: not c.half_made()),
            Key("q", "quit_game", lambda _: Command.QUIT, "Quit", "quit Parlour (the game is "
                "saved after every move)", during=During.ALWAYS),
            Key("D", "demo", lambda _: Command.DEMO, "Demo", "demo: the hint player finishes "
                "the game while you watch, each of its moves counted as a hint (any key "
                "stops it; it stops by itself if it comes back to a position it has played "
                "through)", lambda c: c.can_hint()),
            Key("V", "toggle_verdict", lambda _: Command.TOGGLE_VERDICT, "Verdict", "live "
                "verdict on/off: what perfect play could still reach (it peeks at the hidden "
                "cards, so it is off until you ask)"),
            Key("e", "export", lambda _: Command.EXPORT, "Export", "write this game as a "
                "record file and show where"),
        ),
        notes=(
            "Esc first lets go of a move half made, where the game has one; with nothing "
            "to let go of, it goes back to the start screen, as m does. In a replay opened "
            "from the History list, Esc goes back to the list (m to the start screen).",
        ),
    )  # fmt: skip
