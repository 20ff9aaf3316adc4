"""The public board with its standings: what the projector shows and the round picture exports.

Built from a PublicFeed only: public views and public events, never a seat's view.
"""

from __future__ import annotations

import math
from html import escape

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QFontMetricsF, QImage
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from middleground.widgets.forms import name_then
from middleground.widgets.plugin import board_for
from middleground.widgets.theme import Theme

from .board_view import BoardView
from .bridge import PublicFeed, next_pass

BOARD_SHARE = 5  # the board's share of the width, beside the standings' 1 (2 for a crowd)
CROWD = 24  # more players than this: the standings get a wider side, for columns
GAP = 24  # pixels between two columns of standings
MOST_COLUMNS = 4


# The standings as rich text: a row beside its standing is a table row whose first cell has a
# set width, the same in every table of a column (a span across both cells would widen the
# first), so the standings line up; a line across the column (a bot's level, a name too long
# to share its line) is a paragraph between the tables.
TABLE = '<table cellspacing="0" cellpadding="0" style="white-space: pre">{}</table>'
ROW = '<tr><td width="{}">{}</td><td>{}</td></tr>'
LINE = '<p style="white-space: pre; margin: 0">{}</p>'


def row_lines(name: str, role: str, shown: str, stacked: bool = False) -> list[str]:
    """A player's row of the standings: the name and the standing, and under a bot's the
    level it plays at (a line of its own: beside them it would not fit a projector's side).
    Stacked, the standing has a line of its own under the name too: a name too long to
    share its line stays whole."""
    level = [f"  ({role})"] if role else []
    if stacked and shown:
        return [name, f"  {shown}", *level]
    return [f"{name}  {shown}".rstrip(), *level]


def line_height(font: QFont) -> int:
    """The height a label gives each line of `font`: its line spacing rounded up (22.09 px
    is 23 on the screen, and 31 lines of 22 would cut the last standing short)."""
    return math.ceil(QFontMetricsF(font).lineSpacing())


def arranged(metrics: QFontMetrics, row: tuple[str, str, str], column: int) -> list[str]:
    """The row's lines in a column `column` pixels wide: on one line with its standing where
    the two fit side by side, stacked where they do not."""
    flat = row_lines(*row)
    return flat if metrics.horizontalAdvance(flat[0]) <= column else row_lines(*row, True)


def column_width(width: int, columns: int) -> int:
    return (width - GAP * (columns - 1)) // columns - 4


def tallest(rows: list[list[str]], columns: int) -> int:
    """Lines in the fullest column, the rows laid down the columns in turn."""
    per = -(-len(rows) // columns) or 1  # rows a column, the last column shorter
    return max((sum(map(len, rows[i : i + per])) for i in range(0, len(rows), per)), default=0)


def stacked_size(rows: list, width: int, room: int, biggest: int, columns: int) -> int:
    """The biggest type at which the rows, each arranged to keep its name whole (see
    arranged), fit `columns` columns of `width` x `room` pixels; 0 if none does."""
    column = column_width(width, columns)
    for size in range(biggest, 7, -1):
        font = QFont("Sans", size)
        metrics = QFontMetrics(font)
        lines = [arranged(metrics, row, column) for row in rows]
        whole = all(metrics.horizontalAdvance(line) <= column for row in lines for line in row)
        if whole and line_height(font) * tallest(lines, columns) <= room:
            return size
    return 0


def fit_columns(rows: list[list[str]], width: int, room: int, biggest: int) -> tuple[int, int]:
    """The type size and the number of columns that show the rows (each a line or two) in
    `width` x `room` pixels with the biggest type: each column holds its rows in the room's
    height, a row never split between two. A long line makes the type smaller, down to 70%
    of what the height allows, before its name loses its end; in a crowd, only nine lines in
    ten need to fit whole (the longest few names lose their ends instead of making everyone's
    type small). Ties go to fewer columns."""
    rows = rows or [[""]]
    lines = [line for row in rows for line in row]
    crowd = len(rows) > CROWD
    whole = (len(lines) - 1) * 9 // 10 if crowd else len(lines) - 1
    best = (0, 1)
    for columns in range(1, MOST_COLUMNS + 1):
        per = -(-len(rows) // columns)  # rows a column, the last column shorter
        lines_high = tallest(rows, columns)
        column = column_width(width, columns)
        if columns > 1 and column <= 0:
            break
        size = biggest
        while size > 8 and line_height(QFont("Sans", size)) * lines_high > room:
            size -= 1
        floor = 8 if crowd else max(8, int(size * 0.7))
        while size > floor:
            advances = sorted(map(QFontMetrics(QFont("Sans", size)).horizontalAdvance, lines))
            if advances[whole] <= column:
                break
            size -= 1
        if size > best[0]:
            best = (size, columns)
        if per == 1:
            break
    return best


class Standings(QWidget):
    """The players' standings in one or more columns of plain text, in seat order down each
    column in turn."""

    def __init__(self) -> None:
        super().__init__()
        self.setAccessibleName("Standings")
        # Its text is sized to the window (see PublicBoard._scale_text), never the window to
        # its text: a crowd's long list once grew the projector, its font with it, to 32,767
        # pixels.
        ignored = QSizePolicy.Policy.Ignored
        self.setSizePolicy(ignored, ignored)
        self.columns: list[QLabel] = []
        self._plain: list[list[str]] = []  # each column's lines, as text() gives them
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(GAP)
        self.set_font_and_columns(self.font(), 1)

    def set_font_and_columns(self, font: QFont, count: int, stacking: bool = False) -> None:
        self.setFont(font)
        self.stacking = stacking  # a standing may take a line of its own under a long name
        while len(self.columns) < count:
            label = QLabel()
            label.setTextFormat(Qt.TextFormat.RichText)  # a table: see _aligned
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
            self._layout.addWidget(label, 1)
            self.columns.append(label)
        while len(self.columns) > count:
            label = self.columns.pop()
            self._layout.removeWidget(label)
            label.hide()
            label.deleteLater()
        for label in self.columns:
            label.setFont(font)
        self._layout.activate()

    def show_rows(self, rows: list[tuple[str, str, str]]) -> None:
        """A row a player (name, a bot's level, standing; see row_lines), its name shortened
        with an ellipsis where the whole would push the standing itself out of its column.
        Beside the names, the standings line up in a column of their own, read down at a
        glance from the back of a room; stacking, a name too long for that has its standing
        on a line of its own under it (see arranged)."""
        count = len(self.columns)
        per = -(-len(rows) // count) if rows else 0  # rows a column, the last column shorter
        width = column_width(self.width(), count)
        metrics = QFontMetrics(self.font())
        self._plain = []
        for index, label in enumerate(self.columns):
            chunk = rows[index * per : (index + 1) * per]
            label.setText(self._aligned(chunk, metrics, width))

    def _aligned(self, rows: list[tuple[str, str, str]], metrics: QFontMetrics, width: int) -> str:
        """The rows as rich text: names and standings in two columns (see TABLE), each name
        shortened to leave the widest standing its room; a bot's level, and a standing stacked
        under a long name, on lines of their own across the column."""
        gap = metrics.horizontalAdvance("  ")
        advance = metrics.horizontalAdvance
        beside = list(range(len(rows)))
        if self.stacking:  # the longest names stack until the rest line up in the width
            beside = [
                i
                for i in beside
                if len(arranged(metrics, rows[i], width)) == len(row_lines(*rows[i]))
            ]
            while beside:
                longest = max(advance(rows[i][0]) for i in beside)
                if longest + gap + max(advance(rows[i][2]) for i in beside) <= width:
                    break
                beside.remove(max(beside, key=lambda i: advance(rows[i][0])))
        widest = max((advance(rows[i][2]) for i in beside), default=0)
        room = width - gap - widest if widest else width
        names = {i: name_then(metrics, rows[i][0], "", max(room, 1)) for i in beside}
        column = max((advance(name) for name in names.values()), default=0) + gap
        parts, table, lines = [], [], []  # table: the rows of the table being built

        def line(text: str) -> None:  # across the column, outside the tables
            if table:
                parts.append(TABLE.format("".join(table)))
                table.clear()
            parts.append(LINE.format(escape(text)))
            lines.append(text)

        for index, (name, role, shown) in enumerate(rows):
            if index in names:
                table.append(ROW.format(column, escape(names[index]), escape(shown)))
                lines.append(f"{names[index]}  {shown}".rstrip())
            else:
                line(name_then(metrics, name, "", width))
                line(f"  {shown}")
            if role:
                line(f"  ({role})")
        if table:
            parts.append(TABLE.format("".join(table)))
        self._plain.append(lines)
        return "".join(parts)

    def text(self) -> str:
        """Every row, one a line ("Ann  2 points"), down the columns in turn."""
        return "\n".join("\n".join(lines) for lines in self._plain if lines)

    def column_lines(self, index: int) -> list[str]:
        """The lines of column `index`, as text() writes them."""
        return list(self._plain[index])


class PublicBoard(QWidget):
    """Board on the left, standings on the right, quieter."""

    def __init__(self, feed: PublicFeed, game, theme: Theme) -> None:
        super().__init__()
        self.feed = feed
        self.theme = theme
        self.board = board_for(game, theme)
        self.board.beside_buttons = False  # the room reads it: it has no Continue to press
        self.view = BoardView(self.board)
        self._rows: list[tuple[str, str, str]] = []  # (name, level, standing), as last fed
        self.heading = QLabel("Standings")
        self.standings = Standings()
        side = QVBoxLayout()
        side.setContentsMargins(0, 24, 0, 24)
        side.addWidget(self.heading)
        side.addWidget(self.standings, 1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 16, 0)
        layout.addWidget(self.view, BOARD_SHARE)
        layout.addLayout(side, 1)
        if self.board.draws_standings:
            self.heading.hide()
            self.standings.hide()  # its side takes no width: see _scale_text
        # A change is drawn here on the next pass of the event loop, not inside the one that
        # made it: the table's window draws first, timers and input get their turn, then this
        # board (several changes in one pass are drawn once).
        self._due = next_pass(self, self.refresh)
        feed.changed.connect(self._due.start)
        self.apply_theme(theme)
        self.refresh()

    def apply_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.setObjectName("publicBoard")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            f"#publicBoard {{ background: {theme.background}; }}"
            f"#publicBoard QLabel {{ color: {theme.text}; background: transparent; }}"
        )
        self.board.set_theme(theme, None)
        self.refresh()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._scale_text(self.height())
        self._fill_standings()

    def _scale_text(self, height: int) -> None:
        # Standings scale with the window, 1/34 of its height, or smaller for a crowd's rows
        # to fit under the heading, in as many columns as keep the type biggest.
        biggest = max(12, height // 34)
        heading = QFont("Sans", int(biggest * 0.8), QFont.Weight.Bold)
        self.heading.setFont(heading)
        # A crowd's standings take a wider side, for columns: 2/7 of the width, not 1/6.
        crowd = len(self._rows) > CROWD and not self.board.draws_standings
        self.layout().setStretch(1, 2 if crowd else 0 if self.board.draws_standings else 1)
        room = height - 48 - line_height(heading) - 12
        rows = [row_lines(*row) for row in self._rows]
        width = self.standings.width()
        if crowd:  # the layout may not have given the side its new width yet
            width = max(width, (self.width() - 16) * 2 // (BOARD_SHARE + 2))
        size, columns = fit_columns(rows, width, room, biggest)
        stacking = False
        if not crowd:
            # A long name beside its standing loses its end: with room below, the standing
            # goes under it instead, in type no bigger (the standings stay the quieter side)
            # and hardly smaller.
            stacked = stacked_size(self._rows, width, room, size, columns)
            if stacked and stacked >= size * 0.85:
                size, stacking = stacked, True
        self.standings.set_font_and_columns(QFont("Sans", size), columns, stacking)

    def refresh(self) -> None:
        self._due.stop()
        self.board.refresh(self.feed.view())
        rows = self.feed.standings()
        resize = [r[1] for r in rows] != [r[1] for r in self._rows]
        self._rows = rows
        if resize:  # a row a player, and a line more a bot: set once, or when seats change
            self._scale_text(self.height())
        self._fill_standings()

    def _fill_standings(self) -> None:
        self.standings.show_rows(self._rows)

    def picture(self, size: QSize | None = None) -> QImage:
        """The round picture: this board and its standings rendered at `size` (1920x1080)."""
        size = size or QSize(1920, 1080)
        if self._due.isActive():  # a change not drawn yet
            self.refresh()
        self.resize(size)
        # A hidden widget gets its resize event only when rendered, after the layout: size the
        # standings first, or the heading is laid out for the old font and clipped.
        self._scale_text(size.height())
        self.layout().activate()
        self._fill_standings()
        self.view.fit()
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(self.theme.color("background"))
        self.render(image)
        return image
