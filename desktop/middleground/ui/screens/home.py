"""Home: pick a game, read its rules, or resume a saved or interrupted game."""

from __future__ import annotations

from PySide6.QtCore import Signal
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
        # Row by row, the games listed (kept here rather than in each item's data, whose role is
        # named in the Qt namespace: the home screen opens without it, see ui/app.py).
        games = all_games()
        self.game_ids = [game.id for game in games]
        for game in games:
            self.games.addItem(
                QListWidgetItem(f"{game.title}  ({player_span(game)})\n{game.pitch}")
            )
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
            button.setObjectName("screenButton")
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(48, 36, 48, 36)
        layout.addWidget(title)
        layout.addWidget(tagline)
        layout.addSpacing(16)
        layout.addWidget(self.games, 1)
        self.waiting = QLabel()
        self.waiting.setAccessibleName("Game waiting")
        self.waiting.setFont(QFont("Sans", 12))
        self.waiting.setWordWrap(True)
        self.waiting.setVisible(False)
        layout.addWidget(self.waiting)
        layout.addLayout(buttons)

    def chosen(self) -> Game:
        from middleground.engine import get_game

        return get_game(self.game_ids[max(0, self.games.currentRow())])

    def _new(self) -> None:
        self.new_game.emit(self.chosen())

    def set_resumable(self, label: str, details: str = "") -> None:
        """Offer the game that waits, by its button's `label` ('' where none can be resumed),
        with `details` (whose game it is, how far it got; or why it cannot be resumed and
        what to do instead) in a line above the buttons."""
        self.resume_button.setText(label)
        self.resume_button.setToolTip(details)
        self.resume_button.setVisible(bool(label))
        self.waiting.setText(details)
        self.waiting.setVisible(bool(details))
