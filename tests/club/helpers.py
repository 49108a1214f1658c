"""What the club's tests share: rounds played by the engine (for plain mode's input, or
as signed round records), and a club server run as ``parlour club serve`` in a process of
its own."""

from __future__ import annotations

import http.server
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from parlour.engine.history import Line
from parlour.engine.registry import round_game
from parlour.engine.round_record import format_round_record
from parlour.engine.rounds import hole_seed
from parlour.store.signing import KeyPair
from parlour.store.signing import sign_record
from tests.club.postgres import free_port

Pick = Callable[[list[Any]], Any]


def first(moves: list[Any]) -> Any:
    return moves[0]


def last(moves: list[Any]) -> Any:
    return moves[-1]


def played_hole(course: int, hole: int, pick: Pick = first) -> tuple[Line[Any, Any], list[str]]:
    """A hole played to its end by choosing ``pick`` of the legal moves, as a session plays
    it (the moves the rules play out themselves are not the player's): the game, and the
    player's own moves in notation."""
    spec = round_game()
    assert spec.rounds is not None
    rules = spec.rules()
    line: Line[Any, Any] = Line.from_seed(rules, hole_seed(spec.rounds, course, hole))
    typed = []
    while rules.outcome(line.current) is None:
        out = rules.playing_out(line.current)
        if out is not None:
            line = line.play(out)
            continue
        move = pick([m for m in rules.legal_moves(line.current) if not rules.is_give_up(m)])
        typed.append(rules.format_move(move))
        line = line.play(move)
    return line, typed


def plain_input(course: int, pick: Pick = first) -> str:
    """What a player types into ``parlour play golf --course … --plain`` to play the
    whole round: each hole's moves, then ``next`` for the next hole."""
    spec = round_game()
    assert spec.rounds is not None
    holes = [played_hole(course, hole, pick)[1] for hole in range(1, spec.rounds.holes + 1)]
    return "\nnext\n".join("\n".join(moves) for moves in holes) + "\n"


def round_record(course: int, player: str, pair: KeyPair | None, pick: Pick = first) -> str:
    """A whole round of ``course`` as a round record, signed by ``pair`` if given."""
    spec = round_game()
    assert spec.rounds is not None
    lines = [played_hole(course, hole, pick)[0] for hole in range(1, spec.rounds.holes + 1)]
    text = format_round_record(spec.id, course, player, lines)
    return sign_record(text, pair) if pair is not None else text


@contextmanager
def club_server(
    database: str,
    data: Path,
    *extra: str,
    env: dict[str, str] | None = None,
    open_files: int | None = None,
) -> Iterator[str]:
    """``parlour club serve`` on a free loopback port: its address while the block runs;
    stopped with Ctrl-C (SIGINT) after it, as a person stops it. ``open_files``: the
    server's open-file limit (its soft limit, as ``ulimit -Sn`` sets it)."""

    def limited() -> None:
        if open_files is not None:
            hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, hard))

    port = free_port()
    command = [sys.executable, "-m", "parlour", "--data-dir", str(data), "club", "serve",
               "--port", str(port), "--database", database, "--workers", "1", *extra]  # fmt: skip
    log = (data.parent / f"club-{port}.log").open("w")
    server = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        start_new_session=True,
        env={**os.environ, **(env or {})},
        preexec_fn=limited,  # (nothing but setrlimit, before exec)
    )
    try:
        assert server.stdout is not None
        announced = server.stdout.readline()
        if "served at" not in announced:
            log.flush()
            raise AssertionError(
                f"the club did not start: {announced!r} "
                f"{(data.parent / f'club-{port}.log').read_text()[-2000:]}"
            )
        server.stdout.readline()
        yield f"http://127.0.0.1:{port}"
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=20)
        finally:
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGKILL)
            log.close()
    assert server.returncode == 0, (data.parent / f"club-{port}.log").read_text()[-2000:]


def status_of(request: str | urllib.request.Request, timeout: float = 30) -> int:
    """The HTTP status the club answers a request (a URL to GET, or a request made)."""
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


@contextmanager
def hostile_club(answer: dict[str, Any], status: int = 201) -> Iterator[str]:
    """A "club" on a free loopback port that answers every request (a round sent, a board
    asked for) with ``status`` and ``answer`` as JSON, whatever it holds: its address
    while the block runs."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def answer(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            body = json.dumps(answer).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = answer

        def log_message(self, *args: Any) -> None:
            pass  # (no line on standard error for each request)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


@contextmanager
def raw_server(serve: Callable[[socket.socket, threading.Event], object]) -> Iterator[str]:
    """A server of a test's own on a free loopback port: ``serve(listener, stop)`` runs
    in a thread; the server's address while the block runs, then ``stop`` is set and the
    listener closed."""
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()
    thread = threading.Thread(target=serve, args=(listener, stop), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(10)
        listener.close()
