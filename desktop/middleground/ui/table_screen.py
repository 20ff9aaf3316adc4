"""The table: the curtain, or the board with the private panel, the reveal, or the console."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QClipboard, QFont, QFontMetrics, QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from middleground.engine import GameError
from middleground.engine.words import join_names
from middleground.table import Changes
from middleground.table.session import FACILITATOR, PASS, PRIVATE, SOLO
from middleground.widgets.forms import focus_first_choice
from middleground.widgets.names import closed, closed_names
from middleground.widgets.plugin import board_for, panel_for
from middleground.widgets.theme import Theme
from middleground.widgets.wrapped import FittedRichLabel, fit_words

from .board_view import BoardView
from .bridge import TableBridge
from .console import Console
from .curtain import CurtainWidget

NAME_GAP = 14  # pixels between a name and its standing


class TableScreen(QWidget):
    """One game at the table. Redraws from each Changes record."""

    finished = Signal()

    def __init__(
        self, bridge: TableBridge, theme: Theme, idle_seconds: int = 60, hold_to_lift: bool = False
    ) -> None:
        super().__init__()
        self.bridge = bridge
        self.session = bridge.session
        self.theme = theme
        self.hold_to_lift = hold_to_lift
        game = self.session.game

        self.curtain = CurtainWidget()
        self.curtain.lift.connect(self._lift)

        self.board = board_for(game, theme)
        self.board_view = BoardView(self.board)
        self.status = QLabel()
        self.status.setAccessibleName("Status")
        # Its text is fitted to the width it is given (see _status): a long list of names
        # must not make the window wider than the screen. A sentence that still does not fit
        # (the reveal's, a problem's, on a 1024-wide screen) goes on to a second line.
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status.setWordWrap(True)
        self.log = QListWidget()
        self.log.setAccessibleName("What happened")
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # A long line (The Median's conveyor) wraps instead of running off to a side scroll.
        self.log.setWordWrap(True)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._log_lines: list[str] = []  # what the log shows, top to bottom

        # A private panel exists only while its curtain is lifted (see _open_panel).
        self.panel = None
        self.panel_shown = None  # what the open panel was built from
        # Each seat's choices made on its panel but not sent (Panel.memory), for this game.
        self.panel_memory: dict[int, dict[object, object]] = {}
        # What was copied or selected (X11's middle-click paste) while a private screen was
        # open goes with that screen: a number selected to retype stayed there for the next
        # player's middle click, and a copy for their paste.
        self._copied: set[QClipboard.Mode] = set()
        clipboard = QGuiApplication.clipboard()
        clipboard.dataChanged.connect(self._copied_now)
        clipboard.selectionChanged.connect(self._selected_now)
        self.panel_error = QLabel()
        self.panel_error.setWordWrap(True)
        self.panel_error.setObjectName("formError")
        private = QWidget()
        private_layout = QVBoxLayout(private)
        self.panel_slot = QVBoxLayout()
        private_layout.addLayout(self.panel_slot, 1)
        private_layout.addWidget(self.panel_error)
        self.hide_button = QPushButton("Hide my screen")
        self.hide_button.clicked.connect(self.session.drop)
        private_layout.addWidget(self.hide_button)

        # Written for its width: a name too long for its column is shortened, never the
        # standings pushed out of sight (see _standings).
        self.standings = FittedRichLabel()
        self.standings.setAccessibleName("Standings")
        self.standings.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.continue_button = QPushButton("Continue")
        self.continue_button.setMinimumHeight(56)
        self.continue_button.clicked.connect(self._continue)
        public = QWidget()
        public_layout = QVBoxLayout(public)
        public_layout.addWidget(QLabel("Standings"))
        # A crowd's standings scroll rather than make the window taller than the screen.
        scroll = QScrollArea()
        scroll.setAccessibleName("Standings, scrolling")
        scroll.setWidget(self.standings)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        public_layout.addWidget(scroll, 1)
        # Practising alone, the player looks at their hand while the bots think, without
        # hunting for it in the Table menu.
        self.mine_button = QPushButton("Open my screen")
        self.mine_button.clicked.connect(self._open_mine)
        public_layout.addWidget(self.mine_button)
        public_layout.addWidget(self.continue_button)

        self.side = QStackedWidget()
        self.side.addWidget(private)
        self.side.addWidget(public)
        self.console = None
        if self.session.mode == FACILITATOR:
            self.console = Console(self.session)
            self.console.message.connect(self._show_problem)  # kept through a resize
            self.side.addWidget(self.console)
        self.side.setObjectName("side")
        self.side.setStyleSheet(
            "#side QWidget { font-size: 17px; } #side QSpinBox, #side QComboBox "
            "{ font-size: 26px; min-height: 44px; } #side QPushButton { min-height: 40px; }"
        )
        self.standings.setStyleSheet("font-size: 20px;")
        self.side.setMinimumWidth(340)
        self.side.setMaximumWidth(460)

        left = QVBoxLayout()
        left.addWidget(self.status)
        left.addWidget(self.board_view, 1)
        left.addWidget(self.log)
        table = QWidget()
        row = QHBoxLayout(table)
        row.addLayout(left, 3)
        row.addWidget(self.side, 1)

        self.stack = QStackedWidget()
        self.stack.addWidget(self.curtain)
        self.stack.addWidget(table)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.stack)

        self.idle = QTimer(self)
        self.idle.setSingleShot(True)
        self.idle.timeout.connect(self.session.drop)
        self.set_idle_seconds(idle_seconds)
        self.continue_button.installEventFilter(self)  # Enter presses it, as in a dialog

        bridge.changed.connect(self.refresh)
        bridge.thinking.connect(lambda _seats: self._status())
        # A problem (a bot that failed, a save that could not be written) stays in the status
        # line until the game moves on, so the table sees why it is waiting.
        self.problem = ""
        bridge.failed.connect(self._show_problem)
        self.apply_theme(theme)
        self.refresh(Changes(game=True, curtain=True))
        self.status.installEventFilter(self)  # refits the line to each new width

    # ----- settings ------------------------------------------------------------------

    def set_hold_to_lift(self, hold_to_lift: bool) -> None:
        """Lift the curtain by holding the space bar, or with the button and Enter: from now,
        the curtain up now included (the View menu's entry, changed mid-game)."""
        self.hold_to_lift = hold_to_lift
        self.curtain.set_hold_to_lift(hold_to_lift)

    def set_idle_seconds(self, seconds: int) -> None:
        """Lower the curtain after `seconds` without input (0: never), from now: a player's
        screen open now starts counting, or stops."""
        self.idle.setInterval(max(seconds, 0) * 1000)
        self.idle_enabled = seconds > 0
        if self.idle_enabled and self.panel is not None:
            self.idle.start()
        elif not self.idle_enabled:
            self.idle.stop()

    # ----- redraw --------------------------------------------------------------------

    def apply_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.curtain.set_theme(theme)
        self.board.set_theme(theme, self.session.board_view())
        self._standings()  # a bot's level in the theme's quieter colour
        self.status.setFont(QFont("Sans", max(12, int(15 * theme.scale))))
        # The log is read from a chair, as the board is: six lines of it, in a readable size.
        font = QFont("Sans", max(12, int(13 * theme.scale)))
        self.log.setFont(font)
        self.log.setMaximumHeight(QFontMetrics(font).lineSpacing() * 6 + 8)

    def refresh(self, changes: Changes) -> None:
        if changes.game:
            self.problem = ""
        self.board.refresh(self.session.board_view())
        self._log()
        self._standings()
        self._status()
        if changes.curtain or changes.seats or changes.game:
            self._show_curtain_stage()
        if self.console is not None and (changes.game or changes.seats):
            self.console.refresh()
        elif self.console is not None and changes.curtain:
            self.console.show_reveal()  # Continue pressed: the boards went on

    def _show_curtain_stage(self) -> None:
        curtain = self.session.curtain
        if curtain.stage != PRIVATE:
            self._close_panel()
        if curtain.stage == PASS:
            # Once up, the curtain stays as its player left it (a first Enter, half a PIN)
            # while bots choose behind it; a new one comes up fresh.
            seat = self.session.seats[curtain.seat]
            if self.stack.currentWidget() is not self.curtain or self.curtain.name != seat.name:
                self.curtain.show_for(seat.name, bool(seat.pin_hash), self.hold_to_lift)
            self.stack.setCurrentWidget(self.curtain)
            self.idle.stop()
            return
        self.stack.setCurrentIndex(1)
        over = self.session.state.is_terminal()
        if self.console is not None and not over:
            self.side.setCurrentWidget(self.console)
        elif curtain.stage == PRIVATE:
            # Without the curtain (solo practice, or nothing secret to hide) the screen is not
            # hidden; a player who asked for it between turns goes back to the board.
            curtained = self.session.curtained
            self.hide_button.setText("Hide my screen" if curtained else "Back to the board")
            self.hide_button.setVisible(curtained or curtain.reason == "call")
            self.side.setCurrentIndex(0)  # first: a panel takes the keyboard once it shows
            self._open_panel(curtain.seat)
            if self.idle_enabled:
                self.idle.start()
        else:
            self.side.setCurrentIndex(1)
            reveal = curtain.reason == "reveal" or over
            self.continue_button.setText("See the results" if over else "Continue")
            self.continue_button.setVisible(reveal)
            self.mine_button.setVisible(self.session.mode == SOLO and not over)
            if reveal:
                self.continue_button.setFocus()

    def _open_panel(self, seat: int) -> None:
        """Build a fresh panel for the seat whose curtain is lifted; rebuild it when what it
        shows changed while it was open (the player's gift, an offer a bot made them)."""
        view = self.session.private_view()
        form = self.session.state.action_form(seat)
        shown = (seat, view.board, view.my_submission, form)
        if self.panel is not None and shown == self.panel_shown:
            return
        # The same player's panel, rebuilt because a bot acted: why their last try was
        # refused stays in sight until they try again.
        same_player = self.panel is not None and self.panel_shown[0] == seat
        self._close_panel(keep_error=same_player)
        self.panel_shown = shown
        self.panel = panel_for(self.session.game, self.panel_memory.setdefault(seat, {}))
        self.panel.setProperty("seat", seat)
        self.panel.submitted.connect(self._submit)
        self.panel.show_view(view, form, self.session.events_for_open_seat())
        self.panel_slot.addWidget(self.panel)
        self.panel.show()
        for widget in (self.panel, *self.panel.findChildren(QObject)):
            widget.installEventFilter(self)
        focus_first_choice(self.panel)  # the keyboard lands on the choice, not on Hide

    def _copied_now(self) -> None:
        if self.panel is not None:
            self._copied.add(QClipboard.Mode.Clipboard)

    def _selected_now(self) -> None:
        if self.panel is not None:
            self._copied.add(QClipboard.Mode.Selection)

    def _close_panel(self, keep_error: bool = False) -> None:
        """Detach the private panel at once, so nothing of it stays in any window."""
        if not keep_error:
            self.panel_error.clear()
        if self.panel is None:
            return
        self.panel.hide()
        self.panel.setParent(None)
        self.panel.deleteLater()
        self.panel = None
        clipboard = QGuiApplication.clipboard()
        for mode in self._copied:
            clipboard.clear(mode)
        self._copied.clear()

    def _log(self) -> None:
        """The last 60 public events but sealed choices, as far as the board shows them (a
        reveal holds them, see Session.board_events); only lines that changed are redrawn (a
        sealed choice usually changes none). A right-to-left name keeps what follows it after
        it ("so محمد (39) scores", not "so (39) محمد scores")."""
        events = self.session.board_events()
        players = self.session.state.players
        lines = [closed_names(e.text, players) for e in events[-60:] if e.kind != "submitted"]
        shown = self._log_lines
        if lines == shown:
            return
        kept = len(shown)
        if lines[:kept] != shown:  # not just new lines at the end: start again
            self.log.clear()
            kept = 0
        self.log.addItems(lines[kept:])
        self._log_lines = lines
        self.log.scrollToBottom()

    def _standings(self) -> None:
        """A row a player, as the projector has them: the name with a bot's level after it,
        quieter, and the standing in a column of its own, so that a long name wraps within
        its column rather than push the standing onto a line of its own, read as another
        player's. A screen reader reads a line a player."""
        rows = self.bridge.feed.standings()
        muted = self.theme.muted
        self.standings.set_writer(lambda room: self._standings_table(rows, muted, room))
        lines = [
            f"{name}{f' ({role})' if role else ''}  {shown}".rstrip() for name, role, shown in rows
        ]
        self.standings.setAccessibleDescription("\n".join(lines))

    def _standings_table(self, rows: list[tuple[str, str, str]], muted: str, room: int) -> str:
        """The standings as a table `room` pixels wide (names escaped): each standing whole,
        on one line, and a word of a name too long for the width its column has left
        shortened in its middle, so that the standings never go out of sight and two long
        names that differ only at the end still read as two."""
        metrics = self.standings.fontMetrics()
        standing = max((metrics.horizontalAdvance(shown) for _n, _r, shown in rows), default=0)
        names = room - standing - NAME_GAP - 4  # 4: the table's own edges
        cells = []
        for name, role, shown in rows:
            level = f" ({role})" if role else ""
            quiet = f'<span style="color: {muted}">{escape(level)}</span>' if role else ""
            cells.append(  # set left to right: "محمد" at its cell's left, clear of its standing
                f'<tr><td dir="ltr" style="padding: 1px {NAME_GAP}px 1px 0">'
                f"{escape(fit_words(metrics, name, names))}{quiet}</td>"
                f'<td dir="ltr" style="white-space: nowrap">{escape(shown)}</td></tr>'
            )
        return f'<table cellspacing="0">{"".join(cells)}</table>'

    def _show_problem(self, message: str) -> None:
        self.problem = message
        self._status()

    def _status(self) -> None:
        if self.problem:
            self.status.setText(self.problem)
            return
        session = self.session
        names = session.state.players
        thinking = self.bridge.thinking_seats()
        if session.state.is_terminal():
            text = "The game is over."
        elif session.reading_reveal():
            # The board says to press Continue; the table waits for it, whatever bots think
            # about meanwhile.
            if session.mode == FACILITATOR:
                text = "The projector shows the reveal until you press Continue."
            elif session.mode == SOLO:
                text = ""  # nor which bots think: of a round the board does not show yet
            else:
                text = "Everyone may look now."
        elif thinking and not session.humans_owed():
            text = self._fitted(("Thinking: {}…", [names[s] for s in thinking], "bots"))
        elif session.curtain.stage == PASS:
            text = ""
        else:
            # Whom the table waits for, and apart from them the bots at work: everyone who owes
            # a choice, as the board lists them, so no one learns who has chosen.
            # On a player's own open screen, the others: they know they are to choose.
            awaited = session.state.awaiting()
            mine = session.curtain.seat if session.curtain.stage == PRIVATE else None
            waiting = [names[s] for s in awaited if s not in thinking and s != mine]
            busy = [names[s] for s in thinking if s in awaited]
            also = "Also waiting for {}" if mine in awaited else "Waiting for {}"
            parts = ((also, waiting, "players"), ("thinking: {}", busy, "bots"))
            text = self._fitted(*(part for part in parts if part[1]))
            text = text[:1].upper() + text[1:]  # "Thinking: Bo…" alone
        self.status.setText(text)

    def _fitted(self, *parts: tuple[str, list[str], str]) -> str:
        """The parts of the line ("Waiting for {}", the names, what they are) joined by " · ",
        each with its names; where they would not fit the status line's width, the names of
        the last part are counted instead ("5 bots"), then those of the part before it. Each
        right-to-left name is closed (names.closed), so that the commas and "and" after it stay
        after it."""
        shown = [join_names([closed(name) for name in names]) for _words, names, _what in parts]
        room = self.status.width() or self.width()
        metrics = QFontMetrics(self.status.font())

        def text() -> str:
            words = [part[0] for part in parts]
            return " · ".join(w.format(names) for w, names in zip(words, shown, strict=True))

        for index in reversed(range(len(parts))):
            if metrics.horizontalAdvance(text()) <= room:
                break
            _words, names, what = parts[index]
            if len(names) > 1:
                shown[index] = f"{len(names)} {what}"
        return text()

    # ----- input ---------------------------------------------------------------------

    def _lift(self, pin: str) -> None:
        seat = self.session.curtain.seat
        try:
            self.session.lift(seat, pin)
        except GameError as error:
            self.curtain.show_error(error.said)

    def _submit(self, action) -> None:
        seat = self.session.curtain.seat
        self.panel_error.clear()  # a new try: the last one's refusal no longer stands
        try:
            self.session.submit(seat, action)
        except GameError as error:
            self.panel_error.setText(error.said)

    def _open_mine(self) -> None:
        """The solo player's own screen, outside their turn."""
        seat = next(s for s, info in enumerate(self.session.seats) if not info.is_bot)
        try:
            self.session.call(seat)
        except GameError as error:
            self._show_problem(error.said)

    def _continue(self) -> None:
        if self.session.state.is_terminal():
            self.finished.emit()
        else:
            self.session.acknowledge()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.status and event.type() == QEvent.Type.Resize:
            self._status()  # names fit a wider line, or no longer fit a narrower one
            return False
        if (
            watched is self.continue_button
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self._continue()
            return True
        if (
            self.idle_enabled
            and self.idle.isActive()
            and event.type()
            in (
                QEvent.Type.KeyPress,
                QEvent.Type.MouseButtonPress,
                QEvent.Type.Wheel,
            )
        ):
            self.idle.start()
        return False
