"""A cognitive-hierarchy model of how people pick numbers in It's Good Enough.

Camerer, Ho and Chong (2004): a player of level 0 picks by habit; a player of level k best
responds to a mix of the levels below k, weighted by a Poisson distribution with mean tau.
Level 0 here is human-like: spikes at the middle and at round numbers over a broad hump, which
is exactly what a careful player avoids, since a shared number is disqualified.

Numbers are handled as indices 0..R-1 into the range low..high. Everything is a pure function
of its arguments (numpy arrays in, arrays out), so bots can call it from any thread.
"""

from __future__ import annotations

import functools
import math
import random
import zlib

import numpy as np

TAU = 1.5  # mean thinking level of the population (Camerer, Ho and Chong's estimate)
TOP_LEVEL = 4  # the highest level modelled among the others
SHARPNESS = 5.0  # how sharply a level-k player prefers its best numbers (quantal response)


def poisson_weights(tau: float, top: int) -> np.ndarray:
    """Poisson(tau) weights of levels 0..top, normalized."""
    weights = np.array([math.exp(-tau) * tau**k / math.factorial(k) for k in range(top + 1)])
    return weights / weights.sum()


def level0(low: int, high: int) -> np.ndarray:
    """A human-like first guess: a hump around the middle, spikes at it and at round numbers."""
    values = np.arange(low, high + 1)
    span = high - low
    middle = (low + high) / 2
    hump = np.exp(-0.5 * ((values - middle) / max(span / 5, 1.0)) ** 2)
    dist = 0.25 / len(values) + 0.35 * hump / hump.sum()
    spikes = np.zeros(len(values))
    for centre in {math.floor(middle), math.ceil(middle)}:
        spikes[centre - low] += 0.18
    if span >= 20:
        spikes[values % 10 == 0] += 0.10 / max(1, int(np.sum(values % 10 == 0)))
        spikes[values % 5 == 0] += 0.06 / max(1, int(np.sum(values % 5 == 0)))
        for share in (0.25, 0.75):
            spikes[round(low + share * span) - low] += 0.03
        spikes[0] += 0.01
        spikes[-1] += 0.01
    dist = dist + spikes
    return dist / dist.sum()


def sample_picks(dists: np.ndarray, samples: int, gen: np.random.Generator) -> np.ndarray:
    """`samples` rows of picks, one column per other player, column j drawn from dists[j]."""
    cumulative = np.cumsum(dists, axis=1)
    cumulative[:, -1] = 1.0
    draws = gen.random((samples, dists.shape[0]))
    picks = np.empty((samples, dists.shape[0]), dtype=np.int64)
    for j in range(dists.shape[0]):
        picks[:, j] = np.searchsorted(cumulative[j], draws[:, j], side="right")
    return np.minimum(picks, dists.shape[1] - 1)


def score_chances(picks: np.ndarray, size: int, method: str = "median") -> np.ndarray:
    """For each number 0..size-1: the share of rows of others' picks in which it would score."""
    rows = picks.shape[0]
    flat = (np.arange(rows)[:, None] * size + picks).ravel()
    counts = np.bincount(flat, minlength=rows * size).reshape(rows, size)
    singles = counts == 1
    free = counts == 0  # my number would be disqualified if anyone else picked it
    below = np.cumsum(singles, axis=1)  # singles at or below each number (none at a free one)
    total = below[:, -1:]
    if method == "median":
        above = total - below
        wins = free & (np.abs(below - above) <= 1)
        return wins.mean(axis=0)
    index = np.arange(size)
    if method == "mean-all":  # every number presented, mine and any shared ones included
        means = (picks.sum(axis=1, keepdims=True) + index) / (picks.shape[1] + 1)
    else:
        sums = np.cumsum(np.where(singles, index, 0), axis=1)[:, -1:]
        means = (sums + index) / (total + 1)  # the mean with my number in, per row and number
    previous = np.maximum.accumulate(np.where(singles, index, -1), axis=1)
    following = np.minimum.accumulate(np.where(singles, index, size)[:, ::-1], axis=1)[:, ::-1]
    floor = np.clip(np.floor(means).astype(np.int64), 0, size - 1)
    ceil = np.clip(np.ceil(means).astype(np.int64), 0, size - 1)
    row = np.arange(rows)[:, None]
    near_below = previous[row, floor]
    near_above = following[row, ceil]
    gap_below = np.where(near_below >= 0, means - near_below, np.inf)
    gap_above = np.where(near_above < size, near_above - means, np.inf)
    mine = np.abs(index - means)
    wins = free & (mine <= np.minimum(gap_below, gap_above) + 1e-9)
    return wins.mean(axis=0)


def quantal(chances: np.ndarray, sharpness: float = SHARPNESS) -> np.ndarray:
    """A soft best response: numbers weighted by exp(sharpness * chance / best chance)."""
    best = max(float(chances.max()), 1e-9)
    weights = np.exp(sharpness * (chances - best) / best)
    return weights / weights.sum()


def hierarchy(
    low: int,
    high: int,
    players: int,
    method: str,
    gen: np.random.Generator,
    tau: float = TAU,
    top: int = TOP_LEVEL,
    samples: int = 600,
    sharpness: float = SHARPNESS,
) -> np.ndarray:
    """The pick distributions of levels 0..top (rows), for a game of `players`."""
    size = high - low + 1
    levels = [level0(low, high)]
    weights = poisson_weights(tau, top)
    for k in range(1, top + 1):
        mix = np.average(np.array(levels), axis=0, weights=weights[:k])
        others = np.repeat(mix[None, :], players - 1, axis=0)
        chances = score_chances(sample_picks(others, samples, gen), size, method)
        levels.append(quantal(chances, sharpness))
    return np.array(levels)


@functools.lru_cache(maxsize=64)
def population(low: int, high: int, players: int, method: str, tau: float = TAU) -> np.ndarray:
    """The hierarchy for one table, from a seed fixed by the table itself: the same table always
    gets the same model, so it can be computed once (a memo of a pure function, read-only)."""
    seed = zlib.crc32(repr((low, high, players, method, tau)).encode())
    levels = hierarchy(low, high, players, method, np.random.default_rng(seed), tau)
    levels.setflags(write=False)
    return levels


def level_posterior(types: np.ndarray, prior: np.ndarray, picks: list[int]) -> np.ndarray:
    """Bayes: how likely each type of player (a row of `types`) is, given the picks made."""
    smoothed = 0.9 * types + 0.1 / types.shape[1]  # nobody plays exactly to type
    log = np.log(prior) + sum(np.log(smoothed[:, p]) for p in picks)
    log -= log.max()
    post = np.exp(log)
    return post / post.sum()


def habit(picks: list[int], size: int) -> np.ndarray:
    """A player's own habits: a small triangle-shaped bump around each number they picked."""
    dist = np.full(size, 1e-6)
    for p in picks:
        for offset, weight in ((0, 3.0), (-1, 1.0), (1, 1.0), (-2, 0.5), (2, 0.5)):
            if 0 <= p + offset < size:
                dist[p + offset] += weight
    return dist / dist.sum()


UNTHINKING = 0.1  # prior share of players who pick anything at all (a dice roll, a birthday)


def predict(levels: np.ndarray, tau: float, history: list[int]) -> np.ndarray:
    """One other player's next pick, given the picks (indices) they have revealed so far.

    The types are the hierarchy's levels plus a player who picks uniformly at random; the
    revealed picks weigh them (Bayes), and, as evidence grows, the player's own habits.
    """
    size = levels.shape[1]
    types = np.vstack([np.full(size, 1.0 / size), levels])
    prior = np.concatenate(
        [[UNTHINKING], (1 - UNTHINKING) * poisson_weights(tau, levels.shape[0] - 1)]
    )
    model = level_posterior(types, prior, history) @ types
    if not history:
        return model
    weight = min(0.5, 0.12 * len(history))
    return (1 - weight) * model + weight * habit(history, size)


def numpy_rng(rng: random.Random) -> np.random.Generator:
    """A numpy generator seeded from the bot's own rng, so its choices replay exactly."""
    return np.random.default_rng(rng.getrandbits(63))
