"""The private panel of The Median: my characters and their orders, my score, trading, notices.

Everything here comes from one seat's view, its ActionForm and the events it may see. Power
targets are the form's choices (the rules offer only legal ones); the Trade tab is its own
module (trade_tab), which lists what trade_rules allows. The draft has its own mode: pick a
free character, or confirm and wait.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGroupBox,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from middleground.engine import ActionForm, Event, Field, View
from middleground.engine.words import counted
from middleground.widgets.forms import focus_first_choice
from middleground.widgets.kept import keep
from middleground.widgets.plugin import Panel, whom, you, your
from middleground.widgets.scrolling import FollowingScroll
from middleground.widgets.seat_box import SeatBox

from .characters import CHARACTERS, LOCK, TIEBREAK_NOTE, label, name, names, parse_character
from .conveyor import zone_start
from .orders import describe_orders, lock_order
from .picks import character_picks
from .powers import signed
from .trade_tab import TradePage, round_notices
from .wrapping import choice_box, plain_label

# The draft's keys, under its picks: they move, choose and pick without the mouse.
KEYS_HINT = "Arrow keys and Space choose; Enter picks."

STYLE = """
#medianHeading { font-size: 24px; font-weight: bold; }
#medianScore { font-size: 21px; }
#medianMuted { color: palette(placeholder-text); }
QGroupBox { font-weight: bold; margin-top: 14px; }
QTabBar::tab { padding: 6px 10px; }
QGroupBox::title { subcontrol-origin: margin; left: 6px; padding: 0 4px; }
QPushButton[pick="true"] { padding: 1px 6px; min-height: 26px; }
QPushButton[pick="true"]:checked { border: 4px solid palette(highlight); }
"""

PUSH_WORDS = {
    0: "No push",
    1: "Push once",
    2: "Push twice (+2 penalty points if above the median, -2 if below)",
    3: "Push three times (+2 penalty points if above the median, -2 if below)",
}


def _plain(value: Any) -> Any:
    """Frozen form values back to plain dicts and lists for an action."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


class GamePanel(Panel):
    console = True  # the facilitator enters a seat's orders with this panel too

    def __init__(self) -> None:
        super().__init__()
        self.setStyleSheet(STYLE)
        self.heading = plain_label("", "medianHeading")
        self.score = plain_label("", "medianScore")
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.currentChanged.connect(self._tab_changed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.score)
        layout.addWidget(self.tabs, 1)
        self.seat: int | None = None
        self.order_inputs: dict[int, tuple[QComboBox, QComboBox | None]] = {}
        self.send_button: QPushButton | None = None
        # Each tab's default button, which Enter presses wherever the keyboard is on the tab.
        self.default_buttons: dict[QWidget, QPushButton] = {}
        self.pick_group: QButtonGroup | None = None
        self.chosen: QLabel | None = None  # the draft's chosen character and its power
        self.notices = QListWidget()
        self.notices.setWordWrap(True)
        self.trade: TradePage | None = None  # the Trade tab's page, during the rounds

    # ----- entry ---------------------------------------------------------------------

    def show_view(self, view: View, form: ActionForm, events: Sequence[Event]) -> None:
        self.seat = view.seat
        self.view = view
        self.form = form
        self.me = view.board["me"]
        self.trade: TradePage | None = None
        self.events = events
        self.private = [e for e in events if not e.public]
        whose = your(self.console_for, start=True)  # "Your", or at the console "Ann's"
        self.tabs.setAccessibleName(f"{whose} choices and notices")
        self.notices.setAccessibleName(f"{whose} notices")
        self.default_buttons = {}
        self.tabs.blockSignals(True)
        while self.tabs.count():
            self.tabs.removeTab(0)
        player = view.players[view.seat] if view.seat is not None else ""
        # The draft has no score: its line's room goes to the fourteen picks.
        self.score.setVisible(view.phase != "draft")
        if view.phase == "draft":
            self.heading.setText(f"{player}: the draft, pass {view.board['draft_pass']}")
            self.tabs.addTab(self._draft_page(), "Draft")
        else:
            total = self.me["points"] + self.me["penalty"]
            self.heading.setText(f"{player}: round {view.round} of {view.board['rounds_total']}")
            self.score.setText(self._score_text(total))
            self.tabs.addTab(self._orders_page(), "Orders")
            self.tabs.addTab(self._trade_tab(), self._trade_title())
        self._fill_notices()
        self.tabs.addTab(self.notices, f"Notices ({self.notices.count()})")
        self.tabs.blockSignals(False)
        # The tab last looked at, for this decision: a panel rebuilt after a gift stays on
        # the Trade tab; the next draft pass or round opens where its choice is made.
        decision, remembered = self.memory.get("tab", ((), 0))
        if decision != self._decision():
            remembered = 0
        self.tabs.setCurrentIndex(min(remembered, self.tabs.count() - 1))

    def _decision(self) -> tuple[Any, ...]:
        """Which decision the panel is for: the draft pass or the round."""
        view = self.view
        return (view.phase, view.round, view.board.get("draft_pass"))

    def _tab_changed(self, index: int) -> None:
        if self.seat is not None and index >= 0:
            self.memory["tab"] = (self._decision(), index)

    def _scroll(self, page: QWidget, name: str) -> QScrollArea:
        area = FollowingScroll()  # the arrow keys walk the picks past the fold
        area.setAccessibleName(name)
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        area.setWidget(page)
        return area

    def _score_text(self, total: int) -> str:
        me = self.me
        text = f"{your(self.console_for, start=True)} score: {total}"
        if me["penalty"]:
            text += f" ({counted(me['points'], 'point')}, {signed(me['penalty'], 'penalty point')})"
        gifts = me["unknown_gifts"]
        if gifts:
            text += f", plus {counted(gifts, 'gift')} of unknown size"
        return text + "."

    # ----- the draft -----------------------------------------------------------------

    def _draft_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        field = self.form.fields[0] if self.form.fields else None
        if field is None or field.key == "wait":
            drafted = self.me["drafted"]
            text = self._has_a_character(label(drafted) if drafted else "")
            layout.addWidget(plain_label(text, "medianScore"))
            if drafted:
                layout.addWidget(plain_label(CHARACTERS[drafted].power))
            layout.addWidget(plain_label("Confirm, so that nobody can tell who is still picking."))
            layout.addWidget(plain_label(self._secret(), "medianMuted"))
            button = QPushButton("Ready: wait for the others")
            button.clicked.connect(lambda: self.submitted.emit({"wait": True}))
            button.setEnabled(field is not None)
            self.send_button = button
            layout.addStretch(1)
            return self._with_button(page, button, "Draft")
        # No prompt: the heading names the pass and the button says "Pick ... in secret"; the
        # rows are tight, and what is read once (the keys, the tiebreak value) comes after
        # them, so all fourteen picks fit above the fold beside the facilitator's seat list
        # at 1024x768, and the chosen one's power below them.
        layout.setContentsMargins(2, 2, 2, 2)
        if self.me["last_pick"]:
            layout.addWidget(
                plain_label(
                    f"{name(self.me['last_pick'])} was picked by more than one player: "
                    "choose another one."
                )
            )
        values = [int(value) for value, _text in field.choices]
        grid, self.pick_group = character_picks(values, page, exclusive=True)
        layout.addLayout(grid)
        # Where a player first meets the number in brackets: say what it is.
        layout.addWidget(plain_label(TIEBREAK_NOTE, "medianMuted"))
        layout.addWidget(plain_label(KEYS_HINT, "medianMuted"))
        layout.addWidget(plain_label(self._secret(), "medianMuted"))
        layout.addStretch(1)
        # The chosen character's power stays in sight with the button that picks it.
        chosen = plain_label("Choose a character to read its power.")
        send = QPushButton("Pick in secret")
        send.setEnabled(False)
        send.clicked.connect(self._send_pick)

        def picked(value: int, on: bool) -> None:
            if on:
                character = CHARACTERS[value]
                chosen.setText(f"{label(character.value)}: {character.power}")
                send.setText(f"Pick {character.name} in secret")
                send.setEnabled(True)

        self.pick_group.idToggled.connect(picked)
        self.send_button = send
        self.chosen = chosen
        return self._with_button(page, send, "Draft", chosen)

    def _has_a_character(self, character: str) -> str:
        """The draft's news that the seat has `character` ("" where the pick is not known)."""
        who = self.console_for
        if who is None:
            return f"You are {character}." if character else "You have a character."
        return f"{who} is {character}." if character else f"{who} has a character."

    def _secret(self) -> str:
        return f"{your(self.console_for, start=True)} character stays secret."

    def _with_button(
        self, page: QWidget, button: QPushButton, name: str, *above: QWidget, default: bool = True
    ) -> QWidget:
        """The page scrolls; its one way forward (and what it will do) stays in sight below.
        That button is the tab's default, which Enter presses (see keyPressEvent), unless
        `default` is False: then only Enter on the button itself presses it."""
        holder = QWidget()
        layout = QVBoxLayout(holder)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._scroll(page, name), 1)
        for widget in above:
            layout.addWidget(widget)
        layout.addWidget(button)
        if default:
            button.setDefault(True)
            self.default_buttons[holder] = button
        else:
            button.setAutoDefault(True)
        return holder

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter presses the tab's default button ("Pick Force in secret", "Send orders"), as
        in a dialog, wherever the keyboard is on the tab: on a pick, on a choice of push. A
        focused button takes Enter itself (autoDefault), and a tab without a default (Trade,
        where Enter in a number box must not send anything) lets it go by."""
        button = self.default_buttons.get(self.tabs.currentWidget())
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and button is not None and button.isVisibleTo(self) and button.isEnabled():
            button.click()
            return
        super().keyPressEvent(event)

    def _send_pick(self) -> None:
        if self.pick_group is not None and self.pick_group.checkedId() > 0:
            self.submitted.emit({"pick": self.pick_group.checkedId()})

    # ----- orders --------------------------------------------------------------------

    def _orders_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        held = [c["id"] for c in self.me["characters"]]
        # At the console, of the seat by name ("Round 2: Ann holds no character", .about).
        layout.addWidget(plain_label(self.form.told(self.console_for is not None).prompt))
        fields: dict[str, Field] = {f.key: f for f in self.form.fields}
        self.order_inputs = {}
        owed = self._orders_owed()
        for entry in self.me["characters"]:
            layout.addWidget(self._character_box(entry, fields))
        if self.view.my_submission is not None:
            layout.addWidget(plain_label(self._orders_in(self.view.my_submission)))
        button = QPushButton("Send orders" if held else "Confirm")
        button.setEnabled(owed)
        button.setVisible(owed)
        button.clicked.connect(self._send_orders)
        self.send_button = button
        # This round's news, as on the Trade tab: the draft's or an earlier round's is in the
        # Notices tab, not the latest.
        latest = round_notices(self.events, self.console_for is not None)[-4:]
        if latest:
            box = SeatBox("Latest, for {} only", whom, self.console_for)
            inner = QVBoxLayout(box)
            for text in reversed(latest):
                inner.addWidget(plain_label(text))
            layout.addWidget(box)
        layout.addStretch(1)
        return self._with_button(page, button, "Orders")

    def _orders_in(self, submission: Mapping[str, Any]) -> str:
        """The orders this seat sent, as far as they still count: those for a character that
        changed hands since are dropped (even if it came back), and named as such."""
        sent = submission.get("orders", {})
        dropped = self._dropped()
        counting = {k: o for k, o in sent.items() if parse_character(k) not in dropped}
        text = f"{your(self.console_for, start=True)} orders are in"
        if not dropped:  # holding nothing, a seat sent empty orders: "no orders (...)"
            return f"{text}: {describe_orders(sent)}."
        it = "it" if len(dropped) == 1 else "they"
        why = f"no longer count: {it} changed hands after {you(self.console_for)} sent them."
        those = f"for {names(sorted(dropped))} {why}"
        if counting:
            return f"{text}: {describe_orders(counting)}. Those {those}"
        return f"{text}, but those {those}"

    def _character_box(self, entry: Mapping[str, Any], fields: Mapping[str, Field]) -> QGroupBox:
        character = CHARACTERS[entry["id"]]
        tile = entry["tile"]
        where = "in the zone ★" if tile >= zone_start(self.view.round) else "outside the zone"
        box = QGroupBox(f"{character.glyph} · {label(character.value)}")
        box.setAccessibleName(label(character.value))
        box.setToolTip(TIEBREAK_NOTE)
        inner = QVBoxLayout(box)
        inner.addWidget(plain_label(f"Tile {tile}, {where}. {character.power}"))
        notes = []
        if "lock_charges" in entry:
            charges = entry["lock_charges"]
            notes.append(f"Lock has {counted(charges, 'charge')} left.")
        if entry.get("last_target"):
            notes.append(f"Targeted {name(entry['last_target'])} last round: not again now.")
        if entry.get("rested"):
            notes.append("Anchor held last round: it cannot hold now.")
        if entry["silenced"]:
            notes.append("Silenced this round: its power is ignored.")
        if notes:
            inner.addWidget(plain_label(" ".join(notes)))
        push_field = fields.get(f"{character.value}.push")
        sent = self._sent_order(character.value)
        top = push_field.maximum if push_field is not None else sent.get("push", 1)
        push = choice_box([(n, PUSH_WORDS[n]) for n in range(top + 1)], f"{character.name}: pushes")
        inner.addWidget(push)
        power = None
        power_field = fields.get(f"{character.value}.power")
        if power_field is not None:
            choices = [(v, "No power" if v is None else t) for v, t in power_field.choices]
            if character.value == LOCK and self.console_for is not None:  # not "my points"
                named = lock_order(self.console_for)
                choices = [(v, t if v is None else named) for v, t in choices]
            power = choice_box(choices, f"{character.name}: power")
            if len(power_field.choices) == 1:
                power.setEnabled(False)
            inner.addWidget(power)
        if push_field is None:
            push.setEnabled(False)
        self.order_inputs[character.value] = (push, power)
        self._keep_choice(character.value, push, power)
        if push_field is None and "push" in sent:  # greyed, as sent (a resumed game forgot)
            push.setCurrentIndex(push.findData(sent["push"]))
        return box

    def _dropped(self) -> set[int]:
        """The characters whose orders from this seat no longer count this round."""
        return set(self.me.get("dropped_orders", ()))

    def _sent_order(self, character: int) -> Mapping[str, Any]:
        """This round's orders this seat sent for `character`, where they still count."""
        submission = self.view.my_submission or {}
        if character in self._dropped():
            return {}
        return submission.get("orders", {}).get(str(character), {})

    def _keep_choice(self, character: int, push: QComboBox, power: QComboBox | None) -> None:
        """Choose again what this seat chose for `character` this round before a rebuild (an
        offer arrived), and keep its changes."""
        inputs = {"push": push} | ({"power": power} if power is not None else {})
        keep(self.memory, ("orders", self.view.round, character), inputs)

    def orders(self) -> dict[str, Any]:
        """The orders as the inputs stand."""
        orders: dict[str, Any] = {}
        for character, (push, power) in self.order_inputs.items():
            order: dict[str, Any] = {"push": int(push.currentData())}
            if power is not None and power.currentData() is not None:
                order["power"] = _plain(power.currentData())
            orders[str(character)] = order
        return {"orders": orders}

    def _send_orders(self) -> None:
        self.submitted.emit(self.orders())

    # ----- trading -------------------------------------------------------------------

    def _trade_title(self) -> str:
        waiting = len(self.me["offers_to_me"])
        return f"Trade ({waiting})" if waiting else "Trade"

    def _orders_owed(self) -> bool:
        """Whether this seat still owes the round's orders (or, holding nothing, its confirm)."""
        return self.view.seat in self.view.awaiting and self.view.my_submission is None

    def _trade_tab(self) -> QWidget:
        """The Trade page; while the orders are owed, a way to them stays in sight below it,
        so a player who trades last need not look for the Orders tab."""
        page = self.trade = TradePage(self.view, self.events, self.memory, self.console_for)
        page.submitted.connect(self.submitted.emit)
        if not self._orders_owed():
            return self._scroll(page, "Trades")
        who = self.console_for
        if who is not None:
            done = "sent orders" if self.me["characters"] else "confirmed this round"
            owed = f"{who} has not {done} yet."
        elif self.me["characters"]:
            owed = "You have not sent your orders yet."
        else:
            owed = "You have not confirmed this round yet."
        button = QPushButton("Go to Orders")
        button.clicked.connect(self._go_to_orders)
        return self._with_button(page, button, "Trades", plain_label(owed), default=False)

    def _go_to_orders(self) -> None:
        self.tabs.setCurrentIndex(0)
        focus_first_choice(self.tabs.widget(0))

    # ----- notices -------------------------------------------------------------------

    def _fill_notices(self) -> None:
        """Newest first; at the console told of the seat by name (Event.about)."""
        self.notices.clear()
        for event in reversed(self.private):
            self.notices.addItem(event.told(self.console_for is not None))
