"""Thirty-letter names (the most setup takes) on the main window's shared screens, at a 1024x768
projector in the projection theme, the tightest: the window stays within the screen, a word
too long for its place ends in an ellipsis in its middle instead of being cut at the edge,
the scores stay in sight, and two names that differ only at the end still read as two."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtWidgets import QApplication, QLabel
from tests.ui.audit import laid_out, wrapped_lines

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR
from middleground.ui.screens.results import ResultsScreen
from middleground.widgets.theme import PROJECTION

WIDE = "W" * 30
WIDE_TOO = "W" * 29 + "M"  # as WIDE to its last letter
CJK = "山田太郎" * 7 + "山田"  # wraps between any two letters
NAMES = [WIDE, "Wolfeschlegelsteinhausen", "Bartholomew Fitzgerald-Ashby", WIDE_TOO, "Ann", CJK]


@pytest.fixture
def projector_screen(qtbot):
    """The main window in the projection theme on a 1024x768 screen."""
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    main = MainWindow(Settings(idle_seconds=0, theme="projection"), bot_delay_ms=0)
    qtbot.addWidget(main)
    main.resize(1024, 768)
    main.show()
    yield main
    if main.bridge is not None:
        main.bridge.wait_for_bots(3000)


def start(window, mode=None, rounds=3):
    seats = [Seat(name) for name in NAMES]
    extra = {} if mode is None else {"mode": mode}
    session = Session.start(get_game("good-enough"), seats, {"rounds": rounds}, 4, **extra)
    window.start_session(session)
    QApplication.processEvents()
    return session


def play_round(session) -> None:
    """Everyone picks a number (the hot seat's curtain lifted for each in turn)."""
    for seat in range(len(session.seats)):
        session.lift(seat)
        session.submit(seat, {"number": 10 * seat})


def within_the_screen(window) -> bool:
    QApplication.processEvents()
    return window.width() <= 1024 and window.minimumSizeHint().width() <= 1024


def laid_out_within(label: QLabel) -> QTextDocument:
    """A rich-text label's text wrapped to its width, as it shows it."""
    document = laid_out(label)
    document.setTextWidth(label.contentsRect().width())
    return document


def fits(label: QLabel) -> bool:
    """Every line of a wrapped plain label within its width: nothing cut at the edge."""
    room = label.contentsRect().width() - 2 * label.margin()
    metrics = QFontMetrics(label.font())
    lines = wrapped_lines(label.text(), label.font(), room)
    return all(metrics.horizontalAdvance(line.rstrip()) <= room for line in lines)


def test_the_curtain_for_a_long_name_stays_on_the_screen(projector_screen):
    """The hint said "WWW...W: press Enter ..." on one line, the button "I am WWW...W", and
    the window grew to 1099 pixels, past the screen's edge."""
    start(projector_screen)
    curtain = projector_screen.table.curtain
    assert curtain.isVisible() and curtain.name == WIDE
    assert within_the_screen(projector_screen)
    button = curtain.button
    assert button.text().startswith("I am WWW") and button.text().endswith("…")
    assert button.toolTip() == f"I am {WIDE}"
    curtain.button.click()  # armed: the hint names the player
    assert within_the_screen(projector_screen)
    assert curtain.hint.text().startswith(WIDE) and fits(curtain.hint)
    assert button.text() == "Show my screen"  # whole, once its words are short again


def test_a_short_name_on_the_curtain_is_whole(projector_screen):
    session = Session.start(get_game("good-enough"), [Seat(n) for n in ("Ann", "Bo", "Cy")])
    projector_screen.start_session(session)
    QApplication.processEvents()
    curtain = projector_screen.table.curtain
    assert curtain.button.text() == "I am Ann" and curtain.button.toolTip() == ""
    curtain.button.click()
    QApplication.processEvents()
    assert curtain.hint.text() == "Ann: press Enter (or click again) to show your screen."


def test_the_standings_stay_in_sight_beside_a_long_name(projector_screen):
    """One unbreakable name wider than the side column pushed every score out of sight."""
    play_round(start(projector_screen))
    QApplication.processEvents()
    standings = projector_screen.table.standings
    assert standings.isVisible()  # the round revealed
    assert within_the_screen(projector_screen)
    shown = laid_out_within(standings)
    assert shown.idealWidth() <= standings.contentsRect().width()
    assert standings.parentWidget().width() >= standings.width()  # its scrolling pane's
    text = shown.toPlainText().split("\n")
    assert len([line for line in text if line.endswith(("0 points", "1 point"))]) == len(NAMES)
    assert "Ann" in text and "Bartholomew Fitzgerald-Ashby" in text  # wrapped, whole
    wide = [line for line in text if line.startswith("WWW")]
    assert len(wide) == 2 and len(set(wide)) == 2 and all("…" in line for line in wide)
    assert standings.toolTip() == ""  # each row's whole name is read out instead:
    assert WIDE_TOO in standings.accessibleDescription().split("\n")[3]


def test_a_long_name_in_a_console_prompt_and_field_ends_in_an_ellipsis(projector_screen):
    """The prompt was balanced to below its longest word and cut "Wolfeschlegelstei|", the
    field label "WWW...W's number" (and "山田太郎...'s number") ran off the window."""
    start(projector_screen, FACILITATOR)
    console = projector_screen.table.console
    for seat in (0, 1, 5):
        console.seats.setCurrentRow(seat)
        QApplication.processEvents()
        form = console.form
        label = form.fields.labelForField(form.inputs["number"][1])
        assert fits(form.prompt) and fits(label), (form.prompt.text(), label.text())
        assert label.geometry().right() <= form.contentsRect().right()
        if seat == 1:
            assert "Wolfeschlegelsteinhausen's" in form.prompt.text()  # it fits: whole
    assert within_the_screen(projector_screen)


def test_the_totals_now_shorten_a_long_name_and_keep_two_apart(projector_screen):
    session = start(projector_screen)
    play_round(session)  # the totals show from the second round
    session.acknowledge()
    session.lift(0)
    session.submit(0, {"number": 50})
    session.lift(1)  # Wolfeschlegelsteinhausen's screen: both long names are the others'
    QApplication.processEvents()
    totals = projector_screen.table.panel.totals
    assert totals.isVisible()
    shown = laid_out_within(totals)
    assert shown.idealWidth() <= totals.contentsRect().width()
    text = shown.toPlainText()
    assert WIDE not in text and WIDE_TOO not in text
    wide = [word.rstrip(",") for word in text.split() if word.startswith("WWW")]
    assert len(set(wide)) == 2 and all("…" in word for word in wide)
    assert within_the_screen(projector_screen)


def finished_results(qtbot, width, height):
    session = Session.start(get_game("good-enough"), [Seat(n) for n in NAMES], {"rounds": 3}, 4)
    while not session.state.is_terminal():
        play_round(session)
        if session.reading_reveal():
            session.acknowledge()
    screen = ResultsScreen(session, PROJECTION)
    qtbot.addWidget(screen)
    screen.resize(width, height)
    screen.show()
    QApplication.processEvents()
    QApplication.processEvents()
    return screen


def test_the_results_keep_the_outcome_in_sight_beside_a_long_name(qtbot):
    """At 1024 wide, thirty-letter names in the Player column pushed the Outcome out of sight."""
    screen = finished_results(qtbot, 1024, 768)
    table = screen.table
    columns = sum(table.columnWidth(c) for c in range(4))
    assert columns <= table.viewport().width()
    metrics = QFontMetrics(screen.bold)
    outcomes = [table.item(row, 3).text() for row in range(table.rowCount())]
    widest = max(metrics.horizontalAdvance(line) for text in outcomes for line in text.split("\n"))
    assert table.columnWidth(3) > widest  # each outcome line whole
    players = [table.item(row, 1) for row in range(table.rowCount())]
    shown = [item.text() for item in players]
    assert len(set(shown)) == len(NAMES)  # every player told apart
    for item in players:
        assert metrics.horizontalAdvance(item.text()) < table.columnWidth(1)
        assert item.text() in NAMES or ("…" in item.text() and item.toolTip() in NAMES)
    assert screen.minimumSizeHint().width() <= 1024


def test_the_chart_legend_shortens_long_names_and_keeps_them_apart(qtbot):
    screen = finished_results(qtbot, 1920, 1080)
    legend = screen.chart.getPlotItem().legend
    names = [label.text for _sample, label in legend.items]
    assert len(set(names)) == len(NAMES)
    assert "Ann" in names and WIDE not in names and WIDE_TOO not in names
    assert legend.preferredWidth() < 400
    table = screen.table  # at 1920 wide the Player column has room for every name
    assert [table.item(row, 1).text() for row in range(table.rowCount())] == screen.players
