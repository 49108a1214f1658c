"""What a Parlour database may hold: Parlour's tables, each as Parlour makes it (or as an
older Parlour made it and a later one changed it in place), the indexes Parlour makes, and
nothing else. Anything else in the file would run at every read or write, or make writes
fail: a view or a trigger; an index on an expression (evaluated at every write of its
table, for as long as it likes), a partial or a unique one; a table given a ``CHECK``
constraint, a generated column or a foreign key of its own. :func:`strange` names them,
and :func:`parlour.store.opening.check_ours` refuses the file.

A table is compared by its definition as SQLite keeps it (the ``CREATE TABLE`` statement
that made it, with the columns ``ALTER TABLE`` added since at its end): its columns and
constraints, in any order, written as Parlour writes them (white space and case aside).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Mapping
from functools import cache

from parlour.store.schema import ADDED_LATER
from parlour.store.schema import INDEXES
from parlour.store.schema import OLDER_INDEXES
from parlour.store.schema import SCHEMA

#: the names SQLite gives what it makes itself (the index of a table's primary key,
#: ``sqlite_stat1`` of ``ANALYZE``); no other program can give a name of this kind
_SQLITES_OWN = "sqlite_"


def words(sql: str) -> str:
    """``sql`` as it is compared: in lower case, one space for any run of white space and
    none beside a bracket or a comma.

    >>> words("CREATE TABLE pars (\\n    seed INTEGER NOT NULL ,\\n    PRIMARY KEY (seed)\\n)")
    'create table pars(seed integer not null,primary key(seed))'
    """
    return re.sub(r" ?([(),]) ?", r"\1", " ".join(sql.split()).casefold())


def _parts(body: str) -> list[str] | None:
    """The parts of a table's definition (its columns and constraints): ``body`` split at
    the commas outside brackets and quotes. None if a bracket or a quote is not closed."""
    parts, depth, quote, start = [], 0, "", 0
    for at, character in enumerate(body):
        if quote:
            if character == quote:
                quote = ""
        elif character in "'\"`":
            quote = character
        elif character == "[":
            quote = "]"
        elif character == "(":
            depth += 1
        elif character == ")":
            depth -= 1
            if depth < 0:
                return None
        elif character == "," and depth == 0:
            parts.append(body[start:at])
            start = at + 1
    if depth or quote:
        return None
    return [*parts, body[start:]]


def _table(sql: str) -> tuple[str, list[str]] | None:
    """A table's name and the parts of its definition, from its ``CREATE TABLE``."""
    found = re.fullmatch(r"create table (?:if not exists )?(\w+)\((.*)\)", words(sql), re.S)
    if found is None:
        return None
    parts = _parts(found[2])
    return None if parts is None else (found[1], parts)


@cache
def _tables() -> Mapping[str, tuple[frozenset[str], frozenset[str]]]:
    """Each of Parlour's tables: the parts of its definition every Parlour's has had, and
    those a later schema added (which an older file may lack)."""
    tables = {}
    for statement in SCHEMA.split(";"):
        if statement.strip():
            made = _table(statement)
            assert made is not None, statement
            name, parts = made
            later = frozenset(part for part in parts if part.split()[0] in ADDED_LATER)
            tables[name] = (frozenset(parts) - later, later)
    return tables


@cache
def _indexes() -> Mapping[str, frozenset[str]]:
    """Each of Parlour's indexes: its definitions, as SQLite keeps them, this Parlour's
    and an older one's."""
    indexes: dict[str, set[str]] = {}
    for statement in f"{INDEXES};{OLDER_INDEXES}".split(";"):
        if statement.strip():
            made = words(statement).replace(" if not exists ", " ")
            indexes.setdefault(made.split()[2], set()).add(made)
    return {name: frozenset(made) for name, made in indexes.items()}


def is_parlours(sql: str | None, name: str) -> bool:
    """Whether ``sql`` makes Parlour's table ``name`` as a Parlour makes it (this one, or
    an older one whose file this one brings up to date)."""
    made = _table(sql or "")
    if made is None or made[0] != name or name not in _tables():
        return False
    parts = made[1]
    always, later = _tables()[name]
    return len(set(parts)) == len(parts) and always <= set(parts) <= always | later


def strange(entries: Iterable[tuple[str, str, str | None]]) -> list[str]:
    """What Parlour never makes among a file's ``sqlite_master`` entries (its type, name
    and SQL), as the player reads it ("view holes", "index games_by_length", "table
    games (not as Parlour makes it)"): the file is not one Parlour may use."""
    found = []
    for kind, name, sql in entries:
        if kind == "table" and name in _tables():
            if not is_parlours(sql, name):
                found.append(f"table {name} (not as Parlour makes it)")
        elif kind == "index" and name.startswith(_SQLITES_OWN) and sql is None:
            continue  # (a table's primary key: part of the table's definition)
        elif kind == "index" and words(sql or "") in _indexes().get(name, ()):
            continue
        elif kind == "table" and name.startswith(_SQLITES_OWN):
            continue  # (SQLite's own, such as the statistics of ANALYZE)
        else:
            found.append(f"{kind} {name}")
    return sorted(found)
