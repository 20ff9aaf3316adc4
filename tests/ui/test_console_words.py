"""At a facilitator's table the facilitator reads the entry for each seat, so it asks of the seat
by name ("Round 1: Ann's number."), where the player's own screen at a shared computer asks them
("Round 1: pick your number.")."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QComboBox, QSpinBox
from tests.ui.audit import click, visible_strings

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR, PASS

SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)
FOUR = [Seat("Ann"), Seat("Ben"), Seat("Cat"), Seat("Dan")]


def at_console(window, game_id, options, seat):
    """The console's entry form in a new facilitated game, entering for `seat`."""
    session = Session.start(get_game(game_id), FOUR, options, 3, FACILITATOR)
    window.start_session(session)
    console = window.table.console
    console.seats.setCurrentRow(seat)
    return console.form


def on_own_screen(window, game_id, options, seat):
    """The panel of a new hot-seat game, its curtain lifted for `seat`."""
    session = Session.start(get_game(game_id), FOUR, options, 3)
    window.start_session(session)
    assert session.curtain.stage == PASS
    session.lift(seat)
    return window.table.panel


def label_of(form, widget) -> str:
    return form.fields.labelForField(widget).text()


def test_the_console_asks_for_a_number_by_name_and_the_players_screen_asks_them(qtbot, window):
    form = at_console(window, "good-enough", {"rounds": 3}, 1)
    box = form.findChild(QSpinBox)
    assert form.prompt.text() == "Round 1: Ben's number."
    assert label_of(form, box) == "Ben's number" and box.accessibleName() == "Ben's number"
    click(qtbot, form.button)  # nothing typed
    assert form.error.text() == "Type Ben's number first."
    assert form.button.words == "Enter for Ben"
    assert [w for w in visible_strings(form) if SECOND_PERSON.search(w)] == []

    panel = on_own_screen(window, "good-enough", {"rounds": 3}, 0)
    box = panel.form.findChild(QSpinBox)
    assert panel.form.prompt.text() == "Round 1: pick your number."
    assert label_of(panel.form, box) == "Your number" and box.accessibleName() == "Your number"
    assert not any("Ann's" in w for w in visible_strings(panel))


def test_a_list_written_all_at_once_is_asked_for_by_name_at_the_console(qtbot, window):
    options = {"rounds": 3, "reveal": "all-at-once"}
    form = at_console(window, "good-enough", options, 0)
    assert form.prompt.text() == "Ann's number for round 1 of 3."
    form.findChild(QSpinBox).setValue(40)
    click(qtbot, form.button)
    assert form.prompt.text() == "Ann's number for round 2 of 3."
    panel = on_own_screen(window, "good-enough", options, 0)
    assert panel.form.prompt.text() == "List your number for round 1 of 3."


def test_the_console_asks_the_leader_s_call_and_card_by_name(qtbot, window):
    """Beside a real deck (a facilitator's card game), four players: Ann leads and calls."""
    options = {"physical_deck": True, "dealer": "Ann"}
    form = at_console(window, "median-card-game", options, 0)
    call = form.findChild(QComboBox)
    assert form.prompt.text() == "Ann leads this round: call high or low first."
    assert label_of(form, call) == "Ann's call" and call.accessibleName() == "Ann's call"
    assert [w for w in visible_strings(form) if SECOND_PERSON.search(w)] == []
    call.setCurrentIndex(call.findData("high"))
    click(qtbot, form.button)
    card = form.findChild(QComboBox)
    assert form.prompt.text() == "Enter the card Ann revealed."
    assert label_of(form, card) == "Ann's card"
    click(qtbot, form.button)  # no card chosen
    assert form.error.text() == "Choose Ann's card first."  # was "your card"
    assert [w for w in visible_strings(form) if SECOND_PERSON.search(w)] == []


def test_the_leader_s_own_screen_still_says_you_lead(qtbot, window):
    panel = on_own_screen(window, "median-card-game", {"dealer": "Ann"}, 0)
    assert panel.prompt.text() == "You lead this round: call high or low first."
    assert not any("Ann's" in w or "Ann leads" in w for w in visible_strings(panel))


def test_a_long_name_s_label_wraps_whole_in_the_side_column(qtbot, window):
    """A name of 29 letters makes the label "Maximilian Alexander Worthing's number", wider
    than the console's side column at 1024x768: it wraps, never running past the edge."""
    long = "Maximilian Alexander Worthing"
    window.resize(1024, 768)
    session = Session.start(get_game("good-enough"), [Seat(long), *FOUR[1:]], {}, 3, FACILITATOR)
    window.start_session(session)
    qtbot.wait(50)
    form = window.table.console.form
    box = form.findChild(QSpinBox)
    label = form.fields.labelForField(box)
    assert label.text() == f"{long}'s number" and label.isVisible()
    assert label.mapTo(form, label.rect().topRight()).x() < form.width()
    lines = label.height() // label.fontMetrics().lineSpacing()
    assert lines * label.width() >= label.fontMetrics().horizontalAdvance(label.text())
