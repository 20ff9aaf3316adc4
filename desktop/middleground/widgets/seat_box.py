"""A box whose title speaks of the seat ("Offers to Ann"): the name where the title fits the
box's width, "this player" where it would not (plugin.whom and whose). A title cannot wrap,
and a plain box would take the width of the whole name: 30 wide letters would cut the title
and widen the box past its column, cutting the lines inside it too. The boxes in sight on one
panel decide together, so that the panel speaks of its seat one way."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QGroupBox, QStyle, QStyleOptionGroupBox, QWidget

from .plugin import Panel

# whom or whose: the seat's words for a title, given whether a name fits it.
Words = Callable[[str | None, Callable[[str], bool] | None], str]


class SeatBox(QGroupBox):
    """A group box titled `title` with the seat's words (`words`, whom or whose) in place of
    "{}", chosen again at each width: the name where the whole title fits, else "this
    player". The boxes in sight on one panel (plugin.Panel) read alike: all name the seat, or
    all say "this player", as the narrowest room among them allows; a panel that titled one
    box "Offers to Bartholomew Fitzgerald-Ashby" and the next "This player's open offers"
    seemed to speak of two players. The box asks for no more width than the title without
    the name needs."""

    def __init__(self, title: str, words: Words, console_for: str | None) -> None:
        super().__init__()
        self._title, self._words, self._seat = title, words, console_for
        self._sized = False  # till a layout gives the box its width, the title has the name
        self._fit(named=True)

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

    def name_fits(self) -> bool:
        """Whether this box's title holds the seat's name at the box's width."""
        named = self._words(self._seat, None)  # "Ann", "Ann's" (or "you", "Your": no name)
        return not self._sized or self._words(self._seat, self._fits) == named

    def _fit(self, named: bool) -> None:
        """The title with the seat's name if `named`, else with "this player"."""
        title = self._title.format(self._words(self._seat, lambda _words: named))
        if title != self.title():
            self.setTitle(title)

    def _in_sight(self) -> list[SeatBox]:
        """The seat boxes in sight on this box's panel (in its window, outside a panel), this
        one among them: a box on a tab not shown has a width of its own, from when it was."""
        scope: QWidget | None = self.parentWidget()
        while scope is not None and not isinstance(scope, Panel):
            scope = scope.parentWidget()
        scope = scope or self.window()
        others = scope.findChildren(SeatBox) if scope is not self else []
        return [self] + [box for box in others if box is not self and box.isVisibleTo(scope)]

    def _fit_panel(self) -> None:
        """Name the seat in the titles of the boxes in sight only if each of them holds it."""
        boxes = self._in_sight()
        named = all(box.name_fits() for box in boxes)
        for box in boxes:
            box._fit(named)

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
        self._fit_panel()

    def showEvent(self, event) -> None:
        super().showEvent(event)  # back in sight at the width it had: the others may differ
        if self._sized:
            self._fit_panel()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_panel()  # a style sheet's bold title arrives once the box is polished
