"""Widgets whose text wraps where the side column is too narrow for it: its type is large (read
from a chair) and its width fixed, so a choice takes more lines rather than cut its words or
widen the column."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QSizePolicy,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QWidget,
)


def grows_with_text(widget: QWidget) -> None:
    """Let `widget` take the height its wrapped text needs at the width it is given."""
    policy = widget.sizePolicy()
    policy.setHeightForWidth(True)
    policy.setVerticalPolicy(QSizePolicy.Policy.Minimum)
    widget.setSizePolicy(policy)


def wrapped_height(widget: QWidget, text: str, width: int) -> int:
    """The height of `text` in `widget`'s font, wrapped at word breaks to `width`."""
    box = QRect(0, 0, max(1, width), 100_000)
    flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft
    return QFontMetrics(widget.font()).boundingRect(box, flags, text).height()


class WrapCombo(QComboBox):
    """A choice that never widens the side column and never cuts its text: the current
    choice wraps at word breaks and the box grows taller (the popup lists choices in full).
    The side column is narrow at 1280x720 and its combos use large type, so a power's
    choice ("swap Reach and Jump (only if Jump leaps first)") needs two lines or more."""

    def __init__(self) -> None:
        super().__init__()
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(6)
        grows_with_text(self)
        self.currentIndexChanged.connect(lambda _index: self.updateGeometry())

    def _option(self, width: int | None = None) -> QStyleOptionComboBox:
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        if width is not None:
            option.rect = QRect(0, 0, width, self.height())
        return option

    def text_rect(self, width: int | None = None) -> QRect:
        """Where the current choice is written, inside the frame and left of the arrow."""
        option = self._option(width)
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        return field.adjusted(2, 0, -2, 0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        single = super().sizeHint().height()
        line = QFontMetrics(self.font()).height()
        needed = wrapped_height(self, self.currentText(), self.text_rect(width).width())
        return max(single, single - line + needed)

    def paintEvent(self, event) -> None:
        painter = QStylePainter(self)
        option = self._option()
        text = option.currentText
        role = QPalette.ColorRole.ButtonText
        if self.currentIndex() < 0 and self.placeholderText():  # "Choose…", in its own colour
            text = self.placeholderText()
            option.palette.setBrush(role, option.palette.placeholderText())
        option.currentText = ""
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)  # the icon, if any
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        self.style().drawItemText(
            painter,
            self.text_rect(),
            int(flags | Qt.TextFlag.TextWordWrap),
            option.palette,
            self.isEnabled(),
            text,
            role,
        )
