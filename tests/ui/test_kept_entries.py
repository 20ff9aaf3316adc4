"""What a player has chosen but not sent is never lost: a card picked out, a number typed, a
tab looked at. Panels are built afresh whenever another seat moves, and the table keeps each
seat's half-made choice for that seat alone, for one game."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QSpinBox
from tests.ui.audit import click, leaks
from tests.ui.test_solo_table import solo

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.seats import BOT
from middleground.table.session import FACILITATOR, PRIVATE


def test_a_card_picked_out_stays_picked_when_another_seat_places_one(qtbot, window, held):
    bots = [("Bo", "easy"), ("Cy", "easy"), ("Dee", "easy"), ("Ed", "easy")]
    session = solo(window, "median-card-game", bots, {"dealer": "Bo"})
    held.answer(qtbot, session, 1)  # Bo leads: Ann and the others choose together
    qtbot.waitUntil(lambda: {2, 3, 4} <= set(held.asked))
    panel = window.table.panel
    hand = panel.hand
    pick = next(i for i, card in enumerate(hand.cards) if card in hand.playable and i > 0)
    hand.choose(pick)
    card = hand.cards[pick]
    held.answer(qtbot, session, 2)  # Cy places a card: Ann's screen is built again
    QApplication.processEvents()
    again = window.table.panel
    assert again is not panel
    assert again.selected_card() == card
    assert again.place.isEnabled() and again.place.text().startswith("Place ")
    click(qtbot, again.place)
    assert session.state.pending[0] == {"card": card}


def lift(qtbot, table, session, seat: int) -> None:
    """Call `seat` to the screen and lift their curtain."""
    if session.curtain.seat != seat:
        session.call(seat)
    click(qtbot, table.curtain.button)
    qtbot.keyClick(table.curtain, Qt.Key.Key_Return)
    assert session.curtain.stage == PRIVATE and session.curtain.seat == seat


def test_a_number_typed_and_hidden_unsent_comes_back_to_its_player_only(qtbot, window):
    seats = [Seat("Alice"), Seat("Bob"), Seat("Cyd")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 4)
    window.start_session(session)
    table = window.table
    lift(qtbot, table, session, 0)
    qtbot.keyClicks(table.panel.findChild(QSpinBox), "37")
    click(qtbot, table.hide_button)  # Alice hides her screen before presenting it
    assert session.state.pending == {}
    lift(qtbot, table, session, 1)
    assert table.panel.findChild(QSpinBox).text() == ""  # Bob's box: nothing of Alice's
    assert leaks(window, {"Alice's number": "37"}) == []
    qtbot.keyClicks(table.panel.findChild(QSpinBox), "58")
    click(qtbot, table.panel.form.button)
    lift(qtbot, table, session, 0)
    assert table.panel.findChild(QSpinBox).text() == "37"  # as Alice left it
    click(qtbot, table.panel.form.button)
    assert session.state.pending == {0: {"number": 37}, 1: {"number": 58}}


def test_the_console_keeps_an_entry_half_made_while_others_come_in(qtbot, window, held):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Bo", BOT, "easy")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 2, FACILITATOR)
    window.start_session(session)
    console = window.table.console
    qtbot.waitUntil(lambda: 2 in held.asked)
    console.seats.setCurrentRow(0)
    qtbot.keyClicks(console.form.findChild(QSpinBox), "42")
    held.answer(qtbot, session, 2)  # the bot's number comes in: the console is refreshed
    assert console.seats.currentRow() == 0
    assert console.form.findChild(QSpinBox).text() == "42"
    console.seats.setCurrentRow(1)  # the facilitator looks at Ben's slip first...
    assert console.form.findChild(QSpinBox).text() == ""
    console.seats.setCurrentRow(0)  # ...and comes back to Ann's
    assert console.form.findChild(QSpinBox).text() == "42"
    click(qtbot, console.form.button)
    assert session.state.pending[0] == {"number": 42}
    console.seats.setCurrentRow(1)
    qtbot.keyClicks(console.form.findChild(QSpinBox), "17")
    click(qtbot, console.form.button)  # the round is revealed
    qtbot.waitUntil(lambda: session.public_view().round == 2)
    console.seats.setCurrentRow(0)
    assert console.form.findChild(QSpinBox).text() == ""  # round 2: a new slip


def test_the_console_keeps_a_card_chosen_while_another_seat_s_comes_in(qtbot, window):
    """Beside a real deck (a facilitator's table deals no hands): Ann's card, chosen, stays
    chosen while Ben's is entered, though his takes a card out of her list."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    options = {"dealer": "Cat", "physical_deck": True}
    session = Session.start(get_game("median-card-game"), seats, options, 2, FACILITATOR)
    window.start_session(session)
    console = window.table.console
    console.seats.setCurrentRow(0)
    box = console.form.findChild(QComboBox)
    box.setCurrentIndex(2)
    card = box.currentData()
    console.seats.setCurrentRow(1)
    ben = console.form.findChild(QComboBox)
    ben.setCurrentIndex(0)
    click(qtbot, console.form.button)  # Ben's card is in
    assert console.seats.currentRow() == 0  # on to the seat still owed
    assert console.form.findChild(QComboBox).currentData() == card


def test_a_new_game_with_the_same_players_starts_with_nothing_kept(qtbot, window):
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]

    def the_median() -> Session:
        session = Session.start(get_game("the-median"), [Seat(n) for n in names], {}, 1)
        window.start_session(session)
        lift(qtbot, window.table, session, session.curtain.seat)
        return session

    first = the_median()
    panel = window.table.panel
    panel.tabs.setCurrentIndex(1)  # Notices, in the first game's draft
    seat = first.curtain.seat
    second = the_median()
    assert second.curtain.seat == seat
    assert window.table.panel.tabs.currentIndex() == 0  # the draft, where the choice is made
