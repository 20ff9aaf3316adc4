"""A form built from an engine ActionForm: number boxes and choice lists, keyboard first."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QFontMetrics, QFontMetricsF, QKeySequence, QValidator
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyleOptionButton,
    QTabBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from middleground.engine import ActionForm, Field

from .balanced import BalancedLabel
from .names import closed, cut_in_place, short_name
from .wrapped import FittedLabel, WrapCombo


def name_then(
    metrics: QFontMetrics, name: str, after: str, width: int, others: Sequence[str] = ()
) -> str:
    """`name` followed by `after` (": waiting", "  3 points") in `width` pixels: the name ends
    in an ellipsis where the whole would not fit, never what follows it. Given `others`, the
    table's names, the cut keeps what tells the player from them where it fits
    ("Bartholomew…Ashby" beside "Bartholomew…Ashton"; see widgets/names.py). A right-to-left
    name is closed (names.closed), so that a number after it stays after it."""
    if width <= 0 or metrics.horizontalAdvance(name + after) <= width:
        return closed(name) + after
    room = width - metrics.horizontalAdvance(after)
    if others:
        shown = short_name(metrics, name, others, room)
    else:
        shown = cut_in_place(metrics.elidedText(name, Qt.TextElideMode.ElideRight, room))
    if shown.rstrip("…") and metrics.horizontalAdvance(shown) <= room:
        return closed(shown) + after
    # Too little room for even a letter of the name: a row that reads ': chose Gravity' says
    # nothing of whose it is, so the name keeps its first letter and what follows gives way.
    first = closed(cut_in_place(name[:1] + "…"))
    rest = width - metrics.horizontalAdvance(first)
    return first + metrics.elidedText(after, Qt.TextElideMode.ElideRight, max(rest, 0))


def name_then_status(
    metrics: QFontMetrics,
    name: str,
    kept: str,
    status: str,
    width: int,
    others: Sequence[str] = (),
) -> str:
    """`name`, `kept` (" (hard bot)") and ": status" in `width` pixels, a seat's row at the
    console. The name is what the reader looks for, so a long status (a whole set of orders)
    gives up its end first, down to its first word ("chose…", "waiting"); only where even that
    would not fit does the name end in an ellipsis too (name_then, telling it from `others`),
    and never `kept`."""
    said = f": {status}" if status else ""
    if width <= 0 or metrics.horizontalAdvance(name + kept + said) <= width:
        return closed(name) + kept + said
    first, _, more = status.partition(" ")
    least = f": {first}…" if more else said  # the least of the status a row shows
    head = closed(name) + kept + ": "
    if status and metrics.horizontalAdvance(name + kept + least) <= width:
        room = width - metrics.horizontalAdvance(head)
        return head + metrics.elidedText(status, Qt.TextElideMode.ElideRight, room)
    return name_then(metrics, name, kept + least, width, others)


WHOLE = re.compile(r"\s*[-+]?\d+\s*")
MOST_DIGITS = 12  # longer, a typed number is refused before Python reads it (see typed_number)


def typed_number(text: str) -> int | None:
    """The whole number `text` holds, if it holds one of at most MOST_DIGITS digits: int() of
    thousands of pasted digits raises, and inside a Qt handler that would end the app."""
    if not WHOLE.fullmatch(text) or len(text.strip().lstrip("+-")) > MOST_DIGITS:
        return None
    return int(text)


class NumberBox(QSpinBox):
    """A box for a whole number that keeps what was typed: 150 in a box for 0 to 100 reaches
    the game, which says why it will not do, where a plain spin box had quietly dropped the
    last keystroke and sent 15. The arrow keys still step within the range."""

    def __init__(self, low: int | None, high: int | None) -> None:
        super().__init__()
        self.low = -(10**6) if low is None else low
        self.high = 10**6 if high is None else high
        self.setRange(-(10**9), 10**9)  # whatever can be typed; the game checks the range

    def event(self, event: QEvent) -> bool:
        # Ctrl+Z is the table's (a facilitator takes back the last entry), never the box's
        # own undo of a keystroke: the box, where the keyboard always is, had kept it.
        if event.type() == QEvent.Type.ShortcutOverride and event.matches(
            QKeySequence.StandardKey.Undo
        ):
            event.ignore()
            return False
        return super().event(event)

    def sizeHint(self) -> QSize:
        return self._narrowed(super().sizeHint())

    def minimumSizeHint(self) -> QSize:
        return self._narrowed(super().minimumSizeHint())

    def _narrowed(self, hint: QSize) -> QSize:
        """As wide as the range's own numbers need, not the billion it accepts."""
        metrics = self.fontMetrics()
        widest = max(metrics.horizontalAdvance(str(n)) for n in (self.low, self.high))
        wide = metrics.horizontalAdvance(str(self.minimum()))  # what Qt measured for
        return QSize(hint.width() - wide + widest, hint.height())

    def validate(self, text: str, pos: int) -> object:
        number = typed_number(text)
        whole = number is not None and abs(number) < 10**9  # what the spin box can hold
        state = QValidator.State.Acceptable if whole else QValidator.State.Intermediate
        return state, text, pos

    def fixup(self, text: str) -> str:
        return text  # leaving the box keeps "4.5" as typed, for the form to explain

    def stepBy(self, steps: int) -> None:
        number = typed_number(self.text())
        if number is None:
            self.setValue(self.low if steps > 0 else self.high)
            return
        self.setValue(min(max(number + steps, self.low), self.high))

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:
        return QAbstractSpinBox.StepEnabledFlag.StepUpEnabled | (
            QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        )


class FittedButton(QPushButton):
    """A button whose words, too long for its width (a thirty-letter name in "Enter for ..."),
    end in an ellipsis instead of running off both edges; the whole words stay its accessible
    name and its tooltip. Its words never widen the panel it sits in: it asks for the width
    of its whole words (centred in a column, it takes no more) but takes less."""

    def __init__(self, words: str = "") -> None:
        super().__init__()
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.words = ""
        self.set_words(words)

    def set_words(self, words: str) -> None:
        self.words = words
        self.setAccessibleName(words)
        self._fit()
        self.updateGeometry()  # the width the whole words ask for

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # a style sheet's size arrives late
            self._fit()

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()  # of the words it shows, and the least a style allows
        return QSize(max(hint.width(), self._beside() + self._whole_width()), hint.height())

    def _whole_width(self) -> int:
        """The whole words' width, to the pixel above: a width rounded down cut their end."""
        return math.ceil(QFontMetricsF(self.font()).horizontalAdvance(self.words))

    def _beside(self) -> int:
        """The width beside the words: the button's frame and padding (a style sheet's too,
        measured around a wide text, past the least width a style gives a button), and a
        space either side."""
        option = QStyleOptionButton()
        self.initStyleOption(option)
        wide = QSize(1000, self.fontMetrics().height())
        kind = QStyle.ContentsType.CT_PushButton
        frame = self.style().sizeFromContents(kind, option, wide, self).width() - wide.width()
        return frame + self.fontMetrics().horizontalAdvance("  ")

    def _fit(self) -> None:
        room = self.width() - self._beside()
        shown = self.words
        if 0 < room < self._whole_width():
            shown = self.fontMetrics().elidedText(self.words, Qt.TextElideMode.ElideRight, room)
        if shown != self.text():
            self.setText(shown)
        self.setToolTip(self.words if shown != self.words else "")


class ActionFormWidget(QWidget):
    """Asks for one action; `submitted` carries it as a dict."""

    submitted = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prompt = BalancedLabel()  # never "List your number for round 3 of" / "5."
        self.prompt.setObjectName("formPrompt")
        self.fields = QFormLayout()
        # A label gives way to a long choice ("High: the second highest card wins") by going
        # above it, never by shrinking to nothing.
        self.fields.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.button = FittedButton("Submit")
        self.button.setDefault(True)
        self.button.clicked.connect(self._submit)
        self.error = QLabel()
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addLayout(self.fields)
        layout.addWidget(self.button)
        layout.addWidget(self.error)
        layout.addStretch(1)
        self.inputs: dict[str, tuple[Field, QWidget]] = {}

    def set_form(self, form: ActionForm, button_text: str = "Submit") -> None:
        self.prompt.setText(form.prompt)
        self.error.clear()
        while self.fields.rowCount():
            self.fields.removeRow(0)
        self.inputs = {}
        for field in form.fields:
            widget = self._input(field)
            widget.setAccessibleName(field.label)
            # Wrapped: at the console a label names its seat ("Ann's number"), and a long name
            # would run past the side column's edge; a name too long for a line is shortened.
            label = FittedLabel(field.label)
            self.fields.addRow(label, widget)
            self.inputs[field.key] = (field, widget)
        self._bound_labels()
        self.button.set_words(button_text)
        self.button.setEnabled(bool(form.fields))  # focus_first_choice puts the keyboard here

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._bound_labels()

    def _bound_labels(self) -> None:
        """A label too wide to stand beside its field goes above it, where the form gives it
        the width it asks for, even past the form's edge (Qt's QFormLayout): each asks for
        no more than the form's width ("山田太郎..." wraps there, where it was cut)."""
        margins = self.layout().contentsMargins()
        room = max(self.width() - margins.left() - margins.right(), 1)
        for row in range(self.fields.rowCount()):
            item = self.fields.itemAt(row, QFormLayout.ItemRole.LabelRole)
            if item is not None and item.widget() is not None:
                item.widget().setMaximumWidth(room)

    def widgets(self) -> dict[str, QWidget]:
        """The inputs by their field's key, in the form's order (for kept.keep)."""
        return {key: widget for key, (_field, widget) in self.inputs.items()}

    def _input(self, field: Field) -> QWidget:
        if field.kind == "choice":
            # A long choice ("High: the second highest card wins") wraps in the side column's
            # large type, where a plain list cut it at "High: the secon".
            box = WrapCombo()
            for value, label in field.choices:
                box.addItem(label, value)
            box.setPlaceholderText("Choose…")
            # Its longest choice shows in the open list; closed, the box fits the side's width
            # instead of asking for that choice's width and squeezing the form's rows.
            box.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            box.setMinimumContentsLength(8)
            box.setCurrentIndex(-1)  # nothing chosen until the player chooses
            box.installEventFilter(self)  # Enter sends the form, as in a number box
            return box
        spin = NumberBox(field.minimum, field.maximum)
        # Starts empty: nobody should present a number they did not type.
        spin.clear()
        spin.installEventFilter(self)  # Enter sends the form, whatever was typed
        return spin

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter in a number box or on a closed list sends the form; with the list open it
        picks, as usual."""
        if (
            event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and (isinstance(watched, NumberBox) or not watched.view().isVisible())
        ):
            self._submit()
            return True
        return super().eventFilter(watched, event)

    def value(self) -> dict:
        action = {}
        for key, (field, widget) in self.inputs.items():
            if field.kind == "choice":
                action[key] = widget.currentData()
            else:
                action[key] = typed_number(widget.text())
        return action

    def show_error(self, message: str) -> None:
        self.error.setText(message)

    def _submit(self) -> None:
        if not self.inputs:
            return
        for field, widget in self.inputs.values():
            missing = isinstance(widget, QComboBox) and widget.currentIndex() < 0
            if missing or (isinstance(widget, QSpinBox) and not widget.text().strip()):
                verb = "Choose" if missing else "Type"
                # "Your number": "your number"; a bare "Card" is the player's own, "your
                # card"; a label told of the seat by name says whose ("Ann's card",
                # ActionForm.told put Field.about in its place).
                what = field.label
                head, _, rest = what.partition(" ")
                if head.lower() in ("your", "the", "a", "an"):
                    what = f"{head.lower()} {rest}"
                elif what != field.about:
                    what = f"your {what.lower()}"
                self.show_error(f"{verb} {what} first.")
                widget.setFocus(Qt.FocusReason.OtherFocusReason)
                return
            if isinstance(widget, NumberBox) and typed_number(widget.text()) is None:
                typed = widget.text().strip()
                if WHOLE.fullmatch(typed):
                    self.show_error(f"That number has more than {MOST_DIGITS} digits.")
                else:
                    self.show_error(
                        f"Type a whole number, not {typed[:12]}{'…' * (len(typed) > 12)}."
                    )
                widget.setFocus(Qt.FocusReason.OtherFocusReason)
                return
        self.submitted.emit(self.value())


def focus_first_choice(root: QWidget) -> None:
    """Put the keyboard where a choice is made under `root`: the first place to type or
    choose (a number box, a list, a hand of cards), else the first choice to toggle (a
    character), else the first button. Ways round (tabs, scrolling) are passed over, and a
    check box comes last: it sets how the panel looks (four-colour suits), it chooses nothing."""
    reachable = [
        widget
        for widget in root.findChildren(QWidget)
        if widget.isVisible()
        and widget.isEnabled()
        and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        and not isinstance(widget, QTabWidget | QTabBar | QScrollArea)
        and not (isinstance(widget, QLineEdit) and isinstance(widget.parent(), QAbstractSpinBox))
    ]

    def rank(widget: QWidget) -> int:
        if isinstance(widget, QCheckBox):
            return 3
        if not isinstance(widget, QAbstractButton):
            return 0
        return 1 if widget.isCheckable() else 2

    if reachable:
        min(reachable, key=rank).setFocus(Qt.FocusReason.OtherFocusReason)
