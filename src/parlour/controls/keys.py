"""Keys declared once: each screen's keys are one table of :class:`Key` rows, from which
the app's bindings, the greying of the key bar, the help page and docs/keys.md are all
made. Textual-free, so that the help can be built without the app.

A row names a key, the action it runs (in Textual's action syntax: ``undo``,
``play(3)``, ``build('s')``), the word shown in the key bar, the sentence of the help,
and *when* it may be used: the name of a method of the screen's controls, called with the
action's arguments, answering True (usable), None (shown, greyed: not now) or False (not
bound now, so that another row of the same key may answer instead, say to explain why a
move cannot be made). Several rows may share a key; the first that is usable takes it.

A row's ``name`` is the action's name without arguments (``play`` for ``play(3)``): the
name a player uses to rebind it, and the one docs/keys.md lists.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any

#: True: usable; None: shown greyed; False: not bound now (another row may take the key)
Availability = bool | None

#: how keys are written in the help (Textual's names on the left)
KEY_NAMES = {
    "question_mark": "?",
    "space": "Space",
    "enter": "Enter",
    "escape": "Esc",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "home": "Home",
    "end": "End",
}


@dataclass(frozen=True, slots=True)
class Key:
    """One key of a screen (see the module's docstring)."""

    key: str
    action: str
    #: the key bar's word for it; "" keeps it off the bar
    label: str = ""
    #: the help's sentence; "" when it is not listed on its own (a key that only explains
    #: why another row's move cannot be made now, say)
    description: str = ""
    #: the controls' method that says when the key may be used ("": always)
    when: str = ""
    #: how the key is written, when not as Textual names it
    display: str | None = None
    #: keys shown together in the key bar under one label ("123 Heap"), and whether the
    #: keys of the group are written with no space between them
    group: str | None = None
    compact_group: bool = False

    @property
    def name(self) -> str:
        """The action's name without its arguments (what a player rebinds)."""
        return self.action.partition("(")[0]

    @property
    def arguments(self) -> tuple[object, ...]:
        """The action's arguments (``play(3)`` -> ``(3,)``; ``build('s')`` -> ``('s',)``)."""
        inside = self.action.partition("(")[2].removesuffix(")")
        if not inside:
            return ()
        return tuple(_literal(part.strip()) for part in inside.split(","))

    @property
    def shown(self) -> str:
        """The key as the help writes it."""
        return self.display or KEY_NAMES.get(self.key, self.key)


def _literal(text: str) -> object:
    if text[:1] in "'\"":
        return text[1:-1]
    if text in ("True", "False"):
        return text == "True"
    try:
        return int(text)
    except ValueError:
        return text


def numbered(
    keys: Iterable[str],
    action: str,
    label: str = "",
    description: str = "",
    when: str = "",
    **extra: Any,
) -> list[Key]:
    """One row per key of a family (``1``–``7`` playing columns 1 to 7): ``action`` has
    ``{}`` where each key's number (its position, from 1) goes, or ``{key}`` for the key."""
    return [
        Key(key, action.format(number, key=key), label, description, when, **extra)
        for number, key in enumerate(keys, start=1)
    ]


@dataclass(frozen=True, slots=True)
class KeyTable:
    """A screen's keys, in the order the key bar and the help show them, and notes for the
    help (the mouse, say)."""

    keys: tuple[Key, ...]
    notes: tuple[str, ...] = ()
    #: a line the help puts before the table (how a menu is used, say)
    intro: str = ""
    _by_action: dict[str, list[Key]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for key in self.keys:
            self._by_action.setdefault(key.name, []).append(key)

    def __iter__(self) -> Iterator[Key]:
        return iter(self.keys)

    def __add__(self, other: KeyTable) -> KeyTable:
        """This table's keys, then the other's (a game's own keys, then those every game
        screen shares); notes of both."""
        return KeyTable((*self.keys, *other.keys), (*self.notes, *other.notes), self.intro)

    def described(self, descriptions: dict[str, str]) -> KeyTable:
        """The same keys with some described in a screen's own words: ``descriptions`` is
        keyed by action (``cursor(-1)``) or by action name (``new``)."""
        keys = []
        for key in self.keys:
            words = descriptions.get(key.action, descriptions.get(key.name))
            keys.append(replace(key, description=words) if words and key.description else key)
        return KeyTable(tuple(keys), self.notes, self.intro)

    def whens(self) -> set[str]:
        """The names of every method of the controls the table calls."""
        return {key.when for key in self.keys if key.when}

    def without(self, *names: str) -> KeyTable:
        """The same table less the rows of some actions."""
        kept = tuple(key for key in self.keys if key.name not in names)
        return KeyTable(kept, self.notes, self.intro)

    def names(self) -> tuple[str, ...]:
        """Every action's name, once each, in order."""
        return tuple(dict.fromkeys(key.name for key in self.keys))

    def availability(
        self, controls: object, name: str, arguments: Sequence[object]
    ) -> Availability:
        """What the table says of an action now (True for an action it does not list)."""
        rows = self._by_action.get(name)
        if not rows:
            return True
        return check(controls, rows[0].when, arguments)

    def signature(self, controls: object) -> tuple[Availability, ...]:
        """The availability of every row, to redraw the key bar only when it changes."""
        return tuple(check(controls, key.when, key.arguments) for key in self.keys)

    def rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for the help: one row per action and description, the
        keys of a family written as ranges (``1–7``, ``1–9 a–d``)."""
        grouped: dict[tuple[str, str], list[Key]] = {}
        for key in self.keys:
            if key.description:
                grouped.setdefault((key.name, key.description), []).append(key)
        rows = []
        for (_name, description), keys in grouped.items():
            shown = list(dict.fromkeys(key.shown for key in keys))
            family = len({key.action for key in keys}) > 1
            rows.append((key_ranges(shown) if family else " ".join(shown), description))
        return rows

    def markdown(self) -> str:
        lines = ["| keys | what they do |", "| --- | --- |"]
        lines += [f"| {keys} | {description} |" for keys, description in self.rows()]
        return "\n".join(lines) + "\n"


def check(controls: object, when: str, arguments: Sequence[object]) -> Availability:
    """Ask ``controls`` whether a key may be used now (its method ``when``)."""
    if not when:
        return True
    answer: Availability = getattr(controls, when)(*arguments)
    return answer


def key_ranges(keys: list[str]) -> str:
    """``1 2 3 a b`` as ``1–3 a–b``: runs of consecutive digits or letters."""
    runs: list[list[str]] = []
    for key in keys:
        last = runs[-1][-1] if runs else ""
        if (
            last
            and len(key) == len(last) == 1
            and ord(key) == ord(last) + 1
            and key.isdigit() == last.isdigit()
        ):
            runs[-1].append(key)
        else:
            runs.append([key])
    return " ".join(run[0] if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)
