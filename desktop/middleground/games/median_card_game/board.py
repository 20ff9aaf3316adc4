"""The public board of the Median card game: a card table seen from above.

One focal point at a time. While a round is placed, each seat shows a card back once its card
is down (the board is never told which card: a face-down place is drawn from a flag), an empty
dashed place while it is still choosing. Beside a real deck a card is entered once it is face
up at the table, so the board shows it face up at once (`entered`, which a dealt game leaves
empty). Then the reveal: every card of the round turns face up (a real deck's already are),
the median card ringed twice and starred, cards of a shared median rank dashed and marked
"=", the others plain (what everyone played is the reveal's news: never dimmed, so every rank
reads on the projector), and one line says who took what or why the cards went to the pool.
The heading always names the present, as the players' panels do: between rounds, the round
about to be played and its leader, above the last reveal (its leader marked LED, its line
naming its round) until the new round begins with its call or its first card; at the end,
who won, fitted to its room (the seats always start below the heading).
The pool and the deck sit at the side with their counts; under each seat, its score: a small
pile of the cards it took, or under rounds-won scoring a star for the rounds it won (the star
a round's winning card wears).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsTextItem

from middleground.engine import View
from middleground.engine.words import counted, join_names
from middleground.widgets.balanced import balance_item, wrapped_lines
from middleground.widgets.marks import seat_marks
from middleground.widgets.names import short_name
from middleground.widgets.plugin import SCENE, SUBMISSIONS, Board, board_font, changed_between
from middleground.widgets.theme import ink_on

from . import card_art
from .card_art import RATIO, CardItem

SEATS = QRectF(36, 168, 1204, 566)  # where the seats' places go
SIDE_X = 1272.0  # the pool and the deck
FOOT_Y = 752.0  # the round's explanation, or who is still choosing
HEAD_W = SIDE_X - 60  # the heading's width, clear of the pool
HEAD_GAP = 14.0  # between the heading and the leader's mark above the first row of seats
FLIP_MS = 320  # a reveal turns the cards over within 200-400 ms
PLACE_MS = 260  # a card placed face down slides onto its place
ARRIVE_FROM = 60.0  # scene units below its place
# The smallest text: 1/40 of the window's height even in the projector's narrower board
# (the standings take a sixth of its width, so a scene unit is 0.6 pixels at 1280x720); where
# the projector shows the board smaller still, it raises the floor (Board.least_text).
TEXT = 30.0
CHIP = 44.0  # the disc of a seat's colour beside its name, with its mark
NAMED = 6  # the most names the foot lists of those still to play; past it, "and 14 others"
FOOT_ROOM = SCENE.height() - FOOT_Y  # the foot's room on a 16:9 board; more in larger type
# A seat's place is at least this many type sizes wide: seats stand in more rows where a
# row of them would give each less (a portrait projector's type), as 20 seats do at 16:9.
SLOT_EMS = 3
HEAP_W, DECK_W = 120.0, 96.0  # the pool's card and the deck's
# The arrow and its word never part at a line's end: a non-breaking space between them.
CALL_MARK = {"high": "▲\u00a0HIGH", "low": "▼\u00a0LOW"}


def call_words(call: str | None) -> str:
    """The leader's call as a word with an arrow, so it never rests on colour."""
    return CALL_MARK.get(call or "", "")


class GameBoard(Board):
    """The card table: seats, the pool, the deck, the reveal. On a board taller than 16:9 (a
    window squarer than it) the seats take the height between the heading and the foot, the
    pool and the deck in a row under the heading where their words would not fit beside."""

    fills_height = True
    shows_standings = True  # each seat's tally under its name

    def __init__(self, theme) -> None:
        super().__init__(theme)
        self._view: View | None = None
        self._rounds_seen: int | None = None
        self._flip = 1.0
        self._flipping: list[CardItem] = []
        self._animation: QVariantAnimation | None = None
        # Cards as they are placed: they slide onto their place and fade in.
        self._table_seen: tuple[int, tuple[bool, ...]] | None = None
        self._arriving: set[int] = set()
        self._arrive = 1.0
        self._arrivals: list[tuple[CardItem, float]] = []
        self._placing: QVariantAnimation | None = None
        self._place_rects: dict[int, QRectF] = {}  # where each seat's card goes this round
        self._beside = True  # the pool and the deck beside the seats (else under the heading)
        self._foot_y = FOOT_Y  # the round's explanation, or who is still choosing
        self._marks: list[str] = []  # each seat's mark, for the players shown
        card_art.listen(self)

    # ----- the public entry ----------------------------------------------------------

    def show_view(self, view: View) -> None:
        self._view = view
        board = view.board
        self.clear()
        self._flipping = []
        self._arrivals = []
        self.setBackgroundBrush(self.theme.color("background"))
        rounds = board["rounds"]
        self._marks = seat_marks(view.players)
        reveal = self._revealing(view)
        # A real deck's cards were face up as they were entered: nothing turns over.
        self._start_flip(len(rounds), reveal and not board["companion"])
        self._start_placing(view.round, tuple(board["table"]), reveal)
        # The heading is always the game's present: the round being played (between rounds,
        # the next one, as the leader's panel says), or the game's end. The last reveal stays
        # on the table below it, named as that round's, until a card of the new round is down.
        self._beside = self._side_fits()
        self._foot_y = self.height() - self._foot_room(view)
        header = self._header_over(view) if view.finished else self._header_round(view)
        header = self._side(board, header)
        if reveal:
            self._seats(view, rounds[-1], header)
            self._explain(rounds[-1])
        else:
            self._seats(view, None, header)
            with self.part("waiting"):
                self._waiting(view)

    def update_view(self, drawn: View, view: View) -> bool:
        """A card placed face down (or a choice entered) while a round is placed: only that
        seat's place and the line saying who is still choosing are drawn again."""
        names, keys = changed_between(drawn, view)
        if not names <= SUBMISSIONS or not keys <= {"table", "entered"}:
            return False
        if self._revealing(drawn) or self._revealing(view) or not self.has_part("waiting"):
            return False
        table = tuple(view.board["table"])
        seen = self._table_seen
        if (
            seen is not None
            and seen[0] == view.round
            and any(placed and not seen[1][s] for s, placed in enumerate(table))
        ):
            self._set_arrive(1.0)  # a new card slides in: the cards still sliding have landed
            self._arrivals = []
        self._start_placing(view.round, table, False)
        self._view = view
        for seat in range(len(view.players)):
            if self._place_key(drawn, seat) != self._place_key(view, seat):
                self.redraw_part(
                    ("place", seat),
                    lambda s=seat: self._placed_card(view, s, self._place_rects[s]),
                )
        self.redraw_part("waiting", lambda: self._waiting(view))
        return True

    def _revealing(self, view: View) -> bool:
        """Whether the board shows the last reveal (else the round being placed)."""
        board = view.board
        return bool(board["rounds"]) and (view.finished or self._between_rounds(board))

    @staticmethod
    def _place_key(view: View, seat: int) -> tuple[bool, str | None, bool]:
        """What a seat's place shows while a round is placed: its card down (face up if
        entered from a real deck), its choosing."""
        board = view.board
        return board["table"][seat], board["entered"][seat], seat in view.awaiting

    def cards_recoloured(self) -> None:
        """The deck's colours changed (four-colour or classic): draw again."""
        if self._view is not None:
            self.show_view(self._view)

    def finish_animations(self) -> None:
        if self._animation is not None:
            self._animation.stop()
            self._animation = None
        self._set_flip(1.0)
        self._finish_placing()

    def _finish_placing(self) -> None:
        if self._placing is not None:
            self._placing.stop()
            self._placing = None
        self._set_arrive(1.0)
        self._arriving = set()

    @staticmethod
    def _between_rounds(board: Mapping[str, Any]) -> bool:
        """Nothing of the new round is on the table yet: the last reveal is still the news."""
        return not any(board["table"]) and board["call"] is None

    # ----- motion --------------------------------------------------------------------

    def _start_flip(self, rounds: int, reveal: bool) -> None:
        seen, self._rounds_seen = self._rounds_seen, rounds
        if not (reveal and seen is not None and rounds == seen + 1):
            return
        if self._animation is not None:
            self._animation.stop()
        self._flip = 0.0
        self._animation = _run(
            FLIP_MS, QEasingCurve.Type.InOutQuad, self._set_flip, self.finish_animations
        )

    def _start_placing(self, round_: int, table: tuple[bool, ...], reveal: bool) -> None:
        seen, self._table_seen = self._table_seen, (round_, table)
        if reveal or seen is None or seen[0] != round_:
            return
        new = {s for s, placed in enumerate(table) if placed and not seen[1][s]}
        if not new:
            return
        if self._placing is not None:
            self._placing.stop()
        self._arriving, self._arrive = new, 0.0
        self._placing = _run(
            PLACE_MS, QEasingCurve.Type.OutCubic, self._set_arrive, self._finish_placing
        )

    def _set_arrive(self, value: float) -> None:
        """A placed card's way in: from below its place (a fade only with reduced motion)."""
        self._arrive = float(value)
        slide = not getattr(self, "reduced_motion", False)
        for item, y in self._arrivals:
            item.setOpacity(0.2 + 0.8 * self._arrive)
            if slide and self._arrive < 1.0:
                self.move_in_steps(item, item.x(), y + (1.0 - self._arrive) * ARRIVE_FROM)
            else:
                item.setY(y)

    def _set_flip(self, value: float) -> None:
        self._flip = float(value)
        for item in self._flipping:
            item.set_flip(self._flip)

    # ----- the header ----------------------------------------------------------------

    def _header_round(self, view: View) -> float:
        """The round being played and who leads it, or, while the table reads a reveal, the
        round revealed; returns where the heading ends."""
        board = view.board
        leader = view.players[board["leader"]]
        if view.revealing and board["rounds"]:
            record = board["rounds"][-1]
            title = self.label(f"Round {record['round']}: the reveal", 60, 36, 18, bold=True)
            led = view.players[record["leader"]]
            called = f" and called {call_words(record['call'])}" if record["call"] else ""
            then = (
                "Press Continue for the next round."
                if self.beside_buttons
                else "The next round starts when everyone has seen it."
            )
            line = f"{led} led{called}. {then}"
            text = self.label(line, 34, 38, _under(title), width=self._head_width())
            return max(_bottom(title), _bottom(text))
        title = self.label(f"Round {view.round}", 60, 36, 18, bold=True)
        if board["needs_call"] and board["call"] is None:
            line = f"{leader} leads and calls high or low first"
        elif board["needs_call"]:
            line = f"{leader} leads and calls {call_words(board['call'])}: {board['target']} wins"
        else:
            line = f"{leader} leads: {board['target']} wins"
        text = self.label(line, 34, 38, _under(title), width=self._head_width())
        return max(_bottom(title), _bottom(text))

    def _header_over(self, view: View) -> float:
        """Game over and who won, in two lines where the words allow (the names give way to
        a count first, then the size to the smallest text); returns where the heading ends."""
        title = self.label("Game over", 60, 36, 18, bold=True)
        outcomes = [self._outcome(view, most) for most in (8, 4, 0)]
        for size, text in [(34, t) for t in outcomes] + [(TEXT, outcomes[-1])]:
            line = self.label(
                text, size, 38, _under(title), "accent", bold=True, width=self._head_width()
            )
            if _lines(line) <= 2 or size == TEXT:
                break
            self.removeItem(line)
        return max(_bottom(title), _bottom(line))

    def _outcome(self, view: View, most: int) -> str:
        """Who won; a shared win names at most `most` winners (0: only how many)."""
        board = view.board
        scores = board["scores"]
        best = max(scores)
        winners = [view.players[s] for s, v in enumerate(scores) if v == best]
        unit = "rounds won" if board["scoring"] == "rounds" else "cards taken"
        if len(winners) > 1:
            if most:
                who = join_names(winners, most=most)
            elif len(winners) == len(view.players):
                who = f"all {len(winners)} players"
            else:
                who = f"{len(winners)} players"
            text = f"Shared win: {who}, {best} {unit} each"
        else:
            text = f"{winners[0]} wins with {best} {unit}"
        final = board["final_pool"]
        if final and final["cards"]:
            if final["to"] is None:
                text += f" · the last {final['cards']} pool cards belong to nobody"
            else:
                text += f" · {view.players[final['to']]} took the last {final['cards']} pool cards"
        return text + "."

    # ----- the seats -----------------------------------------------------------------

    def _head_width(self) -> float:
        """The heading's width: clear of the pool beside the seats, else the board's."""
        return HEAD_W if self._beside else SCENE.width() - 72

    def _area(self, header: float) -> QRectF:
        """Where the seats go: below the heading (and the pool, where it is over them),
        however many lines it took, down to the foot; the board's width where the pool is
        not beside them."""
        top = max(SEATS.top(), header + HEAD_GAP)
        bottom = SEATS.bottom() + self._foot_y - FOOT_Y
        width = SEATS.width() if self._beside else SCENE.width() - 2 * SEATS.left()
        return QRectF(SEATS.left(), top, width, bottom - top)

    def _layout(self, count: int, area: QRectF = SEATS) -> tuple[int, float, float]:
        """Seats per row, the slot width and the card width for `count` players: in one row
        up to eight, else two, or more where a row would give each seat less than SLOT_EMS
        type sizes or the cards would be bigger so."""

        def shaped(rows: int) -> tuple[int, float, float]:
            per_row = -(-count // rows)
            slot = area.width() / per_row
            row_height = area.height() / -(-count // per_row)
            biggest = 210.0 * self.text_size(TEXT) / TEXT  # cards grow with the type
            card_w = min(biggest, slot * 0.8, (row_height - 150 - 3 * self._taller()) / RATIO)
            return per_row, slot, card_w

        rows = 1 if count <= 8 else 2
        while rows < count:
            _per_row, slot, card_w = shaped(rows)
            more = shaped(rows + 1)
            if more[2] <= card_w and slot >= SLOT_EMS * self.text_size(TEXT):
                break
            rows += 1
        return shaped(rows)

    def _taller(self) -> float:
        """How much taller a line of the board's smallest type is than one of TEXT: where the
        projector raises the board's floor (Board.least_text), a seat's leader mark, name and
        score take that much more room each."""
        raised = QFontMetricsF(self.text_font(TEXT)).lineSpacing()
        return max(0.0, raised - QFontMetricsF(board_font(TEXT)).lineSpacing())

    def _seats(self, view: View, record: Mapping[str, Any] | None, header: float) -> None:
        count = len(view.players)
        area = self._area(header)
        per_row, slot, card_w = self._layout(count, area)
        card_h = card_w * RATIO
        rows = -(-count // per_row)
        block = 46 + card_h + 100 + 3 * self._taller()  # leader mark, card, name and pile
        row_height = area.height() / rows
        for seat in range(count):
            row, col = divmod(seat, per_row)
            in_row = min(per_row, count - row * per_row)
            left = area.left() + (area.width() - in_row * slot) / 2 + col * slot
            top = area.top() + row * row_height + (row_height - block) / 2
            centre = left + slot / 2
            self._seat(view, record, seat, centre, top, slot, QRectF(0, 0, card_w, card_h))

    def _seat(
        self,
        view: View,
        record: Mapping[str, Any] | None,
        seat: int,
        x: float,
        top: float,
        slot: float,
        size: QRectF,
    ) -> None:
        board = view.board
        taller = self._taller()
        card_rect = QRectF(x - size.width() / 2, top + 46 + taller, size.width(), size.height())
        leader = record["leader"] if record is not None else board["leader"]
        if seat == leader:  # a revealed round's leader led it: the heading names who leads now
            self._leader_mark(x, top, "LEADS" if record is None else "LED")
        if record is None:
            self._place_rects[seat] = card_rect
            with self.part(("place", seat)):
                self._placed_card(view, seat, card_rect)
        else:
            self._revealed_card(record, seat, card_rect)
        name = view.players[seat]
        self._name(name, self._marks[seat], seat, x, card_rect.bottom() + 10, slot, view.players)
        self._pile(board, seat, x, card_rect.bottom() + 58 + taller, record, slot)

    def _leader_mark(self, x: float, top: float, word: str) -> None:
        text = self.label(word, TEXT, 0, 0, "accent", bold=True)
        box = text.boundingRect()
        pill = QRectF(x - box.width() / 2 - 12, top - 4, box.width() + 24, 44 + self._taller())
        self.addRect(pill, QPen(self.theme.color("accent"), 3)).setZValue(-1)
        text.setPos(pill.center().x() - box.width() / 2, pill.center().y() - box.height() / 2)

    def _placed_card(self, view: View, seat: int, rect: QRectF) -> None:
        board = view.board
        if board["table"][seat]:
            # A real deck's card entered face up, else a back: the board never knows the card.
            card = CardItem(rect, board["entered"][seat])
            self.addItem(card)
            if seat in self._arriving:
                self._arrivals.append((card, rect.y()))
                self._set_arrive(self._arrive)
            return
        self.addItem(CardItem(rect, empty=True, slot_colour=self.theme.color("muted")))
        if seat in view.awaiting and not board["companion"]:
            word = "calling" if board["needs_call"] and board["call"] is None else "choosing"
            text = self.label(word, TEXT, 0, 0, "muted")
            if text.boundingRect().width() > rect.width() - 8:
                text.setPlainText("…")  # a narrow place: the dashed outline says enough
            box = text.boundingRect()
            text.setPos(rect.center().x() - box.width() / 2, rect.center().y() - box.height() / 2)

    def _revealed_card(self, record: Mapping[str, Any], seat: int, rect: QRectF) -> None:
        card = record["cards"][seat]
        item = CardItem(rect, card)
        item.fade = bool(getattr(self, "reduced_motion", False))  # the shell's setting
        item.set_flip(self._flip)
        self._flipping.append(item)
        self.addItem(item)
        holders = record["holders"]
        if seat == record["winner"]:
            self._ring(rect, winner=True)
            self._badge(rect, "★", "accent")
        elif seat in holders:
            self._ring(rect, winner=False)
            self._badge(rect, "=", "warning")

    def _ring(self, rect: QRectF, winner: bool) -> None:
        radius = rect.width() * 0.1
        if winner:  # two rings, the accent inside the text colour: visible on any background
            outer = rect.adjusted(-13, -13, 13, 13)
            self.addPath(_rounded(outer, radius + 8), QPen(self.theme.color("text"), 4))
            inner = rect.adjusted(-7, -7, 7, 7)
            self.addPath(_rounded(inner, radius + 4), QPen(self.theme.color("accent"), 8))
        else:
            pen = QPen(self.theme.color("warning"), 6, Qt.PenStyle.DashLine)
            self.addPath(_rounded(rect.adjusted(-8, -8, 8, 8), radius + 4), pen)

    def _badge(self, rect: QRectF, mark: str, colour: str) -> None:
        size = max(54.0, rect.width() * 0.3)
        centre = QPointF(rect.right() - 4, rect.top() + 4)
        disc = QRectF(centre.x() - size / 2, centre.y() - size / 2, size, size)
        ellipse = self.addEllipse(
            disc, QPen(self.theme.color("text"), 3), QBrush(self.theme.color(colour))
        )
        ellipse.setZValue(2)
        text = self.label(mark, size * 0.62, 0, 0, bold=True)
        text.setDefaultTextColor(ink_on(self.theme.color(colour)))
        box = text.boundingRect()
        text.setPos(centre.x() - box.width() / 2, centre.y() - box.height() / 2)
        text.setZValue(3)

    def _name(
        self, name: str, mark: str, seat: int, x: float, y: float, slot: float, names: Sequence[str]
    ) -> None:
        """The name beside a disc of the seat's colour with its mark (room allowing), else
        over a bar of that colour: the colour is never the only way to tell who is who. A
        name too long for its place is cut to what still tells it from the table's other
        `names` ("Alexandra Papado…" beside "Alexandra Papada…"; widgets/names.py)."""
        # The mark in the board's smallest type at least: a disc, drawn out into a pill as wide
        # as the mark needs where the projector raises that type (Board.least_text).
        size = TEXT * (1, 0.75, 0.6)[len(mark) - 1]
        ink = QFontMetricsF(self.text_font(size, True)).horizontalAdvance(mark)
        grow = self.text_size(TEXT) / TEXT  # the disc grows with the projector's type
        chip = CHIP * grow if slot >= 170 * grow else 0.0
        wide = max(chip, ink + 12) if chip else 0.0
        font = self.text_font(TEXT, True)
        room = slot - wide - 14
        shown = short_name(QFontMetricsF(font), name, names, room)
        text = self.label(shown, TEXT, 0, y, bold=True)
        box = text.boundingRect()
        left = x - (wide + (8 if chip else 0) + box.width()) / 2
        if chip:
            disc = QRectF(left, y + (box.height() - chip) / 2, wide, chip)
            self.addPath(
                _rounded(disc, chip / 2),
                QPen(self.theme.color("text"), 2),
                QBrush(self.theme.seat_color(seat)),
            )
            initial = self.label(mark, size, 0, 0, bold=True)
            initial.setDefaultTextColor(ink_on(self.theme.seat_color(seat)))
            inner = initial.boundingRect()
            initial.setPos(
                disc.center().x() - inner.width() / 2, disc.center().y() - inner.height() / 2
            )
            text.setX(left + wide + 8)
        else:
            text.setX(left)
            bar = QRectF(left, y + box.height() - 4, box.width(), 6)
            self.addRect(bar, QPen(Qt.PenStyle.NoPen), QBrush(self.theme.seat_color(seat)))
        if shown != name:
            text.setToolTip(name)

    def _pile(
        self,
        board: Mapping[str, Any],
        seat: int,
        x: float,
        y: float,
        record: Mapping | None,
        slot: float,
    ) -> None:
        """The seat's score beside its mark, in the standings' words: a pile of the cards it
        took ("4 cards taken"), or under rounds-won scoring a star for the rounds it won ("2
        rounds won"); this round's winner's with what it gained ("+4 → 8 cards taken"). Where
        the words would run into the next seat's, fewer of them ("8 taken"), at a crowded
        table the count alone (the standings spell it out; where a portrait projector leaves
        them off, the pile beside it, grown with the type, says what it counts)."""
        won = board["won"][seat]
        winner = record is not None and seat == record["winner"]
        rounds_won = board["scoring"] == "rounds"
        if rounds_won:
            rounds = board["rounds_won"][seat]
            unit = "round" if rounds == 1 else "rounds"
            texts = (f"{rounds} {unit} won", f"{rounds} {unit}", str(rounds))
            gained = "+1"
        else:
            unit = "card" if won == 1 else "cards"
            texts = (f"{won} {unit} taken", f"{won} taken", str(won))
            gained = f"+{record['taken']}" if winner else ""
        if winner:
            texts = (*(f"{gained} → {text}" for text in texts), gained)
        grow = self.text_size(TEXT) / TEXT  # the mark grows with the projector's type
        height = 26.0 * 1.3 * grow
        icon = height if rounds_won else 26.0 * grow  # a star's disc, or a card's width
        font = self.text_font(TEXT, winner)
        room = slot - icon - 8 - 14
        text = next(
            (t for t in texts if QFontMetricsF(font).horizontalAdvance(t) <= room), texts[-1]
        )
        label = self.label(text, TEXT, 0, y, "accent" if winner else "muted", bold=winner)
        box = label.boundingRect()
        left = x - (icon + 8 + box.width()) / 2
        mark = QRectF(left, y + (box.height() - height) / 2, icon, height)
        if rounds_won:
            self._round_mark(mark, rounds)
        else:
            self._mini_stack(mark, won)
        label.setX(left + icon + 8)

    def _mini_stack(self, rect: QRectF, count: int) -> None:
        pen = QPen(self.theme.color("muted"), 2)
        if not count:
            pen.setStyle(Qt.PenStyle.DashLine)
            self.addPath(_rounded(rect, 3), pen)
            return
        for shift in (4, 2, 0):
            path = _rounded(rect.translated(shift, -shift), 3)
            self.addPath(path, pen, QBrush(QColor(card_art.BACK)))

    def _round_mark(self, rect: QRectF, count: int) -> None:
        """Rounds won: a star on a disc, as a round's winning card wears; a dashed ring for
        none yet."""
        if not count:
            pen = QPen(self.theme.color("muted"), 2, Qt.PenStyle.DashLine)
            self.addEllipse(rect.adjusted(1, 1, -1, -1), pen)
            return
        fill = self.theme.color("accent")
        self.addEllipse(rect, QPen(self.theme.color("text"), 2), QBrush(fill))
        # Drawn, not written: a glyph this small would be below the board's smallest type.
        star = _star(rect.center(), rect.width() * 0.4)
        self.addPath(star, QPen(Qt.PenStyle.NoPen), QBrush(ink_on(fill)))

    # ----- the pool and the deck -----------------------------------------------------

    def _side_fits(self) -> bool:
        """Whether the pool and the deck stand beside the seats: where their counts' words
        fit between SIDE_X and the board's edge in its type (not a portrait projector's)."""
        unit = QFontMetricsF(self.text_font(TEXT)).horizontalAdvance("cards")
        return SIDE_X + HEAP_W + 40 + unit <= SCENE.width() - 8

    def _side(self, board: Mapping[str, Any], header: float) -> float:
        """The pool and the deck, beside the seats, or in a row under the heading (ending at
        `header`); where what is over the seats now ends."""
        if self._beside:
            self._heap("Pool", board["pool"], SIDE_X, 180, big=True)
            self._heap("Deck", board["deck_left"], SIDE_X, 500, big=False)
            return header
        y = header + HEAD_GAP
        pool = self._heap("Pool", board["pool"], SEATS.left(), y, big=True)
        deck = self._heap("Deck", board["deck_left"], SCENE.width() / 2, y, big=False)
        return max(pool, deck)

    def _heap(self, title: str, count: int, x: float, y: float, big: bool) -> float:
        """A heap of cards at (x, y) under its `title`, its count beside it; where it ends."""
        named = self.label(title, 34 if big else TEXT, x, y, "text" if big else "muted", bold=big)
        card_w = HEAP_W if big else DECK_W
        top = y + max(80.0, named.boundingRect().height() + 4)
        rect = QRectF(x, top, card_w, card_w * RATIO)
        if count:
            shown = min(count, 5)
            for i in range(shown):
                step = 6.0 * (shown - 1 - i)
                self.addItem(CardItem(rect.translated(step, -step)))
        else:
            self.addItem(CardItem(rect, empty=True, slot_colour=self.theme.color("muted")))
        number = self.label(
            str(count), 72 if big else 48, 0, 0, "text" if big else "muted", bold=True
        )
        box = number.boundingRect()
        number.setPos(x + card_w + 40, rect.center().y() - box.height() / 2 - 12)
        unit = self.label("card" if count == 1 else "cards", TEXT, 0, 0, "muted")
        unit.setPos(x + card_w + 40, number.y() + box.height() - 10)
        return max(rect.bottom(), _bottom(unit))

    # ----- the foot: why, or who we wait for -----------------------------------------

    def _explain(self, record: Mapping[str, Any]) -> None:
        """What the revealed cards did, named as their round's (the heading is the next
        round's): in the foot's room, smaller if the words need it."""
        text = f"Round {record['round']}: {record['text']}"
        width = SCENE.width() - 72
        line = self.label(text, 34, 36, self._foot_y, width=width)
        if _bottom(line) > self.height():
            line.setFont(self.text_font(TEXT))
            balance_item(line, width)

    def _waiting(self, view: View) -> None:
        """Who the round still waits for, as a sentence of its own after the count so far:
        "2 of 4 cards placed. Waiting for Cleo and Dev." A crowd is named in part ("Ann, Ben,
        Cat, Dan, Eve and 14 others"), or counted when it is everyone ("all 20 players"); long
        names, in fewer of them where all would run past the board's foot ("Bartholomew
        Fitzgerald-Ashby and 3 others"), or none ("4 players")."""
        if view.finished or not view.awaiting:
            return
        players = view.players
        awaited = [players[s] for s in view.awaiting]
        everyone = len(players)
        whos = [join_names(awaited, most, everyone) for most in range(NAMED, 1, -1)]
        whos.append(counted(len(awaited), "player") if len(awaited) < everyone else whos[-1])
        whos = list(dict.fromkeys(whos))  # each wording once, the most names first
        for who in whos:
            line = self.label(
                self._waiting_text(view, f"Waiting for {who}"),
                TEXT,
                36,
                self._foot_y + 40,
                "muted",
                width=SCENE.width() - 72,
            )
            if _bottom(line) <= self.height() or who is whos[-1]:
                return
            self.removeItem(line)

    def _foot_room(self, view: View) -> float:
        """The foot's room: FOOT_ROOM, or what the round's explanation (or the line of whom
        the round waits for, 40 under the foot's top) takes in larger type."""
        rounds = view.board["rounds"]
        if self._revealing(view):
            text, size, top = f"Round {rounds[-1]['round']}: {rounds[-1]['text']}", 34, 0.0
        elif view.finished or not view.awaiting:
            return FOOT_ROOM
        else:  # the longest it may say: the fewest names are tried only where it is too long
            text, size, top = (
                self._waiting_text(view, f"Waiting for {counted(9, 'player')}"),
                TEXT,
                40.0,
            )
        font = self.text_font(size)
        lines = len(wrapped_lines(text, font, SCENE.width() - 72))
        return max(FOOT_ROOM, top + QFontMetricsF(font).lineSpacing() * lines + 8 + 4)

    def _waiting_text(self, view: View, waiting: str) -> str:
        """The count so far, then `waiting` ("Waiting for Cleo and Dev")."""
        board, players = view.board, view.players
        if board["needs_call"] and board["call"] is None:
            return f"{waiting} to call high or low."
        if board["companion"]:
            count = f"{len(view.submitted)} of {len(players)}"
            if self.beside_buttons:
                return f"Enter the revealed cards: {count} in. {waiting}."
            return f"Revealed cards: {count} entered. {waiting}."  # the room enters nothing
        return f"{sum(board['table'])} of {len(players)} cards placed. {waiting}."


def _under(title: QGraphicsTextItem) -> float:
    """Where the line under the heading starts: 98, or lower under larger type."""
    return max(98.0, _bottom(title) - 2 * title.document().documentMargin())


def _bottom(item: QGraphicsTextItem) -> float:
    return item.sceneBoundingRect().bottom()


def _lines(item: QGraphicsTextItem) -> int:
    """How many lines a text item's words take."""
    document = item.document()
    return sum(
        document.findBlockByNumber(b).layout().lineCount() for b in range(document.blockCount())
    )


def _star(centre: QPointF, radius: float) -> QPainterPath:
    """A five-pointed star, point up, its points `radius` from `centre`."""
    path = QPainterPath()
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi * (i / 5 - 0.5)
        point = QPointF(centre.x() + r * math.cos(angle), centre.y() + r * math.sin(angle))
        if i:
            path.lineTo(point)
        else:
            path.moveTo(point)
    path.closeSubpath()
    return path


def _rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def _run(ms: int, curve: QEasingCurve.Type, step, done) -> QVariantAnimation:
    """An animation from 0 to 1 over `ms`, started: `step` takes each value, `done` its end."""
    animation = QVariantAnimation()
    animation.setDuration(ms)
    animation.setStartValue(0.0)
    animation.setEndValue(1.0)
    animation.setEasingCurve(curve)
    animation.valueChanged.connect(step)
    animation.finished.connect(done)
    animation.start()
    return animation
