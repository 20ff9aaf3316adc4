"""It's Good Enough's board between rounds, on the main window and the projector: while the
next round is picked the marks are still the last round's, and a caption says so; while the
table reads a reveal, the line under the board says what comes next, and only the main
window, which has the button, says to press Continue."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QGraphicsTextItem
from tests.games.good_enough.good_enough_helpers import played

from middleground.engine.registry import get_game
from middleground.games.good_enough.board import GameBoard
from middleground.widgets.theme import LIGHT, PROJECTION

pytestmark = pytest.mark.usefixtures("qapp")  # boards are drawn with fonts

GAME = get_game("good-enough")
PLAYERS = ("Ann", "Ben", "Cat")


def drawn(view, theme=LIGHT, beside_buttons=True) -> GameBoard:
    """The board as the main window (beside its buttons) or the projector draws it."""
    board = GameBoard(theme)
    board.beside_buttons = beside_buttons
    board.show_view(view)
    return board


def words(board: GameBoard) -> dict[str, QGraphicsTextItem]:
    return {i.toPlainText(): i for i in board.items() if isinstance(i, QGraphicsTextItem)}


TIED = [[0, 50, 100], [50, 0, 100], [0, 100, 50]]  # Ben, Ann, then Cat score: a point each


@pytest.mark.parametrize("theme", [LIGHT, PROJECTION], ids=["main window", "projector"])
@pytest.mark.parametrize(
    ("picks", "median"),
    [([10, 20, 30], "median 20"), ([0, 1, 2], "median 1"), ([97, 98, 99], "median 98")],
)
def test_the_last_round_s_marks_are_named_while_the_next_round_is_picked(theme, picks, median):
    """Round 2 is being picked over round 1's marks: "Round 1's numbers", clear of the
    median's label wherever it falls (at the left, the caption goes to the right)."""
    board = drawn(played({"rounds": 4}, [picks]), theme)
    shown = words(board)
    assert "Round 2 of 4" in shown
    caption = shown["Round 1's numbers"]
    assert not caption.sceneBoundingRect().intersects(shown[median].sceneBoundingRect())
    assert "Round 1's numbers" not in words(drawn(played({"rounds": 4}, [picks], True), theme))


def test_played_cards_and_extra_rounds_are_named_as_such():
    cards = {"numbers": "cards", "deck": 30, "rounds": 3}
    assert "Round 1's cards" in words(drawn(played(cards, [[None] * 3])))
    # Extra round 1 leaves the tie as it was (all alike): extra round 2 is picked over it.
    board = drawn(played({"rounds": 3, "tiebreak": "sudden-death"}, [*TIED, [5, 5, 5]]))
    assert "Extra round 1's numbers" in words(board)


def test_a_finished_game_needs_no_caption():
    shown = words(drawn(played({"rounds": 3}, [[10, 20, 30]] * 3)))
    assert "Game over" in shown
    assert not [text for text in shown if text.endswith("'s numbers")]


def test_the_main_window_says_what_continue_does_for_whoever_is_at_it():
    """A solo player reads it too: no "when everyone has seen it"."""
    shown = words(drawn(played({"rounds": 4}, [[10, 20, 30]], revealing=True)))
    assert "Round revealed: press Continue for the next round." in shown
    shown = words(drawn(played({"rounds": 3, "tiebreak": "sudden-death"}, TIED, True)))
    assert "Round revealed: press Continue for an extra round." in shown


def test_the_projector_tells_the_room_the_game_goes_on_without_a_button():
    view = played({"rounds": 4}, [[10, 20, 30]], revealing=True)
    shown = words(drawn(view, PROJECTION, beside_buttons=False))
    assert "Round revealed: the game goes on when everyone has seen it." in shown
    assert not [text for text in shown if "Continue" in text]
