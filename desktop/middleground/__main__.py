"""`middleground` and `python -m middleground`: a headless command, or the app."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from middleground.cli import HEADLESS

    if argv and (argv[0] in HEADLESS or argv[0] in ("-h", "--help")):
        from middleground.cli import main as cli_main

        return cli_main(argv)
    if argv and argv[0] in ("--self-test", "--quit-after-start"):
        # The installed or frozen app checks itself (see ui/selftest.py); both need Qt.
        from middleground.ui import selftest

        if argv[0] == "--self-test":
            return selftest.main(argv[1:])
        return selftest.quit_after_start(argv[1:])
    from middleground.ui.app import run

    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
