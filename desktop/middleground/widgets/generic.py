"""The board and panel a game gets until it draws its own: names, round, and the choice form."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout

from middleground.engine import ActionForm, Event, View

from .forms import ActionFormWidget
from .kept import keep
from .plugin import MIN_TEXT, SCENE, Board, Panel


class GenericBoard(Board):
    def show_view(self, view: View) -> None:
        self.clear()
        self.setBackgroundBrush(self.theme.color("background"))
        title = self.addText(f"Round {view.round}" if view.round else "")
        title.setFont(QFont("Sans", int(MIN_TEXT * 2)))
        title.setDefaultTextColor(self.theme.color("text"))
        title.setPos(40, 30)
        for row, name in enumerate(view.players):
            item = self.addText(name)
            item.setFont(QFont("Sans", int(MIN_TEXT * 1.2)))
            item.setDefaultTextColor(self.theme.color("text"))
            item.setPos(60, 150 + row * MIN_TEXT * 2)
            if item.y() > SCENE.height() - 60:
                break


class GenericPanel(Panel):
    def __init__(self) -> None:
        super().__init__()
        self.form = ActionFormWidget()
        self.form.submitted.connect(self.submitted)
        self.notices = QListWidget()
        self.notices.setAccessibleName("Your notices")
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(QLabel("Your notices"))
        layout.addWidget(self.notices)

    def show_view(self, view: View, form: ActionForm, events: Sequence[Event]) -> None:
        self.form.set_form(form)
        keep(self.memory, (view.phase, view.round, view.my_submission, form), self.form.widgets())
        self.notices.clear()
        for event in events:
            if not event.public:
                self.notices.addItem(event.text)
