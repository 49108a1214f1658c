"""The plug-in contract: every registered game provides every part, and a game declared
only through the contract (a toy, in test code) plays in the command line and the app."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from parlour.cli import main
from parlour.controls.game import GameControls
from parlour.controls.game import shared_keys
from parlour.controls.keys import KeyTable
from parlour.engine import registry
from parlour.engine.game import Rules
from parlour.engine.plugin import GameSpec
from parlour.engine.verdict import Budget
from parlour.engine.verdict import Verdict
from parlour.help import game_rules
from parlour.help import rules_document
from parlour.help.keys import keys_document
from parlour.tui.screens.game import GameScreen


def check_spec(spec: GameSpec) -> None:
    """Every part the spec names is there and is what the rest of Parlour expects."""
    for part, reference in spec.references().items():
        assert ":" in reference, f"{spec.id}: {part}"
    rules = spec.rules()
    assert isinstance(rules, Rules)
    assert (rules.id, rules.name, rules.aliases) == (spec.id, spec.name, spec.aliases)
    assert dict(rules.option_names) == dict(spec.option_names)
    start = rules.start_from_seed(1)
    verdict = spec.solver().solve(start, Budget(nodes=2_000))
    assert isinstance(verdict, Verdict)
    assert isinstance(spec.solver().verdict_words(verdict), str)
    default = spec.solver().default_seconds
    assert default is None or default > 0
    # plain mode's own words, if any, are words it can use (By Twos' form)
    from parlour.controls.game import PlainWord

    assert all(isinstance(word, PlainWord) for word in spec.plain_words())
    if rules.outcome(start) is None:
        assert spec.hint()(start) in rules.legal_moves(start)
    Console(file=io.StringIO(), width=80).print(spec.renderer()(start, True))
    screen = spec.screen()
    assert issubclass(screen, GameScreen)
    keys = spec.keys()
    assert isinstance(keys, KeyTable)
    assert screen.CONTROLS.KEYS is keys
    assert issubclass(screen.CONTROLS, GameControls)
    for key in keys:
        assert callable(key.act), f"{spec.id}: nothing carries out {key.action}"
    shared = set(shared_keys().names())
    assert shared <= set(keys.names()), f"{spec.id} lacks {shared - set(keys.names())}"
    assert game_rules(spec.id).startswith(f"## {spec.name}")


@pytest.mark.parametrize("spec", registry.specs(), ids=lambda spec: spec.id)
def test_every_registered_game_provides_every_part(spec: GameSpec) -> None:
    check_spec(spec)


@pytest.fixture
def toy() -> Iterator[GameSpec]:
    """The registry with the toy game added, as a fifth plug-in module."""
    saved = registry.PLUGINS
    registry.PLUGINS = (*saved, "tests.toy.plugin")  # type: ignore[misc]
    registry.reset()
    try:
        yield registry.find_spec("toy")
    finally:
        registry.PLUGINS = saved  # type: ignore[misc]
        registry.reset()


def test_the_toy_game_keeps_the_contract(toy: GameSpec) -> None:
    check_spec(toy)
    assert "## Aces Out" in rules_document()
    assert "## Aces Out" in keys_document()


# -- the recipe of docs/architecture.md is what a new game needs -----------------------

ROOT = Path(__file__).resolve().parents[1]
TOY = ROOT / "tests" / "toy"


def recipe() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    return text.split("## How to add a game\n", 1)[1].split("\n## ", 1)[0]


def test_the_recipe_names_every_part_a_plug_in_must_give() -> None:
    # a step of the recipe names the field of its part in brackets: "**Rules** (`rules_at`)"
    named = set(re.findall(r"\*\* \(`(\w+)`\)", recipe()))
    parts = {
        f.name
        for f in dataclasses.fields(GameSpec)
        if f.name.endswith(("_at", "_page"))
        and f.default is dataclasses.MISSING
        and f.default_factory is dataclasses.MISSING
    }
    assert named == parts
    for word in ("`id`", "`name`", "`aliases`", "`blurb`", "`options`", "`rounds`", "`PLUGINS`"):
        assert word in recipe(), f"the recipe does not say what {word} is"


def test_the_toy_game_is_its_plug_in_and_the_parts_it_names_and_nothing_else() -> None:
    from tests.toy.plugin import PLUGIN

    named = {"plugin.py", "__init__.py"}
    for reference in PLUGIN.references().values():
        module = reference.partition(":")[0]
        assert module.startswith("tests.toy."), reference
        named.add(module.removeprefix("tests.toy.") + ".py")
    for page in (PLUGIN.rules_page, PLUGIN.notation_page):
        package, _, path = page.partition(":")
        assert package == "tests.toy"
        named.add(path)
    made = {path.name for path in TOY.iterdir() if path.is_file()}
    assert made == named


# -- with the toy registered, everything that lists the games shows it ------------------


def test_every_page_made_from_the_plug_ins_shows_the_toy_game(toy: GameSpec) -> None:
    from parlour.help.docs import documents

    pages = documents(ROOT / "docs")
    assert "\n## Aces Out (`toy`)\n\nA toy patience for testing" in pages["rules.md"]
    keys = pages["keys.md"].split("\n## Aces Out\n", 1)[1].split("\n## ", 1)[0]
    assert "| a | `home` | put the waste's ace out |" in keys
    assert "### Aces Out (`toy`)\n\n**Moves.** `t` turns" in pages["notation.md"]
    assert "| Aces Out | 60 × 20 |" in pages["layout.md"]
    for name, page in pages.items():
        assert page != (ROOT / "docs" / name).read_text(encoding="utf-8"), name


def test_the_command_line_lists_the_toy_game(
    toy: GameSpec, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "Aces Out" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "toy" in capsys.readouterr().out.replace("\n", " ")


def screen_text(app: Any) -> str:
    """The text of the terminal, as the app has drawn it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_the_start_screen_and_the_help_show_the_toy_game(
    toy: GameSpec, private_data_dir: Path
) -> None:
    from parlour.tui.app import make_app

    app = make_app(private_data_dir, ascii_only=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert "Aces Out" in screen_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert f"Aces Out: {toy.blurb}." in screen_text(app)
    app = make_app(private_data_dir, game="toy", seed=1, ascii_only=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert "A toy patience for testing" in screen_text(app)


def test_the_toy_game_plays_through_the_command_line(
    toy: GameSpec, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deal", "aces-out", "--seed", "1", "--ascii"]) == 0
    assert "Aces Out . seed 1" in capsys.readouterr().out  # --ascii: ASCII only
    assert main(["play-moves", "toy", "--seed", "1", "t", "t", "t"]) == 0
    assert "Moves played: 3" in capsys.readouterr().out
    assert main(["play-moves", "toy", "--seed", "1", "a"]) == 2
    assert "no ace shows on the waste" in capsys.readouterr().err
    assert main(["solve", "toy", "--seed", "1", "--json"]) == 0
    assert '"status": "winnable"' in capsys.readouterr().out


async def test_the_toy_game_plays_in_the_app(toy: GameSpec, private_data_dir: Path) -> None:
    from parlour.tui.app import make_app

    app = make_app(private_data_dir, game="toy", seed=1, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "ToyScreen"
        assert screen.key_state("home", ()) is None  # greyed: no ace shows yet
        rules = toy.rules()
        state = rules.start_from_seed(1)
        for _ in range(3):
            await pilot.press("t")
            state = rules.apply(state, "t")
        await pilot.pause()
        assert screen.session is not None and screen.session.state == state
        await pilot.press("u")
        await pilot.pause()
        assert len(screen.session.line.moves) == 2


async def test_a_finished_toy_game_is_in_the_statistics(
    toy: GameSpec, private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from parlour.tui.app import make_app

    rules = toy.rules()
    app = make_app(private_data_dir, game="toy", seed=1, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = app.screen.session
        assert session is not None
        while rules.outcome(session.state) is None:
            await pilot.press(str(rules.legal_moves(session.state)[0]))
            await pilot.pause()
    assert main(["stats", "toy", "--json"]) == 0
    (played,) = json.loads(capsys.readouterr().out)["games"]
    assert played["game"] == "toy" and played["played"] == 1
    assert main(["stats"]) == 0
    assert "Aces Out" in capsys.readouterr().out
