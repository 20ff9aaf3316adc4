"""The card game's private panel on a 1280x720 laptop: however many notices pile up and however
long the hand, the window never asks to be taller than the screen, the choice controls stay
in sight and clear of the hand, and the log, the four-colour switch and Hide stay on screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget
from tests.games.median_card_game.median_card_helpers import GAME

from middleground.table import Seat, Session
from middleground.table.session import PASS, PUBLIC
from middleground.table.settings import Settings
from middleground.ui.main_window import MainWindow

LAPTOP = (1280, 720)


@pytest.fixture
def window(qtbot):
    main = MainWindow(Settings(idle_seconds=0), bot_delay_ms=0, autosave=False)
    qtbot.addWidget(main)
    main.resize(*LAPTOP)
    main.show()
    yield main
    if main.bridge is not None:
        main.bridge.wait_for_bots(3000)


def on_window(widget: QWidget, window: QWidget) -> QRect:
    """Where a widget lies in the window's coordinates."""
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def assert_fits(window: MainWindow) -> None:
    QApplication.processEvents()
    hint = window.minimumSizeHint()
    assert hint.width() <= LAPTOP[0] and hint.height() <= LAPTOP[1], hint
    assert (window.width(), window.height()) == LAPTOP  # it never grew past the screen
    table = window.table
    inside = window.rect()
    for widget in (table.log, table.board_view, table.side):
        assert inside.contains(on_window(widget, window)), widget.accessibleName()
    panel = table.panel
    shown = [panel.prompt, panel.four_colour]
    if table.session.curtained:  # beside a real deck there is nothing to hide
        assert table.hide_button.text() == "Hide my screen"
        shown.append(table.hide_button)
    for widget in shown:
        assert widget.isVisible() and inside.contains(on_window(widget, window))
    area = on_window(panel.hand_area, window)
    hand = panel.hand
    if hand.isVisible():  # every card whole, and in sight unless the hand is very long
        assert area.height() > 0 and inside.contains(area)
        viewport = panel.hand_area.viewport()
        for index in range(len(hand.cards)):
            card = hand.card_rect(index).toAlignedRect()
            assert hand.rect().contains(card), (index, card, hand.rect())
            seen = QRect(hand.mapTo(viewport, card.topLeft()), card.size())
            if len(hand.cards) <= 8:
                assert viewport.rect().contains(seen), (index, seen, viewport.rect())
            assert card.width() >= 46 or hand.compact, card  # a glance while calling
    for button in (panel.place, *panel.calls.values()):
        if button.isVisible():  # in sight, and never over a card of the hand
            shown = on_window(button, window)
            assert inside.contains(shown), button.text()
            assert not (hand.isVisible() and shown.intersects(area)), button.text()
    if panel.notices_scroll.isVisible():  # in the room left, scrolled to the newest notice
        assert inside.contains(on_window(panel.notices_scroll, window))
        bar = panel.notices_scroll.verticalScrollBar()
        assert bar.value() == bar.maximum()
    if panel.picker is not None and panel.picker.isVisible():
        assert inside.contains(on_window(panel.picker, window))


def play_to_the_end(session: Session, window: MainWindow, rounds: int) -> int:
    """Play `rounds` rounds through the table, checking the window at every open panel."""
    checked = 0
    while session.public_view().round <= rounds and not session.state.is_terminal():
        curtain = session.curtain
        if curtain.stage == PUBLIC:
            session.acknowledge()
            continue
        if curtain.stage == PASS:
            session.lift(curtain.seat)
        assert_fits(window)
        checked += 1
        seat = session.curtain.seat
        session.submit(seat, session.state.legal_actions(seat)[-1])
    return checked


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (5, {"hand_size": 8}),  # notices pile up round after round beside a long hand
        (4, {"hand_size": 8}),  # an even table: the leader calls with two big buttons first
        (3, {"hand_size": 15}),  # the longest hand
        (20, {"decks": 2}),  # a crowd
        (6, {"physical_deck": True}),  # the companion's rank and suit pickers
    ],
    ids=["5p-hand8", "4p-hand8-call", "3p-hand15", "20p", "companion"],
)
def test_the_panel_keeps_the_window_inside_a_laptop_screen(qtbot, window, players, options):
    names = ["Maximiliana Longname"] + [f"Player {n}" for n in range(2, players + 1)]
    seats = [Seat(n) for n in names]
    session = Session.start(GAME, seats, {"dealer": names[0], **options}, seed=4)
    window.start_session(session)
    window.resize(*LAPTOP)
    rounds = 2 if players == 20 else 5
    assert play_to_the_end(session, window, rounds) >= players
    assert session.public_view().round > min(rounds, 3)


def test_a_very_long_hand_scrolls_to_the_card_the_keyboard_chooses(qtbot, window):
    seats = [Seat("Ann"), Seat("Ben")]
    session = Session.start(GAME, seats, {"dealer": "Ann", "hand_size": 26}, seed=4)
    window.start_session(session)
    window.resize(*LAPTOP)
    session.lift(0)
    qtbot.mouseClick(window.table.panel.calls["high"], Qt.MouseButton.LeftButton)
    assert_fits(window)
    panel = window.table.panel
    hand, viewport = panel.hand, panel.hand_area.viewport()
    assert len(hand.cards) == 26 and hand.height() > viewport.height()  # it scrolls
    hand.setFocus()
    qtbot.keyClick(hand, Qt.Key.Key_Left)  # the first card
    qtbot.keyClick(hand, Qt.Key.Key_Left)  # round to the last
    assert hand.current == 25
    card = hand.card_rect(25).toAlignedRect()
    seen = QRect(hand.mapTo(viewport, card.topLeft()), card.size())
    assert viewport.rect().contains(seen)
    assert card.width() >= 46
    qtbot.keyClick(hand, Qt.Key.Key_Return)
    assert session.state.face_down == hand.cards[25]
