"""A box whose title speaks of the seat ("Offers to Ann"): the name where the title fits the
box's width, "this player" where it would not (plugin.whom and whose). A title cannot wrap,
and a plain box would take the width of the whole name: 30 wide letters would cut the title
and widen the box past its column, cutting the lines inside it too."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QGroupBox, QStyle, QStyleOptionGroupBox

# whom or whose: the seat's words for a title, given whether a name fits it.
Words = Callable[[str | None, Callable[[str], bool] | None], str]


class SeatBox(QGroupBox):
    """A group box titled `title` with the seat's words (`words`, whom or whose) in place of
    "{}", chosen again at each width: the name where the whole title fits, else "this
    player". The box asks for no more width than the title without the name needs."""

    def __init__(self, title: str, words: Words, console_for: str | None) -> None:
        super().__init__()
        self._title, self._words, self._seat = title, words, console_for
        self._sized = False  # till a layout gives the box its width, the title has the name
        self._fit()

    def _room(self) -> int:
        """The width the title's text may take: the box's, less the room the style keeps
        around the title, on the right as much as on the left."""
        option = QStyleOptionGroupBox()
        self.initStyleOption(option)
        label = self.style().subControlRect(
            QStyle.ComplexControl.CC_GroupBox, option, QStyle.SubControl.SC_GroupBoxLabel, self
        )
        padding = label.width() - self.fontMetrics().horizontalAdvance(self.title())
        return self.width() - 2 * max(label.left(), 0) - max(padding, 0)

    def _fits(self, words: str) -> bool:
        return self.fontMetrics().horizontalAdvance(self._title.format(words)) <= self._room()

    def _fit(self) -> None:
        title = self._title.format(self._words(self._seat, self._fits if self._sized else None))
        if title != self.title():
            self.setTitle(title)

    def minimumSizeHint(self) -> QSize:
        """As a plain box's with the title that gives way ("Offers to this player"): the name
        in it, shown only where it fits, must not hold the box wider than its column."""
        hint = super().minimumSizeHint()
        metrics = self.fontMetrics()
        least = self._title.format(self._words(self._seat, lambda _words: False))
        extra = metrics.horizontalAdvance(self.title()) - metrics.horizontalAdvance(least)
        if extra > 0:
            inside = self.layout().totalMinimumSize().width() if self.layout() else 0
            hint.setWidth(max(hint.width() - extra, inside))
        return hint

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._sized = True
        self._fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()  # a style sheet's bold title arrives once the box is polished
