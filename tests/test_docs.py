"""docs/ stays true: the rules page is built from the text the app shows."""

from pathlib import Path

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
