"""The Golf screen: seven columns of links, the foundation, the stock, the round."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Static

from parlour.engine.game import format_options
from parlour.engine.games.golf import COLUMNS, PLAYS, TURN, GolfState, PlayColumn
from parlour.engine.games.golf_course import BOGEY, HOLES
from parlour.engine.history import Line
from parlour.engine.rounds import Round
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets import Pile


def bogey_text(round_: Round) -> str:
    """``12 after 2 holes``, with how it stands against bogey pro rata."""
    if not round_.holes_played:
        return f"Round: no holes yet · bogey {BOGEY}"
    difference = round_.versus_bogey
    if round_.is_complete:
        versus = (
            "level with bogey"
            if difference == 0
            else f"{abs(difference)} {'under' if difference < 0 else 'over'} bogey"
        )
        return f"Round total {round_.total} · {versus}"
    holes = "hole" if round_.holes_played == 1 else "holes"
    return f"Round: {round_.total} after {round_.holes_played} {holes} · bogey {BOGEY}"


class GolfScreen(GameScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"play({n})", f"Column {n}", show=False) for n in range(1, 8)),
        Binding("enter", "play_cursor", "Play"),
        Binding("space", "turn", "Turn stock"),
        Binding("s", "turn", "Turn stock", show=False),
        # when turning is not allowed the keys still answer, with the engine's reason
        Binding("space", "explain_turn", "Turn stock", show=False),
        Binding("s", "explain_turn", "Turn stock", show=False),
        Binding("c", "scorecard", "Scorecard"),
    ]

    cursor: reactive[int] = reactive(1, repaint=False)

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="links"):
            for number in range(1, COLUMNS + 1):
                yield Pile(str(number), title=str(number), id=f"column-{number}")
        with Horizontal(id="table"):
            yield Pile("foundation", fanned=False, title="Found.", classes="foundation")
            yield Pile("stock", fanned=False, title="Stock", classes="stock")
            yield Static(id="round", classes="round")

    # -- drawing ---------------------------------------------------------------------------

    def redraw(self, line: Line[Any, Any]) -> None:
        state: GolfState = line.current
        playable = set(state.playable_columns()) if not self.replaying else set()
        for number, column in enumerate(state.columns, start=1):
            pile = self.query_one(f"#column-{number}", Pile)
            pile.cards = column
            pile.playable = number in playable
            pile.selected = number == self.cursor and not self.replaying
        foundation = self.query_one(".foundation", Pile)
        foundation.cards = state.foundation
        stock = self.query_one(".stock", Pile)
        stock.face_down = bool(state.stock)
        stock.caption = str(len(state.stock))
        stock.playable = TURN in state.legal and not self.replaying
        round_box = self.query_one("#round", Static)
        text = self.round_text(state)
        # a new layout only when the number of lines changes (a round adds a line)
        lines = text.count("\n")
        round_box.update(text, layout=lines != self._round_lines)
        self._round_lines = lines

    _round_lines = -1

    def round_text(self, state: GolfState) -> str:
        left = f"Links {state.links_left} · stock {len(state.stock)}"
        session = self.session
        if session is None or session.round is None or self.replaying:
            return left
        round_ = session.round_after or session.round.round
        return f"{left}\n{bogey_text(round_)}"

    def info_text(self, line: Line[Any, Any]) -> str:
        state: GolfState = line.current
        rule = "free stock" if state.free_stock else "book rule"
        session = self.session
        if session is not None and session.round is not None and not self.replaying:
            code = session.round.round.code
            return (
                f"Golf · hole {session.round.hole} of {HOLES} · course {code} · {rule} · "
                f"score {self.rules.score(state)}"
            )
        return super().info_text(line)

    def bindings_signature(self) -> tuple[object, ...]:
        return (
            *super().bindings_signature(),
            self.check_action("turn", ()),
            self.check_action("play", (1,)),
        )

    def watch_cursor(self, cursor: int) -> None:
        if self.line is not None:
            self.redraw(self.line)

    # -- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in {"play", "play_cursor", "turn"}:
            if self.replaying:
                return False
            if self.session is None or self.session.is_finished:
                return None
            if action == "turn":
                return TURN in self.current.legal or None
            return True
        if action == "explain_turn":
            return not self.replaying and TURN not in self.current.legal
        if action == "scorecard":
            return (
                self.session is not None and self.session.round is not None and not self.replaying
            )
        if action == "new" and self.session is not None and self.session.round is not None:
            # a hole of a round must be finished before the next one starts
            return self.session.is_finished or None
        return super().check_action(action, parameters)

    def action_play(self, column: int) -> None:
        self.cursor = column
        self.play(PLAYS[column - 1])

    def move_cursor(self, step: int) -> None:
        self.cursor = (self.cursor - 1 + step) % COLUMNS + 1

    def action_play_cursor(self) -> None:
        self.play(PLAYS[self.cursor - 1])

    def action_turn(self) -> None:
        self.play(TURN)

    def action_explain_turn(self) -> None:
        self.play(TURN)  # refused by the engine, which says why

    def show_hint(self, move: Any) -> None:
        if isinstance(move, PlayColumn):
            self.cursor = move.column

    def key_for(self, move: Any) -> str:
        return "space" if move == TURN else str(move)

    def hint_words(self, move: Any) -> str:
        # the engine would name the card a turn brings up: a hint must not show it
        if move == TURN:
            return "turn the stock"
        return super().hint_words(move)

    def move_name(self, move: Any) -> str:
        # called after an undo, when the current position is the one before the move
        return str(self.rules.describe(self.current, move))

    @on(Pile.Chosen)
    def pile_clicked(self, event: Pile.Chosen) -> None:
        if self.replaying:
            return
        if event.key == "stock":
            self.action_turn()
        elif event.key.isdigit():
            self.action_play(int(event.key))

    # -- rounds ----------------------------------------------------------------------------

    def on_finished(self) -> None:
        session = self.session
        if session is None or session.round is None:
            self.status(f"{self.rules.prompt(self.current)} Press n for a new hole.")
            return
        self.action_scorecard()

    def action_scorecard(self) -> None:
        from parlour.tui.screens.scorecard import ScorecardScreen

        session = self.session
        if session is None or session.round is None:
            return
        round_ = session.round_after or session.round.round

        def closed(go_on: bool | None) -> None:
            if go_on:
                self.action_new()

        self.app.push_screen(
            ScorecardScreen(round_, finished_hole=session.is_finished, pars=self.round_pars),
            callback=closed,
        )

    def round_pars(self) -> dict[int, int]:
        """The pars of the round's holes known so far (hole number -> par)."""
        session, store = self.session, getattr(self.app, "store", None)
        if session is None or session.round is None or store is None:
            return {}
        seeds = session.round.round.seeds()
        known = store.pars(seeds, format_options(session.round.options))
        return {hole: known[seed] for hole, seed in enumerate(seeds, start=1) if seed in known}

    def on_mount(self) -> None:
        super().on_mount()
        self.compute_pars()

    @work(exclusive=True, group="pars")
    async def compute_pars(self) -> None:
        """Work out the pars of the round's holes in the background, this hole first, and
        keep them in the store (a deal's par never changes)."""
        from parlour.tui.background import par_job, run

        session, store = self.session, getattr(self.app, "store", None)
        if session is None or session.round is None or store is None:
            return
        options = session.round.options
        seeds = session.round.round.seeds()
        current = session.round.hole
        order = [*seeds[current - 1 :], *seeds[: current - 1]]
        known = store.pars(seeds, format_options(options))
        for seed in order:
            if seed not in known:
                par = await run(par_job, self.rules.id, seed, options)
                store.save_par(seed, format_options(options), par)

    def action_new(self) -> None:
        session = self.session
        if session is not None and session.round is not None:
            if not session.is_finished:
                self.status("Finish this hole before starting the next.", refused=True)
                return
            following = session.next_hole()
            if following is None:
                start_round = getattr(self.app, "start_round", None)
                if start_round is not None:
                    start_round(session.round.options, replace=self)
                return
            self.session = following
            self.cursor = 1
            self.line = following.line
            self.status(
                f"Hole {following.round.hole if following.round else ''}. "
                f"{self.rules.prompt(self.current)}"
            )
            return
        super().action_new()
