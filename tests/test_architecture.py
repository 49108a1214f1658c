"""The engine stays pure: importing it pulls in no UI, storage or I/O libraries."""

import subprocess
import sys

FORBIDDEN = ("textual", "rich", "platformdirs", "sqlite3", "parlour.tui", "parlour.store")


def test_importing_the_engine_loads_nothing_forbidden() -> None:
    code = (
        "import sys, parlour.engine, parlour.engine.record, parlour.engine.rounds\n"
        "import parlour.engine.registry\n"
        "parlour.engine.all_games()\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r} or "
        f"any(m == f or m.startswith(f + '.') for f in {FORBIDDEN!r})]\n"
        "print(','.join(sorted(bad)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
