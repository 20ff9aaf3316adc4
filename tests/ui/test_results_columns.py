"""A crowd's results on a projector: twenty card players' rows did not fit one column in type a
room can read (1/40 of the height), and an audience cannot scroll. They now stand in two
columns, the chart taking turns with them, every row in sight."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTableView
from tests.ui.test_results import FULL_TABLE_NAMES, finished, results_in_the_window
from tests.ui.test_results_long_names import WIDE, played

ARABIC = "محمد عبد الرحمن الهاشمي"
# Twenty names of about thirty letters, no two alike: the long names, then each with a number.
LONG = [*WIDE, ARABIC] + [f"{name[:27]}{n}" for n, name in enumerate([*WIDE, ARABIC] * 2, 10)]
LONG = LONG[:20]


def rows_in_sight(screen) -> list[int]:
    """The rows shown whole in a view of the placements with no scroll bar."""
    shown = []
    for view in screen.standings.findChildren(QTableView):
        bars = (view.verticalScrollBar(), view.horizontalScrollBar())
        if not view.isVisible() or any(bar.isVisible() for bar in bars):
            continue
        model, port = view.model(), view.viewport().rect()
        for row in range(model.rowCount()):
            cells = [view.visualRect(model.index(row, c)) for c in range(model.columnCount())]
            if not view.isRowHidden(row) and all(port.contains(cell) for cell in cells):
                shown.append(row)
    return sorted(shown)


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
def test_twenty_card_players_are_all_in_sight_on_a_projector(qtbot, size):
    session = finished("median-card-game", 20, 5, {"decks": 2}, names=FULL_TABLE_NAMES)
    screen = results_in_the_window(qtbot, session, "projection", size)
    qtbot.waitUntil(lambda: rows_in_sight(screen) == list(range(20)))  # once settled
    assert screen.row_type >= size[1] / 40  # the floor, read across a room


def test_twenty_long_names_stand_in_two_columns_all_in_sight(qtbot):
    session = played("median-card-game", LONG, {"decks": 2, "dealer": LONG[0]})
    screen = results_in_the_window(qtbot, session, "projection", (1024, 768))
    qtbot.waitUntil(lambda: rows_in_sight(screen) == list(range(20)))
    assert screen.standings.columns == 2 and screen.views.currentWidget() is screen.standings
    assert screen.row_type >= 768 / 40
    table = screen.table
    for row in range(20):  # cut, with the whole name in its tooltip
        item, name = table.item(row, 1), screen.players[row]
        assert item.text() == name or ("…" in item.text() and item.toolTip() == name)
    assert table.columnWidth(1) == screen.standings.rest.columnWidth(1)


def test_nine_players_keep_one_column(qtbot):
    session = finished("the-median", 9, 5, names=FULL_TABLE_NAMES)
    for size in ((1920, 1080), (1024, 768)):
        screen = results_in_the_window(qtbot, session, "projection", size)
        assert screen.standings.columns == 1 and not screen.standings.rest.isVisible()
        qtbot.waitUntil(lambda: rows_in_sight(screen) == list(range(9)))  # noqa: B023
