"""Sections of a page that fold away to their headings, at most one open at a time."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QTimer, Signal
from PySide6.QtWidgets import QPushButton, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

OPEN, SHUT = "▾", "▸"  # the heading's mark: the section shows below it, or is folded away

STYLE = "QPushButton#foldHead { text-align: left; padding: 0 8px; font-weight: bold; }"


class Folds(QWidget):
    """Titled sections stacked one under another, every heading in sight and at most one
    section open below its heading: a long page (a narrow side column's many choices) then
    fits a laptop's screen. A heading is a button (a click, or Space or Enter with the
    keyboard on it) that opens its section and folds the one open before, or folds its own.
    In a scroll area, a section the player opens scrolls into sight below its heading."""

    opened = Signal(object)  # the title of the section now open, or None when all are folded

    def __init__(self) -> None:
        super().__init__()
        self.setStyleSheet(STYLE)
        self.heads: dict[str, QPushButton] = {}
        self.bodies: dict[str, QWidget] = {}
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        # Once the section just opened is laid out, it is scrolled into sight.
        self._scroll = QTimer(self)
        self._scroll.setSingleShot(True)
        self._scroll.setInterval(0)
        self._scroll.timeout.connect(self._into_sight)

    def add(self, title: str, body: QWidget) -> None:
        """A section headed `title`, folded until it is opened."""
        head = QPushButton(f"{SHUT} {title}")
        head.setObjectName("foldHead")
        head.setAccessibleName(title)
        head.setCheckable(True)
        head.setAutoDefault(True)  # Enter on the heading opens or folds it
        head.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        head.toggled.connect(lambda on, t=title: self._toggled(t, on))
        head.clicked.connect(self._scroll.start)  # the player's doing, not the page's opening
        body.setVisible(False)
        self.heads[title] = head
        self.bodies[title] = body
        self._layout.addWidget(head)
        self._layout.addWidget(body)

    def open(self, title: str | None) -> None:
        """Open the section headed `title` (folding the others), or fold them all (None)."""
        if title in self.heads:
            self.heads[title].setChecked(True)
        else:
            for head in self.heads.values():
                head.setChecked(False)

    def current(self) -> str | None:
        """The title of the open section, if one is."""
        return next((t for t, head in self.heads.items() if head.isChecked()), None)

    def _toggled(self, title: str, on: bool) -> None:
        self.heads[title].setText(f"{OPEN if on else SHUT} {title}")
        self.bodies[title].setVisible(on)
        if on:
            for other, head in self.heads.items():
                if other != title:
                    head.setChecked(False)
        if on or self.current() is None:
            self.opened.emit(self.current())

    def _into_sight(self) -> None:
        """Scroll the open section into the scroll area holding this page, as much of it as
        fits, its heading never scrolled away."""
        area = self.parentWidget()
        while area is not None and not isinstance(area, QScrollArea):
            area = area.parentWidget()
        title = self.current()
        if area is None or area.widget() is None or title is None:
            return
        page, body = area.widget(), self.bodies[title]
        top = self.heads[title].mapTo(page, QPoint(0, 0)).y()
        bottom = body.mapTo(page, QPoint(0, body.height())).y()
        bar, height = area.verticalScrollBar(), area.viewport().height()
        value = bar.value()
        if bottom > value + height:
            value = bottom - height
        bar.setValue(min(value, top))
