"""The standings beside (or under) the public board: a row a player, names and standings in
columns of plain text, each name cut as far as it still tells its player apart, the type as big
as the room allows and never below 1/40 of the projector's height.

Fitted by PublicBoard (public_board.py), which chooses where they go.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontInfo, QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from middleground.ai.bot import LEVELS
from middleground.widgets.names import short_name, tells_apart

CROWD = 24  # more players than this: the standings start on a wider side, for columns
GAP = 24  # pixels between two columns of standings
MOST_COLUMNS = 4
LEGIBLE = 40  # the smallest type on the projector: 1/40 of its height, read across a room


# The standings as rich text: a row beside its standing is a table row whose first cell has a
# set width, the same in every table of a column (a span across both cells would widen the
# first), so the standings line up; a line across the column (a bot's level, a name too long
# to share its line) is a paragraph between the tables. Every cell and line is set left to
# right whatever its words: a right-to-left name ("محمد") starts at the left of its cell, its
# gap before its standing kept, where Qt had set it against the standing at the cell's right.
# (Unicode's isolate marks would do it too, but Qt draws them in a fallback font whose taller
# lines push the last standing past the bottom.)
TABLE = '<table cellspacing="0" cellpadding="0" style="white-space: pre">{}</table>'
ROW = '<tr><td width="{}" dir="ltr">{}</td><td dir="ltr">{}</td></tr>'
LINE = '<p dir="ltr" style="white-space: pre; margin: 0">{}</p>'


@dataclass(frozen=True)
class Levels:
    """Where the bots' levels show. On a line of their own under each bot's row, or beside
    its standing where that has a line of its own (marks None); or, where those lines do not
    fit, as a short mark after a bot's name ("Bo (H)"), said once in `key`, across the top of
    the standings ("(H) hard bot"); where every player is a bot of one level, no mark at all
    and one line ("All hard bots")."""

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


@dataclass(frozen=True)
class Placed:
    """A player's row as a column of the standings shows it: the name (`cut`: whole, or
    shortened by widgets/names.py) and what follows it (a bot's mark, " (H)"), its standing
    beside it (None: stacked, on a line `under` it), and the lines across the column under
    the name (a stacked standing, a bot's level)."""

    name: str
    cut: str
    after: str
    standing: str | None
    under: tuple[str, ...] = ()

    @property
    def lines(self) -> list[str]:
        """The row's lines as text() gives them: "Bo (H)  3 points"."""
        first = self.cut + self.after
        if self.standing:
            first = f"{first}  {self.standing}"
        return [first, *self.under]


@lru_cache(maxsize=64)
def metrics_at(size: int) -> QFontMetrics:
    """The metrics of the standings' type of `size` points."""
    return QFontMetrics(QFont("Sans", size))


@lru_cache(maxsize=16384)
def advance_at(size: int, text: str) -> int:
    """The width of `text` in the standings' type of `size` points. Fitting the standings
    measures the same names and standings many times over (a size, a place, a way to show the
    levels each)."""
    return metrics_at(size).horizontalAdvance(text)


@lru_cache(maxsize=16384)
def cut_at(size: int, name: str, names: tuple[str, ...], room: int) -> str:
    """short_name in the standings' type of `size` points (see advance_at)."""
    return short_name(metrics_at(size), name, names, room)


@lru_cache(maxsize=16384)
def told_apart(cut: str, name: str, names: tuple[str, ...]) -> bool:
    """tells_apart, asked as often as cut_at."""
    return tells_apart(cut, name, names)


def arrange(
    rows: list[tuple[str, str, str]],
    size: int,
    width: int,
    levels: Levels = ON_LINES,
    stacking: bool = False,
    names: tuple[str, ...] | None = None,
    cut: bool = True,
) -> list[Placed]:
    """The rows (name, a bot's level, standing) in a column `width` pixels wide in type of
    `size` points: each name beside its standing, the standings lined up in a column of their
    own, read down at a glance from the back of a room; each name shortened to leave the
    widest standing its room, as far as it still tells its player from the others in `names`
    (the table's; widgets/names.py). Stacking, the longest names take a line of their own
    until the rest line up in the width, each standing on the line under its name with a
    bot's level beside it where both fit: a long name keeps more of itself, and a level costs
    no line more. Not to `cut`, every name stays whole, past its room where it must."""
    names = tuple(row[0] for row in rows) if names is None else names

    def advance(text: str) -> int:
        return advance_at(size, text)

    gap = advance("  ")
    marks = levels.marks
    after = [f" ({marks[role]})" if marks and marks.get(role) else "" for _n, role, _s in rows]
    level = [f"({role})" if role and marks is None else "" for _n, role, _s in rows]
    beside = list(range(len(rows)))
    if stacking:

        def whole(i: int) -> int:
            return advance(rows[i][0] + after[i])

        while beside:
            widest = max(advance(rows[i][2]) for i in beside)
            if max(map(whole, beside)) + gap + widest <= width:
                break
            beside.remove(max(beside, key=whole))
    widest = max((advance(rows[i][2]) for i in beside), default=0)
    room = width - gap - widest if widest else width
    placed = []
    for i, (name, _role, shown) in enumerate(rows):
        stacked = i not in beside
        shortened = name
        if cut:
            shortened = cut_at(size, name, names, (width if stacked else room) - advance(after[i]))
        if stacked and shown:
            both = f"  {shown}  {level[i]}"
            if level[i] and advance(both) <= width:
                under = [both]
            else:
                under = [f"  {shown}"] + ([f"  {level[i]}"] if level[i] else [])
        else:
            under = [f"  {level[i]}"] if level[i] else []
        placed.append(Placed(name, shortened, after[i], None if stacked else shown, tuple(under)))
    return placed


def overrun(placed: list[Placed], size: int, width: int) -> int:
    """How far past a column `width` pixels wide its rows' widest line runs in type of `size`
    points (0: they fit)."""

    def advance(text: str) -> int:
        return advance_at(size, text)

    beside = [p for p in placed if p.standing is not None]
    names_wide = max((advance(p.cut + p.after) for p in beside), default=0)
    standings_wide = max((advance(p.standing) for p in beside if p.standing), default=0)
    widths = [names_wide + (advance("  ") + standings_wide if standings_wide else 0)]
    widths += [advance(p.cut + p.after) for p in placed if p.standing is None]
    widths += [advance(line) for p in placed for line in p.under]
    return max(max(widths) - width, 0)


def kept(placed: list[Placed], names: tuple[str, ...], crowd: bool) -> int:
    """How whole a column's names are (see Fit): 3 where every name is (in a crowd, nine in
    ten), 2 where every cut name still tells its player apart, else 1."""
    if not all(told_apart(p.cut, p.name, names) for p in placed):
        return 1
    cut = sum(1 for p in placed if p.cut != p.name)
    return 3 if cut == 0 or (crowd and cut * 10 <= len(placed)) else 2


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


def column_width(width: int, columns: int) -> int:
    return (width - GAP * (columns - 1)) // columns - 4


@dataclass(frozen=True)
class Fit:
    """How well the standings fit, in type of at least the smallest legible size with every
    standing whole: `kept` 3 where every name is whole too (in a crowd, nine in ten); 2 where
    the names cut still tell every player apart (widgets/names.py); 1 where a name may not;
    0 where even that would not fit, the lines running `over` pixels past their column.
    `stacking`: a long name's standing on the line under it (see arrange)."""

    kept: int
    size: int
    columns: int
    over: int = 0
    stacking: bool = False

    def __gt__(self, other: Fit) -> bool:
        """The better fit: the more kept, then the less text past the edge, then the bigger
        type."""
        return (self.kept, -self.over, self.size) > (other.kept, -other.over, other.size)


def fit_columns(
    rows: list[tuple[str, str, str]],
    width: int,
    room: int,
    biggest: int,
    legible: int = 8,
    levels: Levels = ON_LINES,
    stacking: bool = False,
    names: Sequence[str] | None = None,
) -> Fit:
    """The type size and the number of columns that show the rows (see arrange) under the
    lines of the levels' key, across them, in `width` x `room` pixels with the biggest type:
    each column holds its rows in the room's height, a row never split between two, every
    standing whole. A long name makes the type smaller, down to 70% of what the height allows,
    before it loses its end; then it is cut as far as it still tells its player from the
    others in `names` (the table's), in type smaller still, down to `legible`, where it must.
    In a crowd only nine names in ten need to be whole, down to `legible`: the longest few
    lose their ends instead of making everyone's type small. Ties go to fewer columns."""
    rows = rows or [("", "", "")]
    names = tuple(row[0] for row in rows) if names is None else tuple(names)
    best = Fit(-1, 0, 1)  # worse than any
    for columns in range(1, MOST_COLUMNS + 1):
        per = -(-len(rows) // columns)  # rows a column, the last column shorter
        column = column_width(width, columns)
        if columns > 1 and column <= 0:
            break
        chunks = [rows[i : i + per] for i in range(0, len(rows), per)]
        fit = _sized(chunks, columns, width, room, biggest, legible, levels, stacking, names)
        if fit > best:
            best = fit
        if per == 1:
            break
    return best


def _sized(chunks, columns, width, room, biggest, legible, levels, stacking, names) -> Fit:
    """fit_columns' type size for the rows in these `chunks`, a column each."""
    column = column_width(width, columns)
    crowd = sum(map(len, chunks)) > CROWD
    floor = None  # the type a long name may make smaller before it loses its end
    best = None
    for size in range(biggest, 7, -1):
        # Whole first, the names never cut (quick to measure: what fits, what stacks).
        placed = [arrange(chunk, size, column, levels, stacking, names, False) for chunk in chunks]
        lines = max(sum(len(p.lines) for p in rows) for rows in placed) + len(levels.key)
        if line_height(QFont("Sans", size)) * lines > room and size > 8:
            continue
        if floor is None:  # the biggest type the height allows
            floor = legible if crowd else max(legible, int(size * 0.7))
        keyed = max((advance_at(size, line) for line in levels.key), default=0) - (width - 4)
        over = max(keyed, *(overrun(rows, size, column) for rows in placed), 0)
        if not crowd and size >= max(floor, legible) and not over:
            return Fit(3, size, columns, 0, stacking)
        if not crowd and size > floor:
            continue
        placed = [arrange(chunk, size, column, levels, stacking, names) for chunk in chunks]
        over = max(keyed, *(overrun(rows, size, column) for rows in placed), 0)
        least = min(kept(rows, names, crowd) for rows in placed)
        fit = Fit(0 if size < legible or over else least, size, columns, over, stacking)
        if fit.kept == 3 or (fit.kept == 2 and size <= floor):
            return fit
        if best is None or fit > best:
            best = fit
        if size < legible:
            break
    return best or Fit(0, 8, columns, width, stacking)


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
            label.setTextFormat(Qt.TextFormat.RichText)  # a table: see _html
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
        """A row a player (name, a bot's level, standing; see arrange), down the columns in
        turn, each name shortened where the whole would push its standing out of its column,
        as far as it still tells its player from everyone else at the table."""
        self._rows = rows
        count = len(self.columns)
        per = -(-len(rows) // count) if rows else 0  # rows a column, the last column shorter
        width = column_width(self.width(), count)
        size = self.font().pointSize()
        names = tuple(name for name, _role, _shown in rows)
        self._plain = []
        for index, label in enumerate(self.columns):
            chunk = rows[index * per : (index + 1) * per]
            placed = arrange(chunk, size, width, self.levels, self.stacking, names)
            self._plain.append([line for row in placed for line in row.lines])
            label.setText(self._html(placed, size))

    def resizeEvent(self, event) -> None:
        """Shortened again for the new width: the layout may give the standings their width
        after they were filled (a wider side, for a crowd or for the bots' levels)."""
        super().resizeEvent(event)
        self.show_rows(self._rows)

    @staticmethod
    def _html(placed: list[Placed], size: int) -> str:
        """The rows as rich text: names and standings in two columns (see TABLE); a stacked
        standing and a bot's level on lines of their own across the column."""

        def advance(text: str) -> int:
            return advance_at(size, text)

        beside = [row for row in placed if row.standing is not None]
        column = max((advance(row.cut + row.after) for row in beside), default=0)
        column += advance("  ")
        parts, table = [], []  # table: the rows of the table being built

        def line(text: str) -> None:  # across the column, outside the tables
            if table:
                parts.append(TABLE.format("".join(table)))
                table.clear()
            parts.append(LINE.format(text))

        for row in placed:
            name = escape(row.cut + row.after)
            if row.standing is not None:
                table.append(ROW.format(column, name, escape(row.standing)))
            else:
                line(name)
            for text in row.under:
                line(escape(text))
        if table:
            parts.append(TABLE.format("".join(table)))
        return "".join(parts)

    def text(self) -> str:
        """Every row, one a line ("Ann  2 points"), down the columns in turn."""
        return "\n".join("\n".join(lines) for lines in self._plain if lines)

    def column_lines(self, index: int) -> list[str]:
        """The lines of column `index`, as text() writes them."""
        return list(self._plain[index])
