"""The club under load, on loopback only: ``--clients`` concurrent clients each sending
signed, verified round records and reading leaderboards, against ``parlour club serve``
on SQLite and on a real PostgreSQL (Debian's, started in a temporary directory with its
default durability), until ``--rounds`` rounds are sent or ``--seconds`` pass.

    python benchmarks/club_load.py [--clients 8] [--rounds 240] [--seconds 60]
                                   [--workers 2] [--only sqlite|postgresql]

Reported per database: rounds sent per second (and per core of the machine), the p50
and p99 latency of a submission and of a board read, and the CPU time one verification
takes (from the server's own log: each verifying process measures it). Every round is
new (its own player and play), so each one is verified, stored and ranked.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parlour.engine.rounds import course_code
from parlour.store.signing import new_key
from tests.club import postgres
from tests.club.helpers import club_server
from tests.club.helpers import first
from tests.club.helpers import last
from tests.club.helpers import round_record

#: courses the rounds are spread over (so boards have many players each)
COURSES = 6


def records(count: int) -> list[tuple[int, str]]:
    """``count`` signed round records, each by a player of its own, over a few courses."""
    courses = [secrets.randbits(40) for _ in range(COURSES)]
    made = []
    picks: list[Callable[[list[Any]], Any]] = [first, last]
    for number in range(count):
        course = courses[number % COURSES]
        name = f"p{number}-{secrets.token_hex(3)}"
        made.append((course, round_record(course, name, new_key(name), picks[number % 2])))
    return made


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def load(
    url: str, work: list[tuple[int, str]], clients: int, seconds: float
) -> dict[str, Any]:
    queue: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
    for item in work:
        queue.put_nowait(item)
    submit_ms: list[float] = []
    board_ms: list[float] = []
    failures: list[str] = []
    deadline = time.monotonic() + seconds

    async def client(session: aiohttp.ClientSession) -> None:
        while time.monotonic() < deadline:
            try:
                course, text = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            started = time.perf_counter()
            async with session.post(f"{url}/api/rounds", data=text.encode()) as response:
                answer = await response.json()
                if response.status != 201:
                    failures.append(f"{response.status} {answer}")
            submit_ms.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            async with session.get(
                f"{url}/api/board", params={"course": course_code(course)}
            ) as response:
                await response.read()
                if response.status != 200:
                    failures.append(f"board {response.status}")
            board_ms.append((time.perf_counter() - started) * 1000)

    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        started = time.perf_counter()
        await asyncio.gather(*(client(session) for _ in range(clients)))
        elapsed = time.perf_counter() - started
    return {"elapsed": elapsed, "submit_ms": submit_ms, "board_ms": board_ms, "failures": failures}


def server_cpu(log: Path) -> list[float]:
    """The CPU seconds each accepted round's verification took (the server's log)."""
    found = []
    for line in log.read_text().splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if entry.get("event") == "round" and entry.get("new"):
            found.append(float(entry["cpu"]))
    return found


def process_cpu(group: int) -> tuple[float, float]:
    """CPU seconds (user + system) used so far by a process group's leader (the server's
    event loop) and by the rest (its verifying processes)."""
    ticks = os.sysconf("SC_CLK_TCK")
    leader = rest = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group:
            used = int(fields[11]) + int(fields[12])
            if int(entry.name) == group:
                leader += used
            else:
                rest += used
    return leader / ticks, rest / ticks


def run(
    kind: str, database: str, args: argparse.Namespace, work: list[tuple[int, str]]
) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix=f"club-load-{kind}-"))
    data = folder / "data"
    data.mkdir()
    limits = ("--submissions-per-minute", "1000000", "--requests-per-minute", "1000000")
    with club_server(
        database, data, *limits, env={"PARLOUR_CLUB_WORKERS": str(args.workers)}
    ) as url:
        port = url.rsplit(":", 1)[1]
        group = int(next(p for p in Path("/proc").iterdir() if p.name.isdigit()
                         and f"--port\0{port}\0".encode() in _cmdline(p)).name)  # fmt: skip
        before = process_cpu(group)
        result = asyncio.run(load(url, work, args.clients, args.seconds))
        after = process_cpu(group)
        result["loop_cpu"], result["pool_cpu"] = (a - b for a, b in zip(after, before, strict=True))
    result["verify_cpu"] = server_cpu(folder / f"club-{port}.log")
    return result


def _cmdline(entry: Path) -> bytes:
    try:
        return (entry / "cmdline").read_bytes()
    except OSError:
        return b""


def report(kind: str, result: dict[str, Any], cores: int) -> str:
    sent = len(result["submit_ms"])
    rate = sent / result["elapsed"]
    cpu = result["verify_cpu"]
    submits, boards = result["submit_ms"], result["board_ms"]
    return (
        f"| {kind} | {sent} | {result['elapsed']:.1f} | {rate:.1f} | {rate / cores:.1f} | "
        f"{percentile(submits, 0.5):.0f} | {percentile(submits, 0.99):.0f} | "
        f"{percentile(boards, 0.5):.0f} | {percentile(boards, 0.99):.0f} | "
        f"{(statistics.median(cpu) if cpu else float('nan')) * 1000:.1f} | "
        f"{result['loop_cpu'] / max(sent, 1) * 1000:.1f} | "
        f"{result['pool_cpu'] / max(sent, 1) * 1000:.1f} | {len(result['failures'])} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=240)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", choices=("sqlite", "postgresql"))
    args = parser.parse_args()
    if not 1 <= args.clients <= 64 or not 1 <= args.rounds <= 5000 or not 0 < args.seconds <= 600:
        parser.error("at most 64 clients, 5000 rounds and 600 seconds")
    cores = os.cpu_count() or 1
    print(f"making {args.rounds} signed round records per database …", flush=True)
    header = (
        f"{args.clients} clients, {args.workers} verifying processes, {cores} cores "
        "(clients and server on one machine)\n\n"
        "| database | rounds | s | rounds/s | per core | submit p50 ms | p99 | board p50 ms | "
        "p99 | CPU/verification ms | server loop CPU/round ms | pool CPU/round ms | failed |\n"
        "| --- " + "| ---: " * 12 + "|"
    )
    lines = [header]
    if args.only in (None, "sqlite"):
        work = records(args.rounds)
        lines.append(report("SQLite", run("sqlite", "", args, work), cores))
        print(lines[-1], flush=True)
    if args.only in (None, "postgresql"):
        reason = postgres.why_not()
        if reason is not None:
            lines.append(f"| PostgreSQL | skipped: {reason} |")
        else:
            work = records(args.rounds)
            with postgres.postgresql(durable=True) as address:
                lines.append(report("PostgreSQL", run("postgresql", address, args, work), cores))
        print(lines[-1], flush=True)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
