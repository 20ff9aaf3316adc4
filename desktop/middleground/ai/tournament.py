"""Bots against bots: seats rotate from game to game; wins, Wilson intervals, openskill ratings."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from middleground.engine import Game, Result, State

from .bot import Bot, make_bot, seat_names

Z95 = 1.959963984540054


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win share (Wilson 1927); (0, 1) with no games."""
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    centre = share + z * z / (2 * games)
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


@dataclass
class Standing:
    """One bot name's record over a tournament."""

    games: int = 0
    wins: float = 0.0  # a win shared by k seats counts 1/k to each
    points: int = 0
    mu: float = 25.0
    sigma: float = 25.0 / 3

    def as_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_share": round(self.wins / self.games, 4) if self.games else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "rating": round(self.mu, 2),
            "rating_sigma": round(self.sigma, 2),
            "mean_points": round(self.points / self.games, 3) if self.games else 0.0,
        }


def fixed_skill_model() -> PlackettLuce:
    """Plackett-Luce ratings for players whose skill stays put. openskill's default adds a
    little uncertainty before every game (tau), as people improve and tire between games; a
    bot does neither, and with that drift the rating weighs the last few hundred games of a
    tournament most, so a streak late in a long run could reorder the levels. Without it every
    game counts alike and the order of the games hardly moves the ratings."""
    return PlackettLuce(tau=0.0)


@dataclass
class Tournament:
    """Accumulates games between named bots and rates the names with openskill."""

    names: Sequence[str]
    standings: dict[str, Standing] = field(default_factory=dict)
    model: PlackettLuce = field(default_factory=fixed_skill_model)
    played: int = 0  # games recorded

    def __post_init__(self) -> None:
        for name in self.names:
            self.standings.setdefault(name, Standing())

    def record(self, seat_names: Sequence[str], result: Result) -> None:
        """Count one finished game, `seat_names[s]` being the bot at seat s."""
        self.played += 1
        share = 1.0 / len(result.winners) if result.winners else 0.0
        for seat, name in enumerate(seat_names):
            standing = self.standings[name]
            standing.games += 1
            standing.points += result.scores[seat]
            if seat in result.winners:
                standing.wins += share
        # Each seat is a team of one carrying its name's rating; a name in several seats moves
        # by the mean of its seats' updates.
        teams = [
            [self.model.rating(mu=self.standings[n].mu, sigma=self.standings[n].sigma)]
            for n in seat_names
        ]
        rated = self.model.rate(teams, ranks=list(result.outcome_ranks()))
        moves: dict[str, list[tuple[float, float]]] = {}
        for name, team in zip(seat_names, rated, strict=True):
            moves.setdefault(name, []).append((team[0].mu, team[0].sigma))
        for name, updates in moves.items():
            standing = self.standings[name]
            standing.mu += sum(mu - standing.mu for mu, _ in updates) / len(updates)
            standing.sigma = sum(sigma for _, sigma in updates) / len(updates)

    def as_json(self) -> dict[str, Any]:
        return {name: s.as_json() for name, s in self.standings.items()}


def seating(names: Sequence[str], index: int) -> list[str]:
    """The bot names by seat in game `index`: the order rotates one seat per game."""
    shift = index % len(names)
    return [names[(seat + shift) % len(names)] for seat in range(len(names))]


def play_game(
    game: Game,
    bots: Sequence[Bot],
    options: Mapping[str, Any] | None,
    seed: int,
) -> State:
    """One game between `bots` (one per seat); each decides from its own seat's view only."""
    state = game.new_state(seat_names(len(bots)), options or {}, seed)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(bots))]
    while not state.is_terminal():
        seat = state.awaiting()[0]
        view = state.seat_view(seat)
        state.apply(seat, bots[seat].choose(view, state.legal_actions(seat), rngs[seat]))
    return state


def run_tournament(
    game: Game,
    names: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    budget: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    stopped: Callable[[], bool] = lambda: False,
) -> Tournament:
    """`games` games, seats rotating; the bot named `names[s]` starts at seat s. Fewer when
    `stopped` says so before a game (Ctrl+C at the command line)."""
    bots = {name: make_bot(game, name, budget=budget) for name in dict.fromkeys(names)}
    tournament = Tournament(list(dict.fromkeys(names)))
    for index in range(games):
        if stopped():
            break
        seat_names = seating(names, index)
        state = play_game(game, [bots[n] for n in seat_names], options, seed * 1_000_003 + index)
        tournament.record(seat_names, state.result())
        if progress:
            progress(index + 1, games)
    return tournament
