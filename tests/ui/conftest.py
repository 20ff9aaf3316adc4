"""Helpers for clicking through the real screens."""

from __future__ import annotations

import pytest

from middleground.table.settings import Settings
from middleground.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot):
    main = MainWindow(Settings(idle_seconds=0), bot_delay_ms=0)
    qtbot.addWidget(main)
    main.resize(1280, 800)
    main.show()
    yield main
    if main.projector is not None:
        main.projector.close()
    if main.bridge is not None:
        main.bridge.wait_for_bots(3000)
