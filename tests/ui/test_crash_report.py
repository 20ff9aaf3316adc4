"""A fault of the app's own, in the installed app that has no terminal: the table is told in
plain words that its moves are saved, the developers get a report on disk, and neither says
anything of the game (an error's message may quote a player's hidden hand)."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from middleground.table import saves
from middleground.ui import crash_report
from middleground.ui.crash_report import REPORT, installed

SECRET = "Alice holds the seven of spades"


def _boom() -> None:
    raise ValueError(SECRET)


def _boxes() -> list[QMessageBox]:
    shown = QApplication.topLevelWidgets()
    shown += [box for top in shown for box in top.findChildren(QMessageBox)]
    return [w for w in shown if w.objectName() == "crashReport" and w.isVisible()]


@pytest.fixture
def no_terminal(monkeypatch):
    """As in a windowed Windows or macOS build: no standard error to print to."""
    monkeypatch.setattr(sys, "stderr", None)


@pytest.mark.qt_no_exception_capture
def test_a_fault_behind_a_button_tells_the_table_and_writes_a_report_without_secrets(
    qtbot, window, no_terminal
):
    start = next(b for b in window.findChildren(QPushButton) if b.text() == "New game")
    start.clicked.connect(_boom)
    with installed(saves.log_dir()):
        qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bool(_boxes()))
        box = _boxes()[0]
        assert box.windowTitle() == "Something went wrong"
        assert "Every move made so far is saved" in box.text()
        assert str(saves.log_dir() / REPORT) in box.text()
        assert SECRET not in box.text()
        report = (saves.log_dir() / REPORT).read_text(encoding="utf-8")
        assert "ValueError" in report and "_boom" in report and "test_crash_report.py" in report
        assert SECRET not in report
        box.accept()
    start.clicked.disconnect(_boom)


@pytest.mark.qt_no_exception_capture
def test_a_burst_of_faults_is_told_once_and_every_one_is_written(qtbot, tmp_path, no_terminal):
    told = []
    with installed(tmp_path, lambda title, text: told.append(text)):
        for _ in range(3):
            try:
                _boom()
            except ValueError:
                sys.excepthook(*sys.exc_info())
    assert len(told) == 1
    assert (tmp_path / REPORT).read_text(encoding="utf-8").count("=== ") == 3


def test_the_hook_before_is_put_back_when_the_window_closes(tmp_path):
    before = sys.excepthook
    with installed(tmp_path, lambda *_: None) as reporter:
        assert sys.excepthook is reporter
    assert sys.excepthook is before


def test_a_report_that_cannot_be_written_is_said_and_the_table_is_still_told(tmp_path, no_terminal):
    blocked = tmp_path / "a file where the folder would be"
    blocked.write_text("")
    told = []
    reporter = crash_report.Reporter(blocked, lambda title, text: told.append(text))
    try:
        _boom()
    except ValueError:
        reporter(*sys.exc_info())
    assert told and "could not be written" in told[0]


def test_from_a_terminal_the_whole_traceback_is_printed_as_before(tmp_path, capsys):
    reporter = crash_report.Reporter(tmp_path, lambda *_: None)
    try:
        _boom()
    except ValueError:
        reporter(*sys.exc_info())
    assert SECRET in capsys.readouterr().err  # the developer's own terminal, not the table


def test_the_report_file_keeps_only_the_newest_reports(tmp_path, monkeypatch):
    monkeypatch.setattr(crash_report, "KEEP", 2000)
    for number in range(40):
        crash_report.write_report(f"=== report {number}\n" + "x" * 100 + "\n", tmp_path)
    kept = (tmp_path / REPORT).read_text(encoding="utf-8")
    assert len(kept.encode()) <= 2000
    assert kept.startswith("=== report ") and "=== report 39" in kept
    assert "=== report 0\n" not in kept


def test_the_app_reports_its_faults_while_its_window_runs(qapp, monkeypatch):
    from middleground.ui import app
    from middleground.ui.main_window import MainWindow

    during = []
    monkeypatch.setattr(QApplication, "exec", lambda self: during.append(sys.excepthook) or 0)
    before = sys.excepthook
    try:
        assert app.run([]) == 0
    finally:
        for window in QApplication.topLevelWidgets():
            if isinstance(window, MainWindow):
                window.close()
    assert isinstance(during[0], crash_report.Reporter)
    assert during[0].folder == saves.log_dir()
    assert sys.excepthook is before


def test_with_no_window_to_hold_it_the_message_stays_until_it_is_closed(qtbot, monkeypatch):
    import gc

    monkeypatch.setattr(QApplication, "activeWindow", staticmethod(lambda: None))
    monkeypatch.setattr(QApplication, "topLevelWidgets", staticmethod(lambda: []))
    crash_report.tell_the_table("Something went wrong", "Every move made so far is saved.")
    gc.collect()
    monkeypatch.undo()
    box = next(iter(_boxes()))
    assert box.parent() is None and box.text() == "Every move made so far is saved."
    box.accept()
    qtbot.waitUntil(lambda: not crash_report._unowned)


def test_a_fault_in_a_worker_process_is_reported_frame_by_frame_without_its_message(tmp_path):
    from concurrent.futures.process import _RemoteTraceback

    remote = (
        '\n"""\nTraceback (most recent call last):\n'
        '  File "/app/middleground/games/x/bots.py", line 40, in choose\n'
        "    raise ValueError(f'holding {hand}')\n"
        "    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  File "<frozen runpy>", line 254, in _get_code_from_file\n'
        f'ValueError: {SECRET}\n"""'
    )
    error = ValueError(SECRET)
    error.__cause__ = _RemoteTraceback(remote)
    text = crash_report.describe(ValueError, error, None)
    assert 'bots.py", line 40, in choose' in text and "raise ValueError" in text
    assert SECRET not in text and "^^^" not in text
