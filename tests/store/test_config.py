"""The settings file: where it is, reading it (good, bad, missing, hostile: a device, a
FIFO, a huge file, brackets nested 20,000 deep), writing it back (in place through a
link, in one step, 0600 whatever the umask)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.store.config import DEFAULT_THEME
from parlour.store.config import MAX_DEPTH
from parlour.store.config import MAX_KEY_PARTS
from parlour.store.config import MAX_SIZE
from parlour.store.config import ConfigError
from parlour.store.config import Settings
from parlour.store.config import changed
from parlour.store.config import config_path
from parlour.store.config import load
from parlour.store.config import nesting
from parlour.store.config import save
from parlour.store.config import save_loaded
from parlour.store.config import shape


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_path_is_the_user_config_directory_unless_parlour_config_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PARLOUR_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_path() == tmp_path / "xdg" / "parlour" / "config.toml"
    monkeypatch.setenv("PARLOUR_CONFIG", str(tmp_path / "mine.toml"))
    assert config_path() == tmp_path / "mine.toml"
    assert config_path(tmp_path / "given.toml") == tmp_path / "given.toml"


def test_a_missing_file_gives_the_defaults_and_no_problem(tmp_path: Path) -> None:
    loaded = load(tmp_path / "none" / "config.toml")
    assert not loaded.exists
    assert loaded.problems == ()
    assert loaded.settings.theme == DEFAULT_THEME
    assert loaded.settings.four_colour is False
    assert loaded.settings.ascii is False
    assert loaded.settings.keys == {}
    assert loaded.settings.player  # the login name


def test_a_good_file_is_read(tmp_path: Path) -> None:
    path = write(
        tmp_path / "config.toml",
        'theme = "baize"\nfour_colour = true\nascii = true\nplayer = "Ada"\n'
        '[keys]\nhint = "x"\nplay = ["a", "s", "d", "f", "g", "j", "k"]\n',
    )
    loaded = load(path)
    assert loaded.problems == ()
    assert loaded.settings == Settings(
        theme="baize",
        four_colour=True,
        ascii=True,
        player="Ada",
        keys={"hint": ("x",), "play": ("a", "s", "d", "f", "g", "j", "k")},
    )


def test_each_bad_setting_is_one_line_naming_the_file_and_the_setting(tmp_path: Path) -> None:
    path = write(
        tmp_path / "config.toml",
        'theme = 3\nfour_colour = "yes"\nplayer = "Ada"\ncolour = true\n'
        '[keys]\nhint = 5\nundo = "z"\n',
    )
    loaded = load(path)
    lines = [str(problem) for problem in loaded.problems]
    assert len(lines) == 4
    assert all(line.startswith(f"{path}: ") and "\n" not in line for line in lines)
    settings = {line.split(": ")[1] for line in lines}
    assert settings == {"theme", "four_colour", "colour", "keys.hint"}
    # the good settings are taken, the bad ones are the defaults
    assert loaded.settings.player == "Ada"
    assert loaded.settings.theme == DEFAULT_THEME
    assert loaded.settings.four_colour is False
    assert loaded.settings.keys == {"undo": ("z",)}


def test_a_file_that_is_not_toml_gives_the_defaults_and_one_line(tmp_path: Path) -> None:
    path = write(tmp_path / "config.toml", "theme = \n[[[")
    loaded = load(path)
    assert loaded.settings.theme == DEFAULT_THEME
    assert len(loaded.problems) == 1
    assert str(loaded.problems[0]).startswith(f"{path}: (file): not valid TOML")


def test_settings_written_back_read_the_same(tmp_path: Path) -> None:
    path = tmp_path / "new" / "config.toml"
    loaded = changed(load(path), theme="high-contrast", four_colour=True)
    loaded = changed(loaded, keys={"hint": ("x",), "step": ("a", "d")})
    save(path, loaded.settings)
    assert tomllib.loads(path.read_text(encoding="utf-8"))["keys"] == {
        "hint": "x",
        "step": ["a", "d"],
    }
    assert load(path).settings == loaded.settings


# -- a settings file that is not what it seems ------------------------------------------------


def the_one_problem(path: Path) -> str:
    """The one line said about the file at ``path``, checking the defaults are used."""
    loaded = load(path)
    assert loaded.settings == Settings(player=loaded.settings.player)
    assert loaded.settings.theme == DEFAULT_THEME
    assert len(loaded.problems) == 1
    line = str(loaded.problems[0])
    assert "\n" not in line and line.startswith(f"{path}: (file): ")
    assert line.endswith("; defaults used")
    return line


def test_a_link_to_an_endless_device_is_refused_unread(tmp_path: Path) -> None:
    link = tmp_path / "config.toml"
    link.symlink_to("/dev/zero")
    assert "not a regular file" in the_one_problem(link)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "config.toml"
    os.mkfifo(pipe)
    # opening a FIFO to read waits for a writer unless it is opened without waiting; were it
    # waited on, this test would hang (and pytest's timeout or the CI's would say so)
    assert "not a regular file" in the_one_problem(pipe)
    link = tmp_path / "link.toml"
    link.symlink_to(pipe)
    assert "not a regular file" in the_one_problem(link)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "config.toml"
    folder.mkdir()
    assert "is a directory" in the_one_problem(folder)


def test_a_link_to_a_regular_file_is_followed(tmp_path: Path) -> None:
    real = write(tmp_path / "dotfiles" / "parlour.toml", 'theme = "baize"\n')
    link = tmp_path / "config.toml"
    link.symlink_to(real)
    loaded = load(link)
    assert loaded.problems == () and loaded.settings.theme == "baize"


def test_a_file_too_large_is_not_read_past_the_limit(tmp_path: Path) -> None:
    path = write(tmp_path / "config.toml", "# " + "x" * MAX_SIZE + "\n")
    assert f"larger than {MAX_SIZE} bytes" in the_one_problem(path)


def test_an_unreadable_file_is_one_line(tmp_path: Path) -> None:
    link = tmp_path / "config.toml"
    link.symlink_to(link)  # a loop: ELOOP
    assert "cannot be read" in the_one_problem(link)


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 20_000 + "]" * 20_000,
        "a = " + "{b = " * 10_000 + "1" + "}" * 10_000,
        "a = " + "[" * 20_000,  # never closed
        "a = " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
    ],
    ids=["arrays", "inline tables", "unclosed", "one too deep"],
)
def test_brackets_nested_too_deep_are_refused_before_parsing(tmp_path: Path, text: str) -> None:
    path = write(tmp_path / "config.toml", text)
    assert f"nested more than {MAX_DEPTH} deep" in the_one_problem(path)


def test_a_number_too_long_for_python_is_one_problem(tmp_path: Path) -> None:
    # Python refuses to read an integer of more than 4,300 digits (a ValueError that is
    # not TOML's own error); a file of 64 kB holds one of 60,000
    path = write(tmp_path / "config.toml", "ascii = " + "9" * 60_000 + "\n")
    assert "a number too long to read" in the_one_problem(path)


def test_nesting_to_the_limit_is_read(tmp_path: Path) -> None:
    text = "a = " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + '\ntheme = "baize"\n'
    loaded = load(write(tmp_path / "config.toml", text))
    assert loaded.settings.theme == "baize"
    assert [problem.setting for problem in loaded.problems] == ["a"]  # unknown, not too deep


def test_a_long_dotted_key_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    # tomllib takes time growing with the square of a dotted key's parts (20,000 parts:
    # seconds): the file is refused whole before it is parsed, in one line
    path = write(tmp_path / "config.toml", "keys." + ".".join(["k"] * 20_000) + " = 1\n")
    loaded = load(path)
    assert [str(p) for p in loaded.problems] == [
        f"{path}: (file): a dotted key of more than {MAX_KEY_PARTS} parts; defaults used"
    ]
    assert loaded.settings == Settings()


def test_a_dotted_key_of_as_many_parts_as_allowed_is_read(tmp_path: Path) -> None:
    parts = ".".join(["k"] * (MAX_KEY_PARTS - 1))
    text = f'theme = "baize"  # a.comment.of.many.dots{"." * 100}\nkeys.{parts} = 1\n'
    text += "[colours]\nhint = ['h.' ]\n"
    loaded = load(write(tmp_path / "config.toml", text))
    assert loaded.settings.theme == "baize"  # read: only the key is refused
    assert [problem.setting for problem in loaded.problems] == ["keys.k", "colours"]
    assert shape(f"keys.{parts}.k = 1") == (0, MAX_KEY_PARTS + 1)
    # dots in values, strings, quoted keys and comments are not a key's
    assert shape('"a.b.c".d = [1.5, 2.5] # x.y.z\nv = "p.q.r.s"\n') == (1, 2)


def test_brackets_in_strings_and_comments_are_not_nesting(tmp_path: Path) -> None:
    deep = "[" * 100 + "{" * 100
    text = (
        f"# {deep}\n"
        f'theme = "{deep}\\"{deep}"\n'
        f"ascii = '{deep}'\n"
        f'[keys]\nhint = """\n{deep}\\"""{deep}\n"""\n'
        f"step = '''{deep}''''\n"
        "play = [[\"a\"], ['b']]  # nested two deep\n"
    )
    loaded = load(write(tmp_path / "config.toml", text))
    assert nesting(text) == 2
    assert all("nested" not in problem.message for problem in loaded.problems), loaded.problems
    assert loaded.settings.theme == f'{deep}"{deep}'  # the file was read
    assert {problem.setting for problem in loaded.problems} == {"ascii", "keys.play"}


nested_values = st.recursive(
    st.text(alphabet="[]{}\"'\\#\n ab", max_size=8) | st.integers() | st.booleans(),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(alphabet="[]{}\"'#ab", min_size=1, max_size=4), inner, max_size=3)
    ),
    max_leaves=12,
)


def depth_of(value: object) -> int:
    """How deep lists and tables nest in ``value`` (the whole file being one table)."""
    if isinstance(value, list):
        return 1 + max(map(depth_of, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth_of, value.values()), default=0)
    return 0


def holds_a_table(value: object) -> bool:
    return isinstance(value, dict) or (isinstance(value, list) and any(map(holds_a_table, value)))


def inline_depth(value: object) -> int:
    """The deepest list holding no table, anywhere in ``value``: TOML can only write such
    a list inline, one bracket for each level."""
    if isinstance(value, dict):
        return max(map(inline_depth, value.values()), default=0)
    if isinstance(value, list):
        if not holds_a_table(value):
            return depth_of(value)
        return max(map(inline_depth, value), default=0)
    return 0


@given(st.dictionaries(st.text(alphabet="ab[]\"'", min_size=1, max_size=3), nested_values))
def test_nesting_counts_the_brackets_of_lists_and_tables_not_of_strings(
    table: dict[str, object],
) -> None:
    import tomli_w

    text = tomli_w.dumps(table)
    assert tomllib.loads(text) == table
    # no more than the lists and tables (brackets in strings and keys do not count) ...
    assert nesting(text) <= depth_of(table)
    # ... and at least every inline list's brackets
    assert nesting(text) >= inline_depth(table)


# -- saving -----------------------------------------------------------------------------------


def test_saving_writes_through_a_link_to_its_target(tmp_path: Path) -> None:
    real = write(tmp_path / "dotfiles" / "parlour.toml", 'theme = "baize"\n')
    link = tmp_path / "config" / "config.toml"
    link.parent.mkdir()
    link.symlink_to(os.path.relpath(real, link.parent))
    save(link, changed(load(link), four_colour=True).settings)
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert load(real).settings.four_colour is True
    assert load(real).settings.theme == "baize"
    assert os.stat(real).st_mode & 0o777 == 0o600
    assert sorted(p.name for p in real.parent.iterdir()) == ["parlour.toml"]  # nothing left
    assert sorted(p.name for p in link.parent.iterdir()) == ["config.toml"]


def test_saving_through_a_link_to_a_file_not_yet_made_makes_it(tmp_path: Path) -> None:
    link = tmp_path / "config.toml"
    link.symlink_to(tmp_path / "dotfiles" / "parlour.toml")
    save(link, Settings(theme="baize"))
    assert link.is_symlink()
    assert load(tmp_path / "dotfiles" / "parlour.toml").settings.theme == "baize"


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
def test_saving_never_writes_to_a_device(tmp_path: Path, device: str) -> None:
    link = tmp_path / "config.toml"
    link.symlink_to(device)
    with pytest.raises(ConfigError, match=f"{device} is not a regular file"):
        save(link, Settings())
    assert link.is_symlink() and os.readlink(link) == device
    assert list(tmp_path.iterdir()) == [link]


def test_saving_never_replaces_a_directory(tmp_path: Path) -> None:
    folder = tmp_path / "config.toml"
    (folder / "inside").mkdir(parents=True)
    with pytest.raises(ConfigError, match="is a directory"):
        save(folder, Settings())
    assert (folder / "inside").is_dir()


def test_saving_leaves_a_file_named_like_the_old_temporary_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    mine = write(tmp_path / "config.toml.new", "my own notes\n")
    lure = tmp_path / "config.toml.part"
    lure.symlink_to(tmp_path / "elsewhere")
    save(path, Settings(theme="baize"))
    assert mine.read_text() == "my own notes\n"
    assert lure.is_symlink() and not (tmp_path / "elsewhere").exists()
    assert load(path).settings.theme == "baize"


def test_a_failed_save_says_so_and_leaves_nothing_behind(tmp_path: Path) -> None:
    blocker = write(tmp_path / "settings", "a file where the folder would be\n")
    path = blocker / "config.toml"
    with pytest.raises(ConfigError, match=f"cannot write {path}: Not a directory"):
        save(path, Settings(theme="high-contrast"))
    assert blocker.read_text() == "a file where the folder would be\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings"]


UMASK_000_SAVE = """
import os, sys
from pathlib import Path
from parlour.store.config import Settings, save
os.umask(0)
save(Path(sys.argv[1]), Settings(theme="baize"))
"""


@pytest.mark.parametrize("exists", [False, True], ids=["new", "replaced"])
def test_the_settings_file_is_the_players_alone_under_umask_000(
    tmp_path: Path, exists: bool
) -> None:
    path = tmp_path / "new-folder" / "config.toml"
    if exists:
        write(path, "").chmod(0o666)
    subprocess.run([sys.executable, "-c", UMASK_000_SAVE, str(path)], check=True, timeout=60)
    assert load(path).settings.theme == "baize"
    assert path.stat().st_mode & 0o777 == 0o600
    if not exists:
        assert path.parent.stat().st_mode & 0o777 == 0o700


# -- saving never loses what the player wrote -------------------------------------------------


def test_a_file_that_could_not_be_read_is_never_saved_over(tmp_path: Path) -> None:
    """One typo made the file unreadable, and the next setting changed anywhere wrote the
    defaults over everything the player had written."""
    text = 'theme = "baize\nfour_colour = true\nplayer = "Ann"\n[keys]\nhint = "x"\n'
    path = write(tmp_path / "config.toml", text)
    loaded = load(path)
    assert loaded.unreadable is not None
    with pytest.raises(ConfigError) as refused:
        save_loaded(changed(loaded, ascii=True))
    assert str(refused.value).startswith(f"{path} could not be read (not valid TOML")
    assert "left as it is" in str(refused.value)
    assert path.read_text(encoding="utf-8") == text


def test_settings_that_could_not_be_used_are_written_back_as_they_were(tmp_path: Path) -> None:
    path = write(
        tmp_path / "config.toml",
        'theme = 3\nfour_colour = "yes"\nsound = "loud"\nascii = false\n'
        '[keys]\nhint = "x"\nundo = 4\n',
    )
    loaded = load(path)
    assert {problem.setting for problem in loaded.problems} == {
        "theme", "four_colour", "sound", "keys.undo"
    }  # fmt: skip
    save_loaded(changed(loaded, four_colour=True))
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    # the setting changed is the new value; the others as the file wrote them
    assert saved["four_colour"] is True
    assert saved["theme"] == 3 and saved["sound"] == "loud"
    assert saved["keys"] == {"hint": "x", "undo": 4}
    again = load(path)
    assert again.settings.four_colour is True and again.settings.keys == {"hint": ("x",)}
    assert {problem.setting for problem in again.problems} == {"theme", "sound", "keys.undo"}


def test_a_setting_changed_replaces_the_value_that_could_not_be_used(tmp_path: Path) -> None:
    path = write(tmp_path / "config.toml", 'theme = 3\nsound = "loud"\n')
    save_loaded(changed(load(path), theme="baize"))
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    assert saved["theme"] == "baize" and saved["sound"] == "loud"


def test_an_unknown_setting_whose_name_holds_a_dot_is_kept(tmp_path: Path) -> None:
    path = write(tmp_path / "config.toml", 'theme = "nord"\n"club.url" = "https://a.example"\n')
    save_loaded(changed(load(path), four_colour=True))
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    assert saved["club.url"] == "https://a.example" and saved["four_colour"] is True


@pytest.mark.parametrize(
    "kept",
    [
        "later = [" + ",".join(["0"] * 10_000) + "]",  # written one element a line: > 64 KiB
        "future = { "
        + ".".join(f"a{n}" for n in range(31))
        + " = { "
        + ".".join(f"b{n}" for n in range(31))
        + " = 1 } }",  # written as one dotted header of 62 parts
    ],
    ids=["too large once written", "too many parts once written"],
)
def test_a_save_that_would_not_be_read_back_is_refused(tmp_path: Path, kept: str) -> None:
    """Settings kept as written are written in the writer's layout, which could pass the
    limits a file is read within: the next start read the defaults."""
    text = f'theme = "nord"\n{kept}\n'
    path = write(tmp_path / "config.toml", text)
    loaded = load(path)
    assert loaded.unreadable is None and loaded.settings.theme == "nord"
    with pytest.raises(ConfigError, match="left as it is"):
        save_loaded(changed(loaded, four_colour=True))
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("through_a_link", [False, True], ids=["file", "link"])
def test_saving_leaves_a_file_the_player_made_read_only_as_it_is(
    tmp_path: Path, through_a_link: bool
) -> None:
    """A settings file made read-only (0400: the player wants it kept as written) is not
    replaced by a choice made in the app: one line says so, and the file, its mode and a
    link to it are as they were (the new file took its name, 0600, the player's text gone:
    the folder's permission, not the file's, decides a rename)."""
    target = write(tmp_path / "config.toml", 'theme = "baize"  # mine\n')
    target.chmod(0o400)
    path = target
    if through_a_link:
        path = tmp_path / "link.toml"
        path.symlink_to(target)
    with pytest.raises(ConfigError, match="is read-only"):
        save(path, Settings(theme="nord"))
    assert target.read_text() == 'theme = "baize"  # mine\n'
    assert target.stat().st_mode & 0o777 == 0o400
    assert path.is_symlink() == through_a_link
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"config.toml", path.name})
