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
_UNLISTED = {"explain_turn", "explain_fill('s')", "explain_fill('w')"}
_UNLISTED_PREFIXES = ("refuse(",)

_DESCRIPTIONS = {
    "toggle_option('free-stock')": "switch Golf between the book rule and free stock (G3)",
    "quit": "quit Parlour",
    "undo": "take back the last move (as often as you like)",
    "redo": "make an undone move again",
    "restart": "back to the deal (the moves can be redone)",
    "hint": "suggest a move, judged only from the cards you can see (hints are counted)",
    "demo": (
        "demo: the hint player finishes the game while you watch (any key stops it; it "
        "stops by itself if it comes back to a position it has played through)"
    ),
    "toggle_verdict": "live verdict on/off: what perfect play could still reach (it peeks at "
    "the hidden cards, so it is off until you ask)",
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
    "play(n)": "play the exposed card of that column",
    "play_cursor": "play the selected column's exposed card",
    "turn": "turn the next stock card",
    "scorecard": "show the round's scorecard",
    "fill_stock": "fill the vacancy from the stock (when both stock and waste could)",
    "fill_waste": "fill the vacancy with the waste heap's top card (likewise)",
    "discard_at(n)": "throw the card at that position (10–13 are a–d, as shown above them)",
    "heap": "look through the whole waste heap, its top card last",
    "give_up": "give up: the game ends with its score as it stands (asks first)",
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
    "cancel_choice": "leave the choice of pile without playing",
    "square(n)": "the square of a heap's label (1 then c is heap 1c): choose first the heap a "
    "run leaves, then the heap it goes to; or first a space, then what fills it",
    "sequence(n)": "while a square is being formed: take up the sequence with that number "
    "to start it",
    "place(x)": "after the square's number: its heap (a b the top row, c d the row below)",
    "choose_cursor": "choose the heap under the cursor (first where from, then where to); "
    "while a square is formed, take the sequence selected",
    "cursor_row(-1)": "move the cursor to the row above",
    "cursor_row(1)": "move the cursor to the row below",
    "pack": "the pack: its top card fills the space chosen next (or chosen just before)",
    "cancel": "let go of a move half made",
}

#: a game's own words for an action that several games share
_GAME_DESCRIPTIONS = {
    "rubbish": {
        "cursor(-1)": "select the previous choice: a card of the group, or stock or waste",
        "cursor(1)": "select the next choice",
        "play_cursor": "make the selected choice",
        "new": "new game (while this one is in play, asks first: it would not be scored)",
    },
    "bytwos": {
        "cursor(-1)": "select the card to the left (stock, waste, packet), or the other pile",
        "cursor(1)": "select the card to the right (stock, waste, packet), or the other pile",
        "new": "new game (the game in progress is dropped)",
    },
    "squares": {
        "cursor(-1)": "move the cursor to the heap on the left (forming: the previous sequence)",
        "cursor(1)": "move the cursor to the heap on the right (forming: the next sequence)",
        "deal": "deal a card to each heap of the next square (the board shows which)",
        "new": "new game (the game in progress is dropped)",
    },
}

#: a line under a game's table of keys (docs/keys.md)
_NOTES = {
    "rubbish": "The mouse works too: click a card of the group to throw it, the stock or "
    "the waste to fill from it, and the waste at any other time to look through the heap.",
    "bytwos": "The mouse works too: click the stock, the waste or the packet to play its "
    "card, a foundation to build on it (or to pick it when both piles could take a card), "
    "the deck to turn a card while forming, and the empty stock to turn the waste over.",
    "squares": "The mouse works too: click a heap to choose it (first the heap a run leaves, "
    "then where it goes), the pack to fill a space from it, and while a square is being "
    "formed, a heap marked with a sequence's number to take that sequence.",
}


def _key_ranges(keys: list[str]) -> str:
    """``1 2 3 a b`` as ``1–3 a–b``: runs of consecutive digits or letters."""
    runs: list[list[str]] = []
    for key in keys:
        last = runs[-1][-1] if runs else ""
        if last and ord(key) == ord(last) + 1 and key.isdigit() == last.isdigit():
            runs[-1].append(key)
        else:
            runs.append([key])
    return " ".join(run[0] if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


def _screen_class(game_id: str | None) -> type:
    from parlour.tui.screens import game_screen_class
    from parlour.tui.screens.start import StartScreen

    if game_id is not None:
        screen: type = game_screen_class(game_id)
        return screen
    return StartScreen


def key_rows(game_id: str | None) -> list[tuple[str, str]]:
    """(keys, what they do) for a game's screen, in the order they are bound."""
    rows: dict[str, list[str]] = {}
    screen = _screen_class(game_id)
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
    descriptions = _DESCRIPTIONS | _GAME_DESCRIPTIONS.get(game_id or "", {})
    numbered: set[str] = set()  # actions with one key per number or letter, such as play(n)
    for binding in bindings:
        action = binding.action
        name, _, argument = action.partition("(")
        if argument[:-1].isdigit() and f"{name}(n)" in descriptions:
            action = f"{name}(n)"
            numbered.add(action)
        elif len(argument) == 4 and argument[0] == "'" and f"{name}(x)" in descriptions:
            action = f"{name}(x)"  # one key per letter, such as place('a')
            numbered.add(action)
        description = descriptions.get(action, binding.description)
        key = binding.key_display or _NAMES.get(binding.key, binding.key)
        rows.setdefault(action, [description])
        if key not in rows[action]:
            rows[action].append(key)
    result = []
    for action, (description, *keys) in rows.items():
        shown = _key_ranges(keys) if action in numbered else " ".join(keys)
        result.append((shown, description))
    return result


def keys_markdown(game_id: str | None) -> str:
    lines = ["### Keys", "", "| keys | what they do |", "| --- | --- |"]
    lines += [f"| {keys} | {description} |" for keys, description in key_rows(game_id)]
    return "\n".join(lines) + "\n"


def keys_document() -> str:
    """The text of docs/keys.md."""
    parts = [
        "# Keys",
        "",
        "Every move can be made from the keyboard; the mouse works too (click a column to "
        "play it, the stock to turn it). The bar at the foot of the screen shows the main keys "
        "and greys out the ones that cannot be used at the moment; clicking a key there "
        "presses it. Keys that do not fit a narrow terminal are left off the bar but still "
        "work. This page is built from the app's own key "
        "bindings (`python -m parlour.help`).",
        "",
        "## Start screen",
        "",
        "↑ and ↓ choose an entry, Enter opens it.",
        "",
        keys_markdown(None).replace("### Keys\n\n", ""),
    ]
    from parlour.engine.registry import specs

    for spec in specs():
        game = spec.id
        parts += [f"## {spec.name}", "", keys_markdown(game).replace("### Keys\n\n", "")]
        if game in _NOTES:
            parts += [_NOTES[game], ""]
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
