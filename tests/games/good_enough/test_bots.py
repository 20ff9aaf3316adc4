"""It's Good Enough bots: the hierarchy model's arithmetic checked against the rules, the
bots' play against a simulated population, and hard against random over fixed seeds."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from middleground.ai import RandomBot, make_bot
from middleground.ai.tournament import run_tournament
from middleground.engine import get_game
from middleground.games.good_enough import forecast, population
from middleground.games.good_enough import hierarchy as ch
from middleground.games.good_enough.bots import (
    ForecastBot,
    PopulationBot,
    as_good,
    number_chances,
    point_helps,
)
from middleground.games.good_enough.population import against_population, among_population
from middleground.games.good_enough.scoring import (
    decide_by_peeling,
    median_player,
    score_round,
)

GAME = get_game("good-enough")


def _play_rounds(players, rounds, options=None):
    state = GAME.new_state(players, options or {}, 1)
    for picks in rounds:
        for seat, number in enumerate(picks):
            state.apply(seat, {"number": number})
    return state


def test_level_zero_spikes_at_the_middle_and_round_numbers():
    dist = ch.level0(0, 100)
    assert dist.argmax() == 50
    assert dist[40] > dist[41] and dist[25] > dist[24] and dist[75] > dist[74]
    assert abs(dist.sum() - 1) < 1e-9 and (dist > 0).all()


@pytest.mark.parametrize("method", ["median", "mean", "mean-all"])
def test_chances_and_scorers_agree_with_the_rules(method):
    gen = np.random.default_rng(3)
    others = gen.integers(0, 12, size=(300, 5))
    chances = ch.score_chances(others, 12, method)
    for number in range(12):
        by_rules = np.mean(
            [0 in score_round([number, *row], method).scorers for row in others.tolist()]
        )
        assert chances[number] == pytest.approx(by_rules)
    picks = gen.integers(0, 12, size=(300, 6))
    scorers = forecast.round_scorers(picks, 12, method)
    for row, scored in zip(picks.tolist(), scorers, strict=True):
        assert set(np.flatnonzero(scored)) == set(score_round(row, method).scorers)


def test_win_credit_is_the_median_of_distinct_totals():
    gen = np.random.default_rng(4)
    totals = gen.integers(0, 5, size=(200, 5))
    credit = forecast.win_credit(totals, 2)
    for row, share in zip(totals.tolist(), credit, strict=True):
        verdict = median_player(row)
        expected = 1 / len(verdict.candidates) if 2 in verdict.candidates else 0.0
        assert share == pytest.approx(expected)


@pytest.mark.parametrize("rounds", [1, 2, 4, 5, 7])
def test_peeled_credit_breaks_ties_as_the_rules_do(rounds):
    gen = np.random.default_rng(rounds)
    points = gen.integers(0, 2, size=(rounds, 300, 5))  # per round, per game, per seat
    for seat in (0, 3):
        credit = forecast.peeled_credit(list(points), seat)
        for game in range(300):
            decision = decide_by_peeling(points[:, game, :].tolist(), 5)
            won = seat in decision.winners
            expected = 1 / len(decision.winners) if won else 0.0
            assert credit[game] == pytest.approx(expected), (seat, game)


def test_the_last_round_is_chosen_from_the_standing_the_seat_will_see():
    # Four imagined games reach two standings, A (rows 0, 1) and B (rows 2, 3). From A the
    # first option wins more on average, from B the second: each row takes its group's pick.
    standing = np.array([[1, 0], [1, 0], [0, 1], [0, 1]])
    options = np.array([[1.0, 0.6, 0.0, 0.0], [0.0, 0.0, 1.0, 0.5]])
    best = forecast._best_by_standing(standing, options)
    assert best.tolist() == [1.0, 0.6, 1.0, 0.5]


def test_only_numbers_the_imagined_games_tell_apart_from_the_best_are_dropped():
    gen = np.random.default_rng(6)
    best = (gen.random(4000) < 0.3).astype(float)  # wins 30% of the imagined games
    won, lost = np.flatnonzero(best == 1), np.flatnonzero(best == 0)
    near = best.copy()  # loses 10 of those games and wins 8 others: within the noise
    near[won[:10]], near[lost[:8]] = 0.0, 1.0
    behind = best.copy()  # loses 60 of them and nothing back: 1.5 points of credit behind,
    behind[won[:60]] = 0.0  # a small gap, but one every game that differs agrees on
    credit = np.array([near, best, behind])
    assert as_good(credit, 2.0) == [0, 1]
    assert as_good(credit[[2]], 2.0) == [0]


def test_candidate_credit_gives_each_imagined_game_for_every_candidate():
    levels = ch.population(0, 20, 5, "median")
    predicted = np.array([ch.predict(levels, ch.TAU, []) for _ in range(5)])
    credit = forecast.candidate_credit(
        0,
        [3, 10, 17],
        np.zeros((1, 5)),
        predicted,
        [],
        2,
        21,
        "median",
        np.random.default_rng(2),
        rows=300,
    )
    assert credit.shape == (3, 300)
    assert set(np.unique(credit)) <= {0.0, 0.5, 1 / 3, 0.25, 0.2, 1.0}


def test_the_model_learns_a_player_picks_at_random():
    levels = ch.hierarchy(0, 100, 5, "median", np.random.default_rng(1))
    spread = [3, 97, 18, 71, 33, 88]
    predicted = ch.predict(levels, ch.TAU, spread)
    first_guess = ch.predict(levels, ch.TAU, [])
    assert predicted[50] < first_guess[50] / 2  # no longer expected to go for the middle


def test_hard_avoids_the_focal_numbers_a_crowd_shares():
    state = GAME.new_state([f"P{i}" for i in range(9)], {}, 2)
    view, legal = state.seat_view(0), state.legal_actions(0)
    chosen = {ForecastBot().choose(view, legal, random.Random(s))["number"] for s in range(6)}
    assert not chosen & {0, 25, 50, 75, 100}


def test_a_point_that_would_lift_the_seat_off_the_median_is_not_wanted():
    # Totals 2, 1, 0, 3, 4 before the last round: seat 0 holds the median total (2); a point
    # would tie it with seat 3 and lose the median.
    # Each round three share a 5 and are out, so the other two both score.
    rounds = [(5, 5, 5, 1, 2)] * 3 + [(1, 5, 5, 5, 2), (1, 2, 5, 5, 5)]
    state = _play_rounds(list("ABCDE"), rounds, {"low": 0, "high": 9, "rounds": 6})
    assert state.scores() == (2, 1, 0, 3, 4)
    view = state.seat_view(0)
    assert not point_helps(view, np.random.default_rng(0))
    chances = number_chances(view, np.random.default_rng(0), True, 2000)
    choice = ForecastBot().choose(view, state.legal_actions(0), random.Random(1))["number"]
    assert chances[choice] < chances.max() / 2


def test_hard_beats_random_over_fixed_seeds():
    tournament = run_tournament(GAME, ["hard", "random", "random", "random", "random"], 40, 3)
    hard = tournament.as_json()["hard"]
    assert hard["games"] == 40 and hard["win_share"] > 0.28  # fair share 0.2; about 0.4 seen


def test_hard_among_a_thinking_population_wins_more_than_its_share():
    report = against_population(GAME, make_bot(GAME, "hard"), 7, 8, seed=5)
    assert report.rounds == 40
    assert report.disqualified_rate <= 0.3  # a number shared with anyone is out
    assert report.wins / report.games > 1 / 7  # the fair share of wins at 7 players


def test_a_population_analysis_is_told_the_levels_of_the_seats_it_plays(monkeypatch):
    # benchmarks/good_enough_frontier.py leans on this: the levels handed over are the ones
    # the other seats then play, game by game.
    told, seated = [], []

    class Recorder(RandomBot):
        def __init__(self, levels):
            told.append(list(levels))

    real_play = population.play_game

    def play(game, seats, options, seed):
        seated.append([s.thinking for s in seats if isinstance(s, PopulationBot)])
        return real_play(game, seats, options, seed)

    monkeypatch.setattr(population, "play_game", play)
    report = among_population(GAME, Recorder, 5, 3, seed=2)
    assert report.games == 3 and len(told) == 3
    assert told == seated and all(len(levels) == 4 for levels in told)


def _frontier_module():
    path = Path(__file__).parents[3] / "benchmarks" / "good_enough_frontier.py"
    spec = importlib.util.spec_from_file_location("good_enough_frontier", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_frontiers_reading_seat_learns_each_seats_level_from_its_numbers():
    # The README's "reading the levels" rows claim the best a fair seat can know: the
    # population's mix before anything is revealed, each seat's own level once it has shown
    # enough numbers, and never another seat's level mixed into it.
    frontier = _frontier_module()
    rows = ch.population(0, 100, 5, "median")
    gen = np.random.default_rng(4)
    shown = 300  # numbers each seat has revealed: enough to tell the close levels 3 and 4 apart
    revealed = [gen.choice(101, size=shown, p=rows[k]) for k in (1, 0, 3)]
    revealed.append(np.zeros(shown, dtype=int))  # the reading seat's own numbers: not read
    revealed.append(gen.choice(101, size=shown, p=rows[4]))
    levels = [1, 0, 3, 4]
    seat = frontier.ReadsTheLevels(levels, 1.0, 0)

    def view(rounds):
        board = {
            "rounds": [{"picks": [int(revealed[s][r]) for s in range(5)]} for r in range(rounds)]
        }
        return SimpleNamespace(players=list("ABCDE"), seat=3, board=board)

    prior = ch.poisson_weights(ch.TAU, len(rows) - 1) @ rows
    np.testing.assert_allclose(seat.expected(view(0), rows), np.array([prior] * 4))
    read = seat.expected(view(shown), rows)
    told = frontier.KnowsTheLevels(levels, 1.0, 0).expected(view(shown), rows)
    np.testing.assert_allclose(told, rows[levels])
    off = np.abs(read - told).sum(axis=1)
    assert off[1] < 0.01  # a level-0 seat is plain after a few numbers
    assert (off < 0.5 * np.abs(prior - told).sum(axis=1)).all()  # each read nearer its level
    nearest = [int(np.argmin(np.abs(rows - r).sum(axis=1))) for r in read]
    assert nearest == levels  # than any other level


def test_random_bot_is_the_baseline():
    assert make_bot(GAME, "random").level == RandomBot.level
