"""Saving sessions and settings to disk: atomic writes, clear messages for bad files.

A save is written to a temporary file in the same folder, flushed to disk and renamed over the
target, so a crash mid-write leaves the previous file intact and never half a file.

The autosave after every accepted action is written by a background thread (the table's window
must not wait for the disk): the game is turned into text at once, on the caller's thread, and
the thread writes the newest text it has been given. A save asked for later is never overtaken
by an earlier one, and reading the autosave, leaving the table or quitting waits for it.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from middleground.engine import SaveError, parse_json

from .session import Session

APP = "middleground"
AUTOSAVE = "autosave.json"


def _home_override() -> Path | None:
    home = os.environ.get("MIDDLEGROUND_HOME")
    return Path(home) if home else None


def data_dir() -> Path:
    """Where saves live (the platform's user data folder)."""
    home = _home_override()
    if home:
        return home / "data"
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    """Where settings live (the platform's user config folder)."""
    home = _home_override()
    if home:
        return home / "config"
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP, appauthor=False))


def log_dir() -> Path:
    """Where reports of the app's own faults go (the platform's user log folder)."""
    home = _home_override()
    if home:
        return home / "logs"
    from platformdirs import user_log_dir

    return Path(user_log_dir(APP, appauthor=False))


def as_text(data: Any, compact: bool = False) -> str:
    """The JSON text a save file holds: indented for people to read, or `compact` (written
    by the json module's C encoder, several times faster: the autosave after every action)."""
    if compact:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return json.dumps(data, indent=1, ensure_ascii=False)


def write_atomically(path: Path, data: Any) -> None:
    """Write JSON to `path` so that it is either wholly the new content or untouched."""
    write_text_atomically(path, as_text(data))


def write_text_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that it is either wholly the new content or untouched."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def read_json(path: Path) -> Any:
    """Read a JSON file, turning every way it can be unreadable into a SaveError. UTF-8, with
    or without the byte-order mark an editor may put first (old Notepad, PowerShell 5)."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise SaveError(f"There is no file {path}.") from None
    except UnicodeDecodeError:
        raise SaveError("This file is not a Middle Ground save (it is not text).") from None
    except OSError as error:
        raise SaveError(f"The file cannot be read: {error.strerror}.") from None
    if not text.strip():
        raise SaveError("The save file is empty.")
    try:
        return parse_json(text)
    except ValueError:  # not JSON, nested too deeply, or a number too long to read
        raise SaveError("The save file is damaged or cut short: it cannot be read.") from None


def _reason(error: Exception) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return f"Middle Ground failed ({type(error).__name__})"


def _save_error(error: Exception) -> SaveError:
    return SaveError(f"The game could not be saved there: {_reason(error)}.")


def _autosave_error(error: Exception) -> SaveError:
    return SaveError(
        f"The last choice could not be saved: {_reason(error)}. "
        "Play goes on, and every choice tries again."
    )


def save_session(session: Session, path: Path) -> None:
    try:
        write_atomically(path, session.to_json())
    except OSError as error:
        raise _save_error(error) from None


class BackgroundWriter:
    """Writes files on its own thread, one at a time, the newest content for a path winning.

    A write asked for while an earlier one for the same path still waits replaces it (the
    earlier is never written after it); one asked for while the thread is writing waits for
    that write to finish and follows it. flush() returns once everything asked for is on disk.
    """

    def __init__(self) -> None:
        self._changed = threading.Condition()
        # path -> the text to write (None: remove the file), and who hears of a failure
        self._waiting: dict[Path, tuple[str | None, Callable[[Exception], None] | None]] = {}
        self._writing = False
        self._thread: threading.Thread | None = None

    def write(
        self, path: Path, text: str | None, failed: Callable[[Exception], None] | None = None
    ) -> None:
        """Write `text` to `path` atomically (remove the file when `text` is None), soon;
        `failed` hears of a failure (what went wrong), on the writer's thread."""
        with self._changed:
            self._waiting.pop(Path(path), None)  # the newest goes last, in order of asking
            self._waiting[Path(path)] = (text, failed)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="saves", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every write asked for so far is done; False if `timeout` ran out."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._waiting and not self._writing, timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._waiting)
                path = next(iter(self._waiting))
                text, failed = self._waiting.pop(path)
                self._writing = True
            try:
                _put(path, text)
            except Exception as error:  # any failure: the thread must live on to save again
                if failed is not None:
                    with contextlib.suppress(Exception):  # a listener gone must not stop saves
                        failed(error)
            finally:
                with self._changed:
                    self._writing = False
                    self._changed.notify_all()


def _put(path: Path, text: str | None) -> None:
    if text is None:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    else:
        write_text_atomically(path, text)


_writer = BackgroundWriter()
EXIT_WAIT = 10.0  # seconds quitting waits for the saves thread: a stuck disk must not hang exit


def _flush_at_exit() -> None:
    _writer.flush(EXIT_WAIT)


atexit.register(_flush_at_exit)


def load_session(path: Path) -> Session:
    return Session.from_json(read_json(path))


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def autosave(session: Session, failed: Callable[[SaveError], None] | None = None) -> None:
    """Keep the interrupted-game file current. The game is read now; the file is written on
    the saves thread (`failed` hears if it cannot be). A game that ended stays there until its
    results have been seen (forget_autosave): an app ended on its last choice shows them again."""
    told = None if failed is None else (lambda error: failed(_autosave_error(error)))
    _writer.write(autosave_path(), as_text(session.to_json(), compact=True), told)


def forget_autosave() -> None:
    """The game in the autosave is done with (its results were seen): remove it, soon."""
    _writer.write(autosave_path(), None)


def flush_autosave(timeout: float | None = None) -> bool:
    """Wait until the autosaves asked for so far are on disk (leaving a table, quitting)."""
    return _writer.flush(timeout)


def has_interrupted_game() -> bool:
    flush_autosave()
    return autosave_path().exists()


def unfinished_dir() -> Path:
    """Where an interrupted game is kept when another game takes the autosave's place."""
    return data_dir() / "unfinished"


def keep_interrupted() -> Path | None:
    """Move the interrupted game, if there is one, out of the autosave's way into
    unfinished_dir(), so that a new game never overwrites it; its new path, or None. A game
    that ended before its results were seen is kept too, named a finished game."""
    if not has_interrupted_game():
        return None
    try:
        ended = interrupted_game().state.is_terminal()
    except SaveError:
        ended = False  # kept all the same: what can be read of it is not lost
    folder = unfinished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d %H.%M.%S")
    kind = "Finished game" if ended else "Unfinished game"
    kept = folder / f"{kind} {stamp}.mgsave"
    number = 2
    while kept.exists():
        kept = folder / f"{kind} {stamp} ({number}).mgsave"
        number += 1
    os.replace(autosave_path(), kept)
    return kept


def take_back(session: Session, path: Path) -> None:
    """A game opened from unfinished_dir() goes back into the autosave, and its copy there is
    removed once the autosave holds it (left, it would be kept a second time when the next
    game starts). A file opened from anywhere else stays where it is."""
    path = Path(path)
    if path.parent.resolve() != unfinished_dir().resolve():
        return
    autosave(session)
    if flush_autosave(EXIT_WAIT) and autosave_path().exists():
        with contextlib.suppress(OSError):
            path.unlink()


def interrupted_game() -> Session | None:
    """The game that was interrupted (a crash, a kill, a quit), or that ended before its
    results were seen, if there is one; a SaveError saying why if it cannot be read."""
    if not has_interrupted_game():
        return None
    return load_session(autosave_path())


LEFTOVER_AGE = 60.0  # seconds: a temporary file this old belongs to no save still being written


def clear_leftovers(now: float | None = None) -> int:
    """Delete the temporary files that saves killed half-way left behind (each a whole copy of
    a game, its seed and sealed choices with it: on a shared computer, not to be kept); a
    minute old at least, so another window's save in progress is never touched. How many."""
    now = time.time() if now is None else now
    gone = 0
    for folder in {data_dir(), config_dir()}:
        for path in folder.glob(".*.json.*") if folder.is_dir() else ():
            with contextlib.suppress(OSError):
                if now - path.stat().st_mtime >= LEFTOVER_AGE:
                    path.unlink()
                    gone += 1
    return gone
