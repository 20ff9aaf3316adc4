"""When the app itself fails: a report on disk for the developers, and a word to the table.

A fault in a button's handler does not stop Qt's event loop: Python hands it to
`sys.excepthook` and the window goes on. Run from a terminal, the traceback is printed there as
before. The installed app has no terminal at all (a windowed Windows or macOS build has no
standard error), so the fault would go unseen and unreported. Here it is written to
`crash.log` in the user log folder and the table is told once, in plain words, that every move
so far is saved and where the report is.

Privacy: the report holds where the fault happened (files, lines, functions, the kind of
error), never the error's own message or any value, which could quote a player's hidden hand;
the table's message names no player and nothing of the game. A hard crash of Qt itself
(faulthandler) is written to the same file.
"""

from __future__ import annotations

import contextlib
import faulthandler
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from types import TracebackType

from middleground import __version__

REPORT = "crash.log"
KEEP = 256 * 1024  # the newest reports kept, in bytes: a fault in a loop must not fill a disk
QUIET = 10.0  # seconds after the table is told during which further faults are only written

TITLE = "Something went wrong"
SAVED = (
    "Middle Ground met a fault of its own. Every move made so far is saved. If the table "
    "stops behaving, close Middle Ground and open it again: the home screen offers to resume "
    "the game where it stood."
)

Hook = Callable[[type[BaseException], BaseException, TracebackType | None], None]


def describe(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> str:
    """The report of one fault: when, which version and platform, and where, frame by frame,
    without the error's message (see the module's note on privacy)."""
    import platform  # only when something has gone wrong: not part of every start

    lines = [
        f"=== {time.strftime('%Y-%m-%d %H:%M:%S')} Middle Ground {__version__}, "
        f"Python {platform.python_version()}, {platform.platform()}"
    ]
    for frame in traceback.extract_tb(trace):
        lines.append(f'  File "{frame.filename}", line {frame.lineno}, in {frame.name}')
        if frame.line:
            lines.append(f"    {frame.line.strip()}")
    cause = error.__cause__ or error.__context__
    if type(cause).__name__ == "_RemoteTraceback":  # raised in a worker process: its frames
        lines.append("  in the worker process:")
        lines += _frames_in(str(cause))
    elif cause is not None:
        lines.append(f"  while handling {type(cause).__module__}.{type(cause).__qualname__}")
    lines.append(f"{kind.__module__}.{kind.__qualname__} (its message is left out)")
    return "\n".join(lines) + "\n"


def _frames_in(text: str) -> list[str]:
    """The frames of a traceback written out as text (a worker process's), each with its line
    of code, without the error's message or the marks under the code."""
    frames: list[str] = []
    for line in text.splitlines():
        code = line.startswith("    ") and frames and frames[-1].startswith('  File "')
        if line.startswith('  File "') or code:  # (the marks follow the code: never kept)
            frames.append(line)
    return frames


def report_quietly(error: BaseException) -> None:
    """Write a report of a fault the table got over by itself (a bot that failed to decide
    chooses at random instead): nobody is told, but the developers should know."""
    from middleground.table.saves import log_dir

    with contextlib.suppress(OSError):
        write_report(describe(type(error), error, error.__traceback__), log_dir())


def write_report(text: str, folder: Path) -> Path:
    """Add `text` to the report file in `folder`, keeping only its newest KEEP bytes."""
    path = folder / REPORT
    folder.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as stream:
        stream.write(text)
    if path.stat().st_size > KEEP:
        from middleground.table.saves import write_text_atomically

        kept = path.read_bytes()[-KEEP:].decode("utf-8", "ignore")
        start = kept.find("=== ")  # from the first whole report kept
        write_text_atomically(path, kept[start:] if start >= 0 else kept)
    return path


class Reporter:
    """The hook that catches the app's faults while installed (see `installed`)."""

    def __init__(self, folder: Path, tell: Callable[[str, str], None]) -> None:
        self.folder = folder
        self.tell = tell
        self.told_at: float | None = None

    def __call__(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        if sys.stderr is not None:  # run from a terminal: the whole traceback, as before
            with contextlib.suppress(Exception):
                traceback.print_exception(kind, error, trace, file=sys.stderr)
        try:
            path = write_report(describe(kind, error, trace), self.folder)
            where = f"A report for the developers was written to {path}."
        except OSError:
            where = "A report for the developers could not be written."
        now = time.monotonic()
        if self.told_at is not None and now - self.told_at < QUIET:
            return
        self.told_at = now
        with contextlib.suppress(Exception):  # telling must never be a fault of its own
            self.tell(TITLE, f"{SAVED}\n\n{where}")


def tell_the_table(title: str, text: str) -> None:
    """A message box over the table's window that does not hold up the event loop."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox

    shown = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    over = QApplication.activeWindow() or next(
        (w for w in shown if isinstance(w, QMainWindow)), None
    )
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, over)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setObjectName("crashReport")
    if over is None:  # nothing on screen to hold it: kept here until it is closed
        _unowned.append(box)
        box.finished.connect(lambda _result: _unowned.remove(box))
    box.open()


_unowned: list = []


@contextlib.contextmanager
def installed(
    folder: Path, tell: Callable[[str, str], None] = tell_the_table
) -> Iterator[Reporter]:
    """Catch the app's faults while the window runs; put back what was there after."""
    reporter = Reporter(folder, tell)
    previous = sys.excepthook
    sys.excepthook = reporter
    fatal = None
    if not faulthandler.is_enabled():
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
            fatal = (folder / REPORT).open("a", encoding="utf-8")
            faulthandler.enable(fatal)
    try:
        yield reporter
    finally:
        sys.excepthook = previous
        if fatal is not None:
            faulthandler.disable()
            fatal.close()
