"""Files named on the command line. Written (``export-round --out``, ``analyse --out``):
never over an existing file unless ``--force``, never over a link, a device or a pipe
even then, and never through the player's own ``FILE.part``. Read (records for ``check``,
``replay``, ``match``, ``play --record``; the settings file): only a regular file, within a
bound, never waiting on a FIFO; anything else is one line and the command goes on or ends
with status 2. Run as processes where a hang or a traceback is what is being looked for."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.cli import main
from tests.test_cli_match import play_round

PARLOUR = [sys.executable, "-m", "parlour"]


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory where ann has finished a round."""
    directory = tmp_path_factory.mktemp("files") / "data"
    play_round(directory, "ann", best=False)
    return directory


def export(
    data: Path, capsys: pytest.CaptureFixture[str], out: Path | str, *more: str
) -> tuple[int, str, str]:
    status = main(["--data-dir", str(data), "--player", "ann", "export-round", "--out",
                   str(out), *more])  # fmt: skip
    said = capsys.readouterr()
    return status, said.out, said.err


def parlour(*argv: str, timeout: float = 60, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*PARLOUR, *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **env},
        stdin=subprocess.DEVNULL,
    )


# -- writing ----------------------------------------------------------------------------------


def test_an_existing_file_is_refused_unless_force(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "round.txt"
    out.write_text("my own notes\n")
    status, said, err = export(data, capsys, out)
    assert status == 2 and said == ""
    assert err == f"parlour: {out} already exists: not replaced (--force replaces it)\n"
    assert out.read_text() == "my own notes\n"
    status, said, err = export(data, capsys, out, "--force")
    assert status == 0 and err == "" and said.rstrip().endswith(f"written to {out}")
    assert out.read_text().startswith("# Parlour round record\n")
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["round.txt"]


def test_a_link_is_never_replaced_even_with_force(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    aim = tmp_path / "theirs.txt"
    aim.write_text("theirs\n")
    link = tmp_path / "round.txt"
    link.symlink_to(aim)
    for more in ([], ["--force"]):
        status, _, err = export(data, capsys, link, *more)
        assert status == 2 and len(err.splitlines()) == 1
        assert err.startswith(f"parlour: {link} is a symbolic link: not replaced")
        assert link.is_symlink() and aim.read_text() == "theirs\n"


@pytest.mark.parametrize("device", ["/dev/null", "/dev/full"])
def test_a_device_is_never_replaced_even_with_force(
    data: Path, capsys: pytest.CaptureFixture[str], device: str
) -> None:
    before = os.stat(device)
    status, _, err = export(data, capsys, device, "--force")
    assert status == 2
    assert err == f"parlour: {device} is not a regular file (a device or a pipe?): not replaced\n"
    after = os.stat(device)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_is_never_written_or_waited_on(data: Path, tmp_path: Path) -> None:
    pipe = tmp_path / "round.txt"
    os.mkfifo(pipe)
    said = parlour("--data-dir", str(data), "--player", "ann", "export-round", "--out",
                   str(pipe), "--force", timeout=30)  # fmt: skip
    assert said.returncode == 2 and said.stdout == ""
    assert (
        said.stderr
        == f"parlour: {pipe} is not a regular file (a device or a pipe?): not replaced\n"
    )
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


def test_the_players_own_part_file_and_a_linked_one_are_left_alone(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "round.txt"
    mine = tmp_path / "round.txt.part"
    mine.write_text("my own notes\n")
    assert export(data, capsys, out)[0] == 0
    assert mine.read_text() == "my own notes\n"
    mine.unlink()
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("elsewhere\n")
    mine.symlink_to(elsewhere)
    assert export(data, capsys, out, "--force")[0] == 0
    assert mine.is_symlink() and elsewhere.read_text() == "elsewhere\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "elsewhere.txt",
        "round.txt",
        "round.txt.part",
    ]


def test_analyse_refuses_an_existing_file_before_solving_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "golf.csv"
    out.write_text("my own figures\n")
    argv = ["analyse", "golf", "--seeds", "1..2", "--jobs", "1", "--out", str(out)]
    assert main(argv) == 2
    said = capsys.readouterr()
    assert said.err == f"parlour: {out} already exists: not replaced (--force replaces it)\n"
    assert "solved" not in said.out  # refused before any deal was solved
    assert out.read_text() == "my own figures\n"
    assert main([*argv, "--force"]) == 0
    assert out.read_text().startswith("seed,")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["golf.csv"]


# -- reading records --------------------------------------------------------------------------


def hostile_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Files that are not records Parlour should read, and what is said of each."""
    zero = tmp_path / "zero.txt"
    zero.symlink_to("/dev/zero")
    pipe = tmp_path / "pipe.txt"
    os.mkfifo(pipe)
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as handle:
        handle.truncate(1 << 31)  # 2 GiB, sparse
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    return {
        "link to /dev/zero": (zero, "is not a regular file"),
        "FIFO": (pipe, "is not a regular file"),
        "2 GiB": (huge, "is larger than 1024 KiB"),
        "directory": (folder, "is a directory"),
    }


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize(
    "argv",
    [["check"], ["replay"], ["play", "golf", "--record"], ["match"]],
    ids=["check", "replay", "play --record", "match"],
)
def test_a_record_that_is_not_a_regular_file_is_one_line(tmp_path: Path, argv: list[str]) -> None:
    for what, (path, reason) in hostile_files(tmp_path).items():
        # a FIFO waited on would hang until the timeout; /dev/zero read whole would grow
        # until memory ran out
        said = parlour(*argv, str(path), timeout=30)
        assert said.returncode == 2, (what, said.stderr)
        assert said.stderr == said.stderr.strip() + "\n", what  # one line
        assert said.stderr.startswith(f"parlour: {path} {reason}"), (what, said.stderr)


# -- reading the settings file ----------------------------------------------------------------


def hostile_settings(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 20_000 + "]" * 20_000 + "\n")
    long = tmp_path / "long.toml"
    long.write_text("ascii = " + "1" * 5_000 + "\n")  # more digits than Python reads
    huge = tmp_path / "huge.toml"
    with huge.open("wb") as handle:
        handle.truncate(1 << 31)
    return {
        "link to /dev/zero": (zero, "is not a regular file (a device or a pipe?): not read"),
        "FIFO": (pipe, "is not a regular file (a device or a pipe?): not read"),
        "20,000 deep": (deep, "brackets nested more than 32 deep"),
        "2 GiB": (huge, "larger than 65536 bytes"),
        "5,000 digits": (long, "a number too long to read"),
    }


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize(
    ("argv", "printed"),
    [
        (["config"], "# settings file: "),
        (["deal", "golf", "--seed", "1"], "Golf · seed 1"),
        (["play-moves", "golf", "--seed", "1"], "Moves played: 0"),
    ],
    ids=["config", "deal", "play-moves"],
)
def test_a_hostile_settings_file_is_one_line_and_the_defaults_are_used(
    tmp_path: Path, argv: list[str], printed: str
) -> None:
    for what, (path, reason) in hostile_settings(tmp_path).items():
        said = parlour(*argv, timeout=30, PARLOUR_CONFIG=str(path))
        assert said.returncode == 0, (what, said.stderr)
        assert said.stderr == f"parlour: warning: {path}: (file): {reason}; defaults used\n", what
        assert printed in said.stdout, what


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_commands_that_only_want_the_players_name_go_on_with_the_default(
    tmp_path: Path,
) -> None:
    for what, (path, _) in hostile_settings(tmp_path).items():
        said = parlour("stats", "--json", timeout=30, PARLOUR_CONFIG=str(path))
        assert said.returncode == 0 and said.stderr == "", (what, said.stderr)
        assert said.stdout.startswith("{"), what


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["--data-dir", "", "stats"], "--data-dir"),
        (["stats", "--data-dir", ""], "--data-dir"),
        (["play", "golf", "--course", "", "--plain"], "--course"),
        (["analyse", "golf", "--seeds", "1..2", "--out", ""], "--out"),
        (["export-round", "--out", ""], "--out"),
    ],
)
def test_an_empty_value_is_refused_not_taken_as_not_given(
    tmp_path: Path, argv: list[str], flag: str
) -> None:
    """``--data-dir "$DIR"`` with DIR never set was the player's own data directory (and
    ``play --new`` there replaces their unfinished game); an empty --course was a single
    game, an empty --out no file at all (an empty --player is refused by the name's
    own check)."""
    home = tmp_path / "home"
    said = parlour(*argv, HOME=str(home), XDG_DATA_HOME=str(home / "data"), PARLOUR_DATA_DIR="")
    assert said.returncode == 2 and said.stdout == ""
    assert (
        said.stderr.startswith(f"parlour: argument {flag}: is empty")
        and said.stderr.count("\n") == 1
    )
    assert not home.exists()  # no data directory was made or opened


def closed(fd: int, *argv: str) -> subprocess.CompletedProcess[str]:
    """``parlour ARGV`` started with the standard stream ``fd`` closed."""
    return subprocess.run([*PARLOUR, *argv], capture_output=True, text=True, timeout=60,
                          preexec_fn=lambda: os.close(fd))  # fmt: skip


def test_a_command_started_with_a_standard_stream_closed_says_so_or_goes_on(
    tmp_path: Path,
) -> None:
    """``>&-``, ``<&-``, ``2>&-``: Python makes the stream None, which ended every command
    in a traceback (AttributeError)."""
    data = ["--data-dir", str(tmp_path)]
    no_output = closed(1, *data, "deal", "golf", "--seed", "1")
    assert no_output.returncode == 2
    assert no_output.stderr == "parlour: cannot write the output: standard output is closed\n"
    no_input = closed(0, *data, "play", "golf", "--seed", "1", "--plain")
    assert no_input.returncode == 0 and no_input.stderr == ""
    assert no_input.stdout.strip().endswith("Saved: the game goes on next time.")
    no_errors = closed(2, *data, "deal", "golf", "--seed", "x")
    assert no_errors.returncode == 2 and no_errors.stdout == ""


def test_a_failure_that_echoes_megabytes_says_so_in_one_short_line(tmp_path: Path) -> None:
    said = parlour("--data-dir", str(tmp_path), "play-moves", "golf", "--seed", "1", "x" * 100_000)
    assert said.returncode == 2 and said.stdout == ""
    assert said.stderr.startswith("parlour: move 1 (xxx") and said.stderr.endswith("…\n")
    assert said.stderr.count("\n") == 1 and len(said.stderr) <= 510


def test_more_workers_than_four_a_core_are_refused(tmp_path: Path) -> None:
    """Each worker is a Python of its own: --jobs 1024 started 1,024 of them."""
    most = 4 * (os.cpu_count() or 1)
    said = parlour("analyse", "golf", "--seeds", "1..2", "--jobs", str(most + 1))
    assert said.returncode == 2 and said.stdout == ""
    assert said.stderr.startswith(
        f"parlour: --jobs takes a number of worker processes from 1 to {most} "
    )


@pytest.mark.parametrize(
    "command",
    [
        ["stats"],
        ["history", "--json"],
        ["scorecard"],
        ["play", "golf", "--seed", "1", "--plain"],
        ["export-round", "--out", "-"],
    ],
    ids=lambda command: command[0],
)
def test_every_command_that_moves_a_damaged_database_aside_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """The Parlour that finds the database damaged moves it aside and is the only one to
    know: each command that does so tells its player where the old file went, once (only
    the app and scorecard did: stats, history, plain mode and the rest said nothing, and
    the player's games were gone from them without a word, the next command having nothing
    to tell)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "parlour.db").write_bytes(b"not a database, " * 100)
    main(["--data-dir", str(data), *command])
    err = capsys.readouterr().err
    kept = [path for path in data.iterdir() if ".unreadable-" in path.name]
    assert len(kept) == 1
    assert err.count(f"The old file is kept, unchanged, at {kept[0]}.") == 1, err
