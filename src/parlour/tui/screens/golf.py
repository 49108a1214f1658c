"""The Golf screen: seven columns of links, the foundation, the stock, the round."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from enum import Enum
from functools import partial
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.message import Message

from parlour.controls.course import Playing
from parlour.controls.golf import GolfCommand
from parlour.controls.golf import GolfControls
from parlour.engine.games.golf import ROWS
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import GolfState
from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.history import Line
from parlour.engine.notation import format_options
from parlour.engine.rounds import Round
from parlour.session import Session
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.tui import cards as art
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.golf_board import GolfBoard
from parlour.tui.screens.golf_board import GolfView
from parlour.tui.services import services
from parlour.tui.services import still_up


def bogey_text(round_: Round) -> str:
    """``12 after 2 holes``, with how it stands against bogey pro rata."""
    if not round_.holes_played:
        return f"Round: no holes yet · bogey {ROUNDS.bogey}"
    difference = round_.versus_bogey
    if round_.is_complete:
        versus = (
            "level with bogey"
            if difference == 0
            else f"{abs(difference)} {'under' if difference < 0 else 'over'} bogey"
        )
        return f"Round total {round_.total} · {versus}"
    holes = "hole" if round_.holes_played == 1 else "holes"
    return f"Round: {round_.total} after {round_.holes_played} {holes} · bogey {ROUNDS.bogey}"


class HoleStored(Message):
    """A finished hole's game has been written (or the write tried: see ``unsaved``)."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session


class GolfScreen(GameScreen):
    # the board is one widget, as wide as its cards need (screens/golf_board.py)
    # (the app's stylesheet centres it); a screen's rules are its default CSS rather than a
    # file of its own, which Textual would read when the screen is first shown, parsing and
    # applying the app's whole stylesheet again before the first frame
    CONTROLS = GolfControls
    controls: GolfControls
    #: the seven columns, the foundation and the stock fit 40 × 12 (see golf_board.py)
    MIN_SIZE = (40, 12)
    CARD_SIZES = (
        (art.LARGE, 120, 36),
        (art.NORMAL, 60, 20),
        (art.SLIM, 0, 0),
    )

    @property
    def cursor(self) -> int:
        """The selected column."""
        return self.controls.cursor

    def compose_board(self) -> ComposeResult:
        yield GolfBoard(id="golf")

    def size_cards(self, size: art.CardSize) -> None:
        self.query_one(GolfBoard).card_size = size
        # one space between the keys: a key more in the bar at 40 columns
        self.query_one(KeyBar).compact = size == art.SLIM
        if self.line is not None:
            self.redraw(self.line)
            self.show_info()

    # -- drawing ---------------------------------------------------------------------------

    def redraw(self, line: Line[Any, Any]) -> None:
        state: GolfState = line.current
        in_play = self.in_play
        view = GolfView(
            columns=state.columns,
            rows=ROWS,
            playable=frozenset(state.playable_columns()) if in_play else frozenset(),
            selected=self.controls.cursor if in_play else None,
            foundation=state.foundation,
            stock=len(state.stock),
            stock_playable=TURN in state.legal and in_play,
            round_text=self.round_text(state),
        )
        self.query_one(GolfBoard).show_view(view)

    def round_text(self, state: GolfState) -> str:
        left = f"Links {state.links_left} · stock {len(state.stock)}"
        if self.course.round is None:
            return left
        round_ = self.game.round_after or self.course.round.round
        if self.card_size == art.SLIM:  # two short lines beside the compact table
            return f"{left}\nRound {round_.total} · bogey {ROUNDS.bogey}"
        return f"{left}\n{bogey_text(round_)}"

    def info_text(self, line: Line[Any, Any]) -> str:
        state: GolfState = line.current
        rule = "free stock" if state.free_stock else "book rule"
        place = self.course.round
        if place is not None:
            code = place.round.code
            hole = place.hole
            if self.card_size == art.SLIM:  # what matters first, on a narrow line
                return f"Golf · hole {hole}/{ROUNDS.holes} · score {self.rules.score(state)}"
            return (
                f"Golf · hole {hole} of {ROUNDS.holes} · course {code} · {rule} · "
                f"score {self.rules.score(state)}"
            )
        return super().info_text(line)

    def short_info_text(self, line: Line[Any, Any]) -> str:
        place = self.course.round
        if place is not None:
            score = self.rules.score(line.current)
            return f"Golf · hole {place.hole}/{ROUNDS.holes} · score {score}"
        return super().short_info_text(line)

    def clicked(self, key: str) -> None:
        if key == "stock":
            self.respond(self.controls.turn())
        elif key.isdigit():
            self.respond(self.controls.play(int(key)))

    def perform(self, command: Enum) -> None:
        if command is GolfCommand.SCORECARD:
            self.action_scorecard()
        else:
            super().perform(command)

    # -- rounds ----------------------------------------------------------------------------

    def on_finished(self) -> None:
        session = self.game  # (a game ends only in play)
        if session.round is None:
            self.status(f"{self.ending_words()} Press {self.controls.key('new')} for a new hole.")
            return
        # the scorecard shows the score that stands, which the store says once the finish
        # is written (at once, unless another program holds the database)
        # (told from the writer's thread: a message is the thread-safe way to the screen)
        session.when_stored(lambda: self.post_message(HoleStored(session)))

    def on_hole_stored(self, message: HoleStored) -> None:
        """The finished hole is written: show the round's card (and say so if the hole
        was finished first elsewhere)."""
        session = message.session
        if session is not self.session or not still_up(self):
            return
        if session.hole_taken:  # the same round played on elsewhere finished it first
            self.status(session.hole_taken, refused=True)
            self.notify(session.hole_taken, title="Hole already scored", severity="warning",
                        timeout=20, markup=False)  # fmt: skip
        self.action_scorecard()

    def action_scorecard(self) -> None:
        from parlour.tui.screens.scorecard import ScorecardScreen

        place = self.course.round
        if place is None:
            return
        session = self.game
        round_ = session.round_after or place.round

        def closed(go_on: bool | None) -> None:
            if go_on:
                self.action_new()

        card = ScorecardScreen(
            round_, finished_hole=session.is_finished, pars=self.round_pars, round_id=place.round_id
        )
        if self._figures_read.is_set():
            self.app.push_screen(card, callback=closed)
            return

        async def when_read() -> None:
            # the figures kept are on the card as it opens; a database held locked by
            # another program delays the card no more than a moment (it fills as they come)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._figures_read.wait(), 0.5)
            self.app.push_screen(card, callback=closed)

        self.run_worker(when_read(), group="scorecard")

    def round_pars(self) -> tuple[dict[int, int], dict[int, int]]:
        """The pars and the bests of the round's holes known so far (hole -> figure), from
        the figures this screen keeps (read from the store in a thread, or worked out)."""
        place = self.course.round
        if place is None:
            return {}, {}
        seeds = place.round.seeds()
        pars, bests = self._hint_pars, self._bests
        return (
            {hole: pars[seed] for hole, seed in enumerate(seeds, start=1) if seed in pars},
            {hole: bests[seed] for hole, seed in enumerate(seeds, start=1) if seed in bests},
        )

    def on_mount(self) -> None:
        #: the round's figures known so far (seed -> figure); set once the store has told
        #: the ones it keeps
        self._hint_pars: dict[int, int] = {}
        self._bests: dict[int, int] = {}
        self._figures_read = asyncio.Event()
        # (GameScreen.on_mount runs after this by itself: Textual calls the handler of each
        # class of the screen; called from here too, it ran twice, and the screen listened
        # to its game twice, redrawing everything twice a move)
        # once the board is on the screen: nothing the first frame does not need
        self.call_after_refresh(self.compute_pars)

    @work(exclusive=True, group="pars")
    async def compute_pars(self) -> None:
        """Work out the bests and then the pars of the round's holes in the background,
        this hole first, and keep them in the store (a deal's figures never change)."""
        place, store = self.course.round, services(self).store
        if place is None or store is None:
            self._figures_read.set()  # (none to read)
            return
        from parlour.tui.background import hint_par_job
        from parlour.tui.background import par_job
        from parlour.tui.background import run
        from parlour.tui.background import run_pars
        from parlour.tui.offloop import in_thread

        options, written = place.options, format_options(place.options)
        seeds = place.round.seeds()
        current = place.hole
        order = [*seeds[current - 1 :], *seeds[: current - 1]]
        try:  # the figures kept, read off the loop
            bests, pars = await in_thread(
                lambda: (store.pars(seeds, written), store.hint_pars(seeds, written))
            )
        finally:
            self._figures_read.set()
        self._bests.update(bests)
        self._hint_pars.update(pars)
        for seed in order:
            if seed not in self._bests:
                best = await run(par_job, self.rules.id, seed, options)
                self._bests[seed] = best
                keep_later(store, partial(store.save_par, seed, written, best))
        for seed in order:
            if seed not in self._hint_pars:
                par = await run_pars(hint_par_job, self.rules.id, seed, options)
                self._hint_pars[seed] = par
                keep_later(store, partial(store.save_hint_par, seed, written, par))

    def action_new(self) -> None:
        place = self.course.round
        if place is not None:
            session = self.game
            if not session.is_finished:
                self.status("Finish this hole before starting the next.", refused=True)
                return
            after = session.round_after
            refused = "" if after is None or after.is_complete else services(self).deals.refusal()
            if refused:  # (a new round is counted where it starts)
                self.status(refused, refused=True)
                return
            try:
                following = session.next_hole()
            except StoreError as error:
                self.status(f"Cannot go on to the next hole: {error}.", refused=True)
                return
            if following is None:
                services(self).start_round(place.options, replace=self)
                return
            self.controls.cursor = 1
            self.follow(Playing(following))
            self.status(
                f"Hole {following.round.hole if following.round else ''}. "
                f"{self.rules.words.prompt(self.current)}"
            )
            return
        super().action_new()


def keep_later(store: Store, write: Callable[[], None]) -> None:
    """Write a figure worked out in the background through the store's writer (never on
    the screen's thread); a figure that cannot be written now is worked out again later."""

    def attempt() -> None:
        with contextlib.suppress(StoreError):
            write()

    if store.writer is None:
        attempt()
    else:
        store.writer.submit(attempt)
