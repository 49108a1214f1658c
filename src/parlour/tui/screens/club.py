"""The Club screen: the club's leaderboard of today's course and the player's place on it,
asked for in a worker thread (the screen says so while it waits, and says so if the club
cannot be reached); ``s`` sends the rounds that wait."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from parlour.clubclient.answers import read_boards
from parlour.clubclient.http import ClubError
from parlour.clubclient.http import board
from parlour.controls.screens import CLUB_KEYS
from parlour.controls.screens import Club
from parlour.engine.registry import round_game
from parlour.engine.rounds import course_code
from parlour.engine.rounds import daily_course
from parlour.engine.untrusted import shown
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.club_send import TIMEOUT
from parlour.tui.screens.club_send import send_rounds
from parlour.tui.screens.helping import OpensHelp
from parlour.tui.services import club_settings
from parlour.tui.services import services


def _number(value: int | None) -> str:
    return "?" if value is None else str(value)


def board_view(answer: dict[str, Any], me: str) -> Group:
    """A club's answer (text from outside: read by :func:`read_boards`, shown, never read
    as markup) as tables, with the player's place."""
    parts: list[Any] = []
    mine = []
    for found in read_boards(answer, me).boards:
        table = Table(title=Text(f"{found.rule} · {found.played} played"))
        table.add_column("#", justify="right")
        table.add_column("Player")
        table.add_column("Holes")
        table.add_column("Total", justify="right")
        for standing in found.standings:
            table.add_row(
                _number(standing.place),
                Text(standing.player),
                " ".join(map(_number, standing.holes)),
                _number(standing.total),
                style="bold" if standing.mine else None,
            )
        parts.append(table)
        if found.played > len(found.standings):
            parts.append(Text(f"(the first {len(found.standings)} of {found.played} shown)"))
        mine += [f"place {_number(place)} of {found.played}" for place in found.places]
    if not parts:
        parts.append(Text("No one has sent a round of today's course to the club yet."))
    you = f"{shown(me)}: {', '.join(mine)}." if mine else f"{shown(me)}: not on the board yet."
    parts.append(Text(you, style="bold"))
    return Group(*parts)


class ClubScreen(OpensHelp, Screen[None]):
    KEYS = CLUB_KEYS

    def key_target(self) -> Club:
        return self  # the type checker sees that the screen has what its keys call

    DEFAULT_CSS = """
    ClubScreen #club { padding: 0 1; }
    ClubScreen #club-title { text-style: bold; margin-bottom: 1; }
    ClubScreen #club-status { color: $text-muted; margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="club"):
            yield Static(id="club-title", markup=False)
            yield Static(id="club-board", markup=False)
            yield Static(id="club-status", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        app = services(self)
        code = course_code(daily_course(round_game().id, app.today()))
        url, _ = club_settings(self.app)
        self.query_one("#club-title", Static).update(
            Text(f"Club {shown(url) or '(none joined)'} · today's course {code}")
        )
        self.action_refresh()
        if url and services(self).store is not None:
            store = services(self).store
            assert store is not None
            send_rounds(self.app, store, services(self).data_dir, url, quiet=True)

    def _status(self, text: str) -> None:
        self.query_one("#club-status", Static).update(Text(text))

    def action_refresh(self) -> None:
        url, _ = club_settings(self.app)
        if not url:
            self._status("You have not joined a club: parlour club join URL (then come back).")
            return
        self._status(f"Asking the club at {shown(url)} …")
        app = services(self)
        me = app.store.player if app.store is not None else ""
        code = course_code(daily_course(round_game().id, app.today()))

        def fetch() -> None:
            try:
                answer = board(url, code, player=me, timeout=TIMEOUT)
            except ClubError as error:
                self.app.call_from_thread(self._status, f"{shown(str(error))}. (r tries again.)")
                return
            self.app.call_from_thread(self._show, board_view(answer, me))

        self.run_worker(fetch, thread=True, exclusive=True, group="club-board")

    #: the board shown, once the club has answered
    view: Group | None = None

    def _show(self, view: Group) -> None:
        self.view = view
        self.query_one("#club-board", Static).update(view)
        self._status("r asks again; s sends your rounds that wait.")

    def action_send(self) -> None:
        url, _ = club_settings(self.app)
        app = services(self)
        if url and app.store is not None:
            send_rounds(self.app, app.store, app.data_dir, url)

    def action_back(self) -> None:
        self.app.pop_screen()
