"""The private panel of The Median: my characters and their orders, my score, trading, notices.

Everything here comes from one seat's view, its ActionForm and the events it may see. Power
targets are the form's choices (the rules offer only legal ones); what may be traded, and with
whom, comes from trade_rules, read from the seat's view as the engine reads it from the state.
The draft has its own mode: pick a free character, or confirm and wait.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QStylePainter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from middleground.engine import ActionForm, Event, Field, View
from middleground.engine.words import counted
from middleground.widgets.forms import focus_first_choice
from middleground.widgets.plugin import Panel

from .characters import CHARACTERS, ONE, TIEBREAK_NOTE, label, name
from .conveyor import zone_start
from .orders import describe_orders
from .powers import signed
from .trade_rules import Sight, accept_blocked, trade_choices

# The tab each seat last looked at and the decision it was looking at it for, so a panel
# rebuilt after a gift stays on the Trade tab; a new decision (the next draft pass or round,
# another game) opens on the tab where it is made.
_LAST_TAB: dict[int, tuple[tuple[Any, ...], int]] = {}
# Each seat's orders as chosen so far this round, {(players, seat, round): {character: (push,
# power)}}, so a panel rebuilt while open (an offer arrived) keeps them. A draft clears it.
_CHOSEN: dict[tuple[Any, ...], dict[int, tuple[Any, Any]]] = {}

# The draft's keys, under its picks: they move, choose and pick without the mouse.
KEYS_HINT = "Arrow keys and Space choose; Enter picks."

STYLE = """
#medianHeading { font-size: 24px; font-weight: bold; }
#medianScore { font-size: 21px; }
#medianMuted { color: palette(placeholder-text); }
QGroupBox { font-weight: bold; margin-top: 14px; }
QTabBar::tab { padding: 6px 10px; }
QGroupBox::title { subcontrol-origin: margin; left: 6px; padding: 0 4px; }
QPushButton[pick="true"] { padding: 2px 6px; min-height: 34px; }
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


def _label(text: str, name_: str = "", wrap: bool = True) -> QLabel:
    item = QLabel(text)
    item.setWordWrap(wrap)
    item.setTextFormat(Qt.TextFormat.PlainText)
    if name_:
        item.setObjectName(name_)
    return item


def _grows_with_text(widget: QWidget) -> None:
    """Let `widget` take the height its wrapped text needs at the width it is given."""
    policy = widget.sizePolicy()
    policy.setHeightForWidth(True)
    policy.setVerticalPolicy(QSizePolicy.Policy.Minimum)
    widget.setSizePolicy(policy)


def _wrapped_height(widget: QWidget, text: str, width: int) -> int:
    """The height of `text` in `widget`'s font, wrapped at word breaks to `width`."""
    box = QRect(0, 0, max(1, width), 100_000)
    flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft
    return QFontMetrics(widget.font()).boundingRect(box, flags, text).height()


class WrapCombo(QComboBox):
    """A choice that never widens the side column and never cuts its text: the current
    choice wraps at word breaks and the box grows taller (the popup lists choices in full).
    The side column is narrow at 1280x720 and its combos use large type, so a power's
    choice ("swap Reach and Jump (only if Jump leaps first)") needs two lines or more."""

    def __init__(self) -> None:
        super().__init__()
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(6)
        _grows_with_text(self)
        self.currentIndexChanged.connect(lambda _index: self.updateGeometry())

    def _option(self, width: int | None = None) -> QStyleOptionComboBox:
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        if width is not None:
            option.rect = QRect(0, 0, width, self.height())
        return option

    def text_rect(self, width: int | None = None) -> QRect:
        """Where the current choice is written, inside the frame and left of the arrow."""
        option = self._option(width)
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        return field.adjusted(2, 0, -2, 0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        single = super().sizeHint().height()
        line = QFontMetrics(self.font()).height()
        needed = _wrapped_height(self, self.currentText(), self.text_rect(width).width())
        return max(single, single - line + needed)

    def paintEvent(self, event) -> None:
        painter = QStylePainter(self)
        option = self._option()
        text = option.currentText
        option.currentText = ""
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)  # the icon, if any
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        self.style().drawItemText(
            painter,
            self.text_rect(),
            int(flags | Qt.TextFlag.TextWordWrap),
            option.palette,
            self.isEnabled(),
            text,
            QPalette.ColorRole.ButtonText,
        )


class WrapButton(QPushButton):
    """A checkable pick whose text wraps at word breaks, so two fit side by side in the
    narrow side column without cutting "Pickpocket (2)"; the chosen one is outlined (the
    style sheet) and bold."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        _grows_with_text(self)
        # Bold text is wider and may wrap to one more line: the layout must ask again.
        self.toggled.connect(lambda _on: self.updateGeometry())

    def _contents(self, width: int | None = None) -> QRect:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        if width is not None:
            option.rect = QRect(0, 0, width, self.height())
        rect = self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self)
        return rect.adjusted(4, 0, -4, 0)

    def _font(self):
        font = self.font()
        font.setBold(self.isChecked())
        return font

    def _narrowest(self) -> int:
        """The width that still shows the longest word whole."""
        metrics = QFontMetrics(self._font())
        widest = max((metrics.horizontalAdvance(word) for word in self.text().split()), default=0)
        chrome = 200 - self._contents(200).width()  # frame and padding, whatever the width
        return widest + chrome

    def sizeHint(self) -> QSize:
        return QSize(self._narrowest(), super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        single = super().sizeHint().height()
        metrics = QFontMetrics(self._font())
        box = QRect(0, 0, max(1, self._contents(width).width()), 100_000)
        flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignCenter
        needed = metrics.boundingRect(box, flags, self.text()).height()
        return max(single, single - metrics.height() + needed)

    def paintEvent(self, event) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        text = option.text
        option.text = ""
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
        painter.setFont(self._font())
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        self.style().drawItemText(
            painter,
            self._contents(),
            int(flags),
            option.palette,
            self.isEnabled(),
            text,
            QPalette.ColorRole.ButtonText,
        )


def _form(box: QGroupBox) -> QFormLayout:
    """A form with each label above its field, so a field has the box's whole width."""
    form = QFormLayout(box)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
    return form


def _combo(choices: Sequence[tuple[Any, str]], accessible: str) -> QComboBox:
    box = WrapCombo()
    box.setAccessibleName(accessible)
    for value, text in choices:
        box.addItem(text, value)
    return box


class GamePanel(Panel):
    console = True  # the facilitator enters a seat's orders with this panel too

    def __init__(self) -> None:
        super().__init__()
        self.setStyleSheet(STYLE)
        self.heading = _label("", "medianHeading")
        self.score = _label("", "medianScore")
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setAccessibleName("Your choices and notices")
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
        self.notices.setAccessibleName("Your notices")
        self.notices.setWordWrap(True)
        self.offer_buttons: dict[int, tuple[QPushButton, QPushButton]] = {}

    # ----- entry ---------------------------------------------------------------------

    def show_view(self, view: View, form: ActionForm, events: Sequence[Event]) -> None:
        self.seat = view.seat
        self.view = view
        self.form = form
        self.me = view.board["me"]
        self.sight = Sight.from_board(view.board)  # what the trading rules read
        self.choices = trade_choices(self.sight, self.me["offers_to_me"])
        self.private = [e for e in events if not e.public]
        self.default_buttons = {}
        self.tabs.blockSignals(True)
        while self.tabs.count():
            self.tabs.removeTab(0)
        player = view.players[view.seat] if view.seat is not None else ""
        if view.phase == "draft":
            _CHOSEN.clear()
            self.heading.setText(f"{player}: the draft, pass {view.board['draft_pass']}")
            self.score.setText("Your character stays secret.")
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
        decision, remembered = _LAST_TAB.get(view.seat, ((), 0))
        if decision != self._decision():
            remembered = 0
        self.tabs.setCurrentIndex(min(remembered, self.tabs.count() - 1))

    def _decision(self) -> tuple[Any, ...]:
        """Which decision the panel is for: the game (by its players), the draft pass or
        round."""
        view = self.view
        return (view.players, view.phase, view.round, view.board.get("draft_pass"))

    def _tab_changed(self, index: int) -> None:
        if self.seat is not None and index >= 0:
            _LAST_TAB[self.seat] = (self._decision(), index)

    def _scroll(self, page: QWidget, name: str) -> QScrollArea:
        area = QScrollArea()
        area.setAccessibleName(name)
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        area.setWidget(page)
        return area

    def _score_text(self, total: int) -> str:
        me = self.me
        text = f"Your score: {total}"
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
            text = f"You are {label(drafted)}." if drafted else "You have a character."
            layout.addWidget(_label(text, "medianScore"))
            if drafted:
                layout.addWidget(_label(CHARACTERS[drafted].power))
            layout.addWidget(_label("Confirm, so that nobody can tell who is still picking."))
            button = QPushButton("Ready: wait for the others")
            button.clicked.connect(lambda: self.submitted.emit({"wait": True}))
            button.setEnabled(field is not None)
            self.send_button = button
            layout.addStretch(1)
            return self._with_button(page, button, "Draft")
        # No prompt: the heading names the pass and the button says "Pick ... in secret", so
        # all fourteen choices fit above the fold at 1280x720.
        if self.me["last_pick"]:
            layout.addWidget(
                _label(f"{name(self.me['last_pick'])} was picked twice: choose another one.")
            )
        grid = QGridLayout()
        grid.setSpacing(4)
        self.pick_group = QButtonGroup(page)
        self.pick_group.setExclusive(True)
        for index, (value, _text) in enumerate(field.choices):
            character = CHARACTERS[int(value)]
            button = WrapButton(label(character.value))
            button.setCheckable(True)
            button.setProperty("pick", True)
            button.setProperty("character", character.value)
            button.setToolTip(f"{character.power}\n{TIEBREAK_NOTE}")
            button.setAccessibleName(label(character.value))
            self.pick_group.addButton(button, character.value)
            grid.addWidget(button, index // 2, index % 2)
        layout.addLayout(grid)
        # Where a player first meets the number in brackets: say what it is.
        layout.addWidget(_label(TIEBREAK_NOTE, "medianMuted"))
        layout.addStretch(1)
        # The chosen character's power stays in sight with the button that picks it.
        chosen = _label("Choose a character to read its power.")
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
        keys = _label(KEYS_HINT, "medianMuted")
        return self._with_button(page, send, "Draft", chosen, keys)

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
        layout.addWidget(_label(self.form.prompt))
        held = [c["id"] for c in self.me["characters"]]
        fields: dict[str, Field] = {f.key: f for f in self.form.fields}
        self.order_inputs = {}
        owed = self._orders_owed()
        for entry in self.me["characters"]:
            layout.addWidget(self._character_box(entry, fields))
        if self.view.my_submission is not None:
            sent = describe_orders(self.view.my_submission.get("orders", {}))
            layout.addWidget(_label(f"Your orders are in: {sent}."))
        button = QPushButton("Send orders" if held else "Confirm")
        button.setEnabled(owed)
        button.setVisible(owed)
        button.clicked.connect(self._send_orders)
        self.send_button = button
        latest = [e.text for e in self.private if e.kind != "my choice"][-4:]
        if latest:
            box = QGroupBox("Latest, for you only")
            inner = QVBoxLayout(box)
            for text in reversed(latest):
                inner.addWidget(_label(text))
            layout.addWidget(box)
        layout.addStretch(1)
        return self._with_button(page, button, "Orders")

    def _character_box(self, entry: Mapping[str, Any], fields: Mapping[str, Field]) -> QGroupBox:
        character = CHARACTERS[entry["id"]]
        tile = entry["tile"]
        where = "in the zone ★" if tile >= zone_start(self.view.round) else "outside the zone"
        box = QGroupBox(f"{character.glyph} · {label(character.value)}")
        box.setAccessibleName(label(character.value))
        box.setToolTip(TIEBREAK_NOTE)
        inner = QVBoxLayout(box)
        inner.addWidget(_label(f"Tile {tile}, {where}. {character.power}"))
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
            inner.addWidget(_label(" ".join(notes)))
        push_field = fields.get(f"{character.value}.push")
        top = push_field.maximum if push_field is not None else 1
        push = _combo([(n, PUSH_WORDS[n]) for n in range(top + 1)], f"{character.name}: pushes")
        inner.addWidget(push)
        power = None
        power_field = fields.get(f"{character.value}.power")
        if power_field is not None:
            choices = [(v, "No power" if v is None else t) for v, t in power_field.choices]
            power = _combo(choices, f"{character.name}: power")
            if len(power_field.choices) == 1:
                power.setEnabled(False)
            inner.addWidget(power)
        if push_field is None:
            push.setEnabled(False)
        self.order_inputs[character.value] = (push, power)
        self._keep_choice(character.value, push, power)
        return box

    def _keep_choice(self, character: int, push: QComboBox, power: QComboBox | None) -> None:
        """Restore what this seat chose for `character` before a rebuild, and remember changes."""
        chosen = _CHOSEN.setdefault((self.view.players, self.seat, self.view.round), {})
        if character in chosen:
            for box, value in zip((push, power), chosen[character], strict=True):
                found = [i for i in range(box.count()) if box.itemData(i) == value] if box else []
                if found:
                    box.setCurrentIndex(found[0])

        def remember() -> None:
            chosen[character] = (push.currentData(), power.currentData() if power else None)

        push.currentIndexChanged.connect(remember)
        if power is not None:
            power.currentIndexChanged.connect(remember)

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

    def accept_refusal(self, offer: Mapping[str, Any]) -> str | None:
        """Why I may not accept `offer`, from my own view: it asks for points from my Reach,
        silenced this round, into a character that is not Reach's neighbour. Whoever asked
        could not know of the silence (see trade_rules.accept_blocked)."""
        if not accept_blocked(self.sight, offer):
            return None
        return (
            f"Reach is silenced this round, so its points reach only its neighbours: you "
            f"cannot accept offer {offer['id']}. Decline it or let it lapse."
        )

    def _orders_owed(self) -> bool:
        """Whether this seat still owes the round's orders (or, holding nothing, its confirm)."""
        return self.view.seat in self.view.awaiting and self.view.my_submission is None

    def _trade_tab(self) -> QWidget:
        """The Trade page; while the orders are owed, a way to them stays in sight below it,
        so a player who trades last need not look for the Orders tab."""
        page = self._trade_page()
        if not self._orders_owed():
            return self._scroll(page, "Trades")
        if self.sight.mine:
            owed = "You have not sent your orders yet."
        else:
            owed = "You have not confirmed this round yet."
        button = QPushButton("Go to Orders")
        button.clicked.connect(self._go_to_orders)
        return self._with_button(page, button, "Trades", _label(owed), default=False)

    def _go_to_orders(self) -> None:
        self.tabs.setCurrentIndex(0)
        focus_first_choice(self.tabs.widget(0))

    def _latest_box(self) -> QGroupBox | None:
        """The newest notice for this seat, at the top of the Trade tab: what came of a gift,
        an offer or an answer just sent (an offer that failed, say) is read where it was sent."""
        latest = [e.text for e in self.private if e.kind != "my choice"]
        if not latest:
            return None
        box = QGroupBox("Latest, for you only")
        box.setAccessibleName("Latest notice")
        QVBoxLayout(box).addWidget(_label(latest[-1]))
        return box

    def _trade_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        mine = list(self.sight.mine)
        latest = self._latest_box()
        if latest is not None:
            layout.addWidget(latest)
        if self.view.seat not in self.view.awaiting:
            layout.addWidget(_label("Trading is open while the round's orders are being sent."))
        layout.addWidget(self._offers_to_me())
        if self.me["my_offers"]:
            box = QGroupBox("Your open offers")
            inner = QVBoxLayout(box)
            for offer in self.me["my_offers"]:
                inner.addWidget(_label(self.describe(offer)))
            layout.addWidget(box)
        if mine:
            layout.addWidget(self._gift_box(mine))
            if self.choices.hand_over:
                layout.addWidget(self._hand_over_box(list(self.choices.hand_over)))
        else:
            layout.addWidget(
                _label(
                    "You hold no character: you have nothing to give, but you may ask a "
                    "player for a character."
                )
            )
        if not self.choices.offers:  # One's ban holds me
            layout.addWidget(
                _label(
                    "You hold One: you may give points and hand over other characters, "
                    "but you may not make or accept offers."
                )
            )
        else:
            if ONE in mine:  # silenced: its ban is lifted for this round
                layout.addWidget(
                    _label(
                        "One is silenced this round: you may make and accept offers, "
                        "and hand One over or offer it."
                    )
                )
            layout.addWidget(self._offer_box(mine))
        layout.addStretch(1)
        return page

    def describe(self, offer: Mapping[str, Any]) -> str:
        players = self.view.players

        def side(terms: Mapping[str, Any]) -> str:
            bits = [name(c) for c in terms["characters"]]
            if terms["points"]:
                bits.append(
                    f"{counted(terms['points'], 'point')} "
                    f"({name(terms['from'])} to {name(terms['into'])})"
                )
            return " and ".join(bits) or "nothing"

        return (
            f"Offer {offer['id']}: {players[offer['by']]} gives {side(offer['give'])} "
            f"to {players[offer['to']]} for {side(offer['get'])}."
        )

    def _offers_to_me(self) -> QGroupBox:
        box = QGroupBox("Offers to you")
        inner = QVBoxLayout(box)
        offers = self.me["offers_to_me"]
        if not offers:
            inner.addWidget(_label("None open."))
        self.offer_buttons = {}
        for offer in offers:
            inner.addWidget(_label(self.describe(offer)))
            row = QHBoxLayout()
            accept = QPushButton(f"Accept offer {offer['id']}")
            accept.clicked.connect(
                lambda _=False, i=offer["id"]: self.submitted.emit({"accept": i})
            )
            refusal = self.accept_refusal(offer)
            if refusal:
                inner.addWidget(_label(refusal))
            accept.setEnabled(offer["id"] in self.choices.accept)
            decline = QPushButton(f"Decline {offer['id']}")
            decline.clicked.connect(
                lambda _=False, i=offer["id"]: self.submitted.emit({"decline": i})
            )
            for button in (accept, decline):
                button.setAutoDefault(True)  # Enter on the button presses it
                row.addWidget(button)
            inner.addLayout(row)
            self.offer_buttons[offer["id"]] = (accept, decline)
        return box

    def _gift_box(self, mine: list[int]) -> QGroupBox:
        box = QGroupBox("Give points")
        box.setToolTip(TIEBREAK_NOTE)
        form = _form(box)
        self.gift_from = _combo([(c, label(c)) for c in mine], "Give from")
        self.gift_to = WrapCombo()
        self.gift_to.setAccessibleName("Give to")
        self.gift_points = QSpinBox()
        self.gift_points.setRange(1, max(1, self.choices.most_points))
        self.gift_points.setAccessibleName("Points to give")
        self.gift_button = QPushButton("Give")
        self.gift_button.setAutoDefault(True)
        form.addRow("From your character", self.gift_from)
        form.addRow("To the character", self.gift_to)
        form.addRow("Points", self.gift_points)
        form.addRow(_label("The receiver learns neither the amount nor who gave it."))
        form.addRow(self.gift_button)

        # A seat gives only the points it knows it has: each gift of unknown size counts 1.
        has_points = self.choices.most_points >= 1
        if not has_points:
            form.addRow(_label("You have no points to give yet."))

        def refill() -> None:
            self.gift_to.clear()
            for c in self.choices.gift_to[self.gift_from.currentData()]:
                self.gift_to.addItem(label(c), c)
            self.gift_button.setEnabled(has_points and self.gift_to.count() > 0)

        self.gift_from.currentIndexChanged.connect(refill)
        refill()
        self.gift_button.clicked.connect(
            lambda: self.submitted.emit(
                {
                    "gift": {
                        "from": self.gift_from.currentData(),
                        "to": self.gift_to.currentData(),
                        "points": self.gift_points.value(),
                    }
                }
            )
        )
        return box

    def _others(self) -> list[tuple[int, str]]:
        return [(s, n) for s, n in enumerate(self.view.players) if s != self.view.seat]

    def _hand_over_box(self, giveable: list[int]) -> QGroupBox:
        box = QGroupBox("Hand over a character")
        box.setToolTip(TIEBREAK_NOTE)
        form = _form(box)
        self.hand_character = _combo([(c, label(c)) for c in giveable], "Character to hand over")
        self.hand_to = _combo(self._others(), "Hand over to")
        button = QPushButton("Hand over")
        button.setAutoDefault(True)
        button.clicked.connect(
            lambda: self.submitted.emit(
                {
                    "hand_over": {
                        "character": self.hand_character.currentData(),
                        "to": self.hand_to.currentData(),
                    }
                }
            )
        )
        form.addRow("Character", self.hand_character)
        form.addRow("To player", self.hand_to)
        form.addRow(button)
        return box

    def _offer_box(self, mine: list[int]) -> QGroupBox:
        box = QGroupBox("Make an offer")
        box.setToolTip(TIEBREAK_NOTE)
        form = _form(box)
        tradeable = self.choices.hand_over
        wanted = self.choices.ask_for  # never One
        none = [(None, "nothing")]
        self.offer_to = _combo(self._others(), "Offer to")
        self.offer_give = _combo(none + [(c, label(c)) for c in tradeable], "I give character")
        self.offer_give_points = QSpinBox()
        self.offer_give_points.setRange(0, self.choices.most_points)
        self.offer_give_points.setAccessibleName("I give points")
        self.offer_give_from = _combo([(c, label(c)) for c in mine], "Points from")
        self.offer_give_into = WrapCombo()
        self.offer_give_into.setAccessibleName("Points into")
        self.offer_get = _combo(none + [(c, label(c)) for c in wanted], "I ask for character")
        self.offer_get_points = QSpinBox()
        self.offer_get_points.setRange(0, 999)
        self.offer_get_points.setAccessibleName("I ask for points")
        self.offer_get_into = _combo([(c, label(c)) for c in mine], "Asked points into")
        self.offer_get_from = WrapCombo()
        self.offer_get_from.setAccessibleName("Asked points from")

        def refill_give() -> None:
            self.offer_give_into.clear()
            if self.offer_give_from.count():
                for c in self.choices.gift_to[self.offer_give_from.currentData()]:
                    self.offer_give_into.addItem(label(c), c)

        def refill_get() -> None:
            self.offer_get_from.clear()
            if self.offer_get_into.count():
                for c in self.choices.ask_from[self.offer_get_into.currentData()]:
                    self.offer_get_from.addItem(label(c), c)

        self.offer_give_from.currentIndexChanged.connect(refill_give)
        self.offer_get_into.currentIndexChanged.connect(refill_get)
        refill_give()
        refill_get()
        form.addRow("To player", self.offer_to)
        form.addRow("I give the character", self.offer_give)
        form.addRow("and points", self.offer_give_points)
        form.addRow("sent from my", self.offer_give_from)
        form.addRow("into their", self.offer_give_into)
        form.addRow("I ask for the character", self.offer_get)
        form.addRow("and points", self.offer_get_points)
        form.addRow("sent from their", self.offer_get_from)
        form.addRow("into my", self.offer_get_into)
        if not mine:  # nothing to give, nowhere to receive points: only a character to ask for
            for field in (
                self.offer_give,
                self.offer_give_points,
                self.offer_give_from,
                self.offer_give_into,
                self.offer_get_points,
                self.offer_get_from,
                self.offer_get_into,
            ):
                form.setRowVisible(field, False)
        button = QPushButton("Make the offer")
        button.setAutoDefault(True)
        button.clicked.connect(lambda: self.submitted.emit(self.offer()))
        form.addRow(button)
        return box

    def offer(self) -> dict[str, Any]:
        """The offer as the inputs stand."""

        def side(character: QComboBox, points: QSpinBox, sender, receiver) -> dict[str, Any]:
            terms: dict[str, Any] = {"characters": []}
            if character.currentData() is not None:
                terms["characters"] = [character.currentData()]
            if points.value():
                terms.update(points=points.value(), **{"from": sender, "into": receiver})
            return terms

        give = side(
            self.offer_give,
            self.offer_give_points,
            self.offer_give_from.currentData(),
            self.offer_give_into.currentData(),
        )
        get = side(
            self.offer_get,
            self.offer_get_points,
            self.offer_get_from.currentData(),
            self.offer_get_into.currentData(),
        )
        return {"offer": {"to": self.offer_to.currentData(), "give": give, "get": get}}

    # ----- notices -------------------------------------------------------------------

    def _fill_notices(self) -> None:
        self.notices.clear()
        for event in reversed(self.private):
            self.notices.addItem(event.text)
