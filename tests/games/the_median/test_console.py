"""The Median at a facilitator's table: the players have no screens, so the console tells the
facilitator what to pass on in private (a character dealt at random, one received), and never
the projector; the seat's panel there speaks of the seat by name, to the facilitator; the
draft's fourteen picks fit the console on a 1024x768 screen."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QGroupBox, QScrollArea
from tests.games.the_median.median_helpers import NAMES, game, orders_for
from tests.games.the_median.test_views import secrets_hidden_from, unreadable
from tests.ui.audit import click, leaks, visible_strings

from middleground.games.the_median.characters import TIEBREAK_NOTE, name
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR, PASS, PUBLIC, TableError

SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)
FIRST_PERSON = re.compile(r"\b(I|my|me|mine)\b")  # the player's own form: "I give"


def facilitated(window, size=(1280, 800), seed=3) -> Session:
    window.resize(*size)
    session = Session.start(game(), [Seat(n) for n in NAMES], {}, seed, FACILITATOR)
    window.start_session(session)
    window.open_projector()
    return session


def to_random_deal(session) -> None:
    """Ann and Bob pick the same character five passes running; the others get theirs at once:
    Ann and Bob are each dealt a character at random after the fifth pass."""
    for seat in range(2, 9):
        session.submit(seat, {"pick": seat - 1})  # Isolated (1) to Force (7)
    for clash in (8, 9, 10, 11, 12):
        for seat in (0, 1):
            session.submit(seat, {"pick": clash})
        for seat in range(2, 9):
            if session.state.phase == "draft":
                session.submit(seat, {"wait": True})


def settle(qtbot) -> None:
    QApplication.processEvents()
    qtbot.wait(20)


def test_the_console_says_whom_to_tell_a_dealt_character_and_the_projector_shows_nothing(
    qtbot, window
):
    session = facilitated(window)
    to_random_deal(session)
    assert session.state.phase == "round"
    console = window.table.console
    settle(qtbot)
    dealt = {seat: session.state.held(seat)[0] for seat in (0, 1)}
    told = [
        e.text
        for e in session.state.events
        if e.audience == {0} and e.text.startswith("Given at random")
    ]
    assert len(told) == 1 and "you are" in told[0]
    console.seats.setCurrentRow(0)
    settle(qtbot)
    assert console.tell.isVisible()
    assert console.tell.text() == f"Tell Ann in private:\n{told[0]}"
    rows = [console.seats.item(r).text() for r in range(9)]
    assert rows[0].startswith("Ann: news to tell") and rows[1].startswith("Bob: news to tell")
    assert not any("news to tell" in row for row in rows[2:])  # their own picks: they know
    # The projector carries none of it: not the line, not whose character is whose.
    shown = visible_strings(window.projector)
    assert not any("in private" in s or "at random after" in s for s in shown)
    assert leaks(window.projector, secrets_hidden_from(session.state, None)) == []
    assert dealt[0] != dealt[1]
    # Told, and Ann's orders are in: the line has done its work.
    click(qtbot, console.panel.send_button)
    console.seats.setCurrentRow(0)
    settle(qtbot)
    assert not console.tell.isVisible()
    assert not console.seats.item(0).text().startswith("Ann: news to tell")


def test_a_character_handed_over_is_news_for_its_new_holder_only(qtbot, window):
    session = facilitated(window)
    for seat in range(9):
        session.submit(seat, {"pick": seat + 1})
    session.submit(1, {"orders": {"2": {}}})  # Bob's orders are in
    session.submit(2, {"hand_over": {"character": 3, "to": "Bob"}})  # Cid hands Bob Reach
    console = window.table.console
    settle(qtbot)
    rows = [console.seats.item(r).text() for r in range(9)]
    assert rows[1].startswith("Bob: news to tell")
    assert [r for r in range(9) if "news to tell" in rows[r]] == [1]  # Cid did it himself
    console.seats.setCurrentRow(1)
    settle(qtbot)
    assert console.tell.text().startswith("Tell Bob in private:\nYou now hold Reach (3);")
    assert session.to_tell(2) == []


def lock_then_an_offer(session, send) -> None:
    """Ann drafts Lock and spends a charge in round 1; in round 2 she offers Bob Lock for his
    Isolated. `send(seat, action)` is how a choice reaches the table."""
    for seat, pick in enumerate((5, 1, 2, 3, 4, 6, 7, 8, 9)):  # Ann: Lock; Bob: Isolated
        send(seat, {"pick": pick})
    for seat in range(9):
        send(seat, orders_for(session.state, seat, {5: {"power": {"lock": True}}}))
    offer = {"to": "Bob", "give": {"characters": [5]}, "get": {"characters": [1]}}
    send(0, {"offer": offer})
    assert session.state.round == 2


def panel_words(panel) -> list[str]:
    """What the panel says (its boxes' titles and tabs too), the tiebreak note aside: the
    rules' own "the characters you hold"."""
    words = visible_strings(panel) + [box.title() for box in panel.findChildren(QGroupBox)]
    words += [panel.tabs.tabText(i) for i in range(panel.tabs.count())]
    return [w.replace(TIEBREAK_NOTE, "") for w in words]


LOCK_TOLD = "Lock spends a charge (2 left): {} points stay as they are for the rest of this round."
LOCK_ORDER = "spend a charge: {} points stay as they are from Lock's turn on"


def test_the_console_speaks_of_the_seat_by_name_to_the_facilitator(qtbot, window):
    """The facilitator reads Ann's panel at the console, entering for her: it says "Ann's
    score" and tells her news of Ann ("Ann's points"), where her own screen says "you"."""
    session = facilitated(window, (1366, 768))
    lock_then_an_offer(session, session.submit)
    console = window.table.console
    console.seats.setCurrentRow(0)
    settle(qtbot)
    panel = console.panel
    assert panel.score.text().startswith("Ann's score: ")
    assert panel.heading.text() == "Ann: round 2 of 9"
    titles = [box.title() for box in panel.findChildren(QGroupBox)]
    assert "Latest, for Ann only" in titles and "Ann's open offers" in titles
    notices = [panel.notices.item(i).text() for i in range(panel.notices.count())]
    assert LOCK_TOLD.format("Ann's") in notices
    assert "Offer 1 to Bob: Ann gives Lock for Isolated." in notices
    assert "Ann chose Lock: no push, spend a charge." in notices
    words = panel_words(panel)
    assert [w for w in words if SECOND_PERSON.search(w) or FIRST_PERSON.search(w)] == []
    # The Trade tab's terms and Lock's order, where her own form says "I give", "my points".
    assert {"Ann gives", "Ann asks for", "From Ann's", "into Ann's"} <= set(words)
    assert panel.trade.offer_give.buttons()[0].accessibleDescription() == "Ann gives"
    assert panel.trade.offer_get_points.accessibleName() == "Ann asks for points"
    assert LOCK_ORDER.format("Ann's") in words


def test_the_players_own_screen_still_speaks_to_them(qtbot, window):
    """The same moves at a hot-seat table: Ann's own screen says "Your score" and "you"."""
    session = Session.start(game(), [Seat(n) for n in NAMES], {}, 3)
    window.start_session(session)

    def send(seat, action) -> None:  # from the player's own screen, as its curtain opens
        if session.curtain.stage == PUBLIC:
            session.acknowledge()
        if session.curtain.stage == PASS:
            session.lift(seat)
        session.submit(seat, action)

    lock_then_an_offer(session, send)
    settle(qtbot)
    panel = window.table.panel
    assert panel.seat == 0
    assert panel.score.text().startswith("Your score: ")
    titles = [box.title() for box in panel.findChildren(QGroupBox)]
    assert "Latest, for you only" in titles and "Your open offers" in titles
    notices = [panel.notices.item(i).text() for i in range(panel.notices.count())]
    assert LOCK_TOLD.format("your") in notices
    assert "Offer 1 to Bob: you give Lock for Isolated." in notices
    words = panel_words(panel)
    assert not any("Ann's" in w or "Ann gives" in w for w in words)
    assert {"I give", "I ask for", "From my", "into my"} <= set(words)
    assert panel.trade.offer_give.buttons()[0].accessibleDescription() == "I give"
    assert LOCK_ORDER.format("my") in words


def test_only_the_facilitators_console_is_told_a_players_news():
    session = Session.start(game(), [Seat(n) for n in NAMES], {}, 3)
    with pytest.raises(TableError):
        session.to_tell(0)


def pick_buttons_out_of_sight(panel) -> list[str]:
    """The draft's picks that the page would have to be scrolled to show."""
    area = next(a for a in panel.findChildren(QScrollArea) if a.isVisible())
    room = area.viewport().height()
    return [
        button.text()
        for button in panel.pick_group.buttons()
        if button.mapTo(area.viewport(), QPoint(0, button.height())).y() > room
    ]


@pytest.mark.parametrize(("size", "longest"), [((1024, 768), (7, 8)), ((1280, 720), ())])
def test_the_consoles_draft_shows_all_fourteen_picks_whole_without_scrolling(
    qtbot, window, size, longest
):
    """At 1024x768 all fourteen stay in sight with the longest power chosen below them (Force's
    and Jump's take the most lines); at 1280x720, shorter, until a power is shown."""
    facilitated(window, size)
    console = window.table.console
    settle(qtbot)
    assert (window.width(), window.height()) == size
    panel = console.panel
    assert len(panel.pick_group.buttons()) == 14
    assert pick_buttons_out_of_sight(panel) == []
    assert unreadable(panel) == []
    for character in longest:
        click(qtbot, panel.pick_group.button(character))
        settle(qtbot)
        assert panel.chosen.isVisible() and panel.chosen.text().startswith(f"{name(character)} (")
        assert pick_buttons_out_of_sight(panel) == [], character
        assert unreadable(panel) == []


def test_the_seat_chosen_last_stays_whole_in_sight_at_1024x768(qtbot, window):
    """In the draft's second pass a player who holds a character has only to wait: a short
    entry, beside which the seat list showed all nine rows. Choosing the ninth seat, whose
    player must pick again, brought its row into sight in that list; then its taller entry
    shrank the list, and the chosen row was left below the list's edge."""
    session = facilitated(window, (1024, 768))
    console = window.table.console
    seats = console.seats
    for seat, pick in enumerate([8, 2, 3, 4, 5, 6, 7, 9, 8]):  # the first and the last clash
        session.submit(seat, {"pick": pick})
    settle(qtbot)
    heights = []
    for row in (7, 8):  # as the facilitator's click (or the arrow key) would
        seats.setCurrentRow(row)
        settle(qtbot)
        heights.append(seats.viewport().height())
    assert heights[0] > heights[1]  # the ninth seat's entry takes room from the list
    assert seats.currentRow() == 8
    assert seats.viewport().rect().contains(seats.visualItemRect(seats.currentItem()))
