"""What the table may show: places but no scores, no holders; each seat sees its own."""

from __future__ import annotations

from tests.games.the_median.median_helpers import NAMES, at_round, game, notices, play_round


def test_the_public_board_shows_places_never_scores_or_holders():
    state = play_round(at_round(1, points={6: 70}))
    board = state.public_view().board
    assert board["ranking"][0] == 6
    assert "scores" not in board and "me" not in board
    assert game().standings(state.public_view())[6] == ("Gus", "1st")
    assert game().standings(at_round(1).public_view())[0] == ("Ann", "")


def test_a_seat_sees_its_characters_score_and_notices_only():
    state = at_round(1, holders={5: 0})
    state.apply(0, {"orders": {"1": {}, "5": {"power": {"lock": True}}}})
    play_round_rest = [s for s in range(1, 9)]
    for seat in play_round_rest:
        state.apply(seat, {"orders": {str(c): {} for c in state.held(seat)}})
    me = state.seat_view(0).board["me"]
    assert [c["id"] for c in me["characters"]] == [1, 5]
    assert me["characters"][1]["lock_charges"] == 2
    assert me["points"] == -1 and me["penalty"] == 0  # Isolated -1; Lock froze Lock's +1
    assert any("Lock spends a charge" in t for t in me["notices"])
    other = state.seat_view(1).board["me"]
    assert not any("Lock" in t for t in other["notices"])


def test_the_end_reveals_scores_and_holders():
    state = at_round(9)
    play_round(state)
    final = state.public_view().board["final"]
    assert final["holders"][0] == (1,) and len(final["scores"]) == len(NAMES)
    assert state.public_view().finished


# ----- the Qt views: board, panel, and a whole game clicked through the table ------------

import pytest  # noqa: E402

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QGraphicsTextItem,
    QGroupBox,
    QLabel,
    QPushButton,
    QWidget,
)
from tests.ui import conftest as ui_fixtures  # noqa: E402
from tests.ui.audit import all_windows, click, leaks, visible_strings  # noqa: E402

from middleground.engine import IllegalAction  # noqa: E402
from middleground.games.the_median.board import GameBoard, TokenItem  # noqa: E402
from middleground.games.the_median.panel import PUSH_WORDS, GamePanel  # noqa: E402
from middleground.table import Seat, Session  # noqa: E402
from middleground.table.seats import BOT  # noqa: E402
from middleground.table.session import PASS, PRIVATE, PUBLIC, SOLO  # noqa: E402
from middleground.widgets.plugin import Board  # noqa: E402
from middleground.widgets.theme import LIGHT, contrast  # noqa: E402


def board_for(state) -> GameBoard:
    board = GameBoard(LIGHT)
    board.show_view(state.public_view())
    board.finish_animations()
    return board


def board_strings(board: GameBoard) -> list[str]:
    found = []
    for item in board.items():
        if isinstance(item, QGraphicsTextItem):
            found.append(item.toPlainText())
        if item.toolTip():
            found.append(item.toolTip())
    return found


@pytest.mark.parametrize(
    ("round_number", "conveyor", "zone"),
    [
        (1, None, (2, 10)),
        (5, (6, "X", 1, 9, 2, 3, 8, 4, 5, 7), (6, 10)),
        (9, (9, 8, 7, 6, 5, 4, 3, 2, 1, "X"), (10, 10)),
    ],
)
def test_the_board_shows_the_ten_pieces_in_belt_order_and_the_zone(
    qtbot, round_number, conveyor, zone
):
    state = at_round(round_number, conveyor=conveyor)
    board = board_for(state)
    assert board.pieces_in_order() == list(state.conveyor)
    assert len([i for i in board.items() if isinstance(i, TokenItem) and i.isVisible()]) == 10
    assert board.zone_tiles() == zone
    texts = board_strings(board)
    start, end = zone
    tiles = f"tiles {start}–{end}" if start < end else f"tile {end}"
    assert f"★ Scoring zone: {tiles}" in texts  # a label, not colour alone
    assert f"Round {round_number} of 9" in texts
    # A 16:9 projector gives the board five sixths of its width: 28 units are 1/40 of its height.
    sizes = [i.font().pixelSize() for i in board.items() if isinstance(i, QGraphicsTextItem)]
    assert min(sizes) >= 28


def test_the_board_animates_the_rounds_moves_and_ends_on_the_conveyor(qtbot, monkeypatch):
    state = at_round(1)
    board = board_for(state)
    play_round(state, {8: {"power": {"jump": True}}, 7: {"push": 3}})
    board.show_view(state.public_view())
    assert board._animation is not None  # the jump, then the pushes, are moving
    qtbot.waitUntil(lambda: board._animation is None, timeout=3000)
    assert board.pieces_in_order() == list(state.conveyor)
    monkeypatch.setattr(Board, "reduced_motion", True)  # as View > Reduced motion sets it
    play_round(state, {7: {"push": 1}})
    board.show_view(state.public_view())
    assert board._animation is not None and board._steps == []  # a fade, no travel
    board.finish_animations()
    assert board.pieces_in_order() == list(state.conveyor)


def test_pieces_are_kept_through_a_redraw_and_move_by_whole_pixels_of_their_view(qtbot):
    """A piece is drawn once into a picture for its view: a redraw keeps the same pieces
    (where they stand, mid-move or not), and in motion they step by whole pixels of the view,
    since a fraction of a pixel would have Qt draw them afresh every frame."""
    from middleground.ui.board_view import BoardView

    state = at_round(1)
    board = board_for(state)
    view = BoardView(board)
    qtbot.addWidget(view)
    view.resize(911, 512)  # a scale of about 0.57: most positions fall between pixels
    view.show()
    before = dict(board.tokens)
    play_round(state, {8: {"power": {"jump": True}}, 7: {"push": 3}})
    board.show_view(state.public_view())
    assert board.tokens == before  # the very same pieces, with their pictures
    scale = view.transform().m11()
    assert 0.5 < scale < 0.6
    steps = moved = 0
    while board._animation is not None and steps < 400:
        animation = board._animation
        was = {piece: token.pos() for piece, token in board.tokens.items()}
        animation.setCurrentTime(min(animation.duration(), animation.currentTime() + 7))
        for piece, token in board.tokens.items():
            if token.pos() == was[piece] or animation.currentTime() >= animation.duration():
                continue  # at rest, or landing on its tile
            moved += 1
            device = token.pos() * scale
            assert device.x() == pytest.approx(round(device.x()), abs=1e-6)
            assert device.y() == pytest.approx(round(device.y()), abs=1e-6)
        if animation.currentTime() >= animation.duration():
            animation.stop()
            board._next_step()
        steps += 1
    assert moved > 50 and board.pieces_in_order() == list(state.conveyor)
    board.show_view(state.public_view())  # a redraw at rest keeps the pieces where they are
    assert board.tokens == before and board.pieces_in_order() == list(state.conveyor)


def test_the_board_never_shows_who_holds_a_character(qtbot):
    state = play_round(at_round(2, holders={7: 0, 8: 0}), {8: {"power": {"jump": True}}})
    other = state.clone()
    other.holder.update({7: 4, 8: 6, 1: 2})  # the same table, other secret holders
    assert other.public_view().board == state.public_view().board
    strings = board_strings(board_for(state))
    assert strings == board_strings(board_for(other))
    tokens = [i for i in board_for(state).items() if isinstance(i, TokenItem)]
    assert not [t for t in tokens for n in NAMES if n in t.toolTip()]


def test_the_draft_board_lists_the_free_characters(qtbot):
    state = game().new_state(NAMES, {}, 1)
    for seat in range(9):
        state.apply(seat, {"pick": 7 if seat < 2 else seat + 1})  # Ann and Bob both want Force
    board = board_for(state)
    assert "The draft" in board_strings(board)
    free = {t.piece for t in board.tokens.values() if t.isVisible() and not t.dimmed}
    assert free == set(state.public_view().board["free"])


def panel_for(qtbot, state, seat, memory=None, console_for=None) -> GamePanel:
    """`seat`'s panel on `state`; `memory` is what the table keeps for the seat between
    rebuilds (Panel.memory): a panel without it starts afresh. `console_for`, the seat's
    name: the panel as the facilitator's console reads it."""
    panel = GamePanel()
    if memory is not None:
        panel.memory = memory
    panel.console_for = console_for
    qtbot.addWidget(panel)
    panel.show_view(state.seat_view(seat), state.action_form(seat), state.events_for(seat))
    return panel


def test_a_tab_is_kept_through_a_rebuild_but_a_new_decision_opens_on_its_action(qtbot):
    state = game().new_state(NAMES, {}, 1)
    kept = {}  # what the table keeps for Cid
    panel = panel_for(qtbot, state, 2, kept)
    panel.tabs.setCurrentIndex(1)  # Cid reads the notices during draft pass 1
    assert panel.tabs.tabText(1).startswith("Notices")
    again = panel_for(qtbot, state, 2, kept)  # rebuilt for the same pass (say, after a reveal)
    assert again.tabs.currentIndex() == 1
    for seat in range(9):
        state.apply(seat, {"pick": 7 if seat < 2 else seat + 1})  # Ann and Bob clash: pass 2
    assert state.phase == "draft" and state.public_view().board["draft_pass"] == 2
    next_pass = panel_for(qtbot, state, 2, kept)
    assert next_pass.tabs.currentIndex() == 0  # the next pass opens on Draft


def emitted(qtbot, panel, press) -> dict:
    with qtbot.waitSignal(panel.submitted, timeout=1000) as signal:
        press()
    return signal.args[0]


def test_the_panel_offers_only_legal_power_targets_and_its_orders_are_accepted(qtbot):
    state = at_round(3, holders={4: 0, 5: 0, 7: 0, 8: 0}, points={0: 6})
    panel = panel_for(qtbot, state, 0)
    assert set(panel.order_inputs) == {1, 4, 5, 7, 8}
    push, _ = panel.order_inputs[7]
    assert [push.itemData(i) for i in range(push.count())] == [0, 1, 2, 3]  # Force
    charity = panel.order_inputs[4][1]
    targets = [charity.itemData(i) for i in range(1, charity.count())]
    assert {t["gift"] for t in targets} == {2, 3, 6, 9}  # not itself, not its holder's own
    for push, power in panel.order_inputs.values():
        for index in range(power.count() if power else 1):
            if power is not None:
                power.setCurrentIndex(index)
            push.setCurrentIndex(push.count() - 1)
            action = emitted(qtbot, panel, panel.send_button.click)
            state.clone().apply(0, action)  # accepted as it stands
        push.setCurrentIndex(0)
        if power is not None:
            power.setCurrentIndex(0)
    state.apply(0, emitted(qtbot, panel, panel.send_button.click))
    assert 0 not in state.awaiting()


def test_a_seat_holding_nothing_confirms_and_the_draft_panel_picks(qtbot):
    state = at_round(1, holders={1: 1})  # Bob took Ann's Isolated
    panel = panel_for(qtbot, state, 0)
    assert panel.send_button.text() == "Confirm"
    state.apply(0, emitted(qtbot, panel, panel.send_button.click))

    draft = game().new_state(NAMES, {}, 1)
    draft.apply(0, {"pick": 7})
    draft.apply(1, {"pick": 7})
    for seat in range(2, 9):
        draft.apply(seat, {"pick": seat + 1})
    panel = panel_for(qtbot, draft, 0)
    offered = {b.property("character") for b in panel.pick_group.buttons()}
    legal = {a["pick"] for a in draft.legal_actions(0)}
    assert offered == legal and 7 not in offered  # not the contested pick again
    panel.pick_group.button(10).click()
    assert emitted(qtbot, panel, panel.send_button.click) == {"pick": 10}
    waiting = panel_for(qtbot, draft, 2)
    assert emitted(qtbot, waiting, waiting.send_button.click) == {"wait": True}


def test_the_panels_gifts_hand_overs_and_offers_are_accepted(qtbot):
    state = at_round(2, holders={3: 0}, points={0: 5, 1: 4})  # Ann: Isolated and Reach
    panel = panel_for(qtbot, state, 0)
    isolated = [panel.trade.gift_to.itemData(i) for i in range(panel.trade.gift_to.count())]
    assert isolated == [2]  # Isolated's only neighbour is Pickpocket (Reach is Ann's own)
    panel.trade.gift_from.setCurrentIndex(1)  # Reach gives to anyone
    anyone = {panel.trade.gift_to.itemData(i) for i in range(panel.trade.gift_to.count())}
    assert anyone == {2, 4, 5, 6, 7, 8, 9}
    panel.trade.gift_points.setValue(2)
    gift = emitted(qtbot, panel, panel.trade.gift_button.click)
    state.clone().apply(0, gift)
    hand = next(b for b in panel.findChildren(QPushButton) if b.text() == "Hand over")
    state.clone().apply(0, emitted(qtbot, panel, hand.click))
    panel.trade.offer_give.buttons()[0].click()
    panel.trade.offer_get.buttons()[0].click()
    panel.trade.offer_to.setCurrentIndex(0)  # Bob
    make = next(b for b in panel.findChildren(QPushButton) if b.text() == "Make the offer")
    offer = emitted(qtbot, panel, make.click)
    state.apply(0, offer)
    bob = panel_for(qtbot, state, 1)
    accept, decline = bob.trade.offer_buttons[1]
    answer = emitted(qtbot, bob, accept.click)
    assert answer == {"accept": 1}
    state.apply(1, answer)
    assert any(text.startswith("Offer 1 from Ann is done") for text in notices(state, 1))
    with pytest.raises(IllegalAction):
        state.apply(1, emitted(qtbot, bob, decline.click))  # already answered


def _items(box) -> list:
    return [box.itemData(i) for i in range(box.count())]


def _picks(group) -> list[int]:
    """The characters an offer's picks list, in order."""
    return [group.id(button) for button in group.buttons()]


def test_a_silenced_ones_holder_may_trade_and_hand_it_over_in_the_panel(qtbot):
    state = at_round(2)  # Fay holds One, tile 6
    state.apply(0, {"offer": {"to": "Fay", "give": {"characters": [1]}}})
    bound = panel_for(qtbot, state, 5)
    assert not bound.trade.offer_buttons[1][0].isEnabled()
    texts = {b.text() for b in bound.findChildren(QPushButton)}
    assert "Make the offer" not in texts and "Hand over" not in texts  # One is all she has
    state.silenced = 6
    panel = panel_for(qtbot, state, 5)
    accept, _ = panel.trade.offer_buttons[1]
    assert accept.isEnabled()
    assert _items(panel.trade.hand_character) == [6]
    assert 6 in _picks(panel.trade.offer_give) and 6 not in _picks(panel.trade.offer_get)
    hand = next(b for b in panel.findChildren(QPushButton) if b.text() == "Hand over")
    state.clone().apply(5, emitted(qtbot, panel, hand.click))
    panel.trade.offer_give.button(6).click()
    panel.trade.offer_get.button(7).click()
    panel.trade.offer_to.setCurrentIndex(5)  # Gus
    make = next(b for b in panel.findChildren(QPushButton) if b.text() == "Make the offer")
    state.clone().apply(5, emitted(qtbot, panel, make.click))
    state.apply(5, emitted(qtbot, panel, accept.click))
    assert state.held(5) == [1, 6]


def test_a_silenced_reach_shows_only_in_its_holders_panel(qtbot):
    # Ann asks Cid for 2 points from Reach (tile 3) into her Isolated (tile 1), through the
    # panel, in two games alike but for a silence on Reach that Cid alone knows of.
    muted, working = at_round(2, points={2: 5}), at_round(2, points={2: 5})
    muted.silenced = 3
    seen = []
    for state in (muted, working):
        panel = panel_for(qtbot, state, 0)
        assert _items(panel.trade.offer_get_into) == [1]
        assert _items(panel.trade.offer_get_from) == [2, 3]  # the neighbour Pickpocket, and Reach
        trade = panel.trade
        boxes = (trade.offer_get_from, trade.offer_get_into, trade.gift_to)
        seen.append([_items(box) for box in boxes] + [_picks(trade.offer_get)])
        panel.trade.offer_get_from.setCurrentIndex(_items(panel.trade.offer_get_from).index(3))
        panel.trade.offer_get_points.setValue(2)
        panel.trade.offer_to.setCurrentIndex(1)  # Cid
        make = next(b for b in panel.findChildren(QPushButton) if b.text() == "Make the offer")
        state.apply(0, emitted(qtbot, panel, make.click))
        assert state.offers[-1]["get"]["from"] == 3
    assert seen[0] == seen[1]
    cid = panel_for(qtbot, muted, 2)
    accept, decline = cid.trade.offer_buttons[1]
    assert not accept.isEnabled() and decline.isEnabled()
    assert cid.trade.accept_refusal(muted.offers[0]) in {
        label.text() for label in cid.findChildren(QLabel)
    }
    unmuted = panel_for(qtbot, working, 2)  # held: a panel let go is deleted, its tab too
    assert unmuted.trade.offer_buttons[1][0].isEnabled()
    muted.apply(2, emitted(qtbot, cid, decline.click))


def test_the_panel_gives_only_the_points_a_seat_knows_it_has(qtbot):
    state = at_round(1, points={0: 2, 1: 10})
    state.apply(1, {"gift": {"from": 2, "to": 1, "points": 7}})  # to Ann's Isolated
    panel = panel_for(qtbot, state, 0)
    assert panel.score.text() == "Your score: 2, plus 1 gift of unknown size."
    assert panel.trade.gift_points.maximum() == panel.trade.offer_give_points.maximum() == 3
    panel.trade.gift_points.setValue(3)
    state.apply(0, emitted(qtbot, panel, panel.trade.gift_button.click))
    assert state.points[:2] == [6, 6]  # Ann: 2 + 7 - 3; Bob: 10 - 7 + 3
    after = panel_for(qtbot, state, 0)
    assert not after.trade.gift_button.isEnabled() and after.trade.offer_give_points.maximum() == 0


def trade_page(panel, tab_index: int = 1) -> QWidget:
    """The Trade tab's page (or another tab's), inside its scroll area."""
    from PySide6.QtWidgets import QScrollArea

    tab = panel.tabs.widget(tab_index)
    area = tab if isinstance(tab, QScrollArea) else tab.findChild(QScrollArea)
    return area.widget()


def open_section(qtbot, trade, title: str) -> None:
    """Open a section of the Trade tab with a click on its heading, unless it is open (a
    click would fold it)."""
    if trade.folds.current() != title:
        click(qtbot, trade.folds.heads[title])
    assert trade.folds.current() == title


def texts_on(root) -> list[str]:
    return [label.text() for label in root.findChildren(QLabel) if label.isVisibleTo(root)]


def test_the_orders_tab_describes_only_the_orders_that_still_count(qtbot):
    """Gus sent orders for Lock and Force, then handed Force to Hal, who handed it back: the
    Orders tab said "Your orders are in: ... Force: push three times" above the notice that
    they no longer count. It describes what still counts and names what was dropped."""
    state = at_round(1, holders={5: 6})  # Gus holds Lock and Force
    state.apply(6, {"orders": {"5": {}, "7": {"push": 3}}})
    state.apply(6, {"hand_over": {"character": 7, "to": "Hal"}})
    state.apply(7, {"hand_over": {"character": 7, "to": "Gus"}})
    dropped = "Force no longer count: it changed hands after"

    def orders_in(**kw):
        return [t for t in texts_on(panel_for(qtbot, state, 6, **kw)) if "orders are in" in t]

    assert orders_in() == [f"Your orders are in: Lock: no push. Those for {dropped} you sent them."]
    assert orders_in(console_for="Gus") == [
        f"Gus's orders are in: Lock: no push. Those for {dropped} Gus sent them."
    ]
    state.apply(6, {"hand_over": {"character": 5, "to": "Ann"}})
    assert orders_in() == [
        "Your orders are in, but those for Lock and Force no longer count: they changed hands "
        "after you sent them."
    ]


def test_orders_sent_stand_greyed_in_the_orders_tab_as_they_were_sent(qtbot):
    """Once orders were in, a screen built afresh (a resumed game) showed Force's pushes
    greyed as "No push", under the line saying it pushes three times; orders that no longer
    count show none."""
    state = at_round(1, holders={5: 6})  # Gus holds Lock and Force
    state.apply(6, {"orders": {"5": {}, "7": {"push": 3}}})

    def pushes():
        panel = panel_for(qtbot, state, 6)
        return {c: push.currentText() for c, (push, _power) in panel.order_inputs.items()}

    assert pushes() == {5: "No push", 7: PUSH_WORDS[3]}
    panel = panel_for(qtbot, state, 6)
    assert not any(push.isEnabled() for push, _power in panel.order_inputs.values())
    state.apply(6, {"hand_over": {"character": 7, "to": "Hal"}})
    state.apply(7, {"hand_over": {"character": 7, "to": "Gus"}})
    assert pushes() == {5: "No push", 7: "No push"}


def test_the_trade_tab_tells_first_what_came_of_the_last_trade(qtbot):
    state = at_round(2, points={2: 3, 3: 3})
    state.apply(
        2, {"offer": {"to": "Dee", "give": {"characters": [3]}, "get": {"characters": [4]}}}
    )
    state.apply(2, {"hand_over": {"character": 3, "to": "Fay"}})  # Reach is gone
    dee = panel_for(qtbot, state, 3)
    state.apply(3, emitted(qtbot, dee, dee.trade.offer_buttons[1][0].click))  # she accepts
    after = panel_for(qtbot, state, 3)
    top = trade_page(after).layout().itemAt(0).widget()
    assert isinstance(top, QGroupBox) and top.title() == "Latest, for you only"
    failed = "Offer 1 from Cid fails: Cid does not hold Reach now. Nothing changes hands."
    assert texts_on(top) == [failed]
    after.trade.gift_points.setValue(1)
    state.apply(3, emitted(qtbot, after, after.trade.gift_button.click))
    again = panel_for(qtbot, state, 3)
    top = trade_page(again).layout().itemAt(0).widget()
    assert texts_on(top) == ["You gave 1 point from Charity to Reach."]


def test_the_trade_tab_leads_to_the_orders_while_they_are_owed(qtbot):
    state = at_round(2)
    panel = panel_for(qtbot, state, 0)
    panel.show()
    qtbot.waitExposed(panel)
    panel.tabs.setCurrentIndex(1)
    trade = panel.tabs.widget(1)
    assert "You have not sent your orders yet." in texts_on(trade)
    go = next(b for b in trade.findChildren(QPushButton) if b.text() == "Go to Orders")
    assert go.isVisibleTo(panel) and not trade_page(panel).isAncestorOf(go)  # never scrolled
    click(qtbot, go)
    assert panel.tabs.currentIndex() == 0
    assert panel.tabs.widget(0).isAncestorOf(panel.focusWidget())  # the keyboard is there
    state.apply(0, emitted(qtbot, panel, panel.send_button.click))
    sent = panel_for(qtbot, state, 0)
    texts = {b.text() for b in sent.tabs.widget(1).findChildren(QPushButton)}
    assert "Go to Orders" not in texts  # nothing owed: trading goes on, no way back to send
    nothing = panel_for(qtbot, at_round(2, holders={1: 1}), 0)  # Ann holds no character
    assert "You have not confirmed this round yet." in texts_on(nothing.tabs.widget(1))


def test_at_the_console_a_seat_holding_nothing_is_spoken_of_by_name(qtbot):
    from PySide6.QtWidgets import QComboBox

    state = at_round(2, holders={1: 1}, points={0: 2})  # Bob took Ann's Isolated
    panel = panel_for(qtbot, state, 0, console_for="Ann")
    told = [t for t in texts_on(panel.tabs.widget(0)) if "no character" in t]
    assert told == [
        "Round 2: Ann holds no character. Confirm anyway, so that nobody can tell who holds what."
    ]
    trade = trade_page(panel)
    shown = [b for b in trade.findChildren(QComboBox) if b.isVisibleTo(trade)]
    assert [b.accessibleName() for b in shown] == ["Offer to"]
    assert "Ann asks for" in texts_on(trade) and "Ann gives" not in texts_on(trade)


def test_enter_presses_the_tabs_default_button_and_the_draft_says_which_keys_pick(qtbot):
    from middleground.games.the_median.panel import KEYS_HINT

    draft = panel_for(qtbot, game().new_state(NAMES, {}, 1), 0)
    assert KEYS_HINT in texts_on(draft) and "Enter picks" in KEYS_HINT
    pick = draft.pick_group.button(2)
    qtbot.keyClick(pick, Qt.Key.Key_Space)
    assert draft.send_button.isDefault() and draft.send_button.text() == (
        "Pick Pickpocket in secret"
    )
    assert emitted(qtbot, draft, lambda: qtbot.keyClick(pick, Qt.Key.Key_Return)) == {"pick": 2}
    state = at_round(2, holders={7: 0}, points={0: 3})  # Ann: Isolated and Force
    panel = panel_for(qtbot, state, 0)
    push = panel.order_inputs[7][0]
    push.setCurrentIndex(2)
    assert panel.send_button.isDefault()
    orders = emitted(qtbot, panel, lambda: qtbot.keyClick(push, Qt.Key.Key_Return))
    assert orders["orders"]["7"] == {"push": 2}
    panel.tabs.setCurrentIndex(1)  # Enter in a number box on the Trade tab sends nothing
    with qtbot.assertNotEmitted(panel.submitted, wait=50):
        qtbot.keyClick(panel.trade.gift_points, Qt.Key.Key_Return)
    gift = emitted(qtbot, panel, lambda: qtbot.keyClick(panel.trade.gift_button, Qt.Key.Key_Return))
    assert "gift" in gift  # a button with the keyboard on it takes Enter itself


def test_a_player_holding_nothing_is_told_once_and_may_only_ask_for_a_character(qtbot):
    from PySide6.QtWidgets import QComboBox, QSpinBox

    state = at_round(2, holders={1: 1}, points={0: 2})  # Bob took Ann's Isolated
    panel = panel_for(qtbot, state, 0)
    told = [t for t in texts_on(panel.tabs.widget(0)) if "hold no character" in t.lower()]
    assert told == [
        "Round 2: you hold no character. Confirm anyway, so that nobody can tell who holds what."
    ]
    trade = trade_page(panel)
    told = [t for t in texts_on(trade) if "hold no character" in t.lower()]
    assert told == [
        "You hold no character: you have nothing to give, but you may ask a player for a character."
    ]
    assert [b for b in trade.findChildren(QSpinBox) if b.isVisibleTo(trade)] == []
    shown = [b for b in trade.findChildren(QComboBox) if b.isVisibleTo(trade)]
    assert [b.accessibleName() for b in shown] == ["Offer to"]
    assert all(b.count() for b in shown)  # no empty list
    picks = [b for b in trade.findChildren(QPushButton) if b.accessibleDescription()]
    assert {p.accessibleDescription() for p in picks if p.isVisibleTo(trade)} == {"I ask for"}
    panel.trade.offer_get.button(5).click()
    make = next(b for b in trade.findChildren(QPushButton) if b.text() == "Make the offer")
    state.apply(0, emitted(qtbot, panel, make.click))
    assert state.offers[-1]["get"]["characters"] == (5,)


# A whole game in solo mode: Ann with eight bots, from the draft to the results.


held = ui_fixtures.held  # bots that answer only when told


def secrets_hidden_from(state, viewer):
    """Every private notice to another seat that `viewer` (None: the public) must not see."""
    own = {e.text for e in state.events if viewer is not None and e.visible_to(viewer)}
    return {
        f"notice {index}": event.text
        for index, event in enumerate(state.events)
        if event.audience and not event.visible_to(viewer) and event.text not in own
    }


def audit(session, window):
    state = session.state
    viewer = session.curtain.seat if session.curtain.stage == PRIVATE else None
    assert leaks(window, secrets_hidden_from(state, viewer)) == []
    for other in all_windows():
        if other is not window:
            assert leaks(other, secrets_hidden_from(state, None)) == []


def test_a_solo_game_is_clicked_through_to_the_results_without_leaks(qtbot, window):
    seats = [Seat("Ann")] + [Seat(n, controller=BOT, level="easy") for n in NAMES[1:]]
    session = Session.start(game(), seats, {}, seed=4, mode=SOLO)
    window.start_session(session)
    window.open_projector()
    table = window.table
    gifts = reveals = audits = 0
    while not session.state.is_terminal():
        curtain = session.curtain
        audit(session, window)
        audits += 1
        if curtain.stage == PASS:
            click(qtbot, table.curtain.button)
            qtbot.keyClick(table.curtain, Qt.Key.Key_Return)
            assert session.curtain.stage == PRIVATE
        elif curtain.stage == PRIVATE:
            panel = table.panel
            if panel.pick_group is not None:
                panel.pick_group.buttons()[-1].click()
            elif gifts == 0 and panel.order_inputs and panel.trade.gift_button.isEnabled():
                panel.tabs.setCurrentIndex(1)  # Trade
                open_section(qtbot, panel.trade, "Give points")
                panel.trade.gift_points.setValue(1)
                click(qtbot, panel.trade.gift_button)
                gifts += 1
                assert session.curtain.stage == PRIVATE  # Ann's panel stays open...
                assert not table.panel_error.text()
                assert table.panel is not panel  # ...rebuilt to show what the gift did
                assert table.panel.tabs.currentIndex() == 1  # still on the Trade tab
                assert table.panel.trade.folds.current() == "Give points"  # still open there
                assert "You gave 1 point from" in table.panel.notices.item(0).text()
                continue
            table.panel.tabs.setCurrentIndex(0)
            click(qtbot, table.panel.send_button)
            assert not table.panel_error.text()
        elif curtain.stage == PUBLIC and curtain.reason == "reveal":
            reveals += 1
            click(qtbot, table.continue_button)
        else:
            qtbot.waitUntil(
                lambda seen=curtain: session.curtain != seen or session.state.is_terminal(),
                timeout=20000,
            )
    audit(session, window)
    assert reveals >= 9 and audits > 20 and gifts == 1
    picture = window.projector.public.picture()
    assert (picture.width(), picture.height()) == (1920, 1080)
    click(qtbot, table.continue_button)
    assert window.results is not None


def test_a_facilitator_enters_every_seat_with_the_median_panel(qtbot, window):
    from middleground.table.session import FACILITATOR

    session = Session.start(game(), [Seat(n) for n in NAMES], {}, seed=2, mode=FACILITATOR)
    window.start_session(session)
    window.open_projector()
    console = window.table.console
    for seat in range(9):  # the draft: each player tells the facilitator a character
        console.seats.setCurrentRow(seat)
        panel = console.panel
        assert panel is not None and not console.form.isVisible()
        panel.pick_group.button(seat + 1).click()
        click(qtbot, panel.send_button)
        assert leaks(window.projector, secrets_hidden_from(session.state, None)) == []
    assert session.public_view().round == 1
    for seat in range(9):  # round 1: Force pushes twice, the others keep still
        console.seats.setCurrentRow(seat)
        panel = console.panel
        if 7 in panel.order_inputs:
            panel.order_inputs[7][0].setCurrentIndex(2)
        click(qtbot, panel.send_button)
        assert leaks(window.projector, secrets_hidden_from(session.state, None)) == []
    report = session.public_view().board["rounds"][0]
    assert report["moves"][0]["steps"] == 2


def test_a_panel_rebuilt_while_open_keeps_the_orders_chosen_so_far(qtbot):
    state = at_round(2, holders={8: 0})  # Ann holds Isolated and Jump
    kept = {}
    panel = panel_for(qtbot, state, 0, kept)
    push, power = panel.order_inputs[8]
    push.setCurrentIndex(1)
    power.setCurrentIndex(1)  # leap
    state.apply(1, {"offer": {"to": 0, "give": {"characters": [2]}, "get": {"characters": [8]}}})
    again = panel_for(qtbot, state, 0, kept)  # an offer arrived: the table rebuilds the panel
    assert again.orders()["orders"]["8"] == {"push": 1, "power": {"jump": True}}
    assert again.trade.offer_buttons[1][0].isEnabled()
    play_round(state)  # round 3: a new decision, nothing chosen yet
    fresh = panel_for(qtbot, state, 0, kept)
    assert fresh.orders()["orders"]["8"] == {"push": 0}


def test_the_orders_prompt_counts_points_in_good_english():
    assert at_round(1).action_form(0).prompt.startswith("Round 1 (worth 1 point):")
    assert at_round(3).action_form(0).prompt.startswith("Round 3 (worth 3 points):")


def test_the_orders_form_spells_out_force_and_jumps_penalty_and_whom_pickpocket_robs(qtbot):
    # Ann holds Pickpocket, Force and Jump: no bare "±", each sign said in words.
    state = at_round(2, holders={2: 0, 7: 0, 8: 0})
    panel = panel_for(qtbot, state, 0)
    assert not [text for text in visible_strings(panel) if "±" in text or "∓" in text]
    boxes = {
        box.title(): " ".join(lab.text() for lab in box.findChildren(QLabel))
        for box in panel.findChildren(QGroupBox)
    }
    force, jump = boxes["F · Force (7)"], boxes["J · Jump (8)"]
    assert "Pushing more than once gives its holder +2 penalty points if above the median " in force
    assert "player, -2 if below." in force
    assert "Leaping gives its holder +3 penalty points if above the median player, -3 if" in jump
    assert "it takes 2 points from that character's holder." in boxes["P · Pickpocket (2)"]
    push = panel.order_inputs[7][0]
    assert push.itemText(2) == "Push twice (+2 penalty points if above the median, -2 if below)"


def test_the_final_board_says_what_it_shows(qtbot):
    state = play_round(at_round(9, points={6: 30}))
    texts = board_strings(board_for(state))
    status = next(t for t in texts if t.startswith("The game is over"))
    assert status == (
        "The game is over. Final places shows each player's score and the letters of the "
        "characters they held at the end."
    )
    assert "Final places" in texts and "1st ✕ Gus  30  F" in texts  # Gus held Force (F)
    # the two who finish outside the middle are marked in words of a warning that read as text
    board = board_for(state)
    ground = board.theme.color("background")
    marked = [
        i for i in board.items() if isinstance(i, QGraphicsTextItem) and " ✕ " in i.toPlainText()
    ]
    assert len(marked) == 2
    assert all(contrast(i.defaultTextColor(), ground) >= 4.5 for i in marked)


def test_a_long_name_ends_in_an_ellipsis_inside_the_ranking_not_past_its_edge(qtbot):
    """'7th  Bartholomew Fitzgerald-Ashby' ran past the ranking's box, on the projector
    too; the place, the star and the final score always show, and what tells the players
    apart ("Bartholom…4")."""
    from middleground.games.the_median.board import RANK_X
    from middleground.widgets.plugin import SCENE

    long = "Bartholomew Fitzgerald-Ashby"
    state = at_round(9, points={seat: seat for seat in range(9)})
    state.players = tuple(f"{long} {n}" for n in range(9))
    for view_state in (play_round(at_round(2)), play_round(state)):
        view_state.players = tuple(f"{long} {n}" for n in range(9))
        rows = [
            item
            for item in board_for(view_state).items()
            if isinstance(item, QGraphicsTextItem)
            and item.x() == RANK_X
            and item.toPlainText()[:1].isdigit()
        ]
        assert len(rows) == 9
        for row in rows:
            assert row.sceneBoundingRect().right() <= SCENE.width() - 20, row.toPlainText()
            assert "…" in row.toPlainText() and row.toPlainText().count(long[:8]) == 1
        # cut, each name keeps the number that tells its player from the eight others
        assert len({row.toPlainText().split("…")[1][:1] for row in rows}) == 9
    fifth = next(r.toPlainText() for r in rows if r.toPlainText().startswith("5th"))
    assert fifth.startswith("5th ★ Bartholom") and "…4  4  " in fifth


# ----- counts, tiebreak values and room at 1280x720 ----------------------------------------


def test_the_panel_and_board_count_in_good_english(qtbot):
    state = at_round(2, points={0: 1})
    state.penalty[0] = 2
    panel = panel_for(qtbot, state, 0)
    assert panel.score.text() == "Your score: 3 (1 point, +2 penalty points)."
    gives = {"characters": [], "points": 1, "from": 2, "into": 1}
    offer = {"id": 4, "by": 1, "to": 0, "give": gives, "get": {"characters": [], "points": 0}}
    assert panel.trade.describe(offer) == (
        "Offer 4 from Bob: you get 1 point (Pickpocket to Isolated) for nothing."
    )
    state.apply(0, {"orders": {"1": {}}})
    assert "1 of 9 has sent orders. Waiting for" in " ".join(board_strings(board_for(state)))
    draft = game().new_state(NAMES, {}, 1)
    draft.apply(0, {"pick": 1})
    assert "1 of 9 has picked" in " ".join(board_strings(board_for(draft)))


def test_a_characters_tiebreak_value_reads_the_same_everywhere_and_is_explained(qtbot):
    from middleground.assets import rules_text
    from middleground.games.the_median.characters import TIEBREAK_NOTE, label

    assert label(12) == "Anchor (12)" and label("X") == "X"
    assert "Anchor (12)" in TIEBREAK_NOTE and "Anchor (12)" in rules_text("the-median.md")
    draft = panel_for(qtbot, game().new_state(NAMES, {}, 1), 0)
    picks = {b.text() for b in draft.pick_group.buttons()}
    assert "Anchor (12)" in picks and "Pickpocket (2)" in picks
    assert TIEBREAK_NOTE in {lab.text() for lab in draft.findChildren(QLabel)}  # where first met
    state = at_round(2)
    panel = panel_for(qtbot, state, 0)
    assert "I · Isolated (1)" in [b.title() for b in panel.findChildren(QGroupBox)]
    assert {b.toolTip() for b in panel.findChildren(QGroupBox) if "(" in b.title()} == {
        TIEBREAK_NOTE
    }
    assert panel.trade.hand_character.itemText(0) == "Isolated (1)"


def unreadable(root) -> list[str]:
    """Every visible control under `root` whose text is cut: a word or a line it cannot show,
    a box title wider than its box, a page wider than the scroll area showing it."""
    from itertools import pairwise

    from PySide6.QtCore import QTextBoundaryFinder
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import (
        QComboBox,
        QScrollArea,
        QStyle,
        QStyleOptionButton,
        QStyleOptionComboBox,
    )

    from middleground.games.the_median.wrapping import WrapButton, WrapCombo

    found = []

    def widest_word(widget, text) -> int:
        """The widest run of `text` that a line cannot break (CJK breaks between letters)."""
        metrics = QFontMetrics(widget.font())
        finder = QTextBoundaryFinder(QTextBoundaryFinder.BoundaryType.Line, text)
        ends = [0]
        while (end := finder.toNextBoundary()) > 0:
            ends.append(end)
        words = [text[a:b].strip() for a, b in pairwise(ends)]
        return max((metrics.horizontalAdvance(w) for w in words), default=0)

    for area in root.findChildren(QScrollArea):
        if area.isVisible() and area.widget().width() > area.viewport().width():
            found.append(f"{area.accessibleName()} is wider than its column")
    for widget in root.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, WrapCombo | WrapButton):
            text = widget.shown_text() if isinstance(widget, WrapCombo) else widget.text()
            room = widget.text_rect().width() if isinstance(widget, WrapCombo) else None
            if widget.height() < widget.heightForWidth(widget.width()):
                found.append(f"{text!r} is cut short")
            if room is not None and widest_word(widget, text) > room:
                found.append(f"{text!r} is cut mid-word")
        elif isinstance(widget, QComboBox):  # one line, left of the arrow
            option = QStyleOptionComboBox()
            widget.initStyleOption(option)
            field = widget.style().subControlRect(
                QStyle.ComplexControl.CC_ComboBox,
                option,
                QStyle.SubControl.SC_ComboBoxEditField,
                widget,
            )
            if QFontMetrics(widget.font()).horizontalAdvance(widget.currentText()) > field.width():
                found.append(f"{widget.currentText()!r} is cut")
        elif isinstance(widget, QPushButton):
            option = QStyleOptionButton()
            widget.initStyleOption(option)
            style = widget.style()
            room = style.subElementRect(QStyle.SubElement.SE_PushButtonContents, option, widget)
            if QFontMetrics(widget.font()).horizontalAdvance(widget.text()) > room.width():
                found.append(f"button {widget.text()!r} is cut")
        elif isinstance(widget, QLabel) and widget.text():
            metrics = QFontMetrics(widget.font())
            if not widget.wordWrap():
                if metrics.horizontalAdvance(widget.text()) > widget.contentsRect().width():
                    found.append(f"{widget.text()!r} is cut")
            elif widest_word(widget, widget.text()) > widget.contentsRect().width():
                found.append(f"{widget.text()!r} is cut mid-word")
            elif widget.height() < widget.heightForWidth(widget.width()):
                found.append(f"{widget.text()!r} is cut short")
        elif isinstance(widget, QGroupBox) and (
            QFontMetrics(widget.font()).horizontalAdvance(widget.title()) > widget.width()
        ):
            found.append(f"box {widget.title()!r} is cut")
    return found


def at_the_table(qtbot, window, state, seat, size=(1280, 720), seats=None):
    """`state` at the table with `seat`'s panel open, at 1280x720 (the laptop size) or
    `size`; `seats`, the table's seats (every player a person unless told)."""
    window.resize(*size)
    session = Session(state, seats or [Seat(n) for n in NAMES])
    window.start_session(session)
    if session.curtain.seat != seat:
        session.call(seat)
    session.lift(seat)
    panel = window.table.panel
    qtbot.waitUntil(lambda: panel.isVisible() and panel.width() > 0)
    qtbot.wait(20)
    assert (window.width(), window.height()) == size
    return panel


def settled(qtbot) -> None:
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()
    qtbot.wait(5)


def test_the_draft_shows_all_fourteen_picks_and_the_chosen_power_at_1280x720(qtbot, window):
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QScrollArea

    panel = at_the_table(qtbot, window, game().new_state(NAMES, {}, 1), 0)
    area = next(a for a in panel.findChildren(QScrollArea) if a.isVisible())
    buttons = panel.pick_group.buttons()
    assert len(buttons) == 14
    for button in buttons:
        bottom = button.mapTo(area.viewport(), QPoint(0, button.height())).y()
        assert bottom <= area.viewport().height(), button.text()  # no scrolling needed
    click(qtbot, panel.pick_group.button(9))
    settled(qtbot)
    assert panel.chosen.text() == "Humble (9): Its holder is shown one place lower in the ranking."
    assert panel.chosen.isVisible() and not area.isAncestorOf(panel.chosen)  # never scrolled
    assert unreadable(panel) == []


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_every_pick_shows_its_text_whole_once_chosen(qtbot, window, size):
    # The chosen pick is bold: "Pickpocket (2)" then needs two lines, and had only one.
    panel = at_the_table(qtbot, window, game().new_state(NAMES, {}, 1), 0, size)
    for button in panel.pick_group.buttons():
        click(qtbot, button)
        settled(qtbot)
        assert unreadable(panel) == [], button.text()


def test_every_order_and_trade_control_shows_its_text_whole_at_1280x720(qtbot, window):
    # Ann holds Force (three pushes), Exchange (swaps that depend on Jump), Reach and Silence.
    state = at_round(
        3,
        characters=(10, 8, 7, 1, 2, 3, 4, 11, 14),
        conveyor=(10, 1, 2, 3, 8, 4, 7, 11, 14, "X"),
        points={0: 5},
        holders={10: 0, 7: 0, 3: 0, 14: 0},
    )
    panel = at_the_table(qtbot, window, state, 0)
    longest = 0
    for push, power in panel.order_inputs.values():
        for box in (push, power):
            for index in range(box.count() if box else 0):
                box.setCurrentIndex(index)
                longest = max(longest, len(box.currentText()))
                settled(qtbot)
                assert unreadable(panel) == []
    assert longest > 40  # "swap Pickpocket and Charity (only if Jump leaps first)" was shown
    panel.tabs.setCurrentIndex(1)
    settled(qtbot)
    assert unreadable(panel) == []
    trade = panel.trade
    trade.offer_give_points.setValue(1)  # where the points go is asked too
    trade.offer_get_points.setValue(1)
    sections = {
        "Give points": (trade.gift_from, trade.gift_to),
        "Hand over a character": (trade.hand_character, trade.hand_to),
        "Make an offer": (trade.offer_give_into,),
    }
    for title, boxes in sections.items():
        open_section(qtbot, trade, title)
        for box in boxes:
            for index in range(box.count()):
                box.setCurrentIndex(index)
                settled(qtbot)
                assert box.isVisible() and unreadable(panel) == []
    for pick in trade.offer_give.buttons() + trade.offer_get.buttons():  # bold, once picked
        pick.click()
        settled(qtbot)
        assert pick.isVisible() and unreadable(panel) == [], pick.text()


def test_why_a_trade_was_refused_stays_in_sight_when_a_bot_hands_over_a_character(
    qtbot, window, held
):
    state = at_round(2)
    seats = [Seat(n, controller=BOT, level="easy") if n == "Bob" else Seat(n) for n in NAMES]
    session = Session(state, seats)
    window.start_session(session)
    session.lift(0)
    table = window.table
    ann, bob = state.held(0)[0], state.held(1)[0]
    table.panel.submitted.emit({"hand_over": {"character": bob, "to": "Cid"}})  # not hers
    refusal = table.panel_error.text()
    assert refusal and state.holder[bob] == 1
    before = table.panel
    gift = next(a for a in state.free_actions(1) if a.get("hand_over", {}).get("to") == "Ann")
    session.submit_bot_free(1, gift, session.version)
    assert table.panel is not before  # rebuilt: Ann holds one more character now
    assert table.panel_error.text() == refusal  # and still reads why her try failed
    table.panel.submitted.emit({"hand_over": {"character": ann, "to": "Cid"}})  # a new try
    assert not table.panel_error.text() and state.holder[ann] == 2
