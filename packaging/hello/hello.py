"""The baseline for `make dist-check`: the smallest PySide6-Essentials window app.

With --quit-after-start it quits as soon as its event loop runs, as the app's probe does, so
the two start-up times compare like with like.
"""

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel

app = QApplication(sys.argv[:1])
label = QLabel("Hello, world")
label.show()
if "--quit-after-start" in sys.argv:
    QTimer.singleShot(0, app.quit)
sys.exit(app.exec())
