"""A turn of every game played from the keyboard alone: lift the curtain, choose, send.

The keyboard lands where the player acts when the curtain lifts (a number box, the hand, the
first character), never on Hide my screen, so no turn needs the mouse.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR, PASS, PRIVATE, TABLE

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]


def _start(window, game_id: str, players: int, options=None, mode=TABLE) -> Session:
    seats = [Seat(n) for n in NAMES[:players]]
    session = Session.start(get_game(game_id), seats, options or {}, seed=5, mode=mode)
    window.start_session(session)
    return session


def _press(qtbot, *keys) -> None:
    for key in keys:
        qtbot.keyClick(QApplication.focusWidget(), key)


def _console_entry(name: str):
    """The number box the keyboard is on at the facilitator's console, if it is the one for
    `name`'s seat ("Ann's number")."""
    focused = QApplication.focusWidget()
    ours = focused is not None and focused.accessibleName() == f"{name}'s number"
    return focused if ours else None


def _lift(qtbot, session) -> None:
    """Tab to "I am ...", Space to press it, Enter to confirm."""
    assert session.curtain.stage == PASS
    _press(qtbot, Qt.Key.Key_Tab, Qt.Key.Key_Space, Qt.Key.Key_Return)
    assert session.curtain.stage == PRIVATE


def test_a_number_is_typed_and_sent_with_enter(qtbot, window):
    session = _start(window, "good-enough", 3)
    _lift(qtbot, session)
    assert QApplication.focusWidget().accessibleName() == "Your number"
    qtbot.keyClicks(QApplication.focusWidget(), "42")
    _press(qtbot, Qt.Key.Key_Return)
    assert session.state.pending[0] == {"number": 42}
    assert session.curtain.stage == PASS and session.curtain.seat == 1


def test_a_card_is_chosen_with_the_arrows_and_placed_with_enter(qtbot, window):
    session = _start(window, "median-card-game", 3, {"dealer": "Ann"})
    _lift(qtbot, session)
    hand = window.table.panel.hand
    assert QApplication.focusWidget() is hand
    _press(qtbot, Qt.Key.Key_Right, Qt.Key.Key_Right)
    chosen = hand.cards[hand.current]
    _press(qtbot, Qt.Key.Key_Return)
    assert session.state.face_down == chosen  # Ann leads: her card lies face down
    assert chosen not in session.state.hands[0]


def test_a_character_is_drafted_with_space_and_tab(qtbot, window):
    session = _start(window, "the-median", 9)
    _lift(qtbot, session)
    first = QApplication.focusWidget()
    assert isinstance(first, QPushButton) and first.isCheckable()
    _press(qtbot, Qt.Key.Key_Space)  # the first character is chosen
    assert first.isChecked()
    for _ in range(20):  # on to the button that sends the pick
        if "in secret" in QApplication.focusWidget().text():
            break
        _press(qtbot, Qt.Key.Key_Tab)
    _press(qtbot, Qt.Key.Key_Space)
    assert session.state.pending[0] == {"pick": 1}


def test_the_arrow_keys_bring_a_pick_below_the_fold_into_sight(qtbot, window):
    """On a short screen the draft's last picks wait below the fold. Tab scrolled to them,
    but the arrow keys (which the panel offers) took the keyboard out of sight."""
    window.resize(1024, 480)
    session = _start(window, "the-median", 9)
    _lift(qtbot, session)
    last = window.table.panel.pick_group.button(13)
    assert last.visibleRegion().boundingRect().height() < last.height()  # below the fold
    for _ in range(6):  # down the grid, two picks a row, from Isolated (1) to Twin (13)
        _press(qtbot, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is last
    assert last.visibleRegion().boundingRect().height() == last.height()  # wholly in sight


def test_enter_twice_lifts_the_curtain_and_once_does_not(qtbot, window):
    session = _start(window, "good-enough", 3)
    curtain = window.table.curtain
    assert QApplication.focusWidget() is curtain
    _press(qtbot, Qt.Key.Key_Return)  # one Enter, perhaps by the wrong player: nothing shows
    assert session.curtain.stage == PASS and "press Enter" in curtain.hint.text()
    _press(qtbot, Qt.Key.Key_Return)
    assert session.curtain.stage == PRIVATE and session.curtain.seat == 0


def test_a_facilitator_enters_a_round_typing_a_number_and_enter_per_seat(qtbot, window):
    session = _start(window, "good-enough", 4, {"rounds": 3}, FACILITATOR)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    for seat, number in enumerate([42, 17, 88]):
        entry = _console_entry(NAMES[seat])
        assert entry is not None, f"seat {seat}: the keyboard is on {QApplication.focusWidget()}"
        qtbot.keyClicks(entry, str(number))
        _press(qtbot, Qt.Key.Key_Return)
        assert session.state.pending[seat] == {"number": number}
        qtbot.waitUntil(lambda s=seat: _console_entry(NAMES[s + 1]) is not None)
    qtbot.keyClicks(QApplication.focusWidget(), "63")
    _press(qtbot, Qt.Key.Key_Return)
    assert session.state.rounds[0]["picks"] == (42, 17, 88, 63)  # the round is in and revealed


def test_a_facilitator_enters_a_card_choosing_it_with_the_arrows_and_enter(qtbot, window):
    # Beside a real deck: a facilitator's table deals no hands (no player could see theirs).
    options = {"dealer": "Ann", "physical_deck": True}
    session = _start(window, "median-card-game", 3, options, FACILITATOR)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    cards = QApplication.focusWidget()
    assert cards.accessibleName() == "Ann's card"
    _press(qtbot, Qt.Key.Key_Return)  # nothing chosen yet: the form says so, nothing is sent
    said = window.table.console.form.error.text()
    assert session.state.pending == {} and said == "Choose Ann's card first."
    _press(qtbot, Qt.Key.Key_Down)
    chosen = cards.currentData()
    _press(qtbot, Qt.Key.Key_Return)
    assert session.state.pending == {0: {"card": chosen}}  # the card Ann turned over


def test_a_leader_at_a_real_deck_lands_on_the_call_not_on_the_colour_setting(qtbot, window):
    session = _start(window, "median-card-game", 4, {"physical_deck": True, "dealer": "Ann"})
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    assert session.curtain.stage == PRIVATE  # the call is made aloud: no curtain before it
    high = window.table.panel.calls["high"]
    assert QApplication.focusWidget() is high  # not "Four-colour suits", which chooses nothing
    _press(qtbot, Qt.Key.Key_Space)
    assert session.state.history[-1] == (0, {"call": "high"})


def test_after_a_reveal_the_next_player_lands_on_their_choice_not_on_hide(qtbot, window):
    session = _start(window, "good-enough", 3, {"rounds": 3})
    for number in (10, 20, 30):
        _press(qtbot, Qt.Key.Key_Return, Qt.Key.Key_Return)  # the curtain: Enter twice
        qtbot.keyClicks(QApplication.focusWidget(), str(number))
        _press(qtbot, Qt.Key.Key_Return)
    assert window.table.continue_button.hasFocus()  # the reveal: Continue takes the keyboard
    _press(qtbot, Qt.Key.Key_Space)
    _press(qtbot, Qt.Key.Key_Return, Qt.Key.Key_Return)
    assert session.curtain.stage == PRIVATE
    assert QApplication.focusWidget().accessibleName() == "Your number"  # was Hide my screen


def test_a_bot_choosing_behind_the_curtain_keeps_a_first_enter_and_half_a_pin(qtbot, window):
    seats = [Seat("Ann").with_pin("1234"), Seat("Ben"), Seat("Cat", "bot", "random")]
    session = Session.start(get_game("good-enough"), seats, {}, seed=5)
    window.start_session(session)
    curtain = window.table.curtain
    _press(qtbot, Qt.Key.Key_Return)  # armed: the PIN box takes the keyboard
    qtbot.keyClicks(QApplication.focusWidget(), "12")
    if 2 in session.state.awaiting():  # the bot has not chosen yet: make it choose now
        _view, legal, _seed, version = session.bot_job(2)
        session.submit_bot(2, legal[0], version)
    assert 2 not in session.state.awaiting()
    assert curtain.armed and curtain.pin.text() == "12"  # as Ann left them
    qtbot.keyClicks(QApplication.focusWidget(), "34")
    _press(qtbot, Qt.Key.Key_Return)
    assert session.curtain.stage == PRIVATE and session.curtain.seat == 0


def test_a_leader_with_a_dealt_hand_lands_on_the_call(qtbot, window):
    """The hand has nothing to play while its holder calls: the keyboard skips it."""
    session = _start(window, "median-card-game", 4, {"dealer": "Ann"})
    _lift(qtbot, session)
    assert QApplication.focusWidget() is window.table.panel.calls["high"]
    _press(qtbot, Qt.Key.Key_Down, Qt.Key.Key_Return)
    assert session.state.history[-1] == (0, {"call": "low"})
    assert QApplication.focusWidget() is window.table.panel.hand  # now it has cards to play


def test_the_results_are_left_with_the_keyboard(qtbot, window):
    session = _start(window, "good-enough", 3, {"rounds": 3}, FACILITATOR)
    for _round in range(3):
        for seat, number in enumerate([10, 20, 30]):
            session.submit(seat, {"number": number})
    window.table.continue_button.click()
    again = QApplication.focusWidget()
    assert again.text() == "&Play again with the same seats"
    seen = set()
    for _ in range(6):  # Tab goes round the screen, out of the table and on
        _press(qtbot, Qt.Key.Key_Tab)
        seen.add(
            QApplication.focusWidget().text()
            if isinstance(QApplication.focusWidget(), QPushButton)
            else ""
        )
    assert "H&ome" in seen
    # Each screen's Alt keys are its own, none the menu bar's (Alt+H once opened Help)
    menus = {a.text().split("&")[1][0].lower() for a in window.menuBar().actions()}
    keys = [b.text().split("&")[1][0].lower() for b in window.results.findChildren(QPushButton)]
    assert set(keys).isdisjoint(menus) and len(keys) == len(set(keys)) == 2
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.home)  # an animated click


def test_ctrl_z_in_the_number_box_takes_back_the_last_entry(qtbot, window):
    """The facilitator's keyboard is always in a number box: Ctrl+Z there is the table's."""
    session = _start(window, "good-enough", 3, {"rounds": 3}, FACILITATOR)
    window.activateWindow()
    qtbot.waitUntil(lambda: _console_entry("Ann") is not None)
    qtbot.keyClicks(_console_entry("Ann"), "42")
    _press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _console_entry("Ben") is not None)
    qtbot.keyClick(_console_entry("Ben"), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert session.state.pending == {}


def test_holding_the_space_bar_lifts_a_curtain_with_a_pin_once_it_is_typed(qtbot):
    from middleground.ui.curtain import HOLD_MS, CurtainWidget

    curtain = CurtainWidget()
    qtbot.addWidget(curtain)
    curtain.show()
    curtain.show_for("Ann", needs_pin=True, hold_to_lift=True)
    assert curtain.focusWidget() is curtain.pin
    assert curtain.hint.text().startswith("Type your PIN, then hold")
    qtbot.keyClicks(curtain.pin, "1234")
    with qtbot.waitSignal(curtain.lift, timeout=HOLD_MS + 1000) as lifted:
        qtbot.keyPress(curtain.pin, Qt.Key.Key_Space)
    qtbot.keyRelease(curtain.pin, Qt.Key.Key_Space)
    assert lifted.args == ["1234"] and curtain.pin.text() == "1234"  # no space typed in it


def test_setup_starts_on_the_first_name_and_enter_starts_the_game(qtbot, window):
    window.show_setup(get_game("good-enough"))
    window.activateWindow()
    setup = window.setup
    qtbot.waitUntil(lambda: QApplication.focusWidget() is setup.rows[0].name)
    assert setup.rows[0].name.selectedText() == setup.rows[0].name.text()  # typed over at once
    qtbot.keyClicks(setup.rows[0].name, "Zed")
    _press(qtbot, Qt.Key.Key_Return)
    session = window.bridge.session
    assert session.state.players[0] == "Zed"


def test_a_wrong_pin_is_picked_out_to_be_typed_over(qtbot, window):
    seats = [Seat("Ann").with_pin("1234"), Seat("Ben"), Seat("Cat")]
    window.start_session(Session.start(get_game("good-enough"), seats, {}, seed=5))
    curtain = window.table.curtain
    _press(qtbot, Qt.Key.Key_Return)
    qtbot.keyClicks(QApplication.focusWidget(), "1243")
    _press(qtbot, Qt.Key.Key_Return)
    assert "not right" in curtain.hint.text() and curtain.pin.selectedText() == "1243"
    qtbot.keyClicks(QApplication.focusWidget(), "1234")
    _press(qtbot, Qt.Key.Key_Return)
    assert window.bridge.session.curtain.stage == PRIVATE


def test_each_wrong_pin_entered_with_enter_counts_once(qtbot, window):
    """Enter in the PIN box once tried the PIN twice: the second slip locked a player out."""
    seats = [Seat("Ann").with_pin("1234"), Seat("Ben"), Seat("Cat")]
    window.start_session(Session.start(get_game("good-enough"), seats, {}, seed=5))
    curtain = window.table.curtain
    _press(qtbot, Qt.Key.Key_Return)
    for slip in ("1243", "2134"):  # two slips of the finger cost nothing
        qtbot.keyClicks(QApplication.focusWidget(), slip)
        _press(qtbot, Qt.Key.Key_Return)
        assert curtain.hint.text() == "That PIN is not right."
    qtbot.keyClicks(QApplication.focusWidget(), "1234")
    _press(qtbot, Qt.Key.Key_Return)
    assert window.bridge.session.curtain.stage == PRIVATE


def test_escape_takes_back_a_first_enter_at_the_curtain(qtbot, window):
    seats = [Seat("Ann").with_pin("1234"), Seat("Ben"), Seat("Cat")]
    session = Session.start(get_game("good-enough"), seats, {}, seed=5)
    window.start_session(session)
    window.activateWindow()
    curtain = window.table.curtain
    _press(qtbot, Qt.Key.Key_Return)
    assert curtain.armed and QApplication.focusWidget() is curtain.pin
    _press(qtbot, Qt.Key.Key_Escape)  # not Ann after all
    assert not curtain.armed and curtain.button.text() == "I am Ann"
    assert curtain.hint.text() == "Only you should look."
    _press(qtbot, Qt.Key.Key_Return)  # one Enter arms again; it does not lift
    assert curtain.armed and session.curtain.stage == PASS


def test_with_the_hold_setting_escape_and_enter_keep_to_the_hint(qtbot):
    from middleground.ui.curtain import CurtainWidget

    curtain = CurtainWidget()
    qtbot.addWidget(curtain)
    curtain.show()
    curtain.show_for("Ann", needs_pin=True, hold_to_lift=True)
    lifted = []
    curtain.lift.connect(lifted.append)
    qtbot.mouseClick(curtain.button, Qt.MouseButton.LeftButton)  # armed by a click
    qtbot.keyClicks(curtain.pin, "12")
    qtbot.keyClick(curtain.pin, Qt.Key.Key_Escape)
    assert not curtain.armed and curtain.pin.text() == "12"
    assert curtain.hint.text().startswith("Type your PIN, then hold")
    assert curtain.focusWidget() is curtain.pin  # typing goes on into the PIN
    qtbot.keyClicks(curtain.pin, "34")
    qtbot.keyClick(curtain.pin, Qt.Key.Key_Return)  # the space bar is held, as the hint says
    assert lifted == [] and curtain.pin.text() == "1234"
