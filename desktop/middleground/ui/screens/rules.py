"""A game's rules, rendered from its Markdown text under assets/rules/."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

from middleground.assets import rules_text
from middleground.engine import Game

from ..fit import fit_to_screen


class RulesDialog(QDialog):
    def __init__(self, game: Game, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rules: {game.title}")
        # Tall enough to read, never taller than the screen it opens on (a 720p laptop's
        # Close button must stay in sight); the text scrolls.
        fit_to_screen(self, 760, 820, parent)
        text = QTextBrowser()
        text.setOpenExternalLinks(False)
        # Read by a group leaning in at the laptop: book-sized type, room around the text.
        font = text.font()
        font.setPixelSize(17)
        text.setFont(font)
        text.document().setDefaultFont(font)
        text.document().setDocumentMargin(18)
        text.setMarkdown(rules_text(game.rules_file))
        _space_out(text.document())
        text.setAccessibleName("Rules")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(buttons)


def _space_out(document: QTextDocument) -> None:
    """A line's gap between paragraphs and more above each heading: the Markdown reader leaves
    them tight at a larger type size."""
    block = document.begin()
    while block.isValid():
        cursor = QTextCursor(block)
        if cursor.currentTable() is None:  # a table's cells keep their own, tight spacing
            layout = block.blockFormat()
            heading = layout.headingLevel() > 0
            in_list = block.textList() is not None
            layout.setTopMargin(18 if heading else layout.topMargin())
            layout.setBottomMargin(4 if heading or in_list else 12)
            cursor.setBlockFormat(layout)
        block = block.next()
