"""Long names on the projector, the exported round picture and the facilitator's console: two
players whose names begin alike are never shown alike, the projector's type stays at least
1/40 of its height with the board beside or above the standings, and a right-to-left name
keeps its gap before its standing."""

from __future__ import annotations

import random

import pytest
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication, QGraphicsTextItem, QLabel
from tests.ui.audit import laid_out

from middleground.ai import make_bot
from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.seats import BOT
from middleground.table.session import FACILITATOR
from middleground.ui.bridge import PublicFeed
from middleground.ui.public_board import PublicBoard
from middleground.widgets.theme import LIGHT

ASHBY, ASHTON = "Bartholomew Fitzgerald-Ashby", "Bartholomew Fitzgerald-Ashton"
PAPADOPOULOU, PAPADAKIS = "Alexandra Papadopoulou", "Alexandra Papadakis"
LONG = [ASHBY, PAPADOPOULOU, "Wolfeschlegelsteinhausen", PAPADAKIS, ASHTON]
WIDE = ["W" * 30, "W" * 29 + "M", ASHBY, ASHTON, "M" * 30]
NINE = [*LONG, "María José Fernández-García", "Oluwaseun Adebayo-Okonkwo", "山田太郎", "Zoë"]
GAMES = {"good-enough": LONG, "median-card-game": LONG, "the-median": NINE}
SIZES = [(1024, 768), (1920, 1080)]


def bots(game_id: str, names: list[str]) -> Session:
    """A game of bots (their levels shown beside their names) at a facilitator's table,
    played to its first reveal: every name and mark on the board."""
    levels = ("hard", "random", "easy", "normal")
    seats = [Seat(name, BOT, levels[i % 4]) for i, name in enumerate(names)]
    session = Session.start(get_game(game_id), seats, {}, 7, FACILITATOR)
    bot = make_bot(session.game, "random")
    while not session.board_view().revealing:
        for seat in session.bots_owed():
            view, legal, seed, version = session.bot_job(seat)
            session.submit_bot(seat, bot.choose(view, legal, random.Random(seed)), version)
    return session


def projected(window, session: Session, size: tuple[int, int]):
    window.start_session(session)
    window.open_projector()
    window.projector.resize(*size)
    QApplication.processEvents()
    return window.projector.public


def reads_as(shown: str, name: str) -> bool:
    """Whether a reader takes `shown` for `name`: the name, or its beginning and end either
    side of an ellipsis ("Bartholomew…Ashby")."""
    head, cut, tail = shown.partition("…")
    if not cut:
        return shown == name
    return name.startswith(head.rstrip()) and name.endswith(tail)


def assert_told_apart(shown: dict[str, str], names: list[str]) -> None:
    """Each name as shown (`shown`: name -> text) reads as its own name and no other."""
    assert len(set(shown.values())) == len(shown), shown
    for name, text in shown.items():
        assert reads_as(text, name), (name, text)
        assert [other for other in names if reads_as(text, other)] == [name], (name, text)


def standing_names(standings, rows) -> dict[str, str]:
    """Each player's name as the standings show it: the line before the line holding its
    standing, or the start of that line."""
    lines = standings.text().split("\n")
    shown, at = {}, 0
    for name, _role, standing in rows:
        index = next(i for i in range(at, len(lines)) if standing in lines[i])
        line = lines[index]
        text = line[: line.index(standing)].strip() or lines[index - 1].strip()
        shown[name] = text.split(" (")[0]  # without a bot's mark
        at = index + 1
    return shown


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("names", [LONG, WIDE])
def test_the_standings_tell_apart_names_that_begin_alike(qtbot, window, names, size):
    """The projector's standings read "Alexandra …  0 points" twice, even at 1920 wide."""
    public = projected(window, bots("good-enough", names), size)
    rows = public.feed.standings()
    assert_told_apart(standing_names(public.standings, rows), names)
    for column in public.standings.columns:  # and nothing past the edge of its column
        assert laid_out(column).idealWidth() <= column.width()
        assert laid_out(column).size().height() <= column.height()


def test_the_exported_picture_tells_them_apart_too(qtbot):
    session = bots("median-card-game", LONG)
    board = PublicBoard(PublicFeed(session), session.game, LIGHT)
    qtbot.addWidget(board)
    picture = board.picture()
    assert (picture.width(), picture.height()) == (1920, 1080)
    assert_told_apart(standing_names(board.standings, board.feed.standings()), LONG)
    for column in board.standings.columns:
        assert QFontInfo(column.font()).pixelSize() >= 1080 / 40 * 0.97


@pytest.mark.parametrize("names", [LONG, WIDE])
def test_the_card_table_s_seats_tell_apart_names_that_begin_alike(qtbot, window, names):
    """Under the cards, "Alexandr…" and "Alexandr…": the seats now keep what tells them
    apart (a cut name's whole is its tooltip)."""
    public = projected(window, bots("median-card-game", names), (1920, 1080))
    seats = {
        item.toolTip() or item.toPlainText(): item.toPlainText()
        for item in public.board.items()
        if isinstance(item, QGraphicsTextItem) and (item.toolTip() or item.toPlainText()) in names
    }
    assert sorted(seats) == sorted(names)
    assert_told_apart(seats, names)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_projected_text_is_smaller_than_a_fortieth_of_the_window(qtbot, window, game_id, size):
    """At 1024x768, or with long names widening the standings, the board was scaled down
    with its text: 13-pixel type on a 768-pixel projector. Its floor is now the projector's,
    as shown: 1/40 of the window's height."""
    public = projected(window, bots(game_id, GAMES[game_id]), size)
    least = size[1] / 40 * 0.97
    scale = public.view.transform().m11()
    texts = [i for i in public.board.items() if isinstance(i, QGraphicsTextItem)]
    assert texts
    for item in texts:
        assert item.font().pixelSize() * scale >= least, (item.toPlainText(), scale)
    assert public.board.least_text * scale >= least  # what the board paints itself, too
    for label in public.findChildren(QLabel):
        if label.isVisible() and label.text():
            assert QFontInfo(label.font()).pixelSize() >= least, label.text()


def test_a_4_3_projector_gives_the_board_its_whole_width_and_the_standings_the_rest(qtbot, window):
    """On a 1024x768 projector the standings took half the width beside a 16:9 board,
    which shrank to 700 pixels wide with empty bands above and below it: they now sit
    under the board, which takes the whole width."""
    public = projected(window, bots("median-card-game", LONG), (1024, 768))
    assert public.view.width() >= 1024 - 16
    standings = public.standings
    assert standings.isVisible()
    top = standings.mapTo(public, standings.rect().topLeft())
    bottom = standings.mapTo(public, standings.rect().bottomLeft())
    assert top.y() >= public.view.geometry().bottom() and bottom.y() <= 768
    assert window.projector.minimumSizeHint().width() <= 1024


def test_a_right_to_left_name_keeps_its_gap_before_its_standing(qtbot, window):
    """ "محمد0 points": set right to left, the name sat at the right of its cell, against its
    standing."""
    names = ["محمد", "Ann", "Zoë"]
    session = Session.start(get_game("good-enough"), [Seat(n) for n in names], {}, 3, FACILITATOR)
    public = projected(window, session, (1920, 1080))
    (column,) = public.standings.columns
    document = laid_out(column)
    gap = column.fontMetrics().horizontalAdvance("  ") * 0.9
    block = document.begin()
    ends, starts = [], []  # where each name's ink ends, where each standing starts
    while block.isValid():
        if block.text():
            x = document.documentLayout().blockBoundingRect(block).x()
            line = block.layout().lineAt(0)
            start = x + line.naturalTextRect().x()
            if block.text() == "0 points":
                starts.append(start)
            else:
                ends.append((block.text(), start + line.naturalTextWidth()))
        block = block.next()
    assert len(ends) == 3 and len(starts) == 3
    for name, end in ends:
        assert end + gap <= min(starts), (name, end, starts)


def test_the_console_s_seat_list_tells_apart_names_that_begin_alike(qtbot, window):
    """The facilitator's list of seats read "Bartholomew Fitzgerald-…: waiting" twice."""
    seats = [Seat(name) for name in (ASHBY, "Ann", ASHTON)]
    session = Session.start(get_game("good-enough"), seats, {}, 3, FACILITATOR)
    window.start_session(session)
    window.resize(1024, 768)
    QApplication.processEvents()
    listed = window.table.console.seats
    rows = {name: listed.item(seat).text() for seat, name in ((0, ASHBY), (2, ASHTON))}
    assert all(row.endswith(": waiting") for row in rows.values()), rows
    shown = {name: row.removesuffix(": waiting") for name, row in rows.items()}
    assert_told_apart(shown, [ASHBY, ASHTON])
    width = listed.viewport().width()
    assert all(listed.fontMetrics().horizontalAdvance(row) < width for row in rows.values())
