"""`middleground` without a command opens the app, which takes Qt's own options and no other."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from middleground.__main__ import app_argument_problem


def start(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "middleground", *argv],
        capture_output=True,
        text=True,
        timeout=60,  # the app, had it opened offscreen, would never end
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--json", "games"], "unrecognized argument --json"),  # a command's option, put first
        (["-v"], "unrecognized argument -v"),
        (["--bogus"], "unrecognized argument --bogus"),
        (["-reverse", "games"], "unrecognized argument games"),
        (["-platform"], "-platform needs a value"),
    ],
)
def test_an_option_the_app_does_not_take_gets_the_usage_not_the_window(argv, problem):
    """These opened the window (or, with no display, Qt aborted: "Reinstalling the application
    may fix this problem")."""
    done = start(*argv)
    assert (done.returncode, done.stdout) == (2, "")
    usage, error = done.stderr.splitlines()
    assert usage.startswith("usage: middleground ")
    assert error.startswith(f"middleground: error: {problem}")


def test_qt_s_own_options_are_the_app_s():
    qt = ["-platform", "offscreen", "-style", "fusion", "-stylesheet=x.qss", "-reverse"]
    qt += ["--qwindowgeometry", "800x600+0+0", "-qwindowtitle", "Quiz night"]
    qt += ["-qmljsdebugger=port:3768", "-psn_0_4711"]  # the last from macOS's Finder
    assert app_argument_problem(qt) == ""
    assert app_argument_problem(["-reverse=yes"]).startswith("unrecognized argument -reverse=")
    # Qt would not read it so: it would abort for want of a platform
    assert app_argument_problem(["-platform=offscreen"]).startswith("unrecognized argument")


def test_the_app_starts_with_qt_s_options():
    done = start("--quit-after-start", "-platform", "offscreen", "-reverse", "--style=fusion")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("argv", [["games"], ["--version"], ["simulate", "--game", "nope"]])
def test_a_windowed_build_without_standard_streams_runs_its_commands_all_the_same(
    argv, monkeypatch
):
    """A windowed Windows or macOS build starts with no standard output or error: a command
    (or its refusal) ends with its own exit code, not a fault while printing."""
    from middleground.__main__ import main

    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    try:
        code = main(argv)
    except SystemExit as ending:  # how argparse ends --version and a refusal
        code = ending.code
    assert code == (2 if argv[0] == "simulate" else 0)
