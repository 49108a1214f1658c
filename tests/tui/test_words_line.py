"""The information line and the status line draw a line of words the short way
(:class:`parlour.tui.widgets.WordsLine`): the strips must be the very ones Textual's own
drawing makes, in every theme, refused or not; and a key redraws only the words it
changed."""

from __future__ import annotations

from pathlib import Path

from textual.strip import Strip

from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.themes import theme_names
from parlour.tui.widgets import StatusLine
from parlour.tui.widgets import WordsLine

#: the themes each message is drawn in (in the others, fewer: only their colours differ)
WHOLE_THEMES = ("textual-dark", "textual-light", "ansi-dark", "baize", "high-contrast")


def textuals_own(line: WordsLine, y: int) -> Strip:
    """The line as Textual's ``Static`` draws it (through ``Content``)."""
    line._render_content()
    return line._render_cache.lines[y]


async def test_the_short_way_draws_what_textual_draws(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="golf", seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        status = screen.query_one(StatusLine)
        info = screen.query_one("#info", WordsLine)
        messages = [
            "A short message: 7♣ on 8♦.",
            "x",
            ("word " * 30).strip(),  # (wrapped onto two lines)
            "Two\nlines",
            "Cut at a word's end\nand then … l: all",
            "y" * 130,  # (one word longer than the line: folded)
            "spaces   at   a   wrap " * 6,
            "漢字の札" * 30,  # (wide characters)
            "ends with a space ",
            "a blank\n\nline between",  # (Textual's own drawing)
            "a\ttab",  # (Textual's own drawing)
        ]
        short_ways = status.drawings
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            # every message in a dark, a light, an ANSI and Parlour's two themes; in every
            # other theme (colours alone differ) a line, two lines, and a folded word
            said = messages if theme in WHOLE_THEMES else messages[:3] + messages[5:6]
            for refused in (False, True):
                for message in said:
                    status.say(message, refused=refused)
                    await pilot.pause()
                    width = status.content_size.width
                    assert status.get_content_height(
                        status.size, status.size, width
                    ) == status.visual.get_height(status.styles, width)
                    for y in range(status.size.height):
                        drawn = status.render_line(y)
                        assert list(drawn) == list(textuals_own(status, y)), (theme, message)
                        assert drawn.cell_length == textuals_own(status, y).cell_length
            drawn = info.render_line(0)
            assert list(drawn) == list(textuals_own(info, 0)), theme
        # (the one-line messages were drawn the short way, in every theme)
        themes = len(theme_names())
        assert status.drawings - short_ways >= 16 * len(WHOLE_THEMES) + 6 * (themes - 5)
        # and the whole line, padding and all, is what the screen shows
        status.say("The last words.")
        await pilot.pause()
        shown = app.screen._compositor.render_strips()[status.region.y]
        assert shown.text[1:].startswith("The last words.")


async def test_a_refused_key_redraws_the_status_line_alone(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="golf", seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        status = screen.query_one(StatusLine)
        info = screen.query_one("#info", WordsLine)
        await pilot.pause()
        info_drawn, status_drawn = info.drawings, status.drawings
        await pilot.press("x")  # does nothing here: the status line says so
        await pilot.pause()
        assert "does nothing here" in str(status.render())
        assert status.drawings == status_drawn + 1
        assert info.drawings == info_drawn
        # the same words again: the line kept is shown, nothing is drawn
        await pilot.press("x")
        await pilot.pause()
        assert status.drawings == status_drawn + 1
        # a move changes both lines' words: each is drawn once
        screen.play(screen.rules.legal_moves(screen.current)[0])
        await pilot.pause()
        assert info.drawings == info_drawn + 1
        assert status.drawings == status_drawn + 2
        assert "move 1" in str(info.render())
