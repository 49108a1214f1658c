"""The keys' wiring is plain Python the tools can follow: every guard and every action a
key table names is a method something calls, so that a rename cannot leave a key
pointing at nothing without the type checker or this test saying so."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src" / "parlour"
#: what Textual calls by name: the one action every key table's bindings press
FRAMEWORK = {"action_press"}
#: the kinds of name a key table calls: a screen's actions and the controls' guards
GUARD_OR_ACTION = re.compile(r"'(action_\w+|can_\w+|is_\w+|has_\w+|\w+)'")


def test_vulture_finds_no_unused_guard_or_action() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "vulture", "--min-confidence", "60", str(SOURCE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode in (0, 3), run.stderr  # 3: vulture found something
    # a name a game's plug-in reaches by its reference ("module:name") is used
    from parlour.engine.registry import specs

    referenced = {
        reference.rpartition(":")[2] for spec in specs() for reference in spec.references().values()
    }
    unused = []
    for line in run.stdout.splitlines():
        where = line.split(":", 1)[0]
        found = GUARD_OR_ACTION.search(line)
        name = found.group(1) if found else ""
        in_controls = "/controls/" in where
        keyish = name.startswith(("action_", "can_", "is_", "has_"))
        if (in_controls or ("/tui/" in where and keyish)) and name not in FRAMEWORK | referenced:
            unused.append(line)
    assert unused == []
