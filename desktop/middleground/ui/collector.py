"""Python's cycle collector, run on the UI thread only.

The collector frees what it finds on whichever thread happens to trip it, and the app runs
Python on other threads too (the saves thread, the bot pool's manager). A Qt object freed
there, say a table part kept alive by a reference cycle, is destroyed on the wrong thread: its
timers cannot be stopped from there, stay registered with the UI thread's event loop, and the
next tick reaches freed memory (the app crashes). So once the UI is up, automatic collection is
off and the UI thread collects instead, a short timer asking each time whether the
interpreter's own thresholds have been passed, and collecting just those generations.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

INTERVAL_MS = 200  # how often the UI thread looks at the allocation counts


def collect_due() -> int:
    """Collect the generations whose counts are over their thresholds, as the interpreter
    would have done by itself; the number of objects found unreachable."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    if counts[0] <= thresholds[0]:
        return 0
    generation = 0
    for older in (1, 2):
        if counts[older] > thresholds[older]:
            generation = older
    return gc.collect(generation)


class Collector(QObject):
    """Owns the timer; lives as long as the application it is parented to."""

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self.setObjectName("ui-thread collector")
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(collect_due)
        self.timer.start()


def collect_on_ui_thread() -> Collector | None:
    """Turn automatic collection off and collect on the UI thread from now on (once per
    application; None without one)."""
    app = QCoreApplication.instance()
    if app is None:
        return None
    found = app.findChild(Collector, "ui-thread collector")
    if found is None:
        found = Collector(app)
    gc.disable()
    return found
