"""A game's rules, rendered from its Markdown text under assets/rules/."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

from middleground.assets import rules_text
from middleground.engine import Game


class RulesDialog(QDialog):
    def __init__(self, game: Game, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rules: {game.title}")
        self.resize(760, 820)
        text = QTextBrowser()
        text.setOpenExternalLinks(False)
        text.setMarkdown(rules_text(game.rules_file))
        text.setAccessibleName("Rules")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(buttons)
