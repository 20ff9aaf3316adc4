"""Our playing cards, painted as vectors: faces, the back, an empty place on the table.

Everything is drawn with QPainter paths and text in the card's own rectangle, so a card is as
crisp on a 4K projector as on a laptop. The suits are our own shapes (not font glyphs), always
drawn beside a big rank: colour is never the only way to tell a suit. The four-colour deck
(spades black, hearts red, diamonds blue, clubs green, from the Okabe-Ito palette) is a view
choice only; the rules never see it.
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPixmapCache,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from .cards import card_name

# Set by the shell or the panel's toggle (set_four_colour); off by default.
FOUR_COLOUR = False

INK = "#1B1B1B"
RED = "#C4302B"  # the classic red, dark enough to read on white
# Okabe-Ito's hues, deepened to read at 4.5:1 on the white face: its vermilion (3.9:1) and
# its bluish green (3.4:1) both go darker, the blue already reads at 5.2:1.
FOUR = {"S": INK, "H": "#BF5000", "D": "#0072B2", "C": "#007A58"}
PAPER = "#FFFFFF"
COURT = "#F3EBD8"  # a warm panel behind the court cards' big letter
BACK = "#23395B"
BACK_LINE = "#3E5C8A"
BACK_MARK = "#F0E442"
RATIO = 1.4  # a card's height over its width

_listeners: weakref.WeakSet = weakref.WeakSet()


def set_four_colour(on: bool) -> None:
    """Switch every card to the four-colour deck (or back) and redraw whoever listens."""
    global FOUR_COLOUR
    FOUR_COLOUR = bool(on)
    for listener in list(_listeners):
        try:
            listener.cards_recoloured()
        except RuntimeError:  # a panel or board whose Qt side is already gone
            _listeners.discard(listener)


def listen(listener: object) -> None:
    """`listener.cards_recoloured()` is called whenever the deck's colours change."""
    _listeners.add(listener)


def suit_colour(suit: str) -> QColor:
    if FOUR_COLOUR:
        return QColor(FOUR[suit])
    return QColor(RED if suit in "HD" else INK)


def rank_text(card: str) -> str:
    return "10" if card[0] == "T" else card[0]


def spoken(card: str) -> str:
    """What a screen reader says for a face-up card: "queen of hearts"."""
    return card_name(card, article=False)


# ----- the suits, drawn in a unit box -------------------------------------------------------


def _heart() -> QPainterPath:
    path = QPainterPath(QPointF(0.5, 0.28))
    path.cubicTo(0.44, 0.06, 0.02, 0.02, 0.02, 0.34)
    path.cubicTo(0.02, 0.58, 0.34, 0.74, 0.5, 0.96)
    path.cubicTo(0.66, 0.74, 0.98, 0.58, 0.98, 0.34)
    path.cubicTo(0.98, 0.02, 0.56, 0.06, 0.5, 0.28)
    path.closeSubpath()
    return path


def _spade() -> QPainterPath:
    path = QPainterPath(QPointF(0.5, 0.02))
    path.cubicTo(0.38, 0.22, 0.02, 0.38, 0.02, 0.6)
    path.cubicTo(0.02, 0.84, 0.32, 0.88, 0.46, 0.7)
    path.lineTo(0.36, 0.98)
    path.lineTo(0.64, 0.98)
    path.lineTo(0.54, 0.7)
    path.cubicTo(0.68, 0.88, 0.98, 0.84, 0.98, 0.6)
    path.cubicTo(0.98, 0.38, 0.62, 0.22, 0.5, 0.02)
    path.closeSubpath()
    return path


def _diamond() -> QPainterPath:
    path = QPainterPath(QPointF(0.5, 0.0))
    path.lineTo(0.9, 0.5)
    path.lineTo(0.5, 1.0)
    path.lineTo(0.1, 0.5)
    path.closeSubpath()
    return path


def _club() -> QPainterPath:
    path = QPainterPath(QPointF(0.5, 0.5))
    path.lineTo(0.36, 0.98)
    path.lineTo(0.64, 0.98)
    path.closeSubpath()
    for x, y, radius in ((0.5, 0.25, 0.215), (0.26, 0.56, 0.215), (0.74, 0.56, 0.215)):
        ball = QPainterPath()
        ball.addEllipse(QPointF(x, y), radius, radius)
        path = path.united(ball)
    middle = QPainterPath()
    middle.addEllipse(QPointF(0.5, 0.5), 0.14, 0.14)
    return path.united(middle).simplified()


SUIT_PATHS = {"H": _heart(), "S": _spade(), "D": _diamond(), "C": _club()}


def suit_path(suit: str, rect: QRectF) -> QPainterPath:
    """The suit's shape scaled into `rect`."""
    transform = QTransform()
    transform.translate(rect.x(), rect.y())
    transform.scale(rect.width(), rect.height())
    return transform.map(SUIT_PATHS[suit])


def draw_suit(painter: QPainter, suit: str, rect: QRectF, colour: QColor | None = None) -> None:
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour or suit_colour(suit))
    painter.drawPath(suit_path(suit, rect))
    painter.restore()


def _font(pixels: float, bold: bool = True) -> QFont:
    font = QFont("Sans")
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(bold)
    return font


# ----- whole cards ------------------------------------------------------------------------


def paint_face(painter: QPainter, rect: QRectF, card: str) -> None:
    """A face: the rank huge in the middle with its suit below, and both in two corners."""
    w, h = rect.width(), rect.height()
    radius = w * 0.08
    colour = suit_colour(card[1])
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("#8A8A8A"), max(w * 0.012, 0.8)))
    painter.setBrush(QColor(PAPER))
    painter.drawRoundedRect(rect, radius, radius)
    rank = rank_text(card)
    if card[0] in "JQK":
        inner = rect.adjusted(w * 0.2, h * 0.12, -w * 0.2, -h * 0.12)
        painter.setPen(QPen(colour, max(w * 0.015, 0.8)))
        painter.setBrush(QColor(COURT))
        painter.drawRoundedRect(inner, w * 0.05, w * 0.05)
    # The corner index, top left and (turned) bottom right.
    for turn in (0, 180):
        painter.save()
        painter.translate(rect.center())
        painter.rotate(turn)
        painter.translate(-w / 2, -h / 2)
        corner = QRectF(w * 0.03, h * 0.03, w * 0.2, h * 0.14)
        painter.setPen(colour)
        painter.setFont(_font(h * (0.105 if rank == "10" else 0.12)))
        painter.drawText(corner, Qt.AlignmentFlag.AlignCenter, rank)
        pip = w * 0.12
        draw_suit(painter, card[1], QRectF(w * 0.13 - pip / 2, h * 0.175, pip, pip), colour)
        painter.restore()
    # The middle: the big rank that decides the round, and the suit under it.
    big = QRectF(rect.x(), rect.y() + h * 0.14, w, h * 0.46)
    painter.setPen(colour)
    painter.setFont(_font(h * (0.34 if rank == "10" else 0.4)))
    painter.drawText(big, Qt.AlignmentFlag.AlignCenter, rank)
    size = w * 0.3
    draw_suit(
        painter, card[1], QRectF(rect.center().x() - size / 2, rect.y() + h * 0.6, size, size)
    )
    painter.restore()


def paint_back(painter: QPainter, rect: QRectF) -> None:
    """Our back: a navy card with a lattice and the median mark (three bars, the middle one
    raised) in the centre. Every back is the same: it tells nothing."""
    w = rect.width()
    radius = w * 0.08
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("#0E1A2B"), max(w * 0.012, 0.8)))
    painter.setBrush(QColor(BACK))
    painter.drawRoundedRect(rect, radius, radius)
    inner = rect.adjusted(w * 0.07, w * 0.07, -w * 0.07, -w * 0.07)
    painter.setPen(QPen(QColor(PAPER), max(w * 0.02, 0.8)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
    clip = QPainterPath()
    clip.addRoundedRect(inner, radius * 0.6, radius * 0.6)
    painter.setClipPath(clip)
    painter.setPen(QPen(QColor(BACK_LINE), max(w * 0.012, 0.6)))
    step = w * 0.12
    x = inner.left() - inner.height()
    while x < inner.right():
        painter.drawLine(QPointF(x, inner.top()), QPointF(x + inner.height(), inner.bottom()))
        painter.drawLine(QPointF(x, inner.bottom()), QPointF(x + inner.height(), inner.top()))
        x += step
    painter.setClipping(False)
    disc = w * 0.46
    centre = rect.center()
    painter.setPen(QPen(QColor(PAPER), max(w * 0.02, 0.8)))
    painter.setBrush(QColor(BACK))
    painter.drawEllipse(centre, disc / 2, disc / 2)
    bar = disc * 0.14
    for offset, height, colour in ((-1, 0.34, PAPER), (0, 0.56, BACK_MARK), (1, 0.34, PAPER)):
        left = centre.x() + offset * bar * 1.6 - bar / 2
        top = centre.y() + disc * 0.28 - disc * height
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(colour))
        painter.drawRect(QRectF(left, top, bar, disc * height))
    painter.restore()


def paint_slot(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """An empty place on the table: a dashed outline where a card will go."""
    w = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(colour, max(w * 0.02, 1.0), Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect.adjusted(2, 2, -2, -2), w * 0.08, w * 0.08)
    painter.restore()


def paint_card(painter: QPainter, rect: QRectF, card: str | None) -> None:
    """A face when `card` is given, else the back."""
    if card:
        paint_face(painter, rect, card)
    else:
        paint_back(painter, rect)


def card_picture(card: str | None, size: QRectF, scale: tuple[float, float], ratio: float = 1.0):
    """A card (its back when `card` is None) drawn once at a view's own pixel size, with a
    margin of 2 units for its outline, kept in Qt's picture cache for every card turning over
    at that size: a reveal's frames copy nine pictures instead of drawing nine cards. `ratio`
    is the screen's device pixels to a view's pixel (2 at 200% scaling): the picture has as
    many pixels as the screen shows it on, so a turning card is as sharp as one at rest."""
    margin = 2.0
    width = max(1, round((size.width() + 2 * margin) * scale[0] * ratio))
    height = max(1, round((size.height() + 2 * margin) * scale[1] * ratio))
    key = f"card:{card}:{width}x{height}@{ratio}:{FOUR_COLOUR}"
    picture = QPixmapCache.find(key)
    if picture is None:
        picture = QPixmap(width, height)
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)  # draws in the view's pixels: the ratio is applied for it
        outer = QRectF(0, 0, size.width() + 2 * margin, size.height() + 2 * margin)
        painter.scale(width / ratio / outer.width(), height / ratio / outer.height())
        painter.translate(margin, margin)
        paint_card(painter, QRectF(0, 0, size.width(), size.height()), card)
        painter.end()
        QPixmapCache.insert(key, picture)
    return picture


# ----- a card on the board ----------------------------------------------------------------


class CardItem(QGraphicsItem):
    """One card on a board: face up (`card`), face down (`card` None) or an empty place.

    A face-down item is never told its card, so nothing on the board can give it away. While a
    reveal plays, `flip` runs from 0 (the back) to 1 (the face): the card turns over its
    vertical axis, or with `fade` it simply fades in.
    """

    def __init__(
        self,
        rect: QRectF,
        card: str | None = None,
        empty: bool = False,
        slot_colour: QColor | None = None,
    ) -> None:
        super().__init__()
        self.rect = QRectF(0, 0, rect.width(), rect.height())
        self.setPos(rect.topLeft())
        self.card = card
        self.empty = empty
        self.slot_colour = slot_colour or QColor("#808080")
        self.flip = 1.0
        self.fade = False
        if card:
            self.setToolTip(spoken(card))
        # A card at rest is drawn once, into a picture at the view's own resolution, and that
        # picture is reused until the card changes: a repaint around it, or the card sliding
        # in, copies pixels instead of laying out its rank and curves again. A new scale (a
        # resized window) draws it afresh, so it stays crisp on a 4K projector.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-2, -2, 2, 2)

    def set_flip(self, value: float) -> None:
        self.flip = value
        # Turning over, a card looks different every frame: it is drawn from the pictures of
        # its two sides (card_picture), squeezed, not kept as a picture of its own.
        turning = self.card is not None and value < 1.0
        cache = QGraphicsItem.CacheMode
        self.setCacheMode(cache.NoCache if turning else cache.DeviceCoordinateCache)
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.card and self.flip < 1.0 and not self.fade:
            self._paint_turning(painter)
            return
        if self.empty:
            paint_slot(painter, self.rect, self.slot_colour)
            return
        if not self.card or self.flip >= 1.0:
            paint_card(painter, self.rect, self.card)
            return
        # Reduced motion: the face fades in over the back.
        paint_back(painter, self.rect)
        painter.save()
        painter.setOpacity(painter.opacity() * self.flip)
        paint_face(painter, self.rect, self.card)
        painter.restore()

    def _paint_turning(self, painter: QPainter) -> None:
        """Mid-turn: the side showing (the back, then the face) squeezed across its middle."""
        squeeze = abs(1.0 - 2.0 * self.flip)
        view = painter.worldTransform()  # the view's scale, before the squeeze
        side = self.card if self.flip >= 0.5 else None
        ratio = painter.device().devicePixelRatio()  # and the screen's
        picture = card_picture(side, self.rect, (view.m11(), view.m22()), ratio)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        centre = self.rect.center()
        painter.translate(centre)
        painter.scale(max(squeeze, 0.02), 1.0)
        painter.translate(-centre)
        painter.drawPixmap(self.boundingRect(), picture, QRectF(picture.rect()))
        painter.restore()
