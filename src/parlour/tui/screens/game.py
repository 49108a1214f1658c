"""What every game's screen shares: the status line, undo and redo, restart, hints, help,
export, replay stepping, and saving through the session.

A game's screen subclasses :class:`GameScreen`, composes its own board from the shared
widgets, maps its keys to engine moves and redraws from the engine's state. It never
decides a rule: every move goes to the engine, and a refused move shows the engine's
reason on the status line.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from parlour.engine.errors import IllegalMoveError, ParlourError
from parlour.engine.game import format_options
from parlour.engine.history import Line
from parlour.session import Session
from parlour.tui.widgets import KeyBar, Pile, StatusLine


class GameScreen(Screen[None]):
    """A game in play (``session`` set) or being replayed (``replay`` set)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("r", "redo", "Redo"),
        Binding("R", "restart", "Restart", show=False),
        Binding("h", "hint", "Hint"),
        Binding("D", "demo", "Demo", show=False),
        Binding("V", "toggle_verdict", "Verdict", show=False),
        Binding("n", "new", "New", show=False),
        Binding("e", "export", "Export", show=False),
        Binding("left", "step(-1)", "Back"),
        Binding("right", "step(1)", "Forward"),
        # the arrows move the selection while playing, and step while replaying
        Binding("left", "cursor(-1)", "Left", show=False),
        Binding("right", "cursor(1)", "Right", show=False),
        Binding("home", "step_to_start", "Start", show=False),
        Binding("end", "step_to_end", "End", show=False),
        Binding("t", "take_over", "Take over"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("escape", "menu", "Menu", show=False),
        Binding("q", "quit_game", "Quit"),
    ]

    #: the game's current line of play; the board redraws whenever it changes (its
    #: watcher updates the widgets; the whole screen is not repainted, which would cost
    #: some 20 ms a move)
    line: reactive[Line[Any, Any] | None] = reactive(None, always_update=True, repaint=False)

    def __init__(
        self,
        session: Session | None = None,
        *,
        replay: Line[Any, Any] | None = None,
        replay_title: str = "",
    ) -> None:
        super().__init__()
        self.session = session
        self.replaying = replay is not None
        self.replay_title = replay_title
        self._bindings_signature: tuple[object, ...] = ()
        self.demo = False
        #: the positions the demo has played through, to stop it going round in circles
        self._demo_seen: set[Any] = set()
        self.verdict_on = False
        self.verdict_text = ""
        self._initial_line = replay if replay is not None else self._session().line

    def _session(self) -> Session:
        assert self.session is not None
        return self.session

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="info")
        with Vertical(id="board"):
            yield from self.compose_board()
        yield StatusLine(id="status")
        yield KeyBar()

    def compose_board(self) -> ComposeResult:
        """The game's own piles (subclasses)."""
        yield from ()

    def on_mount(self) -> None:
        ascii_only = bool(getattr(self.app, "ascii_only", False))
        for pile in self.query(Pile):
            pile.ascii_only = ascii_only
        self.query_one(StatusLine).ascii_only = ascii_only
        self.line = self._initial_line
        self.status(self.opening_message())

    def opening_message(self) -> str:
        if self.replaying:
            return (
                f"Replaying {self.replay_title or 'a game'}: ← and → step through the moves, "
                "Home and End jump, t takes over from here."
            )
        prompt = self.prompt_text(self._initial_line.current)
        played = len(self._initial_line.moves)
        if played:
            return f"Welcome back: {played} move{'s' if played != 1 else ''} played. {prompt}"
        return prompt

    def watch_line(self, line: Line[Any, Any] | None) -> None:
        if line is None:
            return
        self.redraw(line)
        self.show_info()
        if self.verdict_on and not self.replaying:
            self.verdict_text = "thinking…"
            self.show_info()
            self.compute_verdict(line.current)
        # redraw the key bar only when a key's availability has really changed
        signature = self.bindings_signature()
        if signature != self._bindings_signature:
            self._bindings_signature = signature
            self.refresh_bindings()

    def bindings_signature(self) -> tuple[object, ...]:
        """Everything the footer's greyed keys depend on."""
        names = ("undo", "redo", "restart", "hint", "new", "step", "take_over")
        return (
            *(self.check_action(name, ()) for name in names),
            self.check_action("step", (1,)),
            self.replaying,
        )

    def redraw(self, line: Line[Any, Any]) -> None:
        """Update the board's widgets from the engine's state (subclasses)."""

    def show_info(self) -> None:
        if self.line is None:
            return
        text = self.info_text(self.line)
        if self.verdict_on and not self.replaying:
            text += f" · live verdict (peeks at hidden cards): {self.verdict_text}"
        self.query_one("#info", Static).update(text, layout=False)  # one line, always

    def info_text(self, line: Line[Any, Any]) -> str:
        rules = line.rules
        deal = f"seed {line.seed}" if line.seed is not None else "explicit deck"
        options = format_options(line.options)
        rule = f" · {options}" if options != "none" else ""
        score = rules.score(line.current)
        prefix = "Replay · " if self.replaying else ""
        return f"{prefix}{rules.name} · {deal}{rule} · move {len(line.moves)} · score {score}"

    def prompt_text(self, state: Any) -> str:
        """What the position asks of the player, as the status line says it: the engine's
        prompt, which a screen may reword to name its own keys."""
        return str((self.line or self._initial_line).rules.prompt(state))

    def move_name(self, move: Any) -> str:
        """A move as the status line names it (its notation unless a screen says more)."""
        return str(self.rules.format_move(move))

    def status(self, message: str, *, refused: bool = False) -> None:
        self.query_one(StatusLine).say(message, refused=refused)

    # -- playing ---------------------------------------------------------------------------

    @property
    def current(self) -> Any:
        assert self.line is not None
        return self.line.current

    @property
    def rules(self) -> Any:
        assert self.line is not None
        return self.line.rules

    def play(self, move: Any) -> bool:
        """Ask the engine to make ``move``; show what happened or why it was refused."""
        if self.replaying or self.session is None:
            return False
        before = self.session.state
        try:
            described = self.rules.describe(
                before, self.rules.parse_move(move) if isinstance(move, str) else move
            )
            self.session.play(move)
        except IllegalMoveError as error:
            self.status(self.refusal(move, error), refused=True)
            return False
        except ParlourError as error:
            self.status(str(error), refused=True)
            return False
        self.line = self.session.line
        outcome = self.session.outcome
        if outcome is None:
            self.status(f"{described[0].upper()}{described[1:]}. {self.prompt_text(self.current)}")
        else:
            self.status(f"{described[0].upper()}{described[1:]}. {self.prompt_text(self.current)}")
            self.on_finished()
        return True

    def refusal(self, move: Any, error: IllegalMoveError) -> str:
        """What the status line says when the engine refuses ``move`` (subclasses may
        word it for their keys; the reason is always the engine's)."""
        return str(error)

    def on_finished(self) -> None:
        """Called once when the game ends (subclasses: show a scorecard …)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        session = self.session
        play_only = {
            "undo",
            "redo",
            "restart",
            "hint",
            "export",
            "cursor",
            "demo",
            "toggle_verdict",
        }
        replay_only = {"step", "step_to_start", "step_to_end", "take_over"}
        if action in replay_only:
            if not self.replaying:
                return False
            if action == "step" and self.line is not None:
                forward = parameters and parameters[0] == 1
                return (self.line.can_redo if forward else self.line.can_undo) or None
            return True
        if action in play_only:
            if self.replaying:
                return False
            if session is None:
                return None
            if action == "undo":
                return session.can_undo or None
            if action == "redo":
                return session.can_redo or None
            if action == "restart":
                return (session.can_undo and not session.is_finished) or None
            if action in ("hint", "demo"):
                return (not session.is_finished) or None
            if action == "cursor":
                return not session.is_finished
        return True

    def action_cursor(self, step: int) -> None:
        self.move_cursor(step)

    def move_cursor(self, step: int) -> None:
        """Move the selection on the board (subclasses)."""

    def action_undo(self) -> None:
        session = self._session()
        if session.can_undo:
            move = session.line.moves[-1]
            session.undo()
            self.line = session.line
            self.status(f"Took back {self.move_name(move)}. {self.prompt_text(self.current)}")

    def action_redo(self) -> None:
        session = self._session()
        if session.can_redo:
            move = session.line.undone[-1]
            described = self.rules.describe(session.state, move)
            session.redo()
            self.line = session.line
            self.status(f"Redid: {described}. {self.prompt_text(self.current)}")
            if session.is_finished:
                self.on_finished()

    def action_restart(self) -> None:
        session = self._session()
        session.restart()
        self.line = session.line
        self.status(f"Back to the deal (r redoes). {self.prompt_text(self.current)}")

    def action_hint(self) -> None:
        session = self._session()
        if session.is_finished:
            return
        self.status("Thinking about a hint (without looking at any hidden card)…")
        self.compute_hint(session.state)

    @work(exclusive=True, group="hint")
    async def compute_hint(self, state: Any) -> None:
        from parlour.tui.background import hint_job, run

        move = await run(hint_job, self.rules.id, state)
        session = self.session
        if session is None or session.state != state:
            return  # the position has changed: this hint is stale
        session.count_hint()
        self.show_hint(move)
        self.status(
            f"Hint: {self.hint_words(move)} "
            f"(press {self.key_for(move)}). Hints this game: {session.hints}."
        )
        self.hint_ready(move)

    def hint_ready(self, move: Any) -> None:
        """A hint has arrived: during a demo, play it after a moment."""
        if self.demo:
            self.set_timer(0.5, lambda: self._demo_step(move))

    def _demo_step(self, move: Any) -> None:
        session = self.session
        if not self.demo or session is None:
            return
        if not self.play(move) or session.is_finished:
            self._stop_demo()  # the status line already says what happened
        elif session.state in self._demo_seen:
            # the hint player has come back to a position it played through before:
            # it sees no way forward, and would only go round again
            self._stop_demo(
                "Demo stopped: the hint player came back to a position it had already "
                "played through and sees no better way on. Your move."
            )
        else:
            self._demo_seen.add(session.state)
            self.compute_hint(session.state)

    def _stop_demo(self, message: str | None = None) -> None:
        self.demo = False
        self.workers.cancel_group(self, "hint")
        self.refresh_bindings()
        if message is not None:
            self.status(message)

    def action_demo(self) -> None:
        """Let the hint player finish the game while the player watches; any key stops it."""
        session = self._session()
        if self.demo:
            self._stop_demo("Demo stopped: your move.")
            return
        if session.is_finished:
            return
        self.demo = True
        self._demo_seen = {session.state}
        self.status("Demo: the hint player plays on (any key stops it)…")
        self.compute_hint(session.state)

    def on_key(self, event: events.Key) -> None:
        if self.demo and event.key != "D":
            self._stop_demo("Demo stopped: your move.")
            event.stop()
            event.prevent_default()

    def action_toggle_verdict(self) -> None:
        """Show or hide what perfect play could still reach. It looks at the hidden cards,
        so it is off until asked for, and says so while on."""
        self.verdict_on = not self.verdict_on
        if self.verdict_on and self.line is not None:
            self.verdict_text = "thinking…"
            self.compute_verdict(self.line.current)
        else:
            self.workers.cancel_group(self, "verdict")
        self.show_info()

    @work(exclusive=True, group="verdict")
    async def compute_verdict(self, state: Any) -> None:
        from parlour.tui.background import run, verdict_job

        _, words = await run(verdict_job, self.rules.id, state, 2.0)
        if self.line is None or self.line.current != state or not self.verdict_on:
            return  # the position changed while it was worked out
        self.verdict_text = words
        self.show_info()

    def hint_words(self, move: Any) -> str:
        """The hinted move in words (the engine's description unless a screen says less,
        for instance to keep the next stock card hidden)."""
        return str(self.rules.describe(self._session().state, move))

    def show_hint(self, move: Any) -> None:
        """Point at the hinted move on the board (subclasses)."""

    def key_for(self, move: Any) -> str:
        return str(self.rules.format_move(move))

    def action_export(self) -> None:
        from parlour.store.files import FileError, export_record

        session = self._session()
        directory = getattr(self.app, "data_dir", None)
        try:
            path = export_record(directory, session.rules.id, session.record_text())
        except FileError as error:
            self.status(str(error), refused=True)
            return
        self.status(f"Record written to {path}")

    def action_help(self) -> None:
        from parlour.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.rules.id))

    def action_menu(self) -> None:
        self.app.pop_screen()

    def action_quit_game(self) -> None:
        self.app.exit()

    def action_new(self) -> None:
        """Start another game of the same kind (subclasses may do more)."""
        start = getattr(self.app, "start_new_game", None)
        if start is not None:
            start(self.rules.id, replace=self)

    # -- replay ----------------------------------------------------------------------------

    def action_step(self, direction: int) -> None:
        line = self.line
        if line is None:
            return
        if direction > 0 and line.can_redo:
            move = line.undone[-1]
            said = self.rules.describe(line.current, move)
            self.line = line.redo()
            self.status(f"Move {len(self.line.moves)}: {said}.")
        elif direction < 0 and line.can_undo:
            self.line = line.undo()
            self.status(f"Back to move {len(self.line.moves)}.")

    def action_step_to_start(self) -> None:
        if self.line is not None:
            self.line = self.line.goto(0)
            self.status("At the deal.")

    def action_step_to_end(self) -> None:
        if self.line is not None:
            self.line = self.line.goto(len(self.line.moves) + len(self.line.undone))
            self.status(
                f"At the end: move {len(self.line.moves)}. {self.prompt_text(self.current)}"
            )

    def action_take_over(self) -> None:
        line = self.line
        store = getattr(self.app, "store", None)
        if line is None or store is None:
            return
        if self.rules.outcome(line.current) is not None:
            self.status(
                "The game is over at this point: step back to take over earlier.", refused=True
            )
            return
        self.session = Session.from_line(store, line)
        self.replaying = False
        self.line = self.session.line
        self.status(f"Your game now, from move {len(line.moves)}. {self.prompt_text(self.current)}")
