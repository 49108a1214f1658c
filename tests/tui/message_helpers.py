"""Finding a game's longest message by playing it, and reading the status line as shown."""

from __future__ import annotations

from typing import Any

from parlour.engine.untrusted import visible
from parlour.render import cards_as_shown
from parlour.session import DELAYED_WORDS
from parlour.session import RECOVERED_WORDS
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets import StatusLine


def play_for_longest_message(screen: GameScreen, moves: int = 60) -> str:
    """Play up to ``moves`` moves (the last legal move each time, or the first that turns a
    card: deterministic for a seed) and return the longest message the status line said."""
    session = screen.session
    assert session is not None
    for _ in range(moves):
        if session.is_finished:
            break
        legal = session.rules.legal_moves(session.state)
        if not legal or not screen.play(legal[-1]):
            break
    return max(screen.query_one(StatusLine).said, key=len)


def whole(text: str) -> str:
    return " ".join(text.split())


def check_message_whole(screen: Any, message: str) -> None:
    """The status line shows ``message`` whole, or cut with "l: all" where the log keeps it
    whole; and the board is not covered (it has the lines its parts need).

    A write that waits half a second on a busy machine adds its news of the saving to the
    message ("delayed", then "works again"): then the message with that news is the one
    that must show whole, and the log keeps it whole with that news."""
    status = screen.query_one(StatusLine)
    told = status.message
    news = told.removeprefix(message).strip()
    assert told.startswith(message) and news in ("", DELAYED_WORDS, RECOVERED_WORDS), told
    message = told
    shown = whole(status.shown_text())
    said = whole(visible(cards_as_shown(message, status.ascii_only)))
    if status.cut:
        assert shown.endswith("l: all")
        assert said.startswith(shown.removesuffix("l: all").rstrip(" .…").rstrip())
        assert status.said[-1] == message
    else:
        assert shown == said
    board = screen.query_one("#board")
    assert board.virtual_size.height <= board.size.height, (
        board.virtual_size,
        board.size,
        status.size,
        status.room(),
    )
