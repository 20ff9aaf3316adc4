"""Python's cycle collector runs on the UI thread only, so no Qt object is ever freed on the
saves thread or the bots' pool thread (which crashed the app: a timer left registered)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
import threading
from typing import ClassVar

from middleground.ui.collector import Collector, collect_on_ui_thread
from middleground.ui.main_window import MainWindow


class _Tracked:
    """Garbage that can only be freed by the collector (it refers to itself), and says on
    which thread it was freed."""

    freed_on: ClassVar[list[str]] = []

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        _Tracked.freed_on.append(threading.current_thread().name)


def test_a_window_hands_collection_to_the_ui_thread(qtbot):
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    assert not gc.isenabled()
    found = collect_on_ui_thread()
    assert isinstance(found, Collector) and found.timer.isActive()
    assert collect_on_ui_thread() is found  # once per application


def test_garbage_made_on_another_thread_is_freed_on_the_ui_thread(qtbot):
    collect_on_ui_thread()
    _Tracked.freed_on.clear()
    for _ in range(50):
        _Tracked()

    kept: list[list[int]] = []

    def allocate() -> None:
        kept.extend([i] for i in range(200_000))  # far past every threshold, and still held

    worker = threading.Thread(target=allocate, name="worker")
    worker.start()
    worker.join()
    assert _Tracked.freed_on == []  # nothing collected on the worker
    qtbot.waitUntil(lambda: len(_Tracked.freed_on) == 50, timeout=5000)
    assert set(_Tracked.freed_on) == {threading.main_thread().name}


CYCLE_WITH_A_TIMER = textwrap.dedent(
    """
    import sys, threading
    from PySide6.QtCore import QObject, QTimer
    from PySide6.QtWidgets import QApplication
    from middleground.ui.collector import collect_on_ui_thread

    app = QApplication([])
    if sys.argv[1] == "collector":
        collect_on_ui_thread()
    for _ in range(20):  # table parts kept alive only by a reference cycle, timers running
        part = QObject()
        timer = QTimer(part)
        timer.setInterval(5)
        timer.timeout.connect(lambda: None)
        timer.start()
        part.me = part
        del part, timer
    worker = threading.Thread(target=lambda: [[i] for i in range(200_000)])
    worker.start()
    worker.join()
    QTimer.singleShot(300, app.quit)
    app.exec()
    print("still running")
    """
)


def test_a_part_in_a_cycle_with_a_timer_no_longer_crashes_the_app():
    run = subprocess.run(
        [sys.executable, "-c", CYCLE_WITH_A_TIMER, "collector"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "still running" in run.stdout
    assert "cannot be stopped from another thread" not in run.stderr
