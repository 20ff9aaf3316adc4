"""Sampling for search: what the seat knows is kept, what it does not know is dealt afresh."""

from __future__ import annotations

import random

from tests.games.the_median.median_helpers import NAMES, at_round, game, play_round


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


def _everything(state) -> dict:
    """Every field of a state, its rng's state included."""
    fields = {k: v for k, v in vars(state).items() if k not in ("game", "rng", "events")}
    return fields | {"rng": state.rng.getstate(), "events": list(state.events)}


def _play_out(state, seed: int) -> None:
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.awaiting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_view_read_once_deals_the_same_states_as_one_read_afresh():
    """A search's sampler reads its view once for all its samples: playing a sample on must not
    change what later samples start from, and each sample equals one from the view read afresh."""
    draft = game().new_state(NAMES, {}, 3)
    draft.apply(0, {"pick": 7})
    for state, seat in ((draft, 2), (play_round(at_round(2, holders={5: 0})), 0)):
        view = state.seat_view(seat)
        fresh = [_everything(game().sample_state(view, random.Random(s))) for s in range(3)]
        sample = game().sampler(view)
        for s in range(3):
            sampled = sample(random.Random(s))
            assert _everything(sampled) == fresh[s]
            _play_out(sampled, s)
        other = state.seat_view(seat + 1)
        assert game().sampler(other)(random.Random(0)).seat_view(seat + 1) == other
