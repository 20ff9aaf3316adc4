"""The private panel of the Median card game: your hand, the leader's call, a real deck's card.

Built for the one player whose curtain is lifted, and destroyed when it falls. The hand is a row
of our painted cards: click one (or move with the arrow keys, or press its number) and place it
with Enter or the big button. With an even count the leader first calls with one of two big
buttons (or H / L). In companion mode, beside a real deck, the player enters the card they
revealed with a rank and a suit picker (or by typing it: Q then H, then Enter).

On a 1280x720 laptop the panel never asks for more height than the window has: the choice
(the call, the hand, the picker, the place button) stays in sight, the hand's cards get
smaller (a very long hand scrolls), and the private notices scroll in the room left.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, Signal
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
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from middleground.engine import ActionForm, Event, View
from middleground.engine.events import MY_CHOICE, ROUND_START
from middleground.engine.words import counted
from middleground.widgets.balanced import BalancedLabel
from middleground.widgets.plugin import Panel

from . import card_art
from .board import call_words
from .card_art import RATIO
from .cards import DECK_SIZES, RANKS, SUIT_NAMES, SUIT_SYMBOLS, card_label, card_name
from .judging import target_name

PER_ROW = 5  # at most this many cards in one row of the hand, room allowing
MIN_CARD = 86  # pixels: narrower panels put fewer cards in a row
BIG_CARD = 120.0  # the widest a card of the hand is drawn
SMALL_CARD = 46.0  # the narrowest: a short window draws smaller cards, down to this
GLANCE = 34.0  # the narrowest card of the look at the hand while calling
GAP = 10.0  # between the cards of a row
ROW_GAP = 14.0  # between rows
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
    changed = Signal()  # other cards: the height it needs may have changed

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[str] = []
        self.playable: set[str] = set()
        self.current = -1
        self.compact = False  # every card in one row (a look at the hand while calling)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Your hand")
        self.setToolTip(
            "Choose a card with the arrow keys or its number (1-9, 0 for the tenth); "
            "Enter places it"
        )

    def set_cards(self, cards: Sequence[str], playable: Sequence[str]) -> None:
        self.cards = list(cards)
        self.playable = set(playable)
        self.current = -1
        # A hand with nothing to play (the leader calling first) is only looked at: the
        # keyboard goes to the choice there is to make, past it.
        policy = Qt.FocusPolicy.StrongFocus if self.playable else Qt.FocusPolicy.NoFocus
        self.setFocusPolicy(policy)
        shown = ", ".join(card_label(c) for c in self.cards) or "empty"
        self.setAccessibleName(f"Your hand: {shown}")
        self.updateGeometry()
        self.update()
        self.changed.emit()

    # ----- geometry ------------------------------------------------------------------
    # The hand would have two rows of cards as wide as its width allows (three for a long
    # hand) but makes do with less height: a short window gets smaller cards, more to a row,
    # down to SMALL_CARD wide; below that its HandArea scrolls. Its height is never fixed by
    # its width, so a long hand never makes the window taller than the screen.

    def _preferred(self, width: float) -> tuple[int, float]:
        """Cards per row and their width, given only the width: as many cards in a row as fit
        at least MIN_CARD wide, at most PER_ROW, in two rows (three for a long hand); more
        rows where that would make the cards narrower than SMALL_CARD."""
        count = len(self.cards) or 1
        if self.compact:  # one row, unless that would make the cards mere slivers
            per_row = (
                count if self._card_width(width, count) >= GLANCE else self._fit(width, GLANCE)
            )
            return per_row, self._card_width(width, per_row)
        fit = int((width - 2 * MARGIN + GAP) // (MIN_CARD + GAP))
        rows = 2 if count <= 12 else 3
        per_row = max(1, min(count, max(min(PER_ROW, fit), -(-count // rows))))
        if self._card_width(width, per_row) < SMALL_CARD:
            per_row = self._fit(width, SMALL_CARD)
        return per_row, self._card_width(width, per_row)

    def _fit(self, width: float, card: float) -> int:
        """How many cards at least `card` wide fit in a row (one at least)."""
        fit = int((width - 2 * MARGIN + GAP) // (card + GAP))
        return max(1, min(len(self.cards) or 1, fit))

    @staticmethod
    def _card_width(width: float, per_row: int) -> float:
        return max(1.0, min(BIG_CARD, (width - 2 * MARGIN - GAP * (per_row - 1)) / per_row))

    def _rows(self, per_row: int) -> int:
        return max(1, -(-len(self.cards) // per_row))

    def _height(self, per_row: int, card_width: float) -> int:
        return math.ceil(TOP + self._rows(per_row) * (card_width * RATIO + ROW_GAP) + MARGIN)

    def natural_height(self, width: float) -> int:
        """The height it would have: every card as wide as the width allows."""
        return self._height(*self._preferred(width))

    def needed_height(self, width: float) -> int:
        """The least height that shows every card at least SMALL_CARD wide (or, calling, the
        one row as wide as the width allows, up to SMALL_CARD)."""
        if self.compact:
            per_row, card = self._preferred(width)
            return self._height(per_row, min(SMALL_CARD, card))
        per_row = self._fit(width, SMALL_CARD)
        return self._height(per_row, min(SMALL_CARD, self._card_width(width, per_row)))

    def _grid(self, width: float, height: float) -> tuple[int, float]:
        """Cards per row and their width inside width x height: the preferred rows when they
        fit, else the arrangement that does with the widest cards."""
        per_row, card = self._preferred(width)
        if self._height(per_row, card) <= height + 1:
            return per_row, card
        room = height - TOP - MARGIN
        if self.compact:  # its rows, as tall as they have room for
            tall = room / self._rows(per_row) - ROW_GAP
            return per_row, max(1.0, min(card, tall / RATIO))
        best = (per_row, 0.0)
        for per_row in range(1, (len(self.cards) or 1) + 1):
            tall = room / self._rows(per_row) - ROW_GAP
            card = min(self._card_width(width, per_row), tall / RATIO)
            if card > best[1] + 0.01:
                best = (per_row, card)
        return best

    def per_row(self) -> int:
        return self._grid(self.width(), self.height())[0]

    def card_rect(self, index: int) -> QRectF:
        per_row, w = self._grid(self.width(), self.height())
        h = w * RATIO
        row, col = divmod(index, per_row)
        return QRectF(MARGIN + col * (w + GAP), TOP + row * (h + ROW_GAP), w, h)

    def sizeHint(self) -> QSize:
        width = max(self.width(), 260)
        return QSize(width, self.natural_height(width))

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


class OneLine(QLabel):
    """A label kept to one line: a text too long for its width ends in an ellipsis, and the
    whole of it stays in the tooltip and for a screen reader."""

    def __init__(self) -> None:
        super().__init__()
        self.full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_full_text(self, text: str) -> None:
        self.full = text
        self.setAccessibleName(text)
        self._fit()

    def _fit(self) -> None:
        shown = self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideRight, self.width())
        self.setText(shown)
        self.setToolTip(self.full if shown != self.full else "")

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()


class HandArea(QScrollArea):
    """The hand, as tall as the panel has room for: at least two rows of small cards (one
    while calling), at most every card as big as the width allows. A hand too long for the
    room scrolls, and the chosen card is scrolled into sight."""

    def __init__(self, hand: HandWidget) -> None:
        super().__init__()
        self.hand = hand
        self.setWidget(hand)
        self.setWidgetResizable(False)  # the hand's height is set here, from the room
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the hand takes the keyboard
        self.setMinimumWidth(260)
        hand.changed.connect(self.refit)
        hand.chosen.connect(self._show_card)

    def _width(self) -> int:
        return max(self.viewport().width(), self.minimumWidth())

    def sizeHint(self) -> QSize:
        return QSize(self.minimumWidth(), self.hand.natural_height(self._width()))

    def minimumSizeHint(self) -> QSize:
        """Never more than two rows of small cards (one row while calling), however long the
        hand."""
        width = self._width()
        rows = 1 if self.hand.compact else 2
        two_rows = TOP + rows * (SMALL_CARD * RATIO + ROW_GAP) + MARGIN
        least = min(self.hand.needed_height(width), math.ceil(two_rows))
        return QSize(self.minimumWidth(), least)

    def refit(self) -> None:
        self.updateGeometry()
        self._fit_hand()

    def _fit_hand(self) -> None:
        viewport = self.viewport()
        width = viewport.width()
        height = max(viewport.height(), self.hand.needed_height(width))
        if self.hand.size() != QSize(width, height):
            self.hand.resize(width, height)
            self.hand.update()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_hand()
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # the height it asks for follows the width

    def _show_card(self, index: int) -> None:
        rect = self.hand.card_rect(index)
        centre = rect.center()
        margin_y = int(rect.height() / 2 + TOP)
        self.ensureVisible(int(centre.x()), int(centre.y()), int(rect.width() / 2), margin_y)


class NoticesArea(QScrollArea):
    """The private notices, scrolling: they take the room the panel has left, and ask for no
    more than two lines of it, so a pile of them never makes the window taller."""

    LINES = 2

    def __init__(self, label: QLabel) -> None:
        super().__init__()
        self.label = label
        self.setWidget(label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Your notices, scrolling")
        self.verticalScrollBar().rangeChanged.connect(self._to_end)

    def _lines(self) -> int:
        self.label.ensurePolished()  # in the panel's style: its font size
        return self.label.fontMetrics().lineSpacing() * self.LINES

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._lines())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self._lines())

    def _to_end(self, _low: int, high: int) -> None:
        """Scrolled to the newest notice (the last line) whenever the text or room changes."""
        self.verticalScrollBar().setValue(high)

    def resizeEvent(self, event) -> None:
        """Whole lines only: the room a line would not fill is left blank above them, so no
        half line shows at the top of the notices."""
        super().resizeEvent(event)
        line = self.label.fontMetrics().lineSpacing()
        top = self.height() % line if self.label.sizeHint().height() > self.height() else 0
        if self.viewportMargins().top() != top:
            self.setViewportMargins(0, top, 0, 0)


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
    """The suit in its card colour on a patch of card paper, as on a card's face: a spade's
    ink straight on a button all but vanished on the dark and projection themes' grey, and a
    heart's red on the chosen suit's highlight."""
    pixmap = QPixmap(size * 2, size * 2)
    pixmap.setDevicePixelRatio(2.0)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paper = QRectF(1, 1, size - 2, size - 2)
    painter.setPen(QPen(QColor("#8A8A8A"), 1))
    painter.setBrush(QColor(card_art.PAPER))
    painter.drawRoundedRect(paper, size * 0.15, size * 0.15)
    inset = size * 0.18
    card_art.draw_suit(painter, suit, paper.adjusted(inset, inset, -inset, -inset))
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
        layout.addWidget(QLabel(f"Rank (type {_typed_ranks(ranks)})"))
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


# A seat's own choice told back to it ("You chose the five of spades."): news for the round it
# was made in only. In the next round, over "Enter the card Bob revealed", it read as if made.
OWN_CHOICE = (MY_CHOICE, "my card")


def _notices(events: Sequence[Event]) -> list[str]:
    """What the seat was told in private, oldest first: its hand left out (the panel shows
    it), its own choices only for the round being played (the board's log keeps the rest)."""
    opened = max(
        (i for i, e in enumerate(events) if e.public and e.kind == ROUND_START), default=-1
    )
    return [
        e.text
        for i, e in enumerate(events)
        if not e.public and e.kind != "hand" and (e.kind not in OWN_CHOICE or i > opened)
    ]


def _typed_ranks(ranks: str) -> str:
    """The keys that type the deck's ranks, as the hint names them: "2-9, T, J, Q, K, A" for
    the full deck, "9, T, J, Q, K, A" for the 24 cards from the nines."""
    digits = [rank for rank in ranks if rank.isdigit()]
    keys = [f"{digits[0]}-{digits[-1]}" if len(digits) > 1 else digits[0]] if digits else []
    return ", ".join(keys + [rank for rank in ranks if not rank.isdigit()])


class GamePanel(Panel):
    """One seat's hand, call or card entry; its score; its private notices."""

    def __init__(self) -> None:
        super().__init__()
        self.setStyleSheet(STYLE)
        self.form: ActionForm | None = None
        self.view: View | None = None
        self.companion = False
        self.can_place = False
        self.heading = OneLine()  # a long name gives way: the choice keeps its room
        self.heading.setObjectName("mcgHeading")
        # Both wrap with their lines balanced, never "place a card face" over "down." alone.
        self.situation = BalancedLabel()
        self.situation.setObjectName("mcgSituation")
        self.prompt = BalancedLabel()
        self.prompt.setObjectName("mcgPrompt")
        self.calls: dict[str, QPushButton] = {}
        calls = QVBoxLayout()
        self.call_targets: dict[str, QLabel] = {}
        for call in ("high", "low"):
            button = QPushButton()
            button.setObjectName("mcgCall")
            button.setAccessibleName(f"Call {call}")
            button.setToolTip(f"Call {call} (key {call[0].upper()})")
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
        self.hand_area = HandArea(self.hand)
        self.picker: CardPicker | None = None
        self.picker_slot = QVBoxLayout()
        self.preview = CardView(46)  # as tall as the button beside it
        self.place = QPushButton("Choose a card")
        self.place.setObjectName("mcgPlace")
        self.place.setEnabled(False)
        self.place.clicked.connect(self._place)
        place_row = QHBoxLayout()
        place_row.addWidget(self.preview)
        place_row.addWidget(self.place, 1)
        self.preview.hide()
        self.pile = BalancedLabel()  # its lines balanced, no word left alone
        self.pile.setObjectName("mcgPile")
        self.notices = QLabel()
        self.notices.setObjectName("mcgNotices")
        self.notices.setWordWrap(True)
        self.notices.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.notices.setAccessibleName("Your notices")
        self.notices_scroll = NoticesArea(self.notices)
        self.four_colour = QCheckBox("Four-colour suits")
        self.four_colour.setToolTip("Spades black, hearts red, diamonds blue, clubs green")
        self.four_colour.setChecked(card_art.FOUR_COLOUR)
        self.four_colour.toggled.connect(card_art.set_four_colour)
        self.four_colour.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        # The choice (the call, the hand, the picker, the place button) always in sight; what
        # grows from round to round, the notices, takes the room left and scrolls.
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(5)
        layout.addWidget(self.heading)
        layout.addWidget(self.situation)
        layout.addWidget(self.prompt)
        layout.addLayout(calls)
        layout.addWidget(self.hand_area)
        layout.addLayout(self.picker_slot)
        layout.addLayout(place_row)
        layout.addWidget(self.pile)
        layout.addWidget(self.notices_scroll, 1)
        layout.addStretch(0)  # the room left, while there are no notices
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
        self.heading.set_full_text(f"{name}: {'your card' if companion else 'your hand'}")
        self.situation.setText(self._situation(view, seat))
        self.prompt.setText(form.prompt)
        for call, button in self.calls.items():
            self.call_targets[call].setText(f"{_capital(target_name(n, call))} wins")
            button.setVisible(calling)
        self.hand.compact = calling
        cards = [value for value, _ in fields["card"].choices] if "card" in fields else []
        self.hand_area.setVisible(not companion)
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
        self._show_kept(view, cards)
        self.pile.setText(self._pile(view, seat))
        private = _notices(events)
        mine = board.get("my_card")
        if mine:
            private.append(f"Face down on the table: {card_name(mine)}.")
        self.notices.setText("\n".join(private[-4:]))
        self.notices_scroll.setVisible(bool(private))
        if calling:
            self.calls["high"].setFocus(Qt.FocusReason.OtherFocusReason)
        elif cards and not companion:
            self.hand.setFocus(Qt.FocusReason.OtherFocusReason)
        elif self.picker is not None:
            self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_kept(self, view: View, cards: Sequence[str]) -> None:
        """The card picked out this round and not yet placed (or the rank and suit entered),
        chosen again on a panel rebuilt meanwhile: another seat placed its card, or the
        player hid their screen and came back."""
        kept = self.memory.get(self._kept_key())
        if kept is None or not cards:
            return
        if self.companion and self.picker is not None:
            rank, suit = kept
            if rank:
                self.picker.set_rank(rank)
            if suit:
                self.picker.set_suit(suit)
        elif kept in self.hand.cards:
            self.hand.choose(self.hand.cards.index(kept))  # if it is still playable

    def _kept_key(self) -> tuple[str, int]:
        """Where the memory keeps this round's card picked out."""
        return ("card", self.view.round if self.view is not None else 0)

    def _situation(self, view: View, seat: int) -> str:
        board = view.board
        leader = board["leader"]
        who = "you lead" if seat == leader else f"{view.players[leader]} leads"
        text = f"Round {view.round} · {who}"
        if board["target"] is not None:
            called = f" {call_words(board['call'])}:" if board["call"] else ""
            text += f" ·{called} {board['target']} wins"
        if board["pool"]:
            text += f" · the pool holds {board['pool']}"
        return text + "."

    def _pile(self, view: View, seat: int) -> str:
        """The player's score in the standings' words ("Your score: 4 cards taken."); under
        rounds-won scoring, the cards taken after it, which score nothing."""
        board = view.board
        cards = counted(board["won"][seat], "card")
        if board["scoring"] == "rounds":
            rounds = counted(board["rounds_won"][seat], "round")
            return f"Your score: {rounds} won. You have taken {cards}."
        return f"Your score: {cards} taken."

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
        self.memory[self._kept_key()] = card
        self.preview.set_card(card)
        self.place.setEnabled(True)
        self.place.setText(f"Place {card_label(card)} face down")

    def _picked(self) -> None:
        card = self.picker.card() if self.picker is not None else None
        if self.picker is not None:
            self.memory[self._kept_key()] = (self.picker.rank, self.picker.suit)
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
