"""Beside a real deck each card is entered once it is face up at the table, so the boards (the
table's and the projector's) show it face up at once; a dealt card placed stays face down on
both until the reveal, and the projector never learns it."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication
from tests.games.median_card_game.median_card_helpers import GAME
from tests.games.median_card_game.test_views import card_words, faces
from tests.ui.audit import leaks

from middleground.games.median_card_game.card_art import CardItem
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR


def boards(window):
    """The table's board and the projector's, at rest."""
    QApplication.processEvents()
    shown = [window.table.board, window.projector.public.board]
    for board in shown:
        board.finish_animations()
    return shown


def backs(board) -> int:
    """Card backs on the seats' places (the pool and the deck, at the side, left out)."""
    return sum(
        1
        for i in board.items()
        if isinstance(i, CardItem) and not i.card and not i.empty and i.x() < 1200
    )


def test_a_real_deck_s_cards_show_face_up_as_they_are_entered(qtbot, window):
    """They showed face down until the last was in, though the whole table had seen them."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    options = {"physical_deck": True, "dealer": "Ann"}
    session = Session.start(GAME, seats, options, 3, FACILITATOR)
    window.start_session(session)
    window.open_projector()
    session.submit(0, {"card": "QH"})
    session.submit(1, {"card": "TS"})
    assert not session.public_view().board["rounds"]  # the round is not complete
    for board in boards(window):
        assert faces(board) == ["QH", "TS"]
        assert backs(board) == 0
    assert leaks(window.projector, {"Ann's card": "queen of hearts"}) == ["Ann's card"]
    session.submit(2, {"card": "4C"})
    for board in boards(window):
        assert faces(board) == ["4C", "QH", "TS"]  # the reveal: Ann's queen is the middle


def test_a_dealt_card_placed_stays_face_down_on_both_boards(qtbot, window):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(GAME, seats, {"dealer": "Ann"}, 3)
    window.start_session(session)
    window.open_projector()
    state = session.state
    hands = [list(hand) for hand in state.hands]
    for seat in (0, 1):  # Ann leads face down, Ben places his sealed card
        session.lift(seat)
        session.submit(seat, {"card": hands[seat][0]})
    assert session.state.pending  # Ben's card waits, sealed, for Cat's
    for board in boards(window):
        assert faces(board) == []
        assert backs(board) == 2
    secrets = {f"{c}: {w}": w for hand in hands for c in hand for w in card_words(c)}
    assert leaks(window.projector, secrets) == []
    assert session.board_view().board["entered"] == (None, None, None)


def test_the_next_round_s_entry_does_not_tell_last_round_s_card_as_chosen(qtbot, window):
    """Round 2 asked "Enter the card Ben revealed." over "You chose the ten of spades.", his
    card of round 1: a player's own choice is told back for the round it was made in only."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cat")]
    session = Session.start(GAME, seats, {"physical_deck": True, "dealer": "Ann"}, 3)
    window.start_session(session)
    for card in ("QH", "TS", "4C"):
        session.submit(session.curtain.seat, {"card": card})
    session.acknowledge()
    for card in ("7C", "2D", "KS"):  # each seat's entry opens in turn
        QApplication.processEvents()
        notices = window.table.panel.notices.text()
        assert "You chose" not in notices and "Enter the card" in window.table.panel.prompt.text()
        session.submit(session.curtain.seat, {"card": card})


def test_the_picker_s_suits_read_on_every_theme(qtbot):
    """A spade's ink straight on a button all but vanished on the projection theme's grey:
    each suit sits on a patch of card paper, in its card colour."""
    from PySide6.QtCore import QSize

    from middleground.games.median_card_game import card_art
    from middleground.games.median_card_game.panel import suit_icon
    from middleground.widgets.theme import contrast

    for suit in "SHDC":
        image = suit_icon(suit).pixmap(QSize(28, 28)).toImage()
        size = image.width()
        paper = image.pixelColor(size // 8, size // 2)  # beside the suit, inside the patch
        ink = image.pixelColor(size // 2, size // 2)
        assert paper.alpha() == 255 and ink == card_art.suit_colour(suit), suit
        assert contrast(ink, paper) >= 4.5, suit
