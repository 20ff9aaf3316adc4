"""Widgets whose text wraps where the side column is too narrow for it: its type is large (read
from a chair) and its width fixed, so a choice takes more lines rather than cut its words or
widen the column. A word no line can hold (a thirty-letter name) is shortened in its middle
instead (fit_words), in any label that shows names; in a choice, it is cut as the table's names
are, told apart from the other choices (WrapCombo)."""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QEvent, QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPalette, QTextLayout, QTextOption
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QSizePolicy,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QWidget,
)

from .names import cut_in_place, left_to_right, short_name


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


def line_count(font: QFont, text: str, width: int) -> int:
    """How many lines `text` takes in `font` wrapped at word breaks to `width` pixels (a line
    of Arabic or CJK letters, drawn in a taller fallback font, still counts as one)."""
    layout = QTextLayout(text.replace("\n", "\u2028"), font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    count = 0
    while (line := layout.createLine()).isValid():
        line.setLineWidth(max(1, width))
        count += 1
    layout.endLayout()
    return count


# A word longer than this many average letters (a thirty-letter name) may be shortened rather
# than make a label, and the window holding it, any wider.
LONG_WORD = 24


def fit_words(metrics: QFontMetrics, text: str, width: int) -> str:
    """`text` with each word that cannot be wrapped within `width` pixels (a thirty-letter
    name; not a hyphenated or CJK one, which wrap) shortened in its middle to fit: a label
    wrapped at words cut such a word at its edge without a mark. Both its ends stay, so two
    long names that differ only at the end ("...-Ashby", "...-Ashton") still read as two."""
    if width <= 0:
        return text
    box = QRect(0, 0, width, 100_000)
    pieces = re.split(r"(\s+)", text)  # the spaces kept, a line break stays one
    for index, word in enumerate(pieces):
        if metrics.horizontalAdvance(word) <= width or word.isspace():
            continue
        if metrics.boundingRect(box, Qt.TextFlag.TextWordWrap, word).width() <= width:
            continue  # it breaks within itself
        short = metrics.elidedText(word, Qt.TextElideMode.ElideMiddle, width)
        # A line may break after an ellipsis: a word joiner keeps the word's ends together.
        short = short.replace("…", "…\u2060") if short.strip("…") else word[:1] + "…"
        pieces[index] = cut_in_place(short)  # a right-to-left word's "…" at its left
    return "".join(pieces)


class Refitted:
    """A label whose text is written again for its width whenever that width or its type
    changes (a style sheet's type size arrives once the label is polished)."""

    def _fit(self) -> None:
        raise NotImplementedError

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()
            self.updateGeometry()


class FittedLabel(Refitted, QLabel):
    """A label of plain text wrapped at words, where a word too long for its width is
    shortened in its middle (fit_words) instead of cut at the edge. It asks for the room its
    whole text needs, as a plain label would, but a word longer than LONG_WORD letters asks
    for no more than that: such a word never widens the window. `words` is the whole text,
    also its tooltip and (unless it is given one) its accessible name once shortened. Text
    that begins with a right-to-left name still reads left to right (names.left_to_right)."""

    words = ""  # (a class default: a style sheet's font may arrive before __init__ ends)
    whole = ""  # what the words say at more length, if they are a shorter telling (setText)
    read_whole = ""  # the accessible name the label gave itself: its whole text, once cut

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.asking = QLabel()  # never shown: the text as the label asks room for it
        self.asking.setWordWrap(True)
        self.asking.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)

    def setText(self, text: str, whole: str = "") -> None:
        """Show `text`; `whole`, where `text` tells it in fewer words (the results' outcome,
        its long names cut), is then the tooltip and the accessible name."""
        self.words, self.whole = text, whole or text
        self._fit()
        self.updateGeometry()

    def room(self) -> int:
        """The width the text wraps to."""
        return self.contentsRect().width() - 2 * self.margin()

    def _fit(self) -> None:
        shown = fit_words(self.fontMetrics(), self.words, self.room())
        if left_to_right(shown) != self.text():  # "محمد's number", not "s number'محمد"
            super().setText(left_to_right(shown))
        whole = self.whole if shown != self.whole else ""
        self.setToolTip(whole)
        # A screen reader reads the whole text, not the cut; a name given the label ("Outcome")
        # stays.
        if self.accessibleName() in ("", self.read_whole):
            self.read_whole = whole
            self.setAccessibleName(whole)

    def _asked(self) -> QLabel:
        """The never-shown label, in this one's type and margins, holding the text with its
        words no longer than LONG_WORD letters."""
        metrics = self.fontMetrics()
        asked = fit_words(metrics, self.words, metrics.averageCharWidth() * LONG_WORD)
        asking = self.asking
        if asking.font() != self.font():
            asking.setFont(self.font())
        if asking.text() != asked:
            asking.setText(asked)
        asking.setContentsMargins(self.contentsMargins())
        asking.setMargin(self.margin())
        return asking

    def sizeHint(self):
        return self._asked().sizeHint()

    def minimumSizeHint(self):
        return self._asked().minimumSizeHint()


class FittedRichLabel(Refitted, QLabel):
    """A label of rich text wrapped at words and written for its width: `write(room)` gives
    the text for `room` pixels, a name too long for its place shortened there (fit_words), so
    that no word runs past the edge, pushes a column beside it out of sight, or widens the
    window. It takes the width it is given."""

    write: Callable[[int], str] | None = None

    def __init__(self) -> None:
        super().__init__()
        self.setTextFormat(Qt.TextFormat.RichText)
        policy = self.sizePolicy()
        policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)
        self.setSizePolicy(policy)
        self.setWordWrap(True)  # after the policy: it sets the height for a width

    def set_writer(self, write: Callable[[int], str]) -> None:
        self.write = write
        self._fit()

    def room(self) -> int:
        """The width the text is written for."""
        return self.contentsRect().width() - 2 * self.margin()

    def _fit(self) -> None:
        if self.write is None:
            return
        text = self.write(self.room())
        if text != self.text():
            self.setText(text)


class WrapCombo(QComboBox):
    """A choice that never widens the side column and never cuts its text unmarked: the
    current choice wraps at word breaks and the box grows taller (the popup lists choices in
    full). The side column is narrow at 1280x720 and its combos use large type, so a power's
    choice ("swap Reach and Jump (only if Jump leaps first)") needs two lines or more. A
    choice with a word no line can hold (a player named with 30 letters and no space) is cut
    as the table's names are (names.short_name): it ends in "…" and keeps what tells it from
    every other choice in the list, the whole in the box's tooltip (a screen reader reads
    the whole choice, the box's current text)."""

    told_whole = ""  # the tooltip the box gave itself: its whole choice, once cut

    def __init__(self) -> None:
        super().__init__()
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(6)
        grows_with_text(self)
        self.currentIndexChanged.connect(self._chosen)

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

    def shown_text(self, width: int | None = None) -> str:
        """The current choice as the box writes it at `width` (its own by default): whole
        where it wraps at word breaks; where a word of it cannot, cut on one line, told apart
        from the other choices (names.short_name: "Wolfeschleg…", "Bartholomew…Ashby")."""
        text = self.currentText()
        room = self.text_rect(width).width()
        metrics = self.fontMetrics()
        if room <= 0 or fit_words(metrics, text, room) == text:
            return text
        choices = [self.itemText(index) for index in range(self.count())]
        return short_name(metrics, text, choices, room)

    def _chosen(self, _index: int) -> None:
        """Another choice: the lines it takes, and its tooltip."""
        self._tell_whole()
        self.updateGeometry()

    def _tell_whole(self) -> None:
        """The whole choice in the tooltip where the box cuts it (a tooltip given the box
        stays)."""
        if self.toolTip() in ("", self.told_whole):
            text = self.currentText()
            self.told_whole = text if self.shown_text() != text else ""
            self.setToolTip(self.told_whole)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._tell_whole()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # a style sheet's type size, once polished
            self._tell_whole()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        single = super().sizeHint().height()
        line = QFontMetrics(self.font()).height()
        room = self.text_rect(width).width()
        needed = wrapped_height(self, self.shown_text(width), room)
        return max(single, single - line + needed)

    def paintEvent(self, event) -> None:
        painter = QStylePainter(self)
        option = self._option()
        text = self.shown_text()
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
