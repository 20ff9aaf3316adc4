"""The private panel of It's Good Enough: the number or card to present, and your secrets."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QVBoxLayout

from middleground.engine import ActionForm, Event, View
from middleground.engine.words import counted
from middleground.widgets.forms import ActionFormWidget
from middleground.widgets.plugin import Panel


class GamePanel(Panel):
    def __init__(self) -> None:
        super().__init__()
        self.heading = QLabel()
        self.heading.setFont(QFont("Sans", 20, QFont.Weight.Bold))
        self.heading.setWordWrap(True)
        self.standing = QLabel()
        self.standing.setWordWrap(True)
        self.secret = QLabel()
        self.secret.setWordWrap(True)
        self.form = ActionFormWidget()
        self.form.setFont(QFont("Sans", 16))
        self.form.submitted.connect(self.submitted)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.standing)
        layout.addWidget(self.secret)
        layout.addWidget(self.form, 1)

    def show_view(self, view: View, form: ActionForm, events: Sequence[Event]) -> None:
        seat = view.seat
        name = view.players[seat] if seat is not None else ""
        board = view.board
        if seat is not None and seat in view.awaiting:
            self.heading.setText(f"{name}, your choice")
        else:  # called up while their number is in, or between rounds: nothing to choose now
            self.heading.setText(f"{name}: nothing to choose now")
        points = board["scores"][seat] if seat is not None else 0
        self.standing.setText(f"You have {counted(points, 'point')}.")
        lines = []
        if "hand" in board:
            lines.append("Your cards: " + ", ".join(map(str, board["hand"])))
        if board.get("plan"):
            lines.append("Your list so far: " + ", ".join(map(str, board["plan"])))
        if view.my_submission is not None:
            lines.append(f"You chose {view.my_submission['number']}.")
        self.secret.setText("\n".join(lines))
        self.secret.setVisible(bool(lines))
        if view.phase == "plan":  # all at once: each number goes on the list, shown later
            button = "List this card" if board["cards"] else "List this number"
        else:
            button = "Play this card" if board["cards"] else "Present this number"
        self.form.set_form(form, button)
