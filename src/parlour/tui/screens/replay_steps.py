"""A replay's keys: stepping through the moves, and taking over from the position shown
(the replay becomes a game in play)."""

from __future__ import annotations

from typing import Any
from typing import Protocol

from textual.screen import Screen

from parlour.controls.course import Course
from parlour.controls.course import Playing
from parlour.controls.course import Replaying
from parlour.engine.history import Line
from parlour.session import Session
from parlour.store.database import Store
from parlour.tui.screens.stepping import StepsThrough
from parlour.tui.services import services


class GameScreen(StepsThrough, Protocol):
    """What the replay's keys need of the game screen (:mod:`parlour.tui.screens.game`)."""

    course: Course

    def follow(self, course: Course) -> None: ...


def step(screen: GameScreen, direction: int) -> None:
    course = screen.course
    before = course.line
    move = before.undone[-1] if direction > 0 and before.can_redo else None
    if not course.step(direction):
        return
    if move is not None:
        said = screen.rules.words.done(before.current, move)
        news = screen.news_text(before.current, screen.current)
        screen.status(f"Move {len(course.line.moves)}: {said}. {news}".rstrip())
    else:
        screen.status(f"Back to move {len(course.line.moves)}.")


def step_to_start(screen: GameScreen) -> None:
    if screen.course.to_start():
        screen.status("At the deal.")


def step_to_end(screen: GameScreen) -> None:
    if screen.course.to_end():
        moves = len(screen.course.line.moves)
        screen.status(f"At the end: move {moves}. {screen.prompt_text(screen.current)}")


def back(screen: GameScreen) -> None:
    """Back to the History list when the replay shown was opened from it (the list is
    the screen under this one, its game still highlighted), else to the start screen."""
    from parlour.tui.screens.history import HistoryScreen

    if not isinstance(screen, Screen):
        return
    stack = screen.app.screen_stack
    if screen is stack[-1] and len(stack) > 1 and isinstance(stack[-2], HistoryScreen):
        screen.app.pop_screen()
    else:
        services(screen).show_menu()


def take_over(screen: GameScreen) -> None:
    """Play on from the position shown: the replay becomes a game in play."""
    if not isinstance(screen, Screen):
        return
    line, store = screen.course.line, services(screen).store
    if not isinstance(screen.course, Replaying) or store is None:
        return
    if screen.rules.outcome(line.current) is not None:
        screen.status(
            "The game is over at this point: step back to take over earlier.", refused=True
        )
        return
    refused = services(screen).deals.refusal()
    if refused:
        screen.status(refused, refused=True)
        return
    if line.moves or line.undone:
        # taken over, it replaces the unfinished game of its game at once: asked first,
        # as a new deal asks (t dropped a game under way, and only said so after)
        screen.run_worker(_asked(screen, store, line), group="take-over", exclusive=True)
        return
    _take(screen, store, line)


async def _asked(screen: GameScreen, store: Store, line: Line[Any, Any]) -> None:
    """Take over ``line``, once asked whether to drop the unfinished game it replaces."""
    from parlour.tui.screens.confirm import ConfirmScreen
    from parlour.tui.screens.unfinished import read_replaced_game

    which = await read_replaced_game(store, line)
    if screen.course.line is not line or not isinstance(screen.course, Replaying):
        return  # the player has stepped on meanwhile
    if not which:
        _take(screen, store, line)
        return
    question = f"Play on from move {len(line.moves)}? This drops {which}: it is not scored."

    def answered(yes: bool | None) -> None:
        if not yes:
            screen.status(f"Still replaying: {which} is kept.")
        elif screen.course.line is line and isinstance(screen.course, Replaying):
            _take(screen, store, line)

    if isinstance(screen, Screen):
        screen.app.push_screen(
            ConfirmScreen(question, yes="Play on", no="Not now"), callback=answered
        )


def _take(screen: GameScreen, store: Store, line: Line[Any, Any]) -> None:
    """Play on from ``line``: the replay becomes a game in play."""
    from parlour.tui.screens.unfinished import tell_replacing

    given = len(line.moves)
    counted = {0: "", 1: " (the move before counts as a hint)"}.get(
        given, f" (the {given} moves before count as hints)"
    )
    moved = f"Your game now, from move {given}{counted}."

    def told(replaced: str) -> None:  # (the one game kept for its game and options)
        if screen.course is playing and playing.line is taken:  # nothing played since
            screen.status(f"{moved} {replaced} {screen.prompt_text(screen.current)}")

    tell_replacing(store, line, told)  # (before the session: it reads the game kept)
    origin = screen.course.origin if isinstance(screen.course, Replaying) else None
    playing = Playing(Session.from_line(store, line, origin))
    screen.follow(playing)
    taken = playing.line
    screen.status(f"{moved} {screen.prompt_text(screen.current)}")
