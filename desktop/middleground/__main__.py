"""`middleground` and `python -m middleground`: a headless command, or the app."""

from __future__ import annotations

import os
import sys

# Qt's own command-line options, as QApplication's and QGuiApplication's documentation lists
# them: those followed by a value (`-platform offscreen`), those given one after "=" (`-style
# fusion` or `-style=fusion`, `-dialogs=none`) and those that stand alone.
QT_VALUED = (
    "-platform",
    "-platformpluginpath",
    "-platformtheme",
    "-plugin",
    "-qwindowgeometry",
    "-qwindowicon",
    "-qwindowtitle",
    "-session",
    "-display",
    "-geometry",
    "-style",
    "-stylesheet",
)
QT_JOINED = ("-style", "-stylesheet", "-qmljsdebugger", "-dialogs", "-fontengine")
QT_FLAGS = ("-reverse", "-widgetcount")


def app_argument_problem(argv: list[str]) -> str:
    """What is wrong with the words given to the app, which takes only Qt's options, or "".
    Qt reads an option with two dashes too (`--platform`)."""
    words = iter(argv)
    for word in words:
        if word.startswith("-psn_"):  # how macOS's Finder may name the process: Qt drops it
            continue
        option, joined, _value = (word[1:] if word.startswith("--") else word).partition("=")
        if joined:
            known = option in QT_JOINED
        elif option in QT_VALUED:
            if next(words, None) is None:
                return f"{option} needs a value"
            known = True
        else:
            known = option in QT_FLAGS
        if not known:
            return (
                f"unrecognized argument {word}: the app takes only Qt's options, such as "
                "-platform NAME or -reverse; a command's options follow the command"
            )
    return ""


def _streams_somewhere() -> None:
    """A windowed build (Windows, macOS) starts with no standard output or error at all: what
    a command prints then goes nowhere instead of failing (the console build prints it)."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _streams_somewhere()
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
    quit_after_start = argv[:1] == ["--quit-after-start"]  # the start-up probe
    qt_argv = argv[1:] if quit_after_start else argv
    problem = app_argument_problem(qt_argv)
    if problem:  # an option the app does not know would open the window all the same
        from middleground.cli import refuse

        return refuse(problem)
    from middleground.ui.app import run

    return run(qt_argv, quit_after_start=quit_after_start)


if __name__ == "__main__":
    sys.exit(main())
