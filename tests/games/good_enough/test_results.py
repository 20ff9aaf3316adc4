"""It's Good Enough's results say why the winner won: the middle total wins, not the most
points, so the player with the most points may finish last, and each row says how far its
total is from the middle one. Worked by hand for a scripted game."""

from __future__ import annotations

import pytest
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


# Games worked out by hand from the rules, each ending on a tie-break: the players, the
# options, each round's picks in seat order, then what the results say (the headline, each
# seat's place and note, seat order). After a tie broken by ignoring outer rounds the places
# and notes follow the totals over the rounds that decided, which each note names, since the
# score beside it is the whole game's; the results once read the whole game's totals there, so
# a winner read "1 point above the middle total" and a tie-break explained nothing.
FIVE = ["Ann", "Ben", "Cat", "Dev", "Eve"]
TIE_BREAKS = {
    # The seed's second sample: Xander 0, Yvonne 2, Zachary 2 have two middle totals, 0 and
    # 2. Without rounds 1 and 5: 0, 1, 2, and Yvonne's 1 is the one middle total.
    "one round ignored at each end": (
        ["Xander", "Yvonne", "Zachary"],
        {},
        SAMPLE_TWO,
        "Yvonne wins on the tie-break: over rounds 2 to 4 (the first and last rounds "
        "ignored), the middle total is 1 point.",
        (2, 1, 2),
        (
            "over rounds 2-4: 0 points, 1 point below the middle total",
            "over rounds 2-4: 1 point, on the middle total",
            "over rounds 2-4: 2 points, 1 point above the middle total",
        ),
    ),
    # Round 1: Ann and Cat differ from three 50s, both score; round 2: Ann and Ben; round 3:
    # Ben alone; round 4: all 50, nobody; round 5: Eve alone. Totals 2, 2, 1, 0, 1: Cat and Eve
    # share the middle total 1. Rounds 2-4: 1, 2, 0, 0, 0, and Ann alone holds the middle 1,
    # although not in the tie; everyone else is a point from it.
    "the winner was not in the tie": (
        FIVE,
        {},
        [[10, 50, 90, 50, 50], [10, 90, 50, 50, 50], [50, 10, 50, 50, 50], [50] * 5,
         [50, 50, 50, 50, 10]],
        "Ann wins on the tie-break: over rounds 2 to 4 (the first and last rounds ignored), "
        "the middle total is 1 point.",
        (1, 2, 2, 2, 2),
        (
            "over rounds 2-4: 1 point, on the middle total",
            "over rounds 2-4: 2 points, 1 point above the middle total",
            "over rounds 2-4: 0 points, 1 point below the middle total",
            "over rounds 2-4: 0 points, 1 point below the middle total",
            "over rounds 2-4: 0 points, 1 point below the middle total",
        ),
    ),
    # Seven rounds: Ann alone (three 50s), Ann and Dev (the two middle of 10 40 60 90), Ben,
    # Cat, Cat, Ben, Dev alone. Totals 2 each: a tie. Rounds 2-6: 1, 2, 2, 1, {1, 2} has no
    # middle. Rounds 3-5: 0, 1, 2, 0, and Ben's 1 is the middle total.
    "two rounds ignored at each end": (
        FIVE[:4],
        {"rounds": 7},
        [[10, 50, 50, 50], [40, 10, 90, 60], [50, 10, 50, 50], [50, 50, 10, 50],
         [50, 50, 10, 50], [50, 10, 50, 50], [50, 50, 50, 10]],
        "Ben wins on the tie-break: over rounds 3 to 5 (the first two and last two rounds "
        "ignored), the middle total is 1 point.",
        (2, 1, 2, 2),
        (
            "over rounds 3-5: 0 points, 1 point below the middle total",
            "over rounds 3-5: 1 point, on the middle total",
            "over rounds 3-5: 2 points, 1 point above the middle total",
            "over rounds 3-5: 0 points, 1 point below the middle total",
        ),
    ),
    # Six rounds: Ben alone, Dev alone, Ann and Ben (the two middle of 10 40 60 90), Ann alone,
    # Cat alone twice. Totals 2, 2, 2, 1 and, over rounds 2-5, 2, 1, 1, 1: {1, 2} has no middle
    # either time. Rounds 3 and 4: 2, 1, 0, 0, and Ben's 1 is the middle total.
    "two rounds left": (
        FIVE[:4],
        {"rounds": 6},
        [[50, 10, 50, 50], [50, 50, 50, 10], [40, 60, 10, 90], [10, 50, 50, 50],
         [50, 50, 10, 50], [50, 50, 10, 50]],
        "Ben wins on the tie-break: over rounds 3 and 4 (the first two and last two rounds "
        "ignored), the middle total is 1 point.",
        (2, 1, 2, 2),
        (
            "over rounds 3 and 4: 2 points, 1 point above the middle total",
            "over rounds 3 and 4: 1 point, on the middle total",
            "over rounds 3 and 4: 0 points, 1 point below the middle total",
            "over rounds 3 and 4: 0 points, 1 point below the middle total",
        ),
    ),
    # Round 1: 16 30 69 75, Ann and Cleo score; rounds 2 and 3: Ann and Cleo again; round 4:
    # 10 40 45 60, Ben and Cleo. Totals: Ann 3, Ben 1, Cleo 4, Dev 0: the distinct 0, 1, 3,
    # 4 have two middle totals, 1 and 3; rounds 2 and 3 alone give 2, 0, 2, 0, no better, and
    # no rounds are left to ignore: the whole game's middle totals share the win.
    "a tie the rounds cannot break": (
        PLAYERS,
        {"rounds": 4},
        [[30, 75, 69, 16], [60, 10, 40, 90], [70, 5, 50, 95], [60, 40, 45, 10]],
        "Ignoring outer rounds left the tie unbroken: Ann and Ben share the win.",
        (1, 1, 3, 3),
        (
            "on a middle total",
            "on a middle total",
            "1 point above the middle totals",
            "1 point below the middle totals",
        ),
    ),
    # Ben's 20 is the median twice, then all pick 50: totals 0, 2, 0 tie. Extra round 1: all
    # pick 40, the tie stands; extra round 2: Cat's 20 is the median. Totals 0, 2, 1: every
    # round counts, and the score beside each note is the total it speaks of.
    "extra rounds": (
        FIVE[:3],
        {"rounds": 3, "tiebreak": "sudden-death"},
        [[10, 20, 30], [10, 20, 30], [50, 50, 50], [40, 40, 40], [10, 30, 20]],
        "Cat wins with the middle total, 1 point, after 2 extra rounds.",
        (2, 2, 1),
        ("1 point below the middle total", "1 point above the middle total", "on the middle total"),
    ),
    "extra rounds that leave the tie": (
        FIVE[:3],
        {"rounds": 3, "tiebreak": "sudden-death", "extra_rounds": 1},
        [[10, 20, 30], [10, 20, 30], [50, 50, 50], [40, 40, 40]],
        "The extra round left the tie unbroken: Ann, Ben and Cat share the win.",
        (1, 1, 1),
        ("on a middle total",) * 3,
    ),
}  # fmt: skip


@pytest.mark.parametrize(
    ("players", "options", "picks", "summary", "places", "notes"),
    TIE_BREAKS.values(),
    ids=TIE_BREAKS.keys(),
)
def test_the_results_of_a_tie_break_say_what_decided(
    players, options, picks, summary, places, notes
):
    state = play(players, picks, **options)
    assert state.is_terminal()
    result = state.result()
    assert result.summary == summary
    assert state.public_view().board["outcome"] == summary  # the board and the projector too
    assert result.placements == places
    assert result.notes == notes


def results_of(qtbot, names, options, rounds):
    """A game of `rounds` picks played to its end at a facilitator's table: the results
    screen's headline and its rows, as the room reads them."""
    seats = [Seat(name) for name in names]
    session = Session.start(get_game("good-enough"), seats, options, 1, FACILITATOR)
    for picks in rounds:
        for seat, number in enumerate(picks):
            session.submit(seat, {"number": number})
    assert session.state.is_terminal()
    screen = ResultsScreen(session, LIGHT)
    qtbot.addWidget(screen)
    table = screen.findChild(QTableWidget)
    rows = [[table.item(r, c).text() for c in range(4)] for r in range(table.rowCount())]
    return screen.summary.text(), rows


def test_the_results_screen_explains_each_place(qtbot):
    summary, rows = results_of(qtbot, PLAYERS, {"rounds": 4}, ROUNDS)
    assert summary == "Cleo wins with the middle total, 2 points."
    assert rows == [
        ["1st", "Cleo", "2", "★ winner\non the middle total"],
        ["2nd", "Ben", "1", "1 point below the middle total"],
        ["2nd", "Dev", "1", "1 point below the middle total"],
        ["4th", "Ann", "4", "2 points above the middle total"],
    ]


def test_the_results_screen_names_the_rounds_that_broke_the_tie(qtbot):
    # The seed's second sample, at a table: Yvonne and Zachary both scored 2, and the rows say
    # why Yvonne won and where each total over rounds 2-4 stands, not "on a middle total" thrice.
    summary, rows = results_of(qtbot, ("Xander", "Yvonne", "Zachary"), {}, SAMPLE_TWO)
    assert summary == (
        "Yvonne wins on the tie-break: over rounds 2 to 4 (the first and last rounds ignored), "
        "the middle total is 1 point."
    )
    assert rows == [
        ["1st", "Yvonne", "2", "★ winner\nover rounds 2-4: 1 point, on the middle total"],
        ["2nd", "Xander", "0", "over rounds 2-4: 0 points, 1 point below the middle total"],
        ["2nd", "Zachary", "2", "over rounds 2-4: 2 points, 1 point above the middle total"],
    ]


def test_the_results_screen_says_why_a_points_game_stopped_short(qtbot):
    # B's one point in round 1, then 99 rounds where everyone picks 1: the round limit ends a
    # game played to 100 points, and the headline says so before the tie it left.
    rounds = [[0, 1, 2]] + [[1, 1, 1]] * 99
    options = {"end": "points", "points_target": 100}
    summary, _rows = results_of(qtbot, ("Ann", "Ben", "Cat"), options, rounds)
    assert summary == (
        "The game stopped after 100 rounds with 1 of the 100 points handed out. Ignoring "
        "outer rounds left the tie unbroken: Ann, Ben and Cat share the win."
    )
