"""A view that scales a board's logical scene to fill its widget, from 720p to 4K."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPixmapCache, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView

# Boards keep their cards and pieces as pictures at the screen's resolution (Qt's device cache,
# in QPixmapCache): a table's window and a 4K projector together need more room than Qt's
# default 10 MB, or the pictures would push each other out and be drawn again every frame.
PICTURES_KB = 64 * 1024


class BoardView(QGraphicsView):
    def __init__(self, scene: QGraphicsScene) -> None:
        super().__init__(scene)
        if QPixmapCache.cacheLimit() < PICTURES_KB:
            QPixmapCache.setCacheLimit(PICTURES_KB)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAccessibleName("Board")
        # The board is read, never typed into: its drawing surface takes no focus either.
        self.viewport().setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.viewport().setAccessibleName("Board")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
