"""Wrapped text whose lines share the words evenly: a sentence too long for one line is read
as two of about the same length, never a full line and a last word on its own ("List your
number for round 3 of" / "5."), which reads from across the room like a line that lost its
end. The text takes as many lines as before, only a narrower width (as CSS's text-wrap:
balance)."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QTextLayout, QTextOption
from PySide6.QtWidgets import QGraphicsTextItem

from .wrapped import FittedLabel


def narrowest(width: float, height_at: Callable[[float], float], step: float = 1.0) -> float:
    """The narrowest width, to within `step`, at which the text is no taller than at `width`
    (as many lines): `height_at(w)` is the text's height wrapped to w, infinite where a word
    would run past w. Text that does not wrap at `width`, or runs past it, keeps it."""
    tall = height_at(width)
    if tall == math.inf or height_at(4 * width) >= tall:  # nothing to share out
        return width
    low, high = width / 2, width  # lines as many as at `width` fill at least half of it
    if height_at(low) <= tall:
        return low
    while high - low > step:
        middle = (low + high) / 2
        if height_at(middle) <= tall:
            high = middle
        else:
            low = middle
    return high


def balance_item(item: QGraphicsTextItem, width: float) -> None:
    """Wrap a board's text item at `width` with its lines balanced (see the module)."""

    def height_at(w: float) -> float:
        item.setTextWidth(w)
        return item.document().size().height()

    item.setTextWidth(narrowest(width, height_at))


class BalancedLabel(FittedLabel):
    """A word-wrapped label of plain text whose lines are balanced (see the module), a word
    too long for its width shortened (FittedLabel): the width it gives up is a right margin,
    so its height for a width stays its own measure."""

    _trim = 0  # the right margin that balances the lines at the present width

    def room(self) -> int:
        return super().room() + self._trim  # the margin balancing took is room to wrap to

    def _fit(self) -> None:
        super()._fit()
        self._balance()

    def minimumSizeHint(self):
        """As the plain label's: the margin balancing takes is not room it needs."""
        hint = super().minimumSizeHint()
        hint.setWidth(hint.width() - self._trim)
        return hint

    def sizeHint(self):
        hint = super().sizeHint()
        hint.setWidth(hint.width() - self._trim)
        return hint

    def _balance(self) -> None:
        full = self.room()
        if full <= 0:
            return
        text = self.text()
        metrics = QFontMetrics(self.font())
        flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft

        def height_at(width: float) -> float:
            """Never narrower than a word: the word would run past the edge, cut."""
            box = metrics.boundingRect(QRect(0, 0, max(1, int(width)), 100_000), flags, text)
            return box.height() if box.width() <= int(width) else math.inf

        fit = narrowest(full, height_at)
        trim = max(0, full - int(fit + 0.999))
        if trim != self._trim:
            self._trim = trim
            margins = self.contentsMargins()
            margins.setRight(trim)
            self.setContentsMargins(margins)


def wrapped_lines(text: str, font: QFont, width: float) -> list[str]:
    """`text` as Qt wraps it at word breaks to `width` in `font`, line by line, each line's
    trailing space left on it."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        lines.append(text[line.textStart() : line.textStart() + line.textLength()])
    layout.endLayout()
    return lines
