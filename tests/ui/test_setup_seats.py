"""The setup screen's seats: Tab goes through them in reading order however many there are, a
PIN is offered only where the curtain will ask it, and what is greyed out looks it and says why
in words to read, as does Start's complaint, in every theme."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QPushButton
from tests.ui.test_setup import shown as shown_setup

from middleground.engine import get_game
from middleground.ui.screens.setup import SetupScreen
from middleground.widgets.theme import contrast


def shown(qtbot, game_id, width=1600, height=900):
    """A new game's setup screen, shown, once the keyboard has landed on the first name."""
    setup = SetupScreen(get_game(game_id), [])
    qtbot.addWidget(setup)
    return shown_setup(qtbot, setup, width, height)


def button(setup, text):
    return next(b for b in setup.findChildren(QPushButton) if b.text() == text)


def tab(qtbot, backwards=False):
    """Tab (Shift+Tab) where the keyboard is; the widget it lands on."""
    modifier = Qt.KeyboardModifier.ShiftModifier if backwards else Qt.KeyboardModifier.NoModifier
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab, modifier)
    return QApplication.focusWidget()


def test_tab_goes_through_a_player_added_in_reading_order(qtbot):
    """Player 5's row joined the keyboard's round after Start: Tab from Player 4 went to Add
    player, and from Player 5 to the scroll area, then back to Player 1."""
    setup = shown(qtbot, "good-enough")
    add = button(setup, "Add player")
    add.setFocus()
    qtbot.keyClick(add, Qt.Key.Key_Space)  # Add player, from the keyboard
    newest = setup.rows[4]
    qtbot.waitUntil(newest.name.hasFocus)  # ready to be named
    assert newest.name.selectedText() == "Player 5"
    setup.rows[3].level.setFocus()
    assert [tab(qtbot) for _ in range(4)] == [
        newest.name,
        newest.controller,
        newest.level,  # a bot: its PIN field takes no keyboard
        add,
    ]
    assert tab(qtbot, backwards=True) is newest.level
    setup._remove_row()  # the last row goes: Tab from Player 4 goes on to Add player again
    setup.rows[3].level.setFocus()
    assert tab(qtbot) is add


def test_tab_goes_round_the_fields_alone_and_brings_each_in_sight(qtbot):
    """The scroll area holding the players, the table and the options was a Tab stop of its
    own that did nothing. Tab from Start now goes round to the first name, scrolled back in
    sight from the foot of the screen."""
    setup = shown(qtbot, "good-enough", 1024, 560)  # too short for all of it: it scrolls
    start, first = button(setup, "&Start"), setup.rows[0].name
    stops = []
    while not stops or stops[-1] is not first:
        stops.append(tab(qtbot))
        assert len(stops) < 60, "Tab never came back to the first name"
    assert setup.scroll not in stops and stops[-2:] == [start, first]
    setup.scroll.verticalScrollBar().setValue(setup.scroll.verticalScrollBar().maximum())
    start.setFocus()
    assert tab(qtbot) is first
    viewport = setup.scroll.viewport()
    top = first.mapTo(viewport, QPoint(0, 0)).y()
    assert top >= 0 and top + first.height() <= viewport.height()


def choose_mode(setup, mode):
    setup.mode.setCurrentIndex(setup.mode.findData(mode))


@pytest.mark.parametrize(
    ("game_id", "no_curtain", "why"),
    [
        ("good-enough", lambda s: choose_mode(s, "facilitator"), "no player has a screen"),
        ("good-enough", lambda s: choose_mode(s, "solo"), "Without the curtain"),
        (
            "median-card-game",
            lambda s: s.preset.setCurrentText("Companion for a real deck"),
            "nothing a player enters is hidden",
        ),
    ],
)
def test_a_pin_is_offered_only_where_the_curtain_asks_it(qtbot, game_id, no_curtain, why):
    """A facilitator's console, solo practice without the curtain and a table whose entries
    are public never ask a PIN: the PIN fields took one all the same, and the game kept it."""
    setup = SetupScreen(get_game(game_id), ["Ann", "Ben", "Cat", "Dee"])
    qtbot.addWidget(setup)
    for row in setup.rows:  # every seat a person
        row.controller.setCurrentIndex(row.controller.findData("human"))
    pin = setup.rows[0].pin
    assert pin.isEnabled() and pin.placeholderText() == "PIN (optional)"
    qtbot.keyClicks(pin, "1234")
    no_curtain(setup)
    assert not any(row.pin.isEnabled() for row in setup.rows)
    assert pin.text() == "" and pin.placeholderText() == "No PIN: no curtain"
    assert why in pin.toolTip() and why in pin.accessibleDescription()
    played_by = setup.rows[0].controller
    played_by.setCurrentIndex(played_by.findData("bot"))
    assert pin.placeholderText() == "No PIN for a bot"
    played_by.setCurrentIndex(played_by.findData("human"))  # a person again: still no PIN
    assert not pin.isEnabled() and pin.placeholderText() == "No PIN: no curtain"
    session = setup.build_session()
    assert not any(seat.pin_hash for seat in session.seats)


def test_the_curtain_ticked_in_solo_practice_offers_the_pin_and_the_game_asks_it(qtbot):
    setup = SetupScreen(get_game("good-enough"), ["Ann", "Ben", "Cat", "Dee"])
    qtbot.addWidget(setup)
    choose_mode(setup, "solo")
    me = setup.rows[0]
    assert not me.pin.isEnabled()
    setup.curtain.setChecked(True)
    assert me.pin.isEnabled() and me.pin.placeholderText() == "PIN (optional)"
    assert setup.rows[1].pin.placeholderText() == "No PIN for a bot"
    qtbot.keyClicks(me.pin, "1234")
    session = setup.build_session()
    assert session.curtained and session.seats[0].pin_matches("1234")
    assert not session.seats[0].pin_matches("")


def _pixels(widget):
    image = widget.grab().toImage()
    return image, image.width(), image.height()


@pytest.mark.parametrize("name", ["light", "dark", "projection"])
def test_a_greyed_out_pin_field_looks_it_and_says_why_in_words_to_read(window, qtbot, name):
    """A bot's PIN field differed from a person's only by a slight fill (#17191C beside
    #23262B on the dark theme), its hint the same faint grey: it looked like a field to type
    in. Greyed out, it keeps only a faint edge, and says why at 4.5:1."""
    window.apply_theme(name)
    window.show_setup(get_game("good-enough"))
    setup = window.setup
    qtbot.waitExposed(setup)
    background = QColor(window.theme.background)
    person, bot = setup.rows[0].pin, setup.rows[3].pin
    assert bot.placeholderText() == "No PIN for a bot" and not bot.isEnabled()
    edges = {}
    for field in (person, bot):
        image, width, height = _pixels(field)
        edges[field] = max(contrast(image.pixelColor(width // 2, y), background) for y in range(3))
    assert edges[person] >= 3.0  # a field to type in: its edge stands out (WCAG's 3:1)
    assert edges[bot] < 2.5  # a field that takes nothing: hardly an edge
    image, width, height = _pixels(bot)
    fill = image.pixelColor(width - 8, height // 2)
    assert fill == background  # no box to type in: the window's own colour
    words = max(
        contrast(image.pixelColor(x, y), fill)
        for x in range(3, width // 2)
        for y in range(3, height - 3)
    )
    assert words >= 4.5, round(words, 2)
    assert bot.font().italic() and not person.font().italic()  # a word about the seat


@pytest.mark.parametrize("name", ["light", "dark", "projection"])
def test_the_reason_start_is_refused_reads_at_4_5_to_1_in_every_theme(window, qtbot, name):
    """The setup's complaint is all a refused Start shows; on the light theme its vermillion
    read at 3.6:1, for type 13 pixels high."""
    window.apply_theme(name)
    window.show_setup(get_game("good-enough"))
    setup = window.setup
    qtbot.waitExposed(setup)
    setup.rows[1].name.setText(setup.rows[0].name.text())
    qtbot.mouseClick(button(setup, "&Start"), Qt.MouseButton.LeftButton)
    assert setup.error.text().startswith("Two players are called")
    image, width, height = _pixels(setup.error)
    background = QColor(window.theme.background)
    assert image.pixelColor(width - 2, height // 2) == background
    words = max(
        contrast(image.pixelColor(x, y), background)
        for x in range(0, min(width, 200))
        for y in range(height)
    )
    assert words >= 4.5, round(words, 2)
