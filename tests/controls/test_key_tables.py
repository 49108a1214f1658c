"""Every screen's key table: no key listed twice in the help, and no key with two
meanings at once (two actions of the help bound to one key in the same position)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from parlour.controls.course import Course
from parlour.controls.course import Playing
from parlour.controls.course import Replaying
from parlour.controls.game import GameControls
from parlour.controls.keys import During
from parlour.engine.game import GIVE_UP
from parlour.engine.history import Line
from parlour.engine.registry import specs
from parlour.help.keys import game_keys
from parlour.help.keys import screen_tables
from parlour.session import Session
from parlour.store.database import Store


def listed_keys(keys: str) -> list[str]:
    """The keys of a help row, ranges written out (``1–3 a`` is 1 2 3 a)."""
    out: list[str] = []
    for part in keys.split(" "):
        if "–" in part and len(part) == 3:
            first, last = part[0], part[2]
            out += [chr(code) for code in range(ord(first), ord(last) + 1)]
        else:
            out.append(part)
    return out


@pytest.mark.parametrize(("title", "table"), screen_tables(), ids=lambda x: str(x)[:20])
def test_no_key_is_listed_twice_in_the_help(title: str, table: Any) -> None:
    seen: list[str] = []
    for keys, _name, _description in table.named_rows():
        seen += listed_keys(keys)
    twice = sorted({key for key in seen if seen.count(key) > 1})
    assert twice == [], f"{title} lists {twice} more than once"


@dataclass
class View:
    course: Course


def meanings(controls: GameControls, table: Any, course: During) -> dict[str, set[str]]:
    """Each key with the actions of the help bound to it now (greyed or usable)."""
    bound: dict[str, set[str]] = {}
    for row in table:
        if row.description and row.availability(controls, course) is not False:
            bound.setdefault(row.key, set()).add(row.name)
    return bound


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
def test_no_key_has_two_meanings_at_once(tmp_path: Path, game: str) -> None:
    table = game_keys(game)
    rng = random.Random(7)
    checked = 0
    for seed in (1, 2, 3):
        session = Session.new_game(Store(tmp_path / f"{seed}"), game, seed)
        view = View(Playing(session))
        controls_class = find_controls(table)
        controls_ = controls_class(view)
        for _ in range(400):
            both = {k: v for k, v in meanings(controls_, table, During.PLAY).items() if len(v) > 1}
            assert both == {}, f"{game} seed {seed} move {len(session.line.moves)}: {both}"
            checked += 1
            # a move half made, where the game has one
            half = (("choosing", "s"), ("typed_square", 1), ("chosen", ("heap", 0)))
            for attribute, value in half:
                if hasattr(controls_, attribute):
                    saved = getattr(controls_, attribute)
                    setattr(controls_, attribute, value)
                    bound = meanings(controls_, table, During.PLAY)
                    both = {k: v for k, v in bound.items() if len(v) > 1}
                    assert both == {}, f"{game} with {attribute}={value!r}: {both}"
                    setattr(controls_, attribute, saved)
            if session.is_finished:
                break
            moves = [m for m in session.rules.legal_moves(session.state) if m != GIVE_UP]
            session.play(rng.choice(moves) if moves else GIVE_UP)
        # the finished game, and its replay
        replay = View(Replaying(Line.from_seed(session.rules, seed), "a replay"))
        replayed = controls_class(replay)
        both = {k: v for k, v in meanings(replayed, table, During.REPLAY).items() if len(v) > 1}
        assert both == {}, f"{game} replay: {both}"
    assert checked > 10


def find_controls(table: Any) -> type[GameControls]:
    """The controls class whose table this is."""
    for cls in all_subclasses(GameControls):
        if getattr(cls, "KEYS", None) is table:
            return cls
    raise LookupError("no controls for the table")


def all_subclasses(cls: type[Any]) -> list[type[Any]]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *all_subclasses(sub)]
    return found
