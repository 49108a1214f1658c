"""Players: each player's games, games in progress and rounds are their own."""

from __future__ import annotations

import getpass
import re
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.store.database import Store
from parlour.store.players import check_player
from parlour.store.players import default_player
from parlour.store.players import is_invisible
from parlour.store.players import player_key


def finish(store: Store, score: int, round_id: int | None = None, hole: int | None = None) -> int:
    return store.finish_game(
        None, game="golf", options="none", seed=score, deck="", moves=["s"], won=False,
        score=score, summary="", round_id=round_id, hole=hole,
    )  # fmt: skip


def test_two_players_in_one_data_directory_keep_apart(tmp_path: Path) -> None:
    ann, bob = Store(tmp_path, player="ann"), Store(tmp_path, player="bob")
    finish(ann, 3)
    ann_round = ann.start_round(77, "none")
    finish(ann, 5, ann_round, 1)
    bob.save_in_progress(None, game="squares", options="none", seed=1, deck="", moves=[],
                         undone=[])  # fmt: skip
    assert [g.score for g in ann.finished_games()] == [5, 3]
    assert bob.finished_games() == [] and bob.rounds() == []
    assert ann.games_in_progress() == [] and len(bob.games_in_progress()) == 1
    assert [r.scores for r in ann.rounds()] == [(5,)]
    assert bob.unfinished_round(77, "none") is None
    assert ann.unfinished_round(77, "none") is not None
    assert [r.player for r in bob.rounds(everyone=True)] == ["ann"]
    assert Store(tmp_path, player="cy").players() == ["ann", "bob", "cy"]


def test_a_database_from_before_players_belongs_to_the_login(tmp_path: Path) -> None:
    old = sqlite3.connect(tmp_path / "parlour.db")
    old.executescript(
        "CREATE TABLE rounds (id INTEGER PRIMARY KEY, course INTEGER NOT NULL, options TEXT "
        "NOT NULL, started TEXT NOT NULL, finished TEXT, total INTEGER, abandoned TEXT);"
        "CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT "
        "NULL, seed INTEGER, deck TEXT NOT NULL, moves TEXT NOT NULL, won INTEGER NOT NULL, "
        "score INTEGER NOT NULL, summary TEXT NOT NULL, hints INTEGER NOT NULL DEFAULT 0, "
        "round_id INTEGER REFERENCES rounds(id), hole INTEGER, started TEXT NOT NULL, "
        "finished TEXT NOT NULL);"
        "INSERT INTO rounds (course, options, started) VALUES (7, 'none', '2026-01-01');"
        "INSERT INTO games (game, options, seed, deck, moves, won, score, summary, started,"
        " finished) VALUES ('golf', 'none', 1, '', 's', 0, 4, '', '2026-01-01', '2026-01-01');"
        "PRAGMA user_version = 3;"
    )
    old.close()
    mine = Store(tmp_path)
    assert mine.player == default_player()
    assert [r.course for r in mine.rounds()] == [7]
    assert [g.score for g in mine.finished_games()] == [4]
    assert Store(tmp_path, player="someone else").finished_games() == []


def test_the_default_player_is_the_login_name() -> None:
    assert default_player() == check_player(getpass.getuser())


@pytest.mark.parametrize(
    ("name", "reason"),
    [("", "at least one letter"), ("   ", "at least one letter"), ("x" * 33, "at most 32"),
     ("ann\nbob", "not '\\n'"), ("a;DROP", "not ';'")],
)  # fmt: skip
def test_a_name_that_cannot_be_a_player_is_refused(tmp_path: Path, name: str, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)) as refused:
        Store(tmp_path, player=name)
    assert reason in str(refused.value)
    assert not (tmp_path / "parlour.db").exists()


def test_names_of_any_alphabet_are_players(tmp_path: Path) -> None:
    assert Store(tmp_path, player=" Zoë O'Neill ").player == "Zoë O'Neill"
    assert Store(tmp_path, player="李雷").player == "李雷"


# -- look-alike names -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "tidied"),
    [("ｒoot", "root"), ("Ａnn", "Ann"), ("ann\u3000smith", "ann smith"),
     ("ann   smith", "ann smith"), ("ﬁona", "fiona"), ("Zoë", "Zoë"), ("Zoe\u0308", "Zoë")],
)  # fmt: skip
def test_names_are_folded_to_their_plain_forms(written: str, tidied: str) -> None:
    """Unicode NFKC: full-width letters, ligatures and composed accents are the plain
    letters, and a run of spaces is one."""
    assert check_player(written) == tidied


@pytest.mark.parametrize(
    "name",
    ["\u3164", "ann\u3164", "\u3164ann", "ann\u115fbob", "ann\u1160", "ann\uffa0", "ann\u2800",
     "an\u200bn", "ann\u200d", "ann\u2060", "ann\ufeff", "ann\u00ad", "ann\u034f", "ann\U000e0061"],
)  # fmt: skip
def test_a_name_with_a_character_that_shows_as_nothing_is_refused(name: str) -> None:
    """The Hangul fillers (U+3164 as a name looks like no name), blank Braille, zero-width
    spaces and joiners, soft hyphens, tags: a name holding one could pass for another."""
    with pytest.raises(ValueError, match="a player's name") as refused:
        check_player(name)
    message = str(refused.value)
    assert message.isprintable()


def test_an_invisible_name_is_named_by_its_code_point() -> None:
    with pytest.raises(ValueError, match=r"shows as nothing \(U\+1160 HANGUL JUNGSEONG FILLER\)"):
        check_player("\u3164")
    with pytest.raises(ValueError, match=r"U\+2800 BRAILLE PATTERN BLANK"):
        check_player("ann\u2800")


@pytest.mark.parametrize(
    ("name", "mixed"),
    [("\u0430nn", "Latin and Cyrillic"), ("p\u0430yp\u0430l", "Latin and Cyrillic"),
     ("\u0391nna", "Latin and Greek"), ("Анна\u0061", "Cyrillic and Latin"),
     ("\u03bflga", "Latin and Greek"), ("ann\u0570", "Latin and Armenian"),
     ("B\u0966b", "Latin and Devanagari"), ("r\u09e6se", "Latin and Bengali")],
)  # fmt: skip
def test_a_name_mixing_alphabets_is_refused(name: str, mixed: str) -> None:
    """Cyrillic а among Latin letters (аnn) is the classic look-alike of ann."""
    with pytest.raises(ValueError, match=f"one alphabet, not {mixed}"):
        check_player(name)


@pytest.mark.parametrize(
    "name",
    ["Анна", "Ἀλέξανδρος", "山田はなこ", "佐々木 ハナコ", "タロー", "김민준", "Li 李", "Kim 민준",
     "Σοφία", "ann2", "O'Neill-Smith", "José Ñúñez", "Ólafur", "أحمد", "דוד", "Łukasz",
     "أحمد ٣", "अनिल ५", "ศิริ", "தமிழ்", "বাংলা", "क्षिति", "Spin\u0308al", "ကြိုး",
     "Bob\u2776", "Zo\u24ff"],
)  # fmt: skip
def test_names_of_one_alphabet_and_the_mixes_names_have_are_players(name: str) -> None:
    """One alphabet, or Latin with Chinese, Japanese or Korean (UTS #39, highly
    restrictive)."""
    assert check_player(name) == name


@given(st.text(max_size=40))
def test_a_tidied_name_stays_as_it_is_and_holds_nothing_unseen(name: str) -> None:
    try:
        tidied = check_player(name)
    except ValueError:
        return
    assert check_player(tidied) == tidied
    assert tidied.isprintable() and not any(is_invisible(char) for char in tidied)
    assert player_key(tidied.upper()) == player_key(tidied.lower()) or not tidied.isascii()


# -- one player whatever the case -------------------------------------------------------------


def test_names_differing_in_case_are_one_player_known_as_first_written(tmp_path: Path) -> None:
    finish(Store(tmp_path, player="Ann"), 3)
    for spelling in ("ann", "ANN", "Ａnn", " ann "):
        store = Store(tmp_path, player=spelling)
        assert store.player == "Ann"
        assert [game.score for game in store.finished_games()] == [3]
    finish(Store(tmp_path, player="ann"), 5)
    assert Store(tmp_path, player="bob").players() == ["Ann", "bob"]
    assert [g.score for g in Store(tmp_path, player="ANN").finished_games()] == [5, 3]


def test_a_database_with_two_spellings_of_one_name_becomes_one_player(tmp_path: Path) -> None:
    """An older Parlour kept ``Ann`` and ``ann`` apart; opened now, their games, rounds
    and games in progress are one player's, under the name first written."""
    Store(tmp_path, player="bob").close()
    with sqlite3.connect(tmp_path / "parlour.db") as db:
        for player, started in (("ann", "2026-02-01"), ("Ann", "2026-01-01"), ("ANN", "2026-03")):
            db.execute(
                "INSERT INTO games (player, game, options, seed, deck, moves, won, score,"
                " summary, started, finished) VALUES (?, 'golf', 'none', 1, '', 's', 0, 4, '',"
                " ?, ?)",
                (player, started, started),
            )
            db.execute(
                "INSERT INTO rounds (player, course, options, started) VALUES (?, 7, 'none', ?)",
                (player, started),
            )
    db.close()
    store = Store(tmp_path, player="aNN")
    assert store.player == "Ann"
    assert len(store.finished_games()) == 3 and len(store.rounds()) == 3
    assert store.players() == ["Ann"]  # bob has not played


@pytest.mark.parametrize(
    ("name", "reason"),
    [("a\u093f", "cannot have 'ि' on 'a'"), ("\u0301x", "only on a letter"),
     ("x \u0301", "only on a letter"), ("ab\u0301\u0302\u0303", "2 of them accents"),
     ("\u0e28\u0e34\u0e34\u0e23\u0e34", "twice on 'ศ'"),
     ("\u0e2a\u093f", "cannot have 'ि' on 'ส'")],
)  # fmt: skip
def test_a_mark_is_only_on_a_letter_of_its_script_and_never_heaped(name: str, reason: str) -> None:
    """Vowel signs and accents that have no composed form are part of names (Hindi,
    Bengali, Tamil, Thai names were refused for them), but only on a letter of their own
    script, and not stacked to hide the letter under them."""
    with pytest.raises(ValueError, match=reason):
        check_player(name)


def test_a_name_changed_to_one_no_player_can_have_is_not_listed(tmp_path: Path) -> None:
    """A name of bytes made the list of players a TypeError (the app's player screen
    ended); an empty one, or one with a character no name may hold, was listed, and
    choosing it opened no store."""
    for name in ("bob", "cy", "dee", "eve"):
        finish(Store(tmp_path, player=name), 3)
    with sqlite3.connect(tmp_path / "parlour.db") as db:
        db.execute("UPDATE games SET player = x'41' WHERE player = 'bob'")
        db.execute("UPDATE games SET player = '' WHERE player = 'cy'")
        db.execute("UPDATE games SET player = 'a;DROP' WHERE player = 'dee'")
    db.close()
    store = Store(tmp_path, player="ann")
    assert store.players() == ["ann", "eve"]
    for name in store.players():
        Store(tmp_path, player=name).close()


def test_two_spellings_of_one_name_beside_a_name_or_date_of_another_kind_open(
    tmp_path: Path,
) -> None:
    """Folding ``Ann`` and ``ann`` into one player read every name and first date as
    text: a name of bytes, or a date of bytes, made opening the store (any command) a
    TypeError."""
    Store(tmp_path, player="bob").close()
    with sqlite3.connect(tmp_path / "parlour.db") as db:
        for player, started in (
            ("ann", "2026-02"),
            ("Ann", "2026-01"),
            (b"A", "2026"),
            ("ANN", b"5"),
        ):
            db.execute(
                "INSERT INTO rounds (player, course, options, started) VALUES (?, 7, 'none', ?)",
                (player, started),
            )
    db.close()
    store = Store(tmp_path, player="ann")
    assert store.player == "Ann"
    assert len(store.rounds()) == 2  # (the rows of another kind are not read)


def test_a_letters_marks_typed_in_either_order_are_one_name() -> None:
    """Thai's vowel and tone marks look the same typed in either order, and Unicode's
    normal forms leave the order as typed: กิ่ and ก่ิ were two players."""
    assert player_key("\u0e01\u0e34\u0e48") == player_key("\u0e01\u0e48\u0e34")
    assert player_key("\u0e01\u0e34\u0e48") != player_key("\u0e01\u0e34")
