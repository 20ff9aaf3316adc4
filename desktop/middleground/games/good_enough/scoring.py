"""Scoring one round and finding the winner of It's Good Enough: pure functions of the numbers."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

# Who may score is the same; what the mean is taken over differs: the numbers left in, or
# every number presented (the rules' words for the variant; a table ruling makes both options).
MEANS = ("mean", "mean-all")


class RoundScore(NamedTuple):
    """How one round scored: who was out for sharing a number, the target, who scored.

    The target is kept as a sum and a count of numbers (the middle one or two, or all of them
    for the mean): whole numbers, compared exactly, made a fraction only to be shown."""

    disqualified: tuple[int, ...]
    remaining: tuple[int, ...]  # seats still in, ordered by their number
    scorers: tuple[int, ...]
    target_sum: int = 0
    target_count: int = 0  # none when nobody is left

    @property
    def target(self) -> Fraction | None:
        """The median (or mean) of the remaining numbers."""
        return Fraction(self.target_sum, self.target_count) if self.target_count else None


def score_round(picks: Sequence[int], method: str = "median") -> RoundScore:
    """Score a round; `picks[seat]` is that seat's number.

    Anyone whose number someone else also picked is out and ignored. Of the remaining
    (all different) numbers: an odd count scores the median's player; an even count scores the
    two middle numbers' players, which are exactly the two closest to the median (nobody else
    can be as close, since the numbers differ). With the mean, whoever is closest to the mean
    of the remaining numbers scores, both if two are equally close; with "mean-all" the mean is
    of every number presented, shared ones included, and still only the remaining can score.
    """
    seats = range(len(picks))
    if len(set(picks)) == len(picks):
        disqualified: tuple[int, ...] = ()
        remaining = tuple(sorted(seats, key=picks.__getitem__))
    else:
        counts: dict[int, int] = {}
        for number in picks:
            counts[number] = counts.get(number, 0) + 1
        disqualified = tuple(s for s in seats if counts[picks[s]] > 1)
        kept = [s for s in seats if counts[picks[s]] == 1]
        remaining = tuple(sorted(kept, key=picks.__getitem__))
    if not remaining:
        return RoundScore(disqualified, remaining, ())
    values = [picks[s] for s in remaining]
    if method in MEANS:
        # Distances to the mean, times the count: whole numbers, in the same order.
        pool = values if method == "mean" else picks
        total, count = sum(pool), len(pool)
        best = min(abs(v * count - total) for v in values)
        scorers = tuple(sorted(s for s in remaining if abs(picks[s] * count - total) == best))
        return RoundScore(disqualified, remaining, scorers, total, count)
    middle = len(values) // 2
    if len(values) % 2:
        return RoundScore(disqualified, remaining, (remaining[middle],), values[middle], 1)
    pair = remaining[middle - 1 : middle + 1]
    return RoundScore(
        disqualified, remaining, tuple(sorted(pair)), values[middle - 1] + values[middle], 2
    )


class Verdict(NamedTuple):
    """Who is at the median of the distinct totals; `unique` when exactly one player is."""

    totals: tuple[int, ...]
    candidates: tuple[int, ...]  # the players at the median total(s)
    unique: bool
    twice_median: int  # twice the median, a whole number: a total, or two totals added

    @property
    def median(self) -> Fraction:
        return Fraction(self.twice_median, 2)


def median_player(totals: Sequence[int]) -> Verdict:
    """The player whose total is the median of the distinct totals (repeats count once).

    With an even count of distinct totals, no total is the median: the players on the two
    middle totals are tied. With an odd count, the players on the median total are tied unless
    there is only one of them.
    """
    distinct = sorted(set(totals))
    middle = len(distinct) // 2
    if len(distinct) % 2:
        low = high = distinct[middle]
    else:
        low, high = distinct[middle - 1], distinct[middle]
    candidates = tuple(s for s, t in enumerate(totals) if t in (low, high))
    unique = low == high and len(candidates) == 1
    return Verdict(tuple(totals), candidates, unique, low + high)


def standing(verdict: Verdict, winners: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place given the verdict that decided the game (over the rounds a tie-break
    left, if one did): the winners first, then the rest by how far their total is from the
    median total (nearer is better); equal seats share one."""
    twice = verdict.twice_median
    keys = [(0 if s in winners else 1, abs(2 * t - twice)) for s, t in enumerate(verdict.totals)]
    order = sorted(keys)
    return tuple(order.index(key) + 1 for key in keys)


def totals_over(round_points: Sequence[Sequence[int]], players: int) -> tuple[int, ...]:
    """Each seat's points summed over the given rounds."""
    if not round_points:
        return (0,) * players
    return tuple(map(sum, zip(*round_points, strict=True)))


class Decision(NamedTuple):
    """The winner of the game, and how the tie-break got there."""

    winners: tuple[int, ...]
    shared: bool
    peeled: int  # how many rounds were ignored at each end to break a tie
    verdict: Verdict  # the full game's verdict
    # The verdict that named the winners, over the rounds it counted (first and last, from 1):
    # the rounds left once a tie-break ignored outer ones, else the whole game's.
    deciding: Verdict
    counted: tuple[int, int]


def decide_by_peeling(round_points: Sequence[Sequence[int]], players: int) -> Decision:
    """Median of the distinct totals; a tie ignores the first and last rounds, then the next
    pair, and so on, until one player is at the median or no rounds are left (a shared win)."""
    played = len(round_points)
    full = median_player(totals_over(round_points, players))
    if full.unique:
        return Decision(full.candidates, False, 0, full, full, (1, played))
    peel = 1
    while peel * 2 < played:
        window = round_points[peel : played - peel]
        verdict = median_player(totals_over(window, players))
        if verdict.unique:
            return Decision(
                verdict.candidates, False, peel, full, verdict, (peel + 1, played - peel)
            )
        peel += 1
    return Decision(full.candidates, True, 0, full, full, (1, played))


def decide_plainly(round_points: Sequence[Sequence[int]], players: int) -> Decision:
    """Median of the distinct totals over every round; a tie is a shared win."""
    full = median_player(totals_over(round_points, players))
    return Decision(full.candidates, not full.unique, 0, full, full, (1, len(round_points)))


def format_number(value: Fraction) -> str:
    """A target as players read it: 50, 23.5, 41.33."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text


def most_points_a_round(players: int) -> int:
    """The most points one round can hand out: two (the numbers either side of an even
    count's median, or two as close to the mean), but one among three players, whose numbers
    left in are three (the middle one is the median, and the closest to their mean) or one."""
    return 1 if players <= 3 else 2
