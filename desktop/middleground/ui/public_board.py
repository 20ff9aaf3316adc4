"""The public board with its standings: what the projector shows and the round picture exports.

Built from a PublicFeed only: public views and public events, never a seat's view.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QImage
from PySide6.QtWidgets import QBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from middleground.widgets.plugin import SCENE, board_for
from middleground.widgets.theme import Theme

from .board_view import BoardView
from .bridge import PublicFeed, next_pass
from .standings import (
    CROWD,
    LEGIBLE,
    ON_LINES,
    Levels,
    Standings,
    fit_columns,
    legible_size,
    line_height,
)

BOARD_SHARE = 5  # the board's share of the width, beside the standings' 1, 2 or 3
MARGIN = 16  # pixels right of the standings beside the board, either side of them under it
SIDE_MARGIN = 24  # pixels above and below the standings beside the board
UNDER_MARGIN = 6  # pixels above and below the standings under it
QUIET_UNDER = 1.25  # the largest type of the standings under the board, to the smallest
HEADING_GAP = 12  # pixels between the heading and the room the rows fit in, a few to spare
# Whole names may cost the board this much of its size (a side of 2/7 of a 16:9 window for
# one of 1/6), where cut names would tell the players apart on the bigger board.
WHOLE_COST = 0.85
# The most of the window's height the standings under a board that shows each player's
# standing itself may take (Board.shows_standings): past it they are left off.
STANDINGS_MOST = 1 / 3
UNBOUNDED = 16_777_215  # Qt's largest widget size (QWIDGETSIZE_MAX)


@dataclass(frozen=True)
class Place:
    """Where the standings go: beside the board, taking `share` of the width to the board's
    BOARD_SHARE, or under it (share 0), `high` pixels high; the standings' `width` and the
    `room` their rows have under the heading, and the board's scale there (window pixels a
    scene unit)."""

    share: int
    high: int
    width: int
    room: int
    scale: float


class PublicBoard(QWidget):
    """Board on the left, standings on the right, quieter; under the board where the window
    is less wide than 16:9 (4:3), the board then taking the whole width."""

    def __init__(self, feed: PublicFeed, game, theme: Theme) -> None:
        super().__init__()
        self.feed = feed
        self.theme = theme
        self.board = board_for(game, theme)
        self.board.beside_buttons = False  # the room reads it: it has no Continue to press
        self.view = BoardView(self.board)
        self._rows: list[tuple[str, str, str]] = []  # (name, level, standing), as last fed
        self.heading = QLabel("Standings")
        self.standings = Standings()
        self.side = QWidget()  # the heading and the standings, beside the board or under it
        self.side.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        side = QVBoxLayout(self.side)
        side.setContentsMargins(0, SIDE_MARGIN, 0, SIDE_MARGIN)
        side.addWidget(self.heading)
        side.addWidget(self.standings, 1)
        layout = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        layout.setContentsMargins(0, 0, MARGIN, 0)
        layout.addWidget(self.view, BOARD_SHARE)
        layout.addWidget(self.side, 1)
        self.place = None  # where the standings are (a Place, None: left off), once fitted
        # A change is drawn here on the next pass of the event loop, not inside the one that
        # made it: the table's window draws first, timers and input get their turn, then this
        # board (several changes in one pass are drawn once).
        self._due = next_pass(self, self.refresh)
        feed.changed.connect(self._due.start)
        self.apply_theme(theme)
        self.refresh()

    def apply_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.setObjectName("publicBoard")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            f"#publicBoard {{ background: {theme.background}; }}"
            f"#publicBoard QLabel {{ color: {theme.text}; background: transparent; }}"
        )
        self.board.set_theme(theme, None)
        self.refresh()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._scale_text(self.height())
        self._fill_standings()

    def _places(self, height: int, heading: int, legible: int, crowd: bool) -> list[Place]:
        """Where the standings may go in a window this board's width and `height` high, the
        biggest board first: beside it on a side of 1/6 of the width, then (for a crowd, from
        the start) 2/7, then 3/8; and, where the window is less wide than 16:9 (4:3), under
        it, in a strip as high as the board leaves, or higher by a line at a time while the
        board stays bigger than beside a side of 3/8. Under a board that lays its rows out
        down the height it has (Board.fills_height), the strip starts as low as two lines
        and grows a line at a time, the board as big whatever it leaves it: the first strip
        that holds the standings is theirs, and the board takes the rest (a portrait
        window's)."""
        width = self.width()
        spacing = self.layout().spacing()
        places = []
        for share in (2, 3) if crowd else (1, 2, 3):
            side = self._side_width(share)
            scale = min((width - MARGIN - spacing - side) / SCENE.width(), height / SCENE.height())
            room = height - 2 * SIDE_MARGIN - heading - HEADING_GAP
            places.append(Place(share, 0, side, room, scale))
        spare = height - spacing - width * SCENE.height() / SCENE.width()
        step = line_height(QFont("Sans", legible))
        least = 2 * UNDER_MARGIN + heading + HEADING_GAP + 2 * step
        fills = self.board.fills_height
        high = least if fills else max(math.ceil(spare), least)
        beside = places[-1].scale
        while not crowd and spare > 0:
            scale = min(width / SCENE.width(), (height - high - spacing) / SCENE.height())
            if scale <= (beside if fills else places[-1].scale):
                break
            room = high - 2 * UNDER_MARGIN - heading - HEADING_GAP
            places.append(Place(0, high, width - 2 * MARGIN, room, scale))
            high += step
        return sorted(places, key=lambda place: -place.scale)

    def _side_width(self, share: int) -> int:
        """The standings' width when they take `share` of the width to the board's
        BOARD_SHARE (the layout may not have given them their width yet)."""
        room = self.width() - MARGIN - self.layout().spacing()
        return room * share // (BOARD_SHARE + share)

    def _scale_text(self, height: int) -> None:
        # Standings scale with the window, 1/34 of its height, or smaller for many rows to fit
        # under the heading, in as many columns as keep the type biggest, never below 1/40.
        biggest = max(12, height // 34)
        heading = QFont("Sans", int(biggest * 0.8), QFont.Weight.Bold)
        self.heading.setFont(heading)
        if self.board.draws_standings:
            self._lay_out(None)
            self._set_floor(height)
            return
        legible = legible_size(height)
        # The biggest board where every cut name still tells its player apart, or a board at
        # most WHOLE_COST smaller where every name is whole (else the best): each place with
        # a bot's level on a line of its own, then marked after its name, and a long name's
        # standing beside it or on a line of its own under it. A level is spelt out wherever
        # it can be.
        crowd = len(self._rows) > CROWD
        bots = any(role for _name, role, _shown in self._rows)
        levelled = (ON_LINES, Levels.marked(self._rows)) if bots else (ON_LINES,)
        names = tuple(name for name, _role, _shown in self._rows)
        cut = best = None  # (fit, place, levels): the first that tells apart; the best
        for place in self._places(height, line_height(heading), legible, crowd):
            if cut is not None and place.scale < cut[1].scale * WHOLE_COST:
                break  # whole names would cost the board too much here
            here = None  # (how well, the Fit, the levels) of the best way to show levels
            # Under the board, with the whole width and nothing to hold the type back, the
            # standings stay the quieter side: a quarter above the smallest legible type.
            top = biggest if place.share else min(biggest, int(legible * QUIET_UNDER))
            for levels in levelled:
                key, fit = self._fitted(place, levels, top, legible, crowd, names)
                if here is None or key > here[0]:
                    here = (key, fit, levels)
            _key, fit, levels = here
            chosen = (fit, place, levels)
            if fit.kept == 3:
                best = chosen
                break  # no later place has a board as big
            if fit.kept == 2 and cut is None:
                cut = chosen
            if best is None or (fit.kept, -fit.over) > (best[0].kept, -best[0].over):
                best = chosen
        fit, place, levels = best if best[0].kept == 3 or cut is None else cut
        if self._left_off(place, height):
            self._lay_out(None)
            self._set_floor(height)
            return
        self._lay_out(place)
        font = QFont("Sans", fit.size)
        self.standings.set_font_and_columns(font, fit.columns, fit.stacking, levels)
        self._set_floor(height)

    def _left_off(self, place: Place, height: int) -> bool:
        """Whether the standings are left off: under a board that fills the height it is
        given and shows each player's standing itself (Board.shows_standings), where they
        would take more than STANDINGS_MOST of the window's `height` from it and say nothing
        the board does not (no bot's level)."""
        board = self.board
        under = not place.share and board.fills_height and board.shows_standings
        bots = any(role for _name, role, _shown in self._rows)
        return under and not bots and place.high > height * STANDINGS_MOST

    def _fitted(self, place: Place, levels: Levels, biggest, legible, crowd, names) -> tuple:
        """How the standings fit at `place` with the bots' `levels` shown so: how well, to
        compare (as Fit does, then a level spelt out before a mark), and the Fit."""
        rows = self._rows
        fit = fit_columns(rows, place.width, place.room, biggest, legible, levels, False, names)
        if not crowd and fit.kept < 3:
            # A long name beside its standing loses its end: with room below, the standing
            # goes under it instead, in type no bigger (the standings stay the quieter side)
            # and hardly smaller.
            stacked = fit_columns(
                rows, place.width, place.room, fit.size, legible, levels, True, names
            )
            if stacked.kept >= fit.kept and stacked.size >= max(fit.size * 0.85, legible):
                fit = stacked
        return (fit.kept, -fit.over, levels is ON_LINES, fit.size), fit

    def _lay_out(self, place: Place | None) -> None:
        """The standings at `place` (None: none, their side hidden and taking no width; the
        board draws its own, or shows each player's standing)."""
        self.place = place
        self.side.setHidden(place is None)
        layout = self.layout()
        under = place is not None and not place.share
        if under:
            layout.setDirection(QBoxLayout.Direction.TopToBottom)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.setStretch(0, 1)
            layout.setStretch(1, 0)
            # Fixed, not ignored, for the layout to give the strip its height under the board.
            self.side.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            self.side.setFixedHeight(place.high)
            self.side.layout().setContentsMargins(MARGIN, UNDER_MARGIN, MARGIN, UNDER_MARGIN)
        else:
            layout.setDirection(QBoxLayout.Direction.LeftToRight)
            layout.setContentsMargins(0, 0, MARGIN, 0)
            layout.setStretch(0, BOARD_SHARE)
            layout.setStretch(1, place.share if place is not None else 0)
            self.side.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
            self.side.setMinimumHeight(0)
            self.side.setMaximumHeight(UNBOUNDED)
            self.side.layout().setContentsMargins(0, SIDE_MARGIN, 0, SIDE_MARGIN)
        layout.activate()  # the standings' new width now, for the rows filled next

    def _set_floor(self, height: int) -> None:
        """The board shaped to its view (as high as fills it in a window squarer than 16:9,
        where it lays itself out so: Board.fills_height), and its smallest text raised to
        1/40 of the window's `height` as the board is shown here (its view fits the scene
        inside a 2-pixel margin)."""
        view, board = self.view, self.board
        wide, high = view.width() - 4, view.height() - 4
        if wide <= 0 or high <= 0:
            return
        # Only in a window squarer than 16:9: at 16:9 a board beside its standings keeps its
        # shape (and the room under it), as it always has.
        squarer = self.width() * SCENE.height() < self.height() * SCENE.width()
        tall = SCENE.width() * high / wide if squarer else SCENE.height()
        shaped = board.fills_height and board.set_height(tall)
        if shaped:
            view.fit()
        scale = min(wide / SCENE.width(), high / board.height())
        if board.set_least_text(height / LEGIBLE / scale) or shaped:
            board.refresh(self.feed.view())

    def refresh(self) -> None:
        self._due.stop()
        self.board.refresh(self.feed.view())
        rows = self.feed.standings()
        # Sized again when the rows change (a bot's level, a wider standing), not on every
        # move: a row a player, a line more a bot, and the widest standing's room.
        resize = rows != self._rows
        self._rows = rows
        if resize:
            self._scale_text(self.height())
        self._fill_standings()

    def _fill_standings(self) -> None:
        self.standings.show_rows(self._rows)

    def picture(self, size: QSize | None = None) -> QImage:
        """The round picture: this board and its standings rendered at `size` (1920x1080)."""
        size = size or QSize(1920, 1080)
        if self._due.isActive():  # a change not drawn yet
            self.refresh()
        self.resize(size)
        # A hidden widget gets its resize event only when rendered, after the layout: size the
        # standings first, or the heading is laid out for the old font and clipped.
        self._scale_text(size.height())
        self.layout().activate()
        self._fill_standings()
        self.view.fit()
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(self.theme.color("background"))
        self.render(image)
        return image
