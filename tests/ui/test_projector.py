"""The projector window: public board only, legible from the back of a room at 720p and 4K."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication, QGraphicsTextItem, QLabel
from tests.ui.audit import laid_out, leaks, lines_at

from middleground.ai import make_bot
from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.seats import BOT
from middleground.table.session import FACILITATOR


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
    assert (
        "Yvonne wins on the tie-break: over rounds 2 to 4 (the first and last rounds ignored), "
        "the middle total is 1 point."
    ) in strings


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


# fmt: off
NAMES = (
    "Alexandra", "Benjamin", "Charlotte", "Dominic", "Eleanor", "Frederick", "Gabriella",
    "Harrison", "Isabella", "Jonathan", "Katherine", "Leonardo", "Margaret", "Nathaniel", "Olivia",
    "Patricia", "Quentin", "Rosalind", "Sebastian", "Theodora", "Ursula", "Valentin", "Wilhelmina",
    "Xavier", "Yolanda", "Zachary", "Annabelle", "Bartholomew", "Cornelia", "Desmond",
    "Evangeline", "Fitzgerald", "Genevieve", "Horatio", "Imogen", "Jeremiah", "Leopold",
    "Millicent", "Nicodemus", "Ophelia", "Percival", "Rosamund", "Sylvester", "Tabitha", "Ulysses",
    "Veronica", "Winifred", "Ximena", "Yusuf", "Zenobia",
)
# fmt: on


def bots_game(game_id: str, players: int, levels: tuple[str, ...], play=True) -> Session:
    """A game of `players` bots at a facilitator's table, their levels taken from `levels` in
    turn, played to its end (see play_out) unless `play` is false."""
    game = get_game(game_id)
    seats = [Seat(name, BOT, levels[i % len(levels)]) for i, name in enumerate(NAMES[:players])]
    options = {"decks": 2} if game_id == "median-card-game" and players > 10 else {}
    session = Session.start(game, seats, options, 3, FACILITATOR)
    if play:
        play_out(session)
    return session


def play_out(session: Session) -> None:
    """The game played to its end, every seat by the random bot (a level is only a name here)."""
    bot = make_bot(session.game, "random")
    while not session.state.is_terminal():
        for seat in session.bots_owed():
            view, legal, bot_seed, version = session.bot_job(seat)
            session.submit_bot(seat, bot.choose(view, legal, random.Random(bot_seed)), version)


def assert_every_row_is_read_whole(public, height: int) -> None:
    """What the room reads in the standings beside `public`'s board, `height` pixels high:
    every player's standing whole, beside a name cut to no fewer than three letters ("Ale…",
    "Bartholomew…Ashby"), a bot's level told (under its row or beside its stacked standing,
    or by a mark after its name that the key above the standings spells out), in type at
    least 1/40 of the height, and nothing past the edge of its column or under the bottom of
    the side."""
    standings = public.standings
    rows = public.feed.standings()
    key = getattr(standings, "key", None)
    key = key.text().split("\n") if key is not None and not key.isHidden() else []
    marks = dict(re.fullmatch(r"\((\w+)\) (.+)", line).groups() for line in key if "(" in line)
    blocks = []
    for column in standings.columns:
        document = laid_out(column)
        assert document.idealWidth() <= column.width(), [t for t, _x in lines_at(document)]
        assert document.size().height() <= column.height()
        assert QFontInfo(column.font()).pixelSize() >= height / 40 * 0.97
        blocks += [text for text, _x in lines_at(document)]
    assert standings.mapTo(public, standings.rect().bottomLeft()).y() <= height
    for line in key:  # across the columns, above them
        assert standings.key.fontMetrics().horizontalAdvance(line) <= standings.width()
    at = 0
    for name, role, shown in rows:
        beside = f"{shown}  ({role})"  # a stacked standing with the bot's level beside it
        found = [i for i in range(at, len(blocks)) if blocks[i].strip() in (shown, beside)]
        assert found, (name, shown, blocks[at : at + 3])  # the standing, whole
        standing = found[0]
        cut, mark = re.fullmatch(r"(.*?)(?: \((\w+)\))?", blocks[standing - 1]).groups()
        head, ellipsis, tail = cut.partition("…")  # "Ale…", or "Bartholomew…Ashby"
        assert cut == name or (
            ellipsis and name.startswith(head) and name.endswith(tail) and len(head) >= 3
        )
        if mark:
            assert marks[mark] == role
        elif role and key != [f"All {role}s"] and blocks[standing].strip() != beside:
            assert blocks[standing + 1].strip() == f"({role})", (name, blocks[standing + 1])
            standing += 1
        at = standing + 1


BIG_TABLES = [
    ("median-card-game", 12, ("random",)),
    ("median-card-game", 20, ("random",)),  # its most players
    ("median-card-game", 20, ("random", "hard", "easy", "normal")),
    ("good-enough", 20, ("random",)),
    ("good-enough", 50, ("random", "hard")),  # its most players
]


@pytest.mark.parametrize(("game_id", "players", "levels"), BIG_TABLES)
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_big_table_of_bots_keeps_every_standing_whole_beside_a_name_to_know(
    qtbot, window, game_id, players, levels, size
):
    """Twelve bots' standings on the projector read "A…  0 carc" over "(random": the names
    cut to a letter, the standing and the bot's level past the edge. Every standing is
    whole now, each name keeps its first letters at least, and each bot's level is still
    told, on a line of its own or by a mark after the name."""
    session = bots_game(game_id, players, levels)
    window.start_session(session)
    window.open_projector()
    window.projector.resize(*size)
    QApplication.processEvents()
    assert_every_row_is_read_whole(window.projector.public, size[1])


@pytest.mark.parametrize(("game_id", "players", "levels"), BIG_TABLES)
def test_the_exported_picture_of_a_big_table_of_bots_reads_as_whole(
    qtbot, game_id, players, levels
):
    from middleground.ui.bridge import PublicFeed
    from middleground.ui.public_board import PublicBoard
    from middleground.widgets.theme import LIGHT

    session = bots_game(game_id, players, levels)
    board = PublicBoard(PublicFeed(session), session.game, LIGHT)
    qtbot.addWidget(board)
    board.picture()
    assert_every_row_is_read_whole(board, 1080)


def test_a_card_game_of_twenty_bots_reads_whole_on_a_1024x768_projector(qtbot, window):
    session = bots_game("median-card-game", 20, ("random", "hard"))
    window.start_session(session)
    window.open_projector()
    window.projector.resize(1024, 768)
    QApplication.processEvents()
    assert_every_row_is_read_whole(window.projector.public, 768)


def test_the_standings_are_fitted_again_as_they_grow(qtbot):
    """Fitted as the game began, everyone on "0 cards taken", the standings left the names no
    room once a bot had taken 60 cards: they are fitted again whenever a standing changes."""
    from middleground.ui.bridge import PublicFeed
    from middleground.ui.public_board import PublicBoard
    from middleground.widgets.theme import PROJECTION

    session = bots_game("median-card-game", 12, ("random",), play=False)
    feed = PublicFeed(session)
    board = PublicBoard(feed, session.game, PROJECTION)
    qtbot.addWidget(board)
    board.resize(1280, 720)
    board.show()
    play_out(session)
    feed.changed.emit()  # as the table's bridge tells the projector
    qtbot.waitUntil(lambda: "60 cards taken" in board.standings.text())
    assert_every_row_is_read_whole(board, 720)
