"""A club that answers as no club does: a round counts as sent only when the club's
answer says it took it (a redirect, a status other than 200 or 201, or an answer without
a club's shape leaves it to send again), and what a club sends back is told in a line."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from contextlib import suppress
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.clubclient.http import MAX_REASON
from parlour.engine.rounds import course_code
from parlour.store.club_state import FILE_NAME
from tests.club.helpers import raw_server
from tests.test_cli_match import COURSE
from tests.test_cli_match import play_round

#: what a club answers a round it took
TAKEN = json.dumps({"round": 1, "new": True, "place": 1, "players": 1, "page": "/round/1"})


def answer(status: str, body: str = "", *headers: str) -> bytes:
    """An HTTP answer, as bytes."""
    data = body.encode("utf-8")
    head = [f"HTTP/1.1 {status}", *headers, f"Content-Length: {len(data)}", "Connection: close"]
    return ("\r\n".join(head) + "\r\n\r\n").encode("utf-8") + data


@contextmanager
def raw_club(answers: Callable[[bytes], bytes]) -> Iterator[str]:
    """A "club" on a free loopback port that answers each request with the bytes
    ``answers`` gives for it (its request line and headers): its address while the block
    runs."""

    def serve(listener: socket.socket, stop: threading.Event) -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                continue
            with connection, suppress(OSError):  # (the client gone)
                connection.settimeout(5)
                connection.sendall(answers(_request(connection)))

    with raw_server(serve) as url:
        yield url


def _request(connection: socket.socket) -> bytes:
    """A request's line and headers, its body read (a club that answers before it has
    read a round sent may find the connection reset)."""
    got = b""
    while b"\r\n\r\n" not in got:
        more = connection.recv(65536)
        if not more:
            return got
        got += more
    head, _, body = got.partition(b"\r\n\r\n")
    length = next(
        (int(line.split(b":")[1]) for line in head.split(b"\r\n")
         if line.lower().startswith(b"content-length:")),
        0,
    )  # fmt: skip
    while len(body) < length:
        more = connection.recv(65536)
        if not more:
            break
        body += more
    return head


def club_file(data: Path) -> str:
    path = data / FILE_NAME
    return path.read_text() if path.exists() else ""


def _posted_then_board(head: bytes) -> bytes:
    """A round sent is redirected (303, as a web form is) to a board, which is answered."""
    if head.startswith(b"POST"):
        return answer("303 See Other", "", "Location: /api/board")
    return answer("200 OK", json.dumps({"course": "15NM7", "boards": []}))


NOT_TAKEN: dict[str, Callable[[bytes], bytes]] = {
    "307 with a round's answer": lambda _: answer("307 Temporary Redirect", TAKEN, "Location: /x"),
    "302 to a file": lambda _: answer("302 Found", TAKEN, "Location: file:///etc/passwd"),
    "302 to itself": lambda _: answer("302 Found", TAKEN, "Location: /api/rounds"),
    "300 with a round's answer": lambda _: answer("300 Multiple Choices", TAKEN),
    "202 accepted, not taken": lambda _: answer("202 Accepted", TAKEN),
    "200 with an error": lambda _: answer("200 OK", json.dumps({"error": "down for upkeep"})),
    "303 to a board": _posted_then_board,
}


@pytest.mark.parametrize("answers", NOT_TAKEN.values(), ids=NOT_TAKEN.keys())
def test_a_round_the_club_did_not_take_is_not_marked_sent(
    answers: Callable[[bytes], bytes],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
) -> None:
    """A round was marked sent (and never sent again) on any answer below 400 that was a
    JSON object: a redirect not followed, a POST turned into a GET by a redirect, 202."""
    monkeypatch.setenv("COLUMNS", "300")
    play_round(private_data_dir, "ann", best=False)
    submit = ["--player", "ann", "club", "submit", "--course", course_code(COURSE)]
    with raw_club(answers) as url:
        assert main(["--player", "ann", "club", "join", url]) == 0
        assert main(submit) == 2
        out = capsys.readouterr().out
        assert "Not sent:" in out and "1 round wait" in out
        assert '"sent"' not in club_file(private_data_dir)
        assert main(submit) == 2  # (it waits: tried again)
        assert "Not sent:" in capsys.readouterr().out
    with raw_club(lambda _: answer("201 Created", TAKEN)) as url:
        assert main(["--player", "ann", "club", "join", url]) == 0
        assert main(submit) == 0
        assert f"Sent round of course {course_code(COURSE)}" in capsys.readouterr().out
    assert '"sent"' in club_file(private_data_dir)


def test_what_a_club_that_cannot_be_reached_says_is_told_in_a_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    """A status line of 55,000 characters (escape sequences) was told whole by ``parlour
    club submit``, escaped: a line of 80,000 characters on the terminal (and in the app's
    notification). It is cut as a club's reason for a refusal is."""
    monkeypatch.setenv("COLUMNS", "100000")  # (the line is not wrapped)
    play_round(private_data_dir, "ann", best=False)
    status = "HTTP/1.1 2x0 " + "\x1b]0;owned\x07" * 5000
    with raw_club(lambda _: (status + "\r\n\r\n").encode("utf-8")) as url:
        assert main(["--player", "ann", "club", "join", url]) == 0
        assert main(["--player", "ann", "club", "submit", "--course", course_code(COURSE)]) == 2
    said = next(line for line in capsys.readouterr().out.splitlines() if "Not sent" in line)
    assert "\x1b" not in said and said.count("owned") < 30
    assert len(said) < MAX_REASON + 200


def test_an_answer_nested_deeper_than_a_clubs_is_not_a_clubs_answer(
    capsys: pytest.CaptureFixture[str], private_data_dir: Path
) -> None:
    """``parlour club board --json`` indents the answer: twenty lists each nested 800 deep
    (an answer of 32 KB) were written as 26 MB, and the 4 MiB an answer may be as some
    4 GB, held in memory first (200 lists 980 deep, 392 KB: 386 MB written, 1.2 GB held,
    10 s). A club's answer nests six deep (a standing's holes)."""
    nested = "[" * 800 + "]" * 800
    body = json.dumps({"course": "15NM7", "boards": []})[:-1] + ', "x": [' + ",".join([nested] * 20)
    with raw_club(lambda _: answer("200 OK", body + "]}")) as url:
        assert main(["--player", "ann", "club", "join", url]) == 0
        capsys.readouterr()
        assert main(["--player", "ann", "club", "board", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "not a club's answer" in err and len(err) < 300


def test_a_number_of_thousands_of_digits_is_not_a_place(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    """A place and a number of players of 4,000 digits each (JSON has no bound on an
    integer's digits short of Python's 4,300) were told whole: a line of 8,000 digits for
    the round sent, and 4,000 for the player's place on the board."""
    monkeypatch.setenv("COLUMNS", "100000")
    play_round(private_data_dir, "ann", best=False)
    huge = int("9" * 4000)
    taken = {"round": 1, "new": True, "place": huge, "players": huge, "page": "/round/1"}
    standing = {"place": huge, "player": "ann", "holes": [huge] * 9, "total": huge}
    boards = {"course": "15NM7", "boards": [{"options": "none", "standings": [standing]}]}
    code = course_code(COURSE)
    with raw_club(lambda _: answer("201 Created", json.dumps(taken))) as url:
        assert main(["--player", "ann", "club", "join", url]) == 0
        assert main(["--player", "ann", "club", "submit", "--course", code]) == 0
    said = next(line for line in capsys.readouterr().out.splitlines() if "Sent round" in line)
    assert "9999999999" not in said and len(said) < 200
    with raw_club(lambda _: answer("200 OK", json.dumps(boards))) as url:
        assert main(["--player", "ann", "club", "join", url]) == 0
        assert main(["--player", "ann", "club", "board"]) == 0
    out = capsys.readouterr().out
    assert "9999999999" not in out and "ann: place ? of 1 (book rule)." in out


def test_a_board_is_read_only_from_the_club_a_redirect_elsewhere_is_not_followed(
    capsys: pytest.CaptureFixture[str], private_data_dir: Path
) -> None:
    """A club's board redirected to another host (or from https down to http) was read
    from there and shown as the club's: whoever answered there could show any board. A
    redirect within the club is still followed."""
    board = json.dumps({"course": "15NM7", "boards": []})

    def elsewhere_or_board(other: str) -> Callable[[bytes], bytes]:
        def answers(head: bytes) -> bytes:
            if b" /moved" in head.split(b"\r\n")[0]:
                return answer("200 OK", board)
            return answer("302 Found", "", f"Location: {other}/moved")

        return answers

    with raw_club(lambda _: answer("200 OK", board)) as other:
        # (the same computer under another name: another host to the club's address)
        elsewhere = other.replace("127.0.0.1", "localhost")
        with raw_club(elsewhere_or_board(elsewhere)) as url:
            assert main(["--player", "ann", "club", "join", url]) == 0
            capsys.readouterr()
            assert main(["--player", "ann", "club", "board", "--json"]) == 2
            out, err = capsys.readouterr()
            assert out == "" and "answered 302, sending Parlour elsewhere" in err
    with raw_club(lambda head: elsewhere_or_board("")(head)) as url:
        assert main(["--player", "ann", "club", "join", url]) == 0
        capsys.readouterr()
        assert main(["--player", "ann", "club", "board", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["course"] == "15NM7"


def test_each_round_sent_is_told_as_the_club_answers_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    """``parlour club submit`` said nothing until every round had been answered: a club
    taking its time over each (up to the call's deadline, ten seconds) left the player
    looking at nothing for as long as all of them took."""
    monkeypatch.setenv("COLUMNS", "300")
    posted: list[bytes] = []
    second = threading.Event()

    def answers(head: bytes) -> bytes:
        if head.startswith(b"POST"):
            posted.append(head)
            if len(posted) == 2:
                second.wait(30)  # (the club takes its time over the second)
        return answer("201 Created", TAKEN)

    with raw_club(answers) as url:
        assert main(["--player", "ann", "club", "join", url]) == 0
        play_round(private_data_dir, "ann", best=False)
        play_round(private_data_dir, "ann", COURSE + 1, best=False)
        capsys.readouterr()
        status: list[int] = []
        submitting = threading.Thread(
            target=lambda: status.append(main(["--player", "ann", "club", "submit"]))
        )
        submitting.start()
        said = ""
        try:
            deadline = time.monotonic() + 20
            # (the first round is told before the second is posted: wait for both)
            while not ("Sent round" in said and len(posted) == 2) and time.monotonic() < deadline:
                time.sleep(0.05)
                said += capsys.readouterr().out
            assert "Sent round" in said and len(posted) == 2 and not status
        finally:
            second.set()
            submitting.join(30)
    assert status == [0]
    assert (said + capsys.readouterr().out).count("Sent round") == 2
