"""The keys of the screens around the games: the start screen, the scorecard, history,
rounds, help and the yes-or-no question. Each table's target is the screen it serves,
described here by what its keys call (a protocol the screen in :mod:`parlour.tui`
meets)."""

from __future__ import annotations

from typing import Final
from typing import Protocol

from parlour.controls.keys import Availability
from parlour.controls.keys import Key
from parlour.controls.keys import KeyTable
from parlour.engine.registry import specs


class Helps(Protocol):
    """A screen whose ? opens the help, at the page (or the part of one) of its keys."""

    def action_help(self) -> None: ...


def help_key() -> Key[Helps]:
    """? on a screen around the games: the help, at this screen's keys (as on the start
    screen and the games'). The last row of each table: the first the key bar leaves off
    when the terminal is narrow."""
    return Key("question_mark", "help", lambda s: s.action_help(), "Help", "the help, "
               "at this screen's keys", display="?")  # fmt: skip


class Closes(Helps, Protocol):
    """A screen that Esc closes (settings, the scorecard, the messages)."""

    def action_close(self) -> None: ...


class GoesBack(Helps, Protocol):
    """A screen that Esc leaves for the start screen."""

    def action_back(self) -> None: ...


class StartMenu(Protocol):
    def action_toggle_option(self, name: str) -> None: ...

    def action_settings(self) -> None: ...

    def action_help(self) -> None: ...

    def action_quit(self) -> None: ...


class Scorecard(Closes, Protocol):
    def can_go_on(self) -> Availability: ...

    def can_start_round(self) -> Availability: ...

    def action_go_on(self) -> None: ...

    def action_new_round(self) -> None: ...

    def can_export(self) -> Availability: ...

    def action_export(self) -> None: ...


class Question(Helps, Protocol):
    def action_answer(self, yes: bool) -> None: ...


class History(GoesBack, Protocol):
    def action_replay(self) -> None: ...


class Rounds(GoesBack, Protocol):
    def can_continue(self) -> Availability: ...

    def can_abandon(self) -> Availability: ...

    def action_continue_round(self) -> None: ...

    def action_abandon_round(self) -> None: ...


class Club(GoesBack, Protocol):
    def action_refresh(self) -> None: ...

    def action_send(self) -> None: ...


def _option_key(key: str, name: str, label: str, description: str) -> Key[StartMenu]:
    return Key(key, "toggle_option", lambda s: s.action_toggle_option(name), label,
               description, arguments=(name,))  # fmt: skip


def start_keys() -> KeyTable[StartMenu]:
    """The start screen: a key for each rule option a game's plug-in offers there (Golf's
    free stock), help and quit."""
    options = [
        _option_key(
            option.key,
            option.name,
            f"{spec.name} rule",
            f"switch {spec.name} between the {option.off} and {option.on}"
            + (f" ({option.ruling})" if option.ruling else ""),
        )
        for spec in specs()
        for option in spec.options
        if option.key
    ]
    return KeyTable[StartMenu](
        (
            *options,
            Key(
                "s",
                "settings",
                lambda s: s.action_settings(),
                "Settings",
                "settings: theme, four-colour deck, ASCII cards, "
                "player (ctrl+p opens Textual's command palette, anywhere)",
            ),
            Key("question_mark", "help", lambda s: s.action_help(), "Help", "this help: "
                "Parlour, its games and every screen's keys", display="?"),
            Key("q", "quit", lambda s: s.action_quit(), "Quit", "quit Parlour"),
        ),
        intro=(
            "↑ and ↓ choose an entry, Enter opens it. A game's keys work once it is open:"
            " here any other letter only says that it does nothing."
        ),
    )  # fmt: skip


SCORECARD_KEYS: Final = KeyTable[Scorecard](
    (
        Key("enter", "go_on", lambda s: s.action_go_on(), "Next hole", "next hole once the "
            "hole is finished", lambda s: s.can_go_on()),
        Key("enter", "new_round", lambda s: s.action_new_round(), "New round", "after the "
            "last hole, a new round", lambda s: s.can_start_round()),
        Key("n", "go_on", lambda s: s.action_go_on(), "", "next hole once the hole is "
            "finished", lambda s: s.can_go_on()),
        Key("n", "new_round", lambda s: s.action_new_round(), "", "after the last hole, a "
            "new round", lambda s: s.can_start_round()),
        Key("e", "export", lambda s: s.action_export(), "Round record", "write the round as "
            "a round record file (every hole's moves, for parlour check and parlour match) "
            "and show where", lambda s: s.can_export()),
        Key("escape", "close", lambda s: s.action_close(), "Back to the board",
            "back to the board"),
        help_key(),
    )
)  # fmt: skip


class Help(Protocol):
    def action_topic(self, step: int) -> None: ...

    def action_close(self) -> None: ...


HELP_KEYS: Final = KeyTable[Help](
    (
        Key("right", "topic", lambda s: s.action_topic(1), "Next topic", "the next topic "
            "(the overview, each game, the rulings)", arguments=(1,)),
        Key("left", "topic", lambda s: s.action_topic(-1), "Topic before", "the topic "
            "before", arguments=(-1,)),
        Key("escape", "close", lambda s: s.action_close(), "Close", "close the help"),
        Key("question_mark", "close", lambda s: s.action_close(), "", "close the help",
            display="?"),
        Key("q", "close", lambda s: s.action_close(), "", "close the help"),
    )
)  # fmt: skip

SETTINGS_KEYS: Final = KeyTable[Closes](
    (
        Key("escape", "close", lambda s: s.action_close(), "Close", "close the settings "
            "(each change is saved at once)"),
        help_key(),
    ),
    intro="Tab moves between the settings; Enter or Space changes the one chosen.",
)  # fmt: skip


class Paused(Helps, Protocol):
    """The pause, which hides the board until the player comes back."""

    def action_resume(self) -> None: ...


MESSAGES_KEYS: Final = KeyTable[Closes](
    (
        Key("escape", "close", lambda s: s.action_close(), "Close", "back to the game"),
        Key("l", "close", lambda s: s.action_close(), "", "back to the game"),
        Key("q", "close", lambda s: s.action_close(), "", "back to the game"),
        help_key(),
    ),
    intro="The messages of the game, whole, the newest at the bottom; ↑ ↓ and the page keys "
    "scroll.",
)  # fmt: skip

PAUSE_KEYS: Final = KeyTable[Paused](
    (
        Key("p", "resume", lambda s: s.action_resume(), "Back to the game", "back to the "
            "game (its clock runs again)"),
        Key("P", "resume", lambda s: s.action_resume(), "", "back to the game"),
        Key("space", "resume", lambda s: s.action_resume(), "", "back to the game"),
        Key("enter", "resume", lambda s: s.action_resume(), "", "back to the game"),
        Key("escape", "resume", lambda s: s.action_resume(), "", "back to the game"),
        help_key(),
    )
)  # fmt: skip

CONFIRM_KEYS: Final = KeyTable[Question](
    (
        Key("y", "answer", lambda s: s.action_answer(True), "Yes", "yes", arguments=(True,)),
        Key("n", "answer", lambda s: s.action_answer(False), "No", "no", arguments=(False,)),
        Key("escape", "answer", lambda s: s.action_answer(False), "", "no",
            arguments=(False,)),
        help_key(),
    ),
    intro="Words too long for the terminal scroll: Tab reaches them, then ↑ ↓ (or the "
    "mouse wheel).",
)  # fmt: skip

HISTORY_KEYS: Final = KeyTable[History](
    (
        Key("enter", "replay", lambda s: s.action_replay(), "Replay", "replay the game "
            "chosen"),
        Key("escape", "back", lambda s: s.action_back(), "Back", "back to the start screen"),
        Key("m", "back", lambda s: s.action_back(), "", "back to the start screen"),
        help_key(),
    ),
    intro="↑ and ↓ choose a game.",
)  # fmt: skip

ROUNDS_KEYS: Final = KeyTable[Rounds](
    (
        Key("enter", "continue_round", lambda s: s.action_continue_round(), "Continue",
            "go on with the unfinished round chosen", lambda s: s.can_continue()),
        Key("a", "abandon_round", lambda s: s.action_abandon_round(), "Abandon", "abandon "
            "the unfinished round chosen (asks first; it stays in the history, marked "
            "abandoned)", lambda s: s.can_abandon()),
        Key("escape", "back", lambda s: s.action_back(), "Back", "back to the start screen"),
        Key("m", "back", lambda s: s.action_back(), "", "back to the start screen"),
        help_key(),
    ),
    intro="↑ and ↓ choose a round; its scorecard shows below.",
)  # fmt: skip

STATISTICS_KEYS: Final = KeyTable[GoesBack](
    (
        Key("escape", "back", lambda s: s.action_back(), "Back", "back to the start screen"),
        Key("m", "back", lambda s: s.action_back(), "", "back to the start screen"),
        help_key(),
    ),
    intro="↑ and ↓ (or the mouse wheel) scroll through the tables and plots.",
)

CLUB_KEYS: Final = KeyTable[Club](
    (
        Key("r", "refresh", lambda s: s.action_refresh(), "Refresh", "ask the club "
            "for the leaderboard again"),
        Key("s", "send", lambda s: s.action_send(), "Send rounds", "send your finished "
            "rounds that wait to the club"),
        Key("escape", "back", lambda s: s.action_back(), "Back", "back to the start screen"),
        Key("m", "back", lambda s: s.action_back(), "", "back to the start screen"),
        help_key(),
    ),
    intro="The club's leaderboard of today's course, and your place on it. Nothing waits "
    "for the club: if it cannot be reached, the screen says so.",
)  # fmt: skip


class TooSmall(Protocol):
    def action_leave(self) -> None: ...

    def action_quit(self) -> None: ...


#: the keys of the notice that the terminal is too small (written out on it, not in the help)
TOO_SMALL_KEYS: Final = KeyTable[TooSmall](
    (
        Key("escape", "leave", lambda s: s.action_leave()),
        Key("q", "quit", lambda s: s.action_quit()),
    )
)

PLAYER_KEYS: Final = KeyTable[GoesBack](
    (
        Key("escape", "back", lambda s: s.action_back(), "Back", "keep the player as it is"),
        help_key(),
    ),
    intro="↑ and ↓ choose a known player and Enter plays as them; or type a new name in the "
    "box below and press Enter.",
)
