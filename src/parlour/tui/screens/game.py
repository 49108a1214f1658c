"""What every game's screen shares: the status line, undo and redo, restart, help, export,
replay stepping, and saving through the session; hints, the demo and the live verdict
are in :mod:`parlour.tui.screens.assist`.

A game's screen subclasses :class:`GameScreen`, names its controls (``CONTROLS``, in
:mod:`parlour.controls`, whose key table gives the screen its keys), composes its board
from the shared widgets and redraws from the engine's state. It never decides a rule:
every move goes to the engine, and a refused move shows the engine's reason.
"""

from __future__ import annotations

from enum import Enum
from typing import Any
from typing import ClassVar

from textual import events
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import Screen

from parlour.controls.course import Course
from parlour.controls.game import Ask
from parlour.controls.game import Command
from parlour.controls.game import GameControls
from parlour.controls.game import Play
from parlour.controls.game import Redraw
from parlour.controls.game import Reply
from parlour.controls.game import Say
from parlour.controls.keys import During
from parlour.engine.errors import IllegalMoveError
from parlour.engine.errors import ParlourError
from parlour.engine.game import Rules
from parlour.engine.history import Line
from parlour.engine.notation import format_options
from parlour.help import with_ruling_words
from parlour.session import Session
from parlour.tui import cards as art
from parlour.tui.keybar import KeyBar
from parlour.tui.keyed import Keyed
from parlour.tui.screens.assist import Assistant
from parlour.tui.screens.sitting import VERDICT_BELOW
from parlour.tui.screens.sitting import Sitting
from parlour.tui.screens.sitting import info_line
from parlour.tui.services import services
from parlour.tui.services import still_up
from parlour.tui.widgets import CardArtWidget
from parlour.tui.widgets import Pile
from parlour.tui.widgets import StatusLine
from parlour.tui.widgets import WordsLine
from parlour.tui.widgets import room_left


class GameScreen(Keyed, Screen[None]):
    """A game in play (``session`` set) or being replayed (``replay`` set)."""

    #: the game's controls: its keys and what they do (subclasses)
    CONTROLS: ClassVar[type[GameControls]]
    BINDINGS: ClassVar[list[BindingType]] = []
    #: a board narrower than 78 columns gets the class ``-narrow`` (its notes go under
    #: it, in one line), a wider one ``-wide``
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (78, "-wide")]  # noqa: RUF012 (Textual's type)

    #: the smallest terminal (columns, lines) the screen's most compact layout fits; below
    #: it the app shows one line asking for a larger terminal (docs/layout.md lists them)
    MIN_SIZE: ClassVar[tuple[int, int]] = (60, 20)
    #: a narrow key bar keeps "? Help" to the last: it leaves off many of a game's keys,
    #: and the help tells of them (KeyBar)
    KEEPS_HELP_KEY: ClassVar[bool] = True
    #: the sizes of card the board may take, largest first, each with the least terminal
    #: (columns, lines) that has room for the board at that size; the first that fits is
    #: used, and the last is used below them all
    CARD_SIZES: ClassVar[tuple[tuple[art.CardSize, int, int], ...]] = ((art.NORMAL, 0, 0),)

    #: the game's current line of play; the board redraws whenever it changes (its
    #: watcher updates the widgets; the whole screen is not repainted, which would cost
    #: some 20 ms a move)
    line: reactive[Line[Any, Any] | None] = reactive(None, always_update=True, repaint=False)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        controls = cls.__dict__.get("CONTROLS")
        if controls is not None:
            cls.KEYS = controls.KEYS  # the screen's keys are its controls' table
        super().__init_subclass__(**kwargs)

    def __init__(self, course: Course) -> None:
        super().__init__()
        #: the game in play, or a record replayed: the owner of the line the board shows
        self.course = course
        #: the live verdict said on the status line (where the information line is too narrow)
        self._verdict_said = ""
        self.card_size: art.CardSize | None = None
        # the cards' size class before the first styling (tui/breakpoints.py: styled once)
        if self.first_size is not None:
            self.card_size = self.card_size_for(*self.first_size)
            self.add_class(art.SIZE_CLASSES[self.card_size], update=False)
        self.controls = self.CONTROLS(self)
        self.controls.keys = self.key_table  # (the player's keys, for its messages)
        self.assistant = Assistant(self)
        #: the game's clock, pause, the share code, the theme
        self.sitting = Sitting(self)

    @property
    def session(self) -> Session | None:
        """The game in play (None in a replay), for readers from outside the screen (what
        the screen does only in play reaches the session through :attr:`game`)."""
        return self.course.session

    @property
    def game(self) -> Session:
        """The game in play, for what only play does (the keys of play, which a replay
        does not ask)."""
        return self.course.game

    @property
    def in_play(self) -> bool:
        """A game in play, not a replay (the board marks what can be played)."""
        return self.course.plays

    def follow(self, course: Course) -> None:
        """Show ``course`` from now on (a replay taken over, the next hole of a round)."""
        self.course = course
        course.listen(self._line_changed)
        self.sitting.new_game()
        self.line = course.line

    def _line_changed(self, line: Line[Any, Any]) -> None:
        if self.course.line is line:  # (a course this screen has left says nothing)
            self.line = line

    def key_target(self) -> GameControls:
        return self.controls

    def key_course(self) -> During:
        return self.course.during

    def answer(self, reply: object) -> None:
        if isinstance(reply, Play | Say | Ask | Redraw | Enum):
            self.respond(reply)

    @property
    def demo(self) -> bool:
        """True while the demo plays."""
        return self.assistant.demo

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield WordsLine(id="info")
        with Vertical(id="board"):
            yield from self.compose_board()
        yield StatusLine(id="status")
        yield KeyBar()

    def compose_board(self) -> ComposeResult:
        """The game's own piles (subclasses)."""
        yield from ()

    @property
    def ascii_only(self) -> bool:
        return services(self).ascii_only

    def on_mount(self) -> None:
        for board in self.query(CardArtWidget):
            board.ascii_only = self.ascii_only
        # sized before the first layout, so that the board is laid out once
        if self.card_size is None:
            self.fit_cards(self.app.size.width, self.app.size.height)
        else:  # (its classes given before the first styling, in __init__)
            self.size_cards(self.card_size)
        status = self.query_one(StatusLine)
        status.ascii_only = self.ascii_only
        status.room = self.status_room
        self.follow(self.course)
        self.status(self.opening_message())
        self.sitting.attend(self)

    def on_resize(self, event: events.Resize) -> None:
        self.fit_cards(self.app.size.width, self.app.size.height)
        # the information line fits the new width once laid out (the clock's tick redoes it
        # only while the clock runs: not after the end, nor in a replay)
        self.call_after_refresh(self.show_info)

    def on_screen_suspend(self) -> None:
        self.sitting.showing(False)  # (the help, the menu, a question, the pause)

    def on_screen_resume(self) -> None:
        self.sitting.showing(True)
        # the terminal may be too small for this screen though big enough for the last
        services(self).check_size(self.app.size.width, self.app.size.height)

    def card_size_for(self, width: int, height: int) -> art.CardSize:
        """The largest size of card whose board fits a terminal ``width`` × ``height``."""
        for size, least_width, least_height in self.CARD_SIZES:
            if width >= least_width and height >= least_height:
                return size
        return self.CARD_SIZES[-1][0]

    def fit_cards(self, width: int, height: int) -> None:
        """Draw the cards at the size the terminal has room for (only when it changes)."""
        size = self.card_size_for(width, height)
        if size == self.card_size:
            return
        self.card_size = size
        for known, name in art.SIZE_CLASSES.items():
            if known != size:
                self.remove_class(name)
        self.add_class(art.SIZE_CLASSES[size])
        self.size_cards(size)

    def size_cards(self, size: art.CardSize) -> None:
        """Give the board's piles their cards' size (a screen may size some apart)."""
        for pile in self.query(Pile):
            pile.card_size = size

    def opening_message(self) -> str:
        prompt = self.prompt_text(self.course.line.current)
        return self.course.opening(prompt, self.controls.key)

    def watch_line(self, line: Line[Any, Any] | None) -> None:
        if line is None:
            return
        self.redraw(line)
        self.sitting.update(shown=self.is_current)  # (stopped at the end)
        self.show_info()
        self.assistant.position_changed(line)
        self.refresh_keys()

    def refresh_keys(self) -> None:
        """Tell the key bar that what the keys can do may have changed (it asks each key
        once, and is redrawn only when what is greyed has changed)."""
        self.refresh_bindings()

    def redraw(self, line: Line[Any, Any]) -> None:
        """Update the board's widgets from the engine's state (subclasses)."""

    def show_info(self) -> None:
        if self.line is None or not still_up(self):  # (a screen being taken away: parts gone)
            return
        info = self.query_one("#info", WordsLine)
        verdict = self.assistant.verdict_words()
        full, short = self.info_text(self.line), self.short_info_text(self.line)
        width = info.content_size.width or self.app.size.width - 2
        text = info_line(full, short, self.sitting.text(), verdict, width)
        # too narrow for the verdict: the status line says it (once it is worked out)
        if text.endswith(VERDICT_BELOW) and verdict not in (self._verdict_said, "thinking…"):
            self._verdict_said = verdict
            self.status(f"Live verdict (it peeks at hidden cards): {verdict}.")
        info.update(text, layout=False)  # one line, always

    def short_info_text(self, line: Line[Any, Any]) -> str:
        """The information that matters first, for a narrow information line."""
        return (
            f"{line.rules.name} · move {len(line.moves)} · score {line.rules.score(line.current)}"
        )

    def info_text(self, line: Line[Any, Any]) -> str:
        rules = line.rules
        seed = f"seed {line.seed}" if line.seed is not None else "explicit deck"
        deal = self.course.deal or seed  # (a round's hole, replayed or taken over: by name)
        options = format_options(line.options)
        rule = f" · {options}" if options != "none" else ""
        score = rules.score(line.current)
        prefix = self.course.title_prefix
        return f"{prefix}{rules.name} · {deal}{rule} · move {len(line.moves)} · score {score}"

    def prompt_text(self, state: Any) -> str:
        """What the position asks of the player, as the status line says it: the engine's
        prompt, which a screen may reword to name its own keys."""
        return self.course.line.rules.words.prompt(state)

    def news_text(self, before: Any, after: Any) -> str:
        """What the engine tells the player once on reaching ``after`` (By Twos: that the
        deal can no longer be won), followed by a space; "" when nothing."""
        news = self.course.news(before, after)
        return f"{news} " if news else ""

    def status(self, message: str, *, refused: bool = False, whole: str = "") -> None:
        """Say ``message``, and whether moves are being saved when that has changed or
        saving is failing (``whole``: the message before a screen shortened it, for the
        log of messages). A refusal gives way after a few seconds to what it covered,
        the game's instruction (:meth:`StatusLine.say`), in every game alike."""
        passing = refused
        news, failing = self.course.saving()
        if news:
            message = f"{message} {news}" if message else news
            whole = f"{whole} {news}" if whole else whole  # (the log keeps the news too)
            refused = refused or failing
            # news of the saving stays: the message a refusal would give way to may say
            # what is no longer so ("Moves are not being saved" once saving works again)
            passing = False
        outside = self.course.outside  # (a file's name: "(R1)" there is not a ruling)
        self.query_one(StatusLine).say(
            with_ruling_words(message, outside=outside),
            refused=refused,
            whole=with_ruling_words(whole, outside=outside) if whole else whole,
            passing=passing,
        )

    def status_room(self) -> int | None:
        """The lines the status line may take without covering the board."""
        return room_left(self.query_one("#board"), self.query_one(StatusLine))

    def show_messages(self) -> None:
        self.sitting.messages(self.query_one(StatusLine))

    # -- playing ---------------------------------------------------------------------------

    @property
    def current(self) -> Any:
        assert self.line is not None
        return self.line.current

    @property
    def rules(self) -> Rules[Any, Any]:
        assert self.line is not None
        return self.line.rules

    def play(self, move: Any) -> bool:
        """Ask the engine to make ``move``; show what happened or why it was refused."""
        session = self.game  # (a move is made only in play)
        before = session.state
        try:
            parsed = self.rules.parse_move(move) if isinstance(move, str) else move
            session.play(parsed)
        except IllegalMoveError as error:
            self.status(self.refusal(move, error), refused=True)
            return False
        except ParlourError as error:
            self.status(str(error), refused=True)
            return False
        done = self.rules.words.done(before, parsed)  # (told only of a move the rules took)
        news = self.news_text(before, self.current)
        self.status(f"{done[:1].upper()}{done[1:]}. {news}{self.prompt_text(self.current)}")
        if session.is_finished:
            self.on_finished()
        return True

    def respond(self, reply: Reply) -> None:
        """Act on what the controls answered a key with."""
        if isinstance(reply, Play):
            self.play(reply.move)
        elif isinstance(reply, Say):
            if reply.message:
                self.status(reply.message, refused=reply.refused)
        elif isinstance(reply, Redraw):
            if self.line is not None:
                self.redraw(self.line)
            self.refresh_keys()  # a selection may change what the keys can do
            if reply.message:
                self.status(reply.message)
        elif isinstance(reply, Ask):
            self.ask(reply)
        else:
            self.perform(reply)

    def perform(self, command: Enum) -> None:
        """Carry out what a key asks of the screen itself (a game's screen carries out its
        own commands, and passes the others on to this)."""
        from parlour.tui.screens import play_steps
        from parlour.tui.screens import replay_steps

        steps: dict[Enum, Any] = {Command.STEP_BACK: -1, Command.STEP_FORWARD: 1}
        if command in steps:
            replay_steps.step(self, steps[command])
            return
        actions = {
            Command.UNDO: lambda: play_steps.undo(self),
            Command.REDO: lambda: play_steps.redo(self),
            Command.RESTART: lambda: play_steps.restart(self),
            Command.HINT: self.action_hint,
            Command.DEMO: self.assistant.toggle_demo,
            Command.TOGGLE_VERDICT: self.assistant.toggle_verdict,
            Command.NEW: self.action_new,
            Command.NEW_ANYWAY: self.action_new_anyway,
            Command.EXPORT: self.sitting.export,
            Command.STEP_TO_START: lambda: replay_steps.step_to_start(self),
            Command.STEP_TO_END: lambda: replay_steps.step_to_end(self),
            Command.TAKE_OVER: lambda: replay_steps.take_over(self),
            Command.HELP: self.action_help,
            Command.MENU: self.action_menu,
            Command.BACK: lambda: replay_steps.back(self),
            Command.QUIT: self.sitting.quit,
            Command.PAUSE: self.sitting.pause,
            Command.SHARE: self.sitting.share,
            Command.NEXT_THEME: self.sitting.next_theme,
            Command.FOUR_COLOUR: self.sitting.four_colour,
            Command.MESSAGES: self.show_messages,
        }
        if command in actions:
            actions[command]()

    def ask(self, question: Ask) -> None:
        """Ask first (a step that cannot be taken back); on yes, do what it says."""
        from parlour.tui.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if not yes:
                if question.declined:
                    self.status(question.declined)
                return
            if question.move is not None:
                self.play(question.move)
            elif question.then is not None:
                self.respond(question.then)

        self.app.push_screen(
            ConfirmScreen(question.question, yes=question.yes, no=question.no), callback=answered
        )

    def refusal(self, move: Any, error: IllegalMoveError) -> str:
        """What the status line says when the engine refuses ``move``, naming its key as
        the player presses it, or the move (the controls' ``refused_words``; subclasses
        may word it for their keys; the reason is always the engine's)."""
        return f"{self.controls.refused_words(move)} is not allowed: {error.reason}"

    def on_finished(self) -> None:
        """Called once when the game ends (subclasses: show a scorecard …)."""

    def ending_words(self) -> str:
        """How the game ended, as the engine says it, after why Parlour played the game out
        for the player if it did (the rules' ``playing_out``)."""
        why = self.course.played_out
        prompt = self.rules.words.prompt(self.current)
        return f"{why} {prompt}" if why else prompt

    @on(Pile.Chosen)
    def pile_chosen(self, event: Pile.Chosen) -> None:
        """A click on one of the board's piles: in play, the game's :meth:`clicked`; in a
        replay, :meth:`looked_at` (nothing is played)."""
        self.sitting.touched()
        if self.course.plays:
            self.clicked(event.key)
        else:
            self.looked_at(event.key)

    def clicked(self, key: str) -> None:
        """A click in play on the pile called ``key`` (subclasses: what it plays)."""

    def looked_at(self, key: str) -> None:
        """A click in a replay on the pile called ``key``: nothing moves (a game may show
        what the pile holds)."""

    def cancel_work(self, group: str) -> None:
        """Cancel this screen's background work of one kind (hints, the verdict)."""
        self.workers.cancel_group(self, group)

    def on_key(self, event: events.Key) -> None:
        self.sitting.touched()
        demo = {row.key for row in self.key_table if row.name == "demo"}  # (the player's)
        if self.assistant.demo and event.key not in demo:
            self.assistant.stop_demo("Demo stopped: your move.")
            event.stop()
            event.prevent_default()
        # (then Keyed.on_key: a key that cannot act now says why)

    def idle_words(self, event: events.Key) -> str:
        # a key of play pressed in a replay says what plays; any other key that does
        # nothing on this screen says so too
        if not self.greyed_reason(event.key):
            replaying = self.controls.only_in_play(event.key)
            if replaying:
                return replaying
        return self.why_idle(event)

    def say_idle(self, why: str) -> None:
        self.status(why, refused=True)

    # -- the shared keys -------------------------------------------------------------------

    def action_hint(self) -> None:
        self.assistant.hint()

    def action_help(self) -> None:
        from parlour.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.rules.id))

    def action_menu(self) -> None:
        services(self).show_menu()

    def action_new(self) -> None:
        """Start another game of the same kind, asking first while this one has moves
        played (subclasses may do more)."""
        from parlour.controls.new_deal import new_deal_question

        question = new_deal_question(self.course)
        if question is None:
            self.action_new_anyway()
        else:
            self.ask(question)

    def action_new_anyway(self) -> None:
        """Another game of the same kind; this one, if unfinished, is dropped."""
        services(self).start_new_game(self.rules.id, replace=self)
