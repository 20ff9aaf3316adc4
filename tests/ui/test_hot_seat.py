"""A table of two humans and two bots plays It's Good Enough from the home screen to the results,
and at every curtain state no window shows anything a player chose in secret."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QSpinBox, QTableWidget
from tests.ui.audit import all_windows, click, leaks

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.session import PASS, PRIVATE, PUBLIC
from middleground.ui.screens.results import ResultsScreen

# Distinctive numbers (no multiples of ten, no round numbers) so a leak cannot hide.
CHOICES = {"Alice": [37, 63, 71], "Bob": [29, 58, 83]}


def start_game(qtbot, window, names=("Alice", "Bob", "Cyd", "Dot")):
    click(qtbot, next(b for b in window.home.findChildren(QPushButton) if b.text() == "New game"))
    setup = window.setup
    for row, name in zip(setup.rows, names, strict=True):
        row.name.setText(name)
    setup.rows[0].controller.setCurrentIndex(0)
    setup.rows[1].controller.setCurrentIndex(0)
    setup.rows[2].controller.setCurrentIndex(1)
    setup.rows[3].controller.setCurrentIndex(1)
    setup.inputs["rounds"].setValue(3)
    setup.seed.setText("1")
    click(qtbot, next(b for b in setup.findChildren(QPushButton) if b.text() == "&Start"))
    return window.bridge.session


def secrets_hidden_from(session, viewer):
    """Every sealed choice that `viewer` (a seat, or None for the public) must not see."""
    return {
        f"{session.state.players[seat]}'s choice": str(action["number"])
        for seat, action in session.state.pending.items()
        if seat != viewer
    }


def audit(session, window):
    """Nothing secret in the main window beyond what the open seat may see; none elsewhere."""
    curtain = session.curtain
    viewer = curtain.seat if curtain.stage == PRIVATE else None
    assert leaks(window, secrets_hidden_from(session, viewer)) == []
    if window.projector is not None:
        assert leaks(window.projector, secrets_hidden_from(session, None)) == []
    for other in all_windows():
        if other not in (window, window.projector):
            assert leaks(other, secrets_hidden_from(session, None)) == []


def test_two_humans_and_two_bots_play_to_the_results(qtbot, window):
    session = start_game(qtbot, window)
    window.open_projector()
    assert window.windowTitle() == "Middle Ground"
    assert window.projector.windowTitle() == "Middle Ground - Projector"
    table = window.table
    rounds_played = 0
    audits = 0
    while not session.state.is_terminal():
        curtain = session.curtain
        audit(session, window)
        audits += 1
        if curtain.stage == PASS:
            name = session.state.players[curtain.seat]
            assert table.stack.currentWidget() is table.curtain
            assert table.curtain.title.text() == f"Pass to {name}"
            click(qtbot, table.curtain.button)  # first press arms it...
            assert session.curtain.stage == PASS
            qtbot.keyClick(table.curtain, Qt.Key.Key_Return)  # ...Enter confirms
            assert session.curtain.stage == PRIVATE
            audit(session, window)
            spin = table.panel.findChild(QSpinBox)
            spin.setValue(CHOICES[name][rounds_played])
            click(qtbot, table.panel.form.button)
        elif curtain.stage == PUBLIC and curtain.reason == "reveal":
            rounds_played += 1
            reveal = session.public_view().board["rounds"][-1]
            for picks in CHOICES.values():
                assert picks[rounds_played - 1] in reveal["picks"]
            if rounds_played == 1:
                qtbot.keyClick(table.continue_button, Qt.Key.Key_Return)  # by keyboard
            else:
                click(qtbot, table.continue_button)
        else:
            qtbot.waitUntil(
                lambda seen=curtain: session.curtain != seen or session.state.is_terminal()
            )
    assert rounds_played == 2 and audits > 10
    audit(session, window)
    assert table.continue_button.text() == "See the results"
    click(qtbot, table.continue_button)
    results = window.results
    assert isinstance(results, ResultsScreen)
    result = session.state.result()
    winners = [session.state.players[s] for s in result.winners]
    summary = [w for w in results.findChildren(QLabel) if w.accessibleName() == "Outcome"]
    assert summary and summary[0].text() == result.summary
    assert winners and all(name in result.summary for name in winners)
    placements = results.findChild(QTableWidget)
    assert placements.rowCount() == 4 and placements.item(0, 0).text() == "1st"


def test_an_empty_number_is_not_submitted(qtbot, window):
    session = start_game(qtbot, window)
    table = window.table
    click(qtbot, table.curtain.button)
    qtbot.keyClick(table.curtain, Qt.Key.Key_Return)
    click(qtbot, table.panel.form.button)  # nothing typed yet
    assert table.panel.form.error.text() == "Type your number first."  # the label is "Your number"
    assert session.state.pending == {}


def test_a_bad_setup_is_explained_on_the_setup_screen(qtbot, window):
    click(qtbot, next(b for b in window.home.findChildren(QPushButton) if b.text() == "New game"))
    setup = window.setup
    setup.rows[1].name.setText(setup.rows[0].name.text())
    click(qtbot, next(b for b in setup.findChildren(QPushButton) if b.text() == "&Start"))
    assert "Two players are called" in setup.error.text()
    assert window.bridge is None
    setup.rows[1].name.setText("Someone else")
    setup.inputs["low"].setValue(60)
    setup.inputs["high"].setValue(40)
    click(qtbot, next(b for b in setup.findChildren(QPushButton) if b.text() == "&Start"))
    assert "lowest number must be below" in setup.error.text()
    setup.mode.setCurrentIndex(2)  # solo: every seat but the first becomes a bot
    assert [row.seat().is_bot for row in setup.rows] == [False, True, True, True]
    setup.rows[1].controller.setCurrentIndex(0)  # but two humans, by hand
    setup.inputs["high"].setValue(100)
    click(qtbot, next(b for b in setup.findChildren(QPushButton) if b.text() == "&Start"))
    assert "one human player" in setup.error.text()
    setup.mode.setCurrentIndex(0)
    for seed in ("--5", "²", "seven"):  # the last two pass str.isdigit or look like a number
        setup.seed.setText(seed)
        click(qtbot, next(b for b in setup.findChildren(QPushButton) if b.text() == "&Start"))
        assert setup.error.text() == f'The seed must be a whole number, not "{seed}".'
        assert window.bridge is None
    setup.seed.setText("9" * 20_000)  # pasted: a whole number, but no seed to type
    assert setup.seed.text() == "9" * 30
    setup.seed.setText("1")
    setup.rows[0].pin.setText("12 34")
    click(qtbot, next(b for b in setup.findChildren(QPushButton) if b.text() == "&Start"))
    # with "Lift the curtain by holding the space bar" on, the PIN box took the space for
    # a hold: "12 34" arrived as "1234", and the player was locked out
    name = setup.rows[0].name.text()
    assert setup.error.text().startswith(f"{name}'s PIN has a space in it:")
    assert window.bridge is None
    setup.rows[0].pin.setText("1234")
    click(qtbot, next(b for b in setup.findChildren(QPushButton) if b.text() == "&Start"))
    assert window.bridge is not None


def test_the_curtain_falls_by_itself_when_the_player_walks_away(qtbot):
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    main = MainWindow(Settings(idle_seconds=1), bot_delay_ms=0)
    qtbot.addWidget(main)
    main.show()
    session = start_game(qtbot, main)
    click(qtbot, main.table.curtain.button)
    qtbot.keyClick(main.table.curtain, Qt.Key.Key_Return)
    assert session.curtain.stage == PRIVATE
    qtbot.waitUntil(lambda: session.curtain.stage == PASS, timeout=4000)
    assert main.table.panel is None  # and nothing of the panel is left behind


def test_a_reveal_says_which_round_it_shows_and_that_continue_comes_next(qtbot, window):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 5)
    window.start_session(session)
    for seat, number in enumerate((37, 52, 71)):
        session.lift(seat)
        session.submit(seat, {"number": number})
    assert session.curtain.stage == PUBLIC
    table = window.table
    board_texts = [i.toPlainText() for i in table.board.items() if hasattr(i, "toPlainText")]
    assert "Round 1: the reveal" in board_texts  # not the next round's "Round 2 of 3"
    assert any(t.startswith("Round revealed: press Continue") for t in board_texts)
    assert not any(" picked · waiting" in t for t in board_texts)
    assert table.status.text() == "Everyone may look now."  # the board says what to press
    click(qtbot, table.continue_button)
    board_texts = [i.toPlainText() for i in table.board.items() if hasattr(i, "toPlainText")]
    assert "Round 2 of 3" in board_texts and "Round 1: the reveal" not in board_texts


def test_the_card_game_s_reveal_is_headed_with_the_round_it_shows(qtbot, window):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(get_game("median-card-game"), seats, {"dealer": "Ann"}, 5)
    window.start_session(session)
    while session.curtain.stage != PUBLIC:
        seat = session.curtain.seat
        session.lift(seat)
        session.submit(seat, session.state.legal_actions(seat)[0])
    table = window.table
    board_texts = [i.toPlainText() for i in table.board.items() if hasattr(i, "toPlainText")]
    assert "Round 1: the reveal" in board_texts and "Round 2" not in board_texts
    assert any(t.endswith("Press Continue for the next round.") for t in board_texts)
    click(qtbot, table.continue_button)
    board_texts = [i.toPlainText() for i in table.board.items() if hasattr(i, "toPlainText")]
    assert "Round 2" in board_texts and "Round 1: the reveal" not in board_texts


def test_the_median_s_reveal_says_continue_comes_next_not_that_orders_are_awaited(window):
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]
    session = Session.start(get_game("the-median"), [Seat(n) for n in names], {}, 5)
    window.start_session(session)
    while not (session.curtain.stage == PUBLIC and session.curtain.reason == "reveal"):
        seat = session.curtain.seat
        session.lift(seat)
        session.submit(seat, session.state.legal_actions(seat)[0])
    board_texts = [i.toPlainText() for i in window.table.board.items() if hasattr(i, "toPlainText")]
    assert "Revealed: press Continue for the next pass." in board_texts
    assert not any(t.startswith("Waiting for everyone") for t in board_texts)


def test_the_median_s_reveal_is_headed_and_zoned_as_the_round_it_shows(window):
    """The reveal of round 1 once headed "Round 2 of 9" and drew round 2's smaller zone, while
    the story under it told of round 1 (tiles 2-10); the draft's reveal, "Round 1 of 9"."""
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]
    session = Session.start(get_game("the-median"), [Seat(n) for n in names], {}, 5)
    window.start_session(session)
    headings = []
    while session.state.public_view().round < 2 or session.curtain.stage != PUBLIC:
        if session.curtain.stage == PUBLIC:
            texts = [
                i.toPlainText() for i in window.table.board.items() if hasattr(i, "toPlainText")
            ]
            headings += [t for t in texts if t.endswith(": the reveal")]
            session.acknowledge()
            continue
        seat = session.curtain.seat
        if session.curtain.stage == PASS:
            session.lift(seat)
        session.submit(seat, session.state.legal_actions(seat)[0])
    texts = [i.toPlainText() for i in window.table.board.items() if hasattr(i, "toPlainText")]
    assert "Round 1: the reveal" in texts and "Round 2 of 9" not in texts
    assert "★ Scoring zone: tiles 2–10" in texts
    assert "The draft: the reveal" in headings
    top = [i.sceneBoundingRect() for i in window.table.board.items() if hasattr(i, "toPlainText")]
    top = [box.adjusted(4, 4, -4, -4) for box in top if box.top() < 100]  # the heading's line
    assert not [(a, b) for n, a in enumerate(top) for b in top[n + 1 :] if a.intersects(b)]
    session.acknowledge()
    texts = [i.toPlainText() for i in window.table.board.items() if hasattr(i, "toPlainText")]
    assert "Round 2 of 9" in texts and "★ Scoring zone: tiles 3–10" in texts


def test_a_long_one_word_name_shrinks_the_curtain_s_title_not_the_screen(qtbot, window):
    """A name of 30 letters in one word cannot wrap: at 48 points it widened the window past
    a 1024-wide screen. The title now takes the window's width and its type gives way."""
    from PySide6.QtGui import QFontMetrics

    name = "Konstantinopolitanischerwaldsx"  # 30 letters, the most setup allows
    window.resize(800, 600)
    window.start_session(
        Session.start(get_game("good-enough"), [Seat(name), Seat("Bo"), Seat("Cy")], {}, 1)
    )
    curtain = window.table.curtain
    qtbot.waitUntil(lambda: curtain.isVisible())
    assert window.width() == 800 and window.minimumSizeHint().width() < 800
    title = curtain.title
    assert QFontMetrics(title.font()).horizontalAdvance(name) <= title.width()
    assert title.font().pointSize() < 48

    window.start_session(
        Session.start(get_game("good-enough"), [Seat("Ann"), Seat("Bo"), Seat("Cy")], {}, 1)
    )
    assert window.table.curtain.title.font().pointSize() == 48  # a name that fits keeps the size


def test_a_list_written_all_at_once_stays_on_its_player_s_screen_until_it_is_done(qtbot, window):
    """3 players, 5 rounds listed up front: each player lifts the curtain once and lists
    round 1 to 5 on their own screen (its prompt moving on a round each time), then the
    window says "Pass to" the next. Nothing another player listed is shown meanwhile, and
    the last player types the whole list without the mouse."""
    lists = {"Ann": [13, 27, 41, 59, 67], "Ben": [17, 23, 47, 53, 83], "Cat": [19, 31, 43, 61, 89]}
    seats = [Seat(name) for name in lists]
    options = {"rounds": 5, "reveal": "all-at-once"}
    session = Session.start(get_game("good-enough"), seats, options, 5)
    window.start_session(session)
    window.open_projector()
    table = window.table
    passes = []
    for name, numbers in lists.items():
        assert table.stack.currentWidget() is table.curtain
        assert table.curtain.title.text() == f"Pass to {name}"
        passes.append(name)
        click(qtbot, table.curtain.button)
        qtbot.keyClick(table.curtain, Qt.Key.Key_Return)
        for k, number in enumerate(numbers, start=1):
            assert table.stack.currentWidget() is not table.curtain  # no curtain between
            assert table.panel.form.prompt.text() == f"List your number for round {k} of 5."
            others = {key: n for key, n in listed(lists).items() if not key.startswith(name)}
            assert leaks(window, others) == [] and leaks(window.projector, listed(lists)) == []
            if name == "Cat":  # by keyboard alone: the number box has the keys each time
                box = QApplication.focusWidget()
                assert box.accessibleName() == "Your number" and table.panel.isAncestorOf(box)
                qtbot.keyClicks(box, str(number))
                qtbot.keyClick(box, Qt.Key.Key_Return)
            else:
                table.panel.findChild(QSpinBox).setValue(number)
                click(qtbot, table.panel.form.button)
    assert passes == ["Ann", "Ben", "Cat"]  # once each, where 11 hand-overs were made
    assert session.curtain.stage == PUBLIC and session.state.is_terminal()


def listed(lists):
    """Every number listed, named by whose it is and for which round."""
    return {
        f"{name}'s round {r}": str(n) for name, ns in lists.items() for r, n in enumerate(ns, 1)
    }


def test_a_number_copied_on_one_player_s_screen_is_gone_when_the_next_player_s_opens(qtbot, window):
    """Ann selected and copied her number to retype it; the next player's paste (or, on
    X11, middle click on what was selected) gave it to them. What was copied before a
    private screen opened is left alone."""
    from PySide6.QtGui import QKeySequence

    clipboard = QApplication.clipboard()
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 5)
    window.start_session(session)
    table = window.table
    clipboard.setText("the shopping list")
    click(qtbot, table.curtain.button)
    qtbot.keyClick(table.curtain, Qt.Key.Key_Return)
    spin = next(s for s in table.panel.findChildren(QSpinBox) if s.isVisible())
    qtbot.keyClicks(spin, "37")
    spin.lineEdit().selectAll()
    qtbot.keySequence(spin.lineEdit(), QKeySequence.StandardKey.Copy)
    assert clipboard.text() == "37"
    qtbot.keyClick(spin, Qt.Key.Key_Return)  # Ann sends 37; the curtain waits for Ben
    assert session.state.pending and session.curtain.stage == PASS
    assert clipboard.text() == ""
    clipboard.setText("the shopping list")
    click(qtbot, table.curtain.button)
    qtbot.keyClick(table.curtain, Qt.Key.Key_Return)
    spin = next(s for s in table.panel.findChildren(QSpinBox) if s.isVisible())
    qtbot.keyClicks(spin, "12")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert clipboard.text() == "the shopping list"
