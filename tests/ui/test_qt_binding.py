"""The Qt binding must not corrupt Python's reference counts: PySide6 6.12.0 on Python 3.11
gives back None and True without a reference, and a long session aborts the interpreter."""

from __future__ import annotations

import subprocess
import sys

CHURN = """
import sys
from PySide6.QtCore import QCoreApplication, QObject, Signal

app = QCoreApplication([])


class Emitter(QObject):
    fired = Signal(int)


emitter = Emitter()
emitter.fired.connect(lambda value: None)
target = QObject()
before = sys.getrefcount(None), sys.getrefcount(True)
for _ in range(20000):
    target.setObjectName("x")  # a call that returns nothing
    emitter.fired.emit(1)
after = sys.getrefcount(None), sys.getrefcount(True)
print(after[0] - before[0], after[1] - before[1])
"""


def test_void_calls_and_signals_leave_reference_counts_alone():
    done = subprocess.run([sys.executable, "-c", CHURN], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-400:]
    none_delta, true_delta = map(int, done.stdout.split())
    assert abs(none_delta) < 100 and abs(true_delta) < 100
