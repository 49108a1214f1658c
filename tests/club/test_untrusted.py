"""A club's answer is text from outside: ``parlour club board``, ``parlour club submit``
and the app's Club screen show every name as characters only (no terminal control, no
Rich markup), numbers only when they are numbers, and a board no larger than a screen
holds; and the web page escapes it."""

from __future__ import annotations

import io
import socket
import socketserver
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from rich.console import Console
from rich.table import Table

from parlour.cli import main
from parlour.cli.club_board import print_boards
from parlour.clubclient.answers import MAX_HOLES
from parlour.clubclient.answers import MAX_ROWS
from parlour.clubclient.answers import NOT_A_NAME
from parlour.clubclient.http import Unreachable
from parlour.clubclient.http import board
from parlour.clubclient.http import call
from parlour.clubclient.http import submit
from parlour.engine.rounds import course_code
from parlour.tui.screens.club import board_view
from tests.club.helpers import hostile_club
from tests.club.helpers import raw_server
from tests.test_cli_match import COURSE
from tests.test_cli_match import play_round


def test_a_hostile_board_is_only_shown(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # (no name wrapped in its cell)
    hostile = "ev\x1b]0;owned\x07e[bold red]X[/]\u202e"
    answer = {
        "course": "15NM7\x1b[2J",
        "daily": False,
        "boards": [
            {
                "options": "none",
                "pars": "not a list",
                "standings": [
                    {"place": 1, "player": hostile, "holes": [1, "x", 3], "total": 5},
                    "not a standing",
                ],
            }
        ],
    }
    print_boards(answer, "http://club.example", "me")
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
    assert "Course 15NM7\\x1b[2J" in out  # (the course's code: shown, never obeyed)
    assert "owned" not in out and "bold red" not in out  # (no club takes such a name)
    assert f"│ {NOT_A_NAME} │" in out
    assert "me has no round on this board yet." in out


def test_a_board_of_the_wrong_shape_is_shown_as_far_as_it_makes_sense(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    answer = {
        "course": "15NM7",
        "boards": [
            {"options": "none", "pars": [3] * 9, "standings": [
                {"place": 1, "player": "ann", "holes": 5, "total": 5},  # not a list
                {"place": 2, "player": "bob", "holes": [4] * 10_000, "total": 1},
            ]},
        ],
    }  # fmt: skip
    print_boards(answer, "http://club.example", "ann")
    out = capsys.readouterr().out
    assert "ann: place 1 of 2" in out
    header = next(line for line in out.splitlines() if "Total" in line)
    assert "18" in header and "19" not in header  # no more columns than MAX_HOLES
    assert "│ par " not in out  # nine pars do not fit eighteen columns: none are shown


def huge_board(me: str) -> dict[str, object]:
    """What a hostile club may answer within the client's bound on an answer: a standing
    of two million holes whose name is an escape sequence and markup and whose numbers are
    not numbers, a thousand standings (``me`` last) on each board, and twenty boards: the
    book rule's and the free stock's, then those again and boards of rules no game has
    (each shown once, or not at all)."""
    standings: list[object] = [
        {"place": True, "player": "ev\x1b]0;owned\x07e[bold red]X[/]", "holes": [1] * 2_000_000,
         "total": "5"},
        *({"place": n, "player": f"p{n}", "holes": [3] * 9, "total": 27} for n in range(2, 1000)),
        {"place": 1000, "player": me, "holes": [3] * 9, "total": 27},
    ]  # fmt: skip
    rules = ["none", "free-stock", "none", "wild", "free-stock,free-stock"] * 4
    return {"course": "15NM7", "boards": [{"options": o, "standings": standings} for o in rules]}


#: the boards of :func:`huge_board` shown: the book rule's and the free stock's
SHOWN = 2


def test_a_hostile_board_in_the_app_is_cut_to_what_a_screen_holds() -> None:
    """The Club screen's view of a board holds no more than the command line's table: at
    most MAX_HOLES holes a standing, MAX_ROWS standings a board and one board for each rule
    of the game (two million holes in one cell held the app for half a minute)."""
    view = board_view(huge_board("Me"), "me")
    tables = [part for part in view.renderables if isinstance(part, Table)]
    assert len(tables) == SHOWN
    assert all(table.row_count == MAX_ROWS for table in tables)
    out = io.StringIO()
    Console(file=out, width=400, color_system=None).print(view)
    shown = out.getvalue()
    assert "\x1b" not in shown and "\x07" not in shown and "owned" not in shown
    first = next(line for line in shown.splitlines() if NOT_A_NAME in line)
    assert " ".join(["1"] * MAX_HOLES) in first and " ".join(["1"] * (MAX_HOLES + 1)) not in first
    assert first.split("│")[1].strip() == first.split("│")[4].strip() == "?"  # (True, "5")
    assert shown.count(f"(the first {MAX_ROWS} of 1000 shown)") == SHOWN
    assert f"me: {', '.join(['place 1000 of 1000'] * SHOWN)}." in shown


def test_a_huge_board_on_the_command_line_is_cut_to_what_a_screen_holds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    print_boards(huge_board("Me"), "http://club.example", "me")
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert out.count("Course 15NM7 · book rule · 1000 played") == 1
    assert out.count("Course 15NM7 · free stock · 1000 played") == 1
    assert out.count("│ p2 ") == SHOWN and "│ p200 " in out and "│ p201 " not in out
    assert out.count(f"(the first {MAX_ROWS} of 1000 shown)") == SHOWN
    said = " ".join(out.split())  # (the line wrapped where the terminal ends)
    assert "me: place 1000 of 1000 (book rule), 1000 of 1000 (free stock)." in said


@pytest.mark.parametrize(
    ("place", "players", "said"),
    [
        ("\x1b]0;owned\x07", 12, ""),
        (3, "\x1b]52;c;b3duZWQ=\x07\x1b[2J", ": place 3 of ?"),
        (True, 12, ""),
        (3, 12, ": place 3 of 12"),
    ],
    ids=["a window title for a place", "a clipboard write for the players", "true", "numbers"],
)
def test_what_a_hostile_club_answers_a_round_sent_is_only_shown(
    place: object,
    players: object,
    said: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    play_round(private_data_dir, "ann", best=False)
    code = course_code(COURSE)
    answer = {"new": True, "place": place, "players": players, "page": "/round/1\x1b[2J"}
    with hostile_club(answer) as url:
        assert main(["--player", "ann", "club", "join", url]) == 0
        assert main(["--player", "ann", "club", "submit", "--course", code]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert f"Sent round of course {code}, total " in out
    sent = next(line for line in out.splitlines() if line.startswith("Sent round"))
    assert sent.endswith(f"{said}. {url}/round/1\\x1b[2J")
    assert ("place" in sent) == bool(said)


class Hostile(socketserver.BaseRequestHandler):
    """A "club" that answers every request with the bytes it was made with."""

    answer = b""

    def handle(self) -> None:
        self.request.recv(65536)
        self.request.sendall(self.answer)


@pytest.mark.parametrize(
    "answer",
    [
        b"NOT HTTP AT ALL\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n" + b"[" * 100_000,
    ],
    ids=["a bad status line", "brackets 100,000 deep"],
)
def test_a_club_that_answers_nonsense_is_one_error(answer: bytes) -> None:
    handler = type("Answer", (Hostile,), {"answer": answer})
    with socketserver.TCPServer(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.handle_request, daemon=True).start()
        with pytest.raises(Unreachable):
            call(f"http://127.0.0.1:{server.server_address[1]}", "/api/board", timeout=10)


@contextmanager
def dripping(head: bytes, every: float = 0.1, longest: float = 8.0) -> Iterator[str]:
    """A "club" that reads the request, sends ``head`` and then one byte every ``every``
    seconds (for ``longest`` seconds at most, so that a client that waits for all of it
    ends too): its address while the block runs."""

    def serve(listener: socket.socket, stop: threading.Event) -> None:
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            connection.sendall(head)
            ends = time.monotonic() + longest
            while not stop.wait(every) and time.monotonic() < ends:
                try:
                    connection.sendall(b" ")
                except OSError:  # (the client has gone)
                    return

    with raw_server(serve) as url:
        yield url


@pytest.mark.parametrize(
    "head",
    [
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Slow: ",
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 999\r\n\r\n{",
    ],
    ids=["headers", "the body"],
)
@pytest.mark.parametrize(
    "ask",
    [lambda url: board(url, timeout=1.0), lambda url: submit(url, "a round", timeout=1.0)],
    ids=["a board", "a round sent"],
)
def test_a_club_that_answers_a_byte_at_a_time_is_given_up_on_in_time(
    head: bytes, ask: Callable[[str], object]
) -> None:
    """A call's timeout is the whole call's: a club that keeps sending a byte at a time,
    each well within the timeout, is given up on when the timeout is over."""
    with dripping(head) as url:
        began = time.monotonic()
        with pytest.raises(Unreachable, match="cannot be reached"):
            ask(url)
        took = time.monotonic() - began
    assert 1.0 <= took < 3.0


def test_a_name_of_several_silent_addresses_is_given_up_on_in_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Connecting is part of the call's time: each address of a club's name was given the
    whole timeout again, so a name of four addresses that never answer took four times
    as long (a host whose IPv6 path drops packets doubles it)."""
    with socket.socket() as full:
        full.bind(("127.0.0.1", 0))
        full.listen(0)
        port = full.getsockname()[1]
        waiting = []  # (fill its queue: another connection's packets are dropped)
        for _ in range(4):
            filler = socket.socket()
            filler.setblocking(False)
            filler.connect_ex(("127.0.0.1", port))
            waiting.append(filler)
        time.sleep(0.2)
        real = socket.getaddrinfo

        def four_addresses(host: str, *args: object, **kwargs: object) -> object:
            if host == "club.example":
                return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))] * 4
            return real(host, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(socket, "getaddrinfo", four_addresses)
        began = time.monotonic()
        with pytest.raises(Unreachable, match="cannot be reached"):
            call(f"http://club.example:{port}", "/api/board", timeout=1.0)
        took = time.monotonic() - began
        for filler in waiting:
            filler.close()
    assert took < 2.0


@pytest.mark.parametrize("status", [422, 429])
def test_a_clubs_reason_is_cut_to_a_few_lines(status: int) -> None:
    """A refusal's reason was told whole, whatever its length (megabytes fit an answer)."""
    from parlour.clubclient.http import MAX_REASON
    from parlour.clubclient.http import ClubError

    with (
        hostile_club({"error": "no " * 100_000}, status=status) as url,
        pytest.raises(ClubError) as refused,
    ):
        board(url)
    said = str(refused.value)
    assert said.endswith("…") and len(said) < MAX_REASON + 80


def test_a_clubs_reason_and_page_are_told_short_however_many_escapes_they_take(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
) -> None:
    """A reason is told in at most MAX_REASON characters, its escapes counted (a tag
    character is written as ten), and a round's page no longer than a page's address."""
    from parlour.clubclient.http import MAX_REASON

    monkeypatch.setenv("COLUMNS", "100000")
    play_round(private_data_dir, "ann", best=False)
    code = course_code(COURSE)
    with hostile_club({"error": "\U000e0041" * 1000}, status=422) as url:
        assert main(["--player", "ann", "club", "join", url]) == 0
        assert main(["--player", "ann", "club", "submit", "--course", code]) == 2
    refused = next(line for line in capsys.readouterr().out.splitlines() if "Refused" in line)
    reason = refused.split(f"course {code}: ", 1)[1]
    assert reason.endswith("…") and len(reason) <= MAX_REASON
    answer = {"new": True, "place": 1, "players": 1, "page": "/round/1" + "1" * 100_000}
    with hostile_club(answer) as url:
        assert main(["--player", "ann", "club", "join", url]) == 0
        assert main(["--player", "ann", "club", "submit", "--course", code]) == 0
    sent = next(line for line in capsys.readouterr().out.splitlines() if "Sent" in line)
    assert len(sent) < 200
