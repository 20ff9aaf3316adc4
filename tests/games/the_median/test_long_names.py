"""The Median with names at the setup's limit (30 letters, wide ones, no space to wrap at), on
a 1024x768 screen: the window never grows past the screen, a word too long for a line is
shortened in its middle with the whole in its tooltip, a box's title names the seat only
where the name fits, and the final places keep clear of their box's edge."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QGraphicsTextItem, QGroupBox
from tests.games.the_median.median_helpers import (
    NAMES,
    at_round,
    game,
    orders_for,
    play_round,
)
from tests.games.the_median.test_console import to_random_deal
from tests.games.the_median.test_views import board_for, unreadable

from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR

WIDE = "M" * 30  # the widest name setup takes: 30 of its widest letter
ASHBY, ASHTON = "Bartholomew Fitzgerald-Ashby", "Bartholomew Fitzgerald-Ashton"
WOLFE = "Wolfeschlegelsteinhausenbergd"  # 29 letters and no space to wrap at
CJK = "山田太郎" * 3  # 12 letters, each as wide as two Latin ones


def themed_window(qtbot, theme: str, size: tuple[int, int]):
    """The app's window at `size` in `theme`, as on a screen of that size."""
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    window = MainWindow(Settings(theme=theme, idle_seconds=0), bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    return window


def settle(qtbot) -> None:
    QApplication.processEvents()
    qtbot.wait(30)


def first_seat_open(qtbot, names, round_number: int, theme: str):
    """A hot-seat game of `names` at `round_number`, 1024x768 in `theme`, the first seat's
    screen open."""
    window = themed_window(qtbot, theme, (1024, 768))
    session = Session(renamed(at_round(round_number), names), [Seat(n) for n in names])
    window.start_session(session)
    if session.curtain.seat != 0:
        session.call(0)
    session.lift(0)
    settle(qtbot)
    return window


def renamed(state, names):
    """`state` with the players renamed `names`."""
    state.players = tuple(names)
    return state


def test_a_30_letter_name_ends_in_an_ellipsis_in_the_heading_not_past_the_screen(qtbot):
    """Projected at 1024x768, the heading "MMM…M: round 3 of 9" asked for 726 pixels and was
    cut, without an ellipsis, at its column's edge. The name ends in "…" instead, the rest of
    the heading whole, and the whole is in the tooltip."""
    names = (WIDE, *NAMES[1:])
    window = first_seat_open(qtbot, names, 3, "projection")
    panel = window.table.panel
    assert window.width() == 1024
    heading = panel.heading.text()
    # Shortened in its middle (both ends of the name stay), the rest of the heading whole.
    assert heading.startswith("MMMM") and heading.endswith("MM: round 3 of 9")
    assert "…" in heading and len(heading) < len(f"{WIDE}: round 3 of 9")
    assert panel.heading.toolTip() == f"{WIDE}: round 3 of 9"
    assert panel.heading.accessibleName() == f"{WIDE}: round 3 of 9"  # read whole, not cut
    assert unreadable(panel) == []


def test_a_one_word_long_name_in_a_choice_ends_in_an_ellipsis_and_is_told_apart(qtbot):
    """On the Trade tab at 1024x768 the "To" choice showed "Wolfeschlegelsteir", cut at the
    box's edge without a mark, and a second player whose name differs only in its last
    letter showed the same. Each is now cut as the table's names are: it ends in "…" or
    keeps its last letter after one, fits the box, and reads apart from the other; the whole
    name is the box's tooltip, and what a screen reader reads."""
    from PySide6.QtGui import QFontMetrics

    other = WOLFE[:-1] + "r"
    names = (*NAMES[:2], WOLFE, other, *NAMES[4:])
    window = first_seat_open(qtbot, names, 2, "light")
    panel = window.table.panel
    panel.tabs.setCurrentIndex(1)  # the Trade tab: Make an offer is open, "To" first
    settle(qtbot)
    to = panel.trade.offer_to
    shown, drawn = {}, {}
    for name in (WOLFE, other):
        to.setCurrentIndex(to.findText(name))
        settle(qtbot)
        shown[name], drawn[name] = to.shown_text(), to.grab().toImage()
        assert "…" in shown[name] and shown[name].startswith("Wolfes"), shown[name]
        room = to.text_rect().width()
        assert QFontMetrics(to.font()).horizontalAdvance(shown[name]) <= room
        assert to.toolTip() == name and to.currentText() == name
    assert shown[WOLFE] != shown[other]
    assert drawn[WOLFE] != drawn[other]  # drawn apart, not only named apart
    assert unreadable(panel) == []
    assert window.width() == 1024


def panel_texts(panel) -> list[str]:
    """The texts of the labels in sight on `panel`."""
    from PySide6.QtWidgets import QLabel

    return [label.text() for label in panel.findChildren(QLabel) if label.isVisible()]


def test_at_the_console_a_30_letter_name_leaves_the_panel_in_its_column(qtbot):
    """At the console, "MMM…M's character stays secret." under the draft's picks widened the
    seat's page past its column, cutting every line on it."""
    names = (*NAMES[:4], WIDE, *NAMES[5:])
    window = themed_window(qtbot, "projection", (1024, 768))
    session = Session.start(game(), [Seat(n) for n in names], {}, 3, FACILITATOR)
    window.start_session(session)
    console = window.table.console
    console.seats.setCurrentRow(4)
    settle(qtbot)
    assert window.width() == 1024
    secret = [t for t in panel_texts(console.panel) if "character stays secret" in t]
    assert len(secret) == 1 and secret[0].startswith("MMMM") and "…" in secret[0]
    assert secret[0].endswith("MM's character stays secret.") and WIDE not in secret[0]
    assert unreadable(console.panel) == []


def trade_at_the_console(qtbot, size, names, seat=2):
    """The window and `seat`'s panel at the console, on its Trade tab, in the light theme at
    `size`, when the seat has an offer open (and news of it)."""
    state = renamed(at_round(2, points={2: 3, 3: 3}), names)
    offer = {"to": names[3], "give": {"characters": [3]}, "get": {"characters": [4]}}
    state.apply(seat, {"offer": offer})
    window = themed_window(qtbot, "light", size)
    window.start_session(Session(state, [Seat(n) for n in names], FACILITATOR))
    console = window.table.console
    console.seats.setCurrentRow(seat)
    settle(qtbot)
    panel = console.panel
    panel.tabs.setCurrentIndex(1)  # the Trade tab
    settle(qtbot)
    assert window.width() == size[0]
    return window, panel


def box_titles(panel) -> set[str]:
    """The titles of the boxes in sight on `panel`."""
    return {box.title() for box in panel.findChildren(QGroupBox) if box.isVisible()}


def titles_at_the_console(qtbot, size, names, seat=2) -> tuple[set[str], list[str]]:
    """The box titles on `seat`'s Trade tab at the console, in the light theme at `size`, when
    the seat has an offer open (and news of it), and what of the panel is cut."""
    _window, panel = trade_at_the_console(qtbot, size, names, seat)
    return box_titles(panel), unreadable(panel)


@pytest.mark.parametrize("long", [CJK, "W" * 12, "Bartholomew Fitzgerald-Ashby"])
def test_a_box_title_names_the_seat_only_where_the_name_fits_the_column(qtbot, long):
    """A box's title cannot wrap: "Latest, for Bartholomew Fitzgerald-Ashby only" was cut at
    the console's column, and widened its box past it, cutting the lines inside too. Titles
    then took a name of up to 12 letters, counted: 12 of the widest, or 12 CJK letters, were
    still cut at 1024x768. The title is measured against its box."""
    names = (*NAMES[:2], long, *NAMES[3:])
    titles, cut = titles_at_the_console(qtbot, (1024, 768), names)
    assert {"Offers to this player", "This player's open offers"} <= titles
    assert "Latest, for this player only" in titles
    assert not any(long in title for title in titles)
    assert cut == []


def test_a_long_name_that_fits_a_wide_column_is_named_in_its_titles(qtbot):
    """On a 1920x1080 screen the console's column holds a 13-letter name: "this player", said
    of every name past 12 letters, gave way where nothing needed to."""
    long = "Maximiliana W"
    names = (*NAMES[:2], long, *NAMES[3:])
    titles, cut = titles_at_the_console(qtbot, (1920, 1080), names)
    assert {f"Offers to {long}", f"{long}'s open offers", f"Latest, for {long} only"} <= titles
    assert cut == []
    short, cut = titles_at_the_console(qtbot, (1024, 768), NAMES)
    assert {"Offers to Cid", "Cid's open offers", "Latest, for Cid only"} <= short
    assert cut == []


SEAT_TITLES = ("Latest, for {} only", "Offers to {}", "{}'s open offers")


@pytest.mark.parametrize("long", [ASHBY, "Maximiliana W"])
def test_the_boxes_of_a_panel_all_name_the_seat_or_none_does(qtbot, long):
    """At the console on a 1920x1080 screen, Bartholomew Fitzgerald-Ashby's Trade tab titled
    one box "Offers to Bartholomew Fitzgerald-Ashby" and the next "This player's open
    offers": each box decided alone whether the name fit, and the panel seemed to speak of
    two players. The boxes in sight decide together, as the narrowest allows, and again as
    the window narrows and widens; a name that fits them all is in every title."""
    names = (*NAMES[:2], long, ASHTON, *NAMES[4:])
    window, panel = trade_at_the_console(qtbot, (1920, 1080), names)
    named = {title.format(long) for title in SEAT_TITLES}
    unnamed = {"Latest, for this player only", "Offers to this player", "This player's open offers"}
    seen = []
    for width in (1920, 1600, 1366, 1280, 1024, 1920):
        window.resize(width, 1080 if width > 1366 else 768)
        settle(qtbot)
        titles = box_titles(panel)
        assert named <= titles or unnamed <= titles, (width, titles)
        assert not any(long in title for title in titles - named)
        seen.append(named <= titles)
        assert unreadable(panel) == []
    assert seen[0] == seen[-1] == (long != ASHBY)  # Ashby's titles say "this player" there


class ShownBesideAPanel(QObject):
    """Counts the times the console's entry form shows while a game's panel is in sight."""

    def __init__(self, console) -> None:
        super().__init__()
        self.console, self.times = console, 0
        console.form.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        panel = self.console.panel
        if event.type() == QEvent.Type.Show and panel is not None and panel.isVisible():
            self.times += 1
        return False


def test_the_console_never_shows_the_entry_form_beside_a_seats_panel(qtbot):
    """At the console on a 1024x768 screen, as the entry moved on from Ann's orders to Bob,
    who had news to tell, under a reveal's Continue, the entry form showed for a moment beside
    Ann's panel: the column, that moment, was taller than the screen, and the window grew to
    778 pixels high to hold it, and stayed so. Bob's panel now simply takes Ann's place."""
    window = themed_window(qtbot, "light", (1024, 768))
    session = Session.start(game(), [Seat(n) for n in NAMES], {}, 3, FACILITATOR)
    window.start_session(session)
    to_random_deal(session)  # Ann and Bob are each dealt a character: news to tell them
    settle(qtbot)
    console = window.table.console
    spy = ShownBesideAPanel(console)
    session.submit(0, orders_for(session.state, 0, {}))
    settle(qtbot)
    assert console.seats.currentRow() == 1 and console.panel.isVisible()
    assert console.continue_button.isVisible() and console.tell.isVisible()
    for row in (3, 0, 2):  # as the facilitator's clicks would
        console.seats.setCurrentRow(row)
        settle(qtbot)
    assert spy.times == 0
    assert window.height() == 768


def test_final_places_keep_as_far_from_the_boxs_right_edge_as_from_its_left(qtbot):
    """A bold row of Final places with a long name ran to its box's edge: "1st ✕ Wilhelmina
    M…  37  J" touched it, while every row starts well inside."""
    from PySide6.QtWidgets import QGraphicsRectItem

    from middleground.games.the_median.board import RANK_X

    names = ("W" * 30, "Wilhelmina Montgomery-Whitmore", *("M" * 29 + str(n) for n in range(7)))
    board = board_for(play_round(renamed(at_round(9, points={0: 30, 1: 20}), names)))
    rows = [
        item
        for item in board.items()
        if isinstance(item, QGraphicsTextItem) and item.x() == RANK_X and "…" in item.toPlainText()
    ]
    assert len(rows) == 9 and any(row.font().bold() for row in rows)
    box = next(  # the box the rows stand in
        item.sceneBoundingRect()
        for item in board.items()
        if isinstance(item, QGraphicsRectItem) and item.sceneBoundingRect().contains(rows[0].pos())
    )
    for row in rows:
        margin = row.document().documentMargin()
        text = row.sceneBoundingRect().adjusted(margin, 0, -margin, 0)
        assert box.right() - text.right() >= text.left() - box.left(), row.toPlainText()
