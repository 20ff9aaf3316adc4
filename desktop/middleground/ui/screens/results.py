"""Results: placements, the outcome the rules define, and points over the rounds."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from middleground.engine.words import counted
from middleground.table import Session

from ..theme import OKABE_ITO, Theme

# Each line differs by marker as well as colour, so colour never carries meaning alone.
MARKERS = ("o", "s", "t", "d", "+", "x", "star", "p", "h", "t1", "t2", "t3")


def token_text(tokens) -> str:
    words = {"life": "token of life", "death": "token of death"}
    parts = []
    for kind, count in dict(tokens).items():
        word = words.get(kind, kind)
        parts.append(counted(count, word))
    return ", ".join(parts)


class ResultsScreen(QWidget):
    play_again = Signal()
    home = Signal()

    def __init__(self, session: Session, theme: Theme) -> None:
        super().__init__()
        state = session.state
        result = state.result()
        names = state.players
        title = QLabel(f"Results: {session.game.title}")
        title.setFont(QFont("Sans", 24, QFont.Weight.Bold))
        summary = QLabel(result.summary)
        summary.setFont(QFont("Sans", 20))
        summary.setAccessibleName("Outcome")
        summary.setWordWrap(True)

        table = QTableWidget(len(names), 4)
        table.setHorizontalHeaderLabels(["Place", "Player", "Points", "Outcome"])
        table.verticalHeader().setVisible(False)
        table.setAccessibleName("Placements")
        order = sorted(range(len(names)), key=lambda s: (result.placements[s], s))
        for row, seat in enumerate(order):
            outcome = []
            if seat in result.winners:
                outcome.append("shared win" if result.shared else "winner")
            if seat in result.losers:
                outcome.append("loser")
            tokens = result.tokens.get(str(seat))
            if tokens:
                outcome.append(token_text(tokens))
            cells = (
                str(result.placements[seat]),
                names[seat],
                str(result.scores[seat]),
                ", ".join(outcome),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                table.setItem(row, column, item)
        table.setStyleSheet("font-size: 16px;")
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)

        # Imported when the results are shown, not at start-up: pyqtgraph costs ~0.3 s to load.
        import pyqtgraph as pg

        self.chart = pg.PlotWidget()
        self.chart.setBackground(theme.surface)
        self.chart.setLabel("bottom", "Round")
        self.chart.setLabel("left", "Points")
        self.chart.addLegend(offset=(10, 10))
        self.chart.setAccessibleName("Points over the rounds")
        self.chart.viewport().setAccessibleName("Points over the rounds")  # what takes focus
        history = session.score_history()
        rounds = list(range(len(history)))
        self.chart.getAxis("bottom").setTicks([[(r, str(r)) for r in rounds]])
        top = max((max(row) for row in history), default=0)
        self.chart.getAxis("left").setTicks([[(p, str(p)) for p in range(top + 1)]])
        for seat, name in enumerate(names):
            colour = OKABE_ITO[seat % 7] if OKABE_ITO[seat % 7] != "#000000" else theme.text
            self.chart.plot(
                rounds,
                [row[seat] for row in history],
                pen=pg.mkPen(colour, width=3),
                symbol=MARKERS[seat % len(MARKERS)],
                symbolBrush=colour,
                symbolSize=11,
                name=name,
            )

        again = QPushButton("Play again with the same seats")
        again.setDefault(True)
        again.clicked.connect(self.play_again)
        home = QPushButton("Home")
        home.clicked.connect(self.home)
        buttons = QHBoxLayout()
        buttons.addWidget(home)
        buttons.addStretch(1)
        buttons.addWidget(again)
        middle = QHBoxLayout()
        middle.addWidget(table, 2)
        middle.addWidget(self.chart, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(36, 24, 36, 24)
        layout.addWidget(title)
        layout.addWidget(summary)
        layout.addLayout(middle, 1)
        layout.addLayout(buttons)
