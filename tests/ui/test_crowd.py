"""An event's crowd at one window: forty players of It's Good Enough at a facilitator's console
or passing one laptop still fit a 1280x720 screen, the status line counts who is awaited
instead of listing them off the edge, and the standings scroll."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QScrollArea

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR, TABLE

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
    assert standings.text().count("\n") == 39  # a row each, in a scrolling pane
    assert isinstance(standings.parentWidget().parentWidget(), QScrollArea)


def test_a_few_names_are_listed_in_full(qtbot, window):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(get_game("good-enough"), seats, {}, 3, FACILITATOR)
    window.start_session(session)
    window.resize(1280, 720)
    QApplication.processEvents()
    assert window.table.status.text() == "Waiting for Ann, Ben, Cat"
