"""`middleground` and `python -m middleground`: a headless command, or the app."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from middleground.commands import HEADLESS

    # A first word that is no option is a command: a mistyped one gets the commands' usage,
    # never the app (which takes only options, Qt's among them).
    # The app's version is told, not the app opened (the window opened without a word).
    asked = ("-h", "--help", "--version")
    if argv and (argv[0] in HEADLESS or argv[0] in asked or argv[0][:1] != "-"):
        from middleground.cli import main as cli_main

        return cli_main(argv)
    if argv and argv[0] == "--self-test":
        # The installed or frozen app checks itself (see ui/selftest.py).
        from middleground.ui import selftest

        return selftest.main(argv[1:])
    from middleground.ui.app import run

    if argv and argv[0] == "--quit-after-start":  # the start-up probe: nothing else loads
        return run(argv[1:], quit_after_start=True)
    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
