"""The public board with its standings: what the projector shows and the round picture exports.

Built from a PublicFeed only: public views and public events, never a seat's view.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from html import escape

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QFontInfo, QFontMetrics, QFontMetricsF, QImage
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from middleground.ai.bot import LEVELS
from middleground.widgets.forms import name_then
from middleground.widgets.plugin import board_for
from middleground.widgets.theme import Theme

from .board_view import BoardView
from .bridge import PublicFeed, next_pass

BOARD_SHARE = 5  # the board's share of the width, beside the standings' 1, 2 or 3
CROWD = 24  # more players than this: the standings start on a wider side, for columns
GAP = 24  # pixels between two columns of standings
MOST_COLUMNS = 4
MARGIN = 16  # pixels right of the standings
LEGIBLE = 40  # the smallest type on the projector: 1/40 of its height, read across a room
KNOWN = 3  # letters of a shortened name that still tell a player apart ("Ale…")


# The standings as rich text: a row beside its standing is a table row whose first cell has a
# set width, the same in every table of a column (a span across both cells would widen the
# first), so the standings line up; a line across the column (a bot's level, a name too long
# to share its line) is a paragraph between the tables.
TABLE = '<table cellspacing="0" cellpadding="0" style="white-space: pre">{}</table>'
ROW = '<tr><td width="{}">{}</td><td>{}</td></tr>'
LINE = '<p style="white-space: pre; margin: 0">{}</p>'

# A line of the standings: a name, which may end in an ellipsis ("" for none), what follows it
# and is never shortened, and the standing, lined up with the others beside the names (None: a
# line across the column). "Bo (H)  3 points" is ("Bo", " (H)", "3 points").
Line = tuple[str, str, str | None]


@dataclass(frozen=True)
class Levels:
    """Where the bots' levels show. On a line of their own under each bot's row (marks None);
    or, where those lines do not fit, as a short mark after a bot's name ("Bo (H)"), said once
    in `key`, across the top of the standings ("(H) hard bot"); where every player is a bot of
    one level, no mark at all and one line ("All hard bots")."""

    marks: dict[str, str] | None = None  # a role ("hard bot"): its mark
    key: tuple[str, ...] = ()

    @staticmethod
    def marked(rows: list[tuple[str, str, str]]) -> Levels:
        roles = sorted({role for _name, role, _shown in rows if role}, key=strength)
        if len(roles) == 1 and all(role for _name, role, _shown in rows):
            return Levels({}, (f"All {roles[0]}s",))
        marks: dict[str, str] = {}
        for role in roles:  # its first letter, or as many as tell it from the others
            letters = 1
            while role[:letters].upper() in marks.values():
                letters += 1
            marks[role] = role[:letters].upper()
        return Levels(marks, tuple(f"({mark}) {role}" for role, mark in marks.items()))


ON_LINES = Levels()


def strength(role: str) -> tuple[int, str]:
    """Where a bot's level ("hard bot") comes in the key: the levels from the weakest, then any
    other by name."""
    level = role.removesuffix(" bot")
    return (LEVELS.index(level), "") if level in LEVELS else (len(LEVELS), level)


def row_lines(
    name: str, role: str, shown: str, stacked: bool = False, levels: Levels = ON_LINES
) -> list[Line]:
    """A player's row of the standings: the name and the standing, and a bot's level, on a
    line of its own under them or marked after the name (see Levels). Stacked, the standing
    has a line of its own under the name too: a name too long to share its line stays whole."""
    if levels.marks is not None:
        mark = levels.marks.get(role, "")
        return [(name, f" ({mark})" if mark else "", shown)]
    level = [("", f"  ({role})", None)] if role else []
    if stacked and shown:
        return [(name, "", None), ("", f"  {shown}", None), *level]
    return [(name, "", shown), *level]


def line_text(line: Line) -> str:
    """A line as the standings' text() gives it: "Bo (H)  3 points"."""
    name, after, shown = line
    return f"{name}{after}  {shown}".rstrip() if shown is not None else name + after


def known(name: str) -> str:
    """The least of `name` that still tells a player apart: its first letters."""
    return name if len(name) <= KNOWN + 1 else name[:KNOWN] + "…"


def initial(name: str) -> str:
    """The least a name can be cut to: its first letter."""
    return name if len(name) <= 1 else name[:1] + "…"


def advance(metrics: QFontMetrics, line: Line, standing: int, cut=None) -> int:
    """The width `line` takes with the standings lined up `standing` pixels wide beside the
    names, its name cut by `cut` (known, initial) if given. Cut to its initial, a name may
    lose what follows it too (name_then): a bot's mark, never the standing."""
    name, after, shown = line
    if cut is initial and shown is not None and name:
        after = ""
    width = metrics.horizontalAdvance((cut(name) if cut and name else name) + after)
    return width if shown is None else width + metrics.horizontalAdvance("  ") + standing


def overrun(lines: list[Line], size: int, column: int, cut=None, share: int = 10) -> int:
    """How far past a column `column` pixels wide the lines run in type of `size`, their names
    cut by `cut` (see advance): 0 where `share` tenths of them fit."""
    metrics = QFontMetrics(QFont("Sans", size))
    standing = max((metrics.horizontalAdvance(s) for _n, _a, s in lines if s), default=0)
    advances = sorted(advance(metrics, line, standing, cut) for line in lines)
    return max(advances[(len(advances) - 1) * share // 10] - column, 0) if advances else 0


def fits(lines: list[Line], size: int, column: int, cut=None, share: int = 10) -> bool:
    return not overrun(lines, size, column, cut, share)


def line_height(font: QFont) -> int:
    """The height a label gives each line of `font`: its line spacing rounded up (22.09 px
    is 23 on the screen, and 31 lines of 22 would cut the last standing short)."""
    return math.ceil(QFontMetricsF(font).lineSpacing())


def legible_size(height: int) -> int:
    """The smallest type, in points, at least 1/LEGIBLE of a window `height` pixels high."""
    size = 8
    while QFontInfo(QFont("Sans", size)).pixelSize() < height / LEGIBLE:
        size += 1
    return size


def arranged(metrics: QFontMetrics, row: tuple[str, str, str], column: int) -> list[Line]:
    """The row's lines in a column `column` pixels wide: on one line with its standing where
    the two fit side by side, stacked where they do not."""
    flat = row_lines(*row)
    fit = metrics.horizontalAdvance(line_text(flat[0])) <= column
    return flat if fit else row_lines(*row, True)


def column_width(width: int, columns: int) -> int:
    return (width - GAP * (columns - 1)) // columns - 4


def tallest(rows: list[list[Line]], columns: int) -> int:
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
        whole = all(
            metrics.horizontalAdvance(line_text(line)) <= column for row in lines for line in row
        )
        if whole and line_height(font) * tallest(lines, columns) <= room:
            return size
    return 0


@dataclass(frozen=True)
class Fit:
    """How well the standings fit: `kept` 2 where, in type of at least the smallest legible
    size, every standing is whole and every name tells its player apart (its first letters
    at least); 1 where the standings are whole but a name may be cut to a letter; 0 where even
    that would not fit, the lines running `over` pixels past their column."""

    kept: int
    size: int
    columns: int
    over: int = 0

    def __gt__(self, other: Fit) -> bool:
        """The better fit: the more kept, then the less text past the edge, then the bigger
        type."""
        return (self.kept, -self.over, self.size) > (other.kept, -other.over, other.size)


def fit_columns(
    rows: list[list[Line]],
    width: int,
    room: int,
    biggest: int,
    legible: int = 8,
    key: tuple[str, ...] = (),
) -> Fit:
    """The type size and the number of columns that show the rows (each a line or more) under
    the lines of `key`, across them, in `width` x `room` pixels with the biggest type: each
    column holds its rows in the room's height, a row never split between two. The type gets
    smaller, down to `legible`, for every standing to be whole beside a name cut no shorter
    than its first letters (known). Then a long line makes the type smaller, down to 70% of
    what the height allows, before its name loses its end; in a crowd, only nine lines in ten
    need to fit whole (the longest few names lose their ends instead of making everyone's
    type small). Ties go to fewer columns."""
    rows = rows or [[("", "", None)]]
    lines = [line for row in rows for line in row]
    crowd = len(rows) > CROWD
    best = Fit(-1, 0, 1)  # worse than any
    keyed = [("", text, None) for text in key]  # never shortened, across the columns
    for columns in range(1, MOST_COLUMNS + 1):
        per = -(-len(rows) // columns)  # rows a column, the last column shorter
        lines_high = tallest(rows, columns) + len(key)
        column = column_width(width, columns)
        if columns > 1 and column <= 0:
            break
        size = biggest
        while size > 8 and line_height(QFont("Sans", size)) * lines_high > room:
            size -= 1
        high = size  # the biggest type the height allows
        while size > legible and not (
            fits(keyed, size, width - 4) and fits(lines, size, column, known)
        ):
            size -= 1
        floor = legible if crowd else max(legible, int(high * 0.7))
        while size > floor and not fits(lines, size, column, share=9 if crowd else 10):
            size -= 1
        over = max(overrun(keyed, size, width - 4), overrun(lines, size, column, initial))
        kept = 0 if size < legible or over else 2 if fits(lines, size, column, known) else 1
        fit = Fit(kept, size, columns, over)
        if fit > best:
            best = fit
        if per == 1:
            break
    return best


class Standings(QWidget):
    """The players' standings in one or more columns of plain text, in seat order down each
    column in turn, under the key to the bots' levels' marks, if any."""

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
        self._rows: list[tuple[str, str, str]] = []  # as last shown
        self.key = QLabel()  # across the columns: see Levels
        self.key.setTextFormat(Qt.TextFormat.PlainText)
        self.key.setSizePolicy(ignored, QSizePolicy.Policy.Fixed)
        self.key.hide()
        self._layout = QHBoxLayout()
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(GAP)
        stack = QVBoxLayout(self)
        stack.setContentsMargins(0, 0, 0, 0)
        stack.setSpacing(0)
        stack.addWidget(self.key)
        stack.addLayout(self._layout, 1)
        self.levels = ON_LINES
        self.set_font_and_columns(self.font(), 1)

    def set_font_and_columns(
        self, font: QFont, count: int, stacking: bool = False, levels: Levels = ON_LINES
    ) -> None:
        self.setFont(font)
        self.stacking = stacking  # a standing may take a line of its own under a long name
        self.levels = levels
        self.key.setFont(font)
        self.key.setText("\n".join(levels.key))
        self.key.setFixedHeight(line_height(font) * len(levels.key))
        self.key.setVisible(bool(levels.key))
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
        self._rows = rows
        count = len(self.columns)
        per = -(-len(rows) // count) if rows else 0  # rows a column, the last column shorter
        width = column_width(self.width(), count)
        metrics = QFontMetrics(self.font())
        self._plain = []
        for index, label in enumerate(self.columns):
            chunk = rows[index * per : (index + 1) * per]
            label.setText(self._aligned(chunk, metrics, width))

    def resizeEvent(self, event) -> None:
        """Shortened again for the new width: the layout may give the standings their width
        after they were filled (a wider side, for a crowd or for the bots' levels)."""
        super().resizeEvent(event)
        self.show_rows(self._rows)

    def _aligned(self, rows: list[tuple[str, str, str]], metrics: QFontMetrics, width: int) -> str:
        """The rows as rich text: names and standings in two columns (see TABLE), each name
        shortened to leave the widest standing its room (a bot's mark after it kept); a bot's
        level, and a standing stacked under a long name, on lines of their own across the
        column."""
        gap = metrics.horizontalAdvance("  ")
        advance = metrics.horizontalAdvance
        marks = self.levels.marks
        after = {
            i: f" ({marks[role]})" if marks is not None and marks.get(role) else ""
            for i, (_name, role, _shown) in enumerate(rows)
        }
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
        names = {i: name_then(metrics, rows[i][0], after[i], max(room, 1)) for i in beside}
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
            if role and marks is None:
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
        layout.setContentsMargins(0, 0, MARGIN, 0)
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

    def _side_width(self, share: int) -> int:
        """The standings' width when they take `share` of the width to the board's
        BOARD_SHARE (the layout may not have given them their width yet)."""
        room = self.width() - MARGIN - self.layout().spacing()
        return room * share // (BOARD_SHARE + share)

    def _scale_text(self, height: int) -> None:
        # Standings scale with the window, 1/34 of its height, or smaller for many rows to fit
        # under the heading, in as many columns as keep the type biggest, never below 1/40.
        biggest = max(12, height // 34)
        heading = QFont("Sans", int(biggest * 0.8), QFont.Weight.Bold)
        self.heading.setFont(heading)
        if self.board.draws_standings:
            self.layout().setStretch(1, 0)
            return
        room = height - 48 - line_height(heading) - 12
        legible = legible_size(height)
        # The first way that keeps every standing whole and every name telling its player
        # apart (else the best): a side of 1/6 of the width, then (for a crowd, from the
        # start) 2/7, then 3/8, each with a bot's level on a line of its own, then marked
        # after its name. The board keeps the most width, and a level is spelt out wherever
        # it can be.
        crowd = len(self._rows) > CROWD
        shares = (2, 3) if crowd else (1, 2, 3)
        bots = any(role for _name, role, _shown in self._rows)
        levelled = (ON_LINES, Levels.marked(self._rows)) if bots else (ON_LINES,)
        best = None
        for share, levels in itertools.product(shares, levelled):
            width = self._side_width(share)
            rows = [row_lines(*row, levels=levels) for row in self._rows]
            fit = fit_columns(rows, width, room, biggest, legible, levels.key)
            if best is None or fit > best[0]:
                best = fit, share, levels, width
            if fit.kept == 2:
                break
        fit, share, levels, width = best
        self.layout().setStretch(1, share)
        self.layout().activate()  # the standings' new width now, for the rows filled next
        size, stacking = fit.size, False
        if not crowd and levels is ON_LINES:
            # A long name beside its standing loses its end: with room below, the standing
            # goes under it instead, in type no bigger (the standings stay the quieter side)
            # and hardly smaller.
            stacked = stacked_size(self._rows, width, room, size, fit.columns)
            if stacked and stacked >= max(size * 0.85, legible):
                size, stacking = stacked, True
        font = QFont("Sans", size)
        self.standings.set_font_and_columns(font, fit.columns, stacking, levels)

    def refresh(self) -> None:
        self._due.stop()
        self.board.refresh(self.feed.view())
        rows = self.feed.standings()
        # Sized again when the rows change (a bot's level, a wider standing), not on every
        # move: a row a player, a line more a bot, and the widest standing's room.
        resize = rows != self._rows
        self._rows = rows
        if resize:
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
