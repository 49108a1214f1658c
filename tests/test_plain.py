"""Plain mode (``parlour play GAME --plain``) driven as a screen reader or a script would:
a subprocess, moves on standard input, the text read back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def parlour(data: Path, *arguments: str, given: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "parlour", "--data-dir", str(data), *arguments],
        input=given,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


@pytest.mark.parametrize(("game", "seed"), [("golf", 1), ("golf", 7), ("rubbish", 55)])
def test_the_solvers_line_played_in_plain_mode_ends_with_its_score(
    tmp_path: Path, game: str, seed: int
) -> None:
    solved = parlour(tmp_path, "solve", game, "--seed", str(seed), "--json")
    answer = json.loads(solved.stdout)
    played = parlour(
        tmp_path, "play", game, "--seed", str(seed), "--plain", given="\n".join(answer["moves"])
    )
    assert played.returncode == 0, played.stderr
    lines = played.stdout.strip().splitlines()
    assert lines[-1] == f"score {answer['best_score']}"
    assert played.stderr == ""
    # nothing of a full-screen app: no escape sequences, no box drawing
    assert "\x1b" not in played.stdout
    assert not set("╭╮╰╯│─") & set(played.stdout)


def test_bad_moves_get_the_engines_reason_and_moves_lists_the_legal_ones(
    tmp_path: Path,
) -> None:
    played = parlour(
        tmp_path, "play", "golf", "--seed", "1", "--plain",
        given="9\n(G2)\nmoves\n2\n7\nmoves\nq\n",
    )  # fmt: skip
    out = played.stdout
    assert played.returncode == 0
    assert "'9' is not a Golf move" in out
    assert "'(G2)' is not a Golf move" in out  # quoted as typed (not given G2's title)
    # what is not a move at all (an app's key, such as h) is told the words that help
    assert out.count("(Type moves for the moves you can make, hint for a suggestion, help "
                     "for every word.)") == 2  # fmt: skip
    # seed 1 opens with 9♣ on the foundation and one play, 8♥ from column 7 (or the hole
    # may be conceded, G7)
    assert "2 moves:\n  7        8♥ from column 7 onto 9♣\n" in out
    assert "  give-up  concede the hole with 35 cards on the links\n" in out
    assert "3♥ is not one rank above or below 9♣" in out
    assert "Played 8♥ from column 7 onto 9♣; column 7 shows K♠." in out
    # listing the moves does not name the stock's next card (A♥)
    assert "2 moves:\n  s        turn a hidden card from the stock\n" in out
    assert out.strip().endswith("Saved: the game goes on next time.")


def test_a_move_an_undo_and_a_redo_say_what_was_done(tmp_path: Path) -> None:
    """After a move plain mode tells what it did, not the instruction a hint gives; undo
    and redo name that move the same way."""
    played = parlour(
        tmp_path, "play", "golf", "--seed", "1", "--plain", given="7\nundo\nredo\ns\nq\n"
    )
    assert played.returncode == 0, played.stderr
    out = played.stdout
    assert "\nPlayed 8♥ from column 7 onto 9♣; column 7 shows K♠. " in out
    assert "\nUndone: played 8♥ from column 7 onto 9♣. " in out
    assert "\nRedone: played 8♥ from column 7 onto 9♣. " in out
    assert "\nTurned A♥ from the stock; " in out


def test_quitting_and_starting_again_goes_on_with_the_game(tmp_path: Path) -> None:
    first = parlour(tmp_path, "play", "golf", "--seed", "1", "--plain", given="7\ns\nquit\n")
    assert first.returncode == 0
    again = parlour(tmp_path, "play", "golf", "--plain", given="undo\n")
    assert again.returncode == 0
    assert again.stdout.startswith("Welcome back: 2 moves played.\nGolf · seed 1")
    assert "Undone: turned A♥ from the stock." in again.stdout
    # the end of the input saves the game just as quit does
    assert again.stdout.strip().endswith("Saved: the game goes on next time.")
    third = parlour(tmp_path, "play", "golf", "--plain", given="undo\n")
    assert third.stdout.startswith("Welcome back: 1 move played.")
    # every move undone: the game is kept for its redo, and said to be so
    fourth = parlour(tmp_path, "play", "golf", "--plain", given="redo\n")
    assert fourth.stdout.startswith("Welcome back: 2 moves undone.\nGolf · seed 1")
    assert "Redone: played 8♥ from column 7 onto 9♣." in fourth.stdout


def test_ascii_mode_writes_suits_as_letters(tmp_path: Path) -> None:
    played = parlour(tmp_path, "play", "golf", "--seed", "1", "--plain", "--ascii", given="7\n")
    assert "8H from column 7 onto 9C; column 7 shows KS." in played.stdout
    assert not set("♠♥♦♣") & set(played.stdout)


def test_a_round_is_kept_between_holes_and_goes_on(tmp_path: Path) -> None:
    started = parlour(tmp_path, "play", "golf", "--round", "--plain", given="board\nq\n")
    assert started.returncode == 0
    heading = started.stdout.splitlines()[0]
    assert heading.startswith("Golf · round ") and " · hole 1 of 9 · " in heading
    code = heading.split(" · ")[1].removeprefix("round ")
    hinted = parlour(tmp_path, "play", "golf", "--course", code, "--plain", given="hint\nq\n")
    assert hinted.stdout.splitlines()[0] == heading
    assert "Hint: " in hinted.stdout
    assert f"Saved: the round {code} goes on next time." in hinted.stdout


def test_a_whole_round_played_in_plain_mode_ends_with_the_round_total(tmp_path: Path) -> None:
    from parlour.engine.games.golf import GOLF
    from parlour.engine.games.golf_plugin import ROUNDS
    from parlour.engine.rounds import course_code
    from parlour.engine.rounds import hole_seed
    from parlour.engine.solve.golf import solve_golf

    course = 1234567
    lines, scores = [], []
    for hole in range(1, 10):
        best = solve_golf(GOLF.start_from_seed(hole_seed(ROUNDS, course, hole)))
        lines += [*map(str, best.line), "next"]
        scores.append(best.best_score)
    played = parlour(
        tmp_path, "play", "golf", "--course", course_code(course), "--plain",
        given="\n".join(lines[:-1]) + "\nthis line is never read\n",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    said = played.stdout.strip().splitlines()
    assert [line for line in said if line.startswith("score ")] == [f"score {s}" for s in scores]
    assert said[-1] == f"round {sum(scores)}"
    assert [line for line in said if " · hole " in line][-1].startswith(
        "Golf · round 15NM7 · hole 9 of 9"
    )
    # the round ended the session: nothing said about going on, and the scorecard has it
    assert "goes on next time" not in played.stdout
    card = parlour(tmp_path, "scorecard", "--json")
    assert str(sum(scores)) in card.stdout


def test_by_twos_says_once_that_its_packet_rules_out_a_win(tmp_path: Path) -> None:
    from parlour.render import cards_as_shown
    from tests.engine.bytwos_helpers import LOST_AT_TURN
    from tests.engine.bytwos_helpers import LOST_REASON
    from tests.engine.bytwos_helpers import LOST_SEED
    from tests.engine.bytwos_helpers import REMINDER

    turns = "t\n" * 40  # the packet of seed 2 takes 34 turns: the rest are refused
    played = parlour(
        tmp_path, "play", "bytwos", "--seed", str(LOST_SEED), "--plain", given=f"{turns}d\nq\n"
    )
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    from parlour.help import with_ruling_words

    # (plain mode names a ruling with its title)
    reason = cards_as_shown(with_ruling_words(LOST_REASON), ascii_only=False)
    told = [number for number, line in enumerate(lines) if reason in line]
    # the opening prompt is line 5; turn n is answered on line 5 + n
    assert told == [5 + LOST_AT_TURN]
    assert lines[told[0]].startswith("Turned 10♥ and kept it; 85 cards in the deck. ")
    assert "You can play on for the score." in lines[told[0]]
    dealt = next(line for line in lines if line.startswith("Dealt "))
    assert REMINDER in dealt and reason not in dealt


def test_while_the_packet_is_formed_moves_and_hint_say_nothing_of_the_next_card(
    tmp_path: Path,
) -> None:
    from parlour.engine.games.bytwos import BYTWOS

    hidden = BYTWOS.start_from_seed(5).deck[0]
    said = parlour(tmp_path, "play", "bytwos", "--seed", "5", "--plain", "--ascii",
                   given="moves\nhint\nq\n").stdout  # fmt: skip
    assert "  t  turn a hidden card\n" in said and "Hint: t (turn a hidden card)." in said
    before_turn = said.split("Saved:")[0]
    assert str(hidden) not in before_turn.split("\n", 12)[-1]  # not after the opening layout
    assert "kept" not in before_turn.replace("0 ranks kept", "")


def test_an_end_the_move_could_not_settle_is_settled_before_the_next_move(
    tmp_path: Path,
) -> None:
    """Three Squares' ruling S11 in plain mode, which has no background: seed 13 played at
    random to a position the check made with the move cannot settle; the longer look is
    made at once, and Parlour ends the game with its move ``end``."""
    from parlour.engine.record import parse_record
    from parlour.engine.record import replay
    from tests.engine.test_squares_ends import SEED_13_MOVES

    played = parlour(
        tmp_path,
        "play",
        "squares",
        "--seed",
        "13",
        "--plain",
        given=SEED_13_MOVES.replace(" ", "\n"),
    )
    assert played.returncode == 0, played.stderr
    lines = played.stdout.strip().splitlines()
    ended = "Parlour ended the game: no higher score can be reached (S11: when Parlour cannot"
    assert f"{ended} tell at once)." in lines[-2]
    assert "at once). No more can be done; 0 suits complete and clear." in lines[-2]
    assert lines[-1] == "score 0"
    # the game is stored finished, with Parlour's move in its record
    history = parlour(tmp_path, "history", "squares", "--json")
    (game,) = json.loads(history.stdout)["games"]
    record = parse_record(game["record"])
    assert record.moves[-1].notation == "end"
    assert replay(record).current.phase == "finished"


def test_a_hole_nothing_more_can_be_played_in_is_turned_out_and_said_once(
    tmp_path: Path,
) -> None:
    """Ruling G6: on seed 3's solver line the last stock card can take nothing; after the
    last play Parlour turns it, says why, and the hole ends (the line's own last turn is
    then not needed: the input ends with it unread)."""
    solved = parlour(tmp_path, "solve", "golf", "--seed", "3", "--json")
    moves = json.loads(solved.stdout)["moves"]
    assert moves[-1] == "s"
    played = parlour(tmp_path, "play", "golf", "--seed", "3", "--plain", given="\n".join(moves))
    assert played.returncode == 0, played.stderr
    lines = played.stdout.strip().splitlines()
    assert lines[-1] == "score 3"
    assert lines[-2] == (
        "Played A♦ from column 2 onto 2♥; column 2 is empty. No card left in the stock can be "
        "played on the links, whatever their order: Parlour turns the last card for you. "
        "3 cards left on the links."
    )
    assert played.stdout.count("Parlour turns") == 1


def test_each_games_hidden_piles_and_rows_are_fields_of_its_positions() -> None:
    """Plain mode learns from each game's words which fields of a position hide their
    order (told by size only) and which hold several piles: each named field is one the
    game's positions have, and every game hides the pile it deals from."""
    import random

    from parlour.engine.registry import find_spec
    from parlour.engine.registry import game_ids

    for game in game_ids():
        rules = find_spec(game).rules()
        named = rules.words.hidden_piles | rules.words.rows
        fields: set[str] = set()
        for seed in range(5):
            state, chooser = rules.start_from_seed(seed, frozenset()), random.Random(seed)
            for _ in range(200):
                text = rules.format_position(state)
                fields |= {line.split(":")[0] for line in text.splitlines() if ":" in line}
                moves = list(rules.legal_moves(state))
                if not moves:
                    break
                state = rules.apply(state, chooser.choice(moves))
        assert rules.words.hidden_piles, game
        assert named <= fields, (game, named - fields)


def test_input_that_is_not_utf8_or_a_line_of_megabytes_is_a_bad_move(tmp_path: Path) -> None:
    """Standard input read strictly as UTF-8 (as under a UTF-8 locale) ended the command
    in a traceback at a byte that is not, losing the moves read with it; a line of
    megabytes was read, and said back, whole."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    given = b"7\n\xff\xfe\n" + b"x" * 3_000_000 + b"\ns\nq\n"
    played = subprocess.run(
        [sys.executable, "-m", "parlour", "--data-dir", str(tmp_path), "play", "golf",
         "--seed", "1", "--plain"],
        input=given, capture_output=True, timeout=120, env=env,
    )  # fmt: skip
    out = played.stdout.decode("utf-8")
    assert played.returncode == 0 and played.stderr == b""
    assert "Played 8♥ from column 7 onto 9♣" in out  # the move before the bad bytes was played
    assert "'\ufffd\ufffd' is not a Golf move" in out
    assert f"'{'x' * 1024}…' is not a Golf move" in out  # its start, and no more
    assert len(out) < 20_000
    assert "Turned A♥ from the stock" in out  # and the moves after it are played


def test_a_record_is_played_on_under_its_own_game_and_rules(tmp_path: Path) -> None:
    """``play golf --free-stock --record FILE`` opened the record's game, Three Squares
    say, as if golf and --free-stock had not been given; ``play --record FILE`` without a
    game, as the docs write it, was refused."""
    record = tmp_path / "hole.txt"
    made = parlour(tmp_path, "play-moves", "golf", "--seed", "1", "7", "--record")
    record.write_text(made.stdout, encoding="utf-8")
    played = parlour(tmp_path, "play", "--record", str(record), "--plain", given="s\nq\n")
    assert played.returncode == 0, played.stderr
    assert "Turned A♥ from the stock" in played.stdout
    other = parlour(tmp_path, "play", "squares", "--record", str(record), "--plain")
    assert other.returncode == 2
    assert other.stderr == f"parlour: {record} is a record of Golf, not of squares\n"
    ruled = parlour(tmp_path, "play", "golf", "--free-stock", "--record", str(record), "--plain")
    assert ruled.returncode == 2
    assert ruled.stderr.startswith("parlour: --free-stock is not for --record")


def test_form_turns_cards_until_the_packet_is_formed_as_the_apps_f_does(
    tmp_path: Path,
) -> None:
    from parlour.engine.games.bytwos import BYTWOS
    from parlour.engine.games.bytwos_state import TURN
    from parlour.engine.games.bytwos_state import Phase

    state = BYTWOS.start_from_seed(5)
    turned = 0
    while state.phase is Phase.FORMING:
        state = BYTWOS.apply(state, TURN)
        turned += 1
    played = parlour(tmp_path, "play", "bytwos", "--seed", "5", "--plain",
                     given="help\nform\nform\nundo\nq\n")  # fmt: skip
    assert played.returncode == 0, played.stderr
    out = played.stdout
    assert "  form        turn cards until the packet is formed (each turn is a move)\n" in out
    assert f"Turned {turned} cards (" in out and "(undo takes back one turn at a time.)" in out
    assert "; last of all, turned " in out and "which made the packet and began deal 1." in out
    # once formed, form says why not (the engine's reason), and undo takes back one turn
    assert "form is not allowed: the packet is formed already;" in out
    took_back = "Undone: turned "
    assert took_back in out and "turn the next card (t)." in out.split(took_back)[1]
    # each turn was a move of its own: undo took back one, and the rest are kept
    again = parlour(tmp_path, "play", "bytwos", "--seed", "5", "--plain", given="q\n")
    assert f"Welcome back: {turned - 1} moves played." in again.stdout


def test_a_game_is_never_played_past_the_moves_a_saved_game_may_hold(tmp_path: Path) -> None:
    """Three Squares lets a card go to a space and back without end. Plain mode took every
    such move: 2,002 made a saved game that could not be opened again (past the 2,000
    moves a saved game is rebuilt with), so the next start offered a new deal that
    replaced it; and each move copied the whole game, so 20,000 took 35 s (quadratic)."""
    to_and_fro = "2a-2b\n2b-2a\n" * 1_001
    played = parlour(tmp_path, "play", "squares", "--seed", "1", "--plain",
                     given=to_and_fro + "undo\n2c-2b\nq\n")  # fmt: skip
    assert played.returncode == 0, played.stderr
    refused = (
        "2b-2a is not allowed: a game in play may hold at most 1,999 moves, those undone "
        "counted, so that it can be saved and opened again; undo and play another, or "
        "give up. (Type moves for the moves you can make.)\n"
    )
    assert played.stdout.count(refused) == 2  # moves 2,000 and 2,002 (2,001 is illegal)
    # undo and another move: the game is still at the bound, and played on
    assert "8♠ from 2c into the space 2b" in played.stdout.split(refused)[-1]
    again = parlour(tmp_path, "play", "squares", "--seed", "1", "--plain", given="q\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("Welcome back: 1999 moves played.\n")


def test_input_that_cannot_be_read_is_one_line_and_the_moves_are_kept(tmp_path: Path) -> None:
    """Standard input open for writing only (``0>file``): reading it failed with EBADF,
    which ended plain mode in a traceback."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    with (tmp_path / "written.txt").open("w") as write_only:
        played = subprocess.run(
            [sys.executable, "-m", "parlour", "--data-dir", str(tmp_path), "play", "golf",
             "--seed", "1", "--plain"],
            stdin=write_only, capture_output=True, text=True, timeout=120, env=env,
        )  # fmt: skip
    assert played.returncode == 2
    assert played.stderr == (
        "parlour: cannot read the input: Bad file descriptor (every move read is saved)\n"
    )
    assert "Play a card one above or below 9♣." in played.stdout
