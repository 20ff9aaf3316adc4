"""Bots at every level, for every game: fair by construction, legal, reproducible."""

from __future__ import annotations

import random

import pytest
from tests.random_play import play_on, players_for

from middleground.ai import LEVELS, bot_names, make_bot
from middleground.ai.bot import SEARCH
from middleground.ai.ismcts import Search
from middleground.ai.tournament import Tournament
from middleground.engine import Result, all_games, get_game
from middleground.engine.result import estimated_rewards, placement_rewards, ranks_by_outcome

BUDGET = 12  # search iterations: enough to exercise the search, quick enough for tests

# Every level, and plain ISMCTS with the game's own search policy where the game can be searched.
CASES = [
    pytest.param(game, level, id=f"{game.id}:{level}")
    for game in all_games()
    for level in LEVELS + ((SEARCH,) if game.has_sampler else ())
]


def _midgame(game, seed, steps):
    """A game some random steps in, waiting on a seat; the preset with most hidden state."""
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(min(game.max_players, max(game.min_players, 4)))]
    return play_on(game.new_state(players, {}, seed), rng, steps)


def _some_states(game):
    for seed, steps in ((1, 0), (2, 3), (3, 9), (4, 14)):
        state = _midgame(game, seed, steps)
        if not state.is_terminal():
            yield state


@pytest.mark.parametrize(("game", "level"), CASES)
def test_a_bot_decides_only_from_its_own_view(game, level):
    bot = make_bot(game, level, budget=BUDGET)
    for state in _some_states(game):
        seat = state.awaiting()[-1]
        chosen = bot.choose(state.seat_view(seat), state.legal_actions(seat), random.Random(7))
        for other in range(len(state.players)):
            if other == seat:
                continue
            redrawn = state.with_secrets_redrawn(other, random.Random(other))
            again = bot.choose(
                redrawn.seat_view(seat), redrawn.legal_actions(seat), random.Random(7)
            )
            assert again == chosen


@pytest.mark.parametrize(("game", "level"), CASES)
def test_bots_play_whole_games_with_legal_actions_only(game, level):
    bot = make_bot(game, level, budget=BUDGET)
    rng = random.Random(5)
    state = _midgame(game, 11, 0)
    while not state.is_terminal():
        seat = state.awaiting()[0]
        legal = state.legal_actions(seat)
        action = bot.choose(state.seat_view(seat), legal, rng)
        assert action in legal
        state.apply(seat, action)
    assert state.result().winners


PRESETS = [
    pytest.param(game, options, id=f"{game.id}:{name}")
    for game in all_games()
    for name, options in game.presets
]


@pytest.mark.parametrize(("game", "options"), PRESETS)
def test_every_level_plays_every_variant_to_the_end(game, options):
    # A solo player may pick any variant and put any level in any seat: one table of every
    # level (tables in turn until every level has sat) must finish with legal moves only.
    levels = list(LEVELS) + ([SEARCH] if game.has_sampler else [])
    players = players_for(game, options, max(game.min_players, min(game.max_players, 3)))
    for start in range(0, len(levels), players):
        turn = levels[start:] + levels[:start]
        seats = [turn[i % len(turn)] for i in range(players)]
        bots = [make_bot(game, level, budget=BUDGET) for level in seats]
        state = game.new_state([f"P{i}" for i in range(players)], options, start + 1)
        rng = random.Random(start)
        while not state.is_terminal():
            seat = state.awaiting()[0]
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.seat_view(seat), legal, rng)
            assert action in legal, (seats[seat], action)
            state.apply(seat, action)
        assert state.result().winners


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_the_same_seed_gives_the_same_choice(game):
    for level in LEVELS:
        bot = make_bot(game, level, budget=BUDGET)
        for state in _some_states(game):
            seat = state.awaiting()[0]
            view, legal = state.seat_view(seat), state.legal_actions(seat)
            first = bot.choose(view, legal, random.Random(99))
            assert bot.choose(view, legal, random.Random(99)) == first


def test_every_game_offers_every_level():
    for game in all_games():
        assert set(LEVELS) <= set(bot_names(game))
        for level in LEVELS:
            assert make_bot(game, level).level


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="levels are random, easy, normal, hard"):
        make_bot(get_game("good-enough"), "genius")


def test_rewards_follow_the_placement_not_the_points():
    result = Result(scores=(5, 2, 0), placements=(2, 1, 3), winners=(1,))
    rewards = placement_rewards(result)
    assert rewards[1] > rewards[0] > rewards[2]
    shared = placement_rewards(Result(scores=(1, 1, 0), placements=(1, 1, 3), winners=(0, 1)))
    assert shared[0] == shared[1] < rewards[1]


def test_where_the_middle_place_wins_rewards_follow_the_outcome_not_the_standing():
    # The Median's shape: 1st has the top total and loses, as does the last; the middle wins.
    ranks = ranks_by_outcome(5, winners=[2], losers=[0, 4])
    assert ranks == (4, 2, 1, 2, 4)
    result = Result((9, 7, 5, 3, 1), (1, 2, 3, 4, 5), winners=(2,), losers=(0, 4), ranks=ranks)
    rewards = placement_rewards(result)
    assert rewards[2] > rewards[1] == rewards[3] > rewards[0] == rewards[4]
    # An evaluation sure of that outcome gives the same rewards.
    sure = estimated_rewards([0.0, 0.0, 1.0, 0.0, 0.0], [9.0, 7.0, 5.0, 3.0, 1.0], ranks)
    assert sure == pytest.approx(rewards)


def test_ratings_follow_the_outcome_where_the_middle_place_wins():
    # "top" always ends with the highest total: 1st in the standing, and a loser.
    tournament = Tournament(["top", "middle", "bottom"])
    seats = ["top", "middle", "middle", "middle", "bottom"]
    ranks = ranks_by_outcome(5, winners=[2], losers=[0, 4])
    for _ in range(30):
        tournament.record(
            seats, Result((9, 7, 5, 3, 1), (1, 2, 3, 4, 5), (2,), (0, 4), ranks=ranks)
        )
    mu = {name: standing.mu for name, standing in tournament.standings.items()}
    assert mu["middle"] > mu["top"] and mu["top"] == pytest.approx(mu["bottom"])


def test_an_evaluation_sure_of_the_outcome_gives_the_rewards_of_that_result():
    """A seat certain to win and to place as its expected score says is rewarded exactly as the
    finished game would reward it; doubt spreads the win, never the total beyond one win."""
    result = Result(scores=(5, 9, 0), placements=(2, 1, 3), winners=(1,))
    sure = estimated_rewards([0.0, 3.0, 0.0], [5.0, 9.0, 0.0])
    assert sure == pytest.approx(placement_rewards(result))
    unsure = estimated_rewards([1.0, 2.0, 1.0], [5.0, 9.0, 0.0])
    assert unsure[1] < sure[1] and unsure[0] > sure[0] and unsure[2] > sure[2]
    assert sum(unsure) == pytest.approx(sum(sure))


def test_search_counts_its_iterations_and_picks_a_legal_action():
    game = get_game("good-enough")
    state = game.new_state(["A", "B", "C"], {"low": 1, "high": 5, "rounds": 3}, 4)
    search = Search(game)
    action = search.run(state.seat_view(0), state.legal_actions(0), 40, random.Random(1))
    assert action in state.legal_actions(0) and search.iterations == 40


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_bots_choose_the_same_on_worker_threads(game):
    """Bots keep no shared state: choices made on threads at once equal those made in turn."""
    from concurrent.futures import ThreadPoolExecutor

    jobs = []
    for level in LEVELS:
        bot = make_bot(game, level, budget=BUDGET)
        for index, state in enumerate(_some_states(game)):
            seat = state.awaiting()[0]
            jobs.append((bot, state.seat_view(seat), state.legal_actions(seat), index))

    def run(job):
        bot, view, legal, seed = job
        return bot.choose(view, legal, random.Random(seed))

    in_turn = [run(job) for job in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(run, jobs)) == in_turn
