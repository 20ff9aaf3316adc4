"""It's Good Enough's search policy: the rest of a game drawn from rounds scored in advance
plays out as the engine would play the same rollouts, and only where the rules allow it."""

from __future__ import annotations

import random

import pytest

from middleground.engine import get_game
from middleground.engine.result import placement_rewards
from middleground.games.good_enough.playout import GoodEnoughPolicy

GAME = get_game("good-enough")
NAMES = [f"P{i}" for i in range(5)]


def _policy(options, seed=0, rounds=()):
    """A game after `rounds` (each seat's number per round), and seat 0's search policy."""
    state = GAME.new_state(NAMES, options, seed)
    for picks in rounds:
        for seat, number in enumerate(picks):
            state.apply(seat, {"number": number})
    return state, GoodEnoughPolicy(state.seat_view(0), random.Random(seed))


# Seats the model has seen keep to the low end, the high end and the middle: their chances to
# score differ, so drawn rounds must score them as the engine would.
TELLING = ((50, 1, 99, 45, 58), (52, 2, 97, 47, 55))


def _engine_rollout(state, policy, rng):
    """What the search does without an evaluation: every round through the engine."""
    world = state.clone()
    world.quiet = True
    while not world.is_terminal():
        for seat in world.awaiting():
            world.apply_known_legal(seat, policy.rollout(world, seat, rng))
    return placement_rewards(world.result())


@pytest.mark.parametrize(
    ("options", "rounds"),
    [({}, ()), ({}, TELLING), ({"scoring": "mean"}, TELLING), ({"low": 1, "high": 10}, ())],
)
def test_drawn_rounds_reward_each_seat_as_engine_rollouts_do(options, rounds):
    state, policy = _policy(options, rounds=rounds)
    assert policy.horizon == 0
    samples = 1500
    rng = random.Random(1)
    engine = [_engine_rollout(state, policy, rng) for _ in range(samples)]
    drawn = [policy.evaluate(state) for _ in range(samples)]
    for seat in range(len(NAMES)):
        by_engine = sum(r[seat] for r in engine) / samples
        by_draws = sum(r[seat] for r in drawn) / samples
        assert by_draws == pytest.approx(by_engine, abs=0.04)


def test_evaluation_leaves_the_state_alone_and_stops_at_the_last_round():
    state, policy = _policy({})
    rng = random.Random(2)
    while len(state.rounds) < 4:
        for seat in state.awaiting():
            state.apply(seat, policy.rollout(state, seat, rng))
    before = (list(state.points), list(state.round_points), state.is_terminal())
    values = policy.evaluate(state)
    assert len(values) == len(NAMES) and all(0.0 <= v <= 1.0 for v in values)
    assert (list(state.points), list(state.round_points), state.is_terminal()) == before
    for seat in state.awaiting():
        state.apply(seat, policy.rollout(state, seat, rng))
    assert state.is_terminal() and policy.evaluate(state) is None  # nothing left to draw


@pytest.mark.parametrize(
    "options",
    [
        {"numbers": "cards", "deck": 60},
        {"reveal": "all-at-once"},
        {"tiebreak": "sudden-death"},
        {"end": "points", "points_target": 8},
    ],
)
def test_other_variants_are_played_out_in_full(options):
    state, policy = _policy(options)
    assert policy.horizon is None
    assert policy.evaluate(state) is None


@pytest.mark.parametrize("played", [0, 2, 5])
def test_an_evaluation_rewards_as_the_games_result_would_after_the_drawn_rounds(played):
    """The same draws, played into a copy of the state: the result's rewards, exactly."""
    state, policy = _policy({"rounds": 7}, seed=played)
    rng = random.Random(played)
    for _ in range(played):
        for seat in state.awaiting():
            state.apply(seat, policy.rollout(state, seat, rng))
    for _ in range(40):
        draws = random.Random()
        draws.setstate(policy.rng.getstate())
        end = state.clone()
        for _ in range(7 - played):
            points = policy.drawn[draws.randrange(len(policy.drawn))]
            end.round_points.append(points)
            end.points = [a + b for a, b in zip(end.points, points, strict=True)]
        end.over = True
        assert policy.evaluate(state) == placement_rewards(end.result())
