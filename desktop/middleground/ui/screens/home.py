"""Home: pick a game, read its rules, or resume a saved or interrupted game."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from middleground.engine import Game, all_games


def player_span(game: Game) -> str:
    if game.min_players == game.max_players:
        return f"{game.min_players} players"
    if game.max_players >= 50:
        return f"{game.min_players}+ players"
    return f"{game.min_players}-{game.max_players} players"


class HomeScreen(QWidget):
    new_game = Signal(object)  # Game
    show_rules = Signal(object)  # Game
    resume = Signal()
    open_file = Signal()

    def __init__(self) -> None:
        super().__init__()
        title = QLabel("Middle Ground")
        title.setFont(QFont("Sans", 32, QFont.Weight.Bold))
        tagline = QLabel("Party games where the middle is the place to be.")
        self.games = QListWidget()
        self.games.setAccessibleName("Games")
        self.games.setFont(QFont("Sans", 14))
        self.games.setSpacing(6)
        for game in all_games():
            item = QListWidgetItem(f"{game.title}  ({player_span(game)})\n{game.pitch}")
            item.setData(Qt.ItemDataRole.UserRole, game.id)
            self.games.addItem(item)
        self.games.setCurrentRow(0)
        self.games.itemActivated.connect(lambda _item: self._new())
        start = QPushButton("New game")
        start.setDefault(True)
        start.clicked.connect(self._new)
        rules = QPushButton("Rules")
        rules.clicked.connect(lambda: self.show_rules.emit(self.chosen()))
        self.resume_button = QPushButton("Resume interrupted game")
        self.resume_button.clicked.connect(self.resume)
        open_button = QPushButton("Open saved game…")
        open_button.clicked.connect(self.open_file)
        buttons = QHBoxLayout()
        for button in (start, rules, self.resume_button, open_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(48, 36, 48, 36)
        layout.addWidget(title)
        layout.addWidget(tagline)
        layout.addSpacing(16)
        layout.addWidget(self.games, 1)
        layout.addLayout(buttons)

    def chosen(self) -> Game:
        from middleground.engine import get_game

        item = self.games.currentItem() or self.games.item(0)
        return get_game(item.data(Qt.ItemDataRole.UserRole))

    def _new(self) -> None:
        self.new_game.emit(self.chosen())

    def set_resumable(self, available: bool) -> None:
        self.resume_button.setVisible(available)
