"""The Median card game's board and panel: nothing face down shows, the reveal, pool and piles
show, the panel's clicks and keys make actions the rules accept, and a short hot-seat game
through the real table never shows one player's hand to another."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from PySide6.QtCore import QEvent, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsEllipseItem,
    QGraphicsPathItem,
    QGraphicsTextItem,
    QLabel,
)
from tests.games.median_card_game.median_card_helpers import GAME, NAMES, dealt_game, play_round
from tests.ui.audit import all_windows, click, leaks, wrapped_lines

from middleground.games.median_card_game import card_art
from middleground.games.median_card_game.board import SIDE_X, TEXT, GameBoard
from middleground.games.median_card_game.card_art import CardItem
from middleground.games.median_card_game.cards import card_label, card_name
from middleground.games.median_card_game.panel import GamePanel
from middleground.table import Seat, Session
from middleground.table.session import PASS, PRIVATE, PUBLIC
from middleground.widgets.plugin import board_font
from middleground.widgets.theme import DARK, LIGHT, PROJECTION, contrast


def card_words(card: str) -> list[str]:
    """Every way a card may be written on screen: "Q♥", "queen of hearts", "QH"."""
    return [card_label(card), card_name(card, article=False), card]


def board_strings(board: GameBoard) -> list[str]:
    found = []
    for item in board.items():
        if isinstance(item, QGraphicsTextItem):
            found.append(item.toPlainText())
        found.append(item.toolTip())
    return [s for s in found if s]


def board_for(qtbot, view) -> GameBoard:
    board = GameBoard(LIGHT)
    board.show_view(view)
    board.finish_animations()
    return board


def faces(board: GameBoard) -> list[str]:
    return sorted(i.card for i in board.items() if isinstance(i, CardItem) and i.card)


def texts(board: GameBoard) -> list[str]:
    return [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]


# ----- the board ---------------------------------------------------------------------------


def test_face_down_cards_never_reach_the_board(qtbot):
    state = dealt_game([["2H"], ["3D"], ["5S"], ["7D"], ["5C"]])
    leader = state.leader
    state.apply(leader, {"card": state.hands[leader][0]})
    placed = [state.face_down]
    for seat in (s for s in range(5) if s != leader):
        if len(placed) == 3:
            break
        state.apply(seat, {"card": state.hands[seat][-1]})
        placed.append(state.hands[seat][-1])
    board = board_for(qtbot, state.public_view())
    assert faces(board) == []  # backs and empty places only
    backs = [i for i in board.items() if isinstance(i, CardItem) and not i.empty and not i.card]
    assert len(backs) >= 3  # three on the table (and the deck's stack)
    hidden = [w for card in placed + [c for h in state.hands for c in h] for w in card_words(card)]
    strings = board_strings(board)
    assert not [w for w in hidden if any(w in s for s in strings)]
    assert any("3 of 5 cards placed" in s for s in strings)


def test_the_reveal_the_pool_and_the_piles(qtbot):
    state = dealt_game(
        [["2H", "KS"], ["3D", "4H"], ["5S", "9C"], ["7D", "8S"], ["5C", "QD"]], dealer="Ann"
    )
    play_round(state, ["2H", "3D", "5S", "7D", "5C"])  # two fives: all five to the pool
    board = board_for(qtbot, state.public_view())
    assert faces(board) == sorted(["2H", "3D", "5S", "7D", "5C"])
    shown = texts(board)
    assert "5" in shown  # the pool's count
    assert any("went to the pool" in s for s in shown)
    assert "=" in shown and "★" not in shown  # shared: marked, nobody starred
    play_round(state, ["KS", "4H", "9C", "8S", "QD"])  # the nine is alone in the middle
    board = board_for(qtbot, state.public_view())
    shown = texts(board)
    assert "★" in shown and "0" in shown  # Cat starred; the pool is empty again
    assert "+10 → 10" in shown  # Cat's pile: this round's five and the pool's five
    assert shown.count("0 taken") == 4  # five seats: the standings' words, shortened
    assert any("Cat played the middle card" in s for s in shown)


def test_scoring_rounds_won_the_piles_count_rounds_as_the_standings_do(qtbot):
    """Under rounds-won scoring the winner's label read "+3 → 3" (cards) while the standings
    said "1 round won", and the others read "2 rnd · 6"."""
    state = dealt_game([["2H", "KS"], ["3D", "4H"], ["5S", "9C"]], dealer="Ann", scoring="rounds")
    play_round(state, ["2H", "3D", "5S"])  # Ben's three is the middle card
    shown = texts(board_for(qtbot, state.public_view()))
    assert "+1 → 1 round won" in shown and shown.count("0 rounds won") == 2
    play_round(state, ["KS", "4H", "9C"])  # Cat's nine
    view = state.public_view()
    shown = texts(board_for(qtbot, view))
    assert "+1 → 1 round won" in shown and "1 round won" in shown and "0 rounds won" in shown
    assert not [s for s in shown if "rnd" in s or "+3" in s]
    assert GAME.standings(view) == [
        ("Ann", "0 rounds won"),
        ("Ben", "1 round won"),
        ("Cat", "1 round won"),
    ]
    # the player's own screen says the score first; the cards taken, which score nothing, after
    panel = panel_for(qtbot, state, 1)
    assert panel.pile.text() == "Your score: 1 round won. You have taken 3 cards."


def pile_marks(board: GameBoard) -> tuple[int, int, int]:
    """Beside the seats' scores: card piles (backs drawn small), round stars (discs of the
    accent colour) and empty round rings (dashed circles)."""
    back = QColor(card_art.BACK)
    accent = board.theme.color("accent")
    piles = stars = rings = 0
    for item in board.items():
        if isinstance(item, QGraphicsPathItem) and item.brush().color() == back:
            piles += 1
        elif isinstance(item, QGraphicsEllipseItem):
            if item.brush().style() != Qt.BrushStyle.NoBrush and item.brush().color() == accent:
                stars += 1
            elif item.pen().style() == Qt.PenStyle.DashLine:
                rings += 1
    return piles, stars, rings


def test_scoring_rounds_won_marks_each_seat_with_rounds_not_cards(qtbot):
    """The seats counted rounds, but the mark beside each still drew a pile of the cards won
    (Ben's three cards, though he had won one round): now a star for rounds won, a dashed ring
    for none, while the cards scoring keeps its piles."""
    plays = [["2H", "KS"], ["3D", "4H"], ["5S", "9C"]]
    for scoring in ("rounds", "cards"):
        state = dealt_game(plays, dealer="Ann", scoring=scoring)
        play_round(state, ["2H", "3D", "5S"])  # Ben's three is the middle card
        state.apply(state.leader, {"card": "4H"})  # Ben leads round 2: the reveal gives way
        piles, stars, rings = pile_marks(board_for(qtbot, state.public_view()))
        if scoring == "rounds":
            assert (piles, stars, rings) == (0, 1, 2)
        else:
            assert piles == 3 and stars == 0  # Ben's pile, three backs deep


def test_an_even_table_shows_the_call_and_the_game_over(qtbot):
    state = dealt_game([["2H"], ["3D"], ["5S"], ["7D"]], hand_size=1, dealer="Ann")
    state.deck, state.deck_left = [], 0  # nobody draws: the game ends with this round
    state.apply(0, {"call": "high"})
    board = board_for(qtbot, state.public_view())
    # One tense: the heading read "Ann leads and called ▲ HIGH", as the log says "calls".
    assert "Ann leads and calls ▲ HIGH: the second-highest card wins" in texts(board)
    for seat, card in enumerate(["2H", "3D", "5S", "7D"]):
        state.apply(seat, {"card": card})
    board = board_for(qtbot, state.public_view())
    assert state.public_view().finished
    assert "Game over" in texts(board)
    assert any("Cat wins with 4 cards taken" in s for s in texts(board))


def test_the_reveal_turns_the_cards_over_then_rests(qtbot):
    state = dealt_game([["2H"], ["3D"], ["5S"]], hand_size=2)
    board = GameBoard(LIGHT)
    board.show_view(state.public_view())
    play_round(state, ["2H", "3D", "5S"])
    board.show_view(state.public_view())
    assert board._animation is not None and board._flip < 1.0
    qtbot.waitUntil(lambda: board._animation is None, timeout=2000)
    assert all(i.flip == 1.0 for i in board.items() if isinstance(i, CardItem) and i.card)


def test_a_placed_card_slides_onto_its_place(qtbot):
    state = dealt_game([["2H"], ["3D"], ["5S"]], hand_size=2)
    board = GameBoard(LIGHT)
    board.show_view(state.public_view())
    state.apply(state.leader, {"card": state.hands[state.leader][0]})
    board.show_view(state.public_view())
    [(back, y)] = board._arrivals
    assert back.card is None and back.opacity() < 1.0 and back.y() > y
    qtbot.waitUntil(lambda: board._placing is None, timeout=2000)
    assert back.opacity() == 1.0 and back.y() == y


def test_a_sliding_card_moves_by_whole_pixels_of_its_view(qtbot):
    """A card is kept as a picture for its view; moved by a fraction of a pixel it would be
    drawn afresh every frame, so on its way in it steps by whole pixels, and lands exactly."""
    from middleground.ui.board_view import BoardView

    state = dealt_game([["2H"], ["3D"], ["5S"]], hand_size=2)
    board = GameBoard(LIGHT)
    view = BoardView(board)
    qtbot.addWidget(view)
    view.resize(911, 512)  # a scale of about 0.57
    view.show()
    board.show_view(state.public_view())
    state.apply(state.leader, {"card": state.hands[state.leader][0]})
    board.show_view(state.public_view())
    [(back, y)] = board._arrivals
    scale = view.transform().m11()
    heights = set()
    for step in range(1, 40):
        board._set_arrive(step / 40)
        heights.add(back.y())
        assert back.y() * scale == pytest.approx(round(back.y() * scale), abs=1e-6)
    assert len(heights) > 10
    board.finish_animations()
    assert back.y() == y


def test_no_board_text_is_smaller_than_a_fortieth_of_a_720p_projector(qtbot):
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    window = MainWindow(Settings(idle_seconds=0), bot_delay_ms=0, autosave=False)
    qtbot.addWidget(window)
    seats = [Seat(n) for n in ("Ann", "Ben", "Cat", "Dan", "Eve")]
    session = Session.start(GAME, seats, {"dealer": "Ann"}, 5)
    window.start_session(session)
    for seat in range(5):
        session.lift(seat)
        session.submit(seat, session.state.legal_actions(seat)[0])
    assert session.curtain.reason == "reveal"
    window.open_projector()
    window.projector.resize(1280, 720)
    QApplication.processEvents()
    public = window.projector.public
    public.view.fit()
    scale = public.view.transform().m11()
    for item in public.board.items():
        if isinstance(item, QGraphicsTextItem):
            shown = item.font().pixelSize() * scale
            assert shown >= 720 / 40 * 0.97, (item.toPlainText(), shown)
    window.projector.close()


def a_crowd_ends_in_a_shared_win(players: int, names: list[str]):
    """A one-card game whose only round sends every card to the pool: a win shared by all,
    and the pool's cards belonging to nobody, the longest headline there is."""
    state = GAME.new_state(names, {"hand_size": 1, "dealer": names[0]}, seed=1)
    cards = [rank + suit for rank in "23456789TJQKA" for suit in "HDSC"][:players]
    state.hands = [[card] for card in cards]
    state.deck, state.deck_left = [], 0
    before = state.public_view()
    play_round(state, cards, call="high" if players % 2 == 0 else None)
    return before, state.public_view()


def heading(board: GameBoard) -> list[QGraphicsTextItem]:
    """The heading's text: the title at the top and the lines under it."""
    return [i for i in board.items() if isinstance(i, QGraphicsTextItem) and i.y() <= 98]


def seat_tops(board: GameBoard) -> float:
    """The highest point of any seat: its leader's mark, its card, its rings and badges."""
    texts_ = {"LEADS", "LED"}
    tops = [
        i.sceneBoundingRect().top()
        for i in board.items()
        if i.sceneBoundingRect().left() < SIDE_X - 20  # not the pool or the deck
        and i.sceneBoundingRect().top() > 0
        and i not in heading(board)
        and (
            isinstance(i, CardItem)
            or (isinstance(i, QGraphicsTextItem) and i.toPlainText() in texts_)
            or not isinstance(i, QGraphicsTextItem)
        )
    ]
    return min(tops)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8, 9, 12, 15, 16, 20])
def test_the_heading_never_runs_over_the_cards(qtbot, players):
    """The heading (the round and its leader's call, or the game's end with the winners) fits
    its room, smaller if it must; the seats start below it, at any table size."""
    names = ["Maximiliana Longname", "Bartholomew Featherstone"] + [
        f"Player {n}" for n in range(3, players + 1)
    ]
    names = names[:players]
    before, over = a_crowd_ends_in_a_shared_win(players, names)
    for view in (before, over):
        board = board_for(qtbot, view)
        lines = heading(board)
        assert lines and all(i.font().pixelSize() >= TEXT for i in lines)
        bottom = max(i.sceneBoundingRect().bottom() for i in lines)
        assert bottom < seat_tops(board), [i.toPlainText() for i in lines]
    shown = texts(board_for(qtbot, over))
    assert "Game over" in shown
    assert any(s.startswith("Shared win:") and "belong to nobody" in s for s in shown)


def test_a_crowd_s_shared_win_names_a_few_or_counts_them_to_fit_two_lines(qtbot):
    def headline(names: list[str]) -> QGraphicsTextItem:
        _, over = a_crowd_ends_in_a_shared_win(len(names), names)
        boards.append(board_for(qtbot, over))
        [line] = [i for i in heading(boards[-1]) if "Shared win" in i.toPlainText()]
        assert line.font().pixelSize() == 34  # the size the heading has during a round
        return line

    boards: list[GameBoard] = []  # kept: a board's items go with it
    line = headline([f"Player {n}" for n in range(1, 21)])
    assert line.toPlainText() == (
        "Shared win: Player 1, Player 2, Player 3 and 17 others, 0 cards taken each · the last "
        "20 pool cards belong to nobody."
    )
    line = headline([f"Maximiliana Longname {n}" for n in range(1, 21)])
    assert line.toPlainText().startswith("Shared win: all 20 players, 0 cards taken each")
    line = headline(["Ann", "Ben", "Cat"])
    assert line.toPlainText().startswith("Shared win: Ann, Ben and Cat, 0 cards taken each")


# ----- the panel ---------------------------------------------------------------------------


def panel_for(qtbot, state, seat) -> GamePanel:
    panel = GamePanel()
    qtbot.addWidget(panel)
    panel.resize(420, 700)
    panel.show()
    panel.show_view(state.seat_view(seat), state.action_form(seat), state.events_for(seat))
    return panel


def emitted(panel: GamePanel, act) -> list[dict]:
    actions: list[dict] = []
    panel.submitted.connect(actions.append)
    act()
    return actions


def test_clicking_a_card_and_placing_it_makes_an_action_the_rules_accept(qtbot):
    state = dealt_game([["2H"], ["3D"], ["5S"]], hand_size=3)
    leader = state.leader
    panel = panel_for(qtbot, state, leader)
    assert all(not b.isVisible() for b in panel.calls.values())  # odd count: no call
    hand = panel.hand
    assert hand.cards == list(state.hands[leader])
    assert not panel.place.isEnabled()
    target = hand.card_rect(1).center().toPoint()
    qtbot.mouseClick(hand, Qt.MouseButton.LeftButton, pos=target)
    assert panel.place.isEnabled() and card_label(hand.cards[1]) in panel.place.text()
    actions = emitted(panel, lambda: click(qtbot, panel.place))
    assert actions == [{"card": hand.cards[1]}]
    state.apply(leader, actions[0])
    assert state.face_down == hand.cards[1]


def test_the_keyboard_reaches_every_card(qtbot):
    state = dealt_game([["2H"], ["3D"], ["5S"]], hand_size=4)
    seat = state.leader
    panel = panel_for(qtbot, state, seat)
    hand = panel.hand
    hand.setFocus()
    qtbot.keyClick(hand, Qt.Key.Key_3)
    assert hand.current == 2
    qtbot.keyClick(hand, Qt.Key.Key_Right)
    qtbot.keyClick(hand, Qt.Key.Key_Right)  # wraps round to the first card
    assert hand.current == 0
    actions = emitted(panel, lambda: qtbot.keyClick(hand, Qt.Key.Key_Return))
    assert actions == [{"card": state.hands[seat][0]}]
    state.apply(seat, actions[0])


def test_the_call_buttons_are_for_the_leader_of_an_even_table_only(qtbot):
    state = dealt_game([["2H"], ["3D"], ["5S"], ["7D"]], dealer="Ben")
    assert state.leader == 1
    leader = panel_for(qtbot, state, 1)
    assert all(b.isVisible() for b in leader.calls.values())
    assert "second-highest" in leader.call_targets["high"].text()
    other = panel_for(qtbot, state, 2)
    assert all(not b.isVisible() for b in other.calls.values())
    assert not other.place.isVisible()
    assert emitted(leader, lambda: qtbot.keyClick(leader, Qt.Key.Key_H)) == [{"call": "high"}]
    actions = emitted(leader, lambda: click(qtbot, leader.calls["low"]))
    assert actions == [{"call": "low"}]
    state.apply(1, actions[0])
    after = panel_for(qtbot, state, 1)  # the call is made: now the card
    assert all(not b.isVisible() for b in after.calls.values())
    assert after.place.isVisible()
    # the call, then what it means, as the board's heading puts them (it read "▼ LOW the…")
    assert after.situation.text() == "Round 1 · you lead · ▼\u00a0LOW: the second-lowest card wins."


def test_companion_mode_enters_a_revealed_card_by_typing_it(qtbot):
    state = GAME.new_state(["Ann", "Ben", "Cat"], {"physical_deck": True}, seed=3)
    panel = panel_for(qtbot, state, 0)
    assert not panel.hand.isVisible() and panel.picker is not None
    qtbot.keyClicks(panel, "qh")
    assert panel.picker.card() == "QH"
    actions = emitted(panel, lambda: qtbot.keyClick(panel, Qt.Key.Key_Return))
    assert actions == [{"card": "QH"}]
    state.apply(0, actions[0])
    other = panel_for(qtbot, state, 1)
    buttons = {b.property("rank"): b for b in other.picker.ranks.buttons()}
    click(qtbot, buttons["T"])
    suits = {b.property("suit"): b for b in other.picker.suits.buttons()}
    click(qtbot, suits["S"])
    actions = emitted(other, lambda: click(qtbot, other.place))
    assert actions == [{"card": "TS"}]
    state.apply(1, actions[0])


@pytest.mark.parametrize(
    ("deck", "hint", "first"),
    [
        ("52", "Rank (type 2-9, T, J, Q, K, A)", "2"),
        ("36", "Rank (type 6-9, T, J, Q, K, A)", "6"),
        ("24", "Rank (type 9, T, J, Q, K, A)", "9"),
    ],
)
def test_the_companion_s_rank_hint_names_the_ranks_of_the_deck_in_use(qtbot, deck, hint, first):
    """With the 24 cards from the nines the hint said "type 2-9" over buttons from 9 to A."""
    state = GAME.new_state(["Ann", "Ben", "Cat"], {"physical_deck": True, "deck": deck}, 3)
    panel = panel_for(qtbot, state, 0)
    labels = [label.text() for label in panel.picker.findChildren(QLabel)]
    assert hint in labels
    assert panel.picker.ranks.buttons()[0].text() == first


def test_at_the_table_the_companion_picks_the_card_by_clicking_rank_and_suit(qtbot):
    """Each player's entry opens in turn, with no curtain (the cards are face up on the
    table), its rank and suit buttons shown with it (they once stayed hidden, leaving only
    typing, which nothing on screen told)."""
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    window = MainWindow(Settings(idle_seconds=0), bot_delay_ms=0, autosave=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    options = {"physical_deck": True, "dealer": "Ann"}
    session = Session.start(GAME, seats, options, seed=3)
    window.start_session(session)
    for seat, (rank, suit) in enumerate([("Q", "H"), ("T", "S"), ("4", "C")]):
        assert session.curtain.stage == PRIVATE and session.curtain.seat == seat
        assert window.table.stack.currentWidget() is not window.table.curtain
        assert window.table.panel.heading.full == f"{session.state.players[seat]}: your card"
        picker = window.table.panel.picker
        ranks = {b.property("rank"): b for b in picker.ranks.buttons()}
        suits = {b.property("suit"): b for b in picker.suits.buttons()}
        click(qtbot, ranks[rank])
        click(qtbot, suits[suit])
        click(qtbot, window.table.panel.place)
        assert session.state.history[-1] == (seat, {"card": rank + suit})
    assert session.curtain.stage == PUBLIC and session.curtain.reason == "reveal"
    window.bridge.wait_for_bots(3000)


def test_the_four_colour_deck_is_a_view_choice(qtbot):
    state = dealt_game([["2H"], ["3D"], ["5S"]], hand_size=2)
    panel = panel_for(qtbot, state, 0)
    classic = card_art.suit_colour("D").name()
    try:
        panel.four_colour.setChecked(True)
        assert card_art.FOUR_COLOUR
        assert card_art.suit_colour("D").name() != classic
        assert card_art.suit_colour("H").name() != card_art.suit_colour("D").name()
    finally:
        card_art.set_four_colour(False)
    assert card_art.suit_colour("D").name() == classic
    panel.deleteLater()  # as when the curtain falls: a later toggle must not trip on it
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    card_art.set_four_colour(True)
    card_art.set_four_colour(False)
    assert panel not in card_art._listeners


# ----- a short game through the real table -------------------------------------------------


def secrets_hidden_from(session, viewer) -> dict[str, str]:
    """Every card that `viewer` (a seat, or None for the public) must not see. A real deck's
    card entered is no secret: it is face up at the table, and on the boards."""
    state = session.state
    hidden: list[tuple[int, str]] = [
        (seat, card) for seat, hand in enumerate(state.hands) for card in hand
    ]
    if state.face_down is not None:
        hidden.append((state.leader, state.face_down))
    if not state.companion:
        hidden += [(seat, a["card"]) for seat, a in state.pending.items() if "card" in a]
    return {
        f"{state.players[seat]}'s {word}": word
        for seat, card in hidden
        if seat != viewer
        for word in card_words(card)
    }


def audit(session, window) -> None:
    curtain = session.curtain
    viewer = curtain.seat if curtain.stage == PRIVATE else None
    assert leaks(window, secrets_hidden_from(session, viewer)) == []
    for other in all_windows():
        if other is not window:
            assert leaks(other, secrets_hidden_from(session, None)) == []


@pytest.mark.parametrize("players", [3, 4])
def test_a_short_hot_seat_game_never_shows_a_hand_to_another_player(qtbot, players):
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    window = MainWindow(Settings(idle_seconds=0), bot_delay_ms=0, autosave=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    names = ["Ann", "Ben", "Cat", "Dan"][:players]
    seats = [Seat(n) for n in names[:-1]] + [Seat(names[-1], "bot")]
    options = {"deck": "24", "hand_size": 2, "dealer": "Ann"}
    session = Session.start(GAME, seats, options, seed=7)
    window.start_session(session)
    window.open_projector()
    table = window.table
    reveals = audits = calls = 0
    while not session.state.is_terminal():
        curtain = session.curtain
        audit(session, window)
        audits += 1
        if curtain.stage == PASS:
            click(qtbot, table.curtain.button)
            qtbot.keyClick(table.curtain, Qt.Key.Key_Return)
            assert session.curtain.stage == PRIVATE
            audit(session, window)
            panel = table.panel
            if any(b.isVisible() for b in panel.calls.values()):
                calls += 1
                click(qtbot, panel.calls["high"])
                continue
            hand = panel.hand
            assert hand.cards == list(session.state.hands[curtain.seat])
            mine = {"own card": card_label(hand.cards[0])}
            assert leaks(window, mine) == list(mine)  # the audit does see the open hand
            qtbot.mouseClick(
                hand, Qt.MouseButton.LeftButton, pos=hand.card_rect(0).center().toPoint()
            )
            click(qtbot, panel.place)
        elif curtain.stage == PRIVATE:  # the leader's panel stays open after the call
            hand = table.panel.hand
            qtbot.mouseClick(
                hand, Qt.MouseButton.LeftButton, pos=hand.card_rect(0).center().toPoint()
            )
            click(qtbot, table.panel.place)
        elif curtain.stage == PUBLIC and curtain.reason == "reveal":
            reveals += 1
            assert faces(table.board) == sorted(session.state.rounds[-1]["cards"])
            click(qtbot, table.continue_button)
        else:  # the bot's turn: its worker processes may still be starting on a busy machine
            qtbot.waitUntil(
                lambda seen=curtain: session.curtain != seen or session.state.is_terminal(),
                timeout=60_000,
            )
    audit(session, window)
    assert reveals >= 3 and audits > 10
    assert calls > 0 if players == 4 else calls == 0
    window.projector.close()
    window.bridge.wait_for_bots(3000)


@pytest.mark.parametrize("seed", [1, 5])  # deals where the bot leads after a reveal
def test_the_board_keeps_the_reveal_while_a_bot_leads_the_next_round(qtbot, seed):
    """A bot may play on while the table reads a reveal; the board and the projector keep the
    reveal until Continue (a bot's face-down lead used to replace it at once)."""
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    # The bot's own thinking never starts here: the test answers for it, at the moment it wants.
    window = MainWindow(Settings(idle_seconds=0), bot_delay_ms=3_600_000, autosave=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat", "bot")]
    options = {"deck": "24", "hand_size": 4, "dealer": "Ann"}
    session = Session.start(GAME, seats, options, seed=seed)
    window.start_session(session)
    window.open_projector()
    table, bot = window.table, 2
    projector = window.projector.public

    def projected() -> list[str]:
        projector.refresh()  # the projector draws on the next pass: now, here
        return faces(projector.board)

    held = 0
    while not session.state.is_terminal():
        curtain = session.curtain
        if curtain.stage == PASS:
            click(qtbot, table.curtain.button)
        elif curtain.stage == PRIVATE:
            hand = table.panel.hand
            qtbot.mouseClick(
                hand, Qt.MouseButton.LeftButton, pos=hand.card_rect(0).center().toPoint()
            )
            click(qtbot, table.panel.place)
        elif curtain.reason == "reveal" and bot in session.bots_owed():
            revealed = sorted(session.state.rounds[-1]["cards"])
            assert faces(table.board) == revealed
            action = session.state.legal_actions(bot)[0]
            session.submit_bot(bot, action, session.version)  # the bot leads face down
            assert session.curtain.reason == "reveal"
            assert faces(table.board) == revealed == projected()  # still the reveal
            click(qtbot, table.continue_button)
            assert faces(table.board) == [] == projected()  # the new round: the lead face down
            held += 1
        elif curtain.reason == "reveal":
            click(qtbot, table.continue_button)
        else:  # the bot owes a card the table is not reading a reveal for
            session.submit_bot(bot, session.state.legal_actions(bot)[0], session.version)
    assert held  # the deal put the bot on lead after a reveal at least once
    window.projector.close()


def titles(board: GameBoard) -> list[str]:
    return [i.toPlainText() for i in heading(board) if i.font().pixelSize() == 60]


PRESS = "Press Continue for the next round."


def test_after_a_reveal_board_and_panel_name_the_same_round(qtbot):
    """While the table reads a reveal, every board heads it as that round's reveal; once the
    leader's panel asks for round 2, the board heads round 2 with it, the reveal still on the
    table labelled as round 1's (the board once said "Round 1: the reveal" beside a panel
    asking for round 2)."""
    from middleground.table.settings import Settings
    from middleground.ui.main_window import MainWindow

    window = MainWindow(Settings(idle_seconds=0), bot_delay_ms=0, autosave=False)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    session = Session.start(GAME, [Seat("Ann"), Seat("Ben")], {"dealer": "Ann"}, seed=4)
    window.start_session(session)
    window.open_projector()
    table, projector = window.table, window.projector.public
    session.lift(0)
    session.submit(0, {"call": "high"})
    session.submit(0, session.state.legal_actions(0)[0])
    session.lift(1)
    session.submit(1, session.state.legal_actions(1)[0])
    assert session.curtain.stage == PUBLIC and session.curtain.reason == "reveal"
    revealed = session.state.rounds[-1]
    leader = session.state.players[session.state.leader]

    def agree(title: str, heading: str) -> None:
        projector.refresh()
        for board in (table.board, projector.board):
            board.finish_animations()
            assert titles(board) == [title]
            shown = texts(board)
            if board is projector.board:  # the room has no Continue to press
                heading = heading.replace(PRESS, "The next round starts when everyone has seen it.")
            assert heading in shown
            assert f"Round 1: {revealed['text']}" in shown  # the cards named as round 1's
            assert faces(board) == sorted(revealed["cards"])
            assert "LED" in shown and "LEADS" not in shown  # Ann led round 1

    # the table reads the reveal
    agree("Round 1: the reveal", f"Ann led and called ▲ HIGH. {PRESS}")
    click(qtbot, table.continue_button)
    click(qtbot, table.curtain.button)
    qtbot.keyClick(table.curtain, Qt.Key.Key_Return)
    assert session.curtain.stage == PRIVATE
    assert table.panel.situation.text().startswith("Round 2 · you lead")
    agree("Round 2", f"{leader} leads and calls high or low first")  # the panel's round
    click(qtbot, table.panel.calls["low"])
    for board in (table.board, projector.board):
        projector.refresh()
        assert titles(board) == ["Round 2"] and faces(board) == []  # the new round's places
        assert "LEADS" in texts(board)
    window.projector.close()


# ----- what the players read ---------------------------------------------------------------


@pytest.mark.parametrize("scoring", ["cards", "rounds"])
def test_every_score_on_screen_is_named_as_the_standings_name_it(qtbot, scoring):
    """The standings said "cards taken", the seats "4 won" and the player's screen "Your won
    pile": one score under three names. Now the seats and the player's screen say it as the
    standings do, under either scoring."""
    state = dealt_game([["2H", "KS"], ["3D", "4H"], ["5S", "9C"]], dealer="Ann", scoring=scoring)
    play_round(state, ["2H", "3D", "5S"])  # Ben's three is the middle card
    view = state.public_view()
    score = dict(GAME.standings(view))  # "3 cards taken", or "1 round won"
    shown = texts(board_for(qtbot, view))
    gained = "+3" if scoring == "cards" else "+1"
    assert f"{gained} → {score['Ben']}" in shown  # what Ben's seat won this round, and his score
    assert shown.count(score["Ann"]) == 2  # Ann's seat and Cat's: "0 cards taken"
    for seat, name in enumerate(view.players):
        panel = panel_for(qtbot, state, seat)  # kept: the label goes with its panel
        assert panel.pile.text().startswith(f"Your score: {score[name]}.")


def test_a_crowded_table_shortens_the_score_in_the_same_words(qtbot):
    state = dealt_game([["2H"], ["3D"], ["5S"], ["7D"], ["6C"]], dealer="Ann")
    play_round(state, ["2H", "3D", "5S", "7D", "6C"])  # Cat's five is the middle card
    shown = texts(board_for(qtbot, state.public_view()))
    assert shown.count("0 taken") == 4 and "+5 → 5" in shown
    assert not [s for s in shown if "won" in s]


def drawn(board: GameBoard, scale: float) -> QImage:
    """The board as a screen `scale` times the scene's size shows it."""
    image = QImage(round(1600 * scale), round(900 * scale), QImage.Format.Format_RGB32)
    image.fill(board.theme.color("background"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    board.render(painter, QRectF(image.rect()), board.sceneRect())
    painter.end()
    return image


def ink_contrast(image: QImage, area: QRectF) -> float:
    """The contrast of the ink in `area` of a drawn card on its face: the face the colour
    most of its pixels have, the ink the pixel that stands out from it most."""
    colours = Counter(
        image.pixel(x, y)
        for x in range(round(area.left()), round(area.right()))
        for y in range(round(area.top()), round(area.bottom()))
    )
    face = QColor(colours.most_common(1)[0][0])
    return max(contrast(face, QColor(pixel)) for pixel in colours)


@pytest.mark.parametrize("four_colour", [False, True], ids=["classic", "four-colour"])
@pytest.mark.parametrize("theme", [LIGHT, DARK, PROJECTION], ids=["light", "dark", "projection"])
def test_every_revealed_card_s_rank_and_suit_read_on_its_face_in_every_theme(
    qtbot, theme, four_colour
):
    """The cards that did not win were drawn at 70% opacity: on the projector a red five of
    hearts sat at about 2:1 on a grey face, yet what everyone played is the reveal's news.
    Every card's corner (rank and suit) and its big rank read at 4.5:1 at least, as drawn, in
    either deck: the four-colour deck's orange hearts read 3.9:1 on white."""
    state = dealt_game([["QS"], ["8D"], ["TC"], ["5H"]], dealer="Ann")
    play_round(state, ["QS", "8D", "TC", "5H"], call="high")  # Cat's ten wins
    board = GameBoard(theme)
    board.beside_buttons = theme is not PROJECTION
    card_art.set_four_colour(four_colour)
    try:
        board.show_view(state.public_view())
        board.finish_animations()
        image = drawn(board, 1.2)  # 1920x1080
    finally:
        card_art.set_four_colour(False)
    scale = 1.2
    cards = [i for i in board.items() if isinstance(i, CardItem) and i.card]
    assert sorted(c.card for c in cards) == ["5H", "8D", "QS", "TC"]
    for card in cards:
        box = card.sceneBoundingRect().adjusted(2, 2, -2, -2)  # the card itself
        w, h = box.width() * scale, box.height() * scale
        left, top = box.left() * scale, box.top() * scale
        corner = QRectF(left + 0.03 * w, top + 0.03 * h, 0.22 * w, 0.28 * h)  # rank and suit
        middle = QRectF(left + 0.3 * w, top + 0.2 * h, 0.4 * w, 0.35 * h)  # the big rank
        for area in (corner, middle):
            assert ink_contrast(image, area) >= 4.5, (card.card, area)


def test_the_call_s_arrow_and_its_word_never_part_at_a_line_s_end(qtbot):
    """On a 1024-wide projector the hand's line read "Round 3 · Cleo leads · ▼" over "LOW the
    second-lowest card wins": the arrow and its word stay together at any width."""
    state = dealt_game([["2H"], ["3D"], ["5S"], ["7D"]], dealer="Cat")
    state.apply(2, {"call": "low"})
    panel = panel_for(qtbot, state, 1)
    text = panel.situation.text()
    assert "▼" in text
    for width in range(120, 520, 2):
        lines = wrapped_lines(text, panel.situation.font(), width)
        assert not [line for line in lines if line.rstrip().endswith(("▲", "▼"))], lines
    board = board_for(qtbot, state.public_view())
    items = [i for i in board.items() if isinstance(i, QGraphicsTextItem)]
    # as the board holds it: its plain text turns a non-breaking space into a space
    [heading_] = [i.document().toRawText() for i in items if "calls" in i.toPlainText()]
    for width in range(200, 900, 4):
        lines = wrapped_lines(heading_, board_font(34), width)
        assert not [line for line in lines if line.rstrip().endswith(("▲", "▼"))], lines


def foot(board: GameBoard) -> QGraphicsTextItem:
    """The line under the seats saying who the round waits for."""
    [line] = [
        i for i in board.items() if isinstance(i, QGraphicsTextItem) and "aiting" in i.toPlainText()
    ]
    return line


def test_the_board_says_whom_it_waits_for_in_a_sentence_of_its_own(qtbot):
    """The foot read "2 of 4 cards placed · waiting for Cat and Dan.": the waiting is a
    sentence of its own, as the other games' boards say it; a crowd is named in part, or
    counted when it is everyone, and the line stays on the board."""
    state = dealt_game([["2H"], ["3D"], ["5S"], ["7D"]], dealer="Ann")
    state.apply(0, {"call": "high"})
    play = {0: "2H", 1: "3D"}
    for seat, card in play.items():
        state.apply(seat, {"card": card})
    board = board_for(qtbot, state.public_view())
    assert foot(board).toPlainText() == "2 of 4 cards placed. Waiting for Cat and Dan."
    names = [f"Maximiliana Longname {n}" for n in range(1, 21)]
    crowd = GAME.new_state(names, {"dealer": names[0], "hand_size": 2}, seed=1)
    crowd.apply(0, {"call": "low"})
    crowd.apply(0, {"card": crowd.hands[0][0]})
    board = board_for(qtbot, crowd.public_view())
    assert foot(board).toPlainText() == (
        "1 of 20 cards placed. Waiting for Maximiliana Longname 2, Maximiliana Longname 3, "
        "Maximiliana Longname 4, Maximiliana Longname 5, Maximiliana Longname 6 and 14 others."
    )
    assert foot(board).sceneBoundingRect().bottom() <= board.sceneRect().bottom()
    real = GAME.new_state([*NAMES, "Gus"], {"physical_deck": True, "dealer": "Ann"}, seed=1)
    board = board_for(qtbot, real.public_view())
    assert (
        foot(board).toPlainText()
        == "Enter the revealed cards: 0 of 7 in. Waiting for all 7 players."
    )
    board.beside_buttons = False  # the projector's copy
    board.show_view(real.public_view())
    assert foot(board).toPlainText() == "Revealed cards: 0 of 7 entered. Waiting for all 7 players."


REVEALS = {
    "three players": ([["5H", "2C"], ["8D", "3C"], ["JS", "4C"]], {}, None, "Ann led."),
    "four players": (
        [["5H", "2C"], ["8D", "3C"], ["JS", "4C"], ["KD", "6C"]],
        {},
        "high",
        "Ann led and called ▲ HIGH.",
    ),
    "a real deck": ([["5H"], ["8D"], ["JS"]], {"physical_deck": True}, None, "Ann led."),
    "the last round": ([["5H"], ["8D"], ["JS"]], {"hand_size": 1}, None, ""),
}


@pytest.mark.parametrize("case", list(REVEALS))
def test_every_reveal_says_what_comes_next_and_only_the_table_says_press_continue(qtbot, case):
    """The table's board reads "Press Continue for the next round." under a reveal a round
    follows; the projector's, which has no Continue, says the next round starts once everyone
    has seen it; the last reveal says who won, and neither board promises a next round."""
    plays, options, call, led = REVEALS[case]
    if options.get("physical_deck"):
        state = GAME.new_state(NAMES[:3], {"dealer": "Ann", **options}, seed=1)
    else:
        state = dealt_game(plays, dealer="Ann", **options)
    if case == "the last round":
        state.deck, state.deck_left = [], 0  # nobody draws: the game ends with this round
    play_round(state, [cards[0] for cards in plays], call=call)
    view = replace(state.public_view(), revealing=True)  # as the table shows it, Continue due
    for beside_buttons in (True, False):
        board = GameBoard(LIGHT)
        board.beside_buttons = beside_buttons
        board.show_view(view)
        shown = texts(board)
        if view.finished:
            assert "Game over" in shown and "Ben wins with 3 cards taken." in shown
            assert not [s for s in shown if "Continue" in s or "next round" in s]
            continue
        assert "Round 1: the reveal" in shown
        if beside_buttons:
            assert f"{led} Press Continue for the next round." in shown
        else:
            assert f"{led} The next round starts when everyone has seen it." in shown
            assert not [s for s in shown if "Continue" in s]
