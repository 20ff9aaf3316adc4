"""Shared test setup: Qt offscreen, and settings and saves kept away from the user's own."""

from __future__ import annotations

import gc
import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _private_user_dirs(tmp_path, monkeypatch):
    """Point platformdirs' data and config dirs into the test's temporary folder."""
    monkeypatch.setenv("MIDDLEGROUND_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.fixture(autouse=True)
def _quick_pins(monkeypatch):
    """PINs hashed at a low scrypt cost: the real one costs 50 ms a lift, and the table's
    state machine lifts hundreds of curtains. Hashes carry their cost, so both check."""
    monkeypatch.setattr("middleground.table.seats.PIN_COST", 4)


@pytest.fixture(autouse=True)
def _collect_on_the_main_thread():
    """Once a window has handed collection to the UI thread (ui/collector.py), collect between
    tests too, on this thread, as the window's timer would."""
    yield
    if not gc.isenabled():
        from middleground.ui.collector import collect_due

        collect_due()


@pytest.fixture
def window(qtbot):
    """The app's main window at 1280x800, bots answering at once (its saves go to the test's
    own folder, above)."""
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    main = MainWindow(Settings(idle_seconds=0), bot_delay_ms=0)
    qtbot.addWidget(main)
    main.resize(1280, 800)
    main.show()
    yield main
    if main.projector is not None:
        main.projector.close()
    if main.bridge is not None:
        main.bridge.wait_for_bots(3000)
