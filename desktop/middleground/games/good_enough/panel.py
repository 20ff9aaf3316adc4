"""The private panel of It's Good Enough: the number to pick or the card to play, and your
secrets."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import NamedTuple

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QLabel, QVBoxLayout

from middleground.engine import ActionForm, Event, View
from middleground.engine.words import counted, join_names
from middleground.widgets.forms import ActionFormWidget
from middleground.widgets.kept import keep
from middleground.widgets.names import closed
from middleground.widgets.plugin import Panel
from middleground.widgets.wrapped import FittedLabel, FittedRichLabel, fit_words

from .reveal import most_extra_rounds
from .scoring import median_player

TOTAL_GAP = 12  # pixels between a total and who is on it
NAMED = 6  # names shown on one total's row before the rest are counted (a crowd)


class Totals(NamedTuple):
    """The totals as they stand: rows of (total, who is on it, whether it is a middle total),
    highest first, and a sentence on where the middle is and who would win now."""

    rows: list[tuple[str, str, bool]]
    summary: str


def totals_now(
    players: Sequence[str], scores: Sequence[int], seat: int, extra_rounds: int = 0
) -> Totals:
    """The game is won on the middle of the distinct totals, so a player choosing a number
    wants the totals with whoever is on each ("you" first), not a ranking, and to see that a
    total shared counts once. `extra_rounds` is how many extra rounds a tie may get, where
    extra rounds break ties (0: the tie-break ignores outer rounds)."""
    verdict = median_player(scores)
    middle = sorted({scores[s] for s in verdict.candidates})

    def who(seats: Sequence[int]) -> str:
        """Whoever is on a total, "you" first; a right-to-left name closed, so that two of them
        stay in the order listed."""
        names = ["you"] if seat in seats else []
        others = [closed(players[s]) for s in seats if s != seat]
        return join_names(names + others, NAMED, len(players))

    def tied(seats: Sequence[int]) -> str:
        """Who would tie: "all four of you" where it is everyone, else their names."""
        return _all_of_you(len(players)) if len(seats) == len(players) else who(seats)

    rows = [
        (
            counted(total, "point"),
            who([s for s, t in enumerate(scores) if t == total]),
            total in middle,
        )
        for total in sorted(set(scores), reverse=True)
    ]
    if len(middle) == 2:
        where = f"The two middle totals are {' and '.join(counted(t, 'point') for t in middle)}"
    else:
        where = f"The middle total is {counted(middle[0], 'point')}"
    if verdict.unique:
        won = (
            "you would win"
            if verdict.candidates == (seat,)
            else f"{who(verdict.candidates)} would win"
        )
    elif not extra_rounds:
        # The tie-break counts everyone's points again (a table ruling): it may crown a
        # player who is not in the tie, so the sentence does not promise it to those who are.
        won = (
            f"{tied(verdict.candidates)} would tie, and the tie-break, which counts everyone's "
            f"points again, would decide"
        )
    else:  # extra rounds count everyone's points too (the same ruling)
        more = "an extra round, which counts" if extra_rounds == 1 else "extra rounds, which count"
        won = f"{tied(verdict.candidates)} would tie, and {more} everyone's points, would follow"
    return Totals(rows, f"{where}: if the game ended now, {won}.")


def _all_of_you(count: int) -> str:
    """Everyone at the table, spoken to: "all three of you", "all 30 of you"."""
    if count == 2:
        return "both of you"
    words = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}
    return f"all {words.get(count, count)} of you"


class GamePanel(Panel):
    def __init__(self) -> None:
        super().__init__()
        self.heading = FittedLabel()  # a name too long for a line is shortened, never cut
        self.heading.setFont(QFont("Sans", 20, QFont.Weight.Bold))
        self.standing = QLabel()
        self.standing.setWordWrap(True)
        self.totals = FittedRichLabel()  # written for its width: see _show_totals
        self.totals.setAccessibleName("Totals now")
        self.secret = QLabel()
        self.secret.setWordWrap(True)
        self.form = ActionFormWidget()
        self.form.setFont(QFont("Sans", 16))
        self.form.submitted.connect(self.submitted)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.standing)
        layout.addWidget(self.totals)
        layout.addWidget(self.secret)
        layout.addWidget(self.form, 1)

    def show_view(self, view: View, form: ActionForm, events: Sequence[Event]) -> None:
        seat = view.seat
        name = view.players[seat] if seat is not None else ""
        board = view.board
        # A number is picked, a card played, and either listed when all rounds are up front.
        act = "list" if view.phase == "plan" else "play" if board["cards"] else "pick"
        if seat is not None and seat in view.awaiting:
            self.heading.setText(f"{name}, your turn to {act}")
        else:  # called up while their number is in, or between rounds: nothing to pick now
            self.heading.setText(f"{name}: nothing to {act} now")
        points = board["scores"][seat] if seat is not None else 0
        self.standing.setText(f"You have {counted(points, 'point')}.")
        # Points are public; once a round has scored, the totals say where the middle is.
        shown = seat is not None and bool(board["rounds"])
        if shown:
            options = view.options
            extra = most_extra_rounds(options) if options["tiebreak"] == "sudden-death" else 0
            self._show_totals(totals_now(view.players, board["scores"], seat, extra))
        self.totals.setVisible(shown)
        lines = []
        if "hand" in board:
            lines.append("Your cards: " + ", ".join(map(str, board["hand"])))
        if board.get("plan"):
            lines.append("Your list so far: " + ", ".join(map(str, board["plan"])))
        if view.my_submission is not None:
            chosen = view.my_submission["number"]
            done = "listed" if view.phase == "plan" else f"{act}ed"  # all at once: listed
            lines.append(
                f"You {done} card {chosen}." if board["cards"] else f"You {done} {chosen}."
            )
        self.secret.setText("\n".join(lines))
        self.secret.setVisible(bool(lines))
        if view.phase == "plan":  # all at once: each number goes on the list, shown later
            button = "List this card" if board["cards"] else "List this number"
        else:
            button = "Play this card" if board["cards"] else "Pick this number"
        self.form.set_form(form, button)
        # What was typed, kept for this number (all at once, each number listed is a decision).
        listed = len(board.get("plan") or ())
        keep(self.memory, ("number", view.phase, view.round, listed, form), self.form.widgets())

    def _show_totals(self, totals: Totals) -> None:
        """A row a total, the middle ones in bold (and named in the sentence under them)."""
        self.totals.set_writer(lambda room: self._totals_table(totals, room))
        lines = [f"{total}: {names}" for total, names, _ in totals.rows]
        self.totals.setAccessibleDescription("\n".join([*lines, totals.summary]))

    def _totals_table(self, totals: Totals, room: int) -> str:
        """The totals `room` pixels wide (names escaped): a word of a name too long for the
        width its column has left (the sentence's, the whole width) shortened in its middle,
        where it ran past the panel's edge, cut. The names' cells are set left to right: one
        that a right-to-left name begins would read from the right ("and Ann محمد")."""
        plain = self.totals.fontMetrics()
        font = QFont(self.totals.font())
        font.setBold(True)
        bold = QFontMetrics(font)  # a middle total's row
        total_width = max(bold.horizontalAdvance(total) for total, _names, _middle in totals.rows)
        names_width = room - total_width - TOTAL_GAP - 4  # 4: the table's own edges
        cells = []
        for total, names, middle in totals.rows:
            weight = "bold" if middle else "normal"
            names = fit_words(bold if middle else plain, names, names_width)
            cells.append(
                f'<tr style="font-weight: {weight}"><td style="padding: 0 {TOTAL_GAP}px 0 0; '
                f'white-space: nowrap">{escape(total)}</td><td dir="ltr">{escape(names)}</td></tr>'
            )
        return (
            f'<p style="margin: 6px 0 2px 0"><b>Totals now</b></p>'
            f'<table cellspacing="0">{"".join(cells)}</table>'
            f'<p style="margin: 4px 0 6px 0">{escape(fit_words(plain, totals.summary, room))}</p>'
        )
