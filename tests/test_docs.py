"""docs/ stays true: the pages about each game are built from the games' plug-ins and the
text the app shows, and no page written by hand counts or lists the games."""

import re
from pathlib import Path

import pytest

from parlour.help import game_rules
from parlour.help import rules_document

ROOT = Path(__file__).resolve().parents[1]


def test_docs_rules_md_is_the_text_the_app_shows() -> None:
    written = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert written == rules_document(), "run 'python -m parlour.help' to rebuild docs/rules.md"


def test_every_registered_game_has_its_rules_written() -> None:
    from parlour.engine import game_ids

    for game in game_ids():
        assert game_rules(game).startswith("## "), f"{game} has no rules section"


def test_docs_keys_md_matches_the_key_bindings() -> None:
    from parlour.help.keys import keys_document

    written = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
    assert written == keys_document(), "run 'python -m parlour.help' to rebuild docs/keys.md"


def test_every_page_made_from_the_plug_ins_is_up_to_date() -> None:
    from parlour.help.docs import documents

    for name, made in documents(ROOT / "docs").items():
        written = (ROOT / "docs" / name).read_text(encoding="utf-8")
        assert written == made, f"run 'python -m parlour.help' to rebuild docs/{name}"


#: pages of figures measured game by game (a benchmark's results, written when measured):
#: they name every game measured, as a table of results does
MEASURED = {"analysis.md", "performance.md", "formats.md"}


def hand_written(page: Path) -> str:
    """The part of a page written by hand: without the parts made from the plug-ins."""
    from parlour.help.docs import PARTS

    text = page.read_text(encoding="utf-8")
    if page.parent.name == "docs" and page.name in {"rules.md", "keys.md"}:
        return ""  # made whole
    for name, _make in PARTS.values():
        head, begin, rest = text.partition(f"<!-- begin: {name} -->")
        if begin:
            text = head + rest.partition(f"<!-- end: {name} -->")[2]
    return text


def test_no_hand_written_page_counts_or_lists_the_games() -> None:
    from parlour.engine.registry import specs

    names = [spec.name for spec in specs()]
    number = ("one", "two", "three", "four", "five", "six", "seven", "eight")[len(names) - 1]
    pages = [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    pages += (ROOT / "src" / "parlour" / "help").glob("*.md")
    for page in pages:
        text = hand_written(page)
        counted = re.search(rf"\b{number}\s+(patience\s+)?games\b", text, re.IGNORECASE)
        assert counted is None, f"{page.name} counts the games: {counted.group(0)!r}"
        if page.name not in MEASURED:
            assert not all(name in text for name in names), f"{page.name} lists every game"


def test_a_made_part_can_only_replace_what_lies_between_its_lines() -> None:
    from parlour.help.docs import fill

    page = "head\n<!-- begin: x -->\nold\n<!-- end: x -->\ntail\n"
    assert fill(page, "x", "new\n") == "head\n<!-- begin: x -->\nnew\n<!-- end: x -->\ntail\n"
    with pytest.raises(ValueError, match="no lines"):
        fill("head\n", "x", "new\n")


def test_the_settings_file_of_docs_configuration_md_has_no_problem(tmp_path: Path) -> None:
    """Its example set three keys, and two were refused for clashes."""
    from parlour.help.keys import check_keys
    from parlour.store.config import load

    text = Path("docs/configuration.md").read_text(encoding="utf-8")
    example = re.search(r"A file that sets everything:\n\n```toml\n(.*?)```", text, re.S)
    assert example is not None
    path = tmp_path / "config.toml"
    path.write_text(example.group(1), encoding="utf-8")
    loaded = load(path)
    assert loaded.problems == ()
    assert check_keys(loaded.settings.keys) == []
    assert set(loaded.settings.keys) == {"hint", "turn", "play"}
