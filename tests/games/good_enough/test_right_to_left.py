"""It's Good Enough with a right-to-left name ("محمد"): every line that names the player still
reads left to right, the number after the name on its right, on the board (the projector's and
the exported picture's too), in the table's log, in the player's totals and at the console;
the engine's own sentences, which scripts read, stay as they were."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QGraphicsTextItem, QLabel, QListWidget
from tests.games.good_enough.good_enough_helpers import played
from tests.ui.audit import laid_out

from middleground.engine import get_game
from middleground.games.good_enough.board import GameBoard
from middleground.games.good_enough.panel import GamePanel
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR
from middleground.widgets.names import LTR_MARK
from middleground.widgets.theme import LIGHT, PROJECTION

pytestmark = pytest.mark.usefixtures("qapp")  # boards are drawn with fonts

MOHAMMED, ALI = "محمد", "علي"
NAMES = (MOHAMMED, "李小龙", "Ann")


def x_at(document: QTextDocument, index: int) -> float:
    """Where the character at `index` of `document`'s text begins on its line, as drawn."""
    document.documentLayout()  # laid out, as when drawn
    block = document.findBlock(index)
    layout = block.layout()
    line = layout.lineForTextPosition(index - block.position())
    x = line.cursorToX(index - block.position())[0]
    return document.documentLayout().blockBoundingRect(block).x() + x


def name_span(document: QTextDocument, name: str, start: int = 0) -> tuple[float, float]:
    """The leftmost and rightmost place `name` (found from `start`) takes on its line."""
    text = document.toPlainText()
    first = text.index(name, start)
    places = [x_at(document, i) for i in range(first, first + len(name) + 1)]
    return min(places), max(places)


def as_label_lays_it_out(text: str) -> QTextDocument:
    """`text` laid out as a wrapped label lays it out: each line's direction from its text."""
    document = QTextDocument()
    document.setPlainText(text)
    document.setTextWidth(2000)
    return document


def drawn(view, theme=LIGHT) -> GameBoard:
    board = GameBoard(theme)
    board.show_view(view)
    return board


def item_with(board: GameBoard, *words: str) -> QGraphicsTextItem:
    """The one text on `board` that holds all of `words`."""
    texts = [i for i in board.items() if isinstance(i, QGraphicsTextItem)]
    (item,) = [i for i in texts if all(word in i.toPlainText() for word in words)]
    return item


def reveal():
    """Round 1 revealed: محمد's 39 is the median, 李小龙 picked 10 and Ann 80."""
    return played({"rounds": 3}, [[39, 10, 80]], revealing=True, players=NAMES)


@pytest.mark.parametrize("theme", [LIGHT, PROJECTION])
def test_a_token_s_label_keeps_its_number_right_of_a_right_to_left_name(theme):
    """The scorer's label read "39 محمد ★": Arabic letters drew the line from the right."""
    board = drawn(reveal(), theme)
    label = item_with(board, MOHAMMED, "39", "★")
    document = label.document()
    text = document.toPlainText()
    left, right = name_span(document, MOHAMMED)
    assert x_at(document, text.index("★")) < left  # the star before the name
    assert x_at(document, text.index("39")) >= right  # the number after it
    for name, number in (("李小龙", "10"), ("Ann", "80")):  # the others as they were
        other = item_with(board, name, number).toPlainText()
        assert other == f"{name} {number}"


def test_the_round_s_sentence_keeps_the_number_after_the_right_to_left_name():
    """ "so (39) محمد scores" read as if the number came first."""
    board = drawn(reveal())
    document = item_with(board, "the median is 39").document()
    text = document.toPlainText()
    left, right = name_span(document, MOHAMMED)
    assert x_at(document, text.index("so")) < left
    assert right <= x_at(document, text.index("(39)")) < x_at(document, text.index("scores"))


def test_the_game_over_line_that_begins_with_a_right_to_left_name_reads_left_to_right():
    """ "محمد wins with the middle total, 1 point." was set from the right, "wins…" before
    the name. محمد scores once, Ann twice: محمد holds the middle total."""
    rounds = [[39, 10, 80], [10, 39, 20], [10, 39, 20]]
    view = played({"rounds": 3}, rounds, players=(MOHAMMED, "Ann", "Bob"))
    assert view.finished and view.board["outcome"].startswith(f"{MOHAMMED} wins")
    board = drawn(view)
    document = item_with(board, "wins with").document()
    text = document.toPlainText()
    _, right = name_span(document, MOHAMMED)
    assert right <= x_at(document, text.index("wins")) < x_at(document, text.index("point"))


def test_the_engine_s_sentences_stay_as_scripts_read_them():
    view = reveal()
    drawn(view)
    assert view.board["rounds"][-1]["text"] == f"the median is 39, so {MOHAMMED} (39) scores."
    assert LTR_MARK not in view.board["rounds"][-1]["text"]


def test_the_totals_keep_two_right_to_left_names_in_their_order(qtbot):
    """Ann's totals listed "0 points  علي and محمد" for محمد and علي, read from the right."""
    game = get_game("good-enough")
    state = game.new_state((MOHAMMED, ALI, "Ann"), {"rounds": 3}, seed=1)
    for seat, number in enumerate([10, 20, 15]):  # Ann's 15 is the median
        state.apply(seat, {"number": number})
    panel = GamePanel()
    qtbot.addWidget(panel)
    panel.resize(420, 500)
    panel.show_view(state.seat_view(2), state.action_form(2), [])
    panel.show()
    qtbot.waitExposed(panel)
    document = QTextDocument()
    document.setHtml(panel.totals.text())
    text = document.toPlainText()
    row = text.index(MOHAMMED)
    _, mohammed = name_span(document, MOHAMMED)
    ali, _ = name_span(document, ALI)
    assert mohammed <= x_at(document, text.index("and", row)) < ali


def test_the_console_asks_for_a_right_to_left_name_s_number_in_reading_order(qtbot, window):
    """The console's field read "s number'محمد", set from the right."""
    session = Session.start(get_game("good-enough"), [Seat(n) for n in NAMES], {}, 3, FACILITATOR)
    window.start_session(session)
    console = window.table.console
    console.seats.setCurrentRow(0)
    (label,) = [
        label
        for label in console.findChildren(QLabel)
        if label.isVisible() and label.text().endswith(f"{MOHAMMED}'s number")
    ]
    document = as_label_lays_it_out(label.text())
    text = document.toPlainText()
    _, right = name_span(document, MOHAMMED)
    assert x_at(document, text.index("'s number")) >= right


def test_the_table_s_log_keeps_the_number_after_the_right_to_left_name(qtbot, window):
    """The log under the board read "so (39) محمد scores", as the board did."""
    session = Session.start(get_game("good-enough"), [Seat(n) for n in NAMES], {}, 3, FACILITATOR)
    window.start_session(session)
    for seat, number in enumerate([39, 10, 80]):
        session.submit(seat, {"number": number})
    qtbot.waitUntil(session.reading_reveal)
    (log,) = [w for w in window.findChildren(QListWidget) if w.accessibleName() == "What happened"]
    qtbot.waitUntil(lambda: any("(39)" in log.item(i).text() for i in range(log.count())))
    (line,) = [log.item(i).text() for i in range(log.count()) if "(39)" in log.item(i).text()]
    document = as_label_lays_it_out(line)
    _, right = name_span(document, MOHAMMED)
    assert x_at(document, line.index("(39)")) >= right


def test_the_standings_beside_the_table_s_board_keep_a_right_to_left_name_at_their_left(
    qtbot, window
):
    """ "محمد" sat at the right of its cell, against its standing, as on the projector once."""
    session = Session.start(get_game("good-enough"), [Seat(n) for n in NAMES], {}, 3, FACILITATOR)
    window.start_session(session)
    document = laid_out(window.table.standings)
    starts = {}  # where each line's ink starts
    block = document.begin()
    while block.isValid():
        x = document.documentLayout().blockBoundingRect(block).x()
        starts[block.text()] = x + block.layout().lineAt(0).naturalTextRect().x()
        block = block.next()
    assert starts[MOHAMMED] == starts["Ann"] == starts["李小龙"]
