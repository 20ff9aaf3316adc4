"""The Median's search policy: its evaluation favours the seat headed for the median (its
actions' legality is tested for every game in tests/ai/test_search_policies.py)."""

from __future__ import annotations

import random

from tests.games.the_median.median_helpers import NAMES, at_round, game

from middleground.engine.result import ranks_by_outcome
from middleground.games.the_median import search
from middleground.games.the_median.search import MedianPolicy


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


def test_draft_candidates_are_the_legal_actions_and_stay_as_handed_out():
    """The policy keeps each draft situation's candidates: they must match the legal actions
    of every seat, in order, and a sequence once handed out never changes."""
    handed: list[tuple[object, list]] = []
    for seed in range(5):
        state = game().new_state(NAMES, {}, seed)
        policy = MedianPolicy(state.seat_view(0), random.Random(seed))
        rng = random.Random(seed)
        while state.phase == "draft":
            for seat in state.awaiting():
                options = policy.candidates(state, seat, rng)
                assert list(options) == state.legal_actions(seat)
                handed.append((options, list(options)))
            for seat in state.awaiting():
                state.apply(seat, policy.rollout(state, seat, rng))
    assert all(list(options) == copy for options, copy in handed)


def test_the_evaluation_ranks_seats_as_the_game_would():
    for favourite, top, bottom in ((4, 0, 8), (0, 0, 8), (3, 5, 5), (8, 2, 8)):
        expected = ranks_by_outcome(9, [favourite], [top, bottom])
        assert search._heading(9, favourite, top, bottom) == expected
