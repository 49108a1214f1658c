"""A game being played in the app: the engine's line of positions, kept in the store.

The session is the glue between the rules engine and the database. It asks the engine
to make every move, saves the game in progress after each one (one transaction), and
stores the result, the hole and the round when a game ends. It decides no rule.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from datetime import UTC
from datetime import datetime
from typing import Any

from parlour.engine import find_game
from parlour.engine.cards import format_cards
from parlour.engine.deals import parse_deck
from parlour.engine.game import Outcome
from parlour.engine.game import Rules
from parlour.engine.history import Line
from parlour.engine.notation import format_options
from parlour.engine.notation import parse_options
from parlour.engine.record import format_record
from parlour.engine.record import kept_within
from parlour.engine.record import resumed
from parlour.engine.registry import round_game
from parlour.engine.rounds import CourseHole
from parlour.engine.rounds import Round
from parlour.engine.rounds import hole_deck
from parlour.engine.rounds import hole_seed
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.store.schema import SavedGame
from parlour.store.schema import StoredRound

#: a write that has waited this long (seconds) is said to be delayed
DELAYED_SECONDS = 0.5
DELAYED_WORDS = (
    "Saving is delayed: the database is slow to answer (busy, or another program is using "
    "it); your moves are kept and saved as soon as it answers."
)
#: said once when saving works again after it failed or was delayed
RECOVERED_WORDS = "Saving works again: every move so far is saved."


@dataclass
class RoundContext:
    """The round a deal (a Golf hole) belongs to."""

    round_id: int
    course: int
    options: frozenset[str]
    scores: tuple[int, ...]
    hole: int

    @property
    def round(self) -> Round:
        kind = round_game().rounds
        assert kind is not None
        return Round(kind, self.course, self.options, self.scores)


@dataclass
class Session:
    store: Store
    line: Line[Any, Any]
    saved_id: int | None = None
    round: RoundContext | None = None
    hints: int = 0
    #: the round's hole a game of its own was taken over from (a replay of it), if it was
    origin: CourseHole | None = None
    started: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    #: the seconds the game has been played, saved with it: read from :attr:`timer` at
    #: each save, while a screen times the game (the app's clock, at the board only)
    seconds: float = 0.0
    timer: Callable[[], float] | None = field(default=None, compare=False, repr=False)
    #: the stored id of the game once finished (to tell whether it scored its hole)
    finished_id: int | None = None
    #: why the last write to the store failed (None while saving works): the game goes
    #: on in memory and every later change tries again
    unsaved: str | None = None
    #: set when a write succeeds after one failed, until :meth:`saving_news` is read
    recovered: bool = False
    _finish_pending: bool = False
    #: why the last move's game was played out by Parlour (the rules' ``playing_out``, in
    #: the words' ``played_out``), or ""
    played_out: str = ""
    #: set when this game finished a hole that another game (the same round played on
    #: elsewhere at the same time) had finished first: what to tell the player ("" else)
    hole_taken: str = ""
    #: the round's scores as stored once this hole was found scored by another game
    _stored_scores: tuple[int, ...] | None = None
    #: told the new line whenever a move, an undo, a redo or a restart changes it (the
    #: screen that shows the game: the session owns the line, the screen reads it)
    _listeners: list[Callable[[Line[Any, Any]], None]] = field(
        default_factory=list, compare=False, repr=False
    )
    #: a write of this game waits in the store's writer
    _write_queued: bool = field(default=False, compare=False, repr=False)
    #: the status line has said that saving is delayed (and not yet that it caught up)
    _delay_said: bool = field(default=False, compare=False, repr=False)
    #: the player started another game instead: nothing more is written of this one
    _abandoned: bool = field(default=False, compare=False, repr=False)
    #: told once the finish has been written (or tried: :attr:`unsaved` says if it failed)
    _stored_listeners: list[Callable[[], object]] = field(
        default_factory=list, compare=False, repr=False
    )
    _stored_lock: threading.Lock = field(default_factory=threading.Lock, compare=False, repr=False)
    #: the hole before this one in a round, whose finish is written before this hole is
    #: (it may still wait in the writer, or have failed, when the next hole starts)
    _previous: Session | None = field(default=None, compare=False, repr=False)

    def listen(self, listener: Callable[[Line[Any, Any]], None]) -> None:
        """Call ``listener`` with the line each time it changes."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self.line)

    # -- starting --------------------------------------------------------------------------

    @classmethod
    def new_game(
        cls, store: Store, game: str, seed: int, options: frozenset[str] = frozenset()
    ) -> Session:
        session = cls(store, Line.from_seed(find_game(game), seed, options))
        session.save()
        return session

    @classmethod
    def from_line(
        cls, store: Store, line: Line[Any, Any], origin: CourseHole | None = None
    ) -> Session:
        """A game played on from ``line`` (a replay taken over, a record played on, of the
        round's hole ``origin`` if it is one): the moves it begins with were given, not
        found, and count as hints."""
        session = cls(store, line, hints=len(line.moves), origin=origin)
        session.save()
        return session

    @classmethod
    def new_round(cls, store: Store, course: int, options: frozenset[str]) -> Session:
        round_id = store.start_round(course, format_options(options))
        return cls.first_hole(store, round_id, course, options)

    @classmethod
    def first_hole(
        cls, store: Store, round_id: int, course: int, options: frozenset[str]
    ) -> Session:
        """The first hole of round ``round_id``, just started (``Store.start_round``)."""
        return cls._hole(store, RoundContext(round_id, course, options, (), 1))

    @classmethod
    def continue_round(cls, store: Store, stored: StoredRound) -> Session:
        """Go on with an unfinished round: in its hole in progress if one was saved, else
        at the hole after the last one scored."""
        saved = store.game_in_progress_for_round(stored.id)
        if saved is not None:
            return cls.resume(store, saved)
        context = RoundContext(
            stored.id, stored.course, parse_options(stored.options), stored.scores,
            len(stored.scores) + 1,
        )  # fmt: skip
        return cls._hole(store, context)

    @classmethod
    def _hole(cls, store: Store, context: RoundContext, previous: Session | None = None) -> Session:
        spec = round_game()
        assert spec.rounds is not None
        deck = hole_deck(spec.rounds, context.course, context.hole)
        seed = hole_seed(spec.rounds, context.course, context.hole)
        line = Line.new(spec.rules(), deck, context.options, seed)
        session = cls(store, line, round=context)
        session._previous = previous  # (its finish, still to be written, goes first)
        session.save()
        return session

    @classmethod
    def resume(cls, store: Store, saved: SavedGame) -> Session:
        """Rebuild a saved game exactly: its moves, then its undone moves for redo."""
        rules = find_game(saved.game)
        deck = parse_deck(saved.deck, rules.deck_size)
        line: Line[Any, Any] = Line.new(rules, deck, parse_options(saved.options), saved.seed)
        line = resumed(line, saved.moves, saved.undone)
        context = None
        if saved.round_id is not None and saved.hole is not None:
            stored = store.get_round(saved.round_id)
            if stored is not None:
                context = RoundContext(
                    stored.id, stored.course, parse_options(stored.options),
                    stored.scores[: saved.hole - 1], saved.hole,
                )  # fmt: skip
        session = cls(store, line, saved.id, context, saved.hints, saved.origin, saved.started)
        session.seconds = saved.seconds_played or 0  # (none kept before schema 5: from nought)
        if session.is_finished:  # an end the rules now see sooner (see Line.played_on)
            session._after_change()
        return session

    # -- state -----------------------------------------------------------------------------

    @property
    def rules(self) -> Rules[Any, Any]:
        return self.line.rules

    @property
    def state(self) -> Any:
        return self.line.current

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    @property
    def is_finished(self) -> bool:
        return self.outcome is not None

    @property
    def can_undo(self) -> bool:
        return self.line.can_undo and not self.is_finished

    @property
    def can_redo(self) -> bool:
        return self.line.can_redo and not self.is_finished

    @property
    def round_after(self) -> Round | None:
        """The round including this hole's score once it is finished."""
        if self.round is None:
            return None
        scores = self.round.scores
        if self._stored_scores is not None:  # the hole was scored by another game
            scores = self._stored_scores
        elif self.outcome is not None:
            scores = (*scores, self.outcome.score)
        return replace(self.round.round, scores=scores)

    @property
    def takes_slot(self) -> bool:
        """Whether the game is kept in the store while unfinished: a round's hole always
        (its round goes on from it), any other game once a move has been played (it then
        holds the resume slot of its game and rule options, see ``Store.save_in_progress``)."""
        line = self.line
        return (
            self.round is not None or self.saved_id is not None or bool(line.moves or line.undone)
        )

    # -- moves -----------------------------------------------------------------------------

    def play(self, move: Any) -> None:
        """Make a move (raising the engine's error if it is not allowed), then save."""
        if self.is_finished:
            return
        self.line = kept_within(self.line.play(move))
        self._play_out()
        self._after_change()
        self._changed()

    def undo(self) -> None:
        if self.can_undo:
            self.line = self.line.undo()
            self.save()
            self._changed()

    def redo(self) -> None:
        if self.can_redo:
            self.line = self.line.redo()
            self._play_out()
            self._after_change()
            self._changed()

    def _play_out(self) -> None:
        """Play the moves that can no longer change the result (the rules' ``playing_out``:
        Golf's turns of a stock none of whose cards can be played, By Twos' deals of cards
        none of which can be built), so that such a game is declared over at once."""
        self.played_out = ""
        rules = self.rules
        while (move := rules.playing_out(self.line.current)) is not None:
            self.played_out = self.played_out or rules.words.played_out(self.line.current)
            self.line = self.line.play(move)

    def news(self, before: Any) -> str:
        """What the player should be told once after a move from ``before``: the rules'
        news, and why Parlour played the game out, if it did ("" when nothing)."""
        parts = (self.rules.words.news(before, self.state), self.played_out)
        return " ".join(part for part in parts if part)

    def restart(self) -> None:
        if not self.is_finished and self.line.can_undo:
            self.line = self.line.restart()
            self.save()
            self._changed()

    def count_hint(self) -> None:
        self.hints += 1
        self.save()

    def _game_fields(self, line: Line[Any, Any]) -> dict[str, Any]:
        """What the store keeps of this game (as ``line`` has it), finished or not."""
        return {
            "game": self.rules.id,
            "options": format_options(line.options),
            "seed": line.seed,
            "deck": format_cards(line.deck),
            "moves": [self.rules.format_move(m) for m in line.moves],
            "hints": self.hints,
            "round_id": self.round.round_id if self.round else None,
            "hole": self.round.hole if self.round else None,
            "seconds_played": round(self.seconds),
            "origin": self.origin,
        }

    def _after_change(self) -> None:
        if self.outcome is None:
            self.save()
            return
        self._finish_pending = True
        self.save()

    def save(self) -> None:
        """Write the game to the store: in progress, or finished (once). With a store that
        has a writer (the app's), the write is handed to it and runs in its thread, after
        any handed over before; a game that has just finished waits for its write, which
        says whether its hole was scored first elsewhere. A store that cannot be written
        to is noted in :attr:`unsaved`, not raised: the game goes on in memory, and the
        next change (or call) tries again."""
        if self.timer is not None:  # (read here, in the caller's thread)
            self.seconds = self.timer()
        writer = self.store.writer
        if writer is None:
            self._write()
            return
        if not self._write_queued:  # one write waiting is enough: it writes the latest
            self._write_queued = True
            writer.submit(self._queued_write)
        # (a game that has just finished does not wait for its write either: what depends
        # on it, such as whether its hole was scored elsewhere first, is told through
        # :meth:`when_stored`)

    def when_stored(self, listener: Callable[[], object]) -> None:
        """Call ``listener`` once the finished game has been written (or the write tried
        and failed: :attr:`unsaved` says why), at once if that is done already. With the
        app's writer it is called in the writer's thread."""
        with self._stored_lock:  # (the writer's thread may be telling them right now)
            if self._finish_pending:
                self._stored_listeners.append(listener)
                return
        listener()

    def _queued_write(self) -> None:
        self._write_queued = False
        self._write()

    def saving_delayed(self) -> bool:
        """Whether a write of this game's store has waited long (the database is busy)."""
        writer = self.store.writer
        return writer is not None and writer.waited() >= DELAYED_SECONDS

    def _write(self) -> None:
        if self._abandoned:
            return
        previous = self._previous
        if previous is not None and previous._finish_pending:
            previous._write()  # the hole before this one is scored first, in order
            if previous._finish_pending:
                self.unsaved = previous.unsaved
                return
            self._previous = None
        line = self.line  # the game as it is now: the writes of later changes follow
        outcome = self.rules.outcome(line.current)
        try:
            if outcome is None and not self.takes_slot:
                pass  # a deal with no move played is not kept: it takes no resume slot
            elif outcome is None:
                self.saved_id = self.store.save_in_progress(
                    self.saved_id,
                    undone=[self.rules.format_move(m) for m in line.undone],
                    **self._game_fields(line),
                )
            elif self._finish_pending:
                self.finished_id = self.store.finish_game(
                    self.saved_id,
                    won=outcome.won,
                    score=outcome.score,
                    summary=self.rules.words.ending(self.state),
                    started=self.started,
                    **self._game_fields(line),
                )
                self.saved_id = None
                self._check_hole()
                # only now: a listener told at once (when_stored) must find the hole's
                # verdict made (it read an empty hole_taken when this came first)
                self._finish_pending = False
        except StoreError as error:
            self.unsaved = str(error)
            self._tell_stored(failed=True)
            return
        if self.unsaved is not None:
            self.unsaved, self.recovered = None, True
        self._tell_stored()

    def _tell_stored(self, *, failed: bool = False) -> None:
        """Tell the listeners of :meth:`when_stored` that the finish is written (or its
        write failed). A write of the game that began before it finished does not: the
        finish, which may find its hole scored elsewhere, is still to be written."""
        if self.outcome is None:
            return
        with self._stored_lock:
            if self._finish_pending and not failed:
                return
            listeners, self._stored_listeners = self._stored_listeners, []
        for listener in listeners:
            listener()

    def _check_hole(self) -> None:
        """After the finish is stored: whether this game scored its hole, or another game
        (the same round played on elsewhere) had finished it first, whose score stands."""
        if self.round is None or self.finished_id is None:
            return
        try:
            scored = self.store.hole_game(self.round.round_id, self.round.hole)
            if scored is None or scored[1] == self.finished_id:
                return
            stored = self.store.get_round(self.round.round_id)
        except StoreError:  # the finish is stored; which game scored is not known here
            return
        self._stored_scores = stored.scores if stored is not None else self.round.scores
        self.hole_taken = (
            f"Hole {self.round.hole} of round {self.round.round.code} was finished first "
            f"elsewhere, with {scored[0]}: that score stands. This game is kept in the "
            "history, not scored."
        )

    def saving_news(self) -> str:
        """What the status line adds about saving: that moves are not being saved (and
        why), that saving is delayed by a busy database, or, once, that saving works
        again."""
        if self.unsaved is not None:
            return f"Moves are not being saved: {self.unsaved}."
        if self.saving_delayed():
            self._delay_said = True
            return DELAYED_WORDS
        if self.recovered or (self._delay_said and not self._writing()):
            self.recovered = self._delay_said = False
            return RECOVERED_WORDS
        return ""

    def _writing(self) -> bool:
        writer = self.store.writer
        return writer is not None and writer.pending()

    def abandon(self) -> None:
        """Drop the game in progress from the store (when starting another instead), after
        any write of it that waits."""
        self._abandoned = True
        writer = self.store.writer
        if writer is None:
            self._discard()
        else:
            writer.submit(self._discard)

    def _discard(self) -> None:
        if self.saved_id is not None:
            with contextlib.suppress(StoreError):  # an unsaved game is simply dropped
                self.store.discard_in_progress(self.saved_id)
            self.saved_id = None

    # -- rounds ----------------------------------------------------------------------------

    def next_hole(self) -> Session | None:
        """The session for the next hole of the round, or None when the round is over."""
        after = self.round_after
        if self.round is None or after is None or not self.is_finished:
            return None
        self.save()  # the hole's score first, if writing it failed before
        if self._finish_pending and self.store.writer is None:
            raise StoreError(f"the score of this hole is not saved yet ({self.unsaved})")
        if after.is_complete:
            return None
        context = RoundContext(
            self.round.round_id, self.round.course, self.round.options, after.scores,
            after.holes_played + 1,
        )  # fmt: skip
        return Session._hole(self.store, context, self if self._finish_pending else None)

    # -- records ---------------------------------------------------------------------------

    def record_text(self) -> str:
        extra = {"Date": self.started}
        if self.round is not None:
            extra["Course"] = self.round.round.code
            extra["Hole"] = str(self.round.hole)
        if self.hints:
            extra["Hints"] = str(self.hints)
        return format_record(self.line, extra)
