"""The Median's panel widgets whose text wraps: the side column is narrow and its type large,
so labels, choices and picks take more lines rather than cut a word or widen the column. A
word longer than a whole line (a name of 30 letters without a space) ends in "…" instead."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QRect, QSize, Qt, QTextBoundaryFinder
from PySide6.QtGui import QFontMetrics, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QPushButton,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
)

from middleground.widgets.wrapped import WrapCombo, grows_with_text

# What stays after an ellipsis in a word cut short: "Bartholomew…'s", "Wolfeschlegel…:".
WORD_END = re.compile(r"(?:['’]s)?[^\w\s]*$")


def fitted_words(metrics: QFontMetrics, text: str, width: int) -> str:
    """`text` with each word wider than `width` (between two places a line may break, as
    wrapping breaks them) cut to fit it with "…", keeping its closing "'s" or punctuation."""
    finder = QTextBoundaryFinder(QTextBoundaryFinder.BoundaryType.Line, text)
    start, parts = 0, []
    while (end := finder.toNextBoundary()) > 0:
        part = text[start:end]
        word = part.rstrip()
        if metrics.horizontalAdvance(word) > width:
            kept = WORD_END.search(word).group()
            room = width - metrics.horizontalAdvance(kept)
            cut = metrics.elidedText(
                word[: len(word) - len(kept)], Qt.TextElideMode.ElideRight, room
            )
            part = cut + kept + part[len(word) :]
        parts.append(part)
        start = end
    return "".join(parts) + text[start:]


class FittedLabel(QLabel):
    """A wrapped label of plain text that never asks for more width than it has: a word too
    long for a whole line ends in "…" (fitted_words), where a plain label would widen the
    column to show it, past a 1024-wide screen. The whole text is the tooltip's, and what a
    screen reader reads."""

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.full = ""
        self._sized = False  # till a layout gives it a width, the text is shown whole
        self.setText(text)

    def setText(self, text: str) -> None:
        self.full = text
        self._fit()

    def _fit(self) -> None:
        room = self.contentsRect().width()
        shown = self.full
        if self._sized and room > 0:
            shown = fitted_words(self.fontMetrics(), self.full, room)
        if shown != self.text():
            super().setText(shown)
        cut = shown != self.full
        self.setToolTip(self.full if cut else "")
        self.setAccessibleName(self.full if cut else "")

    def _short_word(self) -> int:
        """The width of a short word: the most a longer one asks for."""
        return self.fontMetrics().horizontalAdvance("M" * 8)

    def sizeHint(self) -> QSize:
        """A plain label's, but no wider than a short word where the text holds a longer one
        (a form gives its labels the width they ask for, even past its own edge)."""
        hint = super().sizeHint()
        least = self._short_word()
        if fitted_words(self.fontMetrics(), self.full, least) != self.full:
            hint = QSize(min(hint.width(), least), self.heightForWidth(least))
        return hint

    def minimumSizeHint(self) -> QSize:
        """No wider than a short word needs: a longer one is cut to the width given."""
        hint = super().minimumSizeHint()
        hint.setWidth(min(hint.width(), self._short_word()))
        return hint

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._sized = True
        self._fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()  # a style sheet's type size arrives once the label is polished


def plain_label(text: str, name_: str = "", wrap: bool = True) -> QLabel:
    """A label showing `text` as written (never read as rich text), wrapped unless told not;
    wrapped, a word too long for a line ends in "…" (FittedLabel)."""
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
