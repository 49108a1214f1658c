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

import unicodedata
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
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
        return self.display or shown_key(self.key)


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

    def described_names(self) -> tuple[str, ...]:
        """The names of the actions the help lists (those a player may rebind)."""
        return tuple(dict.fromkeys(key.name for key in self.keys if key.description))

    def rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for the help: one row per action and description, the
        keys of a family written as ranges (``1–7``, ``1–9 a–d``)."""
        return [(keys, description) for keys, _name, description in self.named_rows()]

    def named_rows(self) -> list[tuple[str, str, str]]:
        """The help's rows with the action's name, the name a player rebinds it by:
        (keys, action name, what they do)."""
        grouped: dict[tuple[str, str], list[Key]] = {}
        for key in self.keys:
            if key.description:
                grouped.setdefault((key.name, key.description), []).append(key)
        rows = []
        for (name, description), keys in grouped.items():
            shown = list(dict.fromkeys(key.shown for key in keys))
            family = len({key.action for key in keys}) > 1
            rows.append((key_ranges(shown) if family else " ".join(shown), name, description))
        return rows

    def markdown(self) -> str:
        lines = ["| keys | name | what they do |", "| --- | --- | --- |"]
        lines += [
            f"| {keys} | `{name}` | {description} |"
            for keys, name, description in self.named_rows()
        ]
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


# -- the player's own keys ---------------------------------------------------------------

#: keys with names (besides single characters) a player may give, each with any of
#: ``ctrl+``, ``shift+``, ``alt+`` … before it
NAMED_KEYS = frozenset(
    {
        "space", "enter", "escape", "tab", "backspace", "delete", "insert", "home", "end",
        "pageup", "pagedown", "up", "down", "left", "right",
        *(f"f{number}" for number in range(1, 25)),
    }
)  # fmt: skip
MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")
#: names players write for some keys, as Textual names them
KEY_ALIASES = {"esc": "escape", "return": "enter", "del": "delete", "pgup": "pageup",
               "pgdn": "pagedown"}  # fmt: skip


def key_name(written: str) -> str | None:
    """Textual's name of a key as a player writes it (``x``, ``?``, ``F1``, ``ctrl+h``,
    ``Space``), or None when it names no key. Letters keep their case (``R`` is
    shift+r); named keys do not (``Enter`` is ``enter``)."""
    if len(written) == 1:
        return _character_key(written)
    *modifiers, last = written.split("+")
    if not last or any(modifier.lower() not in MODIFIERS for modifier in modifiers):
        return None
    prefix = "".join(f"{modifier.lower()}+" for modifier in modifiers)
    if len(last) == 1:
        key = _character_key(last)
        return None if key is None else prefix + key
    lowered = KEY_ALIASES.get(last.lower(), last.lower())
    if lowered in NAMED_KEYS or _character_of(lowered):
        return prefix + lowered
    return None


def _character_key(character: str) -> str | None:
    if character == " ":
        return "space"
    if not character.isprintable():
        return None
    if character.isalnum():
        return character
    try:
        return unicodedata.name(character).lower().replace("-", "_").replace(" ", "_")
    except ValueError:
        return None


def _character_of(name: str) -> str:
    """The printable character a key name such as ``full_stop`` stands for, or ""."""
    try:
        character = unicodedata.lookup(name.replace("_", " "))
    except KeyError:
        return ""
    if len(character) == 1 and character.isprintable() and not character.isalnum():
        return character
    return ""


def shown_key(key: str) -> str:
    """A key as the help and the key bar write it (``?`` for ``question_mark``)."""
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    *modifiers, last = key.split("+")
    if modifiers and last:
        return "+".join(modifiers) + "+" + shown_key(last)
    return _character_of(key) or key


#: a problem with one setting of ``[keys]``: (the setting, what is wrong)
KeyProblem = tuple[str, str]


def rebind(
    table: KeyTable, overrides: Mapping[str, Sequence[str]], where: str = "this screen"
) -> tuple[KeyTable, list[KeyProblem]]:
    """The table with the player's keys (``overrides``: action name -> keys as written)
    in place of its own, and what could not be done. An action the table does not list
    is left for others to report. A key that names no key, a family given the wrong
    number of keys, or a key that another action of the table already has (a clash) is
    reported and that action keeps its own keys, so that the screen still works."""
    problems: list[KeyProblem] = []
    listed = set(table.described_names())
    plan: dict[str, tuple[str, ...]] = {}
    for name, written in overrides.items():
        if name not in listed:
            continue
        keys = [key_name(text) for text in written]
        bad = [text for text, key in zip(written, keys, strict=True) if key is None]
        if bad:
            problems.append((f"keys.{name}", f"{bad[0]!r} is not a key; default used"))
            continue
        actions = list(dict.fromkeys(key.action for key in table if key.name == name))
        if len(actions) > 1 and len(keys) != len(actions):
            own = " ".join(key.shown for key in _first_rows(table, name))
            problems.append(
                (
                    f"keys.{name}",
                    f"{where} has {len(actions)} of these ({own}): give a list of "
                    f"{len(actions)} keys, one for each in that order; default used",
                )
            )
            continue
        if len(set(keys)) != len(keys):
            problems.append((f"keys.{name}", "the same key twice in the list; default used"))
            continue
        plan[name] = tuple(key for key in keys if key is not None)
    while True:
        rebound = _apply(table, plan)
        clash = _first_clash(table, rebound, plan)
        if clash is None:
            return rebound, problems
        name, key, other = clash
        problems.append(
            (
                f"keys.{name}",
                f"{shown_key(key)!r} is also the key of {other} on {where}; {name} keeps "
                "its own key",
            )
        )
        del plan[name]


def _first_rows(table: KeyTable, name: str) -> list[Key]:
    """The first row of each action of a name (``play(1)`` … ``play(7)``)."""
    first: dict[str, Key] = {}
    for key in table:
        if key.name == name:
            first.setdefault(key.action, key)
    return list(first.values())


def _apply(table: KeyTable, plan: Mapping[str, tuple[str, ...]]) -> KeyTable:
    if not plan:
        return table
    moved: dict[str, str | None] = {}
    replaced: dict[str, list[Key]] = {}
    for name, keys in plan.items():
        rows = [key for key in table if key.name == name]
        firsts = _first_rows(table, name)
        if len(firsts) == 1:
            old = list(dict.fromkeys(key.key for key in rows))
            moved.update({key: keys[index] if index < len(keys) else None
                          for index, key in enumerate(old)})  # fmt: skip
            replaced[name] = [
                replace(
                    rows[min(index, len(rows) - 1)],
                    key=key,
                    display=_display(key),
                    label=rows[index].label if index < len(rows) else "",
                )
                for index, key in enumerate(keys)
            ]
        else:
            new_key = {first.action: key for first, key in zip(firsts, keys, strict=True)}
            moved.update({first.key: new_key[first.action] for first in firsts})
            replaced[name] = [
                replace(row, key=new_key[row.action], display=_display(new_key[row.action]))
                if row is _first_of(firsts, row.action) else row
                for row in rows
            ]  # fmt: skip
    # keys that actions the player has not changed still have
    kept = {key.key for key in table if key.description and key.name not in plan}
    result: list[Key] = []
    for row in table:
        if row.name in replaced:
            result += replaced.pop(row.name)
        elif row.name in plan:
            continue
        elif not row.description and row.key in moved:
            # a key that only explains why another row's move cannot be made goes with
            # that move's new key (and stays where an unchanged action still has its key)
            if row.key in kept:
                result.append(row)
            target = moved[row.key]
            if target is not None:
                result.append(replace(row, key=target, display=_display(target)))
        else:
            result.append(row)
    unique = dict.fromkeys(result)
    return KeyTable(tuple(unique), table.notes, table.intro)


def _first_of(firsts: list[Key], action: str) -> Key:
    return next(first for first in firsts if first.action == action)


def _display(key: str) -> str | None:
    shown = shown_key(key)
    return None if shown == key else shown


def _first_clash(
    default: KeyTable, rebound: KeyTable, plan: Mapping[str, tuple[str, ...]]
) -> tuple[str, str, str] | None:
    """(an action of the plan, its key, the other action that has it) for the first key
    the plan gives to two actions of the table, beyond those the table itself shares
    out (Enter, say, which two keys of a screen answer at different times)."""
    shared = {(key.key, key.name) for key in default}
    for name, keys in plan.items():
        for key in keys:
            for row in rebound:
                if (
                    row.key == key
                    and row.name != name
                    and row.description
                    and not ((key, name) in shared and (key, row.name) in shared)
                ):
                    return name, key, row.name
    return None
