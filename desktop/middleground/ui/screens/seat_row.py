"""One seat at setup: its player's name, whether a person or a bot plays it (and at which
level), and the PIN that guards a person's screen, greyed out with the reason where the table
asks nobody one."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QGridLayout, QLineEdit

from middleground.ai.bot import LEVELS
from middleground.engine.game import LONGEST_NAME
from middleground.table import Seat
from middleground.table.seats import BOT, HUMAN

PIN_HINT = "PIN (optional)"
PIN_HELP = (
    "A few characters only this player knows, asked before their screen shows. Not a PIN they "
    "use anywhere else: a saved game keeps a check of it."
)
# Why a PIN field is greyed out: its words in the field (every seat's, where the table asks
# nobody), then the longer reason in its tooltip.
NO_PIN_FOR_A_BOT = ("No PIN for a bot", "A bot has no screen to hide, so it has no PIN.")
NO_CURTAIN = "No PIN: no curtain"
NO_PIN_AT_A_CONSOLE = (
    NO_CURTAIN,
    "The facilitator enters every choice at the console and no player has a screen of their "
    "own: no curtain comes down between players, so no PIN is ever asked.",
)
NO_PIN_IN_SOLO = (
    NO_CURTAIN,
    "Without the curtain the screen stays open between turns, so no PIN is ever asked. Tick "
    '"Use the curtain in solo practice" to set one.',
)
NO_PIN_IN_THE_OPEN = (
    NO_CURTAIN,
    "With these options nothing a player enters is hidden: each player's screen opens in turn "
    "without the curtain, so no PIN is ever asked.",
)


class SeatRow:
    """The widgets of one seat."""

    def __init__(self, grid: QGridLayout, row: int, name: str, is_bot: bool) -> None:
        self.name = QLineEdit(name)
        self.name.setMaxLength(LONGEST_NAME)
        self.name.setAccessibleName(f"Player {row} name")
        self.controller = QComboBox()
        self.controller.addItem("Human", HUMAN)
        self.controller.addItem("Bot", BOT)
        self.controller.setAccessibleName(f"Player {row} is played by")
        self.controller.setCurrentIndex(1 if is_bot else 0)
        self.level = QComboBox()
        self.level.addItems(list(LEVELS))
        self.level.setCurrentText("normal")
        self.level.setAccessibleName(f"Player {row} bot level")
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setAccessibleName(f"Player {row} PIN")
        self.no_pin: tuple[str, str] | None = None  # why the table asks nobody a PIN
        self.controller.currentIndexChanged.connect(self._sync)
        self.widgets = (self.name, self.controller, self.level, self.pin)
        for column, widget in enumerate(self.widgets):
            grid.addWidget(widget, row, column)
        self._sync()

    def _sync(self) -> None:
        """A bot has a level and no PIN; a person has a PIN where the table asks one. A PIN
        field greyed out is empty and says why, so that no PIN is kept that nobody asks."""
        bot = self.controller.currentData() == BOT
        self.level.setEnabled(bot)
        why = NO_PIN_FOR_A_BOT if bot else self.no_pin
        self.pin.setEnabled(why is None)
        if why is not None:
            self.pin.clear()
        hint, help_text = why or (PIN_HINT, PIN_HELP)
        self.pin.setPlaceholderText(hint)
        font = self.pin.font()
        font.setItalic(why is not None)  # a word on the seat, not a PIN typed in
        self.pin.setFont(font)
        self.pin.setToolTip(help_text)
        self.pin.setAccessibleDescription(help_text)

    def ask_pin(self, why_not: tuple[str, str] | None) -> None:
        """Whether the table asks a PIN at all: None where it does, else why not (the field's
        words, then its tooltip)."""
        self.no_pin = why_not
        self._sync()

    def seat(self) -> Seat:
        controller = self.controller.currentData()
        seat = Seat(self.name.text().strip(), controller, self.level.currentText())
        return seat.with_pin(self.pin.text()) if self.pin.isEnabled() and self.pin.text() else seat

    def remove(self) -> None:
        for widget in self.widgets:
            widget.hide()  # out of the focus chain at once: the keyboard moves on from it
            widget.deleteLater()
