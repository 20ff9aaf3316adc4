"""The Trade tab as a player meets it: room on a laptop, an offer that must say something,
and the latest news from this round only."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QComboBox, QGroupBox, QScrollArea, QSpinBox
from tests.games.the_median.median_helpers import NAMES, at_round, notices, play_round
from tests.games.the_median.test_views import (
    at_the_table,
    emitted,
    panel_for,
    settled,
    texts_on,
    trade_page,
)
from tests.ui import conftest as ui_fixtures
from tests.ui.audit import click

from middleground.engine.record import to_json
from middleground.games.the_median.trade_tab import (
    GIVE,
    HAND_OVER,
    NOTHING_OFFERED,
    OFFER,
)
from middleground.table import Seat
from middleground.table.seats import BOT


def busy_round():
    """Round 2, Ann holding Isolated and Reach with points to give, an offer from Bob waiting
    and a gift of hers just told: every part of the Trade tab is there."""
    state = at_round(2, holders={3: 0}, points={0: 5, 1: 4})
    give = {"characters": [2]}
    state.apply(1, {"offer": {"to": "Ann", "give": give, "get": {"characters": [1]}}})
    state.apply(0, {"gift": {"from": 3, "to": 5, "points": 1}})
    return state


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_an_offer_is_made_with_at_most_one_screen_of_scrolling_on_a_laptop(qtbot, window, size):
    panel = at_the_table(qtbot, window, busy_round(), 0, size)
    panel.tabs.setCurrentIndex(1)
    settled(qtbot)
    area = panel.tabs.widget(1).findChild(QScrollArea)
    page, room = area.widget(), area.viewport().height()

    def bottom(widget) -> int:
        return widget.mapTo(page, QPoint(0, widget.height())).y()

    folds = panel.trade.folds
    assert [h.accessibleName() for h in folds.heads.values()] == [GIVE, HAND_OVER, OFFER]
    assert all(bottom(head) <= room for head in folds.heads.values())  # each in sight at once
    make = panel.trade.offer_button
    assert make.isVisibleTo(panel) and bottom(make) - room <= room  # one screen down, at most
    for field in page.findChildren(QComboBox) + page.findChildren(QSpinBox):
        if field.isVisibleTo(page):
            assert field.font().pixelSize() >= 17 and field.height() >= 32, field.accessibleName()
    click(qtbot, folds.heads[GIVE])  # opens below the fold...
    settled(qtbot)
    shown = area.verticalScrollBar().value()
    top = folds.heads[GIVE].mapTo(page, QPoint(0, 0)).y()
    assert bottom(folds.bodies[GIVE]) > room  # (it would have)
    assert shown <= top and bottom(folds.bodies[GIVE]) <= shown + room  # ...and scrolls into sight


def test_one_trade_section_is_open_at_a_time_by_mouse_or_keyboard_and_stays_open(qtbot):
    state = at_round(2, holders={3: 0}, points={0: 5})
    kept = {}  # what the table keeps for Ann
    panel = panel_for(qtbot, state, 0, kept)
    panel.tabs.setCurrentIndex(1)  # Trade
    folds = panel.trade.folds
    assert folds.current() == OFFER  # an offer waits for an answer: it is the one open
    qtbot.keyClick(folds.heads[GIVE], Qt.Key.Key_Space)
    assert folds.current() == GIVE
    assert panel.trade.gift_button.isVisibleTo(panel)
    assert not panel.trade.offer_button.isVisibleTo(panel)
    qtbot.keyClick(folds.heads[HAND_OVER], Qt.Key.Key_Return)
    assert folds.current() == HAND_OVER and not panel.trade.gift_button.isVisibleTo(panel)
    qtbot.keyClick(folds.heads[GIVE], Qt.Key.Key_Space)
    state.apply(0, emitted(qtbot, panel, panel.trade.gift_button.click))
    again = panel_for(qtbot, state, 0, kept)  # rebuilt after the gift
    assert again.trade.folds.current() == GIVE


def test_an_offer_of_nothing_cannot_be_made_and_says_what_it_lacks(qtbot):
    state = at_round(2, holders={3: 0}, points={0: 5})
    panel = panel_for(qtbot, state, 0)
    trade, page = panel.trade, trade_page(panel)
    make = trade.offer_button
    assert not make.isEnabled() and make.toolTip() == NOTHING_OFFERED
    assert NOTHING_OFFERED in texts_on(page)
    trade.offer_get.buttons()[0].click()  # I ask for a character
    assert make.isEnabled() and NOTHING_OFFERED not in texts_on(page)
    trade.offer_get.buttons()[0].click()  # and take it back
    assert not make.isEnabled()
    trade.offer_give_points.setValue(2)  # points alone are something
    assert make.isEnabled()
    state.apply(0, emitted(qtbot, panel, make.click))
    assert state.offers[-1]["give"]["points"] == 2


def latest(panel, tab: int = 1) -> list[str]:
    """What the "Latest, for you only" box of the Trade tab (or the Orders tab, 0) says, if
    it is there."""
    page = trade_page(panel, tab)
    boxes = [b for b in page.findChildren(QGroupBox) if b.title().startswith("Latest")]
    return [text for box in boxes for text in texts_on(box)]


def test_the_latest_box_tells_only_this_rounds_news(qtbot):
    state = at_round(1, points={0: 3})
    panel = panel_for(qtbot, state, 0)
    assert latest(panel) == latest(panel, 0) == []  # the draft's news is old: no box
    assert panel.notices.item(0).text() == "Pass 1: you are Isolated (1)."  # still told there
    state.apply(0, {"gift": {"from": 1, "to": 2, "points": 1}})
    state.apply(0, {"offer": {"to": "Bob", "give": {"characters": [1]}}})
    panel = panel_for(qtbot, state, 0)
    assert latest(panel) == ["Offer 1 to Bob: you give Isolated for nothing."]
    assert latest(panel, 0) == [  # the Orders tab has room for more of the round's news
        "Offer 1 to Bob: you give Isolated for nothing.",
        "You gave 1 point from Isolated to Pickpocket.",
    ]
    play_round(state)  # round 2: the gift and the round's scoring are old news, not the lapse
    panel = panel_for(qtbot, state, 0)
    assert latest(panel) == latest(panel, 0) == ["Your offer 1 to Bob lapsed with the round."]
    play_round(state)
    panel = panel_for(qtbot, state, 0)
    assert latest(panel) == latest(panel, 0) == []


def test_terms_half_chosen_survive_a_rebuild_and_a_sent_offer_starts_afresh(qtbot):
    state = at_round(2, holders={3: 0}, points={0: 5})  # Ann holds Isolated and Reach
    kept = {}  # what the table keeps for Ann
    panel = panel_for(qtbot, state, 0, kept)
    trade = panel.trade
    trade.offer_to.setCurrentIndex(trade.offer_to.findData(2))  # to Cid
    trade.offer_give_points.setValue(2)
    trade.offer_give_from.setCurrentIndex(trade.offer_give_from.findData(3))  # from Reach
    trade.offer_get.buttons()[0].click()  # and Ann asks for a character
    trade.gift_points.setValue(3)  # a gift half-made, in the section folded away
    chosen = trade.offer()
    assert chosen["offer"]["give"]["from"] == 3 and chosen["offer"]["get"]["characters"]
    # Bob's offer arrives while Ann is at it: the table builds her panel afresh.
    state.apply(1, {"offer": {"to": "Ann", "give": {"characters": [2]}, "get": {}}})
    rebuilt = panel_for(qtbot, state, 0, kept)
    again = rebuilt.trade
    assert again.offer() == chosen
    assert again.gift_points.value() == 3
    state.apply(0, emitted(qtbot, rebuilt, again.offer_button.click))
    assert state.offers[-1]["to"] == 2
    sent = panel_for(qtbot, state, 0, kept)  # rebuilt: the offer is listed as Ann's
    blank = panel_for(qtbot, state, 0)  # a panel with nothing kept
    assert sent.trade.offer() == blank.trade.offer()
    assert not sent.trade.offer_button.isEnabled()  # not made twice by a second press
    assert sent.trade.gift_points.value() == 3  # the gift, not sent, is as Ann left it
    play_round(state)  # round 3: a new round's trading starts afresh
    assert panel_for(qtbot, state, 0, kept).trade.gift_points.value() == 1


# ----- offers of several characters a side --------------------------------------------------

JUMP_FOR_TWO = "you give Reach and Force for Jump"
held = ui_fixtures.held  # bots that answer only when told


def two_for_one_table(qtbot, window, seats=None):
    """Round 2 at a 1024x768 table, Ann holding Isolated, Reach and Force, the Trade tab of
    her screen open; `seats`, the table's seats (every player a person by default)."""
    state = at_round(2, holders={3: 0, 7: 0}, points={0: 5})
    panel = at_the_table(qtbot, window, state, 0, (1024, 768), seats)
    panel.tabs.setCurrentIndex(1)
    settled(qtbot)
    return window.table.session, panel.trade


def test_two_characters_are_offered_for_one_and_hal_reads_the_terms(qtbot, window):
    session, trade = two_for_one_table(qtbot, window)
    state = session.state
    assert trade.folds.current() == OFFER
    trade.offer_to.setCurrentIndex(trade.offer_to.findData(7))  # Hal
    for pick in (trade.offer_give.button(3), trade.offer_give.button(7), trade.offer_get.button(8)):
        click(qtbot, pick)  # Reach and Force, for Jump
    click(qtbot, trade.offer_button)
    assert [dict(o) for o in state.offers] == [
        {
            "id": 1,
            "by": 0,
            "to": 7,
            "give": {"characters": (3, 7), "points": 0, "from": None, "into": None},
            "get": {"characters": (8,), "points": 0, "from": None, "into": None},
        }
    ]
    assert f"Offer 1 to Hal: {JUMP_FOR_TWO}." in notices(state, 0)
    hal = panel_for(qtbot, state, 7)
    terms = "Offer 1 from Ann: you get Reach and Force for Jump."
    assert terms in texts_on(trade_page(hal))
    accept, _decline = hal.trade.offer_buttons[1]
    state.apply(7, emitted(qtbot, hal, accept.click))
    assert state.held(0) == [1, 8] and state.held(7) == [3, 7]
    assert "Offer 1 from Ann is done: you got Reach and Force for Jump." in notices(state, 7)
    assert "Hal accepted offer 1: you gave Reach and Force for Jump." in notices(state, 0)


def test_picks_half_made_survive_a_bots_hand_over(qtbot, window, held):
    seats = [Seat(n, controller=BOT, level="easy") if n == "Bob" else Seat(n) for n in NAMES]
    session, trade = two_for_one_table(qtbot, window, seats)
    state, table = session.state, window.table
    for pick in (trade.offer_give.button(3), trade.offer_give.button(7)):
        click(qtbot, pick)
    for pick in (trade.offer_get.button(2), trade.offer_get.button(8)):
        click(qtbot, pick)  # Pickpocket and Jump
    before = table.panel
    bob = next(a for a in state.free_actions(1) if a.get("hand_over", {}).get("to") == "Ann")
    session.submit_bot_free(1, bob, session.version)  # Bob hands Ann his Pickpocket
    again = table.panel.trade
    assert table.panel is not before  # rebuilt: Ann holds Pickpocket now
    terms = again.offer()["offer"]
    assert terms["give"]["characters"] == [3, 7]  # Pickpocket is hers, but not ticked
    assert terms["get"]["characters"] == [8]  # nor asked for: it is no longer another's
    assert again.offer_button.isEnabled()


def test_an_offer_refused_says_why_and_changes_nothing(qtbot, window):
    session, _trade = two_for_one_table(qtbot, window)
    state, table = session.state, window.table
    before = to_json(state)
    give = {"characters": [3, 2]}  # Reach, and Bob's Pickpocket
    table.panel.submitted.emit({"offer": {"to": "Hal", "give": give, "get": {}}})
    assert table.panel_error.text() == "You do not hold Pickpocket: you can only give your own."
    assert to_json(state) == before and state.offers == []
