"""It's Good Enough's results say why the winner won: the middle total wins, not the most
points, so the player with the most points may finish last, and each row says how far its
total is from the middle one. Worked by hand for a scripted game."""

from __future__ import annotations

from PySide6.QtWidgets import QTableWidget
from tests.games.good_enough.good_enough_helpers import SAMPLE_TWO, play

from middleground.engine import get_game
from middleground.table import Seat, Session
from middleground.table.session import FACILITATOR
from middleground.ui.screens.results import ResultsScreen
from middleground.widgets.theme import LIGHT

PLAYERS = ["Ann", "Ben", "Cleo", "Dev"]
# Round 1: 10 40 60 90, Ann and Ben score; rounds 2 and 3: Ann and Cleo; round 4: Ann and Dev.
# Totals: Ann 4, Ben 1, Cleo 2, Dev 1. The distinct totals 1, 2, 4: Cleo's 2 is the middle.
ROUNDS = [[40, 60, 10, 90], [40, 10, 60, 90], [40, 10, 60, 90], [40, 10, 90, 60]]


def test_the_result_says_the_middle_total_won_and_how_far_each_total_is_from_it():
    state = play(PLAYERS, ROUNDS, rounds=4)
    assert state.scores() == (4, 1, 2, 1)
    result = state.result()
    assert result.summary == "Cleo wins with the middle total, 2 points."
    assert result.placements == (4, 2, 1, 2)
    assert result.notes == (
        "2 points above the middle total",
        "1 point below the middle total",
        "on the middle total",
        "1 point below the middle total",
    )


def test_two_middle_totals_are_named_as_two():
    # Round 1: 16 30 69 75, Ann and Cleo score; rounds 2 and 3: Ann and Cleo again; round 4:
    # 10 40 45 60, Ben and Cleo. Totals: Ann 3, Ben 1, Cleo 4, Dev 0: the distinct 0, 1, 3,
    # 4 have two middle totals, 1 and 3; rounds 2 and 3 alone give 2, 0, 2, 0, no better.
    rounds = [[30, 75, 69, 16], [60, 10, 40, 90], [70, 5, 50, 95], [60, 40, 45, 10]]
    state = play(PLAYERS, rounds, rounds=4)
    assert state.scores() == (3, 1, 4, 0)
    result = state.result()
    assert result.summary == "Shared win: Ann and Ben."
    assert result.notes == (
        "on a middle total",
        "on a middle total",
        "1 point above the middle totals",
        "1 point below the middle totals",
    )


def test_a_tie_broken_by_setting_rounds_aside_says_so():
    # The seed's second sample: totals 0, 2 and 2, the two middle totals 0 and 2; without
    # rounds 1 and 5, Yvonne's 2 is the one middle total.
    state = play(["Xander", "Yvonne", "Zachary"], SAMPLE_TWO)
    result = state.result()
    assert result.summary == "Yvonne wins: the tie was broken by ignoring 1 round at each end."
    assert result.notes == ("on a middle total",) * 3


def test_the_results_screen_explains_each_place(qtbot):
    seats = [Seat(name) for name in PLAYERS]
    session = Session.start(get_game("good-enough"), seats, {"rounds": 4}, 1, FACILITATOR)
    for picks in ROUNDS:
        for seat, number in enumerate(picks):
            session.submit(seat, {"number": number})
    assert session.state.is_terminal()
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    assert screen.summary.text() == "Cleo wins with the middle total, 2 points."
    table = screen.findChild(QTableWidget)
    rows = [[table.item(r, c).text() for c in range(4)] for r in range(table.rowCount())]
    assert rows == [
        ["1st", "Cleo", "2", "★ winner\non the middle total"],
        ["2nd", "Ben", "1", "1 point below the middle total"],
        ["2nd", "Dev", "1", "1 point below the middle total"],
        ["4th", "Ann", "4", "2 points above the middle total"],
    ]
