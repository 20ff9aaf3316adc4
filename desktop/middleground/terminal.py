"""The terminal a command talks to: its streams (UTF-8, a full disk told from a reader gone),
Ctrl+C during a long run of games, and a progress bar."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator
from typing import Any, TextIO

# The exit code when whoever reads the output stops before its end (`... | head -1`): a
# command killed by SIGPIPE reports 128 + 13 in a shell, as this one does, without a word.
CLOSED_PIPE = 141
# The exit code of a command stopped with Ctrl+C (SIGINT, 128 + 2), as a shell reports it.
STOPPED = 130


class CannotWrite(Exception):
    """The system refused the output (a full disk, a device that takes nothing); says why."""


@contextlib.contextmanager
def writing() -> Iterator[None]:
    """A write the system refuses raises CannotWrite; a reader gone (`| head -1`) stays a
    BrokenPipeError, which ends the command without a word."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as error:
        raise CannotWrite(error.strerror or str(error)) from None


class Output:
    """The stream a command writes its report to, a refused write told from a reader gone."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        with writing():
            return self.stream.write(text)

    def flush(self) -> None:
        with writing():
            self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()


def speak_utf8() -> None:
    """Scripts and reports are UTF-8 JSON whatever the console's encoding (a Windows code page,
    PYTHONIOENCODING): read and write them so, a script with or without a byte-order mark.
    Messages never fail on what they quote."""
    streams = (
        (sys.stdin, "utf-8-sig", "strict"),
        (sys.stdout, "utf-8", "strict"),
        (sys.stderr, "utf-8", "backslashreplace"),
    )
    for stream, encoding, errors in streams:
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding=encoding, errors=errors)


def drop_unwritten() -> None:
    """What is left unwritten goes nowhere: Python's own last flush must not fail again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class Stop:
    asked = False


@contextlib.contextmanager
def stoppable(command: str) -> Iterator[Stop]:
    """Ctrl+C during a long run of games: the game under way is finished and the figures of
    the games played are printed. A second Ctrl+C stops at once (a long game of hard bots)."""
    stop = Stop()

    def asked(_signal: int, _frame: Any) -> None:
        stop.asked = True
        signal.signal(signal.SIGINT, signal.default_int_handler)
        print(
            f"\n{command}: stopping after the game under way (Ctrl+C again stops at once).",
            file=sys.stderr,
        )

    try:
        before = signal.signal(signal.SIGINT, asked)
    except ValueError:  # not the main thread: Ctrl+C stops at once, as it would anyway
        yield stop
        return
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, before)


def run_ended(
    command: str, played: int, games: int, progress: Callable[[int, int], None] | None
) -> int:
    """The exit code of a run of `games` games that played `played`: 0 when it played them
    all; else STOPPED, once standard error says so (figures follow where a game was played)."""
    if played == games:
        return 0
    if progress:  # the bar's line ends
        sys.stderr.write("\n")
    if not played:
        print(f"{command}: stopped before the first game ended.", file=sys.stderr)
    else:
        print(
            f"{command}: stopped after {played:,} of {games:,} games; "
            "the figures below are those games'.",
            file=sys.stderr,
        )
    return STOPPED


def progress_bar(stream: TextIO) -> Callable[[int, int], None]:
    """A one-line progress bar, redrawn in place."""

    def show(done: int, total: int) -> None:
        filled = done * 30 // max(total, 1)
        stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} games")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show
