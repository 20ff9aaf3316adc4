"""Every game's search policy offers only legal actions: search applies them unchecked.

For each registered game that lends the search a policy, in states reached by random play
(gifts and trades included) under every preset and player count, and in determinizations
sampled from a seat's view: each candidate and each rollout action is one the engine accepts.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tests.random_play import random_step

from middleground.engine import IllegalAction, SetupError, all_games

SEARCHED = [g for g in all_games() if g.search_policy and g.has_sampler]


def _accepted(state, seat, action) -> bool:
    try:
        state.clone().apply(seat, action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("game", SEARCHED, ids=lambda g: g.id)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_candidates_and_rollouts_are_always_legal(game, data):
    options = data.draw(st.sampled_from([options for _, options in game.presets]))
    players = data.draw(st.integers(game.min_players, min(game.max_players, 9)))
    seed = data.draw(st.integers(0, 10_000))
    steps = data.draw(st.integers(0, 150))
    try:
        state = game.new_state([f"P{i}" for i in range(players)], options, seed)
    except SetupError:
        assume(False)
    rng = random.Random(seed)
    for _ in range(steps):  # random play, stopping short of the end (a finished game asks none)
        before = state.clone()
        state.apply(*random_step(state, rng, free_share=0.2))
        if state.is_terminal():
            state = before
            break
    seat = state.awaiting()[0]
    view = state.seat_view(seat)
    policy = game.search_policy(view, rng)
    sampled = game.sample_state(view, rng, reopen_sealed=True)
    for world in (state, sampled):
        for other in world.awaiting():
            candidates = policy.candidates(world, other, rng)
            assert candidates, f"no candidates for seat {other}"
            to_action = getattr(policy, "action", lambda option: option)
            for action in map(to_action, candidates):
                assert _accepted(world, other, action), action
            for _ in range(3):
                action = policy.rollout(world, other, rng)
                assert _accepted(world, other, action), action


def test_every_game_with_a_policy_is_covered():
    assert {g.id for g in SEARCHED} >= {"good-enough", "median-card-game", "the-median"}
