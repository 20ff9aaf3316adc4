"""Speed of the engine, the search and the bots, per game at 9 players; prints JSON.

`make bench` runs it (not part of `make test`: timings belong here, never in tests). The issue's
targets are printed beside the figures, with whether each is met, so a regression is visible.
`reference_ms`, a fixed pure-Python workload timed in the same run, says how fast the machine
was: divide two runs' figures by their references to compare them.
Run `python benchmarks/run.py --quick` for a fast pass with fewer samples.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import platform
import random
import statistics
import sys
import time
from typing import Any

from middleground.ai import LEVELS, make_bot
from middleground.ai.ismcts import Search
from middleground.engine import Game, State, all_games

PLAYERS = 9
TARGETS = {
    "engine_us_per_sealed_decision": 10.0,  # at most
    "clone_vs_deepcopy": 10.0,  # at least, times faster
    "search_iterations_per_second": 5000.0,  # at least
    "normal_p95_ms": 300.0,  # at most
    "hard_p95_ms": 1000.0,  # at most
    "ui_stall_ms": 50.0,  # at most
}


def players_for(game: Game) -> int:
    return min(max(PLAYERS, game.min_players), game.max_players)


def new_game(game: Game, seed: int) -> State:
    return game.new_state([f"P{i}" for i in range(players_for(game))], {}, seed)


def random_play(game: Game, seconds: float) -> dict[str, Any]:
    """Whole games between random players: games per second, time per decision point (listing
    the legal actions and applying one), and the apply alone, replayed from the record."""
    games = decisions = 0
    records: list[list[tuple[int, Any]]] = []
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = new_game(game, games)
        rng = random.Random(games)
        while not state.is_terminal():
            seat = state.awaiting()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            decisions += 1
        records.append(list(state.history))
        games += 1
    elapsed = time.perf_counter() - started
    loud = replay(game, records[:200], quiet=False)
    quiet = replay(game, records[:200], quiet=True)
    return {
        "players": players_for(game),
        "games_per_second": round(games / elapsed, 1),
        "us_per_decision_point": round(elapsed / max(decisions, 1) * 1e6, 2),
        "us_per_apply": loud["apply"],
        "us_per_sealed_decision": loud["sealed"],
        "us_per_sealed_decision_quiet": quiet["sealed"],
    }


def replay(game: Game, records: list[list[tuple[int, Any]]], quiet: bool) -> dict[str, Any]:
    """Time `apply` alone over recorded games; `quiet` as search plays (no submission events)."""
    applied = sealed = 0
    apply_time = sealed_time = 0.0
    for index, history in enumerate(records):
        state = new_game(game, index)
        state.quiet = quiet
        for seat, action in history:
            was_sealed = state.is_sealed()
            tick = time.perf_counter()
            state.apply(seat, action)
            spent = time.perf_counter() - tick
            apply_time += spent
            applied += 1
            if was_sealed:
                sealed += 1
                sealed_time += spent
    return {
        "apply": round(apply_time / max(applied, 1) * 1e6, 2),
        "sealed": round(sealed_time / sealed * 1e6, 2) if sealed else None,
    }


def midgame(game: Game, seed: int, share: float = 0.5) -> State:
    """A state about `share` of the way through a random game, waiting on someone."""
    whole = new_game(game, seed)
    rng = random.Random(seed)
    while not whole.is_terminal():
        seat = whole.awaiting()[0]
        whole.apply(seat, rng.choice(whole.legal_actions(seat)))
    state = new_game(game, seed)
    for seat, action in whole.history[: int(len(whole.history) * share)]:
        state.apply(seat, action)
    return state


def clone_speed(game: Game) -> dict[str, Any]:
    state = midgame(game, 1)
    count = 2000
    tick = time.perf_counter()
    for _ in range(count):
        state.clone()
    clone = (time.perf_counter() - tick) / count
    count = 50
    tick = time.perf_counter()
    for _ in range(count):
        copy.deepcopy(state)
    deep = (time.perf_counter() - tick) / count
    return {
        "clone_us": round(clone * 1e6, 2),
        "deepcopy_us": round(deep * 1e6, 2),
        "clone_vs_deepcopy": round(deep / clone, 1),
    }


def search_speed(game: Game, seconds: float, largest: int = 5120) -> dict[str, Any]:
    """ISMCTS iterations per second on one core, from the first decision at 9 players, with the
    game-free random policy (whole-game rollouts) and with the game's own policy where it has
    one (its rollouts, cut off at its horizon and valued by its evaluation where it has them).

    Searches of 5, 10, 20 ... iterations, each a new tree: with the game's policy always the
    same ones, up to `largest` (10,235 iterations in all), since an iteration costs more in a
    larger tree and a time limit would send a quicker search on to larger trees and so read it
    slower; the random policy's far slower whole-game rollouts stop once `seconds` are spent.
    """
    if not game.has_sampler:
        return {"iterations_per_second": None, "note": "no sampler: the game cannot be searched"}
    state = new_game(game, 3)
    seat = state.awaiting()[0]
    view, legal = state.seat_view(seat), state.legal_actions(seat)
    figures: dict[str, Any] = {}
    policies: dict[str, Any] = {"random_policy": None}
    own = game.search_policy
    if own is not None:
        policies["game_policy"] = own
    for name, factory in policies.items():
        rng = random.Random(1)
        policy = factory(view, rng) if factory else None
        search = Search(game, policy)
        budget = 5
        spent = 0.0
        while budget <= largest if factory else spent < seconds:
            tick = time.perf_counter()
            search.run(view, legal, budget, rng)
            spent += time.perf_counter() - tick
            budget *= 2
        figures[name] = round(search.iterations / spent, 1)
    figures["iterations_per_second"] = max(v for v in figures.values())
    return figures


def decision_times(game: Game, samples: int) -> dict[str, Any]:
    """How long each level takes to choose, over states spread through seeded random games."""
    states = [midgame(game, seed, share) for seed in range(4) for share in (0.0, 0.3, 0.6, 0.9)]
    states = [s for s in states if not s.is_terminal()]
    figures: dict[str, Any] = {}
    for level in LEVELS:
        bot = make_bot(game, level)
        times = []
        for index in range(samples):
            state = states[index % len(states)]
            seat = state.awaiting()[index % len(state.awaiting())]
            view, legal = state.seat_view(seat), state.legal_actions(seat)
            tick = time.perf_counter()
            bot.choose(view, legal, random.Random(index))
            times.append((time.perf_counter() - tick) * 1000)
        times.sort()
        figures[level] = {
            "p50_ms": round(statistics.median(times), 2),
            "p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 2),
            "samples": len(times),
        }
    return figures


def reference_ms(repeats: int = 5) -> float:
    """A fixed pure-Python workload (shuffling, sorting, counting, small objects), the best of
    `repeats`: the machine's speed on this run, so that figures from runs on machines of
    different speeds (or one shared machine on a busy day) can be compared as ratios."""
    best = math.inf
    for _ in range(repeats):
        rng = random.Random(0)
        tick = time.perf_counter()
        counts: dict[int, int] = {}
        for _ in range(20):
            values = [rng.randrange(1000) for _ in range(5000)]
            values.sort()
            for value in values:
                counts[value] = counts.get(value, 0) + 1
            pairs = [(v, str(v)) for v in values[::10]]
            pairs.sort(key=lambda pair: pair[1])
        best = min(best, time.perf_counter() - tick)
    return round(best * 1000, 1)


def verdicts(report: dict[str, Any]) -> dict[str, Any]:
    """Each target, the worst figure over the games, and whether it is met."""
    games = report["games"].values()
    # The search's own copies are quiet (State.quiet), so that is the hot path measured.
    engine = max(g["random_play"]["us_per_sealed_decision_quiet"] or 0 for g in games)
    clone = min(g["clone"]["clone_vs_deepcopy"] for g in games)
    searchable = [g["search"]["iterations_per_second"] for g in games]
    search = min((s for s in searchable if s), default=None)
    normal = max(g["decisions"]["normal"]["p95_ms"] for g in games)
    hard = max(g["decisions"]["hard"]["p95_ms"] for g in games)
    rows = {
        "engine_us_per_sealed_decision": (
            engine,
            engine <= TARGETS["engine_us_per_sealed_decision"],
        ),
        "clone_vs_deepcopy": (clone, clone >= TARGETS["clone_vs_deepcopy"]),
        "search_iterations_per_second": (
            search,
            search is not None and search >= TARGETS["search_iterations_per_second"],
        ),
        "normal_p95_ms": (normal, normal <= TARGETS["normal_p95_ms"]),
        "hard_p95_ms": (hard, hard <= TARGETS["hard_p95_ms"]),
    }
    out = {
        name: {"figure": figure, "target": TARGETS[name], "met": met}
        for name, (figure, met) in rows.items()
    }
    stalls = [g["while_bots_think"]["max_ms"] for g in report.get("ui_stall", {}).values()]
    stalls = [s for s in stalls if s is not None]
    stall = max(stalls) if stalls else None
    out["ui_stall_ms"] = {
        "figure": stall,
        "target": TARGETS["ui_stall_ms"],
        "met": None if stall is None else stall <= TARGETS["ui_stall_ms"],
    }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples, a rough pass")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--no-ui", action="store_true", help="skip the UI-thread stall games")
    args = parser.parse_args(argv)
    seconds = 0.5 if args.quick else 2.0
    samples = 8 if args.quick else 40
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "players": PLAYERS,
        "reference_ms": reference_ms(),
        "games": {},
    }
    for game in all_games():
        if args.game and game.id not in args.game:
            continue
        print(f"benchmarking {game.id}...", file=sys.stderr)
        report["games"][game.id] = {
            "random_play": random_play(game, seconds),
            "clone": clone_speed(game),
            "search": search_speed(game, seconds, 640 if args.quick else 5120),
            "decisions": decision_times(game, samples),
        }
    if not args.no_ui:
        import ui_stall  # beside this file; Qt is loaded only for this part

        print("measuring UI-thread stalls at a table of bots...", file=sys.stderr)
        report["ui_stall"] = ui_stall.run(args.game, 10.0 if args.quick else 40.0)
    report["targets"] = verdicts(report)
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
