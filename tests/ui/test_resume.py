"""An interrupted game is offered on the next start, resumes on the curtain, and loses nothing.
Bad save files get a message and change nothing."""

from __future__ import annotations

import json
import threading

from PySide6.QtWidgets import QMessageBox, QPushButton
from tests.ui.audit import click, leaks

from middleground.engine import get_game
from middleground.table import Seat, Session, saves
from middleground.table.saves import autosave_path, interrupted_game, load_session
from middleground.table.session import PASS, Curtain
from middleground.table.settings import Settings
from middleground.ui.main_window import MainWindow


def ann_has_chosen(window, number: int = 44):
    """A hot-seat table of three at It's Good Enough, where Ann's number is sealed in."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 4}, 6)
    window.start_session(session)
    session.lift(0)
    session.submit(0, {"number": number})
    return session


def test_a_killed_game_resumes_on_the_curtain_with_nothing_lost(qtbot, window):
    session = ann_has_chosen(window)
    session.lift(1)  # Ben is looking at his panel when the power goes
    history = list(session.state.history)
    assert interrupted_game().state.history == history  # saved at once

    restarted = MainWindow(Settings(idle_seconds=0), bot_delay_ms=0)  # the next start
    qtbot.addWidget(restarted)
    restarted.show()
    resume = restarted.home.resume_button
    assert resume.isVisible()
    click(qtbot, resume)
    resumed = restarted.bridge.session
    assert resumed.state.history == history
    assert resumed.curtain.stage == PASS and resumed.curtain.reason == "resume"
    assert restarted.table.stack.currentWidget() is restarted.table.curtain
    assert resumed.state.seat_view(0).my_submission == {"number": 44}
    assert leaks(restarted, {"Ann's choice": "44"}) == []  # Ben's panel did not come back
    restarted.open_projector()
    assert leaks(restarted.projector, {"Ann's choice": "44"}) == []
    restarted.projector.close()


def _texts(board):
    return [i.toPlainText() for i in board.items() if hasattr(i, "toPlainText")]


def test_a_game_killed_while_the_table_read_a_reveal_reopens_on_that_reveal(qtbot, window):
    """It reopened on "Pass to Ann" for round 2: nobody saw who scored in round 1."""
    session = ann_has_chosen(window, 37)
    for seat, number in ((1, 52), (2, 71)):
        session.lift(seat)
        session.submit(seat, {"number": number})
    assert session.curtain.reason == "reveal"  # the power goes while the table reads it

    restarted = MainWindow(Settings(idle_seconds=0), bot_delay_ms=0)  # the next start
    qtbot.addWidget(restarted)
    restarted.resize(1280, 800)
    restarted.show()
    click(qtbot, restarted.home.resume_button)
    table = restarted.table
    assert table.stack.currentWidget() is not table.curtain
    assert table.continue_button.isVisible() and table.continue_button.text() == "Continue"
    assert table.status.text() == "Everyone may look now."
    texts = _texts(table.board)
    assert "Round 1: the reveal" in texts and "Round 2 of 4" not in texts
    assert "Round 1: the median is 52, so Ben (52) scores." in texts and "★ Ben 52" in texts
    restarted.open_projector()  # the projector shows the same reveal
    assert "Round 1: the reveal" in _texts(restarted.projector.public.board)
    restarted.projector.close()
    click(qtbot, table.continue_button)
    assert restarted.bridge.session.curtain == Curtain(PASS, 0, "round start")
    assert table.stack.currentWidget() is table.curtain and table.curtain.name == "Ann"
    assert "Round 2 of 4" in _texts(table.board)


def test_no_offer_without_an_interrupted_game(window):
    assert not window.home.resume_button.isVisible()


def _problem(window):
    """The message box the window shows about a problem, if one is up: its text and its
    reason, as the player reads them."""
    boxes = [box for box in window.findChildren(QMessageBox) if box.isVisible()]
    assert len(boxes) <= 1
    return (boxes[0].text(), boxes[0].informativeText()) if boxes else None


def _damage_the_autosave(text='{"format": "middleground-session", "version": 1, "seats": ['):
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text(text)


def test_a_damaged_interrupted_game_is_not_offered_and_the_home_screen_says_what_to_do(
    qtbot, window
):
    """The home screen kept a Resume button that only repeated why it could not, and did not
    say that a new game keeps the file aside."""
    _damage_the_autosave()
    window.show_home()
    home = window.home
    assert not home.resume_button.isVisible()
    assert home.waiting.isVisible()
    assert home.waiting.text() == (
        "The interrupted game cannot be resumed. The save file is damaged or cut short: it "
        'cannot be read. Starting a new game sets it aside as an "Unfinished game" file, '
        "which Open saved game finds."
    )
    click(qtbot, next(b for b in home.findChildren(QPushButton) if b.text() == "New game"))
    click(qtbot, next(b for b in window.setup.findChildren(QPushButton) if b.text() == "&Start"))
    (kept,) = saves.unfinished_dir().glob("*.mgsave")
    assert kept.name.startswith("Unfinished game ")
    assert kept.read_text().endswith('"seats": [')  # the file as it was, to try again


def test_an_interrupted_game_that_cannot_be_resumed_says_why_in_a_box(window):
    """It once said only that the game "could not be read"; then, in the status bar, for
    fifteen seconds."""
    _damage_the_autosave()
    window.resume()  # the autosave damaged after the home screen offered it
    what, why = _problem(window)
    assert what == "The interrupted game cannot be resumed."
    assert why == "The save file is damaged or cut short: it cannot be read."
    assert window.bridge is None and window.stack.currentWidget() is window.home


def test_opening_a_bad_file_explains_in_a_box_that_stays_and_changes_nothing(
    qtbot, window, tmp_path
):
    """The reason showed in the status bar for ten seconds, cut off at 1024 wide."""
    window.resize(1024, 768)
    bad = tmp_path / "broken.mgsave"
    bad.write_text('{"format": "middleground-session", "version": 1, "seats": [')
    window.open_file(str(bad))
    assert window.bridge is None and window.stack.currentWidget() is window.home
    qtbot.wait(200)
    assert _problem(window) == (
        "broken.mgsave could not be opened.",
        "The save file is damaged or cut short: it cannot be read.",
    )


def test_a_save_of_a_game_this_version_lacks_names_the_games_it_has_by_title(
    qtbot, window, tmp_path
):
    """It said 'The game record cannot be set up again: There is no game ...; the games are:
    good-enough, ...', the ids a script writes."""
    session = Session.start(get_game("median-card-game"), [Seat("Ann"), Seat("Ben")], {}, 6)
    data = session.to_json()
    data["game"]["game"] = "weight-on-my-mind"
    path = tmp_path / "newer.mgsave"
    path.write_text(json.dumps(data))
    window.open_file(str(path))
    assert _problem(window) == (
        "newer.mgsave could not be opened.",
        "This save is of a game this version of Middle Ground does not have "
        '("weight-on-my-mind"). It has It\'s Good Enough, Median game and The Median.',
    )


def test_a_save_that_cannot_be_written_says_why_in_a_box(qtbot, window, tmp_path):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    window.start_session(Session.start(get_game("good-enough"), seats, {}, 9, "facilitator"))
    folder = tmp_path / "taken"
    folder.mkdir()
    window.save_file(str(folder))  # a folder where the file should go
    what, why = _problem(window)
    assert what == "The game was not saved."
    assert why.startswith("The game could not be saved there: ")


def test_save_and_open_from_the_menu(qtbot, window, tmp_path):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    window.start_session(Session.start(get_game("good-enough"), seats, {}, 9, "facilitator"))
    window.bridge.session.submit(2, {"number": 17})
    path = tmp_path / "game.mgsave"
    window.save_file(str(path))
    window.show_home()
    window.open_file(str(path))  # what the Open dialog hands over
    assert window.bridge.session.state.seat_view(2).my_submission == {"number": 17}


def test_curtain_settings_are_kept_for_the_next_start(qtbot, window):
    from middleground.table.settings import Settings

    entries = {a.text(): a for a in window.findChildren(type(window.undo_action))}
    entries["Lift the curtain by holding the space bar"].setChecked(True)
    entries["Lower the curtain after a minute without input"].setChecked(False)
    kept = Settings.load()
    assert kept.hold_to_lift is True and kept.idle_seconds == 0


def test_a_slow_disk_never_holds_the_table_and_closing_waits_for_the_save(
    qtbot, window, monkeypatch
):
    release = threading.Event()
    on_ui_thread = []
    real = saves.write_text_atomically

    def slow_disk(path, text):
        if path == autosave_path():  # (the settings are saved as before)
            on_ui_thread.append(threading.current_thread() is threading.main_thread())
            release.wait(10)
        real(path, text)

    monkeypatch.setattr(saves, "write_text_atomically", slow_disk)
    session = Session.start(get_game("good-enough"), [Seat("Ann"), Seat("Ben"), Seat("Cat")], {}, 6)
    window.start_session(session)
    session.lift(0)
    session.submit(0, {"number": 44})  # the disk is still busy with the first save
    assert session.curtain.stage == PASS and session.curtain.seat == 1
    assert window.table.stack.currentWidget() is window.table.curtain  # the table moved on
    threading.Timer(0.2, release.set).start()  # the disk catches up while the window closes
    window.close()
    on_disk = load_session(autosave_path())  # what the next start finds, as it is now
    assert on_disk.state.seat_view(0).my_submission == {"number": 44}
    assert on_ui_thread and not any(on_ui_thread)


def test_players_at_one_computer_cannot_save_a_file_of_each_others_secrets(qtbot, window, tmp_path):
    session = ann_has_chosen(window, 37)  # Ann's pick is sealed; Ben is to pass the curtain
    assert not window.save_action.isEnabled()
    path = tmp_path / "game.mgsave"
    window.save_file(str(path))  # Ctrl+S, however it is reached
    assert not path.exists()
    assert "only a facilitator saves one" in window.statusBar().currentMessage()
    assert interrupted_game().state.history == session.state.history  # autosaved all the same


def test_a_new_game_keeps_the_unfinished_one_instead_of_overwriting_it(qtbot, window):
    first = ann_has_chosen(window)
    history = list(first.state.history)
    seats = first.seats
    window.show_home()  # Game > New game in the middle of it
    second = Session.start(get_game("median-card-game"), seats, {}, 7)
    window.start_session(second)
    kept = list(saves.unfinished_dir().glob("*.mgsave"))
    assert len(kept) == 1 and kept[0].name in window.statusBar().currentMessage()
    assert load_session(kept[0]).state.history == history
    window.bridge.flush_save()
    assert interrupted_game().game.id == "median-card-game"
    window.show_home()
    window.resume()  # the new one resumes, and nothing more is moved aside
    assert window.bridge.session.game.id == "median-card-game"
    assert len(list(saves.unfinished_dir().glob("*.mgsave"))) == 1


def play_to_the_end(window):
    """A hot-seat game of It's Good Enough whose last choice is made: the board says it is
    over, nobody has pressed See the results yet."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 6)
    window.start_session(session)
    while not session.state.is_terminal():
        if session.curtain.reason == "reveal":
            session.acknowledge()
        seat = session.curtain.seat
        session.lift(seat)
        session.submit(seat, {"number": 20 + 10 * seat})
    return session


def test_a_game_that_ended_as_the_app_died_shows_its_results_on_the_next_start(qtbot, window):
    session = play_to_the_end(window)
    scores = session.state.scores()
    window.bridge.flush_save()  # the power goes before anyone sees the results

    restarted = MainWindow(Settings(idle_seconds=0), bot_delay_ms=0)
    qtbot.addWidget(restarted)
    restarted.show()
    offer = restarted.home.resume_button
    assert offer.isVisible() and offer.text() == "See how It's Good Enough ended"
    assert (
        restarted.home.waiting.text()
        == "It's Good Enough with Ann, Ben and Cat ended before the results."
    )
    assert restarted.home.waiting.isVisible()
    click(qtbot, offer)
    table = restarted.table
    assert table.continue_button.isVisible()
    assert table.continue_button.text() == "See the results"
    click(qtbot, table.continue_button)
    assert restarted.stack.currentWidget() is restarted.results
    assert restarted.bridge.session.state.scores() == scores
    assert interrupted_game() is not None  # not gone until the results are left
    restarted.show_home()
    assert interrupted_game() is None
    assert not restarted.home.resume_button.isVisible()
    assert list(saves.unfinished_dir().glob("*")) == []  # nothing left over to clutter Open


def test_quitting_from_the_results_forgets_the_game(qtbot, window):
    play_to_the_end(window)
    click(qtbot, window.table.continue_button)
    assert window.stack.currentWidget() is window.results
    window.close()
    assert not autosave_path().exists()


def test_the_resume_button_names_the_game_its_players_and_round(qtbot, window):
    session = ann_has_chosen(window)
    window.show_home()
    offer = window.home.resume_button
    assert offer.text() == "Resume It's Good Enough"
    assert window.home.waiting.text() == (
        "It's Good Enough with Ann, Ben and Cat, in round 1, was not finished."
    )
    assert session.state.history  # (what the button offers is this game)


def test_a_kept_game_opened_again_is_not_kept_twice(qtbot, window):
    first = ann_has_chosen(window)
    history = list(first.state.history)
    window.show_home()
    window.start_session(Session.start(get_game("median-card-game"), first.seats, {}, 7))
    (kept,) = saves.unfinished_dir().glob("*.mgsave")
    window.show_home()
    window.open_file(str(kept))  # the unfinished game, back at the table
    assert window.bridge.session.state.history == history
    assert interrupted_game().state.history == history  # the autosave holds it now
    window.show_home()
    window.start_session(Session.start(get_game("good-enough"), first.seats, {}, 8))
    kept_now = sorted(saves.unfinished_dir().glob("*.mgsave"))
    games = sorted(load_session(path).game.id for path in kept_now)
    assert games == ["good-enough", "median-card-game"]  # each once


def test_a_file_opened_from_elsewhere_stays_where_it_is(qtbot, window, tmp_path):
    session = Session.start(get_game("good-enough"), [Seat("Ann"), Seat("Ben"), Seat("Cat")], {}, 9)
    path = tmp_path / "game.mgsave"
    saves.save_session(session, path)
    window.open_file(str(path))
    assert path.exists()


def test_wrong_pins_are_in_the_autosave_at_once(qtbot, window):
    seats = [Seat("Ann").with_pin("2580"), Seat("Ben"), Seat("Cat")]
    window.start_session(Session.start(get_game("good-enough"), seats, {}, 6))
    for slip in ("0000", "0001", "0002"):
        window.table.curtain.armed = True
        window.table.curtain.pin.setText(slip)
        window.table.curtain._confirm()
    assert "The next try waits 30 seconds" in window.table.curtain.hint.text()
    window.bridge.flush_save()
    restarted = load_session(autosave_path())  # the app quit, and opened again
    assert restarted._wrong_pins[0][0] == 3


def test_an_unfinished_game_that_cannot_be_kept_says_so_in_a_box(qtbot, window, monkeypatch):
    """Starting a new game moves the unfinished one aside; where that failed (a full disk),
    a status-bar line said so for a few seconds, easily missed with a game at stake."""
    ann_has_chosen(window)

    def full(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "keep_interrupted", full)
    window.start_session(Session.start(get_game("good-enough"), [Seat(n) for n in "ABC"], {}, 2))
    (box,) = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert box.text() == "The unfinished game could not be kept."
    assert box.informativeText().startswith("No space left on device. It stays on the home")
