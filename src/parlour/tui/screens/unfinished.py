"""The player's unfinished games and rounds in the app: how the start screen lists each,
opening one, the question before a new deal of a game whose resume slot is taken, and
what ``parlour play`` opens (the game's unfinished deal, unless a new one is asked for;
with ``--round``, the question whether to go on with an unfinished round)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING
from typing import Any
from typing import Final
from typing import cast

from textual.app import App
from textual.screen import Screen
from textual.worker import Worker

from parlour.controls.course import Playing
from parlour.engine.errors import ParlourError
from parlour.engine.history import Line
from parlour.engine.history import moves_words
from parlour.engine.notation import format_options
from parlour.engine.registry import find_spec
from parlour.engine.registry import named_with_rules
from parlour.engine.registry import round_game
from parlour.engine.rounds import course_code
from parlour.engine.untrusted import shown
from parlour.session import Session
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.store.schema import SavedGame
from parlour.tui.offloop import in_thread
from parlour.tui.offloop import in_writer
from parlour.tui.services import Services
from parlour.tui.services import place
from parlour.tui.services import services

if TYPE_CHECKING:
    from parlour.store.unfinished import Unfinished


#: the round question's answers (short: both fit the smallest terminal, with their keys)
ROUND_ANSWERS: Final = ("Go on", "New round")


def when_words(stamp: str, now: datetime | None = None) -> str:
    """When a game was last played, in the player's local time: ``today 14:05``, or
    ``3 Nov 14:05`` (``3 Nov 2025 14:05`` in another year)."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except (ValueError, OverflowError, OSError):
        # not a time this Parlour wrote (or one at the calendar's very edge, which the
        # local time zone cannot hold: year 1 at +14:00): shown as it is
        return shown(stamp)
    now = (now or datetime.now()).astimezone()
    clock = moment.strftime("%H:%M")
    if moment.date() == now.date():
        return f"today {clock}"
    day = f"{moment.day} {moment.strftime('%b')}"
    return f"{day} {clock}" if moment.year == now.year else f"{day} {moment.year} {clock}"


def game_name(game: str, options: str) -> str:
    """``Golf (free stock)``: the game and the rule options it is played under."""
    # (a game this Parlour does not know: its id, from the database, shown as written)
    return shown(named_with_rules(game, options))


def _played(saved: SavedGame) -> str:
    return moves_words(len(saved.moves), len(saved.undone))


def describe_saved(saved: SavedGame) -> str:
    """``Golf seed 77`` (or ``Golf``, for a deal from a record; ``Golf course 15NM7 ·
    hole 2``, taken over from a replay of a round's hole) and its options."""
    name = game_name(saved.game, saved.options)
    if saved.origin is not None:
        return f"{name} {saved.origin}"
    return f"{name} seed {saved.seed}" if saved.seed is not None else name


def entry_words(entry: Unfinished, now: datetime | None = None) -> str:
    """How the start screen lists an unfinished game or round:
    ``Continue Golf seed 77 (4 moves played, today 14:05)`` or
    ``Continue Golf round 15NM7 — hole 2 of 9 (in play: 4 moves played, today 14:05)``."""
    when = when_words(entry.when, now)
    stored = entry.round
    if stored is None:
        assert entry.saved is not None
        played = moves_words(entry.moves, len(entry.saved.undone))
        return f"Continue {describe_saved(entry.saved)} ({played}, {when})"
    spec = round_game()
    assert spec.rounds is not None
    saved = entry.saved
    hole = saved.hole if saved is not None and saved.hole else len(stored.scores) + 1
    name = game_name(spec.id, stored.options)
    playing = ""
    if saved is not None:  # the hole dealt (and its moves, if any)
        playing = f"in play: {moves_words(entry.moves)}, " if entry.moves else "in play, "
    return (
        f"Continue {name} round {course_code(stored.course)} — {spec.rounds.unit} {hole} of "
        f"{spec.rounds.holes} ({playing}{when})"
    )


def open_saved(screen: Screen[Any] | App[Any], saved_id: int, *, said: str = "") -> None:
    """Open the player's unfinished game ``saved_id`` at the move it was left (and say
    ``said`` once it is open). It is read in a thread: the screen answers keys meanwhile,
    and the game opens once it is read (not if the player has moved on by then)."""
    app = services(screen) if isinstance(screen, Screen) else cast(Services, screen)
    store = app.store
    if store is None:
        return
    screen.run_worker(_open_saved(screen, store, saved_id, said), group="open-saved")


async def _open_saved(
    screen: Screen[Any] | App[Any], store: Store, saved_id: int, said: str
) -> None:
    from parlour.tui.screens import game_screen_class

    parlour = screen.app
    asked_on = place(parlour)

    def reading() -> Session | None:
        saved = next((game for game in store.games_in_progress() if game.id == saved_id), None)
        return None if saved is None else Session.resume(store, saved)

    try:
        session = await in_thread(reading)
    except StoreError as error:
        screen.notify(str(error), severity="error", timeout=15)
        _nothing_opened(parlour)
        return
    except ParlourError as error:
        screen.notify(
            f"That game could not be continued ({error}); it is kept in the database.",
            severity="error",
            timeout=15,
        )
        _nothing_opened(parlour)
        return
    if session is None:
        screen.notify("That game is no longer unfinished (it was finished or replaced).")
        _nothing_opened(parlour)
        return
    if place(parlour) is not asked_on:
        return  # the player has moved on (the game stays unfinished, and listed)
    parlour.push_screen(game_screen_class(session.rules.id)(Playing(session)))
    if said:
        screen.notify(said, timeout=10)


def _nothing_opened(app: App[Any]) -> None:
    """At start-up, when the game asked for could not be opened: the start screen."""
    if len(app.screen_stack) < 2:
        cast(Services, app).show_menu()


def new_deal(screen: Screen[Any], game: str) -> None:
    """A new deal of ``game`` with the options chosen on the start screen; if the player
    has an unfinished game of it (its resume slot), ask first: a move in the new deal
    replaces it. No (Enter, Esc) goes on with the unfinished one."""

    app = services(screen)
    spec = find_spec(game)
    options = app.options & frozenset(spec.option_names)
    store = app.store
    if store is None:
        app.start_new_game(spec.id)
        return
    screen.run_worker(_new_deal(screen, store, spec.id, options), group="new-deal", exclusive=True)


async def _new_deal(screen: Screen[Any], store: Store, game: str, options: frozenset[str]) -> None:
    """The rest of :func:`new_deal`, once the game's resume slot is read (in a thread)."""
    from parlour.tui.screens.confirm import ConfirmScreen

    app = services(screen)
    try:
        saved = await in_thread(lambda: store.saved_deal(game, format_options(options)))
    except StoreError:
        saved = None  # the new deal says itself that it cannot be saved
    if place(screen.app) is not screen:
        return  # the player has moved on
    if saved is None:
        app.start_new_game(game)
        return
    question = (
        f"You have an unfinished game of {describe_saved(saved)} ({_played(saved)}, "
        f"{when_words(saved.updated)}). Deal a new one? Your first move in the new deal "
        "replaces the unfinished game."
    )

    def answered(yes: bool | None) -> None:
        if yes:
            app.start_new_game(game)
        else:
            open_saved(screen, saved.id)

    screen.app.push_screen(
        ConfirmScreen(question, yes="New deal", no="Continue it"), callback=answered
    )


def open_game(
    app: App[Any], game: str, seed: int | None, options: frozenset[str], *, fresh: bool
) -> Worker[None]:
    """``parlour play GAME``: the player's unfinished game of it under these options (of
    deal ``seed``, if given) where it was left, unless ``fresh``; else a new deal, saying
    which unfinished game its first move will replace, if any. What is saved is read in a
    thread; the game opens on the answer."""
    return app.run_worker(_open_game(app, game, seed, options, fresh), group="open-game")


async def _open_game(
    app: App[Any], game: str, seed: int | None, options: frozenset[str], fresh: bool
) -> None:
    parlour = cast(Services, app)
    store = parlour.store
    assert store is not None
    spec = find_spec(game)
    text = format_options(options)

    def reading() -> tuple[SavedGame | None, SavedGame | None]:
        saved = None if fresh else store.saved_deal(spec.id, text, seed)
        return saved, store.saved_deal(spec.id, text)

    try:
        saved, slot = await in_thread(reading)
    except StoreError:
        saved = slot = None  # the new deal says itself that it cannot be saved
    if saved is not None:
        await _open_saved(
            app,
            store,
            saved.id,
            f"Welcome back: {describe_saved(saved)}, {_played(saved)}. "
            f"(parlour play {spec.id} --new deals a new one.)",
        )
        return
    parlour.start_new_game(spec.id, seed=seed, options=options)
    if slot is not None:
        app.notify(
            f"A new deal. Your unfinished game of {describe_saved(slot)} "
            f"({_played(slot)}) is replaced by your first move here: quit before "
            "that to keep it.",
            timeout=15,
        )


def ask_round(app: App[Any], options: frozenset[str]) -> Worker[None]:
    """``parlour play GAME --round``: a new round, unless the player has an unfinished one
    under these rules and says to go on with it (the latest played is offered). The
    unfinished rounds are read in a thread; the question is asked on the answer."""
    return app.run_worker(_ask_round(app, options), group="open-game")


async def _ask_round(app: App[Any], options: frozenset[str]) -> None:
    from parlour.tui.screens.confirm import ConfirmScreen

    parlour = cast(Services, app)
    store = parlour.store
    assert store is not None
    # (the listing of unfinished games is loaded when asked for: a game opened from the
    # command line does not need it before its first board)
    from parlour.store.unfinished import unfinished

    text = format_options(options)
    try:
        found = await in_thread(lambda: unfinished(store))
        left = [e for e in found if e.round is not None and e.round.options == text]
    except StoreError:
        left = []
    if not left:
        await parlour.start_round(options).wait()
        return
    entry = left[0]
    assert entry.round is not None
    others = len(left) - 1
    also = (
        f" (and {others} other{'s' if others != 1 else ''}: see the start screen)" if others else ""
    )
    question = (
        f"You have an unfinished round: {entry_words(entry).removeprefix('Continue ')}{also}. "
        "Go on with it, or start a new round? The unfinished one is kept either way."
    )
    round_id = entry.round.id

    def answered(go_on: bool | None) -> None:
        if go_on:
            parlour.continue_round(round_id)
        else:
            parlour.start_round(options)

    # asked before any screen is up: it needs the terminal the round's game needs
    from parlour.tui.screens import game_screen_class

    need = game_screen_class(round_game().id).MIN_SIZE
    app.push_screen(
        ConfirmScreen(question, yes=ROUND_ANSWERS[0], no=ROUND_ANSWERS[1], alone_size=need),
        answered,
    )


def replacing(store: Store | None, line: Line[Any, Any]) -> str:
    """What the player is told when a game not dealt afresh (a record played on, a replay
    taken over) is about to take its game's resume slot: which unfinished game it
    replaces, now (moves played) or at its first move ("" when there is none)."""
    which = replaced_game(store, line)
    if not which:
        return ""
    if line.moves or line.undone:
        return f"This game replaces {which}."
    return f"Your first move here replaces {which}."


def replaced_game(store: Store | None, line: Line[Any, Any]) -> str:
    """The unfinished game whose resume slot ``line`` would take ("your unfinished game of
    Golf seed 7 (2 moves played)"), or "" when there is none."""
    if store is None:
        return ""
    try:
        slot = store.saved_deal(line.rules.id, format_options(line.options))
    except StoreError:
        return ""
    if slot is None:
        return ""
    return f"your unfinished game of {describe_saved(slot)} ({_played(slot)})"


async def read_replaced_game(store: Store, line: Line[Any, Any]) -> str:
    """:func:`replaced_game`, read off the event loop (through the writer, as
    :func:`tell_replacing` reads)."""

    def reading() -> str:
        return replaced_game(store, line)

    try:
        if store.writer is None:
            return await in_thread(reading)
        return await in_writer(store.writer, reading)
    except StoreError:
        return ""


def tell_replacing(
    store: Store | None, line: Line[Any, Any], tell: Callable[[str], object]
) -> None:
    """Read off the event loop which unfinished game ``line`` is about to replace (see
    :func:`replacing`) and hand the words, if any, to ``tell`` on the loop: a database
    another program holds locked delays the words, never the game. Called before the
    game's session is made: the read goes through the writer, ahead of that session's
    first save, so it finds the game kept before (a read in a thread of its own could
    find the new one)."""
    if store is None:
        return

    def told(answer: Any) -> None:
        if not answer.cancelled() and answer.exception() is None and answer.result():
            tell(answer.result())

    def reading() -> str:
        return replacing(store, line)

    if store.writer is None:
        answer = in_thread(reading)
    else:
        answer = in_writer(store.writer, reading)
    answer.add_done_callback(told)
