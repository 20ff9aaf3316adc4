"""An event's crowd at one window: forty players of It's Good Enough at a facilitator's console
or passing one laptop still fit a 1280x720 screen, the status line counts who is awaited
instead of listing them off the edge, and the standings scroll."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QScrollArea
from tests.ui.audit import laid_out

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR, TABLE
from middleground.widgets.names import LTR_MARK

from .test_facilitator import enter

NAMES = [f"Guest {n}" for n in range(1, 41)]


@pytest.mark.parametrize("mode", [FACILITATOR, TABLE])
def test_forty_players_fit_a_laptop_screen(qtbot, window, mode):
    session = Session.start(get_game("good-enough"), [Seat(n) for n in NAMES], {}, 3, mode)
    window.start_session(session)
    window.resize(1280, 720)
    QApplication.processEvents()
    hint = window.minimumSizeHint()
    assert hint.width() <= 1280 and hint.height() <= 720
    assert window.width() == 1280 and window.height() == 720
    status = window.table.status
    if mode == FACILITATOR:
        assert status.text() == "Waiting for 40 players"
        enter(qtbot, window.table.console, 0, 17)
        assert status.text() == "Waiting for 39 players"
    standings = window.table.standings
    assert standings.text().count("<tr>") == 40  # a row each, in a scrolling pane
    assert isinstance(standings.parentWidget().parentWidget(), QScrollArea)


@pytest.mark.parametrize(
    "names", [["Ann", "Ben", "Cat"], ["Alice", "Bob", "Carol", "Dave", "Erin"]]
)
def test_a_few_names_are_listed_in_full(qtbot, window, names):
    session = Session.start(get_game("good-enough"), [Seat(n) for n in names], {}, 3, FACILITATOR)
    window.start_session(session)
    window.resize(1280, 720)
    qtbot.waitExposed(window)
    QApplication.processEvents()
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    assert window.table.status.text() == "Waiting for " + listed


def test_right_to_left_names_in_the_status_keep_their_commas_after_them(qtbot, window):
    """In "Waiting for محمد, علي and Cat" the bidi algorithm drew the comma and "and" after an
    Arabic name on its other side. Each such name is closed by a left-to-right mark."""
    names = ["محمد", "علي", "Cat"]
    session = Session.start(get_game("good-enough"), [Seat(n) for n in names], {}, 3, FACILITATOR)
    window.start_session(session)
    window.resize(1280, 720)
    qtbot.waitExposed(window)
    QApplication.processEvents()
    assert window.table.status.text() == f"Waiting for محمد{LTR_MARK}, علي{LTR_MARK} and Cat"


def test_a_new_round_starts_the_console_at_the_first_seat_in_sight(qtbot, window):
    session = Session.start(get_game("good-enough"), [Seat(n) for n in NAMES], {}, 3, FACILITATOR)
    window.start_session(session)
    window.resize(1280, 720)
    QApplication.processEvents()
    console = window.table.console
    for seat in range(40):  # the facilitator enters the slips from the top, one after another
        assert console.seats.currentRow() == seat
        enter(qtbot, console, seat, seat * 2 + 1)
    assert session.public_view().round == 2
    # not on Guest 40, whose slip went in last, but on Guest 1, and scrolled back to show it
    assert console.seats.currentRow() == 0
    assert console.form.button.text() == "Enter for Guest 1"
    row = console.seats.visualItemRect(console.seats.item(0))
    assert console.seats.viewport().rect().contains(row)


def crowd_on_the_projector(window, players: int, size: tuple[int, int]):
    """A facilitated game of `players` guests, its projector at `size`: the names and it."""
    names = [f"Guest {n}" for n in range(1, players + 1)]
    session = Session.start(get_game("good-enough"), [Seat(n) for n in names], {}, 3, FACILITATOR)
    window.start_session(session)
    window.open_projector()
    window.projector.resize(*size)
    QApplication.processEvents()
    return names, window.projector


@pytest.mark.parametrize("players", [40, 50])
def test_the_projector_fits_a_crowd_s_standings_in_columns_big_enough_to_read(
    qtbot, window, players
):
    names, projector = crowd_on_the_projector(window, players, (1920, 1080))
    assert (projector.width(), projector.height()) == (1920, 1080)  # it grew to 32,767 once
    standings = projector.public.standings
    assert standings.text().split("\n") == [f"{name}  0 points" for name in names]
    assert len(standings.columns) >= 2
    spacing = standings.fontMetrics().lineSpacing()
    assert spacing * players > standings.height()  # one column could not hold this type size
    assert spacing >= 1080 // 40  # where one column had 13-pixel type at fifty players
    for index, column in enumerate(standings.columns):
        lines = standings.column_lines(index)
        assert column.geometry().bottom() <= 1080 and spacing * len(lines) <= column.height()
        assert laid_out(column).idealWidth() <= column.width()
    picture = projector.public.picture()
    assert (picture.width(), picture.height()) == (1920, 1080)


LONG = ["Bartholomew-Maximilian Feather", "Wilhelmina Alexandra Ostrowska", "Ann"]


def test_thirty_letter_names_keep_the_buttons_and_the_projector_readable(qtbot, window):
    session = Session.start(get_game("good-enough"), [Seat(n) for n in LONG], {}, 3, FACILITATOR)
    window.start_session(session)
    window.resize(1280, 720)
    window.open_projector()
    window.projector.resize(1920, 1080)
    QApplication.processEvents()
    seats = window.table.console.seats
    first = seats.item(0)  # the name gives way, the status stays whole
    assert first.text().endswith("…: waiting") and first.text().startswith("Bartholomew")
    assert first.data(Qt.ItemDataRole.AccessibleTextRole) == f"{LONG[0]}: waiting"
    assert seats.item(2).text() == "Ann: waiting"
    button = window.table.console.form.button
    # the words end in an ellipsis inside the button; the whole stays for a screen reader
    assert button.accessibleName() == f"Enter for {LONG[0]}"
    assert button.text().endswith("…") and button.toolTip() == f"Enter for {LONG[0]}"
    assert button.fontMetrics().horizontalAdvance(button.text()) < button.width()
    enter(qtbot, window.table.console, 0, 17)
    enter(qtbot, window.table.console, 1, 18)
    assert button.text() == button.accessibleName() == "Enter for Ann"  # short: as it is
    standings = window.projector.public.standings
    width = standings.width()
    lines = standings.text().split("\n")
    for line in lines:  # a name may lose its end or stand over its standing, never run off
        assert standings.fontMetrics().horizontalAdvance(line) <= width
    assert [line.strip() for line in lines if line.endswith("0 points")] == [
        "0 points",  # under "Bartholomew-Maximilian Feather"
        "0 points",
        "Ann  0 points",
    ]
    assert lines[0] == LONG[0] and lines[2] == LONG[1]  # with room below, names stay whole


def test_a_small_table_s_long_name_makes_the_standings_smaller_before_losing_its_end(qapp):
    """Only a crowd lets its longest few names lose their ends to keep everyone's type big; a
    small table first shrinks the type, down to 70%."""
    from PySide6.QtGui import QFont, QFontMetrics

    from middleground.ui.standings import fit_columns

    rows = [("Alexandra Papadopoulou-Smith", "", "12 points"), ("Bo", "", "3 points")]
    fit = fit_columns(rows, 300, 900, 31)
    assert fit.columns == 1 and int(31 * 0.7) <= fit.size < 31
    whole = QFontMetrics(QFont("Sans", fit.size)).horizontalAdvance(
        "Alexandra Papadopoulou-Smith  12 points"
    )
    assert whole <= 300 - 4 or fit.size == int(31 * 0.7)  # whole, or as small as a table goes
    crowd = [(f"Guest {n}", "", "0 points") for n in range(1, 49)] + rows
    fit = fit_columns(crowd, 600, 900, 31)
    assert fit.columns == 2 and fit.size > int(31 * 0.7)  # two long names do not shrink fifty


@pytest.mark.parametrize("players", [12, 20, 30])
def test_every_standing_is_whole_on_a_1024x768_projector(qtbot, window, players):
    """Twenty guests' standings on a 1024x768 projector lost the last "0 points": the fit
    counted 22 pixels a line (the rounded spacing) where the labels lay out 23 (22.09, up)."""
    _names, projector = crowd_on_the_projector(window, players, (1024, 768))
    standings = projector.public.standings
    for column in standings.columns:
        assert column.geometry().bottom() <= projector.height()
        assert column.sizeHint().height() <= column.height(), column.text().split("\n")[-1]
