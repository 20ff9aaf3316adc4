"""The headless commands as a user runs them: games, referee, simulate."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import signal
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.damage import TRIES, damaged
from tests.random_play import random_step

from middleground.cli import main
from middleground.engine import all_games

SAMPLE_TWO = [[4, 22, 89], [87, 83, 59], [55, 55, 0], [23, 66, 50], [50, 50, 50]]
NAMES = ["Xander", "Yvonne", "Zachary"]


def script(rounds, **extra):
    actions = [
        {"player": NAMES[seat], "action": {"number": n}}
        for picks in rounds
        for seat, n in enumerate(picks)
    ]
    return {"game": "good-enough", "players": NAMES, "actions": actions, **extra}


def run(argv, stdin_text=None):
    done = subprocess.run(
        [sys.executable, "-m", "middleground", *argv],
        input=stdin_text,
        capture_output=True,
        text=True,
    )
    return done.returncode, done.stdout, done.stderr


def test_games_lists_ids_players_options_and_actions():
    out = io.StringIO()
    assert main(["games"], out) == 0
    text = out.getvalue()
    assert "good-enough" in text and "3-50 players" in text
    assert "rounds: whole number 3..50 (default 5)" in text and '{"number": N}' in text


def test_games_json_gives_each_option_s_bounds_choices_and_conditions():
    """The JSON gave only each option's default, where the text listing gives its bounds, its
    choices and what it waits on: a tool building a script form needs them as well."""
    out = io.StringIO()
    assert main(["games", "--json"], out) == 0
    games = {game["id"]: game for game in json.loads(out.getvalue())}
    good_enough = games["good-enough"]
    assert good_enough["options"]["rounds"] == 5  # as before
    details = good_enough["option_details"]
    assert details["rounds"] == {
        "label": "Rounds", "kind": "int", "default": 5, "min": 3, "max": 50,
        "only_with": [["end", ["rounds"]]],
    }  # fmt: skip
    assert details["tiebreak"]["choices"] == ["peel", "sudden-death"]
    assert details["extra_rounds"]["only_with"] == [
        ["tiebreak", ["sudden-death"]], ["numbers", ["free"]]
    ]  # fmt: skip
    cards = games["median-card-game"]["option_details"]
    assert cards["physical_deck"] == {
        "label": "Real deck (companion mode)", "kind": "bool", "default": False
    }  # fmt: skip
    assert cards["dealer"]["one_player"] is True
    assert cards["two_player_lead"]["only_with"] == [["players", [2]]]
    for game in games.values():
        assert set(game["option_details"]) == set(game["options"])


def test_referee_plays_the_seeds_second_sample(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(script(SAMPLE_TWO, options={"rounds": 5}, seed=1)))
    code, out, err = run(["referee", str(path)])
    assert code == 0, err
    report = json.loads(out)
    assert report["finished"] is True
    assert report["winners"] == ["Yvonne"] and report["losers"] == []
    assert report["scores"] == {"Xander": 0, "Yvonne": 2, "Zachary": 2}
    assert [r["scorers"] for r in report["rounds"]] == [
        ["Yvonne"],
        ["Yvonne"],
        ["Zachary"],
        ["Zachary"],
        [],
    ]
    # each round's text a sentence of its own (the log puts "Round 1: " before it)
    assert report["rounds"][0]["text"] == "The median is 22, so Yvonne (22) scores."


def test_referee_reads_standard_input_and_reports_an_unfinished_game():
    code, out, _ = run(["referee", "-"], json.dumps(script([*SAMPLE_TWO[:2], [1]])))
    assert code == 0
    report = json.loads(out)
    assert report["finished"] is False and report["winners"] == []
    assert report["scores"] == {"Xander": 0, "Yvonne": 2, "Zachary": 0}
    assert report["waiting_for"] == ["Yvonne", "Zachary"]


def test_referee_warns_of_a_script_key_it_does_not_know_and_plays_on():
    """A misspelt "sead" once left the defaults in play without a word; the script still
    plays (scripts with notes of their own keep working), and stderr says what was ignored."""
    typo = {**script(SAMPLE_TWO[:2]), "sead": 7}
    code, out, err = run(["referee", "-"], json.dumps(typo))
    assert code == 0 and json.loads(out)["seed"] == 0  # the default: "sead" is no seed
    assert err.strip() == (
        'referee: warning: "sead" is not part of a script (game, players, options, seed, '
        "actions): ignored."
    )
    code, _out, err = run(["referee", "-"], json.dumps(script(SAMPLE_TWO[:2])))
    assert code == 0 and err == ""


def test_referee_stops_at_an_illegal_action_naming_rule_and_position():
    bad = script([[4, 22, 89], [87, 183, 59]])
    code, out, err = run(["referee", "-"], json.dumps(bad))
    assert code == 2 and out == ""
    assert "Action 5" in err and "number range" in err and "183" in err


def test_referee_explains_a_broken_script():
    for text, message in [
        ("{not json", "not valid JSON"),
        ("[]", "one JSON object"),
        (json.dumps({"game": "chess", "players": [], "actions": []}), 'no game "chess"'),
        (json.dumps({"game": "good-enough", "players": ["A", "B"], "actions": []}), "3 to 50"),
        (json.dumps(script([[1, 2, 3]]) | {"players": ["A", "B", "C"]}), "not playing"),
        (json.dumps({"game": "good-enough", "players": []}), 'The script has no "actions".'),
        (
            json.dumps(
                {"game": "the-median", "players": list("ABCDEFGHI"), "options": {"x": 1}}
                | {"actions": []}
            ),
            'Unknown option "x"; this game has no options.',
        ),
    ]:
        code, _, err = run(["referee", "-"], text)
        assert code == 2 and message in err, err


def referee_says(path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["referee", str(path)], out)
    assert out.getvalue() == ""
    return code, err.getvalue()


def test_referee_explains_a_script_it_cannot_read_or_that_says_too_much(tmp_path):
    path = tmp_path / "script.json"
    # Saved by an editor in Latin-1: "Café" is not UTF-8.
    path.write_bytes(
        json.dumps(
            script([[1, 2, 3]]) | {"players": ["Café", "B", "C"]}, ensure_ascii=False
        ).encode("latin-1")
    )
    assert referee_says(path) == (
        2,
        "referee: The script is not UTF-8 text: save it as UTF-8 and try again.\n",
    )
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert referee_says(path) == (2, "referee: The script is nested too deeply to read.\n")
    path.write_text(json.dumps(script([[1, 2, 3]]) | {"players": [None, "B", "C"]}))
    assert referee_says(path) == (2, "referee: A player's name is written in quotes, not null.\n")
    name = "Bartholomew-Maximilian Featherstonehaugh"  # 40 letters
    path.write_text(json.dumps(script([[1, 2, 3]]) | {"players": [name, "B", "C"]}))
    assert referee_says(path) == (
        2,
        "referee: Bartholomew-Maximilian Feather… is too long a name: keep names to 30 letters, "
        "so the board and the projector can show them.\n",
    )
    card = {"card": "QH", "call": "high"}
    path.write_text(
        json.dumps(
            {
                "game": "median-card-game",
                "players": ["A", "B", "C"],
                "options": {"dealer": "A", "physical_deck": True},
                "actions": [{"player": "A", "action": card}],
            }
        )
    )
    assert referee_says(path) == (
        2,
        'referee: Action 1 (A: {"card": "QH", "call": "high"}) breaks the rule \'card names\': '
        'A card is placed with {"card": "QH"} and nothing else, not with "call" too.\n',
    )


def _scripted_part_way(game, seed: int) -> dict:
    """A referee script of `game`: its smallest table and a dozen random legal actions."""
    names = [f"P{i + 1}" for i in range(max(3, game.min_players))]
    state = game.new_state(names, {}, seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal() and len(actions) < 12:
        seat, action = random_step(state, rng)
        state.apply(seat, action)
        actions.append({"player": names[seat], "action": json.loads(json.dumps(action))})
    return {"game": game.id, "players": names, "seed": seed, "options": {}, "actions": actions}


SCRIPTS = {game.id: _scripted_part_way(game, 3) for game in all_games()}


@pytest.mark.parametrize("game_id", sorted(SCRIPTS))
@TRIES
@given(data=st.data())
def test_a_script_with_a_slip_gets_a_report_or_one_plain_message(game_id, data, tmp_path):
    """Any one change to a script (a value replaced by any JSON, a field removed) gives either
    a report or exit code 2 with one line naming what is wrong, in the script's own notation
    (JSON: "QH", null, {}), never a traceback."""
    content, _ = data.draw(damaged(SCRIPTS[game_id]), label="slip")
    path = tmp_path / "script.json"
    path.write_text(json.dumps(content))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["referee", str(path)], out)
    if code == 0:
        assert json.loads(out.getvalue())["game"] == content["game"]
    else:
        assert code == 2 and out.getvalue() == ""
        message = err.getvalue()
        assert message.startswith("referee: ") and message.count("\n") == 1, message
        # Python's way of showing a value (FrozenDict({}), None, True) where JSON's belongs
        assert not re.search(r'FrozenDict|(?<!")\b(None|True|False)\b(?!")', message), message


def test_simulate_prints_wins_points_and_speed_as_json():
    out = io.StringIO()
    argv = ["simulate", "--game", "good-enough", "--players", "4", "--games", "30", "--seed", "2"]
    assert main([*argv, "--json"], out) == 0
    summary = json.loads(out.getvalue())
    assert summary["games"] == 30 and len(summary["wins"]) == 4
    assert sum(summary["wins"]) >= 30  # every game has at least one winner
    assert summary["games_per_second"] > 0
    again = io.StringIO()
    main([*argv, "--json"], again)
    assert json.loads(again.getvalue())["wins"] == summary["wins"]  # seeded: same figures


class _FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _ctrl_c_during_game(number, real):
    """`real` (a function playing one game), with Ctrl+C pressed while game `number` is played."""
    played = []

    def game(*args, **kwargs):
        played.append(args)
        if len(played) == number:
            signal.raise_signal(signal.SIGINT)
        return real(*args, **kwargs)

    return game


@pytest.mark.parametrize("as_json", [False, True])
def test_simulate_stopped_with_ctrl_c_gives_the_figures_of_the_games_played(monkeypatch, as_json):
    """A huge --games is stopped with Ctrl+C: the game under way ends, the games played so far
    are counted, not lost, and the exit code says the run was stopped (130, as for SIGINT)."""
    import middleground.cli as cli

    monkeypatch.setattr(cli, "random_game", _ctrl_c_during_game(3, cli.random_game))
    argv = ["simulate", "--game", "good-enough", "--players", "4", "--games", str(10**9)]
    out, err = _FakeTerminal(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main([*argv, "--seed", "5"] + (["--json"] if as_json else []), out)
    assert code == 130
    assert "stopping after the game under way" in err.getvalue()
    assert "stopped after 3 of 1,000,000,000 games" in err.getvalue()
    assert "[" in err.getvalue()  # the progress bar, on a terminal
    if as_json:
        summary = json.loads(out.getvalue())
        assert summary["games"] == 3 and sum(summary["wins"]) >= 3
    else:
        assert out.getvalue().startswith("3 random games of good-enough, 4 players")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Ctrl+C as before


def test_a_tournament_stopped_with_ctrl_c_rates_the_games_played(monkeypatch):
    import middleground.ai.tournament as tournament

    monkeypatch.setattr(tournament, "play_game", _ctrl_c_during_game(2, tournament.play_game))
    argv = ["tournament", "--game", "good-enough", "--bots", "easy,random,random"]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main([*argv, "--games", "500", "--seed", "3", "--json"], out)
    assert code == 130 and "stopped after 2 of 500 games" in err.getvalue()
    summary = json.loads(out.getvalue())
    assert summary["games"] == 2
    assert summary["bots"]["easy"]["games"] == 2 and summary["bots"]["random"]["games"] == 4


def test_a_second_ctrl_c_stops_at_once_without_figures(monkeypatch):
    import middleground.cli as cli

    def twice(*args, **kwargs):
        signal.raise_signal(signal.SIGINT)
        signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(cli, "random_game", twice)
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "--game", "good-enough", "--players", "4", "--games", "5", "--seed", "1"]
    with contextlib.redirect_stderr(err):
        assert main(argv, out) == 130
    assert out.getvalue() == "" and "Traceback" not in err.getvalue()


def test_simulate_and_tournament_name_the_seats_so_an_option_can_name_the_dealer():
    card_game = ["--game", "median-card-game", "--games", "2"]
    for argv in (
        ["simulate", *card_game, "--players", "3"],
        ["tournament", *card_game, "--bots", "random,random,random"],
    ):
        out = io.StringIO()
        assert main([*argv, "--options", '{"dealer": "Seat 2"}', "--json"], out) == 0, argv
        assert json.loads(out.getvalue())["games"] == 2
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err):
            assert main([*argv, "--options", '{"dealer": "Ann"}'], out) == 2
        assert out.getvalue() == ""
        assert err.getvalue() == (
            f"{argv[0]}: The dealer must be one of the players (Seat 1, Seat 2, Seat 3), "
            'not "Ann".\n'
        )


def test_simulate_and_tournament_refuse_bad_arguments_in_one_line_and_run_nothing():
    base = {
        "simulate": ["simulate", "--game", "good-enough", "--players", "4"],
        "tournament": ["tournament", "--game", "good-enough", "--bots", "random,random,random"],
    }
    cases = [
        ("simulate", ["--games", "0"], "--games must be at least 1."),
        # refused before a seat is named, not after naming a billion of them
        ("simulate", ["--players", "1000000000"], "needs 3 to 50 players, not 1000000000."),
        ("simulate", ["--options", "{bad"], "--options is not valid JSON: Expecting property name"),
        ("simulate", ["--options", "[1]"], "options must be given as option names"),
        ("simulate", ["--options", "[" * 60 + "]" * 60], "--options is nested too deeply to read."),
        ("simulate", ["--options", "9" * 5000], "--options holds a number too long to read."),
        ("tournament", ["--options", "x"], "--options is not valid JSON: Expecting value"),
        ("tournament", ["--options", '{"rounds": "x"}'], 'Rounds must be a whole number, not "x".'),
        ("tournament", ["--games", "-2"], "--games must be at least 1."),
        ("tournament", ["--budget", "0"], "--budget must be at least 1."),
        # options that clash are named as a script writes them, not as the setup screen shows
        (
            "simulate",
            ["--options", '{"end": "points", "numbers": "cards"}'],
            'rounds: set "end": "rounds", or "numbers": "free".',
        ),
        # a search past reason took gigabytes, or ended in numpy's traceback
        ("tournament", ["--budget", "12001"], "--budget must be at most 12000"),
        ("tournament", ["--budget", "9" * 21], "--budget must be at most 12000"),
        # a number pasted whole is shown cut short
        ("simulate", ["--players", "9" * 4000], f"needs 3 to 50 players, not {'9' * 39}….\n"),
        # a sentence in the game's words, the name as the command line wrote it
        (
            "tournament",
            ["--bots", "hard,genius,random"],
            'tournament: It\'s Good Enough has no bot "genius"; its bots are random, easy, '
            "normal, hard and search.\n",
        ),
        # bots hold no cards of a real deck; a two-player rule is for two
        ("cards", ["--options", '{"physical_deck": true}'], "With a real deck, bots cannot play"),
        ("cards", ["--options", '{"two_player_lead": "loser"}'], "only in a game of two players"),
        # an option whose label is not its key is named as the script writes it too
        (
            "cards",
            ["--options", '{"physical_deck": "yes"}'],
            'Real deck (companion mode), the option "physical_deck", must be on or off (true or '
            'false), not "yes".',
        ),
    ]
    base["cards"] = ["tournament", "--game", "median-card-game", "--bots", "random,random,random"]
    for command, extra, message in cases:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main([*base[command], *extra], out)
        assert code == 2 and out.getvalue() == "", (command, extra)
        assert err.getvalue().startswith(f"{base[command][0]}: ")
        assert message in err.getvalue() and err.getvalue().count("\n") == 1, err.getvalue()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Ann\nX", r'a control character such as a line break or a tab, as "Ann\nX" does.'),
        ("Ann\u2028X", r'a line break, as "Ann\u2028X" does.'),
        ("Ann\u202eX", r'an invisible formatting character, as "Ann\u202eX" does.'),
        ("An\u200bn", r'an invisible formatting character, as "An\u200bn" does.'),
        ("\ud800nn", r'a broken character (half of a surrogate pair), as "\ud800nn" does.'),
        ("Ann\u200d", r'a joiner except between two letters, as "Ann\u200d" does.'),
        ("\u200c", r'a joiner except between two letters, as "\u200c" does.'),
    ],
)
def test_a_name_that_would_break_a_line_or_a_save_is_refused(name, message, tmp_path):
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script([[1, 2, 3]]) | {"players": [name, "B", "C"]}))
    assert referee_says(path) == (2, f"referee: A player's name cannot hold {message}\n")


def test_a_name_written_with_a_joiner_is_a_name(tmp_path):
    """Persian writes the zero-width non-joiner inside words, and an emoji family is joined by
    the zero-width joiner: invisible, but part of the name, not a trick."""
    path = tmp_path / "script.json"
    names = ["\u0645\u06cc\u200c\u0646\u0627", "\U0001f469\u200d\U0001f467", "C"]
    path.write_text(json.dumps(script([]) | {"players": names}))
    out = io.StringIO()
    assert main(["referee", str(path)], out) == 0
    assert json.loads(out.getvalue())["players"] == names


def test_two_names_that_differ_only_in_how_an_accent_was_typed_are_one_name(tmp_path):
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script([]) | {"players": ["Zo\u00eb", "zoe\u0308", "C"]}))
    assert referee_says(path) == (
        2,
        "referee: Two players are called zoe\u0308: give each player a different name.\n",
    )


DEEP = "[" * 800 + "]" * 800  # json reads it in a shallow stack; each step after recurses


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (f'"seed": {DEEP}, "actions": []', "is nested too deeply to read."),
        (f'"options": {{"rounds": {DEEP}}}, "actions": []', "is nested too deeply to read."),
        (f'"actions": [{{"player": "A", "action": {DEEP}}}]', "is nested too deeply to read."),
        (f'"seed": {"9" * 5000}, "actions": []', "holds a number too long to read."),
    ],
)
def test_a_script_nested_past_reason_or_with_a_huge_number_is_refused(fields, message, tmp_path):
    path = tmp_path / "script.json"
    path.write_text(f'{{"game": "good-enough", "players": ["A", "B", "C"], {fields}}}')
    assert referee_says(path) == (2, f"referee: The script {message}\n")


def test_the_referee_reads_and_writes_utf8_whatever_the_console_speaks():
    names = ["Zo\u00eb", "\u0141ukasz", "\u674e\u660e"]  # cp1252 has the first, not the others
    text = json.dumps({"game": "good-enough", "players": names, "actions": []}, ensure_ascii=False)
    done = subprocess.run(
        [sys.executable, "-m", "middleground", "referee", "-"],
        input=text.encode("utf-8"),
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "cp1252"},
    )
    assert done.returncode == 0 and done.stderr == b""
    assert json.loads(done.stdout.decode("utf-8"))["players"] == names


@pytest.mark.parametrize("argv", [["games"], ["referee", "-"]])
def test_output_cut_short_by_its_reader_ends_quietly(argv):
    """`middleground games | head -1`: the reader has gone before the output is written."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "middleground", *argv],
            input=json.dumps(script(SAMPLE_TWO)).encode(),
            stdout=writer,
            stderr=subprocess.PIPE,
        )
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (141, b"")


@pytest.mark.parametrize("options", [[], "", 0, False])
def test_options_of_the_wrong_kind_are_refused_even_when_empty(options, tmp_path):
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script([[1, 2, 3]]) | {"options": options}))
    assert referee_says(path) == (
        2,
        "referee: The options must be given as option names with their values.\n",
    )


def test_options_left_out_or_null_are_the_defaults():
    for extra in ({}, {"options": None}):
        code, out, err = run(["referee", "-"], json.dumps(script([[1, 2, 3]]) | extra))
        assert code == 0, err
        assert json.loads(out)["options"]["rounds"] == 5


def test_a_choice_is_listed_and_asked_for_as_a_script_writes_it(tmp_path):
    out = io.StringIO()
    main(["games"], out)
    assert 'deck: one of "52" | "36" | "32" | "24" (default "52")' in out.getvalue()
    path = tmp_path / "script.json"
    players = ["Ann", "Ben", "Cat"]
    card_game = {"game": "median-card-game", "players": players, "actions": []}
    path.write_text(json.dumps(card_game | {"options": {"deck": 52}}))
    assert referee_says(path) == (
        2,
        'referee: Deck must be one of "52", "36", "32", "24", not 52.\n',
    )


def test_one_game_is_counted_as_one():
    for argv, line in (
        (["simulate", "--players", "3"], "1 random game of good-enough, 3 players, seed 0\n"),
        (["tournament", "--bots", "random,random,random"], "1 game of good-enough, 3 seats"),
    ):
        out = io.StringIO()
        assert main([argv[0], "--game", "good-enough", "--games", "1", *argv[1:]], out) == 0
        assert out.getvalue().startswith(line), out.getvalue()


def test_a_mistyped_command_gets_the_usage_not_the_app():
    done = subprocess.run(
        [sys.executable, "-m", "middleground", "refere", "game.json"],
        capture_output=True,
        text=True,
        timeout=30,  # the app, had it opened offscreen, would never end
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "invalid choice: 'refere' (choose from 'games', 'referee'" in done.stderr


def test_version_tells_the_version_and_opens_nothing():
    """`middleground --version` opened the app without a word."""
    from middleground import __version__

    done = subprocess.run(
        [sys.executable, "-m", "middleground", "--version"],
        capture_output=True,
        text=True,
        timeout=30,  # the app, had it opened offscreen, would never end
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert (done.returncode, done.stdout) == (0, f"middleground {__version__}\n")


def test_a_tournament_takes_a_budget_up_to_ten_times_the_hard_bots_own():
    out = io.StringIO()
    bots = ["--bots", "random,random,random", "--games", "1"]
    assert main(["tournament", "--game", "good-enough", *bots, "--budget", "12000"], out) == 0
    assert out.getvalue().startswith("1 game of good-enough")


BYTE_ORDER_MARK = "\ufeff".encode()  # what PowerShell 5's Out-File and old Notepad put first


def test_a_script_with_a_byte_order_mark_is_played(tmp_path):
    """It was "not valid JSON: Unexpected UTF-8 BOM"."""
    text = BYTE_ORDER_MARK + json.dumps(script(SAMPLE_TWO, seed=1)).encode()
    path = tmp_path / "game.json"
    path.write_bytes(text)
    out = io.StringIO()
    assert main(["referee", str(path)], out) == 0
    assert json.loads(out.getvalue())["winners"] == ["Yvonne"]
    done = subprocess.run(
        [sys.executable, "-m", "middleground", "referee", "-"], input=text, capture_output=True
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert json.loads(done.stdout)["winners"] == ["Yvonne"]


def test_an_empty_script_is_called_empty(tmp_path):
    """Not "not valid JSON: Expecting value at line 1."; nor, with standard input closed, a
    traceback."""
    path = tmp_path / "script.json"
    for text in ("", " \n"):
        path.write_text(text)
        assert referee_says(path) == (2, "referee: The script is empty.\n")
    assert run(["referee", "-"], "") == (2, "", "referee: The script is empty.\n")


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell closes standard input")
def test_a_script_read_from_a_closed_standard_input_is_empty():
    done = subprocess.run(
        ["sh", "-c", '"$0" -m middleground referee - <&-', sys.executable],
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "referee: The script is empty.\n")


def test_a_long_value_is_quoted_cut_short(tmp_path):
    """A name of 5,000 letters was quoted whole, burying the sentence about it."""
    path = tmp_path / "script.json"
    long = "A" * 5000
    path.write_text(json.dumps(script([[1, 2]]) | {"actions": [{"player": long, "action": {}}]}))
    quoted = '"' + "A" * 37 + '…"'  # 40 characters, the closing quote kept
    assert referee_says(path) == (2, f"referee: Action 1 is by {quoted}, who is not playing.\n")
    path.write_text(json.dumps(script([[1, 2]]) | {"seed": long}))
    assert referee_says(path) == (2, f"referee: The seed must be a whole number, not {quoted}.\n")
    # an action is shown whole up to 160 characters, the value it gets wrong up to 40
    path.write_text(
        json.dumps(
            script([[1, 2]]) | {"actions": [{"player": "Xander", "action": {"number": long}}]}
        )
    )
    shown = '{"number": "' + "A" * 147 + "…"
    assert referee_says(path) == (
        2,
        f"referee: Action 1 (Xander: {shown}) breaks the rule 'whole numbers': Numbers are "
        f"whole numbers, not {quoted}.\n",
    )
    path.write_text(
        '{"game": "good-enough", "players": ["A", "B", "C"], "actions": '
        f'[{{"player": "A", "action": {{"number": {"9" * 4000}}}}}]}}'
    )
    code, message = referee_says(path)
    assert code == 2 and message.endswith(f"Numbers go from 0 to 100, not {'9' * 39}….\n")
    assert len(message) < 300


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs a device that is always full")
@pytest.mark.parametrize(
    "argv",
    [
        ["games", "--json"],
        ["referee", "-"],
        ["simulate", "--game", "good-enough", "--players", "3", "--games", "2"],
        ["--version"],
        ["-h"],
        ["tournament", "--help"],
    ],
)
def test_output_that_cannot_be_written_is_told_in_one_line(argv):
    """`middleground games --json > /dev/full` ended in a traceback (OSError: No space left)."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "middleground", *argv],
            input=json.dumps(script(SAMPLE_TWO)).encode(),
            stdout=full,
            stderr=subprocess.PIPE,
        )
    assert (done.returncode, done.stderr.decode()) == (
        1,
        "middleground: cannot write the output: No space left on device\n",
    )
