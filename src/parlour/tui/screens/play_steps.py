"""A game in play's own steps through its line: undo, redo and back to the deal, each
made by the session (which tells the board). Their keys serve play only, so each reaches
the session typed, through the screen's ``game``; a replay's steps are in
:mod:`parlour.tui.screens.replay_steps`."""

from __future__ import annotations

from typing import Protocol

from parlour.session import Session
from parlour.tui.screens.stepping import StepsThrough


class GameScreen(StepsThrough, Protocol):
    """What the steps of play need of the game screen (:mod:`parlour.tui.screens.game`)."""

    @property
    def game(self) -> Session: ...

    def on_finished(self) -> None: ...


def undo(screen: GameScreen) -> None:
    session = screen.game
    if session.can_undo:
        move = session.line.moves[-1]
        session.undo()
        # (told from the position it was made from, the current one again, and as short
        # as it can be said: a line that wraps moves the board on every undo)
        done = screen.rules.words.done(screen.current, move)
        screen.status(f"Undone: {done}. {screen.prompt_text(screen.current)}")


def redo(screen: GameScreen) -> None:
    session = screen.game
    if session.can_redo:
        move = session.line.undone[-1]
        before = session.state
        done = screen.rules.words.done(before, move)
        session.redo()
        news = screen.news_text(before, screen.current)
        screen.status(f"Redone: {done}. {news}{screen.prompt_text(screen.current)}")
        if session.is_finished:
            screen.on_finished()


def restart(screen: GameScreen) -> None:
    screen.game.restart()
    screen.status(f"Back to the deal (r redoes). {screen.prompt_text(screen.current)}")
