"""It's Good Enough's private panel shows the totals as they stand: the game is won on the
middle of the distinct totals, so a player choosing a number needs every total, who is on each,
which is the middle one and who would win if the game ended now. Cases worked by hand from the
rules (the first is the rules' own scoring example)."""

from __future__ import annotations

import pytest

from middleground.engine import FrozenDict
from middleground.engine.registry import get_game
from middleground.games.good_enough.panel import GamePanel, totals_now

GAME = get_game("good-enough")


@pytest.mark.parametrize(
    ("scores", "seat", "rows", "summary"),
    [
        # Alice 1, Bob 2, Carol 3, Dave 3: the totals 1, 2, 3 (3 counts once); Bob's 2 wins.
        (
            [1, 2, 3, 3],
            2,
            [
                ("3 points", "you and Dave", False),
                ("2 points", "Bob", True),
                ("1 point", "Alice", False),
            ],
            "The middle total is 2 points: if the game ended now, Bob would win.",
        ),
        (
            [1, 2, 3, 3],
            1,
            [
                ("3 points", "Carol and Dave", False),
                ("2 points", "you", True),
                ("1 point", "Alice", False),
            ],
            "The middle total is 2 points: if the game ended now, you would win.",
        ),
        # Totals 0 and 1: two middle totals, everyone ties.
        (
            [0, 1, 0, 1, 1],
            0,
            [("1 point", "Bob, Dave and Erin", True), ("0 points", "you and Carol", True)],
            "The two middle totals are 0 points and 1 point: if the game ended now, all five of "
            "you would tie, and the tie-break, which counts everyone's points again, would "
            "decide.",
        ),
        # The audit's round 2: Alice and Carol scored, so all four are on a middle total.
        (
            [1, 0, 1, 0],
            1,
            [("1 point", "Alice and Carol", True), ("0 points", "you and Dave", True)],
            "The two middle totals are 0 points and 1 point: if the game ended now, all four of "
            "you would tie, and the tie-break, which counts everyone's points again, would "
            "decide.",
        ),
        # Totals 0, 2, 5: the middle 2 is shared by Bob and Carol, a tie between them.
        (
            [0, 2, 2, 5],
            3,
            [
                ("5 points", "you", False),
                ("2 points", "Bob and Carol", True),
                ("0 points", "Alice", False),
            ],
            "The middle total is 2 points: if the game ended now, Bob and Carol would tie, and "
            "the tie-break, which counts everyone's points again, would decide.",
        ),
    ],
)
def test_the_totals_as_they_stand(scores, seat, rows, summary):
    players = ["Alice", "Bob", "Carol", "Dave", "Erin"][: len(scores)]
    totals = totals_now(players, scores, seat)
    assert totals.rows == rows
    assert totals.summary == summary


@pytest.mark.parametrize(
    ("most", "follows"),
    [
        (5, "extra rounds, which count everyone's points, would follow"),
        (1, "an extra round, which counts everyone's points, would follow"),
    ],
)
def test_under_extra_rounds_a_tie_is_followed_by_extra_rounds(most, follows):
    """Not the other tie-break's "counts everyone's points again": no round is set aside."""
    totals = totals_now(["Alice", "Bob", "Carol", "Dave"], [0, 2, 2, 5], 3, extra_rounds=most)
    assert totals.summary == (
        f"The middle total is 2 points: if the game ended now, Bob and Carol would tie, and "
        f"{follows}."
    )


def test_a_crowd_on_one_total_is_counted_past_six_names():
    players = [f"Guest {n}" for n in range(1, 31)]
    scores = [0] * 29 + [1]
    totals = totals_now(players, scores, 0)
    assert totals.rows[1] == (
        "0 points",
        "you, Guest 2, Guest 3, Guest 4, Guest 5 and 24 others",
        True,
    )
    level = totals_now(players, [0] * 30, 0)  # all on one total: a tie between everyone
    assert level.rows == [("0 points", "all 30 players", True)]
    assert level.summary.endswith(
        "now, all 30 of you would tie, and the tie-break, which counts everyone's points "
        "again, would decide."
    )


def _panel_after(qtbot, rounds: list[list[int]]) -> GamePanel:
    state = GAME.new_state(["Ann", "Bo", "Cy"], FrozenDict(), seed=3)
    for picks in rounds:
        for seat, number in enumerate(picks):
            state.apply(seat, FrozenDict(number=number))
    panel = GamePanel()
    qtbot.addWidget(panel)
    panel.show_view(state.seat_view(0), state.action_form(0), ())
    return panel


def test_the_panel_shows_the_totals_once_a_round_has_scored(qtbot):
    assert _panel_after(qtbot, []).totals.isHidden()  # nothing scored, nothing to read yet
    # Ann 10, Bo 20, Cy 30: Bo's 20 is the median, so Bo has the only point.
    panel = _panel_after(qtbot, [[10, 20, 30]])
    assert not panel.totals.isHidden()
    described = panel.totals.accessibleDescription().splitlines()
    assert described == [
        "1 point: Bo",
        "0 points: you and Cy",
        "The two middle totals are 0 points and 1 point: if the game ended now, all three of "
        "you would tie, and the tie-break, which counts everyone's points again, would decide.",
    ]
    assert "<b>Totals now</b>" in panel.totals.text()


def test_the_panel_names_the_tie_break_the_table_chose(qtbot):
    state = GAME.new_state(["Ann", "Bo", "Cy"], FrozenDict(tiebreak="sudden-death"), seed=3)
    for seat, number in enumerate([10, 20, 30]):
        state.apply(seat, FrozenDict(number=number))
    panel = GamePanel()
    qtbot.addWidget(panel)
    panel.show_view(state.seat_view(0), state.action_form(0), ())
    summary = panel.totals.accessibleDescription().splitlines()[-1]
    assert summary.endswith(
        "all three of you would tie, and extra rounds, which count everyone's points, would follow."
    )
    assert "tie-break" not in summary
