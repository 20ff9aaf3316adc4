"""Only one Middle Ground keeps the saves at a time: a second start says the app is open and
opens nothing, so two windows never write over each other's unfinished game; an app that
crashed or was killed leaves no lock behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from middleground.table import saves
from middleground.table.lock import SavesLock
from middleground.ui import app
from middleground.ui.main_window import MainWindow

OPEN_APP = "from middleground.ui.app import run; run([])"


def _windows() -> list[MainWindow]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]


def _started_elsewhere():
    """The app, running in another process on this computer, once it holds the saves."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    other = subprocess.Popen([sys.executable, "-c", OPEN_APP], env=env)
    lock = saves.data_dir() / "open.lock"
    deadline = time.monotonic() + 120
    while not (lock.exists() and lock.read_text().strip() == str(other.pid)):
        if other.poll() is not None or time.monotonic() > deadline:
            other.kill()
            pytest.fail("the other app did not start")
        time.sleep(0.05)
    return other


def test_a_second_start_says_the_app_is_open_and_opens_nothing(qapp, monkeypatch):
    told = []
    monkeypatch.setattr(QMessageBox, "information", lambda *args: told.append(args[1:]))
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)  # were a window to open: no wait
    other = _started_elsewhere()
    try:
        before = len(_windows())
        assert app.run([]) == 1
        assert told == [("Middle Ground is already open", app.ALREADY_OPEN)]
        assert len(_windows()) == before  # no second window, no second autosave
    finally:
        for window in _windows()[before:]:
            window.close()
        other.send_signal(signal.SIGKILL)  # as a crash or a kill would end it
        other.wait(30)
    lock = SavesLock(saves.data_dir())
    assert lock.acquire()  # the next start opens: the dead app left no lock
    lock.release()


def test_the_lock_is_one_holder_at_a_time(tmp_path):
    first, second = SavesLock(tmp_path), SavesLock(tmp_path)
    assert first.acquire() and first.held
    assert not second.acquire() and not second.held
    first.release()
    assert second.acquire()
    second.release()


def test_a_folder_that_cannot_be_written_guards_nothing(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert SavesLock(blocked / "data").acquire()  # the app opens; each save will say it failed
