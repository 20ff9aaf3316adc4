"""The bots: every level chooses a legal action from its own view, and aims at 5th place."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.the_median.median_helpers import NAMES, at_round, game

from middleground.ai import make_bot
from middleground.games.the_median.bots import wish
from middleground.games.the_median.planner import place_of
from middleground.games.the_median.standings import final_order


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_plays_a_whole_game_with_legal_actions(level):
    state = game().new_state(NAMES, {}, 4)
    bots = [make_bot(game(), level) for _ in NAMES]
    rng = random.Random(4)
    while not state.is_terminal():
        seat = state.awaiting()[0]
        legal = state.legal_actions(seat)
        choice = bots[seat].choose(state.seat_view(seat), legal, rng)
        assert choice in legal
        state.apply(seat, choice)
    assert state.result().winners


def humble_choice(level, points):
    # Ivy holds Humble on tile 9 in round 1 (zone 2-10). Pushing once makes it likelier to
    # leave the zone (8 others pushing: tile 9-k scores unless k = 8; tile 8-k unless k >= 7).
    state = at_round(1, points={8: points})
    view = state.seat_view(8)
    bot = make_bot(game(), level)
    return bot.choose(view, state.legal_actions(8), random.Random(1))["orders"]["9"]["push"]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_far_above_the_others_sheds_points_and_one_far_below_gathers_them(level):
    assert humble_choice(level, 50) == 1
    assert humble_choice(level, -50) == 0


def test_the_easy_bot_reads_its_place_in_the_ranking():
    state = at_round(1)
    state.rankings = [(8, 0, 1, 2, 3, 4, 5, 6, 7)]  # Ivy shown 1st
    assert wish(state.seat_view(8)) == -1.0
    state.rankings = [(0, 1, 2, 3, 4, 5, 6, 7, 8)]  # shown last: she wants points
    assert wish(state.seat_view(8)) == 1.0
    state.rankings = [(0, 1, 2, 3, 8, 4, 5, 6, 7)]  # shown 5th, holding Humble: really 4th
    assert wish(state.seat_view(8)) == -1.0


def test_a_bot_holding_humble_reads_its_place_whichever_other_character_is_silenced():
    """Only a silenced Humble shows its holder in the true place; another character of theirs
    silenced leaves Humble's shift (the easy bot once read it as gone)."""
    state = at_round(1, holders={2: 8})  # Ivy holds Humble and Cid's character
    state.rankings = [(0, 1, 2, 3, 8, 4, 5, 6, 7)]  # shown 5th: really 4th
    state.silenced = 2  # the character she took from Cid
    assert wish(state.seat_view(8)) == -1.0
    state.silenced = 9  # Humble itself silent: she is shown where she stands, 5th
    assert wish(state.seat_view(8)) == 0.3


def test_a_bot_accepts_an_offer_only_when_it_helps():
    state = at_round(1, points={2: 5})
    state.rankings = [(0, 1, 2, 3, 4, 5, 6, 7, 8)]  # Ivy last: she wants points
    state.apply(2, {"offer": {"to": "Ivy", "give": {"points": 2, "from": 3, "into": 9}}})
    state.apply(3, {"offer": {"to": "Ivy", "get": {"characters": [9]}}})
    bot = make_bot(game(), "hard")
    choice = bot.choose(state.seat_view(8), state.free_actions(8), random.Random(0))
    assert choice == {"accept": 1}


def test_a_bot_ahead_of_fifth_gives_points_away_and_declines_what_does_not_help():
    state = at_round(1, points={8: 9})
    state.rankings = [(8, 0, 1, 2, 3, 4, 5, 6, 7)]  # Ivy shown 1st: she wants fewer points
    bot = make_bot(game(), "normal")
    assert "gift" in bot.free_action(state.seat_view(8), state.free_actions(8), random.Random(0))
    state.apply(0, {"offer": {"to": "Ivy", "give": {"characters": [1]}}})
    assert bot.free_action(state.seat_view(8), state.free_actions(8), random.Random(0)) == {
        "decline": 1
    }
    state.rankings = [(0, 1, 2, 3, 4, 5, 6, 7, 8)]
    state.points[8] = 0
    assert bot.free_action(state.seat_view(8), state.free_actions(8), random.Random(0)) == {
        "accept": 1
    }


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 6), st.integers(0, 4), st.integers(1, 9)), min_size=9, max_size=9
    )
)
def test_the_planners_place_follows_the_final_tie_rules(seats):
    # Seat 0 is the planning bot: its place in the planner's playouts must be the place the
    # rules give it at the end (ties over 1st, 5th and 9th settled by sums, then starts).
    totals, sums, starts = ([s[k] for s in seats] for k in range(3))
    expected = final_order(totals, sums, starts).index(0) + 1
    assert place_of(totals[0], sums[0], starts[0], seats[1:]) == expected


def test_a_tournament_budget_sets_the_hard_bots_playouts_and_no_one_elses():
    assert make_bot(game(), "hard").playouts == 400
    assert make_bot(game(), "hard", budget=30).playouts == 30
    assert make_bot(game(), "normal", budget=30).playouts == 0
    assert make_bot(game(), "easy", budget=30).playouts == 0
