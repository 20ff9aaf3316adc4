"""Headless commands: games, referee, simulate, tournament. Qt-free, so they run anywhere, fast."""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from middleground import __version__
from middleground.ai import RandomBot, seat_names
from middleground.ai.bot import MAX_BUDGET
from middleground.engine import (
    GameError,
    IllegalAction,
    SetupError,
    State,
    all_games,
    get_game,
    parse_json,
    thaw,
)
from middleground.engine.words import counted, elided, join_names, written
from middleground.terminal import (
    CLOSED_PIPE,
    STOPPED,
    CannotWrite,
    Output,
    drop_unwritten,
    progress_bar,
    run_ended,
    speak_utf8,
    stoppable,
)


def cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    """List the registered games with their ids, player ranges, options and action objects."""
    games = all_games()
    if args.json:
        data = [
            {
                "id": g.id,
                "title": g.title,
                "players": [g.min_players, g.max_players],
                "options": {o.key: o.default for o in g.options},
                "option_details": {o.key: o.details() for o in g.options},
                "actions": g.action_help,
            }
            for g in games
        ]
        json.dump(data, out, indent=2)
        out.write("\n")
        return 0
    for g in games:
        span = (
            str(g.min_players)
            if g.min_players == g.max_players
            else f"{g.min_players}-{g.max_players}"
        )
        out.write(f"{g.id}  {g.title}  ({span} players)\n  {g.pitch}\n")
        out.write("  options:\n")
        for option in g.options:
            out.write(f"    {option.describe()}\n")
        out.write(f"  actions: {g.action_help}\n\n")
    return 0


SCRIPT_KEYS = ("game", "players", "options", "seed", "actions")

# The most characters of an action a message shows whole: room for The Median's orders for two
# characters or an offer between long names, not for a file pasted where an action belongs.
LONGEST_ACTION = 160


class ScriptError(Exception):
    """A referee script that cannot be played; the message says where and why."""


def _load_script(source: str) -> Mapping[str, Any]:
    # UTF-8 with or without the byte-order mark that PowerShell 5 and old Notepad put first
    # (standard input is read so too: see speak_utf8).
    try:
        if source == "-":
            text = sys.stdin.read() if sys.stdin is not None else ""  # closed (`<&-`): nothing
        else:
            with open(source, encoding="utf-8-sig") as handle:
                text = handle.read()
    except UnicodeDecodeError:
        raise ScriptError("The script is not UTF-8 text: save it as UTF-8 and try again.") from None
    except OSError as error:
        raise ScriptError(f"Cannot read the script {source}: {error.strerror}.") from None
    if not text.strip():
        raise ScriptError("The script is empty.")
    try:
        script = parse_json(text)
    except json.JSONDecodeError as error:
        raise ScriptError(
            f"The script is not valid JSON: {error.msg} at line {error.lineno}."
        ) from None
    except ValueError as error:
        raise ScriptError(f"The script {error}.") from None
    if not isinstance(script, dict):
        raise ScriptError("The script must be one JSON object.")
    for key in ("game", "players", "actions"):
        if key not in script:
            raise ScriptError(f"The script has no {written(key)}.")
    if not isinstance(script["players"], list) or not isinstance(script["actions"], list):
        raise ScriptError("The script's players and actions must be lists.")
    return script


def referee_report(state: State) -> dict[str, Any]:
    """The outcome so far as JSON data: scores, winners, losers, rounds, finished."""
    names = state.players
    view = state.public_view()
    report: dict[str, Any] = {
        "game": state.game.id,
        "players": list(names),
        "options": thaw(state.options),
        "seed": state.seed,
        "finished": state.is_terminal(),
        "actions_played": len(state.history),
        "scores": dict(zip(names, state.scores(), strict=True)),
        "rounds": state.game.round_report(view),
    }
    if state.is_terminal():
        result = state.result()
        report["winners"] = [names[s] for s in result.winners]
        report["losers"] = [names[s] for s in result.losers]
        report["shared"] = result.shared
        report["placements"] = dict(zip(names, result.placements, strict=True))
        report["tokens"] = {names[int(s)]: thaw(t) for s, t in result.tokens.items()}
        report["summary"] = result.summary
        if result.notes:  # what was secret until the end (The Median: who held what)
            report["notes"] = dict(zip(names, result.notes, strict=True))
    else:
        report["winners"] = []
        report["losers"] = []
        report["waiting_for"] = [names[s] for s in state.awaiting()]
    return report


def play_script(script: Mapping[str, Any]) -> State:
    """Play a referee script through the rules; ScriptError names the failing action."""
    try:
        game = get_game(script["game"])
        seed = script.get("seed", 0)
        state = game.new_state(script["players"], script.get("options"), seed)  # None: defaults
    except GameError as error:
        raise ScriptError(str(error)) from None
    seats = {name: seat for seat, name in enumerate(state.players)}
    for index, entry in enumerate(script["actions"], start=1):
        if not isinstance(entry, dict) or "player" not in entry or "action" not in entry:
            raise ScriptError(
                f'Action {index} must be an object like {{"player": NAME, "action": {{...}}}}.'
            )
        player = entry["player"]
        if not isinstance(player, str) or player not in seats:
            raise ScriptError(f"Action {index} is by {written(player)}, who is not playing.")
        try:
            state.apply(seats[player], entry["action"])
        except IllegalAction as error:
            shown = elided(json.dumps(entry["action"]), LONGEST_ACTION)
            raise ScriptError(
                f"Action {index} ({player}: {shown}) breaks the rule "
                f"'{error.rule}': {error.args[0]}"
            ) from None
    return state


def cmd_referee(args: argparse.Namespace, out: TextIO) -> int:
    """Play a scripted game and print its outcome as JSON."""
    try:
        script = _load_script(args.script)
        state = play_script(script)
    except ScriptError as error:
        print(f"referee: {error}", file=sys.stderr)
        return 2
    for key in script:  # a misspelt "sead" would quietly leave the defaults in play
        if key not in SCRIPT_KEYS:
            known = ", ".join(SCRIPT_KEYS)
            warning = f"{written(key)} is not part of a script ({known}): ignored."
            print(f"referee: warning: {warning}", file=sys.stderr)
    json.dump(referee_report(state), out, indent=2, ensure_ascii=False)
    out.write("\n")
    return 0


def _options(text: str | None) -> Any:
    """`--options`, read as JSON; a SetupError saying so if it is not JSON."""
    try:
        return parse_json(text) if text else {}
    except json.JSONDecodeError as error:
        raise SetupError(
            f"--options is not valid JSON: {error.msg} at column {error.colno}."
        ) from None
    except ValueError as error:
        raise SetupError(f"--options {error}.") from None


def _below_one(args: argparse.Namespace, *names: str) -> str:
    """What is wrong with the first of these arguments that is given and below 1, or ""."""
    for name in names:
        value = getattr(args, name)
        if value is not None and value < 1:
            return f"--{name} must be at least 1"
    return ""


def _budget_too_big(budget: int | None) -> str:
    """What is wrong with `--budget` if it is past MAX_BUDGET, or "": a decision's memory grows
    with it (It's Good Enough's hard bot: gigabytes by 100,000, numpy's traceback by 10**21)."""
    if budget is not None and budget > MAX_BUDGET:
        return f"--budget must be at most {MAX_BUDGET} (ten times the hard bots' own)"
    return ""


def random_game(game_id: str, players: int, seed: int, options: Mapping[str, Any] | None = None):
    """Play one game between random legal players; return the finished state."""
    state = get_game(game_id).new_state(seat_names(players), options or {}, seed)
    chooser = RandomBot()
    rng = random.Random(seed ^ 0x5EED)
    while not state.is_terminal():
        seat = state.awaiting()[0]
        state.apply(seat, chooser.choose(state.seat_view(seat), state.legal_actions(seat), rng))
    return state


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Random legal games: wins per seat, mean points, games per second."""
    try:
        options = _options(args.options)
        game = get_game(args.game)
        game.check_count(args.players)  # before naming a billion seats
        game.setup(seat_names(args.players), options)
    except GameError as error:
        print(f"simulate: {error}", file=sys.stderr)
        return 2
    problem = _below_one(args, "games")
    if problem:
        print(f"simulate: {problem}.", file=sys.stderr)
        return 2
    wins = [0] * args.players
    points = [0] * args.players
    progress = progress_bar(sys.stderr) if out.isatty() else None
    played, drawn = 0, -1.0
    started = time.perf_counter()
    with stoppable("simulate") as stop:
        try:
            for index in range(args.games):
                if stop.asked:
                    break
                result = random_game(args.game, args.players, args.seed + index, options).result()
                for seat in result.winners:
                    wins[seat] += 1
                for seat, score in enumerate(result.scores):
                    points[seat] += score
                played += 1
                # redrawn ten times a second: once a game would slow the quick games down
                if progress and (time.perf_counter() - drawn > 0.1 or played == args.games):
                    progress(played, args.games)
                    drawn = time.perf_counter()
        except GameError as error:  # the rules refused a game the setup check let through
            print(f"simulate: {error}", file=sys.stderr)
            return 2
    ended = run_ended("simulate", played, args.games, progress)
    if not played:
        return ended
    elapsed = max(time.perf_counter() - started, 1e-9)
    summary = {
        "game": args.game,
        "players": args.players,
        "games": played,
        "seed": args.seed,
        "wins": wins,
        "mean_points": [round(p / played, 3) for p in points],
        "games_per_second": round(played / elapsed, 1),
    }
    if args.json:
        json.dump(summary, out, indent=2)
        out.write("\n")
        return ended
    out.write(
        f"{counted(played, 'random game')} of {args.game}, {args.players} players, "
        f"seed {args.seed}\n"
    )
    out.write("seat  wins  mean points\n")
    for seat in range(args.players):
        out.write(f"{seat + 1:>4}  {wins[seat]:>4}  {summary['mean_points'][seat]:>11}\n")
    out.write(f"{summary['games_per_second']} games per second\n")
    return ended


def cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    """Bots against bots, seats rotating: wins, win share, Wilson interval and rating per bot."""
    from middleground.ai import bot_names
    from middleground.ai.tournament import run_tournament

    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    try:
        options = _options(args.options)
        game = get_game(args.game)
        resolved = game.setup(seat_names(len(names)), options)
    except GameError as error:
        print(f"tournament: {error}", file=sys.stderr)
        return 2
    barred = game.bots_barred(resolved)  # bots cannot play these options (a real deck)
    if barred:
        print(f"tournament: {barred}", file=sys.stderr)
        return 2
    unknown = [n for n in names if n not in bot_names(game)]
    problem = (
        f"{game.title} has no bot {written(unknown[0])}; its bots are {join_names(bot_names(game))}"
        if unknown
        else _below_one(args, "games", "budget") or _budget_too_big(args.budget)
    )
    if problem:
        print(f"tournament: {problem}.", file=sys.stderr)
        return 2
    progress = progress_bar(sys.stderr) if out.isatty() else None
    started = time.perf_counter()
    with stoppable("tournament") as stop:
        try:
            tournament = run_tournament(
                game,
                names,
                args.games,
                args.seed,
                options,
                budget=args.budget,
                progress=progress,
                stopped=lambda: stop.asked,
            )
        except GameError as error:  # the rules refused a game the setup check let through
            print(f"tournament: {error}", file=sys.stderr)
            return 2
    played = tournament.played
    ended = run_ended("tournament", played, args.games, progress)
    if not played:
        return ended
    summary = {
        "game": game.id,
        "players": len(names),
        "seats": names,
        "games": played,
        "seed": args.seed,
        "budget": args.budget,
        "seconds": round(time.perf_counter() - started, 2),
        "bots": tournament.as_json(),
    }
    if args.json:
        json.dump(summary, out, indent=2)
        out.write("\n")
        return ended
    out.write(
        f"{counted(played, 'game')} of {game.id}, {len(names)} seats ({', '.join(names)}), "
        f"seed {args.seed}; seats rotate every game\n"
    )
    out.write("bot          games     wins  win share  95% interval     rating\n")
    for name, row in summary["bots"].items():
        low, high = row["ci95"]
        out.write(
            f"{name:<10} {row['games']:>7} {row['wins']:>8.1f}  {row['win_share']:>9.3f}  "
            f"{low:.3f}-{high:.3f}  {row['rating']:>9.2f}\n"
        )
    return ended


class Parser(argparse.ArgumentParser):
    """argparse, whose help and version are a report like any other: a write the system
    refuses is told (argparse drops it and exits 0). Its messages to standard error stay as
    argparse writes them."""

    def _print_message(self, message: str, file: TextIO | None = None) -> None:
        if message and file is not None and file is not sys.stderr:
            Output(file).write(message)
        else:
            super()._print_message(message, file)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="middleground",
        description="Middle Ground: median party games. With no command, opens the app.",
        epilog="middleground --self-test: check this installation offscreen (every game's "
        "board, panel and projector, the assets, a save) and print the versions. With no "
        "command the app takes Qt's own options, such as -platform NAME, -style NAME or "
        "-reverse.",
    )
    parser.add_argument("--version", action="version", version=f"middleground {__version__}")
    commands = parser.add_subparsers(dest="command")
    games = commands.add_parser("games", help="list the games, their options and actions")
    games.add_argument("--json", action="store_true", help="print JSON")
    games.set_defaults(run=cmd_games)
    referee = commands.add_parser("referee", help="play a scripted game and print the outcome")
    referee.add_argument("script", help="the script file (JSON), or - for standard input")
    referee.set_defaults(run=cmd_referee)
    simulate = commands.add_parser("simulate", help="play random games and print statistics")
    simulate.add_argument("--game", required=True)
    simulate.add_argument("--players", type=int, required=True)
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--options", help="the game's options as a JSON object")
    simulate.add_argument("--json", action="store_true", help="print JSON")
    simulate.set_defaults(run=cmd_simulate)
    tournament = commands.add_parser(
        "tournament", help="bots against bots, seats rotating; wins, intervals and ratings"
    )
    tournament.add_argument("--game", required=True)
    tournament.add_argument(
        "--bots", required=True, help="one bot level per seat, comma-separated (names repeat)"
    )
    tournament.add_argument("--games", type=int, default=100)
    tournament.add_argument("--seed", type=int, default=0)
    tournament.add_argument("--options", help="the game's options as a JSON object")
    tournament.add_argument(
        "--budget", type=int, help=f"search iterations per decision, 1 to {MAX_BUDGET}"
    )
    tournament.add_argument("--json", action="store_true", help="print JSON")
    tournament.set_defaults(run=cmd_tournament)
    return parser


def refuse(problem: str) -> int:
    """The usage and a line saying what is wrong, on standard error, and exit code 2, as for a
    mistyped command: the launcher's answer to an option the app does not take."""
    parser = build_parser()
    parser.print_usage(sys.stderr)
    print(f"{parser.prog}: error: {problem}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run one headless command; return its exit code."""
    speak_utf8()
    try:
        try:
            args = build_parser().parse_args(argv)
            if args.command is None:
                build_parser().print_help()
                return 0
            return args.run(args, Output(out or sys.stdout))
        finally:  # written out here, where a reader gone is heard, not in Python's last flush
            Output(sys.stdout).flush()
    except BrokenPipeError:
        drop_unwritten()
        return CLOSED_PIPE
    except KeyboardInterrupt:  # Ctrl+C where no figures are owed (or a second one)
        print(file=sys.stderr)
        return STOPPED
    except CannotWrite as error:
        if out is None:
            drop_unwritten()
        with contextlib.suppress(OSError):  # standard error may be just as full
            print(f"middleground: cannot write the output: {error}", file=sys.stderr)
        return 1
