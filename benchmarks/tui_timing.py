"""Time to first board and keypress-to-board latency of the real app, in a pseudo-terminal.

    python benchmarks/tui_timing.py [--runs 7] [--keys 40] [--against PYTHON] [--bare]
                                    [--game GAME --seed SEED --first KEY]

*Time to first board*: from starting ``parlour play golf --seed 1`` (a new process) until
the terminal has received the board (the info line naming the seed). *Keypress to
board*: with the app running, the time from writing a key to the terminal until the
redrawn info line with the new move number has arrived; the keys alternate between
undo and redo so every press changes the board. Wall-clock times; medians reported.
``--game`` and ``--seed`` play another deal (Golf's seed 1 by default), ``--first`` naming
the key that makes its first move (Golf's ``7`` by default).

``--against`` names the Python of another checkout (its virtualenv's ``bin/python``): its
app is timed alongside, starts and keys taken in turn with these, as a before and after
in one run (the load of a shared machine falls on both alike).

``--bare`` times, alongside, the floor: a bare Textual app (``bare_board.py``) whose one
Line-API widget, of the game's board's size at 100 × 32, repaints every line on each key,
with an information line and a key bar as ``Static``s; what Textual itself needs to show
a key's answer.
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: the bare reference app (``--bare``)
BARE = str(Path(__file__).with_name("bare_board.py"))
#: each game's board's size (columns × lines) in a 100 × 32 terminal, for the bare app
BOARD_SIZES = {"golf": "56x14", "rubbish": "80x19", "squares": "98x27", "bytwos": "88x13"}


def read_until(fd: int, needle: bytes, timeout: float, buffer: bytearray) -> float:
    deadline = time.perf_counter() + timeout
    while True:
        index = buffer.find(needle)
        if index >= 0:
            del buffer[: index + len(needle)]
            return time.perf_counter()
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            raise TimeoutError(needle)
        ready, _, _ = select.select([fd], [], [], remaining)
        if ready:
            try:
                buffer.extend(os.read(fd, 65536))
            except OSError:
                raise TimeoutError(needle) from None


def drain_until_exit(process: subprocess.Popen[bytes], fd: int, timeout: float) -> None:
    """Keep reading the terminal until the app has quit (an app whose output nobody
    reads blocks on writing it and never gets to quit)."""
    deadline = time.perf_counter() + timeout
    while process.poll() is None:
        if time.perf_counter() > deadline:
            raise TimeoutError("the app did not quit")
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                break
    process.wait(timeout=timeout)


def start(
    data_dir: str,
    python: str = sys.executable,
    game: str = "golf",
    seed: str = "1",
) -> tuple[subprocess.Popen[bytes], int, float]:
    master, slave = pty.openpty()
    os.set_blocking(master, True)
    env = dict(
        os.environ, PARLOUR_DATA_DIR=data_dir, TERM="xterm-256color", COLUMNS="100", LINES="32"
    )
    import fcntl
    import struct
    import termios

    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    began = time.perf_counter()
    if python == BARE:
        command = [sys.executable, BARE, "--seed", seed, "--size", BOARD_SIZES.get(game, "56x14")]
    else:
        command = [python, "-m", "parlour", "play", game, "--seed", seed]
    process = subprocess.Popen(
        command,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
    )
    os.close(slave)
    return process, master, began


def time_app(
    pythons: list[str],
    runs: int,
    keys: int,
    game: str = "golf",
    first: bytes = b"7",
    seed: str = "1",
) -> tuple[list[list[float]], list[list[float]]]:
    """Times to first board and keypress latencies of the app run by each Python, taken in
    turn (a start of each, then a key to each …)."""
    first_board: list[list[float]] = [[] for _ in pythons]
    latencies: list[list[float]] = [[] for _ in pythons]
    for run in range(runs):
        with tempfile.TemporaryDirectory() as data_dir:
            apps = []
            try:
                for index, python in enumerate(pythons):
                    os.makedirs(f"{data_dir}/{index}")
                    process, master, began = start(f"{data_dir}/{index}", python, game, seed)
                    apps.append((process, master, bytearray()))
                    shown = read_until(master, f"seed {seed}".encode(), 30, apps[-1][2])
                    first_board[index].append(shown - began)
                if run == 0:
                    time.sleep(1.0)  # let start-up work settle before timing keys
                    for _, master, buffer in apps:
                        buffer.clear()
                        os.write(master, first)
                        read_until(master, b"move 1", 10, buffer)
                    for press in range(keys):
                        key, needle = (b"u", b"move 0") if press % 2 == 0 else (b"r", b"move 1")
                        for index, (_, master, buffer) in enumerate(apps):
                            time.sleep(0.05)
                            buffer.clear()
                            sent = time.perf_counter()
                            os.write(master, key)
                            latencies[index].append(read_until(master, needle, 10, buffer) - sent)
                for process, master, _ in apps:
                    os.write(master, b"q")
                    drain_until_exit(process, master, 10)
            finally:
                for process, master, _ in apps:
                    if process.poll() is None:
                        process.kill()
                    os.close(master)
    return first_board, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--against", help="another checkout's Python, timed alongside")
    parser.add_argument("--game", default="golf", help="the game played")
    parser.add_argument("--seed", default="1", help="the deal played")
    parser.add_argument("--first", default="7", help="the key that makes the game's first move")
    parser.add_argument("--bare", action="store_true", help="time the bare Textual app too")
    args = parser.parse_args()
    pythons = [sys.executable, *([args.against] if args.against else [])]
    pythons += [BARE] if args.bare else []
    names = ["this checkout:", "the other checkout:"][: len(pythons) - args.bare]
    names += ["the bare Textual app (one Line-API board):"] if args.bare else []
    first = args.first.encode()
    boards, keys = time_app(pythons, args.runs, args.keys, args.game, first, args.seed)
    for index, (first_board, latencies) in enumerate(zip(boards, keys, strict=True)):
        if len(pythons) > 1:
            print(names[index])
        print(
            f"time to first board: median {statistics.median(first_board) * 1000:.0f} ms "
            f"(min {min(first_board) * 1000:.0f}, max {max(first_board) * 1000:.0f}, "
            f"{len(first_board)} runs)"
        )
        if latencies:
            print(
                f"keypress to board: median {statistics.median(latencies) * 1000:.1f} ms "
                f"(min {min(latencies) * 1000:.1f}, max {max(latencies) * 1000:.1f}, "
                f"{len(latencies)} keys)"
            )


if __name__ == "__main__":
    main()
