"""Results: placements, the outcome the rules define, and points over the rounds."""

from __future__ import annotations

import math

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from middleground.engine.words import ordinal, token_text
from middleground.table import Session
from middleground.widgets.theme import Theme
from middleground.widgets.wrapped import FittedLabel

# Each line differs by marker as well as colour, so colour never carries meaning alone.
MARKERS = ("o", "s", "t", "d", "+", "x", "star", "p", "h", "t1", "t2", "t3")

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

# A player's line (its width where a pixel is a pixel) and marker; a long game marks no more
# than MARKS of its rounds (see marked_rounds).
LINE_WIDTH, SYMBOL_SIZE, MARKS = 3, 12, 25
# Where players' lines coincide, each one drawn before another is drawn again beneath it,
# LINE_STEP wider for each player on top, so that its colour edges theirs; where markers
# coincide, it rings them in its colour (the first ring clears a square marker's corners). Where
# many coincide the steps narrow, so that the widest adds no more than LINE_MOST (RING_MOST).
LINE_STEP, LINE_MOST = 4, 16
RING_SIZE, RING_STEP, RING_MOST = 20, 5, 18


# The least the Player column narrows to, in letters, for the outcome to stay in sight (a
# name no longer, "Bo (random bot)", stays whole); the most a name in the chart's legend
# takes, in pixels at the theme's scale.
LEAST_NAME, LEGEND_NAME = 20, 240


def shortened_apart(metrics: QFontMetrics, names: list[str], width: int) -> list[str]:
    """Each name shortened in its middle to `width` pixels where it is wider ("Barthol…-Ashby"),
    both ends kept so that names that differ only at the end still read apart; names that
    would still read the same stay whole."""
    shown = [metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, width) for name in names]
    return [
        name if shown.count(short) > 1 else short for name, short in zip(names, shown, strict=True)
    ]


def tick_step(top: int, most: int = 10) -> int:
    """The gap between labelled scores on the chart: 1, 2 or 5 times a power of ten, the
    smallest that labels `top` points in at most `most` steps."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if top <= most * step * factor:
                return step * factor
        step *= 10


def marked_rounds(points: int) -> frozenset[int]:
    """The points of a line (the start, then after each round) that carry its marker: every
    one in a game of up to MARKS rounds; in a longer one every so many, the last always, so
    that markers stay apart (a hundred rounds drew them into a solid band)."""
    every = -(-(points - 1) // MARKS) if points > MARKS + 1 else 1
    return frozenset(range(0, points, every)) | {points - 1}


# Over the chart's extra rounds, whose scores stand over "E1", "E2" along its bottom.
EXTRA_ROUNDS = "Extra rounds"


def player_look(index: int, theme: Theme) -> tuple[str, Qt.PenStyle, str]:
    """The colour, line and marker of the `index`th player the chart draws in colour. While it
    draws everyone so (twelve players at most), index is seat: each player has a colour of
    their own, the one their seat has on the board. Past the theme's colours (more than
    twelve share a crowd's win) they come round again, the line dashed and the marker one
    further on, so that no two players ever look alike."""
    colours = len(theme.seats)
    lap = index // colours
    style = Qt.PenStyle.DashLine if lap % 2 else Qt.PenStyle.SolidLine
    return theme.seats[index % colours], style, MARKERS[(index + lap) % len(MARKERS)]


def round_tick(played: int, extra: tuple[int, ...]) -> str:
    """The chart's label for the score after round `played`: its number, or "E2" for the
    second extra round."""
    return f"E{extra.index(played) + 1}" if played in extra else str(played)


def beneath(keys: dict[int, object], seat: int) -> tuple[int, int]:
    """How many of the players drawn after `seat` share its key in `keys` (its score at a
    round, or from one round to the next), and how many share it in all."""
    shared = [s for s, key in keys.items() if key == keys[seat]]
    return sum(s > seat for s in shared), len(shared)


def layered(later: int, shared: int, first: float, step: float, most: float) -> float:
    """The width of a line (the size of a ring) drawn beneath `later` others of the `shared`
    players on it, 0 for none: `first` beneath one, a step more for each further one, the
    steps narrowed where so many share it that they would add up to more than `most`."""
    if not later:
        return 0
    return first + (later - 1) * min(step, most / max(shared - 2, 1))


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
        summary = FittedLabel(result.summary)  # a name too long for a line is shortened
        summary.setFont(QFont("Sans", int(20 * scale)))
        summary.setAccessibleName("Outcome")

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
            lambda *_: QTimer.singleShot(0, self, self._fit_rows)
        )
        table.setCurrentCell(-1, -1)  # no cell looks picked out before anyone touches the table
        self._fit_rows()
        # The table ends under its last row, where the room below it is left plain: a short
        # table no longer stood over an empty grey box.
        self.standings = QWidget()
        column = QVBoxLayout(self.standings)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(table, 1)
        column.addStretch(0)  # takes what the table, at its full height, leaves
        self.chart = self._chart(session, theme)
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
        self.table_need = self._table_width()  # fixed once the columns fit their contents
        self.table_height = table.maximumHeight()  # each outcome line whole, as at table_need

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
        self._arrange(event.size().width(), event.size().height())
        QTimer.singleShot(0, self, self._fit_type)  # once the layout has given the table its room

    def _set_row_type(self, size: int, fit: bool = True) -> None:
        """The table's type `size` pixels high (a style sheet, since the app's own overrides
        fonts), a winner's row bold in it; its columns and rows fitted to it unless not `fit`."""
        if size == self.row_type:
            return
        self.row_type = size
        table = self.table
        table.setStyleSheet(
            f"QTableWidget {{ font-size: {size}px; }} "
            f"QHeaderView::section {{ font-size: {size}px; font-weight: bold; padding: 2px 6px; }}"
        )
        self.bold.setPixelSize(size)
        for row in range(table.rowCount()):
            for column in range(table.columnCount()):
                item = table.item(row, column)
                if item is not None and item.font().bold():
                    item.setFont(self.bold)
        if fit:
            for column in (0, 2):  # the outcome takes the width that is left
                table.resizeColumnToContents(column)
            self._fit_names()
            self._fit_rows()

    def _fit_type(self) -> None:
        """Taking turns with the chart, the table's rows get smaller type, down to the least
        legible (see _least_type), until every row is in sight: an audience cannot scroll.
        A crowd that would not fit even so scrolls, as many of its rows in sight as the least
        type shows. Beside or above the chart, the table keeps its full type."""
        full = int(ROW_TYPE * self.theme.scale)
        if self.arrangement != TABS:
            self._set_row_type(full)
            return
        room = self.standings.height()  # its tab's page
        for size in range(full, min(self._least_type(), full) - 1, -1):
            self._set_row_type(size)
            if self.table.maximumHeight() <= room:
                return

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

    def _fit_rows(self) -> None:
        """Each row as high as its lines, and the table no higher than its rows."""
        table = self.table
        table.resizeRowsToContents()
        rows = sum(table.rowHeight(row) for row in range(table.rowCount()))
        header = table.horizontalHeader().sizeHint().height()
        table.setMaximumHeight(header + rows + 2 * table.frameWidth())

    def _fit_names(self) -> None:
        """The Player column as wide as its longest name, or where that would leave the
        outcome too little of the screen's width (a thirty-letter name on a 1024-wide
        screen), as wide as the other columns leave it, down to LEAST_NAME letters: names
        too long for it are shortened in their middle, each whole in its tooltip."""
        table, players = self.table, self.players
        for row, name in enumerate(players):
            table.item(row, 1).setText(name)
            table.item(row, 1).setToolTip("")
        table.resizeColumnToContents(1)
        header = table.horizontalHeader()
        whole = header.sectionSize(1)
        metrics = QFontMetrics(self.bold)  # a winner's row is bold: the widest a name gets
        least = metrics.averageCharWidth() * LEAST_NAME
        width = min(whole, max(self.room - (self._table_width() - whole), least))
        if width == whole:
            return
        header.resizeSection(1, width)
        margins = whole - max(metrics.horizontalAdvance(name) for name in players)
        for row, shown in enumerate(shortened_apart(metrics, players, width - margins)):
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
            self._fit_names()
            self.table_need = self._table_width()
        spacing = self.middle.spacing()
        need = self.table_need
        if room - spacing >= need + self.chart_width:
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

    @staticmethod
    def _mark_extra_rounds(chart, extra: tuple[int, ...], theme: Theme) -> None:
        """Shade the extra rounds, after a dashed line where the set rounds end, and name them
        above the plot, over the shading (they are the last rounds, at its right)."""
        import pyqtgraph as pg

        # Shaded in the board's own background, a step away from the chart's surface: every
        # player's colour is chosen to read at 3:1 on it, so the band dims no line (a tint of
        # the text's colour brought some to 2:1).
        band = pg.LinearRegionItem(
            (min(extra) - 0.5, max(extra) + 0.5),
            movable=False,
            brush=pg.mkBrush(theme.background),
            pen=pg.mkPen(None),
        )
        band.setZValue(-10)  # under the lines
        divider = pg.InfiniteLine(
            min(extra) - 0.5, pen=pg.mkPen(theme.muted, width=2, style=Qt.PenStyle.DashLine)
        )
        plot = chart.getPlotItem()
        for item in (band, divider):
            plot.addItem(item, ignoreBounds=True)  # the band reaches the plot's edge
        plot.setTitle(
            EXTRA_ROUNDS, color=theme.text, size=f"{int(13 * theme.scale)}pt", justify="right"
        )

    @staticmethod
    def _chart(session: Session, theme: Theme):
        """Everyone's score after each round, a line per player told apart by its marker."""
        # Imported when the results are shown, not at start-up: pyqtgraph costs ~0.3 s to load.
        import pyqtgraph as pg

        chart = pg.PlotWidget()
        chart.setBackground(theme.surface)
        chart.setAccessibleName("Scores over the rounds")
        chart.viewport().setAccessibleName("Scores over the rounds")  # what takes focus
        font = QFont("Sans", int(12 * theme.scale))
        label_style = {"color": theme.text, "font-size": f"{int(13 * theme.scale)}pt"}
        for side, text in (("bottom", "After round"), ("left", "Score")):
            axis = chart.getAxis(side)
            axis.setLabel(text, **label_style)
            axis.enableAutoSIPrefix(False)  # scores and rounds are counts: never "(x0.001)"
            axis.setTickFont(font)
            axis.setTextPen(theme.text)
            axis.setPen(theme.muted)
        history = session.score_history()
        rounds = list(range(len(history)))
        extra = session.extra_rounds()
        every = tick_step(len(history) - 1, most=12)
        chart.getAxis("bottom").setTicks([[(r, round_tick(r, extra)) for r in rounds[::every]]])
        if extra:
            ResultsScreen._mark_extra_rounds(chart, extra, theme)
        top = max((max(row) for row in history), default=0)
        low = min((min(row) for row in history), default=0)  # The Median's penalties go below 0
        step = tick_step(top - min(low, 0))
        first = min(low, 0) // step * step  # the step's multiple at or below the lowest
        last = -(-top // step) * step  # and at or above the highest
        chart.getAxis("left").setTicks([[(p, str(p)) for p in range(first, last + 1, step)]])
        # Every label in sight, the lowest and the highest, not just the scores: a top of 24
        # once left the label 25 cut in half at the chart's edge.
        chart.setYRange(first, last, padding=0.04)
        players = [seat.label for seat in session.seats]  # a bot's level after its name
        # Past one marker a player, lines cannot be told apart: a crowd's chart draws everyone
        # thin and grey and picks out the winners (named in the legend while they are few).
        crowd = len(players) > len(MARKERS)
        winners = session.state.result().winners if crowd else ()
        named = len(winners) <= 8
        if named:
            # A name too long for the legend is shortened in its middle (both its ends
            # stay): a thirty-letter name took the chart's whole width from its lines.
            font = QFont()
            font.setPointSize(int(12 * theme.scale))
            legend_width = int(LEGEND_NAME * theme.scale)
            players = shortened_apart(QFontMetrics(font), players, legend_width)
            # Beside the plot, not on it: inside, it hid the first rounds' lines.
            legend = pg.LegendItem(
                labelTextColor=theme.text,
                labelTextSize=f"{int(12 * theme.scale)}pt",
                brush=pg.mkBrush(theme.surface),
                pen=pg.mkPen(theme.muted),
            )
            plot = chart.getPlotItem()
            plot.layout.addItem(legend, 2, 3)  # the row of the plot, right of its right axis
            plot.layout.setAlignment(legend, Qt.AlignmentFlag.AlignTop)
            # Its own height, not the plot's: stretched, it spread its names apart.
            legend.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            plot.legend = legend  # each named line joins it as it is plotted
        # A cosmetic pen is drawn in device pixels: thicker on a high-DPI screen, as the
        # markers grow, so a line keeps its weight beside them.
        ratio = chart.devicePixelRatioF()
        marked = marked_rounds(len(history))
        coloured = [s for s in range(len(players)) if not crowd or s in winners]
        looks = {seat: player_look(index, theme) for index, seat in enumerate(coloured)}
        for seat, name in enumerate(players):
            line = [row[seat] for row in history]
            if seat not in looks:
                chart.plot(rounds, line, pen=pg.mkPen(theme.muted, width=1))
                continue
            colour, style, marker = looks[seat]
            pen = pg.mkPen(colour, width=LINE_WIDTH * ratio, style=style)
            symbol = {
                "symbol": marker,
                "symbolBrush": colour,
                "symbolPen": pg.mkPen(theme.text, width=1),
            }
            sizes = [SYMBOL_SIZE if r in marked else 0 for r in rounds]
            chart.plot(rounds, line, pen=pen, symbolSize=sizes, **symbol)
            if named:  # the legend's sample: the line and its marker, at full size (a point
                # of its own, off the chart: without one the legend drew the marker at 7)
                sample = pg.PlotDataItem([0], [0], pen=pen, symbolSize=SYMBOL_SIZE, **symbol)
                chart.getPlotItem().legend.addItem(sample, name)
        ResultsScreen._show_shared_stretches(chart, history, looks, theme, marked)
        return chart

    @staticmethod
    def _show_shared_stretches(
        chart, history, looks: dict, theme: Theme, marked: frozenset[int]
    ) -> None:
        """Where players' lines coincide (two players on 0 all game), only the last one drawn
        showed. There each line drawn earlier is drawn again beneath, wider, so that a shared
        stretch reads as one line edged in the other players' colours, and a shared point as
        a marker ringed in them. The scores stay exactly where they are. `looks` holds each
        coloured player's colour, line and marker, by seat; rings go round the `marked`
        rounds' markers only."""
        import pyqtgraph as pg

        ratio = chart.devicePixelRatioF()
        view = chart.getPlotItem().getViewBox()  # not the plot: these join no legend
        rounds = range(len(history))
        coloured = list(looks)
        for seat, (colour, _style, _marker) in looks.items():
            stretches: dict[float, list[int]] = {}  # the rounds they join, by the width drawn
            rings = []
            for played in rounds:
                points = {s: history[played][s] for s in coloured}
                size = layered(*beneath(points, seat), RING_SIZE, RING_STEP, RING_MOST)
                if size and played in marked:
                    rings.append((played, history[played][seat], size))
                if played + 1 in rounds:
                    lines = {s: (points[s], history[played + 1][s]) for s in coloured}
                    width = layered(
                        *beneath(lines, seat), LINE_WIDTH + LINE_STEP, LINE_STEP, LINE_MOST
                    )
                    if width:
                        stretches.setdefault(width, []).extend((played, played + 1))
            for width, ends in stretches.items():
                under = pg.PlotCurveItem(
                    ends,
                    [history[r][seat] for r in ends],
                    pen=pg.mkPen(colour, width=width * ratio),
                    connect="pairs",
                )
                under.setZValue(-1 - width / 1000)  # the wider, the deeper
                view.addItem(under, ignoreBounds=True)
            if rings:
                under = pg.ScatterPlotItem(
                    [x for x, _y, _size in rings],
                    [y for _x, y, _size in rings],
                    size=[size for _x, _y, size in rings],
                    brush=pg.mkBrush(colour),
                    pen=pg.mkPen(theme.text, width=1),
                )
                under.setZValue(-1)  # under the lines, each ring under the smaller ones
                view.addItem(under, ignoreBounds=True)
