"""The player's own keys: one declaration (the key tables) rebound by the settings file,
and everything that reads the tables (the help, docs/keys.md) following it."""

from __future__ import annotations

import pytest

from parlour.controls.keys import key_name
from parlour.controls.keys import shown_key
from parlour.controls.rebinding import rebind
from parlour.help.keys import check_keys
from parlour.help.keys import game_keys
from parlour.help.keys import keys_markdown


def keys_of(table: object, action: str) -> list[str]:
    return [key.key for key in table if key.action == action]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("x", "x"),
        ("R", "R"),
        ("?", "question_mark"),
        (" ", "space"),
        ("Space", "space"),
        ("F5", "f5"),
        ("Esc", "escape"),
        ("ctrl+h", "ctrl+h"),
        (".", "full_stop"),
        ("full_stop", "full_stop"),
        ("bogus", None),
        ("ctrl+", None),
        ("nope+x", None),
        # a modifier named twice: no key is ever named so (it was taken, and the action's
        # own key given up for one that could never be pressed)
        ("shift+shift+u", None),
        ("ctrl+alt+Ctrl+x", None),
        # modifiers in Textual's order (the alphabet's), however they are written: as
        # written, shift+ctrl+up was taken and never matched the key Textual reports
        ("shift+ctrl+up", "ctrl+shift+up"),
        ("Ctrl+Alt+x", "alt+ctrl+x"),
        ("super+alt+shift+f5", "alt+shift+super+f5"),
    ],
)
def test_keys_are_named_as_textual_names_them(written: str, name: str | None) -> None:
    assert key_name(written) == name


def test_shown_keys() -> None:
    assert shown_key("question_mark") == "?"
    assert shown_key("full_stop") == "."
    assert shown_key("ctrl+h") == "ctrl+h"
    assert shown_key("left") == "←"


def test_a_rebound_action_has_the_new_key_and_not_the_old() -> None:
    table, problems = rebind(game_keys("golf"), {"hint": ("x",)})
    assert problems == []
    assert keys_of(table, "hint") == ["x"]
    assert "h" not in {key.key for key in table}
    # the rest of the table is as declared, in the same order
    assert [key.action for key in table] == [key.action for key in game_keys("golf")]


def test_an_action_may_have_several_keys_and_helper_rows_follow() -> None:
    table, problems = rebind(game_keys("golf"), {"turn": ("k", "space")})
    assert problems == []
    assert keys_of(table, "turn") == ["k", "space"]
    # the rows that explain why the stock cannot be turned go with the keys
    assert keys_of(table, "explain_turn") == ["k", "space"]
    assert "s" not in {key.key for key in table}


def test_a_family_takes_a_list_in_order() -> None:
    home_row = ("a", "s", "d", "f", "g", "j", "k")
    table, problems = rebind(game_keys("golf"), {"play": home_row, "turn": ("space",)})
    assert problems == []
    assert [keys_of(table, f"play({n})")[0] for n in range(1, 8)] == list(home_row)
    _, problems = rebind(game_keys("golf"), {"play": ("a",)}, "the Golf screen")
    assert [setting for setting, _ in problems] == ["keys.play"]
    assert "7" in problems[0][1]


def test_a_clash_is_reported_and_the_usual_key_kept() -> None:
    table, problems = rebind(game_keys("golf"), {"hint": ("u",)}, "the Golf screen")
    assert problems == [
        ("keys.hint", "'u' is also the key of undo on the Golf screen; hint keeps its own key")
    ]
    assert keys_of(table, "hint") == ["h"]


def test_two_actions_may_swap_keys() -> None:
    table, problems = rebind(game_keys("golf"), {"hint": ("u",), "undo": ("h",)})
    assert problems == []
    assert keys_of(table, "hint") == ["u"]
    assert keys_of(table, "undo") == ["h"]


def test_a_key_that_is_no_key_is_reported() -> None:
    table, problems = rebind(game_keys("golf"), {"hint": ("hyper+nothing",)})
    assert [setting for setting, _ in problems] == ["keys.hint"]
    assert keys_of(table, "hint") == ["h"]


def test_a_list_of_thousands_of_keys_is_refused_at_once() -> None:
    """5,000 keys for one action and a dozen actions on one clashing key took the clash
    search seconds (its time grows with the square of the keys), at the app's start and
    at every game screen."""
    import time

    thousands = tuple(chr(0x4E00 + n) for n in range(5_000))
    clashing = dict.fromkeys(("turn", "scorecard", "new", "quit_game", "give_up"), ("u",))
    started = time.process_time()
    table, problems = rebind(game_keys("golf"), {"hint": thousands, **clashing})
    assert dict(problems)["keys.hint"] == "5000 keys: an action has at most 32; default used"
    assert keys_of(table, "hint") == ["h"]
    clashes = [why for setting, why in problems if setting != "keys.hint"]
    assert len(clashes) >= 3 and all("is also the key of" in why for why in clashes)
    assert time.process_time() - started < 2  # (it was seconds: far from the edge)
    many = tuple(chr(0x4E00 + n) for n in range(32))
    assert keys_of(rebind(game_keys("golf"), {"hint": many})[0], "hint") == list(many)


def test_the_whole_check_names_unknown_actions_and_clashes_on_any_screen() -> None:
    problems = dict(check_keys({"hint": ("x",), "bogus": ("y",), "give_up": ("u",)}))
    assert set(problems) == {"keys.bogus", "keys.give_up"}
    assert "no such action" in problems["keys.bogus"]
    assert "undo" in problems["keys.give_up"]


def test_the_help_shows_the_players_keys() -> None:
    assert "| h | `hint` |" in keys_markdown("golf")
    assert "| x | `hint` |" in keys_markdown("golf", {"hint": ("x",)})
