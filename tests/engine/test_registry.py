import ast
import subprocess
import sys

import pytest

from parlour.engine import all_games
from parlour.engine import apply
from parlour.engine import find_game
from parlour.engine import game_ids
from parlour.engine import legal_moves
from parlour.engine.errors import UnknownGameError
from parlour.engine.registry import PLUGINS
from parlour.engine.registry import game_name
from parlour.engine.registry import specs


def test_games_are_found_by_id_and_alias_ignoring_case() -> None:
    assert find_game("golf").id == "golf"
    assert find_game(" GOLF ").id == "golf"
    assert find_game("links").id == "golf"
    assert "golf" in game_ids()


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGameError) as caught:
        find_game("poker")
    message = str(caught.value)
    assert "poker" in message
    for game in game_ids():
        assert game in message


def test_module_level_functions_dispatch_on_the_state() -> None:
    golf = find_game("golf")
    state = golf.start_from_seed(1)
    assert legal_moves(state) == golf.legal_moves(state)
    assert apply(state, "7") == golf.apply(state, "7")


def test_the_registry_lists_each_game_as_its_rules_name_it() -> None:
    games = all_games()
    assert [rules.id for rules in games] == list(game_ids())
    for spec, rules in zip(specs(), games, strict=True):
        assert (spec.id, spec.name, spec.aliases) == (rules.id, rules.name, rules.aliases)
        assert dict(spec.option_names) == dict(rules.option_names)
        assert rules.spec is spec
        assert game_name(spec.id) == rules.name


def loaded_by(code: str, prefix: str) -> set[str]:
    """The modules whose names start with ``prefix`` that a fresh interpreter has loaded
    after running ``code``."""
    code += f"\nimport sys\nprint(sorted(m for m in sys.modules if m.startswith({prefix!r})))\n"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    return set(ast.literal_eval(result.stdout.strip()))


def test_asking_for_one_game_loads_only_that_game() -> None:
    code = "from parlour.engine import find_game\nfind_game('golf').start_from_seed(1)"
    loaded = loaded_by(code, "parlour.engine.games.")
    assert "parlour.engine.games.golf" in loaded
    for plugin, other in zip(PLUGINS, specs(), strict=True):
        if other.id == "golf":
            continue
        # the other games' plug-ins (a few names each) may be read; never their rules
        rules = {m for m in loaded if m.startswith(other.rules_at.partition(":")[0])}
        assert rules <= {plugin}


def test_the_words_load_no_solver() -> None:
    code = (
        "from parlour.engine.registry import specs\n"
        "for spec in specs():\n"
        "    spec.words().prompt(spec.rules().start_from_seed(1))"
    )
    assert loaded_by(code, "parlour.engine.solve") == set()


def test_each_games_scores_and_wins_are_those_its_rules_give() -> None:
    """The store reads no finished game whose score or result lies outside its plug-in's
    ``scores`` and ``wins``: those are what the rules give, at their ends (Golf: every
    card of the links left, or cleared with the whole stock unturned) and in play (random
    deals played at random to their end, or given up)."""
    import random

    from parlour.engine.cards import SUITS
    from parlour.engine.game import GIVE_UP
    from parlour.engine.games.bytwos_state import DECK_SIZE
    from parlour.engine.games.golf import LAYOUT_SIZE
    from parlour.engine.games.rubbish_state import PACK_SIZE
    from parlour.engine.solve.golf import solve_golf

    ends = {
        "golf": (
            range(-(52 - LAYOUT_SIZE - 1), LAYOUT_SIZE + 1),
            range(-(52 - LAYOUT_SIZE - 1), 1),
        ),
        "rubbish": (range(PACK_SIZE + 1), range(PACK_SIZE, PACK_SIZE + 1)),
        "squares": (range(len(SUITS) + 1), range(len(SUITS), len(SUITS) + 1)),
        "bytwos": (range(DECK_SIZE + 1), range(DECK_SIZE, DECK_SIZE + 1)),
    }
    assert {spec.id: (spec.scores, spec.wins) for spec in specs()} == ends
    for spec in specs():
        rules = spec.rules()
        assert spec.scores is not None and spec.wins is not None
        for seed in range(20):
            chooser, state = random.Random(seed), rules.start_from_seed(seed)
            for _ in range(400):
                if rules.is_finished(state):
                    break
                state = rules.apply(state, chooser.choice(rules.legal_moves(state)))
            if not rules.is_finished(state):
                state = rules.apply(state, GIVE_UP)
            outcome = rules.outcome(state)
            assert outcome is not None and outcome.score in spec.scores, (spec.id, seed)
            assert outcome.won == (outcome.score in spec.wins), (spec.id, seed)
    golf, won = find_game("golf"), []
    for seed in range(1, 9):  # (played as well as can be: some cleared, won)
        state = golf.start_from_seed(seed)
        for move in solve_golf(state).line:
            state = golf.apply(state, move)
        outcome = golf.outcome(state)
        assert outcome is not None and outcome.won == (outcome.score in ends["golf"][1])
        won.append(outcome.won)
    assert any(won) and not all(won)
