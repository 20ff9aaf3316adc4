"""Starting the app: one QApplication, the main window, high-DPI and the system's colours."""

from __future__ import annotations

import sys

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from middleground import __version__
from middleground.assets import assets_dir

ALREADY_OPEN = (
    "Middle Ground is already open on this computer: switch to its window. "
    "Only one may run at a time, since each keeps its unfinished game in the same place."
)


def run(argv: list[str], quit_after_start: bool = False) -> int:
    """Show the main window and run until it closes. With `quit_after_start`, quit as soon as
    the event loop runs: the start-up probe that `make dist-check` times against a hello-world
    bundle (`--quit-after-start`)."""
    app = QApplication.instance()
    if app is None:
        # Fusion named on the command line Qt reads: setStyle() would hand back the style
        # object, and wrapping it builds QStyle's enums for Python (about 15 ms of start-up).
        app = QApplication([sys.argv[0], "-style", "Fusion", *argv])
    else:
        app.setStyle("Fusion")
    app.setApplicationName("Middle Ground")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Middle Ground")
    # Our icon in the title bar, task bar and window switcher, from source and frozen alike.
    app.setWindowIcon(QIcon(str(assets_dir() / "icons" / "middleground.svg")))
    from middleground.table.lock import SavesLock
    from middleground.table.saves import data_dir

    lock = SavesLock(data_dir())
    if not quit_after_start and not lock.acquire():  # (the probe writes no save)
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.information(None, "Middle Ground is already open", ALREADY_OPEN)
        return 1
    from .main_window import MainWindow

    window = MainWindow()
    window.show()
    if quit_after_start:
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, app.quit)
    from middleground.table.saves import log_dir

    from .crash_report import installed

    try:
        with installed(log_dir()):
            return app.exec()
    finally:
        lock.release()
        thinking = sys.modules.get("middleground.table.thinking")
        if thinking is not None:  # bots have thought: their worker processes end with the window
            thinking.shutdown()
