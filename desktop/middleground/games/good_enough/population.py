"""A simulated cognitive-hierarchy population to measure a bot against: each other seat is a
player of a fixed thinking level drawn from Poisson(tau), as Camerer, Ho and Chong model a room
of people. Reports the bot's points against the fair share, its disqualifications and wins."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from middleground.ai import Bot
from middleground.ai.tournament import play_game
from middleground.engine import Game

from .bots import PopulationBot, population_levels


@dataclass(frozen=True)
class PopulationReport:
    """How one bot fared, over many games, in one seat among a simulated population."""

    games: int
    rounds: int
    points: int  # the bot's points
    fair_points: float  # everyone's points divided by the player count
    disqualified: int  # rounds in which the bot's number was shared
    wins: float  # a shared win counts 1/k

    @property
    def points_ratio(self) -> float:
        return self.points / self.fair_points if self.fair_points else 0.0

    @property
    def disqualified_rate(self) -> float:
        return self.disqualified / self.rounds if self.rounds else 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "rounds": self.rounds,
            "points_ratio": round(self.points_ratio, 3),
            "disqualified_rate": round(self.disqualified_rate, 4),
            "win_share": round(self.wins / self.games, 4) if self.games else 0.0,
        }


def against_population(
    game: Game,
    bot: Bot,
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> PopulationReport:
    """`bot` in a rotating seat among `players - 1` population members, for `games` games."""
    return among_population(game, lambda levels: bot, players, games, seed, options)


def among_population(
    game: Game,
    bot_for: Callable[[Sequence[int]], Bot],
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> PopulationReport:
    """As `against_population`, the measured seat's bot made for each game by `bot_for` from
    the others' thinking levels (a fair bot ignores them; an analysis may lean on them)."""
    points = rounds = disqualified = 0
    total = 0
    wins = 0.0
    for index in range(games):
        rng = random.Random(f"population:{seed}:{index}")
        levels = population_levels(players - 1, rng)
        hero = index % players
        seats: list[Bot] = [PopulationBot(k) for k in levels]
        seats.insert(hero, bot_for(levels))
        state = play_game(game, seats, options, seed * 1_000_003 + index)
        result = state.result()
        points += result.scores[hero]
        total += sum(result.scores)
        for outcome in state.public_view().board["rounds"]:
            rounds += 1
            disqualified += hero in outcome["disqualified"]
        if hero in result.winners:
            wins += 1.0 / len(result.winners)
    return PopulationReport(games, rounds, points, total / players, disqualified, wins)
