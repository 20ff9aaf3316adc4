"""Where The Median's belt stands on the board: its ten tiles in one row, or, where ten across
cannot hold the pieces' words at the board's type (a square or portrait projector's), in two
rows of five, read like a line of text: 1-5 above, 6-10 under them, the belt moving left and
on from the start of the lower row to the end of the upper, tile 1 round to tile 10.

Plain geometry (QRectF, QPointF) in scene units: the board draws, this only measures.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

from .conveyor import TILES
from .piece_art import TOKEN_H, TOKEN_W

TILE_W, TILE_H, GAP = 152.0, 214.0, 4.0  # a tile, drawn at scale 1, and between two tiles
EDGE = 16.0  # the least room between the belt and the board's edge
ABOVE = 22.0  # the zone's band reaches this far above its tiles
# The pieces of two rows of five are drawn larger than they must be to hold their words, up
# to this (and as far as the board's width lets five stand in a row).
ROOMY = 1.3


@dataclass(frozen=True)
class BeltShape:
    """The belt's tiles `across` a row (10, or 5 in two rows), drawn `scale` times TILE_W x
    TILE_H, the first row's tiles from `top`, each row `pitch` under the last; `below` is
    how far the band reaches under a row's tiles (round its numbers), `caption` the room
    above the band that the zone's caption takes."""

    across: int
    scale: float
    top: float
    pitch: float
    below: float
    caption: float
    width: float  # the board's

    @staticmethod
    def fitted(need: float, width: float, top: float, below: float, caption: float) -> BeltShape:
        """The belt on a board `width` wide, its pieces at least `need` times their size: in
        one row where ten stand across so, else in two rows of five, larger (ROOMY)."""
        most = (width - 2 * EDGE) / (5 * (TILE_W + GAP) - GAP)
        if need * (TILES * (TILE_W + GAP) - GAP) <= width - 2 * EDGE:
            across, scale = TILES, need
        else:
            across, scale = 5, min(most, max(need, ROOMY))
        pitch = scale * TILE_H + below + ABOVE + caption
        return BeltShape(across, scale, top, pitch, below, caption, width)

    @property
    def rows(self) -> int:
        return -(-TILES // self.across)

    def row(self, index: int) -> int:
        """The row of tile `index` (0-based)."""
        return index // self.across

    def tile(self, index: int) -> QRectF:
        """Tile `index` (0-based)."""
        row, column = divmod(index, self.across)
        wide, gap = TILE_W * self.scale, GAP * self.scale
        left = (self.width - (self.across * wide + (self.across - 1) * gap)) / 2
        y = self.top + row * self.pitch
        return QRectF(left + column * (wide + gap), y, wide, TILE_H * self.scale)

    def token_pos(self, index: int) -> QPointF:
        """Where a piece on tile `index` stands (its top left corner)."""
        rect = self.tile(index)
        return QPointF(
            rect.x() + (rect.width() - TOKEN_W * self.scale) / 2,
            rect.y() + (rect.height() - TOKEN_H * self.scale) / 2,
        )

    def step(self) -> float:
        """From a tile's left edge to the next one's."""
        return (TILE_W + GAP) * self.scale

    def bottom(self) -> float:
        """Where the belt's last row ends, its numbers and band with it."""
        return self.top + (self.rows - 1) * self.pitch + TILE_H * self.scale + self.below

    def zone(self, start: int, end: int) -> QPainterPath:
        """The scoring zone's band over tiles `start` to `end` (1-based), round their numbers:
        one outline whichever rows it spans, the upper row's part reaching down to the
        lower's, so that it reads as one zone going on from the end of the first row."""
        half = GAP * self.scale / 2 + 4
        path = QPainterPath()
        first_row, last_row = self.row(start - 1), self.row(end - 1)
        for row in range(first_row, last_row + 1):
            first = max(start - 1, row * self.across)
            last = min(end - 1, (row + 1) * self.across - 1)
            left, right = self.tile(first), self.tile(last)
            top = left.top() - ABOVE
            bottom = left.bottom() + self.below
            if row < last_row:  # down to the next row's part, which it joins
                bottom = self.tile((row + 1) * self.across).top() - ABOVE + 1
            wide = right.right() - left.left() + 2 * half
            path.addRect(QRectF(left.left() - half, top, wide, bottom - top))
        return path.simplified()
