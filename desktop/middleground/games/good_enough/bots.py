"""It's Good Enough bots: a human-like guesser, and cognitive-hierarchy players that aim for the
median total rather than for the most points.

Each bot is a pure function of its seat's view, the legal actions and the rng it is handed: no
state is kept between calls, so any bot may think on any thread.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from middleground.engine import Action, FrozenDict, View

from . import forecast
from . import hierarchy as ch
from .rules import MIN_ROUNDS
from .scoring import median_player

SAMPLES = 1500  # rows of the others' picks drawn to estimate each number's chance to score


class HumanLikeBot:
    """Level 0: picks the way a casual player does, drawn to the middle and to round numbers.

    With `placement` it also knows the winner is the median total: when a point would not
    help, it plays far from the middle, where numbers rarely score.
    """

    level = "easy"

    def __init__(self, placement: bool = True):
        self.placement = placement

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        low, high = _number_span(view)
        weights = ch.level0(low, high)
        numbers = [a["number"] for a in legal]
        if self.placement and not point_helps(view, ch.numpy_rng(rng)):
            middle = (low + high) / 2
            far = sorted(numbers, key=lambda x: -abs(x - middle))[: max(1, len(numbers) // 10)]
            return FrozenDict(number=rng.choice(far))
        chosen = rng.choices(numbers, weights=[weights[x - low] for x in numbers])[0]
        return FrozenDict(number=chosen)


class HierarchyBot:
    """Best responds to a cognitive hierarchy of the others, read from the rounds revealed.

    With `placement`, it first asks whether one more point helps it finish on the median total
    (a quick simulation of the rounds left); when it would not, it plays a number unlikely to
    score. Without, it simply plays for the point.
    """

    def __init__(self, level: str = "normal", placement: bool = True, adaptive: bool = True):
        self.level = level
        self.placement = placement
        self.adaptive = adaptive

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        numbers = [a["number"] for a in legal]
        if len(numbers) == 1:
            return FrozenDict(number=numbers[0])
        gen = ch.numpy_rng(rng)
        low = _number_span(view)[0]
        chances = number_chances(view, gen, self.adaptive, SAMPLES)
        mine = np.array([chances[x - low] for x in numbers])
        want_point = not self.placement or point_helps(view, gen)
        if not want_point:
            mine = 1.0 - mine
        return FrozenDict(number=_pick_near_best(numbers, mine, rng))


class ForecastBot:
    """Plays for the median total: each promising number is scored by how often the seat wins
    when the rest of the game is played out by the hierarchy model (see forecast.py).

    Where the imagined games cannot tell numbers apart (their win credits lie within a couple
    of standard errors of the best's, as is usual early on, when one point barely moves the
    chance to win), it plays for points among them, weighing each number's chance to score
    against the chance that somebody shares it (a shared number is out). Where they clearly
    can, the imagined games decide. With numbered cards, where hands rather than the model
    bound what others can play, it plays as the placement-aware hierarchy bot.
    """

    level = "hard"
    considered = 18  # most promising numbers weighed...
    spoilers = 3  # ...and a few that almost never score, for when a point would hurt
    clear = 2.0  # standard errors by which a number's win credit must trail the best's
    # before the imagined games are taken to tell them apart
    shared_cost = 0.6  # a number's value: its chance to score, less this times its chance
    # of being shared (tuned by tournaments against the hierarchy population)

    def __init__(self, budget: int | None = None):
        self.rows = budget or 1200  # imagined games per candidate number (`--budget`)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.options["numbers"] == "cards":
            return HierarchyBot("hard").choose(view, legal, rng)
        numbers = [a["number"] for a in legal]
        gen = ch.numpy_rng(rng)
        low, high = _number_span(view)
        method = view.options["scoring"]
        predicted = predicted_picks(view, adaptive=True)
        chances = number_chances(view, gen, True, SAMPLES, predicted)
        shared = crowding(predicted, view.seat)
        value = chances - self.shared_cost * shared
        order = [int(i) for i in np.argsort(-value, kind="stable")]
        # Spoilers: numbers that almost never score, and are rarely shared either.
        quiet = [int(i) for i in np.argsort(chances + 0.05 * shared, kind="stable")]
        picks = order[: self.considered] + quiet[: self.spoilers]
        picks = [i for i in dict.fromkeys(picks) if low + i in numbers] or [numbers[0] - low]
        board = view.board
        plan = [x - low for x in board.get("plan", ())]
        credit = forecast.candidate_credit(
            view.seat,
            picks,
            round_points(view),
            predicted,
            plan,
            _rounds_ahead(view),
            high - low + 1,
            method,
            gen,
            self.rows,
            (order[0], quiet[0]),
            peel=view.options["tiebreak"] == "peel",
        )
        close = as_good(credit, self.clear)
        # Among numbers about as good for the win, the best value for points.
        merit = np.array([value[picks[i]] for i in close])
        chosen = close[_spread(merit, rng)]
        return FrozenDict(number=low + picks[chosen])


def as_good(credit: np.ndarray, clear: float) -> list[int]:
    """The candidates (rows of per-game win credit, the same games in every row) whose mean
    credit the games cannot tell from the best's: it trails by less than `clear` standard
    errors of the paired difference. The best is always among them."""
    mean = credit.mean(axis=1)
    best = int(np.argmax(mean))
    gap = credit[best] - credit
    error = gap.std(axis=1) / np.sqrt(credit.shape[1])
    return [i for i in range(len(mean)) if mean[best] - mean[i] <= clear * error[i]]


def crowding(predicted: np.ndarray, seat: int | None) -> np.ndarray:
    """Each number's chance that at least one other seat picks it (which puts it out)."""
    others = np.delete(predicted, seat, axis=0) if seat is not None else predicted
    return 1.0 - np.prod(1.0 - others, axis=0)


def _spread(merit: np.ndarray, rng: random.Random, slack: float = 0.01) -> int:
    """An index among those within `slack` of the best merit, drawn at random: copies of a bot
    at one table then rarely land on the same number."""
    best = float(merit.max())
    near = [i for i, m in enumerate(merit) if m >= best - slack]
    return near[rng.randrange(len(near))]


def _rounds_ahead(view: View) -> int:
    """Rounds still to play after this one (an estimate when the game ends at a points total)."""
    board = view.board
    if view.phase == "plan":
        return board["rounds_total"] - len(board.get("plan", ())) - 1
    played = len(board["rounds"])
    if board["extra_round"]:
        return 0
    if board["end"] == "rounds":
        return max(0, board["rounds_total"] - played - 1)
    awarded = sum(board["scores"])
    per_round = awarded / played if played else 1.2
    return _points_rounds_ahead(board["points_target"], awarded, per_round, played)


def _points_rounds_ahead(target: int, awarded: int, per_round: float, played: int) -> int:
    """Rounds still to play after this one when the game ends at a points total: as many as
    the points still to hand out take at the rate so far, and never before the third round."""
    ahead = round((target - awarded) / max(per_round, 0.5)) - 1
    return max(0, ahead, MIN_ROUNDS - played - 1)


class PopulationBot:
    """One member of a simulated cognitive-hierarchy population, of a fixed thinking level."""

    def __init__(self, thinking: int, tau: float = ch.TAU):
        self.level = f"ch{thinking}"
        self.thinking = thinking
        self.tau = tau

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        low, high = _number_span(view)
        method = view.options["scoring"]
        levels = ch.population(low, high, len(view.players), method, self.tau)
        dist = levels[min(self.thinking, len(levels) - 1)]
        numbers = [a["number"] for a in legal]
        weights = [dist[x - low] + 1e-9 for x in numbers]
        return FrozenDict(number=rng.choices(numbers, weights=weights)[0])


def population_levels(players: int, rng: random.Random, tau: float = ch.TAU) -> list[int]:
    """Thinking levels for a simulated population: Poisson(tau), capped at the top level."""
    weights = ch.poisson_weights(tau, ch.TOP_LEVEL)
    return rng.choices(range(ch.TOP_LEVEL + 1), weights=list(weights), k=players)


# ----- the model behind the bots -----------------------------------------------------------


def _number_span(view: View) -> tuple[int, int]:
    if view.options["numbers"] == "cards":
        return 1, view.options["deck"]
    return view.options["low"], view.options["high"]


def round_points(view: View) -> np.ndarray:
    """The points each seat scored in each revealed round (rounds x seats)."""
    n = len(view.players)
    points = np.zeros((len(view.board["rounds"]), n), dtype=np.int64)
    for index, outcome in enumerate(view.board["rounds"]):
        points[index, list(outcome["scorers"])] = 1
    return points


def revealed_picks(view: View) -> list[list[int]]:
    """Each seat's revealed numbers, round by round."""
    picks: list[list[int]] = [[] for _ in view.players]
    for outcome in view.board["rounds"]:
        for seat, number in enumerate(outcome["picks"]):
            picks[seat].append(number)
    return picks


def predicted_picks(view: View, adaptive: bool) -> np.ndarray:
    """Row s: how seat s is expected to pick this round (over indices of the range)."""
    low, high = _number_span(view)
    size = high - low + 1
    levels = ch.population(low, high, len(view.players), view.options["scoring"])
    history = revealed_picks(view) if adaptive else [[] for _ in view.players]
    dists = np.array([ch.predict(levels, ch.TAU, [p - low for p in picks]) for picks in history])
    return 0.97 * dists + 0.03 / size  # room for surprises


def number_chances(
    view: View,
    gen: np.random.Generator,
    adaptive: bool,
    samples: int,
    predicted: np.ndarray | None = None,
) -> np.ndarray:
    """Each number's chance to score this round, for the viewing seat (index 0 = lowest)."""
    low, high = _number_span(view)
    size = high - low + 1
    method = view.options["scoring"]
    if view.options["numbers"] == "cards":
        return ch.score_chances(_card_picks(view, gen, samples), size, method)
    if predicted is None:
        predicted = predicted_picks(view, adaptive)
    others = [s for s in range(len(view.players)) if s != view.seat]
    return ch.score_chances(ch.sample_picks(predicted[others], samples, gen), size, method)


def _card_picks(view: View, gen: np.random.Generator, samples: int) -> np.ndarray:
    """Others' cards this round (indices), dealt from the unseen cards, played like people do:
    drawn to the middle of the deck."""
    board, seat = view.board, view.seat
    deck = view.options["deck"]
    seen = set(board["hand"]) | set(board.get("plan", ())) | set(board["discards"])
    unseen = np.array([c for c in range(1, deck + 1) if c not in seen]) - 1
    liking = ch.level0(1, deck) ** 2
    others = [s for s in range(len(view.players)) if s != seat]
    sizes = [board["hand_sizes"][s] for s in others]
    picks = np.empty((samples, len(others)), dtype=np.int64)
    for row in range(samples):
        dealt = gen.permutation(unseen)
        start = 0
        for column, size in enumerate(sizes):
            hand = dealt[start : start + size]
            start += size
            weights = liking[hand]
            picks[row, column] = hand[
                np.searchsorted(np.cumsum(weights), gen.random() * weights.sum())
            ]
    return picks


def point_helps(view: View, gen: np.random.Generator, sims: int = 400) -> bool:
    """Whether scoring this round raises the seat's chance to end on the median total."""
    n = len(view.players)
    board, seat = view.board, view.seat
    totals = np.array(board["scores"], dtype=np.int64)
    played = len(board["rounds"])
    awarded = int(totals.sum())
    per_round = awarded / played if played else 1.2
    if board["end"] == "rounds" and not board["extra_round"]:
        left = board["rounds_total"] - played - 1
    elif board["end"] == "points":
        left = _points_rounds_ahead(board["points_target"], awarded, per_round, played)
    else:
        left = 0
    if view.phase == "plan":
        left = board["rounds_total"] - 1  # nothing is revealed: every round is still ahead
    share = per_round / n
    rates = (totals + 3 * share) / (played + 3) if played else np.full(n, share)
    rates = np.clip(rates, 0.0, 1.0)
    now = gen.random((sims, n)) < rates
    now[:, seat] = False
    future = gen.binomial(left, rates, size=(sims, n)) if left > 0 else np.zeros((sims, n), int)
    base = totals + now + future
    with_point = base.copy()
    with_point[:, seat] += 1
    return _win_share(with_point, seat) >= _win_share(base, seat)


def _win_share(totals: np.ndarray, seat: int) -> float:
    """The seat's share of wins over rows of final totals (a shared median counts in part)."""
    share = 0.0
    for row in totals.tolist():
        verdict = median_player(row)
        if seat in verdict.candidates:
            share += 1.0 / len(verdict.candidates)
    return share / len(totals)


def _pick_near_best(numbers: list[int], values: np.ndarray, rng: random.Random) -> int:
    """One of the numbers that are nearly best, at random, so copies of a bot do not collide."""
    best = float(values.max())
    close = [i for i, v in enumerate(values) if v >= best * 0.9 - 1e-12]
    weights = [float(values[i]) ** 4 + 1e-12 for i in close]
    return numbers[rng.choices(close, weights=weights)[0]]


BOTS = {
    "easy": HumanLikeBot,
    "normal": lambda: HierarchyBot("normal", placement=True, adaptive=False),
    "hard": ForecastBot,
}
