"""The leak audit: every string a window shows, hints at or announces, in one list."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QGraphicsTextItem,
    QGraphicsView,
    QLabel,
    QLineEdit,
    QListWidget,
    QTableWidget,
    QTextEdit,
    QWidget,
)

from middleground.widgets.balanced import wrapped_lines

__all__ = ["wrapped_lines"]  # the app's own measure, for the tests that import it from here


def visible_strings(window: QWidget) -> list[str]:
    """Texts, tooltips, titles and accessible names of a window and everything in it."""
    found = [window.windowTitle(), window.accessibleName(), window.toolTip()]
    for widget in [window, *window.findChildren(QWidget)]:
        found += [widget.toolTip(), widget.accessibleName(), widget.whatsThis(), widget.statusTip()]
        found.append(widget.accessibleDescription())
        if isinstance(widget, QLabel) and widget.textFormat() == Qt.TextFormat.RichText:
            shown = QTextDocument()  # the words it shows, not its markup's numbers
            shown.setHtml(widget.text())
            found.append(shown.toPlainText())
        elif isinstance(widget, QLabel | QAbstractButton | QLineEdit):
            found.append(widget.text())
        if isinstance(widget, QTextEdit):
            found.append(widget.toPlainText())
        if isinstance(widget, QComboBox):
            found += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QListWidget):
            found += [widget.item(i).text() for i in range(widget.count())]
        if isinstance(widget, QTableWidget):
            found += [
                widget.item(r, c).text()
                for r in range(widget.rowCount())
                for c in range(widget.columnCount())
                if widget.item(r, c)
            ]
        if isinstance(widget, QGraphicsView) and widget.scene() is not None:
            for item in widget.scene().items():
                if isinstance(item, QGraphicsTextItem):
                    found.append(item.toPlainText())
                found.append(item.toolTip())
    return [s for s in found if s]


def click(qtbot, button) -> None:
    """Click a button the way a player would: it must be there to click."""
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def all_windows() -> list[QWidget]:
    return [w for w in QApplication.topLevelWidgets() if w.isVisible()]


def leaks(window: QWidget, secrets: dict[str, str]) -> list[str]:
    """Which secrets (label -> value) appear as whole words anywhere in `window`."""
    strings = visible_strings(window)
    return [
        label
        for label, value in secrets.items()
        if any(re.search(rf"(?<![\w.]){re.escape(value)}(?![\w.])", s) for s in strings)
    ]


def laid_out(label: QWidget) -> QTextDocument:
    """A rich-text label's text laid out as the label lays it out (its font, no wrapping):
    its idealWidth() is the width the text takes."""
    document = QTextDocument()
    document.setDefaultFont(label.font())
    document.setDocumentMargin(0)
    document.setHtml(label.text())
    return document


def lines_at(document: QTextDocument) -> list[tuple[str, float]]:
    """Each line of text in a laid-out document with the x it starts at (a table's second
    column starts further right than its first)."""
    layout, found = document.documentLayout(), []
    block = document.begin()
    while block.isValid():
        if block.text():
            found.append((block.text(), layout.blockBoundingRect(block).x()))
        block = block.next()
    return found


def text_box(item: QGraphicsTextItem):
    """Where a board's text item has its lines, in the scene: its box less its document's
    margin and a unit more (lines that only touch are apart)."""
    margin = item.document().documentMargin() + 1
    return item.sceneBoundingRect().adjusted(margin, margin, -margin, -margin)


def painted_words(board) -> list[tuple[str, float, float, float, float]]:
    """The words a board's own items paint (a piece's name and power, a card's rank), with
    where they run across the item and where the item's shape does: (text, left, right,
    shape's left, shape's right), in the item's units. Each item of a class of the game's own
    is painted once through a painter that notes what it is told to write, so nothing in the
    item has to say what it paints."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QFontMetricsF, QImage, QPainter
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    noted: list[tuple[str, float, float]] = []

    class Noting(QPainter):
        def drawText(self, *args) -> None:
            if len(args) == 3 and isinstance(args[0], QRectF):
                box, flags, text = args
                wide = QFontMetricsF(self.font()).horizontalAdvance(text)
                if Qt.AlignmentFlag(flags) & Qt.AlignmentFlag.AlignRight:
                    left = box.right() - wide
                elif Qt.AlignmentFlag(flags) & Qt.AlignmentFlag.AlignHCenter:
                    left = box.center().x() - wide / 2
                else:
                    left = box.left()
                noted.append((text, left, left + wide))
            super().drawText(*args)

    found = []
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    for item in board.items():
        if item.isVisible() and not type(item).__module__.startswith("PySide6"):
            noted.clear()
            painter = Noting(image)
            item.paint(painter, QStyleOptionGraphicsItem(), None)
            painter.end()
            area = item.shape().boundingRect()
            found += [(text, a, b, area.left(), area.right()) for text, a, b in noted]
    return found


def text_clashes(board) -> list[str]:
    """What the room cannot read on a board: a text item over another, or past the edge of
    the board (its scene, all of which its view shows), or words an item paints running past
    its shape (a piece's name past the piece: see painted_words)."""
    shown = [
        item
        for item in board.items()
        if isinstance(item, QGraphicsTextItem) and item.isVisible() and item.toPlainText().strip()
    ]
    edge = board.sceneRect()
    found = [f"past the edge: {i.toPlainText()!r}" for i in shown if not edge.contains(text_box(i))]
    found += [
        f"past its item's edge: {text!r}"
        for text, left, right, edge_left, edge_right in painted_words(board)
        if left < edge_left or right > edge_right
    ]
    for index, item in enumerate(shown):
        for other in shown[index + 1 :]:
            if text_box(item).intersects(text_box(other)):
                found.append(f"{item.toPlainText()!r} over {other.toPlainText()!r}")
    return found
