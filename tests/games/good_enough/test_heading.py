"""It's Good Enough's heading, as the table reads it on the main window and the projector:
the round (or the rounds revealed together) on the left, what the table chose beside it, and
the two never run into each other, however long the range, the rule or the round's name."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QGraphicsTextItem
from tests.games.good_enough.good_enough_helpers import played
from tests.ui.audit import text_box

from middleground.engine.registry import get_game
from middleground.games.good_enough.board import STRIPS_TOP, GameBoard
from middleground.widgets.plugin import SCENE
from middleground.widgets.theme import LIGHT, PROJECTION

pytestmark = pytest.mark.usefixtures("qapp")  # boards are drawn with fonts

GAME = get_game("good-enough")
PLAYERS = ("Ann", "Ben", "Cat")
TIED = [[0, -500, 500], [-500, 0, 500], [-500, 500, 0]]  # a point each: a three-way tie
WIDE = {"low": -1000, "high": 1000}


def drawn(view, theme=LIGHT) -> GameBoard:
    board = GameBoard(theme)
    board.show_view(view)
    return board


def texts(board: GameBoard) -> list[str]:
    return [i.toPlainText() for i in board.items() if isinstance(i, QGraphicsTextItem)]


def heading(board: GameBoard) -> list[QGraphicsTextItem]:
    """The words above the board's first marks: the heading and what is beside it."""
    return [
        item
        for item in board.items()
        if isinstance(item, QGraphicsTextItem) and item.sceneBoundingRect().top() < STRIPS_TOP
    ]


SITUATIONS = {
    # The audit's: a points total's round 10 revealed; cards listed up front.
    "round 10 revealed, points": (
        {"end": "points", "points_target": 11},
        [[50, 65, 77]] * 10,
        True,
    ),
    "listing cards": (
        {"reveal": "all-at-once", "numbers": "cards", "deck": 30, "rounds": 3},
        [[None] * 3],
        False,
    ),
    "listing the tenth card": (
        {"reveal": "all-at-once", "numbers": "cards", "deck": 40, "rounds": 10},
        [[None] * 3] * 9,
        False,
    ),
    "wide range, the mean, points": (
        {"end": "points", "points_target": 100, "scoring": "mean", **WIDE},
        [[-500, 20, 700]] * 10,
        True,
    ),
    "an extra round of twenty, wide range": (
        {"tiebreak": "sudden-death", "extra_rounds": 20, "scoring": "mean-all", "rounds": 3} | WIDE,
        [*TIED, [0, -500, 500]],
        False,
    ),
    "a points total met in round 1": ({"end": "points", "points_target": 1}, [[1, 2, 3]], True),
}


@pytest.mark.parametrize("theme", [LIGHT, PROJECTION], ids=["light", "projector"])
@pytest.mark.parametrize("situation", SITUATIONS)
def test_the_heading_and_the_line_beside_it_never_meet(situation, theme):
    options, rounds, revealing = SITUATIONS[situation]
    board = drawn(played(options, rounds, revealing), theme)
    items = heading(board)
    assert len(items) >= 2, [i.toPlainText() for i in items]
    for index, item in enumerate(items):
        for other in items[index + 1 :]:
            assert not text_box(item).intersects(text_box(other)), (
                item.toPlainText(),
                other.toPlainText(),
            )
        box = text_box(item)
        assert box.left() >= 0 and box.right() <= SCENE.width(), item.toPlainText()
        assert box.top() >= 0 and box.bottom() <= STRIPS_TOP, item.toPlainText()


def test_a_points_total_met_before_round_three_says_why_the_game_goes_on():
    """A target of 1 point is met in round 1, but every game lasts three rounds."""
    options = {"end": "points", "points_target": 1}
    shown = " · ".join(texts(drawn(played(options, [[1, 2, 3]], revealing=True))))
    assert "1 of 1 points handed out · at least 3 rounds" in shown
    state = GAME.new_state(PLAYERS, options, seed=1)
    for seat, number in enumerate([1, 2, 3]):
        state.apply(seat, {"number": number})
    assert state.events[-1].text == (
        "Round 2 begins: enough points are handed out, but every game lasts at least 3 rounds."
    )
    short = {"end": "points", "points_target": 5}  # not met: nothing to explain
    assert "at least 3 rounds" not in " · ".join(texts(drawn(played(short, [[1, 2, 3]]))))


def test_the_heading_says_which_mean_scores():
    left_in = texts(drawn(played({"scoring": "mean"}, [])))
    every = texts(drawn(played({"scoring": "mean-all"}, [])))
    assert "0 to 100 · closest to the mean of numbers left in" in left_in
    assert "0 to 100 · closest to the mean of every number" in every


def test_rounds_revealed_together_are_titled_as_all_of_them():
    """Ben scores all three: totals of 0 and 3 are a tie, so the game goes on to an extra
    round while the table reads the three rounds revealed together."""
    options = {"reveal": "all-at-once", "rounds": 3, "tiebreak": "sudden-death"}
    shown = texts(drawn(played(options, [[10, 20, 30]] * 3, revealing=True)))
    assert "All 3 rounds: the reveal" in shown
    assert "Round 3: the reveal" not in shown
    assert "Rounds revealed: press Continue for an extra round." in shown


def test_cards_listed_up_front_are_called_cards():
    """Each player lists at their own pace, so the heading names no round of the table's, and
    the line under the board counts the lists that are complete."""
    options = {"reveal": "all-at-once", "numbers": "cards", "deck": 30, "rounds": 3}
    shown = texts(drawn(played(options, [[None] * 3, [None, None], [None]])))
    assert "Listing cards for all 3 rounds" in shown
    assert "1 of 3 has listed every round. Waiting for Ben and Cat." in shown
