"""The results with long names, and beside the chart with a crowd. A projector's audience
cannot scroll: at 1024x768 in the projection theme every row of up to nine players (The
Median's table, the largest of the three games where all can be in sight) is in sight, and the
outcome takes at most two lines, a shared win's long names counted (the table names them) and
other long names cut so that each still reads as its player. Short names stay as they were."""

from __future__ import annotations

import random
import re

from PySide6.QtGui import QFont, QFontInfo, QFontMetrics
from tests.ui.audit import wrapped_lines
from tests.ui.test_results import every_row_in_sight, results_in_the_window

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.session import TABLE
from middleground.widgets.names import LTR_MARK, tells_apart
from middleground.widgets.wrapped import fit_words

ASHBY, ASHTON = "Bartholomew Fitzgerald-Ashby", "Bartholomew Fitzgerald-Ashton"
WIDE = [
    *("W" * 30, "M" * 30, ASHBY, ASHTON, "W" * 29 + "M", "Wilhelmina Montgomery-Whitmore"),
    *("MaximilianWolfgangWurmbrandWWW", "WM" * 15, "MW" * 15),
]
PROJECTOR = (1024, 768)


def played(game_id: str, names, options=None, seed: int = 5, first: bool = False) -> Session:
    """A game at one table played to its end, each choice at random (or each the first legal
    one: at It's Good Enough everyone picks the same number and everyone shares the win)."""
    session = Session.start(get_game(game_id), [Seat(n) for n in names], options or {}, seed, TABLE)
    state, rng = session.state, random.Random(seed)
    while not state.is_terminal():
        for seat in list(state.awaiting()):
            legal = state.legal_actions(seat)
            state.apply(seat, legal[0] if first else rng.choice(legal))
    return session


def results(qtbot, session: Session, theme: str = "projection", size=PROJECTOR):
    """The results of `session` as the app's window shows them (a projector by default)."""
    return results_in_the_window(qtbot, session, theme, size)


def outcome_lines(screen) -> int:
    summary = screen.summary
    return len(wrapped_lines(summary.text(), summary.font(), summary.contentsRect().width()))


def test_five_long_names_sharing_the_win_are_counted_and_every_row_stays_in_sight(qtbot):
    """The outcome named five thirty-letter names in six lines at a 1024x768 projector, and
    took the room of the table under it. It now counts them; the table names each, starred."""
    session = played("good-enough", WIDE[:5], {"rounds": 3}, first=True)
    result = session.state.result()
    assert len(result.winners) == 5
    screen = results(qtbot, session)
    assert screen.summary.text() == (
        "Ignoring outer rounds left the tie unbroken: all 5 players share the win."
    )
    assert screen.summary.toolTip() == result.summary  # the whole sentence, names and all
    assert outcome_lines(screen) <= 2
    table = screen.table
    assert every_row_in_sight(table)
    assert [table.item(r, 3).text().split("\n")[0] for r in range(5)] == ["★ shared win"] * 5
    assert screen.window().minimumSizeHint().width() <= 1024


def test_the_median_s_nine_long_names_are_all_in_sight_at_a_1024x768_projector(qtbot):
    """Nine thirty-letter names: the outcome took five lines and the table scrolled, its last
    loser out of sight. The outcome now cuts its three names as far as each still reads as
    its player alone ("WWW…WWWW" keeps its end, or it would read as the W…M) and, that not
    enough, takes a little smaller type, never smaller than the table's; a cut name is never
    broken over two lines, and every row, every score with it, is in sight."""
    session = played("the-median", WIDE)
    result = session.state.result()
    screen = results(qtbot, session)
    summary = screen.summary
    whole = fit_words(summary.fontMetrics(), result.summary, summary.contentsRect().width())
    room = summary.contentsRect().width()
    assert outcome_lines(screen) <= 2 < len(wrapped_lines(whole, summary.font(), room))
    assert QFontInfo(summary.font()).pixelSize() >= screen.row_type
    lines = wrapped_lines(summary.text(), summary.font(), room)
    assert not any(line.endswith(("…", "…\u2060")) for line in lines), lines  # (a space after)
    words = summary.text().replace(LTR_MARK, "").replace("\u2060", "")
    found = re.fullmatch(
        r"(.+) finishes 5th and wins 2 tokens of life; (.+) \(1st\) and (.+) \(9th\).*", words
    )
    assert found, words
    (winner,) = result.winners
    first, last = (result.placements.index(place) for place in (1, 9))
    for shown, seat in zip(found.groups(), (winner, first, last), strict=True):
        assert tells_apart(shown, WIDE[seat], WIDE), (shown, WIDE[seat])
    table = screen.table
    assert every_row_in_sight(table)
    score = table.horizontalHeader().sectionViewportPosition(2) + table.columnWidth(2)
    assert score <= table.viewport().width()  # the scores are in sight too
    shown = [table.item(r, 1).text() for r in range(9)]
    assert len(set(shown)) == 9  # Ashby and Ashton, the W's and the W…M, read apart
    assert screen.window().minimumSizeHint().width() <= 1024


def test_a_long_name_takes_one_line_of_its_row(qtbot):
    """The Player column cut the names for a winner's bold type but measured its margins in
    the others' plainer type: their names ran past the column and broke onto a second line
    ("WWWWWWWWWWWWWWWWW…" over "WWWW"). Each cut name fits its column, each row one line."""
    session = played("median-card-game", WIDE, {"dealer": WIDE[0]})
    screen = results(qtbot, session)
    table = screen.table
    plain = QFont(screen.bold)
    plain.setBold(False)
    column = table.columnWidth(1)
    for row in range(table.rowCount()):
        item = table.item(row, 1)
        metrics = QFontMetrics(screen.bold if item.font().bold() else plain)
        assert metrics.horizontalAdvance(item.text()) < column, item.text()
        name = screen.players[row]  # whole, or cut with its whole name in its tooltip
        assert item.text() == name or ("…" in item.text() and item.toolTip() == name)
    heights = {table.rowHeight(row) for row in range(table.rowCount())}
    assert len(heights) == 1  # every outcome here is one line: so is every row
    assert every_row_in_sight(table)


def test_a_crowd_beside_the_chart_gets_smaller_type_until_every_row_is_in_sight(qtbot):
    """Side by side with the chart, twenty players' table kept its full type and scrolled,
    where the same table taking turns with the chart gave way."""
    names = [f"Guest {n}" for n in range(1, 21)]
    session = played("good-enough", names, {"rounds": 3}, first=True)
    screen = results(qtbot, session, "light", (1920, 1080))
    assert screen.side_by_side and screen.chart.isVisible()
    assert every_row_in_sight(screen.table)
    assert 14 <= screen.row_type < 20


def test_short_names_keep_the_outcome_and_the_table_as_they_were(qtbot):
    """Three short names: the outcome whole, no tooltip, the table in its full type."""
    session = played("good-enough", ["Ann", "Ben", "Cat"], {"rounds": 3})
    result = session.state.result()
    screen = results(qtbot, session)
    assert screen.summary.text() == result.summary and not screen.summary.toolTip()
    assert screen.row_type == 25  # the projection theme's full type
    shared = played("good-enough", ["Ann", "Ben", "Cat", "Dave", "Erin"], {"rounds": 3}, first=True)
    screen = results(qtbot, shared)
    assert screen.summary.text() == (
        "Ignoring outer rounds left the tie unbroken: Ann, Ben, Cat, Dave and Erin share the win."
    )
