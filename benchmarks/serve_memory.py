"""What one visitor's app costs under ``parlour serve``: the memory of a served app
(``python -m parlour --served one-player``, run as the server runs it, through Textual's
web driver on pipes) at several terminal sizes, once its start screen is drawn, and of
several at once (how much of it they share).

    python benchmarks/serve_memory.py [--apps 4] [--sizes 80x24,200x60,400x150,5000x5000]

RSS counts every page a process uses (peak: the most it has had); PSS shares the pages
several processes have in common (Python's and Textual's code) between them, so the sum
of the PSS of N apps is what N apps cost together. 5000 × 5000 is what a browser could
ask for before sizes were clamped (to 400 × 150).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


def memory(pid: int) -> tuple[int, int]:
    """RSS and PSS of ``pid``, in KiB."""
    values = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        name, _, rest = line.partition(":")
        if name in ("Rss", "Pss"):
            values[name] = int(rest.split()[0])
    return values["Rss"], values["Pss"]


def peak(pid: int) -> int:
    """The most RSS ``pid`` has had, in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


class App:
    """A served app on pipes, its output read (and counted) as it comes."""

    def __init__(self, data: Path, width: int, height: int) -> None:
        env = dict(
            os.environ,
            TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
            TEXTUAL_FPS="60",
            TEXTUAL_COLOR_SYSTEM="truecolor",
            COLUMNS=str(width),
            ROWS=str(height),
            PARLOUR_CONFIG=str(data / "config.toml"),
        )
        command = [sys.executable, "-m", "parlour", "--data-dir", str(data)]
        self.process = subprocess.Popen(
            [*command, "--player", "guest", "--served", "one-player"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        self.received = 0
        self.last = time.monotonic()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        while chunk := self.process.stdout.read1(65536):
            self.received += len(chunk)
            self.last = time.monotonic()

    def settle(self, quiet: float = 1.5, limit: float = 120) -> float:
        """Wait until it has drawn and then been quiet for ``quiet`` s; the seconds."""
        start = time.monotonic()
        while time.monotonic() - start < limit:
            # (its first bytes are the protocol's greeting and the terminal's modes)
            if self.received > 4096 and time.monotonic() - self.last > quiet:
                break
            time.sleep(0.1)
        return time.monotonic() - start

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--apps", type=int, default=4)
    parser.add_argument("--sizes", default="80x24,200x60,400x150,5000x5000")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        print("| terminal | first screen (bytes) | took (s) | RSS (MiB) | peak RSS (MiB) |")
        print("| --- | --- | --- | --- | --- |")
        for size in args.sizes.split(","):
            width, height = (int(n) for n in size.split("x"))
            app = App(data, width, height)
            took = app.settle()
            rss, _ = memory(app.process.pid)
            most = peak(app.process.pid)
            print(
                f"| {width} × {height} | {app.received} | {took:.1f} | {rss / 1024:.0f} "
                f"| {most / 1024:.0f} |"
            )
            app.stop()
        apps = [App(data, 80, 24) for _ in range(args.apps)]
        for app in apps:
            app.settle()
        figures = [memory(app.process.pid) for app in apps]
        total_pss = sum(pss for _, pss in figures) / 1024
        print(
            f"\n{args.apps} apps at 80 × 24 at once: PSS {total_pss:.0f} MiB in all, "
            f"{total_pss / args.apps:.0f} MiB each; RSS each "
            f"{sum(rss for rss, _ in figures) / 1024 / args.apps:.0f} MiB"
        )
        for app in apps:
            app.stop()


if __name__ == "__main__":
    main()
