"""A scroll area that keeps the keyboard's place in sight."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QScrollArea, QWidget


class FollowingScroll(QScrollArea):
    """Qt scrolls a scroll area to the widget that Tab reaches, but not to one the arrow
    keys reach (the next pick in a grid of buttons, the next choice in a group), which could
    take the keyboard out of sight below the fold. This one follows wherever it goes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        QApplication.instance().focusChanged.connect(self._follow)

    def _follow(self, _old: QWidget | None, new: QWidget | None) -> None:
        page = self.widget()
        if new is not None and page is not None and page.isAncestorOf(new):
            self.ensureWidgetVisible(new)
