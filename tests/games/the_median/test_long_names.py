"""The Median on a 1024x768 screen and with names at the setup's limit (30 letters, wide ones):
the window never grows past the screen, and the final places keep clear of their box's edge."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QGraphicsTextItem
from tests.games.the_median.median_helpers import NAMES, at_round, game, orders_for, play_round
from tests.games.the_median.test_console import to_random_deal
from tests.games.the_median.test_views import board_for

from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR


def themed_window(qtbot, theme: str, size: tuple[int, int]):
    """The app's window at `size` in `theme`, as on a screen of that size."""
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    window = MainWindow(Settings(theme=theme, idle_seconds=0), bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    return window


def settle(qtbot) -> None:
    QApplication.processEvents()
    qtbot.wait(30)


def renamed(state, names):
    """`state` with the players renamed `names`."""
    state.players = tuple(names)
    return state


class ShownBesideAPanel(QObject):
    """Counts the times the console's entry form shows while a game's panel is in sight."""

    def __init__(self, console) -> None:
        super().__init__()
        self.console, self.times = console, 0
        console.form.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        panel = self.console.panel
        if event.type() == QEvent.Type.Show and panel is not None and panel.isVisible():
            self.times += 1
        return False


def test_the_console_never_shows_the_entry_form_beside_a_seats_panel(qtbot):
    """At the console on a 1024x768 screen, as the entry moved on from Ann's orders to Bob,
    who had news to tell, under a reveal's Continue, the entry form showed for a moment beside
    Ann's panel: the column, that moment, was taller than the screen, and the window grew to
    778 pixels high to hold it, and stayed so. Bob's panel now simply takes Ann's place."""
    window = themed_window(qtbot, "light", (1024, 768))
    session = Session.start(game(), [Seat(n) for n in NAMES], {}, 3, FACILITATOR)
    window.start_session(session)
    to_random_deal(session)  # Ann and Bob are each dealt a character: news to tell them
    settle(qtbot)
    console = window.table.console
    spy = ShownBesideAPanel(console)
    session.submit(0, orders_for(session.state, 0, {}))
    settle(qtbot)
    assert console.seats.currentRow() == 1 and console.panel.isVisible()
    assert console.continue_button.isVisible() and console.tell.isVisible()
    for row in (3, 0, 2):  # as the facilitator's clicks would
        console.seats.setCurrentRow(row)
        settle(qtbot)
    assert spy.times == 0
    assert window.height() == 768


def test_final_places_keep_as_far_from_the_boxs_right_edge_as_from_its_left(qtbot):
    """A bold row of Final places with a long name ran to its box's edge: "1st ✕ Wilhelmina
    M…  37  J" touched it, while every row starts well inside."""
    from PySide6.QtWidgets import QGraphicsRectItem

    from middleground.games.the_median.board import RANK_X

    names = ("W" * 30, "Wilhelmina Montgomery-Whitmore", *("M" * 29 + str(n) for n in range(7)))
    board = board_for(play_round(renamed(at_round(9, points={0: 30, 1: 20}), names)))
    rows = [
        item
        for item in board.items()
        if isinstance(item, QGraphicsTextItem) and item.x() == RANK_X and "…" in item.toPlainText()
    ]
    assert len(rows) == 9 and any(row.font().bold() for row in rows)
    box = next(  # the box the rows stand in
        item.sceneBoundingRect()
        for item in board.items()
        if isinstance(item, QGraphicsRectItem) and item.sceneBoundingRect().contains(rows[0].pos())
    )
    for row in rows:
        margin = row.document().documentMargin()
        text = row.sceneBoundingRect().adjusted(margin, 0, -margin, 0)
        assert box.right() - text.right() >= text.left() - box.left(), row.toPlainText()
