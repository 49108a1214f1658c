"""The player's own keys: the ``[keys]`` table of the settings file (action name -> keys as
written) applied to a screen's key table.

What comes out is where each row of the table goes (:class:`Rebinding`): the table with
the player's keys, which the help, the key bar and docs read, and the same as a Textual
keymap (binding id -> keys), which the app hands to ``App.update_keymap`` so that Textual
itself moves the bindings. Every row of a table that is changed at all is in the keymap,
because Textual drops every binding of a key one of whose bindings the keymap moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Any

from parlour.controls.keys import Key
from parlour.controls.keys import KeyTable
from parlour.controls.keys import key_name
from parlour.controls.keys import shown_key
from parlour.engine.untrusted import QUOTED
from parlour.engine.untrusted import shown

#: the most keys one action may be given (a family of keys has a dozen or so; a list of
#: thousands took the clash search seconds, at every start and every game screen)
MOST_KEYS = 32
#: the keys Textual keeps for itself on every screen, before any screen's binding
APP_KEYS = {"ctrl+q": "quits the app", "ctrl+p": "opens the command palette"}
#: a problem with one setting of ``[keys]``: (the setting, what is wrong)
KeyProblem = tuple[str, str]
#: action name -> the keys the player gives it (Textual's names)
Plan = dict[str, tuple[str, ...]]
#: the keys of each row of a table, by the row's place
Placement = list[tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Rebinding:
    """A table under the player's keys: the table they make, what could not be done, and
    the keys of each row of the declared table, by its place (empty when nothing moved)."""

    table: KeyTable[Any]
    problems: list[KeyProblem]
    placement: Placement

    def keymap(self, scope: str) -> dict[str, str]:
        """Textual's keymap for the bindings made from the table with ids ``scope.N``
        (:func:`binding_id`): every row, with its keys."""
        return {
            binding_id(scope, index): ",".join(keys) for index, keys in enumerate(self.placement)
        }


def binding_id(scope: str, index: int) -> str:
    """The id of the Textual binding of the row at ``index`` of a table made in ``scope``."""
    return f"{scope}.{index}"


def rebind(
    table: KeyTable[Any], overrides: Mapping[str, Sequence[str]], where: str = "this screen"
) -> tuple[KeyTable[Any], list[KeyProblem]]:
    """The table with the player's keys, and what could not be done (see
    :func:`rebinding`)."""
    done = rebinding(table, overrides, where)
    return done.table, done.problems


def rebinding(
    table: KeyTable[Any], overrides: Mapping[str, Sequence[str]], where: str = "this screen"
) -> Rebinding:
    """The table with the player's keys (``overrides``: action name -> keys as written)
    in place of its own, and what could not be done. An action the table does not list
    is left for others to report. A key that names no key, a family given the wrong
    number of keys, or a key that another action of the table already has (a clash) is
    reported and that action keeps its own keys, so that the screen still works."""
    problems: list[KeyProblem] = []
    plan = _plan(table, overrides, where, problems)
    while plan:
        placement = _placed(table, plan)
        rebound = _table(table, placement)
        clash = _first_clash(table, rebound, plan)
        if clash is None:
            return Rebinding(rebound, problems, placement)
        name, key, other = clash
        problems.append(
            (
                f"keys.{name}",
                f"{shown_key(key)!r} is also the key of {other} on {where}; {name} keeps "
                "its own key",
            )
        )
        del plan[name]
    return Rebinding(table, problems, [])


def _plan(
    table: KeyTable[Any],
    overrides: Mapping[str, Sequence[str]],
    where: str,
    problems: list[KeyProblem],
) -> Plan:
    """The keys the player gives each action of the table, those that can be used."""
    listed = set(table.described_names())
    plan: Plan = {}
    for name, written in overrides.items():
        if name not in listed:
            continue
        if len(written) > MOST_KEYS:  # (clashes are found in time growing with the keys)
            problems.append(
                (f"keys.{name}", f"{len(written)} keys: an action has at most {MOST_KEYS}; "
                 "default used")
            )  # fmt: skip
            continue
        keys = [key_name(text) for text in written]
        bad = [text for text, key in zip(written, keys, strict=True) if key is None]
        if bad:
            quoted = shown(bad[0], limit=QUOTED)
            problems.append((f"keys.{name}", f"'{quoted}' is not a key; default used"))
            continue
        taken = [key for key in keys if key in APP_KEYS]
        if taken:
            problems.append(
                (f"keys.{name}", f"{shown_key(taken[0])!r} {APP_KEYS[taken[0]]} on every "
                 "screen; default used")
            )  # fmt: skip
            continue
        firsts = _first_rows(table, name)
        if len(firsts) > 1 and len(keys) != len(firsts):
            own = " ".join(table.keys[index].shown for index in firsts)
            problems.append(
                (
                    f"keys.{name}",
                    f"{where} has {len(firsts)} of these ({own}): give a list of "
                    f"{len(firsts)} keys, one for each in that order; default used",
                )
            )
            continue
        if len(set(keys)) != len(keys):
            problems.append((f"keys.{name}", "the same key twice in the list; default used"))
            continue
        plan[name] = tuple(key for key in keys if key is not None)
    return plan


def _first_rows(table: KeyTable[Any], name: str) -> list[int]:
    """The place of the first row of each action of a name (``play(1)`` … ``play(7)``)."""
    return list(dict.fromkeys(table.first_of(index) for index, key in enumerate(table)
                              if key.name == name))  # fmt: skip


#: an old key -> (the key that takes its place, None if none; the action's first new key)
Moved = dict[str, tuple[str | None, str]]


def _placed(table: KeyTable[Any], plan: Plan) -> Placement:
    """The keys of each row of the table under the plan. A row that only explains why
    another row's move cannot be made now (it has no description) goes with that move's
    new key, and stays where an unchanged action still has its key."""
    placement: Placement = [(key.key,) for key in table]
    moved: Moved = {}
    for name, keys in plan.items():
        moved.update(_place_action(table, name, keys, placement))
    kept = {key.key for key in table if key.description and key.name not in plan}
    for index, row in enumerate(table):
        if row.name in plan or row.description or row.key not in moved:
            continue
        target, first = moved[row.key]
        keys = ((row.key,) if row.key in kept else ()) + ((target,) if target else ())
        # (a row left with no key of its own follows the action's first key)
        placement[index] = keys or (first,)
    return placement


def _place_action(
    table: KeyTable[Any], name: str, keys: tuple[str, ...], placement: Placement
) -> Moved:
    """Give the rows of one action (or one family) the player's keys; what moved where."""
    places = [index for index, key in enumerate(table) if key.name == name]
    firsts = _first_rows(table, name)
    if len(firsts) > 1:  # a family: the first row of each takes its key, in order
        for index, key in zip(firsts, keys, strict=True):
            placement[index] = (key,)
        return {table.keys[index].key: (key, key) for index, key in zip(firsts, keys, strict=True)}
    # one action on one or more keys: the first row takes the first key, and so on; the
    # last row takes any keys more, and a row more than the keys goes with the first
    last = len(places) - 1
    for position, index in enumerate(places):
        if position < len(keys):
            placement[index] = (keys[position], *(keys[last + 1 :] if position == last else ()))
        else:
            placement[index] = (keys[0],)
    old = list(dict.fromkeys(table.keys[index].key for index in places))
    return {
        key: (keys[number] if number < len(keys) else None, keys[0])
        for number, key in enumerate(old)
    }


def _table(table: KeyTable[Any], placement: Placement) -> KeyTable[Any]:
    """The table with each row on its keys (a row on two keys twice; one action twice
    on one key once)."""
    rows: dict[tuple[str, str, tuple[object, ...]], Key[Any]] = {}
    for row, keys in zip(table, placement, strict=True):
        for key in keys:
            moved = row if key == row.key else replace(row, key=key, display=_display(key))
            rows.setdefault((key, row.name, row.arguments), moved)
    return KeyTable(tuple(rows.values()), table.notes, table.intro)


def _display(key: str) -> str | None:
    shown = shown_key(key)
    return None if shown == key else shown


def _first_clash(
    default: KeyTable[Any], rebound: KeyTable[Any], plan: Plan
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
