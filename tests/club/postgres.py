"""A real PostgreSQL for the club's tests and benchmark: Debian's ``postgresql`` package,
``initdb`` into a temporary directory and ``pg_ctl start`` on a free loopback port, run as
an unprivileged user (PostgreSQL refuses to run as root), stopped and removed at the end.
:func:`why_not` says why it cannot be had on this machine."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def binaries() -> Path | None:
    """The folder of PostgreSQL's server programs (Debian keeps them off the PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("pg_ctl")
    return Path(on_path).resolve().parent if on_path else None


def _runner() -> list[str]:
    """How to run PostgreSQL's programs: as ourselves, or (as root) as ``postgres``."""
    if os.geteuid() != 0:
        return []
    return ["runuser", "-u", "postgres", "--"]


def why_not() -> str | None:
    """Why no PostgreSQL can be started here, or None when it can."""
    if binaries() is None:
        return "PostgreSQL is not installed (apt-get install postgresql)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run PostgreSQL as"
        if shutil.which("runuser") is None:
            return "running as root and there is no runuser to start PostgreSQL as postgres"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def postgresql(*, durable: bool = False) -> Iterator[str]:
    """A PostgreSQL server for the time of the block: its address for the database
    ``parlour`` (``postgresql://parlour@127.0.0.1:PORT/parlour``). Tests run it without
    fsync; ``durable`` (the benchmark) keeps PostgreSQL's defaults."""
    reason = why_not()
    if reason is not None:
        raise RuntimeError(reason)
    bin_dir = binaries()
    assert bin_dir is not None
    top = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
    data = top / "data"
    run = _runner()
    if run:
        shutil.chown(top, "postgres", "postgres")
    port = free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    try:
        subprocess.run([*run, str(bin_dir / "initdb"), "-D", str(data), "-U", "parlour",
                        "-A", "trust", "-E", "UTF8", "--no-sync"], **quiet)  # fmt: skip
        options = f"-p {port} -k {top} -c listen_addresses=127.0.0.1"
        if not durable:
            options += " -c fsync=off"
        subprocess.run([*run, str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options,
                        "-l", str(top / "log"), "-w", "-t", "60", "start"], **quiet)  # fmt: skip
        try:
            subprocess.run([*run, str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p",
                            str(port), "-U", "parlour", "parlour"], **quiet)  # fmt: skip
            yield f"postgresql://parlour@127.0.0.1:{port}/parlour"
        finally:
            subprocess.run([*run, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast",
                            "-w", "stop"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)  # fmt: skip
    finally:
        shutil.rmtree(top, ignore_errors=True)


def new_database(address: str, name: str) -> str:
    """Another empty database on the same server; its address."""
    bin_dir = binaries()
    assert bin_dir is not None
    host, port = address.split("@", 1)[1].split("/", 1)[0].split(":")
    subprocess.run([*_runner(), str(bin_dir / "createdb"), "-h", host, "-p", port, "-U",
                    "parlour", name], check=True, stdout=subprocess.DEVNULL)  # fmt: skip
    return address.rsplit("/", 1)[0] + "/" + name
