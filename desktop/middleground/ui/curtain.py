"""The curtain: a plain full-window colour, one name, one way forward. Nothing else can leak.

The named player lifts it deliberately, in two steps: the button (or Enter), then Enter to
confirm; or, with the hold setting, by holding the space bar. A PIN, when the player set one,
is asked for too.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent
from PySide6.QtWidgets import QLabel, QLineEdit, QSizePolicy, QVBoxLayout, QWidget

from middleground.widgets.forms import FittedButton
from middleground.widgets.theme import Theme
from middleground.widgets.wrapped import FittedLabel

HOLD_MS = 800
SMALLEST_TITLE = 20  # points: a long one-word name shrinks the title no further


class CurtainWidget(QWidget):
    """'Pass to NAME'. Emits `lift(pin)` when NAME confirms."""

    lift = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("curtain")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.title = QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)
        # A one-word name too long for the window cannot wrap: rather than widen the window past
        # the screen, the title takes the width it is given and its type shrinks (_fit_title).
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.title_size = 48
        # The hint and the button name the player too ("NAME: press Enter", "I am NAME"): they
        # wrap, or end in an ellipsis, rather than widen the window past the screen.
        self.hint = FittedLabel()
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.button = FittedButton()
        self.button.setMinimumHeight(64)
        self.button.clicked.connect(self._button_pressed)
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setPlaceholderText("PIN")
        self.pin.setAccessibleName("PIN")
        self.pin.setMaximumWidth(240)
        # Enter in the PIN box reaches the curtain's own keyPressEvent (a line edit passes it
        # on), which confirms: connected to returnPressed as well, each PIN was tried twice.
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        layout.addWidget(self.title)
        layout.addSpacing(24)
        layout.addWidget(self.pin, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.hint)
        layout.addStretch(3)
        self.name = ""
        self.first_hint = ""  # what the hint said when the curtain came up
        self.armed = False  # the button was pressed; Enter confirms
        self.hold_to_lift = False
        self.holding = QTimer(self)
        self.holding.setSingleShot(True)
        self.holding.timeout.connect(self._confirm)
        self.pin.installEventFilter(self)  # holding the space bar there lifts, as elsewhere

    def set_theme(self, theme: Theme) -> None:
        self.setStyleSheet(
            f"#curtain {{ background: {theme.curtain}; }}"
            f"#curtain QLabel {{ color: {theme.curtain_text}; }}"
            f"#curtain QPushButton {{ padding: 8px 28px; }}"
        )
        self.title_size = max(24, int(48 * theme.scale))
        self._fit_title()
        self.hint.setFont(QFont("Sans", max(12, int(16 * theme.scale))))
        self.button.setFont(QFont("Sans", max(14, int(20 * theme.scale))))

    def show_for(self, name: str, needs_pin: bool, hold_to_lift: bool = False) -> None:
        self.name = name
        self.armed = False
        self.hold_to_lift = hold_to_lift
        self.title.setText(f"Pass to {name}")
        self._fit_title()
        self.setAccessibleName(f"Pass to {name}")
        self.button.set_words(f"I am {name}")
        self.pin.clear()
        self.pin.setVisible(needs_pin)
        self.first_hint = self._first_hint()
        self.hint.setText(self.first_hint)
        self._focus_first()

    def set_hold_to_lift(self, hold_to_lift: bool) -> None:
        """The hold setting changed with the curtain up (View menu): it lifts the new way at
        once, as it came up (a first Enter taken back, a PIN typed so far kept), and a hint on
        how to lift it says the new way; a wrong PIN's hint stays."""
        told_how = self.hint.words in (self.first_hint, self._armed_hint())
        self.hold_to_lift = hold_to_lift
        self.holding.stop()
        self.armed = False
        self.button.set_words(f"I am {self.name}")
        self.first_hint = self._first_hint()
        if told_how:
            self.hint.setText(self.first_hint)
        if self.isVisible():  # holding to lift, a PIN is typed first
            self._focus_first()

    def _first_hint(self) -> str:
        """What the hint says as the curtain comes up: how to lift it."""
        if not self.hold_to_lift:
            return "Only you should look."
        hint = "Hold the space bar to show your screen."
        return f"Type your PIN, then h{hint[1:]}" if not self.pin.isHidden() else hint

    def _armed_hint(self) -> str:
        """What the hint says once the button (or Enter) was pressed once."""
        return f"{self.name}: press Enter (or click again) to show your screen."

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_title()

    def _fit_title(self) -> None:
        """The title in its full size, or smaller until its longest word fits the width."""
        room = self.width() - 40
        longest = max(self.title.text().split() or [""], key=len)
        size = self.title_size
        font = QFont("Sans", size, QFont.Weight.Bold)
        while size > SMALLEST_TITLE and QFontMetrics(font).horizontalAdvance(longest) > room:
            size -= 2
            font.setPointSize(size)
        self.title.setFont(font)

    def _focus_first(self) -> None:
        """Holding to lift, a PIN is typed first: the keyboard starts there."""
        typed_first = self.hold_to_lift and self.pin.isVisibleTo(self)
        (self.pin if typed_first else self).setFocus(Qt.FocusReason.OtherFocusReason)

    def _button_pressed(self) -> None:
        if not self.armed:
            self.armed = True
            self.button.set_words("Show my screen")
            self.hint.setText(self._armed_hint())
            (self.pin if self.pin.isVisible() else self).setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self._confirm()

    def _confirm(self) -> None:
        if self.armed or self.hold_to_lift:
            self.lift.emit(self.pin.text())

    def _disarm(self) -> None:
        """Escape after the first Enter: the wrong player pressed it, or the right one is not
        ready. The curtain is as it came up, a PIN typed so far kept."""
        self.armed = False
        self.button.set_words(f"I am {self.name}")
        self.hint.setText(self.first_hint)
        self._focus_first()

    def _escape(self, event: QEvent) -> bool:
        """Whether `event` is Escape meant for an armed curtain (which takes it before the
        window's Escape, leave full screen); a key press disarms it."""
        kinds = (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress)
        armed = getattr(self, "armed", False)  # events come before __init__ has set it
        if not (armed and event.type() in kinds and event.key() == Qt.Key.Key_Escape):
            return False
        event.accept()
        if event.type() == QEvent.Type.KeyPress:
            self._disarm()
        return True

    def event(self, event: QEvent) -> bool:
        return self._escape(event) or super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not self.hold_to_lift:
            self._button_pressed()  # the first Enter arms, as the button does; the second lifts
        elif key == Qt.Key.Key_Space and self.hold_to_lift and not event.isAutoRepeat():
            self.holding.start(HOLD_MS)
        else:
            super().keyPressEvent(event)

    def eventFilter(self, watched, event) -> bool:
        """In the PIN box, with the hold setting, the space bar is held to lift, not typed;
        Escape disarms there as on the curtain."""
        if watched is self.pin and self._escape(event):
            return True
        kinds = (QEvent.Type.KeyPress, QEvent.Type.KeyRelease)
        held = watched is self.pin and self.hold_to_lift and event.type() in kinds
        if not held or event.key() != Qt.Key.Key_Space:
            return super().eventFilter(watched, event)
        if event.isAutoRepeat():
            return True
        if event.type() == QEvent.Type.KeyPress:
            self.holding.start(HOLD_MS)
        else:
            self.holding.stop()
        return True

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self.holding.stop()
        super().keyReleaseEvent(event)

    def show_error(self, message: str) -> None:
        self.hint.setText(message)
        if self.pin.isVisible():  # a wrong PIN is picked out, to be typed over
            self.pin.setFocus(Qt.FocusReason.OtherFocusReason)
            self.pin.selectAll()
