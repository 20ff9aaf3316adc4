"""A player's token on It's Good Enough's board: a disc of their colour with their mark inside,
drawn out into a pill where the mark is too wide for a disc ("G12" in a close crowd).

A mark never shrinks below the board's smallest type (its least_text, read from the back of a
room: the board passes its marks' size through Board.text_size), so the token makes room for it
instead: a mark of three characters is set condensed, and a token widens only as far as its
mark needs to sit clear of its edge, or of a scorer's ring.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsTextItem

from middleground.widgets.plugin import Board, board_font
from middleground.widgets.theme import ink_on

EDGE = 2.0  # a token's edge, in the text colour
# A scorer's ring in the accent colour runs from just inside the token's outline outwards,
# edged inside with the background's colour: it reads even on a token of the accent's own
# colour. Each is drawn along the outline this far out (the middle of its pen).
RING = 6.0
RING_AT = RING / 2 - 1
RING_EDGE = 3.0
RING_EDGE_AT = -1 - RING_EDGE / 2
PAD = 1.5  # between a mark's ink and the nearest edge
CROSS = 6.0  # the pen of the cross on a token whose number was shared
PLATE = 2.0  # round a crossed-out mark's ink, the plate that keeps the cross off it


def draw_token(
    board: Board,
    mark: str,
    fill: QColor,
    shape: tuple[float, float, float, float],
    size: float,
    scored: bool,
    out: bool,
    halo: float | None = None,
) -> QGraphicsTextItem:
    """A token of colour `fill` (faded and crossed out when `out`) with `mark` inside at type
    `size`; `shape` its centre, its reach either side and its radius. A scorer's token is
    ringed, and haloed `halo` outside its outline where given. Returns the mark."""
    x, y, half, radius = shape
    theme = board.theme
    colour = QColor(fill)
    if out:
        colour.setAlpha(90)
    if halo is not None:  # in both the accent and the text colour: seen on any seat colour
        board.addPath(outline(x, y, half, radius, halo), QPen(theme.color("text"), 3))
    if scored:
        board.addPath(outline(x, y, half, radius), QPen(Qt.PenStyle.NoPen), QBrush(colour))
        board.addPath(outline(x, y, half, radius, RING_AT), QPen(theme.color("accent"), RING))
        edge = QPen(theme.color("background"), RING_EDGE)
        board.addPath(outline(x, y, half, radius, RING_EDGE_AT), edge)
    else:
        style = Qt.PenStyle.DashLine if out else Qt.PenStyle.SolidLine
        edge = QPen(theme.color("text"), EDGE, style)
        board.addPath(outline(x, y, half, radius), edge, QBrush(colour))
    seen = seen_on(colour, theme.color("background"))
    font = mark_font(mark, size)
    if out:  # crossed out; the cross passes behind the mark, on a plate of the token's colour
        cross = QPen(theme.color("warning"), CROSS)
        board.addLine(x - half, y - radius, x + half, y + radius, cross)
        board.addLine(x - half, y + radius, x + half, y - radius, cross)
        if mark:
            ink = QFontMetricsF(font).tightBoundingRect(mark)
            plate = QRectF(0, 0, ink.width() + 2 * PLATE, ink.height() + 2 * PLATE)
            plate.moveCenter(QPointF(x, y))
            board.addRect(plate, QPen(Qt.PenStyle.NoPen), QBrush(seen))
    item = board.addText(mark)
    item.setFont(font)
    item.setDefaultTextColor(ink_on(seen))
    centre_mark(item, x, y)
    return item


def mark_font(mark: str, size: float) -> QFont:
    """The type of a token's mark: bold, as large as the others; three characters condensed."""
    font = board_font(size, bold=True)
    if len(mark) > 2:
        font.setStretch(QFont.Stretch.Condensed)
    return font


@lru_cache(maxsize=4096)  # asked of every token, for each look, at every redraw of a crowd
def reach(mark: str, size: float, radius: float, scored: bool) -> float:
    """How far a token reaches either side of its number: its radius, or further (a pill) where
    its mark would otherwise touch the token's edge or ring."""
    ink = QFontMetricsF(mark_font(mark, size)).tightBoundingRect(mark)
    room = radius - (1 + RING_EDGE if scored else EDGE / 2) - PAD
    # A corner of the mark's ink must lie within `room` of the straight middle of the pill.
    beside = math.sqrt(max(0.0, room**2 - (ink.height() / 2) ** 2))
    return radius + max(0.0, ink.width() / 2 - beside)


def outline(x: float, y: float, half: float, radius: float, by: float = 0.0) -> QPainterPath:
    """A token's outline about (x, y), `half` wide each side and `radius` high (a disc where
    they are equal), or the outline `by` outside it (inside, where negative)."""
    half, radius = half + by, radius + by
    path = QPainterPath()
    path.addRoundedRect(QRectF(x - half, y - radius, 2 * half, 2 * radius), radius, radius)
    return path


def centre_mark(item: QGraphicsTextItem, x: float, y: float) -> None:
    """Put a mark's ink (not the box of its line, which is taller below) centred on (x, y)."""
    item.boundingRect()  # lays the text out
    line = item.document().firstBlock().layout().lineAt(0)
    margin = item.document().documentMargin()
    ink = QFontMetricsF(item.font()).tightBoundingRect(item.toPlainText())
    item.setPos(
        x - margin - line.x() - ink.center().x(),
        y - margin - line.y() - line.ascent() - ink.center().y(),
    )


def seen_on(colour: QColor, background: QColor) -> QColor:
    """The colour a see-through `colour` shows on `background`."""
    alpha = colour.alphaF()
    return QColor.fromRgbF(
        *(
            a * alpha + b * (1 - alpha)
            for a, b in zip(colour.getRgbF()[:3], background.getRgbF()[:3], strict=True)
        )
    )
