"""The projector window: the public board and the standings, nothing private, ever."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QVBoxLayout, QWidget

from middleground.widgets.theme import PROJECTION

from .bridge import PublicFeed
from .fit import fit_to_screen
from .public_board import PublicBoard

TITLE = "Middle Ground - Projector"


class ProjectorWindow(QWidget):
    """A second top-level window fed only by a PublicFeed; F11 fullscreen, Esc leaves it."""

    def __init__(self, feed: PublicFeed, game) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.setWindowTitle(TITLE)
        self.setAccessibleName(TITLE)
        # No larger than its screen: a 1024x768 projector would hide the standings off its edge.
        fit_to_screen(self, 1280, 720)
        self.public = PublicBoard(feed, game, PROJECTION)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.public)
        QShortcut(QKeySequence(Qt.Key.Key_F11), self, self.toggle_fullscreen)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.showNormal)

    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
