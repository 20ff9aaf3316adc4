"""Practising alone against bots: the table says which bot plays at which level, whom it waits
for apart from the bots at work, and its log tells nothing the board does not show yet (bots
play on behind a reveal)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtWidgets import QApplication, QGraphicsTextItem
from tests.ui.audit import laid_out

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.seats import BOT
from middleground.table.session import FACILITATOR, SOLO


def board_texts(board) -> list[str]:
    return [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]


def log_lines(table) -> list[str]:
    return [table.log.item(i).text() for i in range(table.log.count())]


def solo(window, game_id: str, bots: list[tuple[str, str]], options=None, seed=5) -> Session:
    seats = [Seat("Ann")] + [Seat(name, BOT, level) for name, level in bots]
    game = get_game(game_id)
    session = Session.start(game, seats, options or {}, seed, SOLO, curtain_enabled=False)
    window.start_session(session)
    return session


# ----- which bot is which ------------------------------------------------------------------


def test_each_bot_s_level_stands_beside_its_name_on_the_table_and_the_projector(
    qtbot, window, held
):
    bots = [("Bo", "hard"), ("Cyrano de Bergerac", "hard"), ("Dee", "easy"), ("Ed", "random")]
    session = solo(window, "median-card-game", bots, {"dealer": "Ann"})
    window.resize(1920, 1080)
    window.open_projector()
    window.projector.resize(1920, 1080)
    session.submit(0, session.state.legal_actions(0)[0])  # Ann leads; the bots think
    QApplication.processEvents()
    table = window.table
    assert table.standings.isVisible()  # beside the board, while the bots think
    shown = QTextDocument()
    shown.setHtml(table.standings.text())
    assert shown.toPlainText().strip().split("\n") == [
        "Ann",
        "0 cards taken",
        "Bo (hard bot)",
        "0 cards taken",
        "Cyrano de Bergerac (hard bot)",
        "0 cards taken",
        "Dee (easy bot)",
        "0 cards taken",
        "Ed (random bot)",
        "0 cards taken",
    ]  # a name column and a standing column: a long name wraps in its own
    assert table.standings.accessibleDescription().split("\n") == [
        "Ann  0 cards taken",
        "Bo (hard bot)  0 cards taken",
        "Cyrano de Bergerac (hard bot)  0 cards taken",
        "Dee (easy bot)  0 cards taken",
        "Ed (random bot)  0 cards taken",
    ]
    standings = window.projector.public.standings
    lines = standings.text().split("\n")
    assert lines[:3] == ["Ann  0 cards taken", "Bo  0 cards taken", "  (hard bot)"]
    assert lines[-2:] == ["Ed  0 cards taken", "  (random bot)"]
    for index, column in enumerate(standings.columns):  # nothing runs out of the side
        assert laid_out(column).idealWidth() <= column.width()
        lines = len(standings.column_lines(index))
        assert column.fontMetrics().lineSpacing() * lines <= column.height()
    # The names are the players' own, everywhere else: the board, the log, the saves.
    assert session.state.players == ("Ann", "Bo", "Cyrano de Bergerac", "Dee", "Ed")
    assert not any("bot" in line for line in log_lines(table) + board_texts(table.board))
    window.projector.close()


# ----- whom the table waits for ------------------------------------------------------------


def test_the_status_line_tells_whom_the_table_waits_for_apart_from_the_bots_thinking(
    qtbot, window, held
):
    session = solo(window, "good-enough", [("Bo", "hard"), ("Cy", "easy")], {"rounds": 3})
    qtbot.waitUntil(lambda: set(held.asked) == {1, 2})
    status = window.table.status
    # Ann's own screen is open: she knows she is to choose, so only the others are named
    assert status.text() == "Thinking: Bo and Cy"
    held.answer(qtbot, session, 1)  # Bo's number is in: he is no longer awaited
    assert status.text() == "Thinking: Cy"
    session.submit(0, {"number": 40})
    assert status.text() == "Thinking: Cy…"


def test_bots_thinking_are_counted_where_their_names_would_not_fit(qtbot, window, held):
    bots = [(f"Bartholomew-Maximilian Fea {n}", "normal") for n in range(1, 9)]
    solo(window, "good-enough", bots, {"rounds": 3})
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: len(held.asked) == 8)
    QApplication.processEvents()
    status = window.table.status
    assert status.text() == "Thinking: 8 bots"
    assert status.fontMetrics().horizontalAdvance(status.text()) <= status.width()


def test_the_status_line_names_no_one_the_board_does_not_show_as_awaited(qtbot, window, held):
    """At a facilitator's table, Ann's slip is in: the status names Ben, whom the table waits
    for, and the bots at work, all of them awaited on the board; Ann is named by neither."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cy", BOT, "hard"), Seat("Di", BOT, "easy")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 5, FACILITATOR)
    window.start_session(session)
    qtbot.waitUntil(lambda: set(held.asked) == {2, 3})
    session.submit(0, {"number": 40})
    assert window.table.status.text() == "Waiting for Ben · thinking: Cy and Di"
    assert "1 of 4 has picked. Waiting for Ben, Cy and Di." in board_texts(window.table.board)


# ----- the reveal holds the log --------------------------------------------------------------


def test_the_log_waits_with_the_board_while_a_bot_leads_behind_the_reveal(qtbot, window, held):
    """The card game's bots play on while the table reads a reveal: Bo, who won the round,
    leads the next one at once. The board holds the reveal until Continue; so do the log and
    the status line, which once told "Bo places a card face down" and "Thinking: Bo…" beside
    the round before, and the projector shows the same board."""
    session = solo(
        window, "median-card-game", [("Bo", "easy"), ("Cy", "easy")], {"dealer": "Bo"}, 1
    )
    window.open_projector()
    table = window.table
    held.answer(qtbot, session, 1)  # Bo leads round 1
    session.submit(0, session.state.legal_actions(0)[0])
    held.answer(qtbot, session, 2)  # Cy's card: the round is revealed
    assert session.curtain.reason == "reveal" and session.state.leader == 1  # Bo leads next
    revealed = log_lines(table)
    assert revealed[-1] == "Everyone drew one card from the deck."  # round 2 opens later
    qtbot.waitUntil(lambda: 1 in held.asked)  # Bo thinks about his lead during the reveal
    assert table.status.text() == ""  # the board says to press Continue
    held.answer(qtbot, session, 1)
    assert session.public_events()[-1].text == "Bo placed a card face down."  # it happened
    assert session.curtain.reason == "reveal"
    assert log_lines(table) == revealed  # but the table is still reading round 1
    assert table.status.text() == ""  # nor does it say who thinks about round 2
    QApplication.processEvents()  # the projector draws on the next pass
    projected = window.projector.public

    # the same board, but for the button only the table has; the projector's larger type
    # (1/40 of its height) may leave a seat's tally fewer words ("+3 → 3 taken")
    def same(text: str) -> str:
        return text.replace(" cards taken", " taken")

    on_table = [
        same(t.replace("Press Continue for the next round.", "")) for t in board_texts(table.board)
    ]
    projected_texts = board_texts(projected.board)
    assert "Bo led. The next round starts when everyone has seen it." in projected_texts
    assert sorted(
        same(t.replace("The next round starts when everyone has seen it.", ""))
        for t in projected_texts
    ) == sorted(on_table)
    assert "Round 1: the reveal" in board_texts(projected.board)
    table.continue_button.click()
    assert log_lines(table) == [*revealed, "Round 2: Bo leads.", "Bo placed a card face down."]
    assert table.status.text() == "Thinking: Cy"  # Ann's own screen is open
    window.projector.close()


# ----- the player's own screen -------------------------------------------------------------


def test_a_solo_player_opens_their_hand_while_the_bots_think_and_goes_back(qtbot, window, held):
    session = solo(window, "median-card-game", [("Bo", "hard"), ("Cy", "easy")], {"dealer": "Ann"})
    table = window.table
    assert table.panel is not None  # Ann leads: her hand is open
    session.submit(0, session.state.legal_actions(0)[0])
    assert table.panel is None and table.standings.isVisible()  # the bots' turn
    mine = table.mine_button
    assert mine.isVisible() and mine.text() == "Open my screen"
    qtbot.mouseClick(mine, Qt.MouseButton.LeftButton)
    assert table.panel is not None and table.panel.property("seat") == 0
    assert table.hide_button.isVisible() and table.hide_button.text() == "Back to the board"
    qtbot.mouseClick(table.hide_button, Qt.MouseButton.LeftButton)
    assert table.panel is None and mine.isVisible()


def test_at_a_shared_table_no_one_s_screen_opens_from_the_board(qtbot, window, held):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Bo", BOT, "easy")]
    session = Session.start(get_game("median-card-game"), seats, {"dealer": "Bo"}, 5)
    window.start_session(session)
    qtbot.waitUntil(lambda: 2 in held.asked)
    table = window.table
    assert session.curtain.stage == "public" and table.standings.isVisible()
    assert not table.mine_button.isVisible()  # whose? each player calls for their own


def test_the_status_line_shows_its_whole_sentence_on_a_1024_wide_screen(qtbot, window):
    """On a 1024x768 screen (many an event's projector mirrors the laptop at that size) the
    reveal's "Everyone may look: press Continue when all have seen the result." was cut at
    "the re": a sentence too long for the line goes on to a second one, as the console's
    refusal to seat a bot beside a real deck does."""
    seats = [Seat("Alice"), Seat("Bob"), Seat("Carol")]
    options = {"physical_deck": True, "dealer": "Alice"}
    session = Session.start(get_game("median-card-game"), seats, options, 1, FACILITATOR)
    window.start_session(session)
    window.resize(1024, 740)
    console = window.table.console
    console.seats.setCurrentRow(2)
    console.swap_button.click()
    QApplication.processEvents()
    status = window.table.status
    assert status.text().startswith("With a real deck, bots cannot play")
    words = QFontMetrics(status.font()).boundingRect(
        status.contentsRect(), Qt.TextFlag.TextWordWrap, status.text()
    )
    assert QFontMetrics(status.font()).horizontalAdvance(status.text()) > status.width()
    assert status.wordWrap() and words.height() <= status.contentsRect().height()
