"""The projector window: public board only, legible from the back of a room at 720p and 4K."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication, QGraphicsTextItem, QLabel
from tests.ui.audit import laid_out, leaks, lines_at

from middleground.engine import get_game
from middleground.table import Seat, Session


def projected_game(window):
    seats = [Seat(n) for n in ("Ann", "Ben", "Cat", "Dan")]
    session = Session.start(get_game("good-enough"), seats, {}, 4, "facilitator")
    window.start_session(session)
    for seat, number in enumerate([12, 47, 53, 88]):
        session.submit(seat, {"number": number})
    session.submit(0, {"number": 31})  # a slip for the next round, not yet revealed
    window.open_projector()
    return session, window.projector


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_no_projected_text_is_smaller_than_a_fortieth_of_the_window(qtbot, window, size):
    _session, projector = projected_game(window)
    projector.resize(*size)
    QApplication.processEvents()
    public = projector.public
    public.view.fit()
    scale = public.view.transform().m11()
    smallest = size[1] / 40
    texts = [i for i in public.board.items() if isinstance(i, QGraphicsTextItem)]
    assert texts
    for item in texts:
        shown = item.font().pixelSize() * scale
        assert shown >= smallest * 0.97, (item.toPlainText(), shown, smallest)
    for label in public.findChildren(QLabel):
        if label.text():
            assert QFontInfo(label.font()).pixelSize() >= smallest * 0.97, label.text()


def test_the_projector_shows_the_reveal_and_never_an_unrevealed_slip(qtbot, window):
    _session, projector = projected_game(window)
    strings = [i.toPlainText() for i in projector.public.board.items() if hasattr(i, "toPlainText")]
    assert any("Ben 47" in s for s in strings)  # the round just revealed
    assert leaks(projector, {"Ann's next slip": "31"}) == []
    assert projector.windowTitle() == "Middle Ground - Projector"


def test_the_projector_can_be_sent_to_a_screen(qtbot, window):
    projected_game(window)
    window.project_on(QApplication.screens()[0])
    assert window.projector.isFullScreen()


def test_a_board_with_its_own_ranking_column_is_not_given_a_second_one(qtbot, window):
    seats = [Seat(n) for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")]
    session = Session.start(get_game("the-median"), seats, {}, 4, "facilitator")
    window.start_session(session)
    window.open_projector()
    window.projector.resize(1920, 1080)
    QApplication.processEvents()
    public = window.projector.public
    assert not public.standings.isVisible() and not public.heading.isVisible()
    assert public.view.width() > 1920 * 0.95  # the board has the whole width


def test_a_board_without_one_keeps_the_standings_beside_it(qtbot, window):
    _session, projector = projected_game(window)
    projector.resize(1920, 1080)
    QApplication.processEvents()
    assert projector.public.standings.isVisible()
    assert "Ben" in projector.public.standings.text()
    assert projector.public.view.width() < 1920 * 0.9


def test_the_projector_names_the_winner_when_the_game_is_over(qtbot, window):
    seats = [Seat(n) for n in ("Xander", "Yvonne", "Zachary")]
    session = Session.start(get_game("good-enough"), seats, {}, 4, "facilitator")
    window.start_session(session)
    window.open_projector()
    # The seed's second sample game: Yvonne and Zachary tie on 2 points; ignoring the first
    # and last rounds leaves Xander 0, Yvonne 1, Zachary 2, and Yvonne in the middle.
    for picks in ([4, 22, 89], [87, 83, 59], [55, 55, 0], [23, 66, 50], [50, 50, 50]):
        for seat, number in enumerate(picks):
            session.submit(seat, {"number": number})
    QApplication.processEvents()
    strings = [
        i.toPlainText() for i in window.projector.public.board.items() if hasattr(i, "toPlainText")
    ]
    assert "Game over" in strings
    assert "Yvonne wins: the tie was broken by ignoring 1 round at each end." in strings


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_long_name_stays_whole_with_its_standing_under_it(qtbot, window, size):
    seats = [Seat(n) for n in ("Alexandra", "Bo", "Cy", "Maximiliane")]
    options = {"physical_deck": True}  # people at a facilitator's table: a real deck
    session = Session.start(get_game("median-card-game"), seats, options, 4, "facilitator")
    window.start_session(session)
    window.open_projector()
    window.projector.resize(*size)
    QApplication.processEvents()
    standings = window.projector.public.standings
    lines = standings.text().split("\n")
    assert lines == [
        "Alexandra",
        "  0 cards taken",
        "Bo  0 cards taken",  # a short name keeps its standing beside it
        "Cy  0 cards taken",
        "Maximiliane",
        "  0 cards taken",
    ]
    label = standings.columns[0]
    widest = max(label.fontMetrics().horizontalAdvance(line) for line in lines)
    assert widest <= label.width()  # nothing cut
    assert QFontInfo(label.font()).pixelSize() >= size[1] / 40 * 0.97  # and still legible


def test_the_projector_opens_no_larger_than_a_1024x768_screen(qtbot, window, monkeypatch):
    """It always opened at 1280x720: on a 1024x768 screen the standings were past its edge
    until someone pressed F11."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QScreen

    monkeypatch.setattr(QScreen, "availableGeometry", lambda screen: QRect(0, 0, 1024, 768))
    session = Session.start(get_game("good-enough"), [Seat(n) for n in "ABC"], {}, 1)
    window.start_session(session)
    window.open_projector()
    projector = window.projector
    assert projector.width() <= 1024 - 40 and projector.height() <= 768 - 60


def board_texts(board) -> list[str]:
    return [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]


REVEALS = {
    "good-enough": (["Ann", "Ben", "Cat"], {}),
    "median-card-game": (["Ann", "Ben", "Cat"], {"physical_deck": True, "dealer": "Ann"}),
    "the-median": (["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"], {}),
}


@pytest.mark.parametrize("game_id", list(REVEALS))
def test_the_projector_tells_the_room_nothing_to_press(qtbot, window, game_id):
    """The card game's reveal said "Ann led. Press Continue for the next round." on the
    projector too, which has no Continue: the room was told to press a button it could not
    see. The projector now says what comes next; the table's window, where the button is,
    still names it."""
    from middleground.table.session import PASS

    names, options = REVEALS[game_id]
    session = Session.start(get_game(game_id), [Seat(name) for name in names], options, 5)
    window.start_session(session)
    window.open_projector()
    projected, table = window.projector.public, window.table
    while not session.board_view().revealing:
        seat = session.curtain.seat
        if session.curtain.stage == PASS:
            session.lift(seat)
        if options.get("physical_deck"):  # the cards are entered at the table, not the wall
            projected.refresh()  # (else drawn on the event loop's next pass)
            assert any(t.startswith("Enter the revealed cards") for t in board_texts(table.board))
            away = board_texts(projected.board)
            assert any(t.startswith("Revealed cards: ") for t in away)
            assert not any("Enter" in t for t in away)
        session.submit(seat, session.state.legal_actions(seat)[0])
    projected.refresh()
    here, there = board_texts(table.board), board_texts(projected.board)
    assert any("Press Continue" in t or "press Continue" in t for t in here)
    assert not any("press" in t.lower() or "click" in t.lower() for t in there), there
    assert any(t.endswith("when everyone has seen it.") for t in there)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_standings_line_up_beside_names_of_any_length(qtbot, window, size):
    """ "Cleo  1 point" once began its standing further right than "Ann  0 points" above it:
    read from the back of a room, the standings form a column of their own."""
    seats = [Seat(n) for n in ("Ann", "Cleo", "Jo", "Maxine")]
    session = Session.start(get_game("good-enough"), seats, {}, 3, "facilitator")
    window.start_session(session)
    window.open_projector()
    window.projector.resize(*size)
    QApplication.processEvents()
    (column,) = window.projector.public.standings.columns
    placed = lines_at(laid_out(column))
    beside = [x for text, x in placed if text == "0 points"]
    under = [text for text, x in placed if text == "  0 points"]  # a name too long for it
    names = [x for text, x in placed if text in ("Ann", "Cleo", "Jo", "Maxine")]
    assert len(beside) >= 3 and len(beside) + len(under) == 4
    assert len(set(beside)) == 1  # one column of standings
    assert len(names) == 4 and len(set(names)) == 1 and names[0] < beside[0]
    assert laid_out(column).idealWidth() <= column.width()  # and nothing runs off the side
