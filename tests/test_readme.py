"""The README's two set-up commands are the ones CI and users run."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def commands(section: str) -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    part = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", part, re.S)


def test_readme_gives_exactly_one_play_command_and_one_test_command() -> None:
    assert len(commands("Play")) == 1
    assert len(commands("Test")) == 1
    assert commands("Play")[0].endswith(".venv/bin/parlour")


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands("Test")[0] in ci.splitlines()
