"""Rebuild docs/rules.md and docs/keys.md from the text and key tables the app uses."""

from pathlib import Path

from parlour.help import rules_document
from parlour.help.keys import keys_document

for name, text in (("rules.md", rules_document()), ("keys.md", keys_document())):
    target = Path("docs") / name
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
