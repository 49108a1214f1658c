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

#: actions that share a key with a listed one and need no line of their own: they only
#: say why that key's move cannot be made now
_UNLISTED = {"explain_turn"}
_UNLISTED_PREFIXES = ("refuse(",)

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
    "turn_card": "forming the packet: turn the next card (kept or rejected)",
    "form_packet": "forming the packet: turn cards until it is made (each turn is a move)",
    "build('s')": "build the stock's card on the pile of its suit that takes it",
    "build('w')": "build the waste's card on the pile of its suit that takes it",
    "build('p')": "build the packet's card on the pile of its suit that takes it",
    "play_selected": "play the selected card, or put it on the selected pile (forming: turn one)",
    "choose('a')": "when both piles of its suit take the card: put it on the ace pile",
    "choose('d')": "when both piles of its suit take the card: put it on the deuce pile",
    "deal": "deal the stock's card onto the waste",
    "next_card": "deal a card (while forming the packet: turn one)",
    "redeal": "once the stock is empty: turn the waste over for the next deal (B4)",
    "give_up": "give up, after a question (the game ends as lost)",
    "cancel_choice": "leave the choice of pile without playing",
}

#: where a game's screen gives a shared key a meaning of its own
_GAME_DESCRIPTIONS = {
    "bytwos": {
        "cursor(-1)": "select the card to the left (stock, waste, packet), or the other pile",
        "cursor(1)": "select the card to the right (stock, waste, packet), or the other pile",
        "new": "new game (the game in progress is dropped)",
    },
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
    own = _GAME_DESCRIPTIONS.get(game_id or "", {})
    bindings: list[Binding] = []
    # the game's own keys first, then those every game screen shares; Textual's own
    # focus and copy keys are left out, and so is a shared key that a game's screen binds
    # again only to keep it (it is listed with the shared keys)
    classes = [klass for klass in screen.__mro__ if klass.__module__.startswith("parlour.")]
    for position, klass in enumerate(classes):
        shared = {
            (binding.key, binding.action)
            for base in classes[position + 1 :]
            for binding in base.__dict__.get("BINDINGS", [])
            if isinstance(binding, Binding)
        }
        for binding in klass.__dict__.get("BINDINGS", []):
            if (
                isinstance(binding, Binding)
                and binding.action not in _UNLISTED
                and not binding.action.startswith(_UNLISTED_PREFIXES)
                and (binding.key, binding.action) not in shared
            ):
                bindings.append(binding)
    for binding in bindings:
        action = binding.action
        if action.startswith("play(") and action[5:-1].isdigit():
            description = "play the exposed card of that column"
            action = "play(n)"
        else:
            description = own.get(action) or _DESCRIPTIONS.get(action, binding.description)
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
        "Every move can be made from the keyboard; the mouse works too (in Golf, click a "
        "column to play it, the stock to turn it; in By Twos, click the stock, the waste or "
        "the packet to play its card, a foundation to build on it, the deck to turn a card). "
        "The footer shows the main keys and greys out the ones that cannot be used at the "
        "moment. This page is built from the app's own key bindings "
        "(`python -m parlour.help`).",
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
        "| Enter n | next hole (after a hole is finished) |",
        "| Esc | back to the board |",
        "",
    ]
    return "\n".join(parts)
