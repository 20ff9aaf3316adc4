"""Round scoring and the median-of-totals winner, row by row, computed by hand from the rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

from middleground.games.good_enough.scoring import (
    decide_by_peeling,
    decide_plainly,
    median_player,
    score_round,
    standing,
)

# picks by seat -> (disqualified seats, scoring seats, target)
ROUNDS = [
    # odd count of distinct numbers: the median's player scores
    ([4, 22, 89], (), (1,), Fraction(22)),
    # even count: the two middle numbers are the two closest to the median
    ([99, 0, 50, 49], (), (2, 3), Fraction(99, 2)),
    # a shared number is out; the lone remaining number is the median
    ([50, 50, 50, 1], (0, 1, 2), (3,), Fraction(1)),
    # all but one the same: that one scores
    ([55, 55, 0], (0, 1), (2,), Fraction(0)),
    # all but two the same: those two score
    ([7, 7, 7, 20, 80], (0, 1, 2), (3, 4), Fraction(50)),
    # all the same: nobody
    ([50, 50, 50], (0, 1, 2), (), None),
    # every number shared in pairs: nobody is left
    ([3, 3, 9, 9], (0, 1, 2, 3), (), None),
    # the two who differ picked the same as each other: they share, so they are out too
    ([50, 50, 50, 20, 20], (0, 1, 2, 3, 4), (), None),
    # duplicates ignored when finding the median of the rest: {1, 10, 90} -> 10
    ([1, 10, 90, 60, 60], (3, 4), (1,), Fraction(10)),
    # five distinct numbers: the third smallest
    ([10, 40, 30, 20, 50], (), (2,), Fraction(30)),
]


@pytest.mark.parametrize(("picks", "out", "scorers", "target"), ROUNDS)
def test_median_round(picks, out, scorers, target):
    scored = score_round(picks)
    assert scored.disqualified == out
    assert scored.scorers == scorers
    assert scored.target == target


MEAN_ROUNDS = [
    # mean of 10, 20, 90 is 40: 20 is closest
    ([10, 20, 90], (1,), Fraction(40)),
    # mean of 0 and 100 is 50: both equally close, both score
    ([0, 100, 7, 7], (0, 1), Fraction(50)),
    # mean of 1, 2, 3, 10 is 4: 3 is closest
    ([1, 2, 3, 10], (2,), Fraction(4)),
]


@pytest.mark.parametrize(("picks", "scorers", "target"), MEAN_ROUNDS)
def test_mean_round(picks, scorers, target):
    scored = score_round(picks, "mean")
    assert scored.scorers == scorers
    assert scored.target == target


MEAN_OF_EVERY_NUMBER_ROUNDS = [
    # no number shared: the same as the mean of those left in (10, 20, 90 -> 40: 20 scores)
    ([10, 20, 90], (1,), Fraction(40)),
    # 0, 100, 7, 7 -> 114 / 4 = 28.5: 0 is 28.5 away, 100 is 71.5 away; the sevens are out
    ([0, 100, 7, 7], (0,), Fraction(57, 2)),
    # the audit's round: 0, 0, 0, 40, 50, 100 -> 190 / 6 = 31 2/3: 40 scores (left in: 50 would)
    ([0, 0, 0, 40, 50, 100], (3,), Fraction(95, 3)),
    # everyone but one shares: the one left scores whatever the mean
    ([5, 5, 5, 99], (3,), Fraction(114, 4)),
]


@pytest.mark.parametrize(("picks", "scorers", "target"), MEAN_OF_EVERY_NUMBER_ROUNDS)
def test_mean_of_every_number_round(picks, scorers, target):
    scored = score_round(picks, "mean-all")
    assert scored.scorers == scorers
    assert scored.target == target
    left_in = score_round(picks, "mean")
    assert left_in.disqualified == scored.disqualified  # who is out never depends on it


# totals by seat -> (players at the median total, is there exactly one, the median)
TOTALS = [
    ((1, 2, 3, 3), (1,), True, 2),  # the seed's first sample: {1, 2, 3} -> 2 -> Bob
    ((0, 2, 2), (0, 1, 2), False, 1),  # the seed's second sample: {0, 2} has no middle -> tie
    ((0, 1, 2), (1,), True, 1),
    ((4, 4, 4), (0, 1, 2), False, 4),  # everyone level: all tied
    ((5, 3, 3, 1), (1, 2), False, 3),  # {1, 3, 5} -> 3, held by two
    ((0, 0, 1, 5, 9, 9), (2, 3), False, 3),  # {0, 1, 5, 9}: two middle totals, 1 and 5
    ((0, 0, 1, 5, 9), (2, 3), False, 3),  # {0, 1, 5, 9} again: the players on 1 and 5 tie
    ((0, 3, 3, 7, 10), (1, 2, 3), False, 5),  # {0, 3, 7, 10}: middle totals 3 and 7
    ((0, 3, 4, 8), (1, 2), False, Fraction(7, 2)),  # {0, 3, 4, 8}: halfway between 3 and 4
]


@pytest.mark.parametrize(("totals", "candidates", "unique", "median"), TOTALS)
def test_median_of_distinct_totals(totals, candidates, unique, median):
    verdict = median_player(totals)
    assert verdict.candidates == candidates
    assert verdict.unique is unique
    assert verdict.median == median


# totals, winners -> places: the winners first, then by distance from the median total
STANDINGS = [
    # median 2: Bob wins; the others are each 1 away, sharing second place
    ((1, 2, 3, 3), (1,), (2, 1, 2, 2)),
    # a tie shared by all: everyone first
    ((0, 2, 2), (0, 1, 2), (1, 1, 1)),
    # median 3: the winner, then 1 (2 away), then the two on 0 (3 away), then 9 (6 away)
    ((0, 0, 1, 5, 9), (3,), (3, 3, 2, 1, 5)),
    # median 5 of {2, 4, 6, 9}: the winner first though 3 away, then 6, 4, 4 (1 away), then 9
    ((6, 2, 9, 4, 4), (1,), (2, 1, 5, 2, 2)),
]


@pytest.mark.parametrize(("totals", "winners", "places"), STANDINGS)
def test_standing_puts_the_winners_first_then_the_nearest_to_the_median(totals, winners, places):
    assert standing(median_player(totals), winners) == places


def _points(rounds_scorers, players):
    return [tuple(1 if s in scorers else 0 for s in range(players)) for scorers in rounds_scorers]


def test_peeling_breaks_the_seeds_second_sample_for_yvonne():
    # rounds: Yvonne, Yvonne, Zachary, Zachary, no one  (X=0, Y=1, Z=2)
    points = _points([{1}, {1}, {2}, {2}, set()], 3)
    decision = decide_by_peeling(points, 3)
    assert decision.winners == (1,) and decision.peeled == 1 and not decision.shared
    # What decided is kept, beside the whole game's tie: the totals over rounds 2-4.
    assert decision.counted == (2, 4) and decision.deciding.totals == (0, 1, 2)
    assert decision.verdict.totals == (0, 2, 2)


def test_peeling_goes_on_to_the_next_pair_of_rounds():
    # full: A2 B2 C2 (tie); without rounds 1 and 5: A1 B1 C1 (tie); only round 3 left: B scores
    # -> distinct {0, 1} is even: still a tie, so the game is shared among the full-game tie
    points = _points([{0}, {0, 1}, {1}, {2}, {2}], 3)
    decision = decide_by_peeling(points, 3)
    assert decision.shared and decision.winners == (0, 1, 2)
    assert decision.deciding == decision.verdict and decision.counted == (1, 5)


def test_peeling_can_need_two_layers():
    # Rounds by scorers: A, A+D, B, C, C, B, D.
    # All 7 rounds: A2 B2 C2 D2, a tie. Rounds 2-6: A1 B2 C2 D1, {1, 2} has no middle: a tie.
    # Rounds 3-5: A0 B1 C2 D0, {0, 1, 2}: B alone on the median 1 wins.
    points = _points([{0}, {0, 3}, {1}, {2}, {2}, {1}, {3}], 4)
    decision = decide_by_peeling(points, 4)
    assert decision.peeled == 2 and decision.winners == (1,) and not decision.shared
    assert decision.counted == (3, 5) and decision.deciding.totals == (0, 1, 2, 0)


def test_the_tie_break_may_crown_a_player_who_was_not_in_the_tie():
    # Rounds by scorers: A+C, A+B, B, nobody, E. All five: A2 B2 C1 D0 E1, so C and E tie on
    # the middle total 1. Rounds 2-4: A1 B2 C0 D0 E0, {0, 1, 2}: A alone on the middle wins,
    # as the rules' "the scores now become" asks again who is in the middle (a table ruling).
    points = _points([{0, 2}, {0, 1}, {1}, set(), {4}], 5)
    decision = decide_by_peeling(points, 5)
    assert decision.verdict.candidates == (2, 4) and not decision.verdict.unique
    assert decision.winners == (0,) and decision.peeled == 1 and not decision.shared


def test_plain_decision_shares_a_tie():
    points = _points([{1}, {1}, {2}, {2}, set()], 3)
    decision = decide_plainly(points, 3)
    assert decision.shared and decision.winners == (0, 1, 2)
