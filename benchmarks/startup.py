"""How long Parlour takes to put its first board on screen, against a bare Textual app.

    python benchmarks/startup.py [--runs 9] [--only golf,start,...] [--against PYTHON]

Each start is a new process in a pseudo-terminal of 100 × 32 (as a player's terminal),
timed from the launch until the screen shows what a player waits for: the first card of
the board (Golf, Rubbish Heap, Three Squares, By Twos), the start screen's menu, or, for
the bare app (Textual's ``App`` with two ``Static`` widgets and nothing else), its text.
The bare app, started as Textual starts an app, is the measure: Python and Textual
importing and drawing. ``--only imports`` times the bare app after importing Parlour's
modules of a game in play: what Parlour's imports alone add; ``--only needs``, after only
what any Parlour must do before a new Golf deal's first board (the rules loaded and the
deal dealt, the database opened and asked for the unfinished game, the settings read): the
floor for the first board whatever its screens are made of. Both hold the garbage
collector off, as Parlour does while it starts (``--only held`` is the bare app holding it
too: what that alone gains). Starts are interleaved (bare, Parlour, bare, Parlour …) so
that the machine's load falls on both alike, and the ratio of the medians is what counts.
``--against`` names the Python of another checkout (its virtualenv's ``bin/python``): its
starts of the same screens are interleaved with these, as a before and after in one run.
Beside each wall-clock time, the processor time the start used (user and system, until it
was ended just after its mark): on a machine whose other work keeps its cores busy, the
wall-clock time is mostly waiting for a core, and the processor time's ratio says more.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import platform
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("bare Textual app")
        yield Static("READY-MARK")

Bare().run()
"""

#: the garbage collector held off, as Parlour's entry point holds it until its first screen
#: is drawn (parlour.collector): the floors below do the same, so that they are floors of
#: what Parlour does
HELD = "import gc\ngc.disable()\n"

#: the bare app after importing what ``parlour play`` imports before its first screen: the
#: floor for a game's first board while Parlour's imports stay as they are
IMPORTS = HELD + "import parlour.cli.commands, parlour.tui.app, parlour.tui.screens.golf\n" + BARE

#: the bare app after what any Parlour must do before a new deal's first board, whatever
#: its screens are made of: load the game's rules and deal it, open the database and ask
#: it for the player's unfinished game (the board says that a first move replaces it),
#: and read the settings (the theme, the deck): a floor for the first board itself
NEEDS = (
    HELD + "import os\n"
    "from pathlib import Path\n"
    "from parlour.engine.registry import find_spec\n"
    "from parlour.store.config import load\n"
    "from parlour.store.database import Store\n"
    "load()\n"
    "Store(Path(os.environ['PARLOUR_DATA_DIR'])).saved_deal('golf', 'none')\n"
    "find_spec('golf').rules().start_from_seed(1)\n"
) + BARE

#: what each start waits for: the arguments, and a text that appears once drawn
STARTS = {
    "bare": (["-c", BARE], b"READY-MARK"),
    "imports": (["-c", IMPORTS], b"READY-MARK"),
    "needs": (["-c", NEEDS], b"READY-MARK"),
    "held": (["-c", HELD + BARE], b"READY-MARK"),
    "start": (["-m", "parlour"], b"Golf: a single hole"),
    "golf": (["-m", "parlour", "play", "golf", "--seed", "1"], b"Found."),
    "rubbish": (["-m", "parlour", "play", "rubbish", "--seed", "1"], b"Foundations"),
    "squares": (["-m", "parlour", "play", "squares", "--seed", "1"], b"Square 1"),
    "bytwos": (["-m", "parlour", "play", "bytwos", "--seed", "1"], b"Clubs"),
}


#: the processor time each start used until it was ended, by the name of what started
#: (seconds): less swayed by a loaded machine than the wall-clock time, and read beside it
CPU: dict[str, list[float]] = {}


def time_start(
    arguments: list[str],
    mark: bytes,
    data_dir: str,
    timeout: float = 60,
    python: str = sys.executable,
    label: str = "",
) -> float:
    """Seconds from launch until ``mark`` is on the screen (then the process is ended; the
    processor time it used by then is kept in ``CPU[label]``)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    env = dict(os.environ, PARLOUR_DATA_DIR=data_dir, TERM="xterm-256color")
    # as on a player's machine: Python keeps the compiled modules it makes (an
    # environment that forbids it makes every start compile all of Parlour again)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    process = subprocess.Popen(
        [python, *arguments],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
        start_new_session=True,
    )
    os.close(slave)
    seen = bytearray()
    try:
        while mark not in seen:
            if time.perf_counter() - start > timeout:
                raise RuntimeError(f"{mark!r} never appeared: {bytes(seen[-200:])!r}")
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    seen.extend(os.read(master, 65536))
                except OSError:
                    break
        return time.perf_counter() - start
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        CPU.setdefault(label, []).append(usage.ru_utime + usage.ru_stime)
        os.close(master)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="starts of each (at least 7)")
    parser.add_argument("--only", default="start,golf,rubbish,squares,bytwos")
    parser.add_argument("--against", help="another checkout's Python, timed alongside")
    args = parser.parse_args()
    names = [name for name in args.only.split(",") if name in STARTS and name != "bare"]
    times: dict[str, list[float]] = {name: [] for name in ["bare", *names]}
    other = {f"{name} (other)": name for name in names} if args.against else {}
    times.update({label: [] for label in other})
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as other_data:
        # one start of each first, not counted: files cached, the database made
        for name in ["bare", *names]:
            time_start(*STARTS[name], data)
        for name in other.values():
            time_start(*STARTS[name], other_data, python=args.against)
        for _ in range(args.runs):
            for name in names:
                times["bare"].append(time_start(*STARTS["bare"], data, label="bare"))
                times[name].append(time_start(*STARTS[name], data, label=name))
                if args.against:
                    label = f"{name} (other)"
                    times[label].append(
                        time_start(*STARTS[name], other_data, python=args.against, label=label)
                    )
    bare = statistics.median(times["bare"])
    bare_cpu = statistics.median(CPU["bare"])
    print(
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}, {args.runs} runs each"
    )
    print(f"{'bare Textual':14} median {bare * 1000:6.0f} ms, processor {bare_cpu * 1000:4.0f} ms")
    for name in [*names, *other]:
        median = statistics.median(times[name])
        spread = f"{min(times[name]) * 1000:.0f}-{max(times[name]) * 1000:.0f}"
        cpu = statistics.median(CPU[name])
        print(
            f"{name:14} median {median * 1000:6.0f} ms ({spread})  ratio {median / bare:.2f}"
            f"  processor {cpu * 1000:4.0f} ms, ratio {cpu / bare_cpu:.2f}"
        )


if __name__ == "__main__":
    main()
