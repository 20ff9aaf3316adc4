"""The private panel of the Median card game: your hand, the leader's call, a real deck's card.

Built for the one player whose curtain is lifted, and destroyed when it falls. The hand is a row
of our painted cards: click one (or move with the arrow keys, or press its number) and place it
with Enter or the big button. With an even count the leader first calls with one of two big
buttons (or H / L). In companion mode, beside a real deck, the player enters the card they
revealed with a rank and a suit picker (or by typing it: Q then H, then Enter).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QIcon,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from middleground.engine import ActionForm, Event, View
from middleground.engine.words import counted
from middleground.ui.plugin import Panel

from . import card_art
from .board import call_words
from .card_art import RATIO
from .cards import DECK_SIZES, RANKS, SUIT_NAMES, SUIT_SYMBOLS, card_label, card_name
from .judging import target_name

PER_ROW = 5  # at most this many cards in one row of the hand
MIN_CARD = 86  # pixels: narrower panels put fewer cards in a row
MARGIN = 10.0  # room for the chosen card's outline and focus ring
TOP = 26.0  # and for the chosen card, lifted
SUIT_ORDER = "SHDC"  # spades, hearts, diamonds, clubs: as the four-colour deck lists them
STYLE = """
QLabel#mcgHeading { font-size: 24px; font-weight: bold; }
QLabel#mcgSituation { font-size: 19px; }
QLabel#mcgPrompt { font-size: 21px; font-weight: bold; }
QLabel#mcgPile { font-size: 19px; }
QLabel#mcgNotices { font-size: 16px; }
QPushButton#mcgCall { min-height: 72px; }
QLabel#mcgCallWord { font-size: 24px; font-weight: bold; }
QLabel#mcgCallTarget { font-size: 16px; }
QPushButton#mcgPlace { font-size: 21px; font-weight: bold; min-height: 56px; }
QPushButton#mcgRank { font-size: 20px; font-weight: bold; min-height: 44px; min-width: 36px; }
QPushButton#mcgSuit { font-size: 19px; min-height: 44px; text-align: left; padding-left: 8px; }
QPushButton#mcgRank:checked, QPushButton#mcgSuit:checked { background: palette(highlight);
    color: palette(highlighted-text); border: 3px solid palette(text); border-radius: 4px; }
QCheckBox { font-size: 15px; }
"""


class HandWidget(QWidget):
    """The cards of a hand, painted; one may be chosen by mouse or keyboard."""

    chosen = Signal(int)  # the index of the chosen card
    activated = Signal()  # Enter or a double click: place the chosen card

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[str] = []
        self.playable: set[str] = set()
        self.current = -1
        self.compact = False  # every card in one row (a look at the hand while calling)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(260)
        self.setAccessibleName("Your hand")

    def set_cards(self, cards: Sequence[str], playable: Sequence[str]) -> None:
        self.cards = list(cards)
        self.playable = set(playable)
        self.current = -1
        shown = ", ".join(card_label(c) for c in self.cards) or "empty"
        self.setAccessibleName(f"Your hand: {shown}")
        self.updateGeometry()
        self.update()

    # ----- geometry ------------------------------------------------------------------

    def per_row(self, width: float | None = None) -> int:
        """As many cards in a row as fit at least MIN_CARD wide, at most PER_ROW."""
        width = self.width() if width is None else width
        if self.compact:
            return max(1, len(self.cards))
        fit = int((width - 2 * MARGIN + 10) // (MIN_CARD + 10))
        count = len(self.cards) or 1
        rows = 2 if count <= 12 else 3  # long hands get narrower cards, not a taller panel
        return max(1, min(count, max(min(PER_ROW, fit), -(-count // rows))))

    def _card_size(self, width: float) -> tuple[float, float]:
        per_row = self.per_row(width)
        gap = 10.0
        w = min(120.0, (width - 2 * MARGIN - gap * (per_row - 1)) / per_row)
        return w, w * RATIO

    def card_rect(self, index: int) -> QRectF:
        w, h = self._card_size(self.width())
        row, col = divmod(index, self.per_row())
        return QRectF(MARGIN + col * (w + 10), TOP + row * (h + 14), w, h)

    def sizeHint(self) -> QSize:
        width = max(self.width(), 360)
        _, h = self._card_size(width)
        rows = max(1, -(-len(self.cards) // self.per_row(width)))
        return QSize(width, int(TOP + rows * (h + 14) + MARGIN))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        _, h = self._card_size(width)
        rows = max(1, -(-len(self.cards) // self.per_row(width)))
        return int(TOP + rows * (h + 14) + MARGIN)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.setFixedHeight(self.heightForWidth(self.width()))

    # ----- drawing -------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        accent = self.palette().highlight().color()
        for index, card in enumerate(self.cards):
            rect = self.card_rect(index)
            if index == self.current:
                rect.translate(0, -14)
            painter.setOpacity(1.0 if card in self.playable or not self.playable else 0.45)
            card_art.paint_face(painter, rect, card)
            painter.setOpacity(1.0)
            if index == self.current:
                painter.setPen(QPen(accent, 5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 9, 9)
                if self.hasFocus():
                    painter.setPen(QPen(self.palette().text().color(), 2, Qt.PenStyle.DotLine))
                    painter.drawRoundedRect(rect.adjusted(-8, -8, 8, 8), 12, 12)
        painter.end()

    # ----- input ---------------------------------------------------------------------

    def choose(self, index: int) -> None:
        if not 0 <= index < len(self.cards) or self.cards[index] not in self.playable:
            return
        self.current = index
        self.update()
        self.chosen.emit(index)

    def index_at(self, x: float, y: float) -> int:
        for index in range(len(self.cards) - 1, -1, -1):
            rect = self.card_rect(index).adjusted(0, -14, 0, 0)
            if rect.contains(x, y):
                return index
        return -1

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self.choose(self.index_at(event.position().x(), event.position().y()))

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        index = self.index_at(event.position().x(), event.position().y())
        if index >= 0 and index == self.current:
            self.activated.emit()

    def _step(self, delta: int) -> None:
        if not self.playable:
            return
        index = self.current
        for _ in range(len(self.cards)):
            index = (index + delta) % len(self.cards) if index >= 0 else 0
            if self.cards[index] in self.playable:
                self.choose(index)
                return

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Left):
            self._step(1 if key == Qt.Key.Key_Right else -1)
        elif key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            self._step(self.per_row() * (1 if key == Qt.Key.Key_Down else -1))
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            self.choose(key - Qt.Key.Key_1)
        elif key == Qt.Key.Key_0:
            self.choose(9)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.current >= 0:
            self.activated.emit()
        else:
            super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self.update()


class CardView(QWidget):
    """One painted card (a face, or an empty place when there is none)."""

    def __init__(self, width: int = 84) -> None:
        super().__init__()
        self.card: str | None = None
        self.setFixedSize(width, int(width * RATIO))

    def set_card(self, card: str | None) -> None:
        self.card = card
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = QRectF(2, 2, self.width() - 4, self.height() - 4)
        if self.card:
            card_art.paint_face(painter, rect, self.card)
        else:
            card_art.paint_slot(painter, rect, self.palette().mid().color())
        painter.end()


def suit_icon(suit: str, size: int = 28) -> QIcon:
    pixmap = QPixmap(size * 2, size * 2)
    pixmap.setDevicePixelRatio(2.0)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    card_art.draw_suit(painter, suit, QRectF(1, 1, size - 2, size - 2))
    painter.end()
    return QIcon(pixmap)


class CardPicker(QWidget):
    """Companion mode: a rank and a suit make the card the player revealed."""

    changed = Signal()

    def __init__(self, ranks: str) -> None:
        super().__init__()
        self.rank: str | None = None
        self.suit: str | None = None
        self.ranks = QButtonGroup(self)
        self.suits = QButtonGroup(self)
        grid = QGridLayout()
        grid.setSpacing(6)
        for index, rank in enumerate(ranks):
            button = QPushButton("10" if rank == "T" else rank)
            button.setObjectName("mcgRank")
            button.setCheckable(True)
            button.setAccessibleName(f"Rank {card_name(rank + 'S', article=False).split()[0]}")
            self.ranks.addButton(button)
            button.setProperty("rank", rank)
            grid.addWidget(button, index // 7, index % 7)
        suits = QGridLayout()
        suits.setSpacing(6)
        for index, suit in enumerate(SUIT_ORDER):
            button = QPushButton(SUIT_NAMES[suit].capitalize())
            button.setAccessibleName(f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}")
            button.setObjectName("mcgSuit")
            button.setIcon(suit_icon(suit))
            button.setIconSize(QSize(26, 26))
            button.setCheckable(True)
            button.setProperty("suit", suit)
            self.suits.addButton(button)
            suits.addWidget(button, index // 2, index % 2)
        # Bound methods, not lambdas: PySide6 6.12 can crash on exit with lambda slots that hold
        # the widget (seen in the self-test); the groups say which button was clicked.
        self.ranks.buttonClicked.connect(self._rank_clicked)
        self.suits.buttonClicked.connect(self._suit_clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Rank (type 2-9, T, J, Q, K, A)"))
        layout.addLayout(grid)
        layout.addWidget(QLabel("Suit (type S, H, D, C)"))
        layout.addLayout(suits)

    def card(self) -> str | None:
        return self.rank + self.suit if self.rank and self.suit else None

    def _rank_clicked(self, button: QPushButton) -> None:
        self.set_rank(button.property("rank"))

    def _suit_clicked(self, button: QPushButton) -> None:
        self.set_suit(button.property("suit"))

    def set_rank(self, rank: str) -> None:
        self._pick(self.ranks, "rank", rank)

    def set_suit(self, suit: str) -> None:
        self._pick(self.suits, "suit", suit)

    def _pick(self, group: QButtonGroup, part: str, value: str) -> None:
        for button in group.buttons():
            if button.property(part) == value:
                button.setChecked(True)
                setattr(self, part, value)
                self.changed.emit()

    def type_key(self, text: str) -> bool:
        """A typed rank or suit letter; whether it meant anything."""
        letter = text.upper()
        if letter == "1":
            letter = "T"
        if (
            letter
            and letter in RANKS
            and any(b.property("rank") == letter for b in self.ranks.buttons())
        ):
            self.set_rank(letter)
            return True
        if letter and letter in SUIT_ORDER:
            self.set_suit(letter)
            return True
        return False


class GamePanel(Panel):
    """One seat's hand, call or card entry; its won pile; its private notices."""

    def __init__(self) -> None:
        super().__init__()
        self.setStyleSheet(STYLE)
        self.form: ActionForm | None = None
        self.view: View | None = None
        self.companion = False
        self.can_place = False
        self.heading = QLabel()
        self.heading.setObjectName("mcgHeading")
        self.heading.setWordWrap(True)
        self.situation = QLabel()
        self.situation.setObjectName("mcgSituation")
        self.situation.setWordWrap(True)
        self.prompt = QLabel()
        self.prompt.setObjectName("mcgPrompt")
        self.prompt.setWordWrap(True)
        self.calls: dict[str, QPushButton] = {}
        calls = QVBoxLayout()
        self.call_targets: dict[str, QLabel] = {}
        for call in ("high", "low"):
            button = QPushButton()
            button.setObjectName("mcgCall")
            button.setAccessibleName(f"Call {call}")
            button.setProperty("call", call)
            button.clicked.connect(self._call_clicked)
            word = QLabel(call_words(call))
            word.setObjectName("mcgCallWord")
            target = QLabel()
            target.setObjectName("mcgCallTarget")
            target.setWordWrap(True)
            inside = QVBoxLayout(button)
            inside.setContentsMargins(14, 6, 8, 6)
            inside.setSpacing(0)
            for label in (word, target):
                label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
                inside.addWidget(label)
            self.calls[call] = button
            self.call_targets[call] = target
            calls.addWidget(button)
        self.hand = HandWidget()
        self.hand.chosen.connect(self._chosen)
        self.hand.activated.connect(self._place)
        self.picker: CardPicker | None = None
        self.picker_slot = QVBoxLayout()
        self.preview = CardView(58)
        self.place = QPushButton("Choose a card")
        self.place.setObjectName("mcgPlace")
        self.place.setEnabled(False)
        self.place.clicked.connect(self._place)
        place_row = QHBoxLayout()
        place_row.addWidget(self.preview)
        place_row.addWidget(self.place, 1)
        self.preview.hide()
        self.pile = QLabel()
        self.pile.setObjectName("mcgPile")
        self.pile.setWordWrap(True)
        self.notices = QLabel()
        self.notices.setObjectName("mcgNotices")
        self.notices.setWordWrap(True)
        self.notices.setAccessibleName("Your notices")
        self.four_colour = QCheckBox("Four-colour suits")
        self.four_colour.setToolTip("Spades black, hearts red, diamonds blue, clubs green")
        self.four_colour.setChecked(card_art.FOUR_COLOUR)
        self.four_colour.toggled.connect(card_art.set_four_colour)
        self.four_colour.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.situation)
        layout.addWidget(self.prompt)
        layout.addLayout(calls)
        layout.addWidget(self.hand)
        layout.addLayout(self.picker_slot)
        layout.addLayout(place_row)
        layout.addWidget(self.pile)
        layout.addWidget(self.notices)
        layout.addStretch(1)
        layout.addWidget(self.four_colour)
        card_art.listen(self)

    # ----- the view ------------------------------------------------------------------

    def show_view(self, view: View, form: ActionForm, events: Sequence[Event]) -> None:
        self.view = view
        self.form = form
        board = view.board
        seat = view.seat if view.seat is not None else 0
        name = view.players[seat]
        n = len(view.players)
        fields = {f.key: f for f in form.fields}
        calling = "call" in fields
        companion = board["companion"]
        self.companion = companion
        self.heading.setText(f"{name}: {'your card' if companion else 'your hand'}")
        self.situation.setText(self._situation(view, seat))
        self.prompt.setText(form.prompt)
        for call, button in self.calls.items():
            self.call_targets[call].setText(f"{_capital(target_name(n, call))} wins")
            button.setVisible(calling)
        self.hand.compact = calling
        cards = [value for value, _ in fields["card"].choices] if "card" in fields else []
        self.hand.setVisible(not companion)
        if not companion:
            self.hand.set_cards(board["hand"] or (), cards)
        if companion and "card" in fields:
            self._show_picker(view)
        self.can_place = bool(cards)
        self.place.setVisible(bool(cards))
        self.preview.setVisible(bool(cards))
        self.place.setEnabled(False)
        self.place.setText("Enter your card" if companion else "Choose a card")
        self.preview.set_card(None)
        self.pile.setText(self._pile(view, seat))
        private = [e.text for e in events if not e.public and e.kind != "hand"]
        mine = board.get("my_card")
        if mine:
            private.append(f"Face down on the table: {card_name(mine)}.")
        self.notices.setText("\n".join(private[-4:]))
        self.notices.setVisible(bool(private))
        if calling:
            self.calls["high"].setFocus(Qt.FocusReason.OtherFocusReason)
        elif cards and not companion:
            self.hand.setFocus(Qt.FocusReason.OtherFocusReason)
        elif self.picker is not None:
            self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _situation(self, view: View, seat: int) -> str:
        board = view.board
        leader = board["leader"]
        who = "you lead" if seat == leader else f"{view.players[leader]} leads"
        text = f"Round {view.round} · {who}"
        if board["target"] is not None:
            called = f" {call_words(board['call'])}" if board["call"] else ""
            text += f" ·{called} {board['target']} wins"
        if board["pool"]:
            text += f" · the pool holds {board['pool']}"
        return text + "."

    def _pile(self, view: View, seat: int) -> str:
        board = view.board
        won = board["won"][seat]
        text = f"Your won pile: {counted(won, 'card')}"
        if board["scoring"] == "rounds":
            rounds = board["rounds_won"][seat]
            text += f" · {counted(rounds, 'round')} won (the score)"
        return text + "."

    def _show_picker(self, view: View) -> None:
        if self.picker is None:
            ranks = RANKS[RANKS.index(_lowest(view)) :]
            self.picker = CardPicker(ranks)
            self.picker.changed.connect(self._picked)
            self.picker_slot.addWidget(self.picker)
            if self.isVisible():  # at once; a hidden panel shows it with its other parts
                self.picker.show()

    def cards_recoloured(self) -> None:
        self.hand.update()
        self.preview.update()
        if self.picker is not None:
            for button in self.picker.suits.buttons():
                button.setIcon(suit_icon(button.property("suit")))

    # ----- choosing ------------------------------------------------------------------

    def _call_clicked(self) -> None:
        # The button tells its call (a bound method: see CardPicker on lambda slots).
        button = self.sender()
        if isinstance(button, QPushButton):
            self.submitted.emit({"call": button.property("call")})

    def _chosen(self, index: int) -> None:
        card = self.hand.cards[index]
        self.preview.set_card(card)
        self.place.setEnabled(True)
        self.place.setText(f"Place {card_label(card)} face down")

    def _picked(self) -> None:
        card = self.picker.card() if self.picker is not None else None
        self.preview.set_card(card)
        self.place.setEnabled(card is not None)
        if card is not None:
            self.place.setText(f"Enter {card_label(card)}")

    def selected_card(self) -> str | None:
        if self.companion and self.picker is not None:
            return self.picker.card()
        if self.hand.current >= 0:
            return self.hand.cards[self.hand.current]
        return None

    def _place(self) -> None:
        card = self.selected_card()
        if card is not None and self.can_place:
            self.submitted.emit({"card": card})

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        calling = any(b.isVisible() for b in self.calls.values())
        if calling and key in (Qt.Key.Key_H, Qt.Key.Key_L):
            self.calls["high" if key == Qt.Key.Key_H else "low"].click()
            return
        if calling and key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.calls["high" if key == Qt.Key.Key_Up else "low"].setFocus()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            focused = self.focusWidget()
            if isinstance(focused, QPushButton) and focused.isVisible():
                focused.click()
            else:
                self._place()
            return
        if self.picker is not None and self.picker.type_key(event.text()):
            return
        super().keyPressEvent(event)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lowest(view: View) -> str:
    """The lowest rank of the deck in use (the options are public)."""
    return DECK_SIZES[view.board["deck"]]
