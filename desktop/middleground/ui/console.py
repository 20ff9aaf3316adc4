"""The facilitator's console: every seat at a glance, entry of the humans' choices, undo, swaps,
and exports. It sees everything by design; the projector window is the public face."""

from __future__ import annotations

import csv
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from middleground.ai.bot import LEVELS
from middleground.engine import ActionForm, GameError
from middleground.engine.words import ordinal, token_text
from middleground.table import Session
from middleground.table.seats import BOT, HUMAN
from middleground.widgets.forms import (
    ActionFormWidget,
    focus_first_choice,
    name_then_status,
)
from middleground.widgets.kept import keep
from middleground.widgets.plugin import panel_for


class Console(QWidget):
    """Seat list, the entry form for the chosen seat, undo, swap, exports."""

    message = Signal(str)
    export_picture = Signal()  # the window asks where, and saves (as Table > Export picture)
    export_scores = Signal()

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._round = session.state.round_number()  # the round the entries are for
        self.seats = QListWidget()
        self.seats.setAccessibleName("Seats")
        # A long status gives up its end before the name, what the facilitator looks for
        # (_fit_rows).
        self.seats.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.seats.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerItem)  # whole rows
        # What is left under the whole rows (_whole_rows) is the list's own, empty, not a band
        # of the window's colour inside its frame.
        self.seats.setBackgroundRole(QPalette.ColorRole.Base)
        self.seats.setAutoFillBackground(True)
        self._rows: list[tuple[str, str, str]] = []  # (name, role, status) a seat, as listed
        self.seats.currentRowChanged.connect(self._seat_chosen)
        self.seats.installEventFilter(self)  # whole rows at each new height (_whole_rows)
        self.seats.viewport().installEventFilter(self)  # refits the rows to each new width
        self.seats.itemActivated.connect(lambda _item: self.focus_entry())  # Enter on a seat
        # What the chosen seat's player must be told in private (Session.to_tell): they have
        # no screen of their own. The console's alone: never the projector's.
        self.tell = QLabel()
        self.tell.setObjectName("consoleTell")
        self.tell.setWordWrap(True)
        self.tell.setTextFormat(Qt.TextFormat.PlainText)
        self.tell.setAccessibleName("To tell in private")
        self.tell.setStyleSheet(
            "#consoleTell { border: 2px solid palette(highlight); border-radius: 4px; "
            "padding: 4px 6px; }"
        )
        self.tell.hide()
        # While a round's reveal is on the boards (the projector's, the exported picture),
        # it stays there until the facilitator goes on; entries for the next round may be
        # made meanwhile, out of the room's sight.
        self.continue_button = QPushButton("Continue: on to what comes next")
        self.continue_button.setToolTip("The boards show the reveal until you continue")
        self.continue_button.clicked.connect(self.session.acknowledge)
        self.continue_button.hide()
        self.form = ActionFormWidget()
        self.form.submitted.connect(self._enter_form)
        self.undo_button = QPushButton("Undo")
        self.undo_button.setToolTip("Take back the last entry (Ctrl+Z)")
        self.undo_button.setAccessibleName("Undo last entry")
        self.undo_button.clicked.connect(self.undo)
        self.swap_button = QPushButton("Make bot")
        self.swap_button.clicked.connect(self._swap)
        self.level = QComboBox()
        self.level.addItems(list(LEVELS))
        self.level.setCurrentText("normal")
        self.level.setAccessibleName("Bot level")
        self.level.setStyleSheet("font-size: 17px;")  # a setting, not a choice of the game
        png = QPushButton("Export picture")
        png.setToolTip("The board as it stands, as a PNG picture")
        png.clicked.connect(self.export_picture)
        scores = QPushButton("Export scores")
        scores.setToolTip("Everyone's points after each round, as a CSV table")
        scores.clicked.connect(self.export_scores)
        # Two rows of buttons, so that the entry above keeps the height it needs.
        swap_row = QHBoxLayout()
        swap_row.addWidget(self.undo_button)
        swap_row.addWidget(self.swap_button)
        swap_row.addWidget(self.level)
        export_row = QHBoxLayout()
        export_row.addWidget(png)
        export_row.addWidget(scores)
        layout = QVBoxLayout(self)
        layout.addWidget(self.continue_button)
        layout.addWidget(QLabel("Seats (choose one to enter its choice)"))
        layout.addWidget(self.seats, 1)
        layout.addWidget(self.tell)
        layout.addWidget(self.form)
        # A game whose panel says so (`console = True`) is entered with that panel: its form
        # alone cannot say the whole action (The Median's orders for several characters).
        self.panel = None
        self.panel_key = None
        # What was entered for each seat but not sent, in its panel or form (Panel.memory):
        # another seat's entry or a bot's rebuilds the entry, and it loses nothing.
        self.memory: dict[int, dict[object, object]] = {}
        self.panel_slot = QVBoxLayout()
        layout.addLayout(self.panel_slot)
        self.outer = layout
        layout.addLayout(swap_row)
        layout.addLayout(export_row)
        self.refresh()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        # Enough rows to see who is still to enter beside a game's tall panel (five, or every
        # seat of a smaller table), measured once the side's type size applies; the panel
        # scrolls before the list shrinks below that.
        rows = min(self.seats.count(), 5)
        frame = 2 * self.seats.frameWidth()
        self.seats.setMinimumHeight(rows * max(self.seats.sizeHintForRow(0), 1) + frame)
        self.focus_entry()  # the console comes up ready for the first entry

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.seats and event.type() == QEvent.Type.Resize:
            self._whole_rows(event.size().height())
        # The list's own width, once its layout has given it one: the console's resize comes
        # before the list's, and fitting the rows then would fit them to the old width.
        if watched is self.seats.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_rows()
            # The chosen seat's row was brought into sight at the list's old height, before
            # its entry (taller or shorter than the last seat's) took its place: at the new one
            # it could sit cut at the list's edge, or below it. It is brought into sight again
            # once the list has taken in its new height (its scroll range is set after this).
            QTimer.singleShot(0, self, self._show_chosen)
        return False

    def _whole_rows(self, height: int) -> None:
        """Whole rows only. The list takes the height its layout leaves (beside the entry,
        rarely a whole number of rows), so where the seats' rows do not all fit, the last one
        in sight was cut at its edge: half a row, which looked like a row in sight. The rows
        now take the most whole rows that height holds, and leave the rest blank under them
        (the list scrolls a row at a time)."""
        seats = self.seats
        row = max(seats.sizeHintForRow(0), 1)  # every row one line of the same type
        inner = height - 2 * seats.frameWidth()
        spare = inner % row if seats.count() * row > inner else 0
        if seats.viewportMargins().bottom() != spare:
            seats.setViewportMargins(0, 0, 0, spare)  # the viewport resizes: _show_chosen

    def _show_chosen(self) -> None:
        """The chosen seat's row wholly in sight."""
        item = self.seats.currentItem()
        if item is not None:
            self.seats.scrollToItem(item)

    def show_reveal(self) -> None:
        """Continue while the boards hold a reveal, and only then."""
        self.continue_button.setVisible(self.session.reading_reveal())

    def _fit_rows(self) -> None:
        """Each seat's row, "who (level): status", shortened with an ellipsis where the whole
        would not fit the list's width: the status first, so the name stays whole (a long
        entry could leave it a letter), and a name cut keeps what tells it from the other seats'
        ("Bartholomew…Ashby", "Bartholomew…Ashton"); the whole is what a screen reader reads."""
        metrics, room = self.seats.fontMetrics(), self.seats.viewport().width() - 12
        names = [who for who, _role, _status in self._rows]
        for row, (who, role, status) in enumerate(self._rows):
            kept = f" ({role})" if role else ""  # a bot's level stays whole
            shown = name_then_status(metrics, who, kept, status, room, names)
            item = self.seats.item(row)
            if item is not None:
                item.setText(shown)
                whole = who + kept + (f": {status}" if status else "")
                item.setData(Qt.ItemDataRole.AccessibleTextRole, whole)

    def refresh(self) -> None:
        session = self.session
        self.show_reveal()
        focused = QApplication.focusWidget()
        entering = focused is not None and (
            self.form.isAncestorOf(focused)
            or (self.panel is not None and self.panel.isAncestorOf(focused))
        )
        current = self.seats.currentRow()
        self.seats.blockSignals(True)
        self.seats.clear()
        state = session.state
        awaiting = set(state.awaiting())
        # A turn taken since the last reveal (the card game's lead) shows like a sealed choice,
        # and several (a list written all at once) as the game sums them up.
        taken: dict[int, list] = {}
        for seat, action in state.history[state.settled :]:  # sealed choices included
            if not state.is_free(action):
                taken.setdefault(seat, []).append(action)
        self._rows = []
        for seat, info in enumerate(session.seats):
            if seat in taken and seat not in awaiting:
                status = state.choices_done(taken[seat])
            elif seat in awaiting:
                status = "thinking" if info.is_bot else "waiting"
            else:
                status = ""
            if not info.is_bot and session.to_tell(seat):
                # In place of what the seat chose (its panel shows that too): the row stays
                # short enough to keep the name whole.
                status = "news to tell · waiting" if seat in awaiting else "news to tell"
            self._rows.append((info.name, info.role, status))
            self.seats.addItem("")
        self._fit_rows()
        self.seats.blockSignals(False)
        humans = session.humans_owed()
        # The entry stays on its seat while that seat still owes one; else (and when a new
        # round begins, rather than on the seat entered last) it goes to the first owed.
        if session.state.round_number() != self._round:
            self._round = session.state.round_number()
            current = -1
        row = current if current in humans else (humans[0] if humans else current)
        self.seats.setCurrentRow(max(row, 0) if session.seats else -1)
        self.seats.scrollToItem(self.seats.currentItem())
        self._seat_chosen(self.seats.currentRow())
        if entering:  # an entry went in: straight on to the next seat's entry, once it shows
            QTimer.singleShot(0, self.focus_entry)

    def _seat_chosen(self, seat: int) -> None:
        if seat < 0:
            return
        info = self.session.seats[seat]
        self.swap_button.setText("Make human" if info.is_bot else "Make bot")
        news = [] if info.is_bot else self.session.to_tell(seat)
        self.tell.setText("\n".join([f"Tell {info.name} in private:", *news]))
        self.tell.setVisible(bool(news))
        if info.is_bot:
            self._drop_panel()
            self.form.set_form(ActionForm(prompt=f"{info.name} is a bot and chooses alone."))
        elif not self._show_panel(seat):
            form = self.session.state.action_form(seat)
            # Read by the facilitator: it asks of the seat by name ("Round 2: Ann's number.").
            self.form.set_form(form.told(at_console=True), f"Enter for {info.name}")
            # Kept for this decision, whatever its choices now: beside a real deck another
            # seat's card leaves this seat's list, and a card chosen here stays chosen.
            decision = (self._round, form.prompt, tuple(field.key for field in form.fields))
            keep(self.memory.setdefault(seat, {}), decision, self.form.widgets())

    def _show_panel(self, seat: int) -> bool:
        """The game's own panel for `seat`, if it serves the console; rebuilt only when what
        it shows changed, so a bot's move does not wipe a half-entered choice."""
        state = self.session.state
        view, form = self.session.console_view(seat), state.action_form(seat)
        key = (seat, view.board, view.my_submission, view.seat in view.awaiting, form)
        if self.panel is not None and key == self.panel_key:
            return True
        # Read here by the facilitator: the panel speaks of the seat by name ("Ann's score").
        name = self.session.seats[seat].name
        panel = panel_for(self.session.game, self.memory.setdefault(seat, {}), name)
        if not getattr(panel, "console", False):
            panel.deleteLater()
            self._drop_panel()
            return False
        self._remove_panel()  # the form stays hidden: the new panel takes its place
        panel.show_view(view, form, state.events_for(seat))
        panel.submitted.connect(self._enter)
        self.form.hide()
        self.panel_slot.addWidget(panel)
        panel.show()
        self.outer.setStretchFactor(self.panel_slot, 2)
        self.panel, self.panel_key = panel, key
        return True

    def _drop_panel(self) -> None:
        """The form in place of the game's panel. The panel goes first: for a moment with
        both, the console could be taller than the screen (1024x768, under a reveal's
        Continue and news to tell), and the window, grown to hold it, stayed so."""
        self._remove_panel()
        self.form.show()

    def _remove_panel(self) -> None:
        self.outer.setStretchFactor(self.panel_slot, 0)
        if self.panel is not None:
            self.panel.hide()
            self.panel.setParent(None)
            self.panel.deleteLater()
        self.panel = self.panel_key = None

    def focus_entry(self) -> None:
        """The keyboard to the chosen seat's entry: its number box, its list of cards."""
        focus_first_choice(self.panel if self.panel is not None else self.form)

    def _enter(self, action) -> bool:
        """Enter `action` for the chosen seat; whether the game took it."""
        seat = self.seats.currentRow()
        try:
            self.session.submit(seat, action)
        except GameError as error:
            self.form.show_error(error.said)
            self.message.emit(error.said)
            return False
        return True

    def _enter_form(self, action) -> None:
        """The form's entry, sent: the seat's next entry (the next number of a list made all
        at once) starts empty; a refused one stays as typed, to be put right."""
        kept = self.memory.pop(self.seats.currentRow(), None)
        if not self._enter(action) and kept is not None:
            self.memory[self.seats.currentRow()] = kept

    def undo(self) -> None:
        try:
            self.session.undo()
        except GameError as error:
            self.message.emit(error.said)

    def _swap(self) -> None:
        seat = self.seats.currentRow()
        if seat < 0:
            return
        info = self.session.seats[seat]
        controller = HUMAN if info.is_bot else BOT
        try:  # the game may bar bots (a real deck), or people (hands only a screen shows)
            self.session.swap(seat, controller, self.level.currentText())
        except GameError as error:
            self.message.emit(error.said)


def export_scores(session: Session, path: Path) -> None:
    """Everyone's points after each round, then the total, as CSV; once the game is over, each
    player's place and what the rules made of it (winner, shared win, loser), then, where the
    game gives them, the tokens each earned ("2 tokens of life") and the results screen's note
    on each ("1 point above the middle total"). Where a tie-break added extra rounds, a last
    column says which of the rounds they were ("4 5"): the columns before it stay as in every
    other export."""
    history = session.score_history()
    extra = session.extra_rounds()
    state = session.state
    result = state.result() if state.is_terminal() else None
    # With a byte-order mark, as spreadsheets on Windows need to read "Zoë" as written.
    with open(path, "w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.writer(handle)
        rounds = [f"after round {i}" for i in range(1, len(history))]
        ended = ["place", "outcome"] if result else []
        if result is not None and result.tokens:
            ended.append("tokens")
        if result is not None and result.notes:
            ended.append("note")
        head = ["player", *rounds, "total", *ended]
        writer.writerow(head + (["extra rounds"] if extra else []))
        for seat, name in enumerate(state.players):
            row = [as_text(name), *[h[seat] for h in history[1:]], state.scores()[seat]]
            if result is not None:
                row += [ordinal(result.placements[seat]), result.outcome_of(seat)]
                if result.tokens:
                    row.append(token_text(result.tokens.get(str(seat), {})))
                if result.notes:
                    row.append(result.notes[seat])
            if extra:
                row.append(" ".join(map(str, extra)))
            writer.writerow(row)


# What a spreadsheet would take for a formula, not a name (OWASP's list for CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def as_text(name: str) -> str:
    """A player's name as a cell a spreadsheet shows as written: one that would start a
    formula ("=1+1", "@SUM") is marked as text with a leading apostrophe, as spreadsheets
    themselves mark it."""
    return f"'{name}" if name.startswith(FORMULA_START) else name
