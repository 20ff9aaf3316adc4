"""The public board of It's Good Enough: the last reveal on a number line, the median marked.

One focal point: the revealed numbers with the median line and who scored. Shared numbers are
crossed out (a cross, not just a colour); scorers get a ring and a star.

A small table gets a large token and a label for everyone. A crowd (an event's thirty players)
would not fit that way: everyone who shared a number becomes one crossed token with their count,
the tokens shrink as far as they must and stack into a dot plot above the number line, each
labelled where its lane has room, the scorers first, and the line under the board counts the
players who shared numbers instead of naming them all.

Rounds listed up front and revealed together show together, a strip a round: tokens where the
strips can keep them apart, else a tick a number with tokens for the scorers alone.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPen

from middleground.engine import View
from middleground.engine.words import counted, join_names
from middleground.widgets.balanced import balance_item, wrapped_lines
from middleground.widgets.marks import seat_marks
from middleground.widgets.names import closed, closed_names
from middleground.widgets.plugin import SCENE, Board

from .lanes import GAP, HALO, LOOKS, ROOMY, Look, Spot, lay_out, spread
from .reveal import explain_round, extra_round, most_extra_rounds
from .rules import MIN_ROUNDS
from .scoring import MEANS, score_round
from .token_art import draw_token, reach

LEFT, RIGHT = 110.0, 1490.0
# Under the number line, 290 units on a 16:9 board (the line at 610): the numbers, the
# round's line 70 under it and the status line 74 from the foot; more in larger type.
UNDER_LINE, TO_SUMMARY, STATUS_FOOT, STATUS_GAP = 290.0, 70.0, 74.0, 18.0
SUMMARY_LINES = 3  # the round's line under the board, before the status line
OUTCOME_SIZE, SMALLEST_OUTCOME = 40, 28  # who won, at the end, in the status line's place
STRIPS_TOP = 120.0  # where the first strip begins, under the heading (or lower, under a taller one)
THINNEST_STRIP = 16.0  # rounds revealed together show a strip each while strips are this tall
SMALLEST_TOKEN = 14.0  # a token's radius: a mark smaller than this is lost at the back of a room
HEADING_SIZE, HEADING_Y = 60, 24.0
DETAIL_SIZE, DETAIL_Y = 30, 44.0  # the line beside the heading, on the heading's baseline
SIDE_GAP = 40.0  # the least room between the heading and the line beside it
STACKED_Y = 4.0  # the heading's top with the line under it, both above the board's first marks
RULES = {  # who scores, as the setup screen's choices put it
    "median": "the median scores",
    "mean": "closest to the mean of numbers left in",
    "mean-all": "closest to the mean of every number",
}


def _room(item, lines: int) -> float:
    """The height of `lines` lines of `item`'s text."""
    return QFontMetricsF(item.font()).lineSpacing() * lines + 2 * item.document().documentMargin()


def _wrapped(parts: list[str], width: float, measure: QFontMetricsF) -> list[str]:
    """`parts` joined by " · " into as few lines as `width` allows, broken only between parts
    (a part wider than `width` has a line of its own, too wide)."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and measure.horizontalAdvance(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines


class GameBoard(Board):
    """The number line with the last reveal above it, its round in words under it, the
    status line at the foot; the marks take the height between the heading and the line,
    however tall the board is (a portrait projector's)."""

    fills_height = True  # its number line and lines under it keep to the foot of the board

    def __init__(self, theme) -> None:
        super().__init__(theme)
        self._top = STRIPS_TOP  # where the marks' room starts, under the heading
        self._line_y = 610.0  # the number line
        self._summary_y = 680.0  # the round's line under it

    def show_view(self, view: View) -> None:
        self.clear()
        self._below_summary = 0.0  # where the line under the board ends (none drawn yet)
        self._marks = seat_marks(view.players)
        self.setBackgroundBrush(self.theme.color("background"))
        board = view.board
        self._plan_under_line(view)
        low, high = (1, view.options["deck"]) if board["cards"] else board["range"]
        # Rounds listed up front and revealed together show together, a strip each, where
        # they fit; extra rounds, one at a time.
        listed = [r for r in board["rounds"] if not r["extra"]]
        together = view.options["reveal"] == "all-at-once" and listed == list(board["rounds"])
        strips = together and len(listed) > 1
        with self.part("header"):  # its height first: the marks take the room under it
            self._header(view, self._title(view, listed if strips else None))
        plan = self._strips(listed, low, high) if strips else None
        if strips and plan is None:  # the last round alone after all: its own heading
            self.redraw_part("header", lambda: self._header(view, self._title(view, None)))
        self._axis(low, high)
        if plan is not None:
            self._listed(view, listed, low, high, plan)
        elif board["rounds"]:
            self._reveal(view, board["rounds"][-1], low, high)
        with self.part("status"):
            self._status(view)

    def update_view(self, drawn: View, view: View) -> bool:
        """One more sealed choice changes only the line that counts who has picked."""
        return self.redraw_status(drawn, view, self._status)

    # ----- parts ---------------------------------------------------------------------

    def _title(self, view: View, together) -> str:
        """The heading: the round being played or revealed (`together`: the rounds listed up
        front, where the board shows them all at once)."""
        board = view.board
        last = board["rounds"][-1] if board["rounds"] else None
        if view.finished:
            return "Game over"
        if view.revealing and together:
            return f"All {len(together)} rounds: the reveal"
        if view.revealing and last is not None:
            return f"{self._round_label(view, last)}: the reveal"
        if view.phase == "plan":  # each player at their own pace: no round is the table's
            listing = "cards" if board["cards"] else "numbers"
            return f"Listing {listing} for all {board['rounds_total']} rounds"
        if board["extra_round"]:
            extras = sum(1 for played in board["rounds"] if played["extra"]) + 1
            return extra_round(extras, most_extra_rounds(view.options))
        if board["rounds_total"]:
            return f"Round {view.round} of {board['rounds_total']}"
        return f"Round {view.round}"

    def _details(self, view: View) -> list[str]:
        """What the table chose, beside the heading: the numbers, who scores and, played to a
        points total, how far it has come (and, reached before the third round, why the game
        goes on)."""
        board = view.board
        low, high = board["range"]
        details = ["numbered cards" if board["cards"] else f"{low} to {high}"]
        details.append(RULES[board["scoring"]])
        target = board["points_target"]
        if target:
            details.append(f"{board['awarded']} of {target} points handed out")
            if board["awarded"] >= target and len(board["rounds"]) < MIN_ROUNDS:
                details.append(f"at least {MIN_ROUNDS} rounds")
        return details

    def _header(self, view: View, title: str) -> None:
        """The heading, and beside it what the table chose, right-aligned: on two lines where
        one would run into the heading (both under the board's top), and under the heading
        where two would. The marks' room starts under it (_top)."""
        heading = self.label(title, HEADING_SIZE, 40, HEADING_Y, bold=True)
        if heading.boundingRect().width() > SCENE.width() - 80:  # a portrait board's type
            balance_item(heading, SCENE.width() - 80)
        details = self._details(view)
        measure = QFontMetricsF(self.text_font(DETAIL_SIZE))
        room = SCENE.width() - 40 - SIDE_GAP - heading.sceneBoundingRect().right()
        lines = _wrapped(details, room, measure)
        highest = DETAIL_Y - (len(lines) - 1) * measure.lineSpacing()
        if len(lines) <= 2 and max(map(measure.horizontalAdvance, lines)) <= room and highest >= 0:
            self._top = max(STRIPS_TOP, heading.sceneBoundingRect().bottom())
            for row, line in enumerate(reversed(lines)):  # the last on the heading's line
                y = DETAIL_Y - row * measure.lineSpacing()
                item = self.label(line, DETAIL_SIZE, 0, y, "muted")
                item.setX(SCENE.width() - 40 - item.boundingRect().width())
                self._top = max(self._top, item.sceneBoundingRect().bottom())
            return
        heading.setY(STACKED_Y)  # the line goes under the heading, which moves up for it
        y = heading.sceneBoundingRect().bottom() - 2 * heading.document().documentMargin()
        text = " · ".join(details)
        said = self.label(text, DETAIL_SIZE, 40, y, "muted", width=SCENE.width() - 80)
        self._top = max(STRIPS_TOP, said.sceneBoundingRect().bottom())

    def _plan_under_line(self, view: View) -> None:
        """Where the number line goes: UNDER_LINE above the foot of a 16:9 board, or as far
        as the numbers, the round's line and the status line (at the end, who won, under a
        round's line a line shorter) need in larger type (a portrait projector's), each on
        as many lines as this view's words take."""
        to_summary = max(TO_SUMMARY, 14 + self._text_height(30, 1) + 4)
        said = self._status_text(view)
        if said is None:  # the end: who won, in its place, just under the round's line
            outcome = closed_names(view.board.get("outcome", ""), view.players)
            summary = self._text_height(34, SUMMARY_LINES - 1) + 4
            foot = self._wrapped_height(outcome, OUTCOME_SIZE, True) + 6
        else:
            summary = self._text_height(34, SUMMARY_LINES)
            foot = STATUS_GAP + max(STATUS_FOOT, self._wrapped_height(said, 32, False) + 6)
        self._line_y = self.height() - max(UNDER_LINE, to_summary + summary + foot)
        self._summary_y = self._line_y + to_summary

    def _wrapped_height(self, text: str, size: float, bold: bool) -> float:
        """The height of a text item of `text` in type of `size`, wrapped to the board."""
        font = self.text_font(size, bold)
        lines = len(wrapped_lines(text, font, SCENE.width() - 80))
        return QFontMetricsF(font).lineSpacing() * lines + 8

    def _text_height(self, size: float, lines: int) -> float:
        """The height of a text item of `lines` lines in type of `size`."""
        return QFontMetricsF(self.text_font(size)).lineSpacing() * lines + 8

    def _band(self, rounds) -> float:
        """The height of each strip when `rounds` are shown a strip each."""
        return (self._line_y - self._top) / len(rounds)

    def _x(self, value: float, low: float, high: float) -> float:
        return LEFT + (value - low) / (high - low) * (RIGHT - LEFT)

    def _axis(self, low: int, high: int) -> None:
        pen = QPen(self.theme.color("muted"), 4)
        self.addLine(LEFT, self._line_y, RIGHT, self._line_y, pen)
        span = high - low
        step = next(
            s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000) if span / s <= 10
        )
        first = low + (-low) % step
        for value in range(first, high + 1, step):
            x = self._x(value, low, high)
            self.addLine(x, self._line_y - 10, x, self._line_y + 10, pen)
            label = self.label(str(value), 30, x, self._line_y + 14, "muted")
            label.setX(x - label.boundingRect().width() / 2)

    def _reveal(self, view: View, outcome, low: int, high: int) -> None:
        picks = outcome["picks"]
        scorers = set(outcome["scorers"])
        out = set(outcome["disqualified"])
        target_label = None
        if outcome["target"] is not None:
            target = float(outcome["target"])
            x = self._x(target, low, high)
            word = "mean" if view.board["scoring"] in MEANS else "median"
            top = self._top + 2
            label = self.label(f"{word} {outcome['target']}", 40, x, top, "accent", bold=True)
            dash = QPen(self.theme.color("accent"), 5, Qt.PenStyle.DashLine)
            self.addLine(x, top + max(53, label.boundingRect().height() - 2), x, self._line_y, dash)
            label.setX(
                min(
                    max(x - label.boundingRect().width() / 2, 20),
                    SCENE.width() - 20 - label.boundingRect().width(),
                )
            )
            target_label = label
        if not view.revealing and not view.finished:  # a new round is on: these are the last
            self._caption(view, outcome, target_label)
        tokens = []
        for seat, number in enumerate(picks):
            x = self._x(number, low, high)
            label = self._label_text(view.players[seat], number, seat in scorers, seat in out)
            tokens.append((seat, x, label))
        shared: dict[int, int] = {}  # a token standing for everyone who picked its number
        roomy = self._grown(ROOMY)
        look, layout = roomy, self._lay_out(tokens, shared, roomy, scorers, out, label_all=True)
        if layout is None:  # a crowd: one token a shared number, and smaller ones if need be
            tokens, shared = self._one_token_a_number(picks, out, tokens)
            looks = [self._grown(lk) for lk in LOOKS]
            tried = [(lk, self._lay_out(tokens, shared, lk, scorers, out, False)) for lk in looks]
            fitting = [(lk, lay) for lk, lay in tried if not lay.crammed] or tried[-1:]
            look, layout = max(fitting, key=lambda t: t[1].labelled)  # the first, on a tie
        self._tokens(tokens, shared, layout, look, scorers, out)
        self._summary(view, outcome)

    def _caption(self, view: View, outcome, target_label) -> None:
        """While the next round is picked, the marks still show the last one's: a caption
        says which round they are, on the side of the board away from the median's label."""
        what = "cards" if view.board["cards"] else "numbers"
        caption = self.label(
            f"{self._round_label(view, outcome)}'s {what}", 30, 40, self._top + 8, "muted"
        )
        if target_label is None:
            return
        room = target_label.sceneBoundingRect().left() - SIDE_GAP
        if caption.sceneBoundingRect().right() > room:
            caption.setX(SCENE.width() - 40 - caption.boundingRect().width())

    def _grown(self, look: Look) -> Look:
        """A look's tokens and lanes grown as much as its letters and labels are above their
        size (the projector's floor, where it shows the board small: a portrait window's),
        so that a letter keeps its token and a label its lane."""
        grow = max(self.text_size(look.initial) / look.initial, 1.0)
        return look._replace(radius=look.radius * grow, lane_gap=look.lane_gap * grow)

    def _tokens(self, tokens, shared, layout, look: Look, scorers, out, **where):
        """Each token where `layout` puts it, marked with its player's mark, or for a shared
        number how many shared it; `where` is the line they stand on (see _token)."""
        insides = self._insides(tokens, shared)
        for seat, x, label in tokens:
            inside = insides[seat]
            # a shared number's token is no one player's: the board's own colour, not a seat's
            colour = self.theme.color("muted") if seat in shared else self.theme.seat_color(seat)
            spot = layout.spots[seat]
            scored, gone, many = seat in scorers, seat in out, seat in shared
            self._token(inside, colour, label, x, spot, look, scored, gone, many, **where)

    def _strips(self, rounds, low: int, high: int):
        """How rounds revealed together lie on strips of their own: the strips' look and, a
        round, its tokens, shared numbers and layout. Where a strip cannot keep every token
        apart (a crowd, or many rounds), the look is None and each number is a tick, the
        scorers' tokens above theirs (see _ticks); None where even ticks would not fit, and
        the board shows the last round alone."""
        band = self._band(rounds)
        for lanes in (2, 3, 4):  # big tokens in two lanes, or smaller in more to keep apart
            radius = min(ROOMY.radius, (band - 16) / (2 * lanes) - 3)
            if radius < SMALLEST_TOKEN:
                break
            look = Look(radius, 2 * radius + 6, lanes, max(20.0, min(30.0, radius)), radius)
            strips = [self._strip(outcome, look, low, high) for outcome in rounds]
            if not any(layout.crammed for _tokens, _shared, layout in strips):
                return look, strips
        return (None, None) if band >= THINNEST_STRIP else None

    def _strip(self, outcome, look: Look, low: int, high: int):
        picks, out = outcome["picks"], set(outcome["disqualified"])
        # Marks only: who scored is named under the board, and the tokens take the room.
        tokens = [(seat, self._x(number, low, high), "") for seat, number in enumerate(picks)]
        tokens, shared = self._one_token_a_number(picks, out, tokens)
        scorers = set(outcome["scorers"])
        layout = self._lay_out(tokens, shared, look, scorers, out, label_all=False)
        return (
            tokens,
            shared,
            layout._replace(spots={s: Spot(p.lane, "") for s, p in layout.spots.items()}),
        )

    def _listed(self, view: View, rounds, low: int, high: int, plan) -> None:
        """Rounds whose numbers were listed up front and revealed together, each on a strip of
        its own above the number line (the last on the line itself), so the whole reveal shows
        at once: each round's median and its players' marks (or, crowded, a tick a number and
        the scorers' marks); then a line naming who scored in each, where it fits."""
        look, strips = plan
        band = self._band(rounds)
        muted = QPen(self.theme.color("muted"), 2)
        word = "mean" if view.board["scoring"] in MEANS else "median"
        for index, outcome in enumerate(rounds):
            base = self._top + band * (index + 1)
            if index < len(rounds) - 1:
                self.addLine(LEFT, base, RIGHT, base, muted)
            name = self.label(self._round_label(view, outcome), 24, 16, base - band + 2, "muted")
            if (len(rounds) - 1 - index) % math.ceil(name.boundingRect().height() / band):
                self.removeItem(name)  # thin strips: every other round named, or fewer
            elif band < 60:  # a thin strip: its name sits on its line, clear of numbers below
                name.setY(base - name.boundingRect().height() + 6)
                self._plate(name)
            if outcome["target"] is not None:
                x = self._x(float(outcome["target"]), low, high)
                dash = QPen(self.theme.color("accent"), 4, Qt.PenStyle.DashLine)
                self.addLine(x, base - band + 6, x, base, dash)
                if band >= 60:  # under the round's name
                    self.label(f"{word} {outcome['target']}", 24, 16, name.y() + 28, "accent")
            scorers, out = set(outcome["scorers"]), set(outcome["disqualified"])
            if look is None:
                self._ticks(outcome, base, band, low, high)
            else:
                tokens, shared, layout = strips[index]
                self._tokens(tokens, shared, layout, look, scorers, out, base=base, rise=6)
        scored = [
            f"{self._round_label(view, r)}: "
            f"{join_names([closed(view.players[s]) for s in r['scorers']]) or 'nobody scores'}"
            for r in rounds
        ]
        line = self.label(" · ".join(scored), 30, 40, self._summary_y, width=SCENE.width() - 80)
        lines = SUMMARY_LINES - 1 if view.finished else SUMMARY_LINES
        if line.boundingRect().height() > _room(line, lines) + 1:  # many rounds: the marks say it
            self.removeItem(line)
            return
        self._below_summary = line.sceneBoundingRect().bottom()

    def _ticks(self, outcome, base: float, band: float, low: int, high: int) -> None:
        """A crowded strip: every number a tick in its player's colour (a number several
        shared, one faint tick), the scorers' ticks tall and, where the strip has room, their
        tokens above them, spread apart where they would touch (else their ticks are in the
        accent colour)."""
        picks, scorers, out = (
            outcome["picks"],
            set(outcome["scorers"]),
            set(outcome["disqualified"]),
        )
        top = base - band + 6
        radius = min(ROOMY.radius, (band - 8) / 2 - 4)  # no halo: only scorers have tokens
        marked = radius >= SMALLEST_TOKEN
        for seat, number in sorted(enumerate(picks), key=lambda t: t[0] in scorers):
            x = self._x(number, low, high)
            if seat in scorers:
                colour = self.theme.seat_color(seat) if marked else self.theme.color("accent")
                pen, height = QPen(colour, 6), base - top
            elif seat in out:  # a number several shared
                pen = QPen(self.theme.color("muted"), 3, Qt.PenStyle.DotLine)
                height = (base - top) * 0.5
            else:
                pen, height = QPen(self.theme.seat_color(seat), 5), (base - top) * 0.6
            self.addLine(x, base, x, base - height, pen)
        if not marked:
            return
        look = Look(radius, 0.0, 1, radius, radius)
        marks = self._marks
        seats = sorted(scorers, key=lambda seat: picks[seat])
        wanted = [self._x(picks[seat], low, high) for seat in seats]
        mark = self.text_size(radius)
        widest = max((reach(marks[seat], mark, radius, True) for seat in seats), default=radius)
        rise = band / 2 - radius - 3  # centred in the strip
        for seat, x, foot in zip(seats, spread(wanted, 2 * widest + 12), wanted, strict=True):
            colour, spot = self.theme.seat_color(seat), Spot(0, "")
            where = {"base": base, "rise": rise, "foot": foot, "halo": False}
            self._token(marks[seat], colour, "", x, spot, look, True, False, **where)

    def _one_token_a_number(self, picks, out: set[int], tokens):
        """The tokens with each shared number's players as one token (the first seat's), its
        label the number and how many picked it; and {that seat: how many}."""
        seats_of: dict[int, list[int]] = {}
        for seat in sorted(out):
            seats_of.setdefault(picks[seat], []).append(seat)
        shared = {seats[0]: len(seats) for seats in seats_of.values()}
        merged = []
        for seat, x, label in tokens:
            if seat in out and seat not in shared:
                continue
            if seat in shared:
                label = f"✕ {shared[seat]} picked {picks[seat]}"
            merged.append((seat, x, label))
        return merged, shared

    def _lay_out(self, tokens, shared, look: Look, scorers: set[int], out: set[int], label_all):
        measure = QFontMetricsF(self.text_font(look.text, True))
        sized = [(seat, x, measure.horizontalAdvance(label)) for seat, x, label in tokens]
        reaches = {
            seat: reach(inside, self.text_size(look.initial), look.radius, seat in scorers)
            for seat, inside in self._insides(tokens, shared).items()
        }
        return lay_out(
            sized, look, scorers, out, label_all, reaches=reaches, board_width=SCENE.width()
        )

    def _insides(self, tokens, shared: dict[int, int]) -> dict[int, str]:
        """What each token shows: its player's mark, or how many shared its number."""
        return {
            seat: str(shared[seat]) if seat in shared else self._marks[seat]
            for seat, _x, _label in tokens
        }

    def _summary(self, view: View, outcome) -> None:
        """The round in words, under the board; too long for its lines (a crowd that shared
        many numbers), it counts who was out instead of naming them. A right-to-left name
        keeps its number after it ("so محمد (39) scores")."""
        round_label = self._round_label(view, outcome)
        width = SCENE.width() - 80
        text = closed_names(outcome["text"], view.players)
        item = self.label(f"{round_label}: {text}", 34, 40, self._summary_y, width=width)
        lines = SUMMARY_LINES - 1 if view.finished else SUMMARY_LINES  # room for the outcome
        if item.boundingRect().height() > _room(item, lines) + 1:
            method = view.board["scoring"]
            scored = score_round(outcome["picks"], method)
            brief = explain_round(view.players, outcome["picks"], scored, method, name_out=False)
            item.setPlainText(f"{round_label}: {closed_names(brief, view.players)}")
            balance_item(item, width)
        self._below_summary = item.sceneBoundingRect().bottom()

    def _round_label(self, view: View, outcome) -> str:
        """ "Round 3", or "Extra round 2" for the second sudden-death round."""
        if not outcome["extra"]:
            return f"Round {outcome['round']}"
        done = view.board["rounds"]
        extras = sum(1 for played in done[: done.index(outcome) + 1] if played["extra"])
        return extra_round(extras)

    def _label_text(self, name: str, number: int, scored: bool, out: bool) -> str:
        """A token's label: "★ Cy 63", a right-to-left name closed so that its number stays
        on its right."""
        mark = "★ " if scored else ("✕ " if out else "")
        return f"{mark}{closed(name)} {number}"

    def _token(
        self,
        inside: str,
        fill: QColor,
        label: str,
        x: float,
        spot: Spot,
        look: Look,
        scored: bool,
        out: bool,
        shared: bool = False,
        base: float | None = None,
        rise: float = 20.0,
        foot: float | None = None,
        halo: bool = True,
    ) -> None:
        """A token in its lane above the line at `base`, `rise` clear of it, a dotted line
        dropping from it to its number (at `foot`, where it was moved aside)."""
        radius = look.radius
        base = self._line_y if base is None else base
        y = base - radius - rise - spot.lane * look.lane_gap
        drop = self.addLine(
            x,
            y + radius,
            x if foot is None else foot,
            base,
            QPen(self.theme.color("muted"), 2, Qt.PenStyle.DotLine),
        )
        drop.setZValue(-1)  # behind the tokens stacked below it
        half = reach(inside, self.text_size(look.initial), radius, scored)
        halo_at = HALO - 2 if scored and halo else None
        shape = (x, y, half, radius)
        draw_token(self, inside, fill, shape, self.text_size(look.initial), scored, out, halo_at)
        if not spot.label:
            return
        colour_name = "accent" if scored else ("error" if out else "text")
        text = self.label(label, look.text, x + half + GAP, y, colour_name, bold=scored)
        text.setY(y - text.boundingRect().height() / 2)
        if spot.label == "left" or text.x() + text.boundingRect().width() > SCENE.width() - 10:
            text.setX(x - half - GAP - text.boundingRect().width())
        self._plate(text)

    def _plate(self, text) -> None:
        """A plate of the background under the words: the median line, the drop lines of the
        tokens above and the strips' lines pass behind a name, never through it."""
        plate = self.addRect(
            text.sceneBoundingRect().adjusted(4, 6, -4, -6),
            QPen(Qt.PenStyle.NoPen),
            QBrush(self.theme.color("background")),
        )
        plate.setZValue(0.5)
        text.setZValue(1)

    def _status(self, view: View) -> None:
        """The status line at the foot of the board, on two lines where one would not hold it
        (a portrait board's type); at the end, who won, in its place."""
        width = SCENE.width() - 80
        foot = self.height()
        if view.finished:  # who won, where the table looked to see whom it waited for
            outcome = closed_names(view.board.get("outcome", ""), view.players)
            y = max(foot - 150, self._below_summary + 4)
            item = self.label(outcome, OUTCOME_SIZE, 40, y, "accent", bold=True, width=width)
            size = OUTCOME_SIZE  # a long one (why a game stopped, many names) in smaller type
            while item.sceneBoundingRect().bottom() > foot and size > SMALLEST_OUTCOME:
                size -= 2
                item.setFont(self.text_font(size, bold=True))
                balance_item(item, width)
            # In type that cannot get smaller (the projector's floor), up into its room.
            item.setY(min(item.y(), foot - 6 - item.boundingRect().height()))
            return
        item = self.label(self._status_text(view), 32, 40, 0, "muted", width=width)
        item.setY(min(foot - STATUS_FOOT, foot - 6 - item.boundingRect().height()))

    def _status_text(self, view: View) -> str | None:
        """What the status line says (None at the end, where the outcome stands instead)."""
        if view.finished:
            return None
        players = view.players
        if view.revealing:  # the table reads the result; the next round waits for Continue
            rounds = view.board["rounds"]
            many = view.options["reveal"] == "all-at-once" and not rounds[-1]["extra"]
            what, seen = ("Rounds", "them") if many else ("Round", "it")
            if self.beside_buttons:  # whoever is at the keyboard, a solo player too
                following = "an extra round" if view.board["extra_round"] else "the next round"
                text = f"{what} revealed: press Continue for {following}."
            else:  # the room has no Continue to press
                text = f"{what} revealed: the game goes on when everyone has seen {seen}."
        elif view.awaiting:
            listing, board = view.phase == "plan", view.board  # all at once: a whole list
            chosen = len(players) - len(view.awaiting) if listing else len(view.submitted)
            made = "listed every round" if listing else "played" if board["cards"] else "picked"
            done = f"{chosen} of {len(players)} {'has' if chosen == 1 else 'have'} {made}."
            waiting = [closed(players[s]) for s in view.awaiting]  # two RTL names kept in order
            text = self._waiting(done, waiting, len(players))
        else:
            text = "Revealing…"
        return text

    def _waiting(self, done: str, names: list[str], everyone: int) -> str:
        """How many have chosen and whom the table waits for, on one line: every name where
        they fit, else the first few and how many others (a crowd), else only how many."""
        measure = QFontMetricsF(self.text_font(32))
        for most in range(max(len(names), 2), 1, -1):  # down to a name and how many others
            text = f"{done} Waiting for {join_names(names, most, everyone)}."
            if measure.horizontalAdvance(text) <= SCENE.width() - 90:
                return text
        return f"{done} Waiting for {counted(len(names), 'player')}."
