"""The public board with its standings: what the projector shows and the round picture exports.

Built from a PublicFeed only: public views and public events, never a seat's view.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QImage
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from .board_view import BoardView
from .bridge import PublicFeed, next_pass
from .forms import name_then
from .plugin import board_for
from .theme import Theme


class PublicBoard(QWidget):
    """Board on the left, standings on the right, quieter."""

    def __init__(self, feed: PublicFeed, game, theme: Theme) -> None:
        super().__init__()
        self.feed = feed
        self.theme = theme
        self.board = board_for(game, theme)
        self.view = BoardView(self.board)
        self._rows: list[tuple[str, str]] = []  # (name, standing) a player, as last fed
        self.heading = QLabel("Standings")
        self.standings = QLabel()
        self.standings.setAccessibleName("Standings")
        self.standings.setTextFormat(Qt.TextFormat.PlainText)
        self.standings.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # Its text is sized to the window (see _scale_text), never the window to its text: a
        # crowd's long list once grew the projector, its font with it, to 32,767 pixels.
        ignored = QSizePolicy.Policy.Ignored
        self.standings.setSizePolicy(ignored, ignored)
        side = QVBoxLayout()
        side.setContentsMargins(0, 24, 0, 24)
        side.addWidget(self.heading)
        side.addWidget(self.standings, 1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 16, 0)
        layout.addWidget(self.view, 5)
        layout.addLayout(side, 1)
        if self.board.draws_standings:
            self.heading.hide()
            self.standings.hide()
            layout.setStretch(1, 0)
        # A change is drawn here on the next pass of the event loop, not inside the one that
        # made it: the table's window draws first, timers and input get their turn, then this
        # board (several changes in one pass are drawn once).
        self._due = next_pass(self, self.refresh)
        feed.changed.connect(self._due.start)
        self.apply_theme(theme)
        self.refresh()

    def apply_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.setObjectName("publicBoard")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            f"#publicBoard {{ background: {theme.background}; }}"
            f"#publicBoard QLabel {{ color: {theme.text}; background: transparent; }}"
        )
        self.board.set_theme(theme, None)
        self.refresh()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._scale_text(self.height())
        self._fill_standings()

    def _scale_text(self, height: int) -> None:
        # Standings scale with the window, 1/34 of its height, or smaller for a crowd's rows
        # to fit under the heading.
        biggest = max(12, height // 34)
        heading = QFont("Sans", int(biggest * 0.8), QFont.Weight.Bold)
        self.heading.setFont(heading)
        rows = max(1, len(self._rows))
        room = height - 48 - QFontMetrics(heading).lineSpacing() - 12
        size = biggest
        while size > 8 and QFontMetrics(QFont("Sans", size)).lineSpacing() * rows > room:
            size -= 1
        # Long names make it smaller too, down to 70%, before they lose their ends.
        lines = [f"{name}  {shown}".rstrip() for name, shown in self._rows]
        width, floor = self.standings.width(), max(8, int(size * 0.7))
        while size > floor and lines and width > 0:
            metrics = QFontMetrics(QFont("Sans", size))
            if max(metrics.horizontalAdvance(line) for line in lines) <= width - 4:
                break
            size -= 1
        self.standings.setFont(QFont("Sans", size))

    def refresh(self) -> None:
        self._due.stop()
        self.board.refresh(self.feed.view())
        rows = self.feed.standings()
        resize = len(rows) != len(self._rows)
        self._rows = rows
        if resize:  # as many rows as players: set once, or when a game starts
            self._scale_text(self.height())
        self._fill_standings()

    def _fill_standings(self) -> None:
        """A row a player, its name shortened with an ellipsis where the whole would push the
        standing itself out of the column."""
        metrics, width = self.standings.fontMetrics(), self.standings.width() - 4
        lines = [
            name_then(metrics, name, f"  {shown}".rstrip(), width) for name, shown in self._rows
        ]
        self.standings.setText("\n".join(lines))

    def picture(self, size: QSize | None = None) -> QImage:
        """The round picture: this board and its standings rendered at `size` (1920x1080)."""
        size = size or QSize(1920, 1080)
        if self._due.isActive():  # a change not drawn yet
            self.refresh()
        self.resize(size)
        # A hidden widget gets its resize event only when rendered, after the layout: size the
        # standings first, or the heading is laid out for the old font and clipped.
        self._scale_text(size.height())
        self.layout().activate()
        self._fill_standings()
        self.view.fit()
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(self.theme.color("background"))
        self.render(image)
        return image
