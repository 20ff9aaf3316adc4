"""The main window: its keys, its colours, and its menus acting on the game in play."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QMenu

from middleground.ui.main_window import key_sequences
from middleground.widgets import theme


def _action(window, text: str) -> QAction:
    return next(a for a in window.findChildren(QAction) if a.text() == text)


def _keys(action: QAction) -> list[str]:
    return [sequence.toString() for sequence in action.shortcuts()]


def test_menu_entries_answer_to_the_keys_the_readme_names_and_the_platforms_own(window):
    new_game = _action(window, "&New game…")
    assert new_game.shortcuts() == QKeySequence.keyBindings(QKeySequence.StandardKey.New)
    assert "Ctrl+N" in _keys(new_game)
    assert _keys(_action(window, "&Full screen"))[0] == "F11"
    assert _keys(_action(window, "&Rules of this game"))[0] == "F1"
    assert "Esc" in _keys(_action(window, "Leave full screen"))


def test_each_setting_has_one_entry_in_the_menus(window):
    entries = [
        action.text().replace("&", "").casefold()
        for menu in window.menuBar().findChildren(QMenu)
        for action in menu.actions()
        if action.text()
    ]
    assert len(entries) == len(set(entries)), sorted(entries)
    assert not [e for e in entries if "motion" in e and e != "reduced motion"]


def test_a_key_named_twice_is_bound_once():
    both = key_sequences("F11", QKeySequence.StandardKey.FullScreen, "F11")
    texts = [sequence.toString() for sequence in both]
    assert texts[0] == "F11" and texts.count("F11") == 1


@pytest.fixture
def desktop(monkeypatch):
    """The desktop's scheme as the theme module keeps it, restored after the test."""
    monkeypatch.setattr(theme, "_desktop_dark", None)
    yield
    QApplication.instance().setPalette(QPalette())


def _window_colour() -> str:
    return QApplication.instance().palette().color(QPalette.ColorRole.Window).name().upper()


def test_the_system_theme_follows_the_desktop_into_dark_and_back(window, desktop):
    assert window.settings.theme == "system"
    assert _window_colour() == theme.LIGHT.background.upper()
    window._system_scheme_changed(Qt.ColorScheme.Dark)
    assert window.theme is theme.DARK
    assert _window_colour() == theme.DARK.background.upper()
    window._system_scheme_changed(Qt.ColorScheme.Light)
    assert _window_colour() == theme.LIGHT.background.upper()


def test_a_chosen_theme_stays_when_the_desktop_changes_and_system_then_follows_it(window, desktop):
    window.apply_theme("light", save=True)  # as the Theme menu does
    window._system_scheme_changed(Qt.ColorScheme.Dark)
    assert window.theme is theme.LIGHT
    window.apply_theme("system", save=True)  # our light palette is on screen; the desktop is dark
    assert window.theme is theme.DARK


def test_a_theme_that_cannot_be_kept_still_applies_and_says_so(window):
    """A settings folder that cannot be written (read-only, or the file a folder) once made
    choosing a theme raise inside Qt; the theme applies, and the window says it is not kept."""
    from middleground.table import saves

    saves.config_dir().mkdir(parents=True, exist_ok=True)
    (saves.config_dir() / "settings.json").mkdir()  # a folder where the file should be
    window.apply_theme("dark", save=True)
    assert window.theme.name == "dark"
    assert window.statusBar().currentMessage().startswith("Settings could not be kept")


@pytest.mark.parametrize(
    ("room", "expected"),
    [
        ((1280, 720), (1240, 660)),  # a 1080p laptop at 150%: 720 logical pixels high
        ((1366, 768), (1280, 708)),
        ((2560, 1440), (1280, 800)),  # room to spare: the size the window likes
    ],
)
def test_the_window_and_the_rules_open_no_larger_than_the_screen(
    qtbot, monkeypatch, room, expected
):
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QScreen

    from middleground.engine import get_game
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow
    from middleground.ui.screens.rules import RulesDialog

    monkeypatch.setattr(QScreen, "availableGeometry", lambda screen: QRect(0, 0, *room))
    main = MainWindow(Settings(idle_seconds=0), autosave=False)
    qtbot.addWidget(main)
    assert (main.width(), main.height()) == expected
    rules = RulesDialog(get_game("good-enough"), main)
    qtbot.addWidget(rules)
    assert rules.width() <= room[0] - 40 and rules.height() <= room[1] - 60


def _edge_contrast(widget, background) -> float:
    """The strongest contrast of any drawn pixel of `widget` against the window behind it."""
    from PySide6.QtGui import QColor

    image = widget.grab().toImage()
    back = QColor(background)
    return max(
        theme.contrast(image.pixelColor(x, y), back)
        for x in range(image.width())
        for y in range(image.height())
    )


@pytest.mark.parametrize("name", ["light", "dark", "projection", "light"])
def test_a_box_to_tick_and_an_empty_field_show_their_edges_in_every_theme(window, qtbot, name):
    """Fusion draws these edges as the window colour darkened, which vanished on the dark
    themes' near-black windows (1.2:1): an unticked Four-colour suits box could not be seen.
    (Neither carries text here: only its edge can stand out.)"""
    from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLineEdit, QWidget

    window.apply_theme(name)
    for field in (QCheckBox(), QLineEdit()):
        behind = QWidget()  # the window colour around the field, as on a screen
        behind.setAutoFillBackground(True)
        QHBoxLayout(behind).addWidget(field)
        qtbot.addWidget(behind)
        behind.resize(90, 50)
        behind.show()
        contrast = _edge_contrast(behind, window.theme.background)
        assert contrast >= 3.0, (name, type(field).__name__, round(contrast, 2))


def _hot_seat(window, seats=None, mode="table"):
    """It's Good Enough at the window's table: Ann, Ben and Cat by default, Ann to pass to."""
    from middleground.engine import get_game
    from middleground.table import Seat, Session

    seats = seats or [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 3}, 5, mode)
    window.start_session(session)
    return session


def test_holding_the_space_bar_chosen_mid_game_lifts_the_curtain_up_now(qtbot, window):
    """The View menu's entry was kept for the next game only: ticked, it showed on while the
    table still wanted the button and Enter."""
    from middleground.table.session import PASS, PRIVATE
    from middleground.ui.curtain import HOLD_MS

    session = _hot_seat(window)
    curtain = window.table.curtain
    assert curtain.hint.text() == "Only you should look."
    qtbot.keyClick(curtain, Qt.Key.Key_Return)  # a first Enter: "press Enter" again, it says
    _action(window, "Lift the curtain by holding the space bar").trigger()
    assert curtain.hint.text() == "Hold the space bar to show your screen."
    assert curtain.button.text() == "I am Ann"  # the first Enter taken back
    qtbot.keyPress(curtain, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: session.curtain.stage == PRIVATE, timeout=HOLD_MS + 2000)
    qtbot.keyRelease(curtain, Qt.Key.Key_Space)
    session.submit(0, {"number": 40})
    _action(window, "Lift the curtain by holding the space bar").trigger()  # off again
    assert session.curtain.stage == PASS and curtain.name == "Ben"
    assert curtain.hint.text() == "Only you should look."
    qtbot.keyClick(curtain, Qt.Key.Key_Return)  # the first Enter arms, as without the setting
    assert curtain.armed and session.curtain.stage == PASS


def test_a_wrong_pin_s_wait_stays_in_sight_when_the_hold_setting_changes(window):
    from middleground.table import Seat

    _hot_seat(window, [Seat("Ann").with_pin("2580"), Seat("Ben"), Seat("Cat")])
    curtain = window.table.curtain
    curtain.armed = True
    curtain.pin.setText("0000")
    curtain._confirm()
    assert curtain.hint.text() == "That PIN is not right."
    _action(window, "Lift the curtain by holding the space bar").trigger()
    assert curtain.hint.text() == "That PIN is not right."  # not the first hint over it


def test_the_idle_curtain_switched_off_mid_game_leaves_an_open_screen_up(qtbot):
    """Unticked, the entry showed off while the curtain still fell on a player reading."""
    from middleground.table.session import PRIVATE
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    main = MainWindow(Settings(idle_seconds=1), bot_delay_ms=0)
    qtbot.addWidget(main)
    main.show()
    session = _hot_seat(main)
    session.lift(0)
    assert main.table.panel is not None
    entry = _action(main, "Lower the curtain after a minute without input")
    assert entry.isChecked()
    entry.trigger()
    qtbot.wait(1500)  # past the second it was set to
    assert session.curtain.stage == PRIVATE and main.table.panel is not None


def test_the_idle_curtain_switched_on_mid_game_counts_for_the_screen_open_now(window):
    session = _hot_seat(window)  # the window's settings: no idle curtain
    session.lift(0)
    assert not window.table.idle.isActive()
    _action(window, "Lower the curtain after a minute without input").trigger()
    assert window.table.idle.isActive() and window.table.idle.interval() == 60_000
    window.table.idle.timeout.emit()  # a minute on
    assert window.table.panel is None and window.table.curtain.name == "Ann"


def _enabled(window) -> dict[str, bool]:
    menus = (window.call_menu, window.levels_menu, window.screens_menu)
    return {menu.title().replace("&", ""): menu.menuAction().isEnabled() for menu in menus}


def test_table_submenus_are_offered_only_where_they_hold_something(window, held):
    """On the home screen they opened empty, and a screen chosen under Projector on screen
    did nothing; at a facilitator's table Call and Bot levels opened empty."""
    from middleground.table import Seat
    from middleground.table.seats import BOT

    call, levels, screens = "Call a player to their screen", "Bot levels", "Projector on screen"
    assert _enabled(window) == {call: False, levels: False, screens: False}
    _hot_seat(window, [Seat("Ann"), Seat("Ben"), Seat("Cy", BOT, "easy")])
    assert _enabled(window) == {call: True, levels: True, screens: True}
    window.call_menu.aboutToShow.emit()
    window.levels_menu.aboutToShow.emit()
    assert [a.text() for a in window.call_menu.actions()] == ["Ann", "Ben"]
    assert [a.text() for a in window.levels_menu.actions()] == ["Cy"]
    window.show_home()
    assert _enabled(window) == {call: False, levels: False, screens: False}
    _hot_seat(window)  # no bots
    assert _enabled(window) == {call: True, levels: False, screens: True}
    _hot_seat(window, [Seat("Ann"), Seat("Ben"), Seat("Cy", BOT, "easy")], "facilitator")
    assert _enabled(window) == {call: False, levels: False, screens: True}


def test_no_player_is_called_and_no_bot_changed_once_the_game_is_over(qtbot, window, held):
    """After the last choice Call a player and Bot levels still offered names, though there
    is nothing left to do at a screen or to play."""
    from middleground.table import Seat
    from middleground.table.seats import BOT

    call, levels = "Call a player to their screen", "Bot levels"
    session = _hot_seat(window, [Seat("Ann"), Seat("Ben"), Seat("Cy", BOT, "easy")])
    assert _enabled(window)[call] and _enabled(window)[levels]
    from middleground.table.session import PUBLIC

    state = session.state
    while not state.is_terminal():
        if session.humans_owed() and session.curtain.stage != PUBLIC:
            seat = session.curtain.seat
            session.lift(seat)
            session.submit(seat, state.legal_actions(seat)[-1 - seat])
        elif session.bots_owed():
            held.answer(qtbot, session, 2)
        else:
            session.acknowledge()  # the round's reveal
    assert not _enabled(window)[call] and not _enabled(window)[levels]
    assert _enabled(window)["Projector on screen"]
