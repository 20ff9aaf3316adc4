"""Random legal play, gifts and trades included: the conveyor always holds the ten pieces,
points move only by the rules, and public views never name a holder."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.the_median.median_helpers import NAMES, game

PIECES = sorted(map(str, [*range(1, 15), "X"]))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_random_games_keep_the_conveyor_a_permutation_and_end_with_a_result(seed):
    rng = random.Random(seed)
    state = game().new_state(NAMES, {}, seed)
    while not state.is_terminal():
        free = [(s, a) for s in range(9) for a in state.free_actions(s)]
        if free and rng.random() < 0.3:
            seat, action = rng.choice(free)
            before = sum(state.points)
            state.apply(seat, action)
            if "gift" in action or "hand_over" in action or "decline" in action:
                assert sum(state.points) == before
        else:
            seat = rng.choice(state.awaiting())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.conveyor:
            assert len(state.conveyor) == 10 and len(set(state.conveyor)) == 10
            assert set(map(str, state.conveyor)) <= set(PIECES)
            assert set(state.conveyor) - {"X"} == set(state.in_play)
            assert sorted(state.holder) == list(state.in_play)
    result = state.result()
    assert len(result.winners) == 1 and len(result.losers) == 2
    assert result.tokens[str(result.winners[0])] == {"life": 2}
    assert all(result.tokens[str(s)] == {"death": 1} for s in result.losers)
    assert sorted(result.placements) == list(range(1, 10))
    assert result.placements[result.winners[0]] == 5
    assert {result.placements[s] for s in result.losers} == {1, 9}
    # What ratings and search reward: the 5th place wins, 1st and 9th lose, the rest tie.
    ranks = result.outcome_ranks()
    assert ranks[result.winners[0]] == 1
    assert all(ranks[s] == 8 for s in result.losers)
    assert sorted(ranks) == [1, 2, 2, 2, 2, 2, 2, 8, 8]
    for event in state.events:
        if event.public and event.kind == "round":
            assert not any(name in event.text.split("Ranking:")[0] for name in NAMES)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000))
def test_orders_read_at_submission_resolve_as_orders_read_at_the_deadline(seed):
    """A round resolves the same whether each seat's orders were read as they came in or are
    read only at the deadline (a sampled or redrawn state has only the submissions)."""
    rng = random.Random(seed)
    state = game().new_state(NAMES, {}, seed)
    while not state.is_terminal():
        free = [(s, a) for s in range(9) for a in state.free_actions(s)]
        if free and rng.random() < 0.3:
            state.apply(*rng.choice(free))
            continue
        seat = rng.choice(state.awaiting())
        action = rng.choice(state.legal_actions(seat))
        if state.phase == "round" and len(state.awaiting()) == 1:
            unread = state.clone()
            unread.checked = {}
            unread.apply(seat, action)
            state.apply(seat, action)
            assert unread.public_view() == state.public_view()
            assert unread.points == state.points and unread.penalty == state.penalty
        else:
            state.apply(seat, action)
