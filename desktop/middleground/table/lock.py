"""One app at a time keeps the saves: a lock on a file in the saves' folder.

Two windows of the app on one computer would write the same autosave, each after every choice,
and each would lose the other's game. The first app holds the lock while it runs; a second one
sees that it is held and says so instead of opening. The operating system lets go of the lock
when the process holding it ends, however it ends (a crash or a kill leaves no lock behind).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import IO

LOCK = "open.lock"


class SavesLock:
    """The lock on a folder's saves, held by at most one open file at a time, in any process."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK
        self._file: IO[bytes] | None = None

    @property
    def held(self) -> bool:
        return self._file is not None

    def acquire(self) -> bool:
        """Take the lock; False, and nothing changed, where another holds it. Where the folder
        cannot be written at all, there are no saves to guard: True (each save says it failed)."""
        if self._file is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            stream = open(self.path, "a+b")  # noqa: SIM115 - open as long as the lock is held
        except OSError:
            return True
        try:
            _lock(stream)
        except OSError:
            stream.close()
            return False
        with contextlib.suppress(OSError):  # for people looking: which process holds it
            stream.truncate(0)
            stream.write(f"{os.getpid()}\n".encode())
            stream.flush()
        self._file = stream
        return True

    def release(self) -> None:
        if self._file is None:
            return
        with contextlib.suppress(OSError):
            _unlock(self._file)
        self._file.close()
        self._file = None


if os.name == "nt":
    import msvcrt

    def _lock(stream: IO[bytes]) -> None:
        stream.seek(0)
        msvcrt.locking(stream.fileno(), msvcrt.LK_NBLCK, 1)  # the first byte stands for the file

    def _unlock(stream: IO[bytes]) -> None:
        stream.seek(0)
        msvcrt.locking(stream.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(stream: IO[bytes]) -> None:
        fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(stream: IO[bytes]) -> None:
        fcntl.flock(stream.fileno(), fcntl.LOCK_UN)
