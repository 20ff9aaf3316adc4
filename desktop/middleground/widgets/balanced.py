"""Wrapped text whose lines share the words evenly: a sentence too long for one line is read
as two of about the same length, never a full line and a last word on its own ("List your
number for round 3 of" / "5."), which reads from across the room like a line that lost its
end. The text takes as many lines as before, only a narrower width (as CSS's text-wrap:
balance)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsTextItem, QLabel

from .wrapped import wrapped_height


def narrowest(width: float, height_at: Callable[[float], float], step: float = 1.0) -> float:
    """The narrowest width, to within `step`, at which the text is no taller than at `width`
    (as many lines): `height_at(w)` is the text's height wrapped to w. Text that does not
    wrap at `width` keeps it."""
    tall = height_at(width)
    if height_at(4 * width) >= tall:  # no line wraps: nothing to share out
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


class BalancedLabel(QLabel):
    """A word-wrapped label of plain text whose lines are balanced (see the module): the
    width it gives up is a right margin, so its height for a width stays its own measure."""

    _trim = 0  # the right margin that balances the lines at the present width

    def __init__(self, text: str = "") -> None:
        super().__init__(text)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def setText(self, text: str) -> None:
        super().setText(text)
        self._balance()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._balance()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:  # a style sheet's type size, once polished
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
        full = self.contentsRect().width() + self._trim - 2 * self.margin()
        if full <= 0:
            return
        text = self.text()
        fit = narrowest(full, lambda w: wrapped_height(self, text, int(w)))
        trim = max(0, full - int(fit + 0.999))
        if trim != self._trim:
            self._trim = trim
            margins = self.contentsMargins()
            margins.setRight(trim)
            self.setContentsMargins(margins)
