"""A facilitator enters the players' slips at a console, takes one back, hands a seat to a bot,
and exports the round picture and the scores; the projector never shows a slip."""

from __future__ import annotations

import csv

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QComboBox, QMessageBox, QPushButton, QSpinBox
from tests.ui.audit import click, leaks

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR


def enter(qtbot, console, seat, number):
    console.seats.setCurrentRow(seat)
    console.form.findChild(QSpinBox).setValue(number)
    click(qtbot, console.form.button)


def slips(session):
    return {f"seat {s}": str(a["number"]) for s, a in session.state.pending.items()}


def test_console_entry_undo_swap_and_exports(qtbot, window, tmp_path):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat"), Seat("Dan")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 2, FACILITATOR)
    window.start_session(session)
    window.open_projector()
    console = window.table.console
    assert window.table.side.currentWidget() is console

    enter(qtbot, console, 0, 41)
    enter(qtbot, console, 1, 67)
    assert "Ben: picked 67" in [console.seats.item(i).text() for i in range(4)]
    assert leaks(window.projector, slips(session)) == []  # the slips stay off the projector
    window.undo_action.trigger()  # Ctrl+Z: Ben's slip was misread
    assert session.state.awaiting() == (1, 2, 3)
    assert session.state.seat_view(0).my_submission == {"number": 41}
    enter(qtbot, console, 1, 76)
    enter(qtbot, console, 2, 13)

    console.seats.setCurrentRow(3)  # Dan has left: a bot takes his seat
    console.level.setCurrentText("easy")
    click(qtbot, console.swap_button)
    assert session.seats[3].is_bot and session.seats[3].level == "easy"
    qtbot.waitUntil(
        lambda: session.public_view().round == 2, timeout=30000
    )  # a bot worker starts: slow on a busy machine
    first = session.public_view().board["rounds"][0]
    assert first["picks"][:3] == (41, 76, 13)

    picture = tmp_path / "round.png"
    window.export_picture(str(picture))
    image = QImage(str(picture))
    assert (image.width(), image.height()) == (1920, 1080)
    scores = tmp_path / "scores.csv"
    window.export_csv(str(scores))
    rows = list(csv.reader(scores.open(encoding="utf-8-sig")))
    assert rows[0] == ["player", "after round 1", "total"]
    assert [r[0] for r in rows[1:]] == ["Ann", "Ben", "Cat", "Dan"]
    assert [int(r[-1]) for r in rows[1:]] == list(session.state.scores())


def test_make_bot_beside_a_real_deck_is_refused_and_says_why(qtbot, window):
    """A bot holds no real cards: the card it entered could be one a player holds, whose own
    card would then be refused as already played. Make bot once made one, without a word."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    options = {"physical_deck": True, "dealer": "Ann"}
    session = Session.start(get_game("median-card-game"), seats, options, 3, FACILITATOR)
    window.start_session(session)
    console = window.table.console
    console.seats.setCurrentRow(2)
    click(qtbot, console.swap_button)
    assert not session.seats[2].is_bot and console.swap_button.text() == "Make bot"
    assert window.table.status.text().startswith("With a real deck, bots cannot play")


def test_undo_after_the_reveal_is_refused_with_a_message(qtbot, window):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(get_game("good-enough"), seats, {}, 3, FACILITATOR)
    window.start_session(session)
    console = window.table.console
    for seat, number in enumerate([10, 20, 30]):
        enter(qtbot, console, seat, number)
    history = list(session.state.history)
    click(qtbot, console.undo_button)
    assert session.state.history == history
    assert "before the reveal" in window.table.status.text()
    assert [b for b in console.findChildren(QPushButton) if b.text().startswith("Export")]


def test_a_list_written_all_at_once_shows_at_the_console_as_its_length(qtbot, window):
    """A complete list reads "listed 3 numbers" in the seat list, not its last number alone;
    a list still being written keeps its seat waiting."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    options = {"rounds": 3, "reveal": "all-at-once"}
    session = Session.start(get_game("good-enough"), seats, options, 3, FACILITATOR)
    window.start_session(session)
    console = window.table.console
    for number in (10, 20, 30):
        enter(qtbot, console, 0, number)
    enter(qtbot, console, 1, 40)
    rows = [console.seats.item(i).text() for i in range(3)]
    assert rows[:2] == ["Ann: listed 3 numbers", "Ben: waiting"]


def test_the_projector_holds_a_reveal_until_the_facilitator_continues(qtbot, window):
    """The room reads round 1's result on the projector while the facilitator may already
    take round 2's slips; the projector moves on when the console's Continue is pressed."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 3, FACILITATOR)
    window.start_session(session)
    window.open_projector()
    console = window.table.console
    assert not console.continue_button.isVisibleTo(console)
    for seat, number in enumerate([10, 20, 30]):
        enter(qtbot, console, seat, number)
    QApplication.processEvents()
    projected = [
        t.toPlainText() for t in window.projector.public.board.items() if hasattr(t, "toPlainText")
    ]
    assert "Round 1: the reveal" in projected
    assert console.continue_button.isVisibleTo(console)
    assert window.table.status.text() == "The projector shows the reveal until you press Continue."
    enter(qtbot, console, 0, 55)  # a slip for round 2, out of the room's sight
    assert session.state.seat_view(0).my_submission == {"number": 55}
    QApplication.processEvents()
    projected = [
        t.toPlainText() for t in window.projector.public.board.items() if hasattr(t, "toPlainText")
    ]
    assert "Round 1: the reveal" in projected and not any("1 of 3" in t for t in projected)
    click(qtbot, console.continue_button)
    QApplication.processEvents()
    projected = [
        t.toPlainText() for t in window.projector.public.board.items() if hasattr(t, "toPlainText")
    ]
    assert "Round 2 of 3" in projected and "Round 1: the reveal" not in projected
    assert any("1 of 3 has picked" in t for t in projected)
    assert not console.continue_button.isVisibleTo(console)


NINE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def play_until_round(session, wanted):
    """Everyone owed a choice makes the first legal one until round `wanted` begins."""
    while session.public_view().round < wanted:
        seat = session.state.awaiting()[0]
        if session.curtain is not None and session.curtain.stage == "pass":
            session.lift(seat)
        session.submit(seat, session.state.legal_actions(seat)[0])
        if session.curtain is not None and session.curtain.reason == "reveal":
            session.acknowledge()


def test_secret_points_are_exported_by_a_facilitator_only(qtbot, window, tmp_path):
    game = get_game("the-median")  # the table sees a ranking after each round, never points
    hot_seat = Session.start(game, [Seat(n) for n in NINE], {}, 5)
    window.start_session(hot_seat)
    play_until_round(hot_seat, 2)
    assert not window.csv_action.isEnabled()
    scores = tmp_path / "scores.csv"
    window.export_csv(str(scores))  # a shortcut or a stale menu cannot get round the rule
    assert not scores.exists()
    assert "secret until the game ends" in window.statusBar().currentMessage()

    console = Session.start(game, [Seat(n) for n in NINE], {}, 5, FACILITATOR)
    window.start_session(console)
    play_until_round(console, 2)
    assert window.csv_action.isEnabled()
    window.export_csv(str(scores))
    rows = list(csv.reader(scores.open(encoding="utf-8-sig")))
    assert rows[0] == ["player", "after round 1", "total"]  # the draft before it has no column
    assert [r[0] for r in rows[1:]] == NINE
    assert [int(r[-1]) for r in rows[1:]] == list(console.state.scores())


def test_the_console_shows_five_seats_beside_the_median_orders_at_720p(qtbot, window):
    session = Session.start(get_game("the-median"), [Seat(n) for n in NINE], {}, 5, FACILITATOR)
    window.resize(1280, 720)
    window.start_session(session)
    play_until_round(session, 1)
    qtbot.wait(50)
    seats = window.table.console.seats
    viewport = seats.viewport().rect()
    shown = [
        r for r in range(seats.count()) if viewport.contains(seats.visualItemRect(seats.item(r)))
    ]
    assert len(shown) >= 5  # whole rows: who is still to enter, at a glance


def test_the_console_takes_a_misheard_call_back(qtbot, window):
    """The card game's call is a turn, heard at once: Ctrl+Z takes a misheard call back before
    the cards are entered, and the console asks for the call again. (A facilitator's table
    plays beside a real deck: it deals no hands, which only a player's own screen could show.)"""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat"), Seat("Dan")]
    options = {"physical_deck": True, "dealer": "Ann"}
    session = Session.start(get_game("median-card-game"), seats, options, 3, FACILITATOR)
    window.start_session(session)
    console = window.table.console
    call = console.form.findChild(QComboBox)
    call.setCurrentIndex(call.findData("low"))
    click(qtbot, console.form.button)
    assert session.state.history == [(0, {"call": "low"})]
    assert console.seats.currentRow() == 0  # Ann's card is owed next
    window.undo_action.trigger()
    assert session.state.history == [] and session.state.awaiting() == (0,)
    assert console.seats.currentRow() == 0
    assert console.seats.item(0).text() == "Ann: waiting"
    again = console.form.findChild(QComboBox)
    assert [again.itemData(i) for i in range(again.count())] == ["high", "low"]


def test_the_console_s_export_buttons_ask_where_and_save(qtbot, window, tmp_path, monkeypatch):
    session = Session.start(
        get_game("good-enough"), [Seat(n) for n in NINE[:3]], {}, 4, FACILITATOR
    )
    window.start_session(session)
    console = window.table.console
    for seat, number in enumerate([30, 40, 50]):
        enter(qtbot, console, seat, number)
    asked = []

    def where(_parent, _title, name, _filter):
        asked.append(name)
        return str(tmp_path / name), ""

    monkeypatch.setattr("middleground.ui.main_window.QFileDialog.getSaveFileName", where)
    buttons = {b.text(): b for b in console.findChildren(QPushButton)}
    click(qtbot, buttons["Export picture"])
    click(qtbot, buttons["Export scores"])
    assert asked == ["good-enough-round-2.png", "good-enough-round-2-scores.csv"]
    assert QImage(str(tmp_path / asked[0])).width() == 1920
    rows = list(csv.reader((tmp_path / asked[1]).open()))
    assert rows[1:] == [["Ann", "0", "0"], ["Ben", "1", "1"], ["Cat", "0", "0"]]
    assert "Scores saved to" in window.statusBar().currentMessage()


def test_a_number_out_of_range_or_not_whole_is_refused_as_typed_not_cut_short(qtbot, window):
    """150 in a box for 0 to 100 once went in as 15 (the box dropped the keystroke that took
    it out of range), and 4.5 as 45; now each is refused with a reason and nothing is entered."""
    session = Session.start(
        get_game("good-enough"), [Seat(n) for n in NINE[:3]], {}, 4, FACILITATOR
    )
    window.start_session(session)
    console = window.table.console
    box = console.form.findChild(QSpinBox)
    for typed, message in [
        ("150", "Numbers go from 0 to 100, not 150."),
        ("-5", "Numbers go from 0 to 100, not -5."),
        ("4.5", "Type a whole number, not 4.5."),
    ]:
        box.clear()
        qtbot.keyClicks(box, typed)
        qtbot.keyClick(box, Qt.Key.Key_Return)
        assert console.form.error.text() == message  # in words, with no "(rule: ...)" tag
        assert session.state.pending == {} and box.text() == typed
    box.clear()  # thousands of pasted digits: Python will not read them, nor end the app
    QApplication.clipboard().setText("9" * 5000)
    qtbot.keyClick(box, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert console.form.error.text() == "That number has more than 12 digits."
    assert session.state.pending == {}
    qtbot.keyClick(box, Qt.Key.Key_Up)  # the arrows step back into the range
    box.clear()
    qtbot.keyClicks(box, "100")
    qtbot.keyClick(box, Qt.Key.Key_Up)
    assert box.text() == "100"
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert session.state.pending == {0: {"number": 100}}


def test_the_console_s_entry_keeps_its_label_and_clear_of_its_button_at_720p(qtbot, window):
    """The leader's call once squeezed its label ('Your call', now 'Ann's call') to no width
    at all and ran its list into the button below: the list asked for its longest choice's
    width."""
    from PySide6.QtWidgets import QFormLayout

    seats = [Seat(n) for n in NINE[:4]]
    options = {"dealer": "Ann", "physical_deck": True}
    session = Session.start(get_game("median-card-game"), seats, options, 3, FACILITATOR)
    window.resize(1280, 720)
    window.start_session(session)
    qtbot.wait(50)
    form = window.table.console.form
    field = form.fields.itemAt(0, QFormLayout.ItemRole.FieldRole).widget()
    label = form.fields.labelForField(field)
    assert label.text() == "Ann's call" and label.isVisible()
    assert label.fontMetrics().horizontalAdvance(label.text()) <= label.width()
    assert field.mapTo(form, field.rect().bottomLeft()).y() < form.button.y()


def test_the_scores_exported_after_the_game_say_who_placed_where_and_won(qtbot, window, tmp_path):
    seats = [Seat(n) for n in NINE[:3]]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 4, FACILITATOR)
    window.start_session(session)
    # Ann's 20 is the median twice, then Ben's: totals 2, 1, 0, whose middle, 1, is Ben's.
    for picks in ([20, 10, 30], [20, 10, 30], [10, 20, 30]):
        for seat, number in enumerate(picks):
            session.submit(seat, {"number": number})
    assert session.state.is_terminal()
    scores = tmp_path / "final.csv"
    window.export_csv(str(scores))
    rows = list(csv.reader(scores.open(encoding="utf-8-sig")))
    assert rows[0] == [
        "player", "after round 1", "after round 2", "after round 3", "total", "place", "outcome",
        "note",
    ]  # fmt: skip
    # each row's note as the results screen gives it
    assert rows[1] == ["Ann", "1", "2", "2", "2", "2nd", "", "1 point above the middle total"]
    assert rows[2] == ["Ben", "0", "0", "1", "1", "1st", "winner", "on the middle total"]
    assert rows[3] == ["Cat", "0", "0", "0", "0", "2nd", "", "1 point below the middle total"]


def test_the_scores_open_in_a_spreadsheet_as_written(qtbot, window, tmp_path):
    """A spreadsheet on Windows read the UTF-8 export as its own code page ("ZoÃ«"), and ran
    a name such as "=1+1" as a formula. The file now starts with a byte-order mark, and a
    name a spreadsheet would take for a formula is marked as text."""
    seats = [Seat(n) for n in ("Zoë", "=1+1", "@Ben", "Cat-Dan")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 4, FACILITATOR)
    window.start_session(session)
    scores = tmp_path / "scores.csv"
    window.export_csv(str(scores))
    data = scores.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfplayer,")
    rows = list(csv.reader(scores.open(encoding="utf-8-sig")))
    assert [row[0] for row in rows[1:]] == ["Zoë", "'=1+1", "'@Ben", "Cat-Dan"]


def test_an_export_that_cannot_be_written_says_why_in_a_box_that_stays(qtbot, window, tmp_path):
    """A failed export was a status-bar line, cut off at 1024 wide and gone in seconds: the
    facilitator could walk away thinking the picture was saved."""
    seats = [Seat(n) for n in NINE[:3]]
    window.start_session(Session.start(get_game("good-enough"), seats, {}, 4, FACILITATOR))
    folder = tmp_path / "taken"
    folder.mkdir()  # a folder where the file should go
    boxes = lambda: [b for b in window.findChildren(QMessageBox) if b.isVisible()]  # noqa: E731
    window.export_picture(str(folder))
    (box,) = boxes()
    assert box.text() == "The picture could not be saved."
    assert box.informativeText().startswith(f"Nothing could be written to {folder}")
    box.accept()
    qtbot.waitUntil(lambda: not boxes())
    window.export_csv(str(folder))
    (box,) = boxes()
    assert box.text() == "The scores could not be saved."
    assert box.informativeText() == f"{folder}: Is a directory."


def test_the_scores_export_says_which_rounds_were_extra_rounds(qtbot, window, tmp_path):
    """A tie after the three set rounds goes to extra rounds: the export once read them as
    rounds 4 and 5 like any other. A last column now says which rounds were extra, and the
    columns before it stay as in every export."""
    seats = [Seat(n) for n in NINE[:3]]
    options = {"rounds": 3, "tiebreak": "sudden-death"}
    session = Session.start(get_game("good-enough"), seats, options, 4, FACILITATOR)
    window.start_session(session)
    # Ben's 20 is the median twice, then everyone picks 50: totals 0, 2, 0 tie. In extra
    # round 1 everyone picks 40 (the tie stands); in extra round 2 Cat's 20 is the median:
    # totals 0, 2, 1, whose middle, 1, is Cat's alone.
    scores = tmp_path / "scores.csv"
    picks = ([10, 20, 30], [10, 20, 30], [50, 50, 50], [40, 40, 40], [10, 30, 20])
    for played, numbers in enumerate(picks, 1):
        for seat, number in enumerate(numbers):
            session.submit(seat, {"number": number})
        if played == 4:  # exported mid-game, in the extra rounds
            window.export_csv(str(scores))
            rows = list(csv.reader(scores.open(encoding="utf-8-sig")))
            assert rows[0][-3:] == ["after round 4", "total", "extra rounds"]
            assert [row[-1] for row in rows[1:]] == ["4"] * 3
    assert session.state.is_terminal()
    window.export_csv(str(scores))
    rows = list(csv.reader(scores.open(encoding="utf-8-sig")))
    rounds = [f"after round {n}" for n in range(1, 6)]
    assert rows[0] == ["player", *rounds, "total", "place", "outcome", "note", "extra rounds"]
    assert rows[1][:9] == ["Ann", "0", "0", "0", "0", "0", "0", "2nd", ""]
    assert rows[2][:9] == ["Ben", "1", "2", "2", "2", "2", "2", "2nd", ""]
    assert rows[3][:9] == ["Cat", "0", "0", "0", "0", "1", "1", "1st", "winner"]
    assert [row[-1] for row in rows[1:]] == ["4 5"] * 3
    assert rows[3][-2] == "on the middle total"


def test_a_long_named_bot_s_row_keeps_its_level_and_status_and_shortens_the_name(
    qtbot, window, held
):
    from middleground.table.seats import BOT

    name = "Cyrano Hercule de Bergerac Sav"  # 30 letters, the most a name may have
    seats = [Seat("Ann"), Seat(name, BOT, "normal"), Seat("Bo", BOT, "hard")]
    session = Session.start(get_game("good-enough"), seats, {}, 3, FACILITATOR)
    window.resize(1280, 720)
    window.start_session(session)
    QApplication.processEvents()
    console = window.table.console
    row = console.seats.item(1)
    assert row.text().endswith("… (normal bot): thinking") and row.text().startswith("Cyrano")
    metrics = console.seats.fontMetrics()
    assert metrics.horizontalAdvance(row.text()) <= console.seats.viewport().width()
    assert row.data(Qt.ItemDataRole.AccessibleTextRole) == f"{name} (normal bot): thinking"
    assert console.seats.item(2).text() == "Bo (hard bot): thinking"


def test_a_long_choice_at_the_console_wraps_whole_in_the_side_column(qtbot, window):
    """At 1024x768 the console's call read "High: the secon" and a card "the nine of diamo":
    the side column is narrow and its choices large. A chosen choice now wraps, whole."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QFontMetrics

    seats = [Seat(n) for n in ("Ann", "Ben", "Cat", "Dan")]
    options = {"dealer": "Ann", "physical_deck": True}  # people at a console: a real deck
    session = Session.start(get_game("median-card-game"), seats, options, 2, FACILITATOR)
    window.start_session(session)
    window.resize(1024, 708)
    console = window.table.console
    console.seats.setCurrentRow(0)
    QApplication.processEvents()
    call = console.form.findChild(QComboBox)
    call.setCurrentIndex(call.findData("high"))
    qtbot.waitUntil(lambda: call.height() >= call.heightForWidth(call.width()))  # it grows
    text = call.currentText()
    assert text.startswith("High: the second-highest")
    room = call.text_rect()
    metrics = QFontMetrics(call.font())
    assert metrics.horizontalAdvance(text) > room.width()  # too long for one line...
    flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft
    wrapped = metrics.boundingRect(QRect(0, 0, room.width(), 10_000), flags, text)
    assert wrapped.height() <= room.height() and wrapped.width() <= room.width()  # ...whole


def rows_cut(seats) -> list[int]:
    """The seat list's rows partly in sight: some of the row shows, not all of it."""
    view = seats.viewport().rect()
    return [
        row
        for row in range(seats.count())
        if view.intersects(rect := seats.visualItemRect(seats.item(row)))
        and not view.contains(rect)
    ]


@pytest.mark.parametrize(
    ("game_id", "names"),
    [
        pytest.param("good-enough", NINE[:4], id="four"),
        pytest.param("good-enough", NINE, id="nine"),
        pytest.param("the-median", NINE, id="nine-draft"),
    ],
)
@pytest.mark.parametrize("size", [(1366, 768), (1024, 768), (1366, 880), (1024, 880)], ids=str)
def test_the_seat_list_shows_whole_rows_only(qtbot, window, game_id, names, size):
    """The seat list takes the height the entry below it leaves, rarely a whole number of
    rows: beside The Median's draft in a window 880 high it held six rows and a half, and
    Gus's row sat cut in half at its edge, a row in sight to the eye that was not. Whichever
    seat is chosen, every row in the list is now in sight whole or not at all, the chosen
    one in sight."""
    session = Session.start(get_game(game_id), [Seat(n) for n in names], {}, 5, FACILITATOR)
    window.resize(*size)
    window.start_session(session)
    seats = window.table.console.seats
    for row in range(len(names)):
        seats.setCurrentRow(row)  # as the facilitator's click (or the arrow key) would
        QApplication.processEvents()
        qtbot.wait(10)  # the chosen row is brought into sight once the list has its height
        assert rows_cut(seats) == [], (row, seats.viewport().height())
        assert seats.viewport().rect().contains(seats.visualItemRect(seats.currentItem()))


def test_a_long_entry_in_a_narrow_list_of_seats_keeps_the_seat_s_name_whole(qtbot, window):
    """The Median's orders read long ("chose Gravity: push once, pull One"): in a list of seats
    too narrow for them the row once cut the name to a letter ("B…: chose Gravity: push once,
    p…"), and the name is what the facilitator looks for. The orders give up their end instead,
    and a screen reader still reads the whole row."""
    names = ["Bartholomew", *NINE[1:]]
    game = get_game("the-median")
    session = Session.start(game, [Seat(n) for n in names], {}, 5, FACILITATOR)
    window.start_session(session)
    play_until_round(session, 1)
    state = session.state
    orders = max(state.legal_actions(0), key=lambda a: len(state.choices_done([a])))
    session.submit(0, orders)
    seats = window.table.console.seats  # 306 pixels wide in the window's 1280
    whole = f"Bartholomew: {state.choices_done([orders])}"
    metrics, row, room = seats.fontMetrics(), seats.item(0), seats.viewport().width()
    assert metrics.horizontalAdvance(whole) > room  # the whole would not fit
    assert row.text().startswith("Bartholomew: chose ") and row.text().endswith("…")
    assert metrics.horizontalAdvance(row.text()) <= room
    assert row.data(Qt.ItemDataRole.AccessibleTextRole) == whole
