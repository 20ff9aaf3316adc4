"""A piece of The Median as the board draws it: its power's letter on a disc of its colour,
its tiebreak value, its name and its power in a few words (our own art, no image files).

A piece's words are never smaller than the board's smallest type: where that type is larger
than the piece holds (a square or portrait projector's), the board draws the piece larger
(piece_scale), never its words past its outline.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from middleground.widgets.plugin import board_font
from middleground.widgets.theme import OKABE_ITO

from .characters import CHARACTERS, DUMMY, Piece, label

if TYPE_CHECKING:
    from .board import GameBoard

TOKEN_W, TOKEN_H = 144.0, 200.0
# The board fills five sixths of a 16:9 projector: 28 scene units are then 1/40 of its height.
SMALLEST = 28.0
# The width inside a piece's outline (a 6-unit pen, 3 in from its edge): its words stay in it.
INSIDE = TOKEN_W - 12
DISC = QRectF(10, 12, 68, 68)  # the power glyph's disc
# A name or power too wide for its piece is narrowed, to 70% of its width where that makes it
# fit a little inside the outline (as at 16:9), to 55% where it must to fit the outline at all
# (a portrait projector's type, five pieces across).
NARROWEST, NARROWEST_TIGHT = 70, 55


def _font(size: float, bold: bool = False, least: float = SMALLEST) -> QFont:
    """Type of `size` scene units, never smaller than `least` (the board's smallest type: see
    smallest)."""
    return board_font(math.ceil(max(size, least)), bold)


def piece_colour(piece: Piece) -> QColor:
    """A character's own colour (decoration only: the letter, name and value say who it is)."""
    if piece == DUMMY:
        return QColor(OKABE_ITO[7])
    return QColor(OKABE_ITO[(int(piece) - 1) % 7])


def ink_on(colour: QColor) -> QColor:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = (c / 255 for c in (colour.red(), colour.green(), colour.blue()))
    light = 0.2126 * r**2.2 + 0.7152 * g**2.2 + 0.0722 * b**2.2
    return QColor("#000000") if light > 0.2 else QColor("#FFFFFF")


# Where a piece taken in the draft is crossed off: a disc over its top right corner, clear of
# its letter, value, name and power words, so that the power stays readable.
TAKEN_MARK = QRectF(TOKEN_W - 20, -12, 34, 34)


class TokenItem(QGraphicsItem):
    """A piece: its power glyph in a coloured disc, its tiebreak value and its name."""

    def __init__(self, board: GameBoard, piece: Piece) -> None:
        super().__init__()
        self.board = board
        self.piece = piece
        self._dimmed = False
        self.setZValue(10)
        # Drawn once into a picture at the view's resolution and reused while the piece only
        # moves or fades (a round's motion): a frame copies ten pictures instead of drawing
        # ten pieces' text and marks. A change of look (dimmed, a new theme) calls update(),
        # and a new scale draws it afresh, so it stays crisp at any size.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        if piece == DUMMY:
            self.setToolTip("X, the dummy piece: nobody holds it")
        else:
            character = CHARACTERS[int(piece)]
            self.setToolTip(f"{label(character.value)}: {character.power}")

    @property
    def dimmed(self) -> bool:
        """Taken in the draft: drawn faded and crossed off in its corner."""
        return self._dimmed

    @dimmed.setter
    def dimmed(self, value: bool) -> None:
        if value != self._dimmed:
            self._dimmed = value
            self.update()

    def shape(self) -> QPainterPath:
        """The piece itself, without the corner its taken mark stands out over."""
        path = QPainterPath()
        path.addRoundedRect(QRectF(0, 0, TOKEN_W, TOKEN_H), 18, 18)
        return path

    def boundingRect(self) -> QRectF:
        top = TAKEN_MARK.top() - 2
        return QRectF(-4, top, TAKEN_MARK.right() + 6, TOKEN_H + 4 - top)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        theme = self.board.theme
        said = piece_words(self.piece, self.board.smallest() / self.scale())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Taken: the face faded, its words less so, that they stay easy to read (times the
        # piece's own opacity as it fades in and out in motion).
        whole = painter.opacity()
        face, words = (whole * 0.35, whole * 0.6) if self.dimmed else (whole, whole)
        painter.setOpacity(face)
        body = QRectF(0, 0, TOKEN_W, TOKEN_H)
        colour = piece_colour(self.piece)
        if self.piece == DUMMY:
            painter.setPen(QPen(theme.color("text"), 3))
            painter.setBrush(QBrush(theme.color("muted")))
            painter.drawRoundedRect(body, 18, 18)
            painter.setPen(theme.color("background"))
            for text, font, box, _room in said:
                painter.setFont(font)
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            return
        glyph, value, name, power = said
        character = CHARACTERS[int(self.piece)]
        painter.setPen(QPen(colour, 6))
        painter.setBrush(QBrush(theme.color("surface")))
        painter.drawRoundedRect(body.adjusted(3, 3, -3, -3), 18, 18)
        draw_power_mark(painter, character.value, QRectF(90, 12, 32, 32), theme.color("text"))
        painter.setOpacity(words)
        # The power glyph: the character's letter on a disc of its colour.
        painter.setPen(QPen(theme.color("text"), 2))
        painter.setBrush(QBrush(colour))
        painter.drawEllipse(DISC)
        painter.setPen(ink_on(colour))
        painter.setFont(glyph[1])
        painter.drawText(DISC, Qt.AlignmentFlag.AlignCenter, glyph[0])
        # The tiebreak value: large, it decides ties and the order powers act in.
        painter.setPen(theme.color("text"))
        painter.setFont(value[1])
        painter.drawText(
            value[2], Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, value[0]
        )
        painter.setFont(name[1])
        painter.drawText(name[2], Qt.AlignmentFlag.AlignCenter, name[0])
        painter.setOpacity(face)
        painter.setPen(QPen(theme.color("muted"), 2))
        painter.drawLine(QPointF(18, 154), QPointF(TOKEN_W - 18, 154))
        painter.setOpacity(words)
        painter.setPen(theme.color("muted"))
        painter.setFont(power[1])
        painter.drawText(power[2], Qt.AlignmentFlag.AlignCenter, power[0])
        if self.dimmed:  # taken in the draft: crossed off, not only faded (the tag says so too)
            painter.setOpacity(whole)
            _draw_taken_mark(painter, theme.color("text"), theme.color("background"))


def _draw_taken_mark(painter: QPainter, ink: QColor, paper: QColor) -> None:
    """A disc of `ink` crossed in `paper` over a piece's corner (TAKEN_MARK): taken."""
    painter.setPen(QPen(paper, 3))
    painter.setBrush(QBrush(ink))
    painter.drawEllipse(TAKEN_MARK)
    cross = TAKEN_MARK.adjusted(10, 10, -10, -10)
    painter.setPen(QPen(paper, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawLine(cross.topLeft(), cross.bottomRight())
    painter.drawLine(cross.topRight(), cross.bottomLeft())


# Two or three words under each token: what the power does, in the fewest letters.
POWER_WORDS = {
    1: "loses out",
    2: "steals 2",
    3: "gifts far",
    4: "gives 1",
    5: "3 charges",
    6: "1 to middle",
    7: "push ×3",
    8: "leaps left",
    9: "1 place ↓",
    10: "swaps two",
    11: "pulls near",
    12: "holds fast",
    13: "X counts",
    14: "mutes one",
}


def _fitting_font(
    text: str, width: float, size: float, bold: bool = True, least: float = SMALLEST
) -> QFont:
    """The font at `size`, narrowed (never smaller) until `text` fits `width` (NARROWEST),
    or at least the piece's inside (NARROWEST_TIGHT)."""
    font = _font(size, bold, least)
    stretch = 100
    while True:
        wide = QFontMetricsF(font).horizontalAdvance(text)
        if not (
            (wide > width and stretch > NARROWEST) or (wide > INSIDE and stretch > NARROWEST_TIGHT)
        ):
            return font
        stretch -= 5
        font.setStretch(stretch)


def piece_words(piece: Piece, least: float) -> list[tuple[str, QFont, QRectF, float]]:
    """The words painted on `piece`, type never under `least`: each with its font, the box it
    is centred in and the width it must fit (the piece's inside for its name and power)."""
    if piece == DUMMY:
        return [
            ("X", _font(96, True, least), QRectF(0, 10, TOKEN_W, 120), INSIDE),
            (
                "dummy",
                _fitting_font("dummy", TOKEN_W - 20, 24, True, least),
                QRectF(0, 132, TOKEN_W, 50),
                INSIDE,
            ),
        ]
    character = CHARACTERS[int(piece)]
    name, power = character.name, POWER_WORDS[character.value]
    value = QRectF(78, 44, TOKEN_W - 86, 50)
    return [
        (character.glyph, _font(42, True, least), DISC, DISC.width()),
        (str(character.value), _font(40, True, least), value, value.width()),
        (
            name,
            _fitting_font(name, TOKEN_W - 20, 30, least=least),
            QRectF(0, 104, TOKEN_W, 46),
            INSIDE,
        ),
        (
            power,
            _fitting_font(power, TOKEN_W - 22, 28, False, least),
            QRectF(0, 158, TOKEN_W, 36),
            INSIDE,
        ),
    ]


def word_fits(text: str, font: QFont, room: float) -> bool:
    return QFontMetricsF(font).horizontalAdvance(text) <= room


@functools.lru_cache
def piece_scale(least: float) -> float:
    """How much larger than TOKEN_W x TOKEN_H the pieces are drawn for every word on them to
    fit its room in type of `least` scene units (1 where it fits as drawn: 16:9's type)."""
    scale = 1.0
    while scale < 4 and not all(
        word_fits(text, font, room)
        for piece in (*CHARACTERS, DUMMY)
        for text, font, _box, room in piece_words(piece, least / scale)
    ):
        scale = round(scale + 0.05, 2)
    return scale


def draw_power_mark(painter: QPainter, value: int, box: QRectF, colour: QColor) -> None:
    """A small drawn mark beside the letter: the kind of thing the power does (our own art)."""
    path = QPainterPath()
    x, y, w, h = box.x(), box.y(), box.width(), box.height()
    cx, cy = x + w / 2, y + h / 2
    if value in (7, 8):  # Force, Jump: an arrow to the left (they move the belt, or leap)
        path.moveTo(x + w, cy)
        path.lineTo(x + 4, cy)
        path.moveTo(x + w * 0.45, y + 4)
        path.lineTo(x + 4, cy)
        path.lineTo(x + w * 0.45, y + h - 4)
    elif value in (10,):  # Exchange: two opposed arrows
        path.moveTo(x, y + h * 0.3)
        path.lineTo(x + w, y + h * 0.3)
        path.lineTo(x + w * 0.7, y + 2)
        path.moveTo(x + w, y + h * 0.7)
        path.lineTo(x, y + h * 0.7)
        path.lineTo(x + w * 0.3, y + h - 2)
    elif value == 11:  # Gravity: arrows pointing inward
        path.moveTo(x, cy)
        path.lineTo(x + w * 0.4, cy)
        path.moveTo(x + w, cy)
        path.lineTo(x + w * 0.6, cy)
        path.addEllipse(QPointF(cx, cy), 3, 3)
    elif value == 12:  # Anchor: a stem and a hook
        path.moveTo(cx, y + 2)
        path.lineTo(cx, y + h - 2)
        path.moveTo(x + 4, cy + 2)
        path.quadTo(cx, y + h + 6, x + w - 4, cy + 2)
    elif value == 5:  # Lock: a shackle over a body
        path.addRect(QRectF(x + 5, cy, w - 10, h / 2 - 2))
        path.moveTo(x + 10, cy)
        path.arcTo(QRectF(x + 10, y + 2, w - 20, h * 0.8), 180, -180)
    elif value in (4, 3):  # Charity, Reach: a gift
        path.addRect(QRectF(x + 4, cy - 2, w - 8, h / 2 - 2))
        path.moveTo(cx, cy - 2)
        path.lineTo(cx, y + h - 4)
        path.moveTo(x + 4, cy - 2)
        path.lineTo(cx, y + 6)
        path.lineTo(x + w - 4, cy - 2)
    elif value == 14:  # Silence: a crossed circle
        path.addEllipse(box.adjusted(3, 3, -3, -3))
        path.moveTo(x + 8, y + 8)
        path.lineTo(x + w - 8, y + h - 8)
    elif value == 13:  # Twin: two rings
        path.addEllipse(QRectF(x + 2, y + 8, w * 0.55, h * 0.55))
        path.addEllipse(QRectF(x + w * 0.43, y + 8, w * 0.55, h * 0.55))
    elif value == 9:  # Humble: a step down
        path.moveTo(x + 2, y + 6)
        path.lineTo(cx, y + 6)
        path.lineTo(cx, y + h - 6)
        path.lineTo(x + w - 2, y + h - 6)
    elif value == 6:  # One: a bar toward the middle
        path.moveTo(x + 2, cy)
        path.lineTo(x + w - 2, cy)
        path.moveTo(cx, y + 4)
        path.lineTo(cx, y + h - 4)
    elif value == 2:  # Pickpocket: a hook
        path.moveTo(cx, y + 2)
        path.lineTo(cx, cy + 4)
        path.arcTo(QRectF(cx - 12, cy - 6, 12, 20), 0, -180)
    else:  # Isolated: a lone dot outside a ring
        path.addEllipse(QRectF(x + 2, y + 6, w * 0.6, h * 0.6))
        path.addEllipse(QPointF(x + w - 4, y + h - 5), 3, 3)
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(
        QPen(colour, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    )
    painter.drawPath(path)
    painter.restore()
