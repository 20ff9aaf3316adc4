"""A whole game through `middleground referee -`: worked by hand, nobody pushing or using a
power, so every character keeps its starting tile."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.games.the_median.median_helpers import NAMES

CHARACTERS = [
    "Isolated",
    "Pickpocket",
    "Reach",
    "Charity",
    "Lock",
    "One",
    "Force",
    "Jump",
    "Humble",
]


def script():
    actions = [
        {"player": name, "action": {"pick": c}} for name, c in zip(NAMES, CHARACTERS, strict=True)
    ]
    for _ in range(9):
        actions += [
            {"player": name, "action": {"orders": {c: {}}}}
            for name, c in zip(NAMES, CHARACTERS, strict=True)
        ]
    return {"game": "the-median", "players": list(NAMES), "seed": 2, "actions": actions}


def referee(data):
    done = subprocess.run(
        [sys.executable, "-m", "middleground", "referee", "-"],
        input=json.dumps(data),
        capture_output=True,
        text=True,
    )
    return done.returncode, done.stdout, done.stderr


def test_a_still_conveyor_plays_out_as_worked_by_hand():
    code, out, err = referee(script())
    assert code == 0, err
    report = json.loads(out)
    # Tile t scores rounds 1..t-1: (t-1)t/2. Isolated loses every round: -45. One (tile 6)
    # is the median player until round 6, then above it: -1 in rounds 6-9.
    assert report["scores"] == dict(zip(NAMES, [-45, 1, 3, 6, 10, 11, 21, 28, 36], strict=True))
    assert report["winners"] == ["Eve"]  # 5th: Lock's holder
    assert sorted(report["losers"]) == ["Ann", "Ivy"]
    assert report["tokens"] == {"Eve": {"life": 2}, "Ann": {"death": 1}, "Ivy": {"death": 1}}
    last = report["rounds"][-1]
    assert last["ranking"][:2] == ["Hal", "Ivy"]  # Ivy holds Humble: shown one place lower
    assert last["zone"] == [10, 10] and len(report["rounds"]) == 9
    # Nobody traded, so each still holds the character drafted; Force never pushed twice.
    assert report["notes"]["Ann"] == "held Isolated (1)"
    assert report["notes"]["Gus"] == "held Force (7)"


def test_an_illegal_order_names_the_rule():
    data = script()
    data["actions"][9]["action"] = {"orders": {"Isolated": {"push": 2}}}
    code, _, err = referee(data)
    assert code == 2
    assert "Action 10 (Ann" in err and "'push'" in err


def test_the_summary_names_the_places():
    _, out, _ = referee(script())
    summary = json.loads(out)["summary"]
    assert summary == (
        "Eve finishes 5th and wins 2 tokens of life; Ivy (1st) and Ann (9th) both lose, a "
        "token of death each."
    )
