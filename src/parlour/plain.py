"""Plain mode: a game played line by line, for screen readers, braille displays, scripts
and pipes. No full screen and no box drawing: the position is printed as ``parlour deal``
prints it, each move is answered with a sentence saying what changed, and the player types
one move a line in the notation of docs/notation.md, or a word (``moves``, ``hint``,
``undo``, ``redo``, ``board``, ``help``, ``quit``; in By Twos, ``form``).

Games and Golf rounds are kept in the same store as the app's and go on where they were
left, so a game begun here can be finished in the app and the other way round.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import TextIO

from rich.console import Console

from parlour.clock import since_now
from parlour.controls.game import PlainWord
from parlour.engine.errors import IllegalMoveError
from parlour.engine.errors import ParlourError
from parlour.engine.game import SettlesEndLater
from parlour.engine.game import Words
from parlour.engine.history import Line
from parlour.engine.history import moves_words
from parlour.engine.notation import format_options
from parlour.engine.registry import find_spec
from parlour.engine.rounds import course_code
from parlour.engine.untrusted import visible
from parlour.help import with_ruling_words
from parlour.render import cards_as_shown
from parlour.render import render_position
from parlour.session import Session
from parlour.store.database import Store
from parlour.store.opening import StoreError

#: a card as the engine's words write it (``9C``, ``10S``, ``QH``)
_CARD = re.compile(r"\b(10|[2-9AJQK])([CDHS])\b")

WORDS = (
    ("moves, ?", "the moves you can make now, with what each does"),
    ("hint", "a suggested move (it never peeks at hidden cards)"),
    ("undo, redo", "take back the last move, or make it again"),
    ("board", "the whole position again"),
    ("next", "deal the next hole of a round (Enter does too)"),
    ("help", "this list"),
    ("quit, q", "stop; the game is saved and goes on next time"),
)


def what_changed(before: str, after: str, words: str, said_by: Words[Any, Any]) -> list[str]:
    """What a move showed that its own words do not say, read from the two positions'
    text forms (docs/notation.md): the new top card of each single pile that changed
    (``column 3 shows 8D``), or that it is empty, and the size of a hidden pile (the
    game's words, ``said_by``, name its hidden piles and its rows of piles)."""
    old = dict(_fields(before))
    said = set(words.split())
    changes = []
    for name, value in _fields(after):
        if old.get(name) == value:
            continue
        cards = value.split()
        if not cards or not all(_CARD.fullmatch(card) or card == "-" for card in cards):
            continue
        present = [card for card in cards if card != "-"]
        if name in said_by.hidden_piles:
            count = len(present)
            changes.append(
                f"{count} card{'s' if count != 1 else ''} in the {name}"
                if count
                else f"the {name} is empty"
            )
        elif name in said_by.rows:
            continue  # a row of piles, or a whole heap, told by the move's words
        elif not present:
            changes.append(f"{name} is empty")
        elif present[-1] not in said:
            changes.append(f"{name} shows {present[-1]}")
    return changes


def unseen_masked(words: str, position: str, said_by: Words[Any, Any]) -> str:
    """A move's words before it is made, with the cards the player cannot see yet (those
    in a hidden pile) left unnamed: listing the moves must not peek at the stock."""
    hidden = {
        card
        for name, value in _fields(position)
        if name in said_by.hidden_piles
        for card in value.split()
    }
    if not hidden:
        return words
    masked = _CARD.sub(
        lambda found: "a hidden card" if found.group(0) in hidden else found.group(0), words
    )
    if masked == words:
        return words
    # what follows a hidden card ("turn a hidden card: kept") would tell what it is
    first = masked.index("a hidden card") + len("a hidden card")
    ends = [at for at in (masked.find(":", first), masked.find(";", first)) if at >= 0]
    return masked[: min(ends)] if ends else masked


def _fields(text: str) -> list[tuple[str, str]]:
    found = []
    for row in text.splitlines():
        name, colon, value = row.partition(": ")
        if colon:
            found.append((name, value.strip()))
    return found


@dataclass(frozen=True)
class PlainOpening:
    """What plain mode opens on: a game (a seed, or the player's unfinished game of it),
    a round of a course, or a record to play on from."""

    game: str
    seed: int | None = None
    course: int | None = None
    new_round: bool = False
    fresh: bool = False
    line: Line[Any, Any] | None = None
    options: frozenset[str] = frozenset()


class Plain:
    """One plain-mode session: reads lines from ``given`` and writes to ``out``."""

    def __init__(self, store: Store, out: TextIO, *, ascii_only: bool, prompt: bool) -> None:
        self.store = store
        self.out = out
        self.ascii_only = ascii_only
        self.prompt = prompt
        self.console = Console(file=out, highlight=False, color_system=None, width=100)
        self.session: Session | None = None

    # -- output ----------------------------------------------------------------------------

    def say(self, text: str, *, outside: Sequence[str] = ()) -> None:
        # a message may echo what was typed or a file's name: controls shown, not obeyed
        # (a ruling is named with its title: "(G3: turning the stock)", but not within
        # ``outside``, what was typed: "(G3)" typed is quoted as typed)
        text = with_ruling_words(text, outside=outside)
        self.out.write(visible(cards_as_shown(text, self.ascii_only)) + "\n")
        self.out.flush()

    def board(self) -> None:
        session = self._session()
        state = session.state
        heading = f"{session.rules.name}"
        if session.round is not None:
            round_ = session.round.round
            heading += (
                f" · round {round_.code} · hole {session.round.hole} of {round_.holes}"
                f" · {round_.total} so far"
            )
        elif session.line.seed is not None:
            heading += f" · {session.origin or f'seed {session.line.seed}'}"
        options = format_options(session.line.options)
        heading += f" · options: {options or 'none'}"
        self.say(heading)
        self.console.print(render_position(state, self.ascii_only))
        self.out.flush()
        self.say(session.rules.words.prompt(state))

    # -- opening ---------------------------------------------------------------------------

    def open(self, opening: PlainOpening) -> None:
        spec = find_spec(opening.game)
        if opening.line is not None:
            self.session = Session.from_line(self.store, opening.line)
        elif opening.course is not None or opening.new_round:
            self.session = self._round(opening)
        else:
            resumed = None if opening.fresh else self._resumed(spec.id, opening)
            self.session = resumed or self._new_deal(spec.id, opening)
        line = self.session.line
        if line.moves or line.undone:
            self.say(f"Welcome back: {moves_words(len(line.moves), len(line.undone))}.")
        self.board()

    def _resumed(self, game: str, opening: PlainOpening) -> Session | None:
        """The player's unfinished game of ``game`` (of that seed, if one is given; else
        the one in its resume slot)."""
        for saved in self.store.games_in_progress():
            if saved.game != game or saved.round_id is not None:
                continue
            if opening.seed is not None and saved.seed != opening.seed:
                continue
            if opening.seed is None and not (saved.moves or saved.undone):
                continue  # no move played: it holds no slot
            if format_options(opening.options) != saved.options:
                continue
            try:
                return Session.resume(self.store, saved)
            except ParlourError:
                continue  # kept in the database; the app says so
        return None

    def _new_deal(self, game: str, opening: PlainOpening) -> Session:
        """A new deal; if the player has an unfinished game of ``game`` under these options,
        say that the first move here replaces it (one resume slot a game and options)."""
        slot = self.store.saved_deal(game, format_options(opening.options))
        seed = secrets.randbits(32) if opening.seed is None else opening.seed
        if slot is not None:
            moves = moves_words(len(slot.moves), len(slot.undone))
            deal = slot.origin or (f"seed {slot.seed}" if slot.seed is not None else "a dealt deck")
            self.say(
                f"A new deal. Your unfinished game ({deal}, {moves}) is replaced by your "
                "first move here: quit before that to keep it."
            )
        return Session.new_game(self.store, game, seed, opening.options)

    def _round(self, opening: PlainOpening) -> Session:
        """A round of the course given (going on with the player's unfinished round of it
        unless ``fresh``), or of a new course: plain mode asks nothing (its input may be a
        script), but names the unfinished rounds under these rules and how to go on."""
        options = opening.options
        if opening.course is not None and not opening.fresh:
            unfinished = self.store.unfinished_round(opening.course, format_options(options))
            if unfinished is not None:
                return Session.continue_round(self.store, unfinished)
        if opening.course is None and not opening.fresh:
            rules = format_options(options)
            left = [r for r in self.store.unfinished_rounds() if r.options == rules]
            if left:
                self.say(
                    f"A new round. You have {len(left)} unfinished round"
                    f"{'s' if len(left) != 1 else ''} under these rules; to go on with the "
                    f"latest: parlour play {find_spec(opening.game).id} --course "
                    f"{course_code(left[0].course)} --plain"
                )
        course = secrets.randbits(40) if opening.course is None else opening.course
        return Session.new_round(self.store, course, options)

    # -- the loop --------------------------------------------------------------------------

    def run(self, given: Iterable[str]) -> int:
        """Play until the game ends, the player quits, or the input ends."""
        commands: dict[str, Callable[[], None]] = {
            "moves": self.moves,
            "?": self.moves,
            "hint": self.hint,
            "undo": self.undo,
            "redo": self.redo,
            "board": self.board,
            "help": self.help,
        }
        self._ask()
        for raw in given:
            text = raw.strip()
            word = text.lower()
            if word in ("quit", "q"):
                break
            session = self._session()
            if session.is_finished:
                if session.round is not None and word in ("", "next", "n"):
                    if not self.next_hole():
                        return 0
                elif session.round is None:
                    return 0
                else:
                    self.say("This hole is over: type next (or press Enter) for the next one.")
            elif word in commands:
                commands[word]()
            elif word in (own := self._own_words()):
                self.own_word(own[word])
            elif text:
                self.move(text)
            if self._all_over():
                return 0
            self._ask()
        self.say(self._leaving())
        return 0

    def _all_over(self) -> bool:
        """True when nothing is left to play: a single game ended, or a round's last hole."""
        session = self._session()
        if not session.is_finished:
            return False
        round_ = session.round_after
        return round_ is None or round_.is_complete

    def _ask(self) -> None:
        if self.prompt:
            self.out.write("> ")
            self.out.flush()

    def _session(self) -> Session:
        assert self.session is not None
        if self.session.timer is None:  # timed from when it is shown (no pause here)
            self.session.timer = since_now(self.session.seconds)
        return self.session

    def _leaving(self) -> str:
        session = self._session()
        news = session.saving_news()
        if news:
            return news
        if session.round is not None:
            return f"Saved: the round {session.round.round.code} goes on next time."
        return "Saved: the game goes on next time."

    # -- what the player asks for ----------------------------------------------------------

    def move(self, text: str) -> None:
        session = self._session()
        before = session.state
        made = len(session.line.moves)
        try:
            move = session.rules.parse_move(text)
            session.play(move)
        except IllegalMoveError as error:
            # the move named as it was typed (s stays s), then why
            reason = error.reason.rstrip(".")
            typed = text.strip()
            self.say(
                f"{typed} is not allowed: {reason}. (Type moves for the moves you can make.)",
                outside=[typed],
            )
            return
        except ParlourError as error:
            reason = str(error).rstrip(".")
            self.say(
                # (not a move at all: a key of the app, such as h, or a slip)
                f"{reason[:1].upper()}{reason[1:]}. (Type moves for the moves you can make, "
                "hint for a suggestion, help for every word.)",
                outside=[text.strip()],
            )
            return
        words = session.rules.words.done(before, move)  # (told only of a move the rules took)
        # what the player's own move changed (the moves Parlour then made are said in news)
        after = session.line.states[made + 1]
        changes = what_changed(
            session.rules.format_position(before),
            session.rules.format_position(after),
            words,
            session.rules.words,
        )
        self.after(
            f"{words[:1].upper()}{words[1:]}{''.join(f'; {c}' for c in changes)}.",
            self._news(before),
        )

    def after(self, what: str, news: str = "") -> None:
        """Say what changed and what the engine tells once (``news``), then what the
        position asks for or how the game ended."""
        session = self._session()
        parts = [what, news] if news else [what]
        saving = session.saving_news()
        if saving:
            parts.append(saving)
        outcome = session.outcome
        if outcome is None:
            parts.append(session.rules.words.prompt(session.state))
            self.say(" ".join(parts))
            return
        ending = session.rules.words.ending(session.state)
        parts.append(f"{ending[:1].upper()}{ending[1:]}.")
        self.say(" ".join(parts))
        self.say(f"score {outcome.score}")
        if session.hole_taken:
            self.say(session.hole_taken)
        if session.round is not None:
            round_ = session.round_after
            assert round_ is not None
            if round_.is_complete:
                versus = round_.versus_bogey
                self.say(
                    f"The round is over: {round_.total} in {round_.holes} holes, "
                    f"{abs(versus)} {'under' if versus < 0 else 'over'} bogey ({round_.bogey})."
                    if versus
                    else f"The round is over: {round_.total}, level with bogey."
                )
                self.say(f"round {round_.total}")
            else:
                self.say(
                    f"Round {round_.code}: {round_.total} after {round_.holes_played} "
                    f"hole{'s' if round_.holes_played != 1 else ''}. Type next (or press "
                    "Enter) for the next hole, or quit to go on another time."
                )

    def next_hole(self) -> bool:
        """Deal the round's next hole; False when the round is over."""
        try:
            following = self._session().next_hole()
        except StoreError as error:
            self.say(f"The next hole cannot be dealt yet: {error}.")
            return True
        if following is None:
            return False
        self.session = following
        self.board()
        return True

    def moves(self) -> None:
        session = self._session()
        state = session.state
        legal = session.rules.legal_moves(state)
        if not legal:
            self.say("No move can be made.")
            return
        self.say(f"{len(legal)} move{'s' if len(legal) != 1 else ''}:")
        written = [session.rules.format_move(move) for move in legal]
        width = max(len(notation) for notation in written)
        position = session.rules.format_position(state)
        for move, notation in zip(legal, written, strict=True):
            words = unseen_masked(
                session.rules.words.describe(state, move), position, session.rules.words
            )
            self.say(f"  {notation:<{width}}  {words}")

    def hint(self) -> None:
        session = self._session()
        spec = find_spec(session.rules.id)
        move = spec.hint()(session.state)
        if move is None:
            self.say("No hint: no move can be made.")
            return
        session.count_hint()
        notation = session.rules.format_move(move)
        words = session.rules.words.describe(session.state, move)
        words = unseen_masked(
            words, session.rules.format_position(session.state), session.rules.words
        )
        self.say(f"Hint: {notation} ({words}).")

    def _own_words(self) -> dict[str, PlainWord]:
        """The game's own words (its plug-in's: By Twos' form is the app's f)."""
        spec = find_spec(self._session().rules.id)
        return {word.word: word for word in spec.plain_words() if isinstance(word, PlainWord)}

    def own_word(self, word: PlainWord) -> None:
        session = self._session()
        before = session.state
        done, said = word.act(session)
        if done:
            self.after(said, self._news(before))
        else:
            self.say(said)

    def undo(self) -> None:
        session = self._session()
        if not session.can_undo:
            self.say("Nothing to undo.")
            return
        move = session.line.moves[-1]
        session.undo()
        self.after(f"Undone: {session.rules.words.done(session.state, move)}.")

    def redo(self) -> None:
        session = self._session()
        if not session.can_redo:
            self.say("Nothing to redo.")
            return
        before = session.state
        move = session.line.undone[-1]  # (after it, Parlour may play moves of its own)
        session.redo()
        done = session.rules.words.done(before, move)
        self.after(f"Redone: {done}.", self._news(before))

    def _news(self, before: Any) -> str:
        """What the rules tell once after a move from ``before``; and, where the check made
        with the move could not tell whether the game is over, the longer look's finding
        (Three Squares' ruling S11). Plain mode has nothing running in the background, so
        that look is made here, before the next move is read: mostly well under a second,
        at worst about half a minute."""
        session = self._session()
        rules = session.rules
        news = [session.news(before)]
        state = session.state
        if (
            session.outcome is None
            and isinstance(rules, SettlesEndLater)
            and rules.end_in_doubt(state)
        ):
            found = rules.look_further(state)
            ending = rules.end_after_look(state, found)
            if ending is not None:
                words = rules.words.done(state, ending)
                session.play(ending)
                news.append(f"{words[:1].upper()}{words[1:]}.")
            else:
                news.append(rules.look_note(found))
        return " ".join(part for part in news if part)

    def help(self) -> None:
        self.say("Type a move in the notation of docs/notation.md (moves lists them), or one of:")
        own = [(word.word, word.description) for word in self._own_words().values()]
        for words, meaning in (*WORDS, *own):
            self.say(f"  {words:<11} {meaning}")
        self.say(self._session().rules.words.prompt(self._session().state))
