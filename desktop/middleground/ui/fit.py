"""Windows that open no larger than the screen they open on."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

# Room kept for the window's frame and title bar, which lie outside the size asked for.
FRAME = (40, 60)


def fit_to_screen(window: QWidget, width: int, height: int, near: QWidget | None = None) -> None:
    """Give `window` the size it would like, cut down to the screen it opens on (that of
    `near` when given): on a laptop of 1280x720 logical pixels, a 1080p screen at 150%, a
    window of 800 would put its buttons below the screen's edge."""
    screen = (near.screen() if near is not None else window.screen()) or (
        QGuiApplication.primaryScreen()
    )
    if screen is not None:
        room = screen.availableGeometry()
        width = min(width, room.width() - FRAME[0])
        height = min(height, room.height() - FRAME[1])
    window.resize(width, height)
