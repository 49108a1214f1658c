"""The club in the app: sending finished rounds in a worker thread (nothing in the app
waits on the network; every call has a timeout), and the question asked after a round's
last hole (the ``club_submit`` setting: ask, always or never)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from typing import Final

from textual.app import App
from textual.screen import Screen

from parlour.clubclient.answers import place_words
from parlour.clubclient.outbox import Sent
from parlour.clubclient.outbox import decline
from parlour.clubclient.outbox import join
from parlour.clubclient.outbox import send
from parlour.clubclient.outbox import to_send
from parlour.engine.untrusted import shown
from parlour.store.database import Store
from parlour.store.files import FileError
from parlour.store.opening import StoreError
from parlour.tui.services import club_settings

#: seconds the app lets one call to the club take (it waits in a worker, never on screen)
TIMEOUT: Final = 8.0


def sent_words(results: list[Sent], url: str) -> tuple[str, str]:
    """What to tell the player after sending, and how (a notification's severity)."""
    lines, severity = [], "information"
    for result in results:
        if result.outcome == "sent" and result.answer is not None:
            standing = place_words(result.answer)
            lines.append(f"Round of course {result.code} sent to the club{standing}.")
        elif result.outcome == "refused":
            severity = "error"
            lines.append(f"The club refused the round of course {result.code}: "
                         f"{shown(result.reason)}")  # fmt: skip
        else:
            severity = "warning"
            lines.append(f"{shown(result.reason)}. The round waits: it is sent next time "
                         "(the Club screen, or parlour club submit).")  # fmt: skip
    return "\n".join(lines) or f"Nothing waits to be sent to {shown(url)}.", severity


def send_rounds(
    app: App[Any],
    store: Store,
    directory: Path,
    url: str,
    also: int | None = None,
    *,
    quiet: bool = False,
) -> None:
    """Send the rounds that wait (and round ``also``) in a worker thread, and say what
    became of them in a notification (``quiet``: none when nothing waited)."""

    def work() -> None:
        try:
            join(directory, url)
            rounds = to_send(store, directory, url)
            if also is not None and all(r.id != also for r in rounds):
                extra = store.get_round(also)
                if extra is not None and extra.is_complete:
                    rounds.append(extra)
            if not rounds and quiet:
                return
            results = send(store, directory, url, rounds, timeout=TIMEOUT) if rounds else []
            words, severity = sent_words(results, url)
        except (StoreError, FileError) as error:
            words, severity = f"No round could be sent: {error}", "error"
        # (the club's words in it are shown as they are, never read as markup, in any app)
        app.call_from_thread(
            app.notify, words, title="Club", severity=severity, timeout=12, markup=False
        )

    app.run_worker(work, thread=True, group="club", name="send rounds")


def after_round(screen: Screen[Any], store: Store | None, directory: Path, round_id: int) -> None:
    """After a round's last hole: send it to the club, ask first, or nothing, as the
    ``club_submit`` setting says (nothing at all without a club)."""
    app = screen.app
    url, when = club_settings(app)
    if not url or store is None or when == "never":
        return
    if when == "always":
        send_rounds(app, store, directory, url, also=round_id)
        return
    from parlour.tui.screens.confirm import ConfirmScreen

    def answered(yes: bool | None) -> None:
        if yes:
            send_rounds(app, store, directory, url, also=round_id)
        else:
            try:
                decline(directory, url, round_id)
            except FileError as error:
                app.notify(f"Not remembered: {error}", severity="warning")

    app.push_screen(
        ConfirmScreen(
            f"Send this round to the club at {shown(url)}? It is signed with your key, and "
            "everyone there sees your name and scores.",
            yes="Send",
            no="Keep it",
        ),
        answered,
    )
