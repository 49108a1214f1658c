import pytest

from parlour.engine import apply, find_game, game_ids, legal_moves
from parlour.engine.errors import UnknownGameError


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
