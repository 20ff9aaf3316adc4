"""Starting the app: one QApplication, the main window, high-DPI and the system's colours."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

from middleground import __version__


def run(argv: list[str]) -> int:
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName("Middle Ground")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Middle Ground")
    app.setStyle("Fusion")
    from .main_window import MainWindow

    window = MainWindow()
    window.show()
    return app.exec()
