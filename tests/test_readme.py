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


# -- the first screen: the terminal's size and the first keys -------------------------------

#: what each key the README's first screen names must do, by the key tables: the screens
#: it acts on ("games": every game's screen) and the actions it may be bound to there
FIRST_KEYS = {
    "?": ({"start", "games"}, {"help"}),
    "q": ({"start"}, {"quit"}),
    "↑ ↓ Enter": ({"start intro"}, set()),
    "s": ({"start"}, {"settings"}),
    "1–7": ({"golf"}, {"play"}),
    "Space": ({"golf"}, {"turn"}),
    "← → Enter": ({"games"}, {"cursor", "play_cursor", "choose_cursor", "play_selected"}),
    "h": ({"games"}, {"hint"}),
    "u r": ({"games"}, {"undo", "redo"}),
    "n": ({"games"}, {"new"}),
    "c": ({"golf"}, {"scorecard"}),
    "Esc": ({"games"}, {"menu", "back", "cancel", "cancel_choice"}),
}
#: how the README writes a key, as Textual names it
TEXTUAL = {"?": "question_mark", "↑": "up", "↓": "down", "←": "left", "→": "right",
           "Enter": "enter", "Space": "space", "Esc": "escape"}  # fmt: skip


def first_screen() -> list[str]:
    return (ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:25]


def readme_keys() -> dict[str, str]:
    """The keys the first screen's table names (``u r``, ``1–7``), with their words."""
    found = {}
    for line in first_screen():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and "`" in cells[0]:
            for keys, words in ((cells[0], cells[1]), (cells[2], cells[3])):
                found[keys.replace("`", "")] = words
    return found


def test_the_first_screen_gives_the_terminal_size_and_a_dozen_keys() -> None:
    from parlour.tui.screens.golf import GolfScreen
    from parlour.tui.screens.start import StartScreen
    from parlour.tui.sizing import MIN_HEIGHT
    from parlour.tui.sizing import MIN_WIDTH

    text = "\n".join(first_screen())
    assert f"{MIN_WIDTH} × {MIN_HEIGHT}" in text
    assert "{} × {}".format(*GolfScreen.MIN_SIZE) in text
    assert StartScreen.MIN_SIZE == GolfScreen.MIN_SIZE
    keys = readme_keys()
    assert len(keys) == 12
    # the set-up command is still the first screen's, before the keys
    assert text.index(commands("Play")[0]) < text.index("| key |")


def test_every_key_the_readme_names_does_what_it_says() -> None:
    from parlour.controls.screens import start_keys
    from parlour.engine.registry import specs
    from parlour.help.keys import game_keys

    keys = readme_keys()
    assert set(keys) == set(FIRST_KEYS)
    tables = {"start": start_keys(), "golf": game_keys("golf")}
    games = [game_keys(spec.id) for spec in specs()]
    for written, (screens, actions) in FIRST_KEYS.items():
        names = [TEXTUAL.get(key, key) for key in written.replace("1–7", "1 2 3 4 5 6 7").split()]
        if "start intro" in screens:
            intro = start_keys().intro
            assert all(key in intro for key in written.split()), written
            continue
        chosen = [tables[s] for s in screens - {"games"}] + (games if "games" in screens else [])
        for table in chosen:
            for name in names:
                bound = {key.name for key in table if key.key == name}
                assert bound & actions, (written, name, bound)
