"""`middleground tournament`: seats rotate, per-bot records with Wilson intervals and ratings."""

from __future__ import annotations

import io
import json
import random

import pytest

from middleground.ai.tournament import Tournament, seating, wilson
from middleground.cli import build_parser, main
from middleground.commands import HEADLESS
from middleground.engine.result import Result


def _run(*args):
    out = io.StringIO()
    code = main(["tournament", *args], out)
    return code, out.getvalue()


def test_tournament_json_has_every_field_per_bot():
    code, text = _run(
        "--game", "good-enough", "--bots", "hard,random,random", "--games", "6",
        "--seed", "2", "--budget", "10", "--json",
    )  # fmt: skip
    assert code == 0
    report = json.loads(text)
    assert set(report["bots"]) == {"hard", "random"}
    hard, random_ = report["bots"]["hard"], report["bots"]["random"]
    assert hard["games"] == 6 and random_["games"] == 12  # one per seat held
    for row in (hard, random_):
        assert set(row) >= {"games", "wins", "win_share", "ci95", "rating"}
        low, high = row["ci95"]
        assert 0 <= low <= row["win_share"] <= high <= 1
        assert row["win_share"] == pytest.approx(row["wins"] / row["games"], abs=1e-3)
    assert hard["wins"] + random_["wins"] == pytest.approx(6)  # a shared win is split


def test_tournament_table_lists_each_bot_once():
    code, text = _run("--game", "good-enough", "--bots", "easy,normal,random", "--games", "3")
    assert code == 0
    lines = text.splitlines()
    assert "seats rotate" in lines[0]
    assert [line.split()[0] for line in lines[2:]] == ["easy", "normal", "random"]


def test_the_same_seed_gives_the_same_tournament():
    args = ("--game", "good-enough", "--bots", "normal,easy,random", "--games", "4", "--json")
    first = json.loads(_run(*args, "--seed", "8")[1])
    again = json.loads(_run(*args, "--seed", "8")[1])
    first.pop("seconds"), again.pop("seconds")
    assert first == again


@pytest.mark.parametrize(
    ("bots", "games", "message"),
    [
        ("hard,genius,random", "3", 'It\'s Good Enough has no bot "genius"; its bots are random,'),
        ("hard,random,random", "0", "at least 1"),
    ],
)
def test_tournament_refuses_bad_arguments(bots, games, message, capsys):
    code, text = _run("--game", "good-enough", "--bots", bots, "--games", games)
    assert code == 2 and text == ""
    assert message in capsys.readouterr().err


def test_too_few_seats_for_the_game_is_refused(capsys):
    code, _ = _run("--game", "good-enough", "--bots", "hard,random", "--games", "2")
    assert code == 2 and "needs 3 to 50 players" in capsys.readouterr().err


def test_seats_rotate_so_every_bot_holds_every_seat_equally():
    names = ["hard", "random", "random", "easy"]
    held = {(name, seat) for game in range(4) for seat, name in enumerate(seating(names, game))}
    assert {(n, s) for n in set(names) for s in range(4)} <= held
    counts = [seating(names, game)[0] for game in range(8)]
    assert counts.count("random") == 4 and counts.count("hard") == 2


def test_wilson_interval_matches_known_values():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 0) == (0.0, 1.0)


def test_the_launcher_knows_every_headless_command_by_name():
    # The launcher reads the names without loading the command line: they must not drift.
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    assert set(HEADLESS) == set(commands.choices)
    assert "tournament" in HEADLESS


def _finishes(strengths, games, rng):
    """Finishing orders drawn from fixed strengths (a Plackett-Luce draw: first place by
    strength among all, then among the rest)."""
    results = []
    for _ in range(games):
        left, order = list(range(len(strengths))), []
        while left:
            pick = rng.choices(left, weights=[strengths[s] for s in left])[0]
            order.append(pick)
            left.remove(pick)
        placements = tuple(order.index(seat) + 1 for seat in range(len(strengths)))
        results.append(Result((0,) * len(strengths), placements, (order[0],)))
    return results


def test_ratings_of_fixed_bots_hardly_depend_on_the_order_of_the_games():
    # Bots do not improve or tire, so the same games in another order must give about the
    # same ratings. With openskill's default drift the last few hundred games weigh most: over
    # these six orders one rating then moved by 3.9 points; without it, by at most 1.7.
    names = ["strong", "good", "fair", "weak"]
    games = _finishes([1.6, 1.3, 1.15, 1.0], 2400, random.Random(4))
    ratings = []
    for shuffle in range(6):
        order = games[:]
        random.Random(shuffle).shuffle(order)
        tournament = Tournament(names)
        for result in order:
            tournament.record(names, result)
        ratings.append([tournament.standings[name].mu for name in names])
    spreads = [max(column) - min(column) for column in zip(*ratings, strict=True)]
    assert max(spreads) < 2.4
    means = [sum(column) / len(column) for column in zip(*ratings, strict=True)]
    assert means == sorted(means, reverse=True)
