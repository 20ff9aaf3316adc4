"""The public board of It's Good Enough: the last reveal on a number line, the median marked.

One focal point: the revealed numbers with the median line and who scored. Shared numbers are
crossed out (a cross, not just a colour); scorers get a ring and a star.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen

from middleground.engine import View
from middleground.ui.plugin import SCENE, Board, board_font

LINE_Y = 610.0
LEFT, RIGHT = 110.0, 1490.0
TOKEN = 34.0
LANE_GAP = 84.0
LANES = 5


def _names(players, seats) -> str:
    names = [players[s] for s in seats]
    return ", ".join(names)


class GameBoard(Board):
    def show_view(self, view: View) -> None:
        self.clear()
        self.setBackgroundBrush(self.theme.color("background"))
        board = view.board
        self._header(view)
        low, high = (1, view.options["deck"]) if board["cards"] else board["range"]
        self._axis(low, high)
        if board["rounds"]:
            self._reveal(view, board["rounds"][-1], low, high)
        with self.part("status"):
            self._status(view)

    def update_view(self, drawn: View, view: View) -> bool:
        """One more sealed choice changes only the line that counts who has chosen."""
        return self.redraw_status(drawn, view, self._status)

    # ----- parts ---------------------------------------------------------------------

    def _header(self, view: View) -> None:
        board = view.board
        if view.finished:
            title = "Game over"
        elif view.phase == "plan":
            title = f"Listing numbers: round {view.round} of {board['rounds_total']}"
        elif board["extra_round"]:
            title = "Extra round"
        elif board["rounds_total"]:
            title = f"Round {view.round} of {board['rounds_total']}"
        else:
            title = f"Round {view.round}"
        self.label(title, 60, 40, 24, bold=True)
        rule = "closest to the mean" if board["scoring"] == "mean" else "the median scores"
        if board["cards"]:
            detail = f"numbered cards · {rule}"
        else:
            detail = f"{board['range'][0]} to {board['range'][1]} · {rule}"
        if board["points_target"]:
            detail += f" · {board['awarded']} of {board['points_target']} points handed out"
        item = self.label(detail, 30, 0, 44, "muted")
        item.setX(SCENE.width() - 40 - item.boundingRect().width())

    def _x(self, value: float, low: float, high: float) -> float:
        return LEFT + (value - low) / (high - low) * (RIGHT - LEFT)

    def _axis(self, low: int, high: int) -> None:
        pen = QPen(self.theme.color("muted"), 4)
        self.addLine(LEFT, LINE_Y, RIGHT, LINE_Y, pen)
        span = high - low
        step = next(
            s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000) if span / s <= 10
        )
        first = low + (-low) % step
        for value in range(first, high + 1, step):
            x = self._x(value, low, high)
            self.addLine(x, LINE_Y - 10, x, LINE_Y + 10, pen)
            label = self.label(str(value), 30, x, LINE_Y + 14, "muted")
            label.setX(x - label.boundingRect().width() / 2)

    def _reveal(self, view: View, outcome, low: int, high: int) -> None:
        picks = outcome["picks"]
        scorers = set(outcome["scorers"])
        out = set(outcome["disqualified"])
        if outcome["target"] is not None:
            target = float(outcome["target"])
            x = self._x(target, low, high)
            self.addLine(
                x, 175, x, LINE_Y, QPen(self.theme.color("accent"), 5, Qt.PenStyle.DashLine)
            )
            word = "mean" if view.board["scoring"] == "mean" else "median"
            label = self.label(f"{word} {outcome['target']}", 40, x, 122, "accent", bold=True)
            label.setX(
                min(
                    max(x - label.boundingRect().width() / 2, 20),
                    SCENE.width() - 20 - label.boundingRect().width(),
                )
            )
        lanes: list[float] = [-1e9] * LANES  # the right edge of what each lane holds so far
        order = sorted(range(len(picks)), key=lambda s: (picks[s], s))
        for seat in order:
            x = self._x(picks[seat], low, high)
            label = self._label_text(view.players[seat], picks[seat], seat in scorers, seat in out)
            width = TOKEN * 2 + 12 + board_font(30, True).pixelSize() * 0.62 * len(label)
            lane = next(
                (i for i, right in enumerate(lanes) if x - TOKEN >= right + 10),
                min(range(LANES), key=lambda i: lanes[i]),
            )
            lanes[lane] = x - TOKEN + width
            self._token(view.players[seat], seat, label, x, lane, seat in scorers, seat in out)
        round_label = "Extra round" if outcome["extra"] else f"Round {outcome['round']}"
        self.label(f"{round_label}: {outcome['text']}", 34, 40, 680, width=SCENE.width() - 80)

    def _label_text(self, name: str, number: int, scored: bool, out: bool) -> str:
        mark = "★ " if scored else ("✕ " if out else "")
        return f"{mark}{name} {number}"

    def _token(
        self, name: str, seat: int, label: str, x: float, lane: int, scored: bool, out: bool
    ) -> None:
        y = LINE_Y - 60 - lane * LANE_GAP
        self.addLine(
            x, y + TOKEN, x, LINE_Y, QPen(self.theme.color("muted"), 2, Qt.PenStyle.DotLine)
        )
        colour = QColor(self.theme.seat_color(seat))
        if out:
            colour.setAlpha(90)
        ring = QPen(
            self.theme.color("accent") if scored else self.theme.color("text"),
            8 if scored else 2,
            Qt.PenStyle.DashLine if out else Qt.PenStyle.SolidLine,
        )
        if scored:  # a halo in both the accent and the text colour: visible on any seat colour
            halo = TOKEN + 9
            self.addEllipse(
                QRectF(x - halo, y - halo, halo * 2, halo * 2), QPen(self.theme.color("text"), 3)
            )
        self.addEllipse(QRectF(x - TOKEN, y - TOKEN, TOKEN * 2, TOKEN * 2), ring, QBrush(colour))
        initial = self.label(name[:1].upper(), 30, x, y, bold=True)
        initial.setDefaultTextColor(QColor("#000000"))
        box = initial.boundingRect()
        initial.setPos(QPointF(x - box.width() / 2, y - box.height() / 2))
        if out:
            cross = QPen(self.theme.color("warning"), 6)
            self.addLine(x - TOKEN, y - TOKEN, x + TOKEN, y + TOKEN, cross)
            self.addLine(x - TOKEN, y + TOKEN, x + TOKEN, y - TOKEN, cross)
        colour_name = "accent" if scored else ("warning" if out else "text")
        text = self.label(label, 30, x + TOKEN + 8, y, colour_name, bold=scored)
        text.setY(y - text.boundingRect().height() / 2)
        if text.x() + text.boundingRect().width() > SCENE.width() - 10:  # no room: go left
            text.setX(x - TOKEN - 8 - text.boundingRect().width())

    def _status(self, view: View) -> None:
        if view.finished:  # who won, where the table looked to see whom it waited for
            outcome = view.board.get("outcome", "")
            width = SCENE.width() - 80
            self.label(outcome, 40, 40, SCENE.height() - 150, "accent", bold=True, width=width)
            return
        players = view.players
        if view.awaiting:
            done = len(view.submitted)
            text = (
                f"{done} of {len(players)} have chosen · waiting for "
                f"{_names(players, view.awaiting)}"
            )
        else:
            text = "Revealing…"
        self.label(text, 32, 40, SCENE.height() - 74, "muted")
