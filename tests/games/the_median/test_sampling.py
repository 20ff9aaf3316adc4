"""Sampling for search: what the seat knows is kept, what it does not know is dealt afresh."""

from __future__ import annotations

import random

from tests.games.the_median.median_helpers import at_round, game, play_round


def test_sampled_states_keep_my_characters_and_deal_the_others_at_random():
    state = play_round(at_round(1, holders={5: 0}, points={0: 7}))
    state.apply(3, {"gift": {"from": 4, "to": 5, "points": 1}})  # Ann gets a gift of unknown size
    view = state.seat_view(0)
    holders = set()
    for seed in range(20):
        sampled = game().sample_state(view, random.Random(seed))
        assert sampled.held(0) == [1, 5] and sampled.lock_charges == state.lock_charges
        assert sampled.seat_view(0) == view
        assert sampled.conveyor == state.conveyor and sampled.rankings == state.rankings
        holders.add(tuple(sorted(sampled.holder.items())))
        assert sampled.points[0] - sampled.hidden_gifts[0] == view.board["me"]["points"]
    assert len(holders) > 1


def test_a_sampled_state_ranks_the_others_as_the_last_ranking_shows():
    state = play_round(at_round(2))
    view = state.seat_view(4)
    sampled = game().sample_state(view, random.Random(1))
    ranked = [s for s in state.rankings[-1] if s != 4]
    points = [sampled.points[s] for s in ranked]
    assert points == sorted(points, reverse=True)
