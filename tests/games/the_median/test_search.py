"""The Median's search policy: its candidates and rollout orders are legal in any state (gifts
and trades included), and its evaluation favours the seat headed for the median."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.the_median.median_helpers import NAMES, at_round, game

from middleground.engine import IllegalAction
from middleground.games.the_median.search import MedianPolicy


def _random_state(seed: int, steps: int):
    """Random play for `steps` decisions, with gifts and trades now and then."""
    rng = random.Random(seed)
    state = game().new_state(NAMES, {}, seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        free = [(s, a) for s in range(9) for a in state.free_actions(s)]
        if free and rng.random() < 0.3:
            state.apply(*rng.choice(free))
            continue
        seat = rng.choice(state.awaiting())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _legal(state, seat, action) -> bool:
    try:
        state.clone().apply(seat, action)
    except IllegalAction:
        return False
    return True


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 120))
def test_candidates_and_rollout_orders_are_always_legal(seed, steps):
    state = _random_state(seed, steps)
    if state.is_terminal():
        return
    rng = random.Random(seed)
    seat = state.awaiting()[0]
    view = state.seat_view(seat)
    policy = MedianPolicy(view, rng)
    sampled = game().sample_state(view, rng, reopen_sealed=True)
    for world in (state, sampled):
        for other in world.awaiting():
            candidates = policy.candidates(world, other, rng)
            assert candidates and all(_legal(world, other, a) for a in candidates)
            for _ in range(3):
                assert _legal(world, other, policy.rollout(world, other, rng))


def test_the_seat_on_the_median_is_valued_above_those_far_from_it():
    points = {seat: 10 * seat for seat in range(9)}  # seat 4 holds the middle total
    state = at_round(8, points=points)
    policy = MedianPolicy(state.seat_view(0), random.Random(0))
    values = policy.evaluate(state)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[4] == max(values)
    assert values[4] > values[3] > values[1]
    assert values[4] > values[5] > values[7]


def test_the_median_is_surer_late_than_early():
    points = {seat: 4 * seat for seat in range(9)}
    early, late = at_round(2, points=points), at_round(9, points=points)
    policy = MedianPolicy(early.seat_view(0), random.Random(0))
    assert policy.evaluate(late)[4] > policy.evaluate(early)[4]


def test_the_draft_is_played_on_rather_than_valued():
    state = game().new_state(NAMES, {}, 1)
    assert MedianPolicy(state.seat_view(0), random.Random(0)).evaluate(state) is None
