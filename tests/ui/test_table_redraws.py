"""What the table redraws after each change: the log keeps every public line in order (new
lines added, a taken-back line gone), and the projector catches up on the next pass of the
event loop with the same public board the table shows."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QGraphicsTextItem

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR


def log_lines(window) -> list[str]:
    log = window.table.log
    return [log.item(i).text() for i in range(log.count())]


def public_lines(session) -> list[str]:
    events = session.board_events()[-60:]  # held with the board while a reveal is read
    return [e.text for e in events if e.kind != "submitted"]


def board_texts(board) -> list[str]:
    return sorted(i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem))


def but_what_next(board) -> list[str]:
    """The board's texts but the line saying what comes after a reveal: the table's names its
    Continue button, the projector's (which has none) does not."""
    return [t for t in board_texts(board) if not t.startswith("Round revealed:")]


def projected_table(window):
    """Three players at a facilitator's console, the projector open."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 2, FACILITATOR)
    window.start_session(session)
    window.open_projector()
    return session, window.projector.public


def test_the_log_and_the_projector_follow_every_change(qtbot, window):
    session, projector = projected_table(window)
    steps = [
        lambda: session.submit(0, {"number": 41}),
        lambda: session.submit(1, {"number": 67}),
        session.undo,  # Ben's slip taken back: the log and the count go back with it
        lambda: session.submit(1, {"number": 76}),
        lambda: session.submit(2, {"number": 13}),  # the reveal
        lambda: session.submit(0, {"number": 50}),  # entered while the boards hold it
        session.acknowledge,  # the facilitator goes on: round 2's opening is told
    ]
    for step in steps:
        step()
        assert log_lines(window) == public_lines(session)
        QApplication.processEvents()  # the projector draws on the next pass
        assert but_what_next(projector.board) == but_what_next(window.table.board)
    assert log_lines(window)[-1] == "Round 2 of 3 begins."
    assert any("Ann 41" in t for t in board_texts(projector.board))  # round 1's picture


def test_the_round_picture_shows_a_change_the_projector_has_not_drawn_yet(qtbot, window):
    session, projector = projected_table(window)
    for seat, number in enumerate([41, 67, 13]):
        session.submit(seat, {"number": number})
    projector.picture()  # drawn at once, before the event loop had a pass
    assert any("Ann 41" in t for t in board_texts(projector.board))


def test_the_log_is_read_from_a_chair_six_lines_at_a_time(qtbot, window):
    from PySide6.QtGui import QFontMetrics

    session, _projector = projected_table(window)
    window.resize(1920, 1080)
    for seat, number in enumerate((41, 50, 60)):
        session.submit(seat, {"number": number})
    session.acknowledge()
    log = window.table.log
    metrics = QFontMetrics(log.font())
    assert metrics.height() >= window.table.status.fontMetrics().height() * 0.8  # not a footnote
    assert log.count() >= 3 and log.maximumHeight() >= metrics.lineSpacing() * 6
