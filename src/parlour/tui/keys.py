"""The keys of each screen, as a Markdown table built from the screens' own bindings,
so that the help and docs/keys.md say what the keys really do."""

from __future__ import annotations

from textual.binding import Binding

_NAMES = {
    "question_mark": "?",
    "space": "Space",
    "enter": "Enter",
    "escape": "Esc",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "home": "Home",
    "end": "End",
}

#: actions that share a key with a listed one and need no line of their own
_UNLISTED = {"explain_turn"}

_DESCRIPTIONS = {
    "toggle_free_stock": "switch Golf between the book rule and free stock (G3)",
    "quit": "quit Parlour",
    "undo": "take back the last move (as often as you like)",
    "redo": "make an undone move again",
    "restart": "back to the deal (the moves can be redone)",
    "hint": "suggest a move (hints are counted)",
    "new": "new game; in a Golf round, the next hole once this one is over",
    "export": "write this game as a record file and show where",
    "step(-1)": "replay: one move back",
    "step(1)": "replay: one move forward",
    "step_to_start": "replay: jump to the deal",
    "step_to_end": "replay: jump to the last move",
    "take_over": "replay: play on yourself from the position shown",
    "help": "this help",
    "menu": "back to the start screen (the game is saved)",
    "quit_game": "quit Parlour (the game is saved after every move)",
    "cursor(-1)": "select the column to the left",
    "cursor(1)": "select the column to the right",
    "play_cursor": "play the selected column's exposed card",
    "turn": "turn the next stock card",
    "scorecard": "show the round's scorecard",
}


def _screen_class(game_id: str | None) -> type:
    from parlour.tui.screens import game_screen_class, has_screen
    from parlour.tui.screens.start import StartScreen

    if game_id is not None and has_screen(game_id):
        screen: type = game_screen_class(game_id)
        return screen
    return StartScreen


def key_rows(game_id: str | None) -> list[tuple[str, str]]:
    """(keys, what they do) for a game's screen, in the order they are bound."""
    rows: dict[str, list[str]] = {}
    screen = _screen_class(game_id)
    bindings: list[Binding] = []
    # the game's own keys first, then those every game screen shares; Textual's own
    # focus and copy keys are left out
    for klass in screen.__mro__:
        if not klass.__module__.startswith("parlour."):
            continue
        for binding in klass.__dict__.get("BINDINGS", []):
            if isinstance(binding, Binding) and binding.action not in _UNLISTED:
                bindings.append(binding)
    for binding in bindings:
        action = binding.action
        if action.startswith("play(") and action[5:-1].isdigit():
            description = "play the exposed card of that column"
            action = "play(n)"
        else:
            description = _DESCRIPTIONS.get(action, binding.description)
        key = binding.key_display or _NAMES.get(binding.key, binding.key)
        rows.setdefault(action, [description])
        if key not in rows[action]:
            rows[action].append(key)
    result = []
    for values in rows.values():
        description, *keys = values
        if "play the exposed card" in description:
            keys = [f"{keys[0]}–{keys[-1]}"]
        result.append((" ".join(keys), description))
    return result


def keys_markdown(game_id: str | None) -> str:
    lines = ["### Keys", "", "| keys | what they do |", "| --- | --- |"]
    lines += [f"| {keys} | {description} |" for keys, description in key_rows(game_id)]
    return "\n".join(lines) + "\n"


def keys_document() -> str:
    """The text of docs/keys.md."""
    from parlour.help import ORDER

    parts = [
        "# Keys",
        "",
        "Every move can be made from the keyboard; the mouse works too (click a column to "
        "play it, the stock to turn it). The footer shows the main keys and greys out the "
        "ones that cannot be used at the moment. This page is built from the app's own key "
        "bindings (`python -m parlour.help`).",
        "",
        "## Start screen",
        "",
        "↑ and ↓ choose an entry, Enter opens it.",
        "",
        keys_markdown(None).replace("### Keys\n\n", ""),
    ]
    from parlour.engine import find_game
    from parlour.tui.screens import has_screen

    for game in ORDER:
        if has_screen(game):
            name = find_game(game).name
            parts += [f"## {name}", "", keys_markdown(game).replace("### Keys\n\n", "")]
    parts += [
        "## Scorecard",
        "",
        "| keys | what they do |",
        "| --- | --- |",
        "| Enter n | next hole once the hole is finished; after the ninth, a new round |",
        "| Esc | back to the board |",
        "",
    ]
    return "\n".join(parts)
