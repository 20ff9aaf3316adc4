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

from PySide6.QtCore import QEasingCurve, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetrics,
    QFontMetricsF,
    QPen,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsTextItem

from middleground.engine import FrozenDict, View
from middleground.engine.words import counted, join_names, ordinal
from middleground.widgets.forms import name_then
from middleground.widgets.plugin import SCENE, Board

from .belt_shape import ABOVE, GAP, ROOMY, BeltShape
from .characters import CHARACTERS, Piece
from .conveyor import TILES, zone_start
from .piece_art import SMALLEST, TOKEN_H, TOKEN_W, TokenItem, piece_scale
from .rules import pass_outcome

TILE_Y = 178.0  # the belt's first row of tiles starts here, or under a heading that needs more
BELOW_BELT = 36.0  # from the belt's foot (its numbers) to the round's story and the ranking
RANK_X = 1150.0
RANK_INSET = 20.0  # the ranking's box: from this far left of its rows to this far from the edge
RANK_EMS = 9  # the ranking stands beside the story where its column is this many type sizes wide
TEXT_MARGIN = 4.0  # a text item's margin around its text (QTextDocument's documentMargin)
# The draft's fourteen pieces stand in rows of seven, at least this far apart; in rows of
# fewer where the projector's larger type under them needs more room (a square window's).
DRAFT_ROWS, DRAFT_SPREAD = (7, 5, 4, 3), 190.0
STEP_MS = 340  # each move animates within 200-400 ms
FADE_MS = 240


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
        self.belt = BeltShape.fitted(1.0, SCENE.width(), TILE_Y, 40.0, 48.0)  # as last drawn
        self._pieces_scale = 1.0  # how much larger than TOKEN_W x TOKEN_H pieces are drawn
        self._status_width = RANK_X - 70  # the status line's, as last drawn

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
        self._belt(view, self._header(view))
        self._lower(view, self.belt.bottom() + BELOW_BELT)
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
            token.setPos(self.belt.token_pos(index))
            token.setOpacity(1.0)
            token.setZValue(10)

    def pieces_in_order(self) -> list[Piece]:
        """The pieces as drawn, in the belt's order: left to right, a row at a time (where
        they stand once motion ends)."""
        on_belt = [t for t in self.tokens.values() if t.isVisible() and not t.dimmed]
        return [t.piece for t in sorted(on_belt, key=lambda t: (round(t.y()), t.x()))]

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
        self,
        before: str,
        name: str,
        after: str,
        size: float,
        bold: bool,
        names: Sequence[str],
        width: float,
    ) -> str:
        """A row of the ranking, in the width of its box: a long name ends in an ellipsis
        ("Bartholomew Fitzg…"), never the place, the star or the score (a whole name ran past
        the box's edge), and still tells its player from the others in `names`
        ("Bartholomew…Ashby", "Bartholomew…Ashton"). The box's edge stays as far from the
        row's end as from its start: a row that took all the room, as a bold one of Final
        places with a long name does, ended touching it. `width`: the column's, from its text's
        start (a column of the box: RANK_INSET in from its left edge) to the next column's,
        or to the box's right edge."""
        metrics = QFontMetrics(self.text_font(math.ceil(max(size, SMALLEST)), bold))
        margin = RANK_INSET + TEXT_MARGIN  # from the box's left edge to the text
        room = int(width - TEXT_MARGIN - margin) - metrics.horizontalAdvance(before)
        return before + name_then(metrics, name, after, room, names)

    def _rect(self, rect: QRectF, pen: QPen | Qt.PenStyle, brush: QBrush) -> QGraphicsRectItem:
        return self.addRect(rect, pen if isinstance(pen, QPen) else QPen(pen), brush)

    def _token(self, piece: Piece) -> TokenItem:
        if piece not in self.tokens:
            token = self._kept.pop(piece, None) or TokenItem(self, piece)
            self.addItem(token)
            self.tokens[piece] = token
        token = self.tokens[piece]
        token.setScale(self._pieces_scale)
        return token

    def _line_height(self, size: float) -> float:
        """The height of a text item of one line in type of `size` (never under smallest)."""
        return (
            QFontMetricsF(self.text_font(math.ceil(max(size, SMALLEST)))).height() + 2 * TEXT_MARGIN
        )

    # ----- the rounds ----------------------------------------------------------------

    def _header(self, view: View) -> float:
        """The heading, what the round is worth and which way the belt moves, on the heading's
        line where they fit (the worth in brief where only that fits), else each on a line of
        its own under it; returns where the header ends."""
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
        for text in (shorter, worth):
            if said.sceneBoundingRect().right() <= arrow.x() - 16:
                return head.sceneBoundingRect().bottom()
            said.setPlainText(text)
        # A narrow board's type: the arrow on a line under the heading, the worth beside the
        # heading where it fits (in brief if need be), else on a line between them.
        for text in (worth, shorter):
            said.setPlainText(text)
            if said.sceneBoundingRect().right() <= SCENE.width() - 34:
                break
        else:
            said.setPlainText(worth)
            said.setPos(34, head.sceneBoundingRect().bottom() - TEXT_MARGIN)
        bottom = max(head.sceneBoundingRect().bottom(), said.sceneBoundingRect().bottom())
        arrow.setPos(34, bottom - TEXT_MARGIN)
        return arrow.sceneBoundingRect().bottom()

    def _belt(self, view: View, header: float) -> None:
        """The belt under the `header` (where it ends): in one row of ten tiles or two of five
        (BeltShape), its pieces as large as their words need at the board's type."""
        board = view.board
        start, end = board["scoring_zone"] or (1, TILES)
        shown = _revealed_round(view)
        if shown:  # the zone the revealed round scored in, not the next one's
            start = zone_start(shown)
        self._zone = (start, end)
        theme = self.theme
        # Under a tile, its number (from 2 below it); above the band, the zone's caption.
        below = max(40.0, 2 + self._line_height(28) - TEXT_MARGIN)
        caption_room = max(48.0, self._line_height(32) + 2)
        top = max(TILE_Y, header + caption_room + ABOVE)
        need = piece_scale(self.smallest())
        belt = self.belt = BeltShape.fitted(need, SCENE.width(), top, below, caption_room)
        self._pieces_scale = belt.scale
        # The zone: hatched band, dashed outline and a label with a star; never colour alone.
        zone = belt.zone(start, end)
        tint = QColor(theme.accent)
        tint.setAlpha(46)
        self.addPath(zone, QPen(Qt.PenStyle.NoPen), QBrush(tint))
        hatch = QColor(theme.accent)
        hatch.setAlpha(120)
        self.addPath(zone, QPen(Qt.PenStyle.NoPen), QBrush(hatch, Qt.BrushStyle.BDiagPattern))
        self.addPath(zone, QPen(theme.color("accent"), 5, Qt.PenStyle.DashLine), QBrush())
        tiles = f"tiles {start}–{end}" if start < end else f"tile {end}"
        caption = self._text(f"★ Scoring zone: {tiles}", 32, 0, 0, "accent", bold=True)
        width = caption.boundingRect().width()
        first = belt.tile(start - 1)
        x = first.left() - GAP * belt.scale / 2 - 4  # the band's left edge
        y = first.top() - ABOVE - caption_room
        caption.setPos(max(16, min(x, SCENE.width() - 16 - width)), y)
        for index in range(TILES):
            rect = belt.tile(index)
            inside = index + 1 >= start
            self._rect(
                rect,
                QPen(theme.color("muted"), 2, Qt.PenStyle.SolidLine),
                QBrush(Qt.BrushStyle.NoBrush),
            ).setZValue(1)
            number = self._text(
                f"{index + 1}", 28, 0, rect.bottom() + 2, "accent" if inside else "muted", inside
            )
            number.setX(rect.x() + (rect.width() - number.boundingRect().width()) / 2)

    def _lower(self, view: View, top: float) -> None:
        """Under the belt, from `top`: the round's story, the legend and the status line, the
        ranking beside them in a column where a row of the board's type fits it, else across
        the board under the story, its rows in as few columns as its room holds."""
        beside = SCENE.width() - RANK_X - 2 * RANK_INSET >= RANK_EMS * self.smallest()
        width = RANK_X - 70 if beside else SCENE.width() - 68
        self._status_width = width
        bottom = self._story(view, top, width)
        if beside:
            if not view.finished:
                self._legend(bottom, width)
            box = QRectF(RANK_X - RANK_INSET, top - 6, SCENE.width() - RANK_X, 0)
            box.setBottom(self.height() - 4)
            self._ranking(view, box, fill=True)
        else:
            box = QRectF(34 - RANK_INSET, bottom + self.smallest(), SCENE.width() - 28, 0)
            box.setBottom(self._status_top() - self.smallest() / 2)
            end = self._ranking(view, box, fill=False)
            if not view.finished:
                self._legend(end, width)
        with self.part("status"):
            self._status(view)

    def _story(self, view: View, top: float, width: float) -> float:
        """The last round in words, from `top`, `width` wide; returns where the text ends."""
        rounds = view.board["rounds"]
        if not rounds:
            head = self._text("Round 1 is about to be played.", 30, 34, top, bold=True)
            below = max(top + 48, head.sceneBoundingRect().bottom() - TEXT_MARGIN)
            said = self._text(
                "Every character pushes the belt or not and may use its power. "
                "Characters in the zone score the round's worth for their secret holder.",
                27,
                34,
                below,
                "muted",
                width=width,
            )
            return max(top + 160, said.sceneBoundingRect().bottom())
        last = rounds[-1]
        head = self._text(f"Round {last['round']}", 32, 34, top, bold=True)
        below = max(top + 50, head.sceneBoundingRect().bottom() - TEXT_MARGIN)
        lines = [line for line in last["lines"] if not line.startswith("The scoring zone")]
        story = self._text(" ".join(lines), 32, 34, below, width=width)
        return story.y() + story.boundingRect().height()

    def _legend(self, story: float, width: float) -> None:
        """How to read a piece, for whoever joins late: quiet, over the status line, where
        there is room for it below what ends at `story`."""
        legend = self._text(
            "A piece shows its power's letter and mark, its tiebreak value (powers act from "
            "the lowest) and its name. Who holds which piece stays secret.",
            28,
            34,
            0,
            "muted",
            width=width,
        )
        top = min(self.height() - 190, self._status_top() - legend.boundingRect().height())
        if top < story + self.smallest():
            self.removeItem(legend)
        else:
            legend.setY(top)

    def _ranking(self, view: View, box: QRectF, fill: bool) -> float:
        """The ranking, or at the end the final places, in `box`, its rows RANK_INSET in from
        its left edge: down one column where `fill` (the box drawn to its foot), else in as
        few columns as keep them in its height (the box drawn to their end). Returns where
        the box ends."""
        board = view.board
        final = board.get("final")
        x = box.left() + RANK_INSET
        frame = self._rect(
            box, QPen(self.theme.color("muted"), 2), QBrush(self.theme.color("surface"))
        )
        frame.setZValue(-1)  # under its rows, whatever its height turns out
        rows: list[tuple[str, int, str, str, bool]] = []  # before, seat, after, colour, bold
        if isinstance(final, FrozenDict):
            title, size = "Final places", 26
            order = final["order"]
            for place, seat in enumerate(order, start=1):
                mark = "★ " if place == 5 else ("✕ " if place in (1, len(order)) else "")
                held = "".join(CHARACTERS[c].glyph for c in final["holders"][seat])
                colour = "accent" if place == 5 else ("error" if mark else "text")
                scored = f"  {final['scores'][seat]}  {held}"
                rows.append((f"{ordinal(place)} {mark}", seat, scored, colour, bool(mark)))
        else:
            rounds = board["rounds"]
            title = f"Ranking after round {len(rounds)}" if rounds else "Ranking"
            size = 27
            for place, seat in enumerate(board["ranking"], start=1):
                target = place == 5  # the place that wins: outlined and starred
                colour = "accent" if target else "text"
                rows.append((f"{ordinal(place)}  ", seat, " ★" if target else "", colour, target))
        top = self._rank_title(title, x, box.top() + 6, box.right() - x)
        if not rows:
            note = self._text(
                "shown after each round: places only, never scores",
                24,
                x,
                top,
                "muted",
                width=box.right() - x,
            )
            end = note.sceneBoundingRect().bottom()
        else:
            step = self._rank_step(size)
            most = 1 if fill else 3
            columns = next(
                (c for c in range(1, most) if top + -(-len(rows) // c) * step <= box.bottom()),
                most,
            )
            per = -(-len(rows) // columns)
            column_width = (box.right() - x) / columns
            for index, (before, seat, after, colour, bold) in enumerate(rows):
                column, row = divmod(index, per)
                row_x, row_y = x + column * column_width, top + row * step
                last = column == columns - 1
                room = column_width if last else column_width - RANK_INSET
                if before.endswith("  ") and after:  # the place that wins, outlined
                    self._rect(
                        QRectF(row_x - 8, row_y + 1, room + 4, step - 1),
                        QPen(self.theme.color("accent"), 3),
                        QBrush(),
                    )
                text = self._row(before, view.players[seat], after, size, bold, view.players, room)
                self._text(text, size, row_x, row_y, colour, bold=bold)
            end = top + per * step
        if not fill:
            box.setBottom(end + RANK_INSET / 2)
            frame.setRect(box)
        return box.bottom()

    def _rank_title(self, title: str, x: float, y: float, width: float) -> float:
        """The ranking's title, wrapped to `width`; where its rows start."""
        item = self._text(title, 28, x, y, bold=True, width=width)
        return max(y + 44, y + item.boundingRect().height())

    def _rank_step(self, size: float) -> float:
        """From one ranking row to the next: 41, or a line of the projector's larger type."""
        line = QFontMetricsF(self.text_font(math.ceil(max(size, SMALLEST)))).height()
        return max(41.0, math.ceil(line + 2 * TEXT_MARGIN))

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
        self._status_line(*said, width=self._status_width)

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
            self.tokens[piece].setPos(self.belt.token_pos(index))
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
        belt = self.belt
        a, b = belt.token_pos(start), belt.token_pos(end)
        if path == "stay":
            token.setPos(a)
            return
        if path == "slide" and belt.row(start) != belt.row(end):
            path = "wrap"  # two rows: off the start of the lower row, onto the end of the upper
        if path == "wrap":  # off the left end, fading, and in again from the right
            shift = belt.step() * 1.2
            if t < 0.5:
                self.move_in_steps(token, a.x() - shift * (t / 0.5), a.y())
                token.setOpacity(1 - t / 0.5)
            else:
                self.move_in_steps(token, b.x() + shift * ((1 - t) / 0.5), b.y())
                token.setOpacity((t - 0.5) / 0.5)
            return
        token.setOpacity(1.0)
        token.setZValue(20 if path == "arc" and t < 1 else 10)  # the leaper passes over
        lift = {"arc": -1.0, "dip": 1.0}.get(path, 0.0) * 70 * belt.scale * math.sin(math.pi * t)
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
        passes = self._text(shown, 32, 34 + head.boundingRect().width() + 16, 34, "muted")
        top = max(104, passes.sceneBoundingRect().bottom() - TEXT_MARGIN)
        said = self._text(line, 28, 34, top, width=SCENE.width() - 68)
        pieces = sorted(CHARACTERS)
        across, spread, tags = self._draft_pieces(pieces, free, just_taken)
        piece_w = TOKEN_W * self._pieces_scale
        left = (SCENE.width() - (across - 1) * spread - piece_w) / 2
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
                token.x() + (piece_w - tag.boundingRect().width()) / 2,
                token.y() + TOKEN_H * self._pieces_scale + 4,
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
        piece_h = TOKEN_H * self._pieces_scale
        first = max(220.0, said.y() + said.boundingRect().height() + gap)
        step = max(290.0, piece_h + 4 + tag + gap)
        below = max(770.0, first + (count - 1) * step + piece_h + 4 + tag + gap)
        spare = self._status_top() - tiebreak.boundingRect().height() - below
        share = max(0.0, spare) / (count + 2)  # above each row and the tiebreak line, and under
        tiebreak.setY(below + (count + 1) * share)
        return [first + row * (step + share) + share for row in range(count)]

    def _draft_pieces(
        self, pieces: list[Piece], free: set[int], just_taken: set[int]
    ) -> tuple[int, float, list[QGraphicsTextItem]]:
        """How the draft's pieces stand: how many a row, how far apart (see _draft_spread)
        and the words under each. The pieces are as large as their own words need at the
        board's type (piece_scale), larger in rows of five or fewer, which have the room
        (ROOMY, where it keeps as many a row); where fewer than five would stand in a row,
        "just taken" goes on two lines, as wide as a piece, for five to."""
        need = piece_scale(self.smallest())
        tags: list[QGraphicsTextItem] = []
        for wrap in (None, TOKEN_W * need):
            for tag in tags:
                self.removeItem(tag)
            tags = [self._draft_tag(c not in free, c in just_taken, wrap) for c in pieces]
            widest = max(tag.boundingRect().width() - 2 * TEXT_MARGIN for tag in tags)
            across, spread = self._draft_spread(widest, need)
            if across >= 5:
                break
        self._pieces_scale = need
        roomy = max(need, ROOMY)
        if across <= 5 and self._draft_spread(widest, roomy)[0] == across:
            self._pieces_scale = roomy
            across, spread = self._draft_spread(widest, roomy)
        return across, spread, tags

    def _draft_tag(self, taken: bool, just: bool, width: float | None) -> QGraphicsTextItem:
        """The word under a piece in the draft: "just taken" in the pass the table is
        reading (wrapped to `width` where given and needed), "taken" in an earlier one, else
        "free"."""
        if just:
            return self._text("just taken", 26, 0, 0, "text", bold=True, width=width)
        if taken:
            return self._text("taken", 26, 0, 0, "text")
        return self._text("free", 26, 0, 0, "accent", bold=True)

    def _draft_spread(self, widest: float, scale: float) -> tuple[int, float]:
        """How many of the draft's pieces stand in a row (DRAFT_ROWS), and how far apart,
        left edge to left edge: DRAFT_SPREAD, or further where the `widest` word under them
        would come closer to the next one than a type size. A projector's larger type (1/40
        of a 4:3 window's height) widened "just taken" till two of them side by side nearly
        read as one line. No further than the board's margins allow, the words at a row's
        ends inside them: where seven a row would not keep the gap (a square window's type),
        fewer stand in a row. Pieces drawn `scale` times larger keep as far apart as their
        belt's tiles, and a little more."""
        piece_w = TOKEN_W * scale
        wanted = max(DRAFT_SPREAD, widest + self.smallest(), piece_w + 3 * GAP * scale)
        for across in DRAFT_ROWS:
            most = (SCENE.width() - 68 - max(piece_w, widest)) / (across - 1)
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
