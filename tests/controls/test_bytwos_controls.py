"""By Twos' keys turned into engine moves, without the app: the controls alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.controls.bytwos import KEYS
from parlour.controls.bytwos import ByTwosControls
from parlour.controls.bytwos import target
from parlour.controls.course import Playing
from parlour.controls.course import Replaying
from parlour.controls.game import Ask
from parlour.controls.game import Play
from parlour.controls.game import Redraw
from parlour.controls.game import Say
from parlour.controls.keys import During
from parlour.controls.rebinding import rebind
from parlour.engine.game import GIVE_UP
from parlour.engine.games.bytwos_state import DEAL
from parlour.engine.games.bytwos_state import REDEAL
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import foundation_name
from parlour.engine.games.bytwos_state import wanted
from parlour.engine.history import Line
from parlour.session import Session
from parlour.store.database import Store
from tests.controls.test_golf_controls import View
from tests.controls.test_golf_controls import answers
from tests.tui.bytwos_helpers import CHOICE_AT
from tests.tui.bytwos_helpers import REDEAL_AT
from tests.tui.bytwos_helpers import SEED
from tests.tui.bytwos_helpers import both_piles_take
from tests.tui.bytwos_helpers import greedy
from tests.tui.bytwos_helpers import greedy_line


def at(tmp_path: Path, moves: int) -> tuple[View, ByTwosControls]:
    """The controls of a game in play, after the simple player's first ``moves`` moves."""
    session = Session.new_game(Store(tmp_path), "bytwos", SEED)
    for move in greedy_line(moves).moves:
        session.play(move)
    view = View(Playing(session))
    return view, ByTwosControls(view)


def test_while_forming_t_turns_and_the_dealing_keys_explain(tmp_path: Path) -> None:
    _, controls = at(tmp_path, 0)
    assert controls.state.phase is Phase.FORMING
    assert controls.turn_card() == Play(TURN)
    assert controls.play_selected() == Play(TURN)
    assert controls.next_card() == Play(TURN)
    assert KEYS.availability(controls, "turn_card", ()) is True
    assert KEYS.availability(controls, "form_packet", ()) is True
    for name, arguments in [("build", ("s",)), ("deal", ()), ("redeal", ()), ("give_up", ())]:
        assert KEYS.availability(controls, name, arguments) is False  # the refuse row answers
    assert KEYS.availability(controls, "refuse", ("s",)) is True
    # a build refused while forming goes to the engine, which says why
    assert controls.refuse("s") == Play(Build("s", "a"))
    assert controls.refuse("d") == Play(DEAL)
    # a and 2 say when they will serve (s, w and p build nothing while forming)
    said = controls.refuse("2")
    assert isinstance(said, Say) and said.refused
    assert said.message.startswith(
        "a and 2 choose a foundation pile once the packet is formed and the deals begin. "
    )
    assert "press s, w or p first" not in said.message


def test_a_card_both_piles_take_asks_which(tmp_path: Path) -> None:
    line = greedy_line(CHOICE_AT)
    move = greedy(line.current)
    assert both_piles_take(line.current, move)
    _, controls = at(tmp_path, CHOICE_AT)
    assert isinstance(move, Build)
    reply = controls.build(move.source)
    assert isinstance(reply, Redraw) and reply.message.startswith("Both clubs piles take the ")
    assert controls.choosing == move.source and controls.choice == "a"
    assert KEYS.availability(controls, "choose", ("d",)) is True
    assert KEYS.availability(controls, "cancel_choice", ()) is True
    controls.move_cursor(1)
    assert controls.choice == "d"
    assert controls.play_selected() == Play(Build(move.source, "d"))
    assert controls.choosing == ""
    # asked again, Esc leaves it
    controls.build(move.source)
    cancelled = controls.cancel_choice()
    assert isinstance(cancelled, Redraw) and cancelled.message.startswith("No card played.")
    assert KEYS.availability(controls, "choose", ("a",)) is False
    assert controls.refuse("a") == Say(
        "a and 2 choose the pile when both piles of a suit take the card: press s, w or p first.",
        refused=True,
    )
    assert controls.key_for(Build(move.source, "d")) == f"{move.source} then 2"


def test_the_arrows_move_between_the_three_cards(tmp_path: Path) -> None:
    _, controls = at(tmp_path, CHOICE_AT)
    assert controls.cursor == "s"
    controls.move_cursor(-1)
    assert controls.cursor == "p"
    controls.move_cursor(1)
    controls.move_cursor(1)
    assert controls.cursor == "w"


def test_deal_redeal_and_the_empty_stock(tmp_path: Path) -> None:
    line = greedy_line(REDEAL_AT)
    assert greedy(line.current) == REDEAL
    _, controls = at(tmp_path, REDEAL_AT)
    assert not controls.state.stock
    assert KEYS.availability(controls, "redeal", ()) is True
    assert KEYS.availability(controls, "deal", ()) is False  # o takes d's place on the bar
    assert controls.redeal() == Play(REDEAL)
    assert controls.click("stock") == Play(REDEAL)  # a click on the empty stock turns over
    _, dealing = at(tmp_path / "other", REDEAL_AT - 1)
    if DEAL in dealing.state.legal:
        assert KEYS.availability(dealing, "deal", ()) is True
        assert dealing.deal() == Play(DEAL)


def test_a_build_no_pile_takes_is_refused_with_the_engines_reasons(tmp_path: Path) -> None:
    _, controls = at(tmp_path, CHOICE_AT)
    state = controls.state
    for source in "swp":
        if not any(Build(source, pile) in state.legal for pile in "ad"):
            refused = controls.build(source)
            assert isinstance(refused, Say) and refused.refused
            reason = controls.rules.words.why_illegal(state, Build(source, "a"))
            assert reason[1:] in refused.message
            assert KEYS.availability(controls, "build", (source,)) is None
            break
    else:
        raise AssertionError("every card could be built at this position")


def test_clicking_a_foundation(tmp_path: Path) -> None:
    _, controls = at(tmp_path, CHOICE_AT)
    state = controls.state
    move = greedy(state)
    assert isinstance(move, Build)
    pile = target(state, Build(move.source, "a"))
    reply = controls.click(f"foundation-{pile}")
    builds = [m for m in state.legal if isinstance(m, Build) and target(state, m) == pile]
    if len(builds) == 1:
        assert reply == Play(builds[0])
    else:
        assert isinstance(reply, Say) and reply.message.startswith("More than one card")
    takes = {target(state, m) for m in state.legal if isinstance(m, Build)}
    idle = next(index for index in range(8) if index not in takes)
    needed = wanted(idle, state.built[idle])
    what = f"needs {needed} next" if needed is not None else "is complete"
    assert controls.click(f"foundation-{idle}") == Say(
        f"The {foundation_name(idle)} {what}.", refused=True
    )


def test_giving_up_asks_first_and_says_so_if_not(tmp_path: Path) -> None:
    _, controls = at(tmp_path, CHOICE_AT)
    question = controls.give_up()
    assert isinstance(question, Ask) and question.move is GIVE_UP
    assert question.declined.startswith("Playing on. ")
    assert KEYS.availability(controls, "give_up", ()) is True


def test_replaying_binds_no_move_key(tmp_path: Path) -> None:
    line: Line[Any, Any] = greedy_line(CHOICE_AT)
    controls = ByTwosControls(View(Replaying(line)))
    for name, arguments in [
        ("turn_card", ()),
        ("refuse", ("t",)),
        ("build", ("s",)),
        ("play_selected", ()),
        ("deal", ()),
        ("give_up", ()),
        ("cancel_choice", ()),
    ]:
        assert KEYS.availability(controls, name, arguments, During.REPLAY) is False, name
    assert KEYS.availability(controls, "take_over", (), During.REPLAY) is True
    assert controls.click("stock") == Say("")


def test_every_row_answers(tmp_path: Path) -> None:
    for moves in (0, 30):
        answers(KEYS, at(tmp_path / str(moves), moves)[1])
    assert [key.key for key in KEYS][:2] == ["t", "f"]  # the game's own keys first


def test_the_refusals_name_the_players_keys(tmp_path: Path) -> None:
    _, controls = at(tmp_path, CHOICE_AT)
    controls.keys, problems = rebind(KEYS, {"build": ["z", "x", "c"], "choose": ["i", "j"]})
    assert not problems
    assert controls.refuse("a") == Say(
        "i and j choose the pile when both piles of a suit take the card: press z, x or c first.",
        refused=True,
    )
    assert controls.with_keys("deal (d), or turn the waste over for deal 2 (r).") == (
        "deal (d), or turn the waste over for deal 2 (o)."
    )
    controls.keys, _ = rebind(KEYS, {"deal": ["k"], "redeal": ["j"]})
    assert controls.with_keys("deal (d), or turn the waste over with r (B4).") == (
        "deal (k), or turn the waste over with j (B4)."
    )
