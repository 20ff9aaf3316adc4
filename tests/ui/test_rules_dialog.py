"""Each game's rules open in a dialog a group can read from a step back: every section of the
rules file is there, in book-sized type, with room between paragraphs."""

from __future__ import annotations

import re

import pytest
from PySide6.QtGui import QGuiApplication, QTextCursor
from PySide6.QtWidgets import QTextBrowser

from middleground.assets import rules_text
from middleground.engine import all_games
from middleground.ui.screens.rules import RulesDialog


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_the_rules_show_every_section_readably(qtbot, game):
    dialog = RulesDialog(game)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == f"Rules: {game.title}"
    browser = dialog.findChild(QTextBrowser)
    shown = browser.toPlainText()
    headings = re.findall(r"^#+ (.+)$", rules_text(game.rules_file), flags=re.MULTILINE)
    assert "Table rulings" in headings
    for heading in headings:
        assert heading.replace("**", "") in shown
    assert browser.font().pixelSize() >= 16
    block = browser.document().begin()
    gaps = []
    while block.isValid():
        paragraph = block.blockFormat().headingLevel() == 0 and block.textList() is None
        if paragraph and QTextCursor(block).currentTable() is None:
            gaps.append(block.blockFormat().bottomMargin())
        block = block.next()
    assert gaps and min(gaps) >= 10  # paragraphs stand apart


def test_the_rules_fit_the_screen_they_open_on(qtbot):
    dialog = RulesDialog(all_games()[0])
    qtbot.addWidget(dialog)
    room = QGuiApplication.primaryScreen().availableGeometry()
    assert dialog.height() <= room.height() - 60 and dialog.width() <= room.width()
