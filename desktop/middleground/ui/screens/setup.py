"""Setup: names, who plays each seat, the game's options, a seed, and the mode."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QApplication,
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from middleground.ai.bot import LEVELS
from middleground.engine import Game, GameError, Option
from middleground.table import Seat, Session
from middleground.table.seats import BOT, HUMAN
from middleground.table.session import FACILITATOR, SOLO, TABLE

from .seat_row import NO_PIN_AT_A_CONSOLE, NO_PIN_IN_SOLO, NO_PIN_IN_THE_OPEN, SeatRow

# What the help under the options says before it has an option to explain, and for the variant.
HELP_PROMPT = "Point at an option, or move to it with Tab, to read what it changes."
VARIANT_HELP = (
    "Variant: a set of options the rules give. Change any option to make your own mix; the "
    "variant then reads Custom."
)
# What stands in the Options box of a game that has none to set (nor a variant to choose).
NO_OPTIONS = "{title} has no options to set: it is played as its rules say (F1 shows them)."

SEED_DIGITS = 30  # the longest seed the field takes

MODES = (
    (TABLE, "At the table: pass the computer between players"),
    (FACILITATOR, "Facilitator: enter the players' choices, show the board on a projector"),
    (SOLO, "Solo practice: one player against bots"),
)


class SetupScreen(QWidget):
    start = Signal(object)  # Session
    back = Signal()

    def __init__(
        self,
        game: Game,
        last_names: list[str],
        last_levels: list[str] | tuple[str, ...] = (),
        last_mode: str = "",
    ) -> None:
        """The table set up last time comes back as it was: its names, who played each seat
        (a bot's level too) and the mode."""
        super().__init__()
        self.game = game
        self.inputs: dict[str, QWidget] = {}  # an option's input, once the options are built
        # The option explained under the options, as (option,) with None for the variant.
        self.explained: tuple[Option | None] | None = None
        self.error = QLabel()
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)
        self.error.setAccessibleName("Setup problem")
        title = QLabel(f"New game: {game.title}")
        title.setFont(QFont("Sans", 24, QFont.Weight.Bold))
        # The mode first: whether the table asks the seats a PIN depends on it.
        self.mode = QComboBox()
        for key, label in MODES:
            self.mode.addItem(label, key)
        self.mode.setAccessibleName("Mode")
        if self.mode.findData(last_mode) >= 0:
            self.mode.setCurrentIndex(self.mode.findData(last_mode))
        # One player alone has no one to hide from; a shared table always hides.
        self.curtain = QCheckBox("Use the curtain in solo practice")
        self.curtain.setToolTip("Hide your hand between turns, from anyone looking on.")
        self.curtain.setEnabled(self.mode.currentData() == SOLO)

        self.seat_grid = QGridLayout()
        for column, heading in enumerate(("Name", "Played by", "Bot level", "PIN")):
            self.seat_grid.addWidget(QLabel(heading), 0, column)
        self.pin_heading = self.seat_grid.itemAtPosition(0, 3).widget()
        self.rows: list[SeatRow] = []
        count = game.min_players if game.min_players > 3 else max(game.min_players, 4)
        count = min(count, game.max_players)
        for index in range(max(count, min(len(last_names), game.max_players))):
            name = last_names[index] if index < len(last_names) else f"Player {index + 1}"
            level = last_levels[index] if index < len(last_levels) else None
            fresh = index >= len(last_names) and index >= 2  # a new seat: a bot to start with
            self._add_row(name, is_bot=bool(level) if level is not None else fresh)
            if level in LEVELS:
                self.rows[-1].level.setCurrentText(level)
        self.add_button = add = QPushButton("Add player")
        add.clicked.connect(self._add_player)
        remove = QPushButton("Remove last player")
        remove.clicked.connect(self._remove_row)
        fixed = game.min_players == game.max_players
        add.setVisible(not fixed)
        remove.setVisible(not fixed)
        seat_buttons = QHBoxLayout()
        seat_buttons.addWidget(add)
        seat_buttons.addWidget(remove)
        seat_buttons.addStretch(1)
        seats_box = QGroupBox("Players")
        seats_layout = QVBoxLayout(seats_box)
        seats_layout.addLayout(self.seat_grid)
        seats_layout.addLayout(seat_buttons)

        self.preset = QComboBox()
        for name, values in game.presets:
            self.preset.addItem(name, values)
        self.preset.setAccessibleName("Variant")
        self.preset.setPlaceholderText("Custom")  # shown when the options match no variant
        self.preset.currentIndexChanged.connect(self._apply_preset)
        options_box = QGroupBox("Options")
        self.options_form = QFormLayout()
        self.options_form.addRow("Variant", self.preset)
        # What an option changes, in sight under the options for the one the pointer or the
        # keyboard is on (a tooltip alone is never seen from the keyboard or a touch screen),
        # with why it is greyed out where it is. A game with no options says so instead, with
        # no variant to choose: its one variant changes nothing.
        self.prompt = HELP_PROMPT if game.options else NO_OPTIONS.format(title=game.title)
        self.option_help = QLabel(self.prompt)
        self.option_help.setWordWrap(True)
        self.option_help.setTextFormat(Qt.TextFormat.PlainText)
        self.option_help.setAccessibleName("About this option" if game.options else "Options")
        self.about: dict[QObject, Option | None] = {}
        if game.options:
            self.about[self.preset] = None  # None: the variant
        else:
            self.options_form.setRowVisible(self.preset, False)
        for option in game.options:
            widget = self._option_input(option)
            widget.setToolTip(option.help)
            widget.setAccessibleName(option.label)
            widget.setAccessibleDescription(option.help)
            self.inputs[option.key] = widget
            self.options_form.addRow(option.label, widget)
            self.about[widget] = option
            if isinstance(widget, QComboBox):
                widget.currentIndexChanged.connect(self._options_changed)
            elif isinstance(widget, QCheckBox):
                widget.toggled.connect(self._options_changed)
            elif isinstance(widget, QSpinBox):
                widget.valueChanged.connect(self._options_changed)
            else:
                widget.textChanged.connect(self._options_changed)
        self._names_changed()
        self._grey_out_unused()
        for widget in list(self.about):
            label = self.options_form.labelForField(widget)
            if label is not None:
                self.about[label] = self.about[widget]
        for watched in self.about:
            watched.installEventFilter(self)  # the pointer over an option or its label
        QApplication.instance().focusChanged.connect(self._focus_moved)
        options_layout = QVBoxLayout(options_box)
        options_layout.addLayout(self.options_form)
        options_layout.addSpacing(8)
        options_layout.addWidget(self.option_help)
        options_layout.addStretch(1)

        self.seed = QLineEdit()
        self.seed.setPlaceholderText("random")
        # A whole number to type, not a page: a pasted 20,000 digits widened the window
        # past the screen (Python reads no more than 4,300 of them anyway).
        self.seed.setMaxLength(SEED_DIGITS)
        self.seed.setAccessibleName("Seed")
        self.seed.returnPressed.connect(self._start)
        self.seed.setToolTip(
            "Leave empty for a fresh deal. A number deals the same game again: anyone who "
            "knows it can work out every hand."
        )
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.curtain.toggled.connect(self._sync_pins)
        table_box = QGroupBox("Table")
        table_form = QFormLayout(table_box)
        table_form.addRow("Mode", self.mode)
        table_form.addRow("", self.curtain)
        table_form.addRow("Seed", self.seed)

        go = QPushButton("&Start")
        go.setToolTip("Start the game (Enter in any name)")
        go.setDefault(True)
        go.clicked.connect(self._start)
        back = QPushButton("&Back")
        back.clicked.connect(self.back)
        go.setObjectName("screenButton")
        back.setObjectName("screenButton")
        buttons = QHBoxLayout()
        buttons.addWidget(back)
        buttons.addStretch(1)
        buttons.addWidget(go)

        body = QWidget()
        # Players and table beside the options; one above the other where the screen is too
        # narrow for both side by side (1024 wide), so that nothing is cut at the right.
        self.columns = QBoxLayout(QBoxLayout.Direction.LeftToRight, body)
        left = QVBoxLayout()
        left.addWidget(seats_box)
        left.addWidget(table_box)
        left.addStretch(1)
        self.columns.addLayout(left, 3)
        self.columns.addWidget(options_box, 2)
        self.scroll = scroll = QScrollArea()
        scroll.setAccessibleName("Players, table and options")
        # Not a stop for Tab, where it does nothing: it scrolls to the field that has the
        # keyboard instead (_focus_moved).
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        scroll.viewport().installEventFilter(self)  # its width decides the columns
        layout = QVBoxLayout(self)
        layout.setContentsMargins(36, 24, 36, 24)
        layout.addWidget(title)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        self._order_focus()
        self._sync_pins()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched in self.about:
            if event.type() == QEvent.Type.Enter:
                self._explain(self.about[watched])
            elif event.type() == QEvent.Type.Leave:
                self._focus_moved(None, QApplication.focusWidget())
            return False
        if watched is self.scroll.viewport() and event.type() == QEvent.Type.Resize:
            self._arrange(self.scroll.viewport().width())
        return False

    def _arrange(self, width: int) -> None:
        """Side by side where both columns fit `width` at their narrowest, else stacked."""
        columns = self.columns
        parts = [columns.itemAt(i) for i in range(columns.count())]
        margins = columns.contentsMargins()
        side_by_side = (
            sum(part.minimumSize().width() for part in parts)
            + columns.spacing() * (len(parts) - 1)
            + margins.left()
            + margins.right()
        )
        wanted = (
            QBoxLayout.Direction.LeftToRight
            if width >= side_by_side
            else QBoxLayout.Direction.TopToBottom
        )
        if columns.direction() != wanted:
            columns.setDirection(wanted)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        # The keyboard starts on the first name, ready to type over it: picked out at once,
        # since the keyboard may land there before the timer, as the screen's first field.
        if self.rows:
            self.rows[0].name.selectAll()
        QTimer.singleShot(0, self, self._focus_first_name)

    def _focus_first_name(self) -> None:
        if self.rows:
            self.rows[0].name.setFocus(Qt.FocusReason.OtherFocusReason)
            self.rows[0].name.selectAll()

    # ----- seats ---------------------------------------------------------------------

    def _add_row(self, name: str, is_bot: bool) -> None:
        if len(self.rows) >= self.game.max_players:
            self.error.setText(f"{self.game.title} takes at most {self.game.max_players} players.")
            return
        row = SeatRow(self.seat_grid, len(self.rows) + 1, name, is_bot)
        for typed in (row.name, row.pin):  # Enter in a name or a PIN starts, as in the seed
            typed.returnPressed.connect(self._start)
        row.name.textChanged.connect(self._names_changed)
        self.rows.append(row)
        self.error.clear()  # a complaint about the table before no longer holds
        self._names_changed()
        self._grey_out_unused()
        self._sync_pins()
        if self.seat_grid.parentWidget() is not None:  # the screen is built: see __init__
            self._order_focus()

    def _order_focus(self) -> None:
        """Tab goes through the seats row by row, in reading order, then on to Add player. A
        seat added once the screen is built joins the end of the focus chain, after Start."""
        chain = [widget for row in self.rows for widget in row.widgets] + [self.add_button]
        for before, after in pairwise(chain):
            QWidget.setTabOrder(before, after)

    def _no_pin(self) -> tuple[str, str] | None:
        """Why this table asks nobody a PIN (the PIN field's words, then its tooltip), or None
        where it asks one of each person who set one: only the curtain asks it."""
        mode = self.mode.currentData()
        if mode == FACILITATOR:
            return NO_PIN_AT_A_CONSOLE
        if mode == SOLO and not self.curtain.isChecked():
            return NO_PIN_IN_SOLO
        if len(self.inputs) == len(self.game.options) and self.game.entries_public(self.options()):
            return NO_PIN_IN_THE_OPEN
        return None

    def _sync_pins(self) -> None:
        why = self._no_pin()
        self.pin_heading.setEnabled(why is None)
        for row in self.rows:
            row.ask_pin(why)

    def _mode_changed(self) -> None:
        """Solo practice is one person against bots: choosing it makes every seat but the
        first a bot, where more than one was a person."""
        solo = self.mode.currentData() == SOLO
        self.curtain.setEnabled(solo)
        self._sync_pins()
        humans = [row for row in self.rows if row.controller.currentData() == HUMAN]
        if solo and len(humans) > 1:
            for row in self.rows[1:]:
                row.controller.setCurrentIndex(row.controller.findData(BOT))
            self.rows[0].controller.setCurrentIndex(self.rows[0].controller.findData(HUMAN))

    def _add_player(self) -> None:
        """A new seat at the end, its name picked out for typing and scrolled into sight (a
        crowd's list runs past the screen)."""
        before = len(self.rows)
        self._add_row(f"Player {before + 1}", True)
        if len(self.rows) > before:  # once the layout has shown the new row
            QTimer.singleShot(0, self.rows[-1].name, self._ready_to_name)

    def _ready_to_name(self) -> None:
        name = self.rows[-1].name
        self.scroll.ensureWidgetVisible(name)
        name.setFocus()
        name.selectAll()

    def _remove_row(self) -> None:
        if len(self.rows) <= self.game.min_players:
            self.error.setText(f"{self.game.title} needs at least {self.game.min_players} players.")
            return
        self.rows.pop().remove()
        self.error.clear()
        self._names_changed()
        self._grey_out_unused()

    # ----- options -------------------------------------------------------------------

    def _option_input(self, option: Option) -> QWidget:
        if option.one_player:  # the seats' names to choose from: see _names_changed
            box = QComboBox()
            box.addItem(option.one_player, "")
            return box
        if option.kind == "choice":
            box = QComboBox()
            for value, label in option.choices:
                box.addItem(label, value)
            box.setCurrentIndex([v for v, _ in option.choices].index(option.default))
            return box
        if option.kind == "bool":
            check = QCheckBox()
            check.setChecked(option.default)
            return check
        if option.kind == "int":
            spin = QSpinBox()
            spin.setRange(
                option.minimum if option.minimum is not None else -(10**6),
                option.maximum if option.maximum is not None else 10**6,
            )
            spin.setValue(option.default)
            return spin
        return QLineEdit(str(option.default))

    def _names_changed(self) -> None:
        """An option naming a player offers the seats' names as they are typed: the seat
        chosen stays chosen under its new name, and one removed leaves the empty value's
        label (drawn at random) chosen."""
        for option in self.game.options:
            box = self.inputs.get(option.key)
            if not option.one_player or box is None:
                continue
            chosen = box.currentIndex()
            box.blockSignals(True)
            while box.count() > 1:
                box.removeItem(1)
            for row in self.rows:
                name = row.name.text().strip()
                box.addItem(name, name)
            box.setCurrentIndex(chosen if 0 <= chosen < box.count() else 0)
            box.blockSignals(False)

    def _set_option(self, option: Option, value) -> None:
        widget = self.inputs[option.key]
        if isinstance(widget, QComboBox):
            index = widget.findData(value)
            widget.setCurrentIndex(max(index, 0))
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QSpinBox):
            widget.setValue(int(value))
        elif isinstance(widget, QLineEdit):
            widget.setText(str(value))

    def _grey_out_unused(self) -> None:
        """An option that changes nothing with the others as they are set (the points to hand
        out, when the game ends after its rounds) is greyed out, its label too."""
        if len(self.inputs) < len(self.game.options):
            return  # the seats come first: the options are still being built
        values, players = self.options(), len(self.rows)
        for option in self.game.options:
            used = option.applies_to(values, players)
            widget = self.inputs[option.key]
            widget.setEnabled(used)
            label = self.options_form.labelForField(widget)
            if label is not None:
                label.setEnabled(used)
        if self.explained is not None:  # its help says whether it is greyed out: told anew
            self._explain(self.explained[0])

    # ----- what the options change ------------------------------------------------------

    def _focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        """The keyboard moved: bring the field it is on in sight, and explain the option it is
        on (a spin box's text is inside its box), or nothing when it left the options."""
        if new is not None and self.scroll.widget().isAncestorOf(new):
            self.scroll.ensureWidgetVisible(new)
        for widget, option in self.about.items():
            if new is not None and (new is widget or widget.isAncestorOf(new)):
                self._explain(option)
                # stacked on a narrow screen, the help is below the options: bring it in
                # sight with the option (the pointer's help never scrolls)
                self.scroll.ensureWidgetVisible(self.option_help)
                self.scroll.ensureWidgetVisible(widget)
                return
        self.explained = None
        self.option_help.setText(self.prompt)

    def _explain(self, option: Option | None) -> None:
        self.explained = (option,)
        if option is None:
            self.option_help.setText(VARIANT_HELP)
            return
        text = f"{option.label}: {option.help}"
        if not self.inputs[option.key].isEnabled():
            text += f" {self._unused_because(option)}"
        self.option_help.setText(text)

    def _unused_because(self, option: Option) -> str:
        """Why `option` is greyed out: the count of players, or the settings, it waits on that
        are not as it needs them now (of an option waiting on several, only those)."""
        waits = []
        settings = []
        for key, values in option.unmet(self.options(), len(self.rows)):
            if key == "players":
                waits.append(f"with {' or '.join(str(count) for count in values)} players")
            else:
                settings.append(self._setting(key, values))
        if settings:
            waits.append("while " + " and ".join(settings))
        if not waits:
            return ""
        return f"It counts only {' and '.join(waits)}, so it is greyed out."

    def _setting(self, key: str, values: tuple) -> str:
        """A setting an option waits on, as the options show it: "Game ends is At a points
        total", "Tie-break is Extra rounds"."""
        other = next(o for o in self.game.options if o.key == key)
        return f"{other.label} is {' or '.join(map(other.shown, values))}"

    def _apply_preset(self) -> None:
        if self.preset.currentIndex() < 0:
            return  # "Custom": the options stay as the player set them
        values = self.preset.currentData() or {}
        for option in self.game.options:
            self._set_option(option, values.get(option.key, option.default))

    def _options_changed(self) -> None:
        """An option was set by hand: grey out what it makes unused (a PIN too, where the
        options leave nothing hidden), name the variant the options now match (or "Custom"),
        and clear a complaint about the options before."""
        self._grey_out_unused()
        if len(self.inputs) < len(self.game.options):
            return
        self._sync_pins()
        values = self.options()
        matching = -1
        for index in range(self.preset.count()):
            preset = self.preset.itemData(index) or {}
            wanted = {o.key: preset.get(o.key, o.default) for o in self.game.options}
            if all(values[key] == value for key, value in wanted.items()):
                matching = index
                break
        if matching != self.preset.currentIndex():
            self.preset.blockSignals(True)
            self.preset.setCurrentIndex(matching)
            self.preset.blockSignals(False)
        self.error.clear()

    def options(self) -> dict:
        values = {}
        for option in self.game.options:
            widget = self.inputs[option.key]
            if isinstance(widget, QComboBox):
                values[option.key] = widget.currentData()
            elif isinstance(widget, QCheckBox):
                values[option.key] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                values[option.key] = widget.value()
            else:
                values[option.key] = widget.text()
        return values

    # ----- start ---------------------------------------------------------------------

    def seats(self) -> list[Seat]:
        return [row.seat() for row in self.rows]

    def _start(self) -> None:
        try:
            session = self.build_session()
        except (GameError, ValueError) as error:
            self.error.setText(error.said if isinstance(error, GameError) else str(error))
            return
        self.error.clear()
        self.start.emit(session)

    def build_session(self) -> Session:
        for row in self.rows:
            if row.pin.isEnabled() and any(c.isspace() for c in row.pin.text()):
                raise ValueError(
                    f"{row.name.text().strip() or 'A player'}'s PIN has a space in it: at the "
                    "curtain the space bar can lift the screen, so write the PIN without spaces."
                )
        seats = self.seats()
        mode = self.mode.currentData()
        humans = [s for s in seats if not s.is_bot]
        if mode == TABLE and not humans:
            raise ValueError("Nobody is at the table: make at least one seat human.")
        text = self.seed.text().strip()
        try:
            seed = int(text) if text else None
        except ValueError:
            raise ValueError(f'The seed must be a whole number, not "{text}".') from None
        curtain = self.curtain.isChecked() if mode == SOLO else True
        return Session.start(self.game, seats, self.options(), seed, mode, curtain)
