"""Playing for the median total: simulate the rest of the game from the hierarchy model and
count, for each number worth playing now, how often the seat ends as the winner.

A flat Monte Carlo over the model: every row is one imagined game, the others' numbers drawn
from their predicted picks, round by round, all in numpy. The rounds ahead do not depend on
this round's number, so they are drawn once and shared by every candidate (common random
numbers), which keeps the comparison between candidates sharp.
"""

from __future__ import annotations

import numpy as np

TIE_CREDIT = 1.0  # a shared median total counts 1/k to each of the k seats on it


def round_scorers(picks: np.ndarray, size: int, method: str) -> np.ndarray:
    """Rows of picks (indices, one column per seat) -> who scores in each row (booleans)."""
    rows = picks.shape[0]
    offset = np.arange(rows)[:, None] * size
    counts = np.bincount((offset + picks).ravel(), minlength=rows * size).reshape(rows, size)
    single = counts[np.arange(rows)[:, None], picks] == 1
    singles = counts == 1
    total = singles.sum(axis=1, keepdims=True)
    if method == "median":
        rank = np.cumsum(singles, axis=1)[np.arange(rows)[:, None], picks]
        odd = total % 2 == 1
        middle = np.where(odd, (total + 1) // 2, total // 2)
        on_median = (rank == middle) | (~odd & (rank == middle + 1))
        return single & on_median
    values = np.where(single, picks, 0)
    mean = values.sum(axis=1, keepdims=True) / np.maximum(total, 1)
    gap = np.where(single, np.abs(picks - mean), np.inf)
    best = gap.min(axis=1, keepdims=True)
    return single & (gap <= best + 1e-9)


def draw(dists: np.ndarray, rows: int, gen: np.random.Generator) -> np.ndarray:
    """Rows of picks, column s drawn from dists[s]."""
    cumulative = np.cumsum(dists, axis=1)
    cumulative /= cumulative[:, -1:]
    draws = gen.random((rows, dists.shape[0]))
    picks = np.empty((rows, dists.shape[0]), dtype=np.int64)
    for seat in range(dists.shape[0]):
        picks[:, seat] = np.searchsorted(cumulative[seat], draws[:, seat], side="right")
    return np.minimum(picks, dists.shape[1] - 1)


def win_credit(totals: np.ndarray, seat: int) -> np.ndarray:
    """Per row of final totals: the seat's share of the win (median of the distinct totals)."""
    rows = totals.shape[0]
    top = int(totals.max()) + 1
    present = np.zeros((rows, top), dtype=bool)
    present[np.arange(rows)[:, None], totals] = True
    distinct = present.sum(axis=1)
    order = np.cumsum(present, axis=1)  # position of each total among the distinct ones
    place = order[np.arange(rows)[:, None], totals]  # per seat
    odd = distinct % 2 == 1
    middle = np.where(odd, (distinct + 1) // 2, distinct // 2)[:, None]
    on_median = (place == middle) | (~odd[:, None] & (place == middle + 1))
    sharing = on_median.sum(axis=1)
    mine = on_median[:, seat]
    return np.where(mine, TIE_CREDIT / np.maximum(sharing, 1), 0.0)


def candidate_credit(
    seat: int,
    candidates: list[int],
    totals: np.ndarray,
    predicted: np.ndarray,
    past_plan: list[int],
    rounds_ahead: int,
    size: int,
    method: str,
    gen: np.random.Generator,
    rows: int = 500,
) -> np.ndarray:
    """For each candidate (an index), the seat's mean win credit over `rows` imagined games.

    `totals` are the points so far; `past_plan` the seat's numbers already listed but not yet
    revealed (all at once), played out like the rounds ahead but with the seat's number fixed.
    """
    n = predicted.shape[0]
    base = np.repeat(totals[None, :].astype(np.int64), rows, axis=0)
    for number in past_plan:
        picks = draw(predicted, rows, gen)
        picks[:, seat] = number
        base += round_scorers(picks, size, method)
    for _ in range(rounds_ahead):
        base += round_scorers(draw(predicted, rows, gen), size, method)
    now = draw(predicted, rows, gen)
    credit = np.empty(len(candidates))
    for index, number in enumerate(candidates):
        now[:, seat] = number
        final = base + round_scorers(now, size, method)
        credit[index] = win_credit(final, seat).mean()
    assert n == totals.shape[0]
    return credit
