"""Help for where you are: one screen with a page for each topic (the overview of the
app and every screen's keys, each game's rules and keys, the rulings every game shares),
opened at the page of the screen it was asked from; ← and → move between the pages."""

from __future__ import annotations

from typing import Any
from typing import ClassVar

from rich.cells import cell_len
from textual import events
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.binding import BindingType
from textual.containers import Vertical
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown
from textual.widgets import Tab
from textual.widgets import Tabs

from parlour.controls.keys import KeyTable
from parlour.controls.screens import HELP_KEYS
from parlour.controls.screens import Help
from parlour.help import game_rules
from parlour.help import general_rules
from parlour.help.keys import OVERVIEW
from parlour.help.keys import RULINGS
from parlour.help.keys import SCREEN_LEVEL
from parlour.help.keys import keys_markdown
from parlour.help.keys import overview_markdown
from parlour.help.keys import screen_title
from parlour.help.keys import topics
from parlour.tui.keybar import KeyBar
from parlour.tui.keyed import Keyed


class HelpPage(VerticalScroll, inherit_bindings=False):
    """The page of a topic: it scrolls up and down, and leaves ← and → to the topics."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", "Scroll up", show=False),
        Binding("down", "scroll_down", "Scroll down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home", "scroll_home", "Top", show=False),
        Binding("end", "scroll_end", "Bottom", show=False),
    ]


class TopicTabs(Tabs):
    """The row of the topics: each game by its name, or by its short name where the names
    do not fit (at 60 columns "Three Squares" pushed "By Twos" half out of sight, and
    "Rulings" out of it)."""

    def on_resize(self, event: events.Resize) -> None:
        tabs = {tab.id: tab for tab in self.query(Tab)}
        named = topics()
        needed = sum(
            cell_len(title) + tab.styles.gutter.width
            for name, title in named
            if (tab := tabs.get(f"topic-{name}")) is not None
        )
        for name, title in named if needed <= event.size.width else topics(short=True):
            tab = tabs.get(f"topic-{name}")
            if tab is not None and tab.label_text != title:
                tab.label = title


class HelpScreen(Keyed, ModalScreen[None]):
    #: this screen's look, here rather than in parlour.tcss, so that the app does not
    #: parse it at every start before a board (docs/performance.md)
    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }

    #help {
        width: 90%;
        max-width: 100;
        height: 90%;
        background: $panel;
        border: round $primary;
        padding: 0 1;
    }

    /* narrow (60 columns), the whole width: the topics' row needs it */
    HelpScreen.-narrow #help {
        width: 100%;
    }

    #help-page {
        height: 1fr;
    }
    """
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (70, "-wide")]  # noqa: RUF012 (typed by Textual)
    KEYS = HELP_KEYS

    def key_target(self) -> Help:
        return self  # the type checker sees that the screen has what its keys call

    def __init__(self, topic: str | None = None, keys: KeyTable[Any] | None = None) -> None:
        """``topic``: a game's id, or None for the overview (the start screen's help);
        ``keys``: the key table of the screen it is asked from, whose part of the page
        (the overview's list of the other screens' keys) it opens at."""
        super().__init__()
        known = [name for name, _title in topics()]
        self.topic = topic if topic in known else OVERVIEW
        #: the heading of the page to open at (None: its top)
        self.section = screen_title(keys) if keys is not None else None

    def key_text(self) -> str:
        """The keys of the page shown, as the player has them (their own, where they
        have changed any)."""
        if self.topic in (OVERVIEW, RULINGS):
            return overview_markdown(self._key_overrides())
        return keys_markdown(self.topic, self._key_overrides())

    def topic_text(self) -> str:
        """The page of the topic shown."""
        if self.topic == OVERVIEW:
            return overview_markdown(self._key_overrides())
        if self.topic == RULINGS:
            return general_rules()
        return "\n\n".join((game_rules(self.topic), self.key_text()))

    def compose(self) -> ComposeResult:
        with Vertical(id="help"):
            yield TopicTabs(
                *(Tab(title, id=f"topic-{name}") for name, title in topics()),
                active=f"topic-{self.topic}",
                id="help-topics",
            )
            with HelpPage(id="help-page"):
                # a link names a page of the documentation, which is no web address:
                # said, never handed to a browser (which could take the terminal)
                yield Markdown(self.topic_text(), id="help-text", open_links=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#help-page", HelpPage).focus()

    @on(Markdown.TableOfContentsUpdated, "#help-text")
    def page_read(self, event: Markdown.TableOfContentsUpdated) -> None:
        """Once the page is first laid out: open it at the keys of the screen the help
        was asked from (the overview's part titled with that screen's name)."""
        section, self.section = self.section, None
        headings = [ident for level, title, ident in event.table_of_contents
                    if level == SCREEN_LEVEL and title == section]  # fmt: skip
        if headings:
            heading = self.query_one("#help-text", Markdown).query_one(f"#{headings[0]}")
            page = self.query_one("#help-page", HelpPage)
            # once the page's blocks are laid out (its tables take their height then)
            self.call_after_refresh(page.scroll_to_widget, heading, top=True, animate=False)

    @on(Markdown.LinkClicked)
    def link_clicked(self, event: Markdown.LinkClicked) -> None:
        page = event.href.partition("#")[0]
        self.notify(f"{page} is a page of Parlour's documentation (docs/{page}).", timeout=8)

    @on(Tabs.TabActivated, "#help-topics")
    def topic_chosen(self, event: Tabs.TabActivated) -> None:
        topic = (event.tab.id or "").removeprefix("topic-")
        if topic and topic != self.topic:
            self.topic = topic
            self.query_one("#help-text", Markdown).update(self.topic_text())
            self.query_one("#help-page", HelpPage).scroll_home(animate=False)

    def action_topic(self, step: int) -> None:
        """The next topic (``step`` 1) or the one before (-1)."""
        tabs = self.query_one("#help-topics", Tabs)
        if step > 0:
            tabs.action_next_tab()
        else:
            tabs.action_previous_tab()

    def action_close(self) -> None:
        self.dismiss(None)
