"""A ceiling for the Median card game's bots against `random` seats: what a seat told
everything a fair bot is not told can win.

Issue #5 asks the card game's `hard` bot for twice the fair share of wins against `random`
seats. This measures the most any bot can hope for there. The measured seat is an analysis
that reads the live state: every other hand, the deck's order (so every draw to come) and the
leader's face-down card when it follows. The other seats are the real `random` bots, so all it
does not know is which card each of them will pick, uniformly from its hand. Any fair bot's
policy is also a policy of this seat, so the best this seat can do bounds what any fair bot can
do from above; the strong search below gives a figure at or under that bound, the best we can
measure.

It searches as `hard` does (games/median_card_game/rollouts.py: rollouts of every card to the
end of the game, the last rounds solved exactly), but on the one deal it is told rather than on
deals of what it has not seen, and told that the others play at random rather than reading
their styles. So the gap between the two is what the hidden cards cost, search for search. The
measured games are played by the real engine, seats rotating as in `middleground tournament`;
`hard` plays the same seat on the same seeds for comparison.

Run: `python benchmarks/median_card_ceiling.py [--games N] [--players 5] [--seed S]
[--rollouts R] [--minutes M] [--no-hard]`. Prints JSON: the games, the win share, its 95%
Wilson interval, times the fair share, mean rounds won and mean cards taken, for the analysis
seat and for `hard` in its seat. README's figures: `--games 2000 --players 5 --seed 7` (0.446,
2.23x the fair share, 0.425-0.468, measured with the search before it moved into the game).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from middleground.ai.bot import make_bot, seat_names
from middleground.ai.tournament import wilson
from middleground.engine import FrozenDict, State
from middleground.engine.registry import get_game
from middleground.games.median_card_game.cards import rank_value, rank_values
from middleground.games.median_card_game.rollouts import ROLLOUTS, Deals, Games, Table, values

PLAYERS, SEED = 5, 7  # the README's table for hard against random seats


def told(state: State, me: int) -> Deals:
    """Everything the analysis seat is told, read from the live engine state, as one deal: the
    leader's face-down card last in its hand once placed."""
    hands = [rank_values(h) for h in state.hands]
    face_down = state.phase == "follow" and state.leader != me
    if state.phase == "follow":
        hands[state.leader].append(rank_value(state.face_down))
    last = [r["winner"] for r in state.rounds if r["winner"] is not None]

    def row(value):
        return np.array([value], dtype=np.int8 if np.ndim(value) > 1 else np.int64)

    games = Games(
        Table.of(state.seat_view(me)),
        row(hands),
        np.array([rank_values(state.deck)], dtype=np.int8).reshape(1, -1),
        row(len(state.pool)),
        row([len(w) for w in state.won]),
        row(list(state.rounds_won)),
        row(state.leader),
        row(last[-1] if last else -1),
    )
    return Deals(games, me, face_down)


@dataclass
class Ceiling:
    """The analysis seat: told every hand, the deck's order and the leader's placed card."""

    rollouts: int = ROLLOUTS
    seed: int = 0
    decisions: int = 0

    def choose(self, state: State, seat: int) -> dict[str, str]:
        legal = state.legal_actions(seat)
        calls = ["high", "low"] if "call" in legal[0] else [state.call]
        worth = self.worth(state, seat, calls)
        if "call" in legal[0]:
            call = max(calls, key=lambda c: (max(worth[c].values()), c == "high"))
            return FrozenDict(call=call)
        mine = worth[state.call]
        rank = max(mine, key=lambda v: (mine[v], -v))
        return next(a for a in legal if rank_value(a["card"]) == rank)

    def worth(self, state: State, seat: int, calls) -> dict[str | None, dict[int, float]]:
        """Each rank's value to the seat (by call, where it calls), on the deal it is told."""
        self.decisions += 1
        rng = random.Random(self.seed * 1_000_003 + self.decisions)
        deal = told(state, seat)
        view = state.seat_view(seat)
        return values(view, calls, rng, self.rollouts, lambda count, gen: deal, read_styles=False)


def play_measured(game, seat_bot, me: int, players: int, seed: int, options) -> State:
    """One game as `middleground tournament` plays it, the seat `me` played by `seat_bot`
    (reading the live state when it is the analysis seat) and the rest by `random`."""
    state = game.new_state(seat_names(players), options, seed)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(players)]
    rand = make_bot(game, "random")
    while not state.is_terminal():
        seat = state.awaiting()[0]
        legal = state.legal_actions(seat)
        if seat != me:
            action = rand.choose(state.seat_view(seat), legal, rngs[seat])
        elif isinstance(seat_bot, Ceiling):
            action = seat_bot.choose(state, seat)
        else:
            action = seat_bot.choose(state.seat_view(seat), legal, rngs[seat])
        state.apply(seat, action)
    return state


@dataclass
class Record:
    games: int = 0
    wins: float = 0.0
    rounds: int = 0
    cards: int = 0

    def add(self, state: State, seat: int) -> None:
        result = state.result()
        self.games += 1
        if seat in result.winners:
            self.wins += 1 / len(result.winners)
        self.rounds += state.rounds_won[seat]
        self.cards += result.scores[seat]

    def as_json(self, players: int) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        share = self.wins / self.games if self.games else 0.0
        return {
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_share": round(share, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "times_fair_share": round(share * players, 3),
            "mean_rounds_won": round(self.rounds / max(1, self.games), 3),
            "mean_cards_taken": round(self.cards / max(1, self.games), 3),
        }


def measure(
    games: int,
    players: int = PLAYERS,
    seed: int = SEED,
    rollouts: int = ROLLOUTS,
    hard: bool = True,
    progress: bool = False,
    minutes: float | None = None,
) -> dict[str, Any]:
    game = get_game("median-card-game")
    options: dict[str, Any] = {}
    analysis = Ceiling(rollouts, seed)
    hard_bot = make_bot(game, "hard", budget=rollouts)
    ceiling, compared = Record(), Record()
    started = time.monotonic()
    for index in range(games):
        if minutes is not None and time.monotonic() - started > 60 * minutes:
            break
        me = (-index) % players  # tournament seating: the bot named first starts at seat 0
        game_seed = seed * 1_000_003 + index
        ceiling.add(play_measured(game, analysis, me, players, game_seed, options), me)
        if hard:
            compared.add(play_measured(game, hard_bot, me, players, game_seed, options), me)
        if progress:
            line = ceiling.as_json(players)
            print(
                f"{index + 1}/{games} {time.monotonic() - started:.0f}s "
                f"ceiling {line['win_share']} {line['ci95']}"
                + (f" hard {compared.as_json(players)['win_share']}" if hard else ""),
                file=sys.stderr,
                flush=True,
            )
    report = {
        "players": players,
        "seed": seed,
        "rollouts": rollouts,
        "fair_share": round(1 / players, 4),
        "seconds": round(time.monotonic() - started, 1),
        "ceiling": ceiling.as_json(players),
    }
    if hard:
        report["hard_same_seat_and_seeds"] = compared.as_json(players)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS, help="per candidate")
    parser.add_argument("--minutes", type=float, help="stop starting games after this long")
    parser.add_argument("--no-hard", action="store_true", help="skip hard on the same seeds")
    parser.add_argument("--progress", action="store_true", help="a line per game on stderr")
    args = parser.parse_args(argv)
    if args.players < 3:
        parser.error("the ceiling is measured at three players or more")
    result = measure(
        args.games,
        args.players,
        args.seed,
        args.rollouts,
        not args.no_hard,
        args.progress,
        args.minutes,
    )
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
