"""The Median's panel widgets whose text wraps: the side column is narrow and its type large,
so labels, choices and picks take more lines rather than cut a word or widen the column. A
word longer than a whole line (a name of 30 letters without a space) is shortened in its
middle instead (widgets.wrapped.FittedLabel)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QPushButton,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
)

from middleground.widgets.wrapped import FittedLabel, WrapCombo, grows_with_text


def plain_label(text: str, name_: str = "", wrap: bool = True) -> QLabel:
    """A label showing `text` as written (never read as rich text), wrapped unless told not;
    wrapped, a word too long for a line is shortened in its middle (FittedLabel)."""
    item = FittedLabel(text) if wrap else QLabel(text)
    item.setWordWrap(wrap)
    item.setTextFormat(Qt.TextFormat.PlainText)
    if name_:
        item.setObjectName(name_)
    return item


class WrapButton(QPushButton):
    """A checkable pick whose text wraps at word breaks, so two fit side by side in the
    narrow side column without cutting "Pickpocket (2)"; the chosen one is outlined (the
    style sheet) and bold."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        grows_with_text(self)
        # Bold text is wider and may wrap to one more line: the layout must ask again.
        self.toggled.connect(lambda _on: self.updateGeometry())

    def _contents(self, width: int | None = None) -> QRect:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        if width is not None:
            option.rect = QRect(0, 0, width, self.height())
        rect = self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self)
        return rect.adjusted(4, 0, -4, 0)

    def _font(self):
        font = self.font()
        font.setBold(self.isChecked())
        return font

    def _narrowest(self) -> int:
        """The width that still shows the longest word whole."""
        metrics = QFontMetrics(self._font())
        widest = max((metrics.horizontalAdvance(word) for word in self.text().split()), default=0)
        chrome = 200 - self._contents(200).width()  # frame and padding, whatever the width
        return widest + chrome

    def sizeHint(self) -> QSize:
        return QSize(self._narrowest(), super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        single = super().sizeHint().height()
        metrics = QFontMetrics(self._font())
        box = QRect(0, 0, max(1, self._contents(width).width()), 100_000)
        flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignCenter
        needed = metrics.boundingRect(box, flags, self.text()).height()
        return max(single, single - metrics.height() + needed)

    def paintEvent(self, event) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        text = option.text
        option.text = ""
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
        painter.setFont(self._font())
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        self.style().drawItemText(
            painter,
            self._contents(),
            int(flags),
            option.palette,
            self.isEnabled(),
            text,
            QPalette.ColorRole.ButtonText,
        )


def choice_box(choices: Sequence[tuple[Any, str]], accessible: str) -> QComboBox:
    """A WrapCombo of (value, text) choices, named for screen readers."""
    box = WrapCombo()
    box.setAccessibleName(accessible)
    for value, text in choices:
        box.addItem(text, value)
    return box
