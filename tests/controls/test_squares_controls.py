"""Three Squares' keys turned into engine moves, without the app: the controls alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.controls.course import Playing
from parlour.controls.course import Replaying
from parlour.controls.game import Ask
from parlour.controls.game import Play
from parlour.controls.game import Redraw
from parlour.controls.game import Say
from parlour.controls.keys import During
from parlour.controls.rebinding import rebind
from parlour.controls.squares import KEYS
from parlour.controls.squares import SquaresControls
from parlour.controls.squares_words import heap_at
from parlour.controls.squares_words import heap_column
from parlour.controls.squares_words import sequences
from parlour.engine.game import GIVE_UP
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_layout import HEAP_INDEX
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_state import DEAL
from parlour.engine.games.squares_state import FILLS
from parlour.engine.games.squares_state import FORMING
from parlour.engine.games.squares_state import HEAP_MOVES
from parlour.engine.games.squares_state import FillFromPack
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import TakeSequence
from parlour.engine.history import Line
from parlour.session import Session
from parlour.store.database import Store
from tests.controls.test_golf_controls import View
from tests.controls.test_golf_controls import answers
from tests.tui.squares_helpers import SEED
from tests.tui.squares_helpers import player_line


def at(tmp_path: Path, moves: int) -> tuple[View, SquaresControls]:
    """The controls of a game in play, after the simple player's first ``moves`` moves."""
    session = Session.new_game(Store(tmp_path), "squares", SEED)
    for move in player_line(SEED, moves).moves:
        session.play(move)
    view = View(Playing(session))
    return view, SquaresControls(view)


def building(tmp_path: Path) -> tuple[View, SquaresControls]:
    """The first position of the simple player's game where a run can move."""
    line = player_line(SEED)
    for number, state in enumerate(line.states):
        if state.phase is Phase.BUILDING and any(isinstance(m, HeapMove) for m in state.legal):
            return at(tmp_path, number)
    raise AssertionError("no heap move in the game")


def test_forming_the_number_keys_take_a_sequence(tmp_path: Path) -> None:
    _, controls = at(tmp_path, 0)
    assert controls.state.phase in FORMING
    offered = sequences(controls.state)
    assert len(offered) == 2  # the deal opens on a choice of two sequences
    assert KEYS.availability(controls, "sequence", (2,)) is True
    assert KEYS.availability(controls, "sequence", (3,)) is False  # the refuse row answers
    assert controls.refuse("3") == Say(
        "There are 2 sequences on offer: press 1 or 2.", refused=True
    )
    assert KEYS.availability(controls, "square", (1,)) is False
    assert KEYS.availability(controls, "pack", ()) is False
    controls.move_cursor(1)
    assert controls.cursor_sequence == 1
    assert controls.choose_cursor() == Play(TakeSequence(offered[1]))
    assert controls.sequence(1) == Play(TakeSequence(offered[0]))
    assert controls.key_for(TakeSequence(offered[1])) == "2"


def test_a_label_typed_in_two_halves_chooses_a_heap_then_where_it_goes(tmp_path: Path) -> None:
    _, controls = building(tmp_path)
    state = controls.state
    move = next(m for m in state.legal if isinstance(m, HeapMove))
    source, target = HEAP_NAMES[move.source], HEAP_NAMES[move.target]
    reply = controls.square(int(source[0]))
    assert isinstance(reply, Redraw) and reply.message.startswith(f"Square {source[0]}: now a")
    assert KEYS.availability(controls, "place", ("d",)) is True  # d is the letter now
    assert KEYS.availability(controls, "cancel", ()) is True
    chosen = controls.place(source[1])
    assert isinstance(chosen, Redraw) and chosen.message.startswith(f"{source} chosen: ")
    assert controls.chosen == ("heap", move.source) and controls.typed_square is None
    controls.square(int(target[0]))
    assert controls.place(target[1]) == Play(move)
    assert controls.key_for(move) == f"{source} then {target}"


def test_choosing_the_same_heap_again_lets_it_go_and_esc_cancels(tmp_path: Path) -> None:
    _, controls = building(tmp_path)
    move = next(m for m in controls.state.legal if isinstance(m, HeapMove))
    controls.choose_heap(move.source)
    again = controls.choose_heap(move.source)
    assert isinstance(again, Redraw) and "let go: nothing chosen" in again.message
    assert controls.chosen is None
    controls.choose_heap(move.source)
    cancelled = controls.cancel()
    assert isinstance(cancelled, Redraw) and cancelled.message.startswith("Nothing chosen.")
    assert controls.chosen is None
    assert KEYS.availability(controls, "cancel", ()) is False


def test_the_cursor_walks_the_formed_squares(tmp_path: Path) -> None:
    _, controls = building(tmp_path)
    columns = controls.state.squares * 2
    controls.cursor_heap = heap_at(0, columns - 1)
    controls.move_cursor(1)
    assert heap_column(controls.cursor_heap) == (0, 0)  # round to the first column
    controls.cursor_row(1)
    assert heap_column(controls.cursor_heap) == (1, 0)
    move = next(m for m in controls.state.legal if isinstance(m, HeapMove))
    controls.cursor_heap = move.source
    assert isinstance(controls.choose_cursor(), Redraw)
    assert controls.chosen == ("heap", move.source)


def test_keys_that_cannot_be_used_say_why(tmp_path: Path) -> None:
    _, controls = building(tmp_path)
    state = controls.state
    assert controls.refuse("b") == Say(
        "Type the square first: 1b, 2b or 3b (or ←↑↓→ and Enter).", refused=True
    )
    assert controls.refuse("9") == Say(
        "There is no square 9: the heaps are 1a to 3d.", refused=True
    )
    # no space to fill, and cards in the pack
    assert not any(isinstance(m, FillFromPack) for m in state.legal) and state.pack
    assert KEYS.availability(controls, "pack", ()) is None
    assert controls.pack() == Say(
        "No heap is a space: the pack fills only empty heaps (S5).", refused=True
    )
    stuck = next(
        (
            index
            for index in range(state.heap_count)
            if state.heaps[index]
            and not any(isinstance(m, HeapMove) and m.source == index for m in state.legal)
        ),
        None,
    )
    if stuck is not None:
        refused = controls.choose_heap(stuck)
        assert isinstance(refused, Say) and refused.refused
        assert refused.message.startswith("Nothing") and HEAP_NAMES[stuck] in refused.message


def test_the_pack_fills_a_space_in_either_order(tmp_path: Path) -> None:
    line = player_line(SEED)
    number, fill = next(
        (number, move)
        for number, state in enumerate(line.states)
        for move in state.legal
        if isinstance(move, FillFromPack) and state.phase is Phase.BUILDING
    )
    _, controls = at(tmp_path, number)
    asked = controls.pack()
    assert isinstance(asked, Redraw) and asked.message.startswith("From the pack: ")
    assert controls.choose_heap(fill.target) == Play(fill)
    controls.let_go()
    space = controls.choose_heap(fill.target)
    assert isinstance(space, Redraw) and space.message.startswith(
        f"To fill the space {HEAP_NAMES[fill.target]}: p takes the pack's top card"
    )
    assert controls.pack() == Play(FILLS[fill.target])
    # a hint never names the card the pack gives
    assert controls.hint_words(fill) == f"fill the space {HEAP_NAMES[fill.target]} from the pack"
    assert controls.key_for(fill) == f"p then {HEAP_NAMES[fill.target]}"


def test_giving_up_asks_first_and_the_deal_key(tmp_path: Path) -> None:
    _, controls = building(tmp_path)
    controls.square(1)
    question = controls.give_up()
    assert isinstance(question, Ask) and question.move is GIVE_UP
    assert controls.typed_square is None  # asking lets go of half a move
    assert question.declined.startswith("Playing on. ")
    assert controls.deal() == Play(DEAL)
    assert KEYS.availability(controls, "deal", ()) is (
        True if DEAL in controls.state.legal else None
    )
    assert controls.hint_words(DEAL) == f"deal to square {controls.state.next_deal}"


def test_clicks_and_the_finished_game(tmp_path: Path) -> None:
    _, forming = at(tmp_path, 0)
    offered = sequences(forming.state)
    outside = next(i for i in range(forming.state.heap_count) if all(i not in s for s in offered))
    click = forming.click(HEAP_NAMES[outside])
    assert isinstance(click, Say) and "not part of a sequence on offer" in click.message
    assert forming.click(HEAP_NAMES[offered[1][0]]) == Play(TakeSequence(offered[1]))
    line = player_line(SEED)
    _, over = at(tmp_path / "over", len(line.moves))
    assert SQUARES.outcome(over.state) is not None
    assert KEYS.availability(over, "square", (1,)) is None  # greyed in the bar
    assert KEYS.availability(over, "sequence", (1,)) is False
    assert over.refuse("d") == Say(
        "The game is over. Press n for a new game, m for the menu.", refused=True
    )
    assert over.click("pack") == Say("")


def test_replaying_binds_no_move_key_and_every_condition_is_a_method() -> None:
    line: Line[Any, Any] = player_line(SEED, 3)
    controls = SquaresControls(View(Replaying(line)))
    for name, arguments in [
        ("square", (1,)),
        ("sequence", (1,)),
        ("refuse", ("p",)),
        ("choose_cursor", ()),
        ("cancel", ()),
        ("give_up", ()),
    ]:
        assert KEYS.availability(controls, name, arguments, During.REPLAY) is False, name
    answers(KEYS, controls, During.REPLAY)
    assert HEAP_INDEX["1a"] == 0 and HEAP_MOVES[0][1] == HeapMove(0, 1)


def test_the_refusals_name_the_players_keys(tmp_path: Path) -> None:
    _, controls = building(tmp_path)
    overrides = {"square": ["z", "x", "i"], "place": ["j", "k", "o", "w"], "cursor": ["b", "c"],
                 "cursor_row": ["f", "g"], "choose_cursor": ["space"]}  # fmt: skip
    controls.keys, problems = rebind(KEYS, overrides)
    assert not problems
    assert controls.refuse("b") == Say(
        "Type the square first: zk, xk or ik (or bfgc and Space).", refused=True
    )
    assert controls.square(2) == Redraw(
        "Square 2: now j, k, o or w for its heap (j k above, o w below); Esc cancels."
    )
    controls.let_go()
    controls.typed_square = 1
    assert controls.look() == Say(
        "Type the heap's letter first (j, k, o or w), then v.", refused=True
    )
