"""The conveyor's pure moves, by hand, and the invariant that it always holds the same pieces."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from middleground.games.the_median import conveyor as belt

START = (1, 2, 3, 4, 5, 6, 11, 12, 13, "X")


@pytest.mark.parametrize(
    ("steps", "anchored", "expected"),
    [
        (0, None, START),
        (1, None, (2, 3, 4, 5, 6, 11, 12, 13, "X", 1)),  # the leftmost wraps to tile 10
        (3, None, (4, 5, 6, 11, 12, 13, "X", 1, 2, 3)),
        (10, None, START),  # ten pushes bring everyone home
        (1, 12, (2, 3, 4, 5, 6, 11, 13, 12, "X", 1)),  # Anchor keeps tile 8; 13 jumps over it
        (2, 1, (1, 4, 5, 6, 11, 12, 13, "X", 2, 3)),  # anchored on tile 1, the rest cycle
        (9, 12, START),  # nine moving pieces: nine pushes bring them home
    ],
)
def test_push(steps, anchored, expected):
    assert belt.push(START, steps, anchored) == expected


@pytest.mark.parametrize(
    ("piece", "expected", "shifted"),
    [
        (5, (5, 1, 2, 3, 4, 6, 11, 12, 13, "X"), (1, 2, 3, 4)),
        (2, (2, 1, 3, 4, 5, 6, 11, 12, 13, "X"), (1,)),
        (1, START, ()),
    ],
)
def test_jump_moves_to_the_far_left_and_shifts_the_passed_pieces_right(piece, expected, shifted):
    assert belt.jump(START, piece) == (expected, shifted)


@pytest.mark.parametrize(
    ("target", "expected", "moved"),
    [
        # Gravity (11) on tile 7. From the left: those between shift left, the target lands on 6.
        (4, (1, 2, 3, 5, 6, 4, 11, 12, 13, "X"), (4, 5, 6)),
        (5, (1, 2, 3, 4, 6, 5, 11, 12, 13, "X"), (5, 6)),
        (6, START, ()),  # already beside Gravity
        (3, START, ()),  # four tiles away: out of reach
        # From the right: the target lands on tile 8, those between shift right.
        ("X", (1, 2, 3, 4, 5, 6, 11, "X", 12, 13), ("X", 12, 13)),
        (13, (1, 2, 3, 4, 5, 6, 11, 13, 12, "X"), (13, 12)),
    ],
)
def test_gravity_pulls_within_three_tiles(target, expected, moved):
    assert belt.pull(START, 11, target) == (expected, moved)


def test_gravity_never_wraps_round_the_belt():
    here = (11, 1, 2, 3, 4, 5, 6, 12, 13, "X")  # X is one tile away only if the belt wrapped
    assert belt.pull(here, 11, "X") == (here, ())


def test_swap_zone_and_adjacency():
    assert belt.swap(START, 2, "X") == (1, "X", 3, 4, 5, 6, 11, 12, 13, 2)
    assert belt.zone_start(1) == 2 and belt.zone_start(9) == 10
    assert not belt.in_zone(START, 1, 1) and belt.in_zone(START, 2, 1)
    assert belt.adjacent(START, 6, 11) and not belt.adjacent(START, 1, "X")  # no wrapping


MOVES = st.lists(
    st.one_of(
        st.tuples(st.just("push"), st.integers(0, 30), st.sampled_from([None, *START])),
        st.tuples(st.just("jump"), st.sampled_from(START), st.none()),
        st.tuples(st.just("pull"), st.sampled_from(START), st.sampled_from(START)),
        st.tuples(st.just("swap"), st.sampled_from(START), st.sampled_from(START)),
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(MOVES)
def test_the_conveyor_is_always_a_permutation_of_the_ten_pieces(moves):
    here = START
    for kind, a, b in moves:
        if kind == "push":
            here = belt.push(here, a, b)
        elif kind == "jump":
            here = belt.jump(here, a)[0]
        elif kind == "pull" and a != b:
            here = belt.pull(here, a, b)[0]
        elif kind == "swap":
            here = belt.swap(here, a, b)
        assert len(here) == belt.TILES
        assert sorted(map(str, here)) == sorted(map(str, START))
