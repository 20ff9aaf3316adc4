"""Results: placements, the outcome the rules define, and points over the rounds (the chart
is score_chart's)."""

from __future__ import annotations

import math
from bisect import bisect_left

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontInfo, QFontMetrics
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from middleground.engine.words import counted, join_names, ordinal, token_text
from middleground.table import Session
from middleground.widgets.names import closed_names, short_name, shortened, tells_apart
from middleground.widgets.theme import Theme
from middleground.widgets.wrapped import FittedLabel, fit_words, line_count

from .placements import Placements
from .score_chart import score_chart

# The narrowest plot worth showing beside the table (at the theme's scale): its axes and a few
# rounds, with its legend beside it. Narrower than that, the table and the chart take turns.
PLOT_WIDTH = 320
# The lowest plot worth showing under the table, where a short table leaves the room for one.
PLOT_HEIGHT = 240
# How the table and the chart share the screen.
BESIDE, STACKED, TABS = "beside", "stacked", "tabs"
UNLIMITED = 16777215  # Qt's QWIDGETSIZE_MAX, which PySide6 does not export

# The table's type, in pixels at the theme's scale, and the least it shrinks to, taking turns
# with the chart, for every row to be in sight (an audience cannot scroll): a screen is read
# up close, a projector from the back of a room, where no text is smaller than 1/LEGIBLE of
# the window's height.
ROW_TYPE, LEAST_ROW_TYPE, LEGIBLE = 20, 14, 40

# The least the Player column narrows to, in letters, for the outcome to stay in sight (a
# name no longer, "Bo (random bot)", stays whole).
LEAST_NAME = 20

# The most lines the outcome's sentence takes where long names would make it longer: five
# thirty-letter names sharing a win took six on a 1024x768 projector, and the room of the
# table's last rows under it.
SUMMARY_LINES = 2


class ResultsScreen(QWidget):
    play_again = Signal()
    home = Signal()

    def __init__(self, session: Session, theme: Theme) -> None:
        super().__init__()
        state = session.state
        result = state.result()
        names = [seat.label for seat in session.seats]  # a bot's level after its name
        scale = theme.scale
        title = QLabel(f"Results: {session.game.title}")
        title.setFont(QFont("Sans", int(24 * scale), QFont.Weight.Bold))
        summary = FittedLabel()  # written for the screen's width: see _fit_summary
        self.outcome_font = QFont("Sans", int(20 * scale))
        summary.setFont(self.outcome_font)
        summary.setAccessibleName("Outcome")
        self.outcome, self.named = result.summary, state.players  # as the rules wrote it
        self.crowned = _crowned(result.summary, state.players, result.winners)

        # The winners head the table, the losers end it: the outcome the rules reward, which in
        # The Median is not the finishing place (5th wins, 1st and 9th lose).
        ranks = result.outcome_ranks()
        order = sorted(range(len(names)), key=lambda s: (ranks[s], result.placements[s], s))
        table = QTableWidget(len(names), 4)
        table.setHorizontalHeaderLabels(["Place", "Player", "Score", "Outcome"])
        table.verticalHeader().setVisible(False)
        table.setAccessibleName("Placements")
        bold = QFont(table.font())  # a winner's row: see _set_row_type
        bold.setBold(True)
        self.theme = theme
        self.table, self.bold, self.row_type = table, bold, 0
        # In one column of rows, or two where a crowd's would not all be in sight (see _fit_type)
        self.standings = Placements(table)
        self.players = [names[seat] for seat in order]  # the Player column's, whole
        self.room = UNLIMITED  # the screen's width inside its margins (see _fit_names)
        self._set_row_type(int(ROW_TYPE * scale), fit=False)
        for row, seat in enumerate(order):
            outcome = []
            words = result.outcome_of(seat)
            if words:
                outcome.append(f"★ {words}" if seat in result.winners else words)
            tokens = result.tokens.get(str(seat))
            if tokens:
                outcome.append(token_text(tokens))
            if result.notes:
                outcome.append(result.notes[seat])
            cells = (
                ordinal(result.placements[seat]),
                names[seat],
                str(result.scores[seat]),
                "\n".join(outcome),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                if seat in result.winners:
                    item.setFont(bold)
                table.setItem(row, column, item)
        table.resizeColumnsToContents()
        # The outcome takes the width that is left, a line for the result and one for the
        # tokens, rather than one long line that scrolls out of sight.
        table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        table.setTextElideMode(Qt.TextElideMode.ElideNone)
        # A long note wraps once the outcome's width is known, and its row grows to fit.
        table.horizontalHeader().sectionResized.connect(
            lambda *_: QTimer.singleShot(0, self, self.standings.fit_rows)
        )
        table.setCurrentCell(-1, -1)  # no cell looks picked out before anyone touches the table
        # The table ends under its last row, where the room below it is left plain: a short
        # table no longer stood over an empty grey box.
        self.table_height = self.standings.fit_rows()  # each outcome line whole
        # Once the layout has given the rows their room, which a change of arrangement changes
        self.standings.resized.connect(lambda: QTimer.singleShot(0, self, self._fit_type))
        self.chart = score_chart(session, theme)
        legend = self.chart.getPlotItem().legend
        named = 0 if legend is None else int(legend.preferredWidth())
        self.chart_width = int(PLOT_WIDTH * scale) + named
        listed = 0 if legend is None else int(legend.preferredHeight())
        self.chart_height = max(int(PLOT_HEIGHT * scale), listed + 60)  # 60: the round axis
        # On a narrow screen (a 1024x768 projector) the table beside the chart wrapped every
        # outcome into a column of words and showed three of nine rows: there, each takes the
        # whole width in turn, the standings first.
        self.views = QTabWidget()
        self.views.setDocumentMode(True)
        self.views.setAccessibleName("Results")
        self.views.setStyleSheet(
            f"QTabBar::tab {{ font-size: {int(18 * scale)}px; padding: 4px 16px; }}"
        )
        self.arrangement: str | None = None
        self.crowded = False  # the rows need two columns at this size (see _fit_type)
        self.table_need = self._table_width()  # fixed once the columns fit their contents

        # Tab leaves the table for the buttons (Tab within it would move from cell to cell,
        # and never out); the keyboard starts on playing again.
        table.setTabKeyNavigation(False)
        again = QPushButton("&Play again with the same seats")
        again.setDefault(True)  # Enter, while it has the keyboard
        again.clicked.connect(self.play_again)
        self.again = again
        home = QPushButton("H&ome")  # Alt+H is the Help menu
        home.clicked.connect(self.home)
        buttons = QHBoxLayout()
        buttons.addWidget(home)
        buttons.addStretch(1)
        buttons.addWidget(again)
        for button in (home, again):
            button.setObjectName("screenButton")
        middle = QHBoxLayout()
        middle.addWidget(self.views, 1)
        self.middle = middle
        layout = QVBoxLayout(self)
        layout.setContentsMargins(36, 24, 36, 24)
        layout.addWidget(title)
        layout.addWidget(summary)
        layout.addLayout(middle, 1)
        layout.addLayout(buttons)
        self.title, self.summary, self.buttons = title, summary, buttons

        self._arrange(self.width(), self.height())

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.again.setFocus(Qt.FocusReason.OtherFocusReason)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.crowded = False  # a new size may hold the rows in one column
        self._arrange(event.size().width(), event.size().height())
        QTimer.singleShot(0, self, self._fit_type)  # once the layout has given the table its room

    def _set_row_type(self, size: int, fit: bool = True) -> None:
        """The table's type `size` pixels high (a style sheet, since the app's own overrides
        fonts), a winner's row bold in it; its columns and rows fitted to it unless not `fit`."""
        if size == self.row_type:
            return
        self.row_type = size
        table = self.table
        self.standings.set_style(
            f"QTableView {{ font-size: {size}px; }} "
            f"QHeaderView::section {{ font-size: {size}px; font-weight: bold; padding: 2px 6px; }}"
        )
        self.bold.setPixelSize(size)
        for row in range(table.rowCount()):
            for column in range(table.columnCount()):
                item = table.item(row, column)
                if item is not None and item.font().bold():
                    item.setFont(self.bold)
        if fit:
            self._fit_table()

    def _fit_table(self) -> None:
        """The columns fitted to the rows' type, the outcome taking the width that is left, and
        the rows to their lines."""
        for column in (0, 2):
            self.standings.fit_column(column)
        self._fit_names()
        self.standings.fit_rows()

    def _fit_type(self) -> None:
        """Taking turns with the chart or beside it, the table's rows get smaller type, down to
        the least legible (see _least_type), until every row is in sight: an audience cannot
        scroll. Where even the least would leave rows out of sight (twenty card players on a
        projector), the rows stand in two columns, taking turns with the chart, in the largest
        type that shows them all; a crowd that would not fit even so scrolls in one column, in
        the least type. Above the chart (there only where it fits whole), the table keeps its
        full type."""
        full = int(ROW_TYPE * self.theme.scale)
        if self.arrangement == STACKED:
            self._set_row_type(full)
            return
        least = self._least_type()
        room = self.standings.height()  # its tab's page
        for columns in (1, 2):
            if columns > 1 and self.arrangement != TABS:
                self.crowded = True  # two columns of rows take the chart's width too
                self._arrange(self.width(), self.height())
                QTimer.singleShot(0, self, self._fit_type)  # once the tabs have their room
                return
            if self.standings.split(columns):
                self._fit_table()
            for size in range(max(full, least), least - 1, -1):
                self._set_row_type(size)
                if self.standings.need <= room:
                    return
        if self.standings.split(1):
            self._fit_table()

    def _least_type(self) -> int:
        """The least type the rows shrink to: LEAST_ROW_TYPE at the theme's scale, and in
        the projection theme, read across a room, no less than 1/LEGIBLE of the window's
        height (as on the projector's board)."""
        least = int(LEAST_ROW_TYPE * self.theme.scale)
        if self.theme.name == "projection":
            least = max(least, math.ceil(self.window().height() / LEGIBLE))
        return least

    @property
    def side_by_side(self) -> bool:
        return self.arrangement == BESIDE

    def _fit_names(self) -> None:
        """The Player column as wide as its longest name, or where that would leave the
        outcome too little of the screen's width (a thirty-letter name on a 1024-wide
        screen), as wide as the other columns leave it, down to LEAST_NAME letters: names
        too long for it are shortened so that each still reads apart (widgets/names.py),
        each whole in its tooltip."""
        table, players = self.table, self.players
        for row, name in enumerate(players):
            table.item(row, 1).setText(name)
            table.item(row, 1).setToolTip("")
        self.standings.fit_column(1)
        header = table.horizontalHeader()
        whole = header.sectionSize(1)
        metrics = QFontMetrics(self.bold)  # a winner's row is bold: the widest a name gets
        columns = self.standings.columns  # two columns of rows: names give way twice as far
        least = metrics.averageCharWidth() * LEAST_NAME // columns
        room = self.standings.room(self.room)
        width = min(whole, max(room - (self._table_width() - whole), least))
        if width == whole:
            return
        header.resizeSection(1, width)
        # The cell's own margins: the column fitted each name in its row's type, a winner's
        # bold; measured all in bold, a long plain name ran past the column onto a second line.
        plain = QFont(self.bold)
        plain.setBold(False)
        fonts = [
            self.bold if table.item(row, 1).font().bold() else plain for row in range(len(players))
        ]
        margins = whole - max(
            QFontMetrics(font).horizontalAdvance(name)
            for font, name in zip(fonts, players, strict=True)
        )
        for row, shown in enumerate(shortened(metrics, players, width - margins)):
            if shown != players[row]:
                table.item(row, 1).setText(shown)
                table.item(row, 1).setToolTip(players[row])

    def _table_width(self) -> int:
        """The table's width with every outcome line unbroken and no column cut."""
        table = self.table
        header = table.horizontalHeader()
        columns = sum(header.sectionSize(c) for c in range(3))
        metrics = QFontMetrics(self.bold)  # a winner's row is bold: the widest a line gets
        lines = ["Outcome"]
        for row in range(table.rowCount()):
            lines += table.item(row, 3).text().split("\n")
        outcome = max(metrics.horizontalAdvance(line) for line in lines)
        padding = 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width()
        return columns + outcome + 24 + padding  # 24: the cell's margins either side

    def _fit_summary(self, room: int) -> None:
        """The outcome `room` pixels wide in at most SUMMARY_LINES lines where long names took
        more (see _outcome_in); where even then it would take more (nine thirty-letter names
        at 1024x768), in smaller type, down to the table's full type. The whole sentence is
        its tooltip."""
        font = QFont(self.outcome_font)
        size = QFontInfo(font).pixelSize()
        least = int(ROW_TYPE * self.theme.scale)
        shown, lines = self._outcome_in(font, room)
        while lines > SUMMARY_LINES and size > least:
            size -= 1
            font.setPixelSize(size)
            shown, lines = self._outcome_in(font, room)
        if font != self.summary.font():
            self.summary.setFont(font)
        self.summary.setText(shown, closed_names(self.outcome, self.named))

    def _outcome_in(self, font: QFont, room: int) -> tuple[str, int]:
        """The outcome `room` pixels wide in `font`, and how many lines it takes: as the rules
        wrote it, or where long names give it more than SUMMARY_LINES lines, a shared win
        counted (the table names its winners, each starred), then the names it holds cut as
        far as they must be (see _cut_names), where either takes a line off."""
        metrics, players = QFontMetrics(font), self.named

        def lines(text: str, cut: dict[str, str] | None = None) -> int:
            shown = fit_words(metrics, closed_names(text, players, cut), room)
            return line_count(font, shown, room)

        text, most = self.outcome, lines(self.outcome)
        if most > SUMMARY_LINES and self.crowned and lines(self.crowned) < most:
            text, most = self.crowned, lines(self.crowned)
        if most <= SUMMARY_LINES:
            return closed_names(text, players), most
        cut = _cut_names(metrics, text, players, lambda cut: lines(text, cut))
        return closed_names(text, players, cut), lines(text, cut)

    def _arrange(self, width: int, height: int) -> None:
        """Side by side when the table keeps its outcomes whole beside a chart worth reading
        (the table then keeps at least that width, and the chart takes the rest); else the
        chart under the table, where the table is short enough to leave the chart the height
        to be read (at a projector, everything in sight at once); else tabs."""
        layout = self.layout()
        margins = layout.contentsMargins()
        room = width - margins.left() - margins.right()
        if room != self.room:  # a long name gives way to the outcome (see _fit_names)
            self.room = room
            self._fit_summary(room)
            self._fit_names()
            self.table_need = self._table_width()
        spacing = self.middle.spacing()
        need = self.table_need
        if self.crowded:
            arrangement = TABS
        elif room - spacing >= need + self.chart_width:
            arrangement = BESIDE
        elif (
            room >= need
            and self._middle_height(room, height) - spacing - self.table_height >= self.chart_height
        ):
            arrangement = STACKED
        else:
            arrangement = TABS
        if arrangement == self.arrangement:
            return
        self.arrangement = arrangement
        views, middle, standings = self.views, self.middle, self.standings
        views.clear()  # the pages stay alive, to be laid out again
        for widget in (standings, self.chart):
            middle.removeWidget(widget)
        self.table.setMinimumWidth(need if arrangement == BESIDE else 0)
        if arrangement == STACKED:
            standings.setFixedHeight(self.table_height)
        else:
            standings.setMinimumHeight(0)
            standings.setMaximumHeight(UNLIMITED)
        if arrangement == TABS:
            views.addTab(standings, "Standings")
            views.addTab(self.chart, "Scores by round")
            views.setCurrentIndex(0)
            views.show()
            return
        views.hide()
        stacked = arrangement == STACKED
        direction = QBoxLayout.Direction
        middle.setDirection(direction.TopToBottom if stacked else direction.LeftToRight)
        middle.addWidget(standings, 0 if stacked else 1)
        middle.addWidget(self.chart, 1)
        for widget in (standings, self.chart):
            widget.show()

    def _middle_height(self, room: int, height: int) -> int:
        """The height left to the table and the chart in a screen `height` high, whose
        outcome line wraps to `room`."""
        layout = self.layout()
        margins = layout.contentsMargins()
        above = self.title.sizeHint().height() + self.summary.heightForWidth(room)
        below = self.buttons.sizeHint().height()
        gaps = 3 * layout.spacing()  # four rows: title, outcome, the middle, the buttons
        return height - margins.top() - margins.bottom() - above - below - gaps


def _crowned(summary: str, players, winners) -> str:
    """The outcome with a shared win's names counted ("all 5 players share the win"); "" where
    it names no shared win."""
    listed = join_names([players[seat] for seat in winners])
    if len(winners) < 2 or listed not in summary:
        return ""
    count = len(winners)
    everyone = f"all {count} players" if count == len(players) else counted(count, "player")
    return summary.replace(listed, everyone, 1)


def _cut_names(metrics: QFontMetrics, text: str, players, lines) -> dict[str, str]:
    """How the names in `text` are cut for it to take as few lines as it can, at least
    SUMMARY_LINES (`lines` counts them with the names so cut): each keeps at least the room
    where its cut still tells its player from the others (widgets/names.py), and all the most
    room that takes no line more. Nothing is cut where it would save no line."""
    named = {name: metrics.horizontalAdvance(name) for name in players if name in text}
    least = {
        name: _first(whole, lambda w, name=name: _apart(metrics, name, players, w))
        for name, whole in named.items()
    }

    def cuts(width: int) -> dict[str, str]:
        """Each name in `width` pixels or its least room, its ends kept on one line (a line
        may break after an ellipsis: a word joiner holds the end to it)."""
        return {
            n: short_name(metrics, n, players, max(width, least[n])).replace("…", "…\u2060")
            for n in named
        }

    fewest = max(SUMMARY_LINES, lines(cuts(0)))
    if not named or fewest >= lines({}):
        return {}
    return cuts(_first(max(named.values()), lambda w: lines(cuts(w + 1)) > fewest))


def _apart(metrics, name: str, players, width: int) -> bool:
    """Whether `name` cut to `width` pixels still reads as its player and no other."""
    return tells_apart(short_name(metrics, name, players, width), name, players)


def _first(high: int, holds) -> int:
    """The least width from 0 to `high` at which `holds`, holding from there on up (`high` at
    the latest)."""
    return bisect_left(range(high), True, key=holds)
