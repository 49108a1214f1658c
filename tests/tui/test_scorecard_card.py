"""The app's scorecard is a golf card: holes 1–9 across, then rows for each hole's par (the
hint player's score on it), its best (perfect play's), the player's score and the running
total against bogey, with the totals at the right, and a line saying what they mean. The
scorecards screen shows a past round's card the same way."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.geometry import Size
from textual.widgets import Static

from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.rounds import course_code
from parlour.engine.rounds import hole_seed
from parlour.engine.solve.golf import par_for_seed
from parlour.engine.solve.golf_hint import golf_hint
from parlour.render.scorecard import LEGEND
from parlour.render.scorecard import against
from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.history import RoundsScreen
from parlour.tui.screens.scorecard import ScorecardScreen
from tests.scorecard_rounds import fill_store
from tests.serving import wait_until
from tests.tui.scorecard_helpers import card_cells
from tests.tui.scorecard_helpers import card_text
from tests.tui.test_golf_pilot import play_hole_with_actions

COURSE = 31337
HOLES = [*map(str, range(1, 10)), "Total"]


async def test_the_scorecard_runs_the_holes_across_like_a_golf_card(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, course=COURSE)
    scores = []
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for hole in (1, 2):
            screen = app.screen
            assert isinstance(screen, GolfScreen)
            scores.append(GOLF.score(play_hole_with_actions(screen)))
            await pilot.pause()
            assert isinstance(app.screen, ScorecardScreen)
            if hole == 1:
                await pilot.press("enter")  # on to the next hole
                await pilot.pause()
        # every best worked out (first, in milliseconds a hole), and shown
        seeds = [hole_seed(ROUNDS, COURSE, hole) for hole in range(1, 10)]
        store = app.store
        assert store is not None
        for _ in range(600):
            if len(store.pars(seeds, "none")) == 9:
                break
            await pilot.pause(0.1)
        card_screen = app.screen
        assert isinstance(card_screen, ScorecardScreen)
        card_screen.refresh_pars()
        await pilot.pause()
        bests = [par_for_seed(seed) for seed in seeds]
        card = card_cells(card_screen)
        assert card["Hole"] == HOLES
        assert card["Best"] == [*map(str, bests), str(sum(bests))]
        first, second = scores
        assert card["Score"] == [str(first), str(second), *[""] * 7, str(first + second)]
        # against bogey's pace: 4 after the first hole, 9 after the second
        assert card["vs bogey"] == [against(first - 4), against(first + second - 9), *[""] * 8]
        text = card_text(card_screen)
        title = f"Course {course_code(COURSE)} · book rule · bogey 40"
        assert text.splitlines()[0].strip() == title
        assert LEGEND in " ".join(line.strip(" │") for line in text.splitlines())
        verdict = str(card_screen.query_one("#scorecard-verdict", Static).content)
        assert verdict.startswith("7 holes to play")


async def test_the_scorecards_screen_shows_the_chosen_round_as_a_golf_card(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_store(private_data_dir, monkeypatch).close()
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.push_screen(RoundsScreen())
        await pilot.pause()
        screen = app.screen
        # the latest round first: abandoned after two holes, its figures not yet worked out
        card = card_cells(screen, where="#round-card")
        assert card["Hole"] == HOLES
        assert card["Par"] == card["Best"] == ["…"] * 10
        assert card["Score"] == ["9", "9", *[""] * 7, "18"]
        assert card["vs bogey"] == ["+5", "+9", *[""] * 8]
        await pilot.press("down")  # the free-stock round: two bests known
        await pilot.pause()
        card = card_cells(screen, where="#round-card")
        assert card["Best"] == ["0", "2", *["…"] * 8]
        assert card["Par"] == ["…"] * 10
        assert card["vs bogey"] == ["E", "-3", "+1", *[""] * 7]
        assert "Course XDWT5H · free stock · bogey 40" in card_text(screen, where="#round-card")
        await pilot.press("down")  # a finished round: the last cell is its total against bogey
        await pilot.pause()
        card = card_cells(screen, where="#round-card")
        assert card["Score"][-1] == "55" and card["vs bogey"][-2:] == ["+15", "+15"]


def hint_player_score(seed: int) -> int:
    """The hint player on its own: the hint's move from the deal to the end of the hole."""
    state = GOLF.start_from_seed(seed)
    while GOLF.outcome(state) is None:
        state = GOLF.apply(state, golf_hint(state).move)
    return GOLF.score(state)


async def test_a_holes_par_is_what_the_hint_player_scores_on_it(private_data_dir: Path) -> None:
    seed = hole_seed(ROUNDS, COURSE, 1)
    expected = hint_player_score(seed)
    app = make_app(private_data_dir, course=COURSE)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        store = app.store
        assert store is not None
        # worked out in the background, this hole first (seconds of CPU)
        for _ in range(3000):
            if store.hint_pars([seed], "none"):
                break
            await pilot.pause(0.1)
        assert store.hint_pars([seed], "none") == {seed: expected}
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        card = card_cells(app.screen)
        assert card["Par"][0] == str(expected)
        assert card["Best"][0] == str(par_for_seed(seed))


async def test_the_open_card_fills_as_figures_come_and_is_not_redrawn_meanwhile(
    private_data_dir: Path,
) -> None:
    """While some pars are still worked out, the open card looks for new figures every
    half second and draws itself again only when one has come (drawing it lays the screen
    out again, and a key would wait for that)."""
    app = make_app(private_data_dir, course=COURSE)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        golf = app.screen
        assert isinstance(golf, GolfScreen) and golf.course.round is not None
        pars: dict[int, int] = {hole: hole % 4 for hole in range(1, 9)}  # hole 9 to come
        bests: dict[int, int] = dict(pars)
        card = ScorecardScreen(golf.course.round.round, finished_hole=False,
                               pars=lambda: (pars, bests))  # fmt: skip
        drawn: list[object] = []
        original = card.card

        def counted() -> object:
            drawn.append(None)
            return original()

        card.card = counted  # type: ignore[method-assign]
        app.push_screen(card)
        await pilot.pause()
        assert card_cells(card)["Par"][8] not in {"3", ""}
        first = len(drawn)
        await pilot.pause(1.2)  # two looks, nothing new
        assert len(drawn) == first
        pars[9], bests[9] = 3, 2
        # (at its next look, within half a second; longer on a loaded machine)
        await wait_until(lambda: len(drawn) > first, 10, "the card drawn again")
        await pilot.pause(0.6)  # and once only: the next look finds nothing new
        assert len(drawn) == first + 1
        cells = card_cells(card)
        assert cells["Par"][8] == "3" and cells["Best"][8] == "2"
        assert cells["Par"][9] == str(sum(pars.values()))


async def test_the_scorecards_screen_splits_a_card_too_wide_for_the_terminal(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a narrow terminal a past round's card was drawn whole, squeezed: at 60 columns
    its figures folded (+13 against bogey as "+1" over "3") and the totals' column was
    cut off; it is now in parts one under the other, as the scorecard after a hole."""
    fill_store(private_data_dir, monkeypatch).close()
    app = make_app(private_data_dir)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        app.push_screen(RoundsScreen())
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "down")  # the finished round over bogey
        await pilot.pause()
        room = 56  # (the screen's padding, the card's scroll bar)
        text = card_text(screen, width=room, where="#round-card")
        assert all(len(line) <= room for line in text.splitlines())
        card = card_cells(screen, width=room, where="#round-card")  # (its last part's rows)
        assert card["Hole"][-1] == "Total"
        assert card["Score"][-1] == "55" and card["vs bogey"][-2:] == ["+15", "+15"]
        assert "+13" in text  # (hole 4's, in the first part)
        # wider: the card is whole again
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        card = card_cells(screen, where="#round-card")
        assert card["Hole"] == HOLES


async def test_a_card_told_of_a_new_size_without_its_parts_goes_on(
    private_data_dir: Path,
) -> None:
    """A card opened and closed at once, on a loaded machine, was once told of a new size
    when its table had gone already, and looking for the table ended the app. A card
    without its parts (as when it is being taken away) now lets such news go."""
    app = make_app(private_data_dir, course=COURSE)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        card = app.screen
        assert isinstance(card, ScorecardScreen)
        await card.query_one("#scorecard-table", Static).remove()
        await card.query_one("#scorecard").remove()
        card.post_message(events.Resize(Size(100, 32), Size(100, 32)))
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and app.return_code is None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GolfScreen)
