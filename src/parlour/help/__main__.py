"""Rebuild the pages of docs/ made from the games' plug-ins and the app's key tables
(rules.md, keys.md, and the made parts of notation.md and layout.md), from the root of a
checkout."""

from pathlib import Path

from parlour.help.docs import documents

docs = Path("docs")
for name, text in documents(docs).items():
    target = docs / name
    if target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target}")
