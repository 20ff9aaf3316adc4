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
    if method == "mean-all":
        mean = picks.sum(axis=1, keepdims=True) / picks.shape[1]
    else:
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


def median_seats(totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of totals: which seats are on the median of the distinct totals (booleans), and
    whether exactly one seat is (the winner is then decided)."""
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
    return on_median, odd & (on_median.sum(axis=1) == 1)


def win_credit(totals: np.ndarray, seat: int) -> np.ndarray:
    """Per row of final totals: the seat's share of the win (median of the distinct totals)."""
    on_median, _ = median_seats(totals)
    sharing = on_median.sum(axis=1)
    return np.where(on_median[:, seat], TIE_CREDIT / np.maximum(sharing, 1), 0.0)


def peeled_credit(rounds: list[np.ndarray], seat: int) -> np.ndarray:
    """Per row: the seat's share of the win with the rules' tie-break, from each round's points
    (arrays of rows x seats, or 1 x seats for rounds every row shares): a tie ignores the first
    and last rounds, then the next pair, until one seat holds the median; else a shared win."""
    full = sum(rounds[1:], rounds[0])
    full = np.broadcast_to(full, np.broadcast_shapes(*(r.shape for r in rounds)))
    credit = win_credit(full, seat)
    _, decided = median_seats(full)
    left = ~decided
    ignored = np.zeros_like(full)
    peel = 1
    while peel * 2 < len(rounds) and left.any():
        ignored = ignored + rounds[peel - 1] + rounds[len(rounds) - peel]
        on_median, unique = median_seats(full - ignored)
        now = left & unique
        credit = np.where(now, on_median[:, seat].astype(float), credit)
        left &= ~unique
        peel += 1
    return credit


def candidate_credit(
    seat: int,
    candidates: list[int],
    history: np.ndarray,
    predicted: np.ndarray,
    past_plan: list[int],
    rounds_ahead: int,
    size: int,
    method: str,
    gen: np.random.Generator,
    rows: int = 500,
    last_choice: tuple[int, int] | None = None,
    peel: bool = True,
) -> np.ndarray:
    """For each candidate (an index), the seat's win credit in each of `rows` imagined games
    (candidates x rows; the rows are the same games for every candidate).

    `history` holds each revealed round's points (rounds x seats); `past_plan` the seat's
    numbers already listed but not yet revealed (all at once), played out like the rounds ahead
    but with the seat's number fixed. With `peel` a tie is broken as the rules break it, by
    ignoring outer rounds; without, it is a shared win. With `last_choice` (a number that tends
    to score, one that almost never does) the seat plays the last round ahead knowing the
    totals before it, as it will: of the two, the one that wins more often from those totals
    (averaged over the imagined games that reach them).
    """
    n = predicted.shape[0]
    history = np.asarray(history, dtype=np.int64).reshape(-1, n)
    before = [history[r : r + 1] for r in range(history.shape[0])]
    for number in past_plan:
        picks = draw(predicted, rows, gen)
        picks[:, seat] = number
        before.append(round_scorers(picks, size, method).astype(np.int64))
    controlled = last_choice is not None and rounds_ahead > 0
    after = [
        round_scorers(draw(predicted, rows, gen), size, method).astype(np.int64)
        for _ in range(rounds_ahead - controlled)
    ]
    last: list[np.ndarray] = []
    if controlled:
        final_picks = draw(predicted, rows, gen)
        for number in last_choice:
            final_picks[:, seat] = number
            last.append(round_scorers(final_picks, size, method).astype(np.int64))
    now = draw(predicted, rows, gen)

    def credit_of(rounds: list[np.ndarray]) -> np.ndarray:
        if peel:
            return peeled_credit(rounds, seat)
        total = sum(rounds[1:], rounds[0])
        return win_credit(np.broadcast_to(total, (rows, n)), seat)

    credit = np.empty((len(candidates), rows))
    for index, number in enumerate(candidates):
        now[:, seat] = number
        played = [*before, round_scorers(now, size, method).astype(np.int64), *after]
        if not last:
            credit[index] = credit_of(played)
            continue
        standing = np.broadcast_to(sum(played[1:], played[0]), (rows, n))
        options = np.array([credit_of([*played, scored]) for scored in last])
        credit[index] = _best_by_standing(standing, options)
    return credit


def _best_by_standing(standing: np.ndarray, options: np.ndarray) -> np.ndarray:
    """Per row: the credit of the option (rows of `options`) that does best on average over the
    rows sharing that row's standing (the totals the seat will see when it chooses)."""
    spread = int(standing.max()) + 1
    if spread ** standing.shape[1] < 2**62:
        keys = standing @ (spread ** np.arange(standing.shape[1], dtype=np.int64))
        _, group = np.unique(keys, return_inverse=True)
    else:
        _, group = np.unique(standing, axis=0, return_inverse=True)
    group = group.ravel()
    counts = np.bincount(group)
    means = np.array([np.bincount(group, weights=o) / counts for o in options])
    pick = means.argmax(axis=0)[group]
    return options[pick, np.arange(standing.shape[0])]
