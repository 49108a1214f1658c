"""Plain files: records read only from a regular file, within a bound, without waiting on
a FIFO; and every file written under a name it was given put in place whole, never over a
file unless asked, never over a link, a directory, a device or a pipe, through a
temporary file of its own (created exclusively beside the target)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.store.files import MAX_RECORD
from parlour.store.files import AlreadyThere
from parlour.store.files import FileError
from parlour.store.files import export_record
from parlour.store.files import read_text
from parlour.store.files import text_writer
from parlour.store.files import write_text


def names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


# -- reading ----------------------------------------------------------------------------------


def test_a_link_to_an_endless_device_is_refused_unread(tmp_path: Path) -> None:
    link = tmp_path / "record.txt"
    link.symlink_to("/dev/zero")
    with pytest.raises(FileError, match="not a regular file"):
        read_text(link)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "record.txt"
    os.mkfifo(pipe)
    with pytest.raises(FileError, match="not a regular file"):
        read_text(pipe)


def test_a_record_too_large_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "record.txt"
    with big.open("wb") as handle:
        handle.truncate(MAX_RECORD * 1024)  # a gigabyte, sparse: reading it all would show
    with pytest.raises(FileError, match="larger than 1024 KiB"):
        read_text(big)
    big.write_bytes(b"x" * MAX_RECORD)
    assert len(read_text(big)) == MAX_RECORD  # up to the limit is read


# -- writing ----------------------------------------------------------------------------------


def test_a_new_file_is_written_whole_and_nothing_else_is_left(tmp_path: Path) -> None:
    target = tmp_path / "out" / "round.txt"
    assert write_text(target, "text\n", private=True) == target
    assert target.read_text() == "text\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert stat.S_IMODE(target.parent.stat().st_mode) == 0o700
    assert names(target.parent) == ["round.txt"]


def test_a_folder_that_is_a_broken_link_is_said_to_be(tmp_path: Path) -> None:
    """It was 'File exists' (mkdir's own word), of a file that did not."""
    (tmp_path / "records").symlink_to(tmp_path / "gone")
    with pytest.raises(FileError, match=r"its folder .*records is a broken link$"):
        write_text(tmp_path / "records" / "golf.txt", "text\n", private=True)
    assert not (tmp_path / "gone").exists()


def test_an_existing_file_is_replaced_only_when_asked(tmp_path: Path) -> None:
    target = tmp_path / "round.txt"
    target.write_text("mine\n")
    with pytest.raises(AlreadyThere, match=f"{target} already exists: not replaced"):
        write_text(target, "new\n")
    assert target.read_text() == "mine\n"
    assert names(tmp_path) == ["round.txt"]
    write_text(target, "new\n", replace=True)
    assert target.read_text() == "new\n"
    assert names(tmp_path) == ["round.txt"]


@pytest.mark.parametrize("replace", [False, True], ids=["asked not to", "asked to"])
def test_a_link_is_never_replaced_nor_followed(tmp_path: Path, replace: bool) -> None:
    aim = tmp_path / "theirs.txt"
    aim.write_text("theirs\n")
    link = tmp_path / "round.txt"
    link.symlink_to(aim)
    with pytest.raises(FileError, match="is a symbolic link: not replaced"):
        write_text(link, "new\n", replace=replace)
    assert link.is_symlink() and aim.read_text() == "theirs\n"
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "nowhere.txt")
    with pytest.raises(FileError, match="is a symbolic link: not replaced"):
        write_text(dangling, "new\n", replace=replace)
    assert not (tmp_path / "nowhere.txt").exists()
    assert names(tmp_path) == ["dangling.txt", "round.txt", "theirs.txt"]


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero", "/dev/full"])
def test_a_device_is_never_replaced(device: str) -> None:
    before = os.stat(device)
    with pytest.raises(FileError, match=f"{device} is not a regular file"):
        write_text(device, "new\n", replace=True)
    after = os.stat(device)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_or_a_directory_is_never_replaced(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(FileError, match="is not a regular file"):
        write_text(pipe, "new\n", replace=True)
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(FileError, match="is a directory: not written"):
        write_text(folder, "new\n", replace=True)
    assert names(tmp_path) == ["folder", "pipe"]


def test_the_players_own_part_file_and_a_linked_one_are_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "round.txt"
    mine = tmp_path / "round.txt.part"
    mine.write_text("my own notes\n")
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("elsewhere\n")
    for replace in (False, True):
        write_text(target, f"round {replace}\n", replace=replace)
        assert mine.read_text() == "my own notes\n"
    mine.unlink()
    mine.symlink_to(elsewhere)
    write_text(target, "again\n", replace=True)
    assert mine.is_symlink() and elsewhere.read_text() == "elsewhere\n"
    assert target.read_text() == "again\n"
    assert names(tmp_path) == ["elsewhere.txt", "round.txt", "round.txt.part"]


def write_while_another_takes_the_name(target: Path) -> None:
    with text_writer(target) as out:
        out.write("seed,score\n")
        target.write_text("written meanwhile\n")


def test_a_file_that_appears_while_writing_is_not_clobbered(tmp_path: Path) -> None:
    target = tmp_path / "analysis.csv"
    with pytest.raises(AlreadyThere):
        write_while_another_takes_the_name(target)
    assert target.read_text() == "written meanwhile\n"
    assert names(tmp_path) == ["analysis.csv"]


def test_a_target_that_may_not_be_written_is_refused_before_any_work(tmp_path: Path) -> None:
    target = tmp_path / "analysis.csv"
    target.write_text("old\n")
    entered: list[bool] = []

    def write() -> None:
        with text_writer(target):
            entered.append(True)

    with pytest.raises(AlreadyThere):
        write()
    assert not entered and target.read_text() == "old\n"


def write_and_fail(target: Path) -> None:
    with text_writer(target) as out:
        out.write("seed,score\n")
        raise KeyError("stopped")


def test_the_temporary_file_is_removed_when_writing_fails(tmp_path: Path) -> None:
    target = tmp_path / "analysis.csv"
    with pytest.raises(KeyError):
        write_and_fail(target)
    assert names(tmp_path) == []


def test_a_write_that_fails_is_one_line_and_leaves_nothing(tmp_path: Path) -> None:
    # a file size limit fails the write as a full disk does (EFBIG rather than ENOSPC)
    script = (
        "import resource, signal, sys\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))\n"
        "from parlour.store.files import FileError, write_text\n"
        "try:\n"
        "    write_text(sys.argv[1], 'x' * 100_000)\n"
        "except FileError as error:\n"
        "    print(error)\n"
    )
    target = tmp_path / "big.txt"
    said = subprocess.run(
        [sys.executable, "-c", script, str(target)], capture_output=True, text=True, timeout=60
    )
    assert said.stdout == f"cannot write {target}: File too large\n", said.stderr
    assert names(tmp_path) == []


def test_records_in_the_same_second_get_names_of_their_own(tmp_path: Path) -> None:
    written = [export_record(tmp_path, "golf", f"record {n}\n") for n in range(3)]
    assert len(set(written)) == 3
    assert [path.read_text() for path in written] == [f"record {n}\n" for n in range(3)]
    assert all(stat.S_IMODE(path.stat().st_mode) == 0o600 for path in written)


def test_a_name_as_long_as_names_go_can_be_written(tmp_path: Path) -> None:
    # 63 four-byte characters and ".txt": 256 bytes would be too long; 252 is the longest
    long = tmp_path / ("🂡" * 62 + ".txt")
    write_text(long, "text\n")
    assert long.read_text() == "text\n"
    assert names(tmp_path) == [long.name]
