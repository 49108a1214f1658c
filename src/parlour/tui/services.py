"""What the screens ask of the app, as a type: the store, the data directory, the player's
display settings, and starting or resuming games. The app (:mod:`parlour.tui.app`)
provides it; screens reach it through :func:`services` without importing the app, which
imports them; the app is checked against the protocol, not cast to it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any
from typing import Protocol
from typing import TypedDict
from typing import Unpack
from typing import runtime_checkable

from textual.app import App
from textual.screen import ModalScreen
from textual.screen import Screen
from textual.worker import Worker

from parlour.engine.history import Line
from parlour.store.database import Store
from parlour.store.writer import Writer
from parlour.tui.exports import Allowance


class NewGame(TypedDict, total=False):
    """How a new game starts: its seed (a random one unless given), its rule options (the
    player's unless given), and the screen it replaces (its game, if unfinished, is
    dropped)."""

    seed: int | None
    options: frozenset[str] | None
    replace: Screen[Any] | None


class NewRound(TypedDict, total=False):
    """Which round starts: a course (a new one unless given; the player's unfinished round
    of it goes on unless ``fresh``), and the screen it replaces."""

    course: int | None
    replace: Screen[Any] | None
    fresh: bool


@runtime_checkable
class Services(Protocol):
    """What a screen may ask of the app (its routing, its store, the player's display
    settings), checked when a screen asks (:func:`services`)."""

    data_dir: Path
    store: Store | None
    #: the thread the store's writes run in, in order (never on the event loop)
    writer: Writer
    ascii_only: bool
    #: the rule options switched on (each game takes those it has)
    options: frozenset[str]
    notice: str | None
    #: the player cannot be changed (an app served to a browser, unless its owner allows it)
    fixed_player: bool
    #: the records exported lately (an app served to a browser writes a few a minute)
    exports: Allowance
    #: the games dealt lately (an app served to a browser deals a few a minute)
    deals: Allowance

    def start_new_game(self, game: str, **how: Unpack[NewGame]) -> None: ...

    # (each opens its screen once the store has answered: the worker that does it)
    def start_round(
        self, options: frozenset[str] | None = None, **how: Unpack[NewRound]
    ) -> Worker[None]: ...

    def continue_round(
        self, round_id: int, *, replace: Screen[Any] | None = None
    ) -> Worker[None]: ...

    def resume_latest(self) -> Worker[None]: ...

    def show_menu(self) -> None: ...

    def switch_player(
        self, name: str, told: Callable[[str | None], object] | None = None
    ) -> None: ...

    def today(self) -> date: ...

    def check_size(self, width: int, height: int) -> None: ...

    def open_replay(self, line: Line[Any, Any], title: str = "", deal: str = "") -> None: ...

    def replay_stored(self, game_id: int) -> None: ...


def services(screen: Screen[Any]) -> Services:
    """The app's services, for a screen of Parlour's app (``TypeError`` in any other)."""
    app = screen.app
    if not isinstance(app, Services):
        raise TypeError(f"{type(screen).__name__} is shown by an app that is not Parlour's")
    return app


def still_up(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is still one of the app's screens (shown, or under another). A
    screen taken away is dismantled part by part before its workers are stopped, so an
    answer read for it off the event loop can come when its widgets are gone: such an
    answer is for no one, and is let go."""
    return screen.is_attached and screen in screen.app.screen_stack


def place(app: App[Any]) -> Screen[Any]:
    """Where the player is: the top screen below any modal one (a question, a chooser).
    An answer read off the event loop is dropped when the player's place has changed
    since it was asked for (they have moved on)."""
    stack: list[Screen[Any]] = app.screen_stack
    return next((s for s in reversed(stack) if not isinstance(s, ModalScreen)), stack[-1])


def fixed_player_words(player: str) -> str:
    """Why the player cannot be changed in an app served to a browser."""
    return f"This app plays as {player} only: the owner of the server chose the player."


def club_settings(app: App[Any]) -> tuple[str, str]:
    """The club joined ("" for none) and the ``club_submit`` setting. An app served to a
    browser has none: a visitor plays as the owner's player, and must not send rounds
    signed with that player's key (nor learn the club's address)."""
    if getattr(app, "served", False):
        return "", "never"
    config = getattr(app, "config", None)
    settings = getattr(config, "settings", None)
    return str(getattr(settings, "club_url", "") or ""), str(
        getattr(settings, "club_submit", "ask") or "ask"
    )
