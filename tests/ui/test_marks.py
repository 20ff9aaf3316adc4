"""Players tell their tokens apart by the mark on them, not by colour alone: colours repeat
after seven seats, and first letters at any table (Bob and Bea)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtWidgets import QGraphicsTextItem

from middleground.engine import get_game
from middleground.widgets.marks import seat_marks
from middleground.widgets.plugin import board_for
from middleground.widgets.theme import LIGHT


@pytest.mark.parametrize(
    ("names", "marks"),
    [
        (["Alice", "Bob", "Carol"], ["A", "B", "C"]),  # a first letter where it is enough
        (["Bob", "Bea", "Bot Ann", "Carol"], ["Bo", "Be", "BA", "C"]),
        (["Guest 1", "Guest 2", "Guest 12"], ["G1", "G2", "G12"]),  # never a bare number
        (["Anna", "Ann", "Al"], ["An", "A2", "Al"]),  # Ann's letters are all Anna's: a number
        (["ann", "Ann!"], ["An", "A2"]),  # names differ; their letters need not
        (["2Pac", "3 Doors", "Ann"], ["P", "D", "A"]),  # a digit never: it reads as a count
        (["42", "Bob", "\U0001f600"], ["#42", "B", "#2"]),  # no letter at all
        (["P0", "P1", "P2", "P11"], ["P0", "P1", "P2", "P11"]),  # a number with no space too
        (["Team 1!", "Team 2!", "Tom"], ["T1", "T2", "To"]),
        (["Anna", "Ann", "Al", "A2"], ["An", "A3", "Al", "A2"]),  # A2 is the player A2's
    ],
)
def test_marks_by_hand(names, marks):
    assert seat_marks(names) == marks


NAMES = st.lists(st.text(min_size=1, max_size=30), min_size=2, max_size=50, unique=True)


@given(NAMES)
def test_every_player_gets_a_mark_of_their_own_starting_with_their_first_letter(names):
    marks = seat_marks(names)
    assert len(set(marks)) == len(names)
    for name, mark in zip(names, marks, strict=True):
        first = next((c for c in name if c.isalpha()), "#")
        first = first.upper() if len(first.upper()) == 1 else first
        assert mark[0] == first and 1 <= len(mark) <= 3


def test_the_board_s_tokens_carry_the_marks(qtbot):
    game = get_game("good-enough")
    state = game.new_state(["Bob", "Bea", "Carol"], {}, 2)
    for seat, number in enumerate([20, 40, 60]):
        state.apply(seat, {"number": number})
    board = board_for(game, LIGHT)
    board.refresh(state.public_view())
    texts = {item.toPlainText() for item in board.items() if isinstance(item, QGraphicsTextItem)}
    assert {"Bo", "Be", "C"} <= texts and "B" not in texts


@given(st.lists(st.from_regex(r"[AB][ab]?[0-9]{0,2}", fullmatch=True), min_size=2, unique=True))
def test_a_mark_never_borrows_the_number_that_ends_another_player_s_name(names):
    """Beside a player called P2, nobody else's token reads "P2" (it once did for P0)."""
    marks = seat_marks(names)
    for seat, mark in enumerate(marks):
        assert mark not in names[:seat] + names[seat + 1 :] or mark == names[seat]
