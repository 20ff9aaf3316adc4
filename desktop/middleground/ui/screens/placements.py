"""The results' placements: one table of every row, shown in one column or, where a crowd's rows
would not all be in sight in legible type (twenty card players on a projector), in two side by
side, the first half in the table and the rest in a second view of the same rows, its columns
as wide as the table's. An audience cannot scroll."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QTableView,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

GAP = 24  # pixels between the two columns of rows


class Placements(QWidget):
    """The placements table (`table`), its rows in `columns` columns (see split). Each view
    ends under its last row; the room below is left plain."""

    resized = Signal()  # a new room: the rows are fitted to it again

    def __init__(self, table: QTableWidget) -> None:
        super().__init__()
        self.table, self.columns = table, 1
        self.need = 0  # the height the rows need, as last fitted (fit_rows)
        rest = QTableView()
        rest.setModel(table.model())  # the same items: their fonts, tooltips and all
        rest.setAccessibleName("Placements, continued")
        rest.verticalHeader().setVisible(False)
        rest.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        rest.setTextElideMode(Qt.TextElideMode.ElideNone)
        rest.setTabKeyNavigation(False)
        rest.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        table.horizontalHeader().sectionResized.connect(self._mirror)
        rest.hide()
        self.rest = rest
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(GAP)
        for view in (table, rest):
            column = QVBoxLayout()
            column.addWidget(view, 1)
            column.addStretch(0)  # takes what the view, at its full height, leaves
            row.addLayout(column, 1 if view is table else 0)
        self.row = row

    def views(self) -> list[QTableView]:
        return [self.table, self.rest][: self.columns]

    def split(self, columns: int) -> bool:
        """The rows in one column or two (the first half, one more where they are odd, in the
        table); whether that changed."""
        if columns == self.columns:
            return False
        self.columns = columns
        first = -(-self.table.rowCount() // columns)
        for row in range(self.table.rowCount()):
            self.table.setRowHidden(row, row >= first)
            self.rest.setRowHidden(row, row < first)
        self.rest.setVisible(columns > 1)
        self.row.setStretch(1, 1 if columns > 1 else 0)  # alone, the table takes the width
        return True

    def room(self, width: int) -> int:
        """The width of one column of rows where the placements are `width` wide."""
        return (width - GAP * (self.columns - 1)) // self.columns

    def set_style(self, sheet: str) -> None:
        for view in (self.table, self.rest):
            view.setStyleSheet(sheet)

    def fit_column(self, column: int) -> None:
        """The `column` as wide as its widest cell in either view, or its heading."""
        header = self.table.horizontalHeader()
        cells = (view.sizeHintForColumn(column) for view in self.views())
        header.resizeSection(column, max(header.sectionSizeHint(column), *cells))

    def fit_rows(self) -> int:
        """Each row as high as its lines, each view no higher than its rows; the height the
        placements need."""
        need = 0
        for view in self.views():
            view.resizeRowsToContents()
            rows = sum(view.rowHeight(row) for row in range(self.table.rowCount()))
            header = view.horizontalHeader().sizeHint().height()
            view.setMaximumHeight(header + rows + 2 * view.frameWidth())
            need = max(need, view.maximumHeight())
        self.need = need
        return need

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.resized.emit()

    def _mirror(self, column: int, _old: int, width: int) -> None:
        if column != 3:  # the outcome takes the width that is left, in each
            self.rest.horizontalHeader().resizeSection(column, width)
