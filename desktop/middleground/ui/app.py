"""Starting the app: one QApplication, the main window, high-DPI and the system's colours."""

from __future__ import annotations

import sys

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from middleground import __version__
from middleground.assets import assets_dir


def run(argv: list[str]) -> int:
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName("Middle Ground")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Middle Ground")
    app.setStyle("Fusion")
    # Our icon in the title bar, task bar and window switcher, from source and frozen alike.
    app.setWindowIcon(QIcon(str(assets_dir() / "icons" / "middleground.svg")))
    from .main_window import MainWindow

    window = MainWindow()
    window.show()
    try:
        return app.exec()
    finally:
        from middleground.table import thinking

        thinking.shutdown()  # the bots' worker processes end with the window
