"""The ``parlour`` command's entry point (and ``python -m parlour``).

Kept small and first: nothing is loaded before Ctrl-C is made an orderly end (status
130, no traceback), whenever it comes; SIGHUP and SIGTERM keep their default action, which
ends the process at once, until the command knows it will play (:mod:`parlour.ending`,
which also notes every Ctrl-C, so that one Python drops on its way still ends a command
that comes to play). The garbage collector is held off until the command knows it will not
open the app, or the app has drawn its first screen (:mod:`parlour.collector`).
"""

from __future__ import annotations


def run() -> int:
    try:
        from parlour.collector import hold
        from parlour.ending import note_interrupts

        note_interrupts()
        hold()
        from parlour.cli import main

        return main()
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(run())
