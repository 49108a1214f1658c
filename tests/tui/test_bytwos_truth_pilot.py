"""By Twos tells the truth on the screen (ruling B9): a deal lost by its packet says so
once in the message line, with the reason, and play goes on (Textual Pilot)."""

from __future__ import annotations

from pathlib import Path

from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import DEAL
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_truth import lost_news
from parlour.engine.games.bytwos_truth import packet_block
from parlour.help import with_ruling_words
from parlour.tui.app import make_app
from parlour.tui.screens.bytwos import ByTwosScreen

from ..engine.bytwos_helpers import LOST_AT_TURN
from ..engine.bytwos_helpers import LOST_REASON
from ..engine.bytwos_helpers import LOST_SEED
from ..engine.bytwos_helpers import REMINDER
from .test_bytwos_pilot import said
from .test_bytwos_pilot import status_text

#: the reason as the status line says it (a ruling named with its title)
TOLD = with_ruling_words(LOST_REASON)


async def test_forming_a_lost_packet_with_f_says_why_once(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="bytwos", seed=LOST_SEED, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ByTwosScreen)
        start = screen.session.state
        assert "rule out a win" not in status_text(app)
        await pilot.press("f")
        state = screen.session.state
        assert state.phase is Phase.DEALING and packet_block(state) is not None
        shown = status_text(app)
        # the reason, in full, with the cards as the board writes them (10♥ …)
        assert said(LOST_REASON) in shown
        assert "10♥ lies above 4♥ and 4♥ above 2♥" in shown
        assert said(lost_news(start, state)) in shown
        assert said(BYTWOS.words.prompt(state)) in shown and said(REMINDER) in shown
        # the game goes on: the next moves say it no more, and only remind
        for _ in range(2):
            await pilot.press("d")
            state = BYTWOS.apply(state, DEAL)
            assert screen.session.state == state
            shown = status_text(app)
            assert "can no longer be won" not in shown
            assert said(REMINDER) in shown
        assert BYTWOS.outcome(screen.session.state) is None


async def test_turning_card_by_card_says_it_at_the_turn_that_loses(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, game="bytwos", seed=LOST_SEED, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        shown: list[str] = []
        for _ in range(LOST_AT_TURN + 1):
            await pilot.press("t")
            shown.append(status_text(app))
        assert screen.session.line.moves == (TURN,) * (LOST_AT_TURN + 1)
        told = [turn for turn, text in enumerate(shown, start=1) if TOLD in text]
        assert told == [LOST_AT_TURN]  # in ASCII mode the cards keep their letters
        assert REMINDER in shown[-1]
        # taking the turn back takes the news back too; turning again tells it again
        await pilot.press("u")
        await pilot.press("u")
        assert REMINDER not in status_text(app)
        await pilot.press("r")
        assert TOLD in status_text(app)
