"""Keys declared once: each screen's keys are one table of :class:`Key` rows, from which
the app's bindings, the greying of the key bar, the help page and docs/keys.md are all
made. Textual-free, so that the help can be built without the app.

A row names a key, the action's ``name`` (what a player rebinds it by, and what
docs/keys.md lists), what the key does (``act``: a function of the table's *target*, the
screen's controls or the screen itself, whose answer the screen acts on), the word shown
in the key bar, the sentence of the help, and *when* it may be used (``when``: a function
of the same target answering an :data:`Availability`). Both are plain Python functions,
so that the type checker sees every method a table calls and a rename cannot break a key
unseen. Several rows may share a key; the first that is usable takes it.

A family of keys (``1``–``7`` playing columns 1 to 7) is one row per key with the same
name and each its own ``arguments`` (``play`` with ``(3,)``): a player rebinds the family
with a list of keys, one for each in order.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from enum import Enum
from enum import auto
from typing import Any
from typing import Generic
from typing import TypeVar

#: What a row's ``when`` answers: True, usable; a string, not now (shown greyed), and
#: why, in a few words a status line can say; None, not now (greyed) with nothing to
#: say; False, not bound now, so that another row of the same key may answer instead
#: (say, to explain why a move cannot be made).
Availability = bool | str | None

#: the table's target: what its rows' ``act`` and ``when`` are called with
T = TypeVar("T", contravariant=True)
#: an argument of a family's rows
A = TypeVar("A")
R = TypeVar("R")

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


class During(Enum):
    """Which of a game screen's two courses a key serves: the game in play, a replay, or
    both. (The other screens have one course, and their keys are always theirs.)"""

    PLAY = auto()
    REPLAY = auto()
    ALWAYS = auto()

    def serves(self, course: During | None) -> bool:
        """Whether a key of this kind is bound on a screen in ``course`` (None: a screen
        of one course)."""
        return course is None or self in (During.ALWAYS, course)


@dataclass(frozen=True, slots=True)
class Key(Generic[T]):
    """One key of a screen (see the module's docstring)."""

    key: str
    #: the action's name: what a player rebinds, and what the help lists
    name: str
    #: what the key does, given the table's target; the screen acts on the answer
    act: Callable[[T], object]
    #: the key bar's word for it; "" keeps it off the bar
    label: str = ""
    #: the help's sentence; "" when it is not listed on its own (a key that only explains
    #: why another row's move cannot be made now, say)
    description: str = ""
    #: when the key may be used (None: always)
    when: Callable[[T], Availability] | None = None
    #: which of a family this row is (``(3,)`` for column 3), as ``act`` and ``when``
    #: already have it; () for an action of its own
    arguments: tuple[object, ...] = ()
    #: how the key is written, when not as Textual names it
    display: str | None = None
    #: keys shown together in the key bar under one label ("123 Heap"), and whether the
    #: keys of the group are written with no space between them
    group: str | None = None
    compact_group: bool = False
    #: on a game screen, the course the key serves (not bound in the other)
    during: During = During.PLAY

    @property
    def action(self) -> str:
        """The action with its arguments, as the help and the tests name it (``play(3)``,
        ``build('s')``)."""
        if not self.arguments:
            return self.name
        return f"{self.name}({', '.join(map(repr, self.arguments))})"

    @property
    def shown(self) -> str:
        """The key as the help writes it."""
        return self.display or shown_key(self.key)

    def availability(self, target: T, course: During | None = None) -> Availability:
        """Whether the key may be used now, on a screen in ``course``."""
        if not self.during.serves(course):
            return False
        return True if self.when is None else self.when(target)


def _bound(function: Callable[[T, A], R], argument: A) -> Callable[[T], R]:
    def bound(target: T) -> R:
        return function(target, argument)

    return bound


def family(
    target: type[T],
    keys: Sequence[str],
    name: str,
    act: Callable[[T, A], object],
    arguments: Sequence[A],
    label: str = "",
    description: str = "",
    when: Callable[[T, A], Availability] | None = None,
    **extra: Any,
) -> list[Key[T]]:
    """One row per key of a family, the key at each place with the argument at the same
    place; ``target`` is the class the table serves (it types ``act`` and ``when``)."""
    del target  # only for the type checker
    return [
        Key(
            key,
            name,
            _bound(act, argument),
            label,
            description,
            None if when is None else _bound(when, argument),
            (argument,),
            **extra,
        )
        for key, argument in zip(keys, arguments, strict=True)
    ]


def numbered(
    target: type[T],
    keys: Sequence[str],
    name: str,
    act: Callable[[T, int], object],
    label: str = "",
    description: str = "",
    when: Callable[[T, int], Availability] | None = None,
    **extra: Any,
) -> list[Key[T]]:
    """A family whose keys stand for 1, 2, 3 … in order (``1``–``7`` playing columns 1
    to 7)."""
    numbers = range(1, len(keys) + 1)
    return family(target, keys, name, act, numbers, label, description, when, **extra)


def lettered(
    target: type[T],
    keys: Sequence[str],
    name: str,
    act: Callable[[T, str], object],
    label: str = "",
    description: str = "",
    when: Callable[[T, str], Availability] | None = None,
    **extra: Any,
) -> list[Key[T]]:
    """A family whose argument is each row's own key (``refuse('s')`` on ``s``)."""
    return family(target, keys, name, act, keys, label, description, when, **extra)


@dataclass(frozen=True)  # no slots: ``KeyTable[Target](...)`` sets an attribute
class KeyTable(Generic[T]):
    """A screen's keys, in the order the key bar and the help show them, and notes for the
    help (the mouse, say)."""

    keys: tuple[Key[T], ...]
    notes: tuple[str, ...] = ()
    #: a line the help puts before the table (how a menu is used, say)
    intro: str = ""
    #: the place of the first row of each action (name and arguments)
    _firsts: dict[tuple[str, tuple[object, ...]], int] = field(
        default_factory=dict, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        for index, key in enumerate(self.keys):
            self._firsts.setdefault((key.name, key.arguments), index)

    def __iter__(self) -> Iterator[Key[T]]:
        return iter(self.keys)

    def __add__(self, other: KeyTable[T]) -> KeyTable[T]:
        """This table's keys, then the other's (a game's own keys, then those every game
        screen shares); notes of both."""
        return KeyTable((*self.keys, *other.keys), (*self.notes, *other.notes), self.intro)

    def described(self, descriptions: dict[str, str]) -> KeyTable[T]:
        """The same keys with some described in a screen's own words: ``descriptions`` is
        keyed by action (``cursor(-1)``) or by action name (``new``)."""
        keys = []
        for key in self.keys:
            words = descriptions.get(key.action, descriptions.get(key.name))
            keys.append(replace(key, description=words) if words and key.description else key)
        return KeyTable(tuple(keys), self.notes, self.intro)

    def first_of(self, index: int) -> int:
        """The place of the first row of the same action as the row at ``index`` (the
        rows of one action on several keys are one action to Textual and the key bar)."""
        key = self.keys[index]
        return self._firsts[key.name, key.arguments]

    def row(self, name: str, arguments: Sequence[object] = ()) -> Key[T] | None:
        """The first row of an action (name and arguments), if the table has it."""
        index = self._firsts.get((name, tuple(arguments)))
        return None if index is None else self.keys[index]

    def names(self) -> tuple[str, ...]:
        """Every action's name, once each, in order."""
        return tuple(dict.fromkeys(key.name for key in self.keys))

    def availability(
        self,
        target: T,
        name: str,
        arguments: Sequence[object] = (),
        course: During | None = During.PLAY,
    ) -> Availability:
        """What the table says of an action now, on a screen in ``course`` (True for an
        action it does not list)."""
        row = self.row(name, arguments)
        return True if row is None else row.availability(target, course)

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
        grouped: dict[tuple[str, str], list[Key[T]]] = {}
        for key in self.keys:
            if key.description:
                grouped.setdefault((key.name, key.description), []).append(key)
        # each key is listed once: a key that an earlier row already lists (← selects
        # while playing and steps in a replay) is left off the later row, whose words
        # join the earlier row's
        rows: list[tuple[list[str], list[str], list[str], bool]] = []
        listed: dict[str, int] = {}
        for (name, description), keys in grouped.items():
            shown = list(dict.fromkeys(key.shown for key in keys))
            family = len({key.arguments for key in keys}) > 1
            earlier = [listed[key] for key in shown if key in listed]
            for at in dict.fromkeys(earlier):
                _keys, names, descriptions, _family = rows[at]
                if name not in names:
                    names.append(name)
                if description not in descriptions:
                    descriptions.append(description)
            left = [key for key in shown if key not in listed]
            if left:
                listed.update(dict.fromkeys(left, len(rows)))
                rows.append((left, [name], [description], family))
        return [
            (
                key_ranges(keys) if family else " ".join(keys),
                ", ".join(names),
                "; ".join(descriptions),
            )
            for keys, names, descriptions, family in rows
        ]

    def markdown(self) -> str:
        lines = ["| keys | name | what they do |", "| --- | --- | --- |"]
        lines += [
            f"| {keys} | {', '.join(f'`{one}`' for one in names.split(', '))} | {description} |"
            for keys, names, description in self.named_rows()
        ]
        return "\n".join(lines) + "\n"


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


# -- the names of keys -------------------------------------------------------------------

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
    shift+r); named keys do not (``Enter`` is ``enter``). Modifiers are put in the
    order Textual names them, that of the alphabet, whatever order they are written in
    (``shift+ctrl+up`` is ``ctrl+shift+up``: as written, no key would ever match it)."""
    if len(written) == 1:
        return _character_key(written)
    *modifiers, last = written.split("+")
    if not last or any(modifier.lower() not in MODIFIERS for modifier in modifiers):
        return None
    if len({modifier.lower() for modifier in modifiers}) < len(modifiers):
        return None  # (a modifier twice: no key is named so)
    prefix = "".join(f"{modifier}+" for modifier in sorted(m.lower() for m in modifiers))
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
