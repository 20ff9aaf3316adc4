"""The card game's search policy: its candidates and rollout cards are legal in any state, one
sampled from a seat's view, and its evaluation ranks seats as the game would."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tests.games.median_card_game.median_card_helpers import GAME

from middleground.engine import SetupError
from middleground.games.median_card_game.search import CardGamePolicy

PRESETS = [options for _, options in GAME.presets]


def _random_state(seed: int, players: int, options: dict, steps: int):
    rng = random.Random(seed)
    try:
        state = GAME.new_state([f"P{i}" for i in range(players)], options, seed)
    except SetupError:
        assume(False)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = rng.choice(state.awaiting())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(2, 9),
    st.sampled_from(PRESETS),
    st.integers(0, 60),
)
def test_candidates_and_rollout_cards_are_always_legal(seed, players, options, steps):
    state = _random_state(seed, players, options, steps)
    if state.is_terminal():
        return
    rng = random.Random(seed)
    seat = state.awaiting()[0]
    view = state.seat_view(seat)
    policy = CardGamePolicy(view, rng)
    sampled = GAME.sample_state(view, rng, reopen_sealed=True)
    for world in (state, sampled):
        for other in world.awaiting():
            legal = world.legal_actions(other)
            assert set(policy.candidates(world, other, rng)) == set(legal)
            for _ in range(5):
                assert policy.rollout(world, other, rng) in legal


def _even_hands(state):
    """Every hand the same ranks, so that only what the test sets apart differs."""
    for seat, suit in zip(range(len(state.players)), "CDHSCDHS", strict=False):
        state.hands[seat] = [rank + suit for rank in "26TQA"]
    return state


def test_the_seat_with_more_cards_taken_is_valued_higher():
    state = _even_hands(_random_state(3, 5, {}, 0))
    policy = CardGamePolicy(state.seat_view(0), random.Random(0))
    state.won[2] = ["2C"] * 12
    state.won[4] = ["2D"] * 3
    values = policy.evaluate(state)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[2] > values[4] > values[0]


def test_a_hand_of_middle_cards_is_worth_more_than_one_of_extremes():
    state = _even_hands(_random_state(3, 5, {}, 0))
    policy = CardGamePolicy(state.seat_view(0), random.Random(0))
    state.hands[1] = ["7C", "8C", "8D", "9C", "9D"]
    state.hands[3] = ["2C", "2D", "3C", "AC", "AD"]
    values = policy.evaluate(state)
    assert values[1] > values[0] > values[3]


def test_the_seat_ahead_is_surer_of_the_win_the_fewer_rounds_are_left():
    early = _even_hands(_random_state(5, 5, {}, 0))
    late = _random_state(5, 5, {"hand_size": 1}, 0)
    policy = CardGamePolicy(early.seat_view(0), random.Random(0))
    for state in (early, late):
        state.won[1] = ["2C"] * 10
        state.deck_left = 0
    assert policy.evaluate(late)[1] > policy.evaluate(early)[1]
