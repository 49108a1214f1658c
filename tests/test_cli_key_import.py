"""``parlour club key import`` over a key file of the player's that cannot be read: the
command says which file and what to do, and the file is never written over (it may be
the only copy of a private key), with ``--replace`` or without."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def parlour(data: Path, *words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", "--data-dir", str(data), *words],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_damaged_key_kept_here_is_named_and_left_as_it_is(tmp_path: Path) -> None:
    exported = tmp_path / "zed.key"
    made = parlour(tmp_path / "other", "club", "key", "export", "--player", "Zed",
                   "--out", str(exported))  # fmt: skip
    assert made.returncode == 0, made.stderr
    here = tmp_path / "here"
    assert parlour(here, "club", "key", "export", "--player", "Zed").returncode == 0
    [kept] = (here / "keys").glob("*.key")
    kept.write_text("half a key\n")
    for extra in ([], ["--replace"]):
        done = parlour(here, "club", "key", "import", str(exported), *extra)
        assert done.returncode == 2
        assert "the key kept here for Zed cannot be read" in done.stderr
        assert str(kept) in done.stderr and "move that file away" in done.stderr
        assert "Traceback" not in done.stderr
        assert kept.read_text() == "half a key\n"
    kept.unlink()  # moved away, the import goes through
    assert parlour(here, "club", "key", "import", str(exported)).returncode == 0
