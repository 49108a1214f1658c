"""The keys of the screens around the games: the start screen, the scorecard, history,
rounds, help and the yes-or-no question. Each table's conditions are methods of the
screen it serves."""

from __future__ import annotations

from typing import Final

from parlour.controls.keys import Key
from parlour.controls.keys import KeyTable
from parlour.engine.registry import specs


def start_keys() -> KeyTable:
    """The start screen: a key for each rule option a game's plug-in offers there (Golf's
    free stock), help and quit."""
    options = [
        Key(
            option.key,
            f"toggle_option('{option.name}')",
            f"{spec.name} rule",
            f"switch {spec.name} between the {option.off} and {option.on}"
            + (f" ({option.ruling})" if option.ruling else ""),
        )
        for spec in specs()
        for option in spec.options
        if option.key
    ]
    return KeyTable(
        (
            *options,
            Key(
                "s",
                "settings",
                "Settings",
                "settings: theme, four-colour deck, ASCII cards, "
                "player (ctrl+p opens Textual's command palette, anywhere)",
            ),
            Key("question_mark", "help", "Help", "this help", display="?"),
            Key("q", "quit", "Quit", "quit Parlour"),
        ),
        intro="↑ and ↓ choose an entry, Enter opens it.",
    )


SCORECARD_KEYS: Final = KeyTable(
    (
        Key("enter", "go_on", "Next hole", "next hole once the hole is finished", "can_go_on"),
        Key("enter", "new_round", "New round", "after the last hole, a new round",
            "can_start_round"),
        Key("n", "go_on", "", "next hole once the hole is finished", "can_go_on"),
        Key("n", "new_round", "", "after the last hole, a new round", "can_start_round"),
        Key("e", "export", "Round record", "write the round as a round record file (every hole's "
            "moves, for parlour check and parlour match) and show where"),
        Key("escape", "close", "Back to the board", "back to the board"),
    )
)  # fmt: skip

HELP_KEYS: Final = KeyTable(
    (
        Key("escape", "close", "Close", "close the help"),
        Key("question_mark", "close", "", "close the help", display="?"),
        Key("q", "close", "", "close the help"),
    )
)

SETTINGS_KEYS: Final = KeyTable(
    (Key("escape", "close", "Close", "close the settings (each change is saved at once)"),),
    intro="Tab moves between the settings; Enter or Space changes the one chosen.",
)

CONFIRM_KEYS: Final = KeyTable(
    (
        Key("y", "answer(True)", "Yes", "yes"),
        Key("n", "answer(False)", "No", "no"),
        Key("escape", "answer(False)", "", "no"),
    )
)

HISTORY_KEYS: Final = KeyTable(
    (
        Key("enter", "replay", "Replay", "replay the game chosen"),
        Key("escape", "back", "Back", "back to the start screen"),
    ),
    intro="↑ and ↓ choose a game.",
)

ROUNDS_KEYS: Final = KeyTable(
    (
        Key("enter", "continue_round", "Continue", "go on with the unfinished round chosen",
            "can_continue"),
        Key("a", "abandon_round", "Abandon", "abandon the unfinished round chosen (asks "
            "first; it stays in the history, marked abandoned)", "can_continue"),
        Key("escape", "back", "Back", "back to the start screen"),
    ),
    intro="↑ and ↓ choose a round; its scorecard shows below.",
)  # fmt: skip

STATISTICS_KEYS: Final = KeyTable(
    (Key("escape", "back", "Back", "back to the start screen"),),
    intro="↑ and ↓ (or the mouse wheel) scroll through the tables and plots.",
)

CLUB_KEYS: Final = KeyTable(
    (
        Key("r", "refresh", "Refresh", "ask the club for the leaderboard again"),
        Key("s", "send", "Send rounds", "send your finished rounds that wait to the club"),
        Key("escape", "back", "Back", "back to the start screen"),
    ),
    intro="The club's leaderboard of today's course, and your place on it. Nothing waits "
    "for the club: if it cannot be reached, the screen says so.",
)

PLAYER_KEYS: Final = KeyTable(
    (Key("escape", "back", "Back", "keep the player as it is"),),
    intro="↑ and ↓ choose a known player and Enter plays as them; or type a new name in the "
    "box below and press Enter.",
)
