"""The public board of The Median: the conveyor, its scoring zone, the ranking, the draft.

One focal point: the ten pieces on the belt, animated through the last round's moves (Jump's
leap, Exchange's swap, Gravity's pull, the pushes). The scoring zone is hatched, outlined and
labelled, never marked by colour alone. The ranking sits at the side, quieter: names in the
displayed order, no scores. Holders are never drawn (they are secret until the game ends).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsTextItem

from middleground.engine import FrozenDict, View
from middleground.engine.words import counted, join_names, ordinal
from middleground.widgets.forms import name_then
from middleground.widgets.plugin import SCENE, Board, board_font
from middleground.widgets.theme import OKABE_ITO

from .characters import CHARACTERS, DUMMY, Piece, label
from .conveyor import TILES, zone_start
from .rules import pass_outcome

TILE_W, GAP = 152.0, 4.0
LEFT = (SCENE.width() - (TILES * TILE_W + (TILES - 1) * GAP)) / 2
TILE_Y, TILE_H = 178.0, 214.0
TOKEN_W, TOKEN_H = 144.0, 200.0
# The board fills five sixths of a 16:9 projector: 28 scene units are then 1/40 of its height.
SMALLEST = 28.0
LOWER_Y = 468.0  # the round's story and the ranking start here
RANK_X = 1150.0
RANK_INSET = 20.0  # the ranking's box: from this far left of its rows to this far from the edge
TEXT_MARGIN = 4.0  # a text item's margin around its text (QTextDocument's documentMargin)
# The draft's fourteen pieces stand in rows of seven, at least this far apart; in rows of
# fewer where the projector's larger type under them needs more room (a square window's).
DRAFT_ROWS, DRAFT_SPREAD = (7, 5, 4, 3), 190.0
STEP_MS = 340  # each move animates within 200-400 ms
FADE_MS = 240


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


def tile_x(index: int) -> float:
    """The left edge of tile `index` (0-based)."""
    return LEFT + index * (TILE_W + GAP)


def revealed_line(view: View, beside_buttons: bool) -> str:
    """The status line while the table reads a reveal: what comes next, and beside the table's
    Continue the button that brings it; away from it (the projector, an exported picture),
    when it comes. Neutral: a player practising alone reads it too."""
    if not view.board["conveyor"]:
        then = "the next pass"
    elif view.round == 1:  # the draft's last pass: the belt as the characters start out
        then = "round 1"
    else:
        then = "the next round"
    if beside_buttons:
        return f"Revealed: press Continue for {then}."
    return f"Revealed: {then} starts when everyone has seen it."


def token_pos(index: int) -> QPointF:
    return QPointF(tile_x(index) + (TILE_W - TOKEN_W) / 2, TILE_Y + (TILE_H - TOKEN_H) / 2)


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

    def boundingRect(self) -> QRectF:
        top = TAKEN_MARK.top() - 2
        return QRectF(-4, top, TAKEN_MARK.right() + 6, TOKEN_H + 4 - top)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        theme = self.board.theme
        least = self.board.smallest()
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
            painter.setFont(_font(96, True, least))
            painter.drawText(QRectF(0, 10, TOKEN_W, 120), Qt.AlignmentFlag.AlignCenter, "X")
            painter.setFont(_font(24, True, least))
            painter.drawText(QRectF(0, 132, TOKEN_W, 50), Qt.AlignmentFlag.AlignCenter, "dummy")
            return
        character = CHARACTERS[int(self.piece)]
        painter.setPen(QPen(colour, 6))
        painter.setBrush(QBrush(theme.color("surface")))
        painter.drawRoundedRect(body.adjusted(3, 3, -3, -3), 18, 18)
        draw_power_mark(painter, character.value, QRectF(90, 12, 32, 32), theme.color("text"))
        painter.setOpacity(words)
        # The power glyph: the character's letter on a disc of its colour.
        disc = QRectF(10, 12, 68, 68)
        painter.setPen(QPen(theme.color("text"), 2))
        painter.setBrush(QBrush(colour))
        painter.drawEllipse(disc)
        painter.setPen(ink_on(colour))
        painter.setFont(_font(42, True, least))
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, character.glyph)
        # The tiebreak value: large, it decides ties and the order powers act in.
        painter.setPen(theme.color("text"))
        painter.setFont(_font(40, True, least))
        painter.drawText(
            QRectF(78, 44, TOKEN_W - 86, 50),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            str(character.value),
        )
        font = _fitting_font(character.name, TOKEN_W - 20, 30, least=least)
        painter.setFont(font)
        painter.drawText(QRectF(0, 104, TOKEN_W, 46), Qt.AlignmentFlag.AlignCenter, character.name)
        painter.setOpacity(face)
        painter.setPen(QPen(theme.color("muted"), 2))
        painter.drawLine(QPointF(18, 154), QPointF(TOKEN_W - 18, 154))
        painter.setOpacity(words)
        painter.setPen(theme.color("muted"))
        painter.setFont(_fitting_font(POWER_WORDS[character.value], TOKEN_W - 22, 28, False, least))
        painter.drawText(
            QRectF(0, 158, TOKEN_W, 36), Qt.AlignmentFlag.AlignCenter, POWER_WORDS[character.value]
        )
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
    """The font at `size`, narrowed (never smaller) until `text` fits `width`."""
    font = _font(size, bold, least)
    stretch = 100
    while stretch > 70 and QFontMetricsF(font).horizontalAdvance(text) > width:
        stretch -= 5
        font.setStretch(stretch)
    return font


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


# ----- motion ---------------------------------------------------------------------------


def _path_for(move: Mapping[str, Any], piece: Piece, start: int, end: int) -> str:
    """How a piece travels in a move: slide, wrap (round the end of the belt) or arc."""
    if start == end:
        return "stay"
    kind = move["kind"]
    if kind == "push":
        return "wrap" if end > start else "slide"
    if kind == "jump" and piece == move.get("by"):
        return "arc"
    if kind == "swap":
        return "arc" if piece == move["pieces"][0] else "dip"
    if kind == "pull" and piece == move.get("piece"):
        return "arc"
    return "slide"


def _who_picks(without: int, players: int, free: int) -> str:
    """Who picks in the draft pass under way, `without` of `players` having no character yet,
    and how a pick fares, as the table may know it: how many pick, never who (the others
    confirm, so that nobody can tell)."""
    are = "is" if free == 1 else "are"
    left = f"{free} of {len(CHARACTERS)} characters {are} free"
    if without >= players:
        return (
            f"Everyone picks in secret. {left}; one picked by two or more players goes to nobody."
        )
    # Later passes: only the players of a clash (two or more) pick, the others confirm. Two
    # lines, a sentence each: balanced, the one line too long for the board broke mid-count.
    return (
        f"The {without} players without a character pick again in secret; the others confirm."
        f"\n{left}; one picked by two or more of them goes to nobody."
    )


class GameBoard(Board):
    """The conveyor with its zone, the round's story, the ranking; the draft before it."""

    draws_standings = True  # the ranking column is the standings
    fills_height = True  # its rows flow down a taller board (a square projector's)

    def __init__(self, theme) -> None:
        super().__init__(theme)
        self.tokens: dict[Piece, TokenItem] = {}
        self.conveyor: tuple[Piece, ...] = ()
        self._kept: dict[Piece, TokenItem] = {}  # the pieces of the last drawing, to reuse
        self._zone: tuple[int, ...] = ()
        self._rounds_seen: int | None = None
        self._animation: QVariantAnimation | None = None
        self._steps: list[tuple[dict, tuple[Piece, ...], tuple[Piece, ...]]] = []

    # ----- the public entry ----------------------------------------------------------

    def show_view(self, view: View) -> None:
        board = view.board
        self.setBackgroundBrush(self.theme.color("background"))
        # Redrawn from scratch but for the pieces, which are kept with their place, any motion
        # and the pictures they are drawn from (drawing ten pieces afresh for each view was
        # most of a redraw's time).
        self._kept = self.tokens
        for token in self._kept.values():
            self.removeItem(token)
        self.tokens = {}
        self.clear()
        if not board["conveyor"]:
            self._zone = ()
            self._show_draft(view)
            self._rounds_seen = None
            return
        self._header(view)
        self._belt(view)
        bottom = self._story(view)
        if not view.finished:
            self._legend(bottom)
        self._ranking(view)
        with self.part("status"):
            self._status(view)
        self._place_tokens(board)

    def update_view(self, drawn: View, view: View) -> bool:
        """One more sealed pick or set of orders changes only the line counting them."""
        draw = self._status if view.board["conveyor"] else self._draft_status
        return self.redraw_status(drawn, view, draw)

    def set_least_text(self, size: float) -> bool:
        """A piece's words follow the board's floor (see smallest): each is painted afresh."""
        changed = super().set_least_text(size)
        if changed:
            for token in self.tokens.values():
                token.update()
        return changed

    def set_theme(self, theme, view: View | None) -> None:
        self.theme = theme
        for token in self.tokens.values():
            token.update()
        self._drawn = None
        if view is not None:
            self.refresh(view)

    def finish_animations(self) -> None:
        """Jump every piece to where it ends (tests, exports)."""
        if self._animation is not None:
            self._animation.stop()
            self._animation.deleteLater()
            self._animation = None
        self._steps = []
        for index, piece in enumerate(self.conveyor):
            token = self.tokens[piece]
            token.setPos(token_pos(index))
            token.setOpacity(1.0)
            token.setZValue(10)

    def pieces_in_order(self) -> list[Piece]:
        """The pieces as drawn, left to right (where they stand once motion ends)."""
        on_belt = [t for t in self.tokens.values() if t.isVisible() and not t.dimmed]
        return [t.piece for t in sorted(on_belt, key=lambda t: t.x())]

    def zone_tiles(self) -> tuple[int, ...]:
        """The scoring zone drawn now, (first tile, last tile); () during the draft."""
        return self._zone

    # ----- drawing helpers -----------------------------------------------------------

    def smallest(self) -> float:
        """The board's smallest type: SMALLEST, or the projector's floor where that is higher
        (Board.least_text: a 4:3 projector shows the board less high than itself)."""
        return self.text_size(SMALLEST)

    def _text(self, text: str, size: float, *args: Any, **kwargs: Any) -> QGraphicsTextItem:
        """A label never smaller than the board's smallest type (see smallest)."""
        return self.label(text, math.ceil(max(size, SMALLEST)), *args, **kwargs)

    def _row(
        self, before: str, name: str, after: str, size: float, bold: bool, names: Sequence[str]
    ) -> str:
        """A row of the ranking, in the width of its box: a long name ends in an ellipsis
        ("Bartholomew Fitzg…"), never the place, the star or the score (a whole name ran past
        the box's edge), and still tells its player from the others in `names`
        ("Bartholomew…Ashby", "Bartholomew…Ashton"). The box's edge stays as far from the
        row's end as from its start: a row that took all the room, as a bold one of Final
        places with a long name does, ended touching it."""
        metrics = QFontMetrics(self.text_font(math.ceil(max(size, SMALLEST)), bold))
        start = RANK_X + TEXT_MARGIN
        margin = start - (RANK_X - RANK_INSET)  # from the box's left edge to the text
        end = SCENE.width() - RANK_INSET - margin
        room = int(end - start) - metrics.horizontalAdvance(before)
        return before + name_then(metrics, name, after, room, names)

    def _rect(self, rect: QRectF, pen: QPen | Qt.PenStyle, brush: QBrush) -> QGraphicsRectItem:
        return self.addRect(rect, pen if isinstance(pen, QPen) else QPen(pen), brush)

    def _token(self, piece: Piece) -> TokenItem:
        if piece not in self.tokens:
            token = self._kept.pop(piece, None) or TokenItem(self, piece)
            self.addItem(token)
            self.tokens[piece] = token
        return self.tokens[piece]

    # ----- the rounds ----------------------------------------------------------------

    def _header(self, view: View) -> None:
        board = view.board
        shown = _revealed_round(view)
        if view.finished:
            title, worth = "Game over", "5th place wins; 1st and 9th lose"
        elif shown == 0:  # the draft's last pass: the belt as the characters start out
            title, worth = "The draft: the reveal", "round 1 comes next"
        elif shown is not None:
            title = f"Round {shown}: the reveal"
            worth = f"worth {counted(shown, 'point')} a character"
        else:
            title = f"Round {view.round} of {board['rounds_total']}"
            worth = f"worth {counted(view.round, 'point')} a character"
        head = self._text(title, 58, 34, 14, bold=True)
        said = self._text(worth, 32, 34 + head.boundingRect().width() + 16, 34, "muted")
        # The belt's direction: it moves left, the leftmost piece going round to tile 10.
        arrow = self._text("◀ belt moves left; 1 wraps to 10", 28, 0, 0, "muted")
        arrow.setPos(SCENE.width() - 34 - arrow.boundingRect().width(), 36)
        shorter = worth.replace(" a character", " each")  # a long heading: the worth in brief
        for text in (shorter, ""):
            if said.sceneBoundingRect().right() <= arrow.x() - 16:
                break
            said.setPlainText(text)

    def _belt(self, view: View) -> None:
        board = view.board
        start, end = board["scoring_zone"] or (1, TILES)
        shown = _revealed_round(view)
        if shown:  # the zone the revealed round scored in, not the next one's
            start = zone_start(shown)
        self._zone = (start, end)
        theme = self.theme
        # The zone: hatched band, dashed outline and a label with a star; never colour alone.
        left = tile_x(start - 1) - GAP / 2 - 4
        right = tile_x(end - 1) + TILE_W + GAP / 2 + 4
        band = QRectF(left, TILE_Y - 22, right - left, TILE_H + 62)
        tint = QColor(theme.accent)
        tint.setAlpha(46)
        self._rect(band, Qt.PenStyle.NoPen, QBrush(tint))
        hatch = QColor(theme.accent)
        hatch.setAlpha(120)
        self._rect(band, Qt.PenStyle.NoPen, QBrush(hatch, Qt.BrushStyle.BDiagPattern))
        self._rect(band, QPen(theme.color("accent"), 5, Qt.PenStyle.DashLine), QBrush())
        tiles = f"tiles {start}–{end}" if start < end else f"tile {end}"
        caption = self._text(f"★ Scoring zone: {tiles}", 32, 0, 0, "accent", bold=True)
        width = caption.boundingRect().width()
        x = max(band.left(), min(band.right() - width, band.left()))
        caption.setPos(max(16, min(x, SCENE.width() - 16 - width)), TILE_Y - 70)
        for index in range(TILES):
            rect = QRectF(tile_x(index), TILE_Y, TILE_W, TILE_H)
            inside = index + 1 >= start
            self._rect(
                rect,
                QPen(theme.color("muted"), 2, Qt.PenStyle.SolidLine),
                QBrush(Qt.BrushStyle.NoBrush),
            ).setZValue(1)
            number = self._text(
                f"{index + 1}", 28, 0, TILE_Y + TILE_H + 2, "accent" if inside else "muted", inside
            )
            number.setX(tile_x(index) + (TILE_W - number.boundingRect().width()) / 2)

    def _story(self, view: View) -> float:
        """The last round in words; returns where the text ends."""
        rounds = view.board["rounds"]
        width = RANK_X - 70
        if not rounds:
            self._text("Round 1 is about to be played.", 30, 34, LOWER_Y, bold=True)
            self._text(
                "Every character pushes the belt or not and may use its power. "
                "Characters in the zone score the round's worth for their secret holder.",
                27,
                34,
                LOWER_Y + 48,
                "muted",
                width=width,
            )
            return LOWER_Y + 160
        last = rounds[-1]
        self._text(f"Round {last['round']}", 32, 34, LOWER_Y, bold=True)
        lines = [line for line in last["lines"] if not line.startswith("The scoring zone")]
        story = self._text(" ".join(lines), 32, 34, LOWER_Y + 50, width=width)
        return story.y() + story.boundingRect().height()

    def _legend(self, story: float) -> None:
        """How to read a piece, for whoever joins late: quiet, over the status line, where
        there is room for it below the story (which ends at `story`)."""
        legend = self._text(
            "A piece shows its power's letter and mark, its tiebreak value (powers act from "
            "the lowest) and its name. Who holds which piece stays secret.",
            28,
            34,
            0,
            "muted",
            width=RANK_X - 70,
        )
        top = min(self.height() - 190, self._status_top() - legend.boundingRect().height())
        if top < story + self.smallest():
            self.removeItem(legend)
        else:
            legend.setY(top)

    def _ranking(self, view: View) -> None:
        board = view.board
        final = board.get("final")
        x, y = RANK_X, LOWER_Y
        self._rect(
            QRectF(x - RANK_INSET, y - 6, SCENE.width() - x, self.height() - y - 4),
            QPen(self.theme.color("muted"), 2),
            QBrush(self.theme.color("surface")),
        )
        if isinstance(final, FrozenDict):
            self._final(view, final, x, y)
            return
        rounds = board["rounds"]
        title = f"Ranking after round {len(rounds)}" if rounds else "Ranking"
        top = self._rank_title(title, x, y)
        if not board["ranking"]:
            self._text(
                "shown after each round: places only, never scores",
                24,
                x,
                top,
                "muted",
                width=SCENE.width() - x - 20,
            )
            return
        step = self._rank_step(27)
        for place, seat in enumerate(board["ranking"], start=1):
            row_y = top + (place - 1) * step
            target = place == 5
            if target:  # the place that wins: outlined and starred, not just coloured
                self._rect(
                    QRectF(x - 8, row_y + 1, SCENE.width() - x - 16, step - 1),
                    QPen(self.theme.color("accent"), 3),
                    QBrush(),
                )
            mark = " ★" if target else ""
            self._text(
                self._row(
                    f"{ordinal(place)}  ", view.players[seat], mark, 27, target, view.players
                ),
                27,
                x,
                row_y,
                "accent" if target else "text",
                bold=target,
            )

    def _rank_title(self, title: str, x: float, y: float) -> float:
        """The ranking's title, wrapped to its box; where its rows start."""
        item = self._text(title, 28, x, y, bold=True, width=SCENE.width() - x - 20)
        return max(y + 44, y + item.boundingRect().height())

    def _rank_step(self, size: float) -> float:
        """From one ranking row to the next: 41, or a line of the projector's larger type."""
        line = QFontMetricsF(self.text_font(math.ceil(max(size, SMALLEST)))).height()
        return max(41.0, math.ceil(line + 2 * TEXT_MARGIN))

    def _final(self, view: View, final: Mapping[str, Any], x: float, y: float) -> None:
        top = self._rank_title("Final places", x, y)
        order = final["order"]
        last = len(order)
        step = self._rank_step(26)
        for place, seat in enumerate(order, start=1):
            row_y = top + (place - 1) * step
            mark = "★ " if place == 5 else ("✕ " if place in (1, last) else "")
            held = "".join(CHARACTERS[c].glyph for c in final["holders"][seat])
            colour = "accent" if place == 5 else ("error" if mark else "text")
            scored = f"  {final['scores'][seat]}  {held}"
            self._text(
                self._row(
                    f"{ordinal(place)} {mark}",
                    view.players[seat],
                    scored,
                    26,
                    bool(mark),
                    view.players,
                ),
                26,
                x,
                row_y,
                colour,
                bold=bool(mark),
            )

    def _status(self, view: View) -> None:
        said: tuple[str, ...]
        if view.finished:
            said = (  # what Final places shows beside each name (see _final)
                "The game is over. Final places shows each player's score and the letters of "
                "the characters they held at the end.",
            )
        elif view.revealing:  # the table reads what came of the orders (or the draft)
            said = (revealed_line(view, self.beside_buttons),)
        elif view.awaiting and not view.submitted:
            said = ("Waiting for everyone's orders.",)
        elif view.awaiting:
            said = _waiting(view, "sent orders")
        else:
            said = ("Revealing…",)
        self._status_line(*said, width=RANK_X - 70)

    def _status_line(self, text: str, shorter: str = "", *, width: float) -> None:
        """The quiet line at the foot of the board: on two lines at most, the second above
        the first, and `shorter` instead of a `text` that needs more."""
        line = self._text(text, 24, 34, 0, "muted", width=width)
        if shorter and line.boundingRect().height() > 2.5 * QFontMetricsF(line.font()).height():
            self.removeItem(line)
            line = self._text(shorter, 24, 34, 0, "muted", width=width)
        line.setY(min(self.height() - 70, self.height() - 6 - line.boundingRect().height()))

    def _status_top(self) -> float:
        """Where the status line's two lines would start: what is above it ends before. It is
        drawn again alone as choices come in, one line growing to two."""
        lines = 2 * QFontMetricsF(self.text_font(math.ceil(max(24, SMALLEST)))).height()
        return self.height() - 6 - lines - 2 * TEXT_MARGIN - self.smallest() / 2

    # ----- the pieces and their motion -----------------------------------------------

    def _place_tokens(self, board: Mapping[str, Any]) -> None:
        conveyor = tuple(board["conveyor"])
        for piece in conveyor:
            token = self._token(piece)
            token.dimmed = False
            token.setVisible(True)
        rounds = board["rounds"]
        seen, self._rounds_seen = self._rounds_seen, len(rounds)
        new_round = seen is not None and len(rounds) == seen + 1 and rounds[-1]["moves"]
        changed = conveyor != self.conveyor
        self.conveyor = conveyor
        if new_round:
            moves = list(rounds[-1]["moves"])
            if self.reduced_motion:
                self._fade(moves[0]["before"], conveyor)
            else:
                self._animate(moves)
            return
        if self._animation is not None and not changed:
            return  # a redraw while the pieces move: let them finish
        self.finish_animations()

    def _fade(self, before: Sequence[Piece], after: Sequence[Piece]) -> None:
        """Reduced motion: the pieces that moved fade in on their new tiles."""
        self.finish_animations()
        moved = [p for i, p in enumerate(after) if before[i] != p]
        animation = self._new_animation()
        animation.setDuration(FADE_MS)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)

        def fade(value: float) -> None:
            for piece in moved:
                self.tokens[piece].setOpacity(0.15 + 0.85 * value)

        animation.valueChanged.connect(fade)
        animation.finished.connect(self.finish_animations)
        fade(0.0)
        self._animation = animation
        animation.start()

    def _new_animation(self) -> QVariantAnimation:
        """An animation the scene owns: Qt deletes it once it ends (never mid-signal)."""
        animation = QVariantAnimation(self)
        animation.finished.connect(animation.deleteLater)
        return animation

    def _animate(self, moves: Sequence[Mapping[str, Any]]) -> None:
        if self._animation is not None:
            self._animation.stop()
            self._animation.deleteLater()
        self._steps = [(dict(m), tuple(m["before"]), tuple(m["after"])) for m in moves]
        first = self._steps[0][1]
        for index, piece in enumerate(first):
            self.tokens[piece].setPos(token_pos(index))
            self.tokens[piece].setOpacity(1.0)
        self._next_step()

    def _next_step(self) -> None:
        if not self._steps:
            self.finish_animations()
            return
        move, before, after = self._steps.pop(0)
        travels = {
            piece: (start, after.index(piece), _path_for(move, piece, start, after.index(piece)))
            for start, piece in enumerate(before)
        }
        animation = self._new_animation()
        animation.setDuration(STEP_MS)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setEasingCurve(QEasingCurve.Type.InOutCubic)

        def frame(value: float) -> None:
            for piece, (start, end, path) in travels.items():
                self._move_token(self.tokens[piece], start, end, path, float(value))

        animation.valueChanged.connect(frame)
        animation.finished.connect(self._next_step)
        self._animation = animation
        animation.start()

    def _move_token(self, token: TokenItem, start: int, end: int, path: str, t: float) -> None:
        a, b = token_pos(start), token_pos(end)
        if path == "stay":
            token.setPos(a)
            return
        if path == "wrap":  # off the left end, fading, and in again from the right
            shift = (TILE_W + GAP) * 1.2
            if t < 0.5:
                self.move_in_steps(token, a.x() - shift * (t / 0.5), a.y())
                token.setOpacity(1 - t / 0.5)
            else:
                self.move_in_steps(token, b.x() + shift * ((1 - t) / 0.5), b.y())
                token.setOpacity((t - 0.5) / 0.5)
            return
        token.setOpacity(1.0)
        token.setZValue(20 if path == "arc" and t < 1 else 10)  # the leaper passes over
        lift = {"arc": -1.0, "dip": 1.0}.get(path, 0.0) * 70 * math.sin(math.pi * t)
        self.move_in_steps(token, a.x() + (b.x() - a.x()) * t, a.y() + lift)

    # ----- the draft -----------------------------------------------------------------

    def _show_draft(self, view: View) -> None:
        board = view.board
        free = set(board["free"])
        passes = board["draft_passes"]
        # While the table reads a pass's reveal, the game is on to the next pass already: the
        # board tells the pass revealed, and the next one after Continue.
        just_taken: set[int] = set()
        without = len(view.players) - (len(CHARACTERS) - len(free))  # a taken one per player
        if view.revealing:
            just_taken = set(board["draft_taken"])
            shown = f"pass {board['draft_pass'] - 1} of {passes}: the reveal"
            line = pass_outcome(board["draft_taken"], without)
        else:
            shown = f"pass {board['draft_pass']} of {passes}"
            line = _who_picks(without, len(view.players), len(free))
        head = self._text("The draft", 58, 34, 14, bold=True)
        self._text(shown, 32, 34 + head.boundingRect().width() + 16, 34, "muted")
        said = self._text(line, 28, 34, 104, width=SCENE.width() - 68)
        pieces = sorted(CHARACTERS)
        tags = [self._draft_tag(c not in free, c in just_taken) for c in pieces]
        widest = max(tag.boundingRect().width() - 2 * TEXT_MARGIN for tag in tags)
        across, spread = self._draft_spread(widest)
        left = (SCENE.width() - (across - 1) * spread - TOKEN_W) / 2
        # Where the table first meets the tiebreak values: what the big number means.
        tiebreak = self._text(
            "The number on a piece is its tiebreak value: lowest acts first, and it breaks ties "
            "at the end.",
            28,
            34,
            0,
            "muted",
            width=SCENE.width() - 68,
        )
        high = max(t.boundingRect().height() for t in tags)
        rows = self._draft_rows(-(-len(pieces) // across), said, high, tiebreak)
        for index, (character, tag) in enumerate(zip(pieces, tags, strict=True)):
            row, column = divmod(index, across)
            token = self._token(character)
            token.setVisible(True)
            token.setOpacity(1.0)
            token.dimmed = character not in free
            token.setPos(left + column * spread, rows[row])
            tag.setPos(
                token.x() + (TOKEN_W - tag.boundingRect().width()) / 2, token.y() + TOKEN_H + 4
            )
        with self.part("status"):
            self._draft_status(view)
        self.conveyor = ()

    def _draft_rows(
        self, count: int, said: QGraphicsItem, tag: float, tiebreak: QGraphicsItem
    ) -> list[float]:
        """Where the draft's `count` rows of pieces stand, under the line `said` and each
        with its words (`tag` high) under it; `tiebreak` is placed below them. On a board
        taller than 16:9 (a square projector's) or in its larger type they stand further down
        and apart, the room left shared out down to the status line, which nothing reaches."""
        gap = self.smallest()
        first = max(220.0, said.y() + said.boundingRect().height() + gap)
        step = max(290.0, TOKEN_H + 4 + tag + gap)
        below = max(770.0, first + (count - 1) * step + TOKEN_H + 4 + tag + gap)
        spare = self._status_top() - tiebreak.boundingRect().height() - below
        share = max(0.0, spare) / (count + 2)  # above each row and the tiebreak line, and under
        tiebreak.setY(below + (count + 1) * share)
        return [first + row * (step + share) + share for row in range(count)]

    def _draft_tag(self, taken: bool, just: bool) -> QGraphicsTextItem:
        """The word under a piece in the draft: "just taken" in the pass the table is
        reading, "taken" in an earlier one, else "free"."""
        if just:
            return self._text("just taken", 26, 0, 0, "text", bold=True)
        if taken:
            return self._text("taken", 26, 0, 0, "text")
        return self._text("free", 26, 0, 0, "accent", bold=True)

    def _draft_spread(self, widest: float) -> tuple[int, float]:
        """How many of the draft's pieces stand in a row (DRAFT_ROWS), and how far apart,
        left edge to left edge: DRAFT_SPREAD, or further where the `widest` word under them
        would come closer to the next one than a type size. A projector's larger type (1/40
        of a 4:3 window's height) widened "just taken" till two of them side by side nearly
        read as one line. No further than the board's margins allow, the words at a row's
        ends inside them: where seven a row would not keep the gap (a square window's type),
        fewer stand in a row."""
        wanted = max(DRAFT_SPREAD, widest + self.smallest())
        for across in DRAFT_ROWS:
            most = (SCENE.width() - 68 - max(TOKEN_W, widest)) / (across - 1)
            if wanted <= most:
                break
        return across, min(wanted, most)

    def _draft_status(self, view: View) -> None:
        said: tuple[str, ...]
        if view.revealing:
            said = (revealed_line(view, self.beside_buttons),)
        elif view.submitted:
            said = _waiting(view, "picked")
        else:
            said = ("Waiting for everyone's pick.",)
        self._status_line(*said, width=SCENE.width() - 68)


def _waiting(view: View, done: str) -> tuple[str, str]:
    """How many have made the sealed choice and whom the table waits for, by name ("7 of 9
    have picked. Waiting for Cleo and Dev.") and, for names too long to show, by number."""
    count = len(view.submitted)
    awaited = [view.players[s] for s in view.awaiting if s not in view.submitted]
    have = "has" if count == 1 else "have"
    so_far = f"{count} of {len(view.players)} {have} {done}."
    return (
        f"{so_far} Waiting for {join_names(awaited)}.",
        f"{so_far} Waiting for the other {len(awaited)}.",
    )


def _revealed_round(view: View) -> int | None:
    """The round whose reveal the table is reading (0: the draft's last pass), while it
    reads one: the game has moved on to the next round by then."""
    if view.revealing and not view.finished:
        return view.round - 1
    return None
